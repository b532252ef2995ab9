"""``urikit normalize``: normalize URI-references (RFC 6.2.2, 6.2.3)."""

from __future__ import annotations

import argparse

from urikit.cli._command import Streams
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import each_line, input_options

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "normalize URI-references (RFC 6.2.2, 6.2.3)"

#: What ``urikit normalize --help`` shows after the options.
EPILOG = (
    stdin("the URI-references")
    + """
examples:
  urikit normalize 'HTTP://Example.COM:80/%7euser/./a/../b'   # http://example.com/~user/b
  urikit normalize --no-path 'http://h/a/../b'
  urikit normalize --scheme-rules 'ws://h:80/chat#x'           # ws://h/chat
  urikit normalize --json < urls.txt

"""
    + json_lines("result", "the normalized reference, or null")
)


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    input_options(parser, dest="uris", metavar="URI", what="text to normalize")
    parser.add_argument("--no-case", action="store_true", help="keep the case (6.2.2.1)")
    parser.add_argument("--no-percent", action="store_true", help="keep %%-encodings (6.2.2.2)")
    parser.add_argument("--no-path", action="store_true", help="keep dot segments (6.2.2.3)")
    parser.add_argument("--no-scheme-based", action="store_true", help="keep default ports (6.2.3)")
    parser.add_argument("--ipv6", action="store_true", help="IPv6 hosts in RFC 5952 form")
    parser.add_argument(
        "--scheme-rules",
        action="store_true",
        help="scheme-based rules of urikit.schemes: ws(s), mailto, urn (6.2.3)",
    )


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit.values.normalize import normalize
    from urikit.values.uri import parse  # imported when the command runs

    def normalized(text: str) -> str:
        return str(
            normalize(
                parse(text),
                case=not args.no_case,
                percent=not args.no_percent,
                path=not args.no_path,
                scheme_based=not args.no_scheme_based,
                ipv6_canonical=args.ipv6,
                scheme_rules=args.scheme_rules,
            )
        )

    return each_line(args, streams, texts=args.uris, make=normalized)
