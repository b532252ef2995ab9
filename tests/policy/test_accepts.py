"""Policy.accepts tells the common case without writing a problem (the components, the
length, a host that is a plain name); it must answer as the full check does, every rule
judged (RFC 3986 3, 3.2.1, 3.2.2, 3.2.3, 3.5, 7.4; RFC 6761, 6890). So must ``problems``
and ``check``, which take the same shortcut for a text that is accepted.

The policies are drawn from the rule list itself (:data:`urikit.policy._arguments.RULES`),
so a rule added there is drawn here too; the texts are URIs put together from parts
chosen to sit on each rule's edge (hosts that are addresses in some spelling, internal
names in any case, escapes, ports at the limits), any text, and the real-world corpus.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.corpus import urls
from urikit import Policy, PolicyError, URIReference
from urikit._core.hosts import analyze
from urikit._core.special_names import INTERNAL_NAMES
from urikit.policy._arguments import RULES, RuleSpec
from urikit.policy._parts import plain_public_name

SCHEMES = ["http", "https", "HTTP", "ftp", "ws", "file", "mailto", "urn", "a+b.c-d"]
HOSTS = [
    "example.com",
    "Example.COM",
    "a-b.example.org",
    "example.com.",
    "example.com..",
    "a..b",
    ".",
    "xn--p1ai",
    "xn--bcher-kva.example",
    "localhost",
    "LOCALHOST.",
    "printer.local",
    "a.b.test",
    "x.onion",
    "nas.home.arpa",
    "10.in-addr.arpa",
    "resolver.arpa",
    "host.invalid",
    "example",
    "127.0.0.1",
    "127.1",
    "0x7f.1",
    "0X7F.0.0.1",
    "2130706433",
    "017700000001",
    "1.2.3.4.",
    "010.0.0.1",
    "foo.123",
    "foo.0x1",
    "foo.0xg",
    "8.8.8.8",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[2001:db8::1]",
    "[v1.x]",
    "exa%6Dple.com",
    "127.0.0.1%00.evil.example",
    "%31%32%37.0.0.1",
    "a%2Eb",
    "h%C3%A9.example",
    "%3A%3A1",
    "a;b.example",
    "a!$&'()*+,=.example",
    "under_score.example",
    "",
]
PORTS = ["", "0", "00", "80", "443", "8080", "65535", "65536", "99999999999999999999"]


def _rule_values(spec: RuleSpec) -> st.SearchStrategy[object]:
    """Values of one rule of Policy, as its kind writes them."""
    if spec.kind == "switch":
        return st.booleans()
    if spec.kind == "names":
        return st.none() | st.sets(st.sampled_from(SCHEMES[:7]), min_size=1)
    if spec.kind == "ports":
        numbers = st.sampled_from([0, 80, 443, 8080, 65535, 70000])
        return st.none() | st.sets(numbers, min_size=1) | st.just(range(1, 1024))
    if spec.kind == "count":
        return st.none() | st.integers(1, 60)
    return st.sampled_from(spec.choices)


@st.composite
def policies(draw: st.DrawFn) -> Policy:
    """Any policy: every rule of RULES, ``require`` and ``normalize`` drawn."""
    rules = {spec.name: draw(_rule_values(spec)) for spec in RULES}
    if not rules["accept_iri"]:
        rules["idna"] = False  # idna maps IRI hosts: it needs accept_iri
    require = draw(st.sampled_from(["absolute", "relative", "any"]))
    normalize = draw(st.booleans())
    return Policy(require=require, normalize=normalize, **rules)  # type: ignore[call-overload, no-any-return]


@st.composite
def texts(draw: st.DrawFn) -> str:
    """A URI-reference put together from parts on the rules' edges, or any text."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(max_size=40))
    scheme = draw(st.sampled_from(["", *(f"{s}:" for s in SCHEMES)]))
    authority = ""
    if draw(st.booleans()):
        userinfo = draw(st.sampled_from(["", "user@", "user:pw@", ":@", "u%40x@"]))
        port = draw(st.sampled_from(["", *(f":{p}" for p in PORTS)]))
        authority = f"//{userinfo}{draw(st.sampled_from(HOSTS))}{port}"
    path = draw(st.sampled_from(["", "/", "/a/b", "a", "/ü", "/a b"]))
    query = draw(st.sampled_from(["", "?", "?q=1"]))
    fragment = draw(st.sampled_from(["", "#", "#top"]))
    around = draw(st.sampled_from(["", " ", "\t", "\n ", "\u3000"]))
    return f"{around}{scheme}{authority}{path}{query}{fragment}{around[::-1]}"


def _outcome(check: Callable[[str], URIReference], text: str) -> object:
    """What ``check`` returns, or the problems of the PolicyError it raises."""
    try:
        return check(text)
    except PolicyError as error:
        return error.problems


def _same_answers(policy: Policy, text: str) -> None:
    # the full check is private: no user calls it, the shortcut stands in for it
    full_accepts = policy._fully_accepts  # pyright: ignore[reportPrivateUsage]
    evaluate = policy._evaluate  # pyright: ignore[reportPrivateUsage]
    checked = policy._checked  # pyright: ignore[reportPrivateUsage]
    assert policy.accepts(text) == full_accepts(text)
    assert policy.problems(text) == evaluate(text, hint=True)[1]
    assert _outcome(policy.check, text) == _outcome(lambda t: checked(t, hint=True), text)


@settings(max_examples=1500, deadline=None)
@given(policies(), texts())
def test_accepts_answers_as_the_full_check(policy: Policy, text: str) -> None:
    _same_answers(policy, text)


@pytest.mark.parametrize(
    "policy",
    [
        Policy(
            schemes={"http", "https"},
            allow_internal_host=False,
            allow_userinfo=False,
            allow_ip_host=False,
            max_length=2048,
        ),
        Policy(),
        Policy(require="any", require_host=True, allow_fragment=False, ports={80, 443}),
        Policy(host_syntax="dns", allow_password=False, scheme_rules=True),
    ],
    ids=["form", "default", "ports", "dns"],
)
def test_accepts_answers_as_the_full_check_on_the_corpus(policy: Policy) -> None:
    for text in urls()[::9]:
        _same_answers(policy, text)


@given(st.sampled_from(HOSTS) | st.text(alphabet="-.0123456789abcdefxAX%[]:", max_size=12))
def test_a_plain_public_name_is_one_analyze_finds_nothing_in(host: str) -> None:
    """RFC 3986 7.4, RFC 6761: no address in any spelling, no internal name, no escape."""
    if plain_public_name(host):
        info = analyze(host)
        assert (info.is_ip, info.special_purpose, info.not_a_name) == (False, None, None)


def test_each_internal_name_is_no_plain_public_name() -> None:
    """RFC 6761: every internal special-use name, in any case, with a trailing dot."""
    for name in INTERNAL_NAMES:
        for spelling in (name, name.upper(), f"a.{name}.", f"x.{name.title()}"):
            assert not plain_public_name(spelling)
