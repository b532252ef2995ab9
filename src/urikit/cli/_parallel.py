"""Standard input in chunks of whole lines, worked on in several processes, the results
in input order (``urikit validate --jobs N``).

A regular file (stdin redirected from one) is cut by :func:`spans` into byte ranges of
whole lines: the parent process reads each range once, to find its last line break and
count its lines, and sends only the range; each worker reads its ranges itself
(:func:`open_span`) from the file it inherited or was handed (:class:`SharedFile`). A
pipe is read by :func:`chunks` and its bytes (or, in an encoding where a "\\n" byte may
be half a character, its text) are sent. :func:`in_order` keeps at most two chunks per
worker in flight, so memory stays bounded whatever the input's size.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, Protocol, TypeVar, cast

from urikit.cli._blocks import BLOCK_SIZE, bytes_per_newline

TYPE_CHECKING = False
if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from urikit.cli._progress import Progress

__all__ = [
    "CHUNK_SIZE",
    "Numbering",
    "SharedFile",
    "Span",
    "chunks",
    "cut",
    "in_order",
    "jobs_count",
    "line_breaks",
    "one_span",
    "open_span",
    "process_pool",
    "share",
    "span_size",
    "spans",
]

#: Bytes of input per chunk: enough work per task to make sending it cheap.
CHUNK_SIZE = 1 << 20

T = TypeVar("T")
R = TypeVar("R")


def jobs_count(jobs: int) -> int:
    """The number of processes ``--jobs`` asks for: ``0`` is one per usable core."""
    if jobs:
        return jobs
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return len(usable) if usable else os.cpu_count() or 1


def process_pool(
    jobs: int,
    *,
    initializer: Callable[[SharedFile | None], object] | None = None,
    initargs: tuple[SharedFile | None] = (None,),
) -> Executor:
    """A pool of ``jobs`` worker processes, each running ``initializer(*initargs)``
    first (:func:`share`). They are forked where that is safe: on Linux and the other POSIX systems
    but macOS (whose system libraries may fail in a forked child: Python spawns
    there), and while this process runs no other thread (a fork copies a lock another
    thread may hold). A forked worker starts at once, with every module and compiled
    pattern of this process; otherwise they start from a fork server where there is
    one (never forked from this process), else spawned, and import what they run."""
    import multiprocessing  # imported here: one process (--jobs 1) never needs it
    import threading
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    if sys.platform != "darwin" and "fork" in methods and threading.active_count() == 1:
        method = "fork"
    elif sys.platform != "darwin" and "forkserver" in methods:
        method = "forkserver"  # not the default: Python before 3.14 forks on Linux
    else:
        method = "spawn"
    context = multiprocessing.get_context(method)
    if initializer is None:
        return ProcessPoolExecutor(jobs, mp_context=context)
    return ProcessPoolExecutor(jobs, mp_context=context, initializer=initializer, initargs=initargs)


class Numbering(Protocol):
    """The number of a span's first line, learnt once the span is read (the forked
    path, :mod:`urikit.cli._forked`): its process tells how many lines it has, checks
    them, then asks."""

    def told(self, lines: int, /) -> None:
        """The span has ``lines`` lines (the other processes may number theirs)."""

    def first(self) -> int:
        """The number of the span's first line."""
        ...


@dataclass(frozen=True, slots=True)
class Span:
    """Whole lines of a file: ``length`` bytes from ``offset``, the first numbered
    ``first`` (or by its :class:`Numbering`, once read)."""

    first: int | Numbering
    offset: int
    length: int


def spans(fd: int, *, start: int, size: int | None = None, workers: int = 1) -> Iterator[Span]:
    """The lines of file ``fd`` from byte ``start`` to its end, in spans of about
    ``size`` bytes (default :data:`CHUNK_SIZE`), each ending after a "\\n" but a last
    line without one; read :data:`~urikit.cli._blocks.BLOCK_SIZE` bytes at a time, so
    no buffer is bigger than that (a line longer than ``size`` makes its span longer).
    Near the end a span is at most a ``2 * workers``-th of what is left (down to a
    16th of ``size``): the ``workers`` that check them finish at about the same time."""
    size = size or CHUNK_SIZE
    total = os.fstat(fd).st_size  # what is left, as the file was when the cut began
    number = 1
    offset = at = start  # where the span begins; how far it is read
    lines = 0
    wanted = span_size(size, total - offset, workers)
    while data := os.pread(fd, BLOCK_SIZE, at):
        lines += data.count(b"\n")
        at += len(data)
        cut = data.rfind(b"\n") + 1 if at - offset >= wanted else 0
        if cut:  # every line break read is before the cut: the span has ``lines``
            end = at - len(data) + cut
            yield Span(number, offset, end - offset)
            number, offset, at, lines = number + lines, end, end, 0
            wanted = span_size(size, total - offset, workers)
    if at > offset:
        yield Span(number, offset, at - offset)


def one_span(fd: int, start: int) -> bool:
    """Whether file ``fd`` holds no more than one span from byte ``start`` on."""
    return os.fstat(fd).st_size - start <= CHUNK_SIZE


def span_size(size: int, left: int, workers: int) -> int:
    """The size of the next span: ``size``, or near the end a ``2 * workers``-th of the
    ``left`` bytes, down to a 16th of ``size``."""
    return min(size, max(left // (2 * workers), size // 16, 1))


def cut(fd: int, *, start: int, size: int, workers: int) -> list[tuple[int, int]]:
    """``(offset, length)`` of spans of whole lines of file ``fd`` from ``start``, about
    ``size`` bytes each, shrinking near the end as :func:`spans` makes them; each ends
    after a "\\n" but the last (the forked path, :mod:`urikit.cli._forked`)."""
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


def line_breaks(fd: int, offset: int, length: int) -> int:
    """The line breaks in ``length`` bytes of file ``fd`` from ``offset``."""
    count = 0
    end = offset + length
    while offset < end and (data := os.pread(fd, min(BLOCK_SIZE, end - offset), offset)):
        count += data.count(b"\n")
        offset += len(data)
    return count


def open_span(span: Span) -> BinaryIO:
    """A binary stream of the bytes of ``span`` in the file :func:`share` gave this
    worker (fewer if the file was cut short meanwhile)."""
    if _shared is None:
        raise RuntimeError("open_span needs a file given to share()")
    return cast(BinaryIO, _SpanReader(_shared.fd, span))


class _SpanReader:
    """Reads of a span of a file at its own offset (os.pread), as :func:`blocks` reads."""

    __slots__ = ("_at", "_end", "_fd")

    def __init__(self, fd: int, span: Span) -> None:
        self._fd = fd
        self._at = span.offset
        self._end = span.offset + span.length

    def read(self, size: int = -1, /) -> bytes:
        left = self._end - self._at
        data = os.pread(self._fd, left if size < 0 else min(size, left), self._at)
        self._at += len(data)
        return data


class SharedFile:
    """A file descriptor of the parent process for its workers: a forked worker
    inherits it; pickled for a spawned one (spawn, forkserver), it is duplicated into
    that process (:func:`multiprocessing.reduction.DupFd`)."""

    __slots__ = ("fd",)

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __reduce__(self) -> tuple[Callable[[_Duplicate], SharedFile], tuple[_Duplicate]]:
        from multiprocessing.reduction import DupFd

        return _received, (DupFd(self.fd),)


class _Duplicate(Protocol):
    """What :func:`multiprocessing.reduction.DupFd` gives: the descriptor, in the
    process that unpickles it."""

    def detach(self) -> int: ...


def _received(duplicate: _Duplicate) -> SharedFile:
    return SharedFile(duplicate.detach())


_shared: SharedFile | None = None


def share(file: SharedFile | None) -> None:
    """The file :func:`open_span` reads in this process: a worker's initializer."""
    global _shared  # one file per worker process, set as it starts
    _shared = file


def chunks(
    source: BinaryIO,
    *,
    encoding: str,
    errors: str,
    progress: Progress | None = None,
    size: int | None = None,
) -> Iterator[tuple[int, str | bytes]]:
    """``(first line number, lines)`` for runs of whole lines of ``source``, about
    ``size`` bytes each (default :data:`CHUNK_SIZE`), every one ending with "\\n" but
    a last line without one. In UTF-8, ASCII or Latin-1, where a "\\n" byte is always
    a line break, the lines are bytes cut at the last one (a worker decodes them: the
    parent only reads and sends); in another encoding, text decoded here."""
    size = size or CHUNK_SIZE
    if bytes_per_newline(encoding):
        yield from _byte_chunks(source, progress, size)
        return
    decoder = codecs.getincrementaldecoder(encoding)(errors)
    number = 1
    rest = ""  # the start of a line whose end is not read yet
    while data := source.read(size):
        if progress is not None:
            progress.advance(len(data))
        text = rest + decoder.decode(data)
        cut = text.rfind("\n") + 1
        rest = text[cut:]
        if cut:
            yield number, text[:cut]
            number += text.count("\n", 0, cut)
    last = rest + decoder.decode(b"", final=True)
    if last:
        yield number, last


def _byte_chunks(
    source: BinaryIO, progress: Progress | None, size: int
) -> Iterator[tuple[int, bytes]]:
    number = 1
    rest = b""
    while data := source.read(size):
        if progress is not None:
            progress.advance(len(data))
        data = rest + data
        cut = data.rfind(b"\n") + 1
        rest = data[cut:]
        if cut:
            yield number, data[:cut]
            number += data.count(b"\n", 0, cut)
    if rest:
        yield number, rest


def in_order(
    tasks: Iterable[T], work: Callable[[T], R], *, pool: Executor, jobs: int
) -> Iterator[R]:
    """``work(task)`` for each task, run by ``pool`` of ``jobs`` workers (shut down at
    the end), given back in the order of ``tasks``, at most two per worker in flight.
    Should reading ``tasks`` fail, the results of the tasks read before are given
    first, then the error is raised; a worker that ended without its result raises
    :class:`ChildProcessError`, as in :mod:`urikit.cli._forked`."""
    from concurrent.futures import BrokenExecutor

    ahead = 2 * jobs
    pending: deque[Future[R]] = deque()
    failure: Exception | None = None
    try:
        try:
            for task in tasks:
                pending.append(pool.submit(work, task))
                if len(pending) >= ahead:
                    yield pending.popleft().result()
        except Exception as error:  # a read or decode error: what came before goes out
            failure = error
        while pending:
            yield pending.popleft().result()
        if failure is not None:
            raise failure
    except BrokenExecutor as error:  # a worker was killed, or ran out of memory
        raise ChildProcessError(
            f"a worker process ended before giving its results: {error}"
        ) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
