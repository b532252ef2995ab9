"""``urikit validate`` over standard input, a block of lines at a time: the output of
the per-line path (:func:`urikit.cli._output.each`) byte for byte, at a fraction of its
cost per line.

One reader (:func:`~urikit.cli._blocks.blocks`) gives the lines; each gets one match
of the rule (the native kernel's where it is built, else the compiled pattern), and
only the lines that fail are located and reported as the per-line path reports them.
With ``--jobs N`` chunks of blocks are checked by the standard library's process pool
and written in input order: the same bytes, the same exit status.

One difference: bytes that are not text under a strict decoder stop both paths with
"standard input is not text", but which lines were reported before that depends on how
much each had read and decoded (Python's text stream: 8 KiB at a time; this path:
64 KiB), and so does the byte position the message gives.
"""

from __future__ import annotations

import argparse
import codecs
import io
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import compress, repeat
from operator import not_
from typing import BinaryIO, TypeVar

from urikit._syntax.compiled import compiled
from urikit._syntax.names import RuleName
from urikit._syntax.native import kernel
from urikit.cli._blocks import Block, Pending, blocks, left_in_file
from urikit.cli._command import Streams
from urikit.cli._output import (
    CRLF_NOTE,
    Outcome,
    Tally,
    ascii_json_line,
    json_line,
    json_record,
    show,
)
from urikit.cli._progress import Progress
from urikit.errors.redact import password_mark, redact_as

TYPE_CHECKING = False
if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = [
    "CHUNK_SIZE",
    "POOL",
    "WORKER_LOST",
    "Checked",
    "check_chunk",
    "check_lines",
    "failing_lines",
    "jobs_count",
    "validate_stdin",
]

#: Bytes per task sent to a ``--jobs`` worker: enough work to make sending it cheap.
CHUNK_SIZE = 1 << 20

# Encodings (by codecs.lookup's name) in which byte 0x0A is "\n" and nothing else: stdin
# in another is checked in one process (its chunks could not be cut as bytes).
_NEWLINE_IS_A_BYTE = frozenset({"utf-8", "ascii", "iso8859-1"})

T = TypeVar("T")

#: What the command says when a ``--jobs`` worker ended without giving its results.
WORKER_LOST = "a worker process ended before giving its results"


def jobs_count(jobs: int) -> int:
    """The number of processes ``--jobs`` asks for: ``0`` is one per usable core."""
    if jobs:
        return jobs
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return len(usable) if usable else os.cpu_count() or 1


def _process_pool(jobs: int) -> Executor:
    from concurrent.futures import ProcessPoolExecutor  # one process never needs it

    return ProcessPoolExecutor(jobs)


#: Makes the pool of ``--jobs`` workers from their number (tests put threads in).
POOL: Callable[[int], Executor] = _process_pool


def validate_stdin(args: argparse.Namespace, streams: Streams, source: BinaryIO) -> Tally:
    """Check each line of ``source`` (stdin's bytes) against ``args.rule`` (no policy)
    and report as the per-line path does, byte for byte: in this process, or with
    ``args.jobs`` above 1 in that many (:func:`_pool`)."""
    options = argparse.Namespace(
        rule=args.rule, json=args.json, show_secrets=args.show_secrets, crlf=args.crlf
    )
    encoding, errors = streams.stdin.encoding, streams.stdin.errors or "strict"
    pool = _pool(args.rule, jobs=args.jobs, source=source, encoding=encoding)
    out = Pending(streams.out, ascii_json_line if args.json else None)
    err = Pending(streams.err)
    tally = Tally()
    crlf_noted = args.crlf
    with Progress.open(streams, source, wanted=not args.no_progress) as progress:
        counted = progress.counted(source)
        found: Iterator[Checked]
        if pool is None:
            read = blocks(counted, encoding=encoding, errors=errors, crlf=args.crlf)
            found = map(partial(check_lines, args=options), read)
        else:
            check = partial(check_chunk, args=options, encoding=encoding, errors=errors)
            found = _in_order(pool, check, _chunks(counted))
        for checked in found:
            tally.total += checked.total
            tally.failed += checked.failed
            said, at = checked.err, checked.cr_at
            if not crlf_noted and at >= 0:
                said = said[:at] + CRLF_NOTE + said[at:]
                crlf_noted = True
            with progress.aside():
                out.write(checked.out)
                out.flush()
                err.write(said)
                err.flush()
    return tally


def _pool(rule: RuleName, *, jobs: int, source: BinaryIO, encoding: str) -> Executor | None:
    """The started pool of ``jobs`` workers, or None to check in this process: for one
    job, with the native kernel (it checks a line in less than sending it to a worker
    costs), for a file of no more than one chunk, or in an encoding whose chunks
    cannot be cut as bytes (UTF-16). Started before the progress bar, whose thread a
    forked worker must not inherit."""
    if jobs <= 1 or (kernel is not None and rule in kernel.RULES) or _small(source):
        return None
    if codecs.lookup(encoding).name not in _NEWLINE_IS_A_BYTE:
        return None
    compiled(rule).pattern  # noqa: B018 - compiled once, before the workers fork
    pool = POOL(jobs)
    pool.submit(int)  # a task: the pool starts its workers
    return pool


def _small(source: BinaryIO) -> bool:
    """Whether ``source`` is a regular file with a chunk or less left in it."""
    left = left_in_file(source)
    return left is not None and left <= CHUNK_SIZE


def _chunks(source: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """``(first line number, bytes)`` of runs of whole lines of ``source``, about
    :data:`CHUNK_SIZE` bytes each, cut after a "\\n" byte (a line break in the
    encodings :data:`_NEWLINE_IS_A_BYTE` names): a worker reads their lines."""
    number, pieces = 1, list[bytes]()
    while data := source.read(CHUNK_SIZE):
        cut = data.rfind(b"\n") + 1
        if not cut:  # a long line: joined once its end comes
            pieces.append(data)
            continue
        chunk = b"".join([*pieces, data[:cut]])
        pieces = [data[cut:]]
        yield number, chunk
        number += chunk.count(b"\n")
    if last := b"".join(pieces):
        yield number, last


def check_chunk(
    chunk: tuple[int, bytes], *, args: argparse.Namespace, encoding: str, errors: str
) -> Checked:
    """:func:`check_lines` on the lines of ``chunk`` (its first line's number and its
    bytes), read by :func:`~urikit.cli._blocks.blocks` as one process reads stdin."""
    first, data = chunk
    source = io.BytesIO(data)
    read = blocks(source, encoding=encoding, errors=errors, crlf=args.crlf)
    found = [check_lines(Block(first - 1 + b.first, b.lines), args=args) for b in read]
    said = "".join(checked.err for checked in found)
    cr_at, before = -1, 0
    for checked in found:
        if checked.cr_at >= 0:
            cr_at = before + checked.cr_at
            break
        before += len(checked.err)
    out = "".join(checked.out for checked in found)
    total, failed = sum(c.total for c in found), sum(c.failed for c in found)
    return Checked(out, said, total, failed, cr_at)


def _in_order(
    pool: Executor, work: Callable[[T], Checked], tasks: Iterable[T]
) -> Iterator[Checked]:
    """``work(task)`` for each task, run by ``pool`` (shut down at the end), given back
    in the order of ``tasks``, two per worker in flight: memory stays bounded."""
    from concurrent.futures import BrokenExecutor

    ahead = 2 * getattr(pool, "_max_workers", 2)
    pending: deque[Future[Checked]] = deque()
    try:
        for task in tasks:
            pending.append(pool.submit(work, task))
            if len(pending) >= ahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    except BrokenExecutor as error:  # a worker was killed, or ran out of memory
        raise ChildProcessError(f"{WORKER_LOST}: {error}") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True, slots=True)
class Checked:
    """What checking some lines came to: the text for stdout and for stderr, how many
    lines counted and failed, and where in ``err`` the CR LF note would go (after the
    report of the first failing line that ends in CR; -1 for none)."""

    out: str
    err: str
    total: int
    failed: int
    cr_at: int


def failing_lines(lines: list[str], *, rule: RuleName) -> Iterator[int]:
    """The indices of ``lines`` that ``rule`` does not match (RFC 3986 Appendix A)."""
    if kernel is not None and rule in kernel.RULES:
        verdicts: Iterator[object] = map(kernel.is_valid, lines, repeat(rule))
    else:
        verdicts = map(compiled(rule).pattern.fullmatch, lines)
    return compress(range(len(lines)), map(not_, verdicts))


def check_lines(block: Block, *, args: argparse.Namespace) -> Checked:
    """Check the lines of ``block`` against ``args.rule`` and write for them what the
    per-line path writes: each failing line through :func:`~urikit.cli._output.show`,
    and with ``--json`` each valid line's record (``show``'s, its password written
    ``***`` as ``show`` writes it, RFC 7.5). A blank line is neither counted nor written."""
    lines, out, err = block.lines, io.StringIO(), io.StringIO()
    streams = Streams(io.StringIO(), out, err)
    failing = list(failing_lines(lines, rule=args.rule))
    invalid, error_of = set(failing), compiled(args.rule).error
    mark = "" if args.show_secrets else password_mark(args.rule)
    blank = lines.count("") + sum(map(str.isspace, lines))
    cr_at, failed = -1, 0
    for index in range(len(lines)) if args.json else failing:
        text, number = lines[index], block.first + index
        if not text or text.isspace():
            continue
        head = {"source": "stdin", "line": number, "input": text}
        if index not in invalid:  # a valid line, with --json
            if mark and mark in text:
                head["input"] = redact_as(text, args.rule)
            out.write(json_line(json_record(head, key="problems", result=[], error=None)))
            continue
        outcome = Outcome.invalid(error_of(text))
        where = f"stdin:{number}"
        show(args, streams, outcome=outcome, head=head, key="problems", where=where, text=text)
        failed += 1
        if cr_at < 0 and text.endswith("\r"):
            cr_at = err.tell()
    return Checked(out.getvalue(), err.getvalue(), len(lines) - blank, failed, cr_at)
