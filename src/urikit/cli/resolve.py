"""``urikit resolve``: resolve references against one base URI (RFC 5.2)."""

from __future__ import annotations

import argparse

from urikit.cli._command import Command, Streams, uri_option
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import each_line, input_options

__all__ = ["COMMAND"]

_EPILOG = (
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


def _options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("base", type=uri_option, metavar="BASE")
    input_options(parser, dest="refs", metavar="REF", what="references")
    parser.add_argument(
        "--non-strict",
        action="store_true",
        help="ignore a reference scheme equal to the base's (RFC 5.2.2)",
    )


def _run(args: argparse.Namespace, streams: Streams) -> int:
    from urikit.values.resolve import resolve
    from urikit.values.uri import parse  # imported when the command runs

    base = args.base
    strict = not args.non_strict

    def target(text: str) -> str:
        return str(resolve(base, parse(text), strict=strict))

    return each_line(args, streams, texts=args.refs, make=target)


COMMAND = Command(
    name="resolve",
    help="resolve references against a base URI (RFC 5.2)",
    epilog=_EPILOG,
    options=_options,
    run=_run,
)
