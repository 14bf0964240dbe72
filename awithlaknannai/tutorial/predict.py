"""Predict, then reveal: the student commits a guess before the computer's answer shows.

A :class:`PredictBox` asks one question (choices, or a number), and only
after **Lock in my guess** does the package work out the answer (a count,
a batch of self-play games, a solved game), show it with a picture, and say
how the guess compares. Committing first is the point: a guess written
down before the answer shows is what makes the answer a surprise, or a
confirmation, rather than one more number to read.

Nothing of the answer exists before the student acts: the box's saved
output (its plain-text form, what a freshly opened notebook shows) is the
question and "Make your prediction, then press Lock in my guess.", and the
answer is computed from the package when the button is pressed. The box
works by keyboard (radio buttons or a text box, then the button), every
control has a name, and one status line (a live region) says what
happened.

A notebook cell shows one of the tutorial's predictions with one call::

    predict("06-drawing-decides")

and a teacher writes a new one in a few lines (the answer is computed when
the student locks in, so the cell holds no answer):

>>> from awithlaknannai.boards import zuni
>>> edges = Prediction(
...     "zuni5-edges", "How many edges does zuni(5) have?",
...     lambda: Reveal(zuni(5).number_of_edges(), "networkx counts them."))
>>> box = predict(edges)
>>> print(repr(box))
Prediction (zuni5-edges): How many edges does zuni(5) have?
Make your prediction, then press Lock in my guess. (No button? Run this cell first.)
>>> box.guess_input.value = "30"
>>> print(box.lock_in())
Locked in: 30. The answer is 33: 3 more than you guessed.
>>> print(box.revealed.summary)
networkx counts them.

Examples
--------
>>> box = predict("02-more-edges")
>>> box.lock_in()  # nothing chosen yet: nothing is locked in
'Nothing is locked in yet: type a whole number first, like 7.'
>>> box.guess_input.value = "14"
>>> box.lock_in()
'Locked in: 14. Exactly right!'
>>> box.revealed.answer, box.guess_input.disabled
(14, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..errors import did_you_mean
from ..i18n import N_, TranslatedTexts, _
from ..position import Position
from ..render.picture import Picture
from ..variants import Color
from .predict_box import LOCK_IN, WAITING, PredictBox, Prediction, Reveal, StatusLine

# The box lives in predict_box; its names are importable from here too, where the notebooks and tests read them.
__all__ = [
    "LOCK_IN",
    "PREDICTIONS",
    "WAITING",
    "PredictBox",
    "Prediction",
    "Reveal",
    "StatusLine",
    "predict",
    "prediction_ids",
]

# "About the same": two averages closer than this share of the larger one.
SAME_SHARE = 0.05


PREDICTIONS: dict[str, Prediction] = {}


def _register(prediction: Prediction) -> Prediction:
    PREDICTIONS[prediction.id] = prediction
    return prediction


def prediction_ids() -> list[str]:
    """The ids of the tutorial's predictions, in the order the notebooks ask them.

    >>> prediction_ids()[0]
    '02-more-edges'
    """
    return list(PREDICTIONS)


def predict(prediction: str | Prediction) -> PredictBox:
    """A prediction box: one of the tutorial's (by id, see :func:`prediction_ids`) or a :class:`Prediction`.

    Raises
    ------
    ValueError
        If the id is not a known prediction.
    TypeError
        If ``prediction`` is neither an id nor a Prediction.
    """
    if isinstance(prediction, str):
        if prediction not in PREDICTIONS:
            raise ValueError(
                f"unknown prediction {prediction!r}{did_you_mean(prediction, list(PREDICTIONS))}; "
                f"known: {', '.join(PREDICTIONS)}"
            )
        prediction = PREDICTIONS[prediction]
    if not isinstance(prediction, Prediction):
        raise TypeError(f"predict needs a prediction id or a Prediction, got {type(prediction).__name__}")
    return PredictBox(prediction)


# --- the tutorial's predictions ----------------------------------------------------------------
# Every answer below is computed from the package when the student locks in; none is written here.


def _shorter(first: float, second: float) -> str:
    """``"a"`` if ``first`` is clearly smaller, ``"b"`` if ``second`` is, ``"c"`` if they are about the same."""
    if abs(first - second) < SAME_SHARE * max(first, second):
        return "c"
    return "a" if first < second else "b"


_CULIN, _MURRAY = N_("Culin's board (1907)"), N_("Murray's drawing (1952)")


def _more_edges() -> Reveal:
    from ..boards import mosona
    from ..render.drawings import THEMES, compare_drawings_svg, drawing_differences

    culin, murray = mosona(), mosona(outer_lines=False)
    labels = [str(_CULIN), str(_MURRAY)]
    diff = drawing_differences(culin, murray, labels)
    extra = culin.number_of_edges() - murray.number_of_edges()
    per_line: dict[int, int] = {}
    for a, b in diff.extra_edges[0]:
        per_line[culin.edges[a, b]["line"]] = per_line.get(culin.edges[a, b]["line"], 0) + 1
    lines = culin.graph["lines"]
    where = _(" and ").join(
        _("{count} on the line {start} to {end}").format(count=count, start=lines[i][0], end=lines[i][-1])
        for i, count in per_line.items()
    )
    pictures = [
        Picture(
            compare_drawings_svg(
                culin, murray, labels, theme=theme, title=_("What Murray's drawing leaves out")
            )
        )
        for theme in THEMES
    ]
    return Reveal(
        extra,
        _(
            "Culin's board has {culin} line segments and Murray's drawing {murray}: {extra} more on Culin's board."
        ).format(culin=culin.number_of_edges(), murray=murray.number_of_edges(), extra=extra),
        _(
            "They are the segments along the two outer rows: {where}. With them go {leaps} leap lines, the "
            "dotted arcs in the picture: on Murray's drawing no capture can run along an outer row. The badges "
            "show how many more neighbours each point of the outer rows has on Culin's board."
        ).format(where=where, leaps=len(diff.extra_leap_lines[0])),
        pictures[0],
        dark_picture=pictures[1],
    )


_register(
    Prediction(
        "02-more-edges",
        N_("How many more line segments (edges) does Culin's board have than Murray's drawing?").message,
        _more_edges,
        note=N_("Count in the picture above, or reason from the rows. Type a whole number.").message,
    )
)


def _selfplay(variant: str, rules: Any = "standard") -> Any:
    """100 random games (seed 1): saved in the package where they can be (a student waits less), else played."""
    from ..analysis.saved import saved_selfplay, saved_selfplay_boards
    from ..analysis.selfplay import selfplay_statistics

    if isinstance(rules, str) and (variant, rules) in saved_selfplay_boards():
        return saved_selfplay(variant, rules, players="random", games=100, seed=1)
    # A fixed, known amount of work (100 random games, under a minute even on a busy Binder): the estimate
    # that guards a student's own calls must not refuse the tutorial's, when the machine is slow.
    return selfplay_statistics(variant, rules, players="random", games=100, seed=1, allow_long=True)


def _random_lengths() -> Reveal:
    from ..analysis.plots import length_histograms

    culin, murray = _selfplay("mosona"), _selfplay("mosona-murray")
    blocked = "no legal move"
    chart = Picture.from_figure(length_histograms({_("Culin's board"): culin, _("Murray's drawing"): murray}))
    return Reveal(
        _shorter(culin.mean_length, murray.mean_length),
        _("On average a game lasted {culin} turns on Culin's board and {murray} on Murray's drawing.").format(
            culin=f"{culin.mean_length:.0f}", murray=f"{murray.mean_length:.0f}"
        ),
        _(
            "With fewer lines, pieces get stuck more easily: on Murray's drawing {murray} of the 100 games "
            "ended because a player could not move (on Culin's board: {culin}). So the way the board is drawn "
            "changes the game, not just its picture."
        ).format(murray=murray.reasons.get(blocked, 0), culin=culin.reasons.get(blocked, 0))
        + "\n\n"
        + _("100 games is a small sample: another seed gives somewhat different numbers."),
        chart,
    )


_ABOUT_THE_SAME = N_("About the same (less than 5 % apart)").message

_register(
    Prediction(
        "06-random-lengths",
        N_(
            "Two random players play 100 games on each drawing of the Mosona board (standard rules). On which "
            "drawing are the games shorter, on average?"
        ).message,
        _random_lengths,
        {
            "a": N_("Culin's board, with the outer-row lines").message,
            "b": N_("Murray's drawing, without them").message,
            "c": _ABOUT_THE_SAME,
        },
        note=N_("The computer plays the 200 games when you lock in (a second or two).").message,
    )
)


def _who_wins_random() -> Reveal:
    from ..analysis.plots import result_bars

    culin, murray = _selfplay("mosona"), _selfplay("mosona-murray")
    gap = culin.first_player_wins - culin.second_player_wins
    answer = "c" if abs(gap) < SAME_SHARE * culin.games else "a" if gap > 0 else "b"
    chart = Picture.from_figure(result_bars({_("Culin's board"): culin, _("Murray's drawing"): murray}))
    return Reveal(
        answer,
        _(
            "On Culin's board the first player won {first} games, the second player {second}, and {draws} "
            "were drawn. On Murray's drawing: {murray_first}, {murray_second} and {murray_draws}."
        ).format(
            first=culin.first_player_wins,
            second=culin.second_player_wins,
            draws=culin.draws,
            murray_first=murray.first_player_wins,
            murray_second=murray.second_player_wins,
            murray_draws=murray.draws,
        ),
        _(
            "Remember the opening: the first player must move into the centre, and under the standard rules "
            "the second player must jump that piece, so the second player makes the first capture. "
            "(A draw by *position repeated* or *turn limit* means the stand-in rules stopped a game in which "
            "nobody captured any more.)"
        ),
        chart,
    )


_register(
    Prediction(
        "06-who-wins-random",
        N_("In the 100 random games on Culin's board, which player wins more often?").message,
        _who_wins_random,
        {
            "a": N_("The first player (White, who moves first)").message,
            "b": N_("The second player (Black)").message,
            "c": N_("Neither: they win about as often as each other").message,
        },
    )
)


def _optional_chains() -> Reveal:
    from ..analysis.plots import length_histograms
    from ..rules import Rules

    standard, optional = _selfplay("mosona"), _selfplay("mosona", Rules(multi_leap="optional"))
    chart = Picture.from_figure(
        length_histograms({_("standard rules"): standard, _("optional chains"): optional})
    )
    return Reveal(
        # "a" (longer) when the standard games are the shorter ones.
        _shorter(standard.mean_length, optional.mean_length),
        _(
            "On average a game lasted {optional} turns with optional chains and {standard} with the standard "
            "rules; {optional_draws} against {standard_draws} games were drawn."
        ).format(
            optional=f"{optional.mean_length:.0f}",
            standard=f"{standard.mean_length:.0f}",
            optional_draws=optional.draws,
            standard_draws=standard.draws,
        ),
        _(
            "A likely reason: when a piece may stop leaping, a player (even a random one) often takes fewer "
            "pieces in one turn than the whole chain, so clearing the board takes more turns."
        ),
        chart,
    )


_register(
    Prediction(
        "06-optional-chains",
        N_(
            "With optional chains (a piece may stop leaping whenever it likes), are 100 random games on "
            "average longer or shorter than with the standard rules?"
        ).message,
        _optional_chains,
        {"a": N_("Longer").message, "b": N_("Shorter").message, "c": _ABOUT_THE_SAME},
    )
)


def _first_player_result(variant: str, rules: str = "standard") -> tuple[Any, list[str], float, int]:
    """Solve a whole small game: the first player's value, the winning (or best) first moves, seconds, positions."""
    from ..position import Position
    from ..tables.solver import solve_game

    started = time.perf_counter()
    tables = solve_game(variant, rules=rules, cache_dir=False)
    seconds = time.perf_counter() - started
    start = Position.start(variant, rules)
    best = [str(move) for move, _ in tables.best_moves(start)]
    return tables.value(start), best, seconds, sum(report.positions for report in tables.reports)


def _in_words(value: Any, best: list[str]) -> str:
    moves = ", ".join(best)
    if value.outcome == "win":
        if len(best) == 1:
            return _(
                "the first player wins in {count} moves (the only winning first move is {moves})"
            ).format(count=value.moves, moves=moves)
        return _("the first player wins in {count} moves (winning first moves: {moves})").format(
            count=value.moves, moves=moves
        )
    if value.outcome == "loss":
        return _("the first player loses in {count} moves").format(count=value.moves)
    return _("a draw: neither player can force a win")


_WITH_LINES = N_("With the outer-row lines (Culin's style)")
_WITHOUT_LINES = N_("Without them (Murray's style)")


def _drawing_decides() -> Reveal:
    from ..render.drawings import THEMES, compare_drawings_svg

    boards = ["zuni-4", "zuni-4-murray"]
    labels = [str(_WITH_LINES), str(_WITHOUT_LINES)]
    solved = [_first_player_result(board) for board in boards]
    wins = [value.outcome == "win" for value, *_rest in solved]
    answer = {(True, False): "a", (False, True): "b", (True, True): "c", (False, False): "d"}[
        (wins[0], wins[1])
    ]
    words = [_in_words(value, best) for value, best, _seconds, _positions in solved]
    results = [_("Perfect play, standard rules: {result}").format(result=text) for text in words]
    pictures = [
        Picture(
            compare_drawings_svg(
                boards[0],
                boards[1],
                labels,
                results=results,
                unit=60,
                theme=theme,
                title=_("The 13-point board: the drawing changes who wins"),
            )
        )
        for theme in THEMES
    ]
    seconds = _(" and ").join(f"{s:.1f}" for _board, _best, s, _positions in solved)
    return Reveal(
        answer,
        _("With the outer-row lines, {with_lines}. Without them, {without_lines}.").format(
            with_lines=words[0], without_lines=words[1]
        ),
        _(
            "The computer has just solved every position of both games, {positions} for each drawing, "
            "in {seconds} seconds. The two boards differ only by the lines along the outer rows (the dashed "
            "segments and dotted leap arcs), and that is enough to change who wins."
        ).format(positions=f"{solved[0][3]:,}", seconds=seconds),
        pictures[0],
        dark_picture=pictures[1],
    )


_register(
    Prediction(
        "06-drawing-decides",
        N_(
            "On the 13-point board `zuni-4`, with perfect play and the standard rules: on which drawing can the "
            "first player force a win?"
        ).message,
        _drawing_decides,
        {
            "a": _WITH_LINES.message,
            "b": _WITHOUT_LINES.message,
            "c": N_("On both").message,
            "d": N_("On neither").message,
        },
        note=N_("When you lock in, the computer solves both games completely (a few seconds).").message,
    )
)


_ALBUM = {"a": "mosona", "b": "lau-kata-kati", "c": "egara-guti", "d": "pretwa", "e": "gol-skuish"}
ALBUM_NAMES = TranslatedTexts(
    {
        "mosona": "Mosona",
        "lau-kata-kati": "Lau kata kati",
        "dash-guti": "Dash-guti",
        "egara-guti": "Egara-guti",
        "pretwa": "Pretwa",
        "gol-skuish": "Gol-skuish",
        "tukvnanawopi": "Tukvnanawopi",
        "tukvnanawopi-shrinking": N_("Tukvnanawopi (shrinking)").message,
        "tuknanavuhpi": "Tuknanavuhpi",
    }
)


def _shortest_games() -> Reveal:
    from ..analysis.plots import mean_length_bars
    from ..render.compare import board_statistics

    stats = {name: _selfplay(name) for name in ALBUM_NAMES}
    letter = min(_ALBUM, key=lambda key: stats[_ALBUM[key]].mean_length)
    shortest = _ALBUM[letter]
    longest = max(_ALBUM.values(), key=lambda name: stats[name].mean_length)
    chart = Picture.from_figure(
        mean_length_bars(
            {ALBUM_NAMES[name]: s for name, s in stats.items()},
            title=_("How long is a random game on each board?"),
        )
    )
    diameters: dict[str, int] = {
        name: int(board_statistics(name)["diameter"])  # type: ignore[call-overload]
        for name in _ALBUM.values()
    }
    reason = ""
    if diameters[shortest] == min(diameters.values()):
        reason = (
            _(
                "One likely reason: on {board} no two points are more than {steps} steps apart, the fewest "
                "of these five boards, so the pieces meet and capture soon."
            ).format(board=ALBUM_NAMES[shortest], steps=diameters[shortest])
            + "\n\n"
        )
    summary = _(
        "Of the five, games were shortest on {shortest}: {turns} turns on average, against {longest_turns} "
        "on {longest}, the longest of the five."
    ).format(
        shortest=ALBUM_NAMES[shortest],
        turns=f"{stats[shortest].mean_length:.0f}",
        longest_turns=f"{stats[longest].mean_length:.0f}",
        longest=ALBUM_NAMES[longest],
    )
    return Reveal(
        letter,
        summary,
        reason + _("The chart shows every board of the album (100 games each, standard rules)."),
        chart,
    )


_register(
    Prediction(
        "07-shortest-games",
        N_(
            "Two random players play 100 games on each board (standard rules). Of these five boards, on which "
            "are the games shortest, on average?"
        ).message,
        _shortest_games,
        {letter: ALBUM_NAMES[name] for letter, name in _ALBUM.items()},
        note=N_(
            "Look at the pictures of the boards above. The computer plays the games when you lock in."
        ).message,
    )
)


def _who_wins_mosona() -> Reveal:
    from ..analysis.frontier import EVEN_ENDGAMES, MOSONA_POSITIONS, SOLVED_UP_TO
    from ..render.known import known_about_mosona

    five = EVEN_ENDGAMES[SOLVED_UP_TO]
    won, drawn = five.shares()[:2]
    return Reveal(
        "d",
        _(
            "Nobody knows yet. Every position with at most {count} pieces a side is solved, but the whole game "
            "is far bigger."
        ).format(count=SOLVED_UP_TO),
        _(
            "With {count} pieces against {count}, the side to move wins {won} of the positions and {drawn} "
            "are draws, but the start has 12 against 12. The whole game has about {billions} billion positions, "
            "nearly as many as Awari (889 billion), which took 144 computers working together for two days. "
            "The picture puts Mosona beside games that have been solved."
        ).format(
            count=SOLVED_UP_TO,
            won=f"{100 * won:.0f} %",  # the sign outside the message: Babel would read "% o" as a format
            drawn=f"{100 * drawn:.0f} %",
            billions=f"{MOSONA_POSITIONS / 1e9:,.0f}",
        ),
        known_about_mosona(),
    )


_register(
    Prediction(
        "07-who-wins-mosona",
        N_("Awithlaknannai Mosona, with perfect play on both sides: who wins?").message,
        _who_wins_mosona,
        {
            "a": N_("the first player").message,
            "b": N_("the second player").message,
            "c": N_("nobody: it is a draw").message,
            "d": N_("nobody knows yet").message,
        },
        note=N_("Guess, then lock in: the answer comes with a picture of what is known.").message,
    )
)


def _greedy_real_choices(results: Any, name: str) -> tuple[int, int]:
    """In ``results``' games, (turns of ``name``, turns where counting pieces after its own move told moves apart)."""
    turns = differ = 0
    for record in results.games:
        position = Position.start(results.variant)
        for text in record.moves:
            if (position.turn is Color.WHITE) == (record.white == name):
                me = position.turn
                scores = {
                    position.play(m).count(me) - position.play(m).count(me.other)
                    for m in position.legal_moves()
                }
                turns += 1
                differ += len(scores) > 1
            position = position.play(text)
    return turns, differ


def _against_beginner(choose_move: Callable[[Position], Any]) -> tuple[tuple[int, int, int], int, int]:
    """(won, drawn, lost) of ``choose_move`` in 100 seeded games against the beginner, and (turns, real choices)."""
    from ..league.lesson import test_player

    won = drawn = games = turns = differ = 0
    for seed in range(5):  # 5 seeded tests of 20 games: the same 100 games every time
        report = test_player(choose_move, against=["beginner"], games=20, seed=seed, progress=False)
        row = report.table()[0]
        won, drawn, games = won + row["won"], drawn + row["drawn"], games + row["games"]
        seen = _greedy_real_choices(report.results, report.name)
        turns, differ = turns + seen[0], differ + seen[1]
    return (won, drawn, games - won - drawn), turns, differ


def _greedy_against_beginner() -> Reveal:
    from ..analysis.plots import score_bars
    from ..league.lesson import greedy_choose_move
    from ..players import make_player

    (won, drawn, lost), turns, differ = _against_beginner(greedy_choose_move)
    at_random = _against_beginner(make_player("random", seed=1).choose_move)[0]
    games = won + drawn + lost
    share = (won + drawn / 2) / games
    answer = "a" if share >= 0.8 else "b" if share > 0.6 else "c" if share >= 0.4 else "d"
    chart = Picture.from_figure(
        score_bars(
            {
                _("the template (takes the most)"): (won, drawn, lost),
                _("a player moving at random"): at_random,
            },
            title=_("100 games each against the beginner"),
        )
    )
    return Reveal(
        answer,
        _(
            "The greedy template won {won} of {games} games against the beginner, drew {drawn} and lost "
            "{lost}: a score of {score}%. A player moving at random won {random_won}."
        ).format(
            won=won, games=games, drawn=drawn, lost=lost, score=f"{100 * share:.0f}", random_won=at_random[0]
        ),
        _(
            "Why so little? Capturing is compulsory under the standard rules, so when a capture is possible "
            "every legal move is a capture, and when none is, every move leaves the pieces level. In these "
            "games, counting pieces after its own move told the template's moves apart on only {differ} of its "
            "{turns} turns; on all the others it picked at random, just like the beginner."
        ).format(differ=differ, turns=turns)
        + "\n\n"
        + _(
            "What it never looks at is the *answer*: the piece it leaves where the other side can jump it. "
            "That is the first idea to add to your player."
        ),
        chart,
    )


_register(
    Prediction(
        "08-greedy-vs-beginner",
        N_(
            "The template player always takes as many pieces as it can. It plays 100 games against the beginner, "
            "who plays any legal move at random. How does it do?"
        ).message,
        _greedy_against_beginner,
        {
            "a": N_("It wins almost every game (80% or more)").message,
            "b": N_("It wins most games (60 to 80%)").message,
            "c": N_("About half and half (40 to 60%)").message,
            "d": N_("It loses most games").message,
        },
        note=N_(
            "The computer plays 200 games when you lock in (a few seconds): the template's, and a random player's."
        ).message,
    )
)
