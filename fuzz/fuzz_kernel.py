"""Coverage-guided fuzzer for the native kernel's entry points (fuzz/README.md).

Each input is one call (tests/kernel/oracle.py reads it): the validation of one of the
kernel's rules (verdict and error position), the one-pass split behind ``parse``
(components, the value, the located error), one component's percent-encoder (the
first character to encode, the encoded text) or the batch validation of an Arrow
column (``string``, ``large_string``, ``string_view``; sliced, chunked, with nulls) and
the kernel's ``column`` over buffers that may lie. Each answer is compared with the
pure path's; a difference raises AssertionError, which libFuzzer reports as a crash.

Run it under the sanitizers (fuzz/sanitized.py builds the kernel with ASan and UBSan
and names it in ``URIKIT_FUZZ_KERNEL``, loaded here in place of the installed one):

    make fuzz FUZZ_SECONDS=3600

With atheris installed, any libFuzzer option works; without it, the committed seeds
and ``URIKIT_FUZZ_EXAMPLES`` (default 20000) hypothesis-generated inputs are checked.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "fuzz" / "seeds" / "kernel"
NAME = "urikit._syntax._kernel"


def _load_kernel() -> None:
    """The extension ``URIKIT_FUZZ_KERNEL`` names, as urikit's kernel (before urikit
    imports it)."""
    path = os.environ.get("URIKIT_FUZZ_KERNEL")
    if not path:
        return
    spec = importlib.util.spec_from_file_location(NAME, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[NAME] = module


_load_kernel()
sys.path.insert(0, str(ROOT))

from tests.kernel.oracle import check  # noqa: E402
from urikit._syntax.native import kernel  # noqa: E402


def _seeds() -> list[bytes]:
    return [path.read_bytes() for path in sorted(SEEDS.iterdir())]


def write_seeds() -> int:
    """Write the seed corpus: calls of each entry point on corpus lines, hostile
    strings and text beyond ASCII (``--write-seeds``; committed, so CI starts there)."""
    import hashlib
    import struct

    from tests import corpus
    from tests.kernel.inputs import hostile
    from urikit._core.encoding import COMPONENTS
    from urikit._syntax.rfc3986 import URI_RULE_NAMES

    texts = [*corpus.urls()[:60], *hostile(120, seed=3), "é", "http://é/\U0001f600", "a\ud800"]
    rules = len(URI_RULE_NAMES)
    found: list[bytes] = []
    for index, text in enumerate(texts):
        utf8 = text.encode("utf-8", "surrogatepass")
        found.append(bytes([0, 1, index % rules]) + utf8)
        found.append(bytes([1, 1]) + utf8)
        found.append(bytes([2, 1, index % len(COMPONENTS)]) + utf8)
    for index in range(0, len(texts) - 4, 4):
        rows = b"\n".join(
            (b"\0" if (index + k) % 5 == 0 else b"\1") + text.encode("utf-8", "replace")
            for k, text in enumerate(texts[index : index + 4])
        )
        found.append(bytes([3, 1, index % rules, index % 3, index % 5, 1 + index % 3]) + rows)
    for index in range(24):
        large = index % 2
        values = [0, 3, 8, 8, 12 + index % 3, 2, 40][: 2 + index % 6]
        offsets = struct.pack(f"<{len(values)}{'q' if large else 'i'}", *values)
        head = bytes([4, large, index % rules, index % 3, index % 7, index % 8, len(offsets)])
        found.append(head + offsets + b"a:b/%41[::1]x@y")
    SEEDS.mkdir(parents=True, exist_ok=True)
    for data in found:
        (SEEDS / hashlib.sha1(data).hexdigest()).write_bytes(data)
    print(f"{len(set(found))} seeds in {SEEDS}")
    return 0


def _atheris_main(argv: list[str]) -> None:
    import atheris

    if "libasan" not in os.environ.get("LD_PRELOAD", ""):
        # coverage of urikit's and the oracle's Python code; under gcc's ASan runtime,
        # whose coverage hooks shadow libFuzzer's, there is none: the inputs are then
        # mutations of the seeds, without feedback
        atheris.instrument_all()
    atheris.Setup(argv, check)
    atheris.Fuzz()


def _hypothesis_main() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    for seed in _seeds():
        check(seed)
    examples = int(os.environ.get("URIKIT_FUZZ_EXAMPLES", "20000"))

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
        database=None,
    )
    @given(st.binary(max_size=200))
    def fuzz(data: bytes) -> None:
        check(data)

    fuzz()
    print(f"ok: {len(_seeds())} seeds, {examples} examples")


def main() -> None:
    if sys.argv[1:] == ["--write-seeds"]:
        sys.exit(write_seeds())
    if kernel is None:
        raise SystemExit("the native kernel is not built: nothing to fuzz")
    print(f"fuzzing {kernel.__file__}", file=sys.stderr)
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("atheris is not installed: the hypothesis fallback", file=sys.stderr)
        _hypothesis_main()
    else:
        _atheris_main(sys.argv)


if __name__ == "__main__":
    main()
