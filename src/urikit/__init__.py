"""urikit: RFC 3986 URIs, strictly. Validate, parse, build, resolve, normalize."""

from urikit.errors import InvalidURIError, URIBuildError, URIError
from urikit.grammar import RuleName
from urikit.model import (
    URI,
    HostKind,
    ReferenceKind,
    RelativeReference,
    URIReference,
    parse,
    parse_absolute,
)
from urikit.validate import RuleInfo, is_valid, rules, validate, validate_many

__all__ = [
    "URI",
    "HostKind",
    "InvalidURIError",
    "ReferenceKind",
    "RelativeReference",
    "RuleInfo",
    "RuleName",
    "URIBuildError",
    "URIError",
    "URIReference",
    "is_valid",
    "parse",
    "parse_absolute",
    "rules",
    "validate",
    "validate_many",
]
