"""The bottom layer: every exception urikit raises, the policy problem codes, the one
table of messages (:data:`urikit.errors.codes.MESSAGES`) and the redaction that keeps
passwords out of their messages (catalogue in docs/errors.md)."""

from __future__ import annotations

# Each table module enters its rows in the one table when imported: all are, so that
# MESSAGES holds every row once urikit.errors is imported.
from urikit.errors import reasons as reasons
from urikit.errors import template_reasons as template_reasons
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
from urikit.errors.problems import PersonMessage, PolicyError, Problem, ProblemCode

__all__ = [
    "BuildErrorCode",
    "InvalidTemplateError",
    "InvalidURIError",
    "Location",
    "PersonMessage",
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
