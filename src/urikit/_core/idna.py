"""Internationalized domain names through the optional ``idna`` package (IDNA2008, UTS #46).

RFC 3987 3.1 lets an ireg-name become ASCII label by label ("ToASCII"); today's rules
for that are IDNA2008 (RFC 5891) with the UTS #46 mapping (case folding, full-width
dots), non-transitional, which the ``idna`` package implements. urikit does not
re-implement IDNA: without the ``urikit[idna]`` extra, asking for it raises ImportError.
"""

from __future__ import annotations

from contextlib import suppress
from types import ModuleType

from urikit.errors import InvalidURIError
from urikit.errors.reasons import reason

__all__ = ["host_to_ascii", "host_to_unicode"]

_EXTRA_MISSING = (
    "IDNA host conversion needs the 'idna' package: install the urikit[idna] extra"
    " (pip install 'urikit[idna]')"
)


def _idna() -> ModuleType:
    try:
        import idna
    except ImportError as error:
        raise ImportError(_EXTRA_MISSING, name="idna") from error
    return idna


def host_to_ascii(host: str, *, text: str = "", start: int = 0) -> str:
    """``host`` (a Unicode domain name) as A-labels: ``bücher.example`` ->
    ``xn--bcher-kva.example``; UTS #46 maps it first (``BÜCHER`` -> ``bücher``).

    A name IDNA refuses raises InvalidURIError for rule ``ireg-name``, located in
    ``text`` at ``start`` (the host itself by default).
    """
    idna = _idna()
    try:
        return str(idna.encode(host, uts46=True, transitional=False), "ascii")
    except idna.IDNAError as error:
        raise InvalidURIError(
            text or host,
            position=start,
            rule="ireg-name",
            reason=reason("idna-refused", error=error),
            component="host",
        ) from None


def host_to_unicode(host: str) -> str:
    """``host`` with each A-label (``xn--...``) that decodes cleanly shown as its
    U-label (RFC 3987 3.2.1); other labels, and labels that do not decode, unchanged."""
    idna = _idna()
    labels = host.split(".")
    for index, label in enumerate(labels):
        if label[:4].lower() == "xn--":
            with suppress(idna.IDNAError):
                labels[index] = idna.decode(label)
    return ".".join(labels)
