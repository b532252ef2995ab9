"""IRI-references as values, and their normalization and comparison (RFC 3987 2.2, 5).

:class:`IRIReference` is the sibling of :class:`urikit.URI` and
:class:`urikit.RelativeReference` for text with characters beyond ASCII: it keeps the
IRI exactly as written and gives the same component views (``host``, ``path``,
``decoded_path``, ...). :meth:`IRIReference.to_uri` maps it to the URI model (3.1).

Normalization follows RFC 3987 5.3.2.3: both IRIs are mapped to URIs, normalized there
(RFC 3986 6.2.2, 6.2.3) and mapped back (3.2). Character normalization (NFC, 5.3.2.2) is
*not* applied unless asked for with ``nfc=True``: "Equivalence of IRIs MUST rely on the
assumption that IRIs are appropriately pre-character-normalized".
"""

# pyright: reportPrivateUsage=false
# (an IRIReference is made from its fields, as the URI model's values are)

from __future__ import annotations

import unicodedata
from typing import Final, final

from urikit._core.components import Fields
from urikit._core.edits import IRI_COMPONENTS, set_scheme
from urikit._core.iri_mapping import iri_to_uri, uri_to_iri
from urikit._core.split import split
from urikit._core.views import ReferenceViews, combine, groups_of, made
from urikit._syntax.validation import validate
from urikit.errors import expected_str, plain_str
from urikit.values.normalize import normalize
from urikit.values.uri import URI, RelativeReference, URIReference, parse

__all__ = ["IRIReference", "equivalent_iri", "normalize_iri"]


@final
class IRIReference(ReferenceViews):
    """An RFC 3987 ``IRI-reference``, kept as written; ``IRIReference(text)`` validates.

    The readers and ``with_<name>`` changers of the URI model
    (:class:`urikit._core.views.ReferenceViews`, the same code) over the same seven
    components, for IRI text: each changer checks its component against its rule of
    RFC 3987 2.2 (``iuserinfo``, ``ihost``, ``ipath``, ``iquery``, ``ifragment``;
    ``scheme`` and ``port`` as in RFC 3986) and the result against the others, so the
    result is an IRI-reference too. :attr:`segments` of an absolute path has no leading
    ``""``.

    Equality is simple string comparison (5.3.1): ``IRIReference("http://a/%C3%A9")``
    and ``IRIReference("http://a/é")`` differ; compare with :func:`equivalent_iri`.
    """

    __slots__ = ()
    _COMPONENTS = IRI_COMPONENTS
    _LEADING_EMPTY_SEGMENT = False

    def __new__(cls, text: str) -> IRIReference:
        text = plain_str(text)
        validate(text, "IRI-reference")
        return made(IRIReference, _iri_fields(text))

    @classmethod
    def parse(cls, text: str) -> IRIReference:
        """The same as ``IRIReference(text)``."""
        return cls(text)

    @classmethod
    def from_uri(cls, uri: URIReference | str, *, idna: bool = False) -> IRIReference:
        """The IRI a URI converts to (RFC 3987 3.2; :func:`urikit.uri_to_iri`)."""
        if isinstance(uri, URI | RelativeReference):
            uri = str(uri)
        elif not isinstance(uri, str):
            raise expected_str(uri, "uri", values=True)
        return cls(uri_to_iri(uri, idna=idna))

    def to_uri(self, *, idna: bool = False) -> URIReference:
        """The URI-reference this IRI maps to (RFC 3987 3.1), in the URI model."""
        return parse(iri_to_uri(str(self), idna=idna))

    @property
    def scheme(self) -> str | None:
        """The scheme (ASCII, as in RFC 3986 3.1), or None for a relative reference."""
        return self._scheme

    # -- changing an IRI: component text as written in an IRI (RFC 3987 2.2) -------------

    def with_scheme(self, scheme: str | None) -> IRIReference:
        """A copy with the scheme (ASCII, RFC 3986 3.1) set, or removed (a relative
        reference)."""
        return combine(IRIReference, set_scheme(groups_of(self), scheme))


def _iri_fields(text: str) -> Fields:
    """The seven components of ``text``, a valid IRI-reference: Appendix B of RFC 3986
    cuts it at its delimiters, which IRIs share (RFC 3987 2.2)."""
    scheme, authority, path, query, fragment = split(text)
    if authority is None:
        return Fields(scheme, None, None, None, path, query, fragment)
    userinfo, at, hostport = authority.rpartition("@")
    end = hostport.rfind("]") + 1  # after an IP-literal; 0 otherwise
    host, colon, port = hostport[end:].partition(":")
    host = hostport[:end] + host
    return Fields(
        scheme, userinfo if at else None, host, port if colon else None, path, query, fragment
    )


NFC: Final = "NFC"


def normalize_iri(text: str | IRIReference, *, idna: bool = False, nfc: bool = False) -> str:
    """``text`` in normal form for comparison (RFC 3987 5.3.2, 5.3.3), as an IRI.

    The IRI is mapped to a URI (3.1), normalized there: scheme and ASCII host in lower
    case, escapes in upper case, escapes of unreserved characters decoded, dot-segments
    removed, default port and empty path per scheme (RFC 3986 6.2.2, 6.2.3), then
    converted back (3.2), so ``eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9`` gives
    ``example://a/b/c/%7Bfoo%7D/rosé`` (5.3.2). ``idna=True`` also treats a host and
    its A-labels as one (5.3.3; UTS #46 folds its case), shown as U-labels. NFC is
    applied first only with ``nfc=True`` (5.3.2.2: for text from a non-digital or
    non-Unicode source); otherwise ``é`` and ``e\\u0301`` stay different.
    """
    iri = _iri_text(text, "text")
    if nfc:
        iri = unicodedata.normalize(NFC, iri)
    return uri_to_iri(normalize(iri_to_uri(iri, idna=idna)), idna=idna)


def equivalent_iri(
    a: str | IRIReference, b: str | IRIReference, *, idna: bool = False, nfc: bool = False
) -> bool:
    """Whether two IRI-references are equivalent after :func:`normalize_iri` (5.3)."""
    a, b = _iri_text(a, "a"), _iri_text(b, "b")
    return normalize_iri(a, idna=idna, nfc=nfc) == normalize_iri(b, idna=idna, nfc=nfc)


def _iri_text(value: str | IRIReference, what: str) -> str:
    """An IRIReference's text, or ``value`` by the one input rule (``what`` names it)."""
    if isinstance(value, IRIReference):
        return str(value)
    return plain_str(value, what)
