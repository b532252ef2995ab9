"""``urikit validate --jobs N``: chunks of stdin checked in N processes, written in input
order, the same bytes and exit status as one process; a progress bar only on a
terminal's stderr."""

from __future__ import annotations

import fcntl
import io
import os
import select
import struct
import subprocess
import sys
import termios
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli import test_blocks
from tests.cli.test_blocks import OPTIONS, Capture
from tests.corpus import urls
from urikit.cli import _parallel, _validate_stdin
from urikit.cli._parallel import chunks, in_order

ROOT = Path(__file__).resolve().parents[2]


def _in_threads(monkeypatch: pytest.MonkeyPatch, chunk_size: int) -> None:
    """The --jobs path with threads for processes (same code, same order of results)
    and chunks of ``chunk_size`` bytes, so that tiny inputs make many chunks."""
    threads = partial(in_order, executor=ThreadPoolExecutor)
    monkeypatch.setattr(_validate_stdin, "in_order", threads)
    monkeypatch.setattr(_parallel, "CHUNK_SIZE", chunk_size)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    data=test_blocks._INPUTS,  # pyright: ignore[reportPrivateUsage]
    argv=st.sampled_from(OPTIONS),
    size=st.sampled_from([1, 3, 16, 1 << 20]),
    errors=st.sampled_from(["surrogateescape", "strict"]),
)
def test_jobs_write_what_one_process_writes(
    capsys: Capture,
    monkeypatch: pytest.MonkeyPatch,
    data: bytes,
    argv: list[str],
    size: int,
    errors: str,
) -> None:
    """Chunks cut anywhere (a line, a CR LF, a UTF-8 sequence): the output of --jobs 3
    is that of the per-line path, byte for byte. Bytes that are not text under a strict
    decoder stop both with the same status and message; the byte position it gives and
    the lines reported before depend on how much each path had read (as for the
    one-process fast path: cli/_validate_stdin.py says so)."""
    _in_threads(monkeypatch, size)
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    parallel = run(capsys, monkeypatch, data, [*argv, "--jobs", "3"], fast=True, errors=errors)
    per_line = run(capsys, monkeypatch, data, argv, fast=False, errors=errors)
    not_text = "standard input is not text: "
    if errors == "strict" and not_text in per_line[2]:
        assert parallel[0] == per_line[0] == 1
        assert not_text in parallel[2]
        shorter, longer = sorted((parallel[1], per_line[1]), key=len)
        assert longer.startswith(shorter)  # what either wrote came in input order
    else:
        assert parallel == per_line


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1", "utf-16", "utf-8-sig"])
def test_chunks_are_whole_lines_numbered_as_in_the_input(encoding: str) -> None:
    """Bytes cut at a line break (UTF-8, Latin-1) or text decoded first (any other
    encoding, where a 0x0A byte may be half a character): the same lines either way."""
    data = "a\nbé\r\n\nccc\x85\ndd"  # U+0085 is no line break here: only "\\n" is
    source = io.BytesIO(data.encode(encoding))
    read = list(chunks(source, encoding=encoding, errors="strict", size=3))
    texts = [text.decode(encoding) if isinstance(text, bytes) else text for _, text in read]
    if encoding == "utf-8-sig":
        assert all(isinstance(text, str) for _, text in read)
    assert "".join(texts) == data
    assert all(text.endswith("\n") for text in texts[:-1])
    for (first, _), text in zip(read, texts, strict=True):
        assert data.split("\n")[first - 1] == text.split("\n")[0]


def _validate(data: bytes, *argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urikit", "validate", *argv],
        input=data,
        capture_output=True,
        check=False,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


@pytest.fixture(scope="module")
def corpus_bytes() -> bytes:
    lines = urls()
    lines = lines * max(1, 60000 // max(1, len(lines)))
    return "".join(line + "\n" for line in lines).encode()


@pytest.mark.parametrize("argv", [[], ["--json"], ["--rule", "URI", "-q"]])
def test_processes_keep_order_and_status(corpus_bytes: bytes, argv: list[str]) -> None:
    one = _validate(corpus_bytes, *argv)
    two = _validate(corpus_bytes, *argv, "--jobs", "2")
    assert one.returncode == two.returncode == 1  # the corpus has invalid lines
    assert one.stdout == two.stdout
    assert one.stderr == two.stderr  # reports in input order, then the summary


def test_all_valid_is_status_0_with_every_core() -> None:
    data = b"http://a/b\n../g\n\nurn:x:y\n" * 1000
    done = _validate(data, "--jobs", "0")
    assert done.returncode == 0
    assert done.stderr == b"3000 checked, 3000 valid, 0 invalid\n"


def test_jobs_must_be_a_count() -> None:
    assert _validate(b"", "--jobs", "-1").returncode == 2
    assert _validate(b"", "--jobs", "two").returncode == 2


def test_no_progress_bar_in_a_pipe(corpus_bytes: bytes) -> None:
    """stderr is a pipe: only reports and the summary, no bar (no CR, no rate)."""
    done = _validate(corpus_bytes * 4, "--jobs", "2")
    assert b"\r" not in done.stderr
    assert b"B/s" not in done.stderr and b"checked:" not in done.stderr
    assert done.stderr.endswith(b" invalid\n")


def test_progress_bar_on_a_terminal() -> None:
    """stderr is a terminal (a pseudo-terminal here) and the input takes longer than
    the bar's delay: tqdm draws it there, and clears it before the summary."""
    pytest.importorskip("tqdm")
    leader, follower = os.openpty()
    # A new pseudo-terminal is 0 columns wide, where tqdm draws nothing: make it 80.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "urikit", "validate", "--rule", "URI"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=follower,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    os.close(follower)
    assert process.stdin is not None
    process.stdin.write(b"http://a/b\n" * 10000)
    process.stdin.flush()
    time.sleep(1.5)  # past the bar's delay, so that the next read draws it
    process.stdin.write(b"http://a/b\n" * 10000)
    process.stdin.close()
    seen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(leader, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not data:
            break
        seen += data
    os.close(leader)
    assert process.wait(timeout=60) == 0
    assert b"checked:" in seen
    assert seen.endswith(b"20000 checked, 20000 valid, 0 invalid\r\n")
