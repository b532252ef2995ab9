"""Normalize every valid line of urls.txt (RFC 6.2.2, 6.2.3): urikit vs peers.

Contenders, each given the string and returning a string:

- ``urikit.normalize(s)``: parse (validating), case, percent-encoding, dot segments,
  scheme-based (default port, empty path) normalization.
- ``str(yarl.URL(s))``: yarl normalizes while it constructs a URL (errors caught).
- ``rfc3986.uri_reference(s).normalize().unsplit()``.

Lines that urikit rejects as invalid are left out, so all do the same work.
"""

from __future__ import annotations

from collections.abc import Callable

import rfc3986
import yarl
from _harness import compare, load_urls, ratio_table, target

import urikit

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 5


def run_urikit(s: str) -> str:
    return urikit.normalize(s)


def run_yarl(s: str) -> str | None:
    try:
        return str(yarl.URL(s))
    except (ValueError, TypeError):
        return None


def run_rfc3986(s: str) -> str:
    return rfc3986.uri_reference(s).normalize().unsplit()


CONTENDERS: dict[str, Callable[[str], str | None]] = {
    "urikit.normalize": run_urikit,
    "yarl.URL": run_yarl,
    "rfc3986 normalize": run_rfc3986,
}


def main() -> str:
    lines = load_urls()
    valid = [s for s in lines if urikit.is_valid(s, "URI-reference")]
    timings = compare(CONTENDERS, valid, repeat=REPEAT)
    target(
        "normalize",
        items=f"{len(valid)} valid of {len(lines)}",
        ours=timings["urikit.normalize"],
        reference="`yarl.URL`",
        theirs=timings["yarl.URL"],
        bound=0.6,
    )
    changed = sum(run_urikit(s) != s for s in valid)
    same_as_yarl = sum(run_urikit(s) == run_yarl(s) for s in valid)
    return "\n\n".join(
        [
            "## Normalization: valid lines of urls.txt (RFC 6.2.2, 6.2.3)",
            f"{len(valid)} of {len(lines)} lines (those urikit accepts); best of {REPEAT} "
            "interleaved passes, µs per line.",
            ratio_table(timings, reference="yarl.URL"),
            f"urikit changed {changed} lines; its output equals yarl's for {same_as_yarl} "
            "(yarl also percent-encodes, so outputs differ by design).",
        ]
    )


if __name__ == "__main__":
    print(main())
