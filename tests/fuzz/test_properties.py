"""Property-based fuzzing in bounded time: invariants that must hold for *any* input.

- Bad input never crashes: ``parse`` raises only :class:`InvalidURIError` on any ``str``
  and ``TypeError`` (naming ``str``) on anything else.
- Validation and parsing agree (RFC 4.1: a URI-reference is a URI or a relative-ref).
- The builder's output is always a valid URI (RFC 2.1, 2.4: it encodes exactly once).
- Resolution and relativization invert each other (RFC 5.2); normalization (RFC 6.2.2,
  6.2.3) is idempotent and keeps references valid.

Examples are modest (about 300 per property, no deadline) so the file runs in seconds;
``fuzz/fuzz_parse.py`` is the long-running entry point.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import urikit
from urikit import URI, Builder, InvalidURIError, RelativeReference, URIBuildError
from urikit._core.reachable import DNS_SCHEMES

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- strategies --------------------------------------------------------------------------

# Characters that matter to the grammar, plus a few that never belong (RFC 2).
URIISH = "aZ09-._~!$&'()*+,;=:@/?#[]%vV \x00\n\té\U0001f600"
_pct = st.sampled_from(["%41", "%2f", "%2F", "%7E", "%7e", "%C3%A9", "%25", "%00", "%2E"])
_pchar = st.sampled_from(list("abcXYZ019-._~!$&'()*+,;=:@")) | _pct
_segment = st.lists(_pchar, max_size=5).map("".join) | st.sampled_from([".", "..", ""])
_path_abempty = st.lists(_segment, max_size=5).map(lambda segs: "".join("/" + s for s in segs))
_host = st.sampled_from(
    ["a", "Example.COM", "127.0.0.1", "[::1]", "[2001:DB8::7]", "[v1.x]", "", "h%41", "x.y"]
)
_port = st.sampled_from(["", ":", ":80", ":8080", ":443", ":021"])
_userinfo = st.sampled_from(["", "u@", "u:p@", "%41@"])
_query = st.none() | st.lists(_pchar | st.sampled_from("/?"), max_size=5).map("".join)
_scheme = st.sampled_from(["http", "HTTPS", "ftp", "urn", "a+b.c-d", "file"])


def _tail(query: str | None, fragment: str | None) -> str:
    return ("" if query is None else "?" + query) + ("" if fragment is None else "#" + fragment)


def _absolute(s: str, u: str, h: str, p: str, path: str, q: str | None, f: str | None) -> str:
    return f"{s}://{u}{h}{p}{path}{_tail(q, f)}"


def _relative_text(head: str, segs: list[str], q: str | None, f: str | None) -> str:
    return head + "/".join(segs) + _tail(q, f)


_uri = st.builds(
    _absolute,
    _scheme,
    _userinfo,
    _host,
    _port,
    _path_abempty,
    _query,
    _query,
)
_relative = st.builds(
    _relative_text,
    st.sampled_from(["", "/", "//a/", "//[::1]:8/", "./"]),
    st.lists(_segment, max_size=4),
    _query,
    _query,
)
_reference = _uri | _relative | st.text(URIISH, max_size=30)


# -- parse never crashes -----------------------------------------------------------------


def _parse_or_invalid(text: str) -> None:
    try:
        urikit.parse(text)
    except InvalidURIError as error:
        assert 0 <= error.position <= len(error.text)
        assert error.text == text or (":" in text and "***" in error.text)  # RFC 7.5


@FAST
@given(st.text())
def test_parse_raises_only_invalid_uri_error_on_any_text(text: str) -> None:
    _parse_or_invalid(text)


@FAST
@given(st.text(URIISH, max_size=60))
def test_parse_raises_only_invalid_uri_error_on_uri_like_text(text: str) -> None:
    _parse_or_invalid(text)


@pytest.mark.parametrize("value", [b"http://a/", bytearray(b"x"), None, 42, 1.5, ["a"]])
@pytest.mark.parametrize("name", ["parse", "is_valid", "validate"])
def test_non_str_input_raises_type_error_naming_str(name: str, value: object) -> None:
    func: Any = getattr(urikit, name)
    with pytest.raises(TypeError, match="str") as caught:
        func(value)
    assert type(value).__name__ in str(caught.value)


# -- validation and parsing agree (RFC 4.1) -------------------------------------------


@FAST
@given(_reference)
def test_parse_succeeds_iff_is_valid(text: str) -> None:
    valid = urikit.is_valid(text, "URI-reference")
    try:
        ref = urikit.parse(text)
    except InvalidURIError:
        assert not valid
    else:
        assert valid
        assert str(ref) == text  # RFC 5.3 recomposition is exact
        assert isinstance(ref, URI) == urikit.is_valid(text, "URI")
        assert isinstance(ref, RelativeReference) == urikit.is_valid(text, "relative-ref")


@FAST
@given(_reference, st.sampled_from(["URI-reference", "URI", "relative-ref", "absolute-URI"]))
def test_validate_raises_iff_not_is_valid(text: str, rule: urikit.RuleName) -> None:
    try:
        urikit.validate(text, rule)
    except InvalidURIError as error:
        assert not urikit.is_valid(text, rule)
        assert 0 <= error.position <= len(error.text)  # counted in the text shown (RFC 7.5)
    else:
        assert urikit.is_valid(text, rule)


# -- the builder's output is always valid (RFC 2.1, 2.4) -------------------------------

_data = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)  # no lone surrogates
# Data segments: "." and ".." are refused, since no spelling of them is data (RFC 6.2.2).
_data_segment = _data.filter(lambda s: s not in (".", ".."))


@FAST
@given(
    st.from_regex(r"[A-Za-z][A-Za-z0-9+.\-]{0,6}", fullmatch=True),
    _data,
    st.lists(_data_segment, max_size=4),
    st.none() | _data,
    st.none() | _data,
)
def test_builder_output_is_always_a_valid_uri(
    scheme: str, host: str, segments: list[str], query: str | None, fragment: str | None
) -> None:
    try:
        built = (
            Builder().scheme(scheme).host(host).segments(segments).query(query).fragment(fragment)
        ).build()
    except URIBuildError as error:
        # A scheme whose hosts DNS looks up (http, ws, ...) refuses a host DNS cannot
        # carry (RFC 1123 2.1): the one refusal the Builder may make here.
        assert scheme.lower() in DNS_SCHEMES and error.code == "host-not-dns"
        return
    text = str(built)
    assert urikit.is_valid(text, "URI")
    assert URI.parse(text) == built


# -- resolution, relativization and normalization laws ----------------------------------


@FAST
@given(_uri, _reference)
def test_resolve_of_relativize_is_the_target(base: str, ref: str) -> None:
    # RFC 5.2: any resolution target can be reached again from the same base.
    assume(urikit.is_valid(base, "URI") and urikit.is_valid(ref))
    target = urikit.resolve(base, ref)
    shortcut = urikit.relativize(base, target)
    assert urikit.resolve(base, shortcut) == target


@FAST
@given(_uri, _uri)
def test_relativize_round_trips_or_refuses_dot_segments(base: str, target: str) -> None:
    assume(urikit.is_valid(base, "URI") and urikit.is_valid(target, "URI"))
    goal = URI.parse(target)
    try:
        shortcut = urikit.relativize(base, goal)
    except ValueError:
        # Documented: a path with dot segments is no resolution result (RFC 5.2.4).
        assert urikit.remove_dot_segments(goal.path) != goal.path
    else:
        assert urikit.resolve(base, shortcut) == goal


@FAST
@given(_reference)
def test_normalize_is_idempotent_and_keeps_validity(text: str) -> None:
    assume(urikit.is_valid(text))
    once = urikit.normalize(text)
    assert urikit.is_valid(once)
    assert urikit.normalize(once) == once
    assert urikit.equivalent(text, once)
