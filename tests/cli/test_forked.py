"""The forked path of ``urikit validate --jobs N`` (issue 26, item 4): spans taken by
whichever process is free, each exactly once; line numbers learnt from what the other
processes told, or counted where they have not told yet."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urikit.cli._forked import (
    Result,
    _Counts,  # pyright: ignore[reportPrivateUsage]
    _Tickets,  # pyright: ignore[reportPrivateUsage]
    cut,
    in_forks,
)
from urikit.cli._parallel import Numbering, Span

pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork") or sys.platform == "darwin", reason="workers are not forked here"
)


def test_tickets_are_taken_once_each_in_order_then_one_end_per_process() -> None:
    """More tickets than the pipe holds: each take writes what fits, none is lost or
    given twice, and each of the ``jobs`` processes then reads its end."""
    count = 300_000  # 1.2 MB of tickets: more than a pipe holds at once
    tickets = _Tickets(count, jobs=3)
    try:
        taken = list(iter(tickets.take, None))
        assert taken == list(range(count))
        assert tickets.take() is None and tickets.take() is None  # the other two ends
    finally:
        os.close(tickets.read_end)
        os.close(tickets.write_end)


def _lines_file(tmp_path: Path, data: bytes) -> tuple[int, list[tuple[int, int]]]:
    path = tmp_path / "lines"
    path.write_bytes(data)
    fd = os.open(path, os.O_RDONLY)
    return fd, cut(fd, start=0, size=16, workers=2)


@settings(max_examples=100, deadline=None)
@given(
    lines=st.lists(st.text("ab\r", max_size=30), min_size=1, max_size=60),
    told=st.data(),
)
def test_a_first_number_is_the_same_whatever_was_told(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], told: st.DataObject
) -> None:
    """Counts told, not told, or a slot half written (its check fails): the number of
    each span's first line is the one the file gives."""
    data = "\n".join(lines).encode() + b"\n"
    fd, spans = _lines_file(tmp_path_factory.mktemp("counts"), data)
    try:
        counts = _Counts(fd, spans)
        for index, (offset, length) in enumerate(spans):
            breaks = data[offset : offset + length].count(b"\n")
            how = told.draw(st.sampled_from(["told", "not", "torn"]))
            if how == "told":
                counts.tell(index, breaks)
            elif how == "torn":  # the count written, its check not yet
                _Counts._SLOT.pack_into(  # pyright: ignore[reportPrivateUsage]
                    counts._memory,  # pyright: ignore[reportPrivateUsage]
                    index * _Counts._SLOT.size,  # pyright: ignore[reportPrivateUsage]
                    breaks + 1,
                    0,
                )
        for index, (offset, _) in enumerate(spans):
            assert counts.first(index) == data[:offset].count(b"\n") + 1
    finally:
        os.close(fd)


def _who(span: Span) -> Result:
    """Work that says which process checked ``span`` (lines "x") and the number of its
    first line; this process is slow (it also writes the output)."""
    assert not isinstance(span.first, int)
    numbering: Numbering = span.first
    numbering.told(span.length // 2)
    if os.getpid() == _PARENT:
        time.sleep(0.02)
    return f"{os.getpid()} {numbering.first()}", "", 1, 0, -1


_PARENT = os.getpid()


def test_a_slower_process_takes_fewer_spans(tmp_path: Path) -> None:
    """Spans go to whichever process is free: this one, slower, takes few of them; the
    results come in input order, each span's first line numbered as in the file."""
    fd, spans = _lines_file(tmp_path, b"x\n" * 400)
    try:
        results = list(in_forks(fd, spans, jobs=2, work=_who))
    finally:
        os.close(fd)
    assert len(spans) > 40
    said = [out.split() for out, *_ in results if isinstance(out, str)]
    assert [int(first) for _, first in said] == [offset // 2 + 1 for offset, _ in spans]
    here = sum(pid == str(_PARENT) for pid, _ in said)
    assert 1 <= here < len(spans) // 2
