"""The usage rows of the one table of error codes: what the command line (``urikit``)
and :mod:`urikit.integrations.argparse` say of an option they cannot use, shown by
argparse as ``urikit: error: ...`` with exit status 2. Each site raises its
``UsageError`` or ``argparse.ArgumentTypeError`` with :func:`usage_message`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, TypeAlias

__all__ = ["USAGE_ERRORS", "UsageCode", "UsageMessage", "usage_message"]

#: Why an option is refused: the keys of :data:`USAGE_ERRORS`.
UsageCode: TypeAlias = Literal[
    "not-a-number",
    "below-least",
    "below-least-meaning",
    "empty-name",
    "ports-syntax",
    "ports-empty-range",
    "ports-too-many",
    "port-digits",
    "relative-with-scheme",
    "relative-with-schemes",
    "policy-rule",
    "assignment",
    "values-not-json",
    "values-not-object",
    "values-not-scalar",
    "match-with-values",
    "parquet-needs-pyarrow",
    "parquet-needs-column",
    "parquet-not-parquet",
    "parquet-no-column",
    "parquet-binary-stdout",
    "parquet-redirect",
    "invalid-value",
]


class UsageMessage(NamedTuple):
    """One code's message (a ``str.format`` template) and the section of a standard
    behind it (empty where the option is urikit's own)."""

    template: str
    section: str = ""


_PORT = "RFC 3986 3.2.3"
_RELATIVE = "RFC 3986 4.2"
_PARQUET_OUT = "Parquet output "

USAGE_ERRORS: Final[Mapping[UsageCode, UsageMessage]] = MappingProxyType(
    {
        "not-a-number": UsageMessage("not a number: {text!r}"),
        "below-least": UsageMessage("must be at least {least}, not {value}"),
        "below-least-meaning": UsageMessage("must be {least} ({meaning}) or more, not {value}"),
        "empty-name": UsageMessage("an empty name in {text!r}"),
        "ports-syntax": UsageMessage(
            "ports are numbers or ranges such as 443,8000-8999, not {text!r}", _PORT
        ),
        "ports-empty-range": UsageMessage("an empty range of ports: {part!r}", _PORT),
        "ports-too-many": UsageMessage("--ports lists more than {most} ports; give one range"),
        "port-digits": UsageMessage("a port is digits only (RFC 3.2.3), not {text!r}", _PORT),
        "relative-with-scheme": UsageMessage(
            "--relative builds a reference without a scheme; drop --scheme", _RELATIVE
        ),
        "relative-with-schemes": UsageMessage(
            "--schemes allows schemes, but a relative-ref has none", _RELATIVE
        ),
        "policy-rule": UsageMessage("policy options need --rule {rules}, not {rule}"),
        "assignment": UsageMessage("expected NAME=VALUE, not {assignment!r}"),
        "values-not-json": UsageMessage("--values is not JSON: {error}"),
        "values-not-object": UsageMessage("--values must be a JSON object of variable values"),
        "values-not-scalar": UsageMessage(
            "--values: {data} is not a string, number, list or object of them", "RFC 6570 2.3"
        ),
        "match-with-values": UsageMessage(
            "--match reads the variables out of a URI: give no values with it"
        ),
        "parquet-needs-pyarrow": UsageMessage(
            "Parquet needs pyarrow (pip install 'urikit[arrow]'): {error}"
        ),
        "parquet-needs-column": UsageMessage("--input-format parquet needs --column NAME"),
        "parquet-not-parquet": UsageMessage("{name}: not a Parquet file: {error}"),
        "parquet-no-column": UsageMessage("{name}: no column {column!r}; it has {names}"),
        "parquet-binary-stdout": UsageMessage(_PARQUET_OUT + "needs a binary standard output"),
        "parquet-redirect": UsageMessage(
            _PARQUET_OUT + "is binary: redirect standard output to a file"
        ),
        "invalid-value": UsageMessage("invalid {name} value: {text!r}"),
    }
)


def usage_message(code: UsageCode, **values: object) -> str:
    """The message of the usage error ``code`` with ``values`` put in."""
    return USAGE_ERRORS[code].template.format(**values)
