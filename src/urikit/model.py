"""Immutable URI references: components by name (RFC 3), views, recomposition (RFC 5.3).

A reference keeps each component exactly as written, still percent-encoded, and keeps
"undefined" (``None``) apart from "empty" (``""``), as RFC 5.2.1 requires: ``http://h?``
has an empty query, ``http://h`` none. ``str(parse(x)) == x`` for every valid ``x``.

Names follow one convention: a component's own name (``path``, ``user``, ``query_pairs()``)
gives it as written, percent-encoded; ``decoded_<name>`` is its percent-decoded view
(RFC 2.1, 2.5); ``with_<name>(text)`` takes encoded text and validates it.

Values are values, not sequences: the components sit in private slots
(:class:`urikit._parsing.Components`); there is no iteration, indexing, ``len``,
arithmetic or ordering, and a value equals only a value of its own class with the same
components. Every way to make one validates: ``URI(text)`` parses ``text``.
"""

# pyright: reportPrivateUsage=false
# (the model fills and reads the slots of urikit._parsing.Components it inherits)

from __future__ import annotations

import ipaddress
import sys
from collections.abc import Callable, Iterable
from typing import (
    TYPE_CHECKING,
    Annotated,
    ClassVar,
    Final,
    Literal,
    Self,
    TypeAlias,
    TypeVar,
    final,
    overload,
)

from urikit import _parsing
from urikit._compiled import locate
from urikit._parsing import Components, Fields, ReferenceRule, fields_of, parse_fields
from urikit._percent import percent_decode
from urikit._redact import redact
from urikit.errors import InvalidURIError, URIBuildError, expected_str
from urikit.grammar import RuleName
from urikit.hosts import HostKind, IPAddress, analyze, host_kind
from urikit.validation import checked

if TYPE_CHECKING:  # the builder is a layer above the model: a type-only import
    from urikit.builder import QueryParams

__all__ = [
    "URI",
    "HostKind",
    "ReferenceKind",
    "RelativeReference",
    "URIReference",
    "parse",
    "parse_absolute",
]

ReferenceKind: TypeAlias = Literal["uri", "network-path", "absolute-path", "relative-path"]


_onew = object.__new__
_intern = sys.intern
_R = TypeVar("_R", bound="_Reference")


def _make(cls: type[_R], fields: Fields) -> _R:
    """The value of class ``cls`` with these (valid, consistent) fields, unchecked."""
    v = _onew(cls)
    v._scheme, v._userinfo, v._host, v._port, v._path, v._query, v._fragment = fields
    return v


def _decoded(text: str, component: str) -> str:
    """``text`` percent-decoded as UTF-8 (RFC 2.5); an error names the component."""
    try:
        return percent_decode(text)
    except InvalidURIError as error:
        error.component = component
        raise


def _authority(userinfo: str | None, host: str, port: str | None) -> str:
    """``"//" [ userinfo "@" ] host [ ":" port ]`` (RFC 5.3)."""
    text = "//" + host if userinfo is None else "//" + userinfo + "@" + host
    return text if port is None else text + ":" + port


def _pairs(query: str | None) -> list[tuple[str, str]]:
    """``query`` split at ``&`` into ``key=value`` pairs as written; no ``=``: value ``""``."""
    if not query:
        return []
    return [(key, value) for key, _, value in (item.partition("=") for item in query.split("&"))]


class _Reference(Components):
    """What URI and RelativeReference share: components, views, recomposition."""

    __slots__ = ()

    # -- components, exactly as written (RFC 3) ---------------------------------------

    @property
    def userinfo(self) -> str | None:
        """The userinfo subcomponent (RFC 3.2.1), or None."""
        return self._userinfo

    @property
    def user(self) -> str | None:
        """The userinfo up to its first ``":"`` (RFC 3.2.1), encoded; None without one."""
        userinfo = self._userinfo
        return None if userinfo is None else userinfo.partition(":")[0]

    @property
    def password(self) -> str | None:
        """The userinfo after its first ``":"`` (RFC 3.2.1, deprecated), encoded, or None."""
        userinfo = self._userinfo
        if userinfo is None or ":" not in userinfo:
            return None
        return userinfo.partition(":")[2]

    @property
    def host(self) -> str | None:
        """The host (RFC 3.2.2), brackets included for IP-literals; None without authority."""
        return self._host

    @property
    def port(self) -> str | None:
        """The port's digits as written (RFC 3.2.3): ``""`` for ``h:``, None for ``h``."""
        return self._port

    @property
    def path(self) -> str:
        """The path (RFC 3.3); never None, possibly empty."""
        return self._path

    @property
    def segments(self) -> tuple[str, ...]:
        """The path split at "/" (RFC 3.3), encoded; an absolute path starts with ""."""
        path = self._path
        return tuple(path.split("/")) if path else ()

    @property
    def query(self) -> str | None:
        """The query (RFC 3.4) without its ``?``, or None."""
        return self._query

    def query_pairs(self) -> list[tuple[str, str]]:
        """The query read as ``&``-separated ``key=value`` pairs, encoded (RFC 3.4 leaves
        the form to the scheme; this is the one HTML forms use). No ``=``: value ``""``."""
        return _pairs(self._query)

    @property
    def fragment(self) -> str | None:
        """The fragment (RFC 3.5) without its ``#``, or None."""
        return self._fragment

    # -- derived ----------------------------------------------------------------------

    @property
    def authority(self) -> str | None:
        """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3.2), or None."""
        host = self._host
        return None if host is None else _authority(self._userinfo, host, self._port)[2:]

    @property
    def port_number(self) -> int | None:
        """The port as an int; None when undefined or empty (RFC 3.2.3)."""
        port = self._port
        if not port:
            return None
        digits = port.lstrip("0") or "0"
        if len(digits) > sys.get_int_max_str_digits() > 0:
            raise InvalidURIError(
                port,
                position=0,
                rule="port",
                reason="the port has too many digits to be read as a number",
                component="port",
            )
        return int(digits)

    @property
    def host_kind(self) -> HostKind | None:
        """The alternative of ``host`` the host matches, first match wins (RFC 3.2.2)."""
        host = self._host
        return None if host is None else host_kind(host)

    @property
    def ip(self) -> IPAddress | None:
        """The host as an ``ipaddress`` object for IPv4 and IPv6 hosts, else None."""
        kind = self.host_kind
        host = self._host
        if kind is HostKind.IPV4 and host is not None:
            return ipaddress.IPv4Address(host)
        if kind is HostKind.IPV6 and host is not None:
            return ipaddress.IPv6Address(host[1:-1])
        return None

    @property
    def host_address(self) -> IPAddress | None:
        """The IP address a resolver uses for this host without DNS (RFC 7.4), else None.

        Also for a reg-name that ``inet_aton`` or a WHATWG URL parser reads as an IPv4
        address: ``http://0x7f.1/`` gives ``IPv4Address('127.0.0.1')``. See
        :func:`urikit.hosts.analyze` for every reading and the IPv4 address an IPv6
        address embeds.
        """
        host = self._host
        return None if host is None else analyze(host).address

    # -- decoded views (RFC 2.1, 2.5: percent-encoded UTF-8) ----------------------------

    @property
    def decoded_user(self) -> str | None:
        """:attr:`user` percent-decoded."""
        user = self.user
        return None if user is None else _decoded(user, "userinfo")

    @property
    def decoded_password(self) -> str | None:
        """:attr:`password` percent-decoded."""
        password = self.password
        return None if password is None else _decoded(password, "userinfo")

    @property
    def decoded_host(self) -> str | None:
        """The host decoded: a reg-name percent-decoded, an IP-literal without brackets."""
        host = self._host
        if host is None:
            return None
        return host[1:-1] if host.startswith("[") else _decoded(host, "host")

    @property
    def decoded_path(self) -> str:
        """:attr:`path` percent-decoded (a decoded ``%2F`` is no longer told from ``/``:
        use :attr:`decoded_segments` to keep them apart)."""
        return _decoded(self._path, "path")

    @property
    def decoded_segments(self) -> tuple[str, ...]:
        """Each of :attr:`segments` percent-decoded."""
        return tuple(_decoded(s, "path") for s in self.segments)

    @property
    def decoded_query(self) -> str | None:
        """The query percent-decoded (``+`` stays ``+``: RFC 3986 gives it no meaning)."""
        query = self._query
        return None if query is None else _decoded(query, "query")

    def decoded_query_pairs(self, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
        """:meth:`query_pairs` with keys and values percent-decoded.

        ``plus_as_space`` reads ``+`` as a space, as HTML forms write it; RFC 3986 itself
        gives ``+`` no meaning.
        """
        pairs: list[tuple[str, str]] = []
        for key, value in _pairs(self._query):
            if plus_as_space:
                key, value = key.replace("+", " "), value.replace("+", " ")
            pairs.append((_decoded(key, "query"), _decoded(value, "query")))
        return pairs

    @property
    def decoded_fragment(self) -> str | None:
        """The fragment percent-decoded."""
        fragment = self._fragment
        return None if fragment is None else _decoded(fragment, "fragment")

    # -- recomposition (RFC 5.3) --------------------------------------------------------

    def __str__(self) -> str:
        host = self._host
        text = (
            self._path
            if host is None
            else _authority(self._userinfo, host, self._port) + self._path
        )
        scheme = self._scheme
        if scheme is not None:
            text = scheme + ":" + text
        if self._query is not None:
            text += "?" + self._query
        if self._fragment is not None:
            text += "#" + self._fragment
        return text

    def __repr__(self) -> str:
        """The class and the text, the password (if any) written ``***`` (RFC 7.5)."""
        return f"{type(self).__name__}({redact(str(self))!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and fields_of(self) == fields_of(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, fields_of(self)))

    def __reduce__(self) -> tuple[Callable[[str], Self], tuple[str]]:
        return (type(self), (str(self),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    # -- classification (RFC 4) ---------------------------------------------------------

    @property
    def kind(self) -> ReferenceKind:
        """``"uri"``, or the relative reference's kind (RFC 4.2)."""
        if self._scheme is not None:
            return "uri"
        if self._host is not None:
            return "network-path"
        return "absolute-path" if self._path.startswith("/") else "relative-path"

    @property
    def is_absolute(self) -> bool:
        """Whether this is an absolute-URI (RFC 4.3): a scheme and no fragment."""
        return self._scheme is not None and self._fragment is None

    # -- changing a reference ------------------------------------------------------------

    def with_userinfo(self, userinfo: str | None) -> Self:
        """A copy with the userinfo (percent-encoded text) set or removed (RFC 3.2.1)."""
        if userinfo is not None and self._host is None:
            raise URIBuildError(
                "userinfo needs an authority: set a host first (RFC 3.2)", code="needs-host"
            )
        return self._replace(userinfo=_checked(userinfo, "userinfo"))

    def with_host(self, host: str | IPAddress | None) -> Self:
        """A copy with the host set; None removes the whole authority (RFC 3.2).

        An ``ipaddress`` object is written in its text form, IPv6 in brackets.
        """
        if host is None:
            return self._replace(userinfo=None, host=None, port=None)
        if isinstance(host, ipaddress.IPv6Address):
            if host.scope_id is not None:
                raise URIBuildError(
                    f"an RFC 3986 IP-literal has no zone identifier: {str(host)!r}", code="zone-id"
                )
            text = f"[{host.compressed}]"
        elif isinstance(host, ipaddress.IPv4Address):
            text = str(host)
        else:
            text = _checked(host, "host")
        return self._replace(host=text)

    def with_port(self, port: int | str | None) -> Self:
        """A copy with the port set (an int 0-65535, or digits as text) or removed
        (RFC 3.2.3)."""
        if port is not None and self._host is None:
            raise URIBuildError(
                "a port needs an authority: set a host first (RFC 3.2)", code="needs-host"
            )
        if isinstance(port, bool):
            raise TypeError("port must be an int or a str of digits, not bool")
        if isinstance(port, int):
            if not 0 <= port <= 65535:
                raise URIBuildError("a port is a number from 0 to 65535", code="port-out-of-range")
            port = str(port)
        return self._replace(port=_checked(port, "port"))

    def with_path(self, path: str) -> Self:
        """A copy with the path (percent-encoded text) set (RFC 3.3)."""
        if path is None:
            raise TypeError("path must be a str: a path is always defined (RFC 3.3), use ''")
        return self._replace(path=_checked(path, "path"))

    def with_query(self, query: str | None) -> Self:
        """A copy with the query (percent-encoded, without ``?``) set or removed."""
        return self._replace(query=_checked(query, "query"))

    def with_fragment(self, fragment: str | None) -> Self:
        """A copy with the fragment (percent-encoded, without ``#``) set or removed."""
        return self._replace(fragment=_checked(fragment, "fragment"))

    # -- everyday edits: raw data in, encoded once (urikit.editing; RFC 3.3, 3.4) --------

    def with_query_param(
        self, name: str, value: str | None, *, plus_as_space: bool = False
    ) -> Self:
        """A copy with the parameter ``name`` set to ``value`` (raw data; None: ``?name``),
        in place of the first of that name, the others of that name dropped; appended if
        there is none. Other parameters stay as written. ``plus_as_space``: read and
        write ``+`` as a space, as forms do (RFC 3.4 gives ``+`` no meaning)."""
        from urikit import editing

        return editing.with_query_param(self, name, value, plus_as_space=plus_as_space)

    def add_query_param(self, name: str, value: str | None, *, plus_as_space: bool = False) -> Self:
        """A copy with the parameter ``name=value`` (raw data) appended after the others."""
        from urikit import editing

        return editing.add_query_param(self, name, value, plus_as_space=plus_as_space)

    def without_query_param(self, name: str, *, plus_as_space: bool = False) -> Self:
        """A copy without any parameter named ``name``; none left: no query."""
        from urikit import editing

        return editing.without_query_param(self, name, plus_as_space=plus_as_space)

    def with_query_params(self, params: QueryParams, *, plus_as_space: bool = False) -> Self:
        """A copy with each name of ``params`` set as :meth:`with_query_param` sets one
        (repeated names: all their values, in order); other parameters stay as written."""
        from urikit import editing

        return editing.with_query_params(self, params, plus_as_space=plus_as_space)

    def joinpath(self, *segments: str) -> Self:
        """A copy with raw ``segments`` appended to the path, each encoded as one segment
        (``"/"`` inside is ``%2F``); ``"."`` and ``".."`` raise URIBuildError (RFC 3.3)."""
        from urikit import editing

        return editing.joinpath(self, *segments)

    def __truediv__(self, segment: str) -> Self:
        """``ref / "a b"`` is ``ref.joinpath("a b")``: the right side is one segment of
        data, not path syntax (``ref / "a/b"`` appends ``a%2Fb``)."""
        if not isinstance(segment, str):
            return NotImplemented
        return self.joinpath(segment)

    @property
    def parent(self) -> Self:
        """A copy without the last path segment (``/a/b`` -> ``/a``, ``/a`` -> ``/``)."""
        from urikit import editing

        return editing.parent(self)

    def with_segments(self, segments: Iterable[str]) -> Self:
        """A copy whose path is made of raw ``segments``, each encoded as data (RFC 3.3)."""
        from urikit import editing

        return editing.with_segments(self, segments)

    def _replace(self, **changes: str | None) -> Self:
        """A copy with the named components changed, checked to fit (see :func:`combine`)."""
        return combine(type(self), _changed(fields_of(self), changes))

    # -- pydantic: the class as a field annotation ----------------------------------------

    _RULE: ClassVar[ReferenceRule]  # what a pydantic field of this class validates

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler: object) -> object:
        """pydantic's hook: a field annotated with the class validates as
        :data:`urikit.integrations.pydantic.URIField` (or ``RelativeReferenceField``)
        does. pydantic is imported here, when a model uses the class, never before."""
        from urikit.integrations.pydantic import core_schema_of

        return core_schema_of(cls._RULE)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: object, handler: object) -> object:
        """pydantic's hook: ``{"type": "string", "format": "uri"}`` (or uri-reference)."""
        from urikit.integrations.pydantic import json_schema_of

        return json_schema_of(cls._RULE)


_FIELD_NAMES: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def _changed(fields: Fields, changes: dict[str, str | None]) -> Fields:
    """``fields`` with the named ones replaced."""
    return tuple(  # type: ignore[return-value]
        changes.get(name, field) for name, field in zip(_FIELD_NAMES, fields, strict=True)
    )


@final
class URI(_Reference):
    """A URI: a reference with a scheme (RFC 3). ``URI("http://h/p")`` parses and
    validates its text, as :meth:`parse` does."""

    __slots__ = ()
    _RULE = "URI"

    def __new__(cls, text: str) -> URI:
        return _make(URI, parse_fields(text, "URI"))

    @property
    def scheme(self) -> str:
        """The scheme as written (RFC 3.1); compare it case-insensitively."""
        return self._scheme  # type: ignore[return-value]

    @classmethod
    def parse(cls, text: str) -> URI:
        """Parse a URI (RFC 3: ``URI``); a fragment is allowed."""
        return _make(URI, parse_fields(text, "URI"))

    @classmethod
    def parse_absolute(cls, text: str) -> URI:
        """Parse an absolute-URI (RFC 4.3): a scheme and no fragment, as a base must be."""
        return parse_absolute(text)

    @overload
    def with_scheme(self, scheme: str) -> URI: ...
    @overload
    def with_scheme(self, scheme: None) -> RelativeReference: ...
    def with_scheme(self, scheme: str | None) -> URIReference:
        """A copy with the scheme changed, or without it (a relative reference)."""
        return _with_scheme(self, scheme)

    def resolve(self, ref: URIReference | str, *, strict: bool = True) -> URI:
        """The target of ``ref`` with this URI as its base (RFC 5.2); see
        :func:`urikit.resolve`.

        The import is local because resolution is a layer above the model (it builds
        on these classes); importing it at module level would make a cycle.
        """
        from urikit.resolution import resolve

        return resolve(self, ref, strict=strict)


@final
class RelativeReference(_Reference):
    """A relative reference (RFC 4.2): no scheme. ``RelativeReference("../a?q")`` parses
    and validates its text, as :meth:`parse` does."""

    __slots__ = ()
    _RULE = "relative-ref"

    def __new__(cls, text: str) -> RelativeReference:
        return _make(RelativeReference, parse_fields(text, "relative-ref"))

    @property
    def scheme(self) -> None:
        """Always None: a relative reference has no scheme."""
        return None

    @classmethod
    def parse(cls, text: str) -> RelativeReference:
        """Parse a relative-ref (RFC 4.2)."""
        return _make(RelativeReference, parse_fields(text, "relative-ref"))

    @overload
    def with_scheme(self, scheme: str) -> URI: ...
    @overload
    def with_scheme(self, scheme: None) -> RelativeReference: ...
    def with_scheme(self, scheme: str | None) -> URIReference:
        """A copy with a scheme added (a URI), or unchanged for None."""
        return _with_scheme(self, scheme)


class _AnyReference:
    """pydantic metadata of :data:`URIReference`: a field annotated with it validates as
    ``URIReferenceField`` does (one error, format uri-reference), not as a union."""

    __slots__ = ()

    def __get_pydantic_core_schema__(self, source: object, handler: object) -> object:
        from urikit.integrations.pydantic import core_schema_of

        return core_schema_of("URI-reference")

    def __get_pydantic_json_schema__(self, schema: object, handler: object) -> object:
        from urikit.integrations.pydantic import json_schema_of

        return json_schema_of("URI-reference")


URIReference: TypeAlias = Annotated[URI | RelativeReference, _AnyReference()]
"""A URI or a relative reference (RFC 4.1). ``Annotated`` only carries pydantic's hook;
for ``isinstance`` use ``(URI, RelativeReference)``."""


def parse(text: str) -> URIReference:
    """Parse a URI-reference (RFC 4.1): a :class:`URI` or a :class:`RelativeReference`.

    Raises :class:`InvalidURIError` naming the position, the rule and the component.
    """
    try:  # parse_fields and from_fields, inlined: this is the hot path
        m = _parsing.match(text)
    except TypeError:
        raise expected_str(text) from None
    if m is None:
        raise locate(str.__str__(text), "URI-reference")
    fields = m.groups()
    scheme = fields[0]
    v: URIReference = _onew(RelativeReference if scheme is None else URI)  # type: ignore[assignment]
    v._scheme, v._userinfo, v._host, v._port, v._path, v._query, v._fragment = fields
    if scheme is not None:
        v._scheme = _intern(scheme)  # one string per scheme, however many values
    return v


def from_fields(fields: Fields) -> URIReference:
    """The reference with these (valid, consistent) components, unchecked."""
    scheme = fields[0]
    if scheme is None:
        return _make(RelativeReference, fields)
    return _make(URI, (_intern(scheme), *fields[1:]))


def as_reference(value: str | URIReference, what: str = "reference") -> URIReference:
    """``value`` parsed if it is text, as it is if it is a reference; else TypeError."""
    if type(value) is URI or type(value) is RelativeReference:
        return value
    if isinstance(value, str):
        return parse(value)
    raise expected_str(value, what, values=True)


def parse_absolute(text: str) -> URI:
    """Parse an absolute-URI (RFC 4.3): what a base URI must be (RFC 5.1)."""
    return _make(URI, parse_fields(text, "absolute-URI"))


def parse_as(text: str, rule: ReferenceRule) -> URIReference:
    """Parse ``text`` as one of the four rules a whole reference can follow (RFC 3, 4)."""
    return from_fields(parse_fields(text, rule))


@overload
def _checked(value: str, rule: RuleName) -> str: ...
@overload
def _checked(value: None, rule: RuleName) -> None: ...
def _checked(value: str | None, rule: RuleName) -> str | None:
    """``value`` (encoded component text) if it matches ``rule``; None passes."""
    return None if value is None else checked(value, rule)


def _with_scheme(ref: _Reference, scheme: str | None) -> URIReference:
    fields = _changed(fields_of(ref), {"scheme": _checked(scheme, "scheme")})
    if scheme is None:
        return combine(RelativeReference, fields)
    return combine(URI, fields)


def combine(cls: type[_R], fields: Fields) -> _R:
    """The reference with these components, if they fit together (RFC 3, 3.3, 4.2)."""
    scheme, userinfo, host, port, path, query, fragment = fields
    if host is None:
        if userinfo is not None or port is not None:
            raise URIBuildError("userinfo and port need a host (RFC 3.2)", code="needs-host")
        if path.startswith("//"):
            raise URIBuildError(
                "without an authority a path cannot start with '//' (RFC 3.3);"
                " it would be read as an authority",
                code="path-double-slash",
            )
        if scheme is None and ":" in path.partition("/")[0]:
            raise URIBuildError(
                "the first segment of a relative path cannot contain ':' (RFC 4.2);"
                " it would be read as a scheme: prefix the path with './'",
                code="path-colon-first-segment",
            )
    elif path and not path.startswith("/"):
        raise URIBuildError(
            "with an authority the path must be empty or start with '/' (RFC 3.3)",
            code="path-not-absolute",
        )
    if scheme is not None:
        scheme = _intern(scheme)
    return _make(cls, (scheme, userinfo, host, port, path, query, fragment))
