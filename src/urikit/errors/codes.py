"""The one table of build error codes: each code's message (a ``str.format`` template)
and the section of the RFC that makes it an error, as rust-url keeps one table of its
parse errors. :meth:`URIBuildError.of` writes every such message from here; the
catalogue in docs/errors.md is checked against it."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, TypeAlias

__all__ = ["BUILD_ERRORS", "BuildErrorCode", "Message", "build_message", "shown_port"]

#: Why components cannot form a reference: :attr:`URIBuildError.code`.
BuildErrorCode: TypeAlias = Literal[
    "needs-host",
    "password-without-user",
    "port-out-of-range",
    "zone-id",
    "path-double-slash",
    "path-colon-first-segment",
    "path-not-absolute",
    "scheme-required",
    "scheme-forbidden",
    "query-conflict",
    "path-conflict",
    "dot-segment",
    "template-invalid-result",
    "template-prefix-composite",
    "template-lone-surrogate",
]


class Message(NamedTuple):
    """One code's message for people and the RFC section behind it."""

    template: str
    section: str


BUILD_ERRORS: Final[Mapping[BuildErrorCode, Message]] = MappingProxyType(
    {
        "needs-host": Message(
            "{what} without a host: userinfo and a port belong to an authority,"
            " which starts with a host{advice}",
            "RFC 3986 3.2",
        ),
        "password-without-user": Message("a password needs a user name", "RFC 3986 3.2.1"),
        "port-out-of-range": Message(
            "a port is a number from 0 to 65535, not {port}", "RFC 3986 3.2.3"
        ),
        "zone-id": Message(
            "a zone identifier cannot go in a URI (RFC 9844 obsoleted RFC 6874): {host!r}",
            "RFC 3986 3.2.2",
        ),
        "path-double-slash": Message(
            "without an authority a path cannot start with '//': it would be read as an authority",
            "RFC 3986 3.3",
        ),
        "path-colon-first-segment": Message(
            "the first segment of a relative path cannot contain ':': it would be read as"
            " a scheme; prefix the path with './'",
            "RFC 3986 4.2",
        ),
        "path-not-absolute": Message(
            "with an authority the path must be empty or start with '/'", "RFC 3986 3.3"
        ),
        "scheme-required": Message("build() needs a scheme; use build_reference()", "RFC 3986 3"),
        "scheme-forbidden": Message(
            "a relative reference has no scheme; use build()", "RFC 3986 4.2"
        ),
        "query-conflict": Message("give query or query_params, not both", "RFC 3986 3.4"),
        "path-conflict": Message("give path or segments, not both", "RFC 3986 3.3"),
        "dot-segment": Message(
            "the path segment {segment!r} is a dot segment, not data: resolution and"
            " normalization remove every spelling of it",
            "RFC 3986 5.2.4, 6.2.2",
        ),
        "template-invalid-result": Message(
            "{culprit} makes the expansion {expansion!r} of {template!r} invalid: {reason}",
            "RFC 6570 3",
        ),
        "template-prefix-composite": Message(
            "{{{spec}}} asks for a prefix of {name!r}, which is a list or an associative"
            " array: prefixes apply to strings only",
            "RFC 6570 2.4.1",
        ),
        "template-lone-surrogate": Message(
            "the value of {name!r} holds a lone surrogate (U+{point:04X}) at position"
            " {position}: it has no UTF-8 form, so no octets to percent-encode",
            "RFC 3986 2.5",
        ),
    }
)


def build_message(code: BuildErrorCode, **values: object) -> str:
    """The message of ``code`` with ``values`` put in, ending with its RFC section."""
    message = BUILD_ERRORS[code]
    return f"{message.template.format(**values)} ({message.section})"


def shown_port(port: int) -> int | str:
    """``port`` as a message shows it: ``str(10**5000)`` itself fails."""
    return port if abs(port) < 10**9 else "a number that large"
