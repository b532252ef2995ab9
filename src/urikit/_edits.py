"""Changing a reference: the checked combination of components (RFC 3, 3.3, 4.2), the
``with_<name>`` setters that take encoded text, and the everyday edits that take raw data
(delegated to :mod:`urikit.editing`).

`ReferenceEdits` is the changing half of :class:`urikit.model.URI` and
:class:`urikit.model.RelativeReference`.
"""

# pyright: reportPrivateUsage=false
# (this module fills and reads the slots of urikit._parsing.Components)

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Self, TypeVar, overload

from urikit._parsing import Components, Fields, fields_of, shared_scheme
from urikit._views import ReferenceViews
from urikit.errors import URIBuildError
from urikit.grammar import RuleName
from urikit.hosts import IPAddress
from urikit.validation import checked

if TYPE_CHECKING:  # the builder is a layer above: a type-only import
    from urikit.builder import QueryParams

__all__ = ["ReferenceEdits", "combine"]

_onew = object.__new__
_R = TypeVar("_R", bound=Components)


def _make(cls: type[_R], fields: Fields) -> _R:
    """The value of class ``cls`` with these (valid, consistent) fields, unchecked."""
    v = _onew(cls)
    v._scheme, v._userinfo, v._host, v._port, v._path, v._query, v._fragment = fields
    return v


_FIELD_NAMES: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def _changed(fields: Fields, changes: dict[str, str | None]) -> Fields:
    """``fields`` with the named ones replaced."""
    return tuple(  # type: ignore[return-value]
        changes.get(name, field) for name, field in zip(_FIELD_NAMES, fields, strict=True)
    )


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
        scheme = shared_scheme(scheme)
    return _make(cls, (scheme, userinfo, host, port, path, query, fragment))


@overload
def _checked(value: str, rule: RuleName) -> str: ...
@overload
def _checked(value: None, rule: RuleName) -> None: ...
def _checked(value: str | None, rule: RuleName) -> str | None:
    """``value`` (encoded component text) if it matches ``rule``; None passes."""
    return None if value is None else checked(value, rule)


class ReferenceEdits(ReferenceViews):
    """The changers (over the readers) URI and RelativeReference share."""

    __slots__ = ()

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
