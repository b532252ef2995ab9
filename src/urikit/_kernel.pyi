# The optional native kernel (native/kernel.c, setup.py with URIKIT_KERNEL=1): absent
# from the pure build, so urikit imports it through urikit._native only.
from urikit._parsing import Fields

RULES: tuple[str, ...]
DIGEST: str

def is_valid(text: str, rule: str, /) -> bool: ...
def scan(text: str, rule: str, /) -> int: ...
def split(text: str, /) -> Fields | None: ...
