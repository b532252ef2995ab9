"""Changing a component of a reference: the ``set_<name>`` setters over the seven
components that take encoded text, and :func:`fit`, the check that the components fit
together (RFC 3, 3.3, 4.2).

They take and give the seven as a plain tuple in :class:`~urikit._core.components.Fields`
order (:data:`~urikit._core.components.Groups`; a Fields is one), unpacked into names at
once: a ``with_<name>`` is a hot path, and a Fields costs a copy to make and unpacks
slower (bench_edit).

They are the one implementation of the ``with_<name>`` changers of every value
(:class:`urikit._core.views.ReferenceViews`), with the rules of RFC 3986 or, for
:class:`urikit.IRIReference`, the i-rules of RFC 3987 2.2 (:data:`IRI_COMPONENTS`).
"""

from __future__ import annotations

import ipaddress
from typing import Final, NamedTuple, overload

from urikit._core.components import Groups
from urikit._core.hosts import IPAddress, address_host
from urikit._core.reachable import MAX_PORT
from urikit._syntax.rfc3986 import RuleName
from urikit._syntax.validation import checked
from urikit.errors import InvalidURIError, URIBuildError
from urikit.errors.codes import shown_port
from urikit.errors.redact import redact_userinfo_at

__all__ = [
    "IRI_COMPONENTS",
    "URI_COMPONENTS",
    "ComponentRules",
    "fit",
    "set_fragment",
    "set_host",
    "set_path",
    "set_port",
    "set_query",
    "set_scheme",
    "set_userinfo",
]


def fit(fields: Groups) -> Groups:
    """``fields`` if they fit together (RFC 3, 3.3, 4.2); else the URIBuildError saying
    why. IRIs share the delimiters (RFC 3987 2.2), so the same checks serve them."""
    scheme, userinfo, host, port, path, _, _ = fields
    if host is None:
        if userinfo is not None or port is not None:
            what = (
                "userinfo"
                if port is None
                else "a port"
                if userinfo is None
                else "userinfo and a port"
            )
            raise URIBuildError.of("needs-host", what=what, advice="")
        if path.startswith("//"):
            raise URIBuildError.of("path-double-slash")
        if scheme is None and ":" in path.partition("/")[0]:
            raise URIBuildError.of("path-colon-first-segment")
    elif path and not path.startswith("/"):
        raise URIBuildError.of("path-not-absolute")
    return fields


@overload
def _checked(value: str, rule: RuleName, component: str | None = None) -> str: ...
@overload
def _checked(value: None, rule: RuleName, component: str | None = None) -> None: ...
def _checked(value: str | None, rule: RuleName, component: str | None = None) -> str | None:
    """``value`` (encoded component text) if it matches ``rule``; None passes. An error
    names ``component`` (the rule's name by default)."""
    return None if value is None else checked(value, rule, component)


# -- the setters over fields: one set for URIs (RFC 3986) and IRIs (RFC 3987 2.2) ---------


class ComponentRules(NamedTuple):
    """The rule each setter checks its text against (scheme and port: RFC 3986's, which
    RFC 3987 reuses)."""

    userinfo: RuleName
    host: RuleName
    path: RuleName
    query: RuleName
    fragment: RuleName


URI_COMPONENTS: Final = ComponentRules("userinfo", "host", "path", "query", "fragment")
IRI_COMPONENTS: Final = ComponentRules("iuserinfo", "ihost", "ipath", "iquery", "ifragment")


def set_scheme(fields: Groups, scheme: str | None) -> Groups:
    """``fields`` with the scheme (RFC 3.1) set or removed; :func:`fit` them after."""
    _, userinfo, host, port, path, query, fragment = fields
    scheme = _checked(scheme, "scheme")
    return (scheme, userinfo, host, port, path, query, fragment)


def set_userinfo(fields: Groups, userinfo: str | None, rules: ComponentRules) -> Groups:
    """``fields`` with the userinfo (encoded text, RFC 3.2.1) set or removed; a password
    in the text stays out of the error (RFC 7.5)."""
    scheme, _, host, port, path, query, fragment = fields
    if userinfo is not None and host is None:
        raise URIBuildError.of("needs-host", what="userinfo", advice=": set a host first")
    try:
        userinfo = _checked(userinfo, rules.userinfo, "userinfo")
        return (scheme, userinfo, host, port, path, query, fragment)
    except InvalidURIError as error:
        failure = error
    # Raised outside the handler, so that the error with the password is not its context.
    text, position = redact_userinfo_at(failure.text, failure.position)
    raise InvalidURIError(
        text, position=position, rule=failure.rule, reason=failure.reason, component="userinfo"
    )


def set_host(fields: Groups, host: str | IPAddress | None, rules: ComponentRules) -> Groups:
    """``fields`` with the host set (RFC 3.2.2); None removes the whole authority."""
    scheme, userinfo, _, port, path, query, fragment = fields
    if host is None:
        return (scheme, None, None, None, path, query, fragment)
    if isinstance(host, ipaddress.IPv4Address | ipaddress.IPv6Address):
        text = address_host(host)
    else:
        text = _checked(host, rules.host, "host")
    return (scheme, userinfo, text, port, path, query, fragment)


def set_port(fields: Groups, port: int | str | None) -> Groups:
    """``fields`` with the port (an int 0-65535, or digits) set or removed (RFC 3.2.3)."""
    scheme, userinfo, host, _, path, query, fragment = fields
    if port is not None and host is None:
        raise URIBuildError.of("needs-host", what="a port", advice=": set a host first")
    if isinstance(port, bool):
        raise TypeError("port must be an int or a str of digits, not bool")
    if isinstance(port, int):
        if not 0 <= port <= MAX_PORT:
            raise URIBuildError.of("port-out-of-range", port=shown_port(port), max_port=MAX_PORT)
        port = str(port)
    port = _checked(port, "port")
    return (scheme, userinfo, host, port, path, query, fragment)


def set_path(fields: Groups, path: str, rules: ComponentRules) -> Groups:
    """``fields`` with the path (encoded text) set (RFC 3.3)."""
    if path is None:
        raise TypeError("path must be a str: a path is always defined (RFC 3.3), use ''")
    scheme, userinfo, host, port, _, query, fragment = fields
    path = _checked(path, rules.path, "path")
    return (scheme, userinfo, host, port, path, query, fragment)


def set_query(fields: Groups, query: str | None, rules: ComponentRules) -> Groups:
    """``fields`` with the query (encoded, without ``?``) set or removed (RFC 3.4)."""
    scheme, userinfo, host, port, path, _, fragment = fields
    query = _checked(query, rules.query, "query")
    return (scheme, userinfo, host, port, path, query, fragment)


def set_fragment(fields: Groups, fragment: str | None, rules: ComponentRules) -> Groups:
    """``fields`` with the fragment (encoded, without ``#``) set or removed (RFC 3.5)."""
    scheme, userinfo, host, port, path, query, _ = fields
    fragment = _checked(fragment, rules.fragment, "fragment")
    return (scheme, userinfo, host, port, path, query, fragment)
