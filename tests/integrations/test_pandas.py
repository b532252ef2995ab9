"""urikit.integrations.pandas: the ``uri`` accessor on Series (typed code spells it
``URIAccessor(series)``; importing the module registers it as ``series.uri``)."""

from __future__ import annotations

from typing import Any, cast

import pandas as pd

import urikit
from urikit.integrations.pandas import URIAccessor

TEXTS = ["http://u@[::1]:80/p?q#f", "urn:isbn:0451450523", "http://exa mple.com/", None, "../g"]
NAMESPACE = "uri"


def _series() -> URIAccessor:
    return URIAccessor(pd.Series(TEXTS, index=list("abcde"), name="url", dtype=object))


def test_importing_registers_the_accessor() -> None:
    assert isinstance(getattr(pd.Series(TEXTS), NAMESPACE), URIAccessor)


def test_is_valid() -> None:
    ok = _series().is_valid()
    assert ok.tolist() == [True, True, False, pd.NA, True]
    assert list(ok.index) == list("abcde") and ok.name == "url"
    assert _series().is_valid("URI").tolist()[4] is False  # a relative-ref (RFC 4.2)


def test_problems() -> None:
    why: list[Any] = cast(Any, _series().problems()).tolist()
    assert why[0] is pd.NA
    record: dict[str, object] = why[2]
    assert (record["rule"], record["position"]) == ("reg-name", 10)  # the space (RFC 3.2.2)


def test_parse_and_host() -> None:
    parts: list[dict[str, str]] = cast(Any, _series().parse()).tolist()
    assert [p["scheme"] for p in parts[:2]] == ["http", "urn"]
    assert parts[1]["path"] == urikit.parse("urn:isbn:0451450523").path
    hosts = _series().host()
    assert hosts.tolist() == ["[::1]", pd.NA, pd.NA, pd.NA, pd.NA]
    assert list(hosts.index) == list("abcde") and hosts.name == "url"


def test_in_a_data_frame() -> None:
    frame = pd.DataFrame({"url": TEXTS})
    frame["ok"] = URIAccessor(frame["url"]).is_valid()
    frame["host"] = URIAccessor(frame["url"]).host()
    assert int(frame["ok"].sum()) == 3
    assert frame["host"].tolist()[0] == "[::1]"
