"""What the column examples share (``dask_parquet.py``, ``spark_validate.py``): a sample of
URIs good and bad, their command line, and the counts they print.

Not an example of its own: they import it, as a script imports its neighbours.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import get_args

from urikit import RuleName

SAMPLE = [
    "https://example.com/a/b?q#f",  # RFC 3
    "urn:isbn:0451450523",  # RFC 3
    "http://exa mple.com/",  # a space in the host (RFC 3.2.2)
    "http://h:8o/",  # the port is digits (RFC 3.2.3)
    "../g;x?y#s",  # RFC 5.4.1
    "http://h/%zz",  # pct-encoded is two HEXDIG (RFC 2.1)
]


def command_line(doc: str | None) -> argparse.ArgumentParser:
    """A parser described by the first paragraph of ``doc``: a Parquet source (none: the
    sample), the column of URIs and the rule to check them against (RFC 3986 Appendix A)."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("source", nargs="?", help="a Parquet file or dataset")
    parser.add_argument("--column", default="url")
    parser.add_argument("--rule", default="URI-reference", choices=get_args(RuleName))
    return parser


def report(*, rows: int, valid: int, invalid: int, by_rule: Mapping[str, int]) -> None:
    """Print the counts: rows, valid and invalid ones (a null is neither), and the invalid
    ones by the rule their problem is in."""
    print(f"rows: {rows}")
    print(f"valid: {valid}")
    print(f"invalid: {invalid}")
    for rule in sorted(by_rule):
        print(f"  invalid in rule {rule}: {by_rule[rule]}")
