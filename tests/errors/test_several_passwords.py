"""Every password in one text is hidden, not the first alone (RFC 3986 3.2.1, 7.5).

A pasted log line, or a whole stdin joined by lone CRs, is one text holding several
URIs, each with its userinfo. docs/errors.md, "Passwords": every password in it is
written ``***``, in every field of the error or problem and in the CLI's output, and
every position counts in that redacted text, pointing at the same character it points
at in the text as given.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests.api.test_no_secrets import error_surfaces
from tests.growth import assert_linear
from urikit import InvalidURIError, Policy, PolicyError
from urikit.cli import main
from urikit.errors.exceptions import IN_PASSWORD
from urikit.errors.redact import REDACTED, given_position, password_spans, redact, redact_at

FIRST, SECOND, THIRD = "S3cr3tOne", "S3cr3tTwo", "S3cr3tThree"
SECRETS = (FIRST, SECOND, THIRD)

# (text as given, the same text with each password written ***)
SEVERAL = [
    (f"https://u:{FIRST}@h/a https://u:{SECOND}@h/b", "https://u:***@h/a https://u:***@h/b"),
    (f"https://u:{FIRST}@h/a\rhttps://u:{SECOND}@h/b", "https://u:***@h/a\rhttps://u:***@h/b"),
    (
        f"https://u:{FIRST}@h/a\thttp://v:{SECOND}@h/b, ftp://w:{THIRD}@h/c",
        "https://u:***@h/a\thttp://v:***@h/b, ftp://w:***@h/c",
    ),
    # a scheme that is not special still opens an authority with "//" (RFC 3.2)
    (
        f"postgresql://a:{FIRST}@db/x redis://:{SECOND}@cache/0",
        "postgresql://a:***@db/x redis://:***@cache/0",
    ),
    # after a special scheme a browser reads an authority with any slashes, or none
    (f"https://u:{FIRST}@h/ https:v:{SECOND}@h/", "https://u:***@h/ https:v:***@h/"),
    (f"https://u:{FIRST}@h/ HTTPS:\\\\v:{SECOND}@h/", "https://u:***@h/ HTTPS:\\\\v:***@h/"),
    # a network-path reference starting a word (RFC 4.2)
    (f"//u:{FIRST}@h/a //v:{SECOND}@h/b", "//u:***@h/a //v:***@h/b"),
    # the first text holds no password; the one in its query is hidden all the same
    (f"https://h/?next=https://u:{FIRST}@h/ x", "https://h/?next=https://u:***@h/ x"),
    # the text before is no URI at all
    (f"see mailto:a@b and https://u:{SECOND}@h/", "see mailto:a@b and https://u:***@h/"),
    # an unencoded "/" in the second password: hidden up to the last "@" (as the first)
    (f"https://u:{FIRST}@h/ https://v:{SECOND}/x@h/", "https://u:***@h/ https://v:***@h/"),
    # no "/", "?" or "#" ends the first authority: its userinfo ends at the last "@"
    # (RFC 3.2), and one *** hides both passwords and what lies between
    (f"https://u:{FIRST}@h https:v:{SECOND}@h/", "https://u:***@h/"),
]
#: Valid as one URI: the second is in the first one's path (RFC 3.3), its password hidden
#: all the same; a percent-encoded separator, as a hint's suggestion writes it.
JOINED = (
    f"https://u:{FIRST}@h/a%20https://u:{SECOND}@h/b",
    "https://u:***@h/a%20https://u:***@h/b",
)


def _leaks(shown: object) -> list[str]:
    return [secret for secret in SECRETS if secret in str(shown)]


@pytest.mark.parametrize(("text", "hidden"), [*SEVERAL, JOINED])
def test_every_password_in_a_text_is_written_stars(text: str, hidden: str) -> None:
    assert redact(text) == hidden


@pytest.mark.parametrize(("text", "hidden"), SEVERAL)
def test_an_invalid_uri_error_shows_none_of_the_passwords(text: str, hidden: str) -> None:
    """Every field, str, repr, args and pickle of the error (docs/errors.md)."""
    with pytest.raises(InvalidURIError) as raised:
        urikit.validate(text)
    assert raised.value.text == hidden
    assert not [leak for shown in error_surfaces(raised.value) for leak in _leaks(shown)]


@pytest.mark.parametrize(("text", "hidden"), SEVERAL)
def test_a_policy_error_and_its_problems_show_none_of_the_passwords(text: str, hidden: str) -> None:
    """``PolicyError.text``, its repr and each ``Problem`` (its message and the
    ``suggestion`` a hint proposes)."""
    with pytest.raises(PolicyError) as raised:
        Policy(schemes={"https"}, require_host=True).check(text)
    assert raised.value.text == hidden
    assert not [leak for shown in error_surfaces(raised.value) for leak in _leaks(shown)]
    for problem in raised.value.problems:
        assert not _leaks(repr(problem))


def test_the_suggestion_of_a_hint_shows_no_later_password() -> None:
    """The space a hint encodes as %20 joins the two URIs into one path; the second
    password is still hidden in the suggestion (RFC 7.5)."""
    text = f"https://u:{FIRST}@h/a https://u:{SECOND}@h/b"
    with pytest.raises(PolicyError) as raised:
        Policy().check(text)
    suggestions = [p.suggestion for p in raised.value.problems if p.suggestion]
    assert suggestions == ["https://u:***@h/a%20https://u:***@h/b"]


@pytest.mark.parametrize("separator", ["\r", " "])
def test_the_cli_json_input_shows_none_of_the_passwords(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, separator: str
) -> None:
    """``urikit validate --json``'s "input", from an argument and from stdin (both
    paths), where a stdin joined by lone CRs is one line."""
    text = separator.join(f"https://u:{secret}@h/{n}" for n, secret in enumerate(SECRETS))
    hidden = separator.join(f"https://u:***@h/{n}" for n in range(len(SECRETS)))
    main(["validate", "--json", text])
    out, err = capsys.readouterr()
    assert not _leaks(out + err)
    assert json.loads(out.splitlines()[0])["input"] == hidden
    monkeypatch.setattr(sys, "stdin", io.StringIO(text + "\n"))  # the per-line path
    main(["validate", "--json"])
    per_line = "".join(capsys.readouterr())
    fast = subprocess.run(  # the process's own stdin: the block path
        [sys.executable, "-m", "urikit", "validate", "--json"],
        input=text + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert not _leaks(per_line + fast.stdout + fast.stderr)
    assert json.loads(fast.stdout.splitlines()[0])["input"] == hidden


def test_a_position_moves_through_every_password() -> None:
    """A position after two passwords moves by each one's change in length; one inside
    the second is at its ``***``; mapping back gives the character as given."""
    text = f"https://u:{FIRST}@h/a https://u:{SECOND}@h/b"
    hidden = redact(text)
    second = text.index(SECOND)
    last = len(text) - 1
    assert redact_at(text, last) == (hidden, len(hidden) - 1)
    assert redact_at(text, second + 3) == (hidden, hidden.rindex(REDACTED))
    for position in (0, text.index(" "), second - 1, second + len(SECOND), last):
        shown = redact_at(text, position)[1]
        assert hidden[shown] == text[position]
        assert given_position(text, shown) == position
    assert given_position(text, hidden.rindex(REDACTED) + 1) is None


def test_an_error_in_a_later_password_is_placed_at_its_stars() -> None:
    """A bad character in the second password is neither shown nor placed: the error
    is at that password's ``***`` and says "in the password" (docs/errors.md)."""
    text = f"//u:{FIRST}@h/a?b=https://u:{SECOND}^@h/"
    with pytest.raises(InvalidURIError) as raised:
        urikit.validate(text, "relative-ref")
    error = raised.value
    assert error.text == "//u:***@h/a?b=https://u:***@h/"
    assert error.position == error.text.rindex(REDACTED)
    assert error.reason == IN_PASSWORD
    assert not [leak for shown in error_surfaces(error) for leak in _leaks(shown)]


# -- generated: several URIs with passwords, joined by separators -------------------------

_PASSWORD = st.text(alphabet="QXZJV", min_size=6, max_size=12)  # no message holds a run
_SPECIAL = st.tuples(  # a browser reads an authority after any slashes (WHATWG URL)
    st.sampled_from(["https", "http", "ftp", "wss", "HTTPS"]),
    st.sampled_from(["://", ":", ":/", ":\\\\", ":///"]),
)
_OTHER = st.tuples(st.sampled_from(["postgresql", "redis", "x-app"]), st.just("://"))
_URI = st.tuples(
    _SPECIAL | _OTHER,
    st.text(alphabet="abc", max_size=3),
    _PASSWORD,
    st.sampled_from(["example.com", "h", "[::1]", "10.0.0.1:8080", "exa mple"]),
    # each ends its authority (RFC 3.2), so that each password is a *** of its own
    st.sampled_from(["/", "/a b", "/p?q=1#f", "?x", "/a:b", "#f"]),
)
_SEPARATOR = st.sampled_from([" ", "\r", "\t", ", ", " | ", "\r\n", "%20"])


@settings(max_examples=300, deadline=None)
@given(uris=st.lists(_URI, min_size=2, max_size=4), separators=st.data())
def test_no_generated_password_is_shown_and_positions_agree(
    uris: list[tuple[tuple[str, str], str, str, str, str]], separators: st.DataObject
) -> None:
    """For texts made of several URIs with passwords joined by separators: no password
    appears in any field of the InvalidURIError or the PolicyError and its problems;
    each text equals the same URIs written with ``***``, and each position agrees with
    the one found in that text (which holds no password), so it points at the same
    character (RFC 3.2.1, 7.5)."""
    parts = [f"{''.join(head)}{user}:{pw}@{host}{path}" for head, user, pw, host, path in uris]
    starred = [
        f"{''.join(head)}{user}:{REDACTED}@{host}{path}" for head, user, _, host, path in uris
    ]
    joints = [separators.draw(_SEPARATOR) for _ in parts[1:]]
    text, hidden = parts[0], starred[0]
    for joint, part, star in zip(joints, parts[1:], starred[1:], strict=True):
        text, hidden = text + joint + part, hidden + joint + star
    passwords = [password for _, _, password, _, _ in uris]
    assert redact(text) == hidden
    assert len(password_spans(text)) == len(uris)

    def clean(error: BaseException) -> None:
        for shown in error_surfaces(error):
            assert not [p for p in passwords if p in str(shown)], shown

    try:
        urikit.validate(text, "URI-reference")
    except InvalidURIError as error:
        clean(error)
        with pytest.raises(InvalidURIError) as same:
            urikit.validate(hidden, "URI-reference")
        assert (error.text, error.position, error.rule) == (
            same.value.text,
            same.value.position,
            same.value.rule,
        )
        at = given_position(text, error.position)
        if at is not None and at < len(text):
            assert error.text[error.position] == text[at]
    policy = Policy(schemes={"https", "http"}, require_host=True)
    try:
        policy.check(text)
    except PolicyError as error:
        clean(error)
        with pytest.raises(PolicyError) as refused:
            policy.check(hidden)
        assert error.text == refused.value.text == hidden
        placed = [(p.code, p.position, p.suggestion) for p in error.problems]
        assert placed == [(p.code, p.position, p.suggestion) for p in refused.value.problems]
        for problem in error.problems:
            if problem.position is not None and problem.position < len(hidden):
                at = given_position(text, problem.position)
                if at is not None:
                    assert hidden[problem.position] == text[at]


# -- linear time on any input (house rule: bad input never hangs) -------------------------

#: (before, a unit repeated to fill the size, after): texts with many authority starts
ADVERSARIAL = {
    "special schemes, one @ at the end": ("", "https:", "@"),
    "authorities, one @ first": ("@", "x://", ""),
    "special schemes and [, one @ first": ("u:p@h ", "https:[", ""),
    "authorities, no @ in them": ("https://u:p@h ", "//a:b ", "@"),
    "passwords": ("", "https://u:p@h/ ", ""),
    "colons, no @ before the end": ("//", ":", " //@"),
    "cut passwords": ("", "https://u:p/@ ", ""),
    "slashes after a special scheme": ("https:", "/", "@"),
}


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_redaction_is_linear_in_time(name: str) -> None:
    before, unit, after = ADVERSARIAL[name]

    def work(n: int) -> Callable[[], object]:
        text = before + unit * (n // len(unit)) + after
        return lambda: redact_at(text, len(text) - 1)

    assert_linear(work, (2_000, 20_000, 200_000), label=name)
