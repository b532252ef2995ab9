# The part of jsonschema (which ships no type information) that urikit uses.
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from jsonschema.exceptions import FormatError as FormatError
from jsonschema.exceptions import SchemaError as SchemaError
from jsonschema.exceptions import ValidationError as ValidationError

_F = TypeVar("_F", bound=Callable[[object], bool])
_Raises = type[Exception] | tuple[type[Exception], ...]

class FormatChecker:
    checkers: dict[str, tuple[Callable[[object], bool], _Raises]]
    def __init__(self, formats: Iterable[str] | None = None) -> None: ...
    def checks(self, format: str, raises: _Raises = ()) -> Callable[[_F], _F]: ...
    def check(self, instance: object, format: str) -> None: ...
    def conforms(self, instance: object, format: str) -> bool: ...

def validate(
    instance: object,
    schema: Mapping[str, object],
    cls: type | None = None,
    *,
    format_checker: FormatChecker | None = None,
) -> None: ...
