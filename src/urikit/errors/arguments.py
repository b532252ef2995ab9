"""The argument rows of the one table of error codes (:mod:`urikit.errors.codes`): the
message of each ``TypeError`` or ``ValueError`` (``OSError`` for the guard's look-ups)
that urikit raises for an argument it cannot use (:class:`urikit.Policy`,
:func:`urikit.guard`, the scheme modules, the Builder and the edits, templates, the
batch functions, the integrations, the grammar tools), with the class it is raised as
and the section behind it where a standard makes it wrong. Each site raises
:func:`argument_error` of its code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

from urikit.errors.codes import MESSAGES, Message, rows_of, table

__all__ = ["ARGUMENT_ERRORS", "ArgumentCode", "argument_error"]

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
    "config-key",
    "conn-scheme",
    "conn-hosts-one",
    "conn-host-list",
    "conn-host-comma",
    "conn-host-raw",
    "conn-ipv6",
    "conn-port",
    "conn-nul",
    "conn-param-empty",
    "conn-param-name",
    "conn-redis-db",
    "conn-unix",
    "conn-mongo-database",
    "conn-mongo-user",
    "conn-socket-port",
    "conn-host-name-escape",
    "conn-option-name",
    "conn-option-raw",
    "conn-redis-keyword",
    "conn-redis-value",
    "not-a-str",
    "bytes-not-str",
    "not-a-str-or-reference",
    "bytes-not-str-or-reference",
    "not-a-reference",
    "unknown-rule-close",
    "unknown-rule-name",
    "code-range",
    "conditional-node",
    "not-a-node",
    "no-strategy",
    "below-zero",
    "engine-conditional",
    "kernel-ascii",
    "kernel-classes",
    "kernel-states",
    "port-int-or-digits",
    "port-int-or-none",
    "path-none",
    "host-type",
    "segments-one-str",
    "unknown-component",
    "query-param-empty",
    "query-params-str",
    "query-param-pair",
    "query-value",
    "no-reference-resolves",
    "batch-values",
    "batch-one-text",
    "batch-items",
    "arrow-strings",
    "polars-strings",
    "no-schemes",
    "policy-uri-annotation",
    "template-value-type",
    "template-mixed-pairs",
    "template-already-bound",
    "match-level-4",
    "match-explode-next",
    "match-explode-collide",
    "match-ambiguous",
]

_type = rows_of("argument", TypeError)
_value = rows_of("argument", ValueError)


_MEDIA = "RFC 2045 5.1"
_FILE = "RFC 8089 2"
_STR = "{what} must be a str, not {kind}"
_STR_OR_REFERENCE = "{what} must be a str, URI or RelativeReference, not {kind}"
_DECODE = "; decode bytes first"
_UNKNOWN_RULE = "unknown rule {name!r}; "
_BATCH = (
    "values must be a list (or sequence) of str, a pyarrow Array or ChunkedArray,"
    " a polars Series or a pandas Series, not {kind}"
)
_READ_ALIKE = ": the items of an exploded variable and what follows it read alike"
_TEMPLATE_VALUES = "RFC 6570 2.3"
_MATCH = "RFC 6570 1.4"

ARGUMENT_ERRORS: Final[Mapping[ArgumentCode, Message]] = table(
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
        "resolved-nothing": rows_of("argument", OSError)(
            "{host!r} resolved to no IPv4 or IPv6 address"
        ),
        "resolve-timeout": rows_of("argument", TimeoutError)(
            "resolving {host!r} took longer than {timeout} s"
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
        "config-key": _value("no string at the key {key!r}", "RFC 3986 3"),
        "conn-scheme": _value(
            "{scheme!r} is no scheme of {client}; write {schemes}",
            "RFC 3986 3.1",
        ),
        "conn-hosts-one": _value(
            "{client} reads one host, not {hosts!r}",
            "RFC 3986 3.2.2",
        ),
        "conn-host-list": _value(
            "pymongo reads one host or more (mongodb+srv: one, without a port), not {hosts!r}",
            "RFC 3986 3.2.2",
        ),
        "conn-host-comma": _value(
            "libpq splits the decoded host list at ',': the host {host!r} cannot be written",
            "RFC 3986 3.2.2",
        ),
        "conn-host-raw": _value(
            "{client} reads a host as written, without percent-decoding: {host!r} would need it",
            "RFC 3986 2.1",
        ),
        "conn-ipv6": _value(
            "{host!r} is no IPv6 address, the one host that holds ':' (RFC 3986 3.2.2)",
            "RFC 3986 3.2.2",
        ),
        "conn-port": _value(
            "{client} reads a port from {lowest} to 65535, not {port!r}",
            "RFC 3986 3.2.3",
        ),
        "conn-nul": _value(
            "libpq refuses a NUL character (%00) in the {field}",
            "RFC 3986 2.1",
        ),
        "conn-param-empty": _value(
            "{client} drops a parameter with an empty name or value (parse_qs): {key!r}",
            "RFC 3986 3.4",
        ),
        "conn-param-name": _value(
            "libpq needs a parameter name",
            "RFC 3986 3.4",
        ),
        "conn-redis-db": _value(
            "redis-py reads the database as a number, not {database!r}",
            "RFC 3986 3.3",
        ),
        "conn-unix": _value(
            "a unix:// URL is one absolute socket path, without a port or database"
            " (give db as a parameter), not {hosts!r}",
            "RFC 3986 3.3",
        ),
        "conn-mongo-database": _value(
            "pymongo refuses '/', ' ', '\"', '$' and '.' in a database name: {database!r}",
            "RFC 3986 3.3",
        ),
        "conn-mongo-user": _value(
            "pymongo needs a user before a password",
            "RFC 3986 3.2.1",
        ),
        "conn-socket-port": _value(
            "a Unix socket has no port: {host!r}",
            "RFC 3986 3.2.3",
        ),
        "conn-host-name-escape": _value(
            "pymongo reads no escape in a host name (only in a socket path ending in"
            " '.sock'): {host!r}",
            "RFC 3986 3.2.2",
        ),
        "conn-option-name": _value(
            "pymongo does not decode option names: {name!r} would need it",
            "RFC 3986 3.4",
        ),
        "conn-option-raw": _value(
            "pymongo reads the value of {name!r} as written: it cannot hold characters"
            " that need encoding",
            "RFC 3986 3.4",
        ),
        "conn-redis-keyword": _value(
            "redis.Redis() takes no keyword {key!r}",
            "RFC 3986 3.4",
        ),
        "conn-redis-value": _value(
            "{value!r} is no value of redis-py's {key!r}",
            "RFC 3986 3.4",
        ),
        "not-a-str": _type(_STR),
        "bytes-not-str": _type(_STR + _DECODE),
        "not-a-str-or-reference": _type(_STR_OR_REFERENCE),
        "bytes-not-str-or-reference": _type(_STR_OR_REFERENCE + _DECODE),
        "not-a-reference": _type("expected a URI or RelativeReference, not {kind}"),
        "unknown-rule-close": _value(_UNKNOWN_RULE + "did you mean {close}?"),
        "unknown-rule-name": _value(
            _UNKNOWN_RULE + "the rules are those of RFC 3986 Appendix A, RFC 3987 2.2 and"
            " the schemes of urikit.schemes (urikit.rules)"
        ),
        "code-range": _value("not a code point range: {first:#x}-{last:#x}", "RFC 5234 3.4"),
        "conditional-node": _type(
            "conditional groups have no place in a grammar rule", "RFC 5234 3"
        ),
        "not-a-node": _type("not an ABNF node: {node!r}"),
        "no-strategy": _type("no strategy for grammar node {node!r}"),
        "below-zero": _value("{name} must be 0 or more, not {value!r}"),
        "engine-conditional": _value("{engine} has no conditional groups"),
        "kernel-ascii": _value("the kernel reads ASCII only, but a rule takes {chars}"),
        "kernel-classes": _value("{count} byte classes do not fit a row of {row}"),
        "kernel-states": _value("{name}: {count} states do not fit uint8_t"),
        "port-int-or-digits": _type(
            "port must be an int or a str of digits, not {kind}", "RFC 3986 3.2.3"
        ),
        "port-int-or-none": _type("port must be an int or None, not {kind}", "RFC 3986 3.2.3"),
        "path-none": _type(
            "path must be a str: a path is always defined (RFC 3.3), use ''", "RFC 3986 3.3"
        ),
        "host-type": _type(
            "host must be a str, IPv4Address or IPv6Address, not {kind}", "RFC 3986 3.2.2"
        ),
        "segments-one-str": _type(
            "{call} takes an iterable of str, not one str; use {instead}", "RFC 3986 3.3"
        ),
        "unknown-component": _value("unknown component {component!r}; expected one of {choices}"),
        "query-param-empty": _value(
            "a query parameter needs a name or a value: ('', None) writes nothing",
            "RFC 3986 3.4",
        ),
        "query-params-str": _type(
            "query parameters are pairs or a mapping, not a str; use query()", "RFC 3986 3.4"
        ),
        "query-param-pair": _type(
            "query parameters are (key, value) pairs, not {shown}", "RFC 3986 3.4"
        ),
        "query-value": _type(
            "the value of query parameter {key!r} is a {kind}: pass a str, an int, None"
            " (the key alone) or a list of them (the key repeated); for a bool, the text"
            " its reader expects ('true', '1', ...)",
            "RFC 3986 3.4",
        ),
        "no-reference-resolves": _value(
            "no reference resolves to {target!r} against this base: its path keeps dot"
            " segments, which resolution removes (RFC 5.2.4); normalize it first",
            "RFC 3986 5.2.4",
        ),
        "batch-values": _type(_BATCH),
        "batch-one-text": _type(_BATCH + "; for one text use urikit.is_valid"),
        "batch-items": _type("every item must be a str"),
        "arrow-strings": _type("an Arrow column of strings is needed, not one of {kind}"),
        "polars-strings": _type("a Polars Series of strings is needed, not one of {kind}"),
        "no-schemes": _value("scheme_uri_type() needs at least one scheme"),
        "policy-uri-annotation": _type(
            "PolicyURI(Policy(require={require!r})) gives {names} values, which a field"
            " annotated {field} cannot hold; annotate it {annotation}"
        ),
        "template-value-type": _type(
            "the value of {name!r} must be a str, int, float, a list of them, a mapping"
            " or a list of (name, value) pairs, not {kind}",
            _TEMPLATE_VALUES,
        ),
        "template-mixed-pairs": _type(
            "the value of {name!r} mixes (name, value) pairs with others", _TEMPLATE_VALUES
        ),
        "template-already-bound": _value("variable {name!r} is already bound by partial()"),
        "match-level-4": _value(
            "match() reads templates of levels 1 to 3; {part} is level 4 (match_all)",
            "RFC 6570 1.2",
        ),
        "match-explode-next": _value(
            "{{{operator}{name}*}} and {part} collide" + _READ_ALIKE, _MATCH
        ),
        "match-explode-collide": _value(
            "{name}* and {after} collide in {part}" + _READ_ALIKE, _MATCH
        ),
        "match-ambiguous": _value(
            "match() cannot tell where the expansion of {item} ends in {template!r}: what"
            " follows can start with {char!r}",
            _MATCH,
        ),
    }
)


def argument_error(
    code: ArgumentCode, **values: object
) -> TypeError | ValueError | OSError | RuntimeError:
    """The exception for the argument error ``code``, its message written from
    :data:`ARGUMENT_ERRORS` with ``values`` put in (a brace of the text itself is
    doubled in its template)."""
    row = MESSAGES["argument", code]
    error = row.error
    assert error is not None  # every row of rows_of("argument", ...) names its class
    return error(row.template.format(**values))
