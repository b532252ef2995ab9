"""The pure path's answer for each entry point of the native kernel, and the kernel's
differences from it: the one comparison the differential tests (tests/kernel) and the
fuzz harness (fuzz/fuzz_kernel.py) make.

The pure answers are the reference (RFC 3986 Appendix A, 2.1, 3): the ``re`` pattern's
``fullmatch`` for verdicts, the automaton's longest viable prefix for error positions,
the parsing pattern's groups for components, the pure percent-encoding table for
encoded text. Each function returns the differences it found, described, empty when
the kernel agrees; a crash is left to the caller (and to the sanitizers).

:func:`check` reads one fuzz input (bytes) as a call of one entry point and raises
AssertionError on a difference; the seed corpus and every input that ever failed go
through it in tests/kernel/test_fuzz_inputs.py.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Sequence
from types import ModuleType
from typing import cast

import urikit
from urikit._core import components as _parsing
from urikit._core.encoding import (
    COMPONENTS,
    Component,
    _codec,  # pyright: ignore[reportPrivateUsage]
    component_encoder,
    pure_codec,
    safe_chars,
    translated,
)
from urikit._syntax.compiled import compiled
from urikit._syntax.native import kernel
from urikit._syntax.rfc3986 import URI_RULE_NAMES
from urikit.values import uri as _values

__all__ = [
    "check",
    "column_differences",
    "encoding_differences",
    "parse_differences",
    "raw_column_differences",
    "validation_differences",
]


def _kernel() -> ModuleType:
    assert kernel is not None, "the native kernel is not built"
    return kernel


def pure_fields(text: str) -> tuple[str | None, ...] | None:
    """The seven components (RFC 3) of a URI-reference, or None, by the pattern."""
    m = _parsing.match(text)
    return None if m is None else m.groups()


def validation_differences(text: str, rule: str) -> list[str]:
    """``is_valid``, ``scan`` and the public :func:`urikit.is_valid` for one rule."""
    k = _kernel()
    pure = compiled(rule)
    verdict = pure.pattern.fullmatch(text) is not None
    found: list[str] = []
    if k.is_valid(text, rule) != verdict or urikit.is_valid(text, rule) != verdict:  # type: ignore[arg-type]
        found.append(f"verdict {rule} {text!r}: pure {verdict}")
    position = pure.automaton.viable_prefix_length(text)
    if k.scan(text, rule) != position:
        found.append(f"position {rule} {text!r}: pure {position}")
    return found


def parse_differences(text: str) -> list[str]:
    """The one-pass split and the value :func:`urikit.parse` builds with it: the same
    components, class and text as the pure parse, or the same located error."""
    k = _kernel()
    found: list[str] = []
    fields = pure_fields(text)
    if k.split(text) != fields:
        found.append(f"components {text!r}: pure {fields}")
    pure_parse = _values.parse.__wrapped__  # type: ignore[attr-defined]
    try:
        expected = pure_parse(text)
    except urikit.InvalidURIError as error:
        try:
            urikit.parse(text)
        except urikit.InvalidURIError as refused:
            if (refused.position, refused.rule, str(refused)) != (
                error.position,
                error.rule,
                str(error),
            ):
                found.append(f"error {text!r}: {refused.position}, pure {error.position}")
        else:
            found.append(f"parse {text!r}: accepted, pure refuses")
        return found
    got = urikit.parse(text)
    if type(got) is not type(expected) or got != expected or str(got) != text:
        found.append(f"value {text!r}: {got!r}, pure {expected!r}")
    return found


def encoding_differences(text: str, component: str) -> list[str]:
    """The kernel's ``unsafe`` and ``encode`` for one component's characters (RFC 2.1,
    2.5), against the pure table and search; a lone surrogate fails both."""
    safe = safe_chars(cast(Component, component))
    pure, native = pure_codec(safe), _codec(safe)
    assert native.native is not None
    found: list[str] = []
    unsafe = cast("re.Match[str] | None", pure.unsafe(text))
    expected_at = None if unsafe is None else unsafe.start()
    if native.unsafe(text) != expected_at:
        found.append(f"unsafe {component} {text!r}: pure {expected_at}")
    try:
        expected: str | None = translated(text, pure.table)
    except UnicodeEncodeError:
        expected = None
    try:
        got: str | None = native.native(text)
    except UnicodeEncodeError:
        got = None
    if got != expected or (got is not None and type(got) is not str):
        found.append(f"encode {component} {text!r}: {got!r}, pure {expected!r}")
    try:
        quoted: str | None = component_encoder(cast(Component, component))(text)
    except urikit.InvalidURIError:
        quoted = None
    if quoted != expected:
        found.append(f"quote {component} {text!r}: {quoted!r}, pure {expected!r}")
    return found


def column_differences(
    texts: Sequence[str | None], rule: str, *, kind: str, start: int, chunks: int
) -> list[str]:
    """:func:`urikit.batch.is_valid` over an Arrow column of ``texts`` (``kind``:
    string, large_string, string_view), sliced from ``start``, in ``chunks`` chunks,
    against the pure verdict of each row (None stays None)."""
    import pyarrow as pa

    import urikit.batch

    types: dict[str, pa.DataType] = {"string": pa.string(), "large_string": pa.large_string()}
    if hasattr(pa, "string_view"):
        types["string_view"] = pa.string_view()
    array = pa.array(list(texts), types.get(kind, pa.string())).slice(start)
    rows = list(texts)[start:]
    fullmatch = compiled(rule).pattern.fullmatch
    expected = [None if text is None else fullmatch(text) is not None for text in rows]
    step = max(1, -(-len(rows) // max(chunks, 1)))
    parts = [array.slice(at, step) for at in range(0, len(rows), step)] or [array]
    columns: list[object] = [array, pa.chunked_array(parts)]
    found: list[str] = []
    for column in columns:
        got = urikit.batch.is_valid(column, rule=rule).to_pylist()  # type: ignore[call-overload]  # pyright: ignore[reportCallIssue, reportArgumentType, reportUnknownMemberType]
        if got != expected:
            found.append(f"column {rule} {kind} from {start} {type(column).__name__}: {rows!r}")
    return found


def raw_column_differences(
    rule: str, offsets: bytes, data: bytes, *, first: int, count: int, large: bool, shift: int
) -> list[str]:
    """The kernel's ``column`` over buffers that may lie, against a model of it: the
    rows' verdicts as a bitmap from bit ``shift``, or ValueError where an offset it
    reads lies outside the buffers."""
    width = 8 if large else 4
    expected: bytes | None
    bits = bytearray((shift + count + 7) // 8)
    if count and len(offsets) // width <= first + count:
        expected = None
    else:
        expected = bytes(bits)
        values = struct.unpack(
            f"<{len(offsets) // width}{'q' if large else 'i'}",
            offsets[: len(offsets) // width * width],
        )
        fullmatch = compiled(rule).pattern.fullmatch
        for k in range(count):
            begin, end = values[first + k], values[first + k + 1]
            if begin < 0 or end < begin or end > len(data):
                expected = None
                break
            row = data[begin:end]
            if row.isascii() and fullmatch(row.decode("ascii")) is not None:
                bits[(shift + k) >> 3] |= 1 << ((shift + k) & 7)
        else:
            expected = bytes(bits)
    try:
        got: bytes | None = _kernel().column(rule, offsets, data, first, count, large, shift)
    except ValueError:
        got = None
    if got != expected:
        return [f"raw column {rule} first={first} count={count}: {got!r}, model {expected!r}"]
    return []


class _Reader:
    """Reads a fuzz input's bytes as the parameters of a call, never failing: an
    exhausted input reads as zeros and empty text."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        value = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return value

    def below(self, bound: int) -> int:
        return self.byte() % bound if bound > 0 else 0

    def chunk(self) -> bytes:
        """A length byte, then that many bytes."""
        size = self.byte()
        out = self.data[self.at : self.at + size]
        self.at += size
        return out

    def rest(self) -> bytes:
        out = self.data[self.at :]
        self.at = len(self.data)
        return out


def text_of(data: bytes, how: int) -> str:
    """Text from bytes: Latin-1 (one byte a character), UTF-8 (invalid bytes
    replaced), UTF-16 (any BMP character, lone surrogates too) or UTF-32."""
    match how % 4:
        case 0:
            return data.decode("latin-1")
        case 1:
            return data.decode("utf-8", "replace")
        case 2:
            return data[: len(data) // 2 * 2].decode("utf-16-le", "surrogatepass")
        case _:
            return data[: len(data) // 4 * 4].decode("utf-32-le", "replace")


OPERATIONS = ("validate", "parse", "encode", "column", "raw column")


def differences(data: bytes) -> list[str]:
    """One fuzz input read as a call: its first byte picks the entry point
    (:data:`OPERATIONS`), the next ones its parameters, the rest its text."""
    reader = _Reader(data)
    operation = reader.below(len(OPERATIONS))
    how = reader.byte()
    if operation == 0:
        rule = URI_RULE_NAMES[reader.below(len(URI_RULE_NAMES))]
        return validation_differences(text_of(reader.rest(), how), rule)
    if operation == 1:
        return parse_differences(text_of(reader.rest(), how))
    if operation == 2:
        component = COMPONENTS[reader.below(len(COMPONENTS))]
        return encoding_differences(text_of(reader.rest(), how), component)
    rule = URI_RULE_NAMES[reader.below(len(URI_RULE_NAMES))]
    if operation == 3:
        kinds = ("string", "large_string", "string_view")
        kind, start, chunks = kinds[reader.below(3)], reader.below(8), 1 + reader.below(4)
        texts: list[str | None] = []
        for piece in reader.rest().split(b"\n"):
            text = text_of(piece[1:], how)
            arrow_text = text.encode("utf-8", "replace").decode("utf-8")
            texts.append(None if piece[:1] == b"\0" else arrow_text)
        return column_differences(texts, rule, kind=kind, start=start, chunks=chunks)
    large = bool(how & 1)
    first, count, shift = reader.below(16), reader.below(16), reader.below(8)
    offsets = reader.chunk()
    return raw_column_differences(
        rule, offsets, reader.rest(), first=first, count=count, large=large, shift=shift
    )


def check(data: bytes) -> None:
    """Raise AssertionError naming each difference of the kernel from the pure path."""
    found = differences(data)
    assert not found, "; ".join(found)
