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

from __future__ import annotations

import unicodedata
from typing import Final, final

from urikit._core.components import Fields
from urikit._core.hosts import IPAddress
from urikit._core.iri_mapping import iri_to_uri, uri_to_iri
from urikit._core.split import split
from urikit._core.views import decoded_query_pairs, query_pairs, recomposed
from urikit._syntax.percent import percent_decode
from urikit._syntax.validation import validate
from urikit.errors import expected_str, plain_str
from urikit.values.edits import (
    IRI_COMPONENTS,
    fit,
    set_fragment,
    set_host,
    set_path,
    set_port,
    set_query,
    set_scheme,
    set_userinfo,
)
from urikit.values.normalize import normalize
from urikit.values.uri import URI, RelativeReference, URIReference, parse

__all__ = ["IRIReference", "equivalent_iri", "normalize_iri"]


@final
class IRIReference:
    """An RFC 3987 ``IRI-reference``, kept as written; ``IRIReference(text)`` validates.

    The readers and the ``with_<name>`` changers of the URI model, for IRI text: each
    changer checks its component against its rule of RFC 3987 2.2 (``iuserinfo``,
    ``ihost``, ``ipath``, ``iquery``, ``ifragment``; ``scheme`` and ``port`` as in
    RFC 3986) and the result against the others, so the result is an IRI-reference too.

    Equality is simple string comparison (5.3.1): ``IRIReference("http://a/%C3%A9")``
    and ``IRIReference("http://a/é")`` differ; compare with :func:`equivalent_iri`.
    """

    __slots__ = ("_authority", "_fragment", "_path", "_query", "_scheme", "_text")

    _scheme: str | None
    _authority: str | None
    _path: str
    _query: str | None
    _fragment: str | None
    _text: str

    def __init__(self, text: str) -> None:
        text = plain_str(text)
        validate(text, "IRI-reference")
        self._fill(text)

    def _fill(self, text: str) -> None:
        """Set the slots from ``text``, a valid IRI-reference."""
        # Appendix B cuts a valid reference at its delimiters, which IRIs share.
        parts = split(text)
        object.__setattr__(self, "_scheme", parts.scheme)
        object.__setattr__(self, "_authority", parts.authority)
        object.__setattr__(self, "_path", parts.path)
        object.__setattr__(self, "_query", parts.query)
        object.__setattr__(self, "_fragment", parts.fragment)
        object.__setattr__(self, "_text", text)

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
        return parse(iri_to_uri(self._text, idna=idna))

    # -- components, as written (RFC 3987 2.2) -------------------------------------------

    @property
    def scheme(self) -> str | None:
        """The scheme (ASCII, as in RFC 3986 3.1), or None for a relative reference."""
        return self._scheme

    @property
    def authority(self) -> str | None:
        """``[ iuserinfo "@" ] ihost [ ":" port ]``, or None."""
        return self._authority

    @property
    def userinfo(self) -> str | None:
        """The iuserinfo, or None."""
        if self._authority is None or "@" not in self._authority:
            return None
        return self._authority.partition("@")[0]

    @property
    def user(self) -> str | None:
        """The userinfo up to its first ':', or None."""
        userinfo = self.userinfo
        return None if userinfo is None else userinfo.partition(":")[0]

    @property
    def password(self) -> str | None:
        """The userinfo after its first ':', or None (deprecated use, RFC 3986 3.2.1)."""
        userinfo = self.userinfo
        if userinfo is None or ":" not in userinfo:
            return None
        return userinfo.partition(":")[2]

    @property
    def host(self) -> str | None:
        """The ihost (brackets kept for an IP-literal), or None without authority."""
        return None if self._authority is None else self._hostport()[0]

    @property
    def port(self) -> str | None:
        """The port's digits as written, or None."""
        return None if self._authority is None else self._hostport()[1]

    @property
    def path(self) -> str:
        """The ipath; never None, possibly empty."""
        return self._path

    @property
    def segments(self) -> tuple[str, ...]:
        """The path's segments as written (a leading "/" gives no empty first one)."""
        path = self._path[1:] if self._path.startswith("/") else self._path
        return tuple(path.split("/")) if self._path else ()

    @property
    def query(self) -> str | None:
        """The iquery, or None."""
        return self._query

    def query_pairs(self) -> list[tuple[str, str]]:
        """The iquery read as ``&``-separated ``key=value`` pairs as written; no ``=``:
        value ``""`` (as :meth:`urikit.URI.query_pairs`)."""
        return query_pairs(self._query)

    @property
    def fragment(self) -> str | None:
        """The ifragment, or None."""
        return self._fragment

    # -- decoded views (percent-decoded as UTF-8) ----------------------------------------

    @property
    def decoded_user(self) -> str | None:
        """The user name, percent-decoded."""
        return _decoded(self.user)

    @property
    def decoded_password(self) -> str | None:
        """The password, percent-decoded."""
        return _decoded(self.password)

    @property
    def decoded_host(self) -> str | None:
        """The host, percent-decoded."""
        return _decoded(self.host)

    @property
    def decoded_path(self) -> str:
        """The path, percent-decoded."""
        return percent_decode(self._path)

    @property
    def decoded_segments(self) -> tuple[str, ...]:
        """Each path segment, percent-decoded."""
        return tuple(percent_decode(segment) for segment in self.segments)

    @property
    def decoded_query(self) -> str | None:
        """The query, percent-decoded."""
        return _decoded(self._query)

    @property
    def decoded_fragment(self) -> str | None:
        """The fragment, percent-decoded."""
        return _decoded(self._fragment)

    def decoded_query_pairs(self, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
        """:meth:`query_pairs` percent-decoded (as :meth:`urikit.URI.decoded_query_pairs`);
        ``plus_as_space`` reads ``+`` as a space, as HTML forms write it."""
        return decoded_query_pairs(self._query, plus_as_space=plus_as_space)

    # -- changing an IRI: component text as written in an IRI (RFC 3987 2.2) -------------

    def with_scheme(self, scheme: str | None) -> IRIReference:
        """A copy with the scheme (ASCII, RFC 3986 3.1) set, or removed (a relative
        reference)."""
        return self._of_fields(fit(set_scheme(self._fields(), scheme)))

    def with_userinfo(self, userinfo: str | None) -> IRIReference:
        """A copy with the iuserinfo set or removed; it needs a host."""
        return self._of_fields(fit(set_userinfo(self._fields(), userinfo, IRI_COMPONENTS)))

    def with_host(self, host: str | IPAddress | None) -> IRIReference:
        """A copy with the ihost set; None removes the whole authority. An ``ipaddress``
        object is written in its text form, IPv6 in brackets."""
        return self._of_fields(fit(set_host(self._fields(), host, IRI_COMPONENTS)))

    def with_port(self, port: int | str | None) -> IRIReference:
        """A copy with the port set (an int 0-65535, or digits as text) or removed."""
        return self._of_fields(fit(set_port(self._fields(), port)))

    def with_path(self, path: str) -> IRIReference:
        """A copy with the ipath set (one of its five forms, as fits the rest)."""
        return self._of_fields(fit(set_path(self._fields(), path, IRI_COMPONENTS)))

    def with_query(self, query: str | None) -> IRIReference:
        """A copy with the iquery (without ``?``; iprivate allowed) set or removed."""
        return self._of_fields(fit(set_query(self._fields(), query, IRI_COMPONENTS)))

    def with_fragment(self, fragment: str | None) -> IRIReference:
        """A copy with the ifragment (without ``#``) set or removed."""
        return self._of_fields(fit(set_fragment(self._fields(), fragment, IRI_COMPONENTS)))

    # -- value behaviour -----------------------------------------------------------------

    @staticmethod
    def _of_fields(fields: Fields) -> IRIReference:
        """The IRIReference with these fields: each checked against its rule and all of
        them by :func:`urikit.values.edits.fit`, so their text is an IRI-reference; not
        matched again."""
        iri = object.__new__(IRIReference)
        iri._fill(recomposed(fields))
        return iri

    def _fields(self) -> Fields:
        """The seven components, as the URI model's fields (RFC 3 order)."""
        if self._authority is None:
            userinfo = host = port = None
        else:
            userinfo = self.userinfo
            host, port = self._hostport()
        return Fields(self._scheme, userinfo, host, port, self._path, self._query, self._fragment)

    def _hostport(self) -> tuple[str, str | None]:
        assert self._authority is not None
        hostport = self._authority.rpartition("@")[2]
        end = hostport.rfind("]") + 1  # after an IP-literal; 0 otherwise
        colon = hostport.find(":", end)
        return (hostport, None) if colon < 0 else (hostport[:colon], hostport[colon + 1 :])

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        password = self.password
        if not password:
            return f"IRIReference({self._text!r})"
        start = self._text.index("//") + 2  # the authority; a scheme holds no "/"
        rest = self._text[start:].partition("@")[2]
        return f"IRIReference({self._text[:start] + (self.user or '') + ':***@' + rest!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IRIReference):
            return NotImplemented
        return self._text == other._text

    def __hash__(self) -> int:
        return hash((IRIReference, self._text))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an IRIReference is immutable")

    def __reduce__(self) -> tuple[type[IRIReference], tuple[str]]:
        return (IRIReference, (self._text,))


def _decoded(text: str | None) -> str | None:
    return None if text is None else percent_decode(text)


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
        return IRIReference.__str__(value)
    return plain_str(value, what)
