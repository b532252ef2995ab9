"""urikit's special-purpose table against a copy of the IANA registries that is not its
own: IANA's CSV files of the IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890
2.1: every column of every row) and the rows of the Address Space registries the table
takes, kept in tests/core/iana/ with where they come from (ORIGIN.txt)."""

from __future__ import annotations

import csv
import ipaddress
import re
from pathlib import Path
from typing import TypeAlias

import pytest

from urikit._core.special_purpose import (
    REGISTRY_DATE,
    TABLE,
    Registry,
    SpecialPurposeBlock,
    as_registry_writes,
)

IANA = Path(__file__).parent / "iana"
_MARK = re.compile(r"\s*\[\d+\]$")  # a footnote mark: "False [1]", "2002::/16 [3]"
_REFERENCE = re.compile(r"\[RFC ?([^\]]+)\]")  # "[RFC791]", "[RFC Errata 1752]"
_FLAGS = {"True": True, "False": False, "N/A": None}

# prefix, name, RFC, allocation date, termination date, the five flags, registry
Row: TypeAlias = tuple[
    str,
    str,
    str,
    str | None,
    str | None,
    bool | None,
    bool | None,
    bool | None,
    bool | None,
    bool | None,
    Registry,
]


def _records(name: str) -> list[dict[str, str]]:
    with (IANA / name).open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _rfc(cell: str) -> str:
    """The RFC cell as the table writes it: ``[RFC8880][RFC7050], Section 2.2`` is
    ``RFC 8880, RFC 7050, Section 2.2`` (references one per line in the CSV, too)."""
    references = re.sub(r"\]\s*\[", "], [", " ".join(cell.split()))
    return _REFERENCE.sub(r"RFC \1", references)


def _flag(cell: str, terminated: bool) -> bool | None:
    """A flag cell without its footnote mark; a terminated row's cells are empty."""
    value = _MARK.sub("", cell)
    if value == "":
        assert terminated, "only a terminated row leaves a flag empty"
        return None
    return _FLAGS[value]


def _special(name: str, registry: Registry) -> list[Row]:
    rows: list[Row] = []
    for record in _records(name):
        terminated = record["Termination Date"] != "N/A"
        source, destination, forwardable, reachable, reserved = (
            _flag(record[column], terminated)
            for column in (
                "Source",
                "Destination",
                "Forwardable",
                "Globally Reachable",
                "Reserved-by-Protocol",
            )
        )
        # one row may list two blocks ("192.0.0.170/32, 192.0.0.171/32")
        for prefix in _MARK.sub("", record["Address Block"]).split(","):
            rows.append(
                (
                    prefix.strip(),
                    record["Name"].removeprefix('"').removesuffix('"'),
                    _rfc(record["RFC"]),
                    record["Allocation Date"],
                    record["Termination Date"] if terminated else None,
                    source,
                    destination,
                    forwardable,
                    reachable,
                    reserved,
                    registry,
                )
            )
    return rows


REGISTRY = [
    *_special("iana-ipv4-special-registry-1.csv", "ipv4-special-registry"),
    *_special("iana-ipv6-special-registry-1.csv", "ipv6-special-registry"),
]


def _as_row(block: SpecialPurposeBlock) -> Row:
    return (
        as_registry_writes(block.prefix),
        block.name,
        block.rfc,
        block.allocation_date,
        block.termination_date,
        block.source,
        block.destination,
        block.forwardable,
        block.globally_reachable,
        block.reserved_by_protocol,
        block.registry,
    )


def test_the_copy_is_whole() -> None:
    """25 entries each (one IPv4 entry lists two blocks), the copy's date the table's."""
    assert sum(row[-1] == "ipv4-special-registry" for row in REGISTRY) == 26
    assert sum(row[-1] == "ipv6-special-registry" for row in REGISTRY) == 25
    origin = " ".join((IANA / "ORIGIN.txt").read_text().split())
    assert f"Both registries: Last Updated {REGISTRY_DATE}." in origin


def test_same_rows_in_the_registry_order() -> None:
    special = [_as_row(b) for b in TABLE if b.registry.endswith("special-registry")]
    assert [row[0] for row in special] == [row[0] for row in REGISTRY]


@pytest.mark.parametrize("expected", REGISTRY, ids=[row[0] for row in REGISTRY])
def test_row_as_iana_writes_it(expected: Row) -> None:
    """Name, RFC, dates and the five flags of the row (RFC 6890 2.1), N/A as None."""
    found = [_as_row(b) for b in TABLE if as_registry_writes(b.prefix) == expected[0]]
    assert found == [expected]


@pytest.mark.parametrize("block", TABLE, ids=[str(b.prefix) for b in TABLE])
def test_internal_is_not_globally_reachable(block: SpecialPurposeBlock) -> None:
    """RFC 6890 2.2.1: Destination False makes Forwardable and Globally Reachable False;
    a row is internal exactly when not globally reachable (N/A: decided per row)."""
    if block.destination is False:
        assert (block.forwardable, block.globally_reachable) == (False, False)
    if block.globally_reachable is not None:
        assert block.internal is not block.globally_reachable


def test_ipv6_address_space_rows() -> None:
    """The IPv6 Address Space registry's Reserved by IETF and Multicast rows, in its order;
    its unicast rows are not address space rows here (RFC 4291 2.4)."""
    expected = [
        (record["IPv6 Prefix"], record["Allocation"], _rfc(record["Reference"]))
        for record in _records("ipv6-address-space-1.csv")
        if record["Allocation"] in {"Reserved by IETF", "Multicast"}
    ]
    found = [(str(b.prefix), b.name, b.rfc) for b in TABLE if b.registry == "ipv6-address-space"]
    assert found == expected
    assert all(
        b.internal and b.allocation_date is None
        for b in TABLE
        if b.registry == "ipv6-address-space"
    )


def test_ipv4_multicast_row() -> None:
    """224/8 to 239/8, Multicast in the IPv4 Address Space registry, are one row:
    224.0.0.0/4 (RFC 5771, the registry's note [14])."""
    records = _records("ipv4-address-space-multicast.csv")
    networks = [ipaddress.IPv4Network(r["Prefix"].replace("/", ".0.0.0/")) for r in records]
    assert {(r["Designation"], r["Date"]) for r in records} == {("Multicast", "1981-09")}
    assert all(r["Note"].startswith("[14]") for r in records)
    found = [
        (b.prefix, b.name, b.rfc, b.allocation_date, b.internal)
        for b in TABLE
        if b.registry == "ipv4-address-space"
    ]
    assert found == [
        (*ipaddress.collapse_addresses(networks), "Multicast", "RFC 5771", "1981-09", True)
    ]
