"""Query parameter edits (RFC 3986 3.4 gives the query no pairs, forms do).

Untouched parameters stay byte for byte as written; new names and values are encoded with
the Builder's tables; ``+`` is data unless ``plus_as_space=True``.
"""

from __future__ import annotations

import pytest

from urikit import URI, Builder, InvalidURIError, RelativeReference, parse


def test_with_query_param_replaces_in_place_and_keeps_the_others_as_written() -> None:
    uri = URI.parse("https://h/p?b=%7e&a=1&c=x+y&a=2#f")
    edited = uri.with_query_param("a", "new")
    # the first "a" takes the new value where it stood; the second "a" goes
    assert str(edited) == "https://h/p?b=%7e&a=new&c=x+y#f"


def test_with_query_param_appends_a_missing_name() -> None:
    assert str(URI.parse("http://h?x=1").with_query_param("y", "2")) == "http://h?x=1&y=2"
    assert str(URI.parse("http://h").with_query_param("y", "2")) == "http://h?y=2"
    # an empty query has no parameter: no empty item is kept in front
    assert str(URI.parse("http://h?").with_query_param("y", "2")) == "http://h?y=2"


def test_new_names_and_values_are_encoded_like_builder_query_params() -> None:
    name, value = "a&b=c+d#e f%", "1&2=3+4#5 6%é"
    built = Builder().scheme("s").host("h").query_params([(name, value)]).build()
    edited = URI.parse("s://h").with_query_param(name, value)
    assert edited == built
    assert edited.query == "a%26b%3Dc%2Bd%23e%20f%25=1%262%3D3%2B4%235%206%25%C3%A9"
    assert edited.decoded_query_pairs() == [(name, value)]


def test_none_writes_the_name_alone() -> None:
    assert str(URI.parse("http://h?a=1").with_query_param("flag", None)) == "http://h?a=1&flag"
    assert str(URI.parse("http://h").add_query_param("flag", None)) == "http://h?flag"
    assert str(URI.parse("http://h?flag=1").with_query_param("flag", None)) == "http://h?flag"
    assert Builder().scheme("s").host("h").query_params({"a": None, "b": "1"}).build().query == (
        "a&b=1"
    )


def test_an_empty_name_without_a_value_is_refused() -> None:
    # it would write an empty item, which reads as no parameter at all
    with pytest.raises(ValueError, match="name or a value"):
        URI.parse("http://h").add_query_param("", None)
    with pytest.raises(ValueError, match="name or a value"):
        Builder().query_params([("", None)])
    assert str(URI.parse("http://h").add_query_param("", "")) == "http://h?="


def test_plus_is_data_by_default() -> None:
    uri = URI.parse("http://h?a+b=1&a%20b=2&a%2Bb=3")
    # "a+b" names the parameters written a+b and a%2Bb, not a%20b
    assert str(uri.with_query_param("a+b", "x")) == "http://h?a%2Bb=x&a%20b=2"
    assert str(uri.without_query_param("a b")) == "http://h?a+b=1&a%2Bb=3"
    # a space is written %20, which reads as a space with either reading
    assert str(URI.parse("http://h").add_query_param("q", "x y")) == "http://h?q=x%20y"


def test_plus_as_space_reads_and_writes_form_style() -> None:
    uri = URI.parse("http://h?a+b=1&a%20b=2&a%2Bb=3")
    edited = uri.with_query_param("a b", "c d+e", plus_as_space=True)
    # a+b and a%20b are both "a b" in a form; a%2Bb is "a+b"
    assert str(edited) == "http://h?a+b=c+d%2Be&a%2Bb=3"
    assert edited.decoded_query_pairs(plus_as_space=True) == [("a b", "c d+e"), ("a+b", "3")]
    assert str(uri.without_query_param("a b", plus_as_space=True)) == "http://h?a%2Bb=3"


def test_add_query_param_appends_even_when_the_name_exists() -> None:
    uri = RelativeReference.parse("p?a=1#f")
    assert str(uri.add_query_param("a", "2")) == "p?a=1&a=2#f"


def test_without_query_param_drops_every_one_and_the_empty_query() -> None:
    assert str(URI.parse("http://h?a=1&b&a=2").without_query_param("a")) == "http://h?b"
    assert str(URI.parse("http://h?a=1&a#f").without_query_param("a")) == "http://h#f"


def test_empty_items_stay_between_parameters_and_go_with_the_last() -> None:
    assert str(URI.parse("http://h?a=1&&b=2").without_query_param("b")) == "http://h?a=1&"
    assert str(URI.parse("http://h?a=1&&b=2").with_query_param("b", "3")) == "http://h?a=1&&b=3"
    assert str(RelativeReference.parse("?a=1&").without_query_param("a")) == ""


def test_without_a_missing_name_changes_nothing() -> None:
    for text in ("http://h", "http://h?", "http://h?a=1&&b", "?%FF=1"):
        ref = parse(text)
        assert ref.without_query_param("x") == ref


def test_names_match_by_their_octets_whatever_the_spelling() -> None:
    # RFC 2.1: %7E and %7e and ~ are the same octet; é is matched as UTF-8
    uri = URI.parse("http://h?%7E=1&%7e=2&~=3&%C3%A9=4&other=5")
    assert str(uri.without_query_param("~")) == "http://h?%C3%A9=4&other=5"
    assert str(uri.with_query_param("é", "x")) == "http://h?%7E=1&%7e=2&~=3&%C3%A9=x&other=5"


def test_parameters_that_are_not_utf8_are_kept_not_refused() -> None:
    # a valid query may hold octets that are not UTF-8 (RFC 2.5 does not require it)
    ref = parse("/p?%FF=1&a=2&%FE")
    assert str(ref.with_query_param("a", "3")) == "/p?%FF=1&a=3&%FE"


def test_with_query_params_sets_each_name_and_appends_new_ones() -> None:
    uri = URI.parse("http://h?a=1&b=2&a=3&c=4")
    edited = uri.with_query_params({"a": "x", "d": None, "c": "y"})
    assert str(edited) == "http://h?a=x&b=2&c=y&d"


def test_with_query_params_repeated_names_set_all_values_in_order() -> None:
    uri = URI.parse("http://h?b=0&a=1&a=2&a=3")
    edited = uri.with_query_params([("a", "x"), ("z", "1"), ("a", "y")])
    assert str(edited) == "http://h?b=0&a=x&a=y&z=1"


def test_with_query_params_on_no_query_is_builder_query_params() -> None:
    params = [("k", "v w"), ("k", "&"), ("f", None)]
    uri = URI.parse("http://h/p#f")
    assert uri.with_query_params(params) == Builder.from_reference(uri).query_params(params).build()


def test_with_query_params_refuses_a_string() -> None:
    with pytest.raises(TypeError):
        URI.parse("http://h").with_query_params("a=1")  # type: ignore[arg-type]


def test_bad_data_is_refused_with_the_documented_errors() -> None:
    uri = URI.parse("http://h")
    with pytest.raises(InvalidURIError) as info:
        uri.with_query_param("a", "x\ud800")  # a lone surrogate has no UTF-8 form (2.5)
    assert info.value.position == 1
    with pytest.raises(TypeError):
        uri.with_query_param("a", 1)  # type: ignore[arg-type]


def test_other_components_are_untouched() -> None:
    uri = URI.parse("HTTP://u:p@H%41:080/a/%7e/..?x=1#frag%20")
    edited = uri.with_query_param("y", "2")
    assert (edited.scheme, edited.userinfo, edited.host, edited.port, edited.path) == (
        "HTTP",
        "u:p",
        "H%41",
        "080",
        "/a/%7e/..",
    )
    assert edited.fragment == "frag%20"


def test_query_params_write_ints_and_repeat_a_key_for_each_value_of_a_list() -> None:
    """RFC 3986 3.4 leaves the query's form to its reader: as HTML forms (and yarl,
    urllib.parse.urlencode(doseq=True)) write them, a list repeats its key."""
    https = Builder().scheme("https").host("example.com")
    built = https.query_params({"tag": ["a", "b"], "n": 3, "flag": None, "t": ("x y",)})
    assert str(built.build()) == "https://example.com?tag=a&tag=b&n=3&flag&t=x%20y"
    assert str(https.query_params([("n", 0), ("tag", [])]).build()) == "https://example.com?n=0"
    assert built.build().decoded_query_pairs() == [
        ("tag", "a"),
        ("tag", "b"),
        ("n", "3"),
        ("flag", ""),
        ("t", "x y"),
    ]
    params: dict[str, list[str] | int] = {"tag": ["a", "b"], "n": 7}
    edited = URI.parse("https://h/?tag=z&x=1").with_query_params(params)
    assert str(edited) == "https://h/?tag=a&tag=b&x=1&n=7"


@pytest.mark.parametrize("value", [True, False, 1.5, b"a", [["a"]], {"a": 1}])
def test_a_query_value_of_another_type_says_what_to_pass(value: object) -> None:
    with pytest.raises(TypeError, match=r"pass a str, an int, None .* or a list of them"):
        Builder().scheme("https").host("h").query_params({"k": value})  # type: ignore[arg-type]
