"""The JupyterLite build and what the library does without numpy, ipycanvas and matplotlib.

The site itself is built and played in Chromium by tests/browser/test_lite_site.py;
here: the site's Pyodide lock, the command's refusals, the board's own canvas
front end (the same drawing calls as ipycanvas gets), and the library in a
Python where numpy, ipycanvas, matplotlib and Pillow cannot be imported, as
in the site.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from awithlaknannai import cli
from awithlaknannai.lite import (
    PYODIDE_MARKERS,
    SITE_PACKAGES,
    LiteBuildError,
    browser_requirements,
    find_pyodide,
    site_lock,
)
from awithlaknannai.widgets import BoardWidget
from awithlaknannai.widgets import board as board_module
from awithlaknannai.widgets.canvas import _ESM, LAYERS, OpsCanvas
from awithlaknannai.widgets.drawing import board_ops, ops_json

ROOT = Path(__file__).resolve().parents[1]


def make_wheel(
    folder: Path, name: str, version: str, requires: list[str] = (), top: str | None = None
) -> Path:
    stem = name.replace("-", "_")
    wheel = folder / f"{stem}-{version}-py3-none-any.whl"
    meta = (
        "\n".join(
            [
                "Metadata-Version: 2.1",
                f"Name: {name}",
                f"Version: {version}",
                *[f"Requires-Dist: {line}" for line in requires],
            ]
        )
        + "\n\n"
    )
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(f"{stem}-{version}.dist-info/METADATA", meta)
        archive.writestr(f"{top or stem}/__init__.py", "")
    return wheel


# --- the site's lock -----------------------------------------------------------------


def test_site_lock_lists_exactly_the_wheels_with_their_hashes_and_browser_dependencies(
    tmp_path: Path,
) -> None:
    base = {
        "info": {"python": "3.14.2", "platform": "emscripten_5_0_3"},
        "packages": {"numpy": {"file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"}},
    }
    wheels = [
        make_wheel(
            tmp_path,
            "awithlaknannai",
            "0.2.0",
            ["networkx>=3.1", "numpy>=2.0", "ipycanvas>=0.13", "matplotlib; extra == 'plots'"],
        ),
        make_wheel(tmp_path, "networkx", "3.6.1", ["numpy; extra == 'default'"]),
        make_wheel(
            tmp_path,
            "Prompt_Toolkit",
            "3.0.52",
            ["pexpect; sys_platform != 'emscripten'"],
            top="prompt_toolkit",
        ),
    ]
    lock = site_lock(base, wheels)
    assert lock["info"] == base["info"]
    assert sorted(lock["packages"]) == [
        "awithlaknannai",
        "networkx",
        "prompt-toolkit",
    ]  # numpy is not carried
    ours = lock["packages"]["awithlaknannai"]
    assert ours["depends"] == ["networkx"]  # numpy and ipycanvas cannot run in the browser: left out
    assert ours["sha256"] == hashlib.sha256(wheels[0].read_bytes()).hexdigest()
    assert ours["file_name"] == wheels[0].name and ours["imports"] == ["awithlaknannai"]
    assert lock["packages"]["prompt-toolkit"]["imports"] == ["prompt_toolkit"]
    assert lock["packages"]["prompt-toolkit"]["depends"] == []


def test_site_lock_refuses_a_dependency_the_site_lacks(tmp_path: Path) -> None:
    wheels = [make_wheel(tmp_path, "anywidget", "0.11.0", ["ipywidgets>=7.6", "psygnal>=0.8.1"])]
    with pytest.raises(LiteBuildError, match=r"ipywidgets \(for anywidget\), psygnal \(for anywidget\)"):
        site_lock({}, wheels)


def test_browser_markers_are_pyodides() -> None:
    assert browser_requirements(
        ["colorama; sys_platform == 'win32'", "x; platform_system == 'Emscripten'"]
    ) == ["x"]
    assert PYODIDE_MARKERS["python_version"] == "3.14"
    assert len(set(SITE_PACKAGES)) == len(SITE_PACKAGES)
    assert all(re.fullmatch(r"[a-z0-9-]+", name) for name in SITE_PACKAGES)  # canonical names


def test_pinned_versions_agree() -> None:
    """The Pyodide of the site, the one CI installs from npm and the kernel's are one version."""
    from awithlaknannai.lite import PYODIDE_VERSION

    for builder in (ROOT / ".ci" / "run", ROOT / ".github" / "workflows" / "lite.yml"):
        assert f"pyodide@{PYODIDE_VERSION}" in builder.read_text(encoding="utf-8"), builder
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as KERNELS
    except ImportError:
        pytest.skip("jupyterlite-pyodide-kernel is not installed (the lite extra)")
    assert KERNELS == PYODIDE_VERSION
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(
        r'lite = \["jupyterlite-core==[\d.]+", "jupyterlite-pyodide-kernel==[\d.]+"\]', pyproject
    )


def test_the_sites_pins_are_binders() -> None:
    """The packages the site pins itself (no browser half, not in Pyodide's lock) follow Binder's lock."""
    from awithlaknannai.lite import _FROM_ENVIRONMENT, _PINNED

    lock = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==")
            lock[re.sub(r"[-_.]+", "-", name).lower()] = version.strip()
    assert _PINNED and all(lock[name] == version for name, version in _PINNED.items()), _PINNED
    assert set(_PINNED) | set(_FROM_ENVIRONMENT) <= set(SITE_PACKAGES)


# --- the command's refusals --------------------------------------------------------------


def test_find_pyodide_refuses_a_folder_that_is_not_pyodide(tmp_path: Path) -> None:
    with pytest.raises(LiteBuildError, match="is not the npm package pyodide"):
        find_pyodide(tmp_path)


def test_lite_command_refuses_a_folder_with_other_things_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "homework.txt").write_text("mine")
    assert cli.main(["lite", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not empty" in err
    assert cli.main(["lite", str(tmp_path), "--force"]) == 1
    assert "only a site built before" in capsys.readouterr().err
    assert (tmp_path / "homework.txt").read_text() == "mine"


def test_lite_command_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "jupyterlite_core", None)  # import fails, as without the extra
    assert cli.main(["lite", str(tmp_path / "site")]) == 1
    assert "pip install 'awithlaknannai[lite]'" in capsys.readouterr().err


# --- the board's own canvas front end ------------------------------------------------------


@pytest.fixture
def no_ipycanvas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards made now are made as where ipycanvas cannot load (JupyterLite)."""
    monkeypatch.setattr(board_module, "MultiCanvas", None)
    monkeypatch.setattr(board_module, "hold_canvas", None)


def test_without_ipycanvas_the_board_sends_the_same_drawing_calls(no_ipycanvas: None) -> None:
    board = BoardWidget("kolowis", animate=False, flipped=True)
    assert isinstance(board.canvas, OpsCanvas)
    assert (board.canvas.width, board.canvas.height) == (
        round(board.geometry.width),
        round(board.geometry.height),
    )
    assert board.canvas.layer0 == ops_json(
        board_ops(board.geometry, labels=True, min_label=board_module.MIN_LABEL_PX * board.resolution)
    )
    assert board.canvas.layer1 == ops_json(board.scene())
    origin = board.game.legal_moves()[0].origin
    x, y = board.geometry.xy(origin)
    board.canvas._handle_message(board.canvas, {"event": "mouse_down", "x": x, "y": y}, [])
    assert board.controller.selection is not None and board.controller.selection.origin == origin
    assert board.canvas.layer1 == ops_json(board.scene())  # the selection drawn, from the state
    board.canvas._handle_message(board.canvas, {"event": "key_down", "key": "Escape"}, [])
    assert board.controller.selection is None


def test_the_browser_side_replays_every_call_the_drawing_makes(no_ipycanvas: None) -> None:
    """Each call name the drawing functions emit is one the ES module knows (no silent gaps)."""
    from awithlaknannai import Game

    names: set[str] = set()
    attributes: set[str] = set()
    for variant in ("mosona", "tukvnanawopi", "pretwa", "zuni-3"):
        game = Game(variant)
        board = BoardWidget(game, animate=False)
        first = game.legal_moves()[0]
        board.click(first.origin)
        board.cursor = first.origin
        board.show_hint(first, "a hint")
        board.click(first.origin)
        ops = [*board.canvas.layer0, *board.canvas.layer1, *ops_json(board.scene())]
        board.game.play(first)
        ops += ops_json(board.scene())
        names |= {op[0] for op in ops}
        attributes |= {op[1] for op in ops if op[0] == "set"}
    known = set(re.findall(r"\b([a-z_]+): '", _ESM)) | {
        "set",
        "clear",
        "fill_circles",
        "stroke_circles",
        "fill_polygon",
    }
    assert names <= known, names - known
    assert attributes <= known, attributes - known


def test_ops_canvas_ignores_malformed_messages_and_refuses_bad_layers() -> None:
    canvas = OpsCanvas(100, 50)
    seen: list[tuple] = []
    canvas.on_mouse_down(lambda x, y: seen.append((x, y)))
    canvas.on_key_down(lambda *args: seen.append(args))
    for content in (
        "x",
        {"event": "mouse_down", "x": "1", "y": 2},
        {"event": "mouse_down", "x": True, "y": 2},
        {"event": "key_down", "key": 5},
        {"event": "other"},
    ):
        canvas._handle_message(canvas, content, [])
    assert seen == []
    canvas._handle_message(canvas, {"event": "key_down", "key": "ArrowUp", "shift": 1}, [])
    assert seen == [("ArrowUp", True, False, False)]
    with pytest.raises(ValueError, match="a layer is a number from 0 to 2"):
        canvas.draw({LAYERS: []})
    assert repr(canvas) == "OpsCanvas(width=100, height=50)"


# --- the library where numpy, ipycanvas, matplotlib and Pillow cannot load (as in the site) ---------

_WITHOUT = r'''
import importlib, pkgutil, sys
BLOCKED = {"numpy", "ipycanvas", "matplotlib", "PIL", "cairosvg", "cairocffi"}
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, Blocker())
import awithlaknannai
failed = {}
for module in pkgutil.walk_packages(awithlaknannai.__path__, "awithlaknannai."):
    if module.name.endswith("__main__"):
        continue
    try:
        importlib.import_module(module.name)
    except ImportError as error:
        failed[module.name] = str(error)
print("FAILED", failed)
from awithlaknannai.widgets import GameWidget
game = GameWidget("mosona")
print("CANVAS", type(game.board.canvas).__name__)
from awithlaknannai.tables.solver import solve_endgames
print("SOLVED", sum(r.positions for r in solve_endgames("zuni-3", 2, cache_dir=False).reports))
def one_line(call):
    try:
        call()
    except ImportError as error:
        print("ERROR", str(error).count("\n"), error)
from awithlaknannai.engines.batch import BatchPlayouts
from awithlaknannai.league.ratings import elo_ratings
from awithlaknannai.analysis.plots import end_reason_bars, length_histograms
from awithlaknannai.analysis.selfplay import selfplay_statistics
from awithlaknannai.render import Picture
one_line(lambda: BatchPlayouts("mosona"))
print("RATINGS", {name: round(r) for name, r in elo_ratings([("ann", "bob", 1)] * 3 + [("ann", "bob", 0.5)]).items()})
one_line(lambda: solve_endgames("zuni-3", 1, cache_dir=False, engine="arrays"))
one_line(lambda: length_histograms(selfplay_statistics("zuni-3", games=2, seed=1)))
table = Picture.from_figure(end_reason_bars({"zuni-3": selfplay_statistics("zuni-3", games=4, seed=1)}))
print("TABLE", type(table).__name__, table.rows)
'''


def test_the_library_works_without_numpy_ipycanvas_and_matplotlib() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT], check=False, capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    failed = eval(out.split("FAILED ", 1)[1].splitlines()[0])  # our own printout
    # Only the array solver's modules and the distributed build (on its blocks) need numpy to import,
    # and each says so in one line; everything else imports, the solver's other modules among them.
    assert sorted(failed) == [f"awithlaknannai.tables.{name}" for name in ("blocks", "distributed", "ranks")]
    assert all("needs numpy" in text and "\n" not in text for text in failed.values())
    assert "CANVAS OpsCanvas" in out
    solved = re.search(r"SOLVED (\d+)", out)
    assert solved is not None and int(solved.group(1)) > 0
    errors = [line for line in out.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 3, out
    assert all(line.startswith("ERROR 0 ") for line in errors)  # one line each
    assert "BatchPlayouts" in errors[0] and "pip install numpy" in errors[0]
    assert "engine='python'" in errors[1]
    assert "matplotlib" in errors[2]
    # The ratings need no numpy: the same numbers in plain Python.
    assert "RATINGS {'ann': 1617, 'bob': 1383}" in out
    # A bar chart gives its numbers as a table instead (a chart's table passes through Picture.from_figure).
    table = re.search(r"^TABLE ChartNumbers (.*)$", out, re.MULTILINE)
    assert table is not None, out
    assert all(cell.endswith("%") for row in eval(table.group(1)) for cell in row[1:])


_PURE_TABLES = r'''
import json, sys
from pathlib import Path
from types import SimpleNamespace
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numpy":
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, Blocker())
from awithlaknannai import Position, get_variant
from awithlaknannai.tables.solver import estimate_cost, solve_endgames
from awithlaknannai.tables.solver_cli import cli_solve
from awithlaknannai.tables.symmetry import SymmetricIndex, board_symmetries
cache = Path(sys.argv[1])
def counts(tables):
    return [[r.name, r.positions, r.won, r.lost, r.drawn, r.on_pieces, r.longest] for r in tables.reports]
out = {}
for rules in ("standard", "maximum"):
    out[rules] = counts(solve_endgames("zuni-3", 2, rules=rules, cache_dir=cache))
again = solve_endgames("zuni-3", 2, cache_dir=cache)  # read back from the files just written
out["sources"] = sorted({r.source for r in again.reports})
p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
out["value"], out["outcome"] = str(again.value(p)), again.outcome(p)  # the outcome from the .wdl file
out["best"] = [str(move) for move, _ in again.best_moves(p)]
out["kolowis"] = counts(solve_endgames("kolowis", 1, cache_dir=cache))
lines = []
out["by_symmetry"] = counts(solve_endgames("zuni-2", 1, cache_dir=Path(sys.argv[2]), report=lines.append))
out["refused"] = [line for line in lines if line.startswith("cache:")]
table = next(cache.glob("endgames/zuni-3-*/standard/2v2.tbl"))
data = bytearray(table.read_bytes())
data[-1] ^= 1
table.write_bytes(data)
lines = []
solve_endgames("zuni-3", 2, cache_dir=cache, report=lines.append)
out["corrupt"] = [line for line in lines if line.startswith("cache:")]
out["symmetries"] = len(board_symmetries(get_variant("mosona")))
try:
    SymmetricIndex(get_variant("zuni-3"), 2, 1)
except ImportError as error:
    out["symmetric"] = str(error)
out["estimate"] = estimate_cost("mosona", 3)
try:
    cli_solve(SimpleNamespace(variant="mosona", rules="standard", max_pieces=6))
except ValueError as error:
    out["refusal"] = str(error)
print(json.dumps(out))
'''


def test_without_numpy_the_solver_writes_reads_and_checks_its_table_files(tmp_path: Path) -> None:
    from awithlaknannai import get_variant
    from awithlaknannai.tables.costs import BYTES_PER_POSITION, SECONDS_PER_UNIT, estimate, estimate_cost
    from awithlaknannai.tables.solver import solve_endgames

    by_symmetry = solve_endgames("zuni-2", 1, cache_dir=tmp_path / "numpy")  # files in numpy's order
    done = subprocess.run(
        [sys.executable, "-c", _PURE_TABLES, str(tmp_path / "pure"), str(tmp_path / "numpy")],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.splitlines()[-1])

    def counts(tables: object) -> list[list[object]]:
        return [[r.name, r.positions, r.won, r.lost, r.drawn, r.on_pieces, r.longest] for r in tables.reports]

    # The same tables as numpy's array solver builds (by symmetry class), under both kinds of scoring.
    for rules in ("standard", "maximum"):
        assert out[rules] == counts(solve_endgames("zuni-3", 2, rules=rules, cache_dir=False))
    assert out["sources"] == ["cache"]
    assert (out["value"], out["outcome"], out["best"]) == ("win in 2 moves (3 plies)", "win", ["T1-M1"])
    # A corrupt body is found without numpy too, and the class rebuilt.
    assert len(out["corrupt"]) == 1 and "checksum does not match" in out["corrupt"][0]
    # The plain order is the one larger boards have with numpy too: the same files serve both.
    lines: list[str] = []
    kolowis = solve_endgames("kolowis", 1, cache_dir=tmp_path / "pure", report=lines.append)
    assert [r.source for r in kolowis.reports] == ["cache"], lines
    assert counts(kolowis) == out["kolowis"]
    # A file in the order by symmetry class cannot be read there: it is refused, and the class rebuilt.
    assert out["by_symmetry"] == counts(by_symmetry)
    assert len(out["refused"]) == 1 and out["refused"][0].endswith("rebuilding")
    assert out["symmetries"] == 4  # the symmetries themselves need no numpy; the index by them does
    assert (
        "SymmetricIndex" in out["symmetric"]
        and "needs numpy" in out["symmetric"]
        and "\n" not in out["symmetric"]
    )
    # Estimates and the command line's refusal are the pure-Python solver's there.
    board = get_variant("mosona").tables
    moves_per_point = (sum(map(len, board.steps)) + sum(map(len, board.leaps))) / board.size
    positions = estimate("mosona", 3)
    assert out["estimate"] == pytest.approx(
        [positions, positions * moves_per_point * 3 * SECONDS_PER_UNIT, positions * BYTES_PER_POSITION]
    )
    assert out["estimate"][1] > 5 * estimate_cost("mosona", 3)[1]  # here: the array solver's model
    assert "the pure-Python solver" in out["refusal"]


def test_the_array_solvers_largest_board_is_the_same_where_numpy_is_not_imported() -> None:
    from awithlaknannai.tables import costs
    from awithlaknannai.tables import ranks as tables

    assert costs.ARRAY_MAX_POINTS == tables.MAX_POINTS
    assert costs.array_solver_fits(tables.MAX_POINTS) and not costs.array_solver_fits(tables.MAX_POINTS + 1)


def test_the_package_declares_the_lite_extra_in_its_metadata() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"awithlaknannai[lite]"' in text  # the test extra brings it: CI builds the site
