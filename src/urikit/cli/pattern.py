"""``urikit pattern``: the ECMAScript pattern of a rule, for HTML or JSON Schema."""

from __future__ import annotations

import argparse

from urikit.cli._command import Streams, rule_option
from urikit.cli._output import Outcome, show

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "ECMAScript pattern for a rule"

#: What ``urikit pattern --help`` shows after the options.
EPILOG = """\
Prints ECMAScript regex source for a rule: as is for an HTML pattern attribute (the
browser anchors it and uses the v flag), or anchored with --anchored for JSON Schema.
Rule names are taken in any case ('uri' is URI).

examples:
  urikit pattern 'URI'
  urikit pattern --anchored 'IPv4address'
  urikit pattern --json 'URI'

--json prints one JSON object: input (the rule name), valid (true), result (the
pattern), error (null). Its keys are stable: keys may be added, none is renamed or
removed.
"""


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    parser.add_argument(
        "rule", type=rule_option, metavar="RULE", help="RFC 3986 or RFC 3987 (IRI) rule name"
    )
    parser.add_argument("--anchored", action="store_true", help="wrap in ^(?:...)$ (JSON Schema)")
    parser.add_argument("--json", action="store_true", help="one JSON object")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit._syntax.export import ecmascript_pattern  # imported when the command runs

    pattern = ecmascript_pattern(args.rule, anchored=args.anchored)
    outcome = Outcome.line(pattern)
    show(args, streams, outcome=outcome, head={"input": args.rule}, key="result", where="", text="")
    return 0
