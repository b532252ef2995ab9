"""urikit: RFC 3986 URIs, strictly. Validate, parse, build, resolve, normalize.

Names are loaded on first use (PEP 562), so ``import urikit`` costs almost nothing and
compiles nothing; ``urikit.parse`` imports the parsing modules the first time it is
looked up.
"""

from __future__ import annotations

from importlib import import_module

__version__ = "0.1.0"  # the one home of the version: pyproject.toml and the CLI read it

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing costs more than urikit
if TYPE_CHECKING:
    from urikit import hosts as hosts
    from urikit import integrations as integrations
    from urikit import security as security
    from urikit.builder import (
        Builder,
        HasHost,
        HasScheme,
        NoHost,
        NoScheme,
        QueryParams,
        SchemeRequired,
        compose,
    )
    from urikit.composing import ComposeParts
    from urikit.encoding import Component, quote, unquote, unquote_to_bytes
    from urikit.entry import uri_from_user_input
    from urikit.errors import (
        BuildErrorCode,
        InvalidTemplateError,
        InvalidURIError,
        TemplateExpansionError,
        URIBuildError,
        URIError,
    )
    from urikit.export import ecmascript_pattern
    from urikit.extraction import Found, extract
    from urikit.grammar import RuleName, is_rule_name
    from urikit.hosts import HostKind
    from urikit.iri import iri_to_uri, uri_to_iri
    from urikit.iri_value import IRIReference, equivalent_iri, normalize_iri
    from urikit.model import (
        URI,
        ReferenceKind,
        RelativeReference,
        URIReference,
        parse,
        parse_absolute,
    )
    from urikit.normalization import (
        DEFAULT_PORTS,
        NormalizationLevels,
        NormalizationOptions,
        equivalent,
        normalize,
        normalized_key,
    )
    from urikit.policy import (
        Policy,
        PolicyError,
        Problem,
        RelativeReferenceWithHost,
        URIWithHost,
    )
    from urikit.resolution import is_same_document, merge, relativize, remove_dot_segments, resolve
    from urikit.splitting import SplitResult, split
    from urikit.template import TemplateValue, URITemplate
    from urikit.validation import RuleInfo, is_valid, rules, validate, validate_many

# Public name -> the module that defines it.
_WHERE: dict[str, str] = {
    "Builder": "urikit.builder",
    "BuildErrorCode": "urikit.errors",
    "Component": "urikit.encoding",
    "compose": "urikit.builder",
    "ComposeParts": "urikit.composing",
    "DEFAULT_PORTS": "urikit.normalization",
    "ecmascript_pattern": "urikit.export",
    "equivalent": "urikit.normalization",
    "extract": "urikit.extraction",
    "Found": "urikit.extraction",
    "HasHost": "urikit.builder",
    "HasScheme": "urikit.builder",
    "HostKind": "urikit.hosts",
    "InvalidTemplateError": "urikit.errors",
    "InvalidURIError": "urikit.errors",
    "IRIReference": "urikit.iri_value",
    "equivalent_iri": "urikit.iri_value",
    "normalize_iri": "urikit.iri_value",
    "iri_to_uri": "urikit.iri",
    "is_rule_name": "urikit.grammar",
    "is_same_document": "urikit.resolution",
    "is_valid": "urikit.validation",
    "merge": "urikit.resolution",
    "NoHost": "urikit.builder",
    "normalize": "urikit.normalization",
    "NormalizationLevels": "urikit.normalization",
    "NormalizationOptions": "urikit.normalization",
    "normalized_key": "urikit.normalization",
    "NoScheme": "urikit.builder",
    "parse": "urikit.model",
    "parse_absolute": "urikit.model",
    "Policy": "urikit.policy",
    "PolicyError": "urikit.policy",
    "Problem": "urikit.policy",
    "QueryParams": "urikit.builder",
    "SchemeRequired": "urikit.builder",
    "URIWithHost": "urikit.policy",
    "RelativeReferenceWithHost": "urikit.policy",
    "quote": "urikit.encoding",
    "ReferenceKind": "urikit.model",
    "RelativeReference": "urikit.model",
    "relativize": "urikit.resolution",
    "remove_dot_segments": "urikit.resolution",
    "resolve": "urikit.resolution",
    "RuleInfo": "urikit.validation",
    "RuleName": "urikit.grammar",
    "rules": "urikit.validation",
    "split": "urikit.splitting",
    "SplitResult": "urikit.splitting",
    "TemplateExpansionError": "urikit.errors",
    "TemplateValue": "urikit.template",
    "unquote": "urikit.encoding",
    "unquote_to_bytes": "urikit.encoding",
    "URI": "urikit.model",
    "URIBuildError": "urikit.errors",
    "URIError": "urikit.errors",
    "URIReference": "urikit.model",
    "uri_from_user_input": "urikit.entry",
    "uri_to_iri": "urikit.iri",
    "URITemplate": "urikit.template",
    "validate": "urikit.validation",
    "validate_many": "urikit.validation",
}

__all__ = [
    "DEFAULT_PORTS",
    "URI",
    "BuildErrorCode",
    "Builder",
    "Component",
    "ComposeParts",
    "Found",
    "HasHost",
    "HasScheme",
    "HostKind",
    "IRIReference",
    "InvalidTemplateError",
    "InvalidURIError",
    "NoHost",
    "NoScheme",
    "NormalizationLevels",
    "NormalizationOptions",
    "Policy",
    "PolicyError",
    "Problem",
    "QueryParams",
    "ReferenceKind",
    "RelativeReference",
    "RelativeReferenceWithHost",
    "RuleInfo",
    "RuleName",
    "SchemeRequired",
    "SplitResult",
    "TemplateExpansionError",
    "TemplateValue",
    "URIBuildError",
    "URIError",
    "URIReference",
    "URITemplate",
    "URIWithHost",
    "compose",
    "ecmascript_pattern",
    "equivalent",
    "equivalent_iri",
    "extract",
    "iri_to_uri",
    "is_rule_name",
    "is_same_document",
    "is_valid",
    "merge",
    "normalize",
    "normalize_iri",
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
    "uri_from_user_input",
    "uri_to_iri",
    "validate",
    "validate_many",
]


# Public submodules, reachable as attributes like the names above.
_SUBMODULES = frozenset({"hosts", "security", "integrations"})


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is not None:
        value = getattr(import_module(module), name)
    elif name in _SUBMODULES:
        value = import_module(f"urikit.{name}")
    else:
        raise AttributeError(f"module 'urikit' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})
