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
    from typing import ClassVar, Protocol

    from urikit import hosts as hosts
    from urikit import integrations as integrations
    from urikit import security as security
    from urikit._core.components import ReferenceRule
    from urikit._core.encoding import Component, quote, unquote, unquote_to_bytes
    from urikit._core.hosts import HostKind
    from urikit._core.iri_mapping import iri_to_uri, uri_to_iri
    from urikit._core.normalization import (
        DEFAULT_PORTS,
        NormalizationLevels,
        NormalizationOptions,
    )
    from urikit._core.split import SplitResult, split
    from urikit._syntax.export import ecmascript_pattern
    from urikit._syntax.native import IMPLEMENTATION
    from urikit._syntax.rfc3986 import RuleName, is_rule_name
    from urikit._syntax.validation import RuleInfo, is_valid, rules, validate, validate_many
    from urikit.build.builder import (
        Builder,
        HasHost,
        HasScheme,
        NoHost,
        NoScheme,
        QueryParams,
        SchemeRequired,
        compose,
    )
    from urikit.build.compose import ComposeParts
    from urikit.build.user_input import uri_from_user_input
    from urikit.errors import (
        BuildErrorCode,
        InvalidTemplateError,
        InvalidURIError,
        TemplateExpansionError,
        URIBuildError,
        URIError,
    )
    from urikit.errors.problems import PolicyError, Problem
    from urikit.policy.checked_types import RelativeReferenceWithHost, URIWithHost
    from urikit.policy.checker import Policy
    from urikit.template import TemplateValue, URITemplate
    from urikit.values.extract import Found, extract
    from urikit.values.iri import IRIReference, equivalent_iri, normalize_iri
    from urikit.values.iri_resolve import resolve_iri
    from urikit.values.normalize import equivalent, normalize, normalized_key
    from urikit.values.resolve import (
        is_same_document,
        merge,
        relativize,
        remove_dot_segments,
        resolve,
    )
    from urikit.values.uri import (
        URI,
        ReferenceKind,
        RelativeReference,
        URIReference,
        parse,
        parse_absolute,
    )

# Public name -> the module that defines it. Type checkers need the imports above and a
# literal __all__; tests/api/test_facade.py holds the three to one list.
_WHERE: dict[str, str] = {
    "Builder": "urikit.build.builder",
    "BuildErrorCode": "urikit.errors",
    "Component": "urikit._core.encoding",
    "compose": "urikit.build.builder",
    "ComposeParts": "urikit.build.compose",
    "DEFAULT_PORTS": "urikit._core.normalization",
    "ecmascript_pattern": "urikit._syntax.export",
    "equivalent": "urikit.values.normalize",
    "extract": "urikit.values.extract",
    "Found": "urikit.values.extract",
    "HasHost": "urikit.build.builder",
    "HasScheme": "urikit.build.builder",
    "HostKind": "urikit._core.hosts",
    "IMPLEMENTATION": "urikit._syntax.native",
    "InvalidTemplateError": "urikit.errors",
    "InvalidURIError": "urikit.errors",
    "IRIReference": "urikit.values.iri",
    "equivalent_iri": "urikit.values.iri",
    "normalize_iri": "urikit.values.iri",
    "resolve_iri": "urikit.values.iri_resolve",
    "iri_to_uri": "urikit._core.iri_mapping",
    "is_rule_name": "urikit._syntax.rfc3986",
    "is_same_document": "urikit.values.resolve",
    "is_valid": "urikit._syntax.validation",
    "merge": "urikit.values.resolve",
    "NoHost": "urikit.build.builder",
    "normalize": "urikit.values.normalize",
    "NormalizationLevels": "urikit._core.normalization",
    "NormalizationOptions": "urikit._core.normalization",
    "normalized_key": "urikit.values.normalize",
    "NoScheme": "urikit.build.builder",
    "parse": "urikit.values.uri",
    "parse_absolute": "urikit.values.uri",
    "Policy": "urikit.policy.checker",
    "PolicyError": "urikit.errors.problems",
    "Problem": "urikit.errors.problems",
    "QueryParams": "urikit.build.builder",
    "SchemeRequired": "urikit.build.builder",
    "URIWithHost": "urikit.policy.checked_types",
    "RelativeReferenceWithHost": "urikit.policy.checked_types",
    "quote": "urikit._core.encoding",
    "ReferenceKind": "urikit.values.uri",
    "RelativeReference": "urikit.values.uri",
    "relativize": "urikit.values.resolve",
    "remove_dot_segments": "urikit._core.resolution",
    "resolve": "urikit.values.resolve",
    "RuleInfo": "urikit._syntax.validation",
    "RuleName": "urikit._syntax.rfc3986",
    "rules": "urikit._syntax.validation",
    "split": "urikit._core.split",
    "SplitResult": "urikit._core.split",
    "TemplateExpansionError": "urikit.errors",
    "TemplateValue": "urikit.template",
    "unquote": "urikit._core.encoding",
    "unquote_to_bytes": "urikit._core.encoding",
    "URI": "urikit.values.uri",
    "URIBuildError": "urikit.errors",
    "URIError": "urikit.errors",
    "URIReference": "urikit.values.uri",
    "uri_from_user_input": "urikit.build.user_input",
    "uri_to_iri": "urikit._core.iri_mapping",
    "URITemplate": "urikit.template",
    "validate": "urikit._syntax.validation",
    "validate_many": "urikit._syntax.validation",
}

__all__ = [
    "DEFAULT_PORTS",
    "IMPLEMENTATION",
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
    "resolve_iri",
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


if TYPE_CHECKING:

    class _FieldType(Protocol):
        """A value class, or URIReference's metadata: it names the rule of its text."""

        _RULE: ClassVar[ReferenceRule]


_VALUES = "urikit.values.uri"
_wired = False


# pydantic's hooks on the value classes (comments, not docstrings: a smaller import):
# a field validates as its rule's field type; its JSON schema is
# {"type": "string", "format": "uri"} (or uri-reference).
def _pydantic_core_schema(owner: type[_FieldType], source: object, handler: object, /) -> object:
    from urikit.integrations.pydantic import core_schema_of

    return core_schema_of(owner._RULE)  # pyright: ignore[reportPrivateUsage]


def _pydantic_json_schema(owner: type[_FieldType], schema: object, handler: object, /) -> object:
    from urikit.integrations.pydantic import json_schema_of

    return json_schema_of(owner._RULE)  # pyright: ignore[reportPrivateUsage]


# Give the field types of urikit.values.uri pydantic's hooks, once it is loaded; pydantic
# itself is imported only when a model uses one of them.
def _wire(module_name: str) -> None:
    global _wired
    if module_name != _VALUES or _wired:
        return
    for owner in import_module(_VALUES).FIELD_TYPES:
        setattr(owner, "__get_pydantic_core_schema__", classmethod(_pydantic_core_schema))  # noqa: B010
        setattr(owner, "__get_pydantic_json_schema__", classmethod(_pydantic_json_schema))  # noqa: B010
    _wired = True


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is not None:
        value = getattr(import_module(module), name)
        _wire(module)
    elif name in _SUBMODULES:
        value = import_module(f"urikit.{name}")
    else:
        raise AttributeError(f"module 'urikit' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})
