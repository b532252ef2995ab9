"""A fluent, immutable builder whose type tracks what has been set (typestate).

Raw data in, valid reference out. Each step percent-encodes its input with its own
component's set (RFC 2.1, 2.5), exactly once (2.4); the ``encoded_*`` steps take text
that is already encoded, check it against the component's rule and keep it untouched.
:meth:`Builder.build` assembles the components (RFC 5.3) through the model's checked
constructor, after making raw paths unambiguous (RFC 3.3, 4.2, 5.3).

The type parameters record whether a scheme and a host were set: ``Builder()`` is
``Builder[NoScheme, NoHost]``, ``.scheme()`` makes it ``HasScheme``, ``.host()`` makes it
``HasHost``. A type checker then rejects ``build()`` without a scheme,
``build_reference()`` with one, and ``port()`` or ``userinfo()`` before ``host()``.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import (
    Final,
    Generic,
    Literal,
    NamedTuple,
    NoReturn,
    Self,
    TypeAlias,
    TypedDict,
    Unpack,
    cast,
    final,
    overload,
)

from typing_extensions import TypeVar

from urikit._compiled import compiled
from urikit._idna import host_to_ascii
from urikit._parsing import Fields, fields_of
from urikit._redact import redact_userinfo
from urikit.encoding import Component, quote, quote_data_segment, quote_query_param
from urikit.errors import URIBuildError, expected_str
from urikit.model import URI, RelativeReference, URIReference, combine
from urikit.validation import checked

__all__ = ["Builder", "HasHost", "HasScheme", "NoHost", "NoScheme", "QueryParams", "compose"]


@final
class NoScheme:
    """Type-level marker: no scheme set yet (the builder makes a relative reference)."""


@final
class HasScheme:
    """Type-level marker: a scheme is set (the builder makes a URI)."""


@final
class NoHost:
    """Type-level marker: no host known (no authority, so no userinfo or port)."""


@final
class HasHost:
    """Type-level marker: a host is set (an authority: userinfo and port allowed)."""


S = TypeVar("S", default=NoScheme)
H = TypeVar("H", default=NoHost)


class _State(NamedTuple):
    """The builder's state: the seven components, encoded (None = undefined), and
    whether the path is raw (made unambiguous at build; not from ``encoded_path()``)."""

    scheme: str | None = None
    userinfo: str | None = None
    host: str | None = None
    port: str | None = None
    path: str = ""
    query: str | None = None
    fragment: str | None = None
    raw_path: bool = True


_EMPTY: Final = _State()


class _Changes(TypedDict, total=False):
    """Fields of :class:`_State` to change, by name."""

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None
    raw_path: bool


QueryParams: TypeAlias = Mapping[str, str | None] | Iterable[tuple[str, str | None]]
"""Query parameters as raw text: a mapping, or ``(key, value)`` pairs in order; a value
``None`` writes the key alone (``?flag``)."""
_blank = object.__new__


def _scheme(scheme: str) -> str:
    """``scheme`` checked against the rule and lowercased (RFC 3.1)."""
    try:
        return _lowered_scheme(scheme)
    except TypeError:  # also an unhashable value, refused by the cache before checked()
        raise expected_str(scheme, "scheme") from None


@lru_cache(maxsize=256)
def _lowered_scheme(scheme: str) -> str:
    """:func:`_scheme`, cached: programs use few schemes."""
    return checked(scheme, "scheme").lower()


class Builder(Generic[S, H]):
    """Build a URI or relative reference from raw components, immutably and fluently.

    >>> str(Builder().scheme("https").host("example.com").path("/a b").build())
    'https://example.com/a%20b'

    Every method returns a new builder; the one it is called on is unchanged.
    """

    __slots__ = ("_state",)
    _state: _State  # the encoded components so far, and whether the path is raw

    def __init__(self: Builder[NoScheme, NoHost]) -> None:
        _put(self, _EMPTY)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Builder is immutable: {name!r} cannot be set")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Builder is immutable: {name!r} cannot be deleted")

    def __repr__(self) -> str:
        """The components set so far, encoded; a password written ``***`` (RFC 7.5)."""
        state = self._state
        if state.userinfo is not None:
            state = state._replace(userinfo=redact_userinfo(state.userinfo))
        shown = [(n, v) for n, v in state._asdict().items() if n != "raw_path" and v is not None]
        parts = [f"{n}={v!r}" for n, v in shown]
        return f"Builder({', '.join(parts)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Builder) and self._state == other._state

    def __hash__(self) -> int:
        return hash(self._state)

    # -- a value like any other: copies are itself, a pickle is checked when loaded ------

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __reduce__(self) -> tuple[Callable[..., object], tuple[str | bool | None, ...]]:
        return (_restore, tuple(self._state))

    # -- starting from a reference ------------------------------------------------------

    @overload
    @staticmethod
    def from_reference(ref: URI, *, require_host: Literal[True]) -> Builder[HasScheme, HasHost]: ...
    @overload
    @staticmethod
    def from_reference(
        ref: RelativeReference, *, require_host: Literal[True]
    ) -> Builder[NoScheme, HasHost]: ...
    @overload
    @staticmethod
    def from_reference(
        ref: URI, *, require_host: Literal[False] = ...
    ) -> Builder[HasScheme, NoHost]: ...
    @overload
    @staticmethod
    def from_reference(
        ref: RelativeReference, *, require_host: Literal[False] = ...
    ) -> Builder[NoScheme, NoHost]: ...
    @staticmethod
    def from_reference(
        ref: URIReference, *, require_host: bool = False
    ) -> (
        Builder[HasScheme, HasHost]
        | Builder[HasScheme, NoHost]
        | Builder[NoScheme, HasHost]
        | Builder[NoScheme, NoHost]
    ):
        """A builder holding the components of ``ref`` as written (encoded), the scheme
        lowercased as :meth:`scheme` writes it (RFC 3.1, 6.2.2.1).

        With ``require_host=True`` the builder is typed ``HasHost``, so :meth:`port` and
        :meth:`userinfo` follow directly; a ``ref`` without an authority (RFC 3.2) then
        raises :class:`~urikit.URIBuildError` (code ``needs-host``). Without it, whether
        ``ref`` has a host is not known to the type checker: the result is typed
        ``NoHost`` (at run time :meth:`port` and :meth:`userinfo` check for a host).
        The path is kept as written, as if given to :meth:`encoded_path`.
        """
        if not isinstance(ref, URI | RelativeReference):
            raise TypeError(f"expected a URI or RelativeReference, not {type(ref).__name__}")
        if require_host and ref.host is None:
            raise URIBuildError(
                "require_host=True, but the reference has no authority, so no host (RFC 3.2)",
                code="needs-host",
            )
        new = cast("Builder[HasScheme, HasHost]", _blank(Builder))
        scheme, userinfo, host, port, path, query, fragment = fields_of(ref)
        scheme = None if scheme is None else scheme.lower()
        _put(new, _State(scheme, userinfo, host, port, path, query, fragment, raw_path=False))
        return new

    # -- scheme (RFC 3.1) ---------------------------------------------------------------

    def scheme(self, scheme: str) -> Builder[HasScheme, H]:
        """Set the scheme, checked against ``scheme`` and written lowercase (RFC 3.1)."""
        return cast("Builder[HasScheme, H]", self._with(scheme=_scheme(scheme)))

    # -- authority (RFC 3.2) ------------------------------------------------------------

    def host(
        self, host: str | ipaddress.IPv4Address | ipaddress.IPv6Address, *, idna: bool = False
    ) -> Builder[S, HasHost]:
        """Set the host (RFC 3.2.2); its case is kept as given.

        An ``IPv6Address`` (or text that is an ``IPv6address``) is written in brackets;
        text that is already a valid ``IP-literal`` (``"[::1]"``, ``"[v1.x]"``) is kept
        as it is, and so is a dotted ``IPv4address``. Any other text is a ``reg-name``:
        its characters outside the reg-name set are percent-encoded as UTF-8 (2.5), or,
        with ``idna=True``, a name with characters beyond ASCII becomes A-labels
        (IDNA2008 with UTS #46, RFC 3987 3.1; the ``urikit[idna]`` extra):
        ``bücher.example`` -> ``xn--bcher-kva.example``. A name IDNA refuses raises
        InvalidURIError (rule ``ireg-name``).
        """
        return self._with_host(_encode_host(host, idna=idna))

    def encoded_host(self, host: str) -> Builder[S, HasHost]:
        """Set the host from already-encoded text, checked against ``host`` (RFC 3.2.2)."""
        return self._with_host(checked(host, "host"))

    def _with_host(self, host: str) -> Builder[S, HasHost]:
        """A new builder with ``host`` set: its marker now says a host is known."""
        return cast("Builder[S, HasHost]", self._with(host=host))

    def userinfo(
        self: Builder[S, HasHost], user: str | None, password: str | None = None
    ) -> Builder[S, HasHost]:
        """Set the userinfo from a raw user name and password (RFC 3.2.1); None removes it.

        ``":"`` in the user name is encoded, since the first ``":"`` ends it. The RFC
        deprecates passwords in URIs: prefer leaving ``password`` out.
        """
        return self._with_authority(userinfo=_encode_userinfo(user, password))

    def encoded_userinfo(self: Builder[S, HasHost], userinfo: str | None) -> Builder[S, HasHost]:
        """Set the userinfo from encoded text, checked against ``userinfo`` (RFC 3.2.1)."""
        encoded = None if userinfo is None else checked(userinfo, "userinfo")
        return self._with_authority(userinfo=encoded)

    def port(self: Builder[S, HasHost], port: int | None) -> Builder[S, HasHost]:
        """Set the port, 0-65535 (RFC 3.2.3), or remove it with None."""
        return self._with_authority(port=_encode_port(port))

    def _with_authority(self, **change: Unpack[_Changes]) -> Builder[S, H]:
        if any(v is not None for v in change.values()) and self._state.host is None:
            raise URIBuildError(
                "userinfo and port need a host: call host() first (RFC 3.2)", code="needs-host"
            )
        return self._with(**change)

    def _with(self, **changes: Unpack[_Changes]) -> Builder[S, H]:
        """A new builder with the named fields of its state changed, markers kept
        (a setter that adds a scheme or host casts to its new markers)."""
        new = cast("Builder[S, H]", _blank(Builder))
        _put(new, self._state._replace(**changes))
        return new

    # -- path (RFC 3.3) -----------------------------------------------------------------

    def path(self, path: str) -> Builder[S, H]:
        """Set the path from raw text: ``"/"`` separates segments, each one encoded.

        At :meth:`build` the path is made unambiguous (see :meth:`build`).
        """
        return self._with(path=quote(path, "path"), raw_path=True)

    def segments(self, segments: Iterable[str]) -> Builder[S, H]:
        """Set the path from raw segments, joined by ``"/"``; a ``"/"`` inside one is %2F.

        A first segment ``""`` makes the path absolute (``["", "a"]`` is ``/a``). A
        segment that is exactly ``"."`` or ``".."`` raises :class:`~urikit.URIBuildError`
        (code ``dot-segment``): no spelling of it survives resolution or normalization
        (RFC 5.2.4, 6.2.2). (Raw :meth:`path` text keeps its dot segments: there they
        are path syntax.)
        """
        return self._with(path=_encode_segments(segments), raw_path=True)

    def encoded_path(self, path: str) -> Builder[S, H]:
        """Set the path from encoded text, checked against ``path`` and never changed.

        If it cannot stand with the other components (a rootless path after an
        authority, say) :meth:`build` raises :class:`~urikit.URIBuildError`.
        """
        return self._with(path=checked(path, "path"), raw_path=False)

    # -- query (RFC 3.4) and fragment (RFC 3.5) -------------------------------------------

    def query(self, query: str | None) -> Builder[S, H]:
        """Set the query from raw text (``"&"`` and ``"="`` kept); None removes it."""
        return self._with(query=_quoted(query, "query"))

    def query_params(self, params: QueryParams) -> Builder[S, H]:
        """Set the query to ``key=value`` pairs joined by ``"&"``, from raw text.

        ``"&"``, ``"="``, ``"+"`` and ``"#"`` inside keys and values are encoded, so
        :meth:`~urikit.URI.decoded_query_pairs` reads the same pairs back. A value ``None``
        writes the key alone (``?flag``, read back with the value ``""``). No pairs: no
        query. Each item must be a pair: ``["ab"]`` is a ``TypeError``, not ``?a=b``.
        """
        return self._with(query=_encode_query_params(params))

    def encoded_query(self, query: str | None) -> Builder[S, H]:
        """Set the query from encoded text (without ``"?"``), checked against ``query``."""
        return self._with(query=None if query is None else checked(query, "query"))

    def fragment(self, fragment: str | None) -> Builder[S, H]:
        """Set the fragment from raw text; None removes it."""
        return self._with(fragment=_quoted(fragment, "fragment"))

    def encoded_fragment(self, fragment: str | None) -> Builder[S, H]:
        """Set the fragment from encoded text (without ``"#"``), checked against ``fragment``."""
        return self._with(fragment=None if fragment is None else checked(fragment, "fragment"))

    # -- building (RFC 5.3) -------------------------------------------------------------------

    def build(self: Builder[HasScheme, H]) -> URI:
        """The URI (RFC 3). A raw path is first made unambiguous (RFC 3.3, 5.3):

        - with an authority, a non-empty path gets a leading ``"/"``;
        - without one, a path starting ``"//"`` gets ``"/."`` in front (``/.//x``).

        Raises :class:`~urikit.URIBuildError` when the components cannot form a URI,
        e.g. an ``encoded_path`` without ``"/"`` after an authority.
        """
        if self._state.scheme is None:
            raise URIBuildError(
                "build() needs a scheme (RFC 3); use build_reference()", code="scheme-required"
            )
        return combine(URI, _fields(self._state))

    def build_reference(self: Builder[NoScheme, H]) -> RelativeReference:
        """The relative reference (RFC 4.2); a raw path is made unambiguous as in
        :meth:`build`, and a first segment containing ``":"`` gets ``"./"`` in front.
        """
        if self._state.scheme is not None:
            raise URIBuildError(
                "a relative reference has no scheme (RFC 4.2); use build()",
                code="scheme-forbidden",
            )
        return combine(RelativeReference, _fields(self._state))


def _quoted(text: str | None, component: Component) -> str | None:
    """``text`` encoded as ``component`` (query RFC 3.4, fragment 3.5); None stays None."""
    return None if text is None else quote(text, component)


def _encode_host(
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address, *, idna: bool = False
) -> str:
    """The host text for :meth:`Builder.host` (RFC 3.2.2)."""
    if isinstance(host, str):
        if host.startswith("[") and compiled("IP-literal").pattern.fullmatch(host):
            text = host
        elif ":" in host and compiled("IPv6address").pattern.fullmatch(host):
            text = f"[{host}]"
        elif idna and not host.isascii():
            text = host_to_ascii(host)
        else:
            text = quote(host, "host")
    elif isinstance(host, ipaddress.IPv6Address):
        if host.scope_id is not None:
            raise URIBuildError(
                f"a zone identifier cannot go in a URI (RFC 9844 obsoleted RFC 6874):"
                f" {str(host)!r}",
                code="zone-id",
            )
        text = f"[{host.compressed}]"
    elif isinstance(host, ipaddress.IPv4Address):
        text = str(host)
    else:
        raise TypeError(
            f"host must be a str, IPv4Address or IPv6Address, not {type(host).__name__}"
        )
    return text


def _encode_userinfo(user: str | None, password: str | None) -> str | None:
    """The userinfo text for :meth:`Builder.userinfo` (RFC 3.2.1)."""
    if user is None:
        if password is not None:
            raise URIBuildError(
                "a password needs a user name (RFC 3.2.1)", code="password-without-user"
            )
        text = None
    else:
        text = quote(user, "user")
        if password is not None:
            text = f"{text}:{quote(password, 'password')}"
    return text


def _encode_port(port: int | None) -> str | None:
    """The port text for :meth:`Builder.port` (RFC 3.2.3)."""
    if port is None:
        text = None
    elif isinstance(port, bool) or not isinstance(port, int):
        raise TypeError(f"port must be an int or None, not {type(port).__name__}")
    elif 0 <= port <= 65535:
        text = str(port)
    else:
        shown = port if abs(port) < 10**9 else "a number that large"  # str(10**5000) fails
        raise URIBuildError(
            f"a port is a number from 0 to 65535, not {shown}", code="port-out-of-range"
        )
    return text


def _encode_segments(segments: Iterable[str]) -> str:
    """The path text for :meth:`Builder.segments` (RFC 3.3): each segment encoded as
    data; ``"."`` and ``".."`` are refused (see :func:`~urikit.encoding.quote_data_segment`)."""
    if isinstance(segments, str):
        raise TypeError("segments take an iterable of str, not one str; use path")
    return "/".join([quote_data_segment(segment) for segment in segments])


def _encode_query_params(params: QueryParams) -> str | None:
    """The query text for :meth:`Builder.query_params` (RFC 3.4)."""
    written = [item for _, item in query_items(params)]
    return "&".join(written) if written else None


def query_items(params: QueryParams, *, plus_as_space: bool = False) -> list[tuple[str, str]]:
    """``(raw name, parameter as written)`` for each pair of ``params``, in order."""
    if isinstance(params, str):
        raise TypeError("query parameters are pairs or a mapping, not a str; use query()")
    if isinstance(params, Mapping):
        params = cast("Mapping[str, str | None]", params).items()
    items: list[tuple[str, str]] = []
    for pair in params:  # query_param checks the pair before its name is read
        item = query_param(pair, plus_as_space=plus_as_space)
        items.append((pair[0], item))
    return items


def query_param(item: tuple[str, str | None], *, plus_as_space: bool = False) -> str:
    """One ``key=value`` (or ``key``) of a query from a raw pair, each part encoded
    (RFC 3.4; see :func:`~urikit.encoding.quote_query_param`)."""
    if not isinstance(item, tuple | list) or len(item) != 2:  # "ab" is no pair
        shown = repr(item) if isinstance(item, str | tuple | list) else type(item).__name__
        raise TypeError(f"query parameters are (key, value) pairs, not {shown}")
    key, value = item
    return quote_query_param(key, value, plus_as_space=plus_as_space)


# Stores a new builder's state; __setattr__ refuses, the slot's own descriptor does not.
_put: Callable[[object, _State], None] = Builder.__dict__["_state"].__set__


def _restore(
    scheme: str | None,
    userinfo: str | None,
    host: str | None,
    port: str | None,
    path: str,
    query: str | None,
    fragment: str | None,
    raw_path: bool,
) -> Builder[S, H]:
    """A builder from a pickle, every component checked against its rule: a pickle is
    data from outside, and a builder holds only valid components (RFC 3)."""
    new = cast("Builder[S, H]", _blank(Builder))
    state = _State(
        None if scheme is None else _scheme(scheme),
        None if userinfo is None else checked(userinfo, "userinfo"),
        None if host is None else checked(host, "host"),
        None if port is None else checked(port, "port"),
        checked(path, "path"),
        None if query is None else checked(query, "query"),
        None if fragment is None else checked(fragment, "fragment"),
        raw_path is True,
    )
    _put(new, state)
    return new


def _fields(state: _State) -> Fields:
    """The seven components, a raw path made unambiguous (RFC 3.3, 4.2, 5.3)."""
    scheme, userinfo, host, port, path, query, fragment, raw_path = state
    if raw_path and path:
        path = unambiguous_path(path, has_scheme=scheme is not None, has_host=host is not None)
    return (scheme, userinfo, host, port, path, query, fragment)


def unambiguous_path(path: str, *, has_scheme: bool, has_host: bool) -> str:
    """``path`` (encoded) written so that it reads back as the same segments (RFC 3.3):

    - with an authority, a non-empty path gets a leading ``"/"``;
    - without one, a path starting ``"//"`` gets ``"/."`` in front (``/.//x``);
    - in a relative reference, a first segment containing ``":"`` gets ``"./"`` in
      front (RFC 4.2), so it is not read as a scheme.
    """
    if not path:
        return path
    if has_host:
        return path if path[0] == "/" else "/" + path
    if path.startswith("//"):
        return "/." + path
    if not has_scheme and ":" in path.partition("/")[0]:
        return "./" + path
    return path


@overload
def compose(
    *,
    scheme: str,
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address | None = ...,
    port: int | None = ...,
    user: str | None = ...,
    password: str | None = ...,
    path: str = ...,
    segments: Iterable[str] | None = ...,
    query: str | None = ...,
    query_params: QueryParams | None = ...,
    fragment: str | None = ...,
    idna: bool = ...,
) -> URI: ...
@overload
def compose(
    *,
    scheme: None = ...,
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address | None = ...,
    port: int | None = ...,
    user: str | None = ...,
    password: str | None = ...,
    path: str = ...,
    segments: Iterable[str] | None = ...,
    query: str | None = ...,
    query_params: QueryParams | None = ...,
    fragment: str | None = ...,
    idna: bool = ...,
) -> RelativeReference: ...
def compose(
    *,
    scheme: str | None = None,
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address | None = None,
    port: int | None = None,
    user: str | None = None,
    password: str | None = None,
    path: str = "",
    segments: Iterable[str] | None = None,
    query: str | None = None,
    query_params: QueryParams | None = None,
    fragment: str | None = None,
    idna: bool = False,
) -> URIReference:
    """A reference from raw components in one call: the :class:`Builder` in one step.

    Each component is encoded exactly as the builder method of the same name encodes it
    (RFC 2.4), and the path is made unambiguous as :meth:`Builder.build` does. With a
    scheme the result is a :class:`~urikit.URI`, without one a
    :class:`~urikit.RelativeReference`. ``path`` (raw text, ``"/"`` separating
    segments) and ``segments`` (raw segments, a ``"/"`` in one encoded) exclude each
    other, and so do ``query`` and ``query_params``; ``user``, ``password`` and
    ``port`` need a ``host`` (RFC 3.2), which is checked at run time here, not by the
    type checker. ``idna=True`` writes a Unicode host as A-labels, as
    :meth:`Builder.host` does.

    >>> str(compose(scheme="https", host="example.com", path="/a b", query_params={"q": "1&2"}))
    'https://example.com/a%20b?q=1%262'
    """
    if query is not None and query_params is not None:
        raise URIBuildError("give query or query_params, not both", code="query-conflict")
    if path and segments is not None:
        raise URIBuildError("give path or segments, not both", code="path-conflict")
    state = _State(
        None if scheme is None else _scheme(scheme),
        _encode_userinfo(user, password),
        None if host is None else _encode_host(host, idna=idna),
        _encode_port(port),  # userinfo and port without a host: combine() refuses them
        quote(path, "path") if segments is None else _encode_segments(segments),
        _quoted(query, "query") if query_params is None else _encode_query_params(query_params),
        _quoted(fragment, "fragment"),
        True,
    )
    if scheme is None:
        return combine(RelativeReference, _fields(state))
    return combine(URI, _fields(state))
