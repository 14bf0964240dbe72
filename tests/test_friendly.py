"""A student's slip gives one plain sentence, from the first cell run, in the tutorial's notebooks only.

The shell here is a real IPython shell running cells, as a kernel does; the
extension is loaded the way the installed IPython config file loads it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("IPython")
from IPython.core.interactiveshell import InteractiveShell

from awithlaknannai.tutorial import friendly

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch):
    # IPython puts its own module in sys.modules["__main__"]: the rest of the test run gets it back.
    monkeypatch.setitem(sys.modules, "__main__", sys.modules["__main__"])
    shell = InteractiveShell.instance()
    shell.set_custom_exc((), None)
    yield shell
    shell.set_custom_exc((), None)
    shell.reset()
    InteractiveShell.clear_instance()


def run(shell: InteractiveShell, code: str, capsys: pytest.CaptureFixture[str]) -> str:
    shell.run_cell(code, store_history=False)
    captured = capsys.readouterr()
    return captured.out + captured.err


SLIPS = [
    (
        "from awithlaknannai import Rules\nRules(compulsory_captur=False)",
        "Rules has no setting called compulsory_captur: did you mean compulsory_capture?",
    ),
    ('from awithlaknannai import Rules\nRules(multi_leap="None")', "That did not work: "),
    ('ask("01-culin-year")', "ask comes from the awithlaknannai package"),
    ("answer = b", 'put it in quotation marks: "b"'),
    (
        'from awithlaknannai.widgets import GameWidget\nGameWidget("mosona", oponent="casual")',
        "GameWidget has no setting called oponent: did you mean opponent?",
    ),
    ('from awithlaknannai import Position\nPosition.start("mosona").play("B3-M5")', "That did not work: "),
]


PLAYER_SLIPS = [
    (
        "def choose_move(position)\n    return position.legal_moves()[0]",
        "Line 1 (def choose_move(position)): a : is missing at the end of the line",
    ),
    (
        "def choose_move(position):\n    for move in position.legal_moves()\n        return move",
        "Line 2 (for move in position.legal_moves()): a : is missing at the end of the line",
    ),
    (
        "def choose_move(position):\n    moves = list(position.legal_moves()\n    return moves[0]",
        "Line 2 (moves = list(position.legal_moves()): a ( is opened here and never closed: add its )",
    ),
    (
        "def choose_move(position):\nreturn position.legal_moves()[0]",
        "Line 2 (return position.legal_moves()[0]): this line should start further right than line 1",
    ),
    (
        "def choose_move(position):\n    me = position.turn\n        return 1",
        "Line 3 (return 1): this line starts further right than it should",
    ),
    ("name = 'Ada\n", "Line 1 (name = 'Ada): a text in quotation marks is not closed"),
    (
        "def choose_move(position):\n    if position.turn = 1:\n        return 1",
        "to compare two things write ==; a single = stores a value",
    ),
    ("x = 3 *\n", "Line 1: Python cannot read this line (invalid syntax)"),
]


@pytest.mark.parametrize("code,sentence", SLIPS + PLAYER_SLIPS)
def test_a_slip_gives_one_sentence_and_no_traceback(shell, capsys, code, sentence):
    # A cell Python cannot read (PLAYER_SLIPS) names its line, without SyntaxError or the ^ under it.
    friendly.friendly_errors(shell)
    shown = run(shell, code, capsys)
    assert sentence in shown.replace("`", ""), shown
    assert not any(word in shown for word in ("Traceback", "File ", "SyntaxError", "^")), shown
    assert len(shown.strip().splitlines()) <= 2, shown


def test_a_syntax_error_without_friendly_errors_or_inside_the_package_keeps_its_traceback(shell, capsys):
    shown = run(shell, "def choose_move(position)\n    return 1", capsys)
    assert "SyntaxError" in shown and "Line 1" not in shown
    friendly.friendly_errors(shell)
    # A player's file that Python cannot read, compiled inside the package, is the package's business.
    # A function whose module is in the package compiles some code that is not Python.
    shown = run(
        shell,
        'namespace = {"__name__": "awithlaknannai.reader"}\n'
        'exec("def read():\\n    compile(\'def f(:\', \'player.py\', \'exec\')", namespace)\n'
        'namespace["read"]()',
        capsys,
    )
    assert "SyntaxError" in shown and "invalid syntax" in shown and "Not yet" not in shown, shown


def test_a_bug_in_the_students_own_code_keeps_its_traceback(shell, capsys):
    friendly.friendly_errors(shell)
    shown = run(shell, "def f(x):\n    return int('seven')\nf(1)", capsys)
    assert "Traceback" in shown or "ValueError" in shown and "invalid literal" in shown
    assert "That did not work" not in shown


def test_a_feature_without_its_optional_package_says_so_in_one_line(shell, capsys, monkeypatch):
    """As in a JupyterLite site, where there is no matplotlib: the chart says what it needs."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    friendly.friendly_errors(shell)
    # (A histogram: the bar charts show their numbers as a table instead, see test_picture.)
    shown = run(
        shell,
        "from awithlaknannai.analysis.plots import length_histograms\n"
        "from awithlaknannai.analysis.selfplay import selfplay_statistics\n"
        "length_histograms([selfplay_statistics('zuni-3', games=2, seed=1)])",
        capsys,
    )
    # Information, not a verdict: nothing was wrong with the student's cell.
    assert "Drawing a chart needs matplotlib, which this Python does not have" in shown.replace("`", ""), (
        shown
    )
    assert "Not yet" not in shown and "That did not work" not in shown, shown
    assert "Traceback" not in shown and len(shown.strip().splitlines()) <= 2, shown
    # A notebook's own chart code (02's growth chart) importing matplotlib: the same kind of line.
    shown = run(shell, "import matplotlib.pyplot as plt", capsys)
    assert "This cell needs matplotlib, which this Python does not have" in shown.replace("`", ""), shown
    assert "Not yet" not in shown and "That did not work" not in shown, shown
    assert "Traceback" not in shown and len(shown.strip().splitlines()) <= 2, shown
    try:
        import matplotlib.pyplot  # noqa: F401
    except ImportError as error:
        note = friendly.explain_error(error)
    assert note is not None and note.status == "info"
    assert '<span aria-hidden="true">\u2139</span></strong> This cell needs matplotlib' in note._repr_html_()
    assert "Not yet" not in note._repr_html_()
    # An import failing inside the package is a bug: it keeps its traceback.
    shown = run(shell, "import awithlaknannai.no_such_module", capsys)
    assert "ModuleNotFoundError" in shown and "That did not work" not in shown
    # Any other missing module keeps its traceback too (a typo in a name shows where).
    shown = run(shell, "import no_such_module_here", capsys)
    assert "ModuleNotFoundError" in shown and "That did not work" not in shown


def notebook(tmp_path: Path, metadata: dict) -> Path:
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps({"cells": [], "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}))
    return path


def test_the_extension_acts_only_in_notebooks_that_ask_for_it(shell, capsys, tmp_path, monkeypatch):
    ours = notebook(tmp_path, {"awithlaknannai": {"friendly_errors": True}})
    monkeypatch.setenv("JPY_SESSION_NAME", str(ours))
    friendly.load_ipython_extension(shell)
    assert "quotation marks" in run(shell, "answer = b", capsys)

    shell.set_custom_exc((), None)
    other = notebook(tmp_path, {"kernelspec": {"name": "python3"}})
    monkeypatch.setenv("JPY_SESSION_NAME", str(other))
    friendly.load_ipython_extension(shell)
    assert "NameError" in run(shell, "answer = b", capsys)
    assert shell.custom_exceptions == ()


@pytest.mark.parametrize("path", [None, "", "/no/such.ipynb", "notes.txt"])
def test_unreadable_session_paths_mean_no_friendly_errors(path):
    assert friendly.notebook_wants_friendly_errors(path) is False


def test_a_broken_notebook_file_means_no_friendly_errors(tmp_path):
    broken = tmp_path / "broken.ipynb"
    broken.write_text("{not json")
    assert friendly.notebook_wants_friendly_errors(broken) is False
    listed = tmp_path / "list.ipynb"
    listed.write_text("[1, 2]")
    assert friendly.notebook_wants_friendly_errors(listed) is False


def test_the_installed_ipython_config_loads_the_extension():
    """The file pyproject installs into {sys.prefix}/etc/ipython names this module's extension."""
    from traitlets.config import Config

    config = Config()
    text = (PROJECT / "jupyter-config" / "etc" / "ipython" / "ipython_kernel_config.py").read_text()
    exec(compile(text, "ipython_kernel_config.py", "exec"), {"get_config": lambda: config})  # noqa: S102
    extensions = config.InteractiveShellApp.extensions.get_value([])
    assert extensions == ["awithlaknannai.tutorial.friendly"]
    pyproject = (PROJECT / "pyproject.toml").read_text()
    assert '"etc/ipython" = ["jupyter-config/etc/ipython/ipython_kernel_config.py"]' in pyproject


def test_the_install_command_writes_the_wheels_config_where_ipython_kernels_read_it():
    """An editable install has no data files: the command writes the same config, in the folder IPython reads."""
    from IPython.core.application import ENV_CONFIG_DIRS

    wheel_file = PROJECT / "jupyter-config" / "etc" / "ipython" / "ipython_kernel_config.py"
    assert friendly.KERNEL_CONFIG == wheel_file.read_text()
    assert str(friendly.kernel_config_path().parent) in ENV_CONFIG_DIRS  # this environment's kernels read it


def _extensions(path: Path) -> list[str]:
    from traitlets.config import Config

    config = Config()
    exec(compile(path.read_text(), str(path), "exec"), {"get_config": lambda: config})  # noqa: S102
    return config.InteractiveShellApp.extensions.get_value([])


def test_the_install_command_writes_keeps_and_does_not_repeat(tmp_path, capsys):
    path = friendly.kernel_config_path(tmp_path)
    assert friendly.main(["--check", "--prefix", str(tmp_path)]) == 1
    assert "--install" in capsys.readouterr().out
    assert friendly.main(["--install", "--prefix", str(tmp_path)]) == 0
    assert "Wrote" in capsys.readouterr().out
    assert _extensions(path) == ["awithlaknannai.tutorial.friendly"]
    assert friendly.main(["--check", "--prefix", str(tmp_path)]) == 0
    assert friendly.install_kernel_config(tmp_path).startswith("Nothing to do")
    assert _extensions(path) == ["awithlaknannai.tutorial.friendly"]  # not twice

    other = tmp_path / "other"
    mine = friendly.kernel_config_path(other)
    mine.parent.mkdir(parents=True)
    mine.write_text('c = get_config()  # noqa: F821\nc.InteractiveShellApp.extensions.append("autoreload")\n')
    assert friendly.install_kernel_config(other).startswith("Added")
    assert _extensions(mine) == ["autoreload", "awithlaknannai.tutorial.friendly"]


def test_every_tutorial_notebook_asks_for_friendly_errors():
    paths = [*PROJECT.glob("teacher/*.ipynb"), *PROJECT.glob("notebooks/0*.ipynb")]
    assert len(paths) >= 14
    for path in paths:
        assert friendly.notebook_wants_friendly_errors(path), path.name


# A function of the package's own code (its module is in the package) with a bug in it: Python, not
# the package, raises the error. Issue 26: these became "Not yet. That did not work: ..." with no traceback.
PACKAGE_BUGS = [
    ("def helper(x):\n    return len(x)", "helper(None)", "TypeError", "has no len()"),
    ("def helper(x):\n    return x + undefined_name", "helper(1)", "NameError", "undefined_name"),
    ("def helper(x):\n    return int(x)", "helper('seven')", "ValueError", "invalid literal"),
    ("def helper(x):\n    return sorted([x, 'a'])", "helper(1)", "TypeError", "not supported"),
]


@pytest.mark.parametrize("definition,call,kind,words", PACKAGE_BUGS)
def test_an_error_python_raises_inside_the_package_keeps_its_traceback(
    shell, capsys, definition, call, kind, words
):
    friendly.friendly_errors(shell)
    shown = run(
        shell,
        f'namespace = {{"__name__": "awithlaknannai.helpers"}}\nexec({definition!r}, namespace)\n'
        f'namespace[{call.split("(")[0]!r}]({call.split("(", 1)[1][:-1]})',
        capsys,
    )
    assert kind in shown and words in shown and "Traceback" in shown, shown
    assert "Not yet" not in shown and "That did not work" not in shown, shown
    # And %tb shows it again, whole.
    again = run(shell, "%tb", capsys)
    assert kind in again and "No traceback available" not in again, again


def test_a_refusal_the_package_words_itself_is_one_line_and_tb_still_finds_it(shell, capsys):
    friendly.friendly_errors(shell)
    shown = run(shell, 'from awithlaknannai.tutorial.challenges import win_in\nwin_in(99)', capsys)
    assert "That did not work: win_in()'s moves must be an integer from 1 to 6" in shown, shown
    assert "Traceback" not in shown
    again = run(shell, "%tb", capsys)
    assert "ValueError" in again and "No traceback available" not in again, again
