"""Build the native kernel with AddressSanitizer and UndefinedBehaviorSanitizer, and run
a command under them (what ``make fuzz`` and ``make fuzz-ci`` do; fuzz/README.md).

    python fuzz/sanitized.py build          # build/fuzz/_kernel<suffix>, its path printed
    python fuzz/sanitized.py run -- CMD...  # build, then CMD with the sanitizers loaded

The tables are generated from this tree's grammar (urikit._syntax.kernel_gen), as
setup.py does; native/kernel.c is compiled by gcc with ``-fsanitize=address,undefined``
and undefined behaviour made fatal. Python itself is not built with ASan, so the
runtime is preloaded (``LD_PRELOAD``) and leak detection is off: the interpreter keeps
its own allocations to the end. ``URIKIT_FUZZ_KERNEL`` tells the harness
(fuzz/fuzz_kernel.py) which extension to load in place of the installed one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "fuzz"
SANITIZERS = ("-fsanitize=address,undefined", "-fno-sanitize-recover=undefined")

#: The sanitizers' options: stop at the first report, with a stack; no leak check.
OPTIONS = {
    "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1:allocator_may_return_null=1"
    ":detect_stack_use_after_return=0",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}


def compiler() -> str:
    return os.environ.get("CC", "gcc")


def build() -> Path:
    """The sanitized extension, built from native/kernel.c and freshly generated tables."""
    sys.path.insert(0, str(ROOT / "src"))
    from urikit._syntax.kernel_gen import generate

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "kernel_tables.h").write_text(generate(), encoding="ascii")
    target = OUT / ("_kernel" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    command = [
        compiler(),
        "-shared",
        "-fPIC",
        "-O1",
        "-g",
        "-fno-omit-frame-pointer",
        *SANITIZERS,
        f"-I{sysconfig.get_paths()['include']}",
        f"-I{OUT}",
        str(ROOT / "native" / "kernel.c"),
        "-o",
        str(target),
    ]
    subprocess.run(command, check=True)
    return target


def runtime() -> str:
    """The path of the compiler's ASan runtime, to preload into Python."""
    found = subprocess.run(
        [compiler(), "-print-file-name=libasan.so"], check=True, capture_output=True, text=True
    ).stdout.strip()
    if not Path(found).is_file():
        raise SystemExit(f"no ASan runtime from {compiler()}: {found}")
    return found


def environment(extension: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(OPTIONS)
    env["LD_PRELOAD"] = runtime()
    env["PYTHONMALLOC"] = "malloc"  # each object its own allocation, each overrun seen
    env["URIKIT_FUZZ_KERNEL"] = str(extension)
    return env


def main(argv: list[str]) -> int:
    if argv[:1] == ["build"]:
        print(build())
        return 0
    if argv[:2] == ["run", "--"] and len(argv) > 2:
        extension = build()
        return subprocess.run(argv[2:], env=environment(extension), check=False).returncode
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
