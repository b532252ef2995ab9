"""The policy options of ``urikit validate``: one per rule of :class:`urikit.Policy`,
made from the Policy's own rule list (``RULES``), so that the two cannot drift apart.

A rule ``allow_ip_host`` is the option ``--allow-ip-host`` / ``--no-allow-ip-host``; a
list (``--schemes http,https``, ``--ports 443,8000-8999``) may also be given in parts
(``--schemes http --schemes https``). The spellings of earlier versions keep working.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import cast

from urikit.cli._command import UsageError
from urikit.policy._arguments import RULES, PolicyRules, RuleSpec

__all__ = ["at_least", "given_rules", "policy_options", "positive"]

# An option of earlier versions -> the rule it sets and the value it sets it to.
_SWITCH_ALIASES: Mapping[str, tuple[str, bool]] = MappingProxyType(
    {
        "--no-userinfo": ("allow_userinfo", False),
        "--no-password": ("allow_password", False),
        "--no-fragment": ("allow_fragment", False),
        "--no-ip-host": ("allow_ip_host", False),
    }
)
# Other spellings of a rule's own option.
_NAME_ALIASES: Mapping[str, tuple[str, ...]] = MappingProxyType({"schemes": ("--scheme",)})

_GROUPS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "form": (
            "policy: what the reference may hold",
            "Policy rules (urikit.Policy, the same names), with --rule URI, absolute-URI,\n"
            "URI-reference or relative-ref; --schemes implies --rule URI.",
        ),
        "host": ("policy: hosts and ports", "Where a client that follows the URI would go."),
    }
)


def option(rule: RuleSpec) -> str:
    """The option of ``rule``: its name in kebab case."""
    return "--" + rule.name.replace("_", "-")


def policy_options(parser: argparse.ArgumentParser) -> None:
    """One option per Policy rule, in ``--help`` groups; each defaults to None (not given)."""
    groups = {key: parser.add_argument_group(*text) for key, text in _GROUPS.items()}
    # A list rule's kind -> how one part is read, its metavar, what "not given" allows.
    lists: dict[str, tuple[Callable[[str], list[str] | list[range]], str, str]] = {
        "names": (_names, "NAME,...", "any"),
        "ports": (_ports, "PORT,...", "any that fits in 16 bits"),
    }
    aliases_of: dict[str, list[str]] = {}
    for alias, (name, _) in _SWITCH_ALIASES.items():
        aliases_of.setdefault(name, []).append(alias)
    for rule in RULES:
        group = groups[rule.group]
        flags = [option(rule), *_NAME_ALIASES.get(rule.name, ())]
        also = aliases_of.get(rule.name)
        help_text = rule.help + (f" (also {', '.join(also)})" if also else "")
        if rule.kind == "switch":
            default = "yes" if rule.default else "no"
            group.add_argument(
                *flags,
                dest=rule.name,
                action=argparse.BooleanOptionalAction,
                help=f"{help_text}; default: {default}",
            )
        elif rule.kind in lists:
            read, metavar, default = lists[rule.kind]
            group.add_argument(
                *flags,
                dest=rule.name,
                action="extend",
                type=read,
                metavar=metavar,
                help=f"{help_text}; default: {default}",
            )
        elif rule.kind == "count":
            group.add_argument(
                *flags, dest=rule.name, type=positive, metavar="N", help=f"{help_text}"
            )
        else:
            group.add_argument(
                *flags,
                dest=rule.name,
                choices=rule.choices,
                help=f"{help_text}; default: {rule.default}",
            )
    for alias, (name, value) in _SWITCH_ALIASES.items():
        parser.add_argument(
            alias, dest=name, action="store_const", const=value, help=argparse.SUPPRESS
        )


def given_rules(args: argparse.Namespace) -> PolicyRules:
    """The rules the options give (those not given are left out), as Policy takes them."""
    given: dict[str, object] = {}
    for rule in RULES:
        value: object = getattr(args, rule.name)
        if value is not None:
            given[rule.name] = (
                _ports_value(cast("list[range]", value)) if rule.kind == "ports" else value
            )
    return cast("PolicyRules", given)


def positive(text: str) -> int:
    """A number of at least 1."""
    return at_least(text, 1)


def at_least(text: str, least: int, meaning: str = "") -> int:
    """``text`` as a whole number of at least ``least``; ``meaning`` says what the
    least one means, in the message that refuses a smaller one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(
            f"must be {least} ({meaning}) or more, not {value}"
            if meaning
            else f"must be at least {least}, not {value}"
        )
    return value


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"an empty name in {text!r}")
    return names


def _ports(text: str) -> list[range]:
    """``443,8000-8999``: ports and inclusive ranges of ports (RFC 3.2.3: digits)."""
    found: list[range] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not _digits(first) or (dash and not _digits(last)):
            raise argparse.ArgumentTypeError(
                f"ports are numbers or ranges such as 443,8000-8999, not {text!r}"
            )
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise argparse.ArgumentTypeError(f"an empty range of ports: {part.strip()!r}")
        found.append(range(low, high + 1))
    return found


def _digits(text: str) -> bool:
    return 0 < len(text) <= 18 and text.isascii() and text.isdigit()


_MOST_LISTED = 1 << 17  # ports several ranges may list together (all 16-bit ones, twice)


def _ports_value(ranges: list[range]) -> Collection[int]:
    """One range as it is (its message names the bounds), several as one set."""
    if len(ranges) == 1:
        return ranges[0]
    if sum(map(len, ranges)) > _MOST_LISTED:
        raise UsageError(f"--ports lists more than {_MOST_LISTED} ports; give one range")
    return frozenset(port for allowed in ranges for port in allowed)
