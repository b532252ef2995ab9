"""URI schemes: typed values, builders and a registry (RFC 9110 4.2, 6455 3, 6068, 8141,
2397, 8089).

- :mod:`urikit.schemes.web` -- http, https, ws, wss: ``parse``, ``effective_port``,
  ``origin`` (RFC 6454);
- :mod:`urikit.schemes.mailto` -- ``parse`` and ``build`` (RFC 6068);
- :mod:`urikit.schemes.urn` -- ``parse`` and ``equivalent`` (RFC 8141), with the NSS
  syntax of uuid, isbn, issn, oid and ietf;
- :mod:`urikit.schemes.data` -- ``parse`` and ``build`` (RFC 2397);
- :mod:`urikit.schemes.file` -- ``parse``, ``to_path``, ``from_path`` (RFC 8089);
- :func:`register` -- a scheme of your own, from the grammar combinators (``lit``,
  ``chars``, ``char_range``, ``rep``, ``opt``, ``ref``; ``+`` concatenates, ``|``
  alternates), applied by ``Policy(scheme_rules=True)`` and
  ``normalize(..., scheme_rules=True)``; with ``dns_host=True`` its hosts are DNS names,
  which :class:`~urikit.Builder` and :func:`~urikit.compose` write as they do for http.

Each scheme's rule is a rule of the grammar (``http-URI``, ``mailtoURI``, ``namestring``,
``dataurl``, ``file-URI``, ...), usable wherever a rule name is.
"""

from __future__ import annotations

import threading

from urikit._core.reachable import mark_dns_scheme
from urikit._syntax.abnf import Node, char_range, chars, lit, opt, rep
from urikit._syntax.rfc3986 import RuleName, ref
from urikit.errors.arguments import argument_error
from urikit.schemes import data, file, mailto, urn, web
from urikit.values import scheme_table
from urikit.values.scheme_table import Normalizer, Scheme, check, registered, schemes

__all__ = [
    "Node",
    "Scheme",
    "char_range",
    "chars",
    "check",
    "data",
    "file",
    "lit",
    "mailto",
    "opt",
    "ref",
    "register",
    "registered",
    "rep",
    "schemes",
    "urn",
    "web",
]

_lock = threading.Lock()


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
        raise argument_error("not-a-bool", name="dns_host", value=dns_host)
    with _lock:  # the scheme's entry and its DNS mark change together
        scheme = scheme_table.register(
            name, rule, default_port=default_port, normalize=normalize, dns_host=dns_host
        )
        mark_dns_scheme(scheme.name, dns_host)
    return scheme
