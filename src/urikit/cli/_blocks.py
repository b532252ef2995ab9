"""Standard input and output a block at a time, for a command's fast path.

:func:`blocks` gives the lines that iterating the text stream gives (only "\\n" ends a
line; decoded with the stream's encoding and error handler), read 64 KiB at a time and
decoded once per block. :class:`Pending` gathers what a block writes, so that each
stream gets one write per block.
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, TextIO

__all__ = ["BLOCK_SIZE", "Block", "Pending", "blocks"]

#: Bytes asked for per read; a read returns what is there, so a slow pipe still streams.
BLOCK_SIZE = 1 << 16


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of input: ``text`` is one or more lines joined by "\\n" (each line
    without its line break), ``first`` the 1-based number of its first line."""

    first: int
    text: str


def blocks(
    source: BinaryIO, *, encoding: str, errors: str, crlf: bool, size: int = BLOCK_SIZE
) -> Iterator[Block]:
    """The lines of ``source``, a block at a time, in constant memory (a line longer
    than a block waits for its end). With ``crlf`` a CR right before a "\\n" is dropped
    too; a last line without a "\\n" is given as it is, its CR included."""
    decoder = codecs.getincrementaldecoder(encoding)(errors)
    read = source.read1 if isinstance(source, io.BufferedIOBase) else source.read
    number = 1
    rest = ""  # the start of a line whose end is not read yet
    while True:
        data = read(size)
        text = rest + decoder.decode(data, final=not data)
        if crlf:
            text = text.replace("\r\n", "\n")
        end = text.rfind("\n")
        if not data:
            if text:  # the last line, with no line break after it
                yield Block(number, text)
            return
        if end < 0:
            rest = text
            continue
        rest = text[end + 1 :]
        lines = text[:end]
        yield Block(number, lines)
        number += lines.count("\n") + 1


class Pending(io.StringIO):
    """What a command writes during one block, to go to ``stream`` in one write.

    :meth:`send` writes it and flushes. Should ``stream`` fail to encode some of it (a
    lone surrogate on a strict stream), it is written line by line as the command would
    have, with ``fallback`` standing in for each line that fails (or the error raised).
    """

    def __init__(self, stream: TextIO, fallback: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.stream = stream
        self.fallback = fallback

    def send(self) -> None:
        """Write what is pending to the stream, flush it, and start afresh."""
        text = self.getvalue()
        if text:
            self.seek(0)
            self.truncate()
            try:
                self.stream.write(text)
            except UnicodeEncodeError:
                self._line_by_line(text)
        self.stream.flush()

    def _line_by_line(self, text: str) -> None:
        for line in io.StringIO(text, newline="\n"):  # "\n" only: JSON may hold U+2028
            try:
                self.stream.write(line)
            except UnicodeEncodeError:
                if self.fallback is None:
                    raise
                self.stream.write(self.fallback(line))
