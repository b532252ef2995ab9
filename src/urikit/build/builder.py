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

# pyright: reportPrivateUsage=false
# (the builder keeps the fields of urikit.build.parts.State, built by the encoders there)

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, cast, overload

from typing_extensions import TypeVar

from urikit._core.paths import unambiguous_path as unambiguous_path
from urikit._core.query_params import QueryParams
from urikit._core.query_params import query_items as query_items
from urikit._core.reachable import DNS_SCHEMES, client_host
from urikit._core.views import fields_of
from urikit._syntax.validation import checked
from urikit.build.compose import compose
from urikit.build.parts import (
    EMPTY,
    PathForm,
    State,
    assemble,
    checked_scheme,
    checked_state,
    encode,
    encode_host,
    encode_port,
    encode_query_params,
    encode_segments,
    encode_userinfo,
)
from urikit.build.states import (
    BuilderFields,
    HasHost,
    HasScheme,
    NoHost,
    NoScheme,
    SchemeRequired,
    made,
)
from urikit.errors import URIBuildError
from urikit.values.uri import URI, RelativeReference, URIReference

__all__ = [
    "Builder",
    "HasHost",
    "HasScheme",
    "NoHost",
    "NoScheme",
    "QueryParams",
    "SchemeRequired",
    "compose",
]


S = TypeVar("S", default=NoScheme)
H = TypeVar("H", default=NoHost)


def _needs_host() -> URIBuildError:
    return URIBuildError.of("needs-host", what="userinfo or a port", advice=": call host() first")


class Builder(BuilderFields, Generic[S, H]):
    """Build a URI or relative reference from raw components, immutably and fluently.

    >>> str(Builder().scheme("https").host("example.com").path("/a b").build())
    'https://example.com/a%20b'

    Every method returns a builder with its change; the one it is called on is
    unchanged (it is the result where nothing changes: builders are values).
    """

    __slots__ = ()  # the fields are BuilderFields' slots

    if TYPE_CHECKING:

        @property
        def _scheme_state(self) -> S:
            """The scheme marker (:class:`NoScheme` or :class:`HasScheme`), for the type
            checker only: no value has it."""
            ...

    def __new__(cls) -> Builder[NoScheme, NoHost]:
        if cls is Builder:
            return _EMPTY  # immutable, so every empty builder can be this one
        new: Builder[NoScheme, NoHost] = made(EMPTY, cls)
        return new

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        """A pickle of the fields, checked when loaded (:func:`_restore`)."""
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
            raise URIBuildError.of(
                "needs-host", what="require_host=True, but a reference", advice=""
            )
        scheme, userinfo, host, port, path, query, fragment = fields_of(ref)
        scheme = None if scheme is None else checked_scheme(scheme)
        new: Builder[HasScheme, HasHost] = made(
            State(scheme, userinfo, host, port, path, query, fragment, "encoded"), Builder
        )
        return new

    # -- scheme (RFC 3.1) ---------------------------------------------------------------
    # Each step encodes its input first (so its errors come from the step), then copies
    # the state with its own field changed.

    def scheme(self, scheme: str) -> Builder[HasScheme, H]:
        """Set the scheme, checked against ``scheme`` and written lowercase (RFC 3.1)."""
        given = scheme
        if self is _EMPTY and type(given) is str:
            started = _STARTED.get(given)  # Builder().scheme(s): one value per scheme
            if started is not None:
                return cast("Builder[HasScheme, H]", started)
        scheme = checked_scheme(scheme)
        if self._scheme is scheme:
            return cast("Builder[HasScheme, H]", self)  # immutable: it is its own copy
        new: Builder[HasScheme, H] = self._copy(Builder)
        new._scheme = scheme
        if self is _EMPTY and type(given) is str and len(_STARTED) < _STARTED_MAX:
            _STARTED[given] = cast("Builder[HasScheme, NoHost]", new)
        return new

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
        new: Builder[S, HasHost] = self._copy(Builder)
        new._host = encode_host(host, idna=idna)
        return new

    def encoded_host(self, host: str) -> Builder[S, HasHost]:
        """Set the host from already-encoded text, checked against ``host`` (RFC 3.2.2)."""
        return self._with_host(checked(host, "host"))

    def _with_host(self, host: str) -> Builder[S, HasHost]:
        """A new builder with ``host`` set: its marker now says a host is known."""
        new: Builder[S, HasHost] = self._copy(Builder)
        new._host = host
        return new

    def userinfo(
        self: Builder[S, HasHost], user: str | None, password: str | None = None
    ) -> Builder[S, HasHost]:
        """Set the userinfo from a raw user name and password (RFC 3.2.1); None removes it.

        ``":"`` in the user name is encoded, since the first ``":"`` ends it. The RFC
        deprecates passwords in URIs: prefer leaving ``password`` out.
        """
        return self._with_userinfo(encode_userinfo(user, password))

    def encoded_userinfo(self: Builder[S, HasHost], userinfo: str | None) -> Builder[S, HasHost]:
        """Set the userinfo from encoded text, checked against ``userinfo`` (RFC 3.2.1)."""
        return self._with_userinfo(None if userinfo is None else checked(userinfo, "userinfo"))

    def _with_userinfo(self, userinfo: str | None) -> Builder[S, H]:
        if userinfo is not None and self._host is None:
            raise _needs_host()
        new: Builder[S, H] = self._copy(Builder)
        new._userinfo = userinfo
        return new

    def port(self: Builder[S, HasHost], port: int | None) -> Builder[S, HasHost]:
        """Set the port, 0-65535 (RFC 3.2.3), or remove it with None."""
        text = encode_port(port)
        if text is not None and self._host is None:
            raise _needs_host()
        new: Builder[S, HasHost] = self._copy(Builder)
        new._port = text
        return new

    # -- path (RFC 3.3) -----------------------------------------------------------------

    def path(self, path: str) -> Builder[S, H]:
        """Set the path from raw text: ``"/"`` separates segments, each one encoded.

        At :meth:`build` the path is made unambiguous (see :meth:`build`). After an
        authority it must be empty or start with ``"/"`` (RFC 3.3): ``path("x")`` with a
        host raises :class:`~urikit.URIBuildError` at :meth:`build`, as
        :meth:`URI.with_path` does (or give :meth:`segments`).
        """
        new: Builder[S, H] = self._copy(Builder)
        new._path = encode.path(path)
        new._path_form = "text"
        return new

    def segments(self, segments: Iterable[str]) -> Builder[S, H]:
        """Set the path from raw segments, joined by ``"/"``; a ``"/"`` inside one is %2F.

        A first segment ``""`` makes the path absolute (``["", "a"]`` is ``/a``), and so
        does an authority (RFC 3.3: ``["a"]`` after a host is ``/a``). A
        segment that is exactly ``"."`` or ``".."`` raises :class:`~urikit.URIBuildError`
        (code ``dot-segment``): no spelling of it survives resolution or normalization
        (RFC 5.2.4, 6.2.2). (Raw :meth:`path` text keeps its dot segments: there they
        are path syntax.)
        """
        return self._with_path(encode_segments(segments), "segments")

    def encoded_path(self, path: str) -> Builder[S, H]:
        """Set the path from encoded text, checked against ``path`` and never changed.

        If it cannot stand with the other components (a rootless path after an
        authority, say) :meth:`build` raises :class:`~urikit.URIBuildError`.
        """
        return self._with_path(checked(path, "path"), "encoded")

    def _with_path(self, path: str, path_form: PathForm) -> Builder[S, H]:
        new: Builder[S, H] = self._copy(Builder)
        new._path = path
        new._path_form = path_form
        return new

    # -- query (RFC 3.4) and fragment (RFC 3.5) -------------------------------------------

    def query(self, query: str | None) -> Builder[S, H]:
        """Set the query from raw text (``"&"`` and ``"="`` kept); None removes it."""
        return self._with_query(None if query is None else encode.query(query))

    def query_params(self, params: QueryParams) -> Builder[S, H]:
        """Set the query to ``key=value`` pairs joined by ``"&"``, from raw text.

        ``"&"``, ``"="``, ``"+"`` and ``"#"`` inside keys and values are encoded, so
        :meth:`~urikit.URI.decoded_query_pairs` reads the same pairs back. A value ``None``
        writes the key alone (``?flag``, read back with the value ``""``). No pairs: no
        query. Each item must be a pair: ``["ab"]`` is a ``TypeError``, not ``?a=b``.
        """
        no_pairs = isinstance(params, list) and not params  # the common case, no call
        query = None if no_pairs else encode_query_params(params)
        if query is None and self._query is None:
            return self
        new: Builder[S, H] = self._copy(Builder)
        new._query = query
        return new

    def encoded_query(self, query: str | None) -> Builder[S, H]:
        """Set the query from encoded text (without ``"?"``), checked against ``query``."""
        return self._with_query(None if query is None else checked(query, "query"))

    def _with_query(self, query: str | None) -> Builder[S, H]:
        new: Builder[S, H] = self._copy(Builder)
        new._query = query
        return new

    def fragment(self, fragment: str | None) -> Builder[S, H]:
        """Set the fragment from raw text; None removes it."""
        if fragment is None and self._fragment is None:
            return self
        return self._with_fragment(None if fragment is None else encode.fragment(fragment))

    def encoded_fragment(self, fragment: str | None) -> Builder[S, H]:
        """Set the fragment from encoded text (without ``"#"``), checked against ``fragment``."""
        return self._with_fragment(None if fragment is None else checked(fragment, "fragment"))

    def _with_fragment(self, fragment: str | None) -> Builder[S, H]:
        new: Builder[S, H] = self._copy(Builder)
        new._fragment = fragment
        return new

    # -- building (RFC 5.3) -------------------------------------------------------------------

    def build(self: SchemeRequired) -> URI:
        """The URI (RFC 3). A raw path is first made unambiguous (RFC 3.3, 5.3):

        - with an authority, :meth:`segments` follow it as ``/a/b``;
        - without one, a path starting ``"//"`` gets ``"/."`` in front (``/.//x``).

        For a scheme whose hosts DNS looks up (http, https, ws, wss, ftp, and a scheme
        registered with ``dns_host=True``, :func:`urikit.schemes.register`) the host
        must be one a client can use: a name beyond ASCII becomes A-labels (IDNA, RFC
        3.2.2; the ``urikit[idna]`` extra), and a host that is no IP address or DNS host
        name (``exa mple``, ``a..b``) raises :class:`~urikit.URIBuildError` (code
        ``host-not-dns``).

        Raises :class:`~urikit.URIBuildError` when the components cannot form a URI,
        e.g. a :meth:`path` or :meth:`encoded_path` without ``"/"`` after an authority
        (code ``path-not-absolute``, RFC 3.3).
        """
        scheme = self._scheme
        if scheme is None:
            raise URIBuildError.of(
                "scheme-required", what="build()", advice="use build_reference()"
            )
        host = self._host
        if host is not None and scheme in DNS_SCHEMES:
            host = client_host(host)  # cached: the same object for a host seen before
        return assemble(
            URI,
            scheme,
            self._userinfo,
            host,
            self._port,
            self._path,
            self._query,
            self._fragment,
            self._path_form,
        )

    def build_reference(self: Builder[NoScheme, H]) -> RelativeReference:
        """The relative reference (RFC 4.2); a raw path is made unambiguous as in
        :meth:`build`, and a first segment containing ``":"`` gets ``"./"`` in front."""
        if self._scheme is not None:
            raise URIBuildError.of("scheme-forbidden")
        return assemble(RelativeReference, *self._state)


_EMPTY: Final[Builder[NoScheme, NoHost]] = made(EMPTY, Builder)

# Builder().scheme(s) for the schemes a program starts from, by the text given: the step
# that makes one keeps it (a bounded number: schemes may come from input).
_STARTED: Final[dict[str, Builder[HasScheme, NoHost]]] = {}
_STARTED_MAX: Final = 64


def _restore(*fields: object) -> Builder[Any, Any]:
    """A builder from a pickle, every component checked (:func:`checked_state`): a
    pickle is data from outside, and a builder holds only valid components (RFC 3)."""
    new: Builder[Any, Any] = made(checked_state(*fields), Builder)
    return new
