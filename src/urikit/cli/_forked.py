"""Spans of a file checked by forked processes, this one among them, the results in
input order (``urikit validate --jobs N`` on POSIX but macOS, stdin a file).

:func:`cut` cuts the file into spans of whole lines before any process starts (a short
read finds the line break after each cut: no line is counted). Of ``N`` processes,
process ``p`` (0: this one) checks spans ``p``, ``p + N``, ... and numbers their lines
itself: it counts the line breaks of the spans between its own, and learns those of its
own from checking them. A worker writes each result to its pipe (``marshal``, a length
first); this process checks its spans too, and between them gives the workers' results
in order. No pool to import or start, no task to send: only ``os.fork`` and a pipe each.
A worker that ends without its results makes this process end the others and raise
:class:`ChildProcessError`, never wait for it.
"""

from __future__ import annotations

import gc
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from typing import cast

from urikit.cli import _parallel
from urikit.cli._blocks import BLOCK_SIZE
from urikit.cli._parallel import SharedFile, Span, share, span_size
from urikit.errors.arguments import argument_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.cli._progress import Progress

__all__ = ["Result", "cut", "fork_safe", "forked", "in_forks"]

#: What a worker gives back for a span: stdout's and stderr's output (bytes, or text
#: where it could not be encoded), the lines checked, failed, and where the CR LF note
#: goes (:class:`urikit.cli._validate_stdin.Written`); things ``marshal`` writes.
Result = tuple[str | bytes, str | bytes, int, int, int]

# A result's length before it: 8 bytes, little-endian.
_HEADER = 8
# The pipe's capacity asked for (Linux): a span's report fits, its worker need not wait.
_PIPE_SIZE = 1 << 20


def fork_safe() -> bool:
    """Whether this process may fork workers: POSIX but macOS (whose system libraries
    may fail in a forked child), and no other thread running (a fork copies a lock
    another thread may hold)."""
    import threading

    return hasattr(os, "fork") and sys.platform != "darwin" and threading.active_count() == 1


def forked(
    fd: int, start: int, *, jobs: int, work: Callable[[Span], tuple[Result, int]]
) -> Callable[[Progress], Iterator[Result]] | None:
    """``work`` on spans of file ``fd`` from ``start`` in ``jobs`` processes forked now,
    this one among them: their results in input order, each advancing a progress bar;
    None where a fork is not safe (:func:`fork_safe`)."""
    if not fork_safe():
        return None
    share(SharedFile(fd))  # what open_span reads, here and in each worker
    spans = cut(fd, start=start, size=_parallel.CHUNK_SIZE, workers=jobs)
    results = in_forks(fd, spans, jobs=jobs, work=work)

    def given(progress: Progress) -> Iterator[Result]:
        for (result, _), (_, length) in zip(results, spans, strict=True):
            progress.advance(length)
            yield result
        os.lseek(fd, 0, os.SEEK_END)  # read to its end, as the one-process path leaves it

    return given


def cut(fd: int, *, start: int, size: int, workers: int) -> list[tuple[int, int]]:
    """``(offset, length)`` of spans of whole lines of file ``fd`` from ``start``, about
    ``size`` bytes each, shrinking near the end as :func:`~urikit.cli._parallel.spans`
    makes them; each ends after a "\\n" but the last."""
    total = os.fstat(fd).st_size
    found: list[tuple[int, int]] = []
    offset = start
    while offset < total:
        end = _line_end(fd, offset + span_size(size, total - offset, workers), total)
        found.append((offset, end - offset))
        offset = end
    return found


def _line_end(fd: int, at: int, total: int) -> int:
    """Just after the first "\\n" of file ``fd`` from byte ``at - 1`` on, or ``total``."""
    at -= 1
    while at < total and (data := os.pread(fd, min(BLOCK_SIZE, total - at), at)):
        found = data.find(b"\n")
        if found >= 0:
            return at + found + 1
        at += len(data)
    return total


def _lines_in(fd: int, offset: int, length: int) -> int:
    """The line breaks in ``length`` bytes of file ``fd`` from ``offset``."""
    count = 0
    end = offset + length
    while offset < end and (data := os.pread(fd, min(_PIPE_SIZE, end - offset), offset)):
        count += data.count(b"\n")
        offset += len(data)
    return count


def in_forks(
    fd: int,
    spans: list[tuple[int, int]],
    *,
    jobs: int,
    work: Callable[[Span], tuple[Result, int]],
) -> Iterator[tuple[Result, int]]:
    """``work(span)`` (its result, and the lines it had) for each of ``spans`` of file
    ``fd``, in their order, by this process and ``jobs - 1`` processes forked now (not
    when the results are asked for: a thread started meanwhile is not copied); a result
    is given as soon as those before it are. An error in a worker is raised here in its
    place; its end without a result raises :class:`ChildProcessError`."""
    children: list[tuple[int, int]] = []  # (process id, read end of its pipe)
    gc.freeze()  # what exists now is not traced by a worker's collector: fewer pages copied
    try:
        for index in range(1, jobs):
            read_end, write_end = os.pipe()
            _widen(write_end)
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the worker; its coverage is not gathered
                os.close(read_end)
                for _, other in children:
                    os.close(other)
                _worker(fd, spans, index=index, jobs=jobs, work=work, write_end=write_end)
            os.close(write_end)
            children.append((pid, read_end))
    except BaseException:
        _end(children, kill=True)
        raise
    finally:
        gc.unfreeze()  # here, as before
    return _in_order(fd, spans, jobs=jobs, work=work, children=children)


def _in_order(
    fd: int,
    spans: list[tuple[int, int]],
    *,
    jobs: int,
    work: Callable[[Span], tuple[Result, int]],
    children: list[tuple[int, int]],
) -> Iterator[tuple[Result, int]]:
    """This process's share: its spans checked, each given after the workers' results
    before it (read once it is checked, so that it never waits while they work). The
    workers are ended when it ends: waited for if all was given, else killed."""
    finished = False
    try:
        number = 1
        given = 0  # spans whose results are given
        for index, (offset, length) in enumerate(spans):
            if index % jobs:  # a worker's: only its lines are counted here
                number += _lines_in(fd, offset, length)
                continue
            own = work(Span(number, offset, length))
            number += own[1]
            for earlier in range(given, index):
                yield _received(*children[earlier % jobs - 1])
            yield own
            given = index + 1
        for later in range(given, len(spans)):
            yield _received(*children[later % jobs - 1])
        finished = True
    finally:
        _end(children, kill=not finished)


def _worker(
    fd: int,
    spans: list[tuple[int, int]],
    *,
    index: int,
    jobs: int,
    work: Callable[[Span], tuple[Result, int]],
    write_end: int,
) -> None:  # pragma: no cover - runs in the worker
    """Check spans ``index``, ``index + jobs``, ... and write their results; then end
    the process (``os._exit``: nothing of the parent's, no buffer, no exit handler)."""
    status = 1
    try:
        number = 1
        for at, (offset, length) in enumerate(spans):
            if at % jobs != index:
                number += _lines_in(fd, offset, length)
                continue
            result = work(Span(number, offset, length))
            _send(write_end, marshal.dumps((0, result)))
            number += result[1]
        status = 0
    except BaseException as error:  # raised in the parent, in its place
        _send(write_end, _failure(error))
    finally:
        os._exit(status)


def _failure(error: BaseException) -> bytes:  # pragma: no cover - runs in the worker
    import pickle

    try:
        return marshal.dumps((1, pickle.dumps(error)))
    except Exception:  # what cannot be pickled is said as text
        return marshal.dumps((1, pickle.dumps(RuntimeError(repr(error)))))


def _send(fd: int, payload: bytes) -> None:  # pragma: no cover - runs in the worker
    data = memoryview(len(payload).to_bytes(_HEADER, "little") + payload)
    while data:
        data = data[os.write(fd, data) :]


def _received(pid: int, fd: int) -> tuple[Result, int]:
    """The next result from worker ``pid``'s pipe ``fd``; its error raised here."""
    size = int.from_bytes(_read(pid, fd, _HEADER), "little")
    tag, found = marshal.loads(_read(pid, fd, size))
    if tag:
        import pickle

        raise cast(BaseException, pickle.loads(found))  # our own worker's
    return cast(tuple[Result, int], found)


def _read(pid: int, fd: int, size: int) -> bytes:
    parts: list[bytes] = []
    while size > 0:
        data = os.read(fd, min(size, _PIPE_SIZE))
        if not data:
            raise argument_error("worker-lost", how=f"process {pid}")
        parts.append(data)
        size -= len(data)
    return b"".join(parts)


def _widen(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
    except (ImportError, AttributeError, OSError):  # not Linux, or over the system's limit
        pass


def _end(children: list[tuple[int, int]], *, kill: bool) -> None:
    """Close the pipes and wait for the workers, killed first unless all went well."""
    import signal

    for pid, fd in children:
        os.close(fd)
        if kill:
            os.kill(pid, signal.SIGKILL)  # not waited for yet: it is there, if a zombie
    for pid, _ in children:
        os.waitpid(pid, 0)
