"""Public home of host analysis (RFC 3986 3.2.2): how a host reads to the programs that
resolve it. The code lives in :mod:`urikit._core.hosts`."""

from __future__ import annotations

from urikit._core.hosts import (
    Embedding,
    HostAnalysis,
    HostKind,
    IPAddress,
    SpecialPurpose,
    analyze,
    host_kind,
    special_purpose,
)

__all__ = [
    "Embedding",
    "HostAnalysis",
    "HostKind",
    "IPAddress",
    "SpecialPurpose",
    "analyze",
    "host_kind",
    "special_purpose",
]
