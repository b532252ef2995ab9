"""Policies: rules a URI-reference must follow beyond RFC 3986 syntax (schemes, hosts,
ports, length), the problems they report and the checks of their own arguments.

Names are loaded on first use (PEP 562), as in :mod:`urikit`: the command line reads
the rule list (:mod:`urikit.policy._arguments`) to make its options for every command,
and only ``urikit validate`` with a policy pays for the checker.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urikit.errors.problems import PolicyError, Problem, ProblemCode
    from urikit.policy._arguments import HostSyntax, PolicyRules, Requirement, RulesBesidesHost
    from urikit.policy.checked_types import RelativeReferenceWithHost, URIWithHost
    from urikit.policy.checker import Policy

# Public name -> the module that defines it.
_WHERE: dict[str, str] = {
    "HostSyntax": "urikit.policy._arguments",
    "Policy": "urikit.policy.checker",
    "PolicyError": "urikit.errors.problems",
    "PolicyRules": "urikit.policy._arguments",
    "Problem": "urikit.errors.problems",
    "ProblemCode": "urikit.errors.problems",
    "RelativeReferenceWithHost": "urikit.policy.checked_types",
    "Requirement": "urikit.policy._arguments",
    "RulesBesidesHost": "urikit.policy._arguments",
    "URIWithHost": "urikit.policy.checked_types",
}

__all__ = [
    "HostSyntax",
    "Policy",
    "PolicyError",
    "PolicyRules",
    "Problem",
    "ProblemCode",
    "RelativeReferenceWithHost",
    "Requirement",
    "RulesBesidesHost",
    "URIWithHost",
]


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'urikit.policy' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
