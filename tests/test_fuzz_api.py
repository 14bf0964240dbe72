"""Hostile arguments for the library API: players, engines, solver, tables, boards, variants, tutorial copies.

The command line and the texts have their fuzz tests (``test_fuzz.py``);
students call the library directly, so it gets the same assertions (issue
17): every call returns, or raises a documented error (a ``ValueError``
subclass naming what was wrong, ``TypeError`` for a wrong type, ``OSError``
for a file) in one short line; every input is bounded in time and memory;
a refused call leaves its game, player or tables as they were; and whatever
the constructors accept, a game saved is a game loaded.

Examples are derandomized (every run sees the same ones), and valid calls
are kept cheap (small boards, small depths): long valid jobs are the
estimates' business (``test_hardening_api.py``), not this file's.
"""

from __future__ import annotations

import contextlib
import math
import random
import string
import time
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from awithlaknannai import Color, Game, Move, Position, Rules, Variant, get_variant, perft
from awithlaknannai.tables import solver
from awithlaknannai.boards import concentric, leap_lines, leaps, rows, zuni
from awithlaknannai.errors import GameOverError, LongJobError
from awithlaknannai.players import AlphaBetaPlayer, GreedyPlayer, MCTSPlayer, RandomPlayer, make_player
from awithlaknannai.engines.lean import LeanEngine, lean_move_of
from awithlaknannai.engines.batch import BatchPlayouts
from awithlaknannai.rules import MAX_LIMIT
from random_turns import play_random_turns

FUZZ = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.filter_too_much,
    ],
)
SECONDS_PER_INPUT = 20.0  # generous: a blow-up, not a slow machine, is what fails it
DOCUMENTED = (TypeError, ValueError)  # ValueError covers NotationError, LongJobError, TooManyMovesError, ...


@contextlib.contextmanager
def documented(*also: type[BaseException]) -> object:
    """The block returns, or raises a documented error with a short one-line message, in bounded time."""
    started, cpu = time.perf_counter(), time.process_time()
    try:
        yield
    except DOCUMENTED + also as error:
        text = str(error)
        assert "\n" not in text.strip() and len(text) < 600, text[:300]
    # CPU time against the bound (a busy machine slows the wall clock, not this process's work), and a
    # wall clock far beyond it for what runs in other processes.
    assert time.process_time() - cpu < SECONDS_PER_INPUT
    assert time.perf_counter() - started < 10 * SECONDS_PER_INPUT


# --- hostile values ---------------------------------------------------------------------------


class Opaque:
    """An object that is none of the things the library takes, and whose repr is useless."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


SIMPLE = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    10**6,
    10**30,
    -(10**30),
    2**63,
    1.5,
    math.nan,
    math.inf,
    -0.0,
    "",
    " ",
    "x",
    "mosona",
    "zuni-3",
    "standard",
    "ludii",
    "w",
    "b",
    "B3-M4",
    "\x00",
    "\u00b2",
    "x" * 50_000,
    b"mosona",
    [],
    [1],
    {},
    {"B3": "w"},
    (),
    ("M4",),
    Opaque(),
    Rules(),
    Color.BLACK,
    Move("B0", ("M1",)),
]
hostile = st.one_of(
    st.sampled_from(SIMPLE),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=3),
)

SMALL_VARIANTS = ["zuni-2", "zuni-3", "zuni-4", "zuni-3-murray", "lau-kata-kati", "pretwa"]
RULE_TEXTS = [
    "standard",
    "maximum",
    "ludii",
    "standard,multi_leap=optional",
    "standard,leap_shape=bent",
    "ludii,maximum_capture=yes",
    "standard,blocked_player_loses=no,no_capture_result=more_pieces",
]


@st.composite
def positions(draw: st.DrawFn, variants: list[str] = SMALL_VARIANTS) -> Position:
    """A position of a small variant: pieces scattered at random, either side to move."""
    variant = get_variant(draw(st.sampled_from(variants)), draw(st.sampled_from(RULE_TEXTS)))
    points = variant.points
    chosen = draw(st.lists(st.sampled_from(points), min_size=1, max_size=len(points), unique=True))
    colours = draw(st.lists(st.sampled_from(["w", "b"]), min_size=len(chosen), max_size=len(chosen)))
    pieces = dict(zip(chosen, colours))
    return Position.from_pieces(
        variant, pieces, turn=draw(st.sampled_from("wb")), quiet_turns=draw(st.integers(0, 60))
    )


# --- players ------------------------------------------------------------------------------------


def cheap(player: object) -> bool:
    depth = getattr(player, "depth", None)
    playouts = getattr(player, "playouts", None)
    limit = getattr(player, "time_limit", None)
    return (
        (depth is None or depth <= 3)
        and (playouts is None or playouts <= 100)
        and (limit is None or limit <= 0.2)
        and getattr(player, "playout_turns", 0) <= 200
    )


player_settings = st.fixed_dictionaries(
    {},
    optional={
        "depth": st.one_of(st.integers(-2, 70), hostile),
        "time_limit": st.one_of(st.floats(-1, 1000), hostile),
        "seed": st.one_of(st.integers(), hostile),
        "contempt": st.one_of(st.integers(-20_000, 20_000), hostile),
        "name": st.one_of(st.text(max_size=300), hostile),
        "allow_long": st.one_of(st.booleans(), hostile),
    },
)
mcts_settings = st.fixed_dictionaries(
    {},
    optional={
        "playouts": st.one_of(st.integers(-2, 200_000), hostile),
        "time_limit": st.one_of(st.floats(-1, 1000), hostile),
        "exploration": st.one_of(st.floats(-1, 10), hostile),
        "playout_turns": st.one_of(st.integers(-2, 20_000), hostile),
        "capture_bias": st.one_of(st.floats(-1, 2), hostile),
        "seed": st.one_of(st.integers(), hostile),
    },
)


@FUZZ
@given(kind=st.sampled_from(["alphabeta", "mcts"]), data=st.data(), position=positions())
def test_players_are_built_or_refused_and_choose_legal_moves(
    kind: str, data: st.DataObject, position: Position, memory_bound: None
) -> None:
    kwargs = data.draw(player_settings if kind == "alphabeta" else mcts_settings)
    player = None
    with documented():
        player = AlphaBetaPlayer(**kwargs) if kind == "alphabeta" else MCTSPlayer(**kwargs)
    if player is None or not cheap(player):
        return
    with documented(GameOverError):
        move = player.choose_move(position)
        assert move in position.legal_moves()


@FUZZ
@given(argument=hostile, seed=st.integers(0, 5))
def test_choose_move_refuses_what_is_not_a_position_and_keeps_its_state(
    argument: object, seed: int, memory_bound: None
) -> None:
    for player in (
        RandomPlayer(seed),
        GreedyPlayer(seed),
        AlphaBetaPlayer(depth=1, seed=seed),
        MCTSPlayer(playouts=5, seed=seed),
    ):
        state = player.rng.getstate()
        with pytest.raises(TypeError, match="chooses a move in a Position"):
            player.choose_move(argument)  # type: ignore[arg-type]
        assert player.rng.getstate() == state


@FUZZ
@given(
    spec=st.one_of(
        hostile,
        st.text(alphabet=string.ascii_lowercase + string.digits + ":.s-e", max_size=30),
        st.sampled_from(
            [
                "alphabeta:9",
                "alphabeta:9:1s",
                "mcts:100001",
                "mcts:1:700s",
                "alphabeta:1e9s",
                "mcts:nan",
                "mcts:infs",
                "club",
                "strong",
            ]
        ),
    ),
    seed=st.one_of(st.none(), st.integers(), hostile),
)
def test_player_specs(spec: object, seed: object, memory_bound: None) -> None:
    with documented():
        player = make_player(spec, seed=seed)  # type: ignore[arg-type]
        assert isinstance(player.name, str)


# --- engines ------------------------------------------------------------------------------------


@FUZZ
@given(
    position=positions(),
    own=st.one_of(st.integers(-3, 1 << 12), hostile),
    opp=st.one_of(st.integers(-3, 1 << 12), hostile),
    quiet=st.one_of(st.integers(-2, 100), hostile),
    seed=st.one_of(st.integers(), hostile),
    white=st.one_of(st.booleans(), hostile),
)
def test_the_lean_engine_plays_or_refuses(
    position: Position,
    own: object,
    opp: object,
    quiet: object,
    seed: object,
    white: object,
    memory_bound: None,
) -> None:
    engine = LeanEngine(position.variant)
    valid = all(type(x) is int and 0 <= x <= engine.full for x in (own, opp)) and not own & opp  # type: ignore[operator]
    refused = True
    with documented():
        legal = engine.moves(own, opp)  # type: ignore[arg-type]
        assert isinstance(legal, list)
        refused = False
    assert refused is not valid  # a position of two bit sets is read exactly when it is one
    with documented():
        result = engine.playout(seed, own, opp, quiet, white)  # type: ignore[arg-type]
        assert valid and result.winner in ("white", "black", None) and result.plies >= 0
    # A valid position plays out too, and lists what Position lists.
    assert engine.moves_of(position) == [lean_move_of(raw) for raw in position._raw()]


@FUZZ
@given(
    position=positions(),
    depth=st.one_of(st.integers(-1, 80), hostile),
    allow=st.one_of(st.just(False), hostile),
)
def test_perft_counts_or_refuses(
    position: Position, depth: object, allow: object, memory_bound: None
) -> None:
    engine = LeanEngine(position.variant)
    with documented():
        count = perft(position, depth, allow_long=allow)  # type: ignore[arg-type]
        assert count == engine.perft(position, depth)  # type: ignore[arg-type]


@FUZZ
@given(
    variant=st.one_of(
        st.sampled_from(SMALL_VARIANTS + ["mosona", "kolowis", "tukvnanawopi-shrinking"]), hostile
    ),
    rules=st.one_of(st.sampled_from(RULE_TEXTS), st.none(), hostile),
    games=st.one_of(st.integers(-1, 30), st.sampled_from([10**7, 10**12, 10**40]), hostile),
    seed=st.one_of(st.integers(0, 2**32), st.none(), hostile),
    record=st.one_of(st.booleans(), hostile),
)
def test_random_games_play_or_refuse(
    variant: object, rules: object, games: object, seed: object, record: object, memory_bound: None
) -> None:
    with documented():
        engine = LeanEngine(variant, rules)  # type: ignore[arg-type]
        played, plies = engine.random_games(games, seed)  # type: ignore[arg-type]
        assert played == games and plies >= 0
    with documented():
        batch = BatchPlayouts(variant, rules)  # type: ignore[arg-type]
        result = batch.play(games, seed, record)  # type: ignore[arg-type]
        assert result.winner.size == games


# --- boards and variants ----------------------------------------------------------------------------


@FUZZ
@given(
    size=st.one_of(st.integers(-3, 1200), st.sampled_from([10**8, 10**30]), hostile),
    outer=st.one_of(st.booleans(), hostile),
    shape=st.one_of(st.sampled_from(["line", "bent"]), hostile),
    graph=st.one_of(hostile, st.just(nx.Graph())),
)
def test_boards_are_built_or_refused(
    size: object, outer: object, shape: object, graph: object, memory_bound: None
) -> None:
    built = False
    with documented():
        board = zuni(size, outer)  # type: ignore[arg-type]
        assert board.number_of_nodes() == 3 * size + 1  # type: ignore[operator]
        built = True
    assert built is (type(size) is int and 2 <= size <= 1000 and type(outer) is bool)
    with documented():
        assert concentric(size).number_of_nodes() == 6 * size + 1  # type: ignore[arg-type,operator]
    for function in (leap_lines, rows, lambda g: leaps(g, shape)):
        with documented():
            function(graph)


@st.composite
def hand_built_boards(draw: st.DrawFn) -> nx.Graph:
    """A small graph in the board format, sometimes broken on purpose."""
    n = draw(st.integers(1, 12))
    names = [f"p{i}" for i in range(n)]
    board = nx.Graph()
    for i, name in enumerate(names):
        board.add_node(name, pos=(float(i % 4), float(i // 4)), row=str(i // 4))
    lines = []
    for _ in range(draw(st.integers(0, 6)) if n >= 2 else 0):
        line = draw(st.lists(st.sampled_from(names), min_size=2, max_size=5, unique=True))
        nx.add_path(board, line)
        lines.append(tuple(line))
    board.graph.update(rows=[str(r) for r in range((n + 3) // 4)][::-1], lines=lines)
    breakage = draw(
        st.sampled_from(["none", "none", "no rows", "bad pos", "bad name", "stray line", "bad row"])
    )
    if breakage == "no rows":
        del board.graph["rows"]
    elif breakage == "bad pos":
        board.nodes[names[0]]["pos"] = draw(st.sampled_from([None, (math.nan, 0), "x", (1, 2, 3)]))
    elif breakage == "bad name":
        nx.relabel_nodes(board, {names[0]: draw(st.sampled_from([0, "a", "B3-M4", "x" * 40]))}, copy=False)
    elif breakage == "stray line":
        board.graph["lines"] = [*lines, (names[0], "nowhere")]
    elif breakage == "bad row":
        board.nodes[names[-1]]["row"] = "nowhere"
    return board


@FUZZ
@given(
    board=hand_built_boards(),
    name=st.sampled_from(["mosona", "tukvnanawopi-shrinking", "custom", "../../x"]),
    rules=st.sampled_from(RULE_TEXTS),
    data=st.data(),
)
def test_hand_built_variants_work_or_are_refused(
    board: nx.Graph, name: str, rules: str, data: st.DataObject, tmp_path: Path, memory_bound: None
) -> None:
    pieces = data.draw(
        st.dictionaries(st.sampled_from(list(board)), st.sampled_from(list(Color)), max_size=6)
    )
    variant = None
    with documented():
        variant = Variant(name, board, pieces, Rules.from_text(rules))
    if variant is None:
        return
    real = None
    with contextlib.suppress(ValueError, TypeError):
        real = get_variant(variant.name)
    with documented():
        start = Position.start(variant)  # an empty start is refused (ValueError); anything else plays
    if "start" not in locals():
        return
    for move in start.legal_moves():
        start.play(move)
    assert perft(start, 2) >= 0
    assert str(start) and start.text()
    with documented():
        Game(variant).save(tmp_path / "hand.json")  # refused unless it is a named variant's own board
        assert real is not None and Game.load(tmp_path / "hand.json").variant.name == variant.name


@FUZZ
@given(name=hostile, board=hostile, pieces=hostile, rules=hostile, first=hostile)
def test_variants_refuse_what_they_are_not_made_of(
    name: object, board: object, pieces: object, rules: object, first: object, memory_bound: None
) -> None:
    real = get_variant("zuni-3")
    for args in (
        (name, real.board, real.start_pieces),
        ("x", board, {}),
        ("x", real.board, pieces),
        ("x", real.board, {}, rules),
        ("x", real.board, {}, Rules(), first),
    ):
        with documented():
            variant = Variant(*args)  # type: ignore[arg-type]
            assert Position.from_pieces(variant, {"M1": "w"}).legal_moves() is not None


# --- solver and tables --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def zuni3_tables() -> solver.EndgameTables:
    return solver.solve_endgames("zuni-3", 2, cache_dir=False)


@FUZZ
@given(
    variant=st.one_of(
        st.sampled_from(["zuni-2", "zuni-3", "mosona", "kolowis", "zuni-1000", "tuknanavuhpi"]), hostile
    ),
    pieces=st.one_of(st.integers(-1, 3), st.sampled_from([12, 10**6, 10**40]), hostile),
    total=st.one_of(st.none(), st.integers(-1, 5), hostile),
    engine=st.one_of(st.sampled_from(["auto", "arrays", "python"]), hostile),
    cache=st.one_of(st.just(False), st.sampled_from(["", " ", "~nosuchuser/c", "\x00"]), hostile),
)
def test_solving_runs_or_refuses(
    variant: object,
    pieces: object,
    total: object,
    engine: object,
    cache: object,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    memory_bound: None,
) -> None:
    monkeypatch.chdir(tmp_path)  # a cache folder that is no folder must not become the working one
    with documented():
        tables = solver.solve_endgames(
            variant,
            pieces,
            max_total=total,
            engine=engine,  # type: ignore[arg-type]
            cache_dir=cache,
        )  # type: ignore[arg-type]
        assert tables.reports
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


@FUZZ
@given(
    argument=st.one_of(hostile, positions(["zuni-3", "zuni-4"])),
    own=st.one_of(st.integers(-1, 1 << 11), hostile),
    opp=st.one_of(st.integers(-1, 1 << 11), hostile),
)
def test_table_lookups_answer_or_refuse(
    argument: object, own: object, opp: object, zuni3_tables: solver.EndgameTables, memory_bound: None
) -> None:
    before = sorted(zuni3_tables._codes)
    for lookup in (
        zuni3_tables.value,
        zuni3_tables.best_moves,
        zuni3_tables.evaluate_moves,
        zuni3_tables.covers,
        solver.PerfectPlayer(zuni3_tables, seed=1).choose_move,
        solver.best_moves,
    ):
        with documented(GameOverError):
            lookup(argument)  # type: ignore[arg-type]
    n = zuni3_tables.variant.tables.size
    with documented():
        code = zuni3_tables.code_of(own, opp)  # type: ignore[arg-type]
        assert code is None or 0 <= code < 2**16
        assert all(type(x) is int and 0 < x < 1 << n for x in (own, opp)) and not own & opp  # type: ignore[operator]
    with documented():
        solver.best_moves(argument, zuni3_tables if own == 1 else own)  # type: ignore[arg-type]
    assert sorted(zuni3_tables._codes) == before


@FUZZ
@given(body=st.binary(max_size=300), keep_header=st.booleans(), cut=st.integers(0, 200))
def test_table_files_load_or_are_stale(
    body: bytes, keep_header: bool, cut: int, tmp_path: Path, memory_bound: None
) -> None:
    tables = solver.solve_endgames("zuni-2", 1, cache_dir=tmp_path)
    path = tables._path(1, 1)
    assert path is not None
    original = path.read_bytes()
    header, _, _ = original.partition(b"\n")
    path.write_bytes((header + b"\n" if keep_header else b"") + original[len(header) + 1 :][:cut] + body)
    fresh = solver.EndgameTables(tables.variant, 1, tmp_path)
    with documented():
        codes = fresh._load(1, 1)
        assert codes is not None and list(codes) == list(tables.codes(1, 1))  # type: ignore[arg-type]
    assert fresh.codes(1, 1) is None or list(fresh.codes(1, 1)) == list(tables.codes(1, 1))  # type: ignore[arg-type]


# --- games: state unchanged, and save/load round trip for whatever the constructors take --------------


@FUZZ
@given(
    position=positions(["zuni-3", "zuni-4", "alquerque"]),
    actions=st.lists(st.one_of(hostile, st.sampled_from(["undo", "redo", "legal", "text"])), max_size=8),
    seed=st.integers(0, 99),
)
def test_a_refused_call_leaves_the_game_as_it_was(
    position: Position, actions: list[object], seed: int, memory_bound: None
) -> None:
    game = Game(start=position)
    rng = random.Random(seed)
    for action in actions:
        before = (list(game.positions), list(game.moves), game.can_redo(), game.outcome())
        with documented(GameOverError):
            if action == "undo":
                game.undo()
            elif action == "redo":
                game.redo()
            elif action == "legal" and game.legal_moves():
                game.play(rng.choice(game.legal_moves()))
            elif action == "text":
                game.move_text(rng.randrange(-3, 3))
            else:
                game.play(action)  # type: ignore[arg-type]
            continue
        assert (list(game.positions), list(game.moves), game.can_redo(), game.outcome()) == before


rules_values = st.builds(
    Rules,
    compulsory_capture=st.booleans(),
    multi_leap=st.sampled_from(["compulsory", "optional", "none"]),
    maximum_capture=st.booleans(),
    leap_shape=st.sampled_from(["line", "line", "bent"]),
    blocked_player_loses=st.booleans(),
    quiet_turn_limit=st.one_of(st.none(), st.integers(1, 5), st.integers(1, MAX_LIMIT)),
    repetition_limit=st.one_of(st.none(), st.integers(2, 4), st.integers(2, MAX_LIMIT)),
    no_capture_result=st.sampled_from(["draw", "more_pieces"]),
    shrink_boundary=st.sampled_from(["playable", "dead"]),
)
tags_values = st.dictionaries(
    st.text(max_size=10),
    st.one_of(st.text(max_size=30), st.sampled_from(["\ud800", "\x00", "\u2028", '"}', "\\", "x" * 100_000])),
    max_size=4,
)


@FUZZ
@given(
    name=st.sampled_from(
        ["mosona", "zuni-3", "zuni-5-murray", "alquerque", "tuknanavuhpi", "pretwa", "kolowis"]
    ),
    rules=rules_values,
    first=st.sampled_from(["white", "black"]),
    bottom=st.sampled_from(["white", "black"]),
    tags=tags_values,
    quiet=st.one_of(st.sampled_from([0, 10**9 - 1, 10**9]), st.integers(0, 10**9)),
    turns=st.integers(0, 12),
    seed=st.integers(0, 999),
)
def test_whatever_the_constructors_accept_is_saved_and_loaded(
    name: str,
    rules: Rules,
    first: str,
    bottom: str,
    tags: dict[str, str],
    quiet: int,
    turns: int,
    seed: int,
    tmp_path: Path,
    memory_bound: None,
) -> None:
    with documented():
        variant = get_variant(name, rules, first, bottom)
    assume("variant" in locals())
    start = Position.start(variant)
    start = Position(variant, start.white, start.black, start.turn, quiet, start.dead)
    game = play_random_turns(Game(start=start, tags=tags), turns, seed)
    path = tmp_path / "game.json"
    game.save(path)
    again = Game.load(path)
    assert again.moves == game.moves and again.positions == game.positions
    assert again.tags == game.tags and again.outcome() == game.outcome()
    assert again.variant == game.variant and again.variant.first is game.variant.first


# --- tutorial copies --------------------------------------------------------------------------------


cells = st.fixed_dictionaries(
    {},
    optional={
        "cell_type": st.one_of(st.sampled_from(["code", "markdown", "raw"]), hostile),
        "source": st.one_of(
            st.text(max_size=40),
            st.sampled_from(
                [
                    "### BEGIN SOLUTION\nanswer = 1\n### END SOLUTION\nask('q', answer)",
                    "### BEGIN SOLUTION\n",
                    "### END SOLUTION\n### BEGIN SOLUTION\n",
                    "[n](../04_play.ipynb)",
                ]
            ),
            hostile,
        ),
        "metadata": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "tags": st.one_of(st.lists(st.sampled_from(["teacher-only", "x"]), max_size=2), hostile),
                    "nbgrader": st.one_of(
                        st.fixed_dictionaries({}, optional={"solution": st.booleans()}), hostile
                    ),
                },
            ),
            hostile,
        ),
    },
)


@FUZZ
@given(
    notebook=st.one_of(
        hostile,
        st.fixed_dictionaries(
            {
                "cells": st.lists(st.one_of(cells, hostile), max_size=5),
                "nbformat": st.one_of(st.just(4), hostile),
            },
            optional={"metadata": st.one_of(st.just({}), hostile)},
        ),
    ),
    name=st.one_of(st.just("notebook"), hostile),
)
def test_student_copies_are_made_or_refused(notebook: object, name: object, memory_bound: None) -> None:
    from awithlaknannai.tutorial.copies import student_copy

    with documented():
        copy = student_copy(notebook, name)  # type: ignore[arg-type]
        assert all("BEGIN SOLUTION" not in cell.source for cell in copy.cells)


def test_the_api_fuzz_reaches_both_outcomes(tmp_path: Path) -> None:
    # The examples above must include calls that work and calls that are refused, or they prove little.
    assert perft(Position.start("zuni-3"), 3) > 0
    with pytest.raises(LongJobError):
        LeanEngine("zuni-3").random_games(10**40)
    game = Game("zuni-3", Rules(quiet_turn_limit=MAX_LIMIT), tags={"x": "\ud800"})
    game.save(tmp_path / "g.json")
    assert Game.load(tmp_path / "g.json").tags == {"x": "\ud800"}
