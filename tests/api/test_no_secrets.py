"""No password in any message, at the source (RFC 3986 3.2.1, 7.5).

A marker password goes through every public path (enumerated where the API allows:
every public function of ``urikit``, every public method of the values and the
Builder) and must come out of none: not in ``str()``, ``repr()``, ``args``, a public
attribute or a pickle of an error, not in a ``Problem``, a pydantic error
(``errors()``, ``str``, ``json()``), argparse's stderr or the CLI's output (text and
``--json``, both ``validate`` paths). Positions agree with the redacted text that
every error speaks about: the position a message gives is never the
one in the text as given, which would tell the password's length, and a bad character
inside the password is neither shown nor placed.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import pickle
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import Annotated, Any, cast

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

import urikit
from urikit import InvalidURIError, Policy, PolicyError, URIError, URITemplate, schemes, security
from urikit.cli import main
from urikit.errors.exceptions import IN_PASSWORD
from urikit.errors.redact import password_mark, redact, redact_as, secret_spans
from urikit.integrations.argparse import uri_type
from urikit.integrations.jsonschema import redacting_format_checker
from urikit.integrations.pydantic import (
    AbsoluteURIField,
    IRIField,
    IRIReferenceField,
    PolicyURI,
    RelativeReferenceField,
    URIField,
    URIReferenceField,
)
from urikit.strategies import from_rule

MARKER = "S3cr3tMarker"
ENCODED = "".join(f"%{octet:02X}" for octet in MARKER.encode())


def _pieces(secret: str, size: int = 5) -> set[str]:
    """Every run of ``size`` characters of ``secret``: a part of it shown is a leak too."""
    return {secret[i : i + size] for i in range(len(secret) - size + 1)}


FORBIDDEN = _pieces(MARKER) | _pieces(ENCODED, 6)


def assert_clean(*shown: object) -> None:
    for text in map(str, shown):
        leaked = sorted(piece for piece in FORBIDDEN if piece in text)
        assert not leaked, f"{leaked} in {text!r}"


# (text, the bad character's index in the redacted text, or None when it is in the
# password). Each is invalid; the marker is plain, next to the bad character, or
# percent-encoded.
AFTER = f"https://user:{MARKER}@exa mple.com/"  # redacted: https://user:***@exa mple.com/
INVALID: list[tuple[str, int | None]] = [
    (AFTER, 20),
    (f"https://user:{ENCODED}@exa mple.com/", 20),
    (f"https://user:{MARKER}@example.com/a b", 30),
    (f"https://user:{MARKER} x@example.com/", None),  # the space is in the password
    (f"https://user:x {MARKER}@example.com/", None),
    (f"https://user:{MARKER}%zz@example.com/", None),
    (f"https://user:{MARKER}\\@example.com/", None),
    (f"https://user:{MARKER}@exa\u00e4mple.com/", 20),
    (f"//user:{MARKER}@exa mple.com/", 14),
]
VALID = [
    f"https://user:{MARKER}@example.com/",
    f"https://user:{ENCODED}@example.com/",
    f"https://user:{MARKER}@localhost:8080/a#f",
]


def error_surfaces(error: BaseException) -> Iterator[object]:
    """What an error shows: str, repr, args, public attributes, a pickle; and the same
    for the errors it chains to."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield str(current)
        yield repr(current)
        yield repr(current.args)
        for name in dir(current):
            if not name.startswith("_"):
                value = getattr(current, name)
                if not callable(value):
                    yield repr(value)
        if isinstance(current, URIError):
            yield pickle.dumps(current).decode("latin-1")
        # the chain a traceback shows: the cause, else the context unless suppressed
        chained = current.__cause__
        if chained is None and not current.__suppress_context__:
            chained = current.__context__
        current = chained


def assert_error_clean(error: BaseException) -> None:
    assert_clean(*error_surfaces(error))


def _outcome(call: Callable[[], object], *, value: bool = True) -> None:
    """Call, and check what comes out: the error, or (``value``) the repr of the value."""
    try:
        result = call()
    except Exception as error:
        assert_error_clean(error)
    else:
        if isinstance(result, Iterator):  # what it yields: extract's Found, say
            result = list(cast("Iterator[object]", result))
        if value and not isinstance(result, str | bytes):  # the text itself, as asked
            assert_clean(repr(result))


# -- InvalidURIError: the fields and the text they speak about ------------------------------


@pytest.mark.parametrize(("text", "bad_at"), INVALID)
@pytest.mark.parametrize("read", [urikit.validate, urikit.parse, urikit.URI, urikit.IRIReference])
def test_an_invalid_text_shows_no_password_nor_its_length(
    read: Callable[[str], object], text: str, bad_at: int | None
) -> None:
    if read is urikit.URI and text.startswith("//"):
        read = urikit.RelativeReference
    if read is urikit.IRIReference and urikit.is_valid(text, "IRI-reference"):
        assert_clean(repr(read(text)))  # an IRI's host may hold an "\u00e4"
        return
    with pytest.raises(InvalidURIError) as info:
        read(text)
    error = info.value
    assert_error_clean(error)
    # One text: position, str(), repr() and args all count in the redacted text.
    assert error.args == (error.text, error.position, error.rule, error.reason, error.component)
    assert f"position={error.position}," in repr(error)
    assert repr(error.text) in repr(error)
    shown, caret = str(error).splitlines()[1:3]
    assert caret.index("^") - shown.index(error.text[:8]) == error.position
    if bad_at is None:  # in the password: placed at "***", named nowhere
        assert error.position == error.text.index("***")
        assert "in the password" in error.message and "position" not in error.message
        assert error.rule in ("userinfo", "iuserinfo")
    else:
        assert error.position == bad_at
        assert f"at position {bad_at}" in error.message


@pytest.mark.parametrize("read", [urikit.validate, urikit.parse, urikit.URI, urikit.IRIReference])
def test_a_password_cut_short_by_a_slash_hides_up_to_the_last_at(
    capsys: pytest.CaptureFixture[str], read: Callable[[str], object]
) -> None:
    """``user:x/y@secret@host``: the "/" ends the authority early (RFC 3.2), so the text
    is invalid; its password runs to the last "@", as when no "/" cuts it (RFC 7.5)."""
    text = f"https://user:x/y@{MARKER}@example.com/"
    with pytest.raises(InvalidURIError) as info:
        read(text)
    assert_error_clean(info.value)
    assert info.value.text == "https://user:***@example.com/"
    assert_clean(_cli(capsys, ["validate", "--json", text]))


def test_position_str_and_repr_agree_on_the_redacted_text() -> None:
    """24 in the text as given, 20 in the text shown; 20 everywhere."""
    with pytest.raises(InvalidURIError) as info:
        urikit.validate("https://user:hunter2@exa mple.com/")
    error = info.value
    assert (error.text, error.position) == ("https://user:***@exa mple.com/", 20)
    assert "at position 20 " in str(error) and "position=20," in repr(error)
    assert "hunter2" not in str(error) + repr(error) + repr(error.args)


def test_a_pickled_error_holds_no_password() -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.parse(AFTER)
    blob = pickle.dumps(info.value)
    assert MARKER.encode() not in blob
    assert repr(pickle.loads(blob)) == repr(info.value)


# -- every public function and method ---------------------------------------------------------

_VALID_ARGUMENT: dict[str, object] = {
    "base": "http://a/b/c",
    "b": "http://a/b/c",
    "target": "http://a/b/c",
    "default_scheme": "https",
    "component": "userinfo",
    "rule": "URI",
    "name": "k",
    "value": "v",
}


def _arguments(function: Callable[..., object], text: str) -> tuple[list[object], dict[str, Any]]:
    """``text`` for the first parameter, a valid value for each other required one."""
    positional: list[object] = []
    keywords: dict[str, Any] = {}
    parameters = list(inspect.signature(function).parameters.values())
    for index, parameter in enumerate(parameters):
        if index and parameter.default is not inspect.Parameter.empty:
            continue
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        value = text if index == 0 else _VALID_ARGUMENT.get(parameter.name, "x")
        if parameter.kind is parameter.KEYWORD_ONLY:
            keywords[parameter.name] = value
        else:
            positional.append(value)
    return positional, keywords


def _public_functions() -> list[tuple[str, Callable[..., object]]]:
    found = [
        (name, getattr(urikit, name))
        for name in sorted(urikit.__all__)
        if inspect.isfunction(getattr(urikit, name))
    ]
    found += [(f"security.{name}", getattr(security, name)) for name in ("check", "redacted")]
    found += [(f"{cls.__name__}.parse", cls.parse) for cls in (urikit.URI, urikit.IRIReference)]
    found += [  # the scheme modules' readers: their values' reprs too
        (f"schemes.{module.__name__.rpartition('.')[2]}.parse", module.parse)
        for module in (schemes.web, schemes.file, schemes.mailto, schemes.urn, schemes.data)
    ]
    return found


@pytest.mark.parametrize(("name", "function"), _public_functions())
@pytest.mark.parametrize("text", [text for text, _ in INVALID] + VALID)
def test_every_public_function(name: str, function: Callable[..., object], text: str) -> None:
    calls: list[Callable[[], object]]
    if name == "compose":
        calls = [
            lambda: urikit.compose(scheme="https", host="exa mple", user="u", password=MARKER),
            lambda: urikit.compose(scheme="https", host="h", user="u", password=MARKER, port=-1),
            lambda: urikit.compose(host="h", user="u", password=MARKER),
        ]
    else:
        positional, keywords = _arguments(function, text)
        calls = [lambda: function(*positional, **keywords)]
    for call in calls:
        _outcome(call)


_VALUES = [
    urikit.URI(f"https://user:{MARKER}@example.com/p?q#f"),
    urikit.IRIReference(f"https://user:{MARKER}@ex\u00e4mple.com/p?q#f"),
]
_BAD_ARGUMENTS = ["a b", "%zz", "[", "\\", "x\ud800", -1, 70000]
# A userinfo holds a password: these are bad there, the marker next to the bad character.
_BAD_USERINFO = [f"user:{MARKER} x", f"user:{MARKER}%zz", f"user:{MARKER}\ud800", f"user:{MARKER}["]


def _methods() -> list[tuple[str, Callable[..., object], int]]:
    found: list[tuple[str, Callable[..., object], int]] = []
    for value in _VALUES:
        for name in dir(value):
            attribute = getattr(type(value), name, None)
            if name.startswith("_") or not callable(attribute):
                continue
            method = getattr(value, name)
            try:
                signature = inspect.signature(method)
            except (TypeError, ValueError):  # pragma: no cover - a builtin without one
                continue
            required = [
                p
                for p in signature.parameters.values()
                if p.default is inspect.Parameter.empty
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            ]
            found.append((f"{type(value).__name__}.{name}", method, len(required)))
    return found


@pytest.mark.parametrize(("name", "method", "required"), _methods())
def test_every_method_of_a_value_with_a_password(
    name: str, method: Callable[..., object], required: int
) -> None:
    if required == 0:
        _outcome(method)
        return
    bad_values = _BAD_USERINFO if name.endswith("with_userinfo") else _BAD_ARGUMENTS
    for bad in bad_values:
        _outcome(partial(method, *[bad] * required), value=bad not in _BAD_USERINFO)


@pytest.mark.parametrize("bad", ["a b", "%zz", "x\ud800", f"{MARKER} x", f"{MARKER}%FF"])
def test_builder_steps(bad: str) -> None:
    start = urikit.Builder().scheme("https").host("example.com")
    _outcome(lambda: start.encoded_userinfo(f"user:{bad}").build())
    _outcome(lambda: start.userinfo("user", bad).build(), value=False)  # the URI asked for
    # the host is no secret (its error quotes it): a bad host here holds no marker
    host = bad.replace(MARKER, "host")
    _outcome(lambda: start.userinfo("user", MARKER).host(host).build(), value=False)
    _outcome(lambda: start.userinfo("user", MARKER).encoded_path("a b").build())


def test_a_percent_encoded_password_that_does_not_decode() -> None:
    value = urikit.URI(f"https://user:{MARKER}%FF@example.com/")
    with pytest.raises(InvalidURIError) as info:
        _ = value.decoded_password
    assert_error_clean(info.value)
    assert info.value.text == "***" and info.value.position == 0


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (f"user:{MARKER} x", "userinfo"),
        (f"user:{MARKER}@exa mple", "authority"),
        (f"user:{MARKER}\u00e4 x", "iuserinfo"),
        (f"//user:{MARKER}@exa mple", "relative-part"),
    ],
)
def test_a_password_in_a_component_checked_alone(text: str, rule: urikit.RuleName) -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text, rule)
    assert_error_clean(info.value)
    assert info.value.text[info.value.position :].startswith(("***", " "))


# A userinfo alone: its password is all after its first ":" (RFC 3.2.1), an "@" or a
# "//" in it too; an authority alone: its userinfo ends at the last "@" (RFC 3.2), a
# "//" before it is the password's, not an authority's start (there is no scheme).
_INVALID_ALONE = [
    (f"user:{MARKER}//x", "userinfo"),
    (f"user:x//{MARKER}", "iuserinfo"),
    (f"user:x@{MARKER}", "userinfo"),
    (f"user:x@y:{MARKER}", "iuserinfo"),
    (f"user:x//{MARKER}@host", "authority"),
    (f"user://{MARKER}@host", "iauthority"),
]


@pytest.mark.parametrize(("text", "rule"), _INVALID_ALONE)
def test_an_invalid_component_alone_shows_no_part_of_its_password(
    capsys: pytest.CaptureFixture[str], text: str, rule: urikit.RuleName
) -> None:
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text, rule)
    assert_error_clean(info.value)
    assert_clean(redact_as(text, rule))
    for flags in ([], ["--json"]):
        assert_clean(_cli(capsys, ["validate", *flags, "--rule", rule, text]))


@settings(max_examples=400, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list("u:p@/h?#[]%1")), max_size=12),
    kind=st.sampled_from(
        ["password", "userinfo", "iuserinfo", "authority", "iauthority", "host", "port", "URI"]
    ),
)
def test_the_password_mark_is_in_every_text_with_a_password(text: str, kind: str) -> None:
    """The CLI redacts only the lines holding password_mark(kind): any text in which
    secret_spans finds a password (RFC 3.2.1) must hold it, or a password is shown."""
    if secret_spans(text, kind):
        assert password_mark(kind) in text


@pytest.mark.parametrize(
    ("text", "rule", "said"),
    [
        (f"https://user:{MARKER}/x@host", "URI", "userinfo"),
        (f"https://user:{MARKER}/x@host", "IRI", "iuserinfo"),
        (f"//user:{MARKER}#x@host", "irelative-ref", "iuserinfo"),
        (f"user:{MARKER}//x@host", "iauthority", "iuserinfo"),
        (f"user:{MARKER}//x@host", "authority", "userinfo"),
    ],
)
def test_an_error_in_the_password_names_the_userinfo(
    text: str, rule: urikit.RuleName, said: str
) -> None:
    """docs/errors.md, "Passwords": an error inside the password has rule ``userinfo``
    (``iuserinfo`` for an IRI) and is in component ``userinfo`` (RFC 3.2.1), whatever
    the text before it looked like (here a port, until the "/")."""
    with pytest.raises(InvalidURIError) as info:
        urikit.validate(text, rule)
    assert info.value.reason == IN_PASSWORD
    assert (info.value.rule, info.value.component) == (said, "userinfo")


@settings(max_examples=300, deadline=None)
@given(data=st.data(), rule=st.sampled_from(["authority", "iauthority", "userinfo", "iuserinfo"]))
def test_a_component_alone_is_redacted_as_its_rule_reads_it(
    data: st.DataObject, rule: urikit.RuleName
) -> None:
    """Valid text of a rule whose password needs no "//" before it (RFC 3.2, 3.2.1):
    redact_as() writes the password ``***`` (RFC 7.5), and the text then holds no part
    of it; password_mark() is in every such text that has one."""
    text = data.draw(from_rule(rule))
    userinfo = text if "userinfo" in rule else text.rpartition("@")[0]
    if ":" not in userinfo:
        assert redact_as(text, rule) == text
        return
    assert password_mark(rule) in text
    password = userinfo.partition(":")[2]
    shown = redact_as(text, rule)
    assert shown == text.replace(f":{password}", ":***", 1)


# -- Policy ----------------------------------------------------------------------------------

POLICIES = [
    Policy(),
    Policy(allow_password=False),
    Policy(allow_userinfo=False),
    Policy(schemes={"ftp"}, require_host=True, allow_fragment=False, max_length=20),
    Policy(allow_internal_host=False, allow_ip_host=False, ports={443}),
    Policy(accept_iri=True),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("text", [text for text, _ in INVALID] + VALID)
def test_policy_problems_and_errors(policy: Policy, text: str) -> None:
    problems = policy.problems(text)
    assert_clean(repr(problems), *(p.message for p in problems))
    try:
        policy.check(text)
    except PolicyError as error:
        assert_error_clean(error)
        for problem in error.problems:  # positions count in the error's (redacted) text
            assert problem.position is None or 0 <= problem.position <= len(error.text)
            if problem.code == "password-forbidden":
                assert error.text[problem.position :].startswith("***")


def test_policy_positions_count_in_the_redacted_text() -> None:
    with pytest.raises(PolicyError) as info:
        Policy(allow_userinfo=False).check(AFTER)
    error = info.value
    assert error.text == "https://user:***@exa mple.com/"
    # after a syntax error only the syntax problem, at the redacted position
    assert [(p.code, p.position) for p in error.problems] == [("syntax", 20)]


# -- templates -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "values"),
    [
        (f"https://user:{MARKER}@{{+host}}/", {"host": "exa[mple"}),
        ("https://user:{+pw}@{+host}/", {"pw": MARKER, "host": "a[b"}),
        ("https://user:{+pw}@h/", {"pw": MARKER + "[x"}),
        (f"https://user:{MARKER} @h/{{x}}", {"x": "1"}),
        (f"https://user:{MARKER}@h/{{x", {}),
        (f"https://user:{MARKER}@h/{{x:3}}", {"x": ["a"]}),
    ],
)
def test_template_errors(template: str, values: dict[str, urikit.TemplateValue]) -> None:
    _outcome(lambda: URITemplate(template).expand(values))
    _outcome(lambda: URITemplate(template).partial(values))


# -- pydantic --------------------------------------------------------------------------------


class Model(BaseModel):
    uri: URIField | None = None
    ref: URIReferenceField | None = None
    absolute: AbsoluteURIField | None = None
    relative: RelativeReferenceField | None = None
    iri: IRIField | None = None
    iri_ref: IRIReferenceField | None = None
    checked: Annotated[urikit.URI, PolicyURI(Policy(allow_password=False))] | None = None
    public: Annotated[urikit.URI, PolicyURI(Policy(allow_internal_host=False))] | None = None


@pytest.mark.parametrize("text", [text for text, _ in INVALID] + VALID)
def test_pydantic_errors_show_the_redacted_input(text: str) -> None:
    network_path = text[text.index("//") :]  # a relative reference (RFC 4.2)
    fields = [name for name in Model.model_fields if not text.startswith("//")]
    with pytest.raises(ValidationError) as info:
        Model.model_validate(dict.fromkeys(fields, text) | {"relative": network_path})
    error = info.value
    assert_clean(str(error), repr(error), error.json(), repr(error.errors()))
    for detail in error.errors():
        assert "***" in detail["input"]
        ctx = detail.get("ctx") or {}
        position = ctx.get("position")
        if position is not None:  # it counts in the input shown
            assert 0 <= position <= len(detail["input"])


# -- argparse --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "convert",
    [
        uri_type(),
        uri_type(rule="URI-reference"),
        uri_type(policy=Policy(allow_password=False)),
        uri_type(policy=Policy(normalize=lambda ref: 1)),  # type: ignore[arg-type,return-value]
    ],
)
@pytest.mark.parametrize("text", [text for text, _ in INVALID] + VALID)
def test_argparse_stderr(convert: Callable[[str], object], text: str) -> None:
    parser = argparse.ArgumentParser(prog="prog")
    parser.add_argument("--uri", type=convert)
    stderr = io.StringIO()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sys, "stderr", stderr)
            parser.parse_args(["--uri", text])
    except SystemExit as stop:
        assert stop.code == 2
        assert "error: argument --uri" in stderr.getvalue()
    assert_clean(stderr.getvalue())


# -- jsonschema ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [text for text, _ in INVALID if not text.startswith("//")])
def test_jsonschema_messages_with_the_redacting_checker(text: str) -> None:
    with pytest.raises(jsonschema.ValidationError) as info:
        jsonschema.validate(text, {"format": "uri"}, format_checker=redacting_format_checker())
    error = info.value
    assert_clean(error.message, repr(error.cause), str(error.cause))
    assert error.instance == text  # the data itself, documented: never show it


# -- the CLI ---------------------------------------------------------------------------------

_CLI_RUNS: list[list[str]] = [
    ["validate", *(text for text, _ in INVALID), *VALID],
    ["validate", "--no-password", "--no-userinfo", "--max-length", "10", *VALID],
    ["parse", *(text for text, _ in INVALID), *VALID],
    ["normalize", *(text for text, _ in INVALID), *VALID],
    ["resolve", "https://a/b/", *(text for text, _ in INVALID), *VALID],
    ["relativize", "https://a/b/", *(text for text, _ in INVALID), *VALID],
    ["build", "--scheme", "https", "--user", "u", "--password", MARKER, "--host", "h"],
    ["build", "--scheme", "https", "--user", "u", "--password", MARKER, "--port", "99999"],
    ["template", f"https://u:{MARKER}@{{+h}}/", "h=a[b"],
    ["template", "https://u:{pw}@h/", f"pw={MARKER}"],
    ["template", "https://u:{pw}@h/", "--match", f"https://u:{MARKER}@h/"],
]


def _cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    main(argv)
    out, err = capsys.readouterr()
    return out + err


@pytest.mark.parametrize("json_lines", [False, True])
@pytest.mark.parametrize("argv", _CLI_RUNS, ids=lambda argv: argv[0])
def test_cli_output(capsys: pytest.CaptureFixture[str], argv: list[str], json_lines: bool) -> None:
    output = _cli(capsys, [argv[0], *(["--json"] if json_lines else []), *argv[1:]])
    assert_clean(output)
    if json_lines:
        for line in output.splitlines():
            if line.startswith("{"):
                json.loads(line)


def test_cli_positions_count_in_the_text_shown(capsys: pytest.CaptureFixture[str]) -> None:
    output = _cli(capsys, ["validate", AFTER])
    first, shown, caret = output.splitlines()[:3]
    assert first.startswith("arg:1:21: invalid character ' ' in host")  # column 21: 1-based
    assert shown[caret.index("^")] == " " and "***" in shown


@pytest.mark.parametrize("json_lines", [False, True])
def test_cli_stdin_both_paths(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, json_lines: bool
) -> None:
    lines = "".join(f"{text}\n" for text in [*(t for t, _ in INVALID), *VALID])
    flags = ["--json"] if json_lines else []
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))  # the per-line path
    per_line = _cli(capsys, ["validate", *flags])
    fast = subprocess.run(  # the process's own stdin: the block path
        [sys.executable, "-m", "urikit", "validate", *flags],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    assert_clean(per_line, fast.stdout, fast.stderr)
    assert fast.stdout + fast.stderr == per_line


def test_show_secrets_prints_them(capsys: pytest.CaptureFixture[str]) -> None:
    """The one way to see a password: asked for by name."""
    output = _cli(capsys, ["normalize", "--show-secrets", VALID[0]])
    assert MARKER in output
    output = _cli(capsys, ["validate", "--json", "--show-secrets", *VALID])
    assert MARKER in output
    assert re.search(r"\*\*\*", _cli(capsys, ["normalize", VALID[0]]))


#: Texts in which a browser finds a password though RFC 3986 reads none: after a
#: special scheme (WHATWG URL Standard, "special authority ignore slashes state") any
#: run of "/" and "\" starts the authority, none at all too.
WHATWG_AUTHORITIES = [
    f"https:user:{MARKER}@example.com/",
    f"https:/user:{MARKER}@example.com/",
    f"https:///user:{MARKER}@example.com/",
    f"https:\\\\user:{MARKER}@example.com/",
    f"HTTP:/\\user:{MARKER}@example.com/",
    f" wss:user:{MARKER}@example.com/",
]


@pytest.mark.parametrize("text", WHATWG_AUTHORITIES)
def test_a_password_a_browser_reads_after_a_special_scheme_is_hidden(text: str) -> None:
    """Such a text is a path to RFC 3986 but a userinfo to every browser and WHATWG
    parser: its password is hidden all the same (RFC 7.5), in the redacted text, the
    errors and problems of a policy that refuses it, and their repr."""
    assert MARKER not in redact(text)
    policy = Policy(schemes={"https"}, require_host=True)
    with pytest.raises(PolicyError) as raised:
        policy.check(text)
    shown = [str(raised.value), repr(raised.value), raised.value.text]
    shown += [repr(p) for p in raised.value.problems]
    assert not any(MARKER in said for said in shown)


# --- connection strings (urikit.schemes.postgresql, mysql, redis, amqp, mongodb) -------

_CONNECTION_MODULES = {
    "postgresql": schemes.postgresql,
    "mysql": schemes.mysql,
    "redis": schemes.redis,
    "rediss": schemes.redis,
    "unix": schemes.redis,
    "amqp": schemes.amqp,
    "amqps": schemes.amqp,
    "mongodb": schemes.mongodb,
}
_CONNECTION_TEXTS = [
    f"postgresql://app:{MARKER}@h1:5432,h2/db?sslmode=require",
    f"postgresql+psycopg://app:{ENCODED}@h/db",
    f"postgresql://app@h/db?password={MARKER}&sslmode=require",
    f"mysql+pymysql://app:{MARKER}@h:3306/db",
    f"redis://:{MARKER}@cache:6379/0",
    f"rediss://app:{ENCODED}@cache/1?password={MARKER}",
    f"unix://:{MARKER}@/run/redis.sock",
    f"amqps://app:{MARKER}@rabbit/%2F",
    f"mongodb://app:{MARKER}@m1,m2:27018/db",
    f"mongodb+srv://app:{MARKER}@c.example.net/db",
]
_CONNECTION_INVALID = [
    f"postgresql://app:{MARKER}@h1:5x,h2/db",
    f"postgresql://app:{MARKER}@h/db?sslmode=a=b",
    f"postgresql://app@h/db?password={MARKER} x",
    f"postgresql://app@h/d%00b?password={MARKER}",
    f"mysql://app:{MARKER}@h1,h2/db",
    f"redis://:{MARKER}@cache:99999/0",
    f"amqp://app:{MARKER}@rabbit/a/b",
    f"mongodb://app:{MARKER}@h:0/db",
    f"mongodb://app:{MARKER}@h%41/db",
    f"mongodb+srv://app:{MARKER}@c.example.net:1/db",
]


@pytest.mark.parametrize("text", _CONNECTION_TEXTS)
def test_a_connection_value_shows_no_password(text: str) -> None:
    """RFC 3986 3.2.1, 7.5: the value's repr() and str() hide the userinfo's password
    and a password parameter's; uri() is the one way to the secret."""
    value = _CONNECTION_MODULES[text.partition(":")[0].partition("+")[0]].parse(text)
    assert_clean(repr(value), str(value), repr([value]), f"{value}")
    assert MARKER in (value.password or "") + (value.param("password") or "")
    assert MARKER in value.uri() or ENCODED in value.uri()


@pytest.mark.parametrize("text", _CONNECTION_INVALID)
def test_a_connection_error_shows_no_password(text: str) -> None:
    with pytest.raises(InvalidURIError) as info:
        _CONNECTION_MODULES[text.partition(":")[0].partition("+")[0]].parse(text)
    assert_error_clean(info.value)


def test_the_conninfo_and_redis_kwargs_hold_the_password_for_the_client() -> None:
    """What goes to the client carries the secret (it is for the client, not a log)."""
    value = schemes.postgresql.parse(f"postgresql://app:{MARKER}@h/db")
    assert f"password='{MARKER}'" in schemes.postgresql.to_conninfo(value)
    redis_value = schemes.redis.parse(f"redis://:{MARKER}@cache/0")
    assert schemes.redis.to_redis_kwargs(redis_value).get("password") == MARKER
