"""What a :class:`urikit.Policy` that requires a host returns, as the type checker sees
it: a :class:`~urikit.URI` or :class:`~urikit.RelativeReference` whose ``host`` is a
``str`` (RFC 3986 3.2.2: the policy has checked that there is one).

These are views for the type checker only: at run time :data:`URIWithHost` *is*
:class:`~urikit.URI` and :data:`RelativeReferenceWithHost` *is*
:class:`~urikit.RelativeReference` (``isinstance`` works with either name), so
``Policy(require_host=True).check(text).host`` needs no ``None`` check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urikit.values.uri import URI, RelativeReference

__all__ = ["RelativeReferenceWithHost", "URIWithHost"]

if TYPE_CHECKING:
    # URI and RelativeReference are final so that a match on them is exhaustive; these
    # subclasses exist for the checker alone and add no value, so that holds still.

    class URIWithHost(URI):  # type: ignore[misc]
        """A :class:`~urikit.URI` with a host (RFC 3.2.2), as a policy checked it."""

        @property
        def host(self) -> str:
            """The host as written (RFC 3.2.2); never None here."""
            ...

    class RelativeReferenceWithHost(RelativeReference):  # type: ignore[misc]
        """A :class:`~urikit.RelativeReference` with a host (RFC 4.2 ``"//" authority``)."""

        @property
        def host(self) -> str:
            """The host as written (RFC 3.2.2); never None here."""
            ...

else:
    URIWithHost = URI
    RelativeReferenceWithHost = RelativeReference
