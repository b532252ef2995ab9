"""Immutable URI references: parsing (RFC 3, 4), components, recomposition (RFC 5.3).

A reference keeps each component exactly as written, still percent-encoded, and keeps
"undefined" (``None``) apart from "empty" (``""``), as RFC 5.2.1 requires: ``http://h?``
has an empty query, ``http://h`` none. ``str(parse(x)) == x`` for every valid ``x``.

Values are tuples underneath (fast to make, small, immutable, no per-instance dict),
but they compare only with values of their own class, component by component.
"""

from __future__ import annotations

import ipaddress
import re
import sys
from collections.abc import Callable
from enum import StrEnum
from functools import cache
from re import Match
from typing import Annotated, ClassVar, Literal, NoReturn, Self, TypeAlias, TypeVar, overload

from urikit._abnf import Capture, IfCaptured, lit, opt, render
from urikit._compiled import compiled, locate, matching_node
from urikit._percent import percent_decode
from urikit.errors import InvalidURIError, URIBuildError, expected_str
from urikit.grammar import RuleName, ref, resolve
from urikit.validation import checked

__all__ = [
    "URI",
    "HostKind",
    "ReferenceKind",
    "RelativeReference",
    "URIReference",
    "parse",
    "parse_absolute",
]

IPAddress: TypeAlias = ipaddress.IPv4Address | ipaddress.IPv6Address
ReferenceKind: TypeAlias = Literal["uri", "network-path", "absolute-path", "relative-path"]


class HostKind(StrEnum):
    """Which alternative of ``host`` (RFC 3.2.2) a host is."""

    IPV4 = "IPv4address"
    IPV6 = "IPv6address"
    IPVFUTURE = "IPvFuture"
    REG_NAME = "reg-name"


# URI-reference with one group per component. Where the RFC has two rules with the same
# alternatives (hier-part and relative-part), a conditional picks path-rootless after a
# scheme and path-noscheme without one. host is matched as the engines match it (one
# language, less work; see urikit._compiled) and its kind is told apart after the match.
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


@cache
def components_fullmatch() -> Callable[[str], Match[str] | None]:
    """The compiled URI-reference pattern's ``fullmatch``, one group per component in
    ``Fields`` order (package-internal: for hot paths that match many strings)."""
    return re.compile(render(_COMPONENTS, resolve)).fullmatch


Fields: TypeAlias = tuple[
    str | None, str | None, str | None, str | None, str, str | None, str | None
]
_new = tuple.__new__
_intern = sys.intern


_R = TypeVar("_R", bound="_Reference")


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


class _Reference(Fields):
    """What URI and RelativeReference share: components, views, recomposition."""

    __slots__ = ()

    # -- components, exactly as written (RFC 3) ---------------------------------------

    @property
    def userinfo(self) -> str | None:
        """The userinfo subcomponent (RFC 3.2.1), or None."""
        return self[1]

    @property
    def host(self) -> str | None:
        """The host (RFC 3.2.2), brackets included for IP-literals; None without authority."""
        return self[2]

    @property
    def port(self) -> str | None:
        """The port's digits as written (RFC 3.2.3): ``""`` for ``h:``, None for ``h``."""
        return self[3]

    @property
    def path(self) -> str:
        """The path (RFC 3.3); never None, possibly empty."""
        return self[4]

    @property
    def query(self) -> str | None:
        """The query (RFC 3.4) without its ``?``, or None."""
        return self[5]

    @property
    def fragment(self) -> str | None:
        """The fragment (RFC 3.5) without its ``#``, or None."""
        return self[6]

    # -- derived ----------------------------------------------------------------------

    @property
    def authority(self) -> str | None:
        """``[ userinfo "@" ] host [ ":" port ]`` (RFC 3.2), or None."""
        _, userinfo, host, port, _, _, _ = self
        return None if host is None else _authority(userinfo, host, port)[2:]

    @property
    def port_number(self) -> int | None:
        """The port as an int; None when undefined or empty (RFC 3.2.3)."""
        port = self[3]
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
        host = self[2]
        if host is None:
            return None
        if host.startswith("["):
            return HostKind.IPVFUTURE if host[1] in "vV" else HostKind.IPV6
        if compiled("IPv4address").pattern.fullmatch(host):
            return HostKind.IPV4
        return HostKind.REG_NAME

    @property
    def ip(self) -> IPAddress | None:
        """The host as an ``ipaddress`` object for IPv4 and IPv6 hosts, else None."""
        kind = self.host_kind
        host = self[2]
        if kind is HostKind.IPV4 and host is not None:
            return ipaddress.IPv4Address(host)
        if kind is HostKind.IPV6 and host is not None:
            return ipaddress.IPv6Address(host[1:-1])
        return None

    @property
    def path_segments(self) -> tuple[str, ...]:
        """The path split at "/" (RFC 3.3), still encoded; an absolute path starts with ""."""
        path = self[4]
        return tuple(path.split("/")) if path else ()

    # -- decoded views (RFC 2.1, 2.5: percent-encoded UTF-8) ----------------------------

    @property
    def user(self) -> str | None:
        """The decoded user name: userinfo up to its first ':'."""
        userinfo = self[1]
        return None if userinfo is None else _decoded(userinfo.partition(":")[0], "userinfo")

    @property
    def password(self) -> str | None:
        """The decoded text after the first ':' of userinfo (deprecated, RFC 3.2.1)."""
        userinfo = self[1]
        if userinfo is None or ":" not in userinfo:
            return None
        return _decoded(userinfo.partition(":")[2], "userinfo")

    @property
    def decoded_host(self) -> str | None:
        """The host decoded: a reg-name percent-decoded, an IP-literal without brackets."""
        host = self[2]
        if host is None:
            return None
        return host[1:-1] if host.startswith("[") else _decoded(host, "host")

    @property
    def segments(self) -> tuple[str, ...]:
        """The decoded path segments (same shape as :attr:`path_segments`)."""
        return tuple(_decoded(s, "path") for s in self.path_segments)

    @property
    def decoded_query(self) -> str | None:
        """The query percent-decoded (``+`` stays ``+``: RFC 3986 gives it no meaning)."""
        query = self[5]
        return None if query is None else _decoded(query, "query")

    @property
    def decoded_fragment(self) -> str | None:
        """The fragment percent-decoded."""
        fragment = self[6]
        return None if fragment is None else _decoded(fragment, "fragment")

    def query_pairs(self, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
        """The query read as ``&``-separated ``key=value`` pairs, decoded.

        A pair without ``=`` has the value ``""``. ``plus_as_space`` reads ``+`` as a
        space, as HTML forms write it; RFC 3986 itself gives ``+`` no meaning.
        """
        query = self[5]
        if not query:
            return []
        pairs = []
        for item in query.split("&"):
            key, _, value = item.partition("=")
            if plus_as_space:
                key, value = key.replace("+", " "), value.replace("+", " ")
            pairs.append((_decoded(key, "query"), _decoded(value, "query")))
        return pairs

    # -- recomposition (RFC 5.3) --------------------------------------------------------

    def __str__(self) -> str:
        scheme, userinfo, host, port, path, query, fragment = self
        text = path if host is None else _authority(userinfo, host, port) + path
        if scheme is not None:
            text = scheme + ":" + text
        if query is not None:
            text += "?" + query
        if fragment is not None:
            text += "#" + fragment
        return text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self)))

    # References have no order, and are not sequences to add or repeat (the tuple
    # underneath is an implementation detail).
    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __add__(self, other: object) -> NoReturn:
        raise TypeError(f"{type(self).__name__} values cannot be concatenated")

    def __mul__(self, other: object) -> NoReturn:
        raise TypeError(f"{type(self).__name__} values cannot be repeated")

    __rmul__ = __mul__

    def __reduce__(self) -> tuple[Callable[[str], Self], tuple[str]]:
        return (type(self).parse, (str(self),))

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse ``text`` as this class; raise :class:`InvalidURIError` if it is not one."""
        raise NotImplementedError  # pragma: no cover - defined by each subclass

    # -- classification (RFC 4) ---------------------------------------------------------

    @property
    def kind(self) -> ReferenceKind:
        """``"uri"``, or the relative reference's kind (RFC 4.2)."""
        if self[0] is not None:
            return "uri"
        if self[2] is not None:
            return "network-path"
        return "absolute-path" if self[4].startswith("/") else "relative-path"

    @property
    def is_absolute(self) -> bool:
        """Whether this is an absolute-URI (RFC 4.3): a scheme and no fragment."""
        return self[0] is not None and self[6] is None

    # -- changing a reference ------------------------------------------------------------

    def with_userinfo(self, userinfo: str | None) -> Self:
        """A copy with the userinfo (percent-encoded text) set or removed."""
        if userinfo is not None and self[2] is None:
            raise URIBuildError(
                "userinfo needs an authority: set a host first (RFC 3.2)", code="needs-host"
            )
        return self._replace(1, _checked(userinfo, "userinfo"))

    def with_host(self, host: str | IPAddress | None) -> Self:
        """A copy with the host set; None removes the whole authority (RFC 3.2).

        An ``ipaddress`` object is written in its text form, IPv6 in brackets.
        """
        if host is None:
            fields = list(self)
            fields[1] = fields[2] = fields[3] = None
            return self._from_fields(fields)
        if isinstance(host, ipaddress.IPv6Address):
            text = f"[{host.compressed}]"
        elif isinstance(host, ipaddress.IPv4Address):
            text = str(host)
        else:
            text = _checked(host, "host")
        return self._replace(2, text)

    def with_port(self, port: int | str | None) -> Self:
        """A copy with the port set (an int, or the digits as text) or removed."""
        if port is not None and self[2] is None:
            raise URIBuildError(
                "a port needs an authority: set a host first (RFC 3.2)", code="needs-host"
            )
        if isinstance(port, bool):
            raise TypeError("port must be an int or a str of digits, not bool")
        if isinstance(port, int):
            if port < 0:
                raise URIBuildError(
                    f"a port is a non-negative number, not {port}", code="port-out-of-range"
                )
            port = str(port)
        return self._replace(3, _checked(port, "port"))

    def with_path(self, path: str) -> Self:
        """A copy with the path (percent-encoded text) set (RFC 3.3)."""
        if path is None:
            raise TypeError("path must be a str: a path is always defined (RFC 3.3), use ''")
        return self._replace(4, _checked(path, "path"))

    def with_query(self, query: str | None) -> Self:
        """A copy with the query (percent-encoded, without ``?``) set or removed."""
        return self._replace(5, _checked(query, "query"))

    def with_fragment(self, fragment: str | None) -> Self:
        """A copy with the fragment (percent-encoded, without ``#``) set or removed."""
        return self._replace(6, _checked(fragment, "fragment"))

    def _replace(self, index: int, value: str | None) -> Self:
        fields = list(self)
        fields[index] = value
        return self._from_fields(fields)

    def _from_fields(self, fields: list[str | None]) -> Self:
        return combine(type(self), fields)

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


class URI(_Reference):
    """A URI: a reference with a scheme (RFC 3). ``URI.parse("http://h/p")``."""

    __slots__ = ()
    _RULE = "URI"

    @property
    def scheme(self) -> str:
        """The scheme as written (RFC 3.1); compare it case-insensitively."""
        return self[0]  # type: ignore[return-value]

    @classmethod
    def parse(cls, text: str) -> URI:
        """Parse a URI (RFC 3: ``URI``); a fragment is allowed."""
        fields = match_fields(text)
        if fields is None:
            raise locate(text, "URI")
        if fields[0] is None:
            raise _no_scheme(text, "URI")
        return from_fields(fields)  # type: ignore[return-value]

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


class RelativeReference(_Reference):
    """A relative reference (RFC 4.2): no scheme. ``RelativeReference.parse("../a?q")``."""

    __slots__ = ()
    _RULE = "relative-ref"

    @property
    def scheme(self) -> None:
        """Always None: a relative reference has no scheme."""
        return None

    @classmethod
    def parse(cls, text: str) -> RelativeReference:
        """Parse a relative-ref (RFC 4.2)."""
        ref = parse(text)
        if isinstance(ref, RelativeReference):
            return ref
        raise InvalidURIError(
            text,
            position=0,
            rule="relative-ref",
            reason=f"a relative reference has no scheme, but this starts with"
            f" {ref.scheme + ':'!r}; write './' before it if it is a path",
            component="scheme",
        )

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
    try:  # match_fields and from_fields, inlined: this is the hot path
        m = components_fullmatch()(text)
    except TypeError:
        raise expected_str(text) from None
    if m is None:
        raise locate(text, "URI-reference")
    fields = m.groups()
    scheme = fields[0]
    if scheme is None:
        return _new(RelativeReference, fields)
    _, userinfo, host, port, path, query, fragment = fields
    return _new(URI, (_intern(scheme), userinfo, host, port, path, query, fragment))


def match_fields(text: str) -> Fields | None:
    """The seven components of ``text`` if it is a URI-reference, else None.

    Package-internal (resolution and normalization work on these tuples directly).
    """
    try:
        m = components_fullmatch()(text)
    except TypeError:
        raise expected_str(text) from None
    return None if m is None else m.groups()  # type: ignore[return-value]


def fields_of(text: str) -> Fields:
    """The seven components of the URI-reference ``text``; the located error otherwise."""
    fields = match_fields(text)
    if fields is None:
        raise locate(text, "URI-reference")
    return fields


def from_fields(fields: Fields) -> URIReference:
    """The reference with these (valid, consistent) components, unchecked."""
    scheme = fields[0]
    if scheme is None:
        return _new(RelativeReference, fields)
    _, userinfo, host, port, path, query, fragment = fields
    return _new(URI, (_intern(scheme), userinfo, host, port, path, query, fragment))


def uri_from_fields(fields: Fields) -> URI:
    """The URI with these (valid, consistent) components and a scheme, unchecked."""
    return _new(URI, fields)


def as_reference(value: str | URIReference, what: str = "reference") -> URIReference:
    """``value`` parsed if it is text, as it is if it is a reference; else TypeError."""
    if type(value) is URI or type(value) is RelativeReference:
        return value
    if type(value) is str:
        return parse(value)
    raise TypeError(f"{what} must be a str, URI or RelativeReference, not {type(value).__name__}")


def parse_absolute(text: str) -> URI:
    """Parse an absolute-URI (RFC 4.3): what a base URI must be (RFC 5.1)."""
    ref = parse(text)
    if isinstance(ref, RelativeReference):
        raise _no_scheme(text, "absolute-URI")
    if ref.fragment is not None:
        raise InvalidURIError(
            text,
            position=len(text) - len(ref.fragment) - 1,
            rule="absolute-URI",
            reason="a fragment is not allowed in an absolute URI (RFC 4.3)",
            component="fragment",
        )
    return ref


ReferenceRule: TypeAlias = Literal["URI-reference", "URI", "absolute-URI", "relative-ref"]


def parse_as(text: str, rule: ReferenceRule) -> URIReference:
    """Parse ``text`` as one of the four rules a whole reference can follow (RFC 3, 4)."""
    if rule == "URI-reference":
        return parse(text)
    if rule == "URI":
        return URI.parse(text)
    if rule == "absolute-URI":
        return parse_absolute(text)
    if rule == "relative-ref":
        return RelativeReference.parse(text)
    raise ValueError(f"rule must be URI-reference, URI, absolute-URI or relative-ref, not {rule!r}")


def _no_scheme(text: str, rule: str) -> InvalidURIError:
    """The error for a valid relative reference where a URI with a scheme is needed."""
    return InvalidURIError(
        text,
        position=compiled(rule).automaton.viable_prefix_length(text),
        rule=rule,
        reason="a URI needs a scheme (as in 'https:'); this is a relative reference (RFC 4.2)",
        component="scheme",
    )


@overload
def _checked(value: str, rule: RuleName) -> str: ...
@overload
def _checked(value: None, rule: RuleName) -> None: ...
def _checked(value: str | None, rule: RuleName) -> str | None:
    """``value`` (encoded component text) if it matches ``rule``; None passes."""
    return None if value is None else checked(value, rule)


def _with_scheme(ref: _Reference, scheme: str | None) -> URIReference:
    fields = list(ref)
    fields[0] = _checked(scheme, "scheme")
    if scheme is None:
        return combine(RelativeReference, fields)
    return combine(URI, fields)


def combine(cls: type[_R], fields: list[str | None]) -> _R:
    """The reference with these components, if they fit together (RFC 3, 3.3, 4.2)."""
    scheme, userinfo, host, port, path, _, _ = fields
    assert path is not None
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
        fields[0] = _intern(scheme)
    return _new(cls, fields)
