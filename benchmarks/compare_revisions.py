"""Time the core operations at two git revisions, interleaved, and print the ratios.

``python benchmarks/compare_revisions.py OLD [NEW]`` (NEW defaults to the work tree)
checks each revision out under ``build/revisions/`` and times, in one child process per
revision and round (rounds alternate which goes first), validate, parse, resolve,
normalize, compose, the Builder chain over the corpus, the ``with_<name>`` changers (five in
a chain) and the everyday edits (``with_query_param``, ``without_query_param``,
``joinpath``) of the corpus's http(s) URIs, and ``import urikit``. A figure is a
revision's best round in CPU time, which a process waiting for a core on a shared
machine does not accrue (``URIKIT_CLOCK=wall`` times the wall clock); the ratio is
NEW / OLD, so below 1.0 is faster. This is how a change that should not cost speed (a
file move, say) shows it did not.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

_CHILD = r"""
import json, sys, time, gc
clock = time.process_time if sys.argv[3] == "cpu" else time.perf_counter
t0 = clock(); import urikit; imported = clock() - t0
sys.path.insert(0, sys.argv[2])
from _harness import load_relative, load_urls
urls = load_urls()[: int(sys.argv[1])]
valid = [u for u in urls if urikit.is_valid(u, "URI-reference")]
pairs = [(b, r) for b, r in load_relative()[: int(sys.argv[1])]
         if urikit.is_valid(b, "URI") and urikit.is_valid(r, "URI-reference")]
def best(f, items, repeat=5):
    out = float("inf")
    for _ in range(repeat):
        gc.disable(); t = clock()
        for x in items: f(x)
        out = min(out, clock() - t); gc.enable()
    return out / len(items)
B = urikit.Builder()
def chain(_):
    return B.scheme("https").host("example.com").port(8080).path("/a b").query("q=1").build()
def compose(_):
    return urikit.compose(scheme="https", host="example.com", port=8080, path="/a b", query="q=1")
web = [r for r in map(urikit.parse, valid) if r.scheme in ("http", "https")]
def edit(r):
    return (r.with_scheme("https").with_host("example.org").with_path("/a/b")
            .with_query("x=1").with_fragment("top"))
def everyday(r):
    return (r.with_query_param("page", "2"), r.without_query_param("utm_source"),
            r.joinpath("a b", "c/d"))
print(json.dumps({
    "import": imported,
    "validate": best(lambda u: urikit.is_valid(u, "URI-reference"), urls),
    "parse": best(urikit.parse, valid),
    "resolve": best(lambda p: urikit.resolve(p[0], p[1]), pairs),
    "normalize": best(urikit.normalize, valid),
    "compose": best(compose, range(20000)),
    "Builder": best(chain, range(20000)),
    "edit": best(edit, web),
    "everyday": best(everyday, web),
}))
"""


def _checkout(rev: str) -> Path:
    if rev == "WORKTREE":
        return ROOT
    path = ROOT / "build" / "revisions" / rev
    if not path.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(path), rev], check=True)
    return path


def main() -> None:
    old = sys.argv[1]
    new = sys.argv[2] if len(sys.argv) > 2 else "WORKTREE"
    count = sys.argv[3] if len(sys.argv) > 3 else "20000"
    clock = os.environ.get("URIKIT_CLOCK", "cpu")
    trees = {old: _checkout(old), new: _checkout(new)}
    best: dict[str, dict[str, float]] = {rev: {} for rev in trees}
    corpus = {k: v for k, v in os.environ.items() if k == "URIKIT_CORPUS"}  # the harness reads it
    for round_ in range(6):
        for rev in sorted(trees, reverse=bool(round_ % 2)):
            out = subprocess.run(
                [sys.executable, "-c", _CHILD, count, str(HERE), clock],
                env={"PYTHONPATH": str(trees[rev] / "src"), "PATH": "/usr/bin:/bin", **corpus},
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            for name, seconds in json.loads(out).items():
                best[rev][name] = min(best[rev].get(name, float("inf")), seconds)
    print(f"{clock} time, best of 6 rounds\n")
    print(f"| operation | {old} (us) | {new} (us) | ratio |\n|---|---:|---:|---:|")
    for name in best[old]:
        a, b = best[old][name] * 1e6, best[new][name] * 1e6
        print(f"| {name} | {a:.2f} | {b:.2f} | {b / a:.2f} |")


if __name__ == "__main__":
    main()
