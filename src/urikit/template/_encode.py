"""The two ways RFC 6570 writes a value (Appendix A, "allow"), from the grammar's sets.

``U``: only ``unreserved`` characters stand for themselves (simple, label, path and
query expansions). ``U+R``: ``unreserved`` and ``reserved`` stand for themselves and
``pct-encoded`` triplets pass through unchanged (reserved ``+`` and fragment ``#``
expansions, and literals, section 3.1). Everything else becomes the ``%XX`` escapes of
its UTF-8 octets, with the same encoder the Builder uses (:func:`urikit._core.encoding.encoder`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from urikit._core.encoding import encoder
from urikit._syntax.compiled import source
from urikit._syntax.rfc3986 import chars_of

__all__ = [
    "UNRESERVED",
    "UNRESERVED_RESERVED",
    "encode_reserved",
    "encode_unreserved",
    "literal_text",
    "triplet",
]

#: ``U``: the characters written as they are by most operators.
UNRESERVED: frozenset[str] = chars_of("unreserved")
#: ``U+R``: those of ``+`` and ``#`` expansions (and ``pct-encoded`` triplets).
UNRESERVED_RESERVED: frozenset[str] = UNRESERVED | chars_of("reserved")

#: ``U``: every character but ``unreserved`` percent-encoded.
encode_unreserved: Callable[[str], str] = encoder(UNRESERVED, "template value")

_encode_safe: Callable[[str], str] = encoder(UNRESERVED_RESERVED, "template value")


@cache
def triplet() -> re.Pattern[str]:
    """``pct-encoded`` (RFC 3986 2.1) in a group, for ``split``."""
    return re.compile(f"({source('pct-encoded')})")


def encode_reserved(text: str) -> str:
    """``U+R``: unreserved and reserved characters and ``%XX`` triplets kept as they are."""
    if "%" not in text:
        return _encode_safe(text)
    pieces = triplet().split(text)  # odd indices: the triplets, kept
    pieces[::2] = map(_encode_safe, pieces[::2])
    return "".join(pieces)


def literal_text(literal: str) -> str:
    """A template literal as it is copied into an expansion (RFC 6570 3.1)."""
    return encode_reserved(literal)
