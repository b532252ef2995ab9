"""What every command shares: its entry in the table, its streams, option helpers."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO, Protocol, TextIO

from urikit._syntax.rfc3986 import RuleName, rule_name

__all__ = [
    "Command",
    "CommandModule",
    "Streams",
    "UsageError",
    "Writer",
    "command_of",
    "rule_option",
    "uri_option",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.values.uri import URI


class Writer(Protocol):
    """Where a command writes text: a text stream, or output gathered for one."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...


@dataclass(frozen=True, slots=True)
class Streams:
    """Where a command reads its input and writes its output and its reports.

    ``stdin_bytes`` is the binary stream under ``stdin`` when its lines may be read a
    block at a time (the process's own stdin on POSIX, where only "\\n" ends a line):
    a command's fast path reads it; None when ``stdin`` is anything else.
    """

    stdin: TextIO
    out: Writer
    err: Writer
    stdin_bytes: BinaryIO | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """One ``urikit COMMAND``: what ``--help`` says, its options, and what it does.

    ``options`` adds the command's arguments to its parser; ``run`` gets the parsed
    arguments and returns the exit status (0 success, 1 some input failed).
    """

    name: str
    help: str
    epilog: str
    options: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Streams], int]


class CommandModule(Protocol):
    """A module of :mod:`urikit.cli` that is one command, named as the module: its line
    in ``urikit --help`` (``HELP``), what its own ``--help`` shows after the options
    (``EPILOG``), its arguments (``options``) and what it does (``run``)."""

    __name__: str

    @property
    def HELP(self) -> str: ...

    @property
    def EPILOG(self) -> str: ...

    def options(self, parser: argparse.ArgumentParser, /) -> None: ...

    def run(self, args: argparse.Namespace, streams: Streams, /) -> int: ...


def command_of(module: CommandModule) -> Command:
    """The command that ``module`` is."""
    return Command(
        name=module.__name__.rpartition(".")[2],
        help=module.HELP,
        epilog=module.EPILOG,
        options=module.options,
        run=module.run,
    )


class UsageError(Exception):
    """Options that argparse accepted but that do not go together (exit status 2)."""


def rule_option(text: str) -> RuleName:
    """An RFC 3986 or RFC 3987 rule name, its case ignored; a typo gets "did you mean"."""
    try:
        return rule_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def uri_option(text: str) -> URI:
    """A URI (RFC 3), as ``uri_type(rule="URI")`` of :mod:`urikit.integrations.argparse`
    reads it; imported when an argument is read, so a command that takes none pays
    nothing for it."""
    from urikit.integrations.argparse import uri_type

    return uri_type(rule="URI")(text)
