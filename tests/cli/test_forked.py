"""The forked path of ``urikit validate --jobs N`` (issue 26, item 4): spans taken by
whichever process is free, each exactly once; line numbers learnt from what the other
processes told, or counted where they have not told yet."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli import runs_of_the_command, test_blocks
from tests.cli.test_blocks import Capture
from tests.cli.test_jobs import (
    _file_stdin,  # pyright: ignore[reportPrivateUsage]
    _forks_used,  # pyright: ignore[reportPrivateUsage]
)
from urikit.cli import _parallel
from urikit.cli._forked import (
    Result,
    _Counts,  # pyright: ignore[reportPrivateUsage]
    _Tickets,  # pyright: ignore[reportPrivateUsage]
    in_forks,
)
from urikit.cli._parallel import Numbering, Span, cut

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="workers are not forked here"
)


def test_tickets_are_taken_once_each_in_order_then_one_end_per_process() -> None:
    """More tickets than the pipe holds: each take writes what fits, none is lost or
    given twice, and each of the ``jobs`` processes then reads its end."""
    count = 300_000  # 1.2 MB of tickets: more than a pipe holds at once
    tickets = _Tickets(count, jobs=3)
    try:
        taken = list(iter(tickets.take, None))
        assert taken == list(range(count))
        assert tickets.take() is None and tickets.take() is None  # the other two ends
    finally:
        os.close(tickets.read_end)
        os.close(tickets.write_end)


def _lines_file(tmp_path: Path, data: bytes) -> tuple[int, list[tuple[int, int]]]:
    path = tmp_path / "lines"
    path.write_bytes(data)
    fd = os.open(path, os.O_RDONLY)
    return fd, cut(fd, start=0, size=16, workers=2)


@settings(max_examples=100, deadline=None)
@given(
    lines=st.lists(st.text("ab\r", max_size=30), min_size=1, max_size=60),
    told=st.data(),
)
def test_a_first_number_is_the_same_whatever_was_told(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], told: st.DataObject
) -> None:
    """Counts told, not told, or a slot half written (its check fails): the number of
    each span's first line is the one the file gives."""
    data = "\n".join(lines).encode() + b"\n"
    fd, spans = _lines_file(tmp_path_factory.mktemp("counts"), data)
    try:
        counts = _Counts(fd, spans)
        for index, (offset, length) in enumerate(spans):
            breaks = data[offset : offset + length].count(b"\n")
            how = told.draw(st.sampled_from(["told", "not", "torn"]))
            if how == "told":
                counts.tell(index, breaks)
            elif how == "torn":  # the count written, its check not yet
                _Counts._SLOT.pack_into(  # pyright: ignore[reportPrivateUsage]
                    counts._memory,  # pyright: ignore[reportPrivateUsage]
                    index * _Counts._SLOT.size,  # pyright: ignore[reportPrivateUsage]
                    breaks + 1,
                    0,
                )
        for index, (offset, _) in enumerate(spans):
            assert counts.first(index) == data[:offset].count(b"\n") + 1
    finally:
        os.close(fd)


def _who(span: Span) -> Result:
    """Work that says which process checked ``span`` (lines "x") and the number of its
    first line; this process is slow (it also writes the output)."""
    assert not isinstance(span.first, int)
    numbering: Numbering = span.first
    numbering.told(span.length // 2)
    if os.getpid() == _PARENT:
        time.sleep(0.02)
    return f"{os.getpid()} {numbering.first()}", "", 1, 0, -1


_PARENT = os.getpid()


def test_a_slower_process_takes_fewer_spans(tmp_path: Path) -> None:
    """Spans go to whichever process is free: this one, slower, takes few of them; the
    results come in input order, each span's first line numbered as in the file."""
    fd, spans = _lines_file(tmp_path, b"x\n" * 400)
    try:
        results = list(in_forks(fd, spans, jobs=2, work=_who))
    finally:
        os.close(fd)
    assert len(spans) > 40
    said = [out.split() for out, *_ in results if isinstance(out, str)]
    assert [int(first) for _, first in said] == [offset // 2 + 1 for offset, _ in spans]
    here = sum(pid == str(_PARENT) for pid, _ in said)
    assert 1 <= here < len(spans) // 2


def _drained(read_end: int) -> list[int]:
    """The tickets in the pipe, all read (as other processes would take them)."""
    taken: list[int] = []
    while select.select([read_end], [], [], 0)[0]:
        taken.append(int.from_bytes(os.read(read_end, 4), "little"))
    return taken


def test_a_ticket_pipe_emptied_between_write_and_read_is_written_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pipe full of tickets when this process wrote, and every one taken by the
    others before it reads (it was not scheduled meanwhile): it writes the next ones
    and takes the first of them, where a blocking read would wait for ever (no other
    process writes tickets; they too would wait)."""
    import signal

    count = 300_000  # more than the pipe holds
    tickets = _Tickets(count, jobs=2)
    fill = _Tickets._fill  # pyright: ignore[reportPrivateUsage]
    taken: list[int] = []

    def raced(self: _Tickets) -> object:
        done = fill(self)
        if not taken:  # once: the others take all that is there
            taken.extend(_drained(self.read_end))
        return done

    def hung(_signal: int, _frame: object) -> None:
        raise TimeoutError("take() waits on a ticket no process will write")

    monkeypatch.setattr(_Tickets, "_fill", raced)
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)  # a watchdog, not a measure: the fixed take() returns at once
    try:
        first = tickets.take()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.close(tickets.read_end)
        os.close(tickets.write_end)
    assert taken == list(range(len(taken))) and 0 < len(taken) < count
    assert first == len(taken)


def test_results_held_out_of_order_are_bounded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A worker long on span 0 (a line of many megabytes): this process checks spans
    after it only while it holds fewer than ``AHEAD`` per process, then waits for span
    0; it does not hold the whole file's output (memory bounded, as in_order keeps at
    most two per worker in flight)."""
    from urikit.cli import _forked

    started, go = tmp_path / "started", tmp_path / "go"
    fd, spans = _lines_file(tmp_path, b"x\n" * 2000)
    peak: list[int] = [0]
    gather = _forked._gather  # pyright: ignore[reportPrivateUsage]

    def watched(
        polled: select.poll,
        pipes: dict[int, int],
        held: dict[int, Result | BaseException],
        *,
        wait: bool,
    ) -> None:
        peak[0] = max(peak[0], len(held))
        if wait:  # this process waits for span 0: its worker may go on
            go.touch()
        gather(polled, pipes, held, wait=wait)

    def slow_first(span: Span) -> Result:
        assert not isinstance(span.first, int)
        span.first.told(span.length // 2)
        if span.offset == 0:
            started.touch()
            for _ in range(60_000):  # until this process waits (a minute at most)
                if go.exists():
                    break
                time.sleep(0.001)
        return str(span.first.first()), "", 1, 0, -1

    monkeypatch.setattr(_forked, "_gather", watched)
    try:
        results = in_forks(fd, spans, jobs=2, work=slow_first)
        while not started.exists():  # the worker has taken span 0 (this one takes none yet)
            time.sleep(0.001)
        firsts = [int(out) for out, *_ in results if isinstance(out, str)]
    finally:
        os.close(fd)
    assert firsts == [offset // 2 + 1 for offset, _ in spans]
    assert peak[0] <= _forked._AHEAD * 2 < len(spans) // 2  # pyright: ignore[reportPrivateUsage]


def test_a_failed_fork_leaves_no_descriptor_open(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``os.fork`` fails (EAGAIN: too many processes): its error is raised, and the
    pipes made for the workers are closed, the one made for that worker too."""
    import errno

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("no /proc/self/fd to list the open descriptors")
    fd, spans = _lines_file(tmp_path, b"x\n" * 100)

    def no_fork() -> int:
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    before = sorted(os.listdir("/proc/self/fd"))
    try:
        with pytest.raises(BlockingIOError):
            in_forks(fd, spans, jobs=3, work=_who)
        assert sorted(os.listdir("/proc/self/fd")) == before
    finally:
        os.close(fd)


def test_a_refused_fork_ends_the_command_with_its_error(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The system refuses a process (EAGAIN): ``urikit validate --jobs 2`` says so in
    one line and exits with status 1, no traceback."""
    import errno

    def no_fork() -> int:
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    monkeypatch.setattr(_parallel, "CHUNK_SIZE", 64)
    path = tmp_path / "lines"
    path.write_bytes(b"http://a/b\n" * 100)
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    with _file_stdin(path, "surrogateescape"):
        status, out, err = run(capsys, monkeypatch, b"", ["--jobs", "2"], fast=True)
    assert (status, out) == (1, "")
    assert err == "urikit validate: error: [Errno 11] Resource temporarily unavailable\n"


_ESCAPE = """
import os, sys
from urikit.cli import _forked, _parallel

def interrupted(self):  # SIGINT as a worker starts, before its loop
    raise KeyboardInterrupt

_forked._Tickets.taker = interrupted
parent = os.getpid()
fd = os.open(sys.argv[1], os.O_RDONLY)
spans = _parallel.cut(fd, start=0, size=16, workers=2)
try:
    list(_forked.in_forks(fd, spans, jobs=2, work=lambda span: ("", "", 0, 0, -1)))
except BaseException as error:
    print("parent" if os.getpid() == parent else "worker", type(error).__name__, flush=True)
else:
    print("parent" if os.getpid() == parent else "worker", "done", flush=True)
"""


def test_a_worker_never_runs_the_code_after_the_fork(tmp_path: Path) -> None:
    """An exception in a worker before its loop (SIGINT as it starts) ends that
    process; it never goes back into the caller's code (which would write the caller's
    output twice, end the other workers, or go on as a second caller): this process
    alone goes on (all its own, or worker-lost)."""
    import subprocess

    from tests.cli import ROOT

    path = tmp_path / "lines"
    path.write_bytes(b"x\n" * 100)
    done = subprocess.run(
        [sys.executable, "-c", _ESCAPE, str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    said = done.stdout.splitlines()
    assert len(said) == 1, said
    assert said[0] in ("parent done", "parent ChildProcessError")


def test_what_the_caller_froze_stays_frozen(tmp_path: Path) -> None:
    """A caller that froze its objects (``gc.freeze()`` before forking workers of its
    own, or :func:`urikit.cli.run`) finds them frozen still: the workers' fork does not
    unfreeze what it did not freeze."""
    import gc

    fd, spans = _lines_file(tmp_path, b"x\n" * 100)
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        results = list(in_forks(fd, spans, jobs=2, work=_who))
        assert len(results) == len(spans)
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()
        os.close(fd)


_BYTES = st.lists(
    st.sampled_from([b"\n", b"\r\n", b"\r", b"http://a/", b"a b", b"\xff", b"\xc3", b"\xa9", b" "]),
    max_size=40,
).map(b"".join)


@runs_of_the_command(80)
@given(
    data=st.binary(max_size=60) | _BYTES,
    argv=st.sampled_from([[], ["--json"], ["--crlf"], ["--json", "--crlf"]]),
    size=st.sampled_from([1, 2, 5]),
    jobs=st.integers(2, 8),
    errors=st.sampled_from(["surrogateescape", "strict"]),
)
def test_more_processes_than_spans_write_what_one_process_writes(
    capsys: Capture,
    tmp_path_factory: pytest.TempPathFactory,
    data: bytes,
    argv: list[str],
    size: int,
    jobs: int,
    errors: str,
) -> None:
    """Spans of one to five bytes (a CR LF, a UTF-8 sequence cut), up to 8 processes
    (more than spans), any bytes, a strict decoder or not: the per-line path's
    output and status; bytes that are not text stop both alike, what either wrote
    before coming in input order (cli/_validate_stdin.py says why it may differ)."""
    run = test_blocks._run  # pyright: ignore[reportPrivateUsage]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_parallel, "CHUNK_SIZE", size)
        used = _forks_used(patch)
        per_line = run(capsys, patch, data, argv, fast=False, errors=errors)
        path = tmp_path_factory.mktemp("stdin") / "lines"
        path.write_bytes(data)
        with _file_stdin(path, errors):
            forked = run(
                capsys, patch, data, [*argv, "--jobs", str(jobs)], fast=True, errors=errors
            )
    assert used == ([jobs] if len(data) > size else [])  # the forked path ran
    if errors == "strict" and "standard input is not text: " in per_line[2]:
        assert forked[0] == per_line[0] == 1
        assert "standard input is not text: " in forked[2]
        for ours, theirs in ((forked[1], per_line[1]), (forked[2], per_line[2])):
            kept = theirs.split("urikit validate: standard input")[0]
            shorter, longer = sorted(
                (ours.split("urikit validate: standard input")[0], kept), key=len
            )
            assert longer.startswith(shorter)
    else:
        assert forked == per_line
