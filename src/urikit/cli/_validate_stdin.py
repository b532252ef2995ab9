"""``urikit validate`` over standard input, fast: the output of the per-line path
(:func:`urikit.cli._output.each`) byte for byte, at a fraction of its cost per line.

Lines come a block at a time (:mod:`urikit.cli._blocks`); each gets one match of the
rule's compiled pattern, and only the lines that fail it are located and reported as
the per-line path reports them (:func:`~urikit.cli._output.report`, or the JSON record
:func:`~urikit.cli._output.show` writes). With ``--json`` a valid line's object is
written from a template.

One difference: bytes that are not text under a strict decoder stop both paths with
"standard input is not text", but which lines were reported before that depends on how
much each had read and decoded (Python's text stream: 8 KiB at a time; this path:
64 KiB), and so does the byte position the message gives.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import repeat
from typing import BinaryIO, cast

from urikit._syntax.compiled import compiled
from urikit._syntax.names import RuleName
from urikit.cli._blocks import Block, Pending, Sink, blocks, bytes_per_newline, encoded, file_of
from urikit.cli._command import Streams
from urikit.cli._json_escapes import holds_json_escapes, node_holds_json_escapes
from urikit.cli._output import (
    CRLF_NOTE,
    Tally,
    ascii_json_line,
    error_record,
    json_line,
    report_text,
)
from urikit.cli._parallel import (
    Numbering,
    SharedFile,
    Span,
    chunks,
    in_order,
    one_span,
    open_span,
    process_pool,
    share,
    spans,
)
from urikit.cli._progress import Progress
from urikit.errors.redact import password_mark, redact_as

TYPE_CHECKING = False
if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = [
    "POOL",
    "Checked",
    "Chunk",
    "Written",
    "check_chunk",
    "check_lines",
    "holds_json_escapes",
    "node_holds_json_escapes",
    "validate_stdin",
]

# A valid stdin line's JSON object, as show() writes it, around its number and input.
_BEFORE_NUMBER = '{"source": "stdin", "line": '
_BEFORE_INPUT = ', "input": '
_AFTER_INPUT = ', "valid": true, "problems": [], "error": null}\n'
# An invalid line's after its input: its error record (as one JSON text) in both places.
_AFTER_INVALID_INPUT = ', "valid": false, "problems": [{0}], "error": {0}}}\n'

# What a JSON string escapes with ensure_ascii=False (as _json_escapes says), in a block
# ("\n" parts its lines); a line without any is quoted as it is.
_ESCAPED = re.compile(r'[\x00-\x09\x0b-\x1f"\\]')
# A str as a JSON string, as json_line() writes it (ensure_ascii=False).
_QUOTE = json.encoder.encode_basestring


def validate_stdin(args: argparse.Namespace, streams: Streams) -> Tally:
    """Check each stdin line against ``args.rule`` (no policy) and report as the
    per-line path does, byte for byte. Needs ``streams.stdin_bytes``. With
    ``args.jobs`` above 1, chunks of lines are checked in that many processes
    (:mod:`urikit.cli._parallel`) and written in input order: the same bytes again."""
    source = streams.stdin_bytes
    if source is None:
        raise ValueError("validate_stdin needs the bytes of standard input")
    out = Sink(Pending(streams.out, ascii_json_line if args.json else None))
    err = Sink(Pending(streams.err))
    tally = Tally()
    crlf_noted = args.crlf
    file = file_of(source)
    # One span is checked here: no worker to start, the same output sooner.
    jobs = 1 if file is not None and one_span(*file) else getattr(args, "jobs", 1)
    wanted = not getattr(args, "no_progress", True)
    # The workers start before the bar, whose thread a forked worker must not inherit.
    forks = _forks(args, streams, jobs=jobs, file=file, sinks=(out, err)) if jobs > 1 else None
    workers = _workers(args, streams, jobs=jobs, file=file) if jobs > 1 and not forks else None
    found: Iterator[Checked | Written]
    with Progress.open(streams, source, wanted=wanted) as progress:
        if forks:
            found = forks(progress)
        elif workers is None:
            found = _in_blocks(args, streams, progress.counted(source))
        else:
            found = _in_processes(args, streams, progress, workers, sinks=(out, err))
        for checked in found:
            tally.total += checked.total
            tally.failed += checked.failed
            said, at = checked.err, checked.cr_at
            if not crlf_noted and at >= 0:
                if isinstance(said, str):
                    said = said[:at] + CRLF_NOTE + said[at:]
                else:
                    said = said[:at] + err.encoded(CRLF_NOTE) + said[at:]
                crlf_noted = True
            with progress.aside():
                out.put(checked.out)
                err.put(said)
    return tally


def _in_blocks(args: argparse.Namespace, streams: Streams, source: BinaryIO) -> Iterator[Checked]:
    encoding, errors = streams.stdin.encoding, streams.stdin.errors or "strict"
    for block in blocks(source, encoding=encoding, errors=errors, crlf=args.crlf):
        yield check_lines(
            block.first, block.lines, rule=args.rule, json=args.json, secrets=args.show_secrets
        )


#: Makes the pool of ``--jobs`` workers: ``(jobs, initializer, its arguments)``.
POOL: Callable[..., Executor] = process_pool


@dataclass(frozen=True, slots=True)
class _Workers:
    """The pool of ``jobs`` workers; ``file``: stdin's (fd, offset) for them, or None."""

    pool: Executor
    jobs: int
    file: tuple[int, int] | None


def _workers(
    args: argparse.Namespace, streams: Streams, *, jobs: int, file: tuple[int, int] | None
) -> _Workers:
    """The pool for ``jobs`` workers, their processes started. They read spans of
    ``file`` (stdin's descriptor and offset, None for a pipe) if its lines may be cut
    at any "\\n" byte."""
    compiled(args.rule).pattern  # noqa: B018 - compiled once, before workers fork
    if not bytes_per_newline(streams.stdin.encoding):
        file = None
    if file is None:
        pool = POOL(jobs)
    else:
        pool = POOL(jobs, initializer=share, initargs=(SharedFile(file[0]),))
    pool.submit(int)  # a task: the pool starts its workers
    return _Workers(pool, jobs, file)


def _in_processes(
    args: argparse.Namespace,
    streams: Streams,
    progress: Progress,
    workers: _Workers,
    *,
    sinks: tuple[Sink, Sink],
) -> Iterator[Written]:
    """The lines of stdin checked by ``workers``, in input order: a regular file in
    spans each worker reads itself, else chunks read here."""
    source = cast(BinaryIO, streams.stdin_bytes)  # validate_stdin has checked it is there
    encoding, errors = streams.stdin.encoding, streams.stdin.errors or "strict"
    pool, jobs, file = workers.pool, workers.jobs, workers.file
    options = _options(args, streams, sinks)
    if file is None:
        read = chunks(source, encoding=encoding, errors=errors, progress=progress)
        tasks = (options(first, lines) for first, lines in read)
        return in_order(tasks, check_chunk, pool=pool, jobs=jobs)
    fd, start = file

    def cut() -> Iterator[Chunk]:
        for span in spans(fd, start=start, workers=jobs):
            progress.advance(span.length)
            yield options(span.first, span)
        os.lseek(fd, 0, os.SEEK_END)  # read to its end, as the one-process path leaves it

    return in_order(cut(), check_chunk, pool=pool, jobs=jobs)


def _forks(
    args: argparse.Namespace,
    streams: Streams,
    *,
    jobs: int,
    file: tuple[int, int] | None,
    sinks: tuple[Sink, Sink],
) -> Callable[[Progress], Iterator[Written]] | None:
    """Spans of ``file`` checked in ``jobs`` processes (:mod:`urikit.cli._forked`), or None."""
    if file is None or POOL is not process_pool or not bytes_per_newline(streams.stdin.encoding):
        return None
    compiled(args.rule).pattern  # noqa: B018 - compiled once, before workers fork
    from urikit.cli._forked import Result, forked

    options = _options(args, streams, sinks)

    def work(span: Span) -> Result:
        done = check_chunk(options(span.first, span))
        return done.out, done.err, done.total, done.failed, done.cr_at

    run = forked(*file, jobs=jobs, work=work)
    return None if run is None else lambda progress: (Written(*done) for done in run(progress))


def _options(
    args: argparse.Namespace, streams: Streams, sinks: tuple[Sink, Sink]
) -> Callable[[int | Numbering, str | bytes | Span], Chunk]:
    """A :class:`Chunk` of given lines, with the options of the command."""
    return partial(
        Chunk,
        rule=args.rule,
        json=args.json,
        crlf=args.crlf,
        encoding=streams.stdin.encoding,
        errors=streams.stdin.errors or "strict",
        secrets=args.show_secrets,
        codecs=(sinks[0].codec, sinks[1].codec),
    )


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


@dataclass(frozen=True, slots=True)
class Written:
    """:class:`Checked`, its output encoded by the worker as the stream would encode
    it (bytes), or text where it cannot be; ``cr_at`` counts in the same units."""

    out: str | bytes
    err: str | bytes
    total: int
    failed: int
    cr_at: int


@dataclass(frozen=True, slots=True)
class Chunk:
    """Whole lines of stdin for a worker process, the first numbered ``first`` (or by
    a :class:`~urikit.cli._parallel.Numbering`, once they are read): as
    text, as bytes in ``encoding`` (decoded with ``errors``), or a span of the file a
    worker reads itself; the options that decide what is written for them, and the
    ``codecs`` (encoding, error handler) of stdout and stderr, or None to give text."""

    first: int | Numbering
    lines: str | bytes | Span
    rule: RuleName
    json: bool
    crlf: bool
    encoding: str
    errors: str
    secrets: bool
    codecs: tuple[tuple[str, str] | None, tuple[str, str] | None] = (None, None)


def check_chunk(chunk: Chunk) -> Written:
    """:func:`check_lines` on the lines of ``chunk``, split as :func:`blocks` splits
    (bytes a block at a time, as one process reads them); the output encoded as
    ``chunk.codecs`` say, where it can be. A chunk numbered by a
    :class:`~urikit.cli._parallel.Numbering` is read and matched whole first: its
    count is told before the matching, its first number asked after."""
    numbering = chunk.first
    runs: Iterable[Block] = _runs(chunk)
    failing: Iterable[list[int] | None]
    if isinstance(numbering, int):
        # Each block checked as it is read, while its lines are in the cache.
        first, failing = numbering, repeat(None)
    else:
        runs = list(runs)
        numbering.told(sum(len(run.lines) for run in runs))
        failing = [failing_lines(run.lines, rule=chunk.rule) for run in runs]
        first = numbering.first()
    found = [
        check_lines(
            first - 1 + run.first,
            run.lines,
            rule=chunk.rule,
            json=chunk.json,
            secrets=chunk.secrets,
            failing=failed,
        )
        for run, failed in zip(runs, failing)  # noqa: B905 - repeat() has no end
    ]
    return _merged(found, codecs=chunk.codecs)


def _runs(chunk: Chunk) -> Iterator[Block]:
    """The lines of ``chunk``, numbered from 1: in one block if they are text, else in
    the blocks :func:`blocks` reads."""
    if isinstance(chunk.lines, str):
        text = chunk.lines.replace("\r\n", "\n") if chunk.crlf else chunk.lines
        lines = text.split("\n")
        last = lines.pop()  # "" after a final line break; else a last line without one
        if last:
            lines.append(last)
        yield Block(1, lines)
        return
    given = chunk.lines
    source = io.BytesIO(given) if isinstance(given, bytes) else open_span(given)
    yield from blocks(source, encoding=chunk.encoding, errors=chunk.errors, crlf=chunk.crlf)


def _merged(
    found: list[Checked], *, codecs: tuple[tuple[str, str] | None, tuple[str, str] | None]
) -> Written:
    """What checking runs of lines one after another came to, as one; the output
    encoded as ``codecs`` (stdout's, stderr's) say, where it can be."""
    said = "".join(checked.err for checked in found)
    cr_at, told = -1, 0
    for checked in found:
        if checked.cr_at >= 0:
            cr_at = told + checked.cr_at
            break
        told += len(checked.err)
    err = encoded(said, codecs[1])
    if isinstance(err, bytes) and cr_at > 0:  # where the note goes, counted in bytes
        cr_at = len(encoded(said[:cr_at], codecs[1]))
    out = encoded("".join(checked.out for checked in found), codecs[0])
    total, failed = sum(c.total for c in found), sum(c.failed for c in found)
    return Written(out, err, total, failed, cr_at)


def failing_lines(lines: list[str], *, rule: RuleName) -> list[int]:
    """The indices of ``lines`` that ``rule`` does not match."""
    match = compiled(rule).pattern.fullmatch
    return [index for index, found in enumerate(map(match, lines)) if found is None]


def check_lines(
    first: int,
    lines: list[str],
    *,
    rule: RuleName,
    json: bool,
    secrets: bool,
    failing: list[int] | None = None,
) -> Checked:
    """Check ``lines`` (numbered from ``first``; ``failing``: :func:`failing_lines`,
    if known) and render what the per-line path writes for them: JSON records, or
    each invalid line's report; passwords written ``***`` unless ``secrets`` (RFC 7.5)."""
    compiled_rule = compiled(rule)
    cr_at = -1
    failed = 0
    if failing is None:
        failing = failing_lines(lines, rule=rule)
    blank = lines.count("") + sum(map(str.isspace, lines))
    total = len(lines) - blank
    plain = not holds_json_escapes(rule) or _ESCAPED.search("\n".join(lines)) is None
    shown = _as_given if secrets else partial(_redacted, rule=rule)
    records = _valid_records(first, shown(lines), plain=plain) if json else []
    reported: list[str] = []
    for index in failing:
        text = lines[index]
        if not text or text.isspace():
            blank -= 1
            if json:
                records[index] = ""
            continue
        number = first + index
        failed += 1
        error = compiled_rule.error(text)
        if json:  # the record show() writes for validate's invalid line
            found = json_line(error_record(error))[:-1]  # encoded once, written twice
            quoted = _QUOTE(shown([text])[0])
            after = _AFTER_INVALID_INPUT.format(found)
            records[index] = f"{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}{quoted}{after}"
        else:  # what show() writes for an invalid line without --json: the report
            reported.append(report_text(error, where=f"stdin:{number}", text=text))
        if cr_at < 0 and text.endswith("\r"):
            cr_at = sum(map(len, reported))
    if json and blank:  # a blank line that matched the rule (such as "")
        for index, line in enumerate(lines):
            if not line or line.isspace():
                records[index] = ""
    return Checked("".join(records), "".join(reported), total, failed, cr_at)


def _as_given(lines: list[str]) -> list[str]:
    return lines


def _redacted(lines: list[str], *, rule: RuleName) -> list[str]:
    """``lines`` with passwords written ``***`` (RFC 7.5), each read as ``rule`` reads
    it, as show() writes inputs. Only a line with :func:`password_mark` can have one."""
    mark = password_mark(rule)
    return [redact_as(line, rule) if mark in line else line for line in lines]


def _valid_records(first: int, lines: list[str], *, plain: bool) -> list[str]:
    """The JSON line of each of ``lines`` (numbered from ``first``) as if it were valid
    and not blank; ``plain``: none of them holds a character that JSON escapes."""
    if plain:
        return [
            f'{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}"{line}"{_AFTER_INPUT}'
            for number, line in enumerate(lines, first)
        ]
    quote = _QUOTE
    return [
        f"{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}{quote(line)}{_AFTER_INPUT}"
        for number, line in enumerate(lines, first)
    ]
