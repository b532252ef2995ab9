"""``urikit check-config``: the URLs of configuration files (TOML, JSON, YAML), each
checked against its scheme's rule (:mod:`urikit.schemes`: connection strings as their
clients read them, http, mailto, ...) and, if options give one, a Policy."""

from __future__ import annotations

import argparse
import json
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import cast

from urikit._syntax.validation import is_valid, validate
from urikit.cli._command import Streams, UsageError
from urikit.cli._help import STATUS
from urikit.cli._output import Outcome, Tally, show
from urikit.cli._policy_options import given_rules, policy_options
from urikit.errors import InvalidURIError
from urikit.policy.checker import Policy
from urikit.values.scheme_table import registered

__all__ = ["EPILOG", "HELP", "options", "run"]

#: The line ``urikit --help`` shows for the command.
HELP = "check the URLs of TOML, JSON or YAML configuration files"

#: What ``urikit check-config --help`` shows after the options.
EPILOG = (
    """\
Each FILE is read by its extension: .toml (tomllib), .json, .yaml or .yml (PyYAML:
pip install 'urikit[yaml]'). The values checked are those of each --key PATH (dotted,
list items by index: database.url, services.0.endpoint), else every string that
reads as a URL: a scheme, then "://" (or a registered scheme's ":", mailto: urn:).
Each is checked against its scheme's rule (postgresql://, redis://, mongodb://, ...
as their clients read them: several hosts, Unix sockets; http(s):// as RFC 9110), an
unknown scheme against RFC 3986's URI; with policy options, an RFC 3986 URI is also
checked against that Policy. Problems name the file and key; passwords are written
***. Exit status 1 when any value fails.

examples:
  urikit check-config settings.toml
  urikit check-config app.yaml --key database.url --key cache.url
  urikit check-config config.json --schemes https,postgresql --require-host

A pre-commit hook (.pre-commit-hooks.yaml): id check-config.

--json prints one JSON object per value checked (stable: keys may be added, none is
renamed or removed):
  file           the file
  key            the key path
  input          the value (its password written ***)
  valid          true or false
  rule           the rule checked against (the scheme's, else "URI"), or null
  error          null, or {code, position, rule, component, reason, message}

"""
    + STATUS
)

# A scheme followed by "//": what a configuration value that is a URL starts with.
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def options(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of the command to ``parser``."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="a TOML, JSON or YAML file")
    parser.add_argument(
        "--key",
        action="append",
        default=[],
        metavar="PATH",
        help="a dotted key path to check (repeat); default: every URL-valued string",
    )
    parser.add_argument("--json", action="store_true", help="JSON Lines: one object per value")
    policy_options(parser)


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Check every file; the exit status (1 when any value fails)."""
    rules = given_rules(args)
    policy = Policy(**rules) if rules else None
    tally = Tally()
    for name in cast("list[str]", args.files):
        data = _read(Path(name))
        keys = cast("list[str]", args.key)
        found = _chosen(data, keys) if keys else _urls(data, ())
        for path, value in found:
            outcome = _checked(value, policy, path)
            tally.total += 1
            tally.failed += bool(outcome.problems)
            where = f"{name}:{path}"
            head = {"file": name, "key": path, "input": value or ""}
            text = value or ""
            show(args, streams, outcome=outcome, head=head, key="rule", where=where, text=text)
    return tally.status


def _read(path: Path) -> object:
    """The data of a configuration file, by its extension."""
    suffix = path.suffix.lower()
    try:
        text = path.read_text(encoding="utf-8")
        if suffix == ".toml":
            return tomllib.loads(text)
        if suffix == ".json":
            return cast("object", json.loads(text))
        if suffix in (".yaml", ".yml"):
            return _yaml(text)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise UsageError(f"{path}: {error}") from None
    raise UsageError(f"{path}: not .toml, .json, .yaml or .yml")


def _yaml(text: str) -> object:
    try:
        import yaml
    except ImportError:
        raise UsageError("YAML needs PyYAML: pip install 'urikit[yaml]'") from None
    try:
        return cast("object", yaml.safe_load(text))
    except yaml.YAMLError as error:
        raise ValueError(str(error)) from None


def _urls(data: object, path: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """``(key path, value)`` for every string under ``data`` that reads as a URL."""
    if isinstance(data, Mapping):
        for key, value in cast("Mapping[object, object]", data).items():
            yield from _urls(value, (*path, str(key)))
    elif isinstance(data, list):
        for index, value in enumerate(cast("list[object]", data)):
            yield from _urls(value, (*path, str(index)))
    elif isinstance(data, str) and _is_url(data):
        yield ".".join(path), data


def _is_url(text: str) -> bool:
    if _URL.match(text):
        return True
    head = _SCHEME.match(text)
    return head is not None and registered(head[1]) is not None


def _chosen(data: object, keys: Sequence[str]) -> Iterator[tuple[str, str | None]]:
    """``(key path, value)`` for each of ``keys``; the value None when the file has no
    string there."""
    for key in keys:
        value = data
        for part in key.split("."):
            if isinstance(value, Mapping):
                value = cast("Mapping[str, object]", value).get(part)
            elif isinstance(value, list) and part.isdigit():
                items = cast("list[object]", value)
                value = items[int(part)] if int(part) < len(items) else None
            else:
                value = None
        yield key, value if isinstance(value, str) else None


def _checked(value: str | None, policy: Policy | None, key: str) -> Outcome:
    """The outcome of one value: its scheme's rule, then the policy's rules."""
    if value is None:
        missing = ValueError(f"no string at the key {key!r}")
        return Outcome(result=None, problems=(missing,))
    head = _SCHEME.match(value)
    scheme = None if head is None else registered(head[1])
    rule = "URI" if scheme is None else scheme.rule_name
    try:
        if scheme is not None:
            error = scheme.error(value)
            if error is not None:
                raise error
        else:
            validate(value, "URI")
    except InvalidURIError as error:
        return Outcome(result=rule, problems=(error,))
    if policy is not None and is_valid(value, "URI"):  # several hosts: the rule alone
        problems = policy.problems(value)
        if problems:
            return Outcome(result=rule, problems=tuple(problems))
    return Outcome(result=rule, shown="")
