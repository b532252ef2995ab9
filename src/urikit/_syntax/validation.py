"""Yes/no validation and validation with a located error, for any rule of RFC 3986."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import TypeVar, cast

from urikit._syntax.compiled import CompiledRule, compiled, source
from urikit._syntax.native import kernel
from urikit._syntax.rfc3986 import RULE_NAMES, RULES, RuleName, rule_name
from urikit.errors import InvalidURIError, expected_str, plain_str

__all__ = ["RuleInfo", "checked", "is_valid", "rules", "validate", "validate_many"]


def is_valid(text: str, rule: RuleName = "URI-reference") -> bool:
    """Whether ``text`` matches ``rule`` exactly (RFC 3986 Appendix A).

    Never raises for a ``str``. ``rule`` is read with its case ignored, as ABNF rule
    names are (RFC 5234 2.1): ``"uri"`` is ``URI``; an unknown rule name raises
    ``ValueError``, a text or a rule name that is not a str ``TypeError``.
    """
    try:
        return compiled(rule).pattern.fullmatch(text) is not None
    except TypeError:
        raise _not_str(text, rule) from None


_IsValid = TypeVar("_IsValid", bound=Callable[..., bool])


def _with_kernel(kernel_is_valid: Callable[[str, str], bool], pure: _IsValid) -> _IsValid:
    """``pure`` (:func:`is_valid`) answered by the native kernel (:mod:`urikit._syntax.native`)
    for RFC 3986's rules named as the RFC spells them; by ``pure`` otherwise (RFC 3987's
    rules, a name in another case, no rule, no str). Same signature, same answers and
    errors (tests/kernel)."""

    @wraps(pure)
    def is_valid(text: str, rule: RuleName = "URI-reference") -> bool:
        try:
            return kernel_is_valid(text, rule)
        except TypeError:
            raise _not_str(text, rule) from None
        except LookupError:
            return pure(text, rule)

    return cast(_IsValid, is_valid)


if kernel is not None:
    is_valid = _with_kernel(kernel.is_valid, is_valid)


def validate(text: str, rule: RuleName = "URI-reference") -> None:
    """Return if ``text`` matches ``rule`` (any case, as in :func:`is_valid`); else
    raise :class:`InvalidURIError`."""
    try:
        compiled_rule = compiled(rule)
        if compiled_rule.pattern.fullmatch(text) is not None:
            return
    except TypeError:
        raise _not_str(text, rule) from None
    raise compiled_rule.error(text)


def _compiled(rule: str) -> CompiledRule:
    """:func:`compiled`, with the API's ``TypeError`` for a rule name that is not a str."""
    try:
        return compiled(rule)
    except TypeError:
        raise expected_str(rule, "a rule name") from None


def _not_str(text: object, rule: object) -> TypeError:
    """The ``TypeError`` for a call with a ``text`` or ``rule`` that is not a str."""
    return expected_str(text) if isinstance(rule, str) else expected_str(rule, "a rule name")


def validate_many(
    lines: Iterable[str], rule: RuleName = "URI-reference"
) -> Iterator[tuple[int, InvalidURIError]]:
    """Yield ``(index, error)`` for each invalid item of ``lines``, streaming.

    Valid items cost one regex match each; an invalid item's error is located when it is
    first read (its position, rule, reason, message).
    """
    compiled_rule = _compiled(rule)
    fullmatch = compiled_rule.pattern.fullmatch
    for index, text in enumerate(lines):
        try:
            matched = fullmatch(text)
        except TypeError:
            raise expected_str(text, f"item {index}") from None
        if matched is None:
            yield index, compiled_rule.error(text)


def checked(text: str, rule: RuleName, component: str | None = None) -> str:
    """``text`` itself if it matches ``rule``; else the located error, which names
    ``component`` (the rule's name by default). For setters that take encoded text."""
    if type(text) is not str:
        text = plain_str(text, component or rule)
    compiled_rule = _compiled(rule)
    if compiled_rule.pattern.fullmatch(text) is None:
        raise compiled_rule.error(text).in_component(component or rule)
    return text


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """A rule for introspection: RFC name, ABNF text, RFC section, regex source."""

    name: RuleName
    abnf: str
    section: str

    @property
    def regex(self) -> str:
        """The rule rendered to regex source (compiled lazily)."""
        return source(self.name)

    @property
    def ecmascript(self) -> str:
        """The rule as ECMAScript regex source (for HTML ``pattern`` or JSON Schema)."""
        return source(self.name, "ecmascript")


class _Rules(Mapping[RuleName, RuleInfo]):
    """Read-only mapping of every rule name to its :class:`RuleInfo`, in RFC order."""

    __slots__ = ()

    def __getitem__(self, name: RuleName) -> RuleInfo:
        """The rule ``name`` spells, its case ignored (RFC 5234 2.1); ``KeyError``, as
        a mapping raises, for anything else."""
        try:
            r = RULES[rule_name(name)]
        except (TypeError, ValueError):
            raise KeyError(name) from None
        return RuleInfo(r.name, r.abnf, r.section)

    def __iter__(self) -> Iterator[RuleName]:
        return iter(RULE_NAMES)

    def __len__(self) -> int:
        return len(RULE_NAMES)


rules: Mapping[RuleName, RuleInfo] = _Rules()
