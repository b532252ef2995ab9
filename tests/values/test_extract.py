"""``urikit.extract``: URIs found in prose (RFC 3986, Appendix C)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from tests.growth import assert_linear
from tests.syntax.test_properties import rule_strings
from urikit import URI, Found, extract
from urikit.values.extract import BARE_SCHEMES

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _check_found(text: str, found: Found) -> None:
    """What every Found promises: a valid URI, its text, and its span in the input."""
    assert isinstance(found.uri, URI)
    assert urikit.is_valid(found.text, "URI")
    assert str(found.uri) == found.text
    assert 0 <= found.start < found.end <= len(text)
    assert "".join(text[found.start : found.end].split()) == found.text


def test_appendix_c_example() -> None:
    # The example of Appendix C, verbatim: quotes, angle brackets, line-wrapped URIs.
    text = (
        '      Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n'
        "      but you can probably pick it up from <ftp://foo.example.\n"
        "      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n"
        "      ietf/uri/historical.html#WARNING>.\n"
    )
    found = list(extract(text))
    assert [f.text for f in found] == [
        "http://www.w3.org/Addressing/",
        "ftp://foo.example.com/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]
    for f in found:
        _check_found(text, f)
    # Delimiters are not part of the span ("These wrappers do not form part of the URI").
    assert text[found[0].start - 1] == '"' and text[found[0].end] == '"'
    assert text[found[1].start - 1] == "<" and text[found[1].end] == ">"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Appendix C: the "URL:" prefix, with or without a space after it.
        ("see <URL:http://example.com/a> now", ["http://example.com/a"]),
        ("see <URL: http://example.com/a> now", ["http://example.com/a"]),
        ("<url:mailto:a@example.com>", ["mailto:a@example.com"]),
        # "URL:" marks a URI of any scheme; other delimited text must look like a URI.
        ("<URL:foo:bar>", ["foo:bar"]),
        ("<foo:bar> <xsl:template> 'key:value' \"k:v\"", []),
        # Delimited: trailing punctuation and unbalanced brackets stay.
        ('"http://h/a."', ["http://h/a."]),
        ("<http://h/a)>.", ["http://h/a)"]),
        # Whitespace removal inside <...> (Appendix C), also tabs and CR LF.
        ("<http://example.com/a\r\n\t/b\n c>", ["http://example.com/a/bc"]),
        # Quoted text with whitespace is not a quoted URI; the bare URI inside is found.
        ('"see http://h/x today"', ["http://h/x"]),
        # Bare URIs end at whitespace or a character no URI holds.
        ("go to http://h/p?q=1#f today", ["http://h/p?q=1#f"]),
        ("a|http://h/x|b", ["http://h/x"]),
        ("x=http://h/{y}", ["http://h/"]),
        # Trailing punctuation is dropped.
        ("See http://example.com/.", ["http://example.com/"]),
        (
            "http://h/a, http://h/b; http://h/c: http://h/d! http://h/e? http://h/f'",
            ["http://h/a", "http://h/b", "http://h/c", "http://h/d", "http://h/e", "http://h/f"],
        ),
        ("http://h/a...", ["http://h/a"]),
        ("'http://h/a'", ["http://h/a"]),
        # Balanced parentheses stay; an unbalanced closer goes.
        ("http://en.example.org/wiki/Foo_(bar)", ["http://en.example.org/wiki/Foo_(bar)"]),
        ("(see http://en.example.org/wiki/Foo_(bar)).", ["http://en.example.org/wiki/Foo_(bar)"]),
        ("(http://h/a)", ["http://h/a"]),
        ("[http://h/a]", ["http://h/a"]),
        (
            "(ldap://[2001:db8::7]/c=GB?objectClass?one)",
            ["ldap://[2001:db8::7]/c=GB?objectClass?one"],
        ),
        ("http://[::1]", ["http://[::1]"]),
        # Any scheme with "//"; a leading non-letter is not part of the scheme (RFC 3.1).
        ("git+ssh://git@example.com/r.git", ["git+ssh://git@example.com/r.git"]),
        ("1http://h/", ["http://h/"]),
        ("file:///etc/hosts", ["file:///etc/hosts"]),
        # Well-known schemes without "//", case-insensitive (RFC 3.1).
        ("mail mailto:John.Doe@example.com.", ["mailto:John.Doe@example.com"]),
        ("MAILTO:a@b.example", ["MAILTO:a@b.example"]),
        ("call tel:+1-816-555-1212, or", ["tel:+1-816-555-1212"]),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2;",
            ["urn:oasis:names:specification:docbook:dtd:xml:4.1.2"],
        ),
        ("news:comp.infosystems.www.servers.unix", ["news:comp.infosystems.www.servers.unix"]),
        (
            "data:text/plain,hi sips:alice@atlanta.example.com geo:13.4125,103.8667",
            ["data:text/plain,hi", "sips:alice@atlanta.example.com", "geo:13.4125,103.8667"],
        ),
        (
            "doi:10.1000/182 xmpp:romeo@montague.example magnet:?xt=urn:btih:abc",
            ["doi:10.1000/182", "xmpp:romeo@montague.example", "magnet:?xt=urn:btih:abc"],
        ),
        # Other schemes without "//" are prose, and so are glued or empty ones.
        ("Note: foo:bar std::vector key:value", []),
        ("xmailto:a@b remailto:a@b", []),
        ("mailto: a@b", []),
        ("http:// is a prefix", []),
        # Only valid URIs: a candidate still invalid after trimming is skipped.
        ("http://h/a%zz then http://h/ok", ["http://h/ok"]),
        ("http://[::1/x http://[v1.x]/", ["http://[v1.x]/"]),
        ("http://exa mple.com/", ["http://exa"]),
        ("é http://h/é", ["http://h/"]),
        ("", []),
        ("no uris here.", []),
    ],
)
def test_extract_table(text: str, expected: list[str]) -> None:
    found = list(extract(text))
    assert [f.text for f in found] == expected
    for f in found:
        _check_found(text, f)


def test_offsets_of_bare_uri() -> None:
    text = "(see http://h/a_(b))."
    [found] = extract(text)
    assert (found.start, found.end) == (5, 19)
    assert text[found.start : found.end] == "http://h/a_(b)"
    assert found.uri == urikit.parse("http://h/a_(b)")


def test_offsets_of_wrapped_uri_exclude_delimiters_and_prefix() -> None:
    text = "x <URL: http://h/a\n   b > y"
    [found] = extract(text)
    assert found.text == "http://h/ab"
    assert text[found.start : found.end] == "http://h/a\n   b"


def test_found_is_frozen_with_slots() -> None:
    [found] = extract("http://h/")
    assert not hasattr(found, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.start = 3  # type: ignore[misc]
    assert found == Found(urikit.URI.parse("http://h/"), "http://h/", 0, 9)


def test_bare_schemes_are_documented_lowercase_names() -> None:
    assert isinstance(BARE_SCHEMES, frozenset)
    assert {
        "mailto",
        "tel",
        "urn",
        "news",
        "data",
        "sip",
        "sips",
        "xmpp",
        "magnet",
        "geo",
        "doi",
    } <= BARE_SCHEMES
    assert all(urikit.is_valid(s, "scheme") and s == s.lower() for s in BARE_SCHEMES)


@pytest.mark.parametrize("value", [b"http://h/", None, 3])
def test_non_str_is_type_error(value: object) -> None:
    with pytest.raises(TypeError):
        extract(value)  # type: ignore[arg-type]


# -- properties ------------------------------------------------------------------------

PROSE = st.text(alphabet=st.sampled_from("ab:/?#[]()@%.,;!'\"<> \n\té1URLhtp"), max_size=80)


@SETTINGS
@given(PROSE)
def test_whatever_is_found_is_valid_and_in_order(text: str) -> None:
    found = list(extract(text))
    for f in found:
        _check_found(text, f)
    for before, after in itertools.pairwise(found):
        assert before.end <= after.start


@st.composite
def slashed_uris(draw: st.DrawFn) -> str:
    """A URI with an authority (RFC 3: ``scheme "://" authority path-abempty ...``)."""
    text = draw(rule_strings("scheme")) + "://" + draw(rule_strings("authority"))
    text += draw(rule_strings("path-abempty"))
    if draw(st.booleans()):
        text += "?" + draw(rule_strings("query"))
    if draw(st.booleans()):
        text += "#" + draw(rule_strings("fragment"))
    return text


@SETTINGS
@given(slashed_uris(), st.sampled_from(["", "see ", "x\n", "(", "é "]))
def test_angle_bracketed_uri_is_found_whole(uri: str, before: str) -> None:
    # Appendix C: <> delimit the URI exactly, whatever characters it ends with.
    text = f"{before}<{uri}> and more"
    found = list(extract(text))
    assert found[0].text == uri
    assert found[0].start == len(before) + 1


@SETTINGS
@given(slashed_uris())
def test_bare_uri_is_found_with_sentence_punctuation_dropped(uri: str) -> None:
    text = f"see {uri}. Then more."
    found_all = list(extract(text))
    if uri.rstrip(".,;:!?')]").partition("://")[2] == "":
        # Nothing but trimmable punctuation after "scheme://": a placeholder, not a URI.
        assert found_all == []
        return
    found = found_all[0]
    expected = uri.rstrip(".,;:!?'")
    # Only punctuation and unbalanced closers may be trimmed off the end.
    assert uri.startswith(found.text)
    assert set(uri[len(found.text) :]) <= set(".,;:!?')]")
    assert found.text.startswith(expected[: len(found.text)])
    assert found.start == 4


# -- linear time -----------------------------------------------------------------------

ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "angle openers": lambda n: "<" * n,
    "angle pairs": lambda n: "<a:" * n + ">",
    "quotes": lambda n: '"a://' * n,
    "colons": lambda n: "a:" * n,
    "slashed schemes": lambda n: "a://" * n,
    "broken IP-literals": lambda n: "a://[" * n,
    "long scheme": lambda n: "a" * n + "://",
    "trailing dots": lambda n: "http://x" + "." * n,
    "closers": lambda n: "http://x/" + ")" * n,
    "nested parens": lambda n: "http://x/" + "(" * n + ")" * (n + 1) + ".",
    "mailto chain": lambda n: "mailto:" * n,
    "percent": lambda n: "x://h/" + "%41" * n + "%",
    "wrapped": lambda n: "<http://x/" + " a" * n + ">",
    "url prefixes": lambda n: "<URL:" * n,
    "ipv6 groups": lambda n: "http://[" + "1:" * n + "]",
    # Runs of scheme characters with no ":" after them: a scheme is tried once per run.
    "letters": lambda n: "a" * n,
    "scheme non-letters": lambda n: "1." * n + "a",
    "quote runs": lambda n: '"' * n,
}


def _extracting(make: Callable[[int], str]) -> Callable[[int], Callable[[], object]]:
    def work(n: int) -> Callable[[], object]:
        text = make(n)
        return lambda: list(extract(text))

    return work


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_linear_time_on_adversarial_input(name: str) -> None:
    # Growing the input 8 times must not grow the time about 64 times (quadratic).
    assert_linear(_extracting(ADVERSARIAL[name]), (5_000, 40_000), label=name)
