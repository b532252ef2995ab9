"""``urikit validate`` over stdin read in blocks: the same bytes out as the per-line path.

The fast path (cli/_validate_stdin.py over cli/_blocks.py) is taken when stdin is the
interpreter's own; these tests hand ``main`` a stdin over bytes both ways, as its own
(``sys.__stdin__``, fast) and as a replaced one (per line), and compare stdout, stderr
and the exit status byte for byte, over corpus lines and random text: blank lines, CR,
NUL, non-ASCII, bytes that are not UTF-8 (lone surrogates with surrogateescape).
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli import runs_of_the_command
from tests.corpus import urls
from urikit.cli import _blocks, main
from urikit.cli._blocks import PIECE, Pending, blocks, pieces

Capture = pytest.CaptureFixture[str]

CORPUS = urls()[:2000]
OPTIONS = [
    [],
    ["--json"],
    ["--crlf"],
    ["--json", "--crlf"],
    ["-q", "--rule", "URI"],
    ["--json", "--rule", "absolute-URI"],
    ["--rule", "IRI-reference", "--json"],
]


def _stdin(data: bytes, errors: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors, newline="\n")


def _run(
    capsys: Capture,
    monkeypatch: pytest.MonkeyPatch,
    data: bytes,
    argv: list[str],
    *,
    fast: bool,
    errors: str = "surrogateescape",
) -> tuple[object, str, str]:
    """Exit status (or the error raised), stdout and stderr of ``urikit validate``."""
    stdin = _stdin(data, errors)
    monkeypatch.setattr(sys, "stdin", stdin)
    # The interpreter's own stdin takes the fast path; any other goes line by line.
    monkeypatch.setattr(sys, "__stdin__", stdin if fast else None)
    outcome: object
    try:
        outcome = main(["validate", *argv])
    except UnicodeError as error:
        outcome = repr(error)
    out, err = capsys.readouterr()
    return outcome, out, err


def _same(
    capsys: Capture,
    monkeypatch: pytest.MonkeyPatch,
    data: bytes,
    argv: list[str],
    errors: str = "surrogateescape",
) -> None:
    fast = _run(capsys, monkeypatch, data, argv, fast=True, errors=errors)
    slow = _run(capsys, monkeypatch, data, argv, fast=False, errors=errors)
    assert fast == slow


_PIECES = st.one_of(
    st.sampled_from(CORPUS).map(lambda line: line.encode()),
    st.text(
        alphabet=st.sampled_from(list('ab/:?#@%[] \t\r\x00\x0b\x1c\x85\xa0\u2028é"\\\U0001f600'))
    ).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"", b" ", b"\r", b"\xff", b"\xc3", b"\xed\xa0\x80", b"http://a/\xe9"]),
)


def _joined(lines: list[bytes], ends: list[bytes], last: bytes) -> bytes:
    return b"".join(map(bytes.__add__, lines, ends)) + last


_INPUTS = st.builds(
    _joined,
    st.lists(st.lists(_PIECES, max_size=3).map(b"".join), max_size=12),
    st.lists(st.sampled_from([b"\n", b"\r\n", b"\n\n", b"\r\r\n"]), min_size=12, max_size=12),
    st.sampled_from([b"", b"http://tail/", b"tail\r", b"a b"]),
)


@runs_of_the_command(300)
@given(data=_INPUTS, argv=st.sampled_from(OPTIONS), size=st.sampled_from([None, 1, 3, 16]))
def test_fast_path_writes_what_the_per_line_path_writes(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, data: bytes, argv: list[str], size: int | None
) -> None:
    """Blocks of any size (a line, a CR LF, a UTF-8 sequence cut between two reads)."""
    monkeypatch.setattr(_blocks, "BLOCK_SIZE", size or _blocks.BLOCK_SIZE)
    _same(capsys, monkeypatch, data, argv)


@runs_of_the_command(60)
@given(data=_INPUTS, json=st.booleans())
def test_undecodable_input_stops_both_paths_alike(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, data: bytes, json: bool
) -> None:
    """With a strict decoder, bytes that are not UTF-8 end the run: exit status 1 and
    "standard input is not text", the same message on both paths."""
    _same(capsys, monkeypatch, data, ["--json"] if json else [], errors="strict")


def test_corpus_in_blocks(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    data = "".join(line + "\n" for line in urls()).encode()
    for argv in (["-q"], ["--json"]):
        _same(capsys, monkeypatch, data, argv)


_PASSWORDS = (
    b"http://u:se cret@h/\n//u:se cret@host\n//a:se cret@c:d e\nhttp://u:secret@h/a b\nx:y@[::1\n"
)


@pytest.mark.parametrize("secrets", [[], ["--show-secrets"]])
@pytest.mark.parametrize("json", [[], ["--json"]])
@pytest.mark.parametrize("rule", ["URI-reference", "authority", "userinfo", "IRI"])
def test_failing_lines_with_a_password_are_reported_alike(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, rule: str, json: list[str], secrets: list[str]
) -> None:
    """Each failing line's report or JSON record, its text and position with the
    password written ``***`` (RFC 7.5; --show-secrets shows only the JSON input): the
    fast path locates and redacts each error once, the per-line path field by field."""
    argv = ["--rule", rule, *json, *secrets]
    fast = _run(capsys, monkeypatch, _PASSWORDS, argv, fast=True)
    assert fast == _run(capsys, monkeypatch, _PASSWORDS, argv, fast=False)
    status, _, err = fast
    assert status == 1
    if not json:  # each report's excerpt: the error's own text, redacted whatever the options
        assert "***" in err
        assert "cret" not in err


# A valid line with a password under each rule that can hold one without "//".
_VALID_WITH_A_PASSWORD = {
    "authority": b"u:s3cret@host:80\n",
    "iauthority": "u:s3cret\u00e9@h\u00f4st\n".encode(),
    "userinfo": b"u:s3cret\n",
    "iuserinfo": "u:s3cret\u00e9\n".encode(),
    "URI-reference": b"//u:s3cret@host/\n",
}


@pytest.mark.parametrize("rule", sorted(_VALID_WITH_A_PASSWORD))
def test_a_valid_input_shows_no_password_as_its_rule_reads_it(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, rule: str
) -> None:
    """``--json``'s input of a valid line is read as the rule it was checked against
    (an authority or a userinfo has its password without "//", RFC 3.2, 3.2.1): written
    ``***`` on both paths (RFC 7.5), shown with --show-secrets."""
    data = _VALID_WITH_A_PASSWORD[rule]
    argv = ["--rule", rule, "--json"]
    fast = _run(capsys, monkeypatch, data, argv, fast=True)
    assert fast == _run(capsys, monkeypatch, data, argv, fast=False)
    status, out, _ = fast
    assert status == 0
    assert "s3cret" not in out and '"input": "u:***' in out.replace("//", "")
    shown = _run(capsys, monkeypatch, data, [*argv, "--show-secrets"], fast=True)
    assert "s3cret" in shown[1]


def test_fast_path_is_taken_for_the_own_stdin(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken: list[int] = []
    real = _blocks.blocks

    def counted(*args: object, **kwargs: object) -> Iterator[_blocks.Block]:
        taken.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(_blocks, "blocks", counted)
    monkeypatch.setattr("urikit.cli._validate_stdin.blocks", counted)
    assert _run(capsys, monkeypatch, b"a b\n", [], fast=True)[0] == 1
    assert taken == [1]
    assert _run(capsys, monkeypatch, b"a b\n", [], fast=False)[0] == 1
    assert taken == [1]


def test_policy_options_check_every_stdin_line(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A policy keeps the per-line path: its checks run on the own stdin too."""
    data = b"https://ok.example/\nhttp://u:p@h/\n"
    argv = ["--rule", "URI", "--scheme", "https", "--no-password"]
    status, _, err = _run(capsys, monkeypatch, data, argv, fast=True)
    assert status == 1
    assert "stdin:2:1:" in err
    assert err.endswith("2 checked, 1 valid, 1 invalid\n")
    _same(capsys, monkeypatch, data, argv)


@settings(max_examples=200, deadline=None)
@given(
    data=st.binary(max_size=40) | _INPUTS,
    size=st.integers(1, 9),
    crlf=st.booleans(),
    errors=st.sampled_from(["surrogateescape", "replace"]),
)
def test_blocks_give_the_lines_of_the_text_stream(
    data: bytes, size: int, crlf: bool, errors: str
) -> None:
    """Only "\\n" ends a line (not CR, U+2028 or U+0085); with crlf a CR before it goes."""
    expected: list[str] = []
    for line in _stdin(data, errors):
        if crlf and line.endswith("\r\n"):
            line = line[:-2]
        elif line.endswith("\n"):
            line = line[:-1]
        expected.append(line)
    got: list[str] = []
    source = io.BufferedReader(io.BytesIO(data))
    for block in blocks(source, encoding="utf-8", errors=errors, crlf=crlf, size=size):
        assert block.first == len(got) + 1
        got.extend(block.lines)
    assert got == expected


class _Ascii(io.StringIO):
    """A stream that cannot encode past ASCII, as a strict ASCII stdout."""

    def write(self, text: str, /) -> int:
        text.encode("ascii")
        return super().write(text)


def test_pending_falls_back_line_by_line() -> None:
    stream = _Ascii()
    pending = Pending(stream, lambda line: line.encode("ascii", "backslashreplace").decode())
    pending.write('{"a": "\u2028x"}\n{"b": 1}\n')
    pending.write("\xe9")
    pending.flush()
    assert stream.getvalue() == '{"a": "\\u2028x"}\n{"b": 1}\n\\xe9'
    with pytest.raises(UnicodeEncodeError):
        plain = Pending(_Ascii())
        plain.write("ok\n\xe9\n")
        plain.flush()


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(st.text(alphabet=st.sampled_from(list("ab\xe9\u2028\r"))), max_size=40),
    width=st.integers(min_value=0, max_value=3 * PIECE),
    last=st.sampled_from(["", "tail", "\xe9"]),
)
def test_pieces_are_whole_lines_of_the_text(lines: list[str], width: int, last: str) -> None:
    """A block's output is written in pieces that cut only after a "\\n": joined, the
    text; each piece but the last ends a line, so a stream that cannot encode one
    falls back line by line as it would on the whole."""
    text = "".join(f"{'x' * (width // 4)}{line}\n" for line in lines) + last
    found = list(pieces(text))
    assert "".join(found) == text
    assert all(piece.endswith("\n") for piece in found[:-1])
    assert all(found)
    if text.isascii() or len(text) <= PIECE:
        assert found == ([text] if text else [])


def test_pending_falls_back_line_by_line_in_a_long_block() -> None:
    """Text past :data:`PIECE` characters: the lines around the one the stream cannot
    encode are written as they are, that one replaced, the same as in a short block."""
    lines = [f"{n:07}" for n in range(3 * PIECE // 8)]
    lines[PIECE // 4] = '{"a": "\u2028x"}'
    stream = _Ascii()
    pending = Pending(stream, lambda line: line.encode("ascii", "backslashreplace").decode())
    pending.write("".join(line + "\n" for line in lines))
    pending.flush()
    lines[PIECE // 4] = '{"a": "\\u2028x"}'
    assert stream.getvalue() == "".join(line + "\n" for line in lines)


def test_real_stdin_in_blocks() -> None:
    """``python -m urikit validate`` reads its own stdin in blocks: same output as the
    per-line path (here with --crlf and a CR LF pair cut at no particular place)."""
    text = "".join(f"http://h/{n}\r\n" if n % 7 else f"a b{n}\r\n" for n in range(20000))
    done = subprocess.run(
        [sys.executable, "-m", "urikit", "validate", "--crlf", "--json"],
        input=text.encode(),
        capture_output=True,
        check=False,
    )
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 1
    assert len(lines) == 20000
    assert done.stderr.decode().endswith("20000 checked, 17142 valid, 2858 invalid\n")
    assert lines[7].startswith('{"source": "stdin", "line": 8, "input": "a b7", "valid": false')


def _cpu_time(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, data: bytes, *, fast: bool
) -> float:
    """The least CPU time (of this process: other load does not count) of two runs."""
    times: list[float] = []
    for _ in range(2):
        start = time.process_time()
        outcome = _run(capsys, monkeypatch, data, ["--json"], fast=fast)
        times.append(time.process_time() - start)
        assert outcome[0] == 0
    return min(times)


def test_one_long_line_costs_no_more_than_on_the_per_line_path(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fast path is linear in the length of a line: one 32 MiB line, read in 512
    blocks, is joined once (not copied again at each block), so it costs about what the
    per-line path pays for it. No time is asserted, only the ratio of the two, with
    room to spare (quadratic joining costs tens of times more here)."""
    data = b"http://h/" + b"a" * (32 << 20) + b"\n"
    fast = _cpu_time(capsys, monkeypatch, data, fast=True)
    slow = _cpu_time(capsys, monkeypatch, data, fast=False)
    assert fast <= 3 * slow
