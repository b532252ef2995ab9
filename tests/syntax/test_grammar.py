"""The grammar module states each fact of RFC 3986 Appendix A once."""

from __future__ import annotations

from collections.abc import Iterator

from urikit._syntax.abnf import Alt, Capture, Chars, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.rfc3986 import RULE_NAMES, RULES, chars_of, scheme_chars


def _refs(node: Node) -> Iterator[str]:
    match node:
        case Ref(name):
            yield name
        case Seq(items):
            for item in items:
                yield from _refs(item)
        case Alt(options):
            for option in options:
                yield from _refs(option)
        case Repeat(inner, _, _, _) | Capture(_, inner):
            yield from _refs(inner)
        case IfCaptured(_, yes, no):
            yield from _refs(yes)
            yield from _refs(no)
        case Chars():
            pass


def test_every_rule_name_has_exactly_one_rule_in_order() -> None:
    """RuleName is the one list: RULES holds one rule per name, in the same order."""
    assert tuple(RULES) == RULE_NAMES
    assert all(RULES[name].name == name for name in RULE_NAMES)


def test_every_reference_names_a_rule() -> None:
    referenced = {name for r in RULES.values() for name in _refs(r.node)}
    assert referenced <= set(RULE_NAMES)


def test_scheme_chars_are_read_from_the_rule_rfc_3_1() -> None:
    # scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    assert scheme_chars() == chars_of("ALPHA") | chars_of("DIGIT") | {"+", "-", "."}
    assert len(scheme_chars()) == 26 * 2 + 10 + 3
