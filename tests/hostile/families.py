"""Hostile inputs and the public functions they are thrown at (shared with bench_hostile).

Each family builds a string of about ``n`` characters designed to make a careless
implementation backtrack, recurse or copy quadratically: runs of RFC 3986 delimiters
(``%``, ``:``, ``@``, ``[``, ``::``), dot segments (RFC 5.2.4), long hosts and ports,
deep paths, control characters (RFC 7.3), lone surrogates (no UTF-8 form, RFC 2.5)
and non-BMP characters.

Each target names a public function taking text, imported lazily (so a function that
does not exist yet is reported, not crashed on), and the errors it documents.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["FAMILIES", "TARGETS", "Target", "load"]

BASE = "http://a/b/c/d;p?q"  # RFC 5.4's base URI

# name -> builder of an input of about n characters
FAMILIES: dict[str, Callable[[int], str]] = {
    "percent": lambda n: "x:" + "%" * n,
    "percent-valid-then-stray": lambda n: "x:" + "%41" * (n // 3) + "%",
    "colons": lambda n: ":" * n,
    "at-signs": lambda n: "http://" + "@" * n,
    "brackets": lambda n: "http://" + "[" * n,
    "double-colons": lambda n: "http://[" + "::" * (n // 2) + "]",
    "h16-colons": lambda n: "http://[" + "1:" * (n // 2) + "]/",
    "slash-dot": lambda n: "/." * (n // 2),
    "dot-dot": lambda n: ".." * (n // 2),
    "dot-dot-slash": lambda n: "http://a/" + "../" * (n // 3) + "g",
    "long-host": lambda n: "http://" + "a" * n + "/",
    "long-port": lambda n: "http://h:" + "9" * n + "/",
    "deep-path": lambda n: "http://h" + "/a" * (n // 2) + "?q#f",
    "nul-and-controls": lambda n: "http://h/" + "\x00\x01\x1f\x7f" * (n // 4),
    "lone-surrogates": lambda n: "http://h/" + "\ud800" * n,
    "non-bmp": lambda n: "http://h/" + "\U0001f600" * n,
    # Prose for extract (RFC 3986 Appendix C): "<" never closed, "scheme:" never a URI.
    "angle-openers": lambda n: "<" * n,
    "word-colons": lambda n: "a:" * (n // 2),
    # A URI Template (RFC 6570) whose expression never closes.
    "template-open-list": lambda n: "{a" + ",a" * (n // 2),
    # hosts that resolvers may read as numbers (RFC 7.4; urikit._core.hosts)
    "numeric-host-zeros": lambda n: "http://0x" + "0" * n + "7f.1/",
    "numeric-host-digits": lambda n: "http://" + "9" * n + "/",
    "numeric-host-dots": lambda n: "http://" + "1." * (n // 2) + "/",
    "hostlike-userinfo": lambda n: "http://" + "a." * (n // 2) + "%3A@h/",
    # a host that decodes to colons, NULs and full-width forms (RFC 7.4: host readings)
    "host-decoded-octets": lambda n: "http://1" + "%3A%00%EF%BC%9A" * (n // 15) + "/",
}


@dataclass(frozen=True)
class Target:
    """A public function: where it lives, how to call it on text, what it may raise."""

    name: str
    module: str
    attribute: str  # dotted inside the module: "URI.parse"
    call: Callable[[Callable[..., Any], str], object]
    raises: tuple[str, ...]  # names of documented exception classes in urikit
    cheap: bool = False  # also tried at 1e6 characters in the test


def _plain(f: Callable[..., Any], text: str) -> object:
    return f(text)


def _consume(f: Callable[..., Any], text: str) -> object:
    return list(f(text))


TARGETS: tuple[Target, ...] = (
    Target("is_valid(URI-reference)", "urikit", "is_valid", _plain, (), cheap=True),
    Target("is_valid(URI)", "urikit", "is_valid", lambda f, t: f(t, "URI"), (), cheap=True),
    Target("is_valid(IPv6address)", "urikit", "is_valid", lambda f, t: f(t, "IPv6address"), ()),
    Target("validate(URI-reference)", "urikit", "validate", _plain, ("InvalidURIError",), True),
    Target(
        "validate(absolute-URI)",
        "urikit",
        "validate",
        lambda f, t: f(t, "absolute-URI"),
        ("InvalidURIError",),
    ),
    Target(
        "validate(authority)",
        "urikit",
        "validate",
        lambda f, t: f(t, "authority"),
        ("InvalidURIError",),
    ),
    Target("validate(path)", "urikit", "validate", lambda f, t: f(t, "path"), ("InvalidURIError",)),
    Target("parse", "urikit", "parse", _plain, ("InvalidURIError",), cheap=True),
    Target("URI.parse", "urikit", "URI.parse", _plain, ("InvalidURIError",)),
    Target(
        "RelativeReference.parse", "urikit", "RelativeReference.parse", _plain, ("InvalidURIError",)
    ),
    Target("parse_absolute", "urikit", "parse_absolute", _plain, ("InvalidURIError",)),
    Target("split", "urikit", "split", _plain, (), cheap=True),
    Target("extract", "urikit", "extract", _consume, ()),
    Target("quote(path)", "urikit", "quote", lambda f, t: f(t, "path"), ("InvalidURIError",), True),
    Target(
        "quote(query-value)",
        "urikit",
        "quote",
        lambda f, t: f(t, "query-value"),
        ("InvalidURIError",),
    ),
    Target("unquote", "urikit", "unquote", _plain, ("InvalidURIError",), cheap=True),
    Target(
        "resolve(base, text)", "urikit", "resolve", lambda f, t: f(BASE, t), ("InvalidURIError",)
    ),
    Target("resolve(text, 'g')", "urikit", "resolve", lambda f, t: f(t, "g"), ("InvalidURIError",)),
    Target("normalize", "urikit", "normalize", _plain, ("InvalidURIError",)),
    # relativize documents ValueError for a target no reference resolves to (RFC 5.2.4).
    Target(
        "relativize(base, text)",
        "urikit",
        "relativize",
        lambda f, t: f(BASE, t),
        (
            "InvalidURIError",
            "ValueError",
        ),
    ),
    Target("security.check", "urikit.security", "check", _plain, ("InvalidURIError",)),
    # The edits: hostile text as raw data (a lone surrogate has no UTF-8
    # form, a ".." segment is no data: both documented errors).
    Target(
        "URI.with_query_param(text, text)",
        "urikit",
        "URI.parse",
        lambda f, t: f("http://h/?a=1&b").with_query_param(t, t).without_query_param(t),
        ("InvalidURIError",),
    ),
    Target(
        "URI / text",
        "urikit",
        "URI.parse",
        lambda f, t: (f("http://h/a?q") / t).parent,
        ("InvalidURIError", "URIBuildError"),
    ),
    Target(
        "URI.with_segments(text.split('/'))",
        "urikit",
        "URI.parse",
        lambda f, t: f("http://h/").with_segments(t.split("/")),
        ("InvalidURIError", "URIBuildError"),
    ),
    Target("hosts.analyze", "urikit._core.hosts", "analyze", _plain, ()),
    Target(
        "Policy(hosts, ports).problems",
        "urikit",
        "Policy",
        lambda f, t: f(allow_ip_host=False, allow_internal_host=False, ports={443}).problems(t),
        (),
    ),
    Target("Policy().check", "urikit", "Policy", lambda f, t: f().check(t), ("PolicyError",)),
    Target("URITemplate", "urikit", "URITemplate", _plain, ("InvalidTemplateError",)),
    Target(
        "URITemplate.expand",
        "urikit",
        "URITemplate",
        lambda f, t: f("{+x}").expand(x=t),
        ("TemplateExpansionError", "InvalidURIError"),
    ),
    Target(
        "URITemplate.match",
        "urikit",
        "URITemplate",
        lambda f, t: f("/files/{name}.json{?q}").match(t),
        (),
        True,
    ),
)


def load(target: Target) -> tuple[Callable[..., Any], tuple[type[BaseException], ...]]:
    """The function and its documented exception classes; AttributeError/ImportError
    when the function does not exist (yet)."""
    module = importlib.import_module(target.module)
    obj: object = module
    for part in target.attribute.split("."):
        obj = getattr(obj, part)
    if not callable(obj):
        raise AttributeError(f"{target.module}.{target.attribute} is not callable")
    import urikit

    errors: list[type[BaseException]] = []
    for name in target.raises:
        cls = ValueError if name == "ValueError" else getattr(urikit, name)
        errors.append(cls)
    return obj, tuple(errors)
