"""RFC 3986 and RFC 3987 checks for JSON Schema's ``uri``, ``uri-reference``, ``iri`` and
``iri-reference`` formats.

JSON Schema (2020-12, section 7.3.5) defines ``"format": "uri"`` as RFC 3986 ``URI``,
``"uri-reference"`` as ``URI-reference``, ``"iri"`` as RFC 3987 ``IRI`` and
``"iri-reference"`` as ``IRI-reference``. The ``jsonschema`` package checks the first two
only if ``rfc3987`` or ``rfc3986-validator`` is installed, and the IRI formats only with
``rfc3987`` (GPL); these checks use urikit for all four instead (install the
``urikit[jsonschema]`` extra)::

    import jsonschema
    from urikit.integrations.jsonschema import format_checker

    jsonschema.validate(
        {"home": "https://example.com/"},
        {"properties": {"home": {"type": "string", "format": "uri"}}},
        format_checker=format_checker(),
    )

A rejected value's ``ValidationError.cause`` is urikit's :class:`~urikit.InvalidURIError`,
with the position and rule. As JSON Schema requires, a format applies to strings only:
other instance types pass.

Passwords (RFC 3.2.1, 7.5): jsonschema writes the message of a failed format itself,
quoting the instance (``'https://user:secret@h x' is not a 'uri'``), and ``str()`` of
its ``ValidationError`` shows the instance again (``On instance: ...``); urikit's
``cause`` shows the password as ``***``. :func:`redacting_format_checker` makes a
checker whose messages write it ``***`` too: show ``error.message`` (and ``cause``),
never ``str(error)`` or ``error.instance``, which are the data as given.
"""

from __future__ import annotations

from jsonschema import FormatChecker
from jsonschema.exceptions import FormatError

from urikit._syntax.validation import validate
from urikit.errors import InvalidURIError
from urikit.errors.redact import redact

__all__ = [
    "add_uri_checks",
    "format_checker",
    "is_iri",
    "is_iri_reference",
    "is_uri",
    "is_uri_reference",
    "redacting_format_checker",
]


def is_uri(instance: object) -> bool:
    """True for a non-str, or a str matching ``URI`` (RFC 3); else InvalidURIError."""
    if isinstance(instance, str):
        validate(instance, "URI")
    return True


def is_uri_reference(instance: object) -> bool:
    """True for a non-str, or a str matching ``URI-reference`` (RFC 4.1); else raises."""
    if isinstance(instance, str):
        validate(instance, "URI-reference")
    return True


def is_iri(instance: object) -> bool:
    """True for a non-str, or a str matching ``IRI`` (RFC 3987 2.2); else raises."""
    if isinstance(instance, str):
        validate(instance, "IRI")
    return True


def is_iri_reference(instance: object) -> bool:
    """True for a non-str, or a str matching ``IRI-reference`` (RFC 3987 2.2); else raises."""
    if isinstance(instance, str):
        validate(instance, "IRI-reference")
    return True


def add_uri_checks(checker: FormatChecker) -> FormatChecker:
    """Make ``checker`` check ``uri``, ``uri-reference``, ``iri`` and ``iri-reference``
    with urikit; returns it.

    This changes ``checker`` in place, replacing any check it had for those formats.
    """
    checker.checks("uri", raises=InvalidURIError)(is_uri)
    checker.checks("uri-reference", raises=InvalidURIError)(is_uri_reference)
    checker.checks("iri", raises=InvalidURIError)(is_iri)
    checker.checks("iri-reference", raises=InvalidURIError)(is_iri_reference)
    return checker


def format_checker() -> FormatChecker:
    """A new checker with every format jsonschema knows, the four URI/IRI formats ours."""
    return add_uri_checks(FormatChecker())


class _RedactingFormatChecker(FormatChecker):
    """A :class:`~jsonschema.FormatChecker` whose message quotes a string instance with
    its password written ``***`` (RFC 7.5)."""

    def check(self, instance: object, format: str) -> None:
        try:
            super().check(instance, format)
        except FormatError as error:
            shown = redact(instance) if isinstance(instance, str) else instance
            raise FormatError(f"{shown!r} is not a {format!r}", cause=error.cause) from None


def redacting_format_checker() -> FormatChecker:
    """:func:`format_checker`, but each failed format's message (``error.message`` of
    jsonschema's ``ValidationError``) shows a password as ``***`` (RFC 7.5)."""
    return add_uri_checks(_RedactingFormatChecker())
