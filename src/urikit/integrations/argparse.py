"""``type=`` converters for :mod:`argparse`: URIs checked on the command line.

::

    parser.add_argument("--endpoint", type=uri_type(), required=True)
    parser.add_argument("--callback", type=uri_type(policy=Policy(schemes={"https"})))
    parser.add_argument("base", type=uri_type(rule="absolute-URI"))

Bad input becomes an ordinary argparse error (usage line, message, exit status 2)::

    prog: error: argument --endpoint: invalid character ' ' at position 10 in host: ...
      http://exa mple.com/
                ^
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Literal, TypeVar, overload

from urikit._core.components import ReferenceRule, reference_rule
from urikit.errors import InvalidURIError
from urikit.errors.problems import PolicyError
from urikit.errors.redact import redact
from urikit.policy.checker import Policy
from urikit.values.scheme_table import one_of
from urikit.values.uri import URI, RelativeReference, URIReference, parse_as

__all__ = ["scheme_uri_type", "uri_type"]

_R = TypeVar("_R", bound=URI | RelativeReference)


@overload
def uri_type(
    *, rule: Literal["URI", "absolute-URI"] = ..., policy: None = None
) -> Callable[[str], URI]: ...
@overload
def uri_type(
    *, rule: Literal["relative-ref"], policy: None = None
) -> Callable[[str], RelativeReference]: ...
@overload
def uri_type(
    *, rule: Literal["URI-reference"], policy: None = None
) -> Callable[[str], URIReference]: ...
@overload
def uri_type(*, policy: Policy[_R]) -> Callable[[str], _R]: ...
def uri_type(
    *,
    rule: ReferenceRule = "URI",
    policy: Policy[URI | RelativeReference] | None = None,
) -> Callable[[str], URIReference]:
    """A converter for ``add_argument(type=...)`` parsing text as ``rule`` (RFC 3, 4).

    ``rule`` is ``"URI"`` (the default: a scheme is required), ``"absolute-URI"`` (no
    fragment, RFC 4.3), ``"URI-reference"`` or ``"relative-ref"``. With ``policy`` the
    text is checked by :meth:`urikit.Policy.check` instead, and ``rule`` is ignored; the
    value is typed as the policy's (a ``URIWithHost`` for ``require_host=True``).
    Errors are raised as :class:`argparse.ArgumentTypeError` with urikit's message,
    which shows a password as ``***`` (RFC 7.5); any other error of the conversion (a
    policy's normalizer) as argparse's ``invalid URI value: '...'``, redacted too.
    """
    if policy is not None:
        return _policy_converter(policy)
    rule = reference_rule(rule)  # any case (RFC 5234 2.1)

    def convert(text: str) -> URIReference:
        try:
            return parse_as(text, rule)
        except (TypeError, ValueError) as error:
            raise _refused(error, text, rule) from None

    convert.__name__ = rule
    return convert


def scheme_uri_type(*schemes: str) -> Callable[[str], URI]:
    """A converter for ``add_argument(type=...)``: a URI of one of ``schemes``, checked
    by each scheme's registered rule (:mod:`urikit.schemes`):
    ``add_argument("--db", type=scheme_uri_type("postgresql"))``."""
    if not schemes:
        raise ValueError("scheme_uri_type() needs at least one scheme")

    def convert(text: str) -> URI:
        error = one_of(text, schemes)
        if error is not None:
            raise argparse.ArgumentTypeError(str(error))
        return URI(text)

    convert.__name__ = " or ".join(schemes) + " URI"
    return convert


def _policy_converter(policy: Policy[_R]) -> Callable[[str], _R]:
    def convert(text: str) -> _R:
        try:
            return policy.check(text)
        except (TypeError, ValueError) as error:  # also a normalizer's
            raise _refused(error, text, "URI") from None

    convert.__name__ = "URI"
    return convert


def _refused(error: Exception, text: str, name: str) -> argparse.ArgumentTypeError:
    """urikit's message; for any other error argparse's own ``invalid NAME value: 'TEXT'``,
    the text with a password written ``***`` (RFC 7.5) as urikit's messages show it."""
    if isinstance(error, InvalidURIError | PolicyError):
        return argparse.ArgumentTypeError(str(error))
    return argparse.ArgumentTypeError(f"invalid {name} value: {redact(text)!r}")
