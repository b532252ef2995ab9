"""A progress bar for long inputs: on stderr, only when stderr is a terminal and tqdm
is installed (``urikit[progress]``); never in a pipe or a file, never in tests that
capture stderr. Without one, every method does nothing."""

from __future__ import annotations

import sys
from collections.abc import Generator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from types import TracebackType
from typing import BinaryIO, Protocol, Self, cast

from urikit.cli._blocks import left_in_file
from urikit.cli._command import Streams

__all__ = ["DELAY", "Progress"]

#: Seconds before the bar shows: an input checked sooner never gets one.
DELAY = 1.0


class Progress:
    """Bytes of standard input read so far, shown by tqdm; used as a context manager."""

    def __init__(self, bar: object | None = None) -> None:
        self._bar = bar

    @classmethod
    def open(cls, streams: Streams, source: BinaryIO, *, wanted: bool) -> Progress:
        """A bar over ``source`` if ``wanted`` and stderr is the process's own terminal
        and tqdm can be imported; else one that shows nothing."""
        if not wanted or streams.err is not sys.stderr or not _is_terminal(sys.stderr):
            return cls()
        try:
            from tqdm import tqdm
        except ImportError:  # the optional extra is not installed: no bar
            return cls()
        bar = tqdm(
            total=left_in_file(source),
            unit="B",
            unit_scale=True,
            unit_divisor=1024,
            desc="checked",
            file=sys.stderr,
            delay=DELAY,
            leave=False,
        )
        return cls(bar)

    def advance(self, count: int) -> None:
        """``count`` more bytes were read."""
        if self._bar is not None:
            cast("_Bar", self._bar).update(count)

    def counted(self, source: BinaryIO) -> BinaryIO:
        """``source``, each read of it advancing the bar (itself, without a bar)."""
        if self._bar is None:
            return source
        return cast(BinaryIO, _Counted(source, self))

    def aside(self) -> AbstractContextManager[None]:
        """A block that writes to the terminal: the bar is cleared, then redrawn."""
        if self._bar is None:
            return nullcontext()
        return _aside(cast("_Bar", self._bar))

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            cast("_Bar", self._bar).close()


class _Bar(Protocol):
    """What is used of a tqdm bar."""

    def update(self, count: int) -> object: ...
    def clear(self) -> None: ...
    def refresh(self) -> object: ...
    def close(self) -> None: ...


@contextmanager
def _aside(bar: _Bar) -> Generator[None]:
    bar.clear()
    try:
        yield
    finally:
        bar.refresh()


class _Counted:
    """A binary stream whose reads advance a progress bar (the reads of ``blocks``)."""

    def __init__(self, source: BinaryIO, progress: Progress) -> None:
        self._read = getattr(source, "read1", source.read)
        self._progress = progress

    def read(self, size: int = -1, /) -> bytes:
        data: bytes = self._read(size)
        self._progress.advance(len(data))
        return data


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False
