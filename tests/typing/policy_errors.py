"""What Policy's types refuse (each line marked fails mypy and pyright)."""

from __future__ import annotations

from urikit import Policy

# RFC 3986 3.1: schemes are names; one str would be read as its letters ("h", "t", ...).
Policy(schemes="https")  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType]
Policy(schemes={"https"}, require_host=True, strip_whitespace="yes")  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType]
