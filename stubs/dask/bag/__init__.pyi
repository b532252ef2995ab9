from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

_T = TypeVar("_T")
_U = TypeVar("_U")

class Bag(Generic[_T]):
    npartitions: int
    def map_partitions(
        self, func: Callable[..., Iterable[_U]], *args: object, **kwargs: object
    ) -> Bag[_U]: ...
    def compute(self, *, scheduler: str = ...) -> list[_T]: ...

def read_text(
    urlpath: str | Sequence[str],
    blocksize: int | str | None = ...,
    compression: str = ...,
    encoding: str = ...,
    errors: str = ...,
    linedelimiter: str | None = ...,
    collection: bool = ...,
    storage_options: dict[str, object] | None = ...,
    files_per_partition: int | None = ...,
    include_path: bool = ...,
) -> Bag[str]: ...
