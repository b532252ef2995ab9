from typing import NamedTuple, Self

from typing_extensions import disjoint_base

from ._mixin import URIMixin

class _URIReferenceBase(NamedTuple):
    scheme: str | None
    authority: str | None
    path: str | None
    query: str | None
    fragment: str | None

@disjoint_base
class URIReference(_URIReferenceBase, URIMixin):
    slots: tuple[()]
    encoding: str
    def __new__(
        cls,
        scheme: str | None,
        authority: str | None,
        path: str | None,
        query: str | None,
        fragment: str | None,
        encoding: str = "utf-8",
    ) -> Self: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def normalize(self) -> URIReference: ...
    @classmethod
    def from_string(cls, uri_string: str | bytes, encoding: str = "utf-8") -> Self: ...
