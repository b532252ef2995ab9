"""The ``urikit`` command (also ``python -m urikit``): RFC 3986 from the shell.

One module per command, named as the command, each defining ``HELP``, ``EPILOG``,
``options`` and ``run`` (:class:`~urikit.cli._command.CommandModule`); :data:`NAMES`
lists them in the order ``--help`` shows. A command's module is imported only when it
runs (or ``urikit --help`` lists it), and it imports what its options need: the rest
when it runs, so that ``urikit validate`` starts without what it does not use.
Commands that take URIs read them from arguments or stream standard input line by line,
and every command writes through :mod:`urikit.cli._output`: text, with each failing
input reported with a caret on stderr, or JSON Lines with ``--json``. Exit status: 0
when every input succeeded, 1 when some input did not, 2 for a usage error. Nothing
imports this package; it sits on top of every other layer.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import NoReturn, TextIO, cast

from urikit import __version__
from urikit._syntax.native import IMPLEMENTATION
from urikit.cli._command import Command, CommandModule, Streams, UsageError, command_of
from urikit.cli._help import MAIN_EPILOG
from urikit.cli._secrets import secrets_option
from urikit.errors.redact import redact

__all__ = ["NAMES", "command", "main", "run"]

_PROG = "urikit"

#: The commands, each the name of its module in this package, in ``--help``'s order.
NAMES = (
    "validate",
    "parse",
    "resolve",
    "relativize",
    "normalize",
    "build",
    "pattern",
    "template",
    "check-config",
)


def command(name: str) -> Command:
    """The command ``name`` (one of :data:`NAMES`; module ``check_config`` for
    ``check-config``), its module imported now."""
    module = importlib.import_module(f"{__name__}.{name.replace('-', '_')}")
    return replace(command_of(cast(CommandModule, module)), name=name)


class _Parser(argparse.ArgumentParser):
    """argparse, with a password in a usage error written ``***`` (RFC 7.5): an option
    may be handed a URI by mistake (``--ports 'http://u:pw@h/'``)."""

    def error(self, message: str) -> NoReturn:
        super().error(_redacted_words(message))


def _redacted_words(message: str) -> str:
    """``message`` with the password of each word that holds a URI written ``***``."""
    return re.sub(r"\S+", lambda word: redact(word[0]) if "@" in word[0] else word[0], message)


def _version() -> str:
    """What ``--version`` prints: urikit's version, Python's and which build runs."""
    python = ".".join(map(str, sys.version_info[:3]))
    return f"{_PROG} {__version__} (Python {python}, {IMPLEMENTATION})"


def _parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser of ``argv``: with the options of its command only, if it starts with
    one (the others' are never read then); else with every command, for ``--help``."""
    chosen = argv[:1] if argv[:1] and argv[0] in NAMES else NAMES
    parser = _Parser(
        prog=_PROG,
        description="RFC 3986 URIs, strictly: validate, parse, resolve, normalize, build.",
        epilog=MAIN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in chosen:
        found = command(name)
        sub = subparsers.add_parser(
            found.name,
            help=found.help,
            description=found.help,
            epilog=found.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        found.options(sub)
        secrets_option(sub)
        sub.set_defaults(run=found.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    parser = _parser(argv)
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
    except ChildProcessError as error:  # a --jobs worker ended without its results
        sys.stderr.write(f"{_PROG} {args.command}: error: {error}\n")
        return 1
    except BrokenPipeError:
        # The reader went away (urikit ... | head): stop quietly, as Unix tools do.
        _silence_stdout()
        return 1
    except OSError as error:  # the system refused (no process to fork, no memory)
        sys.stderr.write(f"{_PROG} {args.command}: error: {_redacted_words(str(error))}\n")
        return 1
    return status


def run() -> int:
    """The ``urikit`` program (its console script, ``python -m urikit``): :func:`main`,
    then all that is left frozen (:func:`gc.freeze`), so that the interpreter's exit
    frees it without first tracing it all for cycles.
    A command closes every file it opens: none waits for a collection to be flushed."""
    status = main()
    gc.freeze()
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
