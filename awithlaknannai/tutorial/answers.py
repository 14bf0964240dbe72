"""The answer key: every exercise's solution, read from the notebooks themselves.

The notebooks mark each answer the way nbgrader does (``### BEGIN SOLUTION``
... ``### END SOLUTION`` in a code cell whose metadata says
``nbgrader.solution``). :func:`answer_key` collects them, with the heading
of the section each one belongs to, so the teacher guide's key can never
drift from the notebooks.

Examples
--------
>>> import nbformat, tempfile, pathlib
>>> from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
>>> cell = new_code_cell("### BEGIN SOLUTION\\nanswer = 25\\n### END SOLUTION\\ncheck('x', answer)")
>>> cell.metadata["nbgrader"] = {"solution": True, "grade_id": "count"}
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> nbformat.write(new_notebook(cells=[new_markdown_cell("### Count the points"), cell]), folder / "01_demo.ipynb")
>>> key = answer_key(folder)
>>> print(key)
01_demo.ipynb, Count the points (count): answer = 25
>>> len(key), key.rows[0].solution
(1, 'answer = 25')
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["AnswerKey", "AnswerRow", "answer_key"]

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


@dataclass(frozen=True)
class AnswerRow:
    """One exercise: the notebook, the section heading, nbgrader's id and the solution code."""

    notebook: str
    heading: str
    grade_id: str
    solution: str


@dataclass(frozen=True)
class AnswerKey:
    """All the answers, in notebook order; shows itself as a table in a notebook."""

    rows: tuple[AnswerRow, ...]

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        return "\n".join(f"{r.notebook}, {r.heading} ({r.grade_id}): {r.solution}" for r in self.rows)

    def _repr_html_(self) -> str:
        cell = 'style="text-align:left;vertical-align:top"'
        body = "".join(
            f"<tr><td {cell}>{html.escape(r.notebook)}</td><td {cell}>{html.escape(r.heading)}</td>"
            # pre-wrap: a long answer wraps inside the table instead of being cut off at its edge
            f'<td {cell}><pre style="margin:0;text-align:left;white-space:pre-wrap;overflow-wrap:anywhere">'
            f"{html.escape(r.solution)}</pre></td></tr>"
            for r in self.rows
        )
        head = "".join(f"<th {cell}>{name}</th>" for name in ("notebook", "exercise", "answer"))
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _source(cell: dict[str, object]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _heading(markdown: str) -> str:
    """The last heading in a markdown cell, else its first line."""
    lines = [line.strip() for line in markdown.splitlines() if line.strip()]
    headings = [line.lstrip("#").strip() for line in lines if line.startswith("#")]
    text = headings[-1] if headings else (lines[0] if lines else "")
    text = text.replace("**", "").replace("`", "")
    if "?" in text:  # a question: up to its question mark
        return text[: text.index("?") + 1]
    return text if len(text) <= 90 else text[:90].rsplit(" ", 1)[0] + " ..."


def answer_key(folder: str | os.PathLike[str] = ".") -> AnswerKey:
    """Collect the solution of every exercise in the notebooks of ``folder``.

    Parameters
    ----------
    folder : path
        Where the notebooks are (a notebook's own folder is ``"."``).

    Raises
    ------
    ValueError
        If ``folder`` holds no notebook, or a solution cell's markers do not pair up.
    """
    paths = sorted(Path(folder).glob("*.ipynb"))
    if not paths:
        raise ValueError(f"no notebooks (*.ipynb) in {os.fspath(folder)!r}")
    rows = []
    for path in paths:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        heading = ""
        for cell in notebook.get("cells", []):
            source = _source(cell)
            if cell.get("cell_type") == "markdown":
                heading = _heading(source) or heading
                continue
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if not meta.get("solution"):
                continue
            if source.count(BEGIN) != 1 or source.count(END) != 1 or source.index(BEGIN) > source.index(END):
                raise ValueError(f"{path.name}: solution cell {meta.get('grade_id')!r} needs one "
                                 f"{BEGIN!r} followed by one {END!r}")
            solution = source[source.index(BEGIN) + len(BEGIN):source.index(END)].strip("\n")
            rows.append(AnswerRow(path.name, heading, str(meta.get("grade_id", "")), solution))
    return AnswerKey(tuple(rows))
