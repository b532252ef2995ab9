"""The bottom layer: every exception urikit raises, the policy problem codes, and the
redaction that keeps passwords out of their messages (catalogue in docs/errors.md)."""

from __future__ import annotations

from urikit.errors.codes import BuildErrorCode
from urikit.errors.exceptions import (
    InvalidTemplateError,
    InvalidURIError,
    Location,
    TemplateExpansionError,
    URIBuildError,
    URIError,
    expected_str,
    plain_str,
)
from urikit.errors.problems import PolicyError, Problem, ProblemCode

__all__ = [
    "BuildErrorCode",
    "InvalidTemplateError",
    "InvalidURIError",
    "Location",
    "PolicyError",
    "Problem",
    "ProblemCode",
    "TemplateExpansionError",
    "URIBuildError",
    "URIError",
    "expected_str",
    "plain_str",
]

# Tracebacks and pickles name the public home, not the file each class is written in.
for _error in (
    InvalidTemplateError,
    InvalidURIError,
    PolicyError,
    TemplateExpansionError,
    URIBuildError,
    URIError,
):
    _error.__module__ = __name__
del _error
