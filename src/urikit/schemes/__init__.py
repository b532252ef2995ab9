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

from urikit._syntax.abnf import Node, char_range, chars, lit, opt, rep
from urikit._syntax.rfc3986 import ref
from urikit.schemes import data, file, mailto, urn, web
from urikit.values.scheme_table import Scheme, check, register, registered, schemes

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
