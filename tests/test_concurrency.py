"""Thread safety: immutable values, and lazily built patterns and automata shared safely.

The design promises immutable values and no global mutable state beyond caches filled
once (``functools.cache``): the compiled ``re`` patterns of :mod:`urikit._syntax.compiled` and
the lazily grown DFA of :mod:`urikit._syntax.automaton`, which finds error positions. Here the
caches are emptied, then many threads released at once by a barrier race to fill them
while validating and parsing; every answer must equal the single-threaded one.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

import urikit
from urikit import URI, InvalidURIError, RelativeReference, RuleName

THREADS = 16
ROUNDS = 2
SWITCH_INTERVAL = 1e-5  # switch threads 500x more often than the default: more interleavings

RULES: tuple[RuleName, ...] = ("URI-reference", "URI", "absolute-URI", "authority", "IPv6address")
INPUTS = (
    "http://example.com/a/b?q=1#f",  # RFC 3
    "foo://example.com:8042/over/there?name=ferret#nose",  # RFC 3
    "urn:example:animal:ferret:nose",
    "//[2001:db8::7]/c=GB?objectClass?one",  # RFC 1.1.2 style, relative
    "../g;x?y#s",  # RFC 5.4.1
    "2001:db8::1",
    "::ffff:192.0.2.128",
    "user:pw@host:80",
    "http://exa mple.com/",  # space: invalid (RFC 2)
    "http://[::1/",  # unclosed IP-literal
    "http://h/%zz",  # bad pct-encoded (RFC 2.1)
    "1http://x",  # scheme must start with a letter (RFC 3.1)
    "http://h:8o/",  # port is digits (RFC 3.2.3)
    "http://[v1.x]/é",  # non-ASCII
    ":",
    "",
)

Answer = tuple[str, ...]


def _answers() -> list[Answer]:
    """Every verdict, error position and parse result for INPUTS x RULES, as text."""
    out: list[Answer] = []
    for text in INPUTS:
        for rule in RULES:
            try:
                urikit.validate(text, rule)
                where = "ok"
            except InvalidURIError as error:
                where = f"{error.position}:{error.rule}:{error.component}"
            out.append((text, rule, str(urikit.is_valid(text, rule)), where))
        try:
            parsed = repr(urikit.parse(text))
        except InvalidURIError as error:
            parsed = f"error at {error.position}"
        out.append((text, "parse", parsed))
    return out


def _clear_caches() -> None:
    from urikit._syntax import compiled as _compiled

    _compiled.compiled.cache_clear()
    _compiled.source.cache_clear()


def test_values_are_immutable() -> None:
    # DESIGN "Model": URI and RelativeReference are immutable, so they can be shared.
    uri = URI.parse("http://example.com/a?b#c")
    rel = RelativeReference.parse("../a?b")
    for value in (uri, rel):
        for name in ("host", "path", "query", "fragment", "scheme", "anything"):
            with pytest.raises((AttributeError, TypeError)):
                setattr(value, name, "x")
    assert str(uri) == "http://example.com/a?b#c"
    assert str(rel) == "../a?b"


def test_builder_is_immutable() -> None:
    builder = urikit.Builder().scheme("https")
    with pytest.raises((AttributeError, TypeError)):
        builder.host = "x"  # type: ignore[method-assign, assignment]


def test_many_threads_filling_the_caches_agree_with_one() -> None:
    expected = _answers()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        _race(expected)
        _race(expected)  # a second race, from empty caches again
    finally:
        sys.setswitchinterval(interval)


def _race(expected: list[Answer]) -> None:
    """Empty the caches, release THREADS threads at once, compare every answer."""
    _clear_caches()
    barrier = threading.Barrier(THREADS)
    results: list[list[Answer] | BaseException] = [[] for _ in range(THREADS)]

    def work(slot: int, wait: Callable[[], int] = barrier.wait) -> None:
        try:
            wait()
            got: list[Answer] = []
            for _ in range(ROUNDS):
                got = _answers()
                if got != expected:
                    break
            results[slot] = got
        except BaseException as error:  # reported below, with the thread's slot
            results[slot] = error

    threads = [threading.Thread(target=work, args=(k,)) for k in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    for slot, got in enumerate(results):
        if isinstance(got, BaseException):
            raise AssertionError(f"thread {slot} raised") from got
        assert got == expected, f"thread {slot} disagrees with the single-threaded run"


KERNEL_THREADS = 8


def _kernel_answers(kernel: object, rounds: int) -> list[object]:
    """Every answer of each kernel entry point on INPUTS, ``rounds`` times over."""
    import pyarrow as pa

    k: Any = kernel
    unsafe, encode = k.encoders(bytes(int(chr(o).isalnum()) for o in range(256)))
    texts = [text for text in INPUTS if "\ud800" not in text]
    array = pa.array([*texts, None] * 3).slice(5)
    _, offsets, data = array.buffers()
    out: list[object] = []
    for _ in range(rounds):
        for text in texts:
            out += [k.is_valid(text, rule) for rule in RULES]
            out += [k.scan(text, rule) for rule in RULES]
            out += [k.split(text), repr(k.parse(text)), unsafe(text), encode(text)]
        for rule in RULES:
            out.append(k.column(rule, offsets, data, array.offset, len(array), False, 5))
    return out


def test_the_kernel_from_eight_threads_at_once() -> None:
    """The native kernel's entry points from 8 threads released together (column()
    runs without the GIL): every thread gets the single-threaded answers."""
    from urikit._syntax.native import kernel

    if kernel is None:
        pytest.skip("the native kernel is not built")
    expected = _kernel_answers(kernel, 1)
    barrier = threading.Barrier(KERNEL_THREADS)
    results: list[object] = [None] * KERNEL_THREADS

    def work(slot: int) -> None:
        try:
            barrier.wait()
            results[slot] = _kernel_answers(kernel, 200)
        except BaseException as error:  # reported below, with the thread's slot
            results[slot] = error

    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(KERNEL_THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        sys.setswitchinterval(interval)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    for slot, got in enumerate(results):
        if isinstance(got, BaseException):
            raise AssertionError(f"thread {slot} raised") from got
        assert got == expected * 200, f"thread {slot} disagrees with the single-threaded run"
