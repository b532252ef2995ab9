"""Rendering of ABNF nodes to regex source (RFC 5234 operators as ``re`` syntax).

:func:`render` takes a node and a resolver for named rules and gives source that both
the standard ``re`` module and ``regex`` accept, in the Python, the ECMAScript or the RE2 flavour.
Precedence is explicit (alternation < concatenation < quantified < atom), so a node is
wrapped in ``(?:...)`` exactly where its context needs it. Two rewrites keep each rule's
language and make matching quicker: a separated repetition is folded, and a possessive
run of characters and escapes is unrolled where no other option can start the same way.
"""

from __future__ import annotations

from urikit._syntax.abnf import (
    Alt,
    Capture,
    Chars,
    CodeRanges,
    Flavor,
    IfCaptured,
    Node,
    Ref,
    Repeat,
    Resolver,
    Seq,
    as_chars,
    chars_union,
    deref,
    flatten_alt,
    union_of,
)

__all__ = ["render"]

# Precedence of rendered source: a node of lower precedence is wrapped in a
# non-capturing group when it stands where a higher one is needed.
_ALT, _SEQ, _QUANT, _ATOM = 0, 1, 2, 3


def render(node: Node, resolve: Resolver, flavor: Flavor = "python") -> str:
    """Regex source for ``node``; ``resolve`` maps a rule name to its node."""
    return _render(node, resolve, flavor)[0]


def _wrap(source: str, prec: int, needed: int) -> str:
    return source if prec >= needed else f"(?:{source})"


def _render(node: Node, resolve: Resolver, flavor: Flavor) -> tuple[str, int]:
    match node:
        case Chars(ranges):
            return _render_chars(ranges, flavor), _ATOM
        case Seq(items):
            if not items:
                return "", _ATOM
            if len(items) == 1:
                return _render(items[0], resolve, flavor)
            return "".join(_wrap(*_render(i, resolve, flavor), _SEQ) for i in items), _SEQ
        case Alt(options):
            merged = _merge_chars(options, resolve)
            if len(merged) == 1:
                return _render(merged[0], resolve, flavor)
            return "|".join(_render(o, resolve, flavor)[0] for o in merged), _ALT
        case Repeat(inner, lo, hi, possessive):
            if hi == 0:
                return "", _ATOM
            folded = _fold_separated(node, resolve)
            if folded is not None:
                return _render(folded, resolve, flavor)
            if possessive and hi is None and flavor == "python":
                if lo <= 1:
                    unrolled = _render_unrolled(inner, resolve, flavor, first=lo == 1)
                    if unrolled is not None:
                        return unrolled, _SEQ
                source, prec = _render_run_loop(inner, resolve, flavor)
            else:
                source, prec = _render(inner, resolve, flavor)
            return _wrap(source, prec, _ATOM) + _quantifier(lo, hi, possessive, flavor), _QUANT
        case Ref(name):
            return _render(resolve(name), resolve, flavor)
        case Capture(name, inner):
            group = "(?<" if flavor == "ecmascript" else "(?P<"
            return f"{group}{_group_name(name)}>{_render(inner, resolve, flavor)[0]})", _ATOM
        case IfCaptured(name, yes, no):
            if flavor != "python":
                engine = "ECMAScript" if flavor == "ecmascript" else "RE2"
                raise ValueError(f"{engine} has no conditional groups")
            yes_src = _wrap(*_render(yes, resolve, flavor), _SEQ)
            no_src = _wrap(*_render(no, resolve, flavor), _SEQ)
            return f"(?({_group_name(name)}){yes_src}|{no_src})", _ATOM
    raise TypeError(f"not an ABNF node: {node!r}")  # pragma: no cover


def _fold_separated(node: Repeat, resolve: Resolver) -> Repeat | None:
    """``*( "/" segment )`` as ``[ "/" *( "/" / pchar ) ]``, when both loops are possessive.

    ``(s x*)*`` and ``(s (s | x)*)?`` are the same language for any ``s`` and ``x``; the
    second reads a whole path in one loop instead of one group per segment. With both
    repetitions possessive, each form takes the longest run and never gives any back, so
    the match is the same in every context.
    """
    if (node.min, node.max, node.possessive) != (0, None, True):
        return None
    body = deref(node.node, resolve)
    if not isinstance(body, Seq) or len(body.items) != 2:
        return None
    separator = as_chars(body.items[0], resolve)
    tail = deref(body.items[1], resolve)
    if separator is None or not isinstance(tail, Repeat):
        return None
    if (tail.min, tail.max, tail.possessive) != (0, None, True):
        return None
    run = Repeat(Alt((separator, tail.node)), possessive=True)
    return Repeat(Seq((separator, run)), 0, 1, possessive=True)


def _render_run_loop(inner: Node, resolve: Resolver, flavor: Flavor) -> tuple[str, int]:
    """The body of a possessive ``*( chars / other )`` loop, reading runs of ``chars``.

    ``(?:[a-z]++|%XX)*+`` accepts what ``(?:[a-z]|%XX)*+`` accepts (neither ever gives
    characters back) and lets the engine scan a run of plain characters in one step.
    """
    inner = deref(inner, resolve)
    if not isinstance(inner, Alt):
        return _render(inner, resolve, flavor)
    options = _merge_chars(inner.options, resolve)
    if len(options) == 1:
        return _render(options[0], resolve, flavor)
    parts: list[str] = []
    for option in options:
        source = _render(option, resolve, flavor)[0]
        parts.append(source + "++" if isinstance(option, Chars) else source)
    return "|".join(parts), _ALT


def _render_unrolled(inner: Node, resolve: Resolver, flavor: Flavor, *, first: bool) -> str | None:
    """A possessive ``*( chars / other )`` as ``chars* *( other chars* )``, if ``inner``
    has one set of single characters among other options; ``first``: ``1*( ... )``,
    rendered as one ``( chars / other )`` before that.

    ``(c | o)*`` and ``c* (o c*)*`` are the same language; with possessive loops both
    stop where neither ``c`` nor ``o`` matches, provided no ``o`` can start with a
    member of ``c`` (else the loop is left as it is: trying ``c`` first, possessively,
    could cut a match of ``o`` short in one form and not the other). The common
    case (no ``%``) becomes one run over a character class, which ``re`` scans
    without entering a group.
    """
    inner = deref(inner, resolve)
    if not isinstance(inner, Alt):
        return None
    options = _merge_chars(inner.options, resolve)
    sets = [o for o in options if isinstance(o, Chars)]
    others = [o for o in options if not isinstance(o, Chars)]
    if len(sets) != 1 or not others:
        return None
    for option in others:  # if o could start with a c, trying c first could cut it short
        start = _first_chars(option, resolve)
        if start is None or start - sets[0] != start:
            return None
    single = _render_chars(sets[0].ranges, flavor)
    other = _render(Alt(tuple(others)), resolve, flavor)
    loop = f"{single}*+(?:{_wrap(*other, _SEQ)}{single}*+)*+"
    return f"(?:{single}|{other[0]}){loop}" if first else loop


def _first_chars(node: Node, resolve: Resolver) -> Chars | None:
    """The characters a match of ``node`` can start with, for nodes that cannot match
    the empty string; None where that is not plain to see."""
    node = deref(node, resolve)
    if isinstance(node, Chars):
        return node
    if isinstance(node, Seq) and node.items:
        return _first_chars(node.items[0], resolve)
    if isinstance(node, Repeat) and node.min >= 1:
        return _first_chars(node.node, resolve)
    if isinstance(node, Alt):
        return union_of(node.options, lambda option: _first_chars(option, resolve))
    return None


def _merge_chars(options: tuple[Node, ...], resolve: Resolver) -> tuple[Node, ...]:
    """Join the single-character options of an alternation into one class.

    For one-character alternatives the order of trial cannot change what matches, so
    ``DIGIT / "A" / "B"`` renders as ``[0-9ABab]`` rather than ``(?:[0-9]|[Aa]|[Bb])``.
    """
    members = Chars(())
    out: list[Node] = []
    first = -1
    for option in flatten_alt(options, resolve):
        option_chars = as_chars(option, resolve)
        if option_chars is None:
            out.append(option)
        else:
            if first < 0:
                first = len(out)
                out.append(option)
            members = chars_union(members, option_chars)
    if first >= 0:
        out[first] = members
    return tuple(out)


def _group_name(name: str) -> str:
    return name.replace("-", "_")


def _quantifier(lo: int, hi: int | None, possessive: bool, flavor: Flavor) -> str:
    if (lo, hi) == (0, None):
        q = "*"
    elif (lo, hi) == (1, None):
        q = "+"
    elif (lo, hi) == (0, 1):
        q = "?"
    elif hi is None:
        q = f"{{{lo},}}"
    elif lo == hi:
        if lo == 1:
            return ""
        q = f"{{{lo}}}"
    else:
        q = f"{{{lo},{hi}}}"
    # ECMAScript has no possessive quantifiers; greedy ones accept the same language.
    return q + "+" if possessive and flavor == "python" else q


def _render_chars(ranges: CodeRanges, flavor: Flavor) -> str:
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _escape(chr(ranges[0][0]), _SYNTAX, flavor)
    parts: list[str] = []
    for start, end in ranges:
        if end - start >= 2:
            first = _escape(chr(start), _CLASS_SYNTAX, flavor)
            parts.append(f"{first}-{_escape(chr(end), _CLASS_SYNTAX, flavor)}")
        else:
            parts.extend(_escape(chr(c), _CLASS_SYNTAX, flavor) for c in range(start, end + 1))
    return "[" + "".join(parts) + "]"


_SYNTAX = frozenset("^$\\.*+?()[]{}|/")
_CLASS_SYNTAX = frozenset("\\][^-(){}/|")


def _escape(char: str, syntax: frozenset[str], flavor: Flavor) -> str:
    """One character, in a class or outside one (``syntax`` says which characters need a
    backslash there); valid in Python and in ECMAScript's u/v modes. A character beyond
    U+FFFF is ``\\U0001xxxx`` in Python and ``\\u{1xxxx}`` in ECMAScript (``u`` flag)."""
    if char in syntax:
        return "\\" + char
    if char.isascii() and char.isprintable():
        return char
    code = ord(char)
    if flavor == "re2":
        return f"\\x{{{code:x}}}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}" if flavor == "python" else f"\\u{{{code:x}}}"
