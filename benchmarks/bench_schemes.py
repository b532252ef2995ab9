"""A scheme's rule against the generic rule on the same text: the http(s) lines of
urls.txt checked as ``http-URI`` / ``https-URI`` (RFC 9110 4.2) and as ``URI`` (RFC 3986).

The target: a scheme check costs at most 1.5x the generic check of the same text.
"""

from __future__ import annotations

from collections.abc import Callable

from _harness import compare, load_urls, ratio_table, target

import urikit

REPEAT = 5


def _http_lines() -> list[str]:
    return [s for s in load_urls() if s[:5].lower() == "http:"]


def check_generic(s: str) -> bool:
    return urikit.is_valid(s, "URI")


def check_scheme(s: str) -> bool:
    return urikit.is_valid(s, "http-URI")


CONTENDERS: dict[str, Callable[[str], bool]] = {
    "URI (RFC 3986 3)": check_generic,
    "http-URI (RFC 9110 4.2.1)": check_scheme,
}


def main() -> str:
    lines = _http_lines()
    timings = compare(CONTENDERS, lines, repeat=REPEAT)
    ours, theirs = timings["http-URI (RFC 9110 4.2.1)"], timings["URI (RFC 3986 3)"]
    target(
        "http-URI rule",
        items=f"{len(lines)} http: lines",
        ours=ours,
        reference="`URI` rule",
        theirs=theirs,
        bound=1.5,
    )
    return "\n\n".join(
        [
            "## Scheme rules: `http-URI` against `URI` on the same text",
            f"{len(lines)} http: lines of urls.txt; best of {REPEAT} interleaved passes, "
            "µs per line.",
            ratio_table(timings, reference="URI (RFC 3986 3)"),
        ]
    )


if __name__ == "__main__":
    print(main())
