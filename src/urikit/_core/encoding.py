"""Percent-encoding per component (RFC 3986 2.1-2.5): tables derived from the grammar.

Each component's set of characters that stand for themselves is read from the grammar's
own rules (``userinfo``, ``reg-name``, ``segment``, ``segment-nz-nc``, ``query``,
``fragment``) with :func:`urikit._syntax.abnf.char_alternatives`, never typed again by hand.
Every other character is written as the ``%XX`` escapes of its UTF-8 octets (2.5), with
uppercase hexadecimal digits (2.1); ``%`` itself is always encoded (2.4), so the text
passed in is data, never an escape.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeAlias, get_args

from urikit._syntax import rfc3986 as grammar
from urikit._syntax.native import kernel
from urikit._syntax.percent import decode_to_bytes, percent_decode
from urikit._syntax.rfc3986 import RuleName
from urikit.errors import InvalidURIError, URIBuildError, expected_str
from urikit.errors.reasons import reason

__all__ = [
    "Component",
    "encoder",
    "quote",
    "quote_data_segment",
    "quote_query_param",
    "safe_chars",
    "unquote",
    "unquote_to_bytes",
]

Component: TypeAlias = Literal[
    "userinfo",
    "user",
    "password",
    "host",
    "segment",
    "segment-nz-nc",
    "path",
    "query",
    "query-key",
    "query-value",
    "fragment",
]

COMPONENTS: tuple[Component, ...] = get_args(Component)

# The rule each component's characters come from, and what is taken out or added.
_DERIVATION: Mapping[Component, tuple[RuleName, str, str]] = MappingProxyType(
    {
        # component: (rule, characters removed, characters added)
        "userinfo": ("userinfo", "", ""),
        "user": ("userinfo", ":", ""),  # the first ":" ends the user name (RFC 3.2.1)
        "password": ("userinfo", "", ""),
        "host": ("reg-name", "", ""),
        "segment": ("segment", "", ""),
        "segment-nz-nc": ("segment-nz-nc", "", ""),
        "path": ("segment", "", "/"),
        "query": ("query", "", ""),
        # "&" and "=" delimit pairs, "+" reads as a space in forms, "#" ends the query.
        "query-key": ("query", "&=+#", ""),
        "query-value": ("query", "&=+#", ""),
        "fragment": ("fragment", "", ""),
    }
)

_Search: TypeAlias = Callable[[str], object]

_HEX_OCTETS: tuple[str, ...] = tuple(f"%{octet:02X}" for octet in range(256))


@cache
def _surrogate() -> re.Pattern[str]:
    return re.compile("[\ud800-\udfff]")


def _lone_surrogate(text: str, component: str | None = None) -> InvalidURIError:
    """The error for ``text`` holding a lone surrogate (U+D800-U+DFFF), at its position:
    it has no UTF-8 form, so no octets to percent-encode (RFC 2.5)."""
    found = _surrogate().search(text)
    position = found.start() if found else 0
    return InvalidURIError(
        text,
        position=position,
        rule="pct-encoded",
        reason=reason("pct-lone-surrogate", point=ord(text[position])),
        component=component,
    )


@cache
def safe_chars(component: Component) -> frozenset[str]:
    """The characters that stand for themselves in ``component`` (derived, RFC 2.2-2.3)."""
    try:
        rule, removed, added = _DERIVATION[component]
    except KeyError:
        if not isinstance(component, str):
            raise expected_str(component, "component") from None
        raise ValueError(
            f"unknown component {component!r}; expected one of {', '.join(COMPONENTS)}"
        ) from None
    members = grammar.chars_of(rule)
    return (members - frozenset(removed)) | frozenset(added)


class _Codec(NamedTuple):
    """What encodes text for one set of characters that stand for themselves."""

    unsafe: _Search
    """The first character outside the set, or None: text where it finds none needs no
    work (a regex search that fails makes no match object, so it is quicker than a
    fullmatch of the set; the kernel's is a loop over a table)."""
    table: dict[int, str]
    """Each of the 256 octets, read as a Latin-1 character, to itself or to its ``%XX``
    escape, for ``str.translate`` over the UTF-8 octets of the text."""
    native: Callable[[str], str] | None
    """The kernel's encoder for the same table, where the kernel is built."""


@cache
def _codec(safe: frozenset[str]) -> _Codec:
    """The :class:`_Codec` of the characters ``safe``: the kernel's where it is built
    (held to :func:`pure_codec`'s answers by tests/kernel), else the pure one."""
    pure = pure_codec(safe)
    if kernel is None:
        return pure
    unsafe, native = kernel.encoders(bytes(len(pure.table[o]) == 1 for o in range(256)))
    return _Codec(unsafe, pure.table, native)


def pure_codec(safe: frozenset[str]) -> _Codec:
    """The :class:`_Codec` of the characters ``safe`` in Python alone (``re``,
    ``str.translate``): the reference."""
    table = {
        octet: chr(octet) if chr(octet) in safe else _HEX_OCTETS[octet] for octet in range(256)
    }
    pattern = re.compile("[^" + "".join(re.escape(c) for c in sorted(safe)) + "]")
    return _Codec(pattern.search, table, None)


def translated(text: str, table: dict[int, str]) -> str:
    """``text`` percent-encoded by ``table`` (a :class:`_Codec`'s): the pure path of
    every encoder, and the reference the kernel's is held to. A lone surrogate raises
    ``UnicodeEncodeError``."""
    # str's own methods: a subclass's overrides must not write the output.
    if str.isascii(text):
        return str.translate(text, table)
    # The UTF-8 octets as Latin-1 characters: one translate encodes them all.
    return str.encode(text, "utf-8").decode("latin-1").translate(table)


def encoder(safe: frozenset[str], what: str) -> Callable[[str], str]:
    """A function that percent-encodes every character of its text outside ``safe``.

    The escapes are those of the UTF-8 octets, hexadecimal digits uppercase (RFC 2.1,
    2.5); ``safe`` comes from the grammar (:func:`safe_chars`, :func:`grammar.chars_of`).
    Errors name ``what`` the text is. The one encoder behind :func:`quote` and URI
    Template expansion.
    """
    first_unsafe, table, native = _codec(safe)

    def encode(text: str) -> str:
        try:
            if first_unsafe(text) is None:
                # nothing to encode: the common case, kept fast; a str subclass as plain text
                return text if type(text) is str else str.__str__(text)
            return translated(text, table)
        except TypeError:  # not text: the pattern refuses it
            raise expected_str(text, what) from None
        except UnicodeEncodeError:
            raise _lone_surrogate(text, what) from None

    if native is None:
        return encode
    kernel_encode = native

    def encode_natively(text: str) -> str:
        try:
            return kernel_encode(text)  # the same answers in one call (tests/kernel)
        except TypeError:
            raise expected_str(text, what) from None
        except UnicodeEncodeError:
            raise _lone_surrogate(text, what) from None

    return encode_natively


@cache
def component_encoder(component: Component) -> Callable[[str], str]:
    """The encoder :func:`quote` uses for ``component``, to call directly on a hot path."""
    return encoder(safe_chars(component), component)


def first_unsafe(component: Component) -> _Search:
    """``search`` for the first character outside ``component``'s own (RFC 2.2-2.3):
    text where it finds none is its own encoding. A non-str raises ``TypeError``."""
    return _codec(safe_chars(component)).unsafe


def quote(text: str, component: Component) -> str:
    """``text`` as data of ``component``: every other character percent-encoded (RFC 2.1).

    Characters outside the component's set become the ``%XX`` escapes of their UTF-8
    octets, hexadecimal digits uppercase (2.1, 2.5); ``%`` is always encoded (2.4), so
    ``quote("100%", "path") == "100%25"``. A lone surrogate (U+D800-U+DFFF) has no UTF-8
    form and raises :class:`~urikit.InvalidURIError` naming its position.
    """
    return component_encoder(component)(text)


def quote_data_segment(segment: str) -> str:
    """``segment`` as one path segment of data (RFC 3.3): ``"/"`` and ``"%"`` encoded too.

    A segment that is exactly ``"."`` or ``".."`` is refused with a
    :class:`~urikit.URIBuildError` (code ``dot-segment``): every spelling of it, ``%2E``
    included, is a dot segment to normalization (RFC 6.2.2.2, 6.2.2.3) and resolution
    (5.2.4), so no spelling keeps it as data.
    """
    if segment == "." or segment == "..":
        raise URIBuildError.of("dot-segment", segment=segment)
    return quote(segment, "segment")


def quote_query_param(name: str, value: str | None, *, plus_as_space: bool = False) -> str:
    """One query parameter from raw data: ``name=value``, or ``name`` for a None value.

    ``"&"``, ``"="``, ``"+"`` and ``"#"`` in the name and value are encoded, so the
    parameter reads back as written (RFC 3.4 gives them no meaning; forms do). With
    ``plus_as_space`` a space is written ``+`` as HTML forms write it, else ``%20``.
    An empty name with a None value would write nothing: it raises ``ValueError``.
    """
    if not name and value is None:
        raise ValueError("a query parameter needs a name or a value: ('', None) writes nothing")
    text = quote(name, "query-key")
    if value is not None:
        text += "=" + quote(value, "query-value")
    # Every "%" in quote()'s output opens an escape, so "%20" here is only ever a space.
    return text.replace("%20", "+") if plus_as_space else text


def unquote(text: str) -> str:
    """``text`` with every ``%XX`` decoded, the octets read as UTF-8 (RFC 2.1, 2.5).

    Other characters are kept as they are. A ``%`` without two hexadecimal digits, or
    octets that are not UTF-8, raise :class:`~urikit.InvalidURIError` with the position.
    """
    if not isinstance(text, str):
        raise expected_str(text)
    return percent_decode(text)


def unquote_to_bytes(text: str) -> bytes:
    """The octets ``text`` stands for: each ``%XX`` one octet, other characters UTF-8.

    A ``%`` without two hexadecimal digits, or a lone surrogate, raises
    :class:`~urikit.InvalidURIError` with the position.
    """
    if not isinstance(text, str):
        raise expected_str(text)
    if _surrogate().search(text) is not None:
        raise _lone_surrogate(text)
    return decode_to_bytes(text)
