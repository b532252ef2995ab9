"""Security checks (RFC 3986 7): findings about a reference that deserve a second look.

``check(ref)`` returns :class:`Finding` values, each with a short stable ``code``:

============================  =======  ==========================================================
code                          section  what it flags
============================  =======  ==========================================================
``numeric-host``              7.4      a reg-name that resolvers read as an IPv4 address
                                       (``0x7f.1``, ``2130706433``, ``0177.0.0.1``, ``127.1``,
                                       ``127.0.0.1.``, ``%31%32%37.0.0.1``, full-width digits,
                                       ideographic dots: see :func:`urikit._core.hosts.analyze`)
``embedded-ipv4``             7.4      an IPv6 host that carries an IPv4 address (mapped
                                       ``[::ffff:127.0.0.1]``, compatible, NAT64, 6to4,
                                       Teredo)
``userinfo``                  7.5      userinfo present: credentials may leak into logs
``password``                  3.2.1    ``user:password`` in userinfo (deprecated)
``userinfo-looks-like-host``  7.6      the user part, decoded, starts like a host: a DNS
                                       name, an IP address in any spelling, ``localhost``
                                       (``http://www.bank.example%3A443@evil.example/``)
``userinfo-looks-like-idn-``  7.6      the user part decodes to a name beyond ASCII that IDNA
``host``                               encodes as a host name (``http://b%C3%A4nk.example@``
                                       ``evil.example/`` reads as ``bänk.example``)
``encoded-delimiter``         7.3      a percent-encoded delimiter in the host or path
                                       (``%2F``, ``%5C``, ``%3F``, ``%23``, ``%40``, ...)
``encoded-dot-segment``       7.3      a path segment that decodes to ``.`` or ``..``
``nul-character``             7.3      a NUL octet in the host or path once decoded
``control-character``         7.3      another control octet (0x01-0x1F, 0x7F) there
``dot-segment``               3.3      ``.`` or ``..`` segments left in the path
============================  =======  ==========================================================

``redacted(ref)`` gives the string form with the password replaced by ``***``, for logs.

``resolve_checked(uri)`` is the step no syntax check can take: it resolves the host once
and refuses a name that resolves to an internal address (RFC 6890), returning the
addresses to connect to (docs/security.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

from urikit._core.hosts import HostKind, IPAddress, analyze, special_purpose
from urikit._syntax.percent import decode_to_bytes
from urikit.errors import InvalidURIError
from urikit.errors.redact import REDACTED
from urikit.policy.guard import (
    DEFAULT_GUARD,
    AddressInfo,
    CheckedHost,
    Resolver,
    resolve_checked,
)
from urikit.values.uri import URIReference, as_reference

__all__ = [
    "DEFAULT_GUARD",
    "REDACTED",
    "AddressInfo",
    "CheckedHost",
    "Finding",
    "Resolver",
    "check",
    "redacted",
    "resolve_checked",
]


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


_HOST_END: Final = re.compile(r"[:/\\?#@\s]")  # where a reader's eye stops reading a host
_LDH: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def _dns_like(name: str) -> bool:
    """Two or more letter-digit-hyphen labels (RFC 1123 2.1), one trailing dot allowed."""
    labels = name.removesuffix(".").split(".")
    return len(labels) > 1 and all(
        label and label[0] != "-" and label[-1] != "-" and set(label) <= _LDH for label in labels
    )


def _encoded_delimiters(text: str) -> list[str]:
    found: list[str] = []
    for part in text.split("%")[1:]:
        char = _DELIMITERS.get(part[:2].upper())
        if char is not None and char not in found:
            found.append(char)
    return found


def _controls(text: str, component: _Component) -> list[Finding]:
    findings: list[Finding] = []
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


def _in_block(address: IPAddress) -> str:
    """``, in <block>`` naming the special-purpose block of ``address`` as IANA does."""
    block = special_purpose(address)
    return "" if block is None else f", in {block}"


def _check_host(host: str) -> list[Finding]:
    findings: list[Finding] = []
    info = analyze(host)
    if info.kind is HostKind.REG_NAME and info.addresses:
        read = " or ".join(f"{a}{_in_block(a)}" for a in info.addresses)
        findings.append(
            Finding(
                "numeric-host",
                "7.4",
                f"the host {host!r} is a rare spelling of an IP address: resolvers read it"
                f" as {read}",
                "host",
            )
        )
    if info.embedded is not None:
        findings.append(
            Finding(
                "embedded-ipv4",
                "7.4",
                f"the IPv6 host {host} carries the IPv4 address {info.embedded}"
                f" ({info.embedding}), which is where it leads{_in_block(info.embedded)}",
                "host",
            )
        )
    if info.kind is HostKind.REG_NAME and "%" in host:
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
    findings: list[Finding] = []
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
    if _looks_like_host(user):
        findings.append(
            Finding(
                "userinfo-looks-like-host",
                "7.6",
                f"the user name {user!r} reads like a host: a reader may take it"
                " for the host the reference points to",
                "userinfo",
            )
        )
    idn = _idn_host_look_alike(user)
    if idn is not None:
        findings.append(
            Finding(
                "userinfo-looks-like-idn-host",
                "7.6",
                f"the user name {user!r} decodes to {idn[0]!r}, which IDNA writes as the"
                f" host name {idn[1]}: a reader may take it for the host the reference"
                " points to",
                "userinfo",
            )
        )
    return findings


def _idn_host_look_alike(user: str) -> tuple[str, str] | None:
    """``(name, A-labels)`` when ``user``, read as a host is (percent-decoded, mapped by
    IDNA, :func:`urikit.hosts.analyze`), starts with a dotted name beyond ASCII that
    IDNA writes as a host name (RFC 3987 3.1)."""
    for name in analyze(user).names[1:]:  # the first reading is the octets as written
        head = _HOST_END.split(name, maxsplit=1)[0]
        labels = head.removesuffix(".").split(".")
        if head.isascii() or len(labels) < 2:
            continue
        if all(label and all(c.isalnum() or c == "-" for c in label) for label in labels):
            try:  # the standard library's IDNA 2003 ToASCII
                return head, head.encode("idna").decode("ascii")
            except UnicodeError:
                continue
    return None


def _looks_like_host(user: str) -> bool:
    """Whether ``user`` (as written) starts, once decoded and mapped as a host would be,
    with a DNS name, an IP address in any spelling, an IP-literal or localhost."""
    info = analyze(user)
    if info.addresses:
        return True
    for name in info.names:
        head = _HOST_END.split(name, maxsplit=1)[0]
        if head.startswith("[") or _dns_like(head):
            return True
        if head and head != name:
            found = analyze(head)
            if found.addresses or found.localhost:
                return True
    return info.localhost


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
        findings.extend(_check_host(host))
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
