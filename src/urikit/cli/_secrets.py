"""Passwords in what the command writes (RFC 3.2.1, 7.5): written ``***`` unless
``--show-secrets`` asks for them.

Messages and the positions they give always speak about the redacted text (as every
urikit error does); ``--show-secrets`` only shows the inputs and results themselves.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from urikit._redact import REDACTED, redact, redact_span, redact_userinfo, secret_span

__all__ = ["hidden", "hidden_text", "secrets_option"]


def secrets_option(parser: argparse.ArgumentParser) -> None:
    """The ``--show-secrets`` option every command takes."""
    parser.add_argument(
        "--show-secrets",
        action="store_true",
        help="print passwords in inputs and results (by default written ***, RFC 7.5)",
    )


def hidden(value: object, key: str | None = None) -> object:
    """A JSON value with every password written ``***``: in each string read as a
    URI-reference, and in the members named ``userinfo``, ``authority`` and ``password``
    (the components a command reports)."""
    if isinstance(value, str):
        if key == "password":
            return REDACTED
        if key == "userinfo":
            return redact_userinfo(value)
        if key == "authority":
            span = secret_span(value, "authority")
            return value if span is None else redact_span(value, span, 0)[0]
        return redact(value)
    if isinstance(value, Mapping):
        members: Mapping[object, object] = value
        return {k: hidden(v, k if isinstance(k, str) else None) for k, v in members.items()}
    if isinstance(value, list | tuple):
        items: list[object] | tuple[object, ...] = value
        return [hidden(item, key) for item in items]
    return value


def hidden_text(shown: str) -> str:
    """The text a command shows, each line read as a URI-reference, passwords ``***``."""
    if "@" not in shown:
        return shown
    return "".join(map(redact, shown.splitlines(keepends=True)))
