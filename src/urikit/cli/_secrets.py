"""Passwords in what the command writes (RFC 3.2.1, 7.5): written ``***`` unless
``--show-secrets`` asks for them.

Messages and the positions they give always speak about the redacted text (as every
urikit error does); ``--show-secrets`` only shows the inputs and results themselves.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping
from typing import cast

from urikit.errors.redact import (
    REDACTED,
    password_spans,
    redact,
    redact_as,
    redact_userinfo,
)

__all__ = ["hidden", "hidden_text", "hidden_variables", "secret_variables", "secrets_option"]


def secrets_option(parser: argparse.ArgumentParser) -> None:
    """The ``--show-secrets`` option every command takes."""
    parser.add_argument(
        "--show-secrets",
        action="store_true",
        help="print passwords in inputs and results (by default written ***, RFC 7.5)",
    )


def hidden(value: object, key: str | None = None, *, rule: str | None = None) -> object:
    """A JSON value with every password written ``***``: in each string read as a
    URI-reference, in the members named ``userinfo``, ``authority`` and ``password``
    (the components a command reports), and in the ``input`` read as ``rule`` (the
    rule it was checked against: ``user:pw@host`` as an authority, RFC 3.2)."""
    if isinstance(value, str):
        if key == "password":
            return REDACTED
        if key == "userinfo":
            return redact_userinfo(value)
        if key == "authority":
            return redact_as(value, "authority")
        if key == "input" and rule is not None:
            return redact_as(value, rule)
        return redact(value)
    if isinstance(value, Mapping):
        members = cast("Mapping[object, object]", value)
        return {
            k: hidden(v, k if isinstance(k, str) else None, rule=rule) for k, v in members.items()
        }
    if isinstance(value, list | tuple):
        items = cast("list[object] | tuple[object, ...]", value)
        return [hidden(item, key, rule=rule) for item in items]
    return value


def hidden_text(shown: str) -> str:
    """The text a command shows, each line read as a URI-reference, passwords ``***``."""
    if "@" not in shown:
        return shown
    return "".join(map(redact, shown.splitlines(keepends=True)))


# An expression of RFC 6570 2.2, and what comes before and after a varname in it.
_EXPRESSION = re.compile(r"\{([^{}]*)\}")
_OPERATOR = "+#./;?&=,!@|"
_MODIFIER = re.compile(r"(:[0-9]*|\*)$")


def secret_variables(template: str) -> frozenset[str]:
    """The variables of a URI Template whose expressions stand in the password of its
    authority (``https://user:{pw}@host/``, RFC 6570 2.2, RFC 3986 3.2.1)."""
    names: set[str] = set()
    for start, end in password_spans(template):
        for expression in _EXPRESSION.finditer(template, start, end):
            for varspec in expression[1].lstrip(_OPERATOR).split(","):
                names.add(_MODIFIER.sub("", varspec))
    return frozenset(names)


def hidden_variables(values: object, secret: frozenset[str]) -> object:
    """``values`` (variables and their values) with those named in ``secret`` written
    ``***``."""
    if secret and isinstance(values, Mapping):
        members = cast("Mapping[object, object]", values)
        return {k: REDACTED if k in secret else v for k, v in members.items()}
    return values
