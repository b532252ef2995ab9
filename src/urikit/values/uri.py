"""Immutable URI references: components by name (RFC 3), views, recomposition (RFC 5.3).

A reference keeps each component exactly as written, still percent-encoded, and keeps
"undefined" (``None``) apart from "empty" (``""``), as RFC 5.2.1 requires: ``http://h?``
has an empty query, ``http://h`` none. ``str(parse(x)) == x`` for every valid ``x``.

Names follow one convention: a component's own name (``path``, ``user``, ``query_pairs()``)
gives it as written, percent-encoded; ``decoded_<name>`` is its percent-decoded view
(RFC 2.1, 2.5); ``with_<name>(text)`` takes encoded text and validates it.

Values are values, not sequences: the components sit in private slots
(:class:`urikit._core.views.ReferenceViews`); there is no iteration, indexing, ``len``,
arithmetic or ordering, and a value equals only a value of its own class with the same
components. Every way to make one validates: ``URI(text)`` parses ``text``.
"""

# pyright: reportPrivateUsage=false
# (the model fills and reads the slots of urikit._core.components.Components it inherits)

from __future__ import annotations

import ipaddress
import sys
from collections.abc import Callable, Iterable
from functools import wraps
from typing import (
    Annotated,
    ClassVar,
    Final,
    Self,
    TypeAlias,
    TypeVar,
    cast,
    final,
    overload,
)

from urikit._core import components as _parsing
from urikit._core.components import Groups, ReferenceRule, parse_fields, shared_scheme
from urikit._core.edits import set_scheme
from urikit._core.hosts import HostKind, IPAddress, analyze, host_kind
from urikit._core.query_params import QueryParams
from urikit._core.resolution import target_fields
from urikit._core.views import (
    ReferenceKind,
    ReferenceViews,
    combine,
    groups_of,
    made,
)
from urikit._syntax.compiled import locate
from urikit._syntax.native import kernel
from urikit.errors import InvalidURIError, expected_str
from urikit.errors.reasons import reason
from urikit.values import everyday

__all__ = [
    "URI",
    "HostKind",
    "ReferenceKind",
    "RelativeReference",
    "URIReference",
    "parse",
    "parse_absolute",
]


_onew = object.__new__
_SCHEMES = _parsing.SCHEMES


class _Reference(ReferenceViews):
    """What URI and RelativeReference share beyond :class:`ReferenceViews` (the
    components, their readers and ``with_<name>`` changers, recomposition, equality):
    the URI-only readers, the everyday edits, parsing and ``with_scheme``."""

    __slots__ = ()

    # -- everyday edits: raw data in, encoded once (urikit.values.everyday; RFC 3.3, 3.4) --------

    def with_query_param(
        self, name: str, value: str | None, *, plus_as_space: bool = False
    ) -> Self:
        """A copy with the parameter ``name`` set to ``value`` (raw data; None: ``?name``),
        in place of the first of that name, the others of that name dropped; appended if
        there is none. Other parameters stay as written. ``plus_as_space``: read and
        write ``+`` as a space, as forms do (RFC 3.4 gives ``+`` no meaning)."""
        return everyday.with_query_param(self, name, value, plus_as_space=plus_as_space)

    def add_query_param(self, name: str, value: str | None, *, plus_as_space: bool = False) -> Self:
        """A copy with the parameter ``name=value`` (raw data) appended after the others."""
        return everyday.add_query_param(self, name, value, plus_as_space=plus_as_space)

    def without_query_param(self, name: str, *, plus_as_space: bool = False) -> Self:
        """A copy without any parameter named ``name``; none left: no query."""
        return everyday.without_query_param(self, name, plus_as_space=plus_as_space)

    def with_query_params(self, params: QueryParams, *, plus_as_space: bool = False) -> Self:
        """A copy with each name of ``params`` set as :meth:`with_query_param` sets one
        (repeated names: all their values, in order); other parameters stay as written."""
        return everyday.with_query_params(self, params, plus_as_space=plus_as_space)

    def joinpath(self, *segments: str) -> Self:
        """A copy with raw ``segments`` appended to the path, each encoded as one segment
        (``"/"`` inside is ``%2F``); ``"."`` and ``".."`` raise URIBuildError (RFC 3.3)."""
        return everyday.joinpath(self, *segments)

    def __truediv__(self, segment: str) -> Self:
        """``ref / "a b"`` is ``ref.joinpath("a b")``: the right side is one segment of
        data, not path syntax (``ref / "a/b"`` appends ``a%2Fb``)."""
        if not isinstance(segment, str):
            return NotImplemented
        return self.joinpath(segment)

    @property
    def parent(self) -> Self:
        """A copy without the last path segment (``/a/b`` -> ``/a``, ``/a`` -> ``/``)."""
        return everyday.parent(self)

    def with_segments(self, segments: Iterable[str]) -> Self:
        """A copy whose path is made of raw ``segments``, each encoded as data (RFC 3.3)."""
        return everyday.with_segments(self, segments)

    # -- derived (RFC 3.2.2, 3.2.3, 4) ------------------------------------------------------

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
                reason=reason("port-too-many-digits"),
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
        :func:`urikit._core.hosts.analyze` for every reading and the IPv4 address an IPv6
        address embeds.
        """
        host = self._host
        return None if host is None else analyze(host).address

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

    #: The rule the text of a value of this class follows (its parser's, and as a field
    #: type pydantic's hooks', wired by the package: see urikit.integrations.pydantic.wire).
    _RULE: ClassVar[ReferenceRule]

    # -- making one, and changing its scheme (which may change its class) -----------------

    def __new__(cls, text: str) -> Self:
        return made(cls, parse_fields(text, cls._RULE))

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse ``text`` as the rule of this class: a URI (RFC 3: ``URI``, a fragment
        allowed) for :class:`URI`, a relative-ref (RFC 4.2) for
        :class:`RelativeReference`."""
        return made(cls, parse_fields(text, cls._RULE))

    @overload
    def with_scheme(self, scheme: str) -> URI: ...
    @overload
    def with_scheme(self, scheme: None) -> RelativeReference: ...
    def with_scheme(self, scheme: str | None) -> URIReference:
        """A copy with the scheme set (a URI), or without one (a relative reference)."""
        fields = set_scheme(groups_of(self), scheme)
        if scheme is None:
            return combine(RelativeReference, fields)
        return combine(URI, fields)


@final
class URI(_Reference):
    """A URI: a reference with a scheme (RFC 3). ``URI("http://h/p")`` parses and
    validates its text, as :meth:`parse` does."""

    __slots__ = ()
    _RULE = "URI"

    @property
    def scheme(self) -> str:
        """The scheme as written (RFC 3.1); compare it case-insensitively."""
        return self._scheme  # type: ignore[return-value]

    @classmethod
    def parse_absolute(cls, text: str) -> URI:
        """Parse an absolute-URI (RFC 4.3): a scheme and no fragment, as a base must be."""
        return parse_absolute(text)

    def resolve(self, ref: URIReference | str, *, strict: bool = True) -> URI:
        """The target of ``ref`` with this URI as its base (RFC 5.2); see
        :func:`urikit.resolve`."""
        target = target_fields(groups_of(self), groups_of(ref, "ref"), strict=strict)
        return from_fields(target)  # type: ignore[return-value]


@final
class RelativeReference(_Reference):
    """A relative reference (RFC 4.2): no scheme. ``RelativeReference("../a?q")`` parses
    and validates its text, as :meth:`parse` does."""

    __slots__ = ()
    _RULE = "relative-ref"

    @property
    def scheme(self) -> None:
        """Always None: a relative reference has no scheme."""
        return None


class _AnyReference:
    """Metadata of :data:`URIReference`: as a field type it validates as one rule,
    URI-reference, rather than as a union of two classes (pydantic's hooks are wired by
    the package: see urikit.integrations.pydantic.wire)."""

    __slots__ = ()
    _RULE: ClassVar[ReferenceRule] = "URI-reference"


URIReference: TypeAlias = Annotated[URI | RelativeReference, _AnyReference()]
"""A URI or a relative reference (RFC 4.1). ``Annotated`` only carries pydantic's hook;
for ``isinstance`` use ``(URI, RelativeReference)``."""

#: What can annotate a field of a data-validation library: the value classes and
#: URIReference's metadata. Each names its rule in ``_RULE``; the package gives them
#: pydantic's hooks (urikit/__init__.py), so that these values need not know pydantic.
FIELD_TYPES: Final = (_Reference, _AnyReference)


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
    if scheme is None:
        r: RelativeReference = _onew(RelativeReference)
        r._scheme, r._userinfo, r._host, r._port, r._path, r._query, r._fragment = fields
        return r
    v: URI = _onew(URI)
    _, v._userinfo, v._host, v._port, v._path, v._query, v._fragment = fields
    try:  # views.made(URI, fields), inlined: this is the hot path
        v._scheme = _SCHEMES[scheme]
    except KeyError:
        v._scheme = shared_scheme(scheme)
    return v


def from_fields(fields: Groups) -> URIReference:
    """The reference with these (valid, consistent) components, unchecked."""
    if fields[0] is None:
        return made(RelativeReference, fields)
    return made(URI, fields)


_Parse = TypeVar("_Parse", bound=Callable[[str], object])


def _with_kernel(make: Callable[[str], URIReference | None], pure: _Parse) -> _Parse:
    """``pure`` (:func:`parse`) with the native kernel (:mod:`urikit._syntax.native`) in place of
    the pattern: one call validates, splits and fills the value's slots. The same
    values, the same located error (tests/kernel)."""

    @wraps(pure)
    def parse(text: str) -> URIReference:
        try:
            value = make(text)
        except TypeError:
            raise expected_str(text) from None
        if value is None:
            raise locate(str.__str__(text), "URI-reference")
        return value

    return cast(_Parse, parse)


if kernel is not None:
    kernel.bind(ReferenceViews, URI, RelativeReference, _SCHEMES, shared_scheme)
    parse = _with_kernel(kernel.parse, parse)


def as_reference(value: str | URIReference, what: str = "reference") -> URIReference:
    """``value`` parsed if it is text, as it is if it is a reference; else TypeError."""
    if type(value) is URI or type(value) is RelativeReference:
        return value
    if isinstance(value, str):
        return parse(value)
    raise expected_str(value, what, values=True)


def parse_absolute(text: str) -> URI:
    """Parse an absolute-URI (RFC 4.3): what a base URI must be (RFC 5.1)."""
    return made(URI, parse_fields(text, "absolute-URI"))


def parse_as(text: str, rule: ReferenceRule) -> URIReference:
    """Parse ``text`` as one of the four rules a whole reference can follow (RFC 3, 4)."""
    return from_fields(parse_fields(text, rule))
