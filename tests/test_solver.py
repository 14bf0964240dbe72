"""The endgame solver against independent checks.

Two oracles that share nothing with the solver but the move generator:

* a depth-limited minimax ("can the mover force a win within d plies?"),
  which confirms every finite distance and that draws have no forced result;
* a local audit of every table entry against the values of its moves
  (quickest win, longest loss, and the progress ranks of the stand-in
  results), which together prove each value exact.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from awithlaknannai import Color, Game, Position, get_variant
from awithlaknannai.tables import solver_core as core
from awithlaknannai.tables.solver import (
    SOLVER_VERSION,
    EndgameTables,
    PerfectPlayer,
    Value,
    best_moves,
    board_fingerprint,
    default_cache_dir,
    estimate,
    solve_endgames,
    solve_game,
)
from awithlaknannai.tables.solver_core import DRAW, LOSS, LOSS_STAND_IN, WIN, WIN_STAND_IN
from awithlaknannai.cli import main
from awithlaknannai.errors import GameOverError
from awithlaknannai.position import generate_raw

PRESETS = ("standard", "maximum", "ludii")


@pytest.fixture(scope="module")
def zuni3_tables() -> dict[str, EndgameTables]:
    tables = {rules: solve_endgames("zuni-3", 3, rules=rules, cache_dir=False) for rules in PRESETS}
    # Without the outer-row lines a lone piece can often hide: stand-in results appear.
    tables["murray-maximum"] = solve_endgames("zuni-3-murray", 3, rules="maximum", cache_dir=False)
    return tables


def _children(variant, own: int, opp: int):
    for origin, landings, _, captured in generate_raw(variant, own, opp):
        moved = (own & ~(1 << origin)) | (1 << landings[-1])
        yield opp & ~captured, moved, bool(captured)


def _minimax_oracle(variant):
    blocked_loses = variant.rules.blocked_player_loses

    @cache
    def wins_within(own: int, opp: int, plies: int) -> bool:
        if plies < 1:
            return False
        for left, moved, _ in _children(variant, own, opp):
            if not left or loses_within(left, moved, plies - 1):
                return True
        return False

    @cache
    def loses_within(own: int, opp: int, plies: int) -> bool:
        children = list(_children(variant, own, opp))
        if not children:
            return blocked_loses
        if plies < 2:
            return False
        return all(left and wins_within(left, moved, plies - 1) for left, moved, _ in children)

    return wins_within, loses_within


def _all_entries(tables: EndgameTables):
    n = tables.variant.tables.size
    for mover, other in tables.classes():
        codes = tables.codes(mover, other)
        for key, code in zip(core.class_keys(n, mover, other), codes, strict=True):
            yield key >> n, key & tables.variant.tables.full_mask, code


@pytest.mark.parametrize(
    "name,rules,max_pieces",
    [
        ("zuni-3", "standard", 2),
        ("zuni-3", "ludii", 2),
        ("zuni-3", "maximum", 2),
        ("zuni-4", "standard", 2),
        ("zuni-3-murray", "standard", 2),
        # Switches no preset uses: a blocked player draws, optional multi-leaps, bent leaps.
        ("zuni-3-murray", "standard,blocked_player_loses=no", 2),
        ("zuni-3", "standard,multi_leap=optional,maximum_capture=yes", 2),
        ("zuni-3", "ludii,leap_shape=bent", 2),
    ],
)
def test_values_agree_with_depth_limited_minimax(name, rules, max_pieces):
    tables = solve_endgames(name, max_pieces, rules=rules, cache_dir=False)
    wins_within, loses_within = _minimax_oracle(tables.variant)
    longest = max(r.longest for r in tables.reports)
    horizon = longest + 4
    checked = 0
    for own, opp, code in _all_entries(tables):
        category, distance = code & 7, code >> 3
        if category == WIN:
            assert wins_within(own, opp, distance), (own, opp, code)
            assert not wins_within(own, opp, distance - 2), (own, opp, code)
        elif category == LOSS:
            assert loses_within(own, opp, distance), (own, opp, code)
            assert distance == 0 or not loses_within(own, opp, distance - 2), (own, opp, code)
        else:
            assert not wins_within(own, opp, horizon), (own, opp, code)
            assert not loses_within(own, opp, horizon), (own, opp, code)
        checked += 1
    assert checked == estimate(tables.variant, max_pieces)


def _audit(tables: EndgameTables) -> dict[int, int]:
    """Check every entry against its moves; return how often each category occurs."""
    variant = tables.variant
    more_pieces = variant.rules.no_capture_result == "more_pieces"
    seen = dict.fromkeys(range(5), 0)
    for own, opp, code in _all_entries(tables):
        category, distance = code & 7, code >> 3
        seen[category] += 1
        moves = []
        for left, moved, capture in _children(variant, own, opp):
            child = core.make_code(LOSS, 0) if not left else tables.code_of(left, moved)
            moves.append((core.mover_code(child), child, capture))
        where = (own, opp, core.describe_code(code))
        if not moves:  # blocked
            if variant.rules.blocked_player_loses:
                assert code == core.make_code(LOSS, 0), where
            else:  # a draw that settles the game like a capture (distance 1 under stand-in scoring)
                assert code & 7 == DRAW, where
            continue
        wins = [mine >> 3 for mine, _, _ in moves if mine & 7 == WIN]
        if category == WIN:
            assert wins and distance == min(wins), where
            continue
        assert not wins, where
        if category == LOSS:
            assert all(mine & 7 == LOSS for mine, _, _ in moves), where
            assert distance == max(mine >> 3 for mine, _, _ in moves), where
            continue
        assert category == max(mine & 7 for mine, _, _ in moves), where
        if not more_pieces:
            assert code == core.make_code(DRAW, 0), where
            continue
        a, b = own.bit_count(), opp.bit_count()
        holding = (a > b) - (a < b)  # what endless play gives the mover

        def ranks(wanted: int, moves=moves) -> list[int]:
            # 0 for a capture reaching the wanted category, else the child's rank.
            return [0 if capture else child >> 3 for mine, child, capture in moves if mine & 7 == wanted]

        quiet_ranks = [child >> 3 for mine, child, capture in moves if mine & 7 == category and not capture]
        if category == WIN_STAND_IN:
            if holding <= 0:  # must reach a capture: strictly shorter way each turn
                assert all(r >= 1 for r in quiet_ranks) and distance == 1 + min(ranks(WIN_STAND_IN)), where
            else:
                assert distance == 0, where
        elif category == DRAW:
            if holding < 0:
                assert all(r >= 1 for r in quiet_ranks) and distance == 1 + min(ranks(DRAW)), where
            elif holding > 0:
                assert distance >= 1 + max(quiet_ranks, default=0), where
            else:
                assert distance == 0, where
        else:  # LOSS_STAND_IN: the opponent is winning
            if holding >= 0:  # ... by reaching a capture: every move shortens his way
                assert distance == 1 + max(quiet_ranks, default=0), where
            else:
                assert distance == 0, where
    return seen


def test_audit_of_rules_no_preset_uses():
    tables = solve_endgames("zuni-3-murray", 2, rules="maximum,blocked_player_loses=no", cache_dir=False)
    seen = _audit(tables)
    assert seen[WIN_STAND_IN] and seen[DRAW]


# One preset under every Python; the others (20-35 s each) are slow, left to CI's main run.
@pytest.mark.parametrize(
    "rules",
    [p if p == "standard" else pytest.param(p, marks=pytest.mark.slow) for p in [*PRESETS, "murray-maximum"]],
)
def test_every_entry_is_consistent_with_its_moves(zuni3_tables, rules):
    seen = _audit(zuni3_tables[rules])
    assert seen[WIN] and seen[LOSS] and seen[DRAW]
    if rules == "murray-maximum":
        assert seen[WIN_STAND_IN] and seen[LOSS_STAND_IN]
    else:
        assert not seen[WIN_STAND_IN] and not seen[LOSS_STAND_IN]


def test_audit_catches_a_wrong_entry(zuni3_tables):
    tables = solve_endgames("zuni-3", 2, cache_dir=False)
    codes = tables.codes(2, 2)
    for i, code in enumerate(codes):
        if code & 7 == WIN and code >> 3 == 3:
            codes[i] = core.make_code(WIN, 5)
            break
    with pytest.raises(AssertionError):
        _audit(tables)


def test_class_index_matches_table_order():
    for n, a, b in [(7, 1, 1), (10, 2, 3), (13, 3, 2), (25, 2, 1)]:
        keys = core.class_keys(n, a, b)
        mask = (1 << n) - 1
        assert len(keys) == core.class_size(n, a, b) == len(set(keys))
        step = max(1, len(keys) // 500)
        for i in range(0, len(keys), step):
            assert core.class_index(n, keys[i] >> n, keys[i] & mask) == i


def test_full_solution_of_zuni2_agrees_with_minimax():
    tables = solve_game("zuni-2", cache_dir=False)
    start = Position.start("zuni-2")
    value = tables.value(start)
    assert value == Value("loss", 16)
    _, loses_within = _minimax_oracle(start.variant)
    assert loses_within(start.white, start.black, 16)
    assert not loses_within(start.white, start.black, 14)


def test_colour_does_not_matter(zuni3_tables):
    tables = zuni3_tables["standard"]
    white = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"}, turn="w")
    black = Position.from_pieces("zuni-3", {"T0": "b", "T1": "b", "M3": "w", "B0": "w"}, turn="b")
    assert tables.value(white) == tables.value(black) == Value("win", 3)


# --- moves, hints and the perfect player ------------------------------------------


def test_best_moves_are_the_quickest_win(zuni3_tables):
    tables = zuni3_tables["standard"]
    p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    ranked = tables.evaluate_moves(p)
    assert len(ranked) == len(p.legal_moves())
    assert [str(m) for m, _ in tables.best_moves(p)] == ["T1-M1"]
    assert ranked[0][1] == Value("win", 3)
    assert all(v.outcome != "win" for _, v in ranked[1:])


def test_best_moves_hint_lookup(zuni3_tables):
    p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    hint = best_moves(p, zuni3_tables["standard"])
    assert hint is not None and str(hint[0][0]) == "T1-M1"
    assert best_moves(p) is not None  # found among the tables solved in this session
    assert best_moves(Position.start("mosona")) is None  # 12 a side: never solved
    with pytest.raises(TypeError, match="needs a Position"):
        best_moves("T1-M1")  # type: ignore[arg-type]


def test_uncovered_and_foreign_positions_are_clear_errors(zuni3_tables):
    tables = zuni3_tables["standard"]
    start = Position.start("zuni-3")  # 4 a side; these tables hold 3
    assert not tables.covers(start)
    with pytest.raises(ValueError, match="not covered.*up to 3 pieces"):
        tables.value(start)
    with pytest.raises(ValueError, match="for the zuni-3 board, not zuni-4"):
        tables.value(Position.from_pieces("zuni-4", {"M1": "w", "M2": "b"}))
    with pytest.raises(ValueError, match="for rules 'standard', not 'ludii'"):
        tables.value(Position.from_pieces("zuni-3", {"M1": "w", "M2": "b"}, rules="ludii"))
    # The quiet-turn and repetition limits do not change the tables.
    limited = Position.from_pieces("zuni-3", {"M1": "w", "M2": "b"}, rules="standard,quiet_turn_limit=9")
    assert tables.covers(limited)


def test_finished_positions(zuni3_tables):
    tables = zuni3_tables["standard"]
    over = Position.from_pieces("zuni-3", {"M1": "w"}, turn="b")
    assert tables.value(over) == Value("loss", 0)
    assert tables.best_moves(over) == []
    with pytest.raises(GameOverError):
        PerfectPlayer(tables).choose_move(over)


def _play_out(
    position: Position, players: dict[Color, PerfectPlayer | None], seed: int = 0, limit: int = 300
) -> Game:
    import random

    rng = random.Random(seed)
    game = Game(start=position)
    while not game.is_over() and len(game.moves) < limit:
        player = players[game.position.turn]
        move = player.choose_move(game.position) if player else rng.choice(game.legal_moves())
        game.play(move)
    return game


def test_perfect_play_realises_the_value_of_zuni2():
    tables = solve_game("zuni-2", cache_dir=False)
    perfect = PerfectPlayer(tables)
    game = _play_out(Position.start("zuni-2"), {Color.WHITE: perfect, Color.BLACK: perfect})
    assert game.outcome().winner is Color.BLACK
    assert len(game.moves) == 16


@pytest.mark.parametrize("rules", [*PRESETS, "murray-maximum"])
def test_perfect_player_converts_wins_against_random_defence(zuni3_tables, rules):
    tables = zuni3_tables[rules]
    variant = tables.variant
    checked = 0
    for own, opp, code in _all_entries(tables):
        if code & 7 not in (WIN, WIN_STAND_IN) or (own ^ opp) % 97:
            continue
        winner = Color.WHITE
        position = Position(variant, own, opp, winner)
        for seed in range(2):
            game = _play_out(position, {winner: PerfectPlayer(tables, seed=seed), winner.other: None}, seed)
            outcome = game.outcome()
            assert outcome is not None and outcome.winner is winner, (position.text(), outcome)
            if code & 7 == WIN:
                assert len(game.moves) <= code >> 3
        checked += 1
    assert checked >= 5


def test_stand_in_results_hold_in_real_games(zuni3_tables):
    # Under "maximum" a game that never captures again is scored by pieces;
    # a real game stops it by repetition or the quiet-turn limit.
    tables = zuni3_tables["murray-maximum"]
    variant = tables.variant
    checked = 0
    for own, opp, code in _all_entries(tables):
        if code & 7 != WIN_STAND_IN or (own ^ opp) % 7:
            continue
        position = Position(variant, own, opp, Color.WHITE)
        perfect = PerfectPlayer(tables)
        game = _play_out(position, {Color.WHITE: perfect, Color.BLACK: perfect})
        outcome = game.outcome()
        assert outcome is not None and outcome.winner is Color.WHITE, (position.text(), outcome)
        checked += 1
    assert checked >= 3


def test_perfect_player_protocol_and_errors(zuni3_tables):
    from awithlaknannai.players.base import Player

    player = PerfectPlayer(zuni3_tables["standard"], seed=3)
    assert isinstance(player, Player) and player.name == "perfect"
    player.reset(4)
    with pytest.raises(TypeError, match="seed must be an integer"):
        player.reset("x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs EndgameTables") as refused:
        PerfectPlayer("zuni-3")  # type: ignore[arg-type]
    # A traceback shows the half-built player's repr: it must not raise in turn.
    half_built = refused.traceback[-1].frame.f_locals["self"]
    assert repr(half_built) == "PerfectPlayer(<not built>)"
    assert repr(player) == "PerfectPlayer('zuni-3', rules=%r)" % zuni3_tables["standard"].rules_text
    with pytest.raises(ValueError, match="not covered"):
        player.choose_move(Position.start("zuni-3"))


def test_value_text():
    assert str(Value("win", 1)) == "win in 1 move (1 ply)"
    assert str(Value("loss", 4)) == "loss in 2 moves (4 plies)"
    assert str(Value("draw", None)) == "draw"
    assert Value("win", 5).moves == 3 and Value("draw", None).moves is None


def test_bad_arguments():
    with pytest.raises(ValueError, match="max_pieces must be an integer >= 1"):
        solve_endgames("zuni-3", 0, cache_dir=False)
    with pytest.raises(ValueError, match="unknown variant"):
        solve_endgames("chess", 1, cache_dir=False)


# --- the cache ----------------------------------------------------------------------


def _table_files(root):
    return sorted(root.rglob("*.tbl"))


def test_cache_round_trip(tmp_path):
    built = solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    files = _table_files(tmp_path)
    assert [f.name for f in files] == ["1v1.tbl", "1v2.tbl", "2v1.tbl", "2v2.tbl"]
    header = json.loads(files[0].read_bytes().split(b"\n", 1)[0])
    assert header["format"] == "awithlaknannai-endgame-table"
    assert header["solver_version"] == SOLVER_VERSION
    assert header["board"] == board_fingerprint(get_variant("zuni-3"))
    assert header["rules"] == "standard" and header["class"] == [1, 1]
    lines = []
    again = solve_endgames("zuni-3", 2, cache_dir=tmp_path, report=lines.append)
    assert {r.source for r in again.reports} == {"cache"}
    assert not any(line.startswith("cache:") for line in lines)
    for cls in built.classes():
        assert again.codes(*cls) == built.codes(*cls)
    # A lookup-only table reads classes lazily from the same directory.
    lazy = EndgameTables(get_variant("zuni-3"), 2, tmp_path)
    p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    assert lazy.value(p) == Value("win", 3)


def _rewrite_header(path, **changes):
    head, body = path.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    header.update(changes)
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda p: _rewrite_header(p, solver_version=SOLVER_VERSION + 1), "solver_version is 2, expected 1"),
        (lambda p: _rewrite_header(p, format_version=0), "format_version is 0"),
        (lambda p: _rewrite_header(p, board="0" * 64), "built for a different board"),
        (lambda p: _rewrite_header(p, rules="ludii"), "rules is 'ludii', expected 'standard'"),
        (lambda p: p.write_bytes(p.read_bytes()[:-7]), "truncated"),
        (lambda p: p.write_bytes(p.read_bytes()[:-2] + b"\xff\xff"), "checksum"),
        (lambda p: p.write_bytes(b"not a table\n"), "not JSON"),
    ],
)
def test_stale_or_corrupt_cache_is_rebuilt(tmp_path, damage, message):
    built = solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    target = next(f for f in _table_files(tmp_path) if f.name == "2v2.tbl")
    damage(target)
    lines: list[str] = []
    again = solve_endgames("zuni-3", 2, cache_dir=tmp_path, report=lines.append)
    warnings = [line for line in lines if line.startswith("cache:")]
    assert len(warnings) == 1 and message in warnings[0] and "rebuilding" in warnings[0]
    assert again.codes(2, 2) == built.codes(2, 2)
    assert {r.source for r in again.reports if r.name == "2v2"} == {"solved"}
    # The rebuilt file is good again.
    lines.clear()
    solve_endgames("zuni-3", 2, cache_dir=tmp_path, report=lines.append)
    assert not [line for line in lines if line.startswith("cache:")]


def test_damaged_file_is_never_used_for_lookups(tmp_path):
    solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    target = next(f for f in _table_files(tmp_path) if f.name == "2v2.tbl")
    target.write_bytes(target.read_bytes()[:-7])
    lazy = EndgameTables(get_variant("zuni-3"), 2, tmp_path)
    assert lazy.codes(2, 2) is None
    assert not lazy.covers(Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"}))


def test_boards_and_rules_get_separate_files(tmp_path):
    solve_endgames("zuni-3", 1, cache_dir=tmp_path)
    solve_endgames("zuni-3-murray", 1, cache_dir=tmp_path)
    solve_endgames("zuni-3", 1, rules="ludii", cache_dir=tmp_path)
    solve_endgames("zuni-3", 1, rules="standard,quiet_turn_limit=9", cache_dir=tmp_path)  # same tables
    assert len(_table_files(tmp_path)) == 3


def test_default_cache_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path / "here"))
    assert default_cache_dir() == tmp_path / "here"
    monkeypatch.delenv("AWITHLAKNANNAI_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "awithlaknannai"


# --- the command line ----------------------------------------------------------------


def test_cli_solve_prints_counts(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path))
    assert main(["solve", "--variant", "zuni-3", "--max-pieces", "2"]) == 0
    out = capsys.readouterr().out
    rows = {
        line.split()[0]: line.split()
        for line in out.splitlines()
        if line.split() and line.split()[0] in ("1v1", "2v1", "1v2", "2v2", "total")
    }
    assert set(rows) == {"1v1", "2v1", "1v2", "2v2", "total"}
    for column in (1, 2, 3, 4):  # positions, won, lost, drawn
        assert int(rows["total"][column]) == sum(int(rows[c][column]) for c in ("1v1", "2v1", "1v2", "2v2"))
    assert int(rows["total"][1]) == estimate("zuni-3", 2) == 2070
    assert "time:" in out and "Endless play counts as a draw" in out
    assert main(["solve", "--variant", "zuni-3", "--max-pieces", "2", "--rules", "maximum"]) == 0
    assert "more pieces" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--max-pieces", "0"], "error: --max-pieces must be at least 1, got 0"),
        (["--variant", "chess"], "error: unknown variant 'chess'"),
        (["--rules", "fast"], "unknown preset 'fast'"),
        (["--variant", "mosona", "--max-pieces", "6"], "more than the array solver takes on"),
    ],
)
def test_cli_solve_errors(monkeypatch, tmp_path, capsys, argv, message):
    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path))
    assert main(["solve", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_best_moves_reads_the_default_cache(monkeypatch, tmp_path):
    from awithlaknannai.tables import solver

    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path))
    monkeypatch.setattr(solver, "_REGISTRY", {})  # set aside what earlier tests solved in this session
    p = Position.from_pieces("zuni-3-murray", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"}, rules="ludii")
    assert best_moves(p) is None  # nothing solved, nothing cached
    solve_endgames("zuni-3-murray", 2, rules="ludii")  # default cache dir: tmp_path
    monkeypatch.setattr(solver, "_REGISTRY", {})  # as in a new session
    hint = best_moves(p)
    assert hint == solve_endgames("zuni-3-murray", 2, rules="ludii", cache_dir=False).best_moves(p)
