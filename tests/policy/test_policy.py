"""Policy: application rules on top of RFC 3986, with messages a form can show as is."""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Collection
from typing import get_args, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit import URI, InvalidURIError, Policy, PolicyError, Problem, RelativeReference
from urikit.policy._arguments import DEFAULTS, RULES, PolicyRules, SchemeNames

HTTPS_ONLY = Policy(schemes={"https"})


def codes(policy: Policy, text: str) -> list[str]:
    return [p.code for p in policy.problems(text)]


# -- schemes (RFC 3.1: case-insensitive) ---------------------------------------------------


def test_scheme_not_allowed_message_names_the_allowed_ones() -> None:
    with pytest.raises(PolicyError) as info:
        HTTPS_ONLY.check("ftp://example.com/file")
    assert str(info.value) == "scheme 'ftp' is not allowed; use https"
    assert info.value.code == "scheme-not-allowed"
    assert info.value.position == 0
    assert info.value.component == "scheme"
    two = Policy(schemes=["https", "http"])
    assert two.problems("ftp://h")[0].message == "scheme 'ftp' is not allowed; use http or https"


@pytest.mark.parametrize("text", ["https://h/", "HTTPS://h/", "hTtPs://h/"])
def test_schemes_compare_case_insensitively_rfc_3_1(text: str) -> None:
    assert isinstance(HTTPS_ONLY.check(text), URI)
    assert isinstance(Policy(schemes={"HTTPS"}).check(text), URI)


def test_check_returns_the_parsed_value_unchanged() -> None:
    ref = HTTPS_ONLY.check("https://example.com/a/./b?q#f")
    assert ref == urikit.parse("https://example.com/a/./b?q#f")


# -- syntax errors keep RFC 3986's position and rule -----------------------------------------


def test_syntax_error_keeps_position_and_rule() -> None:
    with pytest.raises(PolicyError) as info:
        HTTPS_ONLY.check("https://exa mple.com/")
    error = info.value
    assert str(error).startswith("invalid character ' ' at position 11 in host")
    assert error.code == "syntax"
    assert error.position == 11
    assert error.component == "host"
    assert error.problem.rule == "reg-name"
    assert isinstance(error, urikit.URIError)
    assert isinstance(error, ValueError)
    assert not isinstance(error, InvalidURIError)


def test_problems_reports_every_rule_at_once() -> None:
    """A form shows every problem of a reference: scheme, length and fragment are
    independent rules."""
    policy = Policy(schemes={"https"}, allow_fragment=False, max_length=12)
    found = policy.problems("ftp://ab/#top")
    assert [p.code for p in found] == ["too-long", "scheme-not-allowed", "fragment-forbidden"]
    assert [p.position for p in found] == [12, 0, 9]
    assert all(isinstance(p, Problem) for p in found)


@pytest.mark.parametrize(
    "text", ["ftp://a b/#top", "http://[2001:db8::1/", "https://user@exa mple.com:99999/"]
)
def test_after_a_syntax_error_only_the_syntax_problem(text: str) -> None:
    """The other rules would be judged on broken text (``[2001:db8::1`` is
    no host, so it leads to no address); the RFC 3986 error is the one problem."""
    policy = Policy(
        schemes={"https"},
        allow_fragment=False,
        max_length=12,
        allow_internal_host=False,
        allow_userinfo=False,
    )
    found = policy.problems(text)
    assert [p.code for p in found] == ["syntax"]
    with pytest.raises(InvalidURIError) as syntax:
        urikit.validate(text, "URI")
    assert (found[0].position, found[0].rule) == (syntax.value.position, syntax.value.rule)


def test_accepted_text_has_no_problems() -> None:
    assert HTTPS_ONLY.problems("https://example.com/") == []
    assert HTTPS_ONLY.accepts("https://example.com/")
    assert not HTTPS_ONLY.accepts("http://example.com/")


# -- absolute / relative / any (RFC 4.1, 4.2, 4.3) ------------------------------------------


def test_require_absolute_is_the_default() -> None:
    with pytest.raises(PolicyError) as info:
        Policy().check("example.com/path")
    assert info.value.code == "scheme-required"
    assert "'https:'" in str(info.value)
    assert Policy(schemes={"ftp"}).problems("x")[0].message.endswith("such as 'ftp:'")


def test_require_relative() -> None:
    policy = Policy(require="relative")
    assert isinstance(policy.check("../a?q"), RelativeReference)
    assert codes(policy, "http://h/") == ["scheme-forbidden"]


def test_require_any() -> None:
    policy = Policy(require="any", schemes={"https"})
    assert isinstance(policy.check("/a"), RelativeReference)
    assert isinstance(policy.check("https://h"), URI)
    assert codes(policy, "ftp://h") == ["scheme-not-allowed"]


# -- authority (RFC 3.2) ------------------------------------------------------------------


def test_require_host() -> None:
    policy = Policy(require_host=True)
    assert codes(policy, "mailto:a@example.com") == ["host-required"]
    empty = policy.problems("file:///etc/hosts")
    assert [(p.code, p.position) for p in empty] == [("host-required", 7)]
    assert policy.accepts("file://localhost/etc/hosts")


def test_userinfo_forbidden() -> None:
    policy = Policy(allow_userinfo=False)
    found = policy.problems("https://alice@example.com/")
    assert [(p.code, p.component, p.position) for p in found] == [
        ("userinfo-forbidden", "userinfo", 8)
    ]
    assert policy.accepts("https://example.com/")


def test_password_forbidden_rfc_3_2_1_and_never_echoed() -> None:
    """RFC 3.2.1 deprecates "user:password"; the message must not repeat the secret."""
    policy = Policy(allow_password=False)
    assert policy.accepts("https://alice@example.com/")
    found = policy.problems("https://alice:s3cret@example.com/")
    assert [(p.code, p.position) for p in found] == [("password-forbidden", 14)]
    assert "s3cret" not in found[0].message
    with pytest.raises(PolicyError) as info:
        Policy(allow_userinfo=False).check("https://alice:s3cret@example.com/")
    assert "s3cret" not in str(info.value)


@pytest.mark.parametrize(
    "text", ["http://192.0.2.1/", "http://[2001:db8::1]/", "http://[v1.x]/", "http://u@10.0.0.1"]
)
def test_ip_hosts_forbidden_rfc_3_2_2(text: str) -> None:
    found = Policy(allow_ip_host=False).problems(text)
    assert [p.code for p in found] == ["ip-host-forbidden"]
    host_at = text.index("[") if "[" in text else text.index("1")
    assert found[0].position == host_at


def test_reg_name_that_resolvers_read_as_an_ip_is_one() -> None:
    """RFC 3.2.2 makes "1.2.3" a reg-name, not an IPv4address, but RFC 7.4 warns that
    resolvers read it as 1.2.0.3 (inet_aton): the policy judges what it reaches."""
    assert urikit.parse("http://1.2.3/").host_kind is urikit.HostKind.REG_NAME
    assert not Policy(allow_ip_host=False).accepts("http://1.2.3/")
    assert Policy(allow_ip_host=False).accepts("http://1.2.3.4.5/")  # no resolver's address


# -- fragment, length ---------------------------------------------------------------------


def test_fragment_forbidden_rfc_3_5() -> None:
    policy = Policy(allow_fragment=False)
    found = policy.problems("https://h/p?q#frag")
    assert [(p.code, p.position) for p in found] == [("fragment-forbidden", 13)]
    assert policy.accepts("https://h/p?q")


def test_max_length() -> None:
    policy = Policy(max_length=20)
    assert policy.accepts("https://example.com/")  # exactly 20
    with pytest.raises(PolicyError) as info:
        policy.check("https://example.com/a")
    assert str(info.value) == "the URI is 21 characters long; at most 20 are allowed"


# -- normalization of the accepted value (RFC 6.2.2, 6.2.3) --------------------------------


def test_normalize_true_applies_rfc_6_normalization() -> None:
    policy = Policy(normalize=True)
    assert str(policy.check("HTTP://Example.COM:80/a/./b/../c/%7e")) == "http://example.com/a/c/~"


def test_normalize_callable() -> None:
    def drop_fragment(ref: urikit.URIReference) -> urikit.URIReference:
        return ref.with_fragment(None)

    assert str(Policy(normalize=drop_fragment).check("https://h/#x")) == "https://h/"


# -- the values themselves ----------------------------------------------------------------


def test_policy_is_frozen_and_hashable() -> None:
    policy = Policy(schemes=["HTTPS", "http"])
    assert policy.schemes == frozenset({"https", "http"})
    assert hash(policy) == hash(Policy(schemes={"http", "https"}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.max_length = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"schemes": {"ht tp"}},
        {"schemes": {"1http"}},
        {"max_length": 0},
        {"require": "absolut"},
    ],
)
def test_bad_policy_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Policy(**kwargs)  # type: ignore[call-overload]


def test_schemes_as_a_bare_string_is_a_type_error() -> None:
    """RFC 3986 3.1: schemes are names; one str is refused at run time as by the types
    (tests/typing/policy_errors.py)."""
    with pytest.raises(TypeError):
        Policy(schemes="https")  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType]


def test_non_str_input_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        HTTPS_ONLY.check(b"https://h/")  # type: ignore[arg-type]


def test_policy_error_pickles() -> None:
    with pytest.raises(PolicyError) as info:
        HTTPS_ONLY.check("ftp://h")
    copy = pickle.loads(pickle.dumps(info.value))
    assert str(copy) == str(info.value)
    assert copy.problems == info.value.problems


# -- laws -----------------------------------------------------------------------------------

URI_CHARS = st.text(alphabet="ab1:/?#[]@%.-_~!$&'()*+,;= ", max_size=16)


@settings(max_examples=300, deadline=None)
@given(URI_CHARS)
def test_default_policy_accepts_exactly_rfc_uris(text: str) -> None:
    """With no rules beyond the default, a Policy is RFC 3986 ``URI`` (RFC 3)."""
    assert Policy().accepts(text) is urikit.is_valid(text, "URI")
    assert Policy(require="any").accepts(text) is urikit.is_valid(text, "URI-reference")
    assert Policy(require="relative").accepts(text) is urikit.is_valid(text, "relative-ref")


@settings(max_examples=300, deadline=None)
@given(URI_CHARS)
def test_check_raises_exactly_when_there_are_problems(text: str) -> None:
    policy = Policy(schemes={"a"}, require_host=True, allow_fragment=False, max_length=10)
    found = policy.problems(text)
    try:
        policy.check(text)
    except PolicyError as error:
        assert list(error.problems) == found
    else:
        assert found == []


def test_policy_rules_name_every_field_but_require_and_normalize() -> None:
    """One list of rules kept three times (the keyword TypedDict, the defaults, the
    fields): they must agree, and each default must be what ``Policy()`` holds."""
    fields = {f.name for f in dataclasses.fields(Policy)} - {"require", "normalize"}
    assert set(PolicyRules.__annotations__) == fields == set(DEFAULTS)
    default = Policy()
    for name, value in DEFAULTS.items():
        assert getattr(default, name) == value, name


def test_each_keyword_has_the_type_of_its_field() -> None:
    """The keyword a rule is given by and the field that holds it are written twice only
    because type checkers need both spelled out: their types agree, but for ``schemes``,
    which the policy keeps lowercased in a frozenset (RFC 3.1)."""
    keywords = get_type_hints(PolicyRules)
    held = get_type_hints(Policy)
    assert [rule.name for rule in RULES if keywords[rule.name] != held[rule.name]] == ["schemes"]
    assert held["schemes"] == frozenset[str] | None


# The keyword type each way a command line writes a rule stands for (RuleSpec.kind).
_KIND_TYPES = {
    "switch": bool,
    "names": SchemeNames | None,
    "ports": Collection[int] | None,
    "count": int | None,
}


def test_each_command_line_rule_writes_its_keyword_s_type() -> None:
    """The third spelling of a rule, the command line's (``RULES``, from which its
    options and the defaults are made), agrees with the keyword's type: a switch is a
    bool, a choice offers exactly the words of its ``Literal``."""
    keywords = get_type_hints(PolicyRules)
    for rule in RULES:
        if rule.kind == "choice":
            assert rule.choices == get_args(keywords[rule.name]), rule.name
        else:
            assert keywords[rule.name] == _KIND_TYPES[rule.kind], rule.name
        assert isinstance(rule.default, bool) == (rule.kind == "switch"), rule.name
