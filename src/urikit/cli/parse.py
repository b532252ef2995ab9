"""``urikit parse``: show the components of URI-references (RFC 3)."""

from __future__ import annotations

import argparse
from typing import cast

from urikit.cli._command import Streams
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import Outcome, each, input_options
from urikit.cli._secrets import hidden
from urikit.errors.redact import redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.values.uri import URIReference

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "show the components of URI-references"

#: What ``urikit parse --help`` shows after the options.
EPILOG = (
    """Shows each component as written (RFC 3), "(undefined)" apart from empty.
"""
    + stdin("the URIs")
    + """
examples:
  urikit parse 'foo://example.com:8042/over/there?name=ferret#nose'
  urikit parse --json 'mailto:John.Doe@example.com'
  urikit parse --json < urls.txt | jq -r '.components.host // empty'

"""
    + json_lines(
        "components",
        "null, or {scheme, userinfo, host, port, path, query, fragment,\n"
        "                 authority, host_kind, port_number, segments, kind}\n"
        '                 (null: undefined, "": empty, RFC 5.2.1)',
    )
)

_SHOWN = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    input_options(parser, dest="uris", metavar="URI", what="text to parse")


def _components(ref: URIReference) -> dict[str, object]:
    return {
        "scheme": ref.scheme,
        "userinfo": ref.userinfo,
        "host": ref.host,
        "port": ref.port,
        "path": ref.path,
        "query": ref.query,
        "fragment": ref.fragment,
        "authority": ref.authority,
        "host_kind": None if ref.host_kind is None else str(ref.host_kind),
        "port_number": ref.port_number,
        "segments": list(ref.segments),
        "kind": ref.kind,
    }


def _shown(value: object) -> str:
    if value is None:
        return "(undefined)"
    if value == "":
        return '"" (empty)'
    return str(value)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit.values.uri import parse  # imported when the command runs

    blocks = 0

    def work(text: str) -> Outcome:
        nonlocal blocks
        ref = parse(text)
        fields = _components(ref)
        if not args.show_secrets:  # RFC 7.5
            fields, text = cast("dict[str, object]", hidden(fields)), redact(text)
        lines = ["\n"] if blocks else []  # a blank line between two URIs' blocks
        blocks += 1
        lines.append(f"{text}\n")
        for name in _SHOWN:
            value = _shown(fields[name])
            if name == "host" and ref.host_kind is not None:
                value += f"  ({ref.host_kind})"
            lines.append(f"  {name:<9} {value}\n")
        lines.append(f"  {'kind':<9} {ref.kind}\n")
        return Outcome(result=fields, shown="".join(lines))

    return each(args, streams, texts=args.uris, work=work, key="components").status
