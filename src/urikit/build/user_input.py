"""A URI from what a person typed or pasted (RFC 3987 7.2, "URI/IRI Entry").

:func:`uri_from_user_input` makes the few changes listed in its documentation and no
others; where a change would be a guess it raises :class:`~urikit.InvalidURIError` at
the character concerned, in the text as given.
"""

from __future__ import annotations

import re

from urikit._core.idna import host_to_ascii
from urikit._core.iri_mapping import percent_encode_non_ascii
from urikit._core.reachable import BUILT_IN_DNS_SCHEMES
from urikit._syntax.validation import is_valid, validate
from urikit.errors import InvalidURIError, plain_str
from urikit.errors.reasons import reason
from urikit.values.uri import URI

__all__ = ["uri_from_user_input"]

# scheme ":" unless only a port's digits follow the colon ("localhost:8080/x").
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):(?!\d+(?:[/?#]|\Z))")
# A scheme whose hosts DNS looks up, written without its ':' ("http//example.com").
_SCHEME_WITHOUT_COLON = re.compile(
    "(" + "|".join(sorted(BUILT_IN_DNS_SCHEMES)) + r")//?(?!/)", re.IGNORECASE
)
# RFC 3986 Appendix B after the scheme: authority, path, query, fragment.
_PARTS = re.compile(r"(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?", re.DOTALL)
# RFC 3987 3.1: printable ASCII that URIs do not allow, which may be percent-encoded.
_ENCODABLE_ASCII = re.compile(r'[ "<>\\^`{|}]')
_PCT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_REFUSED = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200e\u200f\u202a-\u202e]")


def uri_from_user_input(text: str, *, default_scheme: str | None = None, idna: bool = True) -> URI:
    """The URI a person meant by ``text``, or InvalidURIError when that would be a guess.

    A scheme whose hosts DNS looks up written without its ``:`` (``http//example.com``)
    is an error that says so, never a host named after the scheme.

    The changes made, and no others:

    1. Whitespace around the text is removed (``str.strip``); nothing left is an error.
    2. Without a scheme, ``default_scheme`` is put in front: ``example.com/a`` becomes
       ``https://example.com/a`` (``//`` is added unless the text starts with ``/``).
       ``name:`` followed by digits only is a host and port, not a scheme:
       ``localhost:8080``. Without a scheme and without a default: an error.
    3. In the userinfo, path, query and fragment, every character beyond ASCII is
       percent-encoded as UTF-8 (RFC 3987 3.1), and so are the printable ASCII
       characters URIs do not allow: space, ``"``, ``<``, ``>``, ``\\``, ``^``, `````,
       ``{``, ``|``, ``}`` (the ten RFC 3987 3.1 lists); a second ``@`` in the
       userinfo becomes ``%40``.
    4. A non-ASCII host becomes A-labels through IDNA2008 with UTS #46 mapping
       (``Bücher.example`` -> ``xn--bcher-kva.example``; needs the ``urikit[idna]``
       extra), or with ``idna=False`` is percent-encoded as UTF-8.

    Never changed: existing percent-encodings (``%41`` stays ``%41``), the case of
    anything, and ``#``, ``%``, ``[`` and ``]``, which RFC 3987 3.1 says "MUST NOT be
    converted". So these raise InvalidURIError: a ``%`` that starts no percent-encoding
    (``100%``: encoding it as ``%25`` would hide a mistyped escape, and a stray ``%``
    beside valid escapes is how double-encoding attacks are spelt), ``[`` or ``]``
    outside an IP-literal host, a second ``#``, a space or other character a host
    cannot hold, a port that is not digits, a host with both percent-encodings and
    characters beyond ASCII when ``idna`` is on (IDNA would rewrite its escapes),
    control characters and lone surrogates anywhere, and bidi formatting characters
    (RFC 3987 4.1). Line breaks inside the text
    are control characters: refused. No NFC normalization is applied.
    """
    original = plain_str(text)
    if default_scheme is not None:
        default_scheme = plain_str(default_scheme, "default_scheme")
    lead = len(original) - len(original.lstrip())
    typed = original.strip()
    if not typed:
        raise _error(original, 0, "URI", reason("input-empty"))
    _refuse(original, typed, lead)
    colon = _SCHEME_WITHOUT_COLON.match(typed)
    if colon is not None:  # "http//example.com": never a host named after the scheme
        scheme = colon.group(1)
        fixed = f"{scheme}://{typed[colon.end() :]}"
        why = reason("input-scheme-colon", scheme=scheme, written=colon.group(), fixed=fixed)
        raise _error(original, lead + len(scheme), "scheme", why, "scheme")
    found = _SCHEME.match(typed)
    if found is not None:
        scheme, rest, offset = found.group(1), typed[found.end() :], lead + found.end()
    elif default_scheme is None:
        raise InvalidURIError(
            original,
            position=lead,
            rule="scheme",
            reason=reason("input-no-scheme"),
            component="scheme",
        )
    elif not is_valid(default_scheme, "scheme"):
        raise ValueError(f"default_scheme: {default_scheme!r} is not a scheme (RFC 3986 3.1)")
    else:
        scheme, offset = default_scheme, lead
        rest = typed if typed.startswith("/") else "//" + typed
        offset -= len(rest) - len(typed)
    parts = _PARTS.fullmatch(rest)
    assert parts is not None  # every string matches Appendix B
    authority, path, query, fragment = parts.groups()
    out = [scheme, ":"]
    if authority is not None:
        out += ["//", _authority(original, authority, offset + parts.start(1), idna=idna)]
    out.append(_encoded(original, path, offset + parts.start(2)))
    if query is not None:
        out += ["?", _encoded(original, query, offset + parts.start(3))]
    if fragment is not None:
        if "#" in fragment:
            at = offset + parts.start(4) + fragment.index("#")
            raise _error(original, at, "ifragment", reason("input-second-hash"))
        out += ["#", _encoded(original, fragment, offset + parts.start(4))]
    return URI.parse("".join(out))


def _refuse(original: str, typed: str, lead: int) -> None:
    """Refuse what no listed change can make valid, at its place in ``original``."""
    bad = _REFUSED.search(typed)
    if bad is not None:
        char = bad.group()
        if char in "\u200e\u200f\u202a\u202b\u202c\u202d\u202e":
            why = reason("input-bidi", point=ord(char))
        elif "\ud800" <= char <= "\udfff":
            why = reason("input-surrogate")
        else:
            why = reason("input-control", char=char)
        raise _error(original, lead + bad.start(), "IRI", why)
    bad = _PCT.search(typed)
    if bad is not None:
        raise _error(original, lead + bad.start(), "pct-encoded", reason("input-percent"))


def _authority(original: str, authority: str, start: int, *, idna: bool) -> str:
    userinfo, at, hostport = authority.rpartition("@")
    host_start = start + len(userinfo) + len(at)
    host, port = hostport, None
    if not hostport.startswith("["):
        head, colon, tail = hostport.rpartition(":")
        if colon:
            host, port = head, tail
    elif "]:" in hostport:
        host, _, port = hostport.partition("]:")
        host += "]"
    if port and not (port.isascii() and port.isdigit()):
        bad = next(i for i, c in enumerate(port) if not (c.isascii() and c.isdigit()))
        where = host_start + len(host) + 1 + bad
        raise _error(original, where, "port", reason("hint-port"))
    out = _encoded(original, userinfo, start).replace("@", "%40") + "@" if at else ""
    out += _host(original, host, host_start, idna=idna)
    return out if port is None else out + ":" + port


def _host(original: str, host: str, start: int, *, idna: bool) -> str:
    """``host`` as a URI host: ASCII as it is, Unicode as A-labels or percent-encoded."""
    try:
        validate(host, "ihost")
    except InvalidURIError as error:  # brackets, spaces, ...: nothing to convert
        raise InvalidURIError(
            original,
            position=start + error.position,
            rule=error.rule,
            reason=error.reason,
            component="host",
        ) from None
    if host.isascii():
        return host
    if idna:
        if "%" in host:  # IDNA would read the escapes and write them as A-labels
            why = reason("input-mixed-host")
            raise _error(original, start + host.index("%"), "ihost", why, "host")
        return host_to_ascii(host, text=original, start=start)
    return percent_encode_non_ascii(host)


def _encoded(original: str, part: str, start: int) -> str:
    """``part`` with the characters of change 3 percent-encoded; brackets refused."""
    for bracket in "[]":
        at = part.find(bracket)
        if at >= 0:
            raise _error(
                original, start + at, "IP-literal", reason("input-bracket", bracket=bracket)
            )
    return percent_encode_non_ascii(_ENCODABLE_ASCII.sub(_ascii_escape, part))


def _ascii_escape(found: re.Match[str]) -> str:
    return f"%{ord(found.group()):02X}"


def _error(
    original: str, position: int, rule: str, reason: str, component: str | None = None
) -> InvalidURIError:
    return InvalidURIError(
        original, position=position, rule=rule, reason=reason, component=component
    )
