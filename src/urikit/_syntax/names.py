"""The names of the grammar's rules: the one list of them, the rule record, references.

RFC 3986 Appendix A names the rules of URIs, RFC 3987 2.2 those of IRIs, and the RFCs
of URI schemes (RFC 9110, 6455, 6068, 8141, 2397, 8089) those of their schemes. The
``Literal`` :data:`RuleName` is the one list (a type checker needs a ``Literal``); every
other list is derived from it, :mod:`urikit._syntax.rfc3986` holds one :class:`Rule` per name in
the same order (``tests/syntax/test_grammar.py``), and a rule refers to another with
:func:`ref`, which the type checker holds to the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias, get_args

from urikit._syntax.abnf import Node, Ref

__all__ = [
    "IRI_RULE_NAMES",
    "RULE_NAMES",
    "SCHEME_RULE_NAMES",
    "URI_RULE_NAMES",
    "IRIRuleName",
    "Rule",
    "RuleName",
    "SchemeRuleName",
    "URIRuleName",
    "ref",
]

URIRuleName: TypeAlias = Literal[
    "URI",
    "hier-part",
    "URI-reference",
    "absolute-URI",
    "relative-ref",
    "relative-part",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "IP-literal",
    "IPvFuture",
    "IPv6address",
    "h16",
    "ls32",
    "IPv4address",
    "dec-octet",
    "reg-name",
    "path",
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    "segment",
    "segment-nz",
    "segment-nz-nc",
    "pchar",
    "query",
    "fragment",
    "pct-encoded",
    "unreserved",
    "reserved",
    "gen-delims",
    "sub-delims",
    "ALPHA",
    "DIGIT",
    "HEXDIG",
]
# RFC 3987 2.2; the rules themselves are in urikit._syntax.rfc3987.
IRIRuleName: TypeAlias = Literal[
    "IRI",
    "ihier-part",
    "IRI-reference",
    "absolute-IRI",
    "irelative-ref",
    "irelative-part",
    "iauthority",
    "iuserinfo",
    "ihost",
    "ireg-name",
    "ipath",
    "ipath-abempty",
    "ipath-absolute",
    "ipath-noscheme",
    "ipath-rootless",
    "ipath-empty",
    "isegment",
    "isegment-nz",
    "isegment-nz-nc",
    "ipchar",
    "iquery",
    "ifragment",
    "iunreserved",
    "ucschar",
    "iprivate",
]

# The rules of URI schemes, under their RFCs' names; the rules themselves are in
# urikit._syntax.schemes.
SchemeRuleName: TypeAlias = Literal[
    # RFC 9110 4.2.1, 4.2.2
    "http-URI",
    "https-URI",
    # RFC 6455 3
    "ws-URI",
    "wss-URI",
    # RFC 6068 2
    "mailtoURI",
    "to",
    "hfields",
    "hfield",
    "hfname",
    "hfvalue",
    "addr-spec",
    "qchar",
    "some-delims",
    # RFC 8141 2
    "namestring",
    "assigned-name",
    "NID",
    "NSS",
    "rq-components",
    "r-component",
    "q-component",
    "f-component",
    # RFC 2397 3
    "dataurl",
    "mediatype",
    # RFC 8089 2, and its Appendix F (the nonstandard forms of Appendix E)
    "file-URI",
    "file-hier-part",
    "auth-path",
    "local-path",
    "file-auth",
    "file-URI-nonstandard",
    # Connection strings as their clients read them (urikit._syntax.connection): libpq,
    # SQLAlchemy, redis-py, RabbitMQ, MongoDB; "host-list" is beyond RFC 3986.
    "postgresql-URI",
    "mysql-URI",
    "redis-URI",
    "redis-socket-URI",
    "amqp-URI",
    "mongodb-URI",
    "mongodb-srv-URI",
    "host-list",
    "list-host",
    "conn-params",
    "conn-param",
]

# Every rule: RFC 3986's, then those of RFC 3987 2.2, then the schemes'.
RuleName: TypeAlias = Literal[URIRuleName, IRIRuleName, SchemeRuleName]

RULE_NAMES: tuple[RuleName, ...] = get_args(RuleName)
URI_RULE_NAMES: tuple[URIRuleName, ...] = get_args(URIRuleName)
IRI_RULE_NAMES: tuple[IRIRuleName, ...] = get_args(IRIRuleName)
SCHEME_RULE_NAMES: tuple[SchemeRuleName, ...] = get_args(SchemeRuleName)


@dataclass(frozen=True, slots=True)
class Rule:
    """One named ABNF rule: its RFC name, ABNF text, RFC section and node."""

    name: RuleName
    abnf: str
    section: str
    node: Node


def ref(name: RuleName) -> Ref:
    """A reference to rule ``name``, rendered inline; the type checker holds ``name`` to
    :data:`RuleName`, so every reference names a rule of the list above."""
    return Ref(name)
