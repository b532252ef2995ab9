"""Policies: rules a URI-reference must follow beyond RFC 3986 syntax (schemes, hosts,
ports, length), the problems they report and the checks of their own arguments."""

from __future__ import annotations

from urikit.errors.problems import PolicyError, Problem, ProblemCode
from urikit.policy.arguments import PolicyRules, Requirement
from urikit.policy.checker import Policy

__all__ = ["Policy", "PolicyError", "PolicyRules", "Problem", "ProblemCode", "Requirement"]
