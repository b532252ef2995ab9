"""Build a URI from five raw components: urikit's Builder vs uritools and yarl.

The inputs are real: every http(s) URI of urls.txt that urikit parses, with a reg-name
host that is a DNS host name (a build for http(s) refuses any other), decoded back to
raw data (scheme, host, path, query pairs, fragment). Each
contender gets the same five raw values and percent-encodes them itself:

- urikit: ``Builder().scheme(s).host(h).path(p).query_params(q).fragment(f).build()``
  (a ``URI`` value), and the same plus ``str()``.
- urikit's one-call form: ``urikit.compose(scheme=, host=, path=, query_params=,
  fragment=)`` (a ``URI``), the same encoding as the Builder in one step.
- ``uritools.uricompose(scheme=, host=, path=, query=, fragment=)`` (a str).
- floor: five fluent steps on an immutable slots object that only copy their input, to
  show what the call chain itself costs in CPython before any encoding; and five steps
  the way the Builder takes them (a new object copying eight named slots each),
  without encoding: what the fluent chain costs on top of compose.
- ``yarl.URL.build(scheme=, host=, path=, query=, fragment=)`` (a ``URL``), and the
  same plus ``str()``. yarl encodes query spaces as ``+``, IDNA-encodes hosts (only
  ASCII hosts are used here) and has no empty fragment (``""`` means none).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import uritools
import yarl
from _harness import compare, load_urls, ratio_table, target

import urikit
from urikit import URI, Builder, HostKind, InvalidURIError
from urikit._core.reachable import dns_host_problem

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 5
LIMIT = 5000

Parts = tuple[str, str, str, list[tuple[str, str]], str | None]


def raw_parts(lines: list[str], limit: int = LIMIT) -> list[Parts]:
    """Decoded components of the first ``limit`` suitable http(s) URIs of the corpus."""
    out: list[Parts] = []
    for line in lines:
        if not line.startswith(("http://", "https://")):
            continue
        try:
            uri = URI.parse(line)
            host = uri.decoded_host
            path = urikit.unquote(uri.path)
            pairs = uri.decoded_query_pairs()
            fragment = uri.decoded_fragment
        except InvalidURIError:
            continue
        if uri.host_kind is not HostKind.REG_NAME or not host or uri.userinfo or uri.port:
            continue
        if not host.isascii() or "%" in host:
            continue  # yarl would IDNA-encode it; compare like with like
        if dns_host_problem(host) is not None:
            continue  # no DNS host name ("us-"): a build for http(s) refuses it
        out.append((uri.scheme, host, path, pairs, fragment))
        if len(out) == limit:
            break
    return out


def with_urikit(p: Parts) -> URI:
    return Builder().scheme(p[0]).host(p[1]).path(p[2]).query_params(p[3]).fragment(p[4]).build()


def with_urikit_str(p: Parts) -> str:
    return str(
        Builder().scheme(p[0]).host(p[1]).path(p[2]).query_params(p[3]).fragment(p[4]).build()
    )


def with_urikit_compose(p: Parts) -> URI:
    return urikit.compose(scheme=p[0], host=p[1], path=p[2], query_params=p[3], fragment=p[4])


def with_urikit_compose_str(p: Parts) -> str:
    return str(urikit.compose(scheme=p[0], host=p[1], path=p[2], query_params=p[3], fragment=p[4]))


def with_uritools(p: Parts) -> str:
    return uritools.uricompose(scheme=p[0], host=p[1], path=p[2], query=p[3], fragment=p[4])


def with_yarl(p: Parts) -> yarl.URL:
    return yarl.URL.build(scheme=p[0], host=p[1], path=p[2], query=p[3], fragment=p[4] or "")


def with_yarl_str(p: Parts) -> str:
    return str(yarl.URL.build(scheme=p[0], host=p[1], path=p[2], query=p[3], fragment=p[4] or ""))


class _Chain:
    """The floor of any fluent immutable builder: six steps that store and copy, no work."""

    __slots__ = ("_s",)
    _s: tuple[object, ...]

    def step(self, value: object) -> _Chain:
        new = object.__new__(_Chain)
        object.__setattr__(new, "_s", (*self._s, value))
        return new


_START = object.__new__(_Chain)
object.__setattr__(_START, "_s", ())


def with_floor(p: Parts) -> tuple[object, ...]:
    return _START.step(p[0]).step(p[1]).step(p[2]).step(p[3]).step(p[4])._s


class _Copying:
    """Five steps as the Builder takes them: each a new object copying eight named
    slots from the one before (one method, as the Builder's ``_copy``), one changed;
    nothing encoded."""

    __slots__ = ("a", "b", "c", "d", "e", "f", "g", "h")
    a: object
    b: object
    c: object
    d: object
    e: object
    f: object
    g: object
    h: object

    def _copy(self) -> _Copying:
        new = _blank(_Copying)
        new.a = self.a
        new.b = self.b
        new.c = self.c
        new.d = self.d
        new.e = self.e
        new.f = self.f
        new.g = self.g
        new.h = self.h
        return new

    def first(self, value: object) -> _Copying:
        new = self._copy()
        new.a = value
        return new

    def third(self, value: object) -> _Copying:
        new = self._copy()
        new.c = value
        return new


_blank = cast("Callable[[type[_Copying]], _Copying]", object.__new__)
_COPYING = _blank(_Copying)
for _name in _Copying.__slots__:
    setattr(_COPYING, _name, None)


def with_copying_floor(p: Parts) -> object:
    return _COPYING.first(p[0]).third(p[1]).first(p[2]).third(p[3]).first(p[4]).a


CONTENDERS: dict[str, Callable[[Parts], object]] = {
    "urikit Builder -> URI": with_urikit,
    "urikit Builder -> str": with_urikit_str,
    "urikit.compose -> URI": with_urikit_compose,
    "urikit.compose -> str": with_urikit_compose_str,
    "uritools.uricompose -> str": with_uritools,
    "yarl.URL.build -> URL": with_yarl,
    "yarl.URL.build -> str": with_yarl_str,
    "floor: 5 no-op fluent steps": with_floor,
    "floor: 5 steps copying 8 slots": with_copying_floor,
}

YARL = "yarl.URL.build -> URL"

#: The targets, as ratios to ``yarl.URL.build`` (to a value, one call), by operation.
TARGETS: dict[str, tuple[str, float]] = {
    "compose vs yarl": ("urikit.compose -> URI", 0.8),
    "build vs yarl": ("urikit Builder -> URI", 1.0),
}


def _all_valid(items: list[Parts]) -> int:
    """How many of urikit's results are valid URIs (all of them, by construction)."""
    return sum(urikit.is_valid(with_urikit_str(p), "URI") for p in items)


def main() -> str:
    items = raw_parts(load_urls())
    timings = compare(CONTENDERS, items, repeat=REPEAT)
    described = f"{len(items)} http(s) URIs"
    for operation, (contender, bound) in TARGETS.items():
        ours, theirs = timings[contender], timings[YARL]
        peer = "`yarl.URL.build`"
        target(operation, items=described, ours=ours, reference=peer, theirs=theirs, bound=bound)
    target(
        "build",
        items=described,
        ours=timings["urikit Builder -> URI"],
        reference="`uritools.uricompose`",
        theirs=timings["uritools.uricompose -> str"],
        bound=1.0,
    )
    return "\n\n".join(
        [
            "## Building: five raw components to a URI",
            f"{len(items)} http(s) URIs of urls.txt with a DNS host name, parsed and "
            "decoded to raw scheme, host, path, query pairs and fragment; each contender "
            f"encodes and assembles them. Best of {REPEAT} interleaved passes, µs per URI.",
            ratio_table(timings, reference="urikit Builder -> URI"),
            "With the kernel, each component's percent-encoder and its check are C loops "
            "over the grammar's table (native/kernel.c, `encoders`) instead of `re` and "
            "`str.translate`.",
            f"urikit's {len(items)} results checked with `is_valid(..., 'URI')`: "
            f"{_all_valid(items)} valid.",
        ]
    )


if __name__ == "__main__":
    print(main())
