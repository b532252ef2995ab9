"""Why text fails a scheme's rule (RFC 9110 4.2, 6455 3, 6068 2, 8141 2, 2397 3, 8089 2).

The position comes from the rule's automaton, as for every rule; here a scheme's rule
is explained in the scheme's terms: its prefix, the MUSTs its RFC states in prose (an
http(s) host is not empty, a ws(s) URI has no fragment and no userinfo), and the part
of the URI the position falls in, otherwise diagnosed as :mod:`urikit._syntax.locate` does.
"""

# pyright: reportPrivateUsage=false
# (a scheme's diagnosis builds on the component diagnosis of urikit._syntax.locate)

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType

from urikit._syntax.locate import (
    Diagnoser,
    Diagnosis,
    _char_reason,
    _diagnose,
    _Failure,
    _in_hostport,
    _in_relative,
)
from urikit.errors.reasons import reason

__all__ = ["scheme_diagnoser"]


def _prefix(f: _Failure, name: str, prefix: str, section: str) -> Diagnosis | None:
    """The diagnosis when ``f`` fails within the scheme's fixed ``prefix``."""
    if f.p >= len(prefix):
        return None
    why = reason("scheme-prefix", rule=name, prefix=prefix, section=section)
    return Diagnosis(name, why, "scheme")


def _authority_host(f: _Failure, start: int) -> str | None:
    """The host read so far, if the failure falls in the authority starting at ``start``."""
    authority = f.text[start : f.p]
    if "/" in authority or "?" in authority or "#" in authority:
        return None
    hostport = authority.rpartition("@")[2]
    return hostport if hostport.startswith("[") else hostport.partition(":")[0]


def _http(f: _Failure, name: str, scheme: str, section: str) -> Diagnosis:
    prefix = scheme + "://"
    found = _prefix(f, name, prefix, section)
    if found is not None:
        return found
    host = _authority_host(f, len(prefix))
    if host == "" and (f.char is None or f.char in "/?#:"):
        why = reason("http-empty-host", scheme=scheme, section=section)
        return Diagnosis(name, why, "host")
    if f.char == "#":
        return Diagnosis(name, reason("http-fragment", scheme=scheme), "fragment")
    return _in_relative(f, len(scheme) + 1, has_scheme=True)


def _ws(f: _Failure, name: str, scheme: str) -> Diagnosis:
    prefix = scheme + "://"
    found = _prefix(f, name, prefix, "RFC 6455 3")
    if found is not None:
        return found
    if f.char == "#":
        return Diagnosis(name, reason("ws-fragment"), "fragment")
    if f.char == "@" and _authority_host(f, len(prefix)) is not None:
        return Diagnosis(name, reason("ws-userinfo"), "userinfo")
    return _in_relative(f, len(scheme) + 1, has_scheme=True)


_MAILTO_ENCODED = "&;=/?#[],%"


def _mailto(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "mailto:", "RFC 6068 2")
    if found is not None:
        return found
    rest = f.text[len("mailto:") : f.p]
    if "?" in rest:
        field = rest.rpartition("?")[2].rpartition("&")[2]
        if f.char == "?":
            return Diagnosis("hfields", reason("mailto-second-query"), "query")
        part = "hfvalue" if "=" in field else "hfname"
        if f.char == "=" and part == "hfvalue":
            return Diagnosis(part, reason("mailto-hfvalue-equals"), "query")
        return Diagnosis(part, _char_reason(f.char, part), "query")
    if f.char is not None and f.char in _MAILTO_ENCODED:
        return Diagnosis("addr-spec", reason("mailto-addr-char", char=f.char), "path")
    return Diagnosis("addr-spec", _char_reason(f.char, "addr-spec"), "path")


def _urn(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "urn:", "RFC 8141 2")
    if found is not None:
        return found
    rest = f.text[len("urn:") : f.p]
    _nid, colon, nss = rest.partition(":")
    if not colon:
        return Diagnosis("NID", reason("urn-nid"), "path")
    if "#" in nss:
        return Diagnosis("f-component", _char_reason(f.char, "fragment"), "fragment")
    if "?=" in nss:
        return Diagnosis("q-component", _char_reason(f.char, "q-component"), "query")
    if "?+" in nss:
        return Diagnosis("r-component", _char_reason(f.char, "r-component"), "query")
    if nss.endswith("?"):
        return Diagnosis("NSS", reason("urn-question"), "path")
    if not nss and f.char is None:
        return Diagnosis("NSS", reason("urn-nss-empty"), "path")
    return Diagnosis("NSS", _char_reason(f.char, "NSS"), "path")


def _data(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "data:", "RFC 2397 3")
    if found is not None:
        return found
    if "," not in f.text[len("data:") : f.p]:
        if f.char is None:
            return Diagnosis(name, reason("data-no-comma"), "path")
        return Diagnosis("mediatype", _char_reason(f.char, "mediatype"), "path")
    return Diagnosis(name, _char_reason(f.char, "query"), "path")


def _file(f: _Failure, name: str) -> Diagnosis:
    found = _prefix(f, name, "file:", "RFC 8089 2")
    if found is not None:
        return found
    after = f.text[len("file:") : f.p]
    if name == "file-URI" and f.char is not None:
        if not after and f.char != "/":
            return Diagnosis(name, reason("file-drive"), "path")
        if after in ("///", "//") and f.char == "/":
            return Diagnosis(name, reason("file-unc"), "path")
    if after.startswith("//") and f.char is None and "/" not in after[2:]:
        return Diagnosis("auth-path", reason("file-auth-path"), "path")
    return _in_relative(f, len("file:"), has_scheme=True)


def _connection(
    f: _Failure, name: str, prefixes: str, section: str, client: str, *, hosts: bool
) -> Diagnosis:
    """A connection string (urikit._syntax.connection): its prefix, a fragment, a
    parameter, a ``","`` between hosts where the client takes one host, else the
    component (a host of a list diagnosed as the host of an authority)."""
    sep = f.text.find("://")
    if sep < 0 or f.p < sep + 3:
        why = reason("conn-prefix", rule=name, prefixes=prefixes, section=section)
        return Diagnosis(name, why, "scheme")
    if f.char == "#":
        return Diagnosis(name, reason("conn-fragment"), "fragment")
    head = f.text[sep + 3 : f.p]
    hosts = hosts and "+" not in f.text[:sep]  # SQLAlchemy's dialect+driver: one host
    if "?" in head:
        if f.char is None or f.char in "=;&":
            return Diagnosis("conn-param", reason("conn-param"), "query")
        return Diagnosis("conn-param", _char_reason(f.char, "query"), "query")
    if name == "redis-URI" and "/" in head:
        return Diagnosis(name, reason("conn-redis-path"), "path")
    if "/" not in head:
        if name == "mongodb-srv-URI" and ":" in head.rpartition("@")[2]:
            return Diagnosis(name, reason("conn-srv-port"), "port")
        if not hosts and (f.char == "," or "," in head.rpartition("@")[2]):
            return Diagnosis(name, reason("conn-one-host", client=client), "host")
        if hosts:
            start = sep + 3 + max(head.rfind("@"), head.rfind(",")) + 1
            return _in_hostport(f, start)
    return _in_relative(f, sep + 1, has_scheme=True)


def _connections() -> dict[str, _Entry]:
    rows = (
        (
            "postgresql-URI",
            "'postgresql://', 'postgres://' or 'postgresql+driver://'",
            "libpq 34.1.1",
            "SQLAlchemy",
            True,
        ),
        (
            "mysql-URI",
            "'mysql://', 'mariadb://' or 'mysql+driver://'",
            "SQLAlchemy",
            "SQLAlchemy",
            False,
        ),
        ("redis-URI", "'redis://' or 'rediss://'", "redis-py", "redis-py", False),
        ("redis-socket-URI", "'unix://'", "redis-py", "redis-py", False),
        ("amqp-URI", "'amqp://' or 'amqps://'", "RabbitMQ URI Specification", "AMQP", False),
        ("mongodb-URI", "'mongodb://'", "MongoDB Connection String", "pymongo", True),
        ("mongodb-srv-URI", "'mongodb+srv://'", "MongoDB Connection String", "mongodb+srv", False),
    )
    return {
        name: partial(_connection, prefixes=p, section=s, client=c, hosts=h)
        for name, p, s, c, h in rows
    }


_Entry = Callable[[_Failure, str], Diagnosis]

_ENTRIES: Mapping[str, _Entry] = MappingProxyType(
    {
        "http-URI": partial(_http, scheme="http", section="RFC 9110 4.2.1"),
        "https-URI": partial(_http, scheme="https", section="RFC 9110 4.2.2"),
        "ws-URI": partial(_ws, scheme="ws"),
        "wss-URI": partial(_ws, scheme="wss"),
        "mailtoURI": _mailto,
        "namestring": _urn,
        "assigned-name": _urn,
        "dataurl": _data,
        "file-URI": _file,
        "file-URI-nonstandard": _file,
        **_connections(),
    }
)


def scheme_diagnoser(name: str) -> Diagnoser | None:
    """How failures of the scheme rule ``name`` are explained; None for other rules."""
    entry = _ENTRIES.get(name)
    return None if entry is None else partial(_diagnose, entry, name)
