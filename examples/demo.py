"""urikit in one screen: real input validated, a URI built safely, a form policy, a
pydantic model, resolution and normalization.

Run with ``make demo`` (or ``python examples/demo.py [LIMIT]``). The input is real: the
3000-line sample in ``corpus/urls.txt`` (strings found in documentation, man pages and
source files, not cleaned; ``corpus/README.md`` says where they come from), or the
first LIMIT lines (default 20000) of the full shared corpus when it is present
(``$URIKIT_CORPUS``, else ``../shared/corpus`` beside the repository).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from itertools import islice
from pathlib import Path

from pydantic import BaseModel, ValidationError

import urikit

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "corpus" / "urls.txt"


def corpus() -> Path:
    """The full shared corpus when present, else the sample that ships with urikit."""
    shared = Path(os.environ.get("URIKIT_CORPUS", ROOT.parent / "shared" / "corpus"))
    return shared / "urls.txt" if (shared / "urls.txt").is_file() else SAMPLE


def load(path: Path, limit: int) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as lines:
        return [line.removesuffix("\n") for line in islice(lines, limit)]


class Signup(BaseModel):
    """A form: the value types themselves are pydantic field types."""

    homepage: urikit.URI
    avatar: urikit.URIReference | None = None


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    path = corpus()
    lines = load(path, int(args[0]) if args else 20000)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path

    print(f"1. Validate real input ({len(lines)} lines of {shown}), errors located (RFC 3986)")
    started = time.perf_counter()
    errors = dict(urikit.validate_many(lines))
    elapsed = (time.perf_counter() - started) * 1000
    kinds = Counter(
        "URIs" if urikit.parse(text).scheme else "relative references"
        for i, text in enumerate(lines)
        if i not in errors
    )
    valid = ", ".join(f"{n} {kind}" for kind, n in kinds.most_common())
    print(f"   {elapsed:.0f} ms: {len(lines) - len(errors)} valid ({valid}), {len(errors)} invalid")
    rules = Counter(error.rule for error in errors.values())
    print("   invalid, by rule: " + ", ".join(f"{r} {n}" for r, n in rules.most_common(5)))
    seen: set[str] = set()
    for error in errors.values():
        if error.rule not in seen and len(error.text) <= 70 and len(seen) < 2:
            seen.add(error.rule)
            print("   " + str(error).replace("\n", "\n   "))

    print("\n2. Build a URI from untrusted parts: each encoded once for its component (RFC 2.4)")
    user, query = "../admin", "rock & roll #1"
    url = urikit.compose(
        scheme="https",
        host="api.example.com",
        segments=["users", user, "posts"],
        query_params=[("q", query), ("page", "2")],
    )
    print(f"   segments ['users', {user!r}, 'posts'], q={query!r}\n   -> {url}")

    print("\n3. A Policy for a form field: reasons a person can read")
    policy = urikit.Policy(schemes={"https"}, require_host=True, allow_userinfo=False)
    for text in ("https://example.com/me", "search.example:443", "https://bob@example.com/"):
        problems = policy.problems(text)
        print(f"   {text!r}: " + ("accepted" if not problems else problems[0].message))

    print("\n4. A pydantic model with `homepage: urikit.URI`")
    form = Signup.model_validate({"homepage": "https://example.com/~me", "avatar": "a.png"})
    print(f"   {form!r}")
    try:
        Signup.model_validate({"homepage": "https://exa mple.com/"})
    except ValidationError as error:
        print(f"   {error.errors()[0]['msg']}")
    print(f"   JSON Schema: {Signup.model_json_schema()['properties']['homepage']}")

    print("\n5. Resolve a link against its page (RFC 5.2), normalize to compare (RFC 6.2)")
    page = "https://example.com/docs/guide/intro.html"
    for link in ("../api/index.html#top", "//cdn.example.com/app.js", "?lang=fr"):
        print(f"   {link!r:<28} -> {urikit.resolve(page, link)}")
    messy = "HTTPS://Example.COM:443/docs/./guide/../%7Eme"
    print(f"   {messy!r} -> {urikit.normalize(messy)}")
    print(
        f"   equivalent to 'https://example.com/docs/~me': "
        f"{urikit.equivalent(messy, 'https://example.com/docs/~me')}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
