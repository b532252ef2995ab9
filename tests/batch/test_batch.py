"""urikit.batch: a column's verdicts and problems are those of urikit.is_valid and
urikit.validate row by row (RFC 3986 Appendix A), whatever the column's kind."""

from __future__ import annotations

from typing import Any, cast

import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests import corpus
from urikit import Policy, batch

VALID = [
    "http://example.com/a/b?q#f",  # RFC 3
    "urn:example:animal:ferret:nose",  # RFC 3
    "../g;x?y#s",  # RFC 5.4.1
    "",  # path-empty: a relative-ref (RFC 4.2)
    "//[2001:db8::7]/c",  # IP-literal (RFC 3.2.2)
]
INVALID = [
    "http://exa mple.com/",  # space in the host (RFC 3.2.2)
    "http://h:8o/",  # port is digits (RFC 3.2.3)
    "http://h/%zz",  # pct-encoded needs two HEXDIG (RFC 2.1)
]
TEXTS = [*VALID, None, *INVALID]


def _located(text: str, rule: urikit.RuleName = "URI-reference") -> dict[str, object]:
    try:
        urikit.validate(text, rule)
    except urikit.InvalidURIError as error:
        return {
            "code": "syntax",
            "position": error.position,
            "rule": error.rule,
            "component": error.component,
            "reason": error.reason,
            "message": error.message,
        }
    raise AssertionError(f"{text!r} is valid")


def _rows(column: object) -> list[Any]:
    """The rows of a list, an Arrow column or a pandas Series (stubs type neither's)."""
    rows: Any = column
    if isinstance(column, list):
        return cast("list[Any]", rows)
    listed: list[Any] = (
        rows.to_pylist() if isinstance(column, pa.Array | pa.ChunkedArray) else rows.tolist()
    )
    return listed


EXPECTED_VALID = [None if t is None else urikit.is_valid(t) for t in TEXTS]
EXPECTED_PROBLEMS = [None if t is None or urikit.is_valid(t) else _located(t) for t in TEXTS]


def test_list_in_list_out() -> None:
    assert batch.is_valid(TEXTS) == EXPECTED_VALID
    assert batch.problems(TEXTS) == EXPECTED_PROBLEMS


def test_the_record_names_position_rule_and_reason() -> None:
    found = batch.problems(["http://exa mple.com/"])[0]  # a space in a reg-name (RFC 3.2.2)
    assert found is not None
    assert (found["position"], found["rule"], found["component"]) == (10, "reg-name", "host")
    assert str(found["message"]).startswith("invalid character ' ' at position 10 in host")


@pytest.mark.parametrize("rule", ["URI", "absolute-URI", "relative-ref", "host", "IRI"])
def test_rule_is_used(rule: urikit.RuleName) -> None:
    texts = ["http://a/b#f", "../g", "a.example", "http://é.example/", "x y"]
    expected = [urikit.is_valid(t, rule) for t in texts]
    assert batch.is_valid(texts, rule) == expected
    assert batch.is_valid(pa.array(texts), rule).to_pylist() == expected
    assert batch.is_valid(pl.Series(texts), rule).to_list() == expected
    found = batch.problems(texts, rule)
    assert [r is None for r in found] == expected
    assert all(r["rule"] for r in found if r is not None)


def test_arrow_array_and_chunked_array() -> None:
    array = pa.array(TEXTS, pa.string())
    assert _rows(batch.is_valid(array)) == EXPECTED_VALID
    assert _rows(batch.problems(array)) == EXPECTED_PROBLEMS
    chunked = pa.chunked_array([array, pa.array(TEXTS, pa.string())])
    verdicts = batch.is_valid(chunked)
    assert isinstance(verdicts, pa.ChunkedArray) and verdicts.num_chunks == 2
    assert verdicts.to_pylist() == EXPECTED_VALID * 2
    assert _rows(batch.problems(chunked)) == EXPECTED_PROBLEMS * 2


@pytest.mark.parametrize(
    "kind", ["large_string", "string_view", "dictionary"], ids=["large", "view", "dictionary"]
)
def test_arrow_string_kinds(kind: str) -> None:
    strings: Any = pa.array(TEXTS, pa.string())
    if kind == "large_string":
        converted = strings.cast(pa.large_string())
    elif kind == "string_view":
        converted = strings.cast(pa.string_view())
    else:
        converted = strings.dictionary_encode()
    array = cast("pa.Array[pa.Scalar[pa.DataType]]", converted)
    assert _rows(batch.is_valid(array)) == EXPECTED_VALID
    assert _rows(batch.problems(array)) == EXPECTED_PROBLEMS


def test_polars_series_keeps_its_name() -> None:
    series = pl.Series("url", TEXTS)
    verdicts = batch.is_valid(series)
    assert verdicts.name == "url" and verdicts.dtype == pl.Boolean
    assert verdicts.to_list() == EXPECTED_VALID
    found = batch.problems(series)
    assert found.name == "url" and isinstance(found.dtype, pl.Struct)
    assert found.to_list() == EXPECTED_PROBLEMS


def test_pandas_series_keeps_index_and_name() -> None:
    series = pd.Series(TEXTS, index=range(10, 10 + len(TEXTS)), name="url", dtype=object)
    verdicts = batch.is_valid(series)
    assert list(verdicts.index) == list(series.index) and verdicts.name == "url"
    assert str(verdicts.dtype) == "boolean"
    assert [None if v is pd.NA else v for v in _rows(verdicts)] == EXPECTED_VALID
    found = batch.problems(series)
    assert list(found.index) == list(series.index)
    assert [None if r is pd.NA else r for r in _rows(found)] == EXPECTED_PROBLEMS
    assert _rows(found)[-1]["rule"] == "pct-encoded"


def test_pandas_missing_values_and_arrow_backed_series() -> None:
    series = pd.Series(["http://a/b", float("nan"), pd.NA, "a b"], dtype=object)
    assert batch.is_valid(series).tolist() == [True, pd.NA, pd.NA, False]
    arrow_backed = pd.Series(["http://a/b", None, "a b"], dtype="string[pyarrow]")
    assert batch.is_valid(arrow_backed).tolist() == [True, pd.NA, False]


def test_lone_surrogate_is_checked_not_crashed_on() -> None:
    # No UTF-8 form (RFC 2.5, 3987 3.1): Arrow cannot hold it; the list and pandas paths
    # check it with Python's re and reject it with its position.
    texts = ["http://h/\ud800", "http://h/"]
    assert batch.is_valid(texts) == [False, True]
    series = pd.Series(texts, dtype=object)
    assert batch.is_valid(series).tolist() == [False, True]
    found = _rows(batch.problems(series))
    assert found[0]["position"] == 9 and found[1] is pd.NA


def test_policy_adds_its_problems() -> None:
    policy = Policy(schemes={"https"}, allow_userinfo=False)
    texts = ["https://example.com/", "ftp://example.com/", "https://u@h/", "a b", None]
    found = batch.problems(texts, policy=policy)
    assert found[0] is None and found[4] is None
    assert found[1] is not None and found[1]["code"] == "scheme-not-allowed"
    assert found[2] is not None and found[2]["code"] == "userinfo-forbidden"
    assert found[3] is not None and found[3]["code"] == "syntax"
    assert _rows(batch.problems(pa.array(texts), policy=policy)) == found
    assert batch.problems(pl.Series(texts), policy=policy).to_list() == found
    assert [policy.problems(t)[0].message for t in texts[1:4] if t] == [
        r["message"] for r in found[1:4] if r
    ]


def test_policy_columns_agree_with_the_list_on_the_corpus() -> None:
    """A column skips the rows its rule and the policy accept; every other row gets the
    record the list gives, the policy's first problem (RFC 3986 Appendix A, 3, 7.4)."""
    policy = Policy(
        schemes={"http", "https"},
        allow_internal_host=False,
        allow_userinfo=False,
        allow_ip_host=False,
        max_length=200,
    )
    lines: list[str | None] = [*corpus.urls()[:3000], None, "http://localhost/"]
    found = batch.problems(lines, policy=policy)
    assert found[-2] is None and found[-1] is not None
    assert _rows(batch.problems(pa.array(lines), policy=policy)) == found
    assert batch.problems(pl.Series(lines), policy=policy).to_list() == found
    for rule in ("URI", "absolute-URI"):
        assert _rows(batch.problems(pa.array(lines), rule, policy=policy)) == batch.problems(
            lines, rule, policy=policy
        )


def test_corpus_agrees_with_is_valid() -> None:
    lines = corpus.urls()[:20000]
    expected = [urikit.is_valid(line) for line in lines]
    assert batch.is_valid(lines) == expected
    assert batch.is_valid(pa.array(lines)).to_pylist() == expected
    assert batch.is_valid(pl.Series(lines)).to_list() == expected
    found = _rows(batch.problems(pa.array(lines)))
    assert [r is None for r in found] == expected


def test_wrong_input_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match="item 1 must be a str, not int"):
        batch.is_valid(["http://a/", 3])  # type: ignore[list-item]  # pyright: ignore[reportCallIssue, reportArgumentType]
    with pytest.raises(TypeError, match=r"for one text use urikit\.is_valid"):
        batch.is_valid("http://a/")
    with pytest.raises(TypeError, match="item 1 must be a str, not bytes"):
        batch.is_valid(pd.Series(["a", b"b"], dtype=object))  # pyright: ignore[reportCallIssue, reportArgumentType]
    with pytest.raises(TypeError, match="strings"):
        batch.is_valid(pa.array([1, 2]))
    with pytest.raises(TypeError, match="strings"):
        batch.is_valid(pl.Series([1, 2]))
    with pytest.raises(ValueError):
        batch.is_valid(["a"], "URL")  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType]


def test_empty_columns() -> None:
    assert batch.is_valid([]) == []
    assert batch.problems([]) == []
    assert batch.is_valid(pa.array([], pa.string())).to_pylist() == []
    assert batch.is_valid(pl.Series([], dtype=pl.String)).to_list() == []
    assert batch.is_valid(pa.chunked_array([], pa.string())).to_pylist() == []


_TEXTS = st.lists(
    st.none()
    | st.text(alphabet=st.sampled_from(list("aZ09:/?#[]@!$&'()*+,;=%-._~ \né\U0001f600")))
    | st.sampled_from(corpus.urls()[:500]),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(texts=_TEXTS, rule=st.sampled_from(["URI-reference", "URI", "IRI", "host", "path"]))
def test_every_kind_agrees_row_by_row(texts: list[str | None], rule: urikit.RuleName) -> None:
    """The invariant: row i of any column kind is urikit.is_valid / validate of row i."""
    expected = [None if t is None else urikit.is_valid(t, rule) for t in texts]
    assert batch.is_valid(texts, rule) == expected
    assert _rows(batch.is_valid(pa.array(texts, pa.string()), rule)) == expected
    assert batch.is_valid(pl.Series(texts, dtype=pl.String), rule).to_list() == expected
    series = pd.Series(texts, dtype=object)
    assert [None if v is pd.NA else v for v in _rows(batch.is_valid(series, rule))] == expected
    found = batch.problems(texts, rule)
    assert [None if r is None else r["position"] for r in found] == [
        None if t is None or ok else _located(t, rule)["position"]
        for t, ok in zip(texts, expected, strict=True)
    ]
    assert _rows(batch.problems(pa.array(texts, pa.string()), rule)) == found


def test_no_password_in_a_record() -> None:
    """RFC 7.5: the record says what the error says, the password never shown."""
    texts = ["http://user:pa ss@h/", "http://user:secret@ho st/"]
    expected = [_located(text) for text in texts]
    for found in (_rows(batch.problems(texts)), _rows(batch.problems(pa.array(texts)))):
        assert all("pa ss" not in str(r) and "secret" not in str(r) for r in found)
        assert found == expected
