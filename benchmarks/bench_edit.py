"""Everyday edits of a parsed URI: urikit's helpers vs yarl and hyperlink.

The inputs are real: every http(s) URI of urls.txt that all three libraries parse, each
parsed once beforehand by each library (the edits are timed, not the parsing). Three
edits, each giving a new value:

- set one query parameter (``page=2``): urikit ``uri.with_query_param("page", "2")``,
  ``yarl.URL.update_query(page="2")``, ``hyperlink.URL.set("page", "2")``;
- drop one (``utm_source``): ``uri.without_query_param(...)``,
  ``URL.without_query_params(...)``, ``hyperlink.URL.remove(...)``;
- append two raw path segments (``"a b"``, ``"c/d"``): ``uri.joinpath(...)``,
  ``URL.joinpath(...)`` (which reads ``"/"`` in a segment as a separator, and drops
  query and fragment), ``hyperlink.URL.child(...)``.

urikit keeps every untouched parameter as written; yarl re-encodes the whole query.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import hyperlink
import yarl
from _harness import compare, load_urls, ratio_table

from urikit import URI, InvalidURIError

REPEAT = 5
LIMIT = 5000

Parsed = tuple[URI, yarl.URL, Any]  # hyperlink ships no type information
Contenders = dict[str, Callable[[Parsed], object]]


def parsed(lines: list[str], limit: int = LIMIT) -> list[Parsed]:
    """The first ``limit`` http(s) URIs of the corpus that all three libraries parse."""
    out: list[Parsed] = []
    for line in lines:
        if not line.startswith(("http://", "https://")):
            continue
        try:
            uri = URI.parse(line)
            url = yarl.URL(line, encoded=True)
            link = hyperlink.URL.from_text(line)
        except (InvalidURIError, ValueError):
            continue
        out.append((uri, url, link))
        if len(out) == limit:
            break
    return out


SETTERS: Contenders = {
    "urikit with_query_param": lambda p: p[0].with_query_param("page", "2"),
    "yarl update_query": lambda p: p[1].update_query(page="2"),
    "hyperlink set": lambda p: p[2].set("page", "2"),
}
REMOVERS: Contenders = {
    "urikit without_query_param": lambda p: p[0].without_query_param("utm_source"),
    "yarl without_query_params": lambda p: p[1].without_query_params("utm_source"),
    "hyperlink remove": lambda p: p[2].remove("utm_source"),
}
JOINERS: Contenders = {
    "urikit joinpath": lambda p: p[0].joinpath("a b", "c/d"),
    "yarl joinpath": lambda p: p[1].joinpath("a b", "c/d"),
    "hyperlink child": lambda p: p[2].child("a b", "c/d"),
}


def _section(title: str, contenders: Contenders, items: list[Parsed]) -> str:
    timings = compare(contenders, items, repeat=REPEAT)
    return f"### {title}\n\n" + ratio_table(timings, reference=next(iter(contenders)))


def main() -> str:
    items = parsed(load_urls())
    return "\n\n".join(
        [
            "## Editing: one query parameter or two path segments",
            f"{len(items)} http(s) URIs of urls.txt that urikit, yarl and hyperlink all "
            "parse, each parsed beforehand; each contender makes a new value. Best of "
            f"{REPEAT} interleaved passes, µs per URI.",
            _section("Set a query parameter", SETTERS, items),
            _section("Drop a query parameter", REMOVERS, items),
            _section("Append two path segments", JOINERS, items),
        ]
    )


if __name__ == "__main__":
    print(main())
