"""Normalization and equivalence of values (RFC 3986 6): :func:`normalize`,
:func:`normalized_key` and :func:`equivalent`, at the levels that
:mod:`urikit._core.normalization` defines and applies to the components."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Unpack, overload

from urikit._core.normalization import (
    DEFAULT,
    DEFAULT_PORTS,
    NormalizationLevels,
    NormalizationOptions,
    chosen_options,
    normalized_fields,
)
from urikit._core.views import ReferenceViews, groups_of
from urikit.values.scheme_table import SchemeRun, by_scheme, equivalence_text
from urikit.values.uri import URI, RelativeReference, URIReference, from_fields

__all__ = [
    "DEFAULT_PORTS",
    "NormalizationLevels",
    "NormalizationOptions",
    "equivalent",
    "normalize",
    "normalized_key",
]


@overload
def normalize(
    ref: str, *, options: NormalizationOptions | None = ..., **levels: Unpack[NormalizationLevels]
) -> str: ...
@overload
def normalize(
    ref: URI, *, options: NormalizationOptions | None = ..., **levels: Unpack[NormalizationLevels]
) -> URI: ...
@overload
def normalize(
    ref: RelativeReference,
    *,
    options: NormalizationOptions | None = ...,
    **levels: Unpack[NormalizationLevels],
) -> RelativeReference: ...
def normalize(
    ref: URIReference | str,
    *,
    options: NormalizationOptions | None = None,
    **levels: Unpack[NormalizationLevels],
) -> URIReference | str:
    """``ref`` normalized at the selected levels (RFC 6.2.2, 6.2.3); same type back.

    The levels come from ``options`` (by default ``NormalizationOptions()``), and any
    keyword argument (``case=False``, ...) overrides its field. A string is
    parsed first (:class:`~urikit.InvalidURIError` if it is not a URI-reference) and a
    string comes back (the very same object when nothing changes).
    """
    chosen = (
        DEFAULT if options is None and not levels else chosen_options(options, levels)
    )  # hot path
    if chosen.scheme_rules:
        return by_scheme(ref, _by_levels(chosen))
    # Straight from the parser's groups: no value is built unless something changes.
    fields = groups_of(ref, "ref")
    if isinstance(ref, ReferenceViews):
        escapes = any(c is not None and "%" in c for c in fields)
        out = normalized_fields(fields, chosen, escapes)
        return ref if out == fields else from_fields(out)
    out = normalized_fields(fields, chosen, "%" in ref)
    return str.__str__(ref) if out == fields else str(from_fields(out))


def normalized_key(
    ref: URIReference | str,
    *,
    options: NormalizationOptions | None = None,
    **levels: Unpack[NormalizationLevels],
) -> str:
    """A string that is equal for equivalent references (RFC 6.1): a dict or set key.

    Takes the levels as :func:`normalize` does.
    """
    return str(normalize(ref, options=chosen_options(options, levels)))


def equivalent(
    a: URIReference | str,
    b: URIReference | str,
    *,
    options: NormalizationOptions | None = None,
    **levels: Unpack[NormalizationLevels],
) -> bool:
    """Whether ``a`` and ``b`` are equivalent under the selected levels (RFC 6.1, 6.2).

    Takes the levels as :func:`normalize` does. False negatives are possible (RFC 6.1:
    no ladder finds every equivalence), false positives are not. A URI is never
    equivalent to a relative reference.
    """
    chosen = chosen_options(options, levels)
    if chosen.scheme_rules:
        run = _by_levels(chosen)
        return equivalence_text(a, run) == equivalence_text(b, run)
    return str(normalize(a, options=chosen)) == str(normalize(b, options=chosen))


def _by_levels(chosen: NormalizationOptions) -> SchemeRun:
    """How the registry has a value normalized at ``chosen``'s levels, with more default
    ports and, if ``keep_escapes``, no percent-decoding (``scheme_rules``)."""

    def run(ref: URIReference, ports: Mapping[str, int], keep_escapes: bool) -> URIReference:
        options = replace(
            chosen,
            scheme_rules=False,
            default_ports={**chosen.default_ports, **ports},
            percent=chosen.percent and not keep_escapes,
        )
        return normalize(ref, options=options)

    return run
