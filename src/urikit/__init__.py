"""urikit: RFC 3986 URIs, strictly. Validate, parse, build, resolve, normalize."""

from urikit.builder import Builder, HasHost, HasScheme, NoHost, NoScheme
from urikit.encoding import Component, quote, unquote, unquote_to_bytes
from urikit.errors import InvalidURIError, URIBuildError, URIError
from urikit.export import ecmascript_pattern
from urikit.extract import Found, extract
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
from urikit.normalize import DEFAULT_PORTS, equivalent, normalize, normalized_key
from urikit.policy import Policy, PolicyError, Problem
from urikit.resolve import is_same_document, merge, relativize, remove_dot_segments, resolve
from urikit.split import SplitResult, split
from urikit.validate import RuleInfo, is_valid, rules, validate, validate_many

__all__ = [
    "DEFAULT_PORTS",
    "URI",
    "Builder",
    "Component",
    "Found",
    "HasHost",
    "HasScheme",
    "HostKind",
    "InvalidURIError",
    "NoHost",
    "NoScheme",
    "Policy",
    "PolicyError",
    "Problem",
    "ReferenceKind",
    "RelativeReference",
    "RuleInfo",
    "RuleName",
    "SplitResult",
    "URIBuildError",
    "URIError",
    "URIReference",
    "ecmascript_pattern",
    "equivalent",
    "extract",
    "is_same_document",
    "is_valid",
    "merge",
    "normalize",
    "normalized_key",
    "parse",
    "parse_absolute",
    "quote",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "rules",
    "split",
    "unquote",
    "unquote_to_bytes",
    "validate",
    "validate_many",
]
