"""Host spellings against the readers (RFC 3986 7.4), at CI size.

``tests/hostile/host_readers.py`` holds the generator, the readers and the comparison;
this runs 50,000 seeded spellings (the documented command runs a million).
"""

from __future__ import annotations

from tests.hostile.host_readers import FAMILIES, compare, spellings

COUNT = 50_000
SEED = 23
READERS = (
    "ada",
    "getaddrinfo",
    "inet_aton",
    "ipaddress",
    "getaddrinfo (IDNA codec)",
    "ipaddress (NFKC)",
    "C string",
    "NFKC",
)


def test_no_policy_accepts_what_a_reader_reads_as_an_address() -> None:
    """An IP (internal) address or internal name to any reader is refused by
    ``allow_ip_host=False`` (``allow_internal_host=False``); a host that decodes to what
    no host name holds by both; an ordinary name by neither."""
    report = compare(spellings(COUNT, SEED))
    assert report.failures == [], report.summary()
    # Every family and every reader took part: a broken generator or reader fails here.
    assert set(report.spellings) == set(FAMILIES)
    assert all(report.read[family] > 0 for family in FAMILIES if family != "ordinary")
    assert all(report.readers[reader] > 0 for reader in READERS), report.readers
