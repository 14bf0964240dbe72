"""Student copies of the tutorial notebooks, made from the teacher copies.

The teacher copies in ``teacher/`` (at the top of the project, outside the
students' ``notebooks/`` folder, and removed from Binder by ``binder/postBuild``)
are the only ones edited by hand: each answer sits between nbgrader's ``### BEGIN SOLUTION`` and
``### END SOLUTION`` markers, in a cell whose metadata says
``nbgrader.solution``. A student copy (``notebooks/NN_name.ipynb``) is made
from its teacher copy by :func:`student_copy`:

* an answer given to an answer box, ``ask(..., answer)``, is removed, so
  the box starts empty;
* any other answer becomes ``answer = ...``, which every check reads as
  "no answer yet" (inside a function, ``return ...``; where the cell checks
  something the answer changes, such as a graph, the answer is just left out);
* cells tagged ``teacher-only`` are left out, and links such as
  ``../notebooks/04_play.ipynb`` (from ``teacher/`` to a student notebook)
  are made relative to the student copy's folder (``04_play.ipynb``);
* outputs are cleared (run the copy to fill them: ``--execute``); a cell
  tagged ``reveal`` (its output shows the answer to the question just
  before it, as "let networkx count them" after "predict the number") keeps
  no output in the student copy even after ``--execute``: the student sees
  the code, predicts, then runs it.

From the project folder::

    python -m awithlaknannai.tutorial.copies            # write the student copies
    python -m awithlaknannai.tutorial.copies --execute  # write them and run them, saving the outputs
    python -m awithlaknannai.tutorial.copies --check    # exit 1 if a copy is not what its teacher copy makes
    python -m awithlaknannai.tutorial.copies --execute --only 03   # just one notebook

Examples
--------
>>> from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
>>> cell = new_code_cell('### BEGIN SOLUTION\\nanswer = 1907\\n### END SOLUTION\\nask("01-culin-year", answer)')
>>> cell.metadata["nbgrader"] = {"solution": True, "grade_id": "q1"}
>>> code = new_code_cell('### BEGIN SOLUTION\\nanswer = Rules(multi_leap="optional")\\n'
...                      '### END SOLUTION\\ncheck_rules(answer, multi_leap="optional")')
>>> code.metadata["nbgrader"] = {"solution": True, "grade_id": "rules"}
>>> note = new_markdown_cell("Teachers: the answers are filled in.", metadata={"tags": ["teacher-only"]})
>>> link = new_markdown_cell("Next: [play](../notebooks/04_play.ipynb)")
>>> student = student_copy(new_notebook(cells=[note, cell, code, link]))
>>> for c in student.cells:
...     print(c.source)
ask("01-culin-year")
answer = ...
check_rules(answer, multi_leap="optional")
Next: [play](04_play.ipynb)
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path


def _missing_packages(module: str, needs: str, extra: str) -> ImportError:
    """The error of a module whose optional packages are missing: what it needs them for, and the pip line.

    >>> _missing_packages("awithlaknannai.tutorial.copies", "writes notebooks and needs nbformat", "tutorial")
    ImportError("awithlaknannai.tutorial.copies writes notebooks and needs nbformat: pip install 'awithlaknannai[tutorial]'")
    """
    return ImportError(f"{module} {needs}: pip install 'awithlaknannai[{extra}]'")


try:
    import nbformat
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise _missing_packages(__name__, "writes notebooks and needs nbformat", "tutorial") from error

__all__ = ["STUB", "differences", "student_copy", "student_name", "teacher_notebooks", "write_student_copies"]

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
STUB = "answer = ..."
TEACHER_ONLY = "teacher-only"
REVEAL = "reveal"  # the cell's output answers a question: never saved in a student copy
IGNORE_OUTPUT = "nbval-ignore-output"
TEACHER_FOLDER = "teacher"  # at the top of the project, beside notebooks/
STUDENT_FOLDER = "notebooks"
# Answer boxes take the answer as their last argument (see awithlaknannai.tutorial.quiz).
ANSWER_BOXES = ("ask", "ask_move", "ask_legal_moves", "ask_outcome", "ask_puzzle")
_REGION = re.compile(r"^([ \t]*)### BEGIN SOLUTION\n.*?^[ \t]*### END SOLUTION\n?", re.DOTALL | re.MULTILINE)
# A link from a teacher copy to a student notebook: ../notebooks/NAME from teacher/, and from a
# translated teacher copy (teacher/es/) ../../notebooks/es/NAME, or ../../notebooks/NAME (English).
_UP_LINK = re.compile(r"\]\((?P<up>\.\./)?\.\./notebooks/(?P<same>[a-z]{2,3}/)?(?P<name>[^)\s/]+\.ipynb)")
_NUMBERED = re.compile(r"\d\d_.*\.ipynb")


def _student_link(link: re.Match[str]) -> str:
    """The link as the student copy, in notebooks/ (or notebooks/es/ beside teacher/es/), reads it.

    >>> _UP_LINK.sub(_student_link, "[a](../notebooks/04_play.ipynb) [b](../../notebooks/es/04_play.ipynb)")
    '[a](04_play.ipynb) [b](04_play.ipynb)'
    >>> _UP_LINK.sub(_student_link, "[c](../../notebooks/07_family_album.ipynb#top)")
    '[c](../07_family_album.ipynb#top)'
    """
    one_folder_down = link["up"] and not link["same"]  # from notebooks/es/ to an English notebook
    return f"]({'../' if one_folder_down else ''}{link['name']}"


class CopyError(ValueError):
    """A teacher copy cannot be turned into a student copy (unpaired solution markers)."""


def teacher_notebooks(folder: str | os.PathLike[str]) -> list[Path]:
    """The numbered teacher copies in ``folder`` (``NN_name.ipynb``); the teacher guide has no student copy."""
    return sorted(path for path in Path(folder).glob("*.ipynb") if _NUMBERED.fullmatch(path.name))


def student_name(teacher_path: str | os.PathLike[str]) -> Path:
    """Where the student copy of a teacher copy goes: ``notebooks/`` beside the teacher copy's folder.

    >>> student_name("teacher/03_rules.ipynb").as_posix()
    'notebooks/03_rules.ipynb'
    """
    path = Path(teacher_path)
    return path.parent.parent / STUDENT_FOLDER / path.name


def _student_source(source: str, where: str) -> str:
    if source.count(BEGIN) != 1 or source.count(END) != 1 or source.index(BEGIN) > source.index(END):
        raise CopyError(f"{where}: a solution cell needs one {BEGIN!r} followed by one {END!r}")
    rest = _REGION.sub("", source, count=1)
    box = _answer_box_call(rest)
    if box is not None:
        return box
    region = _REGION.search(source)
    if region is None:  # the markers are there, but not each on a line of its own
        raise CopyError(f"{where}: {BEGIN!r} and {END!r} must each stand on a line of their own")
    indent = region.group(1)
    if indent:  # the answer is the body of a function: it returns "no answer yet"
        stub = f"{indent}return ...\n"
    elif re.search(r"\banswer\b", rest):
        stub = f"{STUB}\n"
    else:  # the answer changes something the cell checks (a graph): nothing in its place
        stub = ""
    return _REGION.sub(lambda m: stub, source, count=1).rstrip("\n")


MAX_NESTING = (
    100  # brackets deeper than this are no answer box call: not parsed (Python's parser could exhaust memory)
)
MAX_CELL_CHARS = 100_000


def _nesting(code: str) -> int:
    """The deepest nesting of brackets in ``code`` (strings not told apart: an upper bound is enough)."""
    depth = deepest = 0
    for char in code:
        if char in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in ")]}":
            depth = max(0, depth - 1)
    return deepest


def _answer_box_call(code: str) -> str | None:
    """``ask(..., answer)`` alone in the code -> the same call without the answer; else None.

    >>> _answer_box_call("ask('02-zuni3-edges', answer)")
    "ask('02-zuni3-edges')"
    >>> _answer_box_call("x = " + "(" * 100_000 + ")" * 100_000) is None  # never parsed: too deep
    True
    """
    if len(code) > MAX_CELL_CHARS or _nesting(code) > MAX_NESTING:
        return None
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return None
    call = tree.body[0].value
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in ANSWER_BOXES):
        return None
    if not call.args or not (isinstance(call.args[-1], ast.Name) and call.args[-1].id == "answer"):
        return None
    if call.keywords:
        return None
    without = re.sub(r",?\s*\banswer\s*\)\s*$", ")", code.strip())
    return without if without != code.strip() else None


def student_copy(teacher: nbformat.NotebookNode, name: str = "notebook") -> nbformat.NotebookNode:
    """The student copy of a teacher copy: no answers, no teacher-only cells, no outputs.

    Raises
    ------
    TypeError
        If ``teacher`` is not a notebook (a dict with a list of cells).
    CopyError
        If it is a dict but not a version-4 notebook (``"nbformat": 4``).
    CopyError
        If a solution cell's markers do not pair up, or a cell is malformed
        (no ``cell_type``, a ``source`` that is not text, ``metadata`` that
        is not a dict).
    """
    _check_notebook(teacher, name)
    student = (
        copy.deepcopy(teacher) if isinstance(teacher, nbformat.NotebookNode) else nbformat.from_dict(teacher)
    )
    student.setdefault("metadata", nbformat.NotebookNode())
    for cell in student.cells:
        cell.setdefault("metadata", nbformat.NotebookNode())
    cells = []
    for index, cell in enumerate(student.cells):
        if TEACHER_ONLY in cell.metadata.get("tags", []):
            continue
        cell.metadata.pop("execution", None)
        tags = cell.metadata.get("tags", [])
        if REVEAL in tags and IGNORE_OUTPUT not in tags:
            cell.metadata["tags"] = [*tags, IGNORE_OUTPUT]  # saved empty, so nbval must not compare it
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            if cell.metadata.pop("nbgrader", {}).get("solution"):
                cell.source = _student_source(cell.source, f"{name}, cell {index}")
            elif BEGIN in cell.source or END in cell.source:
                raise CopyError(f"{name}, cell {index}: solution markers in a cell without nbgrader metadata")
        elif cell.cell_type == "markdown":
            cell.source = _UP_LINK.sub(_student_link, cell.source)
        cells.append(cell)
    student.cells = cells
    student.metadata.pop("widgets", None)
    return student


def _check_notebook(notebook: object, name: object) -> None:
    """Refuse what is not a notebook with a clear message, before any copying."""
    if not isinstance(name, str):
        raise TypeError(f"a notebook's name is a text, got {type(name).__name__}")
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise TypeError(f"student_copy takes a notebook (nbformat.read(...)), got {type(notebook).__name__}")
    if type(notebook.get("nbformat")) is not int or notebook["nbformat"] != 4:
        raise CopyError(
            f"{name[:80]}: not a version-4 notebook (no \"nbformat\": 4): read it with "
            "nbformat.read(path, as_version=4)"
        )
    if not isinstance(notebook.get("metadata", {}), dict):
        raise CopyError(f"{name[:80]}: the notebook's metadata is not a dict")
    for index, cell in enumerate(notebook["cells"]):
        where = f"{name[:80]}, cell {index}"
        if not isinstance(cell, dict):
            raise CopyError(f"{where}: a cell is a dict, got {type(cell).__name__}")
        if cell.get("cell_type") not in ("code", "markdown", "raw"):
            raise CopyError(f"{where}: cell_type is 'code', 'markdown' or 'raw'")
        if not isinstance(cell.get("source"), str):
            raise CopyError(f"{where}: the source is not text (read the notebook with nbformat.read)")
        metadata = cell.get("metadata", {})
        if (
            not isinstance(metadata, dict)
            or not isinstance(metadata.get("tags", []), list)
            or not isinstance(metadata.get("nbgrader", {}), dict)
        ):
            raise CopyError(f"{where}: the metadata (and its tags and nbgrader entries) are malformed")


def _comparable(notebook: nbformat.NotebookNode) -> list[tuple[str, str, str, dict]]:
    """What must agree between a saved student copy and a fresh one: cells, not outputs."""
    rows = []
    for cell in notebook.cells:
        metadata = {key: value for key, value in cell.metadata.items() if key != "execution"}
        rows.append((cell.get("id", ""), cell.cell_type, cell.source, metadata))
    return rows


def differences(teacher_path: str | os.PathLike[str]) -> list[str]:
    """How the saved student copy differs from the one ``teacher_path`` makes (empty: none)."""
    teacher_path = Path(teacher_path)
    target = student_name(teacher_path)
    if not target.exists():
        return [f"{target} is missing"]
    fresh = _comparable(student_copy(nbformat.read(teacher_path, as_version=4), teacher_path.name))
    saved = _comparable(nbformat.read(target, as_version=4))
    problems = []
    if len(fresh) != len(saved):
        problems.append(f"{target.name}: {len(saved)} cells, the teacher copy makes {len(fresh)}")
    for index, (want, have) in enumerate(zip(fresh, saved)):
        if want != have:
            problems.append(
                f"{target.name}, cell {index}: differs from what {teacher_path.name} makes "
                f"(saved {have[2][:60]!r}, expected {want[2][:60]!r})"
            )
    return problems


def write_student_copies(
    teacher_folder: str | os.PathLike[str],
    execute: bool = False,
    timeout: int = 600,
    only: Sequence[str] = (),
) -> list[Path]:
    """Write the student copy of every numbered teacher copy in ``teacher_folder``; optionally run each.

    A copy whose cells are already what the teacher copy makes is left as it
    is (with its outputs), unless ``execute`` asks for a fresh run. ``only``
    names the teacher copies to handle (``"03_rules.ipynb"``, or ``"03"``);
    by default, all.
    """
    written = []
    for teacher_path in teacher_notebooks(teacher_folder):
        if only and not any(
            teacher_path.name == name or teacher_path.name.startswith(f"{name}_") for name in only
        ):
            continue
        target = student_name(teacher_path)
        if not execute and not differences(teacher_path):
            continue
        student = student_copy(nbformat.read(teacher_path, as_version=4), teacher_path.name)
        if execute:
            from nbclient import NotebookClient

            NotebookClient(
                student,
                timeout=timeout,
                kernel_name="python3",
                store_widget_state=False,
                record_timing=False,
                resources={"metadata": {"path": str(target.parent)}},
            ).execute()
            student.metadata.pop("widgets", None)
            for cell in student.cells:
                if REVEAL in cell.metadata.get("tags", []):
                    cell.outputs, cell.execution_count = [], None
                elif cell.cell_type == "code":
                    cell.outputs = [o for o in cell.outputs if not _is_progress_bar(o)]
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(student, target)
        written.append(target)
    return written


_PROGRESS_TEXT = re.compile(r"^[^\n]*:\s+\d+%\|")


def _is_progress_bar(output: nbformat.NotebookNode) -> bool:
    """A progress bar's output (tqdm): saved, it would show "0%" forever in a freshly opened notebook.

    >>> from nbformat.v4 import new_output
    >>> _is_progress_bar(new_output("display_data", {"text/plain": "testing you:   0%|          | 0/12"}))
    True
    >>> _is_progress_bar(new_output("execute_result", {"text/plain": "50%|"}, execution_count=1))
    False
    """
    if output.get("output_type") != "display_data":
        return False
    text = output.get("data", {}).get("text/plain", "")
    return bool(_PROGRESS_TEXT.match("".join(text) if isinstance(text, list) else text))


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: write (and run) the student copies, or check them."""
    parser = argparse.ArgumentParser(
        prog="python -m awithlaknannai.tutorial.copies", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--teacher",
        default=TEACHER_FOLDER,
        help="the folder of teacher copies (default: teacher); the student copies go to notebooks/ beside it",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a student copy has drifted"
    )
    mode.add_argument(
        "--execute", action="store_true", help="also run each student copy and save its outputs"
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NOTEBOOK",
        help="only this teacher copy (03_rules.ipynb, or 03); may be given again",
    )
    options = parser.parse_args(argv)
    teachers = teacher_notebooks(options.teacher)
    if not teachers:
        parser.error(f"no teacher copies (NN_name.ipynb) in {options.teacher!r}")
    if options.check:
        problems = [problem for path in teachers for problem in differences(path)]
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("Run: python -m awithlaknannai.tutorial.copies --execute", file=sys.stderr)
        return 1 if problems else 0
    for path in write_student_copies(options.teacher, execute=options.execute, only=options.only):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
