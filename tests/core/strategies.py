"""Hypothesis strategies for URI references built from small component alphabets."""

from __future__ import annotations

import ipaddress

from hypothesis import strategies as st

from urikit import URI, InvalidURIError, RelativeReference, URIReference, parse

SEGMENTS = ["", ".", "..", "a", "b", "c:d", "%2E", "%2e%2E", "g;x", "A%7e"]
HOSTS = ["a", "b", "x.y", "[::1]", "H%41"]


@st.composite
def _reference(draw: st.DrawFn, *, scheme: bool | None) -> URIReference:
    with_scheme = draw(st.booleans()) if scheme is None else scheme
    text = draw(st.sampled_from(["http", "a", "foo", "HTTP"])) + ":" if with_scheme else ""
    has_authority = draw(st.booleans())
    if has_authority:
        text += "//"
        text += draw(st.sampled_from(["", "u@", "u:p@"]))
        text += draw(st.sampled_from(HOSTS))
        text += draw(st.sampled_from(["", ":", ":80", ":8080"]))
    segments = draw(st.lists(st.sampled_from(SEGMENTS), max_size=5))
    path = "/".join(segments)
    if has_authority or draw(st.booleans()):
        path = "/" + path if segments else draw(st.sampled_from(["", "/"]))
    text += path
    text += draw(st.sampled_from(["", "?", "?q", "?y=1"]))
    text += draw(st.sampled_from(["", "#", "#f", "#s/../x"]))
    try:
        return parse(text)
    except InvalidURIError:
        # e.g. "//" opening a path without authority, or ":" in a first relative segment
        return parse("./" + text if not with_scheme else text.replace("//", "/./", 1))


def references() -> st.SearchStrategy[URIReference]:
    """Any reference: a URI or a relative reference."""
    return _reference(scheme=None)


def uris() -> st.SearchStrategy[URI]:
    """URIs (a scheme, maybe a fragment): bases and targets."""
    return _reference(scheme=True).filter(lambda r: isinstance(r, URI))  # type: ignore[return-value]


def relative_references() -> st.SearchStrategy[RelativeReference]:
    """References without a scheme."""
    return _reference(scheme=False).filter(  # type: ignore[return-value]
        lambda r: isinstance(r, RelativeReference)
    )


# -- spellings of an IPv4 address (RFC 7.4; urikit._core.hosts) -----------------------------------

_FULL_WIDTH = {c: chr(0xFF10 + int(c)) for c in "0123456789"}
_DOTS = [".", "\u3002", "\uff0e", "\uff61"]  # the label separators of IDNA (RFC 3490 3.1)


def encoded(text: str) -> str:
    """``text`` with its non-ASCII characters percent-encoded as UTF-8 (RFC 3.2.2)."""
    return "".join(f"%{b:02X}" if b > 127 else chr(b) for b in text.encode())


@st.composite
def inet_aton_spellings(draw: st.DrawFn, value: int) -> str:
    """``value`` as ``inet_aton`` reads it: 1-4 parts, each decimal, octal or hex, with
    any number of leading zeros."""
    count = draw(st.integers(1, 4))
    octets = list(value.to_bytes(4, "big"))
    numbers = [*octets[: count - 1], int.from_bytes(bytes(octets[count - 1 :]), "big")]
    parts: list[str] = []
    for number in numbers:
        radix = draw(st.sampled_from(["dec", "oct", "hex"]))
        zeros = "0" * draw(st.integers(0, 80))
        if radix == "dec":
            parts.append(str(number))
        elif radix == "oct":
            parts.append("0" + zeros + format(number, "o"))
        else:
            x = draw(st.sampled_from(["0x", "0X"]))
            parts.append(x + zeros + format(number, draw(st.sampled_from(["x", "X"]))))
    return ".".join(parts)


@st.composite
def host_spellings(draw: st.DrawFn, value: int) -> str:
    """A host (as written in a URI) that resolvers read as the IPv4 address ``value``:
    numeric forms, a trailing dot, percent-encoding, full-width digits, ideographic
    dots, or an IPv6 literal embedding it."""
    address = ipaddress.IPv4Address(value)
    form = draw(st.sampled_from(["numeric", "unicode", "ipv6"]))
    if form == "ipv6":
        prefix = draw(st.sampled_from(["::ffff:", "::", "64:ff9b::", "2002:"]))
        if prefix == "2002:":
            high, low = divmod(value, 1 << 16)
            return f"[2002:{high:x}:{low:x}::]"
        tail = str(address) if draw(st.booleans()) else f"{value >> 16:x}:{value & 0xFFFF:x}"
        text = prefix + tail
        return "[" + (text.upper() if draw(st.booleans()) else text) + "]"
    text = draw(inet_aton_spellings(value))
    if draw(st.booleans()):
        text += "."  # WHATWG drops one trailing dot
    if form == "unicode":
        dot = draw(st.sampled_from(_DOTS))
        wide = draw(st.booleans())
        text = "".join(dot if c == "." else (_FULL_WIDTH.get(c, c) if wide else c) for c in text)
        return encoded(text)
    # percent-encode some ASCII characters (RFC 2.1): the reg-name decodes to the same
    mask = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(f"%{ord(c):02X}" if m else c for c, m in zip(text, mask, strict=True))


def internal_ipv4() -> st.SearchStrategy[int]:
    """Addresses in loopback and private networks (RFC 1122, RFC 1918, RFC 3927)."""
    networks = ["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16"]
    return st.sampled_from(networks).flatmap(
        lambda n: st.integers(
            int(ipaddress.IPv4Network(n).network_address),
            int(ipaddress.IPv4Network(n).broadcast_address),
        )
    )
