"""Spans of a file checked by forked processes, this one among them, the results in
input order (``urikit validate --jobs N`` on Linux, stdin a file).

:func:`~urikit.cli._parallel.cut` cuts the file into spans of whole lines before any
process starts (a short read finds the line break after each cut: no line is counted).
Each process takes the next span no process has taken (:class:`_Tickets`), so one that
has more to do (this one also writes the output) takes fewer, and none more than
:data:`_AHEAD` per process ahead of the first not given (a slow span makes the others
wait). A span's lines are numbered once they are read (:class:`_Counts`): its process
tells how many there are before it checks them, and learns the number of the first
after, from what the others told (or, for a span not told yet, by counting its line
breaks itself). A worker writes each result to its pipe (``marshal``, a length first);
this process gives them in input order among its own. No pool to import or start, no
task to send: only ``os.fork``, pipes and a few bytes of shared memory. A worker that
ends without its results makes this process end the others and raise
:class:`ChildProcessError`, never wait for it.
"""

from __future__ import annotations

import gc
import marshal
import os
import struct
import sys
from collections.abc import Callable, Iterator
from select import POLLHUP, POLLIN, poll
from typing import cast

from urikit.cli import _parallel
from urikit.cli._parallel import SharedFile, Span, cut, line_breaks, share

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.cli._progress import Progress

__all__ = ["Result", "fork_safe", "forked", "in_forks"]

#: What a worker gives back for a span: stdout's and stderr's output (bytes, or text
#: where it could not be encoded), the lines checked, failed, and where the CR LF note
#: goes (:class:`urikit.cli._validate_stdin.Written`); things ``marshal`` writes.
Result = tuple[str | bytes, str | bytes, int, int, int]

# A message's length before it: 8 bytes, little-endian.
_HEADER = 8
# The pipe's capacity asked for (Linux): most spans' reports fit, their worker need not
# wait (not --json's for a whole span, 8 bytes a byte on the corpus: it waits for this one).
_PIPE_SIZE = 1 << 20
# What a worker's message says: a span's result, a span's error, or that it has ended.
_RESULT, _ERROR, _DONE = 0, 1, 2
# Spans taken ahead of the first not given, per process: as few results held out of order.
_AHEAD = 4


def fork_safe() -> bool:
    """Whether this process may fork workers: on Linux (whose pipe reads give each
    process whole tickets, :class:`_Tickets`; macOS's system libraries may fail in a
    forked child), with no other thread running (a fork copies a lock another thread
    may hold)."""
    import threading

    return sys.platform.startswith("linux") and threading.active_count() == 1


def forked(
    fd: int, start: int, *, jobs: int, work: Callable[[Span], Result]
) -> Callable[[Progress], Iterator[Result]] | None:
    """``work`` on spans of file ``fd`` from ``start`` in ``jobs`` processes forked now,
    this one among them: their results in input order, each advancing a progress bar;
    None where a fork is not safe (:func:`fork_safe`). A span's ``first`` is its
    :class:`~urikit.cli._parallel.Numbering`."""
    if not fork_safe():
        return None
    share(SharedFile(fd))  # what open_span reads, here and in each worker
    spans = cut(fd, start=start, size=_parallel.CHUNK_SIZE, workers=jobs)
    results = in_forks(fd, spans, jobs=jobs, work=work)

    def given(progress: Progress) -> Iterator[Result]:
        for result, (_, length) in zip(results, spans, strict=True):
            progress.advance(length)
            yield result
        os.lseek(fd, 0, os.SEEK_END)  # read to its end, as the one-process path leaves it

    return given


class _Tickets:
    """The spans' indices in a pipe, each read (taken) by one process, then one end
    for each process. This process writes those :meth:`release` allows, as many as the
    pipe holds (:meth:`take` writes more), in writes of at most ``PIPE_BUF`` bytes,
    whole tickets, which POSIX keeps whole; the pipe only ever holds whole tickets, and
    a read of one gets one (Linux reads a pipe under its lock). No read blocks: the
    others may take all the pipe holds before this process reads."""

    __slots__ = ("_count", "_ends", "_next", "_released", "ended", "read_end", "write_end")

    _SIZE = 4
    _END = b"\xff" * _SIZE
    _BATCH = 128  # tickets in one write: 512 bytes, no more than any PIPE_BUF

    def __init__(self, count: int, *, jobs: int, released: int | None = None) -> None:
        self.read_end, self.write_end = os.pipe()
        _widen(self.write_end)
        os.set_blocking(self.write_end, False)  # a full pipe is written later, not waited on
        os.set_blocking(self.read_end, False)  # for every process: see take()
        self._count, self._next, self._ends = count, 0, jobs
        self.ended = False  # this process has read its end
        self._released = count if released is None else min(count, released)
        self._fill()

    def release(self, upto: int) -> None:
        """Spans before ``upto`` may be taken (written when this process next takes)."""
        self._released = max(self._released, min(self._count, upto))

    def _fill(self) -> bool:
        """Write the tickets released and not written yet, then (all written) the
        ends, while the pipe has room; whether any was written."""
        before = self._next, self._ends
        while self._ends:
            if self._next < self._count:
                upto = min(self._released, self._next + self._BATCH)
                if upto == self._next:  # the others wait for a release
                    break
                data = b"".join(i.to_bytes(self._SIZE, "little") for i in range(self._next, upto))
            else:
                upto, data = self._next, self._END * min(self._ends, self._BATCH)
            try:
                os.write(self.write_end, data)
            except BlockingIOError:  # full: the rest after this process's next span
                break
            if upto > self._next:
                self._next = upto
            else:
                self._ends -= len(data) // self._SIZE
        return (self._next, self._ends) != before

    def taker(self) -> None:
        """In a worker: take tickets, write none (its parent gone, a read ends)."""
        os.close(self.write_end)
        self._ends = 0

    def take(self, *, wait: bool = True) -> int | None:
        """The index of the next span no process has taken; None when none is left (or
        this process is a worker whose parent is gone), or without ``wait`` when none
        may be taken now (every span released is taken; :attr:`ended` tells which)."""
        self._fill()  # this process writes them: never waits on a pipe it fills itself
        while True:
            try:
                data = os.read(self.read_end, self._SIZE)
                break
            except BlockingIOError:  # taken by the others, or none released
                if self._fill():
                    continue
                if not wait:
                    return None
                (watched := poll()).register(self.read_end, POLLIN)
                watched.poll()  # a worker: until one comes, or the end (its parent gone)
        if len(data) < self._SIZE or data == self._END:
            self.ended = True
            return None
        return int.from_bytes(data, "little")


class _Counts:
    """The lines of each span, told by the process that read it, in memory all the
    processes share; what a process has not been told yet, it counts itself.

    A span's slot holds its count and the count XOR :data:`_CHECK`: a slot read while
    another process writes it (or never written: zeros) fails the check, byte for
    byte, and is counted instead. So a count is never waited for, nor read half."""

    __slots__ = ("_before", "_fd", "_memory", "_spans", "_upto")

    _SLOT = struct.Struct("<QQ")
    _CHECK = 0x5A5A_5A5A_5A5A_5A5A  # no zero byte

    def __init__(self, fd: int, spans: list[tuple[int, int]]) -> None:
        import mmap

        self._memory = mmap.mmap(-1, self._SLOT.size * max(1, len(spans)))  # shared, zeros
        self._fd, self._spans = fd, spans
        self._upto = 0  # spans before it are counted in ``_before``, in this process
        self._before = 0

    def tell(self, index: int, lines: int) -> None:
        """Span ``index`` has ``lines`` lines (its line breaks, if it is not the last)."""
        self._SLOT.pack_into(self._memory, index * self._SLOT.size, lines, lines ^ self._CHECK)

    def first(self, index: int) -> int:
        """The number of the first line of span ``index``: spans are taken in order, so
        a process asks for larger indices only and counts each span before once."""
        for earlier in range(self._upto, index):
            lines, check = self._SLOT.unpack_from(self._memory, earlier * self._SLOT.size)
            if lines ^ check != self._CHECK:  # not told yet
                lines = line_breaks(self._fd, *self._spans[earlier])
            self._before += lines
        self._upto = max(self._upto, index)
        return self._before + 1

    def numbering(self, index: int) -> _SpanNumbering:
        """The :class:`~urikit.cli._parallel.Numbering` of span ``index``."""
        return _SpanNumbering(self, index)


class _SpanNumbering:
    """:class:`~urikit.cli._parallel.Numbering` of one span, through :class:`_Counts`."""

    __slots__ = ("_counts", "_index")

    def __init__(self, counts: _Counts, index: int) -> None:
        self._counts, self._index = counts, index

    def told(self, lines: int, /) -> None:
        self._counts.tell(self._index, lines)

    def first(self) -> int:
        return self._counts.first(self._index)


def in_forks(
    fd: int,
    spans: list[tuple[int, int]],
    *,
    jobs: int,
    work: Callable[[Span], Result],
) -> Iterator[Result]:
    """``work(span)`` for each of ``spans`` of file ``fd``, their results in order, by
    this process and ``jobs - 1`` processes forked now (not when the results are asked
    for: a thread started meanwhile is not copied); a result is given as soon as those
    before it are. An error in a worker is raised here in its place; its end without a
    result raises :class:`ChildProcessError`."""
    tickets = _Tickets(len(spans), jobs=jobs, released=_AHEAD * jobs)
    counts = _Counts(fd, spans)
    children: list[tuple[int, int]] = []  # (process id, read end of its pipe)
    # What exists now is not traced by a worker's collector: fewer pages copied; unless
    # the caller froze its own (unfreeze() would thaw them too): left as it has them.
    thaw = gc.get_freeze_count() == 0
    if thaw:
        gc.freeze()
    try:
        for _ in range(1, jobs):
            read_end, write_end = os.pipe()
            try:
                _widen(write_end)
                pid = os.fork()
            except BaseException:
                os.close(read_end)
                os.close(write_end)
                raise
            if pid == 0:  # pragma: no cover - the worker; its coverage is not gathered
                _worker(
                    spans, tickets, counts, work=work, pipe=(read_end, write_end), mine=children
                )
            os.close(write_end)
            children.append((pid, read_end))
    except BaseException:
        _end(children, tickets, kill=True)
        raise
    finally:
        if thaw:
            gc.unfreeze()  # here, as before
    return _in_order(spans, tickets, counts, work=work, children=children)


# A span's outcome, as this process keeps it until it is given: a result, or the
# error to raise in its place.
_Outcome = Result | BaseException


def _in_order(
    spans: list[tuple[int, int]],
    tickets: _Tickets,
    counts: _Counts,
    *,
    work: Callable[[Span], Result],
    children: list[tuple[int, int]],
) -> Iterator[Result]:
    """This process's share: spans taken and checked, each result given once those
    before it are (the workers' read between its spans, never waited for while there
    is a span to take; spans released up to ``ahead`` after the first not given). The
    workers are ended when it ends: waited for if all was given, else killed."""
    held: dict[int, _Outcome] = {}
    watched = poll()
    open_pipes = {fd: pid for pid, fd in children}
    for fd in open_pipes:
        watched.register(fd, POLLIN | POLLHUP)
    ahead = _AHEAD * (len(children) + 1)
    finished = False
    try:
        given = 0
        while not tickets.ended:
            index = tickets.take(wait=False)
            if index is not None:
                held[index] = _checked(work, spans, counts, index)
                _gather(watched, open_pipes, held, wait=False)
            elif not tickets.ended:  # each span released is taken: its result is awaited
                _gather(watched, open_pipes, held, wait=True)
            while given in held:
                yield _result(held.pop(given))
                given += 1
                tickets.release(given + ahead)
        while given < len(spans):
            while given not in held:
                _gather(watched, open_pipes, held, wait=True)
            yield _result(held.pop(given))
            given += 1
        finished = True
    finally:
        _end(children, tickets, kill=not finished)


def _checked(
    work: Callable[[Span], Result], spans: list[tuple[int, int]], counts: _Counts, index: int
) -> _Outcome:
    """Span ``index`` checked by ``work``: its result, or its error."""
    offset, length = spans[index]
    try:
        return work(Span(counts.numbering(index), offset, length))
    except Exception as error:  # raised in its place, after the results before it
        return error


def _result(outcome: _Outcome) -> Result:
    if isinstance(outcome, BaseException):
        raise outcome
    return outcome


def _gather(
    watched: poll, open_pipes: dict[int, int], held: dict[int, _Outcome], *, wait: bool
) -> None:
    """Read what the workers have written (one message from each pipe that has one),
    waiting for one if ``wait``. A pipe that ends before its worker said it has ended
    raises ``worker-lost``."""
    if wait and not open_pipes:  # nothing to wait for: a result no one will give
        raise ChildProcessError(
            "a worker process ended before giving its results (every worker has ended)"
        )
    for fd, _ in watched.poll(None if wait else 0):
        pid = open_pipes[fd]
        message = _received(pid, fd)
        if message is None:
            raise ChildProcessError(
                f"a worker process ended before giving its results (process {pid})"
            )
        tag, index, found = message
        if tag == _DONE:
            watched.unregister(fd)
            del open_pipes[fd]
        elif tag == _ERROR:
            import pickle

            held[index] = cast(BaseException, pickle.loads(cast(bytes, found)))  # our own
        else:
            held[index] = cast(Result, found)


def _worker(
    spans: list[tuple[int, int]],
    tickets: _Tickets,
    counts: _Counts,
    *,
    work: Callable[[Span], Result],
    pipe: tuple[int, int],
    mine: list[tuple[int, int]],
) -> None:  # pragma: no cover - runs in the worker
    """Close the pipes of its parent's (``mine``: its other workers'), take spans and
    write their results (or the error of one, and no more), then that it has ended;
    then end the process (``os._exit``: nothing of the parent's, no buffer, no exit
    handler; never back into its caller's code, whatever is raised)."""
    status = 1
    try:
        read_end, write_end = pipe
        os.close(read_end)
        tickets.taker()
        for _, other in mine:
            os.close(other)
        while (index := tickets.take()) is not None:
            found = _checked(work, spans, counts, index)
            if isinstance(found, BaseException):
                _send(write_end, _failure(index, found))
                break
            _send(write_end, marshal.dumps((_RESULT, index, found)))
        _send(write_end, marshal.dumps((_DONE, 0, None)))
        status = 0
    finally:
        os._exit(status)


def _failure(index: int, error: BaseException) -> bytes:  # pragma: no cover - in the worker
    import pickle

    try:
        return marshal.dumps((_ERROR, index, pickle.dumps(error)))
    except Exception:  # what cannot be pickled is said as text
        return marshal.dumps((_ERROR, index, pickle.dumps(RuntimeError(repr(error)))))


def _send(fd: int, payload: bytes) -> None:  # pragma: no cover - runs in the worker
    data = memoryview(len(payload).to_bytes(_HEADER, "little") + payload)
    while data:
        data = data[os.write(fd, data) :]


def _received(pid: int, fd: int) -> tuple[int, int, object] | None:
    """The next message from worker ``pid``'s pipe ``fd`` (tag, span, what it holds);
    None if the pipe has ended."""
    header = os.read(fd, _HEADER)
    if not header:
        return None
    header += _read(pid, fd, _HEADER - len(header))
    size = int.from_bytes(header, "little")
    return cast(tuple[int, int, object], marshal.loads(_read(pid, fd, size)))


def _read(pid: int, fd: int, size: int) -> bytes:
    parts: list[bytes] = []
    while size > 0:
        data = os.read(fd, min(size, _PIPE_SIZE))
        if not data:
            raise ChildProcessError(
                f"a worker process ended before giving its results (process {pid})"
            )
        parts.append(data)
        size -= len(data)
    return b"".join(parts)


def _widen(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
    except (ImportError, AttributeError, OSError):  # not Linux, or over the system's limit
        pass


def _end(children: list[tuple[int, int]], tickets: _Tickets, *, kill: bool) -> None:
    """Close the pipes and wait for the workers, killed first unless all went well."""
    import signal

    os.close(tickets.read_end)
    os.close(tickets.write_end)
    for pid, fd in children:
        os.close(fd)
        if kill:
            os.kill(pid, signal.SIGKILL)  # not waited for yet: it is there, if a zombie
    for pid, _ in children:
        os.waitpid(pid, 0)
