"""The Builder's typestate (:mod:`urikit.build.builder`): markers of what has been set,
and the protocol :meth:`~urikit.Builder.build` is called on.

``Builder()`` is ``Builder[NoScheme, NoHost]``; ``.scheme()`` makes it ``HasScheme``
and ``.host()`` ``HasHost``. No value of a marker exists: they are type arguments.
"""

from __future__ import annotations

from typing import Protocol, final

from urikit.build.parts import State

__all__ = ["HasHost", "HasScheme", "NoHost", "NoScheme", "SchemeRequired"]


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

    @property
    def _state(self) -> State:
        """The builder's components (:data:`urikit.build.parts.State`)."""
        ...

    @property
    def _scheme_state(self) -> HasScheme:
        """The builder's scheme marker: :class:`HasScheme` once ``.scheme()`` is called."""
        ...
