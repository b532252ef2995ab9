"""Hosts and ports a client can use: DNS host names (RFC 1123 2.1, RFC 5890 2.3.2.1),
IP addresses, and ports that fit in 16 bits.

RFC 3986 3.2.2 lets a ``reg-name`` be almost any text (``exa%20mple``, ``a..b``,
``-bad-``), and a run of digits and dots that is no ``IPv4address`` (``256.1.1.1``) is a
reg-name too. A host a client looks up in DNS is narrower: an IP-literal, a dotted-quad
``IPv4address``, or a host name whose labels are letters, digits and hyphens, not
starting or ending with ``-``, 1-63 octets each, at most 253 in all with an optional
trailing dot (RFC 1123 2.1, RFC 1035 2.3.1), an ``xn--`` label a valid A-label (RFC 5890
2.3.2.1), and the last label not all digits (RFC 1123 2.1: "at least the highest-level
component label will be alphabetic"). :func:`dns_host_problem` says which of these a
host breaks; :func:`client_host` is what a build for a scheme in :data:`DNS_SCHEMES`
writes, converting a name beyond ASCII with IDNA as RFC 3986 3.2.2 asks of producers.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import cache, lru_cache
from re import Match
from typing import Final
from unicodedata import is_normalized

from urikit._core.hosts import HostKind, host_kind
from urikit._core.idna import host_to_ascii
from urikit._syntax.locate import NO_SPACES_IN_HOST
from urikit._syntax.percent import decode_to_bytes
from urikit.errors import InvalidURIError, URIBuildError
from urikit.errors.reasons import reason

__all__ = [
    "BUILT_IN_DNS_SCHEMES",
    "DNS_SCHEMES",
    "MAX_PORT",
    "client_host",
    "dns_host_problem",
    "mark_dns_scheme",
]

#: Schemes whose hosts are names a client looks up in DNS by their RFCs (RFC 9110 4.2 for
#: http and https, RFC 6455 3 for ws and wss, RFC 1738 3.2 for ftp).
BUILT_IN_DNS_SCHEMES: Final = frozenset({"http", "https", "ws", "wss", "ftp"})

_dns_schemes: set[str] = set(BUILT_IN_DNS_SCHEMES)
_dns_lock: Final = threading.Lock()

#: Schemes whose hosts are names a client looks up in DNS: :data:`BUILT_IN_DNS_SCHEMES`
#: and those registered with ``dns_host=True`` (:func:`urikit.schemes.register`). A build
#: writes their hosts as :func:`client_host` does. Read-only: :func:`mark_dns_scheme`
#: changes it.
DNS_SCHEMES: Final[AbstractSet[str]] = _dns_schemes

#: The largest port: a TCP or UDP port is 16 bits (RFC 3986 3.2.3 leaves the range to
#: schemes; every scheme with a default port uses TCP or UDP).
MAX_PORT: Final = 65535

_MAX_NAME: Final = 253  # octets of a name without its trailing dot (RFC 1035 2.3.4)
_MAX_LABEL: Final = 63  # octets of a label (RFC 1035 2.3.4)
_LDH: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")


def mark_dns_scheme(name: str, dns_host: bool) -> None:
    """Make the lowercase scheme ``name`` one of :data:`DNS_SCHEMES` or not, as its
    registration says; a scheme of :data:`BUILT_IN_DNS_SCHEMES` stays one."""
    with _dns_lock:
        if dns_host:
            _dns_schemes.add(name)
        elif name not in BUILT_IN_DNS_SCHEMES:
            _dns_schemes.discard(name)


def dns_host_problem(host: str) -> str | None:
    """Why ``host`` (as written in a URI) is neither an IP-literal, a dotted-quad
    IPv4address nor a DNS host name, in a phrase; None when it is one of them."""
    if host.startswith("["):
        return None  # an IP-literal (the URI's syntax has been checked)
    if host_kind(host) is HostKind.IPV4:
        return None
    if not host:
        return reason("dns-empty")
    name = host[:-1] if host.endswith(".") else host
    found = _first_not_ldh_or_dot()(name)
    if found is not None:
        return _character_problem(name, found.start())
    if len(name) > _MAX_NAME:
        return reason("dns-too-long", length=len(name), max_name=_MAX_NAME)
    labels = name.split(".")
    for number, label in enumerate(labels, 1):
        problem = _label_problem(label, number)
        if problem is not None:
            return problem
    if labels[-1].isdigit():
        return reason("dns-last-label-digits", label=labels[-1])
    return None


@cache
def _first_not_ldh_or_dot() -> Callable[[str], Match[str] | None]:
    """``search`` for the first character that is no letter, digit, hyphen or dot
    (:data:`_LDH`): one scan in C instead of a loop over the name (made on first use)."""
    return re.compile("[^" + "".join(re.escape(c) for c in sorted(_LDH | {"."})) + "]").search


def _character_problem(name: str, index: int) -> str:
    char = name[index]
    if char == " ":
        return NO_SPACES_IN_HOST
    if char != "%":
        return reason("dns-char", char=char)
    try:
        octets = decode_to_bytes(name[index : index + 3])
    except InvalidURIError:
        octets = b"%"
    if octets == b" ":
        return reason("dns-escaped-space", no_spaces=NO_SPACES_IN_HOST)
    if octets[0] >= 0x80:
        return reason("dns-escaped-non-ascii")
    return reason("dns-escaped-char", escape=name[index : index + 3], char=chr(octets[0]))


def _label_problem(label: str, number: int) -> str | None:
    if not label:
        return reason("dns-label-empty", number=number)
    if len(label) > _MAX_LABEL:
        return reason("dns-label-too-long", number=number, length=len(label), max_label=_MAX_LABEL)
    if label[0] == "-" or label[-1] == "-":
        return reason("dns-label-hyphen", label=label)
    if label[:4].lower() == "xn--":
        problem = _a_label_problem(label)
        if problem is not None:
            return reason("dns-a-label", label=label, problem=problem)
    return None


@lru_cache(maxsize=256)
def _a_label_problem(label: str) -> str | None:
    """Why an ``xn--`` label is no A-label: with the ``idna`` package its full check
    (IDNA2008), else whether it is Punycode that decodes to text beyond ASCII and
    encodes back to itself, printable and in NFC (RFC 5890 2.3.2.1, RFC 3492)."""
    try:
        import idna
    except ImportError:  # the optional extra is not installed
        return _punycode_problem(label)
    try:
        idna.ulabel(label)
    except (idna.IDNAError, UnicodeError) as error:
        return str(error) or reason("a-label-undecodable")
    return None


def _punycode_problem(label: str) -> str | None:
    encoded = label[4:].lower()
    try:
        decoded = encoded.encode("ascii").decode("punycode")
    except UnicodeError:
        return reason("punycode-not")
    # (Punycode of ASCII alone ends with "-", which the LDH rule has refused.)
    if not decoded.isprintable() or not is_normalized("NFC", decoded):
        return reason("punycode-no-u-label")
    if decoded.encode("punycode").decode("ascii") != encoded:
        return reason("punycode-not-inverse")
    return None


@lru_cache(maxsize=1024)
def client_host(host: str, *, idna: bool = True) -> str:
    """``host`` (encoded, as a build holds it) as written for a scheme in
    :data:`DNS_SCHEMES`: a name beyond ASCII (percent-encoded UTF-8) as A-labels, via
    IDNA (RFC 3986 3.2.2; the ``urikit[idna]`` extra) unless ``idna`` is False;
    :class:`~urikit.URIBuildError` (code ``host-not-dns``) for a host that is then no
    IP address or DNS host name."""
    if idna and "%" in host:
        try:
            text = decode_to_bytes(host).decode("utf-8")
        except UnicodeDecodeError:
            text = host
        if not text.isascii():
            try:
                host = host_to_ascii(text)
            except ImportError as error:
                raise _not_dns(host, str(error)) from None
            except InvalidURIError as error:
                raise _not_dns(host, error.reason) from None
    problem = dns_host_problem(host)
    if problem is not None:
        raise _not_dns(host, problem)
    return host


def _not_dns(host: str, problem: str) -> URIBuildError:
    return URIBuildError.of("host-not-dns", host=host, problem=problem)
