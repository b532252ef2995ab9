"""Parse every line of urls.txt into components: urikit's strict model vs peers.

Contenders (each behind one plain Python wrapper call that also catches the
contender's own error for bad input, so call overhead is alike):

- urikit: ``urikit.parse(s)`` (validates; an immutable ``URI``/``RelativeReference``),
  catching ``InvalidURIError`` (whose position is located, RFC-rule by rule).
- ``urllib.parse.urlsplit`` as the public function (3.11 wraps it in
  ``functools.lru_cache``, 128 entries: the cache costs a lookup and almost never hits
  on distinct lines) and its ``__wrapped__`` function; both catch ``ValueError``.
  Neither validates.
- ``uritools.urisplit`` (the Appendix B regex; no validation).
- ``rfc3986.uri_reference`` (Appendix B split, then percent-encoding of the components;
  no validation unless a ``Validator`` is run).
- ``yarl.URL`` (catches ``ValueError``; encodes and IDNA-processes hosts).
- ``hyperlink.parse`` (catches ``URLParseError``).

Memory: the retained size (``tracemalloc``) of a list holding the results for the first
100k lines that urikit accepts, the input strings already allocated beforehand.
"""

from __future__ import annotations

import gc
import tracemalloc
import urllib.parse
from collections.abc import Callable, Sequence

import can_ada
import hyperlink
import rfc3986
import uritools
import yarl
from _harness import (
    compare,
    current_build,
    load_urls,
    markdown_table,
    or_none,
    ratio_table,
    target,
)
from rfc3986.exceptions import RFC3986Exception

import urikit
import urikit._core.components
import urikit.values.uri
from urikit import InvalidURIError

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 5
MEMORY_COUNT = 100_000

_urlsplit = urllib.parse.urlsplit
_urlsplit_plain: Callable[[str], urllib.parse.SplitResult] = getattr(
    _urlsplit, "__wrapped__", _urlsplit
)
_parse = urikit.parse
_parse_fields = urikit._core.components.parse_fields
_from_fields = urikit.values.uri.from_fields


parse_urikit = or_none(_parse, InvalidURIError)
parse_urlsplit = or_none(_urlsplit, ValueError)
parse_urlsplit_wrapped = or_none(_urlsplit_plain, ValueError)
parse_uritools = or_none(uritools.urisplit, ValueError)
parse_rfc3986 = or_none(rfc3986.uri_reference, RFC3986Exception, ValueError)
parse_yarl = or_none(yarl.URL, ValueError, TypeError)
parse_hyperlink = or_none(hyperlink.parse, ValueError)  # hyperlink.URLParseError is one


def parse_urikit_uninlined(s: str) -> object:
    try:
        return _from_fields(_parse_fields(s))
    except InvalidURIError:
        return None


OURS = "urikit.parse (validating)"
URLSPLIT = "urllib urlsplit (public, lru_cache)"
# What model.parse's inlined copy of the parsing module's path buys.
UNINLINED = "urikit _parsing.parse_fields + from_fields (not inlined)"
URLSPLIT_WRAPPED = "urllib urlsplit.__wrapped__"

CONTENDERS: dict[str, Callable[[str], object]] = {
    "urikit.parse (validating)": parse_urikit,
    UNINLINED: parse_urikit_uninlined,
    URLSPLIT: parse_urlsplit,
    URLSPLIT_WRAPPED: parse_urlsplit_wrapped,
    "uritools.urisplit": parse_uritools,
    "rfc3986.uri_reference": parse_rfc3986,
    "yarl.URL": parse_yarl,
    "hyperlink.parse": parse_hyperlink,
}

# yarl and hyperlink build much richer objects; memory is compared for the split results.
MEMORY_CONTENDERS = (
    "urikit.parse (validating)",
    URLSPLIT_WRAPPED,
    "uritools.urisplit",
    "rfc3986.uri_reference",
    "yarl.URL",
)


def retained_bytes(func: Callable[[str], object], items: Sequence[str]) -> int:
    """Bytes still allocated after keeping ``func(item)`` for every item in a list."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [func(item) for item in items]
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del kept
    return after - before


def memory_table(items: Sequence[str]) -> str:
    rows = [(name, retained_bytes(CONTENDERS[name], items)) for name in MEMORY_CONTENDERS]
    ref = dict(rows)[URLSPLIT_WRAPPED]
    n = len(items)
    ours = dict(rows)[OURS] / n
    target(
        "memory",
        items=f"{n} valid lines kept",
        unit="bytes/ref",
        ours=ours,
        reference="urlsplit results",
        theirs=ref / n,
        bound=1.0,
    )
    return markdown_table(
        (
            "contender",
            f"bytes retained ({len(items)} results)",
            "bytes/result",
            "ratio to urlsplit",
        ),
        ((name, size, f"{size / len(items):.1f}", f"{size / ref:.2f}×") for name, size in rows),
    )


def main() -> str:
    lines = load_urls()
    valid = [s for s in lines if urikit.is_valid(s)]
    timings = compare(CONTENDERS, lines, repeat=REPEAT)
    timings_valid = compare(
        {
            name: CONTENDERS[name]
            for name in ("urikit.parse (validating)", UNINLINED, URLSPLIT, URLSPLIT_WRAPPED)
        }
        | {"uritools.urisplit": parse_uritools},
        valid,
        repeat=REPEAT,
    )
    items = f"all {len(lines)}"
    ours = timings[OURS]
    for operation, reference, theirs in (
        ("parse", "`urlsplit`", URLSPLIT),
        ("parse vs uritools", "`uritools.urisplit`", "uritools.urisplit"),
    ):
        target(
            operation, items=items, ours=ours, reference=reference, theirs=timings[theirs], bound=1
        )
    both = [s for s in valid if urikit.is_valid(s, "URI") and can_ada.can_parse(s)]
    native = compare(
        {OURS: parse_urikit, "can_ada.parse": or_none(can_ada.parse, ValueError)},
        both,
        repeat=REPEAT,
    )
    if current_build() == "kernel":
        target(
            "parse vs can_ada",
            items=f"{len(both)} of {len(lines)}",
            ours=native[OURS],
            reference="can_ada",
            theirs=native["can_ada.parse"],
            bound=1.0,
        )
    memory_items = (valid * (MEMORY_COUNT // len(valid) + 1))[:MEMORY_COUNT]
    # Distinct string objects, so no contender shares one parse result among repeats.
    memory_items = [(s + ".")[:-1] for s in memory_items]
    return "\n\n".join(
        [
            "## Parsing: urls.txt into components",
            f"{len(lines)} lines ({len(lines) - len(valid)} invalid: urikit raises a located "
            f"InvalidURIError for those, the others mostly accept anything); best of {REPEAT} "
            "interleaved passes, µs per line.",
            ratio_table(timings, reference=URLSPLIT),
            f"Only the {len(valid)} lines urikit accepts:",
            ratio_table(timings_valid, reference=URLSPLIT),
            f"Against the native peer (ada, C++), the {len(both)} lines both read as "
            "absolute URIs:",
            ratio_table(native, reference="can_ada.parse"),
            f"Retained memory of {MEMORY_COUNT} results kept in a list (tracemalloc, "
            "input strings allocated beforehand):",
            memory_table(memory_items),
        ]
    )


if __name__ == "__main__":
    print(main())
