"""The class league's results: checked arguments, the journal and resuming, signed files, forfeit texts
that always save, tie-breaks, folders read within their bound, and the command line."""

from __future__ import annotations

import itertools
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from awithlaknannai.render.league import league_sheet, league_sheet_svg
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awithlaknannai import Game, NotationError, Position
from awithlaknannai.league import (
    Contestant,
    LeagueResults,
    contestants,
    contestants_from_folder,
    run_league,
    sandbox,
)
from awithlaknannai.league import tournament as league_module
from awithlaknannai.league.confine import CONFIG_ENV, league_key_path
from awithlaknannai.league.contestants import PlayersFolderError
from awithlaknannai.league.games import (
    FORFEIT,
    JOURNAL_SUFFIX,
    MAX_TEXT_CHARS,
    TIE_BREAKS,
    Forfeit,
    LeagueGame,
    printable_text,
)
from awithlaknannai.league.results import LeaguePlayer
from awithlaknannai.league.results import _settings as league_settings
from awithlaknannai.league.signing import LeagueSignatureError
from awithlaknannai.players.match import STOPPED
from awithlaknannai.variants import get_variant

THREE = ["beginner", "casual", "club"]  # built-in players: quick, and a seeded league of them repeats exactly
REFEREE = league_module._referee


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test signs with a key of its own, in a scratch config folder."""
    folder = tmp_path / "config"
    monkeypatch.setenv(CONFIG_ENV, str(folder))
    return folder


def played_alike(record: dict) -> dict:
    """A results record without the thinking times, which differ from run to run."""
    copy = json.loads(json.dumps(record))
    for game in copy["games"]:
        del game["seconds"]
    return copy


def journal_of(path: Path) -> Path:
    return Path(str(path) + JOURNAL_SUFFIX)


def league(save_to: Path | None = None, **options):  # type: ignore[no-untyped-def]
    return run_league(
        options.pop("players", THREE),
        options.pop("variant", "zuni-3"),
        seed=3,
        progress=False,
        save_to=save_to,
        **options,
    )


def count_games(monkeypatch: pytest.MonkeyPatch, stop_at: int | None = None, before=None) -> list[int]:  # type: ignore[no-untyped-def]
    """Wrap the referee: record each game number it plays; raise KeyboardInterrupt at game ``stop_at``."""
    played: list[int] = []
    referee = REFEREE  # the real one, also when an earlier wrapper is still in place

    def counting(number, *args, **kwargs):  # type: ignore[no-untyped-def]
        if before is not None:
            before(number)
        if number == stop_at:
            raise KeyboardInterrupt
        played.append(number)
        return referee(number, *args, **kwargs)

    monkeypatch.setattr(league_module, "_referee", counting)
    return played


# --- 1. arguments checked before the first game ----------------------------------------------------


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a game started")

    monkeypatch.setattr(league_module, "_play", refuse)


@pytest.mark.usefixtures("no_games")
@pytest.mark.parametrize(
    ("save_to", "error", "words"),
    [
        (42, TypeError, "save_to is the path of a .json file"),
        (b"results.json", TypeError, "save_to is the path of a .json file"),
        ("{tmp}", ValueError, "is a folder"),
        ("{tmp}/results.txt", ValueError, "must end in .json"),
        ("{tmp}/results", ValueError, "must end in .json"),
        ("{tmp}/missing/results.json", ValueError, "does not exist"),
        ("", ValueError, "not a file name"),
    ],
)
def test_a_bad_save_to_is_refused_before_any_game(
    tmp_path: Path, save_to: object, error: type, words: str
) -> None:
    if isinstance(save_to, str):
        save_to = save_to.format(tmp=tmp_path)
    with pytest.raises(error, match=words) as caught:
        league(save_to)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


@pytest.mark.usefixtures("no_games")
def test_save_to_in_a_folder_that_cannot_be_written_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    access = os.access
    # root may write anywhere: the folder is also refused by the system's answer, whoever runs the test
    monkeypatch.setattr(
        os, "access", lambda path, mode, **kw: Path(path) != folder and access(path, mode, **kw)
    )
    try:
        with pytest.raises(ValueError, match="the folder '.*locked' cannot be written"):
            league(folder / "results.json")
    finally:
        folder.chmod(stat.S_IRWXU)


@pytest.mark.usefixtures("no_games")
def test_title_and_resume_are_checked_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="title is a str"):
        league(title=None)
    with pytest.raises(ValueError, match="at most 200 characters"):
        league(title="x" * 201)
    with pytest.raises(ValueError, match="control characters or lone surrogates"):
        league(title="Class \udcff")
    with pytest.raises(TypeError, match="resume is True or False"):
        league(tmp_path / "r.json", resume="yes")
    with pytest.raises(ValueError, match="give save_to too"):
        league(resume=True)
    with pytest.raises(TypeError, match="progress is True or False"):
        run_league(THREE, progress="no")  # type: ignore[arg-type]


# --- 2. every game kept as it ends, and resuming ---------------------------------------------------


def test_each_game_is_in_the_journal_before_the_next_one_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.json"
    seen: list[int] = []

    def check(number: int) -> None:
        lines = journal_of(path).read_bytes().splitlines()
        seen.append(len(lines) - 1)  # the first line is the league
        assert not path.exists()  # the whole file comes at the end

    count_games(monkeypatch, before=check)
    results = league(path)
    assert seen == list(range(6))
    assert not journal_of(path).exists()  # removed once the whole file is written
    assert LeagueResults.load(path).to_record() == results.to_record()


def test_an_interrupted_league_keeps_its_games_and_resumes_with_only_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = league()
    path = tmp_path / "results.json"
    count_games(monkeypatch, stop_at=4)
    with pytest.raises(KeyboardInterrupt):
        league(path)
    saved = LeagueResults.load(path)  # written, and signed, at the interruption
    assert [g.number for g in saved.games] == [1, 2, 3]
    assert not journal_of(path).exists()
    played = count_games(monkeypatch)
    resumed = league(path, resume=True)
    assert played == [4, 5, 6]
    # The games an uninterrupted league plays; the saved ones exactly as saved; and the file reads back as written.
    assert played_alike(resumed.to_record()) == played_alike(whole.to_record())
    assert resumed.to_record()["games"][:3] == saved.to_record()["games"]
    assert LeagueResults.load(path).to_record() == resumed.to_record()
    played.clear()
    assert (
        league(path, resume=True).to_record() == resumed.to_record() and played == []
    )  # nothing left to play


def test_a_league_that_died_resumes_from_its_journal_ignoring_a_torn_last_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = league()
    path = tmp_path / "results.json"

    def no_disk(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    count_games(monkeypatch, stop_at=5)
    monkeypatch.setattr(league_module, "write_text_file", no_disk)  # the whole file is never written
    with pytest.raises(KeyboardInterrupt):  # the reason the league stopped, not the failed save
        league(path)
    monkeypatch.undo()
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    assert not path.exists()
    journal = journal_of(path)
    complete = journal.read_bytes()
    assert len(complete.splitlines()) == 1 + 4
    with open(journal, "ab") as file:
        # A line cut short where the machine stopped, and the block of zeros a file system may leave after it.
        file.write(complete.splitlines()[-1][:100] + b"\0" * 4000)
    # Resumed, and stopped again before the whole file is written: the cut line was dropped, not built upon.
    played = count_games(monkeypatch, stop_at=6)
    monkeypatch.setattr(league_module, "write_text_file", no_disk)
    with pytest.raises(KeyboardInterrupt):
        league(path, resume=True)
    monkeypatch.undo()
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    assert played == [5] and journal.read_bytes().startswith(complete)
    assert len(journal.read_bytes().splitlines()) == 1 + 5
    played = count_games(monkeypatch)
    resumed = league(path, resume=True)
    assert played == [6]
    assert played_alike(resumed.to_record()) == played_alike(whole.to_record())
    assert LeagueResults.load(path).to_record() == resumed.to_record() and not journal.exists()


def test_a_league_killed_by_the_system_resumes_from_its_journal(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    script = textwrap.dedent(f"""
        from awithlaknannai.league import run_league
        run_league({THREE!r}, "zuni-4", seed=3, progress=False, games_per_pair=4, save_to={str(path)!r})
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=Path(__file__).parents[1],
        env={**os.environ, CONFIG_ENV: os.environ[CONFIG_ENV]},
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None:
            journal = journal_of(path)
            if journal.exists() and len(journal.read_bytes().splitlines()) >= 1 + 3:
                break
            time.sleep(0.02)
        if child.poll() is not None:
            pytest.skip("the league ended before it could be killed (a very fast machine)")
        child.send_signal(signal.SIGKILL)  # no finally, no atexit: as if the machine stopped
    finally:
        child.wait(30)
    assert not path.exists() and journal_of(path).exists()
    kept = len(journal_of(path).read_bytes().splitlines()) - 1
    resumed = run_league(THREE, "zuni-4", seed=3, progress=False, games_per_pair=4, save_to=path, resume=True)
    whole = run_league(THREE, "zuni-4", seed=3, progress=False, games_per_pair=4)
    assert kept >= 3 and played_alike(resumed.to_record()) == played_alike(whole.to_record())
    assert LeagueResults.load(path).to_record() == resumed.to_record()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": ["beginner", "casual", "strong"]}, "players gone: club; players added: strong"),
        ({"players": ["casual", "beginner", "club"]}, "another order"),
        (
            {"players": ["beginner", "casual", Contestant.builtin("alphabeta:1", name="club")]},
            "the code of club changed since",
        ),
        ({"variant": "zuni-4"}, "its board was 'zuni-3', now 'zuni-4'"),
        ({"rules": "ludii"}, "its rules was"),
        ({"games_per_pair": 4}, "games_per_pair was 2, now 4"),
        ({"time_limit": 3}, "time_limit was 2.0, now 3.0"),
        ({"max_turns": 50}, "max_turns was 1000, now 50"),
        ({"title": "Another"}, "its title was 'League on zuni-3', now 'Another'"),
    ],
)
def test_resuming_a_different_league_says_what_differs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: dict, words: str
) -> None:
    path = tmp_path / "results.json"
    count_games(monkeypatch, stop_at=3)
    with pytest.raises(KeyboardInterrupt):
        league(path)
    original = path.read_bytes()
    played = count_games(monkeypatch)
    with pytest.raises(ValueError, match=words) as caught:
        league(path, resume=True, **change)
    assert str(caught.value).startswith("cannot resume the league saved in") and "\n" not in str(caught.value)
    assert played == [] and path.read_bytes() == original  # nothing played, nothing written


def test_an_unfinished_journal_is_not_overwritten_without_resume_and_a_damaged_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.json"

    def no_disk(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(league_module, "write_text_file", no_disk)
    count_games(monkeypatch, stop_at=4)
    with pytest.raises(KeyboardInterrupt):
        league(path)
    monkeypatch.undo()
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    journal = journal_of(path)
    before = journal.read_bytes()
    with pytest.raises(ValueError, match="holds the games of an unfinished league: resume=True continues it"):
        league(path)
    assert journal.read_bytes() == before
    lines = before.splitlines(keepends=True)
    changed = lines[2].replace(b'"seconds":[', b'"seconds":[9')  # a student's edit, before the last line
    assert changed != lines[2]
    journal.write_bytes(b"".join([*lines[:2], changed, *lines[3:]]))
    with pytest.raises(ValueError, match="damaged or was changed at line 3"):
        league(path, resume=True)
    forged = json.loads(lines[2])
    forged["mac"] = "\u00e9" * 64  # not even a MAC
    journal.write_bytes(b"".join([*lines[:2], json.dumps(forged).encode() + b"\n", *lines[3:]]))
    with pytest.raises(ValueError, match="damaged or was changed at line 3"):
        league(path, resume=True)


# --- 3. whatever a player wrote, the results save and load -----------------------------------------


@settings(max_examples=200)
@given(st.text(st.characters(exclude_categories=())), st.integers(40, 2000))
def test_printable_text_is_bounded_savable_and_settled(text: str, limit: int) -> None:
    clean = printable_text(text, limit)
    assert len(clean) <= limit
    clean.encode("utf-8")  # no lone surrogate
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u2028\u2029\u202e" for c in clean)
    assert printable_text(clean, limit) == clean
    assert json.loads(json.dumps(clean, ensure_ascii=False)) == clean
    ordinary = not any(
        ord(c) < 32
        or 0x7F <= ord(c) < 0xA0
        or 0xD800 <= ord(c) < 0xE000
        or c in "\u2028\u2029"
        or 0x202A <= ord(c) <= 0x202E
        or 0x2066 <= ord(c) <= 0x2069
        or c in "\u200e\u200f\u061c"
        for c in text
    )
    assert (clean == text) == (ordinary and len(text) <= limit)


def test_printable_text_keeps_ordinary_text_and_escapes_the_rest() -> None:
    assert (
        printable_text("ZeroDivisionError: division by zero — à la ñ 漢字 🙂")
        == "ZeroDivisionError: division by zero — à la ñ 漢字 🙂"
    )
    assert printable_text("a\udcffb\x00c\nd\u202ee") == "a\\udcffb\\u0000c\\u000ad\\u202ee"
    assert printable_text("\x00" * 5000).endswith("(cut: 5,000 characters)")
    assert len(printable_text("\x00" * 5000)) <= MAX_TEXT_CHARS


def forfeited_results(why: str) -> LeagueResults:
    variant = get_variant("zuni-3")
    players = [LeaguePlayer("ann", "ann\udcff.py", "f" * 64), LeaguePlayer("bob", "bob.py", "0" * 64)]
    games = [
        LeagueGame(
            1,
            "ann",
            "bob",
            "black",
            FORFEIT,
            (),
            Position.start(variant),
            (Forfeit("ann", "white", "error", why),),
            (0.5, 0.0),
        ),
        LeagueGame(
            2,
            "bob",
            "ann",
            "none",
            FORFEIT,
            (),
            Position.start(variant),
            (Forfeit("bob", "white", "crash", why[::-1]), Forfeit("ann", "black", "load", why)),
        ),
    ]
    return LeagueResults(variant, players, games, league_settings(2, 2.0, 500, 1000, 0), "Texts")


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=3000))
def test_any_text_a_player_produced_saves_and_loads_back_exactly(tmp_path: Path, why: str) -> None:
    results = forfeited_results(why)
    assert results.games[0].forfeits[0].why == printable_text(why)
    path = tmp_path / "texts.json"
    results.save(path)
    loaded = LeagueResults.load(path)
    assert loaded.to_record() == results.to_record()
    assert loaded.games == results.games and loaded.players == results.players


def test_a_player_raising_a_lone_surrogate_loses_and_the_league_still_saves(tmp_path: Path) -> None:
    nasty = Contestant.from_source(
        "def choose_move(position):\n    raise ValueError('\\udcff\\x00' * 400)\n", name="nasty"
    )
    path = tmp_path / "results.json"
    results = run_league([nasty, "beginner"], "zuni-3", progress=False, time_limit=2, save_to=path)
    [why] = {f.why for f in results.forfeits()}
    assert why.startswith("choose_move raised ValueError: \\udcff\\u0000") and len(why) <= MAX_TEXT_CHARS
    assert LeagueResults.load(path).to_record() == results.to_record()


# --- 4. results a student cannot forge -------------------------------------------------------------


def test_the_key_is_made_once_readable_by_its_owner_only(
    config: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert league_key_path() == config / "league.key"
    assert not league_key_path().exists()
    league(tmp_path / "results.json")
    key = league_key_path().read_bytes()
    assert len(bytes.fromhex(key.decode().strip())) == 32
    if os.name == "posix":
        assert stat.S_IMODE(league_key_path().stat().st_mode) == 0o600
    league(tmp_path / "again.json")
    assert league_key_path().read_bytes() == key  # kept, not replaced
    monkeypatch.delenv(CONFIG_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert league_key_path() == tmp_path / "xdg" / "awithlaknannai" / "league.key"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert league_key_path() == tmp_path / "home" / ".config" / "awithlaknannai" / "league.key"


def test_a_results_file_changed_after_the_league_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: Path
) -> None:
    path = tmp_path / "results.json"
    results = league(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    record["title"] = "Changed"  # a change that agrees with everything else in the file: refused all the same
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(
        LeagueSignatureError,
        match=r"^the results file was changed after the league \(its "
        r"signature does not match\)$",
    ):
        LeagueResults.load(path)
    assert LeagueResults.load(path, verify=False).title == "Changed"
    del record["signature"]
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(LeagueSignatureError, match="has no signature"):
        LeagueResults.load(path)
    for forged in ["forged", {"algorithm": "HMAC-SHA256", "key": "é" * 16, "value": "é" * 64}]:
        record["signature"] = forged
        path.write_text(json.dumps(record), encoding="utf-8")
        with pytest.raises(LeagueSignatureError, match="signature is not readable"):
            LeagueResults.load(path)
    results.save(path)
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "another computer"))
    with pytest.raises(LeagueSignatureError, match="signed on another computer"):
        LeagueResults.load(path)
    assert LeagueResults.load(path, verify=False).to_record() == results.to_record()
    with pytest.raises(TypeError, match="verify is True or False"):
        LeagueResults.load(path, verify="no")  # type: ignore[arg-type]
    with pytest.raises(
        LeagueSignatureError,
        match="^cannot resume the league saved in .*: the results file was signed on another computer",
    ):
        league(path, resume=True)  # a league is continued only from a file this computer signed


def record_of_a_finished_league() -> dict:
    return run_league(THREE, "zuni-3", seed=3, progress=False, games_per_pair=2).to_record()


@pytest.fixture(scope="module")
def finished() -> dict:
    return record_of_a_finished_league()


def changed(record: dict, change) -> dict:  # type: ignore[no-untyped-def]
    copy = json.loads(json.dumps(record))
    change(copy)
    return copy


def swap_colours(record: dict) -> None:
    game = record["games"][2]
    game["white"], game["black"] = game["black"], game["white"]
    tags = game["record"]["tags"]
    tags["White"], tags["Black"] = tags["Black"], tags["White"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["games"].append(r["games"][0]), "game 1 is there twice"),
        (
            lambda r: r["games"][1].update(number=7),
            "game 7: a league of 3 players with 2 games a pair has games 1 to 6",
        ),
        (
            lambda r: r["settings"].update(games_per_pair=1),
            "game 2: casual .White. against beginner .Black. is not between the right players",
        ),
        (swap_colours, "game 3: club .White. against beginner .Black. has the colours swapped"),
        (
            lambda r: r["games"][3]["record"]["tags"].update(Round="9"),
            r"game 4: its record's tags \(Round\) disagree",
        ),
        (
            lambda r: r["games"][0]["record"]["tags"].update(White="club"),
            r"game 1: its record's tags \(White\)",
        ),
        (
            lambda r: r["games"][4]["forfeits"].extend(
                [{"player": "x", "color": "white", "kind": "error", "why": ""}] * 3
            ),
            "game 5: 3 forfeits",
        ),
        (lambda r: r["settings"].update(max_turns=3), "turns, but the league stops a game as a draw after 3"),
        (lambda r: r["settings"].update(games_per_pair=None), "'games_per_pair'"),
    ],
)
def test_games_that_disagree_with_each_other_are_refused_naming_the_game(
    finished: dict, change, words: str
) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError, match=words) as caught:
        LeagueResults.from_record(changed(finished, change))
    assert "\n" not in str(caught.value)


def test_a_forfeit_must_fit_the_moves(finished: dict) -> None:
    def forfeit_of_the_wrong_side(record: dict) -> None:
        game = record["games"][0]
        assert game["record"]["moves"]
        mover = "white" if len(game["record"]["moves"]) % 2 == 1 else "black"  # the side that just moved
        name = game[mover]
        game.update(
            result="white" if mover == "black" else "black",
            reason=FORFEIT,
            forfeits=[{"player": name, "color": mover, "kind": "error", "why": "x"}],
        )
        game["record"].update(result=None, reason=None)

    with pytest.raises(NotationError, match="game 1: .* lost by forfeit, but it was"):
        LeagueResults.from_record(changed(finished, forfeit_of_the_wrong_side))


# --- 5. standings a class accepts ---------------------------------------------------------------------


def constructed(outcomes: list[int], names: str = "ABCD") -> LeagueResults:
    """A league of one game a pair; ``outcomes[k]`` for the k-th pair in schedule order: 1 White wins, 0 a draw,
    -1 Black wins. Wins are by forfeit, draws a game stopped at the turn cap (1 turn): both load back."""
    variant = get_variant("zuni-3")
    start = Position.start(variant)
    opening = Game(start=start)
    opening.play(start.legal_moves()[0])
    first = opening.move_text(0)
    games = []
    for number, ((i, j), outcome) in enumerate(
        zip(itertools.combinations(range(len(names)), 2), outcomes), 1
    ):
        white, black = names[i], names[j]
        if outcome == 0:
            games.append(LeagueGame(number, white, black, "draw", STOPPED, (first,), start))
        else:
            loser, color = (black, "black") if outcome == 1 else (white, "white")
            games.append(
                LeagueGame(
                    number,
                    white,
                    black,
                    "white" if outcome == 1 else "black",
                    FORFEIT,
                    (),
                    start,
                    (Forfeit(loser, color, "error", "lost on purpose"),),
                )
            )
    players = [LeaguePlayer(name) for name in names]
    return LeagueResults(variant, players, games, league_settings(1, 2.0, 500, 1, 0), "Ties")


def places(results: LeagueResults) -> list[tuple[str, str]]:
    return [(row.place, row.name) for row in results.standings()]


def test_equal_points_are_split_first_by_the_games_among_the_tied_players() -> None:
    # Pairs in order: AB AC AD BC BD CD. A and B have 1½ points; A beat B, though B's Sonneborn-Berger is higher.
    results = constructed([1, 0, -1, 0, 1, -1])
    rows = {row.name: row for row in results.standings()}
    assert rows["A"].points == rows["B"].points == 1.5
    assert (rows["A"].head_to_head, rows["B"].head_to_head) == (1, 0)
    assert rows["A"].sonneborn_berger < rows["B"].sonneborn_berger and rows["A"].wins == rows["B"].wins
    assert places(results) == [("1", "D"), ("2", "A"), ("3", "B"), ("4", "C")]


def test_then_by_sonneborn_berger() -> None:
    # A and B: 1½ points each, drew each other; A drew with D (2 points), B lost to D and beat C (1 point).
    results = constructed([0, 0, 0, 1, -1, 0])
    rows = {row.name: row for row in results.standings()}
    assert rows["A"].head_to_head == rows["B"].head_to_head
    assert (rows["A"].sonneborn_berger, rows["B"].sonneborn_berger) == (2.25, 1.75)
    assert rows["A"].wins < rows["B"].wins  # more wins does not come first
    assert places(results) == [("1", "D"), ("2", "A"), ("3", "B"), ("4", "C")]


def test_then_by_wins_and_players_equal_on_everything_share_a_place() -> None:
    # Everyone has 1½ points, the same head-to-head and the same Sonneborn-Berger; B drew all three.
    results = constructed([0, 1, -1, 0, 0, 1])
    rows = list(results.standings())
    assert {row.points for row in rows} == {1.5} and {row.sonneborn_berger for row in rows} == {2.25}
    assert places(results) == [("1-3", "A"), ("1-3", "C"), ("1-3", "D"), ("4", "B")]
    assert [row.rank for row in rows] == [1, 1, 1, 4]
    results = constructed([1, 1, 1, 0, 1, 1])  # B and C drew, and each beat D: equal in everything
    assert places(results) == [("1", "A"), ("2-3", "B"), ("2-3", "C"), ("4", "D")]
    text = results.standings().to_text()
    assert "2-3  B" in text and text.endswith(TIE_BREAKS)
    assert TIE_BREAKS in results.standings()._repr_html_() and TIE_BREAKS in league_sheet_svg(results)
    assert "2-3. B" in league_sheet(results).alt


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([1, 0, -1]), min_size=10, max_size=10), st.randoms(use_true_random=False))
def test_places_follow_the_tie_breaks_whatever_the_order_of_the_games(outcomes: list[int], rng) -> None:  # type: ignore[no-untyped-def]
    results = constructed(outcomes, "ABCDE")
    rows = list(results.standings())

    def key(row):  # type: ignore[no-untyped-def]
        return (row.points, row.head_to_head, row.sonneborn_berger, row.wins)

    assert [key(r) for r in rows] == sorted((key(r) for r in rows), reverse=True)
    for a, b in itertools.combinations(rows, 2):
        assert (a.place == b.place) == (key(a) == key(b))
    for row in rows:
        equal = [r for r in rows if key(r) == key(row)]
        low = min(rows.index(r) for r in equal) + 1
        assert row.place == (str(low) if len(equal) == 1 else f"{low}-{low + len(equal) - 1}")
    shuffled = results.games[:]
    rng.shuffle(shuffled)
    again = LeagueResults(results.variant, results.players, shuffled, results.settings, results.title)
    assert places(again) == places(results)
    loaded = LeagueResults.from_json(results.to_json())  # whatever is written reads back, standings too
    assert places(loaded) == places(results)


# --- 6. folders read within their bound --------------------------------------------------------------


def test_a_missing_folder_is_said_to_be_missing(tmp_path: Path) -> None:
    for players in ["no/such/folder", "no/such/folder/", "missing.py", tmp_path / "missing"]:
        with pytest.raises(PlayersFolderError, match=r"^the folder .* does not exist$"):
            run_league(players, progress=False)
    with pytest.raises(ValueError, match="does not exist"):
        contestants_from_folder(tmp_path / "missing")
    (tmp_path / "file.py").write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(PlayersFolderError, match="is not a folder"):
        contestants_from_folder(tmp_path / "file.py")
    with pytest.raises(TypeError, match="players is a folder"):
        run_league("casual", progress=False)  # a name alone is not a league


def test_a_folder_with_too_many_files_is_refused_before_it_is_all_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for k in range(400):
        (tmp_path / f"p{k:03d}.py").write_text("", encoding="utf-8")
    listed = []
    scandir = os.scandir

    class Counted:
        def __init__(self, path):  # type: ignore[no-untyped-def]
            self.inner = scandir(path)

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc):  # type: ignore[no-untyped-def]
            self.inner.close()

        def __iter__(self):  # type: ignore[no-untyped-def]
            for entry in self.inner:
                listed.append(entry.name)
                yield entry

    monkeypatch.setattr(contestants.os, "scandir", Counted)
    monkeypatch.setattr(contestants.Contestant, "from_file", lambda *a, **k: pytest.fail("a file was read"))
    with pytest.raises(PlayersFolderError, match=f"more than {contestants.MAX_FOLDER_PLAYERS} player files"):
        contestants_from_folder(tmp_path)
    assert len(listed) == contestants.MAX_FOLDER_PLAYERS + 1
    listed.clear()
    monkeypatch.setattr(contestants, "MAX_FOLDER_ENTRIES", 50)
    with pytest.raises(PlayersFolderError, match="more than 50 files and folders"):
        contestants_from_folder(tmp_path, pattern="*.txt")
    assert len(listed) == 51


# --- 7. the command line ---------------------------------------------------------------------------


GREEDY = "from awithlaknannai.league.lesson import greedy_choose_move as choose_move\n"
FIRST = "def choose_move(position):\n    return position.legal_moves()[0]\n"


def player_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "players"
    folder.mkdir()
    (folder / "greedy.py").write_text(GREEDY, encoding="utf-8")
    (folder / "first.py").write_text(FIRST, encoding="utf-8")
    return folder


def test_the_league_command_prints_the_standings_and_writes_the_results_and_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from awithlaknannai.cli import main

    folder, out = player_folder(tmp_path), tmp_path / "class.json"
    argv = [
        "league",
        str(folder),
        "--variant",
        "zuni-3",
        "--games-per-pair",
        "4",
        "--out",
        str(out),
        "--title",
        "Class 9B",
        "--time-limit",
        "2",
    ]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    results = LeagueResults.load(out)
    assert results.title == "Class 9B" and len(results.games) == 4 and results.settings["games_per_pair"] == 4
    assert results.standings().to_text() in printed
    assert f"results: {out}" in printed and f"sheet: {tmp_path / 'class.svg'}" in printed
    assert (tmp_path / "class.svg").read_text(encoding="utf-8") == league_sheet_svg(results)
    assert main([*argv, "--resume"]) == 0  # nothing left to play: the same league
    assert LeagueResults.load(out).to_record() == results.to_record()


def test_the_league_command_passes_resume_and_trusted_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from awithlaknannai.cli import main

    calls = []

    def fake(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append((args, kwargs))
        raise ValueError("stop here")

    monkeypatch.setattr(league_module, "run_league", fake)
    monkeypatch.chdir(tmp_path)
    assert main(["league", "players", "--resume", "--trusted", "--jobs", "2", "--rules", "ludii"]) == 2
    [(args, kwargs)] = calls
    assert args == ("players", "mosona", "ludii")
    assert kwargs["resume"] is kwargs["trusted"] is True and kwargs["jobs"] == 2
    assert kwargs["save_to"] == Path("results.json") and kwargs["time_limit"] == sandbox.DEFAULT_TIME_LIMIT
    main(["league", "players"])
    assert calls[-1][1]["resume"] is calls[-1][1]["trusted"] is False and calls[-1][0][2] is None


def test_an_interrupted_league_command_says_how_to_continue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from awithlaknannai.cli import main

    folder, out = player_folder(tmp_path), tmp_path / "class.json"
    count_games(monkeypatch, stop_at=2)  # Ctrl-C during the second game
    assert main(["league", str(folder), "--variant", "zuni-3", "--out", str(out)]) == 130
    last = capsys.readouterr().err.splitlines()[-1]  # after the progress bar
    assert last == f"error: interrupted; the games played so far are in {out}: add --resume to continue"
    assert [g.number for g in LeagueResults.load(out).games] == [1]
    played = count_games(monkeypatch)
    assert main(["league", str(folder), "--variant", "zuni-3", "--out", str(out), "--resume"]) == 0
    assert played == [2] and len(LeagueResults.load(out).games) == 2


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["league", "no/such/folder"], "error: the folder 'no/such/folder' does not exist"),
        (["league", "{folder}", "--out", "{tmp}/results.txt"], "must end in .json"),
        (["league", "{folder}", "--games-per-pair", "0"], "games_per_pair must be from 1 to 20, got 0"),
        (["league", "{folder}", "--time-limit", "-1"], "time_limit must be above 0"),
        (["league", "{folder}", "--title", "x" * 300], "title is a text of at most 200 characters"),
        (["league", "{folder}", "--jobs", "many"], "argument --jobs: invalid int value: 'many'"),
    ],
)
def test_league_command_errors_are_one_line_with_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    words: str,
) -> None:
    from awithlaknannai.cli import main

    folder = player_folder(tmp_path)
    monkeypatch.chdir(tmp_path)  # the default --out is results.json in the current folder
    argv = [a.format(folder=folder, tmp=tmp_path) for a in argv]
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own errors
        status = stop.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert status == 2 and words in captured.err
    assert captured.err.count("\n") == 1 and not (tmp_path / "results.json").exists()
