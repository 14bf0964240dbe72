"""Pictures as files: SVG and PNG export, the printable sheet, and ``python -m awithlaknannai draw``."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from awithlaknannai import Color, Game, Position, boards, get_variant
from awithlaknannai.cli import main
from awithlaknannai.render import export
from command_line import run_program
from awithlaknannai.render.export import (
    PAPER_SIZES,
    printable_sheet,
    rules_summary,
    save_png,
    save_svg,
    to_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
NAMED = ["mosona", "mosona-murray", "kolowis", "zuni-5", "alquerque", "tukvnanawopi"]
ROOT = Path(__file__).resolve().parents[1]


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    wanted = set(css.split())
    return [el for el in root.iter() if wanted <= set(el.get("class", "").split())]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC
    return struct.unpack(">II", data[16:24])  # the IHDR chunk: width, height


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- SVG files --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "obj",
    [
        boards.mosona(),
        Position.start("kolowis"),
        Game("zuni-3"),
        get_variant("alquerque"),
        "tukvnanawopi",
    ],
    ids=["board", "position", "game", "variant", "name"],
)
def test_save_svg_writes_a_well_formed_file(tmp_path, obj):
    path = save_svg(obj, tmp_path / "picture.svg")
    text = path.read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert ET.fromstring(text.encode("utf-8")).tag == SVG + "svg"
    assert leftovers(tmp_path) == ["picture.svg"]


def test_svg_text_is_written_as_given(tmp_path):
    svg = to_svg("mosona")
    assert to_svg(svg) is svg
    path = save_svg(svg, tmp_path / "again.svg")
    assert svg in path.read_text(encoding="utf-8")


def test_saved_file_gets_ordinary_permissions(tmp_path):
    path = save_svg("mosona", tmp_path / "board.svg")
    assert path.stat().st_mode & 0o777 == 0o644


def test_something_undrawable_is_refused_and_nothing_written(tmp_path):
    with pytest.raises(ValueError, match="cannot draw int"):
        save_svg(42, tmp_path / "x.svg")
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        save_svg("chess", tmp_path / "x.svg")
    assert leftovers(tmp_path) == []


def test_missing_folder_is_a_clear_oserror(tmp_path):
    target = tmp_path / "no" / "such" / "folder" / "board.svg"
    with pytest.raises(OSError, match=r"cannot write .*board\.svg: No such file or directory"):
        save_svg("mosona", target)


def test_a_folder_is_not_overwritten(tmp_path):
    (tmp_path / "board.svg").mkdir()
    with pytest.raises(OSError, match="it is a folder"):
        save_svg("mosona", tmp_path / "board.svg")


def test_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "board.svg"
    target.write_text("old picture")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(export.os, "replace", broken_replace)
    with pytest.raises(OSError, match=r"cannot write .*board\.svg: No space left on device"):
        save_svg("mosona", target)
    assert target.read_text() == "old picture"
    assert leftovers(tmp_path) == ["board.svg"]


# --- PNG files --------------------------------------------------------------------------------


def test_save_png_writes_a_real_png_at_the_requested_scale(tmp_path):
    pytest.importorskip("cairosvg")
    svg_root = ET.fromstring(to_svg("mosona"))
    width, height = float(svg_root.get("width")), float(svg_root.get("height"))
    for scale in (1, 2):
        data = save_png("mosona", tmp_path / f"board{scale}.png", scale=scale).read_bytes()
        w, h = png_size(data)
        assert (w, h) == (pytest.approx(width * scale, abs=1), pytest.approx(height * scale, abs=1))


@pytest.mark.parametrize("scale", [0, -1, float("inf"), "2", True])
def test_bad_scale_is_refused_before_writing(tmp_path, scale):
    with pytest.raises(ValueError, match="scale must be a positive number"):
        save_png("mosona", tmp_path / "board.png", scale=scale)
    assert leftovers(tmp_path) == []


def test_missing_cairosvg_is_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # makes `import cairosvg` raise ImportError
    with pytest.raises(ValueError, match="PNG export needs the cairosvg package"):
        save_png("mosona", tmp_path / "board.png")
    assert leftovers(tmp_path) == []


# --- the printable sheet -------------------------------------------------------------------------


@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
@pytest.mark.parametrize("name", NAMED)
def test_printable_sheet_is_real_size_and_has_every_piece(name, paper):
    variant = get_variant(name)
    root = ET.fromstring(printable_sheet(variant, paper=paper))
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and height.endswith("mm")
    page_w, page_h = float(width[:-2]), float(height[:-2])
    assert sorted((page_w, page_h)) == sorted(PAPER_SIZES[paper])
    assert root.get("viewBox") == f"0 0 {width[:-2]} {height[:-2]}"  # one user unit = one millimetre
    for color in Color:
        pieces = by_class(root, f"cutout {color.value}")
        assert len(pieces) == variant.start.count(color)
    # the faint start pieces on the board show the set-up
    assert len(by_class(root, "start")) == len(variant.start_pieces)
    assert len(by_class(root, "point")) == variant.board.number_of_nodes()


@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
@pytest.mark.parametrize("name", NAMED)
def test_printable_sheet_fits_inside_the_printable_area(name, paper):
    root = ET.fromstring(printable_sheet(name, paper=paper))
    page_w, page_h = (float(v) for v in root.get("viewBox").split()[2:])
    margin = 12
    circles = [c for g in by_class(root, "cutout") for c in g.iter(SVG + "circle")]
    for circle in circles:
        cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
        assert margin - 0.5 <= cx - r and cx + r <= page_w - margin + 0.5
        assert cy + r <= page_h - margin + 0.5
    (rules,) = by_class(root, "rules")
    spans = rules.findall(SVG + "tspan")
    last_baseline = float(rules.get("y")) + sum(float(s.get("dy", 0)) for s in spans)
    assert last_baseline <= page_h - margin
    board = root.find(f".//{SVG}svg")  # the nested board picture
    assert float(board.get("x")) >= margin - 0.5
    assert float(board.get("x")) + float(board.get("width")) <= page_w - margin + 0.5


def test_printable_pieces_are_big_enough_to_handle():
    for name in NAMED:
        root = ET.fromstring(printable_sheet(name))
        radius = float(next(by_class(root, "cutout")[0].iter(SVG + "circle")).get("r"))
        assert 2 * radius >= 8, f"{name}: pieces only {2 * radius:.1f} mm across"


def test_printable_sheet_labels_and_rules():
    sheet = printable_sheet(get_variant("mosona", "maximum"), labels=True)
    root = ET.fromstring(sheet)
    assert len(by_class(root, "label")) == 25
    rules_text = " ".join(by_class(root, "rules")[0].itertext())
    assert "takes the most pieces" in rules_text


def test_printable_sheet_names_the_game_not_only_its_board():
    # Tuknanavuhpi is played on Tukvnanawopi's board: its sheet says which game it is for.
    root = ET.fromstring(printable_sheet(get_variant("tuknanavuhpi")))
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and "Tuknanavuhpi" in "".join(title.itertext())
    assert "Tukvnanawopi" not in "".join(title.itertext())


def test_printable_sheet_refuses_unknown_paper_and_variant():
    with pytest.raises(ValueError, match="unknown paper size 'a3'"):
        printable_sheet("mosona", paper="a3")
    with pytest.raises(ValueError, match="unknown variant"):
        printable_sheet("draughts")
    with pytest.raises(ValueError, match="needs a variant name or a Variant"):
        printable_sheet(boards.mosona())


def test_rules_summary_follows_every_switch():
    standard = " ".join(rules_summary(get_variant("mosona")))
    assert "must keep jumping" in standard and "If you can capture, you must." in standard
    assert "curved end line" in standard
    assert "curved" not in " ".join(rules_summary(get_variant("alquerque")))
    ludii = " ".join(rules_summary(get_variant("mosona", "ludii")))
    assert "Only one jump per turn" in ludii and "you need not" in ludii
    switches = "blocked_player_loses=no,quiet_turn_limit=off,repetition_limit=off,multi_leap=optional"
    custom = " ".join(rules_summary(get_variant("mosona", f"standard,{switches}")))
    assert "cannot move, the game is a draw" in custom
    assert "may keep jumping" in custom
    assert "also ends" not in custom
    maximum = " ".join(rules_summary(get_variant("mosona", "maximum")))
    assert "more pieces wins" in maximum
    assert rules_summary(get_variant("mosona", first="black"))[0].startswith("Black moves first")


# --- the command line ------------------------------------------------------------------------------


def test_cli_draw_writes_svg_png_and_printable(tmp_path, capsys):
    assert main(["draw", "--variant", "kolowis", "--labels", "--flip", "-o", str(tmp_path / "k.svg")]) == 0
    root = ET.fromstring((tmp_path / "k.svg").read_bytes())
    assert len(by_class(root, "label")) == 49
    assert main(["draw", "--printable", "--paper", "letter", "-o", str(tmp_path / "sheet.svg")]) == 0
    assert ET.fromstring((tmp_path / "sheet.svg").read_bytes()).get("width").endswith("mm")
    position = Position.start("zuni-3").play("M3-M2").text()
    assert main(["draw", "--position", position, "-o", str(tmp_path / "p.svg")]) == 0
    assert "wrote" in capsys.readouterr().out
    pytest.importorskip("cairosvg")
    assert main(["draw", "--variant", "alquerque", "--rules", "ludii", "-o", str(tmp_path / "a.PNG")]) == 0
    assert (tmp_path / "a.PNG").read_bytes()[:8] == PNG_MAGIC


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-o", "{dir}/board.jpg"], "unknown output type '.jpg'"),
        (["-o", "{dir}/board"], "no file extension"),
        (["--position", "mosona standard bbb w 0", "-o", "{dir}/p.svg"], "field 3 (pieces)"),
        (["--variant", "chess", "-o", "{dir}/c.svg"], "unknown variant 'chess'"),
        (["--rules", "fast", "-o", "{dir}/r.svg"], "unknown preset 'fast'"),
        (["--printable", "--flip", "-o", "{dir}/s.svg"], "--printable cannot be combined with --flip"),
        (
            ["--printable", "--position", "zuni-3 standard bbb/bb.ww/www w 0", "-o", "{dir}/s.svg"],
            "--position",
        ),
        (["-o", "{dir}/missing/board.svg"], "cannot write"),
    ],
)
def test_cli_draw_fails_cleanly(tmp_path, capsys, arguments, message):
    arguments = [a.replace("{dir}", str(tmp_path)) for a in arguments]
    assert main(["draw", *arguments]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert captured.out == ""
    assert leftovers(tmp_path) == []


def test_cli_draw_as_a_program(tmp_path):
    done = run_program("draw", "--variant", "mosona-murray", "-o", str(tmp_path / "m.svg"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "m.svg").exists()
    failed = run_program("draw", "-o", str(tmp_path / "m.gif"), cwd=tmp_path)
    assert failed.returncode == 2
    assert failed.stderr.count("\n") == 1 and failed.stderr.startswith("error: ")
