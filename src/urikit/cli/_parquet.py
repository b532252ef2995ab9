"""``urikit validate`` with Parquet in or out (``--input-format parquet --column NAME``,
``--output-format parquet``), through pyarrow (``urikit[arrow]``).

Parquet input is read a record batch at a time, from the files named as arguments or
from standard input; a row's number is its 1-based index in its file and a null is
skipped as a blank line is. Text and JSON output are what the line input gives, with
the file's name as ``source``. Parquet output has one row per input (``source``,
``line``, ``input``, ``valid``, ``problems`` and ``error``: the keys of the JSON
Lines, the records of :data:`urikit.batch.FIELDS`; passwords written ``***`` unless
``--show-secrets``) and is written to stdout.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, cast

import pyarrow as pa
import pyarrow.parquet as pq

from urikit.batch import is_valid
from urikit.batch._arrow import STRUCT
from urikit.cli._command import Streams, UsageError
from urikit.cli._output import CRLF_NOTE, Outcome, Tally, error_record, inputs, show
from urikit.errors.redact import redact_as

__all__ = ["BATCH_ROWS", "validate_table"]

#: Rows read, checked and written at a time.
BATCH_ROWS = 1 << 16

_COLUMNS: dict[str, pa.DataType] = {
    "source": pa.string(),
    "line": pa.int64(),
    "input": pa.string(),
    "valid": pa.bool_(),
    "problems": pa.list_(STRUCT),
    "error": STRUCT,
}
_SCHEMA = pa.schema(_COLUMNS)


@dataclass(frozen=True, slots=True)
class _Rows:
    """Some inputs of one source: their numbers and texts (None for a null)."""

    source: str
    numbers: Sequence[int]
    texts: Sequence[str | None]
    column: pa.Array[pa.Scalar[pa.DataType]] | None = None  # the texts, as read


def validate_table(
    args: argparse.Namespace,
    streams: Streams,
    *,
    work: Callable[[str], Outcome],
    syntax_only: bool,
) -> Tally:
    """Check each input with ``work`` (with ``syntax_only``, only those that fail the
    rule, found for a whole batch at once) and write text, JSON Lines or Parquet."""
    tally = Tally()
    writer = _writer(streams) if args.output_format == "parquet" else None
    crlf_noted = args.crlf or args.input_format == "parquet"
    try:
        for rows in _rows(args, streams):
            verdicts: Sequence[bool | None] | None = None
            if syntax_only:  # the verdicts of a whole batch at once; Arrow's RE2 for Parquet
                found_valid = is_valid(rows.column, args.rule) if rows.column else None
                verdicts = (
                    found_valid.to_pylist() if found_valid else is_valid(rows.texts, args.rule)
                )
            found: list[tuple[int, str, Outcome]] = []
            for index, (number, text) in enumerate(zip(rows.numbers, rows.texts, strict=True)):
                if text is None:
                    continue
                tally.total += 1
                if verdicts is not None and verdicts[index]:
                    outcome = Outcome(result=[])
                else:
                    outcome = work(text)
                tally.failed += bool(outcome.problems)
                found.append((number, text, outcome))
            if writer is not None:
                writer.write_table(
                    _table(rows.source, found, secrets=args.show_secrets, rule=args.rule)
                )
                continue
            for number, text, outcome in found:
                head = {"source": rows.source, "line": number, "input": text}
                where = f"{rows.source}:{number}"
                if outcome.problems or args.json:
                    show(
                        args,
                        streams,
                        outcome=outcome,
                        head=head,
                        key="problems",
                        where=where,
                        text=text,
                    )
                if outcome.problems and not crlf_noted and text.endswith("\r"):
                    streams.err.write(CRLF_NOTE)
                    crlf_noted = True
    finally:
        if writer is not None:
            writer.close()
    return tally


def _rows(args: argparse.Namespace, streams: Streams) -> Iterator[_Rows]:
    if args.input_format != "parquet":
        batch: list[tuple[str, int, str]] = []
        for item in inputs(args.uris, streams, crlf=args.crlf):
            batch.append(item)
            if len(batch) == BATCH_ROWS:
                yield from _by_source(batch)
                batch = []
        yield from _by_source(batch)
        return
    if not args.column:
        raise UsageError("--input-format parquet needs --column NAME")
    sources: list[tuple[str, str | pa.BufferReader]] = [(path, path) for path in args.uris]
    if not sources:
        stdin: BinaryIO = streams.stdin_bytes or streams.stdin.buffer
        sources = [("stdin", pa.BufferReader(stdin.read()))]
    for name, where in sources:
        try:
            table = pq.ParquetFile(where)
        except (OSError, pa.ArrowInvalid) as error:
            raise UsageError(f"{name}: not a Parquet file: {error}") from None
        if args.column not in table.schema_arrow.names:
            names = ", ".join(table.schema_arrow.names)
            raise UsageError(f"{name}: no column {args.column!r}; it has {names}")
        first = 1
        read = table.iter_batches(batch_size=BATCH_ROWS, columns=[args.column])  # pyright: ignore[reportUnknownMemberType]
        for record_batch in read:
            column = cast("pa.Array[pa.Scalar[pa.DataType]]", record_batch.column(0))
            if not pa.types.is_string(column.type):
                column = column.cast(pa.string())
            strings = cast("pa.StringArray", column)
            texts = strings.to_pylist()
            yield _Rows(name, range(first, first + len(texts)), texts, strings)
            first += len(texts)


def _by_source(batch: list[tuple[str, int, str]]) -> Iterator[_Rows]:
    """The inputs of ``batch`` grouped by source, in order (arguments come alone)."""
    start = 0
    for end in range(1, len(batch) + 1):
        if end == len(batch) or batch[end][0] != batch[start][0]:
            yield _Rows(
                batch[start][0],
                [n for _, n, _ in batch[start:end]],
                [t for _, _, t in batch[start:end]],
            )
            start = end


def _writer(streams: Streams) -> pq.ParquetWriter:
    sink = getattr(streams.out, "buffer", None)
    if sink is None:
        raise UsageError("Parquet output needs a binary standard output")
    if sink is getattr(sys.stdout, "buffer", None) and sys.stdout.isatty():
        raise UsageError("Parquet output is binary: redirect standard output to a file")
    return pq.ParquetWriter(sink, _SCHEMA)


def _table(
    source: str, found: list[tuple[int, str, Outcome]], *, secrets: bool, rule: str
) -> pa.Table:
    """The rows of ``found``; each input's password (the input read as ``rule``) written
    ``***`` unless ``secrets`` (RFC 7.5), as the JSON Lines write it."""
    records = [[error_record(p) for p in outcome.problems] for _, _, outcome in found]
    return pa.table(
        {
            "source": [source] * len(found),
            "line": [number for number, _, _ in found],
            "input": [text if secrets else redact_as(text, rule) for _, text, _ in found],
            "valid": [not outcome.problems for _, _, outcome in found],
            "problems": records,
            "error": [listed[0] if listed else None for listed in records],
        },
        schema=_SCHEMA,
    )
