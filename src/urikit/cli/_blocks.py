"""Standard input and output a block at a time, for a command's fast path.

:func:`blocks` gives the lines that iterating the text stream gives (only "\\n" ends a
line; decoded with the stream's encoding and error handler), read 64 KiB at a time and
decoded once per block. :class:`Pending` gathers what a block writes, so that each
stream gets one write per block; a :class:`Sink` writes it, or the bytes a worker
process encoded (:func:`encoded`) where the stream's encoding cuts at any "\\n" byte
(:func:`bytes_per_newline`).
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

__all__ = [
    "BLOCK_SIZE",
    "Block",
    "Pending",
    "Sink",
    "blocks",
    "bytes_per_newline",
    "encoded",
    "file_of",
]

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


def file_of(source: BinaryIO) -> tuple[int, int] | None:
    """``(file descriptor, offset)`` of ``source`` if it is a regular file (one that
    can be read at any offset, whose size is known); None for a pipe, a terminal or a
    stream in memory."""
    try:
        fd = source.fileno()
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd, source.tell()
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
        text = self.text()
        if text:
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


class Sink:
    """Where output goes: text through ``pending``, or bytes a worker encoded as the
    stream would (``codec``: its encoding and error handler) to the stream's buffer."""

    __slots__ = ("buffer", "codec", "pending")

    def __init__(self, pending: Pending) -> None:
        self.pending = pending
        stream = pending.stream
        buffer: BinaryIO | None = getattr(stream, "buffer", None)
        encoding: str | None = getattr(stream, "encoding", None)
        errors: str = getattr(stream, "errors", None) or "strict"
        self.buffer: BinaryIO | None = None
        self.codec: tuple[str, str] | None = None
        if buffer is not None and encoding is not None and bytes_per_newline(encoding):
            self.buffer, self.codec = buffer, (encoding, errors)

    def encoded(self, text: str) -> bytes:
        """``text`` as the stream would write it (a note said among bytes)."""
        return text.encode(*self.codec) if self.codec else text.encode()

    def put(self, data: str | bytes) -> None:
        """Write ``data`` after what is pending, and flush."""
        if isinstance(data, str):
            self.pending.write(data)
            self.pending.flush()
            return
        self.pending.flush()
        if data and self.buffer is not None:
            self.buffer.write(data)
            self.buffer.flush()


def encoded(text: str, codec: tuple[str, str] | None) -> str | bytes:
    """``text`` encoded by ``codec``; as it is if it cannot be (the parent writes it
    through :class:`Pending`, which knows what to do)."""
    if codec is None:
        return text
    try:
        return text.encode(*codec)
    except UnicodeEncodeError:
        return text


# Codecs (by codecs.lookup's name) in which byte 0x0A is "\n" and nothing else, and a
# text's bytes are its characters' bytes one after another (no BOM, no state).
_NEWLINE_IS_A_BYTE = frozenset({"utf-8", "ascii", "iso8859-1"})


def bytes_per_newline(encoding: str) -> bool:
    """Whether text in ``encoding`` may be cut at any "\\n" byte (and encoded in parts)."""
    try:
        return codecs.lookup(encoding).name in _NEWLINE_IS_A_BYTE
    except LookupError:
        return False
