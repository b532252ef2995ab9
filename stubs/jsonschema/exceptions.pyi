# The exceptions of jsonschema that urikit's integration and tests touch.
from collections import deque

class _Error(Exception):
    message: str
    cause: BaseException | None
    path: deque[str | int]
    instance: object
    validator: str
    validator_value: object

class ValidationError(_Error): ...
class SchemaError(_Error): ...

class FormatError(Exception):
    message: str
    cause: BaseException | None
    def __init__(self, message: str, cause: BaseException | None = None) -> None: ...
