# The optional native kernel (native/kernel.c, setup.py with URIKIT_KERNEL=1): absent
# from the pure build, so urikit imports it through urikit._syntax.native only.

from collections.abc import Callable

from typing_extensions import Buffer

RULES: tuple[str, ...]
DIGEST: str
GRAMMAR: str

def is_valid(text: str, rule: str, /) -> bool: ...
def scan(text: str, rule: str, /) -> int: ...
def column(
    rule: str, offsets: Buffer, data: Buffer, first: int, count: int, large: bool, shift: int, /
) -> bytes: ...
def encoders(keep: bytes, /) -> tuple[Callable[[str], int | None], Callable[[str], str]]: ...
def split(
    text: str, /
) -> tuple[str | None, str | None, str | None, str | None, str, str | None, str | None] | None: ...
def bind(
    components: type, uri: type, relative: type, schemes: dict[str, str], shared_scheme: object, /
) -> None: ...
def parse(text: str, /) -> object: ...
