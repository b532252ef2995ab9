"""Build a URI from five raw components: urikit's Builder vs uritools and yarl.

The inputs are real: every http(s) URI of urls.txt that urikit parses, with a reg-name
host, decoded back to raw data (scheme, host, path, query pairs, fragment). Each
contender gets the same five raw values and percent-encodes them itself:

- urikit: ``Builder().scheme(s).host(h).path(p).query_params(q).fragment(f).build()``
  (a ``URI`` value), and the same plus ``str()``.
- urikit's one-call form: ``urikit.compose(scheme=, host=, path=, query_params=,
  fragment=)`` (a ``URI``), the same encoding as the Builder in one step.
- ``uritools.uricompose(scheme=, host=, path=, query=, fragment=)`` (a str).
- floor: five fluent steps on an immutable slots object that only copy their input, to
  show what the call chain itself costs in CPython before any encoding; and five steps
  the way the Builder takes them (a new object holding a new eight-field tuple each),
  without encoding: what the fluent chain costs on top of compose.
- ``yarl.URL.build(scheme=, host=, path=, query=, fragment=)`` (a ``URL``), and the
  same plus ``str()``. yarl encodes query spaces as ``+``, IDNA-encodes hosts (only
  ASCII hosts are used here) and has no empty fragment (``""`` means none).
"""

from __future__ import annotations

from collections.abc import Callable

import uritools
import yarl
from _harness import compare, load_urls, ratio_table

import urikit
from urikit import URI, Builder, HostKind, InvalidURIError

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
    """Five steps as the Builder takes them: each a new immutable object whose one slot
    holds a new eight-field tuple, one field changed; nothing encoded."""

    __slots__ = ("_state",)
    _state: tuple[object, ...]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(name)

    def first(self, value: object) -> _Copying:
        _, b, c, d, e, f, g, h = self._state
        new = object.__new__(_Copying)
        _put_state(new, (value, b, c, d, e, f, g, h))
        return new

    def third(self, value: object) -> _Copying:
        a, b, _, d, e, f, g, h = self._state
        new = object.__new__(_Copying)
        _put_state(new, (a, b, value, d, e, f, g, h))
        return new


_put_state: Callable[[object, tuple[object, ...]], None] = _Copying.__dict__["_state"].__set__
_COPYING = object.__new__(_Copying)
_put_state(_COPYING, (None,) * 8)


def with_copying_floor(p: Parts) -> tuple[object, ...]:
    return _COPYING.first(p[0]).third(p[1]).first(p[2]).third(p[3]).first(p[4])._state


CONTENDERS: dict[str, Callable[[Parts], object]] = {
    "urikit Builder -> URI": with_urikit,
    "urikit Builder -> str": with_urikit_str,
    "urikit.compose -> URI": with_urikit_compose,
    "urikit.compose -> str": with_urikit_compose_str,
    "uritools.uricompose -> str": with_uritools,
    "yarl.URL.build -> URL": with_yarl,
    "yarl.URL.build -> str": with_yarl_str,
    "floor: 5 no-op fluent steps": with_floor,
    "floor: 5 steps copying a state tuple": with_copying_floor,
}

YARL = "yarl.URL.build -> URL"

#: Issue 17's targets, as ratios to ``yarl.URL.build`` (to a value, one call).
TARGETS: dict[str, float] = {
    "urikit.compose -> URI": 0.9,
    "urikit Builder -> URI": 1.3,
}


def target_table(timings: dict[str, float]) -> str:
    """Each target's ratio to yarl.URL.build, measured in the same interleaved run."""
    lines = [
        f"| contender | µs/item | ratio to {YARL} | target | met |",
        "|---|---:|---:|---:|:---:|",
    ]
    for name, target in TARGETS.items():
        ratio = timings[name] / timings[YARL]
        met = "yes" if ratio <= target else "no"
        lines.append(
            f"| {name} | {timings[name] * 1e6:.3f} | {ratio:.2f}× | ≤ {target:.1f}× | {met} |"
        )
    return "\n".join(lines)


def _all_valid(items: list[Parts]) -> int:
    """How many of urikit's results are valid URIs (all of them, by construction)."""
    return sum(urikit.is_valid(with_urikit_str(p), "URI") for p in items)


def main() -> str:
    items = raw_parts(load_urls())
    timings = compare(CONTENDERS, items, repeat=REPEAT)
    return "\n\n".join(
        [
            "## Building: five raw components to a URI",
            f"{len(items)} http(s) URIs of urls.txt with a reg-name host, parsed and "
            "decoded to raw scheme, host, path, query pairs and fragment; each contender "
            f"encodes and assembles them. Best of {REPEAT} interleaved passes, µs per URI.",
            ratio_table(timings, reference="urikit Builder -> URI"),
            "Issue 17's targets, as ratios to `yarl.URL.build` in the same run:",
            target_table(timings),
            f"urikit's {len(items)} results checked with `is_valid(..., 'URI')`: "
            f"{_all_valid(items)} valid.",
        ]
    )


if __name__ == "__main__":
    print(main())
