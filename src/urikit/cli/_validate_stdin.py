"""``urikit validate`` over standard input, fast: the output of the per-line path
(:func:`urikit.cli._output.each`) byte for byte, at a fraction of its cost per line.

Lines come a block at a time (:mod:`urikit.cli._blocks`); each gets one match of the
rule's compiled pattern, and only the lines that fail it are located and reported
through :func:`~urikit.cli._output.show`, as the per-line path reports them. With
``--json`` a valid line's object is written from a template.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable

from urikit._compiled import compiled
from urikit.cli._blocks import Pending, blocks
from urikit.cli._command import Streams
from urikit.cli._output import CRLF_NOTE, Outcome, Tally, ascii_json_line, show
from urikit.errors import InvalidURIError

__all__ = ["validate_stdin"]

# A valid stdin line's JSON object, as show() writes it, around its number and input.
_BEFORE_NUMBER = '{"source": "stdin", "line": '
_BEFORE_INPUT = ', "input": '
_AFTER_INPUT = ', "valid": true, "problems": [], "error": null}\n'

# What a JSON string escapes with ensure_ascii=False; text without it is quoted as is.
_ESCAPED = re.compile(r'[\x00-\x1f"\\]')


def validate_stdin(
    args: argparse.Namespace,
    streams: Streams,
    *,
    invalid: Callable[[InvalidURIError], Outcome],
) -> Tally:
    """Check each stdin line against ``args.rule`` and report as the per-line path
    does; ``invalid`` gives a failing line's outcome. Needs ``streams.stdin_bytes``."""
    source = streams.stdin_bytes
    if source is None:
        raise ValueError("validate_stdin needs the bytes of standard input")
    rule = compiled(args.rule)
    fullmatch = rule.pattern.fullmatch
    out = Pending(streams.out, ascii_json_line if args.json else None)
    err = Pending(streams.err)
    pending = Streams(streams.stdin, out, err)
    tally = Tally()
    crlf_noted = args.crlf
    read = blocks(
        source,
        encoding=streams.stdin.encoding,
        errors=streams.stdin.errors or "strict",
        crlf=args.crlf,
    )
    for block in read:
        lines = block.text.split("\n")
        failing = [index for index, line in enumerate(lines) if fullmatch(line) is None]
        blank = lines.count("") + sum(map(str.isspace, lines))
        tally.total += len(lines) - blank
        valid_from = 0
        for index in failing:
            text = lines[index]
            if not text or text.isspace():
                continue
            if args.json:
                out.write(_valid_records(lines, valid_from, index, block.first))
            valid_from = index + 1
            number = block.first + index
            head = {"source": "stdin", "line": number, "input": text}
            where = f"stdin:{number}"
            outcome = invalid(rule.error(text))
            show(args, pending, outcome=outcome, head=head, key="problems", where=where, text=text)
            tally.failed += 1
            if not crlf_noted and text.endswith("\r"):
                err.write(CRLF_NOTE)
                crlf_noted = True
        if args.json:
            out.write(_valid_records(lines, valid_from, len(lines), block.first))
        out.send()
        err.send()
    return tally


def _valid_records(lines: list[str], start: int, stop: int, first: int) -> str:
    """The JSON objects of ``lines[start:stop]``, all valid, blank ones skipped."""
    run = lines[start:stop]
    numbers = range(first + start, first + stop)
    if _ESCAPED.search("".join(run)) is None:
        return "".join(
            [
                f'{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}"{line}"{_AFTER_INPUT}'
                for number, line in zip(numbers, run, strict=True)
                if line and not line.isspace()
            ]
        )
    quote = json.encoder.encode_basestring
    return "".join(
        [
            f"{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}{quote(line)}{_AFTER_INPUT}"
            for number, line in zip(numbers, run, strict=True)
            if line and not line.isspace()
        ]
    )
