"""The ``urikit`` command (also ``python -m urikit``): RFC 3986 from the shell.

One module per command, named as the command, each defining ``HELP``, ``EPILOG``,
``options`` and ``run`` (:class:`~urikit.cli._command.CommandModule`); :data:`COMMANDS`
lists them in the order ``--help`` shows.
Commands that take URIs read them from arguments or stream standard input line by line,
and every command writes through :mod:`urikit.cli._output`: text, with each failing
input reported with a caret on stderr, or JSON Lines with ``--json``. Exit status: 0
when every input succeeded, 1 when some input did not, 2 for a usage error. Nothing
imports this package; it sits on top of every other layer.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from urikit import __version__
from urikit.cli import build, normalize, parse, pattern, relativize, resolve, template, validate
from urikit.cli._command import Command, Streams, UsageError, command_of
from urikit.cli._help import MAIN_EPILOG
from urikit.cli._secrets import secrets_option
from urikit.errors.redact import redact

__all__ = ["COMMANDS", "main"]

_PROG = "urikit"

COMMANDS: tuple[Command, ...] = tuple(
    map(command_of, (validate, parse, resolve, relativize, normalize, build, pattern, template))
)


class _Parser(argparse.ArgumentParser):
    """argparse, with a password in a usage error written ``***`` (RFC 7.5): an option
    may be handed a URI by mistake (``--ports 'http://u:pw@h/'``)."""

    def error(self, message: str) -> NoReturn:
        super().error(_redacted_words(message))


def _redacted_words(message: str) -> str:
    """``message`` with the password of each word that holds a URI written ``***``."""
    return re.sub(r"\S+", lambda word: redact(word[0]) if "@" in word[0] else word[0], message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=_PROG,
        description="RFC 3986 URIs, strictly: validate, parse, resolve, normalize, build.",
        epilog=MAIN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.name,
            help=command.help,
            description=command.help,
            epilog=command.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.options(sub)
        secrets_option(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error argparse has printed
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.run(args, _streams())
    except UsageError as error:
        sys.stderr.write(f"{_PROG} {args.command}: error: {_redacted_words(str(error))}\n")
        return 2
    except UnicodeDecodeError as error:
        sys.stderr.write(f"{_PROG} {args.command}: standard input is not text: {error}\n")
        return 1
    except BrokenPipeError:
        # The reader went away (urikit ... | head): stop quietly, as Unix tools do.
        _silence_stdout()
        return 1
    return status


def _streams() -> Streams:
    """The process's streams; stdin's bytes too when its lines may be read in blocks:
    it is the interpreter's own stdin (not replaced) on POSIX, where "\\n" alone ends
    a line, and nothing has been read from it yet."""
    stdin: TextIO = sys.stdin
    own = os.name == "posix" and stdin is sys.__stdin__ and _text_wrapper(stdin)
    return Streams(stdin, sys.stdout, sys.stderr, stdin_bytes=stdin.buffer if own else None)


def _text_wrapper(stream: object) -> bool:
    return isinstance(stream, io.TextIOWrapper)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass
