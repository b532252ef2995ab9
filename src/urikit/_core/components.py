"""From text to the seven components of a reference (RFC 3, 4.1), in one match.

One pattern matches a whole URI-reference with one group per component, so parsing is
one ``fullmatch`` and ``groups()``. :class:`urikit._core.views.ReferenceViews` is where a
parsed reference keeps them (:func:`urikit._core.views.fields_of` reads them back).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from re import Match
from typing import Literal, NamedTuple, TypeAlias, get_args

from urikit._syntax.abnf import Capture, IfCaptured, lit, opt
from urikit._syntax.compiled import compiled, locate, matching_node
from urikit._syntax.render import render
from urikit._syntax.rfc3986 import ref, resolve, rule_name
from urikit.errors import InvalidURIError, plain_str
from urikit.errors.reasons import reason

__all__ = [
    "SCHEMES",
    "Fields",
    "Groups",
    "ReferenceRule",
    "match",
    "parse_fields",
    "reference_rule",
    "shared_scheme",
]


class Fields(NamedTuple):
    """The seven components of a reference as written, in RFC 3 order; None where a
    component is undefined (RFC 5.2.1), the path always defined. ``host`` is None
    exactly when there is no authority (RFC 3.2), and then so are ``userinfo`` and
    ``port``."""

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None


#: The seven in a plain tuple, in :class:`Fields` order, as a match's ``groups()`` gives
#: them: what the hot paths (resolution and normalization, equality) take and give,
#: unpacking it into names at once, since a Fields costs a copy to make and unpacks
#: slower; a Fields is one too.
Groups: TypeAlias = tuple[
    str | None, str | None, str | None, str | None, str, str | None, str | None
]

#: ``tuple_new(Fields, seven)``: the :class:`Fields` of a match's groups (or of any seven
#: strings in RFC 3 order) without the Python-level ``__new__`` of a named tuple, for
#: the hot paths (parse, resolve, normalize); elsewhere ``Fields(...)`` reads better.
tuple_new: Callable[[type[Fields], Iterable[str | None]], Fields] = tuple.__new__  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]

#: The four rules a whole reference can follow (RFC 3, 4.1, 4.2, 4.3).
ReferenceRule: TypeAlias = Literal["URI-reference", "URI", "absolute-URI", "relative-ref"]

_RULES = frozenset(get_args(ReferenceRule))

# URI-reference with one group per component. Where the RFC has two rules with the same
# alternatives (hier-part and relative-part), a conditional picks path-rootless after a
# scheme and path-noscheme without one. host is matched as the engines match it (one
# language, less work; see urikit._syntax.compiled) and its kind is told apart after the match.
_COMPONENTS = (
    opt(Capture("scheme", ref("scheme")) + lit(":"))
    + opt(
        lit("//")
        + opt(Capture("userinfo", ref("userinfo")) + lit("@"))
        + Capture("host", matching_node("host"))
        + opt(lit(":") + Capture("port", ref("port")), possessive=True)
    )
    + Capture(
        "path",
        IfCaptured(
            "host",
            ref("path-abempty"),
            ref("path-absolute")
            | IfCaptured("scheme", ref("path-rootless"), ref("path-noscheme"))
            | ref("path-empty"),
        ),
    )
    + opt(lit("?") + Capture("query", ref("query")), possessive=True)
    + opt(lit("#") + Capture("fragment", ref("fragment")), possessive=True)
)


def _compile_and_match(text: str) -> Match[str] | None:
    """The first call compiles the pattern and puts its ``fullmatch`` in its place."""
    global match
    match = re.compile(render(_COMPONENTS, resolve)).fullmatch
    return match(text)


#: ``fullmatch`` of the URI-reference pattern, groups in :data:`Fields` order: the hot
#: path (compiled on first use, so ``import urikit`` compiles nothing).
match = _compile_and_match


#: One string per scheme seen, so that many values share it (memory); bounded, so that
#: text full of made-up schemes cannot grow it. Read it with ``SCHEMES[scheme]`` and, on
#: a miss, call :func:`shared_scheme`.
SCHEMES: dict[str, str] = {}
_SCHEMES_KEPT = 256


def shared_scheme(scheme: str) -> str:
    """The one string kept for ``scheme``, while :data:`SCHEMES` has room; else
    ``scheme`` itself. Not ``sys.intern``: interned strings never die on CPython 3.12."""
    if len(SCHEMES) < _SCHEMES_KEPT:
        return SCHEMES.setdefault(scheme, scheme)
    return SCHEMES.get(scheme, scheme)


def reference_rule(name: str) -> ReferenceRule:
    """The rule of a whole reference (RFC 3, 4) that ``name`` spells, its case ignored
    (RFC 5234 2.1, :func:`~urikit.grammar.rule_name`); ``ValueError`` for another rule,
    ``TypeError`` for a name that is not a str."""
    canonical = rule_name(name) if name not in _RULES else name
    if canonical not in _RULES:
        shown = ", ".join(get_args(ReferenceRule))
        raise ValueError(f"rule must be one of {shown}, not {name!r}")
    return canonical  # type: ignore[return-value]


def parse_fields(text: str, rule: ReferenceRule = "URI-reference") -> Fields:
    """The fields of ``text`` if it matches ``rule`` (any case); else its located error."""
    if rule not in _RULES:
        rule = reference_rule(rule)
    text = plain_str(text)
    m = match(text)
    if m is None:
        raise locate(text, "URI" if rule == "URI" else "URI-reference")
    fields = tuple_new(Fields, m.groups())
    if rule == "URI-reference":
        return fields
    if rule == "relative-ref":
        if fields.scheme is not None:
            raise InvalidURIError(
                text,
                position=0,
                rule="relative-ref",
                reason=reason("relative-has-scheme", prefix=fields.scheme + ":"),
                component="scheme",
            )
        return fields
    if fields.scheme is None:
        raise InvalidURIError(
            text,
            position=compiled(rule).automaton.viable_prefix_length(text),
            rule=rule,
            reason=reason("uri-needs-scheme"),
            component="scheme",
        )
    fragment = fields.fragment
    if rule == "absolute-URI" and fragment is not None:
        raise InvalidURIError(
            text,
            position=len(text) - len(fragment) - 1,
            rule="absolute-URI",
            reason=reason("absolute-fragment"),
            component="fragment",
        )
    return fields
