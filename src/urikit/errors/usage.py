"""The usage rows of the one table of error codes: what the command line (``urikit``)
and :mod:`urikit.integrations.argparse` say of an option they cannot use, shown by
argparse as ``urikit: error: ...`` with exit status 2. Each site raises its
``UsageError`` or ``argparse.ArgumentTypeError`` with :func:`usage_message`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, TypeAlias

from urikit.errors.codes import MESSAGES, Message, rows_of, table

__all__ = ["USAGE_ERRORS", "UsageCode", "usage_message"]

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


_PORT = "RFC 3986 3.2.3"
_RELATIVE = "RFC 3986 4.2"
_PARQUET_OUT = "Parquet output "
_usage = rows_of("usage")

USAGE_ERRORS: Final[Mapping[UsageCode, Message]] = table(
    {
        "not-a-number": _usage("not a number: {text!r}"),
        "below-least": _usage("must be at least {least}, not {value}"),
        "below-least-meaning": _usage("must be {least} ({meaning}) or more, not {value}"),
        "empty-name": _usage("an empty name in {text!r}"),
        "ports-syntax": _usage(
            "ports are numbers or ranges such as 443,8000-8999, not {text!r}", _PORT
        ),
        "ports-empty-range": _usage("an empty range of ports: {part!r}", _PORT),
        "ports-too-many": _usage("--ports lists more than {most} ports; give one range"),
        "port-digits": _usage("a port is digits only (RFC 3.2.3), not {text!r}", _PORT),
        "relative-with-scheme": _usage(
            "--relative builds a reference without a scheme; drop --scheme", _RELATIVE
        ),
        "relative-with-schemes": _usage(
            "--schemes allows schemes, but a relative-ref has none", _RELATIVE
        ),
        "policy-rule": _usage("policy options need --rule {rules}, not {rule}"),
        "assignment": _usage("expected NAME=VALUE, not {assignment!r}"),
        "values-not-json": _usage("--values is not JSON: {error}"),
        "values-not-object": _usage("--values must be a JSON object of variable values"),
        "values-not-scalar": _usage(
            "--values: {data} is not a string, number, list or object of them", "RFC 6570 2.3"
        ),
        "match-with-values": _usage(
            "--match reads the variables out of a URI: give no values with it"
        ),
        "parquet-needs-pyarrow": _usage(
            "Parquet needs pyarrow (pip install 'urikit[arrow]'): {error}"
        ),
        "parquet-needs-column": _usage("--input-format parquet needs --column NAME"),
        "parquet-not-parquet": _usage("{name}: not a Parquet file: {error}"),
        "parquet-no-column": _usage("{name}: no column {column!r}; it has {names}"),
        "parquet-binary-stdout": _usage(_PARQUET_OUT + "needs a binary standard output"),
        "parquet-redirect": _usage(_PARQUET_OUT + "is binary: redirect standard output to a file"),
        "invalid-value": _usage("invalid {name} value: {text!r}"),
    }
)


def usage_message(code: UsageCode, **values: object) -> str:
    """The message of the usage error ``code`` with ``values`` put in."""
    return MESSAGES["usage", code].template.format(**values)
