"""Reading a reference: its components as written (RFC 3), what derives from them, and
their percent-decoded views (RFC 2.1, 2.5).

`ReferenceViews` holds the components of :class:`urikit.values.uri.URI` and
:class:`urikit.values.uri.RelativeReference` and reads them; the values add the changers,
recomposition and the classes. :func:`fields_of` turns "a string or a value" into the
seven fields for the layers that work on fields directly.
"""

# pyright: reportPrivateUsage=false
# (fields_of reads the slots of ReferenceViews by name for the layers above)

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal, Self, TypeAlias, TypeVar

from urikit._core import components
from urikit._core.components import SCHEMES, Fields, Groups, shared_scheme, tuple_new
from urikit._core.edits import (
    URI_COMPONENTS,
    ComponentRules,
    fit,
    set_fragment,
    set_host,
    set_path,
    set_port,
    set_query,
    set_userinfo,
)
from urikit._core.hosts import IPAddress
from urikit._syntax.compiled import locate
from urikit._syntax.percent import percent_decode
from urikit.errors import InvalidURIError, expected_str
from urikit.errors.redact import redact

__all__ = [
    "ReferenceKind",
    "ReferenceViews",
    "combine",
    "decoded_query_pairs",
    "fields_of",
    "groups_of",
    "made",
    "query_pairs",
]

ReferenceKind: TypeAlias = Literal["uri", "network-path", "absolute-path", "relative-path"]


def _decoded(text: str, component: str) -> str:
    """``text`` percent-decoded as UTF-8 (RFC 2.5); an error names the component."""
    try:
        return percent_decode(text)
    except InvalidURIError as error:
        raise error.in_component(component) from None


def _authority(userinfo: str | None, host: str, port: str | None) -> str:
    """``"//" [ userinfo "@" ] host [ ":" port ]`` (RFC 5.3)."""
    text = "//" + host if userinfo is None else "//" + userinfo + "@" + host
    return text if port is None else text + ":" + port


def query_pairs(query: str | None) -> list[tuple[str, str]]:
    """``query`` split at ``&`` into ``key=value`` pairs as written; no ``=``: value ``""``.

    The one reading of a query as pairs, for URIs and IRIs alike (RFC 3.4 leaves the form
    to the scheme; this is the one HTML forms use).
    """
    if not query:
        return []
    return [(key, value) for key, _, value in (item.partition("=") for item in query.split("&"))]


def decoded_query_pairs(query: str | None, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
    """:func:`query_pairs` with keys and values percent-decoded as UTF-8 (RFC 2.5);
    ``plus_as_space`` reads ``+`` as a space first, as HTML forms write it."""
    pairs: list[tuple[str, str]] = []
    for key, value in query_pairs(query):
        if plus_as_space:
            key, value = key.replace("+", " "), value.replace("+", " ")
        pairs.append((_decoded(key, "query"), _decoded(value, "query")))
    return pairs


class ReferenceViews:
    """The seven components of a parsed reference, as written (RFC 3), in slots; the
    readers, recomposition, equality, hashing and pickling that URI, RelativeReference
    and IRIReference share (an IRI has the same components, RFC 3987 2.2)."""

    __slots__ = ("_fragment", "_host", "_path", "_port", "_query", "_scheme", "_userinfo")
    _scheme: str | None
    _userinfo: str | None
    _host: str | None
    _port: str | None
    _path: str
    _query: str | None
    _fragment: str | None

    #: The grammar a class's values follow, its parameters: the rule each ``with_<name>``
    #: checks its text against (RFC 3986, or RFC 3987 2.2's i-rules), and whether
    #: :attr:`segments` of an absolute path starts with "" (URI) or not (IRI).
    _COMPONENTS: ClassVar[ComponentRules] = URI_COMPONENTS
    _LEADING_EMPTY_SEGMENT: ClassVar[bool] = True

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
        """The path split at "/" (RFC 3.3), encoded; an absolute path starts with ""
        (unless the class drops it: :attr:`_LEADING_EMPTY_SEGMENT`)."""
        path = self._path
        if not path:
            return ()
        if path[0] == "/" and not self._LEADING_EMPTY_SEGMENT:
            path = path[1:]
        return tuple(path.split("/"))

    @property
    def query(self) -> str | None:
        """The query (RFC 3.4) without its ``?``, or None."""
        return self._query

    def query_pairs(self) -> list[tuple[str, str]]:
        """The query read as ``&``-separated ``key=value`` pairs, encoded (RFC 3.4 leaves
        the form to the scheme; this is the one HTML forms use). No ``=``: value ``""``."""
        return query_pairs(self._query)

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
        return None if password is None else _decoded(password, "password")

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
        return decoded_query_pairs(self._query, plus_as_space=plus_as_space)

    @property
    def decoded_fragment(self) -> str | None:
        """The fragment percent-decoded."""
        fragment = self._fragment
        return None if fragment is None else _decoded(fragment, "fragment")

    # -- changing a reference: encoded text by the class's rules (RFC 3986 or 3987 2.2) ---

    def with_userinfo(self, userinfo: str | None) -> Self:
        """A copy with the userinfo (encoded text) set or removed (RFC 3.2.1); it needs a
        host."""
        return combine(type(self), set_userinfo(groups_of(self), userinfo, self._COMPONENTS))

    def with_host(self, host: str | IPAddress | None) -> Self:
        """A copy with the host set; None removes the whole authority (RFC 3.2).

        An ``ipaddress`` object is written in its text form, IPv6 in brackets.
        """
        return combine(type(self), set_host(groups_of(self), host, self._COMPONENTS))

    def with_port(self, port: int | str | None) -> Self:
        """A copy with the port set (an int 0-65535, or digits as text) or removed
        (RFC 3.2.3)."""
        return combine(type(self), set_port(groups_of(self), port))

    def with_path(self, path: str) -> Self:
        """A copy with the path (encoded text) set (RFC 3.3): one of its forms, as fits
        the rest."""
        return combine(type(self), set_path(groups_of(self), path, self._COMPONENTS))

    def with_query(self, query: str | None) -> Self:
        """A copy with the query (encoded, without ``?``) set or removed (RFC 3.4)."""
        return combine(type(self), set_query(groups_of(self), query, self._COMPONENTS))

    def with_fragment(self, fragment: str | None) -> Self:
        """A copy with the fragment (encoded, without ``#``) set or removed (RFC 3.5)."""
        return combine(type(self), set_fragment(groups_of(self), fragment, self._COMPONENTS))

    # -- value behaviour: recomposition (RFC 5.3), equality of components ----------------

    def __str__(self) -> str:
        """The reference's text (RFC 5.3); an IRI's too (RFC 3987 2.2 keeps the
        delimiters)."""
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
        return type(other) is type(self) and groups_of(self) == groups_of(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, groups_of(self)))

    def __reduce__(self) -> tuple[Callable[[str], Self], tuple[str]]:
        return (type(self), (str(self),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


_onew = object.__new__
_R = TypeVar("_R", bound=ReferenceViews)


def made(cls: type[_R], fields: Groups) -> _R:
    """The value of class ``cls`` with these (valid, consistent) fields, unchecked; one
    string per scheme, however many values (:func:`shared_scheme`)."""
    v = _onew(cls)
    scheme, v._userinfo, v._host, v._port, v._path, v._query, v._fragment = fields
    if scheme is None:
        v._scheme = None
    else:
        try:
            v._scheme = SCHEMES[scheme]
        except KeyError:
            v._scheme = shared_scheme(scheme)
    return v


def combine(cls: type[_R], fields: Groups) -> _R:
    """The reference with these components, if they fit together (see
    :func:`urikit._core.edits.fit`); one string per scheme (:func:`made`)."""
    return made(cls, fit(fields))


def fields_of(
    value: str | ReferenceViews,
    what: str = "reference",
    rule: Literal["URI-reference", "URI"] = "URI-reference",
) -> Fields:
    """The fields of ``value``: a reference's own, or text parsed as a URI-reference
    (RFC 4.1; if it is not one, the located :class:`InvalidURIError` for ``rule``).

    ``what`` names the argument in the TypeError for anything else.
    """
    return tuple_new(Fields, groups_of(value, what, rule))


def groups_of(
    value: str | ReferenceViews,
    what: str = "reference",
    rule: Literal["URI-reference", "URI"] = "URI-reference",
) -> Groups:
    """:func:`fields_of` as a plain tuple, for the hot paths (see :data:`Groups`)."""
    if type(value) is str:
        m = components.match(value)  # its module swaps in the compiled pattern
        if m is None:
            raise locate(value, rule)
        return m.groups()  # type: ignore[return-value]
    if isinstance(value, ReferenceViews):
        v = value
        return (v._scheme, v._userinfo, v._host, v._port, v._path, v._query, v._fragment)
    if isinstance(value, str):
        return groups_of(str.__str__(value), what, rule)
    raise expected_str(value, what, values=True)
