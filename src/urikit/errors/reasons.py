"""The reason rows of the one table of error codes (:mod:`urikit.errors.codes`): each
reason the error locator gives for text that fails an RFC 3986 / 3987 rule and each
hint that follows one after ``": "`` (kind ``"syntax"``), and the parts a policy's
messages are made of, its hints for common slips (kind ``"policy"``), each a
``str.format`` template with its RFC section. The locator writes every
:attr:`InvalidURIError.reason` from here, and a Policy every phrase (:func:`reason`,
which writes the rows of :mod:`urikit.errors.rule_reasons` too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

from urikit.errors.codes import MESSAGES, Message, rows_of, table
from urikit.errors.rule_reasons import RULE_REASONS, RuleReasonCode

__all__ = ["SYNTAX_REASONS", "ReasonCode", "reason"]

#: Why text fails a rule: the keys of :data:`SYNTAX_REASONS`.
ReasonCode: TypeAlias = Literal[
    "char",
    "char-hinted",
    "char-control",
    "char-lone-surrogate",
    "char-not-ascii",
    "char-not-ascii-encodable",
    "char-bidi",
    "char-private-use",
    "char-not-ucschar",
    "ended-in",
    "ended-early",
    "pct-ended",
    "pct-digits",
    "with-hint",
    "leading-space",
    "scheme-unended",
    "scheme-first",
    "scheme-char",
    "absolute-fragment",
    "first-segment-colon",
    "port-not-digits",
    "after-ip-literal",
    "bracket-in-host",
    "ip-literal-start",
    "ipvfuture-form",
    "ip-literal-unclosed",
    "ipv6-incomplete",
    "ipv6-double-colon",
    "ipv6-long-group",
    "ipv6-groups",
    "ipv6-embedded-ipv4",
    "ipv6-char",
    "zone-id",
    "missing-scheme-www",
    "missing-scheme-port",
    "hint-space",
    "hint-backslash",
    "hint-percent",
    "hint-scheme",
    "hint-port",
    "hint-host-space",
    "hint-fragment-hash",
    "hint-query-hash",
    "hint-host-list",
    "scheme-prefix",
    "http-empty-host",
    "http-fragment",
    "ws-fragment",
    "ws-userinfo",
    "mailto-second-query",
    "mailto-hfvalue-equals",
    "mailto-addr-char",
    "urn-nid",
    "urn-question",
    "urn-nss-empty",
    "data-no-comma",
    "file-drive",
    "file-unc",
    "file-auth-path",
    "conn-prefix",
    "conn-one-host",
    "conn-fragment",
    "conn-param",
    "conn-port-range",
    "conn-nul-escape",
    "conn-database-name",
    "conn-host-escape",
    "conn-password-param",
    "conn-srv-port",
    "conn-redis-path",
    "hint-one-slash",
    "hint-no-slash",
    "hint-missing-scheme",
    "hint-follows",
    "hint-accept-iri",
    "hint-around",
    "once-normalized",
    "port-written",
    "port-default",
    "port-unknown",
    "port-explicit",
    "port-range",
    "host-empty-local",
    "host-special-name",
    "host-ipvfuture",
    "host-internal",
    "host-in-block",
    "host-reaches",
]


_syntax = rows_of("syntax")
_policy = rows_of("policy")


_PCT = "RFC 3986 2.1"
_IP = "RFC 3986 3.2.2"
_SCHEME = "RFC 3986 3.1"

SYNTAX_REASONS: Final[Mapping[ReasonCode, Message]] = table(
    {
        "char": _syntax("invalid character {char!r}", "RFC 3986 2"),
        "char-hinted": _syntax("invalid character {char!r}: {hint}", "RFC 3986 2"),
        "char-control": _syntax("invalid control character {char!r}", "RFC 3986 2"),
        "char-lone-surrogate": _syntax(
            "invalid character {char!r}: a lone surrogate is not text and has no UTF-8 form",
            "RFC 3986 2.5",
        ),
        "char-not-ascii": _syntax("invalid character {char!r}: URIs are ASCII only", "RFC 3986 2"),
        "char-not-ascii-encodable": _syntax(
            "invalid character {char!r}: URIs are ASCII only; percent-encode its UTF-8"
            " bytes (urikit.quote), or convert an IRI with urikit.iri_to_uri",
            "RFC 3986 2.1, 2.5",
        ),
        "char-bidi": _syntax(
            "invalid character {char!r}: the bidirectional formatting character {name}"
            " is not allowed in an IRI (RFC 3987 4.1)",
            "RFC 3987 4.1",
        ),
        "char-private-use": _syntax(
            "invalid character {char!r}: the private-use character {name} is allowed only"
            " in the query of an IRI (iprivate, RFC 3987 2.2)",
            "RFC 3987 2.2",
        ),
        "char-not-ucschar": _syntax(
            "invalid character {char!r}: {name} is not a ucschar (RFC 3987 2.2)", "RFC 3987 2.2"
        ),
        "ended-in": _syntax("input ended early in {rule}", "RFC 3986 3"),
        "ended-early": _syntax("input ended early", "RFC 3986 3.2"),
        "pct-ended": _syntax(
            "input ended inside a percent-encoding: '%' takes two hexadecimal digits", _PCT
        ),
        "pct-digits": _syntax(
            "'%' must be followed by two hexadecimal digits, not {char!r} (write '%25' for '%')",
            _PCT,
        ),
        "with-hint": _syntax("{reason}: {hint}", "RFC 3986 3"),
        "leading-space": _syntax("a URI cannot start with a space: remove it", "RFC 3986 C"),
        "scheme-unended": _syntax("input ended before the ':' that ends the scheme", _SCHEME),
        "scheme-first": _syntax("a scheme must start with a letter, not {char!r}", _SCHEME),
        "scheme-char": _syntax("{char!r} is not allowed in a scheme", _SCHEME),
        "absolute-fragment": _syntax(
            "a fragment is not allowed in an absolute URI (RFC 4.3)", "RFC 3986 4.3"
        ),
        "first-segment-colon": _syntax(
            "':' is not allowed in the first segment of a relative path (RFC 4.2);"
            " write './' before it, or start with a letter if it is a scheme",
            "RFC 3986 4.2",
        ),
        "port-not-digits": _syntax(
            "the port {port!r} is not digits (RFC 3.2.3); if it is userinfo, the '@' is missing",
            "RFC 3986 3.2.3",
        ),
        "after-ip-literal": _syntax(
            "expected ':' and a port, or the end of the authority, after ']', not {char!r}", _IP
        ),
        "bracket-in-host": _syntax("'[' may only open an IP-literal at the start of the host", _IP),
        "ip-literal-start": _syntax("expected an IPv6 address or 'v' after '[', not {char!r}", _IP),
        "ipvfuture-form": _syntax(
            "IPvFuture is 'v', hex digits, '.', then one or more characters", _IP
        ),
        "ip-literal-unclosed": _syntax("expected ']' to close the IP-literal", _IP),
        "ipv6-incomplete": _syntax("the IPv6 address is incomplete", _IP),
        "ipv6-double-colon": _syntax("only one '::' is allowed in an IPv6 address", _IP),
        "ipv6-long-group": _syntax("an IPv6 group (h16) has at most four hexadecimal digits", _IP),
        "ipv6-groups": _syntax("an IPv6 address has at most eight 16-bit groups", _IP),
        "ipv6-embedded-ipv4": _syntax(
            "an embedded IPv4 address must be the last 32 bits and a valid dotted quad", _IP
        ),
        "ipv6-char": _syntax("{char!r} is not allowed in an IPv6 address", _IP),
        "zone-id": _syntax(
            "invalid character '%': a zone identifier ('fe80::1%eth0') is not part of a URI;"
            " RFC 9844 obsoleted RFC 6874, which had allowed '%25eth0' in an IP-literal",
            _IP,
        ),
        "missing-scheme-www": _syntax(
            "missing scheme? write '{scheme}://' before 'www.'", "RFC 3986 3"
        ),
        "missing-scheme-port": _syntax(
            "missing scheme? {written!r} reads as scheme {head!r};"
            " for a host and port write '{scheme}://' before it",
            "RFC 3986 3.1",
        ),
        "hint-space": _syntax("spaces must be percent-encoded as %20", _PCT),
        "hint-backslash": _syntax(
            "a backslash is not allowed; use '/' or percent-encode it as %5C", _PCT
        ),
        "hint-percent": _syntax(
            "'%' must start a percent-encoding: '%' and two hexadecimal digits", _PCT
        ),
        "hint-scheme": _syntax(
            "a scheme is a letter, then letters, digits, '+', '-' or '.' (RFC 3.1)", _SCHEME
        ),
        "hint-port": _syntax("a port is decimal digits only (RFC 3.2.3)", "RFC 3986 3.2.3"),
        "hint-host-space": _syntax("host names cannot contain spaces", _IP),
        "hint-fragment-hash": _syntax(
            "a '#' inside a fragment must be percent-encoded as %23", "RFC 3986 3.5"
        ),
        "hint-query-hash": _syntax(
            "a '#' would end the query; inside it write %23", "RFC 3986 3.4"
        ),
        "hint-host-list": _syntax(
            "several hosts (h1:5432,h2:5433) are beyond RFC 3986 3.2.2; libpq and MongoDB"
            " read them: rules postgresql-URI, mongodb-URI (urikit.schemes)",
            "RFC 3986 3.2.2",
        ),
        "scheme-prefix": _syntax("{rule} starts with {prefix!r} ({section})", "RFC 3986 3.1"),
        "http-empty-host": _syntax(
            "an {scheme} URI must have a non-empty host: a recipient MUST reject one"
            " with an empty host identifier ({section})",
            "RFC 9110 4.2.1, 4.2.2",
        ),
        "http-fragment": _syntax(
            "a fragment is not part of an {scheme} URI (RFC 9110 4.2.5); it belongs to a"
            " URI reference (rule URI-reference)",
            "RFC 9110 4.2.5",
        ),
        "ws-fragment": _syntax(
            "fragment identifiers MUST NOT be used on WebSocket URIs (RFC 6455 3);"
            " a '#' that is data is written %23",
            "RFC 6455 3",
        ),
        "ws-userinfo": _syntax(
            'a WebSocket URI has no userinfo: "//" host [ ":" port ] (RFC 6455 3)', "RFC 6455 3"
        ),
        "mailto-second-query": _syntax(
            "a second '?': header fields are joined with '&' (RFC 6068 2, 6.1)",
            "RFC 6068 2, 6.1",
        ),
        "mailto-hfvalue-equals": _syntax(
            "'=' in a header field value must be percent-encoded as %3D (RFC 6068 2)",
            "RFC 6068 2",
        ),
        "mailto-addr-char": _syntax(
            "invalid character {char!r}: in an address it must be percent-encoded (RFC 6068 2)",
            "RFC 6068 2",
        ),
        "urn-nid": _syntax(
            "a NID is 2 to 32 letters, digits and '-', beginning and ending with a letter or"
            " digit (RFC 8141 2)",
            "RFC 8141 2",
        ),
        "urn-question": _syntax(
            "a '?' in a URN must begin '?+' (r-component) or '?=' (q-component);"
            " as data write %3F (RFC 8141 2)",
            "RFC 8141 2",
        ),
        "urn-nss-empty": _syntax("an NSS has at least one character (RFC 8141 2)", "RFC 8141 2"),
        "data-no-comma": _syntax(
            "input ended before the ',' that begins the data (RFC 2397 3)", "RFC 2397 3"
        ),
        "file-drive": _syntax(
            "a file URI's path is absolute (RFC 8089 2): write 'file:///c:/...' for a"
            " drive letter (the form 'file:c:/...' is RFC 8089 Appendix E.2, rule"
            " file-URI-nonstandard)",
            "RFC 8089 2, E.2",
        ),
        "file-unc": _syntax(
            "a UNC path after an empty authority ('file:////host/share') is RFC 8089"
            " Appendix E.3.2, rule file-URI-nonstandard; write 'file://host/share'",
            "RFC 8089 E.3.2",
        ),
        "file-auth-path": _syntax(
            "a file URI with an authority needs an absolute path after it (RFC 8089 2)",
            "RFC 8089 2",
        ),
        "conn-prefix": _syntax("{rule} starts with {prefixes} ({section})", "RFC 3986 3.1"),
        "conn-one-host": _syntax(
            "a ',' between hosts: several hosts in one authority are beyond RFC 3986"
            " (3.2.2), read by libpq and MongoDB only; {client} takes one host here",
            "RFC 3986 3.2.2",
        ),
        "conn-fragment": _syntax(
            "a connection string has no fragment; inside it write '#' as %23", "RFC 3986 3.5"
        ),
        "conn-param": _syntax(
            "a parameter is key=value, joined by '&'; inside a key or value write '=' as"
            " %3D, '&' as %26 and ';' as %3B",
            "RFC 3986 3.4",
        ),
        "conn-port-range": _syntax(
            "{client} refuses port {port} (it reads {lowest}-65535)", "RFC 3986 3.2.3"
        ),
        "conn-nul-escape": _syntax("libpq refuses %00 (a NUL)", "RFC 3986 2.1"),
        "conn-database-name": _syntax(
            "pymongo refuses the database name {database!r}: no '/', ' ', '\"' or '$'",
            "RFC 3986 3.3",
        ),
        "conn-host-escape": _syntax(
            "pymongo reads no escape in a host name, only in a socket path ending in '.sock'",
            "RFC 3986 3.2.2",
        ),
        "conn-password-param": _syntax(
            "the password parameter holds a character RFC 3986 does not allow"
            " (its value is hidden)",
            "RFC 3986 3.4",
        ),
        "conn-redis-path": _syntax(
            "redis-py reads the path as the database number, digits only", "RFC 3986 3.3"
        ),
        "conn-srv-port": _syntax(
            "mongodb+srv names no port: the DNS SRV record gives the ports", "RFC 3986 3.2.3"
        ),
        "hint-one-slash": _policy(
            "one '/' after '{scheme}:'? a host follows '//': {fixed!r}", "RFC 3986 3.2"
        ),
        "hint-no-slash": _policy(
            "no '/' after '{scheme}:'? a host follows '//': {fixed!r}", "RFC 3986 3.2"
        ),
        "hint-missing-scheme": _policy("missing scheme? did you mean {fixed!r}", "RFC 3986 3"),
        "hint-follows": _policy("{message}; {hint}", "RFC 3986 3"),
        "hint-around": _policy(
            "whitespace around the text is no part of a URI: remove it, or give the Policy"
            " strip_whitespace=True to remove it before checking",
            "RFC 3986 C",
        ),
        "hint-accept-iri": _policy(
            "URIs are ASCII only; to accept international text give the Policy"
            " accept_iri=True (and idna=True to write an international host name as"
            " A-labels, the urikit[idna] extra)",
            "RFC 3987 3.1",
        ),
        "once-normalized": _policy("once normalized, {message}", "RFC 3986 6.2.2, 6.2.3"),
        "port-written": _policy("port {port}", "RFC 3986 3.2.3"),
        "port-default": _policy("port {port} (the default of {scheme})", "RFC 3986 3.2.3"),
        "port-unknown": _policy(
            "a URI without a port whose scheme has no known default", "RFC 3986 3.2.3"
        ),
        "port-explicit": _policy("an explicit port", "RFC 3986 3.2.3"),
        "port-range": _policy("a port from {first} to {last}", "RFC 3986 3.2.3"),
        "host-empty-local": _policy("an empty host names the local machine", "RFC 3986 3.2.2"),
        "host-special-name": _policy("the host {host!r} {why}", "RFC 6761 6, 7"),
        "host-ipvfuture": _policy(
            "the host {host} is an IPvFuture address, which cannot be checked", "RFC 3986 3.2.2"
        ),
        "host-internal": _policy("the host {host} is internal ({purpose})", "RFC 3986 7.4"),
        "host-in-block": _policy("the host {host} is in {block}", "RFC 6890 2.2"),
        "host-reaches": _policy(
            "the host {host} {verb} {address}, in {block}", "RFC 3986 7.4; RFC 6890 2.2"
        ),
    }
)


# The templates alone, for the locator, which looks one up for each text it explains:
# the reason codes are one name space across their kinds (tests/errors/test_codes.py).
_TEMPLATES: Final[dict[str, str]] = {
    code: MESSAGES[row.kind, code].template
    for rows in (SYNTAX_REASONS, RULE_REASONS)
    for code, row in rows.items()
}


def reason(code: ReasonCode | RuleReasonCode, **values: object) -> str:
    """The reason ``code`` (a row of :data:`SYNTAX_REASONS` or of
    :data:`~urikit.errors.rule_reasons.RULE_REASONS`) with ``values`` put in (the
    section stays in the table: a reason is shown inside a sentence that names the
    rule). No template escapes a brace, so one without values is its own text."""
    template = _TEMPLATES[code]
    return template.format(**values) if values else template
