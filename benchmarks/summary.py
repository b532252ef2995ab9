"""The summary of RESULTS.md: every target a benchmark stated, in one table and one chart.

Each row is urikit's figure over one reference's, measured in one build (pure or kernel)
by the benchmark that states it (:func:`_harness.target`), in that benchmark's own run;
run.py keeps the rows beside the benchmark's section and writes this summary from them.
A target is met when the ratio is at most its bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from _harness import Target, markdown_table

CHART = Path(__file__).resolve().parent / "summary.png"

#: The order of the table and the chart, by benchmark; others follow.
ORDER = ("validate", "parse", "build", "resolve", "normalize", "iri", "template", "batch")


def _label(row: Target) -> str:
    return f"{row.operation} ({row.build})"


def table(rows: Sequence[Target]) -> str:
    return markdown_table(
        ("operation", "build", "items", "urikit", "reference", "reference's", "ratio", "bound"),
        (
            (
                row.operation,
                row.build,
                row.items,
                f"{row.ours:.3f} {row.unit}",
                row.reference,
                f"{row.theirs:.3f} {row.unit}",
                f"{row.ratio:.2f}×" if row.met else f"**{row.ratio:.2f}×**",
                f"≤ {row.bound:.2f}×",
            )
            for row in rows
        ),
    )


def chart(rows: Sequence[Target], path: Path = CHART) -> None:
    """A bar per row, labelled with its build: the ratio, the bound marked, met in green,
    missed in red."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = list(rows)[::-1]
    positions = range(len(shown))
    ratios = [row.ratio for row in shown]
    bounds = [row.bound for row in shown]
    colours = ["#2e7d32" if row.met else "#c62828" for row in shown]
    figure, axes = plt.subplots(figsize=(8, 0.42 * len(shown) + 1.4), dpi=110)
    axes.barh(positions, ratios, color=colours, height=0.6)
    axes.scatter(bounds, positions, marker="|", s=420, color="black", zorder=3, label="target")
    for y, row in zip(positions, shown, strict=True):
        label = f"{row.ratio:.2f}× (target {row.bound:.2f}×)"
        axes.annotate(
            label, (max(row.ratio, row.bound), y), xytext=(6, -4), textcoords="offset points"
        )
    axes.set_yticks(list(positions), [_label(row) for row in shown])
    axes.axvline(1.0, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xlabel("urikit / reference (time or bytes; below 1: urikit faster or smaller)")
    axes.set_xlim(0, max(*ratios, *bounds) * 1.45)
    axes.legend(loc="lower right")
    axes.set_title("urikit against one reference per operation, by build (RESULTS.md)")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def section(rows: Sequence[Target]) -> str:
    """The summary's Markdown, and its chart drawn beside RESULTS.md."""
    if not rows:
        return "## Summary\n\nNo benchmark that states a target has run yet."
    first = {row.operation: i for i, row in reversed(list(enumerate(rows)))}
    rows = sorted(rows, key=lambda row: first[row.operation])  # each build beside the other
    chart(rows)
    missed = sum(not row.met for row in rows)
    return "\n\n".join(
        [
            "## Summary: every target, by build",
            "Each row comes from the section of the benchmark that measured it, in the "
            "same run (interleaved, best of N: see that section for the items and the "
            "method). Build: `pure` is the package without the native kernel, `kernel` "
            "the one with it. Ratio = urikit / reference (below 1: urikit faster or "
            f"smaller); a ratio in bold is above its bound. Missed in these runs: {missed} "
            f"of {len(rows)}.",
            f"![Ratio per operation and build, target marked]({CHART.name})",
            table(rows),
        ]
    )
