"""``urikit template``: expand a URI Template (RFC 6570), or match a URI against it."""

from __future__ import annotations

import argparse
import json
from typing import TypeGuard, cast

from urikit.cli._command import Streams, UsageError
from urikit.cli._help import STATUS
from urikit.cli._output import Outcome, show
from urikit.cli._secrets import hidden_variables, secret_variables
from urikit.errors import URIError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.template import TemplateValue

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "expand an RFC 6570 URI Template, or match a URI against one"

#: What ``urikit template --help`` shows after the options.
EPILOG = (
    """\
Each NAME=VALUE gives a variable a string; a NAME given again makes a list, in order.
--values takes a JSON object for any value (strings, numbers, lists, objects as
associative arrays). The expansion is checked: a result that is not a valid URI
reference is reported naming the variable (exit status 1). With --match URI, the
variables are read back out of the URI instead (templates of levels 1 to 3).

examples:
  urikit template 'https://api.example.com/users/{id}{?fields}' 'id=42' 'fields=a,b'
  urikit template '/search{?q,lang}' 'q=rock & roll' 'lang=en'
  urikit template '{/path*}' 'path=a' 'path=b c'                   # /a/b%20c
  urikit template '{?keys*}' --values '{"keys": {"a": "1", "b": "2"}}'
  urikit template 'http://h:{port}/' 'port=80a'                    # names 'port', exit 1
  urikit template '/users/{id}{?page}' --match '/users/42?page=2'  # id=42, page=2

--json prints one JSON object with these keys (stable: keys may be added, none is
renamed or removed):
  template       the template as given
  values         the variables given (NAME=VALUE and --values merged), or the URI
                 given to --match
  valid          true or false
  result         the expansion; with --match an object of the variables found, or
                 null when the URI is not an expansion of the template
  error          null, or {position, rule, component, reason, message}

"""
    + STATUS
)


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    parser.add_argument("template", metavar="TEMPLATE", help="an RFC 6570 URI Template")
    parser.add_argument(
        "assignments", nargs="*", metavar="NAME=VALUE", help="a variable's value (repeat)"
    )
    parser.add_argument("--values", metavar="JSON", help="a JSON object of variable values")
    parser.add_argument("--match", metavar="URI", help="read the variables out of URI instead")
    parser.add_argument("--json", action="store_true", help="one JSON object")


def values_of(assignments: list[str], values_json: str | None) -> dict[str, TemplateValue]:
    """The variables: ``--values`` first, then each ``NAME=VALUE`` (repeats make lists)."""
    values: dict[str, TemplateValue] = dict(_json_values(values_json)) if values_json else {}
    lists: dict[str, list[str]] = {}
    for assignment in assignments:
        name, equals, value = assignment.partition("=")
        if not equals or not name:
            raise UsageError(f"expected NAME=VALUE, not {assignment!r}")
        lists.setdefault(name, []).append(value)
    for name, given in lists.items():
        values[name] = given[0] if len(given) == 1 else given
    return values


def _json_values(text: str) -> dict[str, TemplateValue]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(f"--values is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise UsageError("--values must be a JSON object of variable values")
    members = cast("dict[object, object]", data)
    return {str(name): _json_value(value) for name, value in members.items()}


def _json_value(data: object) -> TemplateValue:
    if data is None or (isinstance(data, str | int | float) and not isinstance(data, bool)):
        return data
    if isinstance(data, list):
        items = cast("list[object]", data)
        if all(_is_scalar(item) for item in items):
            return [item for item in items if _is_scalar(item)]
    if isinstance(data, dict):
        members = cast("dict[object, object]", data)
        if all(v is None or _is_scalar(v) for v in members.values()):
            return {str(k): v for k, v in members.items() if v is None or _is_scalar(v)}
    raise UsageError(
        f"--values: {json.dumps(data)} is not a string, number, list or object of them"
    )


def _is_scalar(data: object) -> TypeGuard[str | int | float]:
    return isinstance(data, str | int | float) and not isinstance(data, bool)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Run the command on the parsed ``args``; the exit status."""
    from urikit.template import URITemplate  # imported when the command runs

    if args.match is not None and (args.assignments or args.values):
        raise UsageError("--match reads the variables out of a URI: give no values with it")
    values = values_of(args.assignments, args.values)
    given: object = args.match if args.match is not None else values
    # The values of variables that stand in a password are written *** (RFC 7.5).
    secret: frozenset[str] = frozenset() if args.show_secrets else secret_variables(args.template)
    try:
        template = URITemplate(args.template)
        if args.match is not None:
            found = template.match(args.match)
            found = (
                None if found is None else cast("dict[str, str]", hidden_variables(found, secret))
            )
            shown = "".join(f"{k}={v}\n" for k, v in (found or {}).items())
            outcome = Outcome(result=found, shown=shown if found is not None else "no match\n")
        else:
            expanded = str(template.expand(values))
            outcome = Outcome.line(expanded)
    except (URIError, ValueError) as error:
        outcome = Outcome(problems=(error,))
    head = {"template": args.template, "values": hidden_variables(given, secret)}
    show(
        args,
        streams,
        outcome=outcome,
        head=head,
        key="result",
        where="template",
        text=args.template,
    )
    failed = outcome.problems or (args.match is not None and outcome.result is None)
    return 1 if failed else 0
