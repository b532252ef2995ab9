from typing import NamedTuple, Self

from typing_extensions import disjoint_base

from .uri import URIReference

__all__ = ("ParseResult", "ParseResultBytes")

PARSED_COMPONENTS: tuple[str, ...]

class ParseResultMixin:
    def geturl(self) -> str | bytes: ...
    @property
    def hostname(self) -> str | bytes | None: ...
    @property
    def netloc(self) -> str | bytes | None: ...
    @property
    def params(self) -> str | bytes | None: ...

class _ParseResultBase(NamedTuple):
    scheme: str | None
    userinfo: str | None
    host: str | None
    port: int | None
    path: str | None
    query: str | None
    fragment: str | None

@disjoint_base
class ParseResult(_ParseResultBase, ParseResultMixin):
    slots: tuple[()]
    encoding: str
    reference: URIReference
    def __new__(
        cls,
        scheme: str | None,
        userinfo: str | None,
        host: str | None,
        port: int | None,
        path: str | None,
        query: str | None,
        fragment: str | None,
        uri_ref: URIReference,
        encoding: str = "utf-8",
    ) -> Self: ...
    @classmethod
    def from_parts(
        cls,
        scheme: str | None = None,
        userinfo: str | None = None,
        host: str | None = None,
        port: int | str | None = None,
        path: str | None = None,
        query: str | None = None,
        fragment: str | None = None,
        encoding: str = "utf-8",
    ) -> Self: ...
    @classmethod
    def from_string(
        cls,
        uri_string: str | bytes,
        encoding: str = "utf-8",
        strict: bool = True,
        lazy_normalize: bool = True,
    ) -> Self: ...
    @property
    def authority(self) -> str | None: ...
    def copy_with(
        self,
        scheme: str | None = ...,
        userinfo: str | None = ...,
        host: str | None = ...,
        port: int | str | None = ...,
        path: str | None = ...,
        query: str | None = ...,
        fragment: str | None = ...,
    ) -> ParseResult: ...
    def encode(self, encoding: str | None = None) -> ParseResultBytes: ...
    def geturl(self) -> str: ...
    @property
    def hostname(self) -> str | None: ...
    @property
    def netloc(self) -> str | None: ...
    @property
    def params(self) -> str | None: ...
    def unsplit(self, use_idna: bool = False) -> str: ...

class _ParseResultBytesBase(NamedTuple):
    scheme: bytes | None
    userinfo: bytes | None
    host: bytes | None
    port: int | None
    path: bytes | None
    query: bytes | None
    fragment: bytes | None

@disjoint_base
class ParseResultBytes(_ParseResultBytesBase, ParseResultMixin):
    encoding: str
    reference: URIReference
    lazy_normalize: bool
    def __new__(
        cls,
        scheme: bytes | None,
        userinfo: bytes | None,
        host: bytes | None,
        port: int | None,
        path: bytes | None,
        query: bytes | None,
        fragment: bytes | None,
        uri_ref: URIReference,
        encoding: str = "utf-8",
        lazy_normalize: bool = True,
    ) -> Self: ...
    @classmethod
    def from_parts(
        cls,
        scheme: str | None = None,
        userinfo: str | None = None,
        host: str | None = None,
        port: int | str | None = None,
        path: str | None = None,
        query: str | None = None,
        fragment: str | None = None,
        encoding: str = "utf-8",
        lazy_normalize: bool = True,
    ) -> Self: ...
    @classmethod
    def from_string(
        cls,
        uri_string: str | bytes,
        encoding: str = "utf-8",
        strict: bool = True,
        lazy_normalize: bool = True,
    ) -> Self: ...
    @property
    def authority(self) -> bytes: ...
    def copy_with(
        self,
        scheme: str | bytes | None = ...,
        userinfo: str | bytes | None = ...,
        host: str | bytes | None = ...,
        port: int | str | None = ...,
        path: str | bytes | None = ...,
        query: str | bytes | None = ...,
        fragment: str | bytes | None = ...,
        lazy_normalize: bool = True,
    ) -> ParseResultBytes: ...
    def geturl(self) -> bytes: ...
    @property
    def hostname(self) -> bytes | None: ...
    @property
    def netloc(self) -> bytes: ...
    @property
    def params(self) -> bytes | None: ...
    def unsplit(self, use_idna: bool = False) -> bytes: ...

def split_authority(authority: str) -> tuple[str | None, str | None, str | None]: ...
def authority_from(
    reference: URIReference, strict: bool
) -> tuple[str | None, str | None, int | None]: ...
