"""Host spellings against the programs that read them (RFC 3986 7.4).

A policy that forbids IP or internal hosts promises something about what *readers* do
with a host, so the readers are the reference: ``socket.getaddrinfo`` with
``AI_NUMERICHOST`` (glibc's ``inet_aton``/``inet_pton``, no network), ``socket.inet_aton``,
``ipaddress`` and a WHATWG URL parser (``ada-url``). Each reader gets the host after the
decoding a client performs: percent-decoding, a C string's end at the first NUL, and
for a non-ASCII host Python's IDNA codec or NFKC.

:func:`spellings` generates seeded host spellings in families (IPv4 numbers in every
radix and part count, IPv6 addresses spelled as reg-names and IP-literals, RFC 6761
special names, a NUL after any of them, full-width IRI forms, percent-encoding of any
byte, mixed case, trailing dots, pieces of all these strung together, ordinary names).
:func:`compare` fails a spelling that a reader reads as an address (resp. an internal
address or name) which ``Policy(allow_ip_host=False)`` (resp.
``allow_internal_host=False``) accepts, one that decodes to a NUL, a control character,
``:``, ``%``, ... which either accepts, and an ordinary name either refuses. An address
is internal when the policy refuses it written plainly (``127.0.0.1``, ``[::1]``): which
addresses those are is the special-purpose table's business, how hosts read is this one's.
Run it on a million spellings (docs/testing.md)::

    python -m tests.hostile.host_readers --count 1000000 [--seed N]
"""

from __future__ import annotations

import argparse
import csv
import ipaddress
import random
import socket
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from unicodedata import normalize
from urllib.parse import unquote_to_bytes

import ada_url

from urikit import Policy
from urikit.hosts import IPAddress, analyze

__all__ = ["FAMILIES", "Report", "compare", "read", "spellings"]

Rng = random.Random

# -- the readers ----------------------------------------------------------------------------

# What WHATWG forbids in a domain plus what RFC 3986 admits in a reg-name only encoded.
_NOT_IN_NAMES = frozenset(range(0x21)) | {0x7F} | set(b'"#%/:<>?@[\\]^`{|}')


def _internal_suffixes() -> frozenset[str]:
    """The names of the IANA Special-Use Domain Names registry (RFC 6761 7), from the
    copy in tests/core/iana/, less the example names (RFC 6761 6.5: not special)."""
    path = Path(__file__).parents[1] / "core" / "iana" / "special-use-domain-names.csv"
    with path.open(newline="", encoding="utf-8") as handle:
        names = [row["Name"].split()[0].rstrip(".") for row in csv.DictReader(handle)]
    return frozenset(n for n in names if n.partition(".")[0] != "example")


_INTERNAL_SUFFIXES = _internal_suffixes()
_DOTS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})  # RFC 3490 3.1


@dataclass(frozen=True, slots=True)
class Reading:
    """What one reader made of a host: an address, or an internal special name."""

    reader: str
    address: IPAddress | None = None
    name: str | None = None


def _address(text: str) -> IPAddress:
    return ipaddress.ip_address(text.partition("%")[0])


def _getaddrinfo(host: bytes | str) -> IPAddress | None:
    try:
        infos = socket.getaddrinfo(host, None, flags=socket.AI_NUMERICHOST)
    except (OSError, UnicodeError, ValueError):
        return None
    return _address(str(infos[0][4][0]))


def _inet_aton(host: str) -> IPAddress | None:
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except (OSError, UnicodeError, ValueError):
        return None


def _ipaddress(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _internal_name(name: str) -> bool:
    labels = name.rstrip(".").split(".")
    return any(".".join(labels[-n:]) in _INTERNAL_SUFFIXES for n in range(1, len(labels) + 1))


def read(host: str) -> list[Reading]:
    """Every address (and internal special name) the readers read from ``host``."""
    found: list[Reading] = []
    try:
        parsed = ada_url.parse_url(f"http://{host}/", attributes=("hostname", "host_type"))
    except ValueError:
        pass  # a WHATWG validation failure: no request is made
    else:
        hostname, kind = parsed.get("hostname", ""), parsed.get("host_type")
        if kind == ada_url.HostType.DEFAULT:
            if _internal_name(hostname):
                found.append(Reading("ada", name=hostname))
        else:
            found.append(Reading("ada", _address(hostname.strip("[]"))))
    if host.startswith("["):
        return found  # an IP-literal: only URL parsers take the brackets off
    octets = unquote_to_bytes(host)
    c_string = octets.partition(b"\0")[0]
    for reader, address in (
        ("getaddrinfo", _getaddrinfo(c_string) if c_string else None),
        ("inet_aton", _inet_aton(c_string.decode("latin-1")) if c_string else None),
        ("ipaddress", _ipaddress(c_string.decode("latin-1"))),
    ):
        if address is not None:
            found.append(Reading(reader, address))
    if _internal_name(c_string.decode("latin-1").lower()):
        found.append(Reading("C string", name=c_string.decode("latin-1")))
    try:
        text = octets.decode("utf-8").partition("\0")[0]
    except UnicodeDecodeError:
        return found
    if not text.isascii():
        folded = normalize("NFKC", text).translate(_DOTS)
        for reader, address in (
            ("getaddrinfo (IDNA codec)", _getaddrinfo(text)),
            ("ipaddress (NFKC)", _ipaddress(folded)),
        ):
            if address is not None:
                found.append(Reading(reader, address))
        if _internal_name(folded.lower()):
            found.append(Reading("NFKC", name=folded))
    return found


def not_a_name(host: str) -> bool:
    """Whether ``host`` (a reg-name) decodes to octets no host name holds."""
    if host.startswith("["):
        return False
    octets = unquote_to_bytes(host)
    if any(o in _NOT_IN_NAMES for o in octets):
        return True
    try:
        octets.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


# -- the spellings --------------------------------------------------------------------------

_INTERNAL_IPV4 = [
    "127.0.0.1", "127.1.2.3", "0.0.0.0", "10.0.0.1", "10.255.1.2", "172.16.0.1",
    "172.31.255.254", "192.168.1.1", "169.254.169.254", "100.64.0.1", "224.0.0.1",
    "255.255.255.255", "192.0.2.1", "198.18.0.1", "240.0.0.1",
]  # fmt: skip
_PUBLIC_IPV4 = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "140.82.112.3"]
_IPV6 = [
    "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "2001:db8::1",
    "2606:4700::1111", "2a00:1450:4001::200e", "64:ff9b:1::1",
]  # fmt: skip
_NAMES = [
    "localhost", "api.localhost", "a.b.localhost", "printer.local", "local",
    "router.home.arpa", "home.arpa", "test", "site.test", "invalid", "x.invalid",
    "onion", "duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion", "x.alt",
    "_dns.resolver.arpa", "default.service.arpa", "ipv4only.arpa", "1.0.0.10.in-addr.arpa",
    "4.3.2.1.b.e.f.ip6.arpa", "x.6tisch.arpa", "eap.arpa", "x.eap-noob.arpa",
]  # fmt: skip
_ORDINARY_TLDS = ["com", "org", "net", "example", "de", "io", "arpa", "xn--p1ai"]
_LABEL = "abcdefghijklmnopqrstuvwxyz0123456789"
_TAILS = ["", ".evil.example", "evil.example", ".", "x", ".localhost.evil.example", "%00"]
_FULL_WIDTH_DOTS = ["\u3002", "\uff0e", "\uff61"]


def _cased(rng: Rng, text: str) -> str:
    return "".join(c.upper() if rng.random() < 0.5 else c for c in text)


def _trailing_dots(rng: Rng) -> str:
    return "." * rng.choice((0, 0, 0, 0, 1, 2))


def _ipv4_value(rng: Rng) -> int:
    if rng.random() < 0.75:
        text = rng.choice(_INTERNAL_IPV4 if rng.random() < 0.8 else _PUBLIC_IPV4)
        return int(ipaddress.IPv4Address(text))
    return rng.getrandbits(32)


def _number(rng: Rng, value: int) -> str:
    radix = rng.choice(("dec", "dec", "dec-zeros", "oct", "hex"))
    zeros = "0" * rng.choice((0, 0, 0, 1, 2, 5))
    if radix == "dec":
        return str(value)
    if radix == "dec-zeros":  # octal to inet_aton, decimal to some others
        return "0" + zeros + str(value)
    if radix == "oct":
        return "0" + zeros + f"{value:o}"
    return rng.choice(("0x", "0X")) + zeros + _cased(rng, f"{value:x}")


def _ipv4(rng: Rng) -> str:
    """An IPv4 address as inet_aton / WHATWG read it: 1-4 parts, any radix (RFC 7.4)."""
    value = _ipv4_value(rng)
    count = rng.choice((1, 2, 3, 4, 4, 4))
    octets = value.to_bytes(4, "big")
    numbers = [*octets[: count - 1], int.from_bytes(octets[count - 1 :], "big")]
    return ".".join(_number(rng, n) for n in numbers) + _trailing_dots(rng)


def _ipv6_address(rng: Rng) -> ipaddress.IPv6Address:
    roll = rng.random()
    if roll < 0.5:
        return ipaddress.IPv6Address(rng.choice(_IPV6))
    v4 = _ipv4_value(rng)
    if roll < 0.9:  # mapped, compatible, NAT64, 6to4 (RFC 4291 2.5.5, RFC 6052, 3056)
        prefix = rng.choice((0xFFFF << 32, 0, 0x64FF9B << 96, 0x64FF9B0001 << 80))
        if rng.random() < 0.2:
            return ipaddress.IPv6Address((0x2002 << 112) | (v4 << 80))
        return ipaddress.IPv6Address(prefix | v4)
    return ipaddress.IPv6Address(rng.getrandbits(128))


def _ipv6_text(rng: Rng) -> str:
    """An IPv6 address (RFC 4291 2.2): compressed or not, leading zeros or not, its last
    32 bits as a dotted quad or not, in any case."""
    address = _ipv6_address(rng).packed
    groups = [
        f"{int.from_bytes(address[i : i + 2], 'big'):0{rng.choice((1, 4))}x}"
        for i in range(0, 16, 2)
    ]
    if rng.random() < 0.3:
        groups[6:] = [str(ipaddress.IPv4Address(address[12:]))]
    text = ":".join(groups)
    zeros = [i for i, g in enumerate(groups) if set(g) == {"0"}]
    if len(zeros) > 1 and zeros[1] == zeros[0] + 1 and rng.random() < 0.7:
        first = last = zeros[0]
        while last + 1 in zeros:
            last += 1
        text = ":".join(groups[:first]) + "::" + ":".join(groups[last + 1 :])
    return _cased(rng, text)


def _ipv6_reg_name(rng: Rng) -> str:
    """An IPv6 address as a reg-name: colons (and some digits) percent-encoded, maybe a
    numeric zone (RFC 6874)."""
    text = "".join(
        _escape(rng, c) if c == ":" or rng.random() < 0.1 else c for c in _ipv6_text(rng)
    )
    return text + ("%25" + str(rng.choice((1, 2, 99))) if rng.random() < 0.1 else "")


def _ipv6_literal(rng: Rng) -> str:
    return f"[{_ipv6_text(rng)}]"


def _special(rng: Rng) -> str:
    return _cased(rng, rng.choice(_NAMES)) + _trailing_dots(rng)


def _escape(rng: Rng, char: str) -> str:
    return "".join(_cased(rng, f"%{o:02x}") for o in char.encode())


def _encoded(rng: Rng, text: str, share: float) -> str:
    """``text`` with some characters (any, as UTF-8) percent-encoded (RFC 2.1)."""
    return "".join(_escape(rng, c) if c != "%" and rng.random() < share else c for c in text)


def _with_bytes(rng: Rng, text: str) -> str:
    """``text`` with an octet of any value inserted, percent-encoded, somewhere."""
    at = rng.randrange(len(text) + 1)
    while 0 < at < len(text) and "%" in text[max(0, at - 2) : at]:
        at -= 1  # not inside an escape
    return text[:at] + f"%{rng.randrange(256):02X}" + text[at:]


def _full_width(rng: Rng, text: str) -> str:
    """Digits, letters, ':' and '.' as their full-width forms, which NFKC folds back."""
    out: list[str] = []
    for c in text:
        if rng.random() < 0.6 and (c.isascii() and (c.isalnum() or c == ":")):
            out.append(chr(ord(c) - 0x20 + 0xFF00))
        elif c == "." and rng.random() < 0.6:
            out.append(rng.choice(_FULL_WIDTH_DOTS))
        else:
            out.append(c)
    return "".join(out)


def _any_address_or_name(rng: Rng) -> str:
    return rng.choice((_ipv4, _ipv4, _ipv6_reg_name, _special))(rng)


def _ordinary(rng: Rng) -> str:
    while True:  # a name under a special-use one ("eap.arpa") is no ordinary name
        labels = [
            "".join(rng.choice(_LABEL) for _ in range(rng.randint(1, 10)))
            for _ in range(rng.randint(1, 3))
        ]
        name = ".".join([*labels, rng.choice(_ORDINARY_TLDS)])
        if not _internal_name(name):
            return _cased(rng, name) + _trailing_dots(rng)


def _iri(rng: Rng) -> str:
    """An IRI host (RFC 3987) in full-width forms, as it is or percent-encoded."""
    text = rng.choice((_ipv4(rng), _ipv6_text(rng).replace(":", "\uff1a"), _special(rng)))
    text = _full_width(rng, text)
    if rng.random() < 0.5:
        text = _encoded(rng, text, rng.choice((0.3, 1.0)))
    return text + ("%00" + rng.choice(_TAILS) if rng.random() < 0.2 else "")


# Pieces of hosts that readers treat specially, for spellings no family above makes.
_PIECES = [
    *"0123456789abcdefxX.", "0x", "00", "255", "4294967295", "%2E", "%2e", "%3A", "%3a",
    "%00", "%09", "%20", "%25", "%30", "%41", "%C2%AD", "%E3%80%82", "%EF%BC%8E",
    "%EF%BC%9A", "%EF%BC%91", "%EF%BD%98", "%E2%80%8B", "\uff11", "\uff1a", "\u3002",
    "\u2488", "::", "ffff", "localhost", "local", "test", "invalid", "home.arpa",
    "onion", "alt", "arpa", "in-addr", "10", "e.f.ip6",
]  # fmt: skip


def _soup(rng: Rng) -> str:
    return "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 10)))


#: family name -> builder of one spelling
FAMILIES: dict[str, Callable[[Rng], str]] = {
    "ipv4": _ipv4,
    "ipv4-encoded": lambda rng: _encoded(rng, _ipv4(rng), 0.3),
    "ipv6-reg-name": _ipv6_reg_name,
    "ipv6-literal": _ipv6_literal,
    "special-name": lambda rng: _encoded(rng, _special(rng), rng.choice((0, 0.2))),
    "nul": lambda rng: _any_address_or_name(rng) + "%00" + rng.choice(_TAILS),
    "iri": _iri,
    "any-byte": lambda rng: _with_bytes(rng, _any_address_or_name(rng)),
    "soup": _soup,
    "ordinary": _ordinary,
}


def spellings(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` (family, host) pairs, the families taking turns, from ``seed``."""
    rng = random.Random(seed)
    names = list(FAMILIES)
    builders = [FAMILIES[name] for name in names]
    return [(names[i % len(names)], builders[i % len(names)](rng)) for i in range(count)]


# -- the comparison -------------------------------------------------------------------------

NO_IP = Policy(allow_ip_host=False, accept_iri=True)
PUBLIC = Policy(allow_internal_host=False, accept_iri=True)
NO_IP_IDNA = Policy(allow_ip_host=False, accept_iri=True, idna=True)
PUBLIC_IDNA = Policy(allow_internal_host=False, accept_iri=True, idna=True)


@dataclass
class Report:
    """What :func:`compare` found: spellings per family, those some reader read as an
    address or internal name, each reader's count, and the failures."""

    spellings: Counter[str] = field(default_factory=Counter[str])
    read: Counter[str] = field(default_factory=Counter[str])
    readers: Counter[str] = field(default_factory=Counter[str])
    failures: list[str] = field(default_factory=list[str])

    def summary(self) -> str:
        lines = [f"{'family':16} {'spellings':>10} {'read':>10}"]
        for family in FAMILIES:
            lines.append(f"{family:16} {self.spellings[family]:>10} {self.read[family]:>10}")
        lines.append("readers: " + ", ".join(f"{r} {n}" for r, n in self.readers.most_common()))
        lines.append(f"failures: {len(self.failures)}")
        lines.extend(self.failures[:20])
        return "\n".join(lines)


def _policies(host: str) -> tuple[tuple[Policy, ...], tuple[Policy, ...]]:
    if host.isascii():
        return (NO_IP,), (PUBLIC,)
    return (NO_IP, NO_IP_IDNA), (PUBLIC, PUBLIC_IDNA)


def compare(pairs: list[tuple[str, str]]) -> Report:
    """Each spelling against the readers and both policies."""
    report = Report()
    for family, host in pairs:
        report.spellings[family] += 1
        text = f"http://{host}/"
        readings = read(host)
        no_ip, public = _policies(host)
        if readings:
            report.read[family] += 1
            report.readers.update({r.reader for r in readings})
        for reading in readings:
            what = reading.name if reading.address is None else reading.address
            if reading.address is not None:
                for policy in no_ip:
                    if policy.accepts(text):
                        report.failures.append(
                            f"{family}: {host!r} is {what} to {reading.reader},"
                            f" but {_shown(policy)} accepts it"
                        )
            if reading.address is None or _internal(reading.address):
                for policy in public:
                    if policy.accepts(text):
                        report.failures.append(
                            f"{family}: {host!r} is internal ({what}) to {reading.reader},"
                            f" but {_shown(policy)} accepts it"
                        )
        if not_a_name(host):
            for policy in (*no_ip, *public):
                if policy.accepts(text):
                    report.failures.append(
                        f"{family}: {host!r} decodes to what no host name holds,"
                        f" but {_shown(policy)} accepts it"
                    )
        if family == "ordinary":
            for policy in (*no_ip, *public):
                if not policy.accepts(text):
                    report.failures.append(
                        f"{family}: {_shown(policy)} refuses the ordinary name {host!r}"
                    )
    return report


def _internal(address: IPAddress) -> bool:
    """Whether the address, written plainly, is one the policy calls internal: what it
    is for is the special-purpose table's business; this test is about reading."""
    plain = str(address).partition("%")[0]
    return analyze(plain if address.version == 4 else f"[{plain}]").special_purpose is not None


def _shown(policy: Policy) -> str:
    flag = "allow_ip_host" if not policy.allow_ip_host else "allow_internal_host"
    return f"Policy({flag}=False{', idna=True' if policy.idna else ''})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed")
    parser.add_argument("--batch", type=int, default=100_000, help="spellings per batch")
    args = parser.parse_args(argv)
    seed = random.randrange(2**32) if args.seed is None else args.seed
    print(f"seed {seed}, {args.count} spellings", flush=True)
    total = Report()
    start = time.perf_counter()
    for batch, first in enumerate(range(0, args.count, args.batch)):
        report = compare(spellings(min(args.batch, args.count - first), seed + batch))
        total.spellings += report.spellings
        total.read += report.read
        total.readers += report.readers
        total.failures += report.failures
    print(total.summary())
    print(f"{time.perf_counter() - start:.1f} s")
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
