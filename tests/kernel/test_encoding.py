"""The kernel's percent-encoders against the pure ones (RFC 3986 2.1, 2.4, 2.5): for every
component's set of characters, the same answer to "what must be encoded first" and the
same encoded text (UTF-8 octets, ``%XX`` with uppercase digits, ``%`` always encoded) for
the corpus, generated hostile strings and text beyond ASCII; the same errors (a non-str,
a lone surrogate) through :func:`urikit.quote`.

Skips where the kernel is not built, except under ``URIKIT_EXPECT_KERNEL=1``.
"""

from __future__ import annotations

import random
import re
from types import ModuleType
from typing import cast

import pytest

import urikit
from tests import corpus
from tests.kernel.inputs import SEED, built_kernel, hostile
from urikit._core.encoding import (
    COMPONENTS,
    Component,
    _codec,  # pyright: ignore[reportPrivateUsage]
    pure_codec,
    safe_chars,
    translated,
)

KERNEL: ModuleType = built_kernel()

# Beyond ASCII: two-, three- and four-octet UTF-8 and every Latin-1 character, which a
# str of one byte per character holds (the kernel reads each width of str).
WIDE = ["é", "ÿ", "\x80", "€", "\uffff", "\U0001f600", "a\u00e9b", "x" * 40 + "\U0010ffff"]


def _texts() -> list[str]:
    rng = random.Random(SEED)
    latin = "".join(chr(c) for c in range(256))
    extra = ["".join(rng.choices(latin, k=rng.randrange(0, 60))) for _ in range(2000)]
    return [*corpus.urls()[:20000], *hostile(20000), *WIDE, *extra, latin, ""]


TEXTS = _texts()


@pytest.mark.parametrize("component", COMPONENTS)
def test_the_same_octets_are_encoded(component: Component) -> None:
    """RFC 2.1, 2.5: the kernel encodes exactly what the pure table does."""
    safe = safe_chars(component)
    pure, native = pure_codec(safe), _codec(safe)
    assert native.native is not None
    differences: list[str] = []
    for text in TEXTS:
        try:
            expected: str | None = translated(text, pure.table)
        except UnicodeEncodeError:
            expected = None
        found = cast("re.Match[str] | None", pure.unsafe(text))
        first = None if found is None else found.start()
        try:
            got: str | None = native.native(text)
        except UnicodeEncodeError:
            got = None
        if got != expected or native.unsafe(text) != first:
            differences.append(repr(text))
    assert not differences, f"{len(differences)} differ, e.g. {differences[:5]}"


def test_text_with_nothing_to_encode_is_returned_itself() -> None:
    """No work where the text is its own encoding; a str subclass comes back a str."""

    class Text(str):
        pass

    encode = _codec(safe_chars("path")).native
    assert encode is not None
    text = "/a/b-c.d~e"
    assert encode(text) is text
    kept = encode(Text(text))
    assert type(kept) is str and kept == text


def test_errors_are_the_pure_errors() -> None:
    """RFC 2.5: a lone surrogate has no UTF-8 form; its position is named as the pure
    path names it; a non-str is a TypeError naming the component."""
    with pytest.raises(urikit.InvalidURIError) as caught:
        urikit.quote("ab\ud800", "path")
    assert caught.value.position == 2
    assert caught.value.rule == "pct-encoded"
    with pytest.raises(TypeError, match="path"):
        urikit.quote(b"ab", "path")  # type: ignore[arg-type]


def test_a_keep_table_must_have_one_byte_per_octet() -> None:
    for keep in (b"", b"\x01" * 255, bytearray(256), "x" * 256):
        with pytest.raises(TypeError):
            KERNEL.encoders(keep)
