"""The grammar for the regex engines of Arrow and Polars (RE2, Rust's ``regex``)."""

from __future__ import annotations

from collections.abc import Callable

from urikit._syntax.compiled import source
from urikit._syntax.names import RuleName

__all__ = ["engine_pattern", "re2_pattern"]


def re2_pattern(rule: RuleName = "URI-reference", *, anchored: bool = True) -> str:
    """The regex source of ``rule`` for RE2 and Rust's ``regex`` (the engines of Arrow's
    compute functions and of Polars), accepting exactly the texts that
    :func:`urikit.is_valid` accepts: greedy quantifiers where Python's are possessive
    (the same language), ``\\x{...}`` escapes, no conditional groups.

    ``anchored`` wraps it as ``^(?:...)$`` for engines that search (``$`` without the
    multi-line flag ends the text in both engines). Unknown rule: ``ValueError``.
    """
    body = source(rule, "re2")
    return f"^(?:{body})$" if anchored else body


def engine_pattern(
    rule: RuleName, compile_it: Callable[[str], object], refusals: tuple[type[Exception], ...]
) -> str | None:
    """The anchored :func:`re2_pattern` of ``rule`` if an engine compiles it (if
    ``compile_it`` raises none of its ``refusals``), else None: the verdicts then come
    from Python's ``re``."""
    anchored = re2_pattern(rule)
    try:
        compile_it(anchored)
    except refusals:
        return None
    return anchored
