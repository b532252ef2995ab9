"""URNs (RFC 8141): the NID, the NSS and the r-, q- and f-components; URN-equivalence.

>>> u = parse("urn:example:weather?=op=map&lat=39.56#top")
>>> u.nid, u.nss, u.r, u.q, u.f
('example', 'weather', None, 'op=map&lat=39.56', 'top')
>>> equivalent("URN:EXAMPLE:a123%2cz456", "urn:example:a123%2Cz456?+abc")
True

The components are kept as written (percent-encoded): RFC 8141 3 compares them so.
:func:`parse` also checks the NSS of the namespaces whose RFCs define a syntax for it
(:data:`NAMESPACES`): ``uuid`` (RFC 9562 4), ``isbn`` and ``issn`` (RFC 8254 3, with
their check digits, ISO 2108 and ISO 3297), ``oid`` (RFC 3061 2) and ``ietf``
(RFC 2648 3, RFC 3553 3 for ``params``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from urikit._syntax.abnf import Node, chars, lit, rep
from urikit._syntax.render import render
from urikit._syntax.rfc3986 import ref, resolve
from urikit.errors.reasons import reason
from urikit.schemes._common import checked, invalid
from urikit.values.scheme_table import urn_key

__all__ = ["NAMESPACES", "URN", "equivalent", "parse"]

_PREFIX = "urn:"


@dataclass(frozen=True, slots=True)
class URN:
    """A URN (RFC 8141 2): ``nid`` and ``nss`` as written, ``r``, ``q`` and ``f`` the
    components after ``?+``, ``?=`` and ``#`` (None when absent). ``str()`` gives it."""

    nid: str
    nss: str
    r: str | None = None
    q: str | None = None
    f: str | None = None

    @property
    def assigned_name(self) -> str:
        """``"urn:" NID ":" NSS`` (RFC 8141 2), as written but ``urn:`` lowercase."""
        return f"{_PREFIX}{self.nid}:{self.nss}"

    def equivalence_key(self) -> str:
        """The text that equal URNs share (RFC 8141 3.1): the assigned name with
        ``urn`` and the NID lowercase and the hex digits of escapes uppercase; r-, q-
        and f-components ignored; a ``uuid`` NSS lowercase (RFC 9562 4: any case)."""
        return _PREFIX + urn_key(self.nid, _PCT.sub(_upper, self.nss))

    def __str__(self) -> str:
        text = self.assigned_name
        if self.r is not None:
            text += "?+" + self.r
        if self.q is not None:
            text += "?=" + self.q
        if self.f is not None:
            text += "#" + self.f
        return text


_PCT = re.compile(r"%[0-9A-Fa-f]{2}")


def _upper(match: re.Match[str]) -> str:
    return match.group().upper()


def parse(text: str, *, namespaces: bool = True) -> URN:
    """The parts of a URN (RFC 8141 2). Raises :class:`~urikit.InvalidURIError`
    (position, rule, reason) for text that is no ``namestring``, or, with
    ``namespaces``, an NSS that breaks its namespace's syntax (:data:`NAMESPACES`)."""
    text = checked(text, "namestring")
    nid_end = text.index(":", len(_PREFIX))
    nid = text[len(_PREFIX) : nid_end]
    rest = text[nid_end + 1 :]
    rest, hash_, f = rest.partition("#")
    rest, q_mark, q = rest.partition("?=")
    nss, r_mark, r = rest.partition("?+")
    value = URN(nid, nss, r if r_mark else None, q if q_mark else None, f if hash_ else None)
    if namespaces:
        check = NAMESPACES.get(nid.lower())
        if check is not None:
            why = check(nss)
            if why is not None:
                raise invalid(text, nid_end + 1, "NSS", why, "path")
    return value


def equivalent(a: str | URN, b: str | URN) -> bool:
    """Whether two URNs are URN-equivalent (RFC 8141 3.1); text is parsed first."""
    first = a if isinstance(a, URN) else parse(a, namespaces=False)
    second = b if isinstance(b, URN) else parse(b, namespaces=False)
    return first.equivalence_key() == second.equivalence_key()


def _pattern(node: Node) -> Callable[[str], re.Match[str] | None]:
    return re.compile(render(node, resolve)).fullmatch


_HEX_OCTET = ref("HEXDIG") + ref("HEXDIG")
# RFC 9562 4: UUID = 4hexOctet "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet
_UUID = _pattern(
    rep(_HEX_OCTET, 4, 4)
    + lit("-")
    + rep(_HEX_OCTET, 2, 2)
    + lit("-")
    + rep(_HEX_OCTET, 2, 2)
    + lit("-")
    + rep(_HEX_OCTET, 2, 2)
    + lit("-")
    + rep(_HEX_OCTET, 6, 6)
)
# RFC 3061 2: oid = number *( "." number ), number = "0" / ( %x31-39 *DIGIT )
_NUMBER = lit("0") | (chars("123456789") + rep(ref("DIGIT"), possessive=True))
_OID = _pattern(_NUMBER + rep(lit(".") + _NUMBER, possessive=True))
# RFC 2648 3: rfc / fyi / std / bcp and a number; id and mtg and a name; RFC 3553 3:
# params and a registry's path.
_NAME = rep(ref("ALPHA") | ref("DIGIT") | chars("-._"), 1, possessive=True)
_IETF = _pattern(
    ((lit("rfc") | lit("fyi") | lit("std") | lit("bcp")) + lit(":") + rep(ref("DIGIT"), 1))
    | ((lit("id") | lit("mtg")) + lit(":") + _NAME)
    | (lit("params") + lit(":") + ref("NSS"))
)
_ISSN = _pattern(
    rep(ref("DIGIT"), 4, 4) + lit("-") + rep(ref("DIGIT"), 3, 3) + chars("0123456789Xx")
)
_ISBN_CHARS = _pattern(rep(ref("DIGIT") | chars("-Xx"), 10, 17))


def _uuid(nss: str) -> str | None:
    if _UUID(nss) is None:
        return reason("urn-uuid")
    return None


def _oid(nss: str) -> str | None:
    if _OID(nss) is None:
        return reason("urn-oid")
    return None


def _ietf(nss: str) -> str | None:
    if _IETF(nss) is None:
        return reason("urn-ietf")
    return None


def _issn(nss: str) -> str | None:
    if _ISSN(nss) is None:
        return reason("urn-issn")
    digits = nss.replace("-", "")
    total = sum(int(d) * w for d, w in zip(digits[:7], range(8, 1, -1), strict=True))
    check = (11 - total % 11) % 11
    if digits[7].upper() != ("X" if check == 10 else str(check)):
        return reason("urn-issn-check", digits=nss[:-1], check=check if check < 10 else "X")
    return None


def _isbn(nss: str) -> str | None:
    digits = nss.replace("-", "")
    shape = _ISBN_CHARS(nss) is not None and not nss.startswith("-") and not nss.endswith("-")
    if not shape or "--" in nss or len(digits) not in (10, 13) or not digits[:-1].isdigit():
        return reason("urn-isbn")
    if len(digits) == 10:
        total = sum((10 - i) * (10 if d in "Xx" else int(d)) for i, d in enumerate(digits))
        ok = total % 11 == 0 and "X" not in digits[:-1].upper()
    else:
        weighted = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
        ok = digits.isdigit() and weighted % 10 == 0
    return None if ok else reason("urn-isbn-check", nss=nss)


NAMESPACES: Mapping[str, Callable[[str], str | None]] = MappingProxyType(
    {"uuid": _uuid, "isbn": _isbn, "issn": _issn, "oid": _oid, "ietf": _ietf}
)
"""Each namespace with a defined NSS syntax (by lowercase NID): a function giving the
reason an NSS breaks it, or None."""
