"""The ``urikit`` command (also ``python -m urikit``): RFC 3986 from the shell.

Subcommands: ``validate``, ``parse``, ``resolve``, ``relativize``, ``normalize``,
``build`` and ``pattern``. Those taking URIs read them from arguments or, without any,
stream standard input line by line (blank lines skipped); each failing input is
reported with a caret on stderr, or as a JSON line with ``--json``, and the next goes
on. Exit status: 0 when every input succeeded, 1 when some input did not, 2 for a usage
error. Nothing imports this module; it sits on top of every other layer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TextIO

from urikit.builder import compose
from urikit.errors import InvalidURIError, URIBuildError, URIError, excerpt
from urikit.export import ecmascript_pattern
from urikit.grammar import RULE_NAMES, RuleName
from urikit.integrations.argparse import uri_type
from urikit.model import URIReference, parse
from urikit.normalization import normalize
from urikit.policy import Policy, Requirement
from urikit.resolution import relativize, resolve
from urikit.validation import validate

__all__ = ["main"]

_PROG = "urikit"

_STDIN = """\
Reads the URIs given as arguments or, without any, standard input line by line
(streamed: input of any size runs in constant memory). Blank lines (empty or only
whitespace) on standard input are skipped and not counted; only the line break
ending a line is dropped, so a stray CR or space around a URI is reported.
"""

_ERRORS = """\
Each invalid input is reported on stderr as SOURCE:LINE:COLUMN: message, then the
input with a caret under the position; processing goes on with the next input.
"""

_JSON = """\
--json prints JSON Lines on stdout, one object per input, with these keys:
  source, line   "arg" or "stdin", and the 1-based argument or line number
  input          the input text
  valid          true or false
  {result:<14} {what}
  error          null, or {{position, rule, component, reason, message}}: position is
                 0-based (null when unknown), rule the RFC 3986 rule that failed
"""

_STATUS = "exit status: 0 every input succeeded, 1 some input was invalid, 2 usage error.\n"

_MAIN_EPILOG = """\
examples:
  urikit validate 'https://example.com/a b'       # caret under the space, exit 1
  urikit validate --scheme https < urls.txt       # one URI per line, streamed
  urikit parse --json 'http://user@[::1]:8080/p?q#f'
  urikit resolve http://a/b/c/d;p?q ../g           # http://a/b/g (RFC 5.4)
  urikit normalize 'HTTP://Example.COM:80/%7euser/./a/../b'
  urikit build --scheme https --host example.com --path '/a b' --param q='x&y'
  urikit pattern URI                               # for an HTML pattern attribute

validate, parse, resolve, relativize and normalize read their URIs from arguments or,
without any, from standard input line by line (streamed; blank lines are skipped).
Every command takes --json: JSON Lines, one object per input, with the keys input,
valid, error ({position, rule, component, reason, message} or null) and the result.

exit status: 0 every input succeeded, 1 some input was invalid, 2 usage error.
Run 'urikit COMMAND --help' for each command's options and JSON keys.
"""

_VALIDATE_EPILOG = (
    _STDIN
    + _ERRORS
    + """A summary (N checked, N valid, N invalid) follows on stderr unless --quiet.

examples:
  urikit validate 'http://exa mple.com/'
  urikit validate --rule absolute-URI 'http://a/b?c'
  urikit validate --rule IPv6address 2001:db8::1
  urikit validate --scheme http --scheme https --require-host --no-userinfo < urls.txt
  urikit validate --json < urls.txt | jq 'select(.valid | not)'

"""
    + _JSON.format(
        result="problems",
        what="every problem: {code, position, rule, component, reason, message};\n"
        "                 error is the first of them",
    )
    + "\n"
    + _STATUS
)

_PARSE_EPILOG = (
    """Shows each component as written (RFC 3), "(undefined)" apart from empty.
"""
    + _STDIN
    + _ERRORS
    + """
examples:
  urikit parse 'foo://example.com:8042/over/there?name=ferret#nose'
  urikit parse --json 'mailto:John.Doe@example.com'
  urikit parse --json < urls.txt | jq -r '.components.host // empty'

"""
    + _JSON.format(
        result="components",
        what="null, or {scheme, userinfo, host, port, path, query, fragment,\n"
        "                 authority, host_kind, port_number, path_segments, kind}\n"
        '                 (null: undefined, "": empty, RFC 5.2.1)',
    )
    + "\n"
    + _STATUS
)

_RESOLVE_EPILOG = (
    """Resolves each REF against the one BASE (RFC 5.2); a BASE that is not a URI is a
usage error.
"""
    + _STDIN.replace("the URIs", "the references")
    + _ERRORS
    + """
examples (RFC 5.4.1):
  urikit resolve 'http://a/b/c/d;p?q' g ../g '?y' '#s'
  urikit resolve --non-strict 'http://a/b/c/d;p?q' http:g     # http://a/b/c/g
  urikit resolve --json https://example.com/docs/ < links.txt

"""
    + _JSON.format(result="result", what="the target URI, or null")
    + "\n"
    + _STATUS
)

_RELATIVIZE_EPILOG = (
    """The shortest reference that resolves against BASE to each TARGET (RFC 5.2,
inverted); a BASE that is not a URI is a usage error.
"""
    + _STDIN.replace("the URIs", "the targets")
    + _ERRORS
    + """
examples:
  urikit relativize http://a/b/c/d http://a/b/x/y       # ../x/y
  urikit relativize --json https://example.com/docs/ < urls.txt

"""
    + _JSON.format(result="result", what="the reference, or null")
    + "\n"
    + _STATUS
)

_NORMALIZE_EPILOG = (
    _STDIN.replace("the URIs", "the URI-references")
    + _ERRORS
    + """
examples:
  urikit normalize 'HTTP://Example.COM:80/%7euser/./a/../b'   # http://example.com/~user/b
  urikit normalize --no-path 'http://h/a/../b'
  urikit normalize --json < urls.txt

"""
    + _JSON.format(result="result", what="the normalized reference, or null")
    + "\n"
    + _STATUS
)

_BUILD_EPILOG = (
    """\
Values are raw text: each is percent-encoded for its component, exactly once (RFC 2.4).
Components that cannot go together are reported on stderr (exit status 1).

examples:
  urikit build --scheme https --host example.com --path '/docs/a b' --fragment 'part 2'
  urikit build --scheme https --host api.example.com --param q='rock & roll' --param n=10
  urikit build --path 'a:b'                               # ./a:b (RFC 4.2)
  urikit build --json --scheme https --host example.com

--json prints one JSON object with these keys:
  input          the options given: {scheme, user, password, host, port, path, query,
                 params, fragment} (null when not given; params a list of [key, value])
  valid          true or false
  result         the built reference, or null
  error          null, or {position, rule, component, reason, message}

"""
    + _STATUS
)

_PATTERN_EPILOG = """\
Prints ECMAScript regex source for a rule: as is for an HTML pattern attribute (the
browser anchors it and uses the v flag), or anchored with --anchored for JSON Schema.

examples:
  urikit pattern URI
  urikit pattern --anchored IPv4address
  urikit pattern --json URI

--json prints one JSON object: input (the rule name), valid (true), result (the
pattern), error (null).
"""

_URI_RULES: Mapping[str, tuple[Requirement, bool]] = MappingProxyType(
    {
        # rule -> (Policy.require, fragment allowed)
        "URI": ("absolute", True),
        "absolute-URI": ("absolute", False),
        "URI-reference": ("any", True),
        "relative-ref": ("relative", True),
    }
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="RFC 3986 URIs, strictly: validate, parse, resolve, normalize, build.",
        epilog=_MAIN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str, epilog: str) -> argparse.ArgumentParser:
        return commands.add_parser(
            name,
            help=help,
            description=help,
            epilog=epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    v = command("validate", "check URIs against an RFC 3986 rule and a policy", _VALIDATE_EPILOG)
    v.add_argument("uris", nargs="*", metavar="URI", help="text to check (default: stdin lines)")
    v.add_argument(
        "--rule",
        default="URI-reference",
        choices=RULE_NAMES,
        metavar="RULE",
        help="RFC 3986 rule name (default: URI-reference; e.g. URI, absolute-URI, host)",
    )
    v.add_argument("--json", action="store_true", help="JSON Lines: one object per input")
    v.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    rules = v.add_argument_group(
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

    p = command("parse", "show the components of URI-references", _PARSE_EPILOG)
    p.add_argument("uris", nargs="*", metavar="URI", help="text to parse (default: stdin lines)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one object per input")

    r = command("resolve", "resolve references against a base URI (RFC 5.2)", _RESOLVE_EPILOG)
    r.add_argument("base", type=uri_type(rule="URI"), metavar="BASE")
    r.add_argument("refs", nargs="*", metavar="REF", help="references (default: stdin lines)")
    r.add_argument("--json", action="store_true", help="JSON Lines: one object per input")
    r.add_argument(
        "--non-strict",
        action="store_true",
        help="ignore a reference scheme equal to the base's (RFC 5.2.2)",
    )

    rel = command("relativize", "references from BASE to each TARGET", _RELATIVIZE_EPILOG)
    rel.add_argument("base", type=uri_type(rule="URI"), metavar="BASE")
    rel.add_argument("targets", nargs="*", metavar="TARGET", help="URIs (default: stdin lines)")
    rel.add_argument("--json", action="store_true", help="JSON Lines: one object per input")

    n = command("normalize", "normalize URI-references (RFC 6.2.2, 6.2.3)", _NORMALIZE_EPILOG)
    n.add_argument("uris", nargs="*", metavar="URI", help="text to normalize (default: stdin)")
    n.add_argument("--json", action="store_true", help="JSON Lines: one object per input")
    n.add_argument("--no-case", action="store_true", help="keep the case (6.2.2.1)")
    n.add_argument("--no-percent", action="store_true", help="keep %%-encodings (6.2.2.2)")
    n.add_argument("--no-path", action="store_true", help="keep dot segments (6.2.2.3)")
    n.add_argument("--no-scheme-based", action="store_true", help="keep default ports (6.2.3)")
    n.add_argument("--ipv6", action="store_true", help="IPv6 hosts in RFC 5952 form")

    b = command("build", "build a URI from raw components, encoding each", _BUILD_EPILOG)
    b.add_argument("--scheme", help="scheme (without ':'); none makes a relative reference")
    b.add_argument("--user", help="user name (needs --host)")
    b.add_argument("--password", help="password (deprecated by RFC 3.2.1; needs --user)")
    b.add_argument("--host", help="host name or IP address")
    b.add_argument("--port", type=_port, help="port number (needs --host)")
    b.add_argument("--path", help="path; '/' separates segments")
    query = b.add_mutually_exclusive_group()
    query.add_argument("--query", help="query text (without '?')")
    query.add_argument(
        "--param",
        action="append",
        type=_param,
        metavar="KEY=VALUE",
        help="a query parameter (repeat for more)",
    )
    b.add_argument("--fragment", help="fragment (without '#')")
    b.add_argument("--json", action="store_true", help="one JSON object")

    pat = command("pattern", "ECMAScript pattern for a rule", _PATTERN_EPILOG)
    pat.add_argument("rule", choices=RULE_NAMES, metavar="RULE", help="RFC 3986 rule name")
    pat.add_argument("--anchored", action="store_true", help="wrap in ^(?:...)$ (JSON Schema)")
    pat.add_argument("--json", action="store_true", help="one JSON object")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"a port is digits only (RFC 3.2.3), not {text!r}")
    return int(text)


def _param(text: str) -> tuple[str, str]:
    key, equals, value = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key, value


# -- validate -------------------------------------------------------------------------------


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
        raise _UsageError(f"policy options need --rule {', '.join(_URI_RULES)}, not {args.rule}")
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


class _UsageError(Exception):
    """Options that argparse accepted but that do not go together."""


# -- inputs, failures, output ---------------------------------------------------------------


def _inputs(texts: Sequence[str], stdin: TextIO) -> Iterator[tuple[str, int, str]]:
    """``(source, number, text)`` for each argument, else for each line of ``stdin``.

    Lines are read one at a time, so input of any size runs in constant memory; only
    the line break ending a line is dropped (a stray CR stays, and is reported). Blank
    lines of ``stdin`` (empty or only whitespace) are skipped; arguments never are.
    """
    if texts:
        for number, text in enumerate(texts, 1):
            yield "arg", number, text
        return
    for number, line in enumerate(stdin, 1):
        if line.isspace():
            continue
        yield "stdin", number, line[:-1] if line.endswith("\n") else line


@dataclass(frozen=True, slots=True)
class _Failure:
    """Why one input failed: the fields of the JSON ``error`` object."""

    message: str
    reason: str
    position: int | None = None
    rule: str | None = None
    component: str | None = None

    @classmethod
    def of(cls, error: Exception) -> _Failure:
        if isinstance(error, InvalidURIError):
            return cls(error.message, error.reason, error.position, error.rule, error.component)
        return cls(str(error), str(error))

    def json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "rule": self.rule,
            "component": self.component,
            "reason": self.reason,
            "message": self.message,
        }


def _emit(out: TextIO, record: Mapping[str, object]) -> None:
    """One JSON line; text the stream cannot encode (a lone surrogate) is escaped."""
    try:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    except UnicodeEncodeError:
        out.write(json.dumps(record) + "\n")


def _report(err: TextIO, where: str, text: str, failure: _Failure) -> None:
    """``WHERE[:COLUMN]: message``, then the text with a caret under the position."""
    if failure.position is not None:
        where += f":{failure.position + 1}"
    err.write(f"{where}: {failure.message}\n")
    if failure.position is not None:
        shown, caret = excerpt(text, failure.position)
        err.write(f"  {shown}\n  {caret}\n")


_INPUT_ERRORS = (URIError, ValueError)  # ValueError: relativize's unreachable targets


def _each(
    args: argparse.Namespace,
    inputs: Iterator[tuple[str, int, str]],
    work: Callable[[str], tuple[object, str]],
    key: str,
    out: TextIO,
    err: TextIO,
) -> int:
    """Run ``work`` on each input: its JSON value (under ``key``) and its text output.

    A failing input is reported (stderr, or a JSON line) and the next one goes on; the
    exit status is 1 when any failed.
    """
    status = 0
    for source, number, text in inputs:
        head = {"source": source, "line": number, "input": text}
        try:
            value, shown = work(text)
        except _INPUT_ERRORS as error:
            status = 1
            failure = _Failure.of(error)
            if args.json:
                _emit(out, {**head, "valid": False, key: None, "error": failure.json()})
            else:
                _report(err, f"{source}:{number}", text, failure)
            continue
        if args.json:
            _emit(out, {**head, "valid": True, key: value, "error": None})
        else:
            out.write(shown)
    return status


# -- validate -------------------------------------------------------------------------------


def _checker(args: argparse.Namespace) -> Callable[[str], list[tuple[str, _Failure]]]:
    """``(code, failure)`` for each problem of a text: none when it is valid."""
    policy = _policy(args)
    rule: RuleName = args.rule

    def syntax(text: str) -> list[tuple[str, _Failure]]:
        try:
            validate(text, rule)
        except InvalidURIError as error:
            return [("syntax", _Failure.of(error))]
        return []

    if policy is None:
        return syntax
    checked = policy

    def problems(text: str) -> list[tuple[str, _Failure]]:
        return [
            (
                problem.code,
                _Failure(
                    problem.message,
                    problem.reason or problem.message,
                    problem.position,
                    problem.rule,
                    problem.component,
                ),
            )
            for problem in checked.problems(text)
        ]

    return problems


def _validate(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    check = _checker(args)
    total = invalid = 0
    for source, number, text in _inputs(args.uris, stdin):
        problems = check(text)
        total += 1
        invalid += bool(problems)
        if args.json:
            record = {
                "source": source,
                "line": number,
                "input": text,
                "valid": not problems,
                "problems": [{"code": code, **failure.json()} for code, failure in problems],
                "error": problems[0][1].json() if problems else None,
            }
            _emit(out, record)
        else:
            for _, failure in problems:
                _report(err, f"{source}:{number}", text, failure)
    if not args.quiet:
        err.write(f"{total} checked, {total - invalid} valid, {invalid} invalid\n")
    return 1 if invalid else 0


# -- parse ----------------------------------------------------------------------------------


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
        "path_segments": list(ref.path_segments),
        "kind": ref.kind,
    }


def _shown(value: object) -> str:
    if value is None:
        return "(undefined)"
    if value == "":
        return '"" (empty)'
    return str(value)


def _parse(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    blocks = 0

    def work(text: str) -> tuple[object, str]:
        nonlocal blocks
        ref = parse(text)
        fields = _components(ref)
        lines = ["\n"] if blocks else []  # a blank line between two URIs' blocks
        blocks += 1
        lines.append(f"{text}\n")
        for name in ("scheme", "userinfo", "host", "port", "path", "query", "fragment"):
            value = _shown(fields[name])
            if name == "host" and ref.host_kind is not None:
                value += f"  ({ref.host_kind})"
            lines.append(f"  {name:<9} {value}\n")
        lines.append(f"  {'kind':<9} {ref.kind}\n")
        return fields, "".join(lines)

    return _each(args, _inputs(args.uris, stdin), work, "components", out, err)


# -- resolve, relativize, normalize ----------------------------------------------------------


def _resolve(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    base: URIReference = args.base
    strict = not args.non_strict

    def work(text: str) -> tuple[object, str]:
        target = str(resolve(base, parse(text), strict=strict))
        return target, target + "\n"

    return _each(args, _inputs(args.refs, stdin), work, "result", out, err)


def _relativize(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    base: URIReference = args.base

    def work(text: str) -> tuple[object, str]:
        ref = str(relativize(base, parse(text)))
        return ref, ref + "\n"

    return _each(args, _inputs(args.targets, stdin), work, "result", out, err)


def _normalize(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    def work(text: str) -> tuple[object, str]:
        result = str(
            normalize(
                parse(text),
                case=not args.no_case,
                percent=not args.no_percent,
                path=not args.no_path,
                scheme_based=not args.no_scheme_based,
                ipv6_canonical=args.ipv6,
            )
        )
        return result, result + "\n"

    return _each(args, _inputs(args.uris, stdin), work, "result", out, err)


# -- build, pattern ---------------------------------------------------------------------------


def _built(args: argparse.Namespace) -> URIReference:
    """The reference the options describe, each component encoded once (RFC 2.4)."""
    if args.host is None and (args.user is not None or args.port is not None):
        raise _UsageError("--user and --port need --host (RFC 3.2)")
    if args.password is not None and args.user is None:
        raise _UsageError("--password needs --user (RFC 3.2.1)")
    scheme: str | None = args.scheme or None  # --scheme "" makes a relative reference
    return compose(
        scheme=scheme,
        host=args.host,
        port=args.port,
        user=args.user,
        password=args.password,
        path=args.path or "",
        query=args.query,
        query_params=args.param,
        fragment=args.fragment,
    )


def _build(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    given: dict[str, object] = {
        name: getattr(args, name)
        for name in ("scheme", "user", "password", "host", "port", "path", "query")
    }
    given["params"] = None if args.param is None else [list(pair) for pair in args.param]
    given["fragment"] = args.fragment
    try:
        built = str(_built(args))
    except (URIBuildError, InvalidURIError) as error:
        failure = _Failure.of(error)
        if args.json:
            _emit(out, {"input": given, "valid": False, "result": None, "error": failure.json()})
        else:
            text = error.text if isinstance(error, InvalidURIError) else ""
            _report(err, f"{_PROG} build", text, failure)
        return 1
    if args.json:
        _emit(out, {"input": given, "valid": True, "result": built, "error": None})
    else:
        out.write(f"{built}\n")
    return 0


def _pattern(args: argparse.Namespace, out: TextIO) -> int:
    pattern = ecmascript_pattern(args.rule, anchored=args.anchored)
    if args.json:
        _emit(out, {"input": args.rule, "valid": True, "result": pattern, "error": None})
    else:
        out.write(pattern + "\n")
    return 0


# -- entry point ----------------------------------------------------------------------------


def _run(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    command: str = args.command
    if command == "validate":
        return _validate(args, stdin, out, err)
    if command == "parse":
        return _parse(args, stdin, out, err)
    if command == "resolve":
        return _resolve(args, stdin, out, err)
    if command == "relativize":
        return _relativize(args, stdin, out, err)
    if command == "normalize":
        return _normalize(args, stdin, out, err)
    if command == "build":
        return _build(args, out, err)
    return _pattern(args, out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``urikit`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error argparse has printed
        return stop.code if isinstance(stop.code, int) else 2
    try:
        return _run(args, sys.stdin, sys.stdout, sys.stderr)
    except _UsageError as error:
        sys.stderr.write(f"{_PROG} {args.command}: error: {error}\n")
        return 2
    except UnicodeDecodeError as error:
        sys.stderr.write(f"{_PROG} {args.command}: standard input is not text: {error}\n")
        return 1
    except BrokenPipeError:
        # The reader went away (urikit ... | head): stop quietly, as Unix tools do.
        _silence_stdout()
        return 1


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass
