"""``urikit validate``: check texts against an RFC 3986 rule and, optionally, a policy."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from types import MappingProxyType

from urikit._syntax.rfc3986 import RuleName
from urikit._syntax.validation import validate
from urikit.cli._command import Command, Streams, UsageError, rule_option
from urikit.cli._help import json_lines, stdin
from urikit.cli._output import Outcome, each, error_record, input_options
from urikit.errors import InvalidURIError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.policy.checker import Policy, Requirement

__all__ = ["COMMAND"]

_EPILOG = (
    stdin("the URIs")
    + """A summary (N checked, N valid, N invalid) follows on stderr unless --quiet.

examples:
  urikit validate 'http://exa mple.com/'
  urikit validate --rule absolute-URI 'http://a/b?c'
  urikit validate --rule ipv6address '2001:db8::1'     # rule names in any case
  urikit validate --scheme http --scheme https --require-host --no-userinfo < urls.txt
  urikit validate --crlf < windows-urls.txt
  urikit validate --json < urls.txt | jq 'select(.valid | not)'

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


def _options(parser: argparse.ArgumentParser) -> None:
    input_options(parser, dest="uris", metavar="URI", what="text to check")
    parser.add_argument(
        "--rule",
        default="URI-reference",
        type=rule_option,
        metavar="RULE",
        help="RFC 3986 or 3987 rule name, any case (default: URI-reference; e.g. URI, host, IRI)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    rules = parser.add_argument_group(
        "policy",
        "application rules on top of the RFC (rule URI, absolute-URI, "
        "URI-reference or relative-ref)",
    )
    rules.add_argument(
        "--scheme",
        action="append",
        metavar="NAME",
        help="allowed scheme (repeat for more; case-insensitive)",
    )
    rules.add_argument("--require-host", action="store_true", help="a non-empty host")
    rules.add_argument("--no-userinfo", action="store_true", help="forbid 'user@'")
    rules.add_argument("--no-password", action="store_true", help="forbid 'user:password@'")
    rules.add_argument("--no-fragment", action="store_true", help="forbid '#fragment'")
    rules.add_argument("--no-ip-host", action="store_true", help="forbid IP address hosts")
    rules.add_argument("--max-length", type=_positive, metavar="N", help="at most N characters")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _policy(args: argparse.Namespace) -> Policy | None:
    """The policy the options ask for, or None for a plain syntax check of ``--rule``."""
    wanted = (
        args.scheme
        or args.require_host
        or args.no_userinfo
        or args.no_password
        or args.no_fragment
        or args.no_ip_host
        or args.max_length is not None
    )
    if not wanted:
        return None
    if args.rule not in _URI_RULES:
        raise UsageError(f"policy options need --rule {', '.join(_URI_RULES)}, not {args.rule}")
    from urikit.policy.checker import Policy  # only a policy needs it (and costs its import)

    require, fragment = _URI_RULES[args.rule]
    return Policy(
        schemes=args.scheme,
        require=require,
        require_host=args.require_host,
        allow_userinfo=not args.no_userinfo,
        allow_password=not args.no_password,
        allow_fragment=fragment and not args.no_fragment,
        allow_ip_host=not args.no_ip_host,
        max_length=args.max_length,
    )


def _syntax(rule: RuleName) -> Callable[[str], Outcome]:
    def problems(text: str) -> Outcome:
        try:
            validate(text, rule)
        except InvalidURIError as error:
            return _invalid(error)
        return Outcome(result=[])

    return problems


def _invalid(error: InvalidURIError) -> Outcome:
    """The outcome of a text that does not match the rule: its one problem."""
    return Outcome(result=[error_record(error)], problems=(error,))


def _policy_problems(policy: Policy) -> Callable[[str], Outcome]:
    def problems(text: str) -> Outcome:
        found = policy.problems(text)
        return Outcome(result=[error_record(p) for p in found], problems=found)

    return problems


def _run(args: argparse.Namespace, streams: Streams) -> int:
    """Each text's problems, under the JSON key ``problems`` with their codes. A plain
    syntax check of stdin takes the fast path, whose output is the same."""
    policy = _policy(args)
    if policy is None and not args.uris and streams.stdin_bytes is not None:
        from urikit.cli._validate_stdin import validate_stdin

        tally = validate_stdin(args, streams)
    else:
        work = _syntax(args.rule) if policy is None else _policy_problems(policy)
        tally = each(args, streams, texts=args.uris, work=work, key="problems")
    if not args.quiet:
        valid = tally.total - tally.failed
        streams.err.write(f"{tally.total} checked, {valid} valid, {tally.failed} invalid\n")
    return tally.status


COMMAND = Command(
    name="validate",
    help="check URIs or IRIs against a rule and a policy",
    epilog=_EPILOG,
    options=_options,
    run=_run,
)
