"""``urikit validate --jobs N``: chunks of stdin checked in N processes, written in input
order, the same bytes and exit status as one process; a progress bar only on a
terminal's stderr."""

from __future__ import annotations

import contextlib
import fcntl
import io
import multiprocessing
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Generator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.cli import COMMAND_ENV, runs_of_the_command, test_blocks, urikit_run
from tests.cli.test_blocks import OPTIONS, Capture
from tests.corpus import urls
from urikit.cli import _blocks, _validate_stdin


def _pooled(monkeypatch: pytest.MonkeyPatch, chunk_size: int) -> None:
    """The --jobs path taken whatever the build (the kernel's is one process), with
    chunks of ``chunk_size`` bytes whose lines are read a few bytes at a time."""
    monkeypatch.setattr(_validate_stdin, "kernel", None)
    monkeypatch.setattr(_validate_stdin, "CHUNK_SIZE", chunk_size)
    monkeypatch.setattr(_blocks, "BLOCK_SIZE", max(1, chunk_size // 3))


def _in_threads(monkeypatch: pytest.MonkeyPatch, chunk_size: int) -> None:
    """:func:`_pooled` with threads for processes (same code, same order of results)."""
    _pooled(monkeypatch, chunk_size)
    monkeypatch.setattr(_validate_stdin, "POOL", ThreadPoolExecutor)


@runs_of_the_command(200)
@given(
    data=test_blocks._INPUTS,  # pyright: ignore[reportPrivateUsage]
    argv=st.sampled_from(OPTIONS),
    size=st.sampled_from([1, 3, 16, 1 << 20]),
    errors=st.sampled_from(["surrogateescape", "strict"]),
    file=st.booleans(),
)
def test_jobs_write_what_one_process_writes(
    capsys: Capture,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
    data: bytes,
    argv: list[str],
    size: int,
    errors: str,
    file: bool,
) -> None:
    """Chunks cut anywhere (a line, a CR LF, a UTF-8 sequence), read from a pipe or
    from a file: the output of --jobs 3 is that of the per-line path, byte for
    byte. Bytes that are not text under a strict decoder stop both with the same
    status and message; the byte position it gives and the lines reported before
    depend on how much each path had read (as for the one-process fast path:
    cli/_validate_stdin.py says so)."""
    _in_threads(monkeypatch, size)
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    per_line = run(capsys, monkeypatch, data, argv, fast=False, errors=errors)
    with contextlib.ExitStack() as stack:
        if file:
            path = tmp_path_factory.mktemp("stdin") / "lines"
            path.write_bytes(data)
            stack.enter_context(_file_stdin(path, errors))
        parallel = run(capsys, monkeypatch, data, [*argv, "--jobs", "3"], fast=True, errors=errors)
    not_text = "standard input is not text: "
    if errors == "strict" and not_text in per_line[2]:
        assert parallel[0] == per_line[0] == 1
        assert not_text in parallel[2]
        shorter, longer = sorted((parallel[1], per_line[1]), key=len)
        assert longer.startswith(shorter)  # what either wrote came in input order
    else:
        assert parallel == per_line


@contextlib.contextmanager
def _file_stdin(path: Path, errors: str) -> Generator[None]:
    """stdin redirected from the file ``path``, as ``urikit validate < FILE`` has it
    (test_blocks._run then hands it to ``main`` as the interpreter's own)."""
    with path.open("rb") as raw, pytest.MonkeyPatch.context() as patch:
        stdin = io.TextIOWrapper(raw, encoding="utf-8", errors=errors, newline="\n")

        def from_the_file(_data: bytes, _errors: str) -> io.TextIOWrapper:
            return stdin

        patch.setattr(test_blocks, "_stdin", from_the_file)
        yield


def test_spawned_workers_write_the_same(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Workers that do not inherit this process (spawn, the default on macOS) import
    what they run and write the same."""
    data = b"http://a/b\nhttp://exa mple.com/\r\n\nurn:x:y" * 200
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    per_line = run(capsys, monkeypatch, data, [], fast=False)
    path = tmp_path / "urls.txt"
    path.write_bytes(data)
    spawn = partial(ProcessPoolExecutor, mp_context=multiprocessing.get_context("spawn"))
    _pooled(monkeypatch, 50)
    monkeypatch.setattr(_validate_stdin, "POOL", spawn)
    with _file_stdin(path, "surrogateescape"):
        assert run(capsys, monkeypatch, data, ["--jobs", "2"], fast=True) == per_line


# What a file of URIs may hold (RFC 3986 App. A): valid and invalid lines,
# CR LF, blank lines, passwords (written *** unless --show-secrets: RFC 7.5), bytes
# that are not UTF-8 (lone surrogates under surrogateescape, as Python reads stdin),
# non-ASCII text, and a last line without a line break.
_EDGES = (
    b"http://a/b\r\n\n  \nhttp://user:Zq7x-pass@h/a b\nhttp://exa mple.com/\r\n"
    b"http://h/\xff\xfe\n#r\xc3\xa9sum\xc3\xa9\nhttps://u:Zq7x-pass@ok.example/\n\t\n"
)


@pytest.fixture(scope="module")
def corpus_bytes() -> bytes:
    lines = urls()
    lines = lines * max(1, 60000 // max(1, len(lines)))
    return "".join(line + "\n" for line in lines).encode() + _EDGES * 3000 + b"urn:x:last"


_ARGVS = [
    [],
    ["--json"],
    ["--crlf"],
    ["--json", "--show-secrets"],
    ["--rule", "URI", "-q"],
    ["--output-format", "parquet"],
]


@pytest.mark.parametrize("argv", _ARGVS)
def test_processes_write_what_one_process_writes(
    corpus_bytes: bytes, tmp_path: Path, argv: list[str]
) -> None:
    """--jobs 2 and 0 (every core), stdin a pipe or a file: stdout and stderr byte for
    byte those of --jobs 1, and the same exit status (1: some lines are invalid)."""
    path = tmp_path / "urls.txt"
    path.write_bytes(corpus_bytes)
    one = urikit_run("validate", *argv, "--jobs", "1", data=corpus_bytes)
    assert one.returncode == 1
    assert (b"Zq7x-pass" in one.stdout + one.stderr) == ("--show-secrets" in argv)
    for jobs in ("2", "0"):
        piped = urikit_run("validate", *argv, "--jobs", jobs, data=corpus_bytes)
        with path.open("rb") as stdin:
            filed = urikit_run("validate", *argv, "--jobs", jobs, stdin=stdin)
        for done in (piped, filed):
            assert (done.returncode, done.stdout, done.stderr) == (1, one.stdout, one.stderr)


def test_all_valid_is_status_0_with_every_core(tmp_path: Path) -> None:
    data = b"http://a/b\n../g\n\nurn:x:y\n" * 1000
    path = tmp_path / "urls.txt"
    path.write_bytes(data)
    with path.open("rb") as stdin:
        for done in (
            urikit_run("validate", "--jobs", "0", data=data),
            urikit_run("validate", "--jobs", "0", stdin=stdin),
        ):
            assert done.returncode == 0
            assert done.stderr == b"3000 checked, 3000 valid, 0 invalid\n"


def test_parquet_input_with_jobs_is_the_same(tmp_path: Path) -> None:
    """Parquet input is checked in one process whatever --jobs says (a batch at a
    time, by Arrow): the same output and status."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "links.parquet"
    table = pa.table({"url": ["http://a/b", None, "http://user:pw@exa mple.com/", "urn:x:y"]})
    pq.write_table(table, path)
    argv = ["validate", "--input-format", "parquet", "--column", "url", "--json", str(path)]
    one, two = urikit_run(*argv), urikit_run(*argv, "--jobs", "2")
    assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
    assert one.returncode == 1 and b"pw" not in one.stdout


def test_jobs_must_be_a_count() -> None:
    assert urikit_run("validate", "--jobs", "-1").returncode == 2
    assert urikit_run("validate", "--jobs", "two").returncode == 2


def test_no_progress_bar_in_a_pipe(corpus_bytes: bytes) -> None:
    """stderr is a pipe: only reports and the summary, no bar (no rate, no redraw)."""
    done = urikit_run("validate", "--jobs", "2", "--crlf", data=corpus_bytes * 2)
    assert b"B/s" not in done.stderr and b"checked:" not in done.stderr
    assert b"\x1b[" not in done.stderr
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
        env=COMMAND_ENV,
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


# Edges of input cut into chunks (RFC 3986 App. A): CR LF across a cut, no final line
# break, a line longer than many blocks, bytes that are not UTF-8, only blank lines,
# nothing at all.
_CHUNK_EDGES = [
    b"",
    b"\n",
    b"http://a/b\r\nhttp://exa mple.com/\r\n" * 40,
    b"http://a/b\nurn:x:y\nhttp://exa mple.com/" * 30,
    b"http://a/" + b"x" * 5000 + b" y\nhttp://b/\n" + b"http://h/" + b"z" * 3000,
    b"http://h/\xff\xfe\n#r\xc3\xa9sum\xc3\xa9\nhttp://u:Zq7x@h/\xc3\n" * 50,
    b"\n \n\t\n\r\n" * 60,
]


@pytest.mark.parametrize("data", _CHUNK_EDGES)
@pytest.mark.parametrize("argv", [[], ["--json"], ["--crlf"]])
def test_pool_edges(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, data: bytes, argv: list[str]
) -> None:
    """Chunks of a few lines in a real process pool, 2 and 4 workers: the output of
    the per-line path."""
    _pooled(monkeypatch, 7)
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    per_line = run(capsys, monkeypatch, data, argv, fast=False)
    for jobs in ("2", "4"):
        assert run(capsys, monkeypatch, data, [*argv, "--jobs", jobs], fast=True) == per_line


def test_a_worker_error_is_raised_in_its_place(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bytes that are not UTF-8 in the input, stdin strict: the lines before them are
    reported, then the message of one process ("standard input is not text")."""
    _pooled(monkeypatch, 4)
    data = b"http://exa mple.com/\n" * 20 + b"http://h/\xff\n" + b"http://a/b\n" * 20
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    status, out, err = run(capsys, monkeypatch, data, ["--jobs", "2"], fast=True, errors="strict")
    assert status == 1 and out == ""
    assert "stdin:20:" in err and "stdin:21" not in err
    assert "urikit validate: standard input is not text: " in err


_PARENT = os.getpid()
_CHECK = _validate_stdin.check_chunk


def _dies_in_a_worker(chunk: tuple[int, bytes], **options: Any) -> _validate_stdin.Checked:
    """check_chunk, but a worker process that runs it is killed (SIGKILL)."""
    if os.getpid() != _PARENT:
        os.kill(os.getpid(), signal.SIGKILL)
    return _CHECK(chunk, **options)


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="the test's function is forked"
)
def test_a_killed_worker_is_an_error_not_a_hang(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that ends without its results (killed: SIGKILL, out of memory) ends
    the command with an error that says so and status 1, not the pool's traceback."""
    _pooled(monkeypatch, 8)
    fork = multiprocessing.get_context("fork")
    monkeypatch.setattr(_validate_stdin, "POOL", partial(ProcessPoolExecutor, mp_context=fork))
    monkeypatch.setattr(_validate_stdin, "check_chunk", _dies_in_a_worker)
    data = b"http://a/b\nhttp://exa mple.com/\n" * 100
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    status, _, err = run(capsys, monkeypatch, data, ["--jobs", "2"], fast=True)
    assert status == 1
    assert "urikit validate: error: a worker process ended before giving its results" in err
