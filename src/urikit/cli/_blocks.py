"""Standard input and output a block at a time, for a command's fast path.

:func:`blocks` gives the lines that iterating the text stream gives (only "\\n" ends a
line; decoded with the stream's encoding and error handler), read 64 KiB at a time and
decoded once per block. :class:`Pending` gathers what a block writes, so that each
stream gets one write per block (a few, of whole lines, where a character beyond ASCII
would make the stream encode all of it a character at a time: :func:`pieces`).
"""

from __future__ import annotations

import codecs
import io
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from urikit.cli._command import Writer

__all__ = ["BLOCK_SIZE", "PIECE", "Block", "Pending", "blocks", "left_in_file", "pieces"]

#: Bytes asked for per read; a read returns what is there, so a slow pipe still streams.
BLOCK_SIZE = 1 << 16


@dataclass(frozen=True, slots=True)
class Block:
    """Whole lines of input, each without its line break; ``first`` is the 1-based
    number of the first."""

    first: int
    lines: list[str]


def blocks(
    source: BinaryIO, *, encoding: str, errors: str, crlf: bool, size: int | None = None
) -> Iterator[Block]:
    """The lines of ``source``, read ``size`` bytes (default :data:`BLOCK_SIZE`) at a
    time, in constant memory (a line longer than a block waits for its end). With
    ``crlf`` a CR right before a "\\n" is dropped too; a last line without a "\\n" is
    given as it is, its CR included."""
    size = size or BLOCK_SIZE
    decoder = codecs.getincrementaldecoder(encoding)(errors)
    read = source.read1 if isinstance(source, io.BufferedIOBase) else source.read
    number = 1
    # The start of a line whose end is not read yet, in pieces: a long line is joined
    # once, when its end comes, so the work is linear in its length.
    pieces: list[str] = []
    held = ""  # with crlf, a CR that ended a block: its "\n" may start the next one
    while data := read(size):
        text = decoder.decode(data)
        if crlf:
            text = (held + text).replace("\r\n", "\n")
            held = "\r" if text.endswith("\r") else ""
            text = text[: len(text) - len(held)]
        if "\n" not in text:
            pieces.append(text)
            continue
        lines = text.split("\n")
        rest = lines.pop()
        if pieces:
            pieces.append(lines[0])
            lines[0] = "".join(pieces)
            pieces.clear()
        pieces.append(rest)
        yield Block(number, lines)
        number += len(lines)
    last = "".join(pieces) + held + decoder.decode(b"", final=True)
    if last:  # the last line, with no line break after it
        yield Block(number, [last])


def left_in_file(source: BinaryIO) -> int | None:
    """The bytes left to read in ``source`` if it is a regular file; None for a pipe,
    a terminal or a stream in memory, whose size is not known."""
    try:
        fd = source.fileno()
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode):
            return max(0, info.st_size - source.tell())
    except (OSError, ValueError, AttributeError):
        pass
    return None


class Pending:
    """What a command writes during one block, for ``stream`` in one write.

    :meth:`flush` writes it and flushes the stream. Should ``stream`` fail to encode
    some of it (a lone surrogate on a strict stream), it is written line by line as the
    command would have, with ``fallback`` standing in for each line that fails (else
    the error is raised).
    """

    __slots__ = ("_parts", "fallback", "stream")

    def __init__(self, stream: Writer, fallback: Callable[[str], str] | None = None) -> None:
        self.stream = stream
        self.fallback = fallback
        self._parts: list[str] = []

    def write(self, text: str, /) -> int:
        """Keep ``text`` for the next :meth:`flush`."""
        self._parts.append(text)
        return len(text)

    def text(self) -> str:
        """What is pending, taken away (for a caller that places it itself)."""
        text = "".join(self._parts)
        self._parts.clear()
        return text

    def flush(self) -> None:
        """Write what is pending to the stream, flush it, and start afresh."""
        for piece in pieces(self.text()):
            try:
                self.stream.write(piece)
            except UnicodeEncodeError:
                self._line_by_line(piece)
        self.stream.flush()

    def _line_by_line(self, text: str) -> None:
        for line in io.StringIO(text, newline="\n"):  # "\n" only: JSON may hold U+2028
            try:
                self.stream.write(line)
            except UnicodeEncodeError:
                if self.fallback is None:
                    raise
                self.stream.write(self.fallback(line))


#: About how many characters :func:`pieces` cuts a text into.
PIECE = 16384


def pieces(text: str) -> Iterator[str]:
    """``text`` in pieces of whole lines, about :data:`PIECE` characters each (as it is
    if it is short or ASCII). A str holding a character beyond ASCII is encoded one
    character at a time; each piece without one is copied at once."""
    if text.isascii() or len(text) <= PIECE:
        if text:
            yield text
        return
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start + PIECE) + 1 or size
        yield text[start:end]
        start = end
