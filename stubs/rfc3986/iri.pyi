from collections.abc import Callable
from typing import NamedTuple, Self

from typing_extensions import disjoint_base

from ._mixin import URIMixin
from .uri import URIReference

class _IRIReferenceBase(NamedTuple):
    scheme: str | None
    authority: str | None
    path: str | None
    query: str | None
    fragment: str | None

@disjoint_base
class IRIReference(_IRIReferenceBase, URIMixin):
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
    def __eq__(self, other: object) -> bool: ...
    @classmethod
    def from_string(cls, iri_string: str | bytes, encoding: str = "utf-8") -> Self: ...
    def encode(self, idna_encoder: Callable[[str], str | bytes] | None = None) -> URIReference: ...
