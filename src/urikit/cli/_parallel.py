"""Standard input in chunks of whole lines, worked on in several processes, the results
in input order (``urikit validate --jobs N``).

:func:`chunks` reads and decodes stdin as :func:`urikit.cli._blocks.blocks` does, but
gives text, not lists of lines: a worker splits it, so the parent process only reads,
decodes, sends and writes. :func:`in_order` keeps at most two chunks per worker in
flight, so memory stays bounded whatever the input's size.
"""

from __future__ import annotations

import codecs
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import BinaryIO, TypeVar

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.cli._progress import Progress

__all__ = ["CHUNK_SIZE", "chunks", "in_order", "jobs_count"]

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
    if codecs.lookup(encoding).name in _NEWLINE_IS_A_BYTE:
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


# Codecs (by codecs.lookup's name) in which byte 0x0A is "\n" and nothing else.
_NEWLINE_IS_A_BYTE = frozenset({"utf-8", "ascii", "iso8859-1"})


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
    tasks: Iterable[T],
    work: Callable[[T], R],
    *,
    jobs: int,
    executor: Callable[[int], Executor] = ProcessPoolExecutor,
) -> Iterator[R]:
    """``work(task)`` for each task, run by ``executor(jobs)`` (processes by default),
    given back in the order of ``tasks``. Should reading ``tasks`` fail, the results
    of the tasks read before are given first, then the error is raised."""
    pool = executor(jobs)
    pending: deque[Future[R]] = deque()
    failure: Exception | None = None
    try:
        try:
            for task in tasks:
                pending.append(pool.submit(work, task))
                if len(pending) >= 2 * jobs:
                    yield pending.popleft().result()
        except Exception as error:  # a read or decode error: what came before goes out
            failure = error
        while pending:
            yield pending.popleft().result()
        if failure is not None:
            raise failure
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
