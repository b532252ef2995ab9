"""urikit: RFC 3986 URIs, strictly. Validate, parse, build, resolve, normalize."""

from urikit.errors import InvalidURIError, URIBuildError, URIError
from urikit.grammar import RuleName
from urikit.validate import RuleInfo, is_valid, rules, validate, validate_many

__all__ = [
    "InvalidURIError",
    "RuleInfo",
    "RuleName",
    "URIBuildError",
    "URIError",
    "is_valid",
    "rules",
    "validate",
    "validate_many",
]
