# What benchmarks/run.py uses of pyperf: results written for `pyperf compare_to`.
from collections.abc import Mapping, Sequence

class Run:
    def __init__(
        self,
        values: Sequence[float],
        warmups: Sequence[tuple[int, float]] | None = None,
        metadata: Mapping[str, object] | None = None,
        collect_metadata: bool = True,
    ) -> None: ...

class Benchmark:
    def __init__(self, runs: Sequence[Run]) -> None: ...

class BenchmarkSuite:
    def __init__(self, benchmarks: Sequence[Benchmark], filename: str | None = None) -> None: ...
    def dump(self, file: str, compact: bool = True, replace: bool = False) -> None: ...
