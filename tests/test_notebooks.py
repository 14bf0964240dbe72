"""Structural checks over every tutorial notebook (nbval runs them; this reads them).

Each check names the notebook and the cell at fault, so a failure says what
to fix without opening the file.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# A notebook holds narrative and calls into the package, never game logic: no
# function that generates, checks or plays moves is defined in a notebook.
GAME_LOGIC_DEF = re.compile(
    r"^\s*def\s+\w*(legal|move|leap|capture|step|jump|generat|perft|outcome|winner|search|minimax|negamax)\w*\s*\(",
    re.IGNORECASE | re.MULTILINE,
)
MARKDOWN_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)]*)\)")
HTML_IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
NOTEBOOK_LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)(#[^)]*)?\)")


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _where(path: Path, index: int) -> str:
    return f"{path.name}, cell {index}"


def test_notebooks_exist() -> None:
    names = {path.name for path in NOTEBOOKS}
    for expected in ("00_start_here.ipynb", "03_rules.ipynb", "04_play.ipynb", "05_puzzles.ipynb",
                     "06_variants_lab.ipynb", "play.ipynb"):
        assert expected in names, f"notebooks/{expected} is missing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_valid_nbformat_and_python3_kernel(path: Path) -> None:
    notebook = _read(path)
    nbformat.validate(notebook)
    assert notebook.metadata.get("kernelspec", {}).get("name") == "python3", f"{path.name}: kernel must be python3"
    ids = [cell.get("id") for cell in notebook.cells]
    assert len(ids) == len(set(ids)), f"{path.name}: cell ids are not unique"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_saved_widget_state(path: Path) -> None:
    notebook = _read(path)
    assert "widgets" not in notebook.metadata, f"{path.name}: widget state saved in metadata.widgets"
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            assert WIDGET_STATE not in output.get("data", {}), f"{_where(path, index)}: widget state in an output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_error_outputs(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", (
                f"{_where(path, index)}: saved error {output.get('ename')}: {output.get('evalue')}")
            if output.get("output_type") == "stream":
                assert output.get("name") != "stderr" or "Warning" not in output.get("text", ""), (
                    f"{_where(path, index)}: a warning was saved: {output.get('text', '')[:200]}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_widget_views_are_not_compared(path: Path) -> None:
    """A widget's saved output (its text form holds model ids) must be marked for nbval to ignore."""
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        shows_widget = any(WIDGET_VIEW in output.get("data", {}) for output in cell.get("outputs", []))
        if shows_widget:
            assert "NBVAL_IGNORE_OUTPUT" in cell.source or "nbval-ignore-output" in cell.metadata.get("tags", []), (
                f"{_where(path, index)}: shows a widget but is not marked # NBVAL_IGNORE_OUTPUT")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_are_ignored_only_for_a_reason(path: Path) -> None:
    """Facts are compared by nbval: a cell may skip the comparison only if it shows a widget,
    or if the comment line after the marker says why its output changes."""
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or "NBVAL_IGNORE_OUTPUT" not in cell.source:
            continue
        shows_widget = any(WIDGET_VIEW in output.get("data", {}) for output in cell.get("outputs", []))
        lines = cell.source.splitlines()
        marker = next(i for i, line in enumerate(lines) if "NBVAL_IGNORE_OUTPUT" in line)
        explained = marker + 1 < len(lines) and lines[marker + 1].lstrip().startswith("#")
        assert shows_widget or explained, (
            f"{_where(path, index)}: output ignored by nbval without a widget or a reason (add a comment line)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_nbgrader_solution_cells(path: Path) -> None:
    notebook = _read(path)
    grade_ids: list[str] = []
    for index, cell in enumerate(notebook.cells):
        source = cell.source
        begins, ends = source.count("### BEGIN SOLUTION"), source.count("### END SOLUTION")
        meta = cell.metadata.get("nbgrader")
        where = _where(path, index)
        assert begins == ends, f"{where}: {begins} BEGIN SOLUTION but {ends} END SOLUTION markers"
        if begins:
            assert source.index("### BEGIN SOLUTION") < source.index("### END SOLUTION"), f"{where}: END before BEGIN"
            assert cell.cell_type == "code", f"{where}: solution markers in a {cell.cell_type} cell"
            assert meta, f"{where}: solution markers but no nbgrader metadata"
        if meta:
            assert meta.get("solution") is True and meta.get("grade") is False, f"{where}: nbgrader flags"
            assert meta.get("locked") is False and meta.get("schema_version") == 3, f"{where}: nbgrader flags"
            assert meta.get("grade_id"), f"{where}: nbgrader grade_id missing"
            assert begins, f"{where}: nbgrader solution cell without BEGIN/END SOLUTION markers"
            grade_ids.append(meta["grade_id"])
    assert len(grade_ids) == len(set(grade_ids)), f"{path.name}: nbgrader grade_ids repeat: {grade_ids}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_image_has_alt_text(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        where = _where(path, index)
        if cell.cell_type == "markdown":
            for alt, src in MARKDOWN_IMAGE.findall(cell.source):
                assert alt.strip(), f"{where}: image {src} has no alt text"
            for tag in HTML_IMAGE.findall(cell.source):
                assert re.search(r'\balt="[^"]+"', tag), f"{where}: {tag} has no alt text"
        for output in cell.get("outputs", []):
            svg = output.get("data", {}).get("image/svg+xml")
            if svg:
                text = "".join(svg) if isinstance(svg, list) else svg
                assert re.search(r"<title[^>]*>[^<]+</title>", text), f"{where}: an SVG picture without a <title>"
            if "image/png" in output.get("data", {}):
                assert "text/plain" in output["data"], f"{where}: a PNG picture without a text description"
            html = output.get("data", {}).get("text/html")
            for tag in HTML_IMAGE.findall("".join(html) if isinstance(html, list) else html or ""):
                assert re.search(r'\balt="[^"]+"', tag), f"{where}: an HTML image (Picture?) without alt text"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_sys_path_tricks_and_no_game_logic(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        where = _where(path, index)
        assert "sys.path" not in cell.source, f"{where}: sys.path tricks; install the package instead"
        assert "PYTHONPATH" not in cell.source, f"{where}: PYTHONPATH tricks; install the package instead"
        match = GAME_LOGIC_DEF.search(cell.source)
        assert match is None, f"{where}: defines game logic ({match.group(0).strip()}); put it in the package"
        assert "generate_raw" not in cell.source and "_after_raw" not in cell.source, (
            f"{where}: uses the move generator's internals")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_links_between_notebooks_resolve(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            for target, _ in NOTEBOOK_LINK.findall(cell.source):
                if "://" in target:
                    continue
                assert (path.parent / target).exists(), f"{_where(path, index)}: link to missing {target}"


def test_readme_lists_existing_notebooks() -> None:
    readme = NOTEBOOKS_DIR / "README.md"
    assert readme.exists(), "notebooks/README.md (the map of the notebooks) is missing"
    linked = {target for target, _ in NOTEBOOK_LINK.findall(readme.read_text(encoding="utf-8"))}
    assert linked, "notebooks/README.md links to no notebook"
    for target in linked:
        assert (NOTEBOOKS_DIR / target).exists(), f"notebooks/README.md links to missing {target}"
    for path in NOTEBOOKS:
        assert path.name in linked, f"notebooks/README.md does not list {path.name}"


def test_start_here_first_widget_is_a_mosona_game() -> None:
    """The browser test clicks the first board widget in 00; it must be a GameWidget for mosona standard."""
    notebook = _read(NOTEBOOKS_DIR / "00_start_here.ipynb")
    calls = [node for cell in notebook.cells if cell.cell_type == "code"
             for node in sorted((n for n in ast.walk(ast.parse(_python_only(cell.source)))
                                 if isinstance(n, ast.Call) and getattr(n.func, "id", "").endswith("Widget")),
                                key=lambda n: (n.lineno, n.col_offset))]
    assert calls, "00_start_here has no widget"
    first = calls[0]
    assert first.func.id == "GameWidget", f"the first widget in 00_start_here is a {first.func.id}"
    arguments = {keyword.arg: keyword.value for keyword in first.keywords}
    if first.args:
        arguments["variant"] = first.args[0]
    if len(first.args) > 1:
        arguments["rules"] = first.args[1]
    assert "game" not in arguments, "00's first game must start from the start position"
    for name, wanted in (("variant", "mosona"), ("rules", "standard")):
        if name in arguments:
            value = arguments[name]
            assert isinstance(value, ast.Constant) and value.value == wanted, (
                f"00's first game: {name} should be {wanted!r}, is {ast.unparse(value)}")


def _python_only(source: str) -> str:
    """A cell's source without IPython magics, so that ast can read it."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def test_play_page_is_the_widget_alone() -> None:
    """The Voila page: a markdown title and one code cell that shows the game widget."""
    notebook = _read(NOTEBOOKS_DIR / "play.ipynb")
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds.count("code") == 1, f"play.ipynb should have one code cell, has {kinds.count('code')}"
    assert kinds[0] == "markdown" and notebook.cells[0].source.lstrip().startswith("#"), "play.ipynb needs a title"
    (code,) = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert "GameWidget(" in code.source


# --- the student copy ------------------------------------------------------------------
# nbgrader replaces each solution with a stub; notebooks/README.md configures the stub as
# `answer = ...`, which every check reads as "no answer yet". The student copy must then run
# top to bottom without an error, and each exercise must wait for its answer.

SOLUTION_REGION = re.compile(r"### BEGIN SOLUTION\n.*?### END SOLUTION", re.DOTALL)
STUDENT_STUB = "answer = ...  # YOUR ANSWER HERE"
OWN_EXERCISE_NOTEBOOKS = ["03_rules.ipynb", "05_puzzles.ipynb", "06_variants_lab.ipynb"]


def _student_copy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    copy = nbformat.from_dict(notebook)
    for cell in copy.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            if cell.metadata.get("nbgrader", {}).get("solution"):
                cell.source = SOLUTION_REGION.sub(STUDENT_STUB, cell.source)
    return copy


@pytest.mark.parametrize("name", OWN_EXERCISE_NOTEBOOKS)
def test_student_copy_runs_and_waits_for_answers(name: str) -> None:
    from nbclient import NotebookClient

    path = NOTEBOOKS_DIR / name
    if not path.exists():
        pytest.fail(f"notebooks/{name} is missing")
    student = _student_copy(_read(path))
    exercises = [cell for cell in student.cells if cell.metadata.get("nbgrader", {}).get("solution")]
    assert exercises, f"{name} has no exercise"
    NotebookClient(student, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS_DIR)}}).execute()
    for index, cell in enumerate(student.cells):
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", (
                f"student copy of {name}, cell {index}: {output.get('ename')}: {output.get('evalue')}")
    for cell in exercises:
        shown = " ".join(" ".join(map(str, output.get("data", {}).values())) + str(output.get("text", ""))
                         for output in cell.outputs)
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        assert "No answer yet" in shown, (
            f"student copy of {name}, exercise {grade_id}: the check did not wait for an answer: {shown[:200]!r}")
