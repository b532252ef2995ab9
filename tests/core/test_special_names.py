"""The special-use names table against a copy of the IANA Special-Use Domain Names
registry that is not its own (RFC 6761 7; tests/core/iana/, with where it comes from),
and every name of it found in every spelling a resolver reads as the same name: any
case, trailing dots (RFC 1034 3.1), percent-encoded (RFC 3986 3.2.2), cut at a NUL,
full-width or with ideographic dots (IDNA, RFC 3490 3.1; UTS #46), compared with what
Python's IDNA codec (``socket.getaddrinfo``) and a WHATWG URL parser (ada) read."""

from __future__ import annotations

import csv
import re
import sys
from functools import cache
from pathlib import Path
from typing import get_args
from urllib.parse import quote, unquote

import ada_url
import pytest

from tests.core.strategies import encoded
from urikit._core.special_names import (
    INTERNAL_NAMES,
    SPECIAL_USE_NAMES,
    InternalName,
    SpecialName,
    SpecialUseName,
    special_name,
)
from urikit.hosts import analyze

IANA = Path(__file__).parent / "iana"
_DEPRECATED = " (DEPRECATED)"


def _registry() -> list[tuple[str, str, bool]]:
    """(name without the trailing dot, reference as ``RFC n``, deprecated) per row."""
    with (IANA / "special-use-domain-names.csv").open(newline="", encoding="utf-8") as f:
        records = list(csv.DictReader(f))
    rows: list[tuple[str, str, bool]] = []
    for record in records:
        name = record["Name"]
        deprecated = name.endswith(_DEPRECATED)
        name = name.removesuffix(_DEPRECATED)
        assert name.endswith("."), "the registry writes names with the root's dot"
        rfc = re.sub(r"^\[RFC(\d+)\]$", r"RFC \1", record["Reference"])
        rows.append((name.removesuffix("."), rfc, deprecated))
    return rows


REGISTRY = _registry()


def test_same_rows_in_the_registry_order() -> None:
    assert len(REGISTRY) == 42
    assert [(r.name, r.rfc, r.deprecated) for r in SPECIAL_USE_NAMES] == REGISTRY


def test_the_types_name_every_row() -> None:
    """``InternalName`` is every row but the example ones (RFC 6761 6.5), which
    ``SpecialName`` adds as ``"example"``."""
    internal = [r.name for r in SPECIAL_USE_NAMES if r.internal]
    assert list(get_args(InternalName)) == internal
    assert list(INTERNAL_NAMES) == internal
    assert set(get_args(SpecialName)) == {*internal, "example"}
    public = {r.name for r in SPECIAL_USE_NAMES if not r.internal}
    assert public == {"example", "example.com", "example.net", "example.org"}


def test_what_no_dns_lookup_may_be_made_for() -> None:
    """RFC 7686 2 (.onion) and RFC 9476 1, 2 (.alt); every other internal name is
    answered on this machine or its network, or by local configuration."""
    assert {r.name for r in SPECIAL_USE_NAMES if r.reach == "not-dns"} == {"onion", "alt"}


def test_row_text() -> None:
    (onion,) = (r for r in SPECIAL_USE_NAMES if r.name == "onion")
    assert str(onion) == "onion. (RFC 7686)"
    assert "RFC 7686 2" in onion.why


def _spellings(name: str) -> list[str]:
    """Host spellings a resolver reads as ``name`` (ASCII: the registry's names are)."""
    upper = name.upper()
    mixed = "".join(c.upper() if i % 2 else c for i, c in enumerate(name))
    full_width = "".join(chr(ord(c) - 0x20 + 0xFF00) if c.isalnum() else c for c in name)
    return [
        name,
        upper,
        mixed,
        name + ".",
        name + "...",
        "x." + name,
        "a.b-c." + upper + ".",
        encoded(name),  # every character percent-encoded (RFC 3986 2.1)
        "x%2E" + encoded(upper),
        name + "%00.evil.example",  # a C resolver stops at the NUL (RFC 3986 7.3)
        encoded(full_width),  # full-width letters and digits: NFKC, UTS #46
        encoded(name.replace(".", "\u3002")),  # ideographic full stops: IDNA label dots
        encoded(name.replace(".", "\uff0e")),
        encoded("x\u00ad." + name),  # a soft hyphen, which IDNA maps to nothing
    ]


_EVERY = [(row, host) for row in SPECIAL_USE_NAMES for host in _spellings(row.name)]


@pytest.mark.parametrize(("row", "host"), _EVERY, ids=[h for _, h in _EVERY])
def test_every_spelling_is_found(row: SpecialUseName, host: str) -> None:
    found = analyze(host).special_use
    if row.internal:
        assert found == row
    else:  # the text after a NUL may fall under another example name: also public
        assert found is not None and not found.internal


def _under(name: str, row: SpecialUseName) -> bool:
    """The oracle: RFC 6761's "and any names falling within" the registered name."""
    return name == row.name or name.endswith("." + row.name)


@pytest.mark.parametrize(("row", "host"), _EVERY, ids=[h for _, h in _EVERY])
def test_readers_agree(row: SpecialUseName, host: str) -> None:
    """What ada (WHATWG URL) and Python's IDNA codec (``socket.getaddrinfo``) make of
    the host, cut at a NUL as a C resolver reads it, falls under the same row."""
    decoded = unquote(host).partition("\x00")[0]
    if decoded.isascii():
        read = [decoded.rstrip(".").lower()]
    else:  # what socket.getaddrinfo looks up for a str
        read = [decoded.encode("idna").decode("ascii").rstrip(".").lower()]
    if "%00" not in host:  # WHATWG refuses a NUL in a host: no request is made
        parsed = ada_url.parse_url(f"http://{host}/", attributes=("hostname",))
        read.append(parsed.get("hostname", "").rstrip(".").lower())
    assert all(_under(name, row) for name in read)


@pytest.mark.parametrize(
    "host",
    [
        "notonion",
        "onionx",
        "xalt",
        "alt.example.com.evil",  # "alt" is not the last label
        "localhost.com",
        "myhome.arpa",
        "home.arpa.evil.com",
        "arpa",
        "in-addr.arpa",
        "11.in-addr.arpa",
        "15.172.in-addr.arpa",
        "32.172.in-addr.arpa",
        "1.168.193.in-addr.arpa",
        "c.e.f.ip6.arpa",
        "8.e.f.ip6.arpa.com",
        "eap.arpa.net",
        "xn--onion-",  # an A-label is not decoded by a resolver
        "\u0131nvalid",  # dotless i: IDNA keeps it, a different name
    ],
)
def test_look_alikes_are_ordinary(host: str) -> None:
    info = analyze(encoded(host) if not host.isascii() else host)
    assert info.special_use is None
    assert info.special_name is None


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["www.example.com"], "example"),  # the four example names, as before
        (["example."], "example"),
        (["x.example.org", "x.test"], "test"),  # an internal reading first
        (["x.test", "x.example.org"], "test"),
        (["printer.local"], "local"),
        (["ordinary.example.net.evil"], None),
    ],
)
def test_special_name(names: list[str], expected: str | None) -> None:
    assert special_name(names) == expected


@cache
def _dropped_by_whatwg() -> list[str]:
    """Every code point (beyond ASCII, the planes in use) that a WHATWG URL parser (ada)
    drops from inside a host name (UTS #46 "ignored"): read from the parser itself."""
    dropped: list[str] = []
    planes = [*range(0x80, 0xD800), *range(0xE000, 0x30000), *range(0xE0000, 0xE1000)]
    for code_point in planes:
        host = "loc" + quote(chr(code_point), safe="") + "alhost"
        if ada_url.check_url(f"http://{host}/"):
            parsed = ada_url.parse_url(f"http://{host}/", attributes=("hostname",))
            if parsed.get("hostname") == "localhost":
                dropped.append(chr(code_point))
    return dropped


@pytest.mark.parametrize("idna", [True, False], ids=["idna", "no-idna"])
def test_a_character_whatwg_drops_hides_no_name(
    monkeypatch: pytest.MonkeyPatch, idna: bool
) -> None:
    """With or without the ``idna`` extra (absent in the default install) a name
    spelled with a character a WHATWG parser drops (U+2064, a variation selector, a
    Hangul filler, ...) is still found: the client that fetches reads the special name
    (RFC 6761 6.3, RFC 7686 2)."""
    dropped = _dropped_by_whatwg()
    assert "\u2064" in dropped and "\ufe0f" in dropped  # the oracle reads what it should
    if not idna:
        monkeypatch.setitem(sys.modules, "idna", None)  # ImportError, as when not installed
    missed = [
        f"U+{ord(char):04X}"
        for char in dropped
        if analyze("loc" + quote(char, safe="") + "alhost").special_use is None
        or analyze("x.onio" + quote(char, safe="") + "n").special_use is None
    ]
    assert not missed, f"{len(missed)} of {len(dropped)} missed: {missed[:10]}"
