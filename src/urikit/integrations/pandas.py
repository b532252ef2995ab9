"""A ``uri`` accessor on pandas Series (``urikit[pandas]``).

Importing this module registers it::

    import pandas as pd
    import urikit.integrations.pandas  # noqa: F401  (registers .uri)

    df["ok"] = df["url"].uri.is_valid()        # boolean dtype; missing stays <NA>
    df["why"] = df["url"].uri.problems()       # Arrow struct: .struct.field("reason")
    df["host"] = df["url"].uri.host()          # as written (RFC 3.2.2)
    parts = df["url"].uri.parse()              # Arrow struct of the seven components

The Series goes through Arrow (no copy when it is Arrow-backed) and is checked by
:mod:`urikit.batch`; each result keeps the Series' index and name. Type checkers do not
see the accessor: typed code writes ``URIAccessor(series).is_valid()``.
"""

from __future__ import annotations

import pandas as pd

from urikit._syntax.names import RuleName
from urikit.batch import _pandas
from urikit.batch._re2 import re2_pattern

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.policy import Policy

__all__ = ["URIAccessor"]


@pd.api.extensions.register_series_accessor("uri")
class URIAccessor:
    """``series.uri``: URI verbs on a Series of strings."""

    def __init__(self, series: pd.Series[str]) -> None:
        self._series = series

    def is_valid(self, rule: RuleName = "URI-reference") -> pd.Series[bool]:
        """Whether each text matches ``rule`` exactly (RFC 3986 Appendix A)."""
        re2_pattern(rule)
        return _pandas.is_valid(self._series, rule)

    def problems(
        self, rule: RuleName = "URI-reference", *, policy: Policy | None = None
    ) -> pd.Series[pd.ArrowDtype]:
        """The first problem of each text (``<NA>`` when there is none), as
        :func:`urikit.batch.problems` gives it."""
        re2_pattern(rule)
        return _pandas.problems(self._series, rule, policy)

    def parse(self) -> pd.Series[pd.ArrowDtype]:
        """The seven components of each URI-reference as written (RFC 3: scheme,
        userinfo, host, port, path, query, fragment), ``<NA>`` for other texts."""
        return _pandas.parse(self._series)

    def host(self) -> pd.Series[str]:
        """The host of each URI-reference as written (RFC 3.2.2; brackets kept for an
        IP-literal), ``<NA>`` without an authority or for other texts."""
        return _pandas.host(self._series)
