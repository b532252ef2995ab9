"""Normalization and equivalence (RFC 3986 6): case, percent-encoding, path, scheme.

Model equality (``==`` on :class:`~urikit.URI`) is exact, component by component as
written: use it when the text matters (caches of what was sent, round trips). Use
:func:`urikit.equivalent` or :func:`urikit.normalized_key` (a key for dicts and sets) to
ask whether two references identify the same resource by the comparison ladder of RFC
6.2.

The levels, each selectable, each only ever choosing another spelling of the same
reference:

- ``case`` (6.2.2.1): scheme and host lowercased, percent-encoding hex digits uppercased.
- ``percent`` (6.2.2.2): percent-encoded *unreserved* characters decoded (``%7E`` is
  ``~``, ``%2E`` is ``.``, RFC 2.3); reserved ones such as ``%2F`` stay encoded, since
  decoding them changes what the reference means. So ``%2E%2E`` is the dot segment
  ``..``, which the path level then removes: ``http://a/b/%2E%2E/c`` is ``http://a/c``.
- ``path`` (6.2.2.3): ``remove_dot_segments`` on the path of a URI or of an absolute or
  network-path reference. A result that would start with ``"//"`` without an authority
  is written ``"/.//"`` (see :mod:`urikit._core.resolution`). A relative-path reference loses
  the dot segments that every base resolves away (``./a/b/../c`` is ``a/c``); it keeps
  its leading ``../`` and a first segment followed by ``..`` (``a/../c``: against a base
  such as ``foo:x`` RFC 5.2.4 makes that ``/c``, not ``c``).
- ``scheme_based`` (6.2.3): an empty port and the scheme's default port removed, an empty
  path written ``"/"``, for the schemes of ``default_ports`` (:data:`DEFAULT_PORTS`:
  http, https, ws, wss, ftp; pass your own Mapping to extend it). Every scheme in that
  mapping must have an authority and a hierarchical path where empty means ``"/"``.
- ``ipv6_canonical`` (off by default): IPv6 hosts in their RFC 5952 text, lowercase and
  compressed (``[2001:db8::1]``), IPv4-mapped ones as ``[::ffff:192.0.2.1]``.
- ``scheme_rules`` (off by default): scheme-based normalization (6.2.3) by the registry
  of :mod:`urikit.schemes`: each registered default port, then the scheme's normalizer
  (ws and wss lose a fragment, RFC 6455 3; mailto's ``to`` fields join the path's
  addresses and names go lowercase, RFC 6068 2; a URN's NID goes lowercase and its
  escapes stay encoded, RFC 8141 3.1).

The levels and the default ports are the fields of :class:`NormalizationOptions`, one
immutable value that :func:`urikit.normalize`, :func:`urikit.normalized_key` and
:func:`urikit.equivalent` (in :mod:`urikit.values.normalize`) take as ``options=``;
their keyword arguments (``percent=False``, ...) are the same fields spelled one by one
(:class:`NormalizationLevels`), and override ``options``.

Normalization is idempotent: ``normalize(normalize(x)) == normalize(x)``.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cache
from types import MappingProxyType
from typing import Final, TypedDict, cast

from urikit._core.components import Groups
from urikit._core.resolution import remove_dot_segments
from urikit._syntax.percent import HEXDIG
from urikit._syntax.rfc3986 import chars_of

__all__ = [
    "DEFAULT",
    "DEFAULT_PORTS",
    "NormalizationLevels",
    "NormalizationOptions",
    "chosen_options",
    "normalized_fields",
]

#: Default ports of common schemes with an authority and a hierarchical path (RFC 6.2.3):
#: the one table of them (RFC 9110 4.2.1, 4.2.2; RFC 6455 3; RFC 1738 3.2), which the
#: scheme registry and :mod:`urikit.schemes.web` read.
DEFAULT_PORTS: Final[Mapping[str, int]] = MappingProxyType(
    {"ftp": 21, "http": 80, "https": 443, "ws": 80, "wss": 443}
)

_UNRESERVED: Final = chars_of("unreserved")


@dataclass(frozen=True, slots=True, kw_only=True)
class NormalizationOptions:
    """Which levels of RFC 6.2 to apply (see the module's docstring), and the default
    ports that scheme-based normalization removes. Immutable; one value serves many calls.
    """

    case: bool = True
    percent: bool = True
    path: bool = True
    scheme_based: bool = True
    ipv6_canonical: bool = False
    default_ports: Mapping[str, int] = field(default_factory=lambda: DEFAULT_PORTS, hash=False)
    scheme_rules: bool = False

    def __post_init__(self) -> None:
        # The ports held read-only, as the rest: a dict given stays the caller's to change.
        ports = self.default_ports
        if ports is not DEFAULT_PORTS and type(ports) is not MappingProxyType:
            object.__setattr__(self, "default_ports", MappingProxyType(dict(ports)))

    def __reduce__(
        self,
    ) -> tuple[Callable[[NormalizationLevels], NormalizationOptions], tuple[NormalizationLevels]]:
        # The fields by name, the ports as a dict (a mappingproxy cannot be pickled),
        # read-only again when loaded; copy.deepcopy goes the same way.
        named = cast("NormalizationLevels", {f.name: getattr(self, f.name) for f in fields(self)})
        named["default_ports"] = dict(self.default_ports)
        return _restore_options, (named,)


def _restore_options(named: NormalizationLevels) -> NormalizationOptions:
    """Options from a pickle (see :meth:`NormalizationOptions.__reduce__`)."""
    if named.get("default_ports") == DEFAULT_PORTS:
        named["default_ports"] = DEFAULT_PORTS
    return NormalizationOptions(**named)


class NormalizationLevels(TypedDict, total=False):
    """The fields of :class:`NormalizationOptions` as keyword arguments."""

    case: bool
    percent: bool
    path: bool
    scheme_based: bool
    ipv6_canonical: bool
    default_ports: Mapping[str, int]
    scheme_rules: bool


#: The options when none are given.
DEFAULT: Final = NormalizationOptions()


@cache
def _table(case: bool, decode: bool) -> Mapping[str, str]:
    """Replacement for each two-hex-digit tail of a ``%``: RFC 6.2.2.1 and 6.2.2.2."""
    table: dict[str, str] = {}
    for a in HEXDIG:
        for b in HEXDIG:
            pair = a + b
            char = chr(int(pair, 16))
            if decode and char in _UNRESERVED:
                table[pair] = char
            else:
                table[pair] = "%" + (pair.upper() if case else pair)
    return MappingProxyType(table)


def _percent(text: str, table: Mapping[str, str]) -> str:
    """``text`` (valid, so every ``%`` starts a triplet) with its triplets rewritten."""
    parts = text.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        out.append(table[part[:2]])
        out.append(part[2:])
    return "".join(out)


def _relative_dot_segments(path: str) -> str:
    """RFC 6.2.2.3 for a relative-path reference: the dot segments that resolution
    removes the same way against every base (RFC 5.2.2-5.2.4), removed.

    ``"."`` segments go; ``s/..`` goes where ``s`` is a segment other than the first one
    after the leading ``./`` and ``../`` (only a segment merged behind a base's ``"/"`` is
    popped back to the same state by ``..``: against a base without one, such as
    ``foo:x``, ``a/../c`` resolves to ``foo:/c`` and ``c`` to ``foo:c``). Leading ``../``
    stay. ``"./"`` is kept in front where the path would otherwise be empty (the base's
    own path and query), start with ``"//"`` or have a ``":"`` in its first segment.
    """
    segments = path.split("/")
    start = 0
    while start < len(segments) and segments[start] in (".", ".."):
        start += 1
    ups = segments[:start].count("..")
    kept: list[str] = []
    slash = start == len(segments) and segments[-1] == "."  # "/." ends like "/" (RFC 5.2.4 B)
    for segment in segments[start:]:
        slash = segment == "."
        if segment == ".." and len(kept) > 1 and kept[-1] != "..":
            kept.pop()  # C: the segment and its "/" go, the path ends with "/"
            slash = True
        elif segment != ".":
            kept.append(segment)
    if slash:
        kept.append("")
    if not ups and (not kept or kept[0] == "" or ":" in kept[0]):
        kept.insert(0, ".")
    return "/".join([".."] * ups + kept)


def _ipv6_text(host: str) -> str:
    """RFC 5952 text of a bracketed IPv6 literal, brackets kept."""
    address = ipaddress.IPv6Address(host[1:-1])
    mapped = address.ipv4_mapped
    if mapped is not None:
        return f"[::ffff:{mapped}]"
    return f"[{address.compressed}]"


def normalized_fields(fields: Groups, options: NormalizationOptions, escapes: bool) -> Groups:
    """The normalized components; ``escapes`` says whether any component holds a ``%``."""
    scheme, userinfo, host, port, path, query, fragment = fields
    case, percent = bool(options.case), bool(options.percent)  # _table's keys: two values each
    if scheme is not None and case:
        scheme = scheme.lower()
    table = _table(case, percent) if escapes and (case or percent) else None
    if table is not None:
        if userinfo and "%" in userinfo:
            userinfo = _percent(userinfo, table)
        if query and "%" in query:
            query = _percent(query, table)
        if fragment and "%" in fragment:
            fragment = _percent(fragment, table)
    if host:
        if host[0] == "[":
            if options.ipv6_canonical and host[1] not in "vV":
                host = _ipv6_text(host)
            elif case:
                host = host.lower()
        else:
            if percent and escapes and "%" in host:
                host = _percent(host, _table(False, True))
            if case:
                host = host.lower()
                if escapes and "%" in host:
                    host = _percent(host, _table(True, False))
    if table is not None and "%" in path:
        path = _percent(path, table)  # %2E too, before the dot segments go (RFC 6.2.2.2)
    if options.path and (path.startswith(".") or "/." in path):
        if scheme is not None or path.startswith("/"):
            path = remove_dot_segments(path)
            if host is None and path.startswith("//"):
                path = "/." + path
        else:
            path = _relative_dot_segments(path)
    if options.scheme_based and host is not None and scheme is not None:
        default = options.default_ports.get(scheme if case else scheme.lower())
        if default is not None:
            if port is not None and (not port or port.lstrip("0") == str(default)):
                port = None
            if not path:
                path = "/"
        elif port == "":
            port = None
    return (scheme, userinfo, host, port, path, query, fragment)


def chosen_options(
    options: NormalizationOptions | None, levels: NormalizationLevels
) -> NormalizationOptions:
    """``options`` (the defaults if None) with the keyword arguments' fields replaced."""
    if options is None:
        return NormalizationOptions(**levels) if levels else DEFAULT
    return replace(options, **levels) if levels else options
