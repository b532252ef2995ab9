"""The reason rows beyond the locator's (:mod:`urikit.errors.reasons`): why a host is
no DNS host name (kind ``"host"``: RFC 1123 2.1, RFC 1035 2.3.4, RFC 5890 2.3.2.1;
the ``problem`` of a ``host-not-dns`` message) or no host name once decoded (the
``problem`` of ``host-not-a-name``, RFC 3986 7.3), why text breaks a scheme module's rule
(RFC 2397, 6068, 8141, 9110, 6455), and the :attr:`InvalidURIError.reason` of the
checks made outside the locator: decoding, reading a port, the rule a value asks for,
resolution without a scheme, IDNA, user input (kind ``"syntax"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

from urikit.errors.codes import Message, rows_of, table

__all__ = ["RULE_REASONS", "RuleReasonCode"]

#: The keys of :data:`RULE_REASONS`.
RuleReasonCode: TypeAlias = Literal[
    "dns-empty",
    "dns-too-long",
    "dns-last-label-digits",
    "dns-char",
    "dns-escaped-space",
    "dns-escaped-non-ascii",
    "dns-escaped-char",
    "dns-label-empty",
    "dns-label-too-long",
    "dns-label-hyphen",
    "dns-a-label",
    "a-label-undecodable",
    "punycode-not",
    "punycode-no-u-label",
    "punycode-not-inverse",
    "name-escape-decodes",
    "name-not-utf8",
    "name-idna-maps",
    "described-nul",
    "described-space",
    "described-control",
    "data-not-base64",
    "mailto-hfname",
    "mailto-addr-spec",
    "urn-uuid",
    "urn-oid",
    "urn-ietf",
    "urn-issn",
    "urn-issn-check",
    "urn-isbn",
    "urn-isbn-check",
    "web-scheme",
    "scheme-own-rule",
    "web-port",
    "pct-decode-digits",
    "pct-not-utf8",
    "pct-lone-surrogate",
    "port-too-many-digits",
    "relative-has-scheme",
    "uri-needs-scheme",
    "one-of-no-scheme",
    "one-of-scheme",
    "base-no-scheme",
    "iri-base-no-scheme",
    "target-no-scheme",
    "idna-refused",
    "input-no-scheme",
    "input-empty",
    "input-scheme-colon",
    "input-second-hash",
    "input-bidi",
    "input-surrogate",
    "input-control",
    "input-percent",
    "input-mixed-host",
    "input-bracket",
]


_host = rows_of("host")
_syntax = rows_of("syntax")


_LDH = "RFC 1123 2.1"
_NAME = "RFC 1035 2.3.4"
_A_LABEL = "RFC 5890 2.3.2.1"
_URN = "RFC 8141 2"
_INPUT = "RFC 3987 3.1"
_ITS = " cannot be part of a URI"  # how user input names a character no change converts

RULE_REASONS: Final[Mapping[RuleReasonCode, Message]] = table(
    {
        "dns-empty": _host("it is empty", _LDH),
        "dns-too-long": _host(
            "it is {length} characters long; a DNS name has at most {max_name}", _NAME
        ),
        "dns-last-label-digits": _host(
            "its last label {label!r} is all digits, yet it is not a dotted-quad IPv4"
            " address (four numbers from 0 to 255); a host name ends with a label that is"
            " not all digits (RFC 1123 2.1)",
            _LDH,
        ),
        "dns-char": _host("{char!r} is not a letter, digit, hyphen or dot (RFC 1123 2.1)", _LDH),
        "dns-escaped-space": _host("{no_spaces} ('%20' is a space)", _LDH),
        "dns-escaped-non-ascii": _host(
            "a name beyond ASCII is written as A-labels ('xn--...', IDNA, RFC 3986 3.2.2),"
            " not percent-encoded",
            "RFC 3986 3.2.2",
        ),
        "dns-escaped-char": _host(
            "{escape!r} ({char!r}) is not a letter, digit, hyphen or dot (RFC 1123 2.1)", _LDH
        ),
        "dns-label-empty": _host(
            "label {number} is empty (two dots in a row, or a dot first)", _NAME
        ),
        "dns-label-too-long": _host(
            "label {number} is {length} characters long; a label has at most {max_label}", _NAME
        ),
        "dns-label-hyphen": _host("label {label!r} starts or ends with '-' (RFC 1123 2.1)", _LDH),
        "dns-a-label": _host(
            "label {label!r} is not a valid A-label (RFC 5890 2.3.2.1): {problem}", _A_LABEL
        ),
        "a-label-undecodable": _host("it does not decode", _A_LABEL),
        "punycode-not": _host("it is not Punycode", "RFC 3492 6.2"),
        "punycode-no-u-label": _host(
            "it decodes to no U-label (control characters, or not in NFC)", _A_LABEL
        ),
        "punycode-not-inverse": _host("it does not encode back to itself", _A_LABEL),
        "name-escape-decodes": _host("{escape!r} decodes to {char}", "RFC 3986 3.2.2, 7.3"),
        "name-not-utf8": _host(
            "{spelled!r} is no part of a UTF-8 sequence (RFC 3986 3.2.2)", "RFC 3986 3.2.2"
        ),
        "name-idna-maps": _host(
            "{char!r} (U+{point:04X}) becomes {becomes} under IDNA", "RFC 3986 3.2.2, 7.3"
        ),
        "described-nul": _host("a NUL octet, where a C resolver stops reading", "RFC 3986 7.3"),
        "described-space": _host("a space", "RFC 3986 7.3"),
        "described-control": _host("the control character U+{point:04X}", "RFC 3986 7.3"),
        "data-not-base64": _syntax(
            "the data is not base64 ({error}; RFC 2397 3, RFC 4648 4)", "RFC 2397 3, 4648 4"
        ),
        "mailto-hfname": _syntax(
            "a header field name is printable ASCII but ':' (RFC 5322 3.6.8)", "RFC 5322 3.6.8"
        ),
        "mailto-addr-spec": _syntax(
            "{address!r} is no addr-spec: a dot-atom or quoted local part, '@', and a"
            " dot-atom domain or [domain literal], without comments or white space"
            " (RFC 6068 2, RFC 5322 3.4.1)",
            "RFC 6068 2, 5322 3.4.1",
        ),
        "urn-uuid": _syntax("a uuid NSS is 8-4-4-4-12 hexadecimal digits (RFC 9562 4)", _URN),
        "urn-oid": _syntax(
            "an oid NSS is numbers without leading zeros, joined by '.' (RFC 3061 2)",
            "RFC 3061 2",
        ),
        "urn-ietf": _syntax(
            "an ietf NSS is rfc:, fyi:, std: or bcp: and a number, id: or mtg: and a"
            " name (RFC 2648 3), or params: and a registry's name (RFC 3553 3)",
            "RFC 2648 3, 3553 3",
        ),
        "urn-issn": _syntax(
            "an issn NSS is NNNN-NNNC, C a digit or X (RFC 8254 3, ISO 3297)", "RFC 8254 3"
        ),
        "urn-issn-check": _syntax(
            "the issn check digit is wrong: {digits} ends in {check}", "RFC 8254 3"
        ),
        "urn-isbn": _syntax(
            "an isbn NSS is an ISBN-10 or ISBN-13, groups joined by single '-' (RFC 8254 3,"
            " ISO 2108)",
            "RFC 8254 3",
        ),
        "urn-isbn-check": _syntax(
            "the isbn check digit of {nss!r} is wrong (ISO 2108)", "RFC 8254 3"
        ),
        "web-scheme": _syntax(
            "the scheme {scheme!r} is not http, https, ws or wss (RFC 9110 4.2, RFC 6455 3)",
            "RFC 9110 4.2, 6455 3",
        ),
        "scheme-own-rule": _syntax("{reason} (the {scheme!r} scheme's rule)", "RFC 7595 3.3"),
        "web-port": _syntax(
            "port {port} is above {max_port}: TCP ports are 16 bits (RFC 9293 3.1)",
            "RFC 9293 3.1",
        ),
        "pct-decode-digits": _syntax(
            "'%' must be followed by two hexadecimal digits", "RFC 3986 2.1"
        ),
        "pct-not-utf8": _syntax("the percent-encoded octets are not valid UTF-8", "RFC 3986 2.5"),
        "pct-lone-surrogate": _syntax(
            "a lone surrogate (U+{point:04X}) has no UTF-8 form: it cannot be"
            " percent-encoded (RFC 3986 2.5)",
            "RFC 3986 2.5",
        ),
        "port-too-many-digits": _syntax(
            "the port has too many digits to be read as a number", "RFC 3986 3.2.3"
        ),
        "relative-has-scheme": _syntax(
            "a relative reference has no scheme, but this starts with {prefix!r};"
            " write './' before it if it is a path",
            "RFC 3986 4.2",
        ),
        "uri-needs-scheme": _syntax(
            "a URI needs a scheme (as in 'https:'); this is a relative reference (RFC 4.2)",
            "RFC 3986 3, 4.2",
        ),
        "one-of-no-scheme": _syntax("no scheme: expected {allowed} (RFC 3986 3.1)", "RFC 3986 3.1"),
        "one-of-scheme": _syntax(
            "the scheme {scheme!r}: expected {allowed} (RFC 3986 3.1)", "RFC 3986 3.1"
        ),
        "base-no-scheme": _syntax(
            "a base URI must have a scheme (RFC 5.1): the base is the first argument"
            " (base, ref); a relative base must be resolved itself first",
            "RFC 3986 5.1",
        ),
        "iri-base-no-scheme": _syntax(
            "a base IRI must have a scheme (RFC 3986 5.1, RFC 3987 6.5)", "RFC 3987 6.5"
        ),
        "target-no-scheme": _syntax(
            "the target must be a URI with a scheme (RFC 5.2)", "RFC 3986 5.2"
        ),
        "idna-refused": _syntax(
            "not an internationalized domain name (IDNA2008, UTS #46): {error}", "RFC 5891 4"
        ),
        "input-no-scheme": _syntax("no scheme, and no default scheme was given", "RFC 3986 3.1"),
        "input-empty": _syntax("nothing to read: the input is empty", "RFC 3986 4.1"),
        "input-scheme-colon": _syntax(
            "missing ':' after the scheme {scheme!r}? {written!r} would read as a host named"
            " {scheme!r}; write {fixed!r}",
            "RFC 3986 3.1",
        ),
        "input-second-hash": _syntax("a second '#'; RFC 3987 3.1 never converts it", _INPUT),
        "input-bidi": _syntax(
            "the bidi formatting character U+{point:04X} (RFC 3987 4.1)" + _ITS, "RFC 3987 4.1"
        ),
        "input-surrogate": _syntax("a lone surrogate, which has no UTF-8 form" + _ITS, _INPUT),
        "input-control": _syntax("the control character {char!r}" + _ITS, _INPUT),
        "input-percent": _syntax(
            "'%' starts no percent-encoding; it is refused, not guessed as %25", _INPUT
        ),
        "input-mixed-host": _syntax(
            "a host with both percent-encodings and characters beyond ASCII is not"
            " converted to A-labels, which would change the percent-encodings;"
            " write the host in one form, or pass idna=False",
            _INPUT,
        ),
        "input-bracket": _syntax(
            "{bracket!r} only encloses an IP-literal host; RFC 3987 3.1 never converts it",
            _INPUT,
        ),
    }
)
