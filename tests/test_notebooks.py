"""Structural checks over every tutorial notebook (nbval runs them; this reads them).

Each check names the notebook and the cell at fault, so a failure says what
to fix without opening the file.
"""

from __future__ import annotations

import os

import ast
import re
from pathlib import Path

import nbformat
import pytest

PROJECT = Path(__file__).resolve().parent.parent
NOTEBOOKS_DIR = PROJECT / "notebooks"
TEACHER_DIR = PROJECT / "teacher"
# The notebooks students open, and the teacher copies (with answers) in teacher/, outside the students' tree.
STUDENT_NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))
NOTEBOOKS = STUDENT_NOTEBOOKS + sorted(TEACHER_DIR.glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# A notebook holds narrative and calls into the package, never game logic: no
# function that generates, checks or plays moves is defined in a notebook.
GAME_LOGIC_DEF = re.compile(
    r"^\s*def\s+\w*(legal|move|leap|capture|step|jump|generat|perft|outcome|winner|search|minimax|negamax)\w*\s*\(",
    re.IGNORECASE | re.MULTILINE,
)
PLAYER_DEF = re.compile(r"^def choose_move\(position\):", re.MULTILINE)
MARKDOWN_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)]*)\)")
HTML_IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
NOTEBOOK_LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)(#[^)]*)?\)")


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _where(path: Path, index: int) -> str:
    return f"{path.relative_to(PROJECT)}, cell {index}"


def _id(path: Path) -> str:
    return str(path.relative_to(PROJECT))


def test_notebooks_exist() -> None:
    names = {path.name for path in NOTEBOOKS}
    for expected in (
        "00_start_here.ipynb",
        "03_rules.ipynb",
        "04_play.ipynb",
        "05_puzzles.ipynb",
        "06_variants_lab.ipynb",
        "play.ipynb",
    ):
        assert expected in names, f"notebooks/{expected} is missing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_valid_nbformat_and_python3_kernel(path: Path) -> None:
    notebook = _read(path)
    nbformat.validate(notebook)
    assert notebook.metadata.get("kernelspec", {}).get("name") == "python3", (
        f"{path.name}: kernel must be python3"
    )
    ids = [cell.get("id") for cell in notebook.cells]
    assert len(ids) == len(set(ids)), f"{path.name}: cell ids are not unique"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_no_saved_widget_state(path: Path) -> None:
    notebook = _read(path)
    assert "widgets" not in notebook.metadata, f"{path.name}: widget state saved in metadata.widgets"
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            assert WIDGET_STATE not in output.get("data", {}), (
                f"{_where(path, index)}: widget state in an output"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_no_error_outputs(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", (
                f"{_where(path, index)}: saved error {output.get('ename')}: {output.get('evalue')}"
            )
            if output.get("output_type") == "stream":
                assert output.get("name") != "stderr" or "Warning" not in output.get("text", ""), (
                    f"{_where(path, index)}: a warning was saved: {output.get('text', '')[:200]}"
                )


IGNORE_TAG = "nbval-ignore-output"


def _is_answer_box(output: dict) -> bool:
    """An answer box (awithlaknannai.tutorial.quiz): its plain-text form is the same on every run."""
    return str(output.get("data", {}).get("text/plain", "")).startswith("Answer box (")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_widget_views_are_not_compared(path: Path) -> None:
    """A widget's saved output (its text form may change between runs) must be tagged for nbval to ignore,
    except an answer box, whose text form (the answer and the verdict) nbval compares."""
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        widgets = [output for output in cell.get("outputs", []) if WIDGET_VIEW in output.get("data", {})]
        if widgets and not all(_is_answer_box(output) for output in widgets):
            assert IGNORE_TAG in cell.metadata.get("tags", []), (
                f"{_where(path, index)}: shows a widget but has no {IGNORE_TAG!r} tag"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_no_test_configuration_in_what_students_read(path: Path) -> None:
    """nbval reads cell tags; a # NBVAL_... comment would be one more line of test set-up for students to read."""
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        assert "NBVAL_" not in cell.source, (
            f"{_where(path, index)}: an nbval comment; use the cell tag {IGNORE_TAG!r}"
        )
    assert not list(NOTEBOOKS_DIR.glob("*.cfg")), "nbval configuration belongs in tests/, not notebooks/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_outputs_are_ignored_only_for_a_reason(path: Path) -> None:
    """Facts are compared by nbval: a cell may skip the comparison only if it shows a widget,
    or if its first line is a comment saying why its output changes."""
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or IGNORE_TAG not in cell.metadata.get("tags", []):
            continue
        shows_widget = any(WIDGET_VIEW in output.get("data", {}) for output in cell.get("outputs", []))
        # "reveal": the student copy keeps no output, as the output answers the question before it
        explained = cell.source.lstrip().startswith("#") or "reveal" in cell.metadata.get("tags", [])
        assert shows_widget or explained, (
            f"{_where(path, index)}: output ignored by nbval without a widget or a reason (start with a comment)"
        )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
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
            assert source.index("### BEGIN SOLUTION") < source.index("### END SOLUTION"), (
                f"{where}: END before BEGIN"
            )
            assert cell.cell_type == "code", f"{where}: solution markers in a {cell.cell_type} cell"
            assert meta, f"{where}: solution markers but no nbgrader metadata"
        if meta:
            assert meta.get("solution") is True and meta.get("grade") is False, f"{where}: nbgrader flags"
            assert meta.get("locked") is False and meta.get("schema_version") == 3, f"{where}: nbgrader flags"
            assert meta.get("grade_id"), f"{where}: nbgrader grade_id missing"
            assert begins, f"{where}: nbgrader solution cell without BEGIN/END SOLUTION markers"
            grade_ids.append(meta["grade_id"])
    assert len(grade_ids) == len(set(grade_ids)), f"{path.name}: nbgrader grade_ids repeat: {grade_ids}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
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
                assert re.search(r"<title[^>]*>[^<]+</title>", text), (
                    f"{where}: an SVG picture without a <title>"
                )
            if "image/png" in output.get("data", {}):
                assert "text/plain" in output["data"], f"{where}: a PNG picture without a text description"
            html = output.get("data", {}).get("text/html")
            for tag in HTML_IMAGE.findall("".join(html) if isinstance(html, list) else html or ""):
                assert re.search(r'\balt="[^"]+"', tag), f"{where}: an HTML image (Picture?) without alt text"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_no_sys_path_tricks_and_no_game_logic(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        where = _where(path, index)
        assert "sys.path" not in cell.source, f"{where}: sys.path tricks; install the package instead"
        assert "PYTHONPATH" not in cell.source, f"{where}: PYTHONPATH tricks; install the package instead"
        source = cell.source
        if notebook.metadata.get("awithlaknannai", {}).get("writes_players"):
            # Notebook 08 is where students write a player: its choose_move is their work, not ours.
            source = PLAYER_DEF.sub("", source)
        match = GAME_LOGIC_DEF.search(source)
        assert match is None, f"{where}: defines game logic ({match.group(0).strip()}); put it in the package"
        assert "generate_raw" not in cell.source and "_after_raw" not in cell.source, (
            f"{where}: uses the move generator's internals"
        )


# With the Spanish and French copies (notebooks/es/, teacher/fr/, ...), whose links are rewritten.
LINKING_NOTEBOOKS = (
    NOTEBOOKS + sorted(NOTEBOOKS_DIR.glob("*/*.ipynb")) + sorted(TEACHER_DIR.glob("*/*.ipynb"))
)


@pytest.mark.parametrize("path", LINKING_NOTEBOOKS, ids=_id)
def test_links_between_notebooks_resolve(path: Path) -> None:
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            for target, _ in NOTEBOOK_LINK.findall(cell.source):
                if "://" in target:
                    continue
                assert (path.parent / target).exists(), f"{_where(path, index)}: link to missing {target}"
                if path.is_relative_to(NOTEBOOKS_DIR):
                    # A student notebook's link stays inside notebooks/: a class's copy of the folder
                    # (`notebooks DIR`) and the Lite site hold nothing above it.
                    inside = os.path.normpath(os.path.join(path.parent.relative_to(NOTEBOOKS_DIR), target))
                    assert not inside.startswith(".."), f"{_where(path, index)}: {target} leaves notebooks/"


def test_readme_lists_existing_notebooks() -> None:
    readme = NOTEBOOKS_DIR / "README.md"
    assert readme.exists(), "notebooks/README.md (the map of the notebooks) is missing"
    linked = {target for target, _ in NOTEBOOK_LINK.findall(readme.read_text(encoding="utf-8"))}
    assert linked, "notebooks/README.md links to no notebook"
    for target in linked:
        assert (NOTEBOOKS_DIR / target).exists(), f"notebooks/README.md links to missing {target}"
    for path in STUDENT_NOTEBOOKS:
        assert path.name in linked, f"notebooks/README.md does not list {path.name}"
    assert not any("teacher" in target for target in linked), "notebooks/README.md links teacher material"


def test_start_here_first_widget_is_a_mosona_game() -> None:
    """The browser test clicks the first game widget in 00; it must be a GameWidget for mosona standard."""
    notebook = _read(NOTEBOOKS_DIR / "00_start_here.ipynb")
    calls = [
        node
        for cell in notebook.cells
        if cell.cell_type == "code"
        for node in sorted(
            (
                n
                for n in ast.walk(ast.parse(_python_only(cell.source)))
                if isinstance(n, ast.Call) and getattr(n.func, "id", "").endswith("Widget")
            ),
            key=lambda n: (n.lineno, n.col_offset),
        )
    ]
    games = [call for call in calls if call.func.id == "GameWidget"]
    assert games, "00_start_here has no game widget"
    first = games[0]
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
                f"00's first game: {name} should be {wanted!r}, is {ast.unparse(value)}"
            )


def _python_only(source: str) -> str:
    """A cell's source without IPython magics, so that ast can read it."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def test_play_page_is_the_widget_alone() -> None:
    """The Voila page: a markdown title and one code cell that shows the game widget."""
    notebook = _read(NOTEBOOKS_DIR / "play.ipynb")
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds.count("code") == 1, f"play.ipynb should have one code cell, has {kinds.count('code')}"
    assert kinds[0] == "markdown" and notebook.cells[0].source.lstrip().startswith("#"), (
        "play.ipynb needs a title"
    )
    (code,) = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert "GameWidget(" in code.source


# The student copies (generated from teacher/) are tested in tests/test_tutorial_notebooks.py.


def test_selfplay_results_side_by_side_have_one_column_per_batch() -> None:
    """06 shows its results side by side: a measure per row, so the table stays narrow."""
    from awithlaknannai.analysis.selfplay import SelfplayTable, selfplay_statistics

    batches = [
        selfplay_statistics("zuni-3", rules, players="random", games=2, seed=0)
        for rules in ("standard", "ludii")
    ]
    view = SelfplayTable(batches).side_by_side()
    first_row = view._repr_html_().split("</tr>")[0]
    assert first_row.count("<th>") == 3  # the measure, then one column per batch
    assert str(view).splitlines()[1].split()[-2:] == ["standard", "ludii"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_saved_pictures_show_in_an_untrusted_notebook(path: Path) -> None:
    """JupyterLab draws no saved ``image/svg+xml`` in a notebook it does not trust (a freshly opened
    one): every saved picture must be a Picture (an ``<img>`` in HTML, with alt text)."""
    notebook = _read(path)
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            assert "image/svg+xml" not in data or "<img" in data.get("text/html", ""), (
                f"{_where(path, index)}: a bare SVG output shows as text until the notebook is run; use Picture"
            )
            assert "display.SVG object" not in data.get("text/plain", ""), (
                f"{_where(path, index)}: an SVG object"
            )


# --- the controls a notebook names exist ---------------------------------------------------

# Names the notebooks may give that are JupyterLab's own, not the widgets'.
JUPYTERLAB_NAMES = {
    "Shift + Enter",
    "Delete",
    "Run",
    "Kernel",
    "Restart Kernel and Clear Outputs",
    "Code",
    "Download ZIP",
}
BOLD = re.compile(r"\*\*([^*]+)\*\*")
CONTROL_WORDS = re.compile(r"\b(press|click|button|menu|box|tick|choose|pick)\b", re.IGNORECASE)


def _control_names() -> set[str]:
    """Every name a student can see on the game widget and an answer box (buttons, menus, boxes)."""
    import ipywidgets as widgets

    from awithlaknannai.tutorial.challenge_board import ChallengeBoard
    from awithlaknannai.tutorial.challenges import Challenge, capture
    from awithlaknannai.tutorial.quiz import ask
    from awithlaknannai.widgets import GameWidget

    two = [
        Challenge("mosona standard ......../...bb..b./b.w...w. w 0", capture(n), f"Take {n}") for n in (1, 2)
    ]
    names: set[str] = set()
    # The teacher's upload box, with a clash waiting for a choice (its Replace and Keep both buttons).
    import tempfile

    from awithlaknannai.widgets.collect import CollectPlayers

    box = CollectPlayers(Path(tempfile.mkdtemp()) / "players")
    for version in (b"", b"# newer"):
        box.receive(
            [("ada.py", b"def choose_move(position):\n    return position.legal_moves()[0]\n" + version)]
        )
    stack: list[object] = [
        GameWidget("mosona", animate=False),
        ask("02-zuni3-edges"),
        ChallengeBoard(two, animate=False),
        box,
    ]
    while stack:
        widget = stack.pop()
        for attribute in ("description", "placeholder"):
            value = getattr(widget, attribute, "")
            if isinstance(value, str) and value:
                names.add(value.split(":")[0].strip())
        if isinstance(widget, widgets.Dropdown):
            names.update(
                str(option[0]) if isinstance(option, tuple) else str(option) for option in widget.options
            )
        stack.extend(getattr(widget, "children", ()))
    return names


def test_the_controls_a_notebook_names_exist() -> None:
    """A notebook that says "press Latest" or "the slider" must match the screen (issue 15)."""
    controls = _control_names()
    assert {
        "Undo",
        "Redo",
        "Start",
        "Back",
        "Forward",
        "Latest",
        "Move number",
        "Opponent",
        "Check",
        "Hint",
        "New game",
    } <= controls, controls
    for path in NOTEBOOKS:
        for index, cell in enumerate(_read(path).cells):
            if cell.cell_type != "markdown":
                continue
            text = cell.source
            assert not re.search(r"\bslider\b|\bdrag\b", text, re.IGNORECASE), (
                f"{_where(path, index)}: names a slider, which the widgets do not have"
            )
            for sentence in re.split(r"(?<=[.!?:])\s+", text):
                if not CONTROL_WORDS.search(sentence):
                    continue
                for name in BOLD.findall(sentence):
                    if name[:1].isupper() and len(name.split()) <= 3 and not name.endswith((":", "?", ".")):
                        # A button may carry a file's name after its own: "Replace ada.py".
                        named = name in controls or any(c.startswith(name + " ") for c in controls)
                        assert named or name in JUPYTERLAB_NAMES, (
                            f"{_where(path, index)}: names the control {name!r}, which is not on screen"
                        )


def test_the_widgets_status_lines_name_no_slider() -> None:
    import ast

    for path in (PROJECT / "awithlaknannai" / "widgets").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and not node.value.startswith('"""')
            ):
                assert "move the slider" not in node.value and "drag the slider" not in node.value, path.name
