"""The argument rows of the one table of error codes (:mod:`urikit.errors.codes`): the
message of each ``TypeError`` or ``ValueError`` (``OSError`` for the guard's look-ups)
that :class:`urikit.Policy`, :func:`urikit.guard`, the scheme modules and their
registry, and :func:`urikit.uri_from_user_input` raise for an argument they cannot
use, with the class it is raised as and the section behind it where a standard makes
it wrong. Each site raises :func:`argument_error` of its code."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, TypeAlias

__all__ = ["ARGUMENT_ERRORS", "ArgumentCode", "ArgumentMessage", "argument_error"]

#: Why an argument is refused: the keys of :data:`ARGUMENT_ERRORS`.
ArgumentCode: TypeAlias = Literal[
    "unexpected-keywords",
    "not-a-choice",
    "not-a-bool",
    "not-a-normalizer",
    "not-a-collection",
    "collection-item",
    "not-a-scheme",
    "unknown-rule",
    "conditional-rule",
    "default-port",
    "not-an-int",
    "not-positive",
    "ports-range",
    "port-negative",
    "ports-empty",
    "idna-needs-iri",
    "normalizer-result",
    "no-problems",
    "timeout-type",
    "timeout-positive",
    "not-a-policy",
    "allow-network",
    "resolver-address",
    "resolved-nothing",
    "resolve-timeout",
    "payload-bytes",
    "media-type",
    "media-parameter",
    "segment-separator",
    "remote-file",
    "path-not-absolute",
    "posix-double-slash",
    "win32-namespace",
    "header-field-name",
    "mailto-address",
]

#: The class an argument error is raised as.
ErrorClass: TypeAlias = type[TypeError] | type[ValueError] | type[OSError]


class ArgumentMessage(NamedTuple):
    """One code's message (a ``str.format`` template), the class it is raised as, and
    the section of a standard behind it (empty where the argument is urikit's own)."""

    template: str
    error: ErrorClass
    section: str = ""


def _type(template: str, section: str = "") -> ArgumentMessage:
    return ArgumentMessage(template, TypeError, section)


def _value(template: str, section: str = "") -> ArgumentMessage:
    return ArgumentMessage(template, ValueError, section)


_MEDIA = "RFC 2045 5.1"
_FILE = "RFC 8089 2"

ARGUMENT_ERRORS: Final[Mapping[ArgumentCode, ArgumentMessage]] = MappingProxyType(
    {
        "unexpected-keywords": _type("{call}() got unexpected keyword arguments: {names}"),
        "not-a-choice": _value("{name} must be one of {choices}, not {value!r}"),
        "not-a-bool": _type("{name} must be True or False, not {value!r}"),
        "not-a-normalizer": _type("normalize must be True, False or a callable, not {value!r}"),
        "not-a-collection": _type(
            "{name} must be a collection of {item} such as {example}, not {found}"
        ),
        "collection-item": _type("{name} must hold {item}, not {kind} ({value!r})"),
        "not-a-scheme": _value("{name}: {scheme!r} is not a scheme (RFC 3986 3.1)", "RFC 3986 3.1"),
        "unknown-rule": _value("unknown rule {rule!r} in the rule of scheme {scheme!r}"),
        "conditional-rule": _value(
            "a scheme's rule holds no conditional group (it is a grammar)", "RFC 5234 3"
        ),
        "default-port": _value("a default port is 0-{max_port}, not {port!r}", "RFC 3986 3.2.3"),
        "not-an-int": _type("{name} must be an int, not {kind}"),
        "not-positive": _value("{name} must be a positive int, not {value!r}"),
        "ports-range": _value(
            "ports must be a non-empty range of numbers from 0, not {ports}", "RFC 3986 3.2.3"
        ),
        "port-negative": _value("a port is a number from 0, not {port}", "RFC 3986 3.2.3"),
        "ports-empty": _value("ports is empty, so no URI with a host could pass; use None for any"),
        "idna-needs-iri": _value(
            "idna=True maps IRI hosts, so it needs accept_iri=True", "RFC 3987 3.1"
        ),
        "normalizer-result": _type("the normalizer returned a {kind}, not a reference"),
        "no-problems": _value("a PolicyError needs at least one problem"),
        "timeout-type": _type("timeout must be a number of seconds or None, not {value!r}"),
        "timeout-positive": _value("timeout must be more than 0 seconds, not {value!r}"),
        "not-a-policy": _type("policy must be a Policy or None, not {kind}"),
        "allow-network": _type("allow holds ipaddress networks, not {kind}"),
        "resolver-address": _type(
            "the resolver gave a socket address that is not (str, int): {sockaddr!r}"
        ),
        "resolved-nothing": ArgumentMessage(
            "{host!r} resolved to no IPv4 or IPv6 address", OSError
        ),
        "resolve-timeout": ArgumentMessage(
            "resolving {host!r} took longer than {timeout} s", TimeoutError
        ),
        "payload-bytes": _type("the payload must be bytes, not {kind}", "RFC 2397 3"),
        "media-type": _value(
            "a media type is type/subtype, not {media_type!r} (RFC 2045 5.1)", _MEDIA
        ),
        "media-parameter": _value(
            "a parameter has a name and a value (RFC 2045 5.1), not {name!r}", _MEDIA
        ),
        "segment-separator": _value(
            "the segment {segment!r} holds a separator or NUL: no {kind} name", _FILE
        ),
        "remote-file": _value("{text!r} names a file on another host, no local POSIX path", _FILE),
        "path-not-absolute": _value("a file URI names an absolute path, not {path!r}", _FILE),
        "posix-double-slash": _value(
            "{text!r}: a POSIX path beginning '//' has no RFC 8089 2 form", _FILE
        ),
        "win32-namespace": _value(
            "{path!r} is in a Win32 namespace, which RFC 8089 cannot name", _FILE
        ),
        "header-field-name": _value(
            "{name!r} is no header field name (RFC 5322 3.6.8)", "RFC 5322 3.6.8"
        ),
        "mailto-address": _value(
            "{address!r} is no addr-spec a mailto URI may carry (RFC 6068 2)", "RFC 6068 2"
        ),
    }
)


def argument_error(code: ArgumentCode, **values: object) -> TypeError | ValueError | OSError:
    """The exception for the argument error ``code``, its message written from
    :data:`ARGUMENT_ERRORS` with ``values`` put in (a template without values is its
    own text: none escapes a brace)."""
    row = ARGUMENT_ERRORS[code]
    return row.error(row.template.format(**values) if values else row.template)
