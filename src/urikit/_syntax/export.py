"""RFC 3986 and RFC 3987 rules as ECMAScript patterns, for the browser or a JSON Schema.

The same grammar that :func:`urikit.is_valid` runs is rendered for ECMAScript: greedy
quantifiers in place of possessive ones (the language is the same), ``\\uXXXX`` escapes,
and classes written so that they compile with both the ``u`` and the ``v`` flag.
"""

from __future__ import annotations

from urikit._syntax.compiled import source
from urikit._syntax.rfc3986 import RuleName

__all__ = ["ecmascript_pattern"]


def ecmascript_pattern(rule: RuleName = "URI", *, anchored: bool = False) -> str:
    """ECMAScript regex source accepting exactly the strings that match ``rule``.

    - For an HTML ``pattern`` attribute leave ``anchored=False``: the browser compiles
      ``^(?:`` + pattern + ``)$`` with the ``v`` flag itself, so the value must not be
      anchored again::

          <input type="url" pattern="...ecmascript_pattern('URI')...">

      (escape it for the attribute with ``html.escape``).
    - For a JSON Schema ``"pattern"`` pass ``anchored=True``: JSON Schema patterns are
      *not* anchored (they match anywhere, like ``RegExp.test``), so the source is
      wrapped as ``^(?:...)$``. ECMAScript's ``$`` (without the ``m`` flag) matches
      only at the very end; Python's ``re.search`` with ``$`` also accepts one trailing
      ``"\\n"``, so a Python JSON Schema validator may let ``"http://a\\n"`` through,
      where :func:`urikit.is_valid` (and a browser) does not.

    The IRI rules (RFC 3987) hold characters beyond U+FFFF, written ``\\u{10000}``:
    compile them with the ``u`` (or ``v``) flag, as HTML and JSON Schema 2020-12 do;
    without it, such a pattern means something else.

    Raises ``ValueError`` for an unknown rule name.
    """
    body = source(rule, "ecmascript")
    return f"^(?:{body})$" if anchored else body
