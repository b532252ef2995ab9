"""``urikit validate``: check texts against an RFC 3986 rule and, optionally, a policy."""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Callable, Mapping
from types import MappingProxyType

from urikit._syntax.rfc3986 import RuleName
from urikit.cli._command import Streams, UsageError, rule_option
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import Outcome, each, error_record, input_options
from urikit.cli._policy_options import at_least, given_rules, policy_options
from urikit.errors import InvalidURIError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.policy._arguments import Requirement
    from urikit.policy.checker import Policy

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "check URIs or IRIs against a rule and a policy"

#: What ``urikit validate --help`` shows after the options.
EPILOG = (
    stdin("the URIs")
    + """A summary (N checked, N valid, N invalid) follows on stderr unless --quiet.

A URI argument that names an existing file and is no URI (no scheme) is an error:
urikit reads a file's lines from standard input only (urikit validate < urls.txt).

examples:
  urikit validate 'http://exa mple.com/'
  urikit validate --rule absolute-URI 'http://a/b?c'
  urikit validate --rule ipv6address '2001:db8::1'     # rule names in any case
  urikit validate --schemes http,https --require-host --no-allow-userinfo < urls.txt
  urikit validate --schemes https --host-syntax dns --no-allow-internal-host 'https://a..b/'
  urikit validate --rule URI --scheme-rules 'ws://h/#x'   # RFC 6455 3: no fragment
  urikit validate --crlf < windows-urls.txt
  urikit validate --json < urls.txt | jq 'select(.valid | not)'
  urikit validate --jobs 0 < urls.txt                  # every core, same output
  urikit validate --input-format parquet --column url links.parquet

"""
    + json_lines(
        "problems",
        "every problem: {code, position, rule, component, reason, message};\n"
        "                 error is the first of them",
    )
)

_URI_RULES: Mapping[str, tuple[Requirement, bool]] = MappingProxyType(
    {
        # rule -> (Policy.require, fragment allowed)
        "URI": ("absolute", True),
        "absolute-URI": ("absolute", False),
        "URI-reference": ("any", True),
        "relative-ref": ("relative", True),
    }
)


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    input_options(
        parser,
        dest="uris",
        metavar="URI",
        what="text to check; one that names a file and has no scheme is refused: give a"
        " file's lines as stdin (< FILE)",
    )
    parser.add_argument(
        "--rule",
        type=rule_option,
        metavar="RULE",
        help="RFC 3986 or 3987 rule name, any case (default: URI-reference, or URI with"
        " --schemes; e.g. URI, host, IRI)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    policy_options(parser)
    parser.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="check stdin in N processes (0: one per core; default 1); same output, same order;"
        " one process where a pool cannot win: a file under 1 MiB, or the native kernel",
    )
    parser.add_argument(
        "--input-format",
        choices=("lines", "parquet"),
        default="lines",
        help="lines (default) or parquet: the URI arguments are then Parquet files (none: stdin)",
    )
    parser.add_argument("--column", metavar="NAME", help="the Parquet column of URIs")
    parser.add_argument(
        "--output-format",
        choices=("text", "json", "parquet"),
        default=None,
        help="text (default), json (as --json) or parquet (to stdout: one row per input)",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (shown on a terminal's stderr for long input, with urikit[progress])",
    )


def _jobs(text: str) -> int:
    from urikit.cli._validate_stdin import jobs_count  # imported when --jobs is given

    return jobs_count(at_least(text, 0, "one per core"))


def _policy(args: argparse.Namespace) -> Policy | None:
    """The policy the options ask for, or None for a plain syntax check of ``--rule``;
    ``args.rule`` is set to the rule checked. Allowed schemes imply a scheme: a URI."""
    rules = given_rules(args)
    if args.rule is None:
        args.rule = "URI" if rules.get("schemes") else "URI-reference"
    if not rules:
        return None
    if args.rule not in _URI_RULES:
        raise UsageError(f"policy options need --rule {', '.join(_URI_RULES)}, not {args.rule}")
    require, fragment = _URI_RULES[args.rule]
    if rules.get("schemes") and require == "relative":
        raise UsageError("--schemes allows schemes, but a relative-ref has none")
    if not fragment:
        rules["allow_fragment"] = False
    from urikit.policy.checker import Policy  # only a policy needs it (and costs its import)

    try:
        return Policy(require=require, **rules)
    except (TypeError, ValueError) as error:  # options that do not go together
        raise UsageError(str(error).replace("_", "-").replace("=True", "")) from None


def _syntax(rule: RuleName) -> Callable[[str], Outcome]:
    from urikit._syntax.validation import validate  # only the per-line path needs it

    def problems(text: str) -> Outcome:
        try:
            validate(text, rule)
        except InvalidURIError as error:
            return Outcome.invalid(error)
        return Outcome(result=[])

    return problems


def _policy_problems(policy: Policy) -> Callable[[str], Outcome]:
    def problems(text: str) -> Outcome:
        found = policy.problems(text)
        return Outcome(result=[error_record(p) for p in found], problems=found)

    return problems


def _no_file_names(texts: list[str]) -> None:
    """Refuse an argument that names a file and is no URI (RFC 3: it has no scheme):
    checking the name would pass while checking nothing of the file."""
    from urikit._syntax.compiled import compiled

    uri = compiled("URI").pattern.fullmatch
    for text in texts:
        if os.path.isfile(text) and uri(text) is None:
            raise UsageError(
                f"{text!r} names a file, not a URI: to check its lines, give it as"
                f" standard input: urikit validate < {shlex.quote(text)}"
            )


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Each text's problems, under the JSON key ``problems`` with their codes. A plain
    syntax check of stdin takes the fast path, whose output is the same."""
    policy = _policy(args)
    if args.input_format == "lines":
        _no_file_names(args.uris)
    if args.output_format == "json":
        args.json = True
    if args.input_format == "parquet" or args.output_format == "parquet":
        try:
            from urikit.cli._parquet import validate_table  # pyarrow: only when asked for
        except ImportError as error:
            raise UsageError(
                f"Parquet needs pyarrow (pip install 'urikit[arrow]'): {error}"
            ) from None

        work = _syntax(args.rule) if policy is None else _policy_problems(policy)
        tally = validate_table(args, streams, work=work, syntax_only=policy is None)
    elif policy is None and not args.uris and streams.stdin_bytes is not None:
        from urikit.cli._validate_stdin import validate_stdin

        tally = validate_stdin(args, streams, streams.stdin_bytes)
    else:
        work = _syntax(args.rule) if policy is None else _policy_problems(policy)
        tally = each(args, streams, texts=args.uris, work=work, key="problems")
    if not args.quiet:
        valid = tally.total - tally.failed
        streams.err.write(f"{tally.total} checked, {valid} valid, {tally.failed} invalid\n")
    return tally.status
