"""The IRI floor: one hand-written, precompiled regex for RFC 3987 ``IRI-reference``.

Written from the ABNF of RFC 3987 2.2 in the manner of ``floor.py`` (whose IP-literal and
percent-encoding pieces it reuses, as RFC 3987 reuses RFC 3986's rules): ``re``,
possessive quantifiers where nothing can be given back, ``fullmatch``. Like urikit, it
leaves out the bidi formatting characters that RFC 3987 4.1 forbids, so both answer the
same question.
"""

from __future__ import annotations

import re

from floor import _IP_LITERAL, _PCT, _SUB_DELIMS

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
# isegment = *ipchar ; ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
_ISEGMENT = f"(?:[{_IUNRESERVED}{_SUB_DELIMS}:@]++|{_PCT})*+"
_ISEGMENT_NZ = f"(?:[{_IUNRESERVED}{_SUB_DELIMS}:@]++|{_PCT})++"
_ISEGMENT_NZ_NC = f"(?:[{_IUNRESERVED}{_SUB_DELIMS}@]++|{_PCT})++"
# iquery = *( ipchar / iprivate / "/" / "?" ) ; ifragment = *( ipchar / "/" / "?" )
_IQUERY = f"(?:[{_IUNRESERVED}{_IPRIVATE}{_SUB_DELIMS}:@/?]++|{_PCT})*+"
_IFRAGMENT = f"(?:[{_IUNRESERVED}{_SUB_DELIMS}:@/?]++|{_PCT})*+"
# iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
_IAUTHORITY = (
    f"(?:(?:[{_IUNRESERVED}{_SUB_DELIMS}:]++|{_PCT})*+@)?"
    f"(?:{_IP_LITERAL}|(?:[{_IUNRESERVED}{_SUB_DELIMS}]++|{_PCT})*+)"
    "(?::[0-9]*+)?+"
)

IRI_FLOOR_SOURCE = rf"""
(?:
    [A-Za-z][A-Za-z0-9+\-.]*+ :
    (?: // {_IAUTHORITY} (?:/{_ISEGMENT})*+
      | / (?:{_ISEGMENT_NZ}(?:/{_ISEGMENT})*+)?
      | {_ISEGMENT_NZ}(?:/{_ISEGMENT})*+
      |
    )
  |
    (?: // {_IAUTHORITY} (?:/{_ISEGMENT})*+
      | / (?:{_ISEGMENT_NZ}(?:/{_ISEGMENT})*+)?
      | {_ISEGMENT_NZ_NC}(?:/{_ISEGMENT})*+
      |
    )
)
(?: \? {_IQUERY} )?+
(?: \# {_IFRAGMENT} )?+
"""

#: The compiled IRI floor; use ``IRI_FLOOR.fullmatch(text)``.
IRI_FLOOR: re.Pattern[str] = re.compile(IRI_FLOOR_SOURCE, re.VERBOSE)
