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
import json
import re
from functools import cache

from urikit._syntax.abnf import Alt, Capture, Chars, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.compiled import compiled
from urikit._syntax.rfc3986 import resolve
from urikit.cli._blocks import Pending, blocks
from urikit.cli._command import Streams
from urikit.cli._output import (
    CRLF_NOTE,
    Tally,
    ascii_json_line,
    error_record,
    json_line,
    json_record,
    report,
)
from urikit.errors.redact import redact

__all__ = ["holds_json_escapes", "node_holds_json_escapes", "validate_stdin"]

# A valid stdin line's JSON object, as show() writes it, around its number and input.
_BEFORE_NUMBER = '{"source": "stdin", "line": '
_BEFORE_INPUT = ', "input": '
_AFTER_INPUT = ', "valid": true, "problems": [], "error": null}\n'

# What a JSON string escapes with ensure_ascii=False; a line without any is quoted as it
# is. _ESCAPED finds them in a block ("\n" parts its lines).
_JSON_ESCAPED = frozenset('"\\' + "".join(map(chr, range(0x20))))
_ESCAPED = re.compile(r'[\x00-\x09\x0b-\x1f"\\]')


def validate_stdin(args: argparse.Namespace, streams: Streams) -> Tally:
    """Check each stdin line against ``args.rule`` (no policy) and report as the
    per-line path does, byte for byte. Needs ``streams.stdin_bytes``."""
    source = streams.stdin_bytes
    if source is None:
        raise ValueError("validate_stdin needs the bytes of standard input")
    rule = compiled(args.rule)
    fullmatch = rule.pattern.fullmatch
    out = Pending(streams.out, ascii_json_line if args.json else None)
    err = Pending(streams.err)
    tally = Tally()
    crlf_noted = args.crlf
    encoding, errors = streams.stdin.encoding, streams.stdin.errors or "strict"
    to_err = Streams(streams.stdin, out, err)
    shown = _as_given if args.show_secrets else _redacted
    for block in blocks(source, encoding=encoding, errors=errors, crlf=args.crlf):
        lines = block.lines
        failing = [index for index, m in enumerate(map(fullmatch, lines)) if m is None]
        blank = lines.count("") + sum(map(str.isspace, lines))
        tally.total += len(lines) - blank
        plain = not holds_json_escapes(args.rule) or _ESCAPED.search("\n".join(lines)) is None
        records = _valid_records(block.first, shown(lines), plain=plain) if args.json else []
        for index in failing:
            text = lines[index]
            if not text or text.isspace():
                blank -= 1
                if args.json:
                    records[index] = ""
                continue
            number = block.first + index
            tally.failed += 1
            error = rule.error(text)
            if args.json:  # the record show() writes for validate's invalid line
                found = error_record(error)
                head = {"source": "stdin", "line": number, "input": shown([text])[0]}
                record = json_record(head, key="problems", result=[found], error=found)
                records[index] = json_line(record)
            else:  # what show() writes for an invalid line without --json: the report
                report(to_err, error, where=f"stdin:{number}", text=text)
            if not crlf_noted and text.endswith("\r"):
                err.write(CRLF_NOTE)
                crlf_noted = True
        if args.json:
            if blank:  # a blank line that matched the rule (such as "")
                for index, line in enumerate(lines):
                    if not line or line.isspace():
                        records[index] = ""
            out.write("".join(records))
        out.flush()
        err.flush()
    return tally


def _as_given(lines: list[str]) -> list[str]:
    return lines


def _redacted(lines: list[str]) -> list[str]:
    """``lines`` with passwords written ``***`` (RFC 7.5), as show() writes inputs."""
    if "@" not in "\n".join(lines):  # the common block: no userinfo in any line
        return lines
    return [redact(line) if "@" in line else line for line in lines]


def _valid_records(first: int, lines: list[str], *, plain: bool) -> list[str]:
    """The JSON line of each of ``lines`` (numbered from ``first``) as if it were valid
    and not blank; ``plain``: none of them holds a character that JSON escapes."""
    if plain:
        return [
            f'{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}"{line}"{_AFTER_INPUT}'
            for number, line in enumerate(lines, first)
        ]
    quote = json.encoder.encode_basestring
    return [
        f"{_BEFORE_NUMBER}{number}{_BEFORE_INPUT}{quote(line)}{_AFTER_INPUT}"
        for number, line in enumerate(lines, first)
    ]


@cache
def holds_json_escapes(name: str) -> bool:
    """Whether a text that matches rule ``name`` may hold a character that a JSON
    string escapes (a quote, a backslash, a control character): read from the rule's
    nodes in the grammar. No rule of RFC 3986 or 3987 has any (RFC 2, RFC 3987 2.2)."""
    return node_holds_json_escapes(resolve(name))


def node_holds_json_escapes(node: Node) -> bool:
    match node:
        case Chars():
            return any(char in node for char in _JSON_ESCAPED)
        case Seq(items):
            return any(map(node_holds_json_escapes, items))
        case Alt(options):
            return any(map(node_holds_json_escapes, options))
        case Repeat():
            return node.max != 0 and node_holds_json_escapes(node.node)
        case Capture():
            return node_holds_json_escapes(node.node)
        case IfCaptured():
            return node_holds_json_escapes(node.yes) or node_holds_json_escapes(node.no)
        case Ref(name):
            return holds_json_escapes(name)
        case _:  # pragma: no cover - every node kind is above
            return True
