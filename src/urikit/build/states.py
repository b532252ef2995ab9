"""The Builder's state (:mod:`urikit.build.builder`): its fields as named slots
(:class:`BuilderFields`), the typestate markers of what has been set, and the protocol
:meth:`~urikit.Builder.build` is called on.

``Builder()`` is ``Builder[NoScheme, NoHost]``; ``.scheme()`` makes it ``HasScheme``
and ``.host()`` ``HasHost``. No value of a marker exists: they are type arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, Self, cast, final

from urikit.build.parts import PathForm, State
from urikit.errors.redact import redact_userinfo

__all__ = [
    "BuilderFields",
    "HasHost",
    "HasScheme",
    "NoHost",
    "NoScheme",
    "SchemeRequired",
    "made",
]

# A new, empty builder; its fields are put in by the function that makes it.
_blank = cast("Callable[[type[BuilderFields]], Any]", object.__new__)


class BuilderFields:
    """What a :class:`~urikit.Builder` holds: the fields of a
    :class:`~urikit.build.parts.State` (the encoded components so far, and where the
    path came from), one named slot each, and what makes it a value: equality, hash,
    copies that are itself, a repr without the password.

    A step makes a new builder and copies the slots, one changed (cheaper than a new
    tuple or NamedTuple in one slot: bench_build); a step that changes nothing returns
    the builder it is called on. Immutable as values are: no public
    attribute can be set (the slots are private, and an override of ``__setattr__``
    would slow every step's stores).
    """

    __slots__ = (
        "_fragment",
        "_host",
        "_path",
        "_path_form",
        "_port",
        "_query",
        "_scheme",
        "_userinfo",
    )
    _scheme: str | None
    _userinfo: str | None
    _host: str | None
    _port: str | None
    _path: str
    _query: str | None
    _fragment: str | None
    _path_form: PathForm

    @property
    def _state(self) -> State:
        """The fields as one record (comparison, hashing, pickling, repr)."""
        return State(
            self._scheme,
            self._userinfo,
            self._host,
            self._port,
            self._path,
            self._query,
            self._fragment,
            self._path_form,
        )

    def _copy(self, cls: type[BuilderFields]) -> Any:
        """A new builder of class ``cls`` with these fields: every step starts from it
        and sets what it changes."""
        new = _blank(cls)
        new._scheme = self._scheme
        new._userinfo = self._userinfo
        new._host = self._host
        new._port = self._port
        new._path = self._path
        new._query = self._query
        new._fragment = self._fragment
        new._path_form = self._path_form
        return new

    def __repr__(self) -> str:
        """The components set so far, encoded; a password written ``***`` (RFC 7.5)."""
        state = self._state._asdict()
        userinfo = state["userinfo"]
        if isinstance(userinfo, str):
            state["userinfo"] = redact_userinfo(userinfo)
        shown = [f"{n}={v!r}" for n, v in state.items() if n != "path_form" and v is not None]
        return f"Builder({', '.join(shown)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BuilderFields) and self._state == other._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def made(state: State, cls: type[BuilderFields]) -> Any:
    """A new builder of class ``cls`` holding the fields of ``state``, as they are."""
    new = _blank(cls)
    for name, value in zip(State._fields, state, strict=True):
        setattr(new, "_" + name, value)
    return new


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


class SchemeRequired(Protocol):
    """What :meth:`Builder.build` is called on: a builder whose scheme is set (RFC 3: a
    URI has a scheme). A type checker names it when ``.scheme()`` is missing::

        Builder().host("h").build()
        # mypy: Invalid self argument "Builder[NoScheme, HasHost]" to attribute
        #       function "build" with type "Callable[[SchemeRequired], URI]"
    """

    # The builder's fields (BuilderFields) that build() reads, read-only.
    @property
    def _scheme(self) -> str | None: ...
    @property
    def _userinfo(self) -> str | None: ...
    @property
    def _host(self) -> str | None: ...
    @property
    def _port(self) -> str | None: ...
    @property
    def _path(self) -> str: ...
    @property
    def _query(self) -> str | None: ...
    @property
    def _fragment(self) -> str | None: ...
    @property
    def _path_form(self) -> PathForm: ...

    @property
    def _scheme_state(self) -> HasScheme:
        """The builder's scheme marker: :class:`HasScheme` once ``.scheme()`` is called."""
        ...
