"""Validate a column of URIs in PySpark with pandas UDFs (Arrow-backed) over urikit.batch.

Spark hands each UDF call a batch of rows as a pandas Series, through Arrow;
:func:`urikit.batch.is_valid` and :func:`urikit.batch.problems` check it at once (the
grammar's RE2 rendering in Arrow's engine; only the failing rows are located, RFC 3986
Appendix A) and the problems come back as a struct column.

    pip install urikit[pandas] pyspark    # and Java 17 or later (Debian: default-jre-headless)
    python examples/spark_validate.py IN.parquet --column url --output OUT.parquet
    python examples/spark_validate.py                                  # a small demo

Prints the number of rows, valid and invalid ones, and invalid ones per rule.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, cast

import pandas as pd
from _columns import SAMPLE, command_line, report
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.pandas import functions as pandas_functions
from pyspark.sql.types import BooleanType, LongType, StringType, StructField, StructType

from urikit import RuleName, batch

#: The problem record (urikit.batch.FIELDS) as a Spark struct.
PROBLEM = StructType(
    [
        StructField(name, LongType() if kind is int else StringType())
        for name, kind in batch.FIELDS.items()
    ]
)


def session(master: str = "local[2]") -> SparkSession:
    """A local Spark session whose Python workers run this interpreter."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.master(master).appName("urikit")  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownVariableType]
    configured = (  # pyright: ignore[reportUnknownVariableType]
        builder.config("spark.ui.enabled", "false")  # pyright: ignore[reportUnknownMemberType]
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
    )
    spark: SparkSession = configured.getOrCreate()  # pyright: ignore[reportUnknownMemberType]
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def checked(frame: DataFrame, column: str, rule: RuleName = "URI-reference") -> DataFrame:
    """``frame`` with ``valid`` and ``problem`` (the first problem, null where none)."""

    # Spark reads these annotations at run time (pandas' Series takes no subscript there).
    def valid(urls: pd.Series) -> pd.Series:  # pyright: ignore[reportMissingTypeArgument, reportUnknownParameterType]
        texts: pd.Series[str] = urls
        return batch.is_valid(texts, rule)

    def problem(urls: pd.Series) -> pd.DataFrame:  # pyright: ignore[reportMissingTypeArgument, reportUnknownParameterType]
        texts: pd.Series[str] = urls
        found: Any = batch.problems(texts, rule)  # a Series of Arrow structs
        fields: pd.DataFrame = found.struct.explode()  # one column per field: Spark's struct
        return fields

    # pandas_udf's overloads know scalar results only, not a struct: called untyped here.
    make_udf = cast(Any, pandas_functions.pandas_udf)  # pyright: ignore[reportUnknownMemberType]
    valid_udf = make_udf(valid, BooleanType())
    problem_udf = make_udf(problem, PROBLEM)
    with_valid = frame.withColumn("valid", valid_udf(F.col(column)))
    return with_valid.withColumn(
        "problem", F.when(F.col("valid") == F.lit(False), problem_udf(F.col(column)))
    )


def summary(frame: DataFrame) -> tuple[int, dict[bool, int], dict[str, int]]:
    """Rows; rows by verdict (nulls are neither); invalid ones by the rule of their problem."""
    by_verdict: dict[bool, int] = {True: 0, False: 0}
    by_rule: dict[str, int] = {}
    for row in frame.groupBy("valid", "problem.rule").count().collect():
        valid, rule, count = row[0], row[1], int(row[2])
        if valid is not None:
            by_verdict[valid] += count
        if valid is False:
            by_rule[rule] = count
    return frame.count(), by_verdict, by_rule


def main(argv: Sequence[str] | None = None) -> int:
    parser = command_line(__doc__)
    parser.add_argument("--output", help="write the checked rows there (Parquet)")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args(argv)
    spark = session(args.master)
    try:
        if args.source:
            frame = spark.read.parquet(args.source)
        else:
            rows = [(i, SAMPLE[i % len(SAMPLE)]) for i in range(60)]
            frame = spark.createDataFrame(rows, ["id", args.column])
        result = checked(frame, args.column, args.rule)
        if args.output:
            result.write.mode("overwrite").parquet(args.output)
            result = spark.read.parquet(args.output)
        count, by_verdict, by_rule = summary(result)
    finally:
        spark.stop()
    report(rows=count, valid=by_verdict[True], invalid=by_verdict[False], by_rule=by_rule)
    return 0


if __name__ == "__main__":
    sys.exit(main())
