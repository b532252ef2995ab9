"""Whether a rule's text may hold a character that a JSON string escapes, read from
the rule's nodes in the grammar: where none can, ``urikit validate --json`` quotes a
valid line as it is (:mod:`urikit.cli._validate_stdin`)."""

from __future__ import annotations

from functools import cache

from urikit._syntax.abnf import Alt, Capture, Chars, IfCaptured, Node, Ref, Repeat, Seq
from urikit._syntax.rfc3986 import resolve

__all__ = ["holds_json_escapes", "node_holds_json_escapes"]

# What a JSON string escapes with ensure_ascii=False: a quote, a backslash, a control.
_JSON_ESCAPED = frozenset('"\\' + "".join(map(chr, range(0x20))))


@cache
def holds_json_escapes(name: str) -> bool:
    """Whether a text that matches rule ``name`` may hold a character that a JSON
    string escapes (a quote, a backslash, a control character): read from the rule's
    nodes in the grammar. No rule of RFC 3986 or 3987 has any (RFC 2, RFC 3987 2.2)."""
    return node_holds_json_escapes(resolve(name))


def node_holds_json_escapes(node: Node) -> bool:
    match node:
        case Chars():
            return any(char in node for char in _JSON_ESCAPED)
        case Seq(items):
            return any(map(node_holds_json_escapes, items))
        case Alt(options):
            return any(map(node_holds_json_escapes, options))
        case Repeat():
            return node.max != 0 and node_holds_json_escapes(node.node)
        case Capture():
            return node_holds_json_escapes(node.node)
        case IfCaptured():
            return node_holds_json_escapes(node.yes) or node_holds_json_escapes(node.no)
        case Ref(name):
            return holds_json_escapes(name)
        case _:  # pragma: no cover - every node kind is above
            return True
