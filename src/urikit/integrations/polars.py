"""A ``uri`` namespace on Polars expressions and Series (``urikit[polars]``).

Importing this module registers it::

    import polars as pl
    import urikit.integrations.polars  # noqa: F401  (registers .uri)

    df.with_columns(
        ok=pl.col("url").uri.is_valid(),          # Boolean; null stays null
        why=pl.col("url").uri.problems(),         # Struct of (code, position, rule, ...)
        host=pl.col("url").uri.host(),            # String, as written (RFC 3.2.2)
    )
    df["url"].uri.parse()                         # Struct of the seven components

``is_valid`` runs in Polars' own regex engine (the grammar rendered by
:func:`urikit.batch.re2_pattern`), without Python per row, lazily and in streaming
queries; the other verbs call urikit once per batch. Type checkers do not see names
that Polars adds at run time: typed code writes ``URIExpr(pl.col("url")).is_valid()``.
"""

from __future__ import annotations

from functools import partial

import polars as pl

from urikit._syntax.names import RuleName
from urikit.batch import _polars
from urikit.batch._re2 import re2_pattern

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.policy import Policy

__all__ = ["URIExpr", "URISeries"]


@pl.api.register_expr_namespace("uri")
class URIExpr:
    """``expr.uri``: URI verbs on an expression of strings."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def is_valid(self, rule: RuleName = "URI-reference") -> pl.Expr:
        """Whether each text matches ``rule`` exactly (RFC 3986 Appendix A)."""
        re2_pattern(rule)  # an unknown rule fails here, not when the query runs
        pattern = _polars.pattern(rule)
        if pattern is not None:
            return self._expr.str.contains(pattern)
        verdicts = partial(_polars.is_valid, rule=rule)
        return self._expr.map_batches(verdicts, pl.Boolean, is_elementwise=True)

    def problems(
        self, rule: RuleName = "URI-reference", *, policy: Policy | None = None
    ) -> pl.Expr:
        """The first problem of each text (null when there is none), as
        :func:`urikit.batch.problems` gives it."""
        re2_pattern(rule)  # an unknown rule fails here, not when the query runs
        found = partial(_polars.problems, rule=rule, policy=policy)
        return self._expr.map_batches(found, _polars.STRUCT, is_elementwise=True)

    def parse(self) -> pl.Expr:
        """The seven components of each URI-reference as written (RFC 3: scheme,
        userinfo, host, port, path, query, fragment), null for other texts."""
        return self._expr.map_batches(_polars.parse, _polars.PARTS, is_elementwise=True)

    def host(self) -> pl.Expr:
        """The host of each URI-reference as written (RFC 3.2.2; brackets kept for an
        IP-literal), null without an authority or for other texts."""
        return self.parse().struct.field("host")


@pl.api.register_series_namespace("uri")
class URISeries:
    """``series.uri``: the same verbs on a Series of strings, computed at once."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def is_valid(self, rule: RuleName = "URI-reference") -> pl.Series:
        """Whether each text matches ``rule`` exactly (RFC 3986 Appendix A)."""
        re2_pattern(rule)
        return _polars.is_valid(self._series, rule)

    def problems(
        self, rule: RuleName = "URI-reference", *, policy: Policy | None = None
    ) -> pl.Series:
        """The first problem of each text (null when there is none)."""
        re2_pattern(rule)
        return _polars.problems(self._series, rule, policy)

    def parse(self) -> pl.Series:
        """The seven components of each URI-reference as written, null for other texts."""
        return _polars.parse(self._series)

    def host(self) -> pl.Series:
        """The host of each URI-reference as written (RFC 3.2.2), else null."""
        return _polars.parse(self._series).struct.field("host")
