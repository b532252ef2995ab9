"""urikit.integrations.polars: the ``uri`` namespace on expressions and Series.

Typed code spells it ``URIExpr(expr)`` / ``URISeries(series)``; importing the module
registers the same classes as ``expr.uri`` and ``series.uri``.
"""

from __future__ import annotations

import polars as pl
import pytest

import urikit
from urikit import batch
from urikit.integrations.polars import URIExpr, URISeries

TEXTS = ["http://u@[::1]:80/p?q#f", "urn:isbn:0451450523", "http://exa mple.com/", None, "../g"]
NAMESPACE = "uri"


def test_importing_registers_the_namespace() -> None:
    assert isinstance(getattr(pl.col("url"), NAMESPACE), URIExpr)
    assert isinstance(getattr(pl.Series(TEXTS), NAMESPACE), URISeries)


def test_is_valid_runs_in_a_lazy_query() -> None:
    frame = pl.LazyFrame({"url": TEXTS})
    out = frame.select(ok=URIExpr(pl.col("url")).is_valid()).collect()
    assert out["ok"].to_list() == [True, True, False, None, True]
    # "../g" is a relative-ref, not a URI (RFC 4.1, 4.3)
    uri = frame.select(URIExpr(pl.col("url")).is_valid("URI")).collect().to_series()
    assert uri.to_list() == [True, True, False, None, False]


def test_problems_in_with_columns() -> None:
    frame = pl.DataFrame({"url": TEXTS})
    out = frame.with_columns(why=URIExpr(pl.col("url")).problems()).unnest("why")
    assert out["rule"].to_list() == [None, None, "reg-name", None, None]
    assert out["position"].to_list()[2] == 10  # the space (RFC 3.2.2)


def test_parse_gives_the_seven_components_as_written() -> None:
    # RFC 3: scheme, authority (userinfo, host, port), path, query, fragment.
    parsed = URISeries(pl.Series("url", TEXTS)).parse().to_list()
    assert parsed[0] == {
        "scheme": "http",
        "userinfo": "u",
        "host": "[::1]",
        "port": "80",
        "path": "/p",
        "query": "q",
        "fragment": "f",
    }
    assert parsed[2:4] == [None, None]
    assert parsed[1]["path"] == urikit.parse("urn:isbn:0451450523").path


def test_host_expression_and_series() -> None:
    frame = pl.DataFrame({"url": TEXTS})
    hosts = frame.select(URIExpr(pl.col("url")).host()).to_series().to_list()
    assert hosts == ["[::1]", None, None, None, None]  # urn: and ../g have no authority
    assert URISeries(pl.Series(TEXTS)).host().to_list() == hosts


def test_series_namespace_matches_batch() -> None:
    series = URISeries(pl.Series("url", TEXTS))
    assert series.is_valid().to_list() == batch.is_valid(TEXTS)
    assert series.problems().to_list() == batch.problems(TEXTS)


def test_unknown_rule_fails_when_the_expression_is_made() -> None:
    with pytest.raises(ValueError):
        URIExpr(pl.col("url")).is_valid("URL")  # type: ignore[arg-type]
