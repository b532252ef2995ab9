"""``urikit relativize``: the reference from a base to each target (RFC 5.2, inverted)."""

from __future__ import annotations

import argparse

from urikit.cli._command import Streams, uri_option
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import each_line, input_options

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "references from BASE to each TARGET"

#: What ``urikit relativize --help`` shows after the options.
EPILOG = (
    """The shortest reference that resolves against BASE to each TARGET (RFC 5.2,
inverted); a BASE that is not a URI is a usage error.
"""
    + stdin("the targets")
    + """
examples:
  urikit relativize 'http://a/b/c/d' 'http://a/b/x/y'     # ../x/y
  urikit relativize --json 'https://example.com/docs/' < urls.txt

"""
    + json_lines("result", "the reference, or null")
)


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    parser.add_argument("base", type=uri_option, metavar="BASE")
    input_options(parser, dest="targets", metavar="TARGET", what="URIs")


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit.values.resolve import relativize
    from urikit.values.uri import parse  # imported when the command runs

    base = args.base
    return each_line(
        args, streams, texts=args.targets, make=lambda text: str(relativize(base, parse(text)))
    )
