"""The registry of URI schemes: each scheme's rule, default port and normalizer.

The schemes urikit knows (http, https, ws, wss, mailto, urn, data, file: rules of
:mod:`urikit._syntax.schemes`) are registered here; :func:`register` adds a user's scheme
with a rule written with the same combinators (:mod:`urikit._syntax.abnf`) or an existing rule
name. :class:`urikit.Policy` (``scheme_rules=True``) checks a URI against its scheme's
rule, and :func:`urikit.normalize` (``scheme_rules=True``) uses the default ports and
normalizers (RFC 3986 6.2.3). Public as :mod:`urikit.schemes`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from urikit._core.normalization import DEFAULT_PORTS
from urikit._core.reachable import BUILT_IN_DNS_SCHEMES, MAX_PORT, mark_dns_scheme
from urikit._syntax.abnf import Alt, Capture, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.automaton import Automaton
from urikit._syntax.compiled import compiled
from urikit._syntax.render import render
from urikit._syntax.rfc3986 import RuleName, is_rule_name, resolve
from urikit._syntax.validation import is_valid
from urikit.errors import InvalidURIError, Location, plain_str
from urikit.errors.reasons import reason
from urikit.values.uri import URI, URIReference, parse

__all__ = [
    "KEEP_ESCAPES",
    "Scheme",
    "SchemeRun",
    "by_scheme",
    "check",
    "equivalence_text",
    "one_of",
    "register",
    "registered",
    "schemes",
    "urn_key",
]

Normalizer = Callable[[URI], URI]


@dataclass(frozen=True, eq=False)
class Scheme:
    """A registered scheme: ``name`` (lowercase), ``rule`` (a rule name or a node of
    :mod:`urikit._syntax.abnf`), ``default_port`` and ``normalize`` (RFC 3986 6.2.3),
    and ``dns_host``: whether its hosts are names a client looks up in DNS, which
    :class:`~urikit.Builder` and :func:`~urikit.compose` write as A-labels and check
    (RFC 3986 3.2.2; true for http, https, ws and wss, RFC 9110 4.2, RFC 6455 3, and
    for a scheme registered with ``dns_host=True``)."""

    name: str
    rule: RuleName | Node
    default_port: int | None = None
    normalize: Normalizer | None = None
    dns_host: bool = False

    @property
    def rule_name(self) -> str:
        """The rule's name: the RFC's, or ``<scheme>-URI`` for a registered node."""
        return self.rule if isinstance(self.rule, str) else f"{self.name}-URI"

    @cached_property
    def _fullmatch(self) -> Callable[[str], re.Match[str] | None]:
        if isinstance(self.rule, str):
            return compiled(self.rule).pattern.fullmatch
        return re.compile(render(self.rule, resolve)).fullmatch

    @cached_property
    def _automaton(self) -> Automaton:
        return Automaton(self.rule if not isinstance(self.rule, str) else resolve(self.rule))

    def matches(self, text: str) -> bool:
        """Whether ``text`` matches this scheme's rule."""
        return self._fullmatch(plain_str(text)) is not None

    def error(self, text: str) -> InvalidURIError | None:
        """None if ``text`` matches the rule; else the located error."""
        text = plain_str(text)
        if self._fullmatch(text) is not None:
            return None
        if isinstance(self.rule, str):
            return compiled(self.rule).error(text)
        position = self._automaton.viable_prefix_length(text)
        char = text[position] if position < len(text) else None
        why = reason("ended-early") if char is None else reason("char", char=char)
        why = reason("scheme-own-rule", reason=why, scheme=self.name)
        location = Location(position, self.rule_name, why, None)
        return InvalidURIError.pending(text, lambda _text: location)


_lock = threading.Lock()
_table: dict[str, Scheme] = {}


def register(
    name: str,
    rule: RuleName | Node,
    *,
    default_port: int | None = None,
    normalize: Normalizer | None = None,
    dns_host: bool = False,
) -> Scheme:
    """Register scheme ``name`` with its ``rule`` (an existing rule name, or a node built
    with the grammar combinators and referring to RFC 3986 rules by name), its
    ``default_port`` and a ``normalize`` callable applied by scheme-based normalization
    (RFC 3986 6.2.3). ``dns_host=True`` says its hosts are names a client looks up in
    DNS, as http's are (RFC 9110 4.2): :class:`~urikit.Builder` and
    :func:`~urikit.compose` then write a host beyond ASCII as A-labels (IDNA, RFC 3986
    3.2.2) and refuse one that is no DNS host name (code ``host-not-dns``). A second
    registration of a name replaces the first, its ``dns_host`` too; http, https, ws,
    wss and ftp stay DNS schemes. The :class:`Scheme` returned, and :func:`registered`
    after it, report it as ``dns_host``.

    Raises ``ValueError`` for a name that is no scheme (RFC 3986 3.1), an unknown rule
    name, or a port outside 0-65535; ``TypeError`` for a ``dns_host`` that is no bool.
    """
    if not isinstance(dns_host, bool):
        raise TypeError(f"dns_host must be True or False, not {dns_host!r}")
    if not isinstance(name, str) or not is_valid(name, "scheme"):
        raise ValueError(f"name: {name!r} is not a scheme (RFC 3986 3.1)")
    unknown = [rule] if isinstance(rule, str) else sorted(_references(rule))
    unknown = [name for name in unknown if not is_rule_name(name)]
    if unknown:
        raise ValueError(f"unknown rule {unknown[0]!r} in the rule of scheme {name!r}")
    if default_port is not None and (
        not isinstance(default_port, int) or not 0 <= default_port <= MAX_PORT
    ):
        raise ValueError(f"a default port is 0-{MAX_PORT}, not {default_port!r}")
    lowered = name.lower()
    dns_host = dns_host or lowered in BUILT_IN_DNS_SCHEMES  # which stay DNS schemes
    scheme = Scheme(lowered, rule, default_port, normalize, dns_host)
    with _lock:  # the scheme's entry and its DNS mark change together
        _table[scheme.name] = scheme
        mark_dns_scheme(scheme.name, dns_host)
    return scheme


def _references(node: Node) -> set[str]:
    """The rule names ``node`` refers to (not those the named rules refer to)."""
    match node:
        case Ref(name):
            return {name}
        case Seq(items) | Alt(items):
            return set[str]().union(*map(_references, items))
        case Repeat(inner, _, _, _) | Capture(_, inner):
            return _references(inner)
        case IfCaptured():
            raise ValueError("a scheme's rule holds no conditional group (it is a grammar)")
        case _:
            return set()


def registered(name: str) -> Scheme | None:
    """The scheme registered as ``name`` (case-insensitive, RFC 3986 3.1), or None; a
    SQLAlchemy ``dialect+driver`` name (``postgresql+psycopg``) is its dialect's."""
    lowered = name.lower()
    found = _table.get(lowered)
    if found is None and "+" in lowered:
        dialect = lowered.partition("+")[0]
        return _table.get(dialect) if dialect in _DIALECTS else None
    return found


def schemes() -> Mapping[str, Scheme]:
    """Every registered scheme by name, read-only (a snapshot)."""
    with _lock:
        return MappingProxyType(dict(_table))


def check(text: str, scheme: str) -> InvalidURIError | None:
    """The error of ``text`` against the rule of ``scheme``; None if it matches or the
    scheme is not registered."""
    found = registered(scheme)
    return None if found is None else found.error(text)


def one_of(text: str, names: Collection[str]) -> InvalidURIError | None:
    """The error of ``text`` as a URI of one of the schemes ``names`` (each checked by
    its registered rule, if it has one); None if it is one."""
    text = plain_str(text)
    head, colon, _ = text.partition(":")
    scheme = head.lower() if colon and is_valid(head, "scheme") else None
    allowed = sorted({n.lower() for n in names})
    if scheme is None or scheme not in allowed:
        expected = " or ".join(allowed)
        why = (
            reason("one-of-no-scheme", allowed=expected)
            if scheme is None
            else reason("one-of-scheme", scheme=scheme, allowed=expected)
        )
        return InvalidURIError(text, position=0, rule="scheme", reason=why, component="scheme")
    return check(text, scheme)


def _without_fragment(uri: URI) -> URI:
    """RFC 6455 3: fragment identifiers "MUST NOT be used" on ws(s) URIs."""
    return uri.with_fragment(None)


def urn_key(nid: str, nss: str) -> str:
    """``NID ":" NSS`` as URN-equivalence compares it (RFC 8141 3.1): the NID lowercase,
    and a ``uuid`` NSS lowercase too, its hex digits read in any case (RFC 9562 4). The
    hex digits of escapes are left as given (uppercase after RFC 3986 6.2.2.1)."""
    nid = nid.lower()
    if nid == "uuid" and "%" not in nss:
        nss = nss.lower()
    return f"{nid}:{nss}"


def _urn_case(uri: URI) -> URI:
    """RFC 8141 3.1: the NID (and a uuid NSS, :func:`urn_key`) compared in lowercase."""
    nid, colon, nss = uri.path.partition(":")
    key = urn_key(nid, nss) if colon else uri.path
    return uri.with_path(key) if key != uri.path else uri


def _mailto_fields(uri: URI) -> URI:
    """RFC 6068 2: the addresses of "to" fields join those of the path; header field
    names are case-insensitive (lowercase) and a domain is too (RFC 5321 2.4)."""
    addresses = [a for a in uri.path.split(",") if a]
    fields: list[str] = []
    for field in (uri.query or "").split("&") if uri.query else ():
        name, _, value = field.partition("=")
        if name.lower() == "to":
            addresses.extend(a for a in value.split(",") if a)
        else:
            fields.append(name.lower() + "=" + value)
    path = ",".join(_lower_domain(a) for a in addresses)
    return uri.with_path(path).with_query("&".join(fields) if fields else None)


def _lower_domain(address: str) -> str:
    local, at, domain = address.rpartition("@")
    return local + at + domain.lower()


#: Schemes whose escapes scheme-based normalization leaves encoded: RFC 8141 3.1
#: "percent-encoding normalization ... MUST NOT be applied".
KEEP_ESCAPES = frozenset({"urn"})

# RFC 9110 4.2.1, 4.2.2; RFC 6455 3; RFC 6068 2; RFC 8141 2; RFC 2397 3; RFC 8089 2.
# The default ports are those of urikit.DEFAULT_PORTS.
_BUILT_IN: tuple[tuple[str, RuleName, Normalizer | None], ...] = (
    ("http", "http-URI", None),
    ("https", "https-URI", None),
    ("ws", "ws-URI", _without_fragment),
    ("wss", "wss-URI", _without_fragment),
    ("mailto", "mailtoURI", _mailto_fields),
    ("urn", "namestring", _urn_case),
    ("data", "dataurl", None),
    ("file", "file-URI", None),
)
# Connection strings as their clients read them (urikit._syntax.connection): libpq,
# SQLAlchemy, redis-py, RabbitMQ, MongoDB; their default ports are the servers'.
_CONNECTIONS: tuple[tuple[str, RuleName, int | None, Normalizer | None], ...] = (
    ("postgresql", "postgresql-URI", 5432, None),
    ("postgres", "postgresql-URI", 5432, None),
    ("mysql", "mysql-URI", 3306, None),
    ("mariadb", "mysql-URI", 3306, None),
    ("redis", "redis-URI", 6379, None),
    ("rediss", "redis-URI", 6379, None),
    ("unix", "redis-socket-URI", None, None),
    ("amqp", "amqp-URI", 5672, None),
    ("amqps", "amqp-URI", 5671, None),
    ("mongodb", "mongodb-URI", 27017, None),
    ("mongodb+srv", "mongodb-srv-URI", None, None),
)
#: SQLAlchemy's ``dialect+driver`` names (``postgresql+psycopg``) read as the dialect.
_DIALECTS = frozenset({"postgresql", "postgres", "mysql", "mariadb"})
_PORTED: tuple[tuple[str, RuleName, int | None, Normalizer | None], ...] = tuple(
    (n, r, DEFAULT_PORTS.get(n), f) for n, r, f in _BUILT_IN
)
for _name, _rule, _port, _normalize in (*_PORTED, *_CONNECTIONS):
    _table[_name] = Scheme(_name, _rule, _port, _normalize, _name in BUILT_IN_DNS_SCHEMES)


#: Normalize a value at the caller's levels, with more default ports and, if the flag
#: says so, without percent-decoding: how :func:`urikit.normalize` lends its levels.
SchemeRun = Callable[[URIReference, Mapping[str, int], bool], URIReference]


def by_scheme(ref: URIReference | str, run: SchemeRun) -> URIReference | str:
    """``ref`` normalized by ``run`` with every registered default port, then by its
    scheme's normalizer (RFC 3986 6.2.3); a str gives a str."""
    value = parse(plain_str(ref)) if isinstance(ref, str) else ref
    entry = None if value.scheme is None else registered(value.scheme)
    ports = {n: s.default_port for n, s in schemes().items() if s.default_port is not None}
    out = run(value, ports, entry is not None and entry.name in KEEP_ESCAPES)
    if entry is not None and entry.normalize is not None and isinstance(out, URI):
        out = entry.normalize(out)
    return str(out) if isinstance(ref, str) else out


def equivalence_text(ref: URIReference | str, run: SchemeRun) -> str:
    """The text equal references share under ``by_scheme``, less what RFC 8141 3.1
    ignores in a URN: the r-, q- and f-components ("MUST be ignored")."""
    out = by_scheme(parse(plain_str(ref)) if isinstance(ref, str) else ref, run)
    if isinstance(out, URI) and out.scheme == "urn":
        return str(out.with_query(None).with_fragment(None))
    return str(out)
