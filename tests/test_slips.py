"""Small slips a class meets: a misspelt name gets a "did you mean", the copier's hint fits a root shell."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from awithlaknannai import get_variant
from awithlaknannai.tutorial import check
from awithlaknannai.tutorial.fetch import copy_notebooks
from awithlaknannai.tutorial.predict import predict


@pytest.mark.parametrize(
    ("call", "slip", "meant"),
    [
        (get_variant, "mosana", "mosona"),
        (get_variant, "Pretwa ", "pretwa"),
        (lambda name: check(name, 1), "01-timelin", "01-timeline"),
        (predict, "06-drawing-decide", "06-drawing-decides"),
    ],
)
def test_a_misspelt_name_gets_the_nearest_known_name(call, slip, meant):
    with pytest.raises(ValueError, match=rf"did you mean '{meant}'\?"):
        call(slip)


def test_a_name_far_from_every_known_one_gets_only_the_list():
    with pytest.raises(ValueError) as raised:
        get_variant("checkers")
    assert "did you mean" not in str(raised.value) and "known: mosona" in str(raised.value)


@pytest.mark.parametrize("uid", [0, 1000])
def test_the_copier_hint_adds_allow_root_only_for_root(tmp_path: Path, monkeypatch, uid: int):
    monkeypatch.setattr(os, "geteuid", lambda: uid)
    text = str(copy_notebooks(tmp_path / "lesson"))
    line = next(line for line in text.splitlines() if line.startswith("Open the tutorial"))
    assert ("--allow-root" in line) == (uid == 0)
    assert line.endswith("00_start_here.ipynb")


ROOT = Path(__file__).resolve().parent.parent


def test_the_teacher_readme_lists_every_teacher_copy():
    table = (ROOT / "teacher" / "README.md").read_text(encoding="utf-8")
    copies = [path.stem for path in (ROOT / "teacher").glob("[0-9][0-9]_*.ipynb")]
    assert "08_write_a_player" in copies
    assert [stem for stem in copies if f"`{stem}`" not in table] == []


def test_the_notebooks_readme_gives_each_notebook_the_time_it_states_itself():
    import re

    import nbformat

    rows = {
        m.group(1): m.group(2)
        for m in re.finditer(
            r"^\| \[(\w+)\]\(\w+\.ipynb\) \| .* \| ([^|]+) \|$",
            (ROOT / "notebooks" / "README.md").read_text(),
            re.MULTILINE,
        )
    }
    stated = 0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        text = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells[:3])
        found = re.search(r"About (\d+) minutes", text)
        if found:
            stated += 1
            assert rows[path.stem] == f"{found.group(1)} min", path.name
    assert stated >= 2
    assert "quiz" not in rows and "a quiz" not in (ROOT / "notebooks" / "README.md").read_text()


def test_a_heat_maps_text_alternative_says_only_what_its_label_says_about_the_colours():
    from awithlaknannai.boards import mosona
    from awithlaknannai.render.svg import board_svg, heat_color

    board = mosona()
    heat = {point: degree / 6 for point, degree in board.degree}
    labelled = board_svg(board, heat=heat, heat_label="neighbours: from 3 (dark purple) up to 6 (yellow)")
    assert "from 3 (dark purple) up to 6 (yellow) for each point." in labelled
    assert "for 0" not in labelled and "for 1" not in labelled  # no second, contradicting scale
    assert "from dark purple (lowest) to yellow (highest)" in board_svg(board, heat=heat)
    assert (heat_color(0.0), heat_color(1.0)) == ("#440154", "#fde725")  # viridis: dark purple, yellow


def test_the_drawings_comparison_is_drawn_on_stone_not_white():
    from awithlaknannai.render.drawings import FIGURE_BACKGROUND, compare_drawings_svg

    svg = compare_drawings_svg("mosona", "mosona-murray", ["Culin", "Murray"])
    assert 'fill="#ffffff" class="figure"' not in svg and f'fill="{FIGURE_BACKGROUND}" class="figure"' in svg
    assert FIGURE_BACKGROUND.lower() not in ("#ffffff", "#fff", "white")
