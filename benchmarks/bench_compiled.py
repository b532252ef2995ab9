"""What the optional compiled build buys: pure urikit vs mypyc-compiled urikit.

One interpreter holds one ``urikit``, so the two builds run in separate processes: the
pure package in this interpreter's environment (``.venv``, the source tree), the
compiled one in ``build/compiled-venv`` (``make check-compiled`` makes it; or the
interpreter named by ``$URIKIT_COMPILED_PYTHON``). Each process times every operation
against the same peer, interleaved (:func:`_harness.compare`), and reports the ratio
urikit / peer. The peer runs the same code in both processes, so the two ratios can be
set side by side: speed-up = pure ratio / compiled ratio. The processes alternate
:data:`ROUNDS` times and each keeps its best ratio per operation.

``python benchmarks/bench_compiled.py --worker`` is one such process: it prints JSON.
"""

from __future__ import annotations

import importlib.machinery
import ipaddress
import sys
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from _harness import (
    ROOT,
    alternate,
    compare,
    interpreter,
    load_relative,
    load_urls,
    serve,
    skipped,
)

T = TypeVar("T")

REPEAT = 7
ROUNDS = 5
TRACED = 300  # items per operation (spread over all) traced for the modules they reach
LIMIT = 20_000  # items per operation beyond validate and parse (every corpus line)
COMPILED_PYTHON = ROOT / "build" / "compiled-venv" / "bin" / "python"
HERE = Path(__file__).resolve()

# (operation, urikit's contender, peer's name): filled in by _operations().
Operation = tuple[str, Callable[[Any], object], str, Callable[[Any], object], Sequence[Any]]


def _extension_modules() -> list[str]:
    """urikit's modules loaded from a compiled extension in this process."""
    import urikit  # noqa: F401  (the package itself is never compiled)

    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in sys.modules.items()
        if name.startswith("urikit") and str(getattr(module, "__file__", "")).endswith(suffixes)
    )


def _decodes(path: str) -> bool:
    """Whether ``path``'s percent-encoded octets are UTF-8 (what ``unquote`` takes)."""
    import urikit

    try:
        urikit.unquote(path)
    except urikit.InvalidURIError:
        return False
    return True


def _operations() -> list[Operation]:
    import bench_build
    import bench_iri
    import bench_normalize
    import bench_parse
    import bench_resolve
    import bench_template
    import uritools
    from _harness import corpus_dir
    from floor import FLOOR

    import urikit
    from urikit._core.hosts import analyze

    lines = load_urls()
    valid = [s for s in lines if urikit.is_valid(s)][:LIMIT]
    pairs = [p for p in load_relative() if bench_resolve._valid(p)][:LIMIT]
    parts = bench_build.raw_parts(lines, LIMIT)
    iris = (corpus_dir() / "iris.txt").read_text(encoding="utf-8").split("\n")
    valid_iris = [s for s in iris if s and urikit.is_valid(s, "IRI-reference")][:LIMIT]
    cases = bench_template.suite_cases() * bench_template.ROUNDS
    invalid = [s for s in lines if not urikit.is_valid(s)][:LIMIT]
    hosts = [host for host in (urikit.parse(s).host for s in valid) if host]
    paths = [path for path in (urikit.parse(s).path for s in valid) if _decodes(path)]
    raw_paths = [urikit.unquote(path) for path in paths]

    def floor(s: str) -> bool:
        return FLOOR.fullmatch(s) is not None

    def is_valid(s: str) -> bool:
        return urikit.is_valid(s, "URI-reference")

    def located(s: str) -> int:
        try:
            urikit.validate(s)
        except urikit.InvalidURIError as error:
            return error.position
        return -1

    def host_kind(host: str) -> object:
        return analyze(host).kind

    def ip_address(host: str) -> object:
        try:
            return ipaddress.ip_address(host)
        except ValueError:
            return None

    def quote(s: str) -> str:
        return urikit.quote(s, component="path")

    def url_quote(s: str) -> str:
        return urllib.parse.quote(s, safe="/")

    return [
        ("validate", is_valid, "floor regex", floor, lines),
        ("located error", located, "floor regex", floor, invalid),
        ("host analysis", host_kind, "ipaddress.ip_address", ip_address, hosts),
        ("parse", bench_parse.parse_urikit, "uritools.urisplit", uritools.urisplit, lines),
        (
            "compose",
            bench_build.with_urikit_compose,
            "yarl.URL.build",
            bench_build.with_yarl,
            parts,
        ),
        ("Builder chain", bench_build.with_urikit, "yarl.URL.build", bench_build.with_yarl, parts),
        (
            "resolve",
            bench_resolve.run_urikit,
            "uritools.urijoin",
            bench_resolve.run_uritools,
            pairs,
        ),
        ("normalize", bench_normalize.run_urikit, "yarl.URL", bench_normalize.run_yarl, valid),
        (
            "iri_to_uri",
            bench_iri.map_urikit,
            "urllib split + quote",
            bench_iri.map_urllib,
            valid_iris,
        ),
        (
            "template expand",
            bench_template.with_urikit,
            "uritemplate",
            bench_template.with_uritemplate,
            cases,
        ),
        ("quote (path)", quote, "urllib.parse.quote", url_quote, raw_paths),
        ("unquote", urikit.unquote, "urllib.parse.unquote", urllib.parse.unquote, paths),
    ]


def _reached(func: Callable[[Any], object], items: Sequence[Any]) -> list[str]:
    """The urikit modules whose Python functions run when ``func`` is called on ``items``
    (traced in the pure build only: compiled functions make no profile events)."""
    reached: set[str] = set()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            module = frame.f_globals.get("__name__", "")
            if isinstance(module, str) and module.startswith("urikit"):
                reached.add(module)

    sys.setprofile(profile)
    try:
        for item in items:
            func(item)
    finally:
        sys.setprofile(None)
    return sorted(reached)


def worker() -> dict[str, Any]:
    """Time every operation against its peer in this process (one build of urikit)."""
    operations = _operations()
    pure = not _extension_modules()  # what the operations' set-up imported
    rows = {}
    for name, ours, peer, theirs, items in operations:
        timings = compare({"urikit": ours, peer: theirs}, items, repeat=REPEAT)
        rows[name] = {
            "peer": peer,
            "items": len(items),
            "ours": timings["urikit"],
            "theirs": timings[peer],
            "reached": _reached(ours, items[:: max(1, len(items) // TRACED)]) if pure else [],
        }
    return {"compiled": _extension_modules(), "rows": rows}


def _reaching(reached: list[str], compiled: list[str]) -> str:
    """The compiled modules among ``reached``, short names; "none" for a control row."""
    names = [m.removeprefix("urikit.") for m in reached if m in compiled]
    return ", ".join(f"`{n}`" for n in names) if names else "none (a control)"


def main() -> str:
    title = "## The optional compiled build (mypyc): what it buys"
    compiled_python = interpreter("URIKIT_COMPILED_PYTHON", COMPILED_PYTHON)
    if not compiled_python.exists():
        return skipped(
            title,
            f"no compiled build at `{compiled_python.relative_to(ROOT)}`. "
            "`make check-compiled` builds the mypyc wheel, installs it there and runs "
            "the test suite against it; then rerun `benchmarks/run.py compiled`.",
        )

    def each(build: str, result: Mapping[str, Any]) -> None:
        if build == "pure" and result["compiled"]:
            raise RuntimeError(f"the pure run imported compiled modules: {result['compiled']}")
        if build == "compiled" and not result["compiled"]:
            raise RuntimeError(f"{compiled_python} runs a urikit with nothing compiled")

    best, last = alternate(
        HERE,
        {"pure": (sys.executable, False), "compiled": (compiled_python, False)},
        rounds=ROUNDS,
        keys=("ours", "theirs"),
        each=each,
    )
    modules: list[str] = last["compiled"]["compiled"]
    lines = [
        "| operation | items | peer | pure µs | pure ratio | compiled µs | compiled ratio "
        "| speed-up | compiled code it runs |",
        "|---|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, pure in best["pure"].items():
        compiled = best["compiled"][name]
        pure_ratio = pure["ours"] / pure["theirs"]
        compiled_ratio = compiled["ours"] / compiled["theirs"]
        lines.append(
            f"| {name} | {pure['items']} | {pure['peer']} | {pure['ours'] * 1e6:.3f} "
            f"| {pure_ratio:.2f}× | {compiled['ours'] * 1e6:.3f} | {compiled_ratio:.2f}× "
            f"| {pure_ratio / compiled_ratio:.2f}× | {_reaching(pure['reached'], modules)} |"
        )
    return "\n\n".join(
        [
            title,
            "The pure package is the reference; `URIKIT_MYPYC=1` builds a wheel with the "
            'modules listed below compiled by mypyc (README, "The optional compiled build"). '
            f"Each build runs in its own process and times each operation against the same "
            f"peer, interleaved, best of {REPEAT}; the processes alternate {ROUNDS} times and "
            "each keeps the best time of urikit and of the peer over all its rounds. "
            "Ratio = urikit / peer (below 1: urikit faster); "
            "speed-up = pure ratio / compiled ratio. Items: urls.txt (validate, parse: every "
            f"line; located error: the first {LIMIT} invalid lines, each error's position read; "
            f"normalize: the first {LIMIT} valid lines; host analysis, quote, unquote: their "
            "hosts and paths), "
            "the http(s) parts of bench_build (compose, Builder), valid pairs of relative.txt "
            "(resolve), valid lines of iris.txt, the RFC 6570 suite (template).",
            "\n".join(lines),
            "The last column lists the compiled modules whose functions the operation "
            f"calls (traced on {TRACED} of its items, spread over all, in the pure build): "
            "a row that calls none runs the same code in both builds, so its speed-up shows what "
            "the noise of this run amounts to.",
            "Compiled modules: " + ", ".join(f"`{m}`" for m in modules) + ".",
        ]
    )


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1:], worker=worker, main=main))
