"""A light tidy table of simulation results: one row per game."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any


class ResultTable:
    """Rows of results (dicts with the same keys), with CSV/pandas/Parquet exports.

    Args:
        rows: one dict per game.
    """

    def __init__(self, rows: Sequence[dict[str, Any]]) -> None:
        self.rows: list[dict[str, Any]] = list(rows)

    @property
    def columns(self) -> list[str]:
        seen: dict[str, None] = {}
        for row in self.rows:
            seen.update(dict.fromkeys(row))
        return list(seen)

    def column(self, name: str) -> list[Any]:
        """The values of one column, in row order."""
        return [row.get(name) for row in self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __getitem__(self, index: int) -> dict[str, Any]:
        return self.rows[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ResultTable) and self.rows == other.rows

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The table as CSV text (``None`` is written as an empty cell).

        Args:
            path: also write the text to this file.
        """
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=self.columns, lineterminator="\n")
        writer.writeheader()
        for row in self.rows:
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
        text = out.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def to_pandas(self) -> Any:
        """A pandas DataFrame (needs pandas)."""
        try:
            import pandas
        except ModuleNotFoundError:
            raise ModuleNotFoundError(
                "to_pandas needs pandas: pip install pandas"
            ) from None
        return pandas.DataFrame(self.rows, columns=self.columns)

    def to_parquet(self, path: str | os.PathLike[str]) -> None:
        """Write a Parquet file (needs pyarrow)."""
        try:
            import pyarrow
            import pyarrow.parquet
        except ModuleNotFoundError:
            raise ModuleNotFoundError(
                "Parquet output needs pyarrow: pip install pyarrow (or write .csv)"
            ) from None
        columns = {name: self.column(name) for name in self.columns}
        pyarrow.parquet.write_table(pyarrow.table(columns), str(path))

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write CSV, or Parquet when the file name ends in ``.parquet``."""
        if str(path).endswith(".parquet"):
            self.to_parquet(path)
        else:
            self.to_csv(path)

    def __repr__(self) -> str:
        return f"ResultTable({len(self.rows)} rows: {', '.join(self.columns)})"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{c}</th>" for c in self.columns)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{row.get(c, '')}</td>" for c in self.columns)
            + "</tr>"
            for row in self.rows[:20]
        )
        more = f"<p>{len(self.rows)} rows</p>" if len(self.rows) > 20 else ""
        return f"<table><tr>{head}</tr>{body}</table>{more}"
