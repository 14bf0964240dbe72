"""The answer key: every exercise's solution, read from the notebooks themselves.

The notebooks mark each answer the way nbgrader does (``### BEGIN SOLUTION``
... ``### END SOLUTION`` in a code cell whose metadata says
``nbgrader.solution``). :func:`answer_key` collects them, with the heading
of the section each one belongs to, so the teacher guide's key can never
drift from the notebooks.

Each row is numbered, and shows the answer as a value, as a student would
give it: ``23`` rather than the code that counts it, ``B3xT4xT6xB5`` rather
than a Python list of moves. An answer written as a computation
(``answer = len(leap_lines(murray))``) is worked out from the notebook's own
earlier lines that it needs (the imports and assignments of the names it
uses), not by running the notebook; code that is itself the answer (a graph
built edge by edge, a function, a ``Rules(...)`` value) is shown as code.
Rows under one heading (the eight puzzles of notebook 5) are told apart by
their number within it.

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
1. 01_demo.ipynb, Count the points (count): 25
>>> len(key), key.rows[0].solution, key.rows[0].value
(1, 'answer = 25', '25')

A computed answer, and moves:

>>> print(shown_value("answer = len(nodes)", ["nodes = ['a', 'b', 'c']"]))
3
>>> print(shown_value("moves = ['B3xT4', 'T2-M3']"))
B3xT4, T2-M3
>>> print(shown_value("answer = Rules(multi_leap='optional')"))
Rules(multi_leap='optional')
"""

from __future__ import annotations

import ast
import builtins
import html
import json
import os
import re
import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["AnswerKey", "AnswerRow", "answer_key", "shown_value"]

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


@dataclass(frozen=True)
class AnswerRow:
    """One exercise: its number in the key, the notebook, the section heading, nbgrader's id,
    the solution code and the answer as it is shown (see :func:`shown_value`)."""

    number: int
    notebook: str
    heading: str
    grade_id: str
    solution: str
    value: str


@dataclass(frozen=True)
class AnswerKey:
    """All the answers, in notebook order; shows itself as a table in a notebook."""

    rows: tuple[AnswerRow, ...]

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        return "\n".join(
            f"{r.number}. {r.notebook}, {r.heading} ({r.grade_id}): {r.value}" for r in self.rows
        )

    def _repr_html_(self) -> str:
        cell = 'style="text-align:left;vertical-align:top"'
        body = "".join(
            f"<tr><td {cell}>{r.number}</td><td {cell}>{html.escape(r.notebook)}</td>"
            f"<td {cell}>{html.escape(r.heading)}</td>"
            # pre-wrap: a long answer wraps inside the table instead of being cut off at its edge
            f'<td {cell}><pre style="margin:0;text-align:left;white-space:pre-wrap;overflow-wrap:anywhere">'
            f"{html.escape(r.value)}</pre></td></tr>"
            for r in self.rows
        )
        head = "".join(f"<th {cell}>{name}</th>" for name in ("#", "notebook", "exercise", "answer"))
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


def _text(value: Any) -> str | None:
    """A literal answer in a student's words: text as it is, several items joined by commas (None: not plain)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return ", ".join(sorted(str(item) for item in value))
    if isinstance(value, (list, tuple)) and all(isinstance(item, (str, int, float)) for item in value):
        return ", ".join(str(item) for item in value)
    return None


# What a computed answer may use: the package's own functions (and networkx), a few builtins, literals.
# Nothing else from a notebook is run, so a key made from a folder of unknown notebooks runs no stranger's code.
_BUILTINS = {
    name: getattr(builtins, name)
    for name in ("len", "sorted", "sum", "min", "max", "set", "list", "tuple", "abs", "range")
}
_MODULES = ("awithlaknannai", "networkx")
_PLAIN = (
    ast.Expression,
    ast.Call,
    ast.Name,
    ast.Load,
    ast.Constant,
    ast.Tuple,
    ast.List,
    ast.keyword,
    ast.Attribute,
    ast.BinOp,
    ast.UnaryOp,
    ast.operator,
    ast.unaryop,
    ast.Subscript,
    ast.Slice,
)


def _plain(node: ast.AST) -> bool:
    """Whether ``node`` is made only of calls, names, literals and arithmetic (no private name or attribute)."""
    return all(
        isinstance(part, _PLAIN)
        and not (isinstance(part, ast.Attribute) and part.attr.startswith("_"))
        and not (isinstance(part, ast.Name) and part.id.startswith("_"))
        for part in ast.walk(node)
    )


def _needed(names: set[str], earlier: Sequence[str]) -> list[ast.stmt] | None:
    """The statements of ``earlier`` (code cells, oldest first) that define ``names``, and what those need.

    Only imports from the package (or networkx) and plain assignments (see :func:`_plain`) are
    taken; ``None`` if a name is defined some other way.
    """
    statements = []
    for source in earlier:
        try:
            statements.extend(ast.parse(source).body)
        except SyntaxError:
            continue
    chosen: list[ast.stmt] = []
    wanted = set(names) - set(_BUILTINS)
    for statement in reversed(statements):
        if isinstance(statement, ast.ImportFrom):
            defined = {alias.asname or alias.name for alias in statement.names}
            trusted = (
                statement.level == 0
                and statement.module is not None
                and statement.module.split(".")[0] in _MODULES
            )
        elif isinstance(statement, ast.Import):
            defined = {(alias.asname or alias.name).split(".")[0] for alias in statement.names}
            trusted = all(alias.name.split(".")[0] in _MODULES for alias in statement.names)
        elif isinstance(statement, ast.Assign):
            defined = {
                node.id
                for target in statement.targets
                for node in ast.walk(target)
                if isinstance(node, ast.Name)
            }
            trusted = _plain(statement.value) and all(
                isinstance(node, (ast.Name, ast.Tuple, ast.Store))
                for target in statement.targets
                for node in ast.walk(target)
            )
        else:
            continue
        if defined & wanted:
            if not trusted:
                return None
            chosen.append(statement)
            wanted -= defined
            if isinstance(statement, ast.Assign):
                wanted |= {node.id for node in ast.walk(statement.value) if isinstance(node, ast.Name)} - set(
                    _BUILTINS
                )
    return None if wanted else list(reversed(chosen))


def shown_value(solution: str, earlier: Sequence[str] = ()) -> str:
    """The answer of a solution as the key shows it: the value a student gives, else the code.

    Parameters
    ----------
    solution : str
        The code between the solution markers.
    earlier : sequence of str
        The notebook's code cells before the solution, oldest first: a computed
        answer is worked out with the imports and assignments it needs from them.

    Returns
    -------
    str
        ``moves = [...]`` gives the moves, joined by commas; ``answer = <literal>``
        the literal in words; ``answer = <computation>`` its value; anything else
        (a function, several lines, a constructor such as ``Rules(...)``, a
        computation that fails or needs more than the package's functions) the code itself.
    """
    try:
        tree = ast.parse(solution)
    except SyntaxError:
        return solution
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assign) or len(tree.body[0].targets) != 1:
        return solution
    expression = tree.body[0].value
    try:
        shown = _text(ast.literal_eval(expression))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        shown = None
    if shown is not None:
        return shown
    if (
        isinstance(expression, ast.Call)
        and isinstance(expression.func, ast.Name)
        and expression.func.id[:1].isupper()
    ):
        return ast.get_source_segment(solution, expression) or solution  # a value made by its constructor
    names = {node.id for node in ast.walk(expression) if isinstance(node, ast.Name)}
    needed = _needed(names, earlier) if _plain(ast.Expression(expression)) else None
    if needed is None:
        return solution
    # __import__ runs the package's imports chosen by _needed; no plain expression can name it.
    namespace: dict[str, Any] = {"__builtins__": {**_BUILTINS, "__import__": __import__}}
    try:
        # Only the package's imports and plain calls of what they bring (see _needed) run here.
        exec(compile(ast.Module(body=needed, type_ignores=[]), "<answer key>", "exec"), namespace)  # noqa: S102
        shown = _text(eval(compile(ast.Expression(expression), "<answer key>", "eval"), namespace))
    except Exception:  # noqa: BLE001 - a computation the key cannot redo: the code says what it is
        shown = None
    return solution if shown is None else shown


_NUMBERED_ID = re.compile(r"([a-z]+)-(\d+)")


def _label(heading: str, grade_id: str, place: int, count: int) -> str:
    """A row's name where ``count`` rows share one heading: ``"Puzzle 3"`` from ``"puzzle-3"``, else the place.

    >>> _label("Eight puzzles", "puzzle-3", 3, 8), _label("First, be the computer", "challenge-08-s1", 1, 2)
    ('Puzzle 3', 'First, be the computer (1 of 2)')
    """
    numbered = _NUMBERED_ID.fullmatch(grade_id)
    if numbered:
        return f"{numbered.group(1).capitalize()} {numbered.group(2)}"
    return f"{heading} ({place} of {count})"


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
    found: list[tuple[str, str, str, str, str]] = []
    for path in paths:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        heading = ""
        earlier: list[str] = []
        for cell in notebook.get("cells", []):
            source = _source(cell)
            if cell.get("cell_type") == "markdown":
                # A teacher-only note ("Teacher copy, with the answers ...") is no exercise's heading.
                if "teacher-only" not in cell.get("metadata", {}).get("tags", []):
                    heading = _heading(source) or heading
                continue
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if not meta.get("solution"):
                if cell.get("cell_type") == "code":
                    earlier.append(source)
                continue
            if source.count(BEGIN) != 1 or source.count(END) != 1 or source.index(BEGIN) > source.index(END):
                raise ValueError(
                    f"{path.name}: solution cell {meta.get('grade_id')!r} needs one "
                    f"{BEGIN!r} followed by one {END!r}"
                )
            solution = textwrap.dedent(source[source.index(BEGIN) + len(BEGIN) : source.index(END)]).strip(
                "\n"
            )
            found.append(
                (path.name, heading, str(meta.get("grade_id", "")), solution, shown_value(solution, earlier))
            )
            earlier.append(source)
    shared = Counter((notebook, heading) for notebook, heading, *_ in found)
    places: Counter[tuple[str, str]] = Counter()
    rows = []
    for number, (notebook, heading, grade_id, solution, value) in enumerate(found, 1):
        places[notebook, heading] += 1
        count = shared[notebook, heading]
        name = heading if count == 1 else _label(heading, grade_id, places[notebook, heading], count)
        rows.append(AnswerRow(number, notebook, name, grade_id, solution, value))
    return AnswerKey(tuple(rows))
