"""The class league: sandboxed players, forfeits, standings, ratings, results files, the lesson helpers."""

from __future__ import annotations

import json
import linecache
import random
import re
import textwrap
from pathlib import Path

import pytest

from awithlaknannai.render.league import league_sheet, league_sheet_svg
from hypothesis import given, settings
from hypothesis import strategies as st

from awithlaknannai import Game, NotationError, Position
from awithlaknannai.league import (
    Contestant,
    LeagueResults,
    contestants_from_folder,
    elo_ratings,
    greedy_choose_move,
    judge_player,
    run_league,
    save_player,
    template_code,
    test_player,
)
from awithlaknannai.league.confine import CONFIG_ENV
from awithlaknannai.league.player_side import PlayerFailure
from awithlaknannai.league.ratings import PRIOR_GAMES
from awithlaknannai.league.games import FORFEIT
from awithlaknannai.league.sandbox import PlayerProcess
from awithlaknannai.render import Picture
from awithlaknannai.tables.solver import PerfectPlayer, solve_endgames
from awithlaknannai.variants import get_variant

# Short limits keep the test quick: the good players answer in milliseconds. Not shorter: on a loaded
# 2-core machine the memory hog's MemoryError took longer than 0.4 s to come back, and lost on time.
TIME_LIMIT = 0.8
MEMORY_MB = 150

GOOD = "from awithlaknannai.league.lesson import greedy_choose_move as choose_move\n"

BAD_PLAYERS = {
    # name: (code, the kind of forfeit it must lose by, a word its reasons must contain)
    "raiser": (
        "def choose_move(position):\n    moves = position.legal_moves()\n    return moves[0] / 0\n",
        "error",
        "(line 3 of <raiser>, in choose_move: return moves[0] / 0)",
    ),
    "crasher": ("import os\n\ndef choose_move(position):\n    os._exit(3)\n", "crash", "exit code 3"),
    "looper": ("def choose_move(position):\n    while True:\n        pass\n", "timeout", "0.8 s"),
    "cheater": (
        (
            "from awithlaknannai import Move\n\ndef choose_move(position):\n"
            "    origin = position.legal_moves()[0].origin\n    return Move(origin, (origin,))\n"
        ),
        "illegal",
        "must leave",
    ),
    "hog": (
        "def choose_move(position):\n    hoard = []\n    while True:\n        hoard.append(bytearray(2**20))\n",
        "memory",
        "memory",
    ),
}

# Tries to change the position it is given, the rules for everyone, and the league's games, then plays the
# first legal move (found before the changes). None of it may reach the league or the other players.
MEDDLER = textwrap.dedent("""
    import gc
    from awithlaknannai import Game, Position
    from awithlaknannai.league import tournament as league

    legal_moves = Position.legal_moves

    def choose_move(position):
        move = legal_moves(position)[0]
        position._white = 0
        position._moves = position._legal = ()
        Position.legal_moves = lambda self: ()
        Game.play = lambda self, move: None
        league.elo_ratings = lambda *args, **kwargs: {}
        for thing in gc.get_objects():
            if isinstance(thing, Game):
                thing.moves.clear()
            if isinstance(thing, league.LeagueResults):
                thing.games.clear()
        return move
""")


@pytest.fixture(autouse=True)
def _league_key_in_a_scratch_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Results are signed with a key made in a scratch config folder, never the user's own."""
    folder = tmp_path_factory.getbasetemp() / "config"
    monkeypatch.setenv(CONFIG_ENV, str(folder))
    return folder


@pytest.fixture(scope="module")
def league() -> LeagueResults:
    players = [
        Contestant.from_source(GOOD, name="template"),
        Contestant.builtin("casual"),
        Contestant.from_source(MEDDLER, name="meddler"),
    ]
    players += [Contestant.from_source(code, name=name) for name, (code, _, _) in BAD_PLAYERS.items()]
    return run_league(
        players,
        "zuni-3",
        time_limit=TIME_LIMIT,
        memory_limit_mb=MEMORY_MB,
        seed=7,
        progress=False,
        title="Test league",
    )


def test_every_pair_plays_twice_with_colours_swapped(league: LeagueResults) -> None:
    names = league.names
    assert len(league.games) == len(names) * (len(names) - 1)
    pairs = {}
    for game in league.games:
        pairs.setdefault(frozenset((game.white, game.black)), []).append((game.white, game.black))
    assert len(pairs) == len(names) * (len(names) - 1) // 2
    for played in pairs.values():
        assert len(played) == 2 and played[0] == played[1][::-1]


def test_each_bad_player_loses_only_its_own_games_with_its_reason(league: LeagueResults) -> None:
    for game in league.games:
        for forfeit in game.forfeits:
            assert forfeit.player in BAD_PLAYERS, str(forfeit)
            _, kind, word = BAD_PLAYERS[forfeit.player]
            assert forfeit.kind == kind, str(forfeit)
            assert word in forfeit.why, str(forfeit)
            assert forfeit.player in str(forfeit)  # the message names the player
            assert game.reason == FORFEIT and game.loser == forfeit.player
            # It failed on its own move: the game stopped with that player to move.
            assert game.game().position.turn.value == forfeit.color
        if not game.forfeits:
            assert game.reason != FORFEIT
    for name in BAD_PLAYERS:
        for game in league.games_of(name):
            opponent = game.opponent(name)
            if opponent not in BAD_PLAYERS:  # the good players always get it to move
                assert game.loser == name and [f.player for f in game.forfeits] == [name]


def test_the_meddler_and_the_good_players_play_normal_games(league: LeagueResults) -> None:
    good = ["template", "casual", "meddler"]
    for game in league.games:
        if game.white in good and game.black in good:
            assert not game.forfeits and game.reason != FORFEIT
            replayed = game.game()  # the moves are legal in the league's own game
            assert len(replayed.moves) == len(game.moves) > 0
            outcome = replayed.outcome()
            assert (outcome.result if outcome else "draw") == game.result
    # The meddler's changes stayed in its own process: the league's classes are untouched here.
    assert Position.start("zuni-3").legal_moves()
    assert league.ratings()  # the real elo_ratings, not the meddler's replacement


def test_standings_follow_from_the_games(league: LeagueResults) -> None:
    points = dict.fromkeys(league.names, 0.0)
    for game in league.games:
        if game.result == "draw":
            points[game.white] += 0.5
            points[game.black] += 0.5
        elif game.winner is not None:
            points[game.winner] += 1
    standings = league.standings()
    assert {row.name: row.points for row in standings} == points
    assert [row.points for row in standings] == sorted(points.values(), reverse=True)
    for row in standings:
        assert row.wins + row.draws + row.losses == row.games == 2 * (len(league.names) - 1)
        expected_forfeits = sum(1 for f in league.forfeits() if f.player == row.name)
        assert row.forfeits == expected_forfeits
    # The good players beat every bad player, so they finish above all of them.
    best_bad = max(standings[name].points for name in BAD_PLAYERS)
    assert min(standings[name].points for name in ("template", "casual", "meddler")) > best_bad
    ratings = league.ratings()
    for a in standings:
        for b in standings:
            if a.points > b.points:
                assert ratings[a.name] > ratings[b.name]


def test_results_round_trip_through_a_file(league: LeagueResults, tmp_path: Path) -> None:
    path = tmp_path / "league.json"
    league.save(path)
    loaded = LeagueResults.load(path)
    assert loaded.to_record() == league.to_record()
    assert loaded.games == league.games
    assert [r.name for r in loaded.standings()] == [r.name for r in league.standings()]
    # Every stored game is a project game record: Game reads it, and a lost game replays to its end.
    record = json.loads(path.read_text(encoding="utf-8"))
    lost = league.lost_games("template")[0] if league.lost_games("template") else league.games[0]
    stored = record["games"][lost.number - 1]["record"]
    game = Game.from_json(json.dumps(stored))
    assert [game.move_text(i) for i in range(len(game.moves))] == list(lost.moves)
    assert game.tags["White"] == lost.white and game.tags["Black"] == lost.black


def test_a_tampered_results_file_is_refused(league: LeagueResults, tmp_path: Path) -> None:
    record = league.to_record()
    game = next(g for g in record["games"] if not g["forfeits"])
    game["result"] = {"white": "black", "black": "white", "draw": "white"}[game["result"]]
    with pytest.raises(NotationError, match="does not agree"):
        LeagueResults.from_record(record)
    record = league.to_record()
    record["games"][0]["white"] = "nobody"
    with pytest.raises(NotationError, match="two different players of the league"):
        LeagueResults.from_record(record)
    with pytest.raises(NotationError, match="nests deeper"):
        LeagueResults.from_json("[" * 100 + "]" * 100)
    with pytest.raises(NotationError, match="'format'"):
        LeagueResults.from_json('{"format": "something else"}')
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(2**27)
    with pytest.raises(NotationError, match="more than the"):
        LeagueResults.load(big)


def test_the_results_sheet_has_a_title_a_description_and_every_score(league: LeagueResults) -> None:
    svg = league_sheet_svg(league)
    assert svg == league_sheet_svg(league)
    picture = league_sheet(league)
    assert isinstance(picture, Picture)
    assert picture.alt.startswith("Test league: results.")
    for row in league.standings():
        assert f"{row.place}. {row.name}" in picture.alt  # a shared place shows as "4-5"
    n = len(league.names)
    assert svg.count('class="score ') == n * (n - 1)  # one tinted cell per ordered pair, each with its number
    assert "*</text>" in svg  # a score that includes a forfeit is marked, not only coloured


def test_unloadable_players_lose_every_game_and_two_of_them_score_nothing(tmp_path: Path) -> None:
    (tmp_path / "typo.py").write_text("def choose_move(position)\n    return 1\n", encoding="utf-8")
    (tmp_path / "nameless.py").write_text("def play(position):\n    return None\n", encoding="utf-8")
    (tmp_path / "greedy.py").write_text(GOOD, encoding="utf-8")
    (tmp_path / "_helper.py").write_text("this is not a player", encoding="utf-8")
    players = contestants_from_folder(tmp_path)
    assert [p.name for p in players] == ["greedy", "nameless", "typo"]
    results = run_league(tmp_path, "zuni-3", time_limit=TIME_LIMIT, progress=False)
    reasons = {f.player: f.why for f in results.forfeits()}
    assert "SyntaxError" in reasons["typo"] and "line 1 of typo.py" in reasons["typo"]
    assert "defines no function choose_move(position)" in reasons["nameless"]
    assert all(f.kind == "load" for f in results.forfeits())
    both = [g for g in results.games if {g.white, g.black} == {"typo", "nameless"}]
    assert [g.result for g in both] == ["none", "none"] and all(len(g.forfeits) == 2 for g in both)
    assert results.standings()["greedy"].points == 4 and "greedy" in results.standings()
    with pytest.raises(ValueError, match="no player called 'nobody'"):
        results.standings()["nobody"]
    assert results.standings()["typo"].points == results.standings()["nameless"].points == 0


def test_a_player_that_does_not_return_a_move_loses_with_what_it_returned() -> None:
    contestant = Contestant.from_source("def choose_move(position):\n    return 42\n", name="answer")
    process = PlayerProcess(contestant, get_variant("zuni-3"), time_limit=2)
    try:
        process.start()
        with pytest.raises(PlayerFailure, match=r"returned 42, not a move") as caught:
            process.choose(Position.start("zuni-3"))
        assert caught.value.kind == "illegal"
    finally:
        process.close()
    assert not process.alive


def test_a_seeded_league_repeats() -> None:
    players = [
        "beginner",
        Contestant.from_source(
            "import random\n\ndef choose_move(position):\n    return random.choice(position.legal_moves())\n",
            "dice",
        ),
    ]
    first = run_league(players, "zuni-4", seed=5, progress=False)
    again = run_league(players, "zuni-4", seed=5, progress=False)
    assert [g.moves for g in first.games] == [g.moves for g in again.games]


def test_games_at_once_give_the_same_league_and_save_to_keeps_it(tmp_path: Path) -> None:
    players = [
        Contestant.builtin(level, name=f"{level}-{i}", seed=i)
        for i, level in enumerate(["beginner", "casual", "club", "casual"])
    ]
    one = run_league(players, "zuni-4", seed=3, progress=False)
    path = tmp_path / "partial.json"
    two = run_league(players, "zuni-4", seed=3, jobs=2, progress=False, save_to=path)
    assert [(g.white, g.black, g.moves, g.result) for g in one.games] == [
        (g.white, g.black, g.moves, g.result) for g in two.games
    ]
    assert LeagueResults.load(path).to_record() == two.to_record()


def test_bad_league_arguments_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="two players are called 'casual'"):
        run_league(["casual", "casual"], progress=False)
    with pytest.raises(ValueError, match="at least 2 players"):
        run_league(["casual"], progress=False)
    with pytest.raises(ValueError, match="time_limit"):
        run_league(["casual", "beginner"], time_limit=0, progress=False)
    with pytest.raises(TypeError, match="a league player is"):
        run_league(["casual", object()], progress=False)
    with pytest.raises(ValueError, match="unknown player"):
        run_league(["casual", "grandmaster"], progress=False)
    with pytest.raises(ValueError, match="name"):
        Contestant.from_source(GOOD, name="<script>")


# --- players from notebook cells ---------------------------------------------------------


def _notebook_function(source: str, name: str, extra: dict | None = None):  # type: ignore[no-untyped-def]
    """Define a function the way a notebook cell does: in __main__, its source known to linecache only."""
    filename = f"<cell-{name}-{random.randrange(10**9)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"__name__": "__main__", **(extra or {})}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - what a notebook does with a cell
    return namespace[name]


def test_a_notebook_function_is_sent_with_what_it_uses() -> None:
    cell = textwrap.dedent("""
        import random as chance
        from awithlaknannai import Color

        BONUS = {"capture": 10}
        ME = Color.WHITE

        def score(position, move):
            return BONUS["capture"] * len(move.captures)

        def my_player(position):
            moves = position.legal_moves()
            best = max(score(position, m) for m in moves)
            return chance.choice([m for m in moves if score(position, m) == best])
    """)
    function = _notebook_function(cell, "my_player")
    contestant = Contestant.from_function(function, name="cell player")
    assert contestant.entry == "my_player" and contestant.origin == "notebook cell"
    namespace: dict = {}
    exec(contestant.code, namespace)  # noqa: S102 - the code a player's process runs
    position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})
    assert str(namespace["my_player"](position)) == "M1xM3"
    results = run_league([contestant, "beginner"], "zuni-3", progress=False, time_limit=2)
    assert not results.forfeits()


def test_an_error_in_a_notebook_function_quotes_the_line_and_the_function() -> None:
    cell = "def helper(moves):\n    return moves[len(moves)]\n\ndef dave(position):\n    return helper(position.legal_moves())\n"
    results = run_league(
        [_notebook_function(cell, "dave"), "beginner"], "zuni-3", progress=False, time_limit=2
    )
    whys = {f.why for f in results.forfeits()}
    # The sent code is numbered unlike the cell, so no line number: the function and the line say where.
    assert whys == {
        "choose_move raised IndexError: tuple index out of range (in helper: return moves[len(moves)])"
    }


def test_a_notebook_function_using_something_that_cannot_be_sent_is_refused_by_name() -> None:
    function = _notebook_function(
        "def player(position):\n    return handle.read()\n",
        "player",
        {"handle": open(__file__, encoding="utf-8")},
    )  # noqa: SIM115
    with pytest.raises(ValueError, match="uses 'handle', a TextIOWrapper"):
        Contestant.from_function(function)
    with pytest.raises(TypeError, match="defined with def"):
        Contestant.from_function(print)  # type: ignore[arg-type]


# --- ratings ----------------------------------------------------------------------------------


def test_symmetric_results_give_equal_ratings() -> None:
    ratings = elo_ratings(
        [("a", "b", 1), ("b", "c", 1), ("c", "a", 1), ("a", "b", 0.5)] * 3 + [("b", "a", 0.5)] * 3
    )
    assert ratings["a"] == pytest.approx(ratings["b"], abs=1e-6)
    assert ratings["b"] == pytest.approx(ratings["c"], abs=1e-6)
    assert elo_ratings([("a", "b", 0.5)] * 10) == pytest.approx({"a": 1500, "b": 1500})
    assert elo_ratings([], ["x"]) == {"x": 1500}


def test_an_unbeaten_player_has_a_finite_rating_above_the_rest() -> None:
    ratings = elo_ratings([("top", "mid", 1)] * 6 + [("top", "low", 1)] * 6 + [("mid", "low", 1)] * 6)
    assert ratings["top"] > ratings["mid"] > ratings["low"]
    assert ratings["top"] < 3000


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.sampled_from([0, 0.5, 1])), max_size=40),
    st.randoms(use_true_random=False),
)
def test_ratings_make_expected_scores_equal_actual_scores_whatever_the_order(games, rng) -> None:  # type: ignore[no-untyped-def]
    scores = [(f"p{a}", f"p{b}", s) for a, b, s in games if a != b]
    ratings = elo_ratings(scores)
    shuffled = scores[:]
    rng.shuffle(shuffled)
    assert elo_ratings(shuffled) == pytest.approx(ratings, abs=1e-4)
    for name, rating in ratings.items():
        actual = expected = PRIOR_GAMES / 2
        expected = PRIOR_GAMES / (1 + 10 ** ((1500 - rating) / 400))
        for a, b, s in scores:
            if name in (a, b):
                mine, other = (s, b) if name == a else (1 - s, a)
                actual += mine
                expected += 1 / (1 + 10 ** ((ratings[other] - rating) / 400))
        assert expected == pytest.approx(actual, abs=1e-6)


# --- the lesson --------------------------------------------------------------------------------


def test_test_player_lists_each_opponent_and_what_went_wrong() -> None:
    calls = []

    def clumsy(position):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 3:
            raise IndexError("list index out of range")
        return greedy_choose_move(position)

    report = test_player(clumsy, against=["beginner", "casual"], games=2, variant="zuni-3", progress=False)
    rows = report.table()
    assert [r["opponent"] for r in rows] == ["beginner", "casual"]
    assert all(r["games"] == 2 and r["won"] + r["drawn"] + r["lost"] == 2 for r in rows)
    assert sum(r["forfeits"] for r in rows) == 1
    [problem] = report.problems()
    assert "IndexError: list index out of range" in problem and "line" in problem
    for game in report.lost_games():
        assert Game.from_json(game.game().to_json()).moves == game.game().moves
    assert "opponent" in report._repr_html_() and "IndexError" in str(report)


def test_test_player_interrupts_a_slow_move_and_keeps_the_game_safe() -> None:
    def stubborn(position):  # type: ignore[no-untyped-def]
        position._white = 0  # behind the read-only field, in its own copy: the game does not see it
        while True:
            pass

    report = test_player(
        stubborn, against=["beginner"], games=2, variant="zuni-3", time_limit=0.2, progress=False
    )
    assert [g.forfeits[0].kind for g in report.results.games] == ["timeout", "timeout"]
    assert all(g.game().position.count("white") > 0 for g in report.results.games)


def test_test_player_in_a_sandbox() -> None:
    report = test_player(
        greedy_choose_move, against=["beginner"], games=2, variant="zuni-3", sandbox=True, progress=False
    )
    assert report.table()[0]["games"] == 2 and not report.problems()


def test_the_template_code_is_the_greedy_player() -> None:
    namespace: dict = {}
    exec(template_code(), namespace)  # noqa: S102 - the code a student copies
    position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})
    assert namespace["choose_move"](position) == greedy_choose_move(position)


def test_the_judge_gives_perfect_play_full_marks_and_the_worst_moves_none() -> None:
    tables = solve_endgames("zuni-3", max_pieces=2, cache_dir=False)
    perfect = PerfectPlayer(tables)
    judgement = judge_player(perfect.choose_move, "zuni-3", pieces=2, positions=30, tables=tables)
    assert judgement.count == 30 and judgement.share == 1.0 and not judgement.mistakes()

    def worst(position):  # type: ignore[no-untyped-def]
        return tables.evaluate_moves(position)[-1][0]

    judgement = judge_player(worst, "zuni-3", pieces=2, positions=30, tables=tables)
    assert judgement.share == 0.0 and len(judgement.mistakes()) == 30
    won, drawn = judgement.by_result()["win"], judgement.by_result()["draw"]
    assert won[1] + drawn[1] == 30
    with pytest.raises(ValueError, match="pieces must be from 1 to 3"):
        judge_player(worst, "zuni-3", pieces=4, tables=tables)


# --- handing a player in ------------------------------------------------------------------------


def test_a_saved_notebook_player_plays_from_its_file_in_a_folder_league(tmp_path: Path) -> None:
    cell = textwrap.dedent("""
        import random
        WEIGHT = 3

        def value(position, me):
            return WEIGHT * (position.count(me) - position.count(me.other))

        def my_player(position):
            me = position.turn
            moves = position.legal_moves()
            best = max(value(position.play(m), me) for m in moves)
            return random.choice([m for m in moves if value(position.play(m), me) == best])
    """)
    function = _notebook_function(cell, "my_player")
    written = save_player(function, tmp_path / "ada lovelace.py")
    assert written == tmp_path / "ada lovelace.py"
    save_player(greedy_choose_move, tmp_path / "template.py")
    with pytest.raises(FileExistsError, match="already there"):
        save_player(function, written)
    before = written.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match=r"ends in \.py"):
        save_player(function, tmp_path / "ada.txt")
    assert written.read_text(encoding="utf-8") == before  # a refused save leaves the file alone
    results = run_league(tmp_path, "zuni-3", progress=False, time_limit=2)
    assert sorted(results.names) == ["ada lovelace", "template"]
    assert not results.forfeits() and len(results.games) == 2


def test_the_game_to_review_is_the_shortest_loss() -> None:
    report = test_player(greedy_choose_move, against=["casual"], games=6, progress=False)
    lost = report.lost_games()
    assert lost, "the template loses to casual (measured: 0 wins in 200 games)"
    chosen = report.game_to_review()
    assert chosen in lost and len(chosen.moves) == min(len(g.moves) for g in lost)
    with pytest.raises(ValueError, match="games must be a whole number from 1 to 20, got 200"):
        test_player(greedy_choose_move, games=200, progress=False)


def test_a_dict_names_the_players_of_a_league() -> None:
    results = run_league(
        {"you": greedy_choose_move, "the club": "club"}, "zuni-3", progress=False, time_limit=2
    )
    assert sorted(results.names) == ["the club", "you"] and len(results.games) == 2
    with pytest.raises(TypeError, match="name is text, got int"):
        run_league({"you": greedy_choose_move, 3: "casual"}, "zuni-3", progress=False)  # type: ignore[dict-item]


def test_the_sheet_cropped_for_a_screen_is_smaller_than_the_page() -> None:
    results = run_league(["beginner", "casual"], "zuni-3", progress=False)
    page, screen = league_sheet_svg(results), league_sheet_svg(results, page=False)
    width = re.compile(r'width="([\d.]+)mm" height="([\d.]+)mm"')
    page_w, page_h = map(float, width.search(page).groups())  # type: ignore[union-attr]
    screen_w, screen_h = map(float, width.search(screen).groups())  # type: ignore[union-attr]
    assert (page_w, page_h) == (297.0, 210.0) and screen_w < page_w and screen_h < page_h / 2
    assert league_sheet(results, page=False).alt == league_sheet(results).alt
