from typing import TypeVar, overload
from urllib.parse import parse_qsl as parse_qsl
from urllib.parse import quote as urlquote
from urllib.parse import urlencode as urlencode

__all__ = ("parse_qsl", "to_bytes", "to_str", "urlencode", "urlquote")

_T = TypeVar("_T")

PY3: bool
PY2: bool
unicode = str

@overload
def to_str(b: bytes | str, encoding: str = "utf-8") -> str: ...
@overload
def to_str(b: _T, encoding: str = "utf-8") -> _T: ...
@overload
def to_bytes(s: str | bytes, encoding: str = "utf-8") -> bytes: ...
@overload
def to_bytes(s: _T, encoding: str = "utf-8") -> _T: ...
