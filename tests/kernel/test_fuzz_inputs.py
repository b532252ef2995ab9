"""The fuzz harness's inputs replayed against the pure path (fuzz/fuzz_kernel.py): the
committed seed corpus (fuzz/seeds/kernel), each a call of one kernel entry point
(tests/kernel/oracle.py), and every input the fuzzer ever found a difference or a
crash with. The same verdicts, error positions, components and encoded text (RFC 3986
Appendix A, 2.1, 3), and no crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kernel.inputs import built_kernel
from tests.kernel.oracle import OPERATIONS, check, differences

built_kernel()

SEEDS = Path(__file__).resolve().parents[2] / "fuzz" / "seeds" / "kernel"


def test_the_seed_corpus_covers_every_entry_point() -> None:
    seeds = [path.read_bytes() for path in SEEDS.iterdir()]
    assert {seed[0] for seed in seeds} == set(range(len(OPERATIONS)))


@pytest.mark.parametrize("operation", OPERATIONS)
def test_the_seed_corpus(operation: str) -> None:
    code = OPERATIONS.index(operation)
    for path in sorted(SEEDS.iterdir()):
        data = path.read_bytes()
        if data[:1] == bytes([code]):
            check(data)


def test_an_exhausted_input_reads_as_zeros() -> None:
    """Any bytes are a call: the empty input, a lone operation byte, garbage."""
    for data in (b"", b"\x03", b"\x04\x01", bytes(range(256)), b"\xff" * 40):
        assert differences(data) == []
