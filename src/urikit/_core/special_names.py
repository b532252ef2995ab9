"""The IANA Special-Use Domain Names registry (RFC 6761 7) as data, and what a request
to a host under each name may reach.

RFC 6761 sets each registered name aside "and any names falling within" it, so a host
is special when it is a registered name or ends with ``.`` and one. Each row keeps the
registry's name (without the root's trailing dot) and reference, and urikit's reading
of it for a server that fetches URIs (``reach``):

- ``"local"``: the name leads to this machine or its network, or only a local resolver
  or local configuration answers it, as the public DNS does not: ``localhost`` (RFC 6761
  6.3), ``.local`` (RFC 6762), ``home.arpa`` (RFC 8375), ``resolver.arpa`` (RFC 9462),
  ``service.arpa`` (RFC 9665), ``ipv4only.arpa`` (RFC 8880: 192.0.0.170 and .171, or
  the local NAT64), the reverse-mapping zones of non-public addresses (RFC 6761 6.1,
  RFC 6762, RFC 8880), ``.test`` and ``.invalid`` (RFC 6761 6.2, 6.4), ``6tisch.arpa``
  (RFC 9031), ``eap.arpa`` and ``eap-noob.arpa`` (RFC 9965, RFC 9140: realms of
  network access, not hosts);
- ``"not-dns"``: no DNS lookup may be made for the name: ``.onion`` (RFC 7686 2: only
  Tor resolves it; an application that does not speak Tor "SHOULD NOT perform a DNS
  lookup") and ``.alt`` (RFC 9476 1, 2: "not rooted in the global DNS", "should not be
  resolved using the DNS protocol");
- ``"public"``: the ``example`` names, which RFC 6761 6.5 asks applications not to
  treat differently (``example.com`` resolves like any public name).

A row is *internal* unless it is public: a :class:`urikit.Policy` with
``allow_internal_host=False`` refuses a host under it, and
:func:`urikit.security.resolve_checked` never asks a resolver for a ``"not-dns"`` name.

The table follows the registry as transcribed on 2026-05-22 and 2026-05-24 by the
independent copies named in ``tests/core/iana/ORIGIN.txt``, whose copy
(``special-use-domain-names.csv``) the tests compare it with.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal, TypeAlias, cast

from typing_extensions import TypeIs

__all__ = [
    "INTERNAL_NAMES",
    "SPECIAL_USE_CHECKED",
    "SPECIAL_USE_NAMES",
    "InternalName",
    "Reach",
    "SpecialName",
    "SpecialUseName",
    "is_internal",
    "special_name",
    "special_use",
]

#: When the table was last checked against transcriptions of the registry.
SPECIAL_USE_CHECKED: Final = "2026-05-24"

InternalName: TypeAlias = Literal[
    "alt",
    "6tisch.arpa",
    "eap.arpa",
    "eap-noob.arpa",
    "home.arpa",
    "10.in-addr.arpa",
    "254.169.in-addr.arpa",
    "16.172.in-addr.arpa",
    "17.172.in-addr.arpa",
    "18.172.in-addr.arpa",
    "19.172.in-addr.arpa",
    "20.172.in-addr.arpa",
    "21.172.in-addr.arpa",
    "22.172.in-addr.arpa",
    "23.172.in-addr.arpa",
    "24.172.in-addr.arpa",
    "25.172.in-addr.arpa",
    "26.172.in-addr.arpa",
    "27.172.in-addr.arpa",
    "28.172.in-addr.arpa",
    "29.172.in-addr.arpa",
    "30.172.in-addr.arpa",
    "31.172.in-addr.arpa",
    "170.0.0.192.in-addr.arpa",
    "171.0.0.192.in-addr.arpa",
    "168.192.in-addr.arpa",
    "8.e.f.ip6.arpa",
    "9.e.f.ip6.arpa",
    "a.e.f.ip6.arpa",
    "b.e.f.ip6.arpa",
    "ipv4only.arpa",
    "resolver.arpa",
    "service.arpa",
    "invalid",
    "local",
    "localhost",
    "onion",
    "test",
]
"""A special-use name a request to a public host never goes to (its row's ``reach`` is
not ``"public"``): the registry's name, without the trailing dot."""

#: A special-use name: an internal one, or ``"example"`` for the four example names
#: (``example``, ``example.com``, ``.net``, ``.org``: RFC 6761 6.5).
SpecialName: TypeAlias = Literal[InternalName, "example"]

Reach: TypeAlias = Literal["local", "not-dns", "public"]


@dataclass(frozen=True, slots=True)
class SpecialUseName:
    """One row of the IANA Special-Use Domain Names registry (RFC 6761 7).

    ``name`` is the registry's name without the root's trailing dot, ``rfc`` its
    reference; ``deprecated`` whether the registry marks it so. ``reach`` is urikit's
    reading (see :mod:`urikit.hosts`): ``"local"`` (this machine, its network, or a
    local resolver), ``"not-dns"`` (no DNS lookup may be made) or ``"public"``;
    ``why`` says it in a phrase, for messages. ``str()`` gives ``onion. (RFC 7686)``.
    """

    name: str
    rfc: str
    reach: Reach
    why: str
    deprecated: bool = False

    @property
    def internal(self) -> bool:
        """Whether a request to a host under this name cannot reach a public host
        through the public DNS."""
        return self.reach != "public"

    def __str__(self) -> str:
        return f"{self.name}. ({self.rfc})"


_REVERSE = (
    "is a reverse-mapping name of addresses that are not globally reachable,"
    " which only a local resolver answers"
)
_EXAMPLE = "is an example name"


def _reverse(name: str, rfc: str) -> SpecialUseName:
    return SpecialUseName(name, rfc, "local", f"{_REVERSE} ({rfc})")


#: Every row of the registry, in its order.
SPECIAL_USE_NAMES: Final[tuple[SpecialUseName, ...]] = (
    SpecialUseName(
        "alt",
        "RFC 9476",
        "not-dns",
        "is a .alt name, which is not in the global DNS and must not be looked up in it"
        " (RFC 9476 1, 2)",
    ),
    SpecialUseName(
        "6tisch.arpa",
        "RFC 9031",
        "local",
        "is a 6TiSCH name, which only a 6TiSCH network answers (RFC 9031)",
    ),
    SpecialUseName(
        "eap.arpa",
        "RFC 9965",
        "local",
        "is an EAP provisioning realm, not a host the global DNS knows (RFC 9965)",
    ),
    SpecialUseName(
        "eap-noob.arpa",
        "RFC 9140",
        "local",
        "is an EAP-NOOB realm, not a host the global DNS knows (RFC 9140)",
        deprecated=True,
    ),
    SpecialUseName(
        "home.arpa",
        "RFC 8375",
        "local",
        "names a machine of a home network (RFC 8375)",
    ),
    _reverse("10.in-addr.arpa", "RFC 6761"),
    _reverse("254.169.in-addr.arpa", "RFC 6762"),
    *(_reverse(f"{octet}.172.in-addr.arpa", "RFC 6761") for octet in range(16, 32)),
    _reverse("170.0.0.192.in-addr.arpa", "RFC 8880"),
    _reverse("171.0.0.192.in-addr.arpa", "RFC 8880"),
    _reverse("168.192.in-addr.arpa", "RFC 6761"),
    *(_reverse(f"{nibble}.e.f.ip6.arpa", "RFC 6762") for nibble in "89ab"),
    SpecialUseName(
        "ipv4only.arpa",
        "RFC 8880",
        "local",
        "leads to 192.0.0.170 and 192.0.0.171, or to the local network's NAT64 (RFC 8880 7)",
    ),
    SpecialUseName(
        "resolver.arpa",
        "RFC 9462",
        "local",
        "is answered by the resolver this machine uses, about itself (RFC 9462)",
    ),
    SpecialUseName(
        "service.arpa",
        "RFC 9665",
        "local",
        "names a service registered on the local network (RFC 9665)",
    ),
    SpecialUseName("example", "RFC 6761", "public", _EXAMPLE),
    SpecialUseName("example.com", "RFC 6761", "public", _EXAMPLE),
    SpecialUseName("example.net", "RFC 6761", "public", _EXAMPLE),
    SpecialUseName("example.org", "RFC 6761", "public", _EXAMPLE),
    SpecialUseName(
        "invalid",
        "RFC 6761",
        "local",
        "is an 'invalid' name, which only a local resolver would answer (RFC 6761 6.4)",
    ),
    SpecialUseName(
        "local",
        "RFC 6762",
        "local",
        "is a multicast DNS name, answered on the local link (RFC 6762)",
    ),
    SpecialUseName(
        "localhost",
        "RFC 6761",
        "local",
        "names the local machine (RFC 6761 6.3)",
    ),
    SpecialUseName(
        "onion",
        "RFC 7686",
        "not-dns",
        "is a .onion name, which only Tor resolves and which must not be looked up in"
        " DNS (RFC 7686 2)",
    ),
    SpecialUseName(
        "test",
        "RFC 6761",
        "local",
        "is a test name, which only a local resolver answers (RFC 6761 6.2)",
    ),
)


def _by_last_label() -> Mapping[str, tuple[SpecialUseName, ...]]:
    """The rows by their last label, so that most names need one look-up."""
    found: dict[str, tuple[SpecialUseName, ...]] = {}
    for row in SPECIAL_USE_NAMES:
        last = row.name.rpartition(".")[2]
        found[last] = (*found.get(last, ()), row)
    return MappingProxyType(found)


_BY_LAST_LABEL: Final = _by_last_label()

#: What each internal name is, for messages.
INTERNAL_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {row.name: row.why for row in SPECIAL_USE_NAMES if row.internal}
)


def special_use(names: Iterable[str]) -> SpecialUseName | None:
    """The registry row one of ``names`` (lowercase readings of a host) falls under,
    with any number of trailing dots, an internal one first; None for none."""
    found: SpecialUseName | None = None
    for name in names:
        name = name.rstrip(".")
        for row in _BY_LAST_LABEL.get(name.rpartition(".")[2], ()):
            if name == row.name or name.endswith("." + row.name):
                if row.internal:
                    return row
                found = found or row
    return found


def special_name(names: Iterable[str]) -> SpecialName | None:
    """The special-use name one of ``names`` falls under (``"example"`` for the four
    example names), an internal one first; None for an ordinary name."""
    row = special_use(names)
    if row is None:
        return None
    return cast("SpecialName", row.name) if row.internal else "example"


def is_internal(name: SpecialName) -> TypeIs[InternalName]:
    """Whether the special name ``name`` leads to no public host."""
    return name in INTERNAL_NAMES
