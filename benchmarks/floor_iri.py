"""The IRI floor: one hand-written, precompiled regex for RFC 3987 ``IRI-reference``.

Written from the ABNF of RFC 3987 2.2 as ``floor.py``'s regex over ``iunreserved``
(:func:`floor.reference_source`: RFC 3987 keeps RFC 3986's rules, with ``i`` ones): ``re``,
possessive quantifiers where nothing can be given back, ``fullmatch``. Like urikit, it
leaves out the bidi formatting characters that RFC 3987 4.1 forbids, so both answer the
same question.
"""

from __future__ import annotations

import re

from floor import reference_source

__all__ = ["IRI_FLOOR", "IRI_FLOOR_SOURCE"]

# ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD,
# less LRM, RLM (U+200E-200F) and LRE, RLE, PDF, LRO, RLO (U+202A-202E): RFC 3987 4.1.
_UCSCHAR = (
    "\u00a0-\u200d\u2010-\u2029\u202f-\ud7ff\uf900-\ufdcf\ufdf0-\uffef"
    + "".join(f"{chr(plane << 16)}-{chr((plane << 16) + 0xFFFD)}" for plane in range(1, 14))
    + "\U000e1000-\U000efffd"
)
# iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
_IPRIVATE = "\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd"
# iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
_IUNRESERVED = r"A-Za-z0-9\-._~" + _UCSCHAR

IRI_FLOOR_SOURCE = reference_source(_IUNRESERVED, private=_IPRIVATE)

#: The compiled IRI floor; use ``IRI_FLOOR.fullmatch(text)``.
IRI_FLOOR: re.Pattern[str] = re.compile(IRI_FLOOR_SOURCE, re.VERBOSE)
