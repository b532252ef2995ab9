"""``urikit resolve``: resolve references against one base URI (RFC 5.2)."""

from __future__ import annotations

import argparse

from urikit.cli._command import Streams, uri_option
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import each_line, input_options

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "resolve references against a base URI (RFC 5.2)"

#: What ``urikit resolve --help`` shows after the options.
EPILOG = (
    """Resolves each REF against the one BASE (RFC 5.2); a BASE that is not a URI is a
usage error.
"""
    + stdin("the references")
    + """
examples (RFC 5.4.1):
  urikit resolve 'http://a/b/c/d;p?q' 'g' '../g' '?y' '#s'
  urikit resolve --non-strict 'http://a/b/c/d;p?q' 'http:g'   # http://a/b/c/g
  urikit resolve --json 'https://example.com/docs/' < links.txt

"""
    + json_lines("result", "the target URI, or null")
)


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    parser.add_argument("base", type=uri_option, metavar="BASE")
    input_options(parser, dest="refs", metavar="REF", what="references")
    parser.add_argument(
        "--non-strict",
        action="store_true",
        help="ignore a reference scheme equal to the base's (RFC 5.2.2)",
    )


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit.values.resolve import resolve
    from urikit.values.uri import parse  # imported when the command runs

    base = args.base
    strict = not args.non_strict

    def target(text: str) -> str:
        return str(resolve(base, parse(text), strict=strict))

    return each_line(args, streams, texts=args.refs, make=target)
