"""Why text fails a scheme's rule (RFC 9110 4.2, 6455 3, 6068 2, 8141 2, 2397 3, 8089 2).

The position comes from the rule's automaton, as for every rule; here a scheme's rule
is explained in the scheme's terms: its prefix, the MUSTs its RFC states in prose (an
http(s) host is not empty, a ws(s) URI has no fragment and no userinfo), and the part
of the URI the position falls in, otherwise diagnosed as :mod:`urikit._syntax.locate` does.
"""

# pyright: reportPrivateUsage=false
# (a scheme's diagnosis builds on the component diagnosis of urikit._syntax.locate)

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType

from urikit._syntax.locate import (
    Diagnoser,
    Diagnosis,
    _char_reason,
    _diagnose,
    _Failure,
    _in_relative,
)

__all__ = ["scheme_diagnoser"]


def _prefix(f: _Failure, name: str, prefix: str, section: str) -> Diagnosis | None:
    """The diagnosis when ``f`` fails within the scheme's fixed ``prefix``."""
    if f.p >= len(prefix):
        return None
    return Diagnosis(name, f"{name} starts with {prefix!r} ({section})", "scheme")


def _authority_host(f: _Failure, start: int) -> str | None:
    """The host read so far, if the failure falls in the authority starting at ``start``."""
    authority = f.text[start : f.p]
    if "/" in authority or "?" in authority or "#" in authority:
        return None
    hostport = authority.rpartition("@")[2]
    return hostport if hostport.startswith("[") else hostport.partition(":")[0]


def _http(f: _Failure, name: str, scheme: str, section: str) -> Diagnosis:
    prefix = scheme + "://"
    found = _prefix(f, name, prefix, section)
    if found is not None:
        return found
    host = _authority_host(f, len(prefix))
    if host == "" and (f.char is None or f.char in "/?#:"):
        reason = (
            f"an {scheme} URI must have a non-empty host: a recipient MUST reject one"
            f" with an empty host identifier ({section})"
        )
        return Diagnosis(name, reason, "host")
    if f.char == "#":
        reason = (
            f"a fragment is not part of an {scheme} URI (RFC 9110 4.2.5); it belongs to a"
            " URI reference (rule URI-reference)"
        )
        return Diagnosis(name, reason, "fragment")
    return _in_relative(f, len(scheme) + 1, has_scheme=True)


def _ws(f: _Failure, name: str, scheme: str) -> Diagnosis:
    prefix = scheme + "://"
    found = _prefix(f, name, prefix, "RFC 6455 3")
    if found is not None:
        return found
    if f.char == "#":
        reason = (
            "fragment identifiers MUST NOT be used on WebSocket URIs (RFC 6455 3);"
            " a '#' that is data is written %23"
        )
        return Diagnosis(name, reason, "fragment")
    if f.char == "@" and _authority_host(f, len(prefix)) is not None:
        reason = 'a WebSocket URI has no userinfo: "//" host [ ":" port ] (RFC 6455 3)'
        return Diagnosis(name, reason, "userinfo")
    return _in_relative(f, len(scheme) + 1, has_scheme=True)


_MAILTO_ENCODED = "&;=/?#[],%"


def _mailto(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "mailto:", "RFC 6068 2")
    if found is not None:
        return found
    rest = f.text[len("mailto:") : f.p]
    if "?" in rest:
        field = rest.rpartition("?")[2].rpartition("&")[2]
        if f.char == "?":
            reason = "a second '?': header fields are joined with '&' (RFC 6068 2, 6.1)"
            return Diagnosis("hfields", reason, "query")
        part = "hfvalue" if "=" in field else "hfname"
        if f.char == "=" and part == "hfvalue":
            reason = "'=' in a header field value must be percent-encoded as %3D (RFC 6068 2)"
            return Diagnosis(part, reason, "query")
        return Diagnosis(part, _char_reason(f.char, part), "query")
    if f.char is not None and f.char in _MAILTO_ENCODED:
        reason = (
            f"invalid character {f.char!r}: in an address it must be percent-encoded (RFC 6068 2)"
        )
        return Diagnosis("addr-spec", reason, "path")
    return Diagnosis("addr-spec", _char_reason(f.char, "addr-spec"), "path")


_NID_REASON = (
    "a NID is 2 to 32 letters, digits and '-', beginning and ending with a letter or"
    " digit (RFC 8141 2)"
)


def _urn(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "urn:", "RFC 8141 2")
    if found is not None:
        return found
    rest = f.text[len("urn:") : f.p]
    _nid, colon, nss = rest.partition(":")
    if not colon:
        return Diagnosis("NID", _NID_REASON, "path")
    if "#" in nss:
        return Diagnosis("f-component", _char_reason(f.char, "fragment"), "fragment")
    if "?=" in nss:
        return Diagnosis("q-component", _char_reason(f.char, "q-component"), "query")
    if "?+" in nss:
        return Diagnosis("r-component", _char_reason(f.char, "r-component"), "query")
    if nss.endswith("?"):
        reason = (
            "a '?' in a URN must begin '?+' (r-component) or '?=' (q-component);"
            " as data write %3F (RFC 8141 2)"
        )
        return Diagnosis("NSS", reason, "path")
    if not nss and f.char is None:
        return Diagnosis("NSS", "an NSS has at least one character (RFC 8141 2)", "path")
    return Diagnosis("NSS", _char_reason(f.char, "NSS"), "path")


def _data(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "data:", "RFC 2397 3")
    if found is not None:
        return found
    if "," not in f.text[len("data:") : f.p]:
        if f.char is None:
            reason = "input ended before the ',' that begins the data (RFC 2397 3)"
            return Diagnosis(name, reason, "path")
        return Diagnosis("mediatype", _char_reason(f.char, "mediatype"), "path")
    return Diagnosis(name, _char_reason(f.char, "query"), "path")


def _file(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "file:", "RFC 8089 2")
    if found is not None:
        return found
    after = f.text[len("file:") : f.p]
    if name == "file-URI" and f.char is not None:
        if not after and f.char != "/":
            reason = (
                "a file URI's path is absolute (RFC 8089 2): write 'file:///c:/...' for a"
                " drive letter (the form 'file:c:/...' is RFC 8089 Appendix E.2, rule"
                " file-URI-nonstandard)"
            )
            return Diagnosis(name, reason, "path")
        if after in ("///", "//") and f.char == "/":
            reason = (
                "a UNC path after an empty authority ('file:////host/share') is RFC 8089"
                " Appendix E.3.2, rule file-URI-nonstandard; write 'file://host/share'"
            )
            return Diagnosis(name, reason, "path")
    if after.startswith("//") and f.char is None and "/" not in after[2:]:
        reason = "a file URI with an authority needs an absolute path after it (RFC 8089 2)"
        return Diagnosis("auth-path", reason, "path")
    return _in_relative(f, len("file:"), has_scheme=True)


_Entry = Callable[[_Failure, str], Diagnosis]

_ENTRIES: Mapping[str, _Entry] = MappingProxyType(
    {
        "http-URI": partial(_http, scheme="http", section="RFC 9110 4.2.1"),
        "https-URI": partial(_http, scheme="https", section="RFC 9110 4.2.2"),
        "ws-URI": partial(_ws, scheme="ws"),
        "wss-URI": partial(_ws, scheme="wss"),
        "mailtoURI": _mailto,
        "namestring": _urn,
        "assigned-name": _urn,
        "dataurl": _data,
        "file-URI": _file,
        "file-URI-nonstandard": _file,
    }
)


def scheme_diagnoser(name: str) -> Diagnoser | None:
    """How failures of the scheme rule ``name`` are explained; None for other rules."""
    entry = _ENTRIES.get(name)
    return None if entry is None else partial(_diagnose, entry, name)
