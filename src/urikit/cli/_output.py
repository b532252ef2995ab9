"""The one output path of every command: inputs in, a text report or JSON Lines out.

Each input comes to an :class:`Outcome`: its result (the JSON value) and the text shown
for it, or the problems found. :func:`show` writes it: text on stdout and each problem
with a caret on stderr, or one JSON object on stdout with ``--json``. The JSON Lines
format is stable: keys are added, never renamed or removed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from urikit.batch._records import problem_record
from urikit.cli._command import Streams
from urikit.cli._secrets import hidden, hidden_text
from urikit.errors.exceptions import (
    InvalidURIError,
    Location,
    URIBuildError,
    URIError,
    excerpt,
    location_as_shown,
    sentence,
)
from urikit.errors.problems import Problem
from urikit.errors.redact import redact

__all__ = [
    "CRLF_NOTE",
    "Outcome",
    "Tally",
    "ascii_json_line",
    "each",
    "each_line",
    "error_record",
    "input_options",
    "json_line",
    "json_record",
    "report",
    "report_text",
    "show",
]

#: Said once on stderr when a failing stdin line ends in CR and --crlf is not given.
CRLF_NOTE = "note: this input ends its lines with CR LF; --crlf reads it\n"

# What one input can fail with: a policy's problem or an error of urikit. ValueError
# is how relativize says that no reference reaches a target.
Failure = Problem | URIError | ValueError
_FAILURES = (URIError, ValueError)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one input came to: ``result`` for JSON, ``shown`` for text, or ``problems``."""

    result: object = None
    shown: str = ""
    problems: Sequence[Failure] = ()

    @classmethod
    def invalid(cls, error: InvalidURIError) -> Outcome:
        """A text that does not match the rule: its one problem."""
        return cls(result=[error_record(error)], problems=(error,))

    @classmethod
    def line(cls, text: str) -> Outcome:
        """A text made of the input: the JSON ``result``, shown on a line of its own."""
        return cls(result=text, shown=text + "\n")


@dataclass(slots=True)
class Tally:
    """How many inputs were handled and how many of them failed."""

    total: int = 0
    failed: int = 0

    @property
    def status(self) -> int:
        """The exit status: 1 when any input failed."""
        return 1 if self.failed else 0


def input_options(parser: argparse.ArgumentParser, *, dest: str, metavar: str, what: str) -> None:
    """The options of a command that reads texts from arguments or standard input."""
    parser.add_argument(dest, nargs="*", metavar=metavar, help=f"{what} (default: stdin lines)")
    parser.add_argument("--json", action="store_true", help="JSON Lines: one object per input")
    parser.add_argument(
        "--crlf",
        action="store_true",
        help="stdin lines end in CR LF (a Windows file): drop the CR too",
    )


def inputs(texts: Sequence[str], streams: Streams, *, crlf: bool) -> Iterator[tuple[str, int, str]]:
    """``(source, number, text)`` for each argument, else for each line of stdin.

    Lines are read one at a time, so input of any size runs in constant memory; only
    the line break ending a line is dropped (with ``crlf`` a CR before it too), so a
    stray CR or space is reported. Blank lines of stdin are skipped; arguments never are.
    """
    if texts:
        for number, text in enumerate(texts, 1):
            yield "arg", number, text
        return
    end = "\r\n" if crlf else "\n"
    for number, line in enumerate(streams.stdin, 1):
        if line.isspace():
            continue
        if line.endswith(end):
            line = line[: -len(end)]
        elif line.endswith("\n"):
            line = line[:-1]
        yield "stdin", number, line


def each(
    args: argparse.Namespace,
    streams: Streams,
    *,
    texts: Sequence[str],
    work: Callable[[str], Outcome],
    key: str,
) -> Tally:
    """Run ``work`` on each input and :func:`show` its outcome under ``key``.

    An input that fails is reported and the next one goes on.
    """
    tally = Tally()
    crlf_noted = args.crlf
    for source, number, text in inputs(texts, streams, crlf=args.crlf):
        try:
            outcome = work(text)
        except _FAILURES as error:
            outcome = Outcome(problems=(error,))
        tally.total += 1
        tally.failed += bool(outcome.problems)
        head = {"source": source, "line": number, "input": text}
        show(
            args,
            streams,
            outcome=outcome,
            head=head,
            key=key,
            where=f"{source}:{number}",
            text=text,
        )
        if outcome.problems and not crlf_noted and source == "stdin" and text.endswith("\r"):
            streams.err.write(CRLF_NOTE)
            crlf_noted = True
    return tally


def each_line(
    args: argparse.Namespace,
    streams: Streams,
    *,
    texts: Sequence[str],
    make: Callable[[str], str],
) -> int:
    """:func:`each` for a command that makes one text of each input
    (:meth:`Outcome.line`); the exit status."""

    def work(text: str) -> Outcome:
        return Outcome.line(make(text))

    return each(args, streams, texts=texts, work=work, key="result").status


def show(
    args: argparse.Namespace,
    streams: Streams,
    *,
    outcome: Outcome,
    head: Mapping[str, object],
    key: str,
    where: str,
    text: str,
) -> None:
    """Write one outcome: a JSON object (``head``, valid, ``key``, error), or the text
    shown on stdout and each problem as ``WHERE[:COLUMN]: message`` with a caret.
    Passwords are written ``***`` unless ``--show-secrets`` (RFC 7.5)."""
    problems = outcome.problems
    secrets: bool = args.show_secrets
    if args.json:
        error = error_record(problems[0]) if problems else None
        result = outcome.result
        if not secrets:
            rule: str | None = getattr(args, "rule", None)  # validate's: how the input reads
            head = cast("Mapping[str, object]", hidden(head, rule=rule))
            result = hidden(result)
        _emit(streams, json_record(head, key=key, result=result, error=error))
        return
    streams.out.write(outcome.shown if secrets else hidden_text(outcome.shown))
    for problem in problems:
        report(streams, problem, where=where, text=text)


def json_record(
    head: Mapping[str, object], *, key: str, result: object, error: dict[str, object] | None
) -> dict[str, object]:
    """One input's JSON object: ``head``, whether it is valid (no ``error``), the
    command's ``key`` holding ``result``, and the first problem's ``error`` record."""
    return {**head, "valid": error is None, key: result, "error": error}


def error_record(problem: Failure) -> dict[str, object]:
    """The JSON ``error`` object: code (``syntax``, a policy's or a build error's code,
    else null), position (0-based), rule, component, reason, message."""
    if isinstance(problem, InvalidURIError | Problem):
        return dict(problem_record(problem))
    said = str(problem)
    code = problem.code if isinstance(problem, URIBuildError) else None
    return {
        "code": code,
        "position": None,
        "rule": None,
        "component": None,
        "reason": said,
        "message": said,
    }


# json.dumps(record, ensure_ascii=False) without making an encoder per call.
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def json_line(record: Mapping[str, object]) -> str:
    """``record`` as one line of JSON Lines, characters beyond ASCII as they are."""
    return _ENCODE(record) + "\n"


def _emit(streams: Streams, record: Mapping[str, object]) -> None:
    """One JSON line; text the stream cannot encode (a lone surrogate) is escaped."""
    try:
        streams.out.write(json_line(record))
    except UnicodeEncodeError:
        streams.out.write(json.dumps(record) + "\n")


def ascii_json_line(line: str) -> str:
    """The JSON line that :func:`_emit` falls back to for ``line``, one it wrote first:
    the same object with every non-ASCII character escaped."""
    record: object = json.loads(line)
    return json.dumps(record) + "\n"


def report(streams: Streams, problem: Failure, *, where: str, text: str) -> None:
    """``WHERE[:COLUMN]: message``, then the text with a caret under the position: the
    text redacted (RFC 7.5), as the position counts it (:func:`report_text`)."""
    streams.err.write(report_text(problem, where=where, text=text))


def report_text(problem: Failure, *, where: str, text: str) -> str:
    """What :func:`report` writes for ``problem``, found in ``text``.

    The column is 1-based, as compilers write it; the message then gives no 0-based
    position of its own for the same character (the JSON record keeps that)."""
    if isinstance(problem, InvalidURIError):
        # The error's own text (a component's, when a builder step failed) and its
        # fields in it, located and redacted once.
        text, location = location_as_shown(problem)
        position: int | None = location.position
        said = sentence(location, with_position=False)
    else:
        # The text redacted as a PolicyError's is, which a Problem's position counts in.
        text = redact(text)
        position = problem.position if isinstance(problem, Problem) else None
        said = _unplaced(problem)
    if position is None:
        return f"{where}: {said}\n"
    shown, caret = excerpt(text, position)
    return f"{where}:{position + 1}: {said}\n  {shown}\n  {caret}\n"


def _unplaced(problem: Failure) -> str:
    """The message of ``problem`` (not an :class:`InvalidURIError`) without the
    0-based position a syntax problem states."""
    if isinstance(problem, Problem):
        if problem.code == "syntax" and problem.position is not None and problem.rule:
            reason = problem.reason or ""
            location = Location(problem.position, problem.rule, reason, problem.component)
            return sentence(location, with_position=False)
        return problem.message
    return str(problem)
