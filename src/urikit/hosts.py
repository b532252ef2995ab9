"""Public home of host analysis (RFC 3986 3.2.2): how a host reads to the programs that
resolve it, and the IANA special-purpose registries (RFC 6890) an address is judged by.
The code lives in :mod:`urikit._core.hosts` and :mod:`urikit._core.special_purpose`."""

from __future__ import annotations

from urikit._core.hosts import (
    REGISTRY_DATE,
    TABLE,
    Embedding,
    HostAnalysis,
    HostKind,
    IPAddress,
    SpecialPurposeBlock,
    analyze,
    host_kind,
    special_purpose,
)

__all__ = [
    "REGISTRY_DATE",
    "TABLE",
    "Embedding",
    "HostAnalysis",
    "HostKind",
    "IPAddress",
    "SpecialPurposeBlock",
    "analyze",
    "host_kind",
    "special_purpose",
]
