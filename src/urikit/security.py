"""Security checks (RFC 3986 7): findings about a reference that deserve a second look.

``check(ref)`` returns :class:`Finding` values, each with a short stable ``code``:

============================  =======  ==========================================================
code                          section  what it flags
============================  =======  ==========================================================
``numeric-host``              7.4      a reg-name that is a rare numeric IP form (``0x7f.1``,
                                       ``2130706433``, ``0177.0.0.1``, ``127.1``, ``010.0.0.1``),
                                       or one that percent-decodes to an IPv4 address
``userinfo``                  7.5      userinfo present: credentials may leak into logs
``password``                  3.2.1    ``user:password`` in userinfo (deprecated)
``userinfo-looks-like-host``  7.6      the user part looks like a host name or IP address
                                       (``http://www.bank.example@evil.example/``)
``encoded-delimiter``         7.3      a percent-encoded delimiter in the host or path
                                       (``%2F``, ``%5C``, ``%3F``, ``%23``, ``%40``, ...)
``encoded-dot-segment``       7.3      a path segment that decodes to ``.`` or ``..``
``nul-character``             7.3      a NUL octet in the host or path once decoded
``control-character``         7.3      another control octet (0x01-0x1F, 0x7F) there
``dot-segment``               3.3      ``.`` or ``..`` segments left in the path
============================  =======  ==========================================================

``redacted(ref)`` gives the string form with the password replaced by ``***``, for logs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

from urikit._percent import decode_to_bytes
from urikit._redact import REDACTED
from urikit.errors import InvalidURIError
from urikit.model import HostKind, URIReference, as_reference

__all__ = ["REDACTED", "Finding", "check", "redacted"]


_Component = Literal["userinfo", "host", "path"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing :func:`check` flags: a stable ``code``, the RFC ``section``, a message."""

    code: str
    section: str
    message: str
    component: _Component


_DELIMITERS: Final = {
    "2F": "/",
    "5C": "\\",
    "3F": "?",
    "23": "#",
    "40": "@",
    "3A": ":",
    "5B": "[",
    "5D": "]",
}


@cache
def _numeric_part() -> re.Pattern[str]:
    # One part of an inet_aton-style address: hex, octal (leading 0) or decimal.
    return re.compile(r"0[xX][0-9a-fA-F]*|0[0-7]*|[1-9][0-9]*")


@cache
def _hostlike() -> re.Pattern[str]:
    # A DNS name with at least one dot, or an IP-literal.
    return re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9-]+\.?|\[.*\]")


def _numeric_value(host: str) -> int | None:
    """The IPv4 address an inet_aton-style parser reads from ``host``, else None."""
    parts = host.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()  # a trailing dot, as WHATWG URL parsers accept
    if not 1 <= len(parts) <= 4 or len(host) > 64:
        return None
    values = []
    for part in parts:
        if not _numeric_part().fullmatch(part):
            return None
        if part[:2] in ("0x", "0X"):
            values.append(int(part[2:] or "0", 16))
        elif len(part) > 1 and part[0] == "0":
            values.append(int(part, 8))
        else:
            values.append(int(part))
    last = values.pop()
    if any(v > 255 for v in values) or last >= 256 ** (4 - len(values)):
        return None
    address = last
    for i, v in enumerate(values):
        address |= v << (8 * (3 - i))
    return address


def _leading_zero_digits(host: str) -> bool:
    """Whether ``host`` is dot-separated digits, one of them with a leading zero."""
    parts = host.removesuffix(".").split(".")
    return all(p.isascii() and p.isdigit() for p in parts) and any(
        len(p) > 1 and p[0] == "0" for p in parts
    )


def _dotted(address: int) -> str:
    return ".".join(str((address >> shift) & 255) for shift in (24, 16, 8, 0))


def _encoded_delimiters(text: str) -> list[str]:
    found = []
    for part in text.split("%")[1:]:
        char = _DELIMITERS.get(part[:2].upper())
        if char is not None and char not in found:
            found.append(char)
    return found


def _controls(text: str, component: _Component) -> list[Finding]:
    findings = []
    octets = decode_to_bytes(text)
    if b"\x00" in octets:
        findings.append(
            Finding("nul-character", "7.3", f"the {component} decodes to a NUL octet", component)
        )
    if any((o < 0x20 and o != 0) or o == 0x7F for o in octets):
        findings.append(
            Finding(
                "control-character",
                "7.3",
                f"the {component} decodes to control characters",
                component,
            )
        )
    return findings


def _check_host(ref: URIReference, host: str) -> list[Finding]:
    findings = []
    if ref.host_kind is HostKind.REG_NAME:
        decoded = decode_to_bytes(host).decode("latin-1").lower()
        address = _numeric_value(decoded)
        if address is not None:
            findings.append(
                Finding(
                    "numeric-host",
                    "7.4",
                    f"the host {host!r} is a rare numeric form that many resolvers read"
                    f" as the IPv4 address {_dotted(address)}",
                    "host",
                )
            )
        elif _leading_zero_digits(decoded):
            findings.append(
                Finding(
                    "numeric-host",
                    "7.4",
                    f"the host {host!r} is digits and dots with leading zeros, which some"
                    " software reads as octal, some as decimal and some rejects",
                    "host",
                )
            )
        if "%" in host:
            delimiters = _encoded_delimiters(host)
            if "%2E" in host.upper():
                delimiters.append(".")
            if delimiters:
                findings.append(
                    Finding(
                        "encoded-delimiter",
                        "7.3",
                        f"the host hides percent-encoded delimiters {delimiters!r}",
                        "host",
                    )
                )
            findings.extend(_controls(host, "host"))
    return findings


def _check_path(path: str) -> list[Finding]:
    findings = []
    segments = path.split("/")
    if any(s in (".", "..") for s in segments):
        findings.append(
            Finding(
                "dot-segment",
                "3.3",
                "the path keeps '.' or '..' segments; resolve or normalize it first",
                "path",
            )
        )
    if "%" in path:
        delimiters = _encoded_delimiters(path)
        if delimiters:
            findings.append(
                Finding(
                    "encoded-delimiter",
                    "7.3",
                    f"the path hides percent-encoded delimiters {delimiters!r}",
                    "path",
                )
            )
        if any("%" in s and s.upper().replace("%2E", ".") in (".", "..") for s in segments):
            findings.append(
                Finding(
                    "encoded-dot-segment",
                    "7.3",
                    "a path segment decodes to '.' or '..' (a traversal past dot-segment removal)",
                    "path",
                )
            )
        findings.extend(_controls(path, "path"))
    return findings


def _check_userinfo(userinfo: str) -> list[Finding]:
    findings = [
        Finding(
            "userinfo",
            "7.5",
            "the reference carries userinfo, which may be logged or shown",
            "userinfo",
        )
    ]
    user, colon, _ = userinfo.partition(":")
    if colon:
        findings.append(
            Finding(
                "password",
                "3.2.1",
                "userinfo holds 'user:password', a deprecated form; the password is in clear",
                "userinfo",
            )
        )
    decoded_user = decode_to_bytes(user).decode("latin-1")
    if _hostlike().fullmatch(decoded_user) or _numeric_value(decoded_user.lower()) is not None:
        findings.append(
            Finding(
                "userinfo-looks-like-host",
                "7.6",
                f"the user name {decoded_user!r} looks like a host: a reader may take it"
                " for the host the reference points to",
                "userinfo",
            )
        )
    return findings


def check(ref: URIReference | str) -> tuple[Finding, ...]:
    """The findings of RFC 7 (and 3.2.1, 3.3) for ``ref``; ``()`` for a clean one.

    A string is parsed first (:class:`~urikit.InvalidURIError` if invalid).
    """
    r = as_reference(ref)
    findings: list[Finding] = []
    userinfo, host, path = r.userinfo, r.host, r.path
    if userinfo is not None:
        findings.extend(_check_userinfo(userinfo))
    if host is not None:
        findings.extend(_check_host(r, host))
    findings.extend(_check_path(path))
    return tuple(findings)


def redacted(ref: URIReference | str) -> str:
    """The string form of ``ref`` with the password (after the first ``:`` of userinfo)
    replaced by :data:`REDACTED` (``"***"``), for logs. No password: unchanged.

    Invalid text raises :class:`~urikit.InvalidURIError` whose text is redacted too.
    """
    try:
        r = as_reference(ref)
    except InvalidURIError as error:
        raise error.redacted() from None
    if r.password is None:
        return str(r)
    return str(r.with_userinfo(f"{r.user}:{REDACTED}"))
