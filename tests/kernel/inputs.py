"""Inputs for the kernel's tests: the rules a whole reference follows, and generated
hostile strings (seeded, so a failure names its input again)."""

from __future__ import annotations

import os
import random
from types import ModuleType

import pytest

from tests import corpus
from tests.hostile.families import FAMILIES
from urikit._syntax import native

REFERENCE_RULES = ("URI-reference", "URI", "absolute-URI", "relative-ref")
SEED = 26  # the number: fixed, so a failure names its input again

# Characters that steer the grammar, weighted toward the delimiters (RFC 2.2), the
# percent sign (2.1), the IP-literal's (3.2.2) and what is never allowed.
ALPHABET = (
    "aAzZvVfFeE0123456789"
    + ":/?#[]@" * 3
    + "%" * 4
    + ".-_~!$&'()*+,;="
    + ' \x00\x7f"<\\é\ud800\U0001f600'
)
PIECES = (
    "http:",
    "a+b-c.d:",
    "1a:",
    ":",
    "//",
    "///",
    "@",
    "user:pw@",
    "[",
    "]",
    "[::1]",
    "[v1.x]",
    "[V7.a:b]",
    "[1:2:3:4:5:6:7:8]",
    "[::ffff:1.2.3.4]",
    "[1::2::3]",
    "[12345::]",
    "::",
    "1.2.3.4",
    "256.1.1.1",
    "host",
    ":80",
    ":",
    ":8a",
    "/",
    "/a",
    "/a:b",
    "a:b",
    "./",
    "../",
    "?",
    "?q=1&r",
    "#",
    "#f",
    "#a#b",
    "%",
    "%4",
    "%41",
    "%zz",
    "%aF",
    " ",
    "é",
    "\x00",
)


def hostile(count: int, seed: int = SEED) -> list[str]:
    """``count`` generated strings: random text over :data:`ALPHABET`, corpus lines
    with a few characters inserted, deleted or replaced, and random runs of
    :data:`PIECES`; a few of the hostile families of tests/hostile at small sizes."""
    rng = random.Random(seed)
    lines = corpus.urls()
    out = [build(rng.randrange(1, 40)) for build in FAMILIES.values()]
    while len(out) < count:
        kind = rng.randrange(3)
        if kind == 0:
            out.append("".join(rng.choices(ALPHABET, k=rng.randrange(0, 30))))
        elif kind == 1:
            chars = list(rng.choice(lines))
            for _ in range(rng.randrange(1, 4)):
                at = rng.randrange(len(chars) + 1)
                edit = rng.randrange(3)
                if edit == 0 or not chars:
                    chars.insert(at, rng.choice(ALPHABET))
                elif edit == 1:
                    del chars[min(at, len(chars) - 1)]
                else:
                    chars[min(at, len(chars) - 1)] = rng.choice(ALPHABET)
            out.append("".join(chars))
        else:
            out.append("".join(rng.choices(PIECES, k=rng.randrange(1, 8))))
    return out[:count]


def built_kernel() -> ModuleType:
    """The kernel, for a test module to use; the module skips where it is not built,
    except under ``URIKIT_EXPECT_KERNEL=1`` (tools/check_kernel.py): there it must run."""
    if native.kernel is not None:
        return native.kernel
    if os.environ.get("URIKIT_EXPECT_KERNEL") == "1":
        raise ImportError("URIKIT_EXPECT_KERNEL=1, but urikit._syntax._kernel does not import")
    pytest.skip(
        "the native kernel is not built or not used (setup.py, URIKIT_NO_EXTENSIONS)",
        allow_module_level=True,
    )
