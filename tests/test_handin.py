"""Handing a player in (issue 24): save_player's file and download link, and the teacher's folder.

save_player checks the file name, writes the file, and returns a path that
shows a download link in a notebook; receive_files (behind the teacher's
upload widget) takes .py files or a zip into the players' folder, bounded,
and never replaces a different file without being asked.
"""

from __future__ import annotations

import base64
import html
import io
import os
import re
import zipfile
from pathlib import Path

import pytest

from awithlaknannai.league import contestants_from_folder, greedy_choose_move, save_player, test_player
from awithlaknannai.league.handin import (
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_ZIP_BYTES,
    MAX_ZIP_ENTRIES,
    PlayerFileNameError,
    receive_files,
    safe_file_name,
)
from awithlaknannai.league.lesson import BINDER_WARNING, SavedPlayer

CODE = b"def choose_move(position):\n    return position.legal_moves()[0]\n"
OTHER = b"import random\n\ndef choose_move(position):\n    return random.choice(position.legal_moves())\n"


def _zip(files: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _statuses(results: list) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return [(r.name, r.status) for r in results]


# --- save_player ------------------------------------------------------------------------------


def test_the_saved_player_is_a_path_with_a_download_link_holding_the_file(tmp_path: Path) -> None:
    saved = save_player(greedy_choose_move, tmp_path / "Ada L.py")
    assert isinstance(saved, SavedPlayer) and isinstance(saved, os.PathLike)
    assert saved.name == "Ada L.py" and saved.stem == "Ada L" and saved.path == tmp_path / "Ada L.py"
    assert os.fspath(saved) == str(tmp_path / "Ada L.py") == str(saved) and Path(saved) == saved
    assert repr(saved) == f"SavedPlayer({str(tmp_path / 'Ada L.py')!r})"
    with open(saved, encoding="utf-8") as file:
        assert "choose_move" in file.read()
    assert [c.name for c in contestants_from_folder(tmp_path)] == ["Ada L"]

    shown = saved._repr_html_()
    [link] = re.findall(r"<a [^>]*>[^<]*</a>", shown)
    assert 'download="Ada L.py"' in link and link.endswith(">Download Ada L.py</a>")
    address = html.unescape(re.search(r'href="([^"]*)"', link).group(1))  # type: ignore[union-attr]
    assert address.startswith("data:text/x-python;charset=utf-8;base64,")
    assert base64.b64decode(address.split(",", 1)[1]) == (tmp_path / "Ada L.py").read_bytes()
    assert html.escape(str(tmp_path.resolve())) in shown  # where the file is
    assert (
        html.escape(BINDER_WARNING) in shown and "Binder deletes it when the session ends" in BINDER_WARNING
    )


def test_a_name_with_a_quote_is_escaped_in_the_link(tmp_path: Path) -> None:
    shown = save_player(greedy_choose_move, tmp_path / "O'Neil.py")._repr_html_()
    assert 'download="O&#x27;Neil.py"' in shown and ">Download O&#x27;Neil.py</a>" in shown


@pytest.mark.parametrize("overwrite", ["no", 0, None])
def test_overwrite_is_a_real_bool(tmp_path: Path, overwrite: object) -> None:
    target = tmp_path / "ada.py"
    target.write_text("# my first player\n", encoding="utf-8")
    with pytest.raises(TypeError, match=r"^overwrite is True or False, got "):
        save_player(greedy_choose_move, target, overwrite=overwrite)  # type: ignore[arg-type]
    assert target.read_text(encoding="utf-8") == "# my first player\n"
    assert (
        save_player(greedy_choose_move, target, overwrite=True).read_text(encoding="utf-8")
        != "# my first player\n"
    )


def test_a_slash_in_the_name_is_named_as_the_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PlayerFileNameError) as caught:
        save_player(greedy_choose_move, "Ada/L")
    message = str(caught.value)
    assert message == (
        "'/' cannot be in a file name: it separates folders, and there is no folder 'Ada' here; "
        "try 'Ada L.py'"
    )
    assert "'L'" not in message and isinstance(caught.value, ValueError)
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "players").mkdir()  # a folder that is there is fine
    assert save_player(greedy_choose_move, "players/Ada L.py").path == Path("players/Ada L.py")


@pytest.mark.parametrize(
    "name,reason",
    [
        ("Ada?.py", "'?' cannot be in a player's file name: use letters, digits, spaces and - _ . ( ) + '"),
        ("Ada:L.py", "':' cannot be in a player's file name"),
        ("Ada*.py", "'*' cannot be in a player's file name"),
        ("Ada\\L.py", "'\\\\' cannot be in a file name (it separates folders)"),
        (".ada.py", "a name starting with '.' is hidden from the league"),
        ("_ada.py", "a name starting with '_' is hidden from the league"),
        (" ada.py", "does not start or end with a space"),
        ("a" * 41 + ".py", "at most 40 characters before .py, got 41"),
        ("ada.PY", "ends in .py in small letters"),
        ("ada.ipynb", "is a notebook; a player is a .py file"),
        ("ada", "a player's file name ends in .py"),
        (".py", "the file name needs a name before .py"),
    ],
)
def test_an_unsafe_file_name_is_refused_with_a_one_line_reason(
    tmp_path: Path, name: str, reason: str
) -> None:
    with pytest.raises(PlayerFileNameError) as caught:
        save_player(greedy_choose_move, tmp_path / name)
    assert reason in str(caught.value) and "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_names_that_are_fine(tmp_path: Path) -> None:
    for name in ("Ada L.py", "Zoë-2 (v3).py", "o'neil_b.py", "a" * 40 + ".py"):
        assert save_player(greedy_choose_move, tmp_path / name).name == name
    assert len(contestants_from_folder(tmp_path)) == 4


# --- test_player's problems --------------------------------------------------------------------


def test_a_player_returning_none_gives_one_line_with_the_count_of_games() -> None:
    report = test_player(
        lambda position: None, against=["beginner", "casual"], games=6, variant="zuni-3", progress=False
    )
    assert report.problems() == [
        (
            "choose_move returned None in 12 games (1, 2, 3, 4, 5, 6, 7, 8, ...): "
            "not a move (return one of position.legal_moves())"
        )
    ]
    assert str(report).count("returned None") == 1


def test_different_problems_keep_a_line_each() -> None:
    calls = []

    def sometimes(position):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) % 2:
            raise KeyError("nope")
        return "no move at all"

    report = test_player(sometimes, against=["beginner"], games=4, variant="zuni-3", progress=False)
    lines = report.problems()
    assert len(lines) == 2, lines
    assert any("KeyError" in line for line in lines) and any("no move at all" in line for line in lines)


# --- the teacher's folder ---------------------------------------------------------------------


def test_py_files_are_saved_and_a_different_file_never_replaced_without_asking(tmp_path: Path) -> None:
    results = receive_files(tmp_path, [("Ada L.py", CODE), ("bob.py", OTHER)])
    assert _statuses(results) == [("Ada L.py", "saved"), ("bob.py", "saved")]
    assert (tmp_path / "Ada L.py").read_bytes() == CODE

    again = receive_files(tmp_path, [("Ada L.py", CODE), ("bob.py", CODE)])
    assert _statuses(again) == [("Ada L.py", "same"), ("bob.py", "conflict")]
    assert (tmp_path / "bob.py").read_bytes() == OTHER  # asked, not replaced
    assert str(again[1]) == "bob.py: a different bob.py is already there: replace it, or keep both"
    assert again[1].data == CODE

    kept = receive_files(tmp_path, [("bob.py", CODE)], on_conflict="keep both")
    assert [(r.status, r.saved_as) for r in kept] == [("saved", "bob (2).py")]
    assert (tmp_path / "bob.py").read_bytes() == OTHER and (tmp_path / "bob (2).py").read_bytes() == CODE
    assert (
        receive_files(tmp_path, [("bob.py", b"# third\n" + CODE)], on_conflict="keep both")[0].saved_as
        == "bob (3).py"
    )

    replaced = receive_files(tmp_path, [("bob.py", CODE)], on_conflict="replace")
    assert [(r.status, r.saved_as) for r in replaced] == [("saved", "bob.py")]
    assert (tmp_path / "bob.py").read_bytes() == CODE
    assert sorted(c.name for c in contestants_from_folder(tmp_path)) == ["Ada L", "bob", "bob (2)", "bob (3)"]


@pytest.mark.parametrize(
    "name,saved_as",
    [
        ("Ada: best!.py", "Ada_ best_.py"),
        ("C:\\Users\\ada\\ada.py", "ada.py"),
        ("../../ada.py", "ada.py"),
        ("  spaced  .py", "spaced.py"),
        ("x" * 60 + ".py", "x" * 40 + ".py"),
    ],
)
def test_uploaded_names_are_made_safe(tmp_path: Path, name: str, saved_as: str) -> None:
    [result] = receive_files(tmp_path, [(name, CODE)])
    assert (result.status, result.saved_as) == ("saved", saved_as)
    assert [p.name for p in tmp_path.iterdir()] == [saved_as]
    assert safe_file_name(name) == saved_as


@pytest.mark.parametrize(
    "name,data,why",
    [
        (".bashrc.py", CODE, "a hidden file"),
        ("__init__.py", CODE, "a hidden file"),
        ("notes.txt", b"hello", "a player is a .py file; notes.txt is not"),
        ("my player.ipynb", b"{}", "is a notebook; a player is a .py file (save_player writes one)"),
        ("binary.py", b"\xff\xfe\x00junk", "not a text file"),
        ("nul.py", b"x = 1\0", "not a text file"),
        (
            "huge.py",
            b"#" * (MAX_FILE_BYTES + 1),
            "1,000,001 bytes, more than the 1,000,000 a player may have",
        ),
    ],
)
def test_a_file_that_is_not_a_player_is_refused_with_why(
    tmp_path: Path, name: str, data: bytes, why: str
) -> None:
    [result] = receive_files(tmp_path, [(name, data)])
    assert result.status == "refused" and why in result.why and str(result).startswith(f"{name}: refused: ")
    assert list(tmp_path.iterdir()) == []


def test_a_zip_of_players_or_of_a_folder_of_them_is_unpacked(tmp_path: Path) -> None:
    archive = _zip(
        {
            "ada.py": CODE,
            "class 9b/bob.py": OTHER,
            "class 9b/": b"",
            "__MACOSX/class 9b/._bob.py": b"\0\5\26\7",
            "readme.txt": b"hi",
        }
    )
    results = receive_files(tmp_path, [("class.zip", archive)])
    assert _statuses(results) == [
        ("class.zip: ada.py", "saved"),
        ("class.zip: class 9b/bob.py", "saved"),
        ("class.zip: readme.txt", "refused"),
    ]
    assert (tmp_path / "ada.py").read_bytes() == CODE and (tmp_path / "bob.py").read_bytes() == OTHER
    assert str(results[1]) == "class.zip: class 9b/bob.py: saved as bob.py"


def test_a_zip_with_nested_paths_or_a_zip_inside_is_refused_file_by_file(tmp_path: Path) -> None:
    archive = _zip(
        {
            "../evil.py": CODE,
            "/etc/evil.py": CODE,
            "a/b/deep.py": CODE,
            "inner.zip": _zip({"x.py": CODE}),
            "good.py": CODE,
        }
    )
    results = receive_files(tmp_path, [("class.zip", archive)])
    assert _statuses(results) == [
        ("class.zip: ../evil.py", "refused"),
        ("class.zip: /etc/evil.py", "refused"),
        ("class.zip: a/b/deep.py", "refused"),
        ("class.zip: inner.zip", "refused"),
        ("class.zip: good.py", "saved"),
    ]
    assert "sub-folder" in results[0].why and "zip inside the zip" in results[3].why
    assert [p.name for p in tmp_path.iterdir()] == ["good.py"]
    assert not (tmp_path.parent / "evil.py").exists()


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path: Path) -> None:
    bomb = _zip({f"p{i}.py": b"#" * 900_000 for i in range(25)})  # 22.5 MB unpacked, about 60 KB packed
    assert len(bomb) < 200_000
    [result] = receive_files(tmp_path, [("bomb.zip", bomb)])
    assert (
        result.status == "refused" and "unpacks to 22,500,000 bytes, more than the 20,000,000" in result.why
    )
    big = _zip({"big.py": b"#" * (MAX_FILE_BYTES + 1), "ok.py": CODE})
    assert _statuses(receive_files(tmp_path, [("big.zip", big)])) == [
        ("big.zip: big.py", "refused"),
        ("big.zip: ok.py", "saved"),
    ]
    many = _zip({f"f{i}/": b"" for i in range(MAX_ZIP_ENTRIES + 1)}, zipfile.ZIP_STORED)
    [result] = receive_files(tmp_path, [("many.zip", many)])
    assert result.status == "refused" and "1,001 entries" in result.why
    [result] = receive_files(tmp_path, [("huge.zip", b"PK" + b"\0" * MAX_ZIP_BYTES)])
    assert result.status == "refused" and "more than the 20,000,000 a zip may have" in result.why
    [result] = receive_files(tmp_path, [("fake.zip", b"not a zip")])
    assert result.status == "refused" and result.why.startswith("not a zip file")
    assert [p.name for p in tmp_path.iterdir()] == ["ok.py"]


def test_at_most_200_players_come_in(tmp_path: Path) -> None:
    files = [(f"p{i:03}.py", CODE) for i in range(MAX_FILES + 2)]
    results = receive_files(tmp_path, files)
    assert [r.status for r in results].count("saved") == MAX_FILES
    assert results[-1].why == f"more than {MAX_FILES} player files in one upload"
    [result] = receive_files(tmp_path, [("one more.py", CODE)])  # the folder is full
    assert result.status == "refused" and "already holds 200 players" in result.why
    [result] = receive_files(tmp_path, [("p000.py", OTHER)], on_conflict="keep both")  # no room for a second
    assert result.status == "refused" and "already holds 200 players" in result.why
    assert receive_files(tmp_path, [("p000.py", OTHER)], on_conflict="replace")[0].status == "saved"


def test_wrong_arguments(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"each file is a pair \(name, bytes\), got str"):
        receive_files(tmp_path, ["ada.py"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="each file is a pair"):
        receive_files(tmp_path, [("ada.py", "text")])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="on_conflict is one of ask, replace, keep both; got 'yes'"):
        receive_files(tmp_path, [], on_conflict="yes")
    with pytest.raises(NotADirectoryError, match="is not a folder"):
        receive_files(tmp_path / "missing", [("ada.py", CODE)])
    with pytest.raises(TypeError, match="takes a folder path, got int"):
        receive_files(3, [])  # type: ignore[arg-type]


# --- the teacher's upload box (its logic, without a browser) -----------------------------------


def _upload(box, files: dict[str, bytes]) -> None:  # type: ignore[no-untyped-def]
    """What the browser sends when files are chosen: the FileUpload's value, as a message from the page."""
    box.upload.set_state(
        {
            "value": [
                {
                    "name": name,
                    "type": "text/x-python",
                    "size": len(data),
                    "content": memoryview(data),
                    "last_modified": 1_700_000_000_000,
                }
                for name, data in files.items()
            ]
        }
    )


def test_the_upload_box_saves_files_and_asks_before_replacing_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import ipywidgets as widgets

    from awithlaknannai.widgets import CollectPlayers, collect_players

    box = collect_players(tmp_path / "players")
    assert isinstance(box, CollectPlayers) and not (tmp_path / "players").exists()  # made at the first upload
    assert box.upload.accept == ".py,.zip" and box.upload.multiple and box.upload.description
    _upload(box, {"ada.py": CODE, "bob.py": OTHER, "notes.txt": b"hi"})
    assert box.upload.value == ()  # ready for the next upload
    assert sorted(p.name for p in (tmp_path / "players").iterdir()) == ["ada.py", "bob.py"]
    assert box.status.text == (
        "Last upload: 2 saved, 1 refused (see the list). The folder players holds 2 players."
    )
    assert "notes.txt: refused: a player is a .py file; notes.txt is not" in box.listing.value

    _upload(box, {"ada.py": CODE, "bob.py": CODE})  # the same ada.py; a different bob.py
    assert (tmp_path / "players" / "bob.py").read_bytes() == OTHER
    assert "1 already there" in box.status.text and "1 waiting for your choice" in box.status.text
    [row] = box.choices.children
    replace, keep = row.children[1:]
    assert (replace.description, keep.description) == (
        "Replace bob.py",
        "Keep both: the new one as bob (2).py",
    )
    keep.click()
    keep.click()  # a second press finds it settled, and does nothing
    assert box.choices.children == () and len(box.results) == 6
    assert not [r for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert (tmp_path / "players" / "bob (2).py").read_bytes() == CODE
    assert (tmp_path / "players" / "bob.py").read_bytes() == OTHER
    assert box.status.text == (
        "bob.py: saved as bob (2).py (a different bob.py is already there). "
        "The folder players holds 3 players."
    )

    _upload(box, {"bob.py": b"# third\n" + CODE})
    box.choices.children[0].children[1].click()  # Replace
    assert (tmp_path / "players" / "bob.py").read_bytes() == b"# third\n" + CODE
    assert sorted(p.name for p in (tmp_path / "players").iterdir()) == ["ada.py", "bob (2).py", "bob.py"]
    # Every control has a label of its own.
    controls = [w for w in box.children if isinstance(w, (widgets.Button, widgets.FileUpload))]
    assert controls == [box.upload] and all(c.description for c in controls)
    assert repr(box).startswith("<CollectPlayers into ")


def test_the_upload_box_takes_a_zip_and_refuses_a_bad_folder(tmp_path: Path) -> None:
    from awithlaknannai.widgets import collect_players

    box = collect_players(tmp_path)
    _upload(box, {"class.zip": _zip({"9b/ada.py": CODE, "9b/bob.py": OTHER})})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ada.py", "bob.py"]
    assert box.status.text.startswith("Last upload: 2 saved.")
    (tmp_path / "a file").write_text("x")
    with pytest.raises(NotADirectoryError, match="is a file, not a folder"):
        collect_players(tmp_path / "a file")
    with pytest.raises(TypeError, match="takes a folder path, got int"):
        collect_players(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="choice is 'replace' or 'keep both', got 'yes'"):
        box.choose(0, "yes")
    with pytest.raises(ValueError, match="no file waiting at 0: 0 wait for a choice"):
        box.choose(0, "replace")


def test_a_collected_folder_plays_a_league(tmp_path: Path) -> None:
    """From the upload to the standings: the names in the table are the (tidied) file names."""
    from awithlaknannai.league import run_league

    folder = tmp_path / "players"
    folder.mkdir()
    results = receive_files(folder, [("class.zip", _zip({"9b/Ada L.py": CODE, "9b/Bo: B.py": OTHER}))])
    assert [r.saved_as for r in results] == ["Ada L.py", "Bo_ B.py"]
    league = run_league(folder, "zuni-3", progress=False, time_limit=2)
    assert sorted(league.names) == ["Ada L", "Bo_ B"] and len(league.games) == 2 and not league.forfeits()
