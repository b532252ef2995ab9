"""``mailto:`` URIs (RFC 6068): the addresses and header fields, decoded, and back.

>>> m = parse("mailto:joe@example.com?cc=bob@example.com&body=hello")
>>> m.to, m.headers, m.body
(('joe@example.com',), (('cc', 'bob@example.com'), ('body', 'hello')), 'hello')
>>> build(to=["Mike&family@example.org"], subject="caf\u00e9")
'mailto:Mike%26family@example.org?subject=caf%C3%A9'

:func:`parse` checks the text against rule ``mailtoURI`` (RFC 6068 2), then each
decoded address against RFC 5322 3.4.1 as RFC 6068 2 restricts it (no comments, no
folding white space, no obsolete forms; UTF-8 beyond ASCII, items 4 and 5) and each
header field name against RFC 5322 3.6.8. :func:`build` encodes as RFC 6068 5 says: a
space as ``%20`` (never ``+``), ``%``, ``&``, ``=``, ``?``, ``#`` and every character
outside the rule's own as the ``%XX`` of its UTF-8 octets. Text is kept as given: a
line break in a body is written ``%0D%0A`` only when it is ``"\\r\\n"`` (RFC 6068 5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from urikit._core.encoding import encoder
from urikit._syntax.rfc3986 import chars_of
from urikit._syntax.schemes import ADDR_LITERAL
from urikit.errors.reasons import reason
from urikit.schemes._common import checked, decoded, invalid

__all__ = ["MailtoURI", "build", "is_address", "parse"]

_PREFIX = "mailto:"

# RFC 5322 3.2.3 atext, with RFC 6532 3.2's UTF-8 beyond ASCII (RFC 6068 2, items 4, 5).
_ATEXT = r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u0080-\U0010ffff]"
_DOT_ATOM = rf"{_ATEXT}++(?:\.{_ATEXT}++)*+"
# RFC 5322 3.2.4 without folding white space (RFC 6068 2, item 3) or obsolete forms.
_QUOTED = r'"(?:[!#-\[\]-~\u0080-\U0010ffff]|\\[\x20-\x7e\t])*+"'
# RFC 5322 3.4.1 dtext without obs-dtext: "%d33-90 / %d94-126" (RFC 6068 2).
_LITERAL = r"\[[!-Z^-~]*+\]"
_ADDRESS = re.compile(rf"(?:{_DOT_ATOM}|{_QUOTED})@(?:{_DOT_ATOM}|{_LITERAL})")
# RFC 5322 3.6.8: a field name is 1*ftext, printable ASCII but ":".
_FIELD_NAME = re.compile(r"[!-9;-~]++")

_encode_address_part = encoder(ADDR_LITERAL.members | {"."}, "address")
_encode_field = encoder(chars_of("qchar"), "header field")


@dataclass(frozen=True, slots=True)
class MailtoURI:
    """A ``mailto:`` URI, decoded: ``to`` the addresses of its path, ``headers`` every
    header field in order as (name, value) (RFC 6068 2). ``str()`` gives the URI."""

    to: tuple[str, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()

    def header(self, name: str) -> str | None:
        """The value of the first field called ``name`` (case-insensitive), or None."""
        folded = name.casefold()
        return next((v for n, v in self.headers if n.casefold() == folded), None)

    @property
    def subject(self) -> str | None:
        """The first ``subject`` field's value, or None."""
        return self.header("subject")

    @property
    def body(self) -> str | None:
        """The first ``body`` field's value: the text of the message (RFC 6068 2)."""
        return self.header("body")

    @property
    def recipients(self) -> tuple[str, ...]:
        """Every address the message goes to: ``to``, then those of each ``to`` field
        (RFC 6068 2: the "to" field's addresses are added to those of the path)."""
        extra = (a for n, v in self.headers if n.casefold() == "to" for a in _split_list(v))
        return (*self.to, *extra)

    def __str__(self) -> str:
        return build(to=self.to, headers=self.headers)


def _split_list(value: str) -> list[str]:
    return [a.strip() for a in value.split(",") if a.strip()]


def is_address(address: str) -> bool:
    """Whether ``address`` is an addr-spec a mailto URI may carry (RFC 6068 2)."""
    return _ADDRESS.fullmatch(address) is not None


def parse(text: str) -> MailtoURI:
    """The addresses and header fields of a ``mailto:`` URI, decoded (RFC 6068 2).

    Raises :class:`~urikit.InvalidURIError` (position, rule, reason) for text that is
    not a ``mailtoURI``, an encoded address that is no RFC 5322 addr-spec, a header
    field name that is no RFC 5322 field name, or escapes that are not UTF-8.
    """
    text = checked(text, "mailtoURI")
    start = len(_PREFIX)
    question = text.find("?", start)
    path_end = len(text) if question < 0 else question
    to: list[str] = []
    at = start
    while at < path_end:
        end = text.find(",", at, path_end)
        end = path_end if end < 0 else end
        to.append(_address(text, at, end))
        at = end + 1
    headers: list[tuple[str, str]] = []
    if question >= 0:
        at = question + 1
        while True:
            end = text.find("&", at)
            end = len(text) if end < 0 else end
            equals = text.index("=", at, end)
            name = decoded(text, at, equals, "hfname", "query")
            if _FIELD_NAME.fullmatch(name) is None:
                raise invalid(text, at, "hfname", reason("mailto-hfname"), "query")
            headers.append((name, decoded(text, equals + 1, end, "hfvalue", "query")))
            if end == len(text):
                break
            at = end + 1
    return MailtoURI(tuple(to), tuple(headers))


def _address(text: str, start: int, end: int) -> str:
    at = text.rindex("@", start, end)
    address = decoded(text, start, at, "addr-spec", "path") + "@"
    address += decoded(text, at + 1, end, "addr-spec", "path")
    if not is_address(address):
        why = reason("mailto-addr-spec", address=address)
        raise invalid(text, start, "addr-spec", why, "path")
    return address


def build(
    *,
    to: Iterable[str] = (),
    headers: Iterable[tuple[str, str]] = (),
    subject: str | None = None,
    body: str | None = None,
    cc: Iterable[str] = (),
) -> str:
    """A ``mailto:`` URI: ``to`` in the path, then the fields ``cc`` (the addresses
    joined by ","), ``subject``, ``body`` and ``headers``, in that order (RFC 6068 2, 5).

    Raises ``ValueError`` for an address that is no addr-spec (RFC 6068 2), or a header
    field name that is no RFC 5322 field name.
    """
    fields: list[tuple[str, str]] = []
    cc = list(cc)
    if cc:
        for address in cc:
            _require_address(address)
        fields.append(("cc", ",".join(cc)))
    if subject is not None:
        fields.append(("subject", subject))
    if body is not None:
        fields.append(("body", body))
    fields.extend(headers)
    path = ",".join(_encoded_address(address) for address in to)
    query: list[str] = []
    for name, value in fields:
        if _FIELD_NAME.fullmatch(name) is None:
            raise ValueError(f"{name!r} is no header field name (RFC 5322 3.6.8)")
        query.append(_encode_field(name) + "=" + _encode_field(value))
    return _PREFIX + path + ("?" + "&".join(query) if query else "")


def _require_address(address: str) -> None:
    if not isinstance(address, str) or not is_address(address):
        raise ValueError(f"{address!r} is no addr-spec a mailto URI may carry (RFC 6068 2)")


def _encoded_address(address: str) -> str:
    _require_address(address)
    local, _, domain = address.rpartition("@")
    return _encode_address_part(local) + "@" + _encode_address_part(domain)
