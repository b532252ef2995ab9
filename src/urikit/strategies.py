"""Hypothesis strategies that generate text from urikit's own grammar (extra ``hypothesis``).

Every strategy is derived from the grammar nodes of :mod:`urikit._syntax.rfc3986` (RFC 3986
Appendix A), never written per rule: a character set draws one of its characters, a
concatenation draws each part, an alternation one of its options, a repetition a bounded
list. A new rule in the grammar gets its strategy without a line here.

- :func:`from_rule` -- strings that match a rule; :func:`uris` and
  :func:`uri_references` for the two rules most tests want;
- :func:`near_misses` -- one edit away from a valid string and checked to be invalid,
  for the error paths of your code;
- :func:`compose_arguments` -- raw components that :func:`urikit.compose` (and so the
  :class:`~urikit.Builder`) accepts, for code that builds URIs from data;
- :func:`alternatives` and :func:`reached` -- which alternatives of the grammar your
  tests reach (grammar coverage).

Strategies shrink toward short strings: the first option of an alternation, the fewest
repetitions, the first character of a set.
"""

from __future__ import annotations

import ipaddress
import string
from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from itertools import count
from typing import Required, TypedDict

from hypothesis import strategies as st

from urikit._syntax.abnf import Alt, Chars, Node, Ref, Repeat, Seq
from urikit._syntax.rfc3986 import RuleName, rule, rule_name
from urikit._syntax.validation import is_valid

__all__ = [
    "Alternative",
    "ComposeArguments",
    "alternatives",
    "compose_arguments",
    "from_rule",
    "near_misses",
    "reached",
    "uri_references",
    "uris",
]

DEFAULT_MAX_REPEAT = 5
"""How many times an unbounded repetition (``*x``, ``1*x``) repeats at most, by default."""

# Characters a near miss may put in: printable ASCII, and characters no URI holds
# (controls, non-ASCII, look-alikes of delimiters). Those outside a rule's own
# characters can never match it, so most near misses need no retry.
_EDIT_CHARS = string.printable + "\x00\x7f\u00a0\u00e9\u2044\uff05\uff0f\ufffd\U0001f600"


@dataclass(frozen=True, slots=True)
class Alternative:
    """One option of one alternation in the grammar.

    ``rule`` is the rule whose definition holds the alternation, ``alternation`` its
    position among that rule's alternations (depth-first, 0-based), ``option`` the
    option's position (0-based, in ABNF order).
    """

    rule: RuleName
    alternation: int
    option: int


_seen: ContextVar[set[Alternative] | None] = ContextVar("urikit_strategies_seen", default=None)


def _note(alternative: Alternative) -> None:
    seen = _seen.get()
    if seen is not None:
        seen.add(alternative)


@contextmanager
def reached() -> Generator[set[Alternative], None, None]:
    """Collect, while the block runs, every :class:`Alternative` that generation takes.

    >>> from hypothesis import given, settings
    >>> with reached() as seen:
    ...     @settings(max_examples=100, database=None)
    ...     @given(from_rule("host"))
    ...     def test(host: str) -> None: ...
    ...     test()
    >>> alternatives("host") <= seen  # IP-literal, IPv4address and reg-name all drawn
    True
    """
    seen: set[Alternative] = set()
    token = _seen.set(seen)
    try:
        yield seen
    finally:
        _seen.reset(token)


def alternatives(name: str) -> frozenset[Alternative]:
    """Every :class:`Alternative` in the definition of rule ``name`` (not the rules it names)."""
    found: list[Alternative] = []
    counter = count()

    def walk(node: Node) -> None:
        match node:
            case Alt(options):
                index = next(counter)
                found.extend(Alternative(r.name, index, i) for i in range(len(options)))
                for option in options:
                    walk(option)
            case Seq(items):
                for item in items:
                    walk(item)
            case Repeat(inner, _, high) if high != 0:  # 0<x> matches "" only
                walk(inner)
            case _:  # characters and references: no alternation of this rule
                pass

    r = rule(name)
    walk(r.node)
    return frozenset(found)


def from_rule(name: str, *, max_repeat: int = DEFAULT_MAX_REPEAT) -> st.SearchStrategy[str]:
    """Strings that match rule ``name`` (a :data:`~urikit.RuleName`, any case).

    ``max_repeat`` bounds each unbounded repetition (RFC 5234 3.6), and so the size of
    what is drawn: ``from_rule("segment", max_repeat=2)`` draws at most two ``pchar``.
    Raises ``ValueError`` for an unknown rule name.
    """
    if max_repeat < 0:
        raise ValueError(f"max_repeat must be 0 or more, not {max_repeat!r}")
    return _derived(rule_name(name), max_repeat)


def uris(*, max_repeat: int = DEFAULT_MAX_REPEAT) -> st.SearchStrategy[str]:
    """Absolute URIs: strings of rule ``URI`` (RFC 3)."""
    return from_rule("URI", max_repeat=max_repeat)


def uri_references(*, max_repeat: int = DEFAULT_MAX_REPEAT) -> st.SearchStrategy[str]:
    """URIs and relative references: strings of rule ``URI-reference`` (RFC 4.1)."""
    return from_rule("URI-reference", max_repeat=max_repeat)


_deriving: set[str] = set()  # the rules whose strategies are being derived right now


@cache
def _derived(name: RuleName, max_repeat: int) -> st.SearchStrategy[str]:
    counter = count()  # numbers the alternations as alternatives() does

    def derive(node: Node) -> st.SearchStrategy[str]:
        match node:
            case Chars(ranges):
                return _one_char(ranges)
            case Seq(items):
                return st.tuples(*map(derive, items)).map("".join)
            case Alt(options):
                index = next(counter)
                noted = [
                    derive(option).map(_Noting(Alternative(name, index, i)))
                    for i, option in enumerate(options)
                ]
                # Shortest option first, since Hypothesis shrinks toward the first: the
                # grammar may list the longest first (dec-octet does, for the regex).
                order = sorted(range(len(options)), key=lambda i: _shortest(options[i]))
                return st.one_of([noted[i] for i in order])
            case Repeat(inner, low, high):
                if high == 0:  # skipped as alternatives() skips it, so numbers agree
                    return st.just("")
                top = low + max_repeat if high is None else high
                return st.lists(derive(inner), min_size=low, max_size=top).map("".join)
            case Ref(other):
                if other in _deriving:  # a rule that names itself: draw it lazily
                    return st.deferred(lambda: _derived(rule_name(other), max_repeat))
                return _derived(rule_name(other), max_repeat)
            case _:  # parsing-only nodes (Capture, IfCaptured) are not in the grammar
                raise TypeError(f"no strategy for grammar node {node!r}")

    _deriving.add(name)
    try:
        return derive(rule(name).node)
    finally:
        _deriving.discard(name)


def _shortest(node: Node) -> int:
    """The length of the shortest string that ``node`` matches."""
    match node:
        case Chars():
            return 1
        case Seq(items):
            return sum(map(_shortest, items))
        case Alt(options):
            return min(map(_shortest, options))
        case Repeat(inner, low, high):
            return 0 if high == 0 else low * _shortest(inner)
        case Ref(other):
            return _shortest_rule(other)
        case _:
            raise TypeError(f"not an ABNF node: {node!r}")


@cache
def _shortest_rule(name: str) -> int:
    return _shortest(rule(name).node)


def _one_char(ranges: tuple[tuple[int, int], ...]) -> st.SearchStrategy[str]:
    """One character of a set given as code point ranges (lowest first, for shrinking)."""
    if sum(last - first + 1 for first, last in ranges) <= _SMALL_SET:
        return st.sampled_from([chr(c) for first, last in ranges for c in range(first, last + 1)])
    return st.one_of([st.integers(first, last).map(chr) for first, last in ranges])


_SMALL_SET = 256  # up to this many characters, drawn from a list; beyond, from ranges


@dataclass(frozen=True, slots=True)
class _Noting:
    """Map function that notes the alternative taken and passes the text on."""

    alternative: Alternative

    def __call__(self, text: str) -> str:
        _note(self.alternative)
        return text


def near_misses(name: str, *, max_repeat: int = DEFAULT_MAX_REPEAT) -> st.SearchStrategy[str]:
    """Strings one edit (insert, replace or delete one character) away from a string of
    rule ``name``, each checked not to match it: input for the error paths of your code.
    """
    valid_name = rule_name(name)
    return _edits(from_rule(valid_name, max_repeat=max_repeat), _outside(valid_name)).filter(
        lambda text: not is_valid(text, valid_name)
    )


@cache
def _outside(name: RuleName) -> str:
    """The edit characters that never occur in a string of rule ``name``."""
    inside: list[Chars] = []
    done: set[str] = set()

    def walk(node: Node) -> None:
        match node:
            case Chars():
                inside.append(node)
            case Seq(items) | Alt(items):
                for item in items:
                    walk(item)
            case Repeat(inner, _, high) if high != 0:
                walk(inner)
            case Ref(other) if other not in done:
                done.add(other)
                walk(rule(other).node)
            case _:
                pass

    walk(rule(name).node)
    return "".join(c for c in _EDIT_CHARS if not any(c in chars for chars in inside))


@st.composite
def _edits(draw: st.DrawFn, valid: st.SearchStrategy[str], outside: str) -> str:
    text = draw(valid)
    kinds = ("insert", "replace", "delete") if text else ("insert",)
    kind = draw(st.sampled_from(kinds))
    at = draw(st.integers(0, len(text) - (kind != "insert")))
    if kind == "delete":
        return text[:at] + text[at + 1 :]
    # Half the time a character the rule never holds (the edit surely breaks it).
    pool = st.sampled_from(outside) if outside else st.nothing()
    char = draw(st.one_of(pool, st.sampled_from(_EDIT_CHARS)))
    return text[:at] + char + text[at + (kind == "replace") :]


class ComposeArguments(TypedDict, total=False):
    """Keyword arguments for :func:`urikit.compose`, as raw (unencoded) data."""

    scheme: Required[str]
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address
    port: int
    user: str
    password: str
    path: str
    query_params: list[tuple[str, str]]
    fragment: str


def _raw_text(max_size: int) -> st.SearchStrategy[str]:
    """Any text that has a UTF-8 form (no lone surrogates), as users hand it over."""
    return st.text(st.characters(codec="utf-8"), max_size=max_size)


@st.composite
def _compose_arguments(draw: st.DrawFn, max_size: int) -> ComposeArguments:
    args = ComposeArguments(scheme=draw(from_rule("scheme", max_repeat=max_size)))
    if draw(st.booleans()):
        args["host"] = draw(
            st.one_of(_raw_text(max_size), st.ip_addresses(v=4), st.ip_addresses(v=6))
        )
        if draw(st.booleans()):
            args["port"] = draw(st.integers(0, 65535))
        if draw(st.booleans()):
            args["user"] = draw(_raw_text(max_size))
            if draw(st.booleans()):
                args["password"] = draw(_raw_text(max_size))
    path = draw(_raw_text(max_size))
    if "host" in args and path and path[0] != "/":
        path = "/" + path  # after an authority: empty or starting with "/" (RFC 3.3)
    args["path"] = path
    if draw(st.booleans()):
        pairs = st.tuples(_raw_text(max_size), _raw_text(max_size))
        args["query_params"] = draw(st.lists(pairs, max_size=3))
    if draw(st.booleans()):
        args["fragment"] = draw(_raw_text(max_size))
    return args


def compose_arguments(*, max_size: int = 10) -> st.SearchStrategy[ComposeArguments]:
    """Raw components that :func:`urikit.compose` turns into a URI, as keyword arguments.

    Any text (beyond ASCII, with delimiters and ``%``) for host, user, password, path,
    query pairs and fragment; IP addresses as objects too; ports 0-65535; a user and a
    port only with a host, a password only with a user (RFC 3.2), a path after a host
    empty or starting with ``"/"`` (RFC 3.3). ``max_size`` bounds each text.
    """
    return _compose_arguments(max_size)
