"""Messages for the person at a form: every policy problem and syntax error is said in
the words of the form, from the same row of the one table as the developer's message
(docs/errors.md, "Messages for the person at a form")."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import Policy
from urikit.errors import PersonMessage, Problem
from urikit.errors.codes import PERSON_MESSAGES, PROBLEMS

# Words a person at a form does not use: rule names, the standard, internal words.
_JARGON = re.compile(
    r"RFC|\brule\b|URI|IRI|reg-name|path-|noscheme|IPv|IP-literal|percent-encod|ABNF"
    r"|\bscheme\b|authority|userinfo|fragment|\bhost\b|segment|octet|UTF-8|ASCII|pchar"
)

_STRICT = Policy(
    schemes={"https"},
    require_host=True,
    allow_userinfo=False,
    allow_fragment=False,
    allow_ip_host=False,
    allow_internal_host=False,
    max_length=40,
)

# Texts that break each rule a policy has, and the syntax of RFC 3986 in many places.
_SLIPS = [
    "",
    "example.com",
    "https:///path",
    "ftp://example.com/",
    "https://user@example.com/",
    "https://example.com/#top",
    "https://127.0.0.1/",
    "https://localhost/",
    "https://10.0.0.1/",
    "https://example.com:0/",
    "https://example.com:99999/",
    "https://example.com/" + "a" * 40,
    "https://exa mple.com/",
    " https://example.com/",
    "https://example.com/a\tb",
    "https://example.com/\x00",
    "https://bücher.example/",
    "https://example.com/é",
    "http://[fe80::1%25eth0]/",
    "https://example.com/a\\b",
    "https://example.com/100%",
    "https://[::1",
    "1https://example.com/",
    "https://example.com:80a/",
    "https://[::g]/",
    "https://example.com/<script>",
    "https://user:pa ss@example.com/",
    "https://exa%00mple.com/",
]


def _every_problem() -> list[Problem]:
    found = [p for text in _SLIPS for p in _STRICT.problems(text)]
    found += Policy(require="relative").problems("https://example.com/")
    found += Policy(ports={443}).problems("https://example.com:8443/")
    found += Policy(host_syntax="dns").problems("https://a..b/")
    found += Policy(scheme_rules=True).problems("http:///x")
    found += Policy(allow_password=False).problems("https://u:secret@example.com/")
    return found


def test_every_problem_code_is_said_to_the_person() -> None:
    """Each ProblemCode a policy reports has a person's message among these slips."""
    codes = {p.code for p in _every_problem()}
    assert codes == set(PROBLEMS) - {"syntax"} | {"syntax"}


@pytest.mark.parametrize("problem", _every_problem(), ids=lambda p: p.code)
def test_a_person_s_message_has_no_jargon_and_no_password(problem: Problem) -> None:
    said = problem.person_message
    assert said and said[0].isupper(), said
    assert _JARGON.search(said) is None, said
    assert "secret" not in said and "pa ss" not in said
    assert str(problem) == problem.message != said  # str() stays the developer's


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("https://exa mple.com/", "This address has a space in it"),
        ("example.com", "Did you mean https://example.com? Add https:// at the start"),
        ("https://localhost/", "This address points to this computer, not to a public site"),
        ("https://127.0.0.2/", "This address points to this computer, not to a public site"),
        ("https://10.0.0.1/", "This address points to a private network, not to a public site"),
        ("ftp://example.com/", "Addresses starting with ftp: are not accepted here; use https"),
        ("https://example.com:0/", "Port 0 cannot be used; remove it or use the site's real port"),
        ("https://bücher.example/", "Site names with letters such as ü are not accepted here"),
        (
            "http://[fe80::1%25eth0]/",
            "Remove the % and the network interface name after the address in [ ]",
        ),
        ("https://example.com/a\\b", "Use / instead of \\ in this address"),
        ("https://example.com/<", 'This address cannot contain "<"'),
        ("https://[::1", "This address is incomplete"),
    ],
)
def test_the_person_is_told_in_the_words_of_the_form(text: str, said: str) -> None:
    """RFC 3986 2, 3.1, 3.2.2, 3.2.3, 7.4: each refusal in the form's words."""
    policy = Policy(schemes={"https", "http"}, allow_internal_host=False)
    if text.startswith("ftp"):
        policy = Policy(schemes={"https"})
    assert policy.problems(text)[0].person_message == said


def test_a_character_in_a_password_is_not_named_to_the_person() -> None:
    """RFC 3986 7.5: the password's characters are never shown."""
    problem = Policy().problems("https://user:pa^ss@example.com/")[0]
    assert problem.person_message == PERSON_MESSAGES["in-password"].template
    assert "^" not in problem.person_message


def test_the_person_s_message_carries_its_template_and_values_for_translation() -> None:
    """A translation looks up the template; the values go in after."""
    problem = Policy(schemes={"https"}).problems("ftp://example.com/")[0]
    assert problem.person == PersonMessage(
        PROBLEMS["scheme-not-allowed"].person, (("scheme", "ftp"), ("allowed", "https"))
    )
    assert problem.person.params == {"scheme": "ftp", "allowed": "https"}
    assert problem.person.template.format(**problem.person.params) == problem.person_message


@given(st.text(max_size=30))
def test_every_refusal_has_a_person_s_message_without_jargon(text: str) -> None:
    """Whatever is typed, each problem is said to the person, and no RFC, rule or
    internal word reaches them."""
    for problem in _STRICT.problems(text):
        assert problem.person_message
        assert _JARGON.search(problem.person.template) is None, problem.person.template
