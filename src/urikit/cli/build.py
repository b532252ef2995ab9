"""``urikit build``: a URI from raw components, each encoded once (RFC 2.4)."""

from __future__ import annotations

import argparse
from types import MappingProxyType

from urikit.cli._command import Streams, UsageError
from urikit.cli._help import STATUS
from urikit.cli._output import Outcome, show
from urikit.errors import URIBuildError, URIError

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "build a URI from raw components, encoding each"

#: What ``urikit build --help`` shows after the options.
EPILOG = (
    """\
Values are raw text: each is percent-encoded for its component, exactly once (RFC 2.4).
Components that cannot go together are reported on stderr (exit status 1). A URI needs
a scheme (RFC 3), as Builder.build() does; --relative builds a relative reference
(RFC 4.2) instead. For http, https, ws, wss and ftp the host must be one DNS can look
up: a name beyond ASCII is written as A-labels (IDNA; --no-idna refuses it instead).

examples:
  urikit build --scheme https --host example.com --path '/docs/a b' --fragment 'part 2'
  urikit build --scheme https --host example.com --segment 'users' --segment 'a/b'
  urikit build --scheme https --host api.example.com --param 'q=rock & roll' --param 'n=10'
  urikit build --scheme https --host example.com --param 'debug'      # ?debug
  urikit build --scheme https --host 'bücher.example'    # https://xn--bcher-kva.example
  urikit build --relative --path 'a:b'                    # ./a:b (RFC 4.2)
  urikit build --json --scheme https --host example.com

--json prints one JSON object with these keys (stable: keys may be added, none is
renamed or removed):
  input          the options given: {scheme, user, password, host, port, path,
                 segments, query, params, fragment} (null when not given; segments a
                 list of text, params a list of [key, value], value null for NAME)
  valid          true or false
  result         the built reference, or null
  error          null, or {code, position, rule, component, reason, message}; code
                 names the cause (docs/errors.md: scheme-required, needs-host,
                 host-not-dns, port-out-of-range, ...)

"""
    + STATUS
)

# The JSON "input" keys and the options they come from.
_GIVEN = MappingProxyType(
    {
        **{name: name for name in ("scheme", "user", "password", "host", "port", "path")},
        "segments": "segment",
        "query": "query",
        "params": "param",
        "fragment": "fragment",
    }
)


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    parser.add_argument("--scheme", help="scheme (without ':'); a URI needs one (RFC 3)")
    parser.add_argument(
        "--relative",
        action="store_true",
        help="build a relative reference (RFC 4.2): no scheme, on purpose",
    )
    parser.add_argument("--user", help="user name (needs --host)")
    parser.add_argument("--password", help="password (deprecated by RFC 3.2.1; needs --user)")
    parser.add_argument("--host", help="host name or IP address")
    parser.add_argument(
        "--idna",
        action=argparse.BooleanOptionalAction,
        help="a host beyond ASCII as A-labels (default: for http, https, ws, wss, ftp;"
        " --no-idna percent-encodes it, which those schemes refuse)",
    )
    parser.add_argument("--port", type=_port, help="port number (needs --host)")
    path = parser.add_mutually_exclusive_group()
    path.add_argument("--path", help="path as text; '/' separates segments")
    path.add_argument(
        "--segment",
        action="append",
        metavar="TEXT",
        help="one path segment, data: '/' is encoded, '.' and '..' refused (repeat for more)",
    )
    query = parser.add_mutually_exclusive_group()
    query.add_argument("--query", help="query text (without '?')")
    query.add_argument(
        "--param",
        action="append",
        type=_param,
        metavar="NAME[=VALUE]",
        help="a query parameter; NAME alone is written without '=' (repeat for more)",
    )
    parser.add_argument("--fragment", help="fragment (without '#')")
    parser.add_argument("--json", action="store_true", help="one JSON object")


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"a port is digits only (RFC 3.2.3), not {text!r}")
    return int(text)


def _param(text: str) -> tuple[str, str | None]:
    name, equals, value = text.partition("=")
    return (name, value) if equals else (name, None)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit.build.builder import compose  # imported when the command runs

    if args.relative and args.scheme:
        raise UsageError("--relative builds a reference without a scheme; drop --scheme")
    given = {name: getattr(args, option) for name, option in _GIVEN.items()}
    try:
        if not args.scheme and not args.relative:  # as Builder.build() refuses (RFC 3)
            raise URIBuildError.of(
                "scheme-required",
                what="a URI",
                advice="give --scheme, or --relative for a relative reference (RFC 3986 4.2)",
            )
        built = str(
            compose(
                scheme=args.scheme or None,
                host=args.host,
                port=args.port,
                user=args.user,
                password=args.password,
                path=args.path or "",
                segments=args.segment,
                query=args.query,
                query_params=args.param,
                fragment=args.fragment,
                idna=args.idna,
            )
        )
    except URIError as error:
        outcome = Outcome(problems=(error,))
    else:
        outcome = Outcome.line(built)
    show(
        args,
        streams,
        outcome=outcome,
        head={"input": given},
        key="result",
        where="urikit build",
        text="",
    )
    return 1 if outcome.problems else 0
