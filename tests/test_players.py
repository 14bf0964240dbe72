"""Computer players: legal moves only, reproducible, and the search sees simple tactics."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awithlaknannai import Color, GameOverError, Position, Rules
from awithlaknannai.errors import LongJobError
from awithlaknannai.players import (
    LEVELS,
    AlphaBetaPlayer,
    Evaluator,
    GreedyPlayer,
    MCTSPlayer,
    Player,
    RandomPlayer,
    Weights,
    make_player,
    play_game,
    player_for_level,
)
from awithlaknannai.rules import PRESETS

VARIANTS = ["mosona", "mosona-murray", "kolowis", "zuni-3", "zuni-5-murray", "alquerque", "tukvnanawopi"]


def _fast_players(seed: int) -> list[Player]:
    return [
        RandomPlayer(seed=seed),
        GreedyPlayer(seed=seed),
        AlphaBetaPlayer(depth=2, seed=seed),
        MCTSPlayer(playouts=8, seed=seed),
    ]


def _random_position(variant: str, rules: str, seed: int, max_turns: int = 60) -> Position:
    """A position reached by random play from the start (possibly the start itself)."""
    rng = random.Random(seed)
    position = Position.start(variant, rules)
    for _ in range(rng.randrange(max_turns)):
        moves = position.legal_moves()
        if not moves:
            break
        following = position.play(rng.choice(moves))
        if following.is_terminal():
            break
        position = following
    return position


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_every_player_returns_a_legal_move(variant: str, rules: str) -> None:
    for seed in range(3):
        position = _random_position(variant, rules, seed)
        legal = position.legal_moves()
        assert legal, "the helper keeps only unfinished positions"
        for player in _fast_players(seed):
            move = player.choose_move(position)
            assert move in legal, f"{player.name} chose {move} in {position.text()}"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(["mosona", "zuni-4-murray", "alquerque"]),
    rules=st.sampled_from(list(PRESETS)),
)
def test_search_players_stay_legal_in_random_positions(seed: int, variant: str, rules: str) -> None:
    position = _random_position(variant, rules, seed, max_turns=80)
    for player in (
        AlphaBetaPlayer(depth=1, seed=seed),
        AlphaBetaPlayer(depth=3, seed=seed),
        MCTSPlayer(playouts=5, seed=seed),
    ):
        assert player.choose_move(position) in position.legal_moves()


def test_players_follow_the_protocol() -> None:
    for player in _fast_players(0):
        assert isinstance(player, Player)
        assert isinstance(player.name, str) and player.name


@pytest.mark.parametrize("spec", ["random", "greedy", "alphabeta:2", "mcts:20"])
def test_seeded_players_repeat_a_whole_game_exactly(spec: str) -> None:
    def one_game(seed: int) -> str:
        white, black = make_player(spec, seed=seed), make_player(spec, seed=seed + 100)
        return play_game("zuni-4", white, black, max_turns=80).move_list()

    assert one_game(5) == one_game(5)


def test_different_seeds_give_different_random_games() -> None:
    games = {
        play_game("mosona", RandomPlayer(seed=s), RandomPlayer(seed=s + 1)).move_list() for s in range(6)
    }
    assert len(games) > 1


def test_reset_replays_the_same_choices() -> None:
    player = AlphaBetaPlayer(depth=2, seed=3)
    first = play_game("zuni-4", player, GreedyPlayer(seed=1), max_turns=40).move_list()
    player.reset(3)
    second = play_game("zuni-4", player, GreedyPlayer(seed=1), max_turns=40).move_list()
    assert first == second


@pytest.mark.parametrize(
    "player",
    [RandomPlayer(), GreedyPlayer(), AlphaBetaPlayer(depth=2), MCTSPlayer(playouts=5)],
    ids=lambda p: p.name,
)
def test_a_finished_position_is_a_clear_error(player: Player) -> None:
    over = Position.from_pieces("zuni-4", {"M1": "w"}, turn="b")
    with pytest.raises(GameOverError, match="the game is over"):
        player.choose_move(over)


def test_a_non_position_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match="chooses a move in a Position"):
        GreedyPlayer().choose_move("mosona")


# --- tactics ----------------------------------------------------------------------

# Found by exhaustive search: in each, exactly one quiet move forces the capture of
# every black piece within three turns; the greedy player does not see it.
FORCED_WINS = [
    ({"M3": "w", "T6": "w", "M1": "w", "M0": "b", "M5": "b"}, "T6-T5"),
    ({"B1": "w", "B2": "w", "M6": "w", "M4": "b", "B6": "b"}, "B2-B3"),
    ({"B4": "w", "B5": "w", "M7": "w", "M8": "b", "M1": "b", "T2": "b"}, "B5-M5"),
]


@pytest.mark.parametrize("pieces, winning", FORCED_WINS)
def test_alphabeta_finds_a_forced_win_in_three_turns(pieces: dict[str, str], winning: str) -> None:
    position = Position.from_pieces("mosona", pieces, turn="w")
    assert not position.captures_available()
    player = AlphaBetaPlayer(depth=3, seed=0)
    assert str(player.choose_move(position)) == winning
    assert player.last_search["score"] > 900_000  # it knows the game is won


def test_alphabeta_plays_out_a_forced_win() -> None:
    pieces, _ = FORCED_WINS[0]
    game = play_game(
        Position.from_pieces("mosona", pieces, turn="w"),
        AlphaBetaPlayer(depth=3, seed=0),
        GreedyPlayer(seed=0),
        max_turns=10,
    )
    assert game.outcome() is not None and game.outcome().winner is Color.WHITE
    assert len(game.moves) <= 3


def test_alphabeta_takes_the_capture_that_wins() -> None:
    position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b"}, rules="ludii")
    assert len(position.legal_moves()) > 1  # not compulsory here: stepping away is legal
    assert str(AlphaBetaPlayer(depth=1, seed=0).choose_move(position)) == "M1xM3"


def test_alphabeta_declines_a_poisoned_capture() -> None:
    # Capture optional, multi-leaps compulsory: M3xM1 lets T1 jump twice and end the game.
    rules = Rules(compulsory_capture=False)
    position = Position.from_pieces(
        "mosona", {"M0": "w", "M3": "w", "T1": "b", "B5": "b", "M2": "b"}, rules=rules
    )
    assert "M3xM1" in {str(m) for m in position.legal_moves()}
    for depth in (2, 3):
        move = AlphaBetaPlayer(depth=depth, seed=0).choose_move(position)
        assert not move.is_capture
        after = position.play(move)
        # No black reply wins material back at once.
        assert all(len(reply.captures) == 0 for reply in after.legal_moves())


def test_greedy_takes_a_safe_capture() -> None:
    # Optional capture, single leaps: greedy takes (B0 cannot hit back); a step would waste the chance.
    position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "B0": "b"}, rules="ludii")
    moves = {str(GreedyPlayer(seed=s).choose_move(position)) for s in range(5)}
    assert moves == {"M1xM3"}


def test_mcts_takes_a_winning_capture() -> None:
    position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b"}, rules="ludii")
    assert str(MCTSPlayer(playouts=100, seed=0).choose_move(position)) == "M1xM3"


def test_time_limited_search_stops_and_reports() -> None:
    player = AlphaBetaPlayer(depth=None, time_limit=0.05, seed=0)
    position = Position.start("kolowis")
    assert len(position.legal_moves()) > 1
    started, cpu = time.perf_counter(), time.process_time()
    move = player.choose_move(position)
    # Only that the clock stops the search, not a speed target: the CPU time this process spent (a busy
    # machine slows the wall clock, not this), and a wall-clock bound no stopped search comes near.
    assert time.process_time() - cpu < 2.0
    assert time.perf_counter() - started < 60
    assert move in position.legal_moves()
    assert player.last_search["depth"] >= 1


def test_mcts_time_limit_and_report() -> None:
    player = MCTSPlayer(playouts=None, time_limit=0.05, seed=0)
    position = Position.start("mosona")
    assert player.choose_move(position) in position.legal_moves()
    assert player.last_search["playouts"] >= 1


# --- construction errors, specs and levels ------------------------------------------


@pytest.mark.parametrize(
    "player_class, kwargs, error, message",
    [
        (AlphaBetaPlayer, {"depth": 0}, ValueError, "depth must be an integer"),
        (AlphaBetaPlayer, {"depth": 2.5}, TypeError, "depth must be an integer"),
        (AlphaBetaPlayer, {"depth": None}, ValueError, "give a depth, a time_limit"),
        (AlphaBetaPlayer, {"time_limit": -1}, ValueError, "time_limit must be"),
        (AlphaBetaPlayer, {"time_limit": float("inf")}, ValueError, "time_limit must be a finite number"),
        (AlphaBetaPlayer, {"contempt": "high"}, TypeError, "contempt must be an integer"),
        (AlphaBetaPlayer, {"contempt": 10**9}, ValueError, "contempt must be from"),
        (AlphaBetaPlayer, {"weights": {"material": 1}}, TypeError, "weights must be a Weights"),
        (AlphaBetaPlayer, {"seed": "x"}, TypeError, "seed must be an integer"),
        (AlphaBetaPlayer, {"depth": 9}, LongJobError, "depth 9 without a time limit"),
        (AlphaBetaPlayer, {"depth": 4, "time_limit": 601}, LongJobError, "time_limit of 10 min a move"),
        (MCTSPlayer, {"playouts": 0}, ValueError, "playouts must be"),
        (MCTSPlayer, {"playouts": 1.5}, TypeError, "playouts must be"),
        (MCTSPlayer, {"playouts": None}, ValueError, "give playouts, a time_limit"),
        (MCTSPlayer, {"exploration": -1}, ValueError, "exploration must be"),
        (MCTSPlayer, {"exploration": float("nan")}, ValueError, "exploration must be"),
        (MCTSPlayer, {"capture_bias": 2}, ValueError, "capture_bias must be"),
        (MCTSPlayer, {"playout_turns": 0}, ValueError, "playout_turns must be"),
        (MCTSPlayer, {"playouts": 10**12}, LongJobError, "playouts a move"),
        (MCTSPlayer, {"playout_turns": 10**6}, LongJobError, "playouts of 1,000,000 turns"),
        (
            MCTSPlayer,
            {"playouts": None, "time_limit": float("inf")},
            ValueError,
            "time_limit must be a finite number",
        ),
    ],
)
def test_searching_players_reject_bad_settings(
    player_class: type[Player], kwargs: dict, error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        player_class(**kwargs)


def test_long_searches_are_accepted_when_asked_for() -> None:
    assert AlphaBetaPlayer(depth=9, allow_long=True).depth == 9
    assert MCTSPlayer(playouts=200_000, allow_long=True).playouts == 200_000


def test_weights_are_checked() -> None:
    with pytest.raises(ValueError, match="Weights.centre must be an integer >= 0"):
        Weights(centre=-1)


@pytest.mark.parametrize(
    "spec, kind, attribute, value",
    [
        ("random", RandomPlayer, None, None),
        ("Greedy", GreedyPlayer, None, None),
        ("alphabeta", AlphaBetaPlayer, "depth", 4),
        ("alphabeta:5", AlphaBetaPlayer, "depth", 5),
        ("alphabeta:0.5s", AlphaBetaPlayer, "time_limit", 0.5),
        ("mcts", MCTSPlayer, "playouts", 400),
        ("mcts:250", MCTSPlayer, "playouts", 250),
        ("mcts:2s", MCTSPlayer, "time_limit", 2.0),
        ("alphabeta:6:1s", AlphaBetaPlayer, "time_limit", 1.0),
        ("mcts:100:0.5s", MCTSPlayer, "playouts", 100),
    ],
)
def test_make_player_reads_specs(spec: str, kind: type, attribute: str | None, value: object) -> None:
    player = make_player(spec, seed=1)
    assert isinstance(player, kind)
    assert player.seed == 1
    if attribute:
        assert getattr(player, attribute) == value
    if ":" in spec:
        assert player.name == spec  # names round-trip for tables


@pytest.mark.parametrize(
    "spec, message",
    [
        ("minimax", "unknown player 'minimax'"),
        ("alphabeta:x", "after 'alphabeta:' give a depth"),
        ("alphabeta:0", "depth must be an integer from 1"),
        ("alphabeta:-1s", "after 'alphabeta:' give a depth"),
        ("mcts:many", "after 'mcts:' give playouts"),
        ("mcts:0", "playouts must be an integer >= 1"),
        ("random:3", "random takes no ':' setting"),
        ("alphabeta:6:fast", "or both as in alphabeta:6:1s"),
        ("mcts:1s:1s", "after 'mcts:' give playouts"),
        ("", "unknown player ''"),
    ],
)
def test_make_player_explains_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_player(spec)


def test_make_player_needs_text() -> None:
    with pytest.raises(TypeError, match="a player spec is a text"):
        make_player(3)  # type: ignore[arg-type]


def test_levels_are_named_and_ordered() -> None:
    assert list(LEVELS) == ["beginner", "casual", "club", "strong"]
    for level in LEVELS:
        player = player_for_level(level, seed=2)
        assert player.name == level
        assert make_player(level).name == level
    assert player_for_level("strong").depth > player_for_level("club").depth


def test_unknown_level_lists_the_levels() -> None:
    with pytest.raises(ValueError, match="levels are beginner, casual, club, strong"):
        player_for_level("grandmaster")


# --- the evaluation ---------------------------------------------------------------------


def test_evaluation_is_zero_at_the_symmetric_start_and_counts_material() -> None:
    for variant in ("mosona", "kolowis", "alquerque"):
        start = Position.start(variant)
        evaluator = Evaluator(start.variant)
        assert evaluator.score(start.white, start.black) == 0
    p = Position.from_pieces("zuni-4", {"T0": "w", "B0": "w", "T3": "b"})
    evaluator = Evaluator(p.variant)
    assert evaluator.score(p.white, p.black) > 0 > evaluator.score(p.black, p.white)


def test_evaluation_penalises_an_exposed_piece() -> None:
    variant = Position.start("mosona").variant
    evaluator = Evaluator(variant, Weights(centre=0, mobility=0, trade=0))
    # Black to move in both; white's M1-M2 pair cannot be jumped from M3.
    safe = Position.from_pieces(variant, {"M1": "w", "M2": "w", "M6": "b"}, turn="b")
    exposed = Position.from_pieces(variant, {"M1": "w", "M2": "w", "M3": "b"}, turn="b")  # M2xM4 threatens
    assert evaluator.score(safe.black, safe.white) == -100
    assert evaluator.score(exposed.black, exposed.white) == -100 - Weights().exposed


def _evaluation_by_its_formula(evaluator: Evaluator, own: int, opp: int) -> tuple[int, bool, bool]:
    """The evaluation as the module text writes it, piece by piece and line by line."""
    w = evaluator.weights
    empty = evaluator.full_mask & ~(own | opp)

    def side(mine: int, enemy: int) -> tuple[int, int, int]:
        value = steps = exposed = 0
        for i in range(evaluator.full_mask.bit_length()):
            if mine >> i & 1:
                value += evaluator.point_value[i]
                steps += (evaluator.neighbours[i] & empty).bit_count()
                exposed += any(
                    (enemy & a and empty & c) or (enemy & c and empty & a)
                    for a, c in evaluator.attack_pairs[i]
                )
        return value, steps, exposed

    (own_value, own_steps, own_exposed), (opp_value, opp_steps, opp_exposed) = side(own, opp), side(opp, own)
    lead = own.bit_count() - opp.bit_count()
    total = w.material * lead + (int(w.trade * lead / (own.bit_count() + opp.bit_count())) if lead else 0)
    total += own_value - opp_value + w.mobility * (own_steps - opp_steps) - w.exposed * own_exposed
    total += (w.exposed * opp_exposed) // 2
    return total, opp_exposed > 0, own_steps > 0


@pytest.mark.parametrize("rules", ["standard", "standard,leap_shape=bent"])
@pytest.mark.parametrize("variant", ["mosona", "kolowis", "alquerque", "zuni-3", "pretwa", "gol-skuish"])
def test_the_remembered_evaluation_is_its_formula(variant: str, rules: str) -> None:
    # The evaluator remembers each piece's terms per pattern of its neighbours: the sums must be
    # the formula's, term for term, whatever the weights (odd ones catch rounding) and the board.
    board = Position.start(variant, rules).variant
    rng = random.Random(f"{variant}/{rules}")
    for weights in (Weights(), Weights(material=7, centre=13, mobility=3, exposed=21, trade=5)):
        evaluator = Evaluator(board, weights)
        for _ in range(300):
            density = rng.random()
            own = opp = 0
            for i in range(board.tables.size):
                draw = rng.random()
                if draw < density / 2:
                    own |= 1 << i
                elif draw < density:
                    opp |= 1 << i
            assert evaluator.evaluate(own, opp) == _evaluation_by_its_formula(evaluator, own, opp)


# --- perfect endgames ------------------------------------------------------------------


def test_the_strong_level_plays_covered_endgames_as_the_tables_say() -> None:
    from awithlaknannai.tables.solver import solve_endgames
    from awithlaknannai.players.endgames import EndgameProbe

    tables = solve_endgames("zuni-4", 2, cache_dir=False)
    probe = EndgameProbe(tables.variant, [tables])
    rng = random.Random(3)
    won = 0
    for _ in range(40):
        pieces = dict(zip(rng.sample(tables.variant.points, 4), "wwbb"))
        position = Position.from_pieces("zuni-4", pieces)
        if position.is_terminal():
            continue
        best = {move for move, _ in tables.best_moves(position)}
        for player in (
            AlphaBetaPlayer(depth=1, seed=1, endgames=probe),
            MCTSPlayer(playouts=5, seed=1, endgames=probe),
        ):
            assert player.choose_move(position) in best
        won += tables.value(position).outcome == "win"
    assert won > 0  # the sample holds wins to keep, not only draws
    assert player_for_level("strong").endgames is True and player_for_level("club").endgames is False
    # A probe for another board is refused rather than misread.
    with pytest.raises(ValueError, match="the endgame probe is for zuni-4"):
        AlphaBetaPlayer(depth=1, endgames=probe).choose_move(
            Position.from_pieces("zuni-3", {"T0": "w", "B2": "b"})
        )


def test_the_tables_narrow_the_root_and_leave_the_search_alone() -> None:
    # Where the tables cover the root and several moves are best, the search still chooses
    # among those (it plays for the opponent's mistakes); where they do not, it searches exactly
    # as without tables (scoring positions inside the search by the tables made it sacrifice
    # pieces to keep out of endgames they call lost).
    from awithlaknannai.tables.solver import solve_endgames
    from awithlaknannai.players.endgames import EndgameProbe

    tables = solve_endgames("zuni-4", 2, cache_dir=False)
    probe = EndgameProbe(tables.variant, [tables])
    rng = random.Random(5)
    narrowed = plain = 0
    while narrowed < 5 or plain < 5:
        count = rng.choice((4, 5))
        pieces = dict(zip(rng.sample(tables.variant.points, count), "wwbbb"))
        position = Position.from_pieces("zuni-4", pieces)
        if position.is_terminal() or len(position.legal_moves()) < 2:
            continue
        with_tables = AlphaBetaPlayer(depth=3, seed=0, endgames=probe)
        move = with_tables.choose_move(position)
        if probe.covers(position.white, position.black):
            best = {m for m, _ in tables.best_moves(position)}
            assert move in best and with_tables.last_search["tables"] == 1
            narrowed += len(best) > 1 and with_tables.last_search["nodes"] > 0
        else:
            without = AlphaBetaPlayer(depth=3, seed=0)
            assert without.choose_move(position) == move and with_tables.last_search["tables"] == 0
            assert without.last_search["nodes"] == with_tables.last_search["nodes"]
            plain += 1
    with pytest.raises(TypeError, match="endgames is True, False or an EndgameProbe"):
        AlphaBetaPlayer(depth=2, endgames="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", ["random", "greedy", "alphabeta:2", "mcts:30"])
def test_choosing_leaves_the_position_untouched(spec: str) -> None:
    position = Position.start("mosona").play("B3-M4").play("T4xB3")
    moves, text = position.legal_moves(), position.text()
    make_player(spec, seed=0).choose_move(position)
    assert position.legal_moves() == moves and position.text() == text
    assert position.play(moves[0]).text()  # still playable


def test_alphabeta_remembers_the_game_and_avoids_repeating_when_ahead() -> None:
    # Three against two under the standard rules (a repetition is a draw). Without its memory
    # of the game's positions, this player let 4 of these 6 games end by repetition.
    start = Position.from_pieces("mosona", {"T0": "w", "T7": "w", "B0": "w", "M4": "b", "B5": "b"})
    reasons = []
    for seed in range(6):
        game = play_game(start, AlphaBetaPlayer(depth=3, seed=seed), GreedyPlayer(seed=seed), max_turns=300)
        reasons.append(game.outcome().reason.value)
    assert "position repeated" not in reasons
    assert "no pieces left" in reasons
