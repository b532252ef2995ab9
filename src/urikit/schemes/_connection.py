"""What the connection-string modules share: the value, the parts of a checked text,
decoding as each client decodes, and encoding that every client reads back.

A connection string is first checked against its rule (:mod:`urikit._syntax.connection`),
so its parts are found by their delimiters alone: ``"://"``, the authority up to the
first ``"/"`` or ``"?"``, the userinfo up to its ``"@"``, hosts separated by ``","``,
the path up to ``"?"``, the query. The modules then decode each part as their client
does (libpq, SQLAlchemy, redis-py, pika, pymongo) and say where they depart from it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, NoReturn, Protocol

from urikit._core.reachable import MAX_PORT
from urikit._syntax.percent import percent_decode
from urikit._syntax.rfc3986 import RuleName
from urikit._syntax.validation import validate
from urikit.errors import InvalidURIError, expected_str, plain_str
from urikit.errors.reasons import ReasonCode, reason
from urikit.errors.redact import REDACTED, redact
from urikit.schemes._common import invalid, quote_octets

__all__ = [
    "UNRESERVED",
    "Builder",
    "ConnectionURI",
    "Host",
    "Parts",
    "checked_parts",
    "decode",
    "encode",
    "join_params",
    "no_scheme_of",
    "port_of",
    "redacted_text",
    "refused",
    "split_params",
    "write_host",
]

#: A host and its port (None when the text has none).
Host = tuple[str, int | None]


class Builder(Protocol):
    """A scheme module's ``build``."""

    def __call__(
        self,
        *,
        hosts: Iterable[Host],
        user: str | None = ...,
        password: str | None = ...,
        database: str | None = ...,
        params: Iterable[tuple[str, str]] = ...,
        scheme: str | None = ...,
    ) -> str: ...


#: RFC 3986 2.3: the characters no client decodes differently (``+`` is a space to
#: form-decoding readers, ``%`` starts an escape): everything else is written ``%XX``.
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

#: Names of parameters whose value is a password (libpq's ``password`` keyword,
#: redis-py's ``password`` argument), hidden as the userinfo's password is.
_SECRET_PARAMS = frozenset({"password"})


@dataclass(frozen=True, slots=True, repr=False)
class ConnectionURI:
    """A connection string, decoded as its client reads it: ``scheme`` (as written),
    ``hosts`` (each ``(host, port)``: a reg-name decoded, an IPv6 literal without its
    brackets, a Unix socket as its path; port None when absent), ``user``,
    ``password``, ``database`` and ``params`` (``(key, value)`` pairs, in order).

    ``repr()`` and ``str()`` never show the password (RFC 3986 3.2.1, 7.5): ``str()``
    is the connection string with the password written ``***``; :meth:`uri` gives it
    whole, for the client.
    """

    scheme: str
    hosts: tuple[Host, ...]
    user: str | None
    password: str | None
    database: str | None
    params: tuple[tuple[str, str], ...]

    def param(self, key: str) -> str | None:
        """The value of the first parameter called ``key``, or None."""
        return next((v for k, v in self.params if k == key), None)

    def uri(self) -> str:
        """The connection string, password included: for the client, never for a log."""
        return self._write(self.password, self.params)

    def _write(self, password: str | None, params: tuple[tuple[str, str], ...]) -> str:
        """The text of these fields with ``password`` and ``params``: the scheme
        module's ``build`` (:meth:`_builder`)."""
        return self._builder()(
            hosts=self.hosts,
            user=self.user,
            password=password,
            database=self.database,
            params=params,
            scheme=self.scheme,
        )

    @staticmethod
    def _builder() -> Builder:
        """The ``build`` of the scheme's module."""
        raise NotImplementedError

    def _shown_params(self) -> tuple[tuple[str, str], ...]:
        return tuple((k, REDACTED if k.lower() in _SECRET_PARAMS else v) for k, v in self.params)

    def __str__(self) -> str:
        shown = self._write(None if self.password is None else REDACTED, self._shown_params())
        return shown.replace(_ENCODED_REDACTED, REDACTED)

    def __repr__(self) -> str:
        password = None if self.password is None else REDACTED
        return (
            f"{type(self).__name__}(scheme={self.scheme!r}, hosts={self.hosts!r},"
            f" user={self.user!r}, password={password!r}, database={self.database!r},"
            f" params={self._shown_params()!r})"
        )


_ENCODED_REDACTED = "%2A" * len(REDACTED)


class Parts(NamedTuple):
    """Where the parts of a checked connection string are: ``scheme`` (as written),
    ``userinfo`` (start, end) or None, ``hosts`` (host start, host end, port start or
    -1, port end) for each host of the authority, ``path`` (start, end: after its
    ``"/"``) or None, ``query`` (start, end: after ``"?"``) or None."""

    scheme: str
    userinfo: tuple[int, int] | None
    hosts: tuple[tuple[int, int, int, int], ...]
    path: tuple[int, int] | None
    query: tuple[int, int] | None


_SECRET_VALUE = re.compile(r"(?i)(?<=[?&])password=([^&]*)")


def _masked(text: str) -> str:
    """``text`` with the value of every ``password=`` parameter written ``***``."""
    return _SECRET_VALUE.sub("password=" + REDACTED, text)


def redacted_text(text: str) -> str:
    """``text`` with its passwords written ``***``: the userinfo's (RFC 3986 3.2.1)
    and every ``password`` parameter's."""
    return redact(_masked(text))


def checked_parts(text: str, rule: RuleName, *, hosts: str = ",") -> tuple[str, Parts]:
    """``text`` as a plain str and its :class:`Parts`, if it matches ``rule``; else the
    located :class:`~urikit.InvalidURIError`, no password in it (the userinfo's nor a
    ``password`` parameter's). ``hosts`` is the separator of hosts ("" for one host)."""
    text = plain_str(text)
    try:
        validate(text, rule)
    except InvalidURIError:
        shown = _masked(text)
        validate(shown, rule)  # raises, located in the text with its secrets hidden
        at = shown.lower().find("password=") + len("password=")
        raise invalid(shown, at, "conn-param", reason("conn-password-param"), "query") from None
    start = text.index("://") + 3
    end = len(text)
    for delimiter in "/?":
        found = text.find(delimiter, start)
        if 0 <= found < end:
            end = found
    at = text.rfind("@", start, end)
    userinfo = (start, at) if at >= 0 else None
    found_hosts: list[tuple[int, int, int, int]] = []
    first = at + 1 if at >= 0 else start
    if first < end:
        pieces = [first]
        if hosts:
            pieces += [i + 1 for i in range(first, end) if text[i] == hosts]
        for begin, stop in zip(pieces, [*(p - 1 for p in pieces[1:]), end], strict=True):
            closing = text.find("]", begin, stop) if text.startswith("[", begin) else begin
            colon = text.find(":", closing, stop)
            if colon < 0:
                found_hosts.append((begin, stop, -1, stop))
            else:
                found_hosts.append((begin, colon, colon + 1, stop))
    question = text.find("?", end)
    path_end = len(text) if question < 0 else question
    path = (end + 1, path_end) if end < path_end and text[end] == "/" else None
    query = (question + 1, len(text)) if question >= 0 else None
    return text, Parts(text[: start - 3], userinfo, tuple(found_hosts), path, query)


def refused(
    text: str,
    position: int,
    code: ReasonCode,
    rule: str,
    component: str | None,
    **values: object,
) -> NoReturn:
    """Raise the error (reason ``code``) for what a client refuses at ``position``."""
    raise invalid(_masked(text), position, rule, reason(code, **values), component)


def decode(
    text: str, start: int, end: int, rule: str, component: str | None, *, plus: bool = False
) -> str:
    """``text[start:end]`` percent-decoded as UTF-8 (RFC 3986 2.5); with ``plus``, a
    ``"+"`` is first a space, as form-decoding clients read it (``unquote_plus``)."""
    part = text[start:end]
    if plus:
        part = part.replace("+", " ")
    try:
        return percent_decode(part)
    except InvalidURIError as error:
        raise invalid(
            _masked(text), start + error.position, rule, error.reason, component
        ) from None


def port_of(text: str, start: int, end: int, client: str, *, lowest: int = 0) -> int | None:
    """The port written at ``text[start:end]`` (None when empty or absent); a port its
    ``client`` refuses (above 65535, RFC 6335 6; below ``lowest``) raises."""
    if start < 0 or start == end:
        return None
    port = int(text[start:end])
    if not lowest <= port <= MAX_PORT:
        refused(
            text, start, "conn-port-range", "port", "port", client=client, port=port, lowest=lowest
        )
    return port


def split_params(
    text: str,
    span: tuple[int, int] | None,
    decode_key: Callable[[str, int, int], str],
    decode_value: Callable[[str, int, int], str],
) -> tuple[tuple[str, str], ...]:
    """The ``key=value`` pairs of the query at ``span`` (rule conn-params), each part
    read by its function (text, start, end)."""
    if span is None or span[0] == span[1]:
        return ()
    out: list[tuple[str, str]] = []
    at = span[0]
    while at <= span[1]:
        end = text.find("&", at, span[1])
        end = span[1] if end < 0 else end
        equals = text.index("=", at, end)
        out.append((decode_key(text, at, equals), decode_value(text, equals + 1, end)))
        at = end + 1
    return tuple(out)


def encode(value: str, safe: frozenset[str] = UNRESERVED) -> str:
    """``value`` as URI text: the characters of ``safe`` as they are, every other as the
    ``%XX`` of its UTF-8 octets (RFC 3986 2.1, 2.5)."""
    if not isinstance(value, str):
        raise expected_str(value, "value")
    return quote_octets(value.encode("utf-8", "surrogatepass"), safe)


def write_host(host: str, *, decoded: bool, client: str) -> str:
    """A host as an authority holds it: an IPv6 address in brackets (RFC 3986 3.2.2),
    other text encoded when its ``client`` decodes hosts; else as it is, if it needs no
    encoding (``ValueError`` otherwise)."""
    if not isinstance(host, str):
        raise expected_str(host, "host")
    if ":" in host and not host.startswith("/"):
        if not re.fullmatch(r"[0-9A-Fa-f:.]+", host):
            raise ValueError(
                f"{host!r} is no IPv6 address, the one host that holds ':' (RFC 3986 3.2.2)"
            )
        return f"[{host}]"
    if decoded:
        return encode(host)
    if encode(host, UNRESERVED | frozenset("!$&'()*+;=")) != host or not host:
        raise ValueError(
            f"{client} reads a host as written, without percent-decoding: {host!r} would need it"
        )
    return host


def join_params(
    params: Iterable[tuple[str, str]],
    encode_key: Callable[[str], str],
    encode_value: Callable[[str], str],
) -> str:
    """``"?key=value&..."`` (``""`` for no parameters), each part encoded by its function."""
    pairs: Sequence[tuple[str, str]] = list(params)
    if not pairs:
        return ""
    return "?" + "&".join(encode_key(k) + "=" + encode_value(v) for k, v in pairs)


#: Reads ``text[start:end]`` as a client reads that part.
Reader = Callable[[str, int, int], str]


def userinfo_of(
    text: str, parts: Parts, read: Reader, *, empty: bool = False
) -> tuple[str | None, str | None]:
    """The user and password of the userinfo (split at its first ``":"``, RFC 3986
    3.2.1), each read by ``read``; an empty one is None (as libpq, redis-py and
    SQLAlchemy's drivers take it) unless ``empty`` (the AMQP clients: ``amqp://:@h``
    logs in as the empty user)."""
    if parts.userinfo is None:
        return None, None
    start, end = parts.userinfo
    colon = text.find(":", start, end)
    user = read(text, start, end if colon < 0 else colon)
    password = read(text, colon + 1, end) if colon >= 0 else None
    if empty:
        return user, password
    return user or None, password or None


def hosts_of(text: str, parts: Parts, read: Reader, client: str) -> tuple[Host, ...]:
    """Each host of the authority (an IP-literal without its brackets, other text read
    by ``read``) and its port; none when the authority is empty."""
    if len(parts.hosts) == 1 and parts.hosts[0][0] == parts.hosts[0][1] == parts.hosts[0][3]:
        return ()
    out: list[Host] = []
    for start, end, port_start, port_end in parts.hosts:
        bracketed = text.startswith("[", start)
        host = text[start + 1 : end - 1] if bracketed else read(text, start, end)
        out.append((host, port_of(text, port_start, port_end, client)))
    return tuple(out)


def _as_written(text: str, start: int, end: int) -> str:
    return text[start:end]


def sqlalchemy_fields(
    text: str, parts: Parts, rule: str
) -> tuple[str | None, str | None, tuple[Host, ...], str | None, tuple[tuple[str, str], ...]]:
    """user, password, hosts, database and params as SQLAlchemy's ``make_url`` reads
    them: the user, password and database percent-decoded, the host as written, the
    query form-decoded (``+`` a space) with parameters of empty value dropped."""

    def plain(text: str, start: int, end: int) -> str:
        return decode(text, start, end, rule, "userinfo")

    def form(text: str, start: int, end: int) -> str:
        return decode(text, start, end, rule, "query", plus=True)

    user, password = userinfo_of(text, parts, plain)
    hosts = hosts_of(text, parts, _as_written, "SQLAlchemy")
    database = None if parts.path is None else decode(text, *parts.path, rule, "path") or None
    params = tuple((k, v) for k, v in split_params(text, parts.query, form, form) if v)
    return user, password, hosts, database, params


def no_scheme_of(client: str, scheme: str, schemes: object) -> ValueError:
    """The error for a ``scheme`` that ``client`` does not read (RFC 3986 3.1)."""
    return ValueError(f"{scheme!r} is no scheme of {client}; write {schemes}")


def write_port(client: str, port: int | None) -> str:
    """``":port"``, or ``""`` for None; ``ValueError`` outside 0-65535 (RFC 6335 6)."""
    if port is None:
        return ""
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= MAX_PORT:
        raise ValueError(f"{client} reads a port from 0 to 65535, not {port!r}")
    return f":{port}"


def write_userinfo(user: str | None, password: str | None, *, empty: bool = False) -> str:
    """``user[:password]@`` encoded: ``""`` when both are empty or None; with
    ``empty``, only when both are None (an empty user or password is written)."""
    if empty:
        if user is None and password is None:
            return ""
        return encode(user or "") + (":" + encode(password) if password is not None else "") + "@"
    if not user and not password:
        return ""
    return encode(user or "") + (":" + encode(password) if password else "") + "@"


def sqlalchemy_text(
    *,
    scheme: str,
    hosts: Sequence[Host],
    user: str | None,
    password: str | None,
    database: str | None,
    params: Sequence[tuple[str, str]],
) -> str:
    """A URL that SQLAlchemy's ``make_url`` reads back into these fields: one host as
    it is (it decodes none), the rest encoded; no parameter with an empty value."""
    client = "SQLAlchemy"
    if len(hosts) > 1:
        raise ValueError(f"{client} reads one host, not {hosts!r}")
    authority = "".join(
        ("" if not h else write_host(h, decoded=False, client=client)) + write_port(client, p)
        for h, p in hosts
    )
    path = "/" + encode(database) if database else ""
    for key, value in params:
        if not key or not value:
            raise ValueError(
                f"{client} drops a parameter with an empty name or value (parse_qs): {key!r}"
            )
    query = join_params(params, encode, encode)
    return f"{scheme}://{write_userinfo(user, password)}{authority}{path}{query}"


def urllib_host(rule: str) -> Reader:
    """A host as ``urllib.parse`` gives it to redis-py, pika and kombu
    (``.hostname``: lowercased), then percent-decoded."""

    def read(text: str, start: int, end: int) -> str:
        return decode(text[:start] + text[start:end].lower(), start, end, rule, "host")

    return read


def form_params(text: str, parts: Parts, rule: str) -> tuple[tuple[str, str], ...]:
    """The parameters as ``urllib.parse.parse_qs`` reads them: form-decoded (``+`` a
    space), those with an empty value dropped."""

    def form(text: str, start: int, end: int) -> str:
        return decode(text, start, end, rule, "query", plus=True)

    return tuple((k, v) for k, v in split_params(text, parts.query, form, form) if v)


def require_params(client: str, params: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``params`` as a list; ``ValueError`` for an empty name or value (``parse_qs``
    drops it)."""
    pairs = list(params)
    for key, value in pairs:
        if not key or not value:
            raise ValueError(
                f"{client} drops a parameter with an empty name or value (parse_qs): {key!r}"
            )
    return pairs


def urllib_authority(client: str, hosts: Sequence[Host]) -> str:
    """One host and port as ``urllib.parse`` reads them back: lowercase, encoded."""
    if len(hosts) > 1:
        raise ValueError(f"{client} reads one host, not {hosts!r}")
    return "".join(
        (write_host(h.lower(), decoded=True, client=client) if h else "") + write_port(client, p)
        for h, p in hosts
    )
