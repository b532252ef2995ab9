"""Resolve every (base, reference) pair of relative.txt (RFC 5.2): urikit vs peers.

Contenders, each given the two strings:

- ``urikit.resolve(base, ref)``: strict; both strings parsed *and validated* against the
  RFC 3986 grammar (invalid pairs raise :class:`urikit.InvalidURIError`, caught).
- ``uritools.urijoin(base, ref, strict=True)``: splits with the non-validating regex of
  RFC Appendix B, then resolves.
- ``urllib.parse.urljoin(base, ref)``: the standard library (RFC 3986 with quirks).
- rfc3986: ``rfc3986.uri_reference(ref).resolve_with(base, strict=True)``.

Only pairs that urikit accepts are timed, so every contender does the same work.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable

import rfc3986
import uritools
from _harness import compare, load_relative, markdown_table, ratio_table, target

import urikit

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 5

Pair = tuple[str, str]


def run_urikit(pair: Pair) -> str:
    return str(urikit.resolve(pair[0], pair[1]))


def run_uritools(pair: Pair) -> str:
    return uritools.urijoin(pair[0], pair[1], True)


def run_urllib(pair: Pair) -> str:
    return urllib.parse.urljoin(pair[0], pair[1])


def run_rfc3986(pair: Pair) -> str:
    return rfc3986.uri_reference(pair[1]).resolve_with(pair[0], strict=True).unsplit()


CONTENDERS: dict[str, Callable[[Pair], str]] = {
    "urikit.resolve": run_urikit,
    "uritools.urijoin": run_uritools,
    "urllib.parse.urljoin": run_urllib,
    "rfc3986 resolve_with": run_rfc3986,
}


def _valid(pair: Pair) -> bool:
    try:
        urikit.resolve(pair[0], pair[1])
    except urikit.InvalidURIError:
        return False
    return True


def agreement(pairs: list[Pair]) -> str:
    mine = [run_urikit(p) for p in pairs]
    rows: list[tuple[str, int, int]] = []
    examples: list[str] = []
    for name, run in CONTENDERS.items():
        if name == "urikit.resolve":
            continue
        theirs = [run(p) for p in pairs]
        diff = [(p, a, b) for p, a, b in zip(pairs, mine, theirs, strict=True) if a != b]
        rows.append((name, len(pairs) - len(diff), len(diff)))
        for (base, ref), a, b in sorted(diff, key=lambda d: len(d[0][0]) + len(d[0][1]))[:2]:
            examples.append(f"{name}: {base!r} + {ref!r} -> urikit {a!r}, it {b!r}")
    out = markdown_table(("contender", "same target as urikit", "differs"), rows)
    if examples:
        out += "\n\nShortest differences:\n\n```text\n" + "\n".join(examples) + "\n```"
    return out


def main() -> str:
    everything = load_relative()
    pairs = [p for p in everything if _valid(p)]
    timings = compare(CONTENDERS, pairs, repeat=REPEAT)
    target(
        "resolve",
        items=f"{len(pairs)} valid of {len(everything)}",
        ours=timings["urikit.resolve"],
        reference="`uritools.urijoin`",
        theirs=timings["uritools.urijoin"],
        bound=0.8,
    )
    return "\n\n".join(
        [
            "## Resolution: relative.txt pairs (RFC 5.2)",
            f"{len(pairs)} of {len(everything)} pairs (those urikit accepts as valid); "
            f"best of {REPEAT} interleaved passes, µs per pair. urikit parses and validates "
            "both strings; the peers split without validating.",
            ratio_table(timings, reference="uritools.urijoin"),
            "Targets compared with urikit's:",
            agreement(pairs),
        ]
    )


if __name__ == "__main__":
    print(main())
