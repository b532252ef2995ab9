"""urikit at work on real input: validate a sample of real-world URIs and explain failures.

Run with ``make demo`` (or ``python examples/demo.py [LIMIT]``). It reads the first
LIMIT lines (default 20000) of the shared corpus ``urls.txt`` -- strings pulled out of
documentation, man pages and source files, deliberately uncleaned -- or, when the corpus
is missing, a built-in list of real URIs. Then it:

1. validates every line against RFC 3986 ``URI-reference`` and counts the verdicts;
2. parses a few valid ones into their components (RFC 3);
3. shows a few invalid ones with the position and rule that failed, caret included;
4. normalizes and resolves a few, as a crawler would (RFC 5.2, 6.2).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Sequence
from itertools import islice
from pathlib import Path

import urikit

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "urls.txt"

# Real URIs (RFC 3986 1.1.2 and 5.4, and the kinds of mistakes seen in the wild).
FALLBACK = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "https://en.wikipedia.org/wiki/Uniform_Resource_Identifier#Syntax",
    "https://docs.python.org/3/library/urllib.parse.html?highlight=quote",
    "HTTP://WWW.Example.COM:80/%7Euser/./a/../b.html",
    "../../g",
    "g;x?y#s",
    "https://{host}/api/v1",
    "http://example.com/a path/with spaces",
    "http://[::1/",
    "https://example.com/%E2%82%AC%zz",
    "http://exa mple.com/",
    "file:///etc/hosts",
]

SHOW = 4


def load(limit: int) -> tuple[str, list[str]]:
    """Up to ``limit`` lines of the corpus (streamed), or the built-in list."""
    if not CORPUS.exists():
        return "built-in list (corpus not found)", FALLBACK
    with CORPUS.open(encoding="utf-8", newline="\n") as lines:
        sample = [line.removesuffix("\n") for line in islice(lines, limit)]
    return f"{CORPUS} (first {len(sample)} lines)", sample


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    limit = int(args[0]) if args else 20000
    source, sample = load(limit)
    print(f"urikit demo: RFC 3986 on real input\nsource: {source}\n")

    # 1. Validate everything: one regex match per valid line, a located error per invalid.
    started = time.perf_counter()
    errors = dict(urikit.validate_many(sample, "URI-reference"))
    elapsed = time.perf_counter() - started
    valid = [text for i, text in enumerate(sample) if i not in errors]
    print(f"validated {len(sample)} lines in {elapsed * 1000:.0f} ms:")
    print(f"  valid URI-references   {len(valid):>7}")
    print(f"  invalid                {len(errors):>7}")
    kinds = Counter(urikit.parse(text).kind for text in valid)
    for kind, count in kinds.most_common():
        print(f"    {kind:<20} {count:>7}")
    rules = Counter(error.rule for error in errors.values())
    print(
        "  invalid, by the rule that failed: "
        + ", ".join(f"{r} {n}" for r, n in rules.most_common(6))
    )
    schemes = Counter(
        ref.scheme.lower() for ref in map(urikit.parse, valid) if isinstance(ref, urikit.URI)
    )
    print("  top schemes: " + ", ".join(f"{s} {n}" for s, n in schemes.most_common(6)))

    # 2. A few valid ones, parsed (RFC 3: components as written, None = undefined).
    print("\nparsed (components exactly as written):")
    with_query = [t for t in valid if "?" in t and "//" in t][:2]
    without_authority = [t for t in valid if "//" not in t and ("?" in t or ":" in t)][:2]
    for text in with_query + without_authority:
        ref = urikit.parse(text)
        print(f"  {_short(text)}")
        print(f"    scheme={ref.scheme!r} host={ref.host!r} port={ref.port!r}")
        query = None if ref.query is None else _short(ref.query, 40)
        print(f"    path={_short(ref.path, 50)!r} query={query!r}")
        print(f"    fragment={ref.fragment!r} kind={ref.kind}")

    # 3. A few invalid ones, with the located error (position, component, RFC rule).
    print("\ninvalid (where and why):")
    shown_rules: set[str] = set()
    for error in errors.values():
        if error.rule in shown_rules or len(error.text) > 100:
            continue
        shown_rules.add(error.rule)
        print("  " + str(error).replace("\n", "\n  "))
        if len(shown_rules) == SHOW:
            break

    # 4. Normalize (RFC 6.2.2-6.2.3) and resolve (RFC 5.2) like a crawler.
    print("\nnormalized (RFC 6.2), then '../index.html' resolved against it (RFC 5.2):")
    web = [urikit.parse(t) for t in valid if t.lower().startswith(("http:", "https:"))]
    changed = [ref for ref in web if urikit.normalize(ref) != ref]
    for ref in (changed or web)[:SHOW]:
        norm = urikit.normalize(ref)
        print(f"  {_short(str(ref))}\n    -> {_short(str(norm))}")
        if isinstance(norm, urikit.URI):
            print(f"    -> {_short(str(urikit.resolve(norm, '../index.html')))}")
    return 0


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


if __name__ == "__main__":
    raise SystemExit(main())
