"""How good are a player's moves? The solved endgame tables as the judge.

With few pieces on the board the solver (:mod:`.solver`) knows the exact
result of every position with perfect play: won, drawn or lost for the side
to move. :func:`judge_player` shows a player many such positions where a
move can throw the result away (a won position with a move that only draws
or loses, a drawn one with a losing move) and counts how often the player's
move keeps the best result. No game is played, so luck plays no part: it
measures the moves alone.

Examples
--------
>>> from awithlaknannai.league.lesson import greedy_choose_move
>>> judgement = judge_player(greedy_choose_move, "zuni-3", pieces=2, positions=20, seed=1, cache_dir=False)
>>> judgement.count, 0 <= judgement.share <= 1
(20, True)
"""

from __future__ import annotations

import html
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, TranslatedTexts
from ..i18n import gettext as _
from ..limits import text as checked_text
from ..position import Move, Position
from ..rules import Rules
from ..tables.solver import EndgameTables, Value, estimate_cost, solve_endgames
from ..variants import Color, Variant, get_variant
from .player_side import PlayerFailure
from .failure_texts import CHOSE_ILLEGAL, shown_why
from .sandbox import DEFAULT_TIME_LIMIT, InProcessPlayer, check_time_limit

__all__ = ["MAX_JUDGED_POSITIONS", "MAX_JUDGE_PIECES", "JudgedMove", "MoveJudgement", "judge_player"]

#: The most positions one judgement shows a player.
MAX_JUDGED_POSITIONS = 10_000
#: The most pieces a side: tables up to 3 a side on Mosona take about 40 s and 800 MB to build once.
MAX_JUDGE_PIECES = 3
#: Refuse tables estimated to need more memory than this (Binder gives a notebook 2 GB).
MAX_JUDGE_BYTES = 2**30

# What a played move did, by (the best result, the result it keeps): whole sentences, in the session's language.
_VERDICTS = TranslatedTexts(
    {
        "win win": N_("{position}: {move} keeps the win (good moves: {good})").message,
        "win draw": N_(
            "{position}: {move} throws away the win: it leaves a draw (good moves: {good})"
        ).message,
        "win loss": N_(
            "{position}: {move} throws away the win: it leaves a loss (good moves: {good})"
        ).message,
        "draw draw": N_("{position}: {move} keeps the draw (good moves: {good})").message,
        "draw loss": N_(
            "{position}: {move} throws away the draw: it leaves a loss (good moves: {good})"
        ).message,
    }
)


@dataclass(frozen=True)
class JudgedMove:
    """One position shown to the player, and what its move kept.

    Attributes
    ----------
    position : Position
        The position (shows as a picture in a notebook).
    best : Value
        The best result the side to move can get with perfect play.
    played : Move or None
        The player's move (``None`` if it gave none: see ``problem``).
    kept : Value or None
        The result the played move keeps (with perfect play after it).
    good_moves : tuple of Move
        Every move that keeps the best result.
    problem : str or None
        What went wrong when the player was asked (an error, an illegal
        move, too slow), else ``None``.
    """

    position: Position
    best: Value
    played: Move | None
    kept: Value | None
    good_moves: tuple[Move, ...]
    problem: str | None = None

    @property
    def is_good(self) -> bool:
        """Whether the played move keeps the best result (a win stays a win, a draw a draw)."""
        return self.kept is not None and self.kept.outcome == self.best.outcome

    def __str__(self) -> str:
        """One line in the session's language: the position, the move, what it kept, the good moves.

        >>> from awithlaknannai.i18n import use_language
        >>> judgement = judge_player(lambda position: position.legal_moves()[0], "zuni-3", positions=1,
        ...                          seed=1, cache_dir=False)
        >>> with use_language("es"):
        ...     "(buenas jugadas:" in str(judgement.moves[0])
        True
        """
        position = self.position.text()
        if self.played is None or self.kept is None:
            return _("{position}: no move ({problem})").format(
                position=position, problem=shown_why(self.problem or "")
            )
        good = ", ".join(map(str, self.good_moves[:4]))
        verdict = _VERDICTS.get(f"{self.best.outcome} {self.kept.outcome}")
        if verdict is None:  # the tables never rank a move above the best result
            raise AssertionError(f"a move keeps {self.kept.outcome} where the best is {self.best.outcome}")
        return verdict.format(position=position, move=self.played, good=good)


class MoveJudgement:
    """The player's moves in judged positions: how many kept the best result.

    Attributes
    ----------
    moves : list of JudgedMove
        Every position shown, in order.
    variant : Variant
        The board and rules.
    """

    def __init__(self, name: str, variant: Variant, moves: list[JudgedMove]) -> None:
        self.name = name
        self.variant = variant
        self.moves = moves

    @property
    def count(self) -> int:
        """Positions judged."""
        return len(self.moves)

    @property
    def good(self) -> int:
        """Moves that kept the best result."""
        return sum(1 for m in self.moves if m.is_good)

    @property
    def share(self) -> float:
        """The share of moves that kept the best result (0 to 1)."""
        return self.good / self.count if self.count else 0.0

    def mistakes(self) -> list[JudgedMove]:
        """The positions where the player's move threw the result away (or gave no move)."""
        return [m for m in self.moves if not m.is_good]

    def by_result(self) -> dict[str, tuple[int, int]]:
        """``{"win": (kept, positions), "draw": (kept, positions)}``: in won and in drawn positions."""
        out = {}
        for outcome in ("win", "draw"):
            shown = [m for m in self.moves if m.best.outcome == outcome]
            out[outcome] = (sum(1 for m in shown if m.is_good), len(shown))
        return out

    def to_text(self) -> str:
        """In the session's language, in one line.

        >>> from awithlaknannai.i18n import use_language
        >>> judgement = MoveJudgement("ada", get_variant("zuni-3"), [])
        >>> with use_language("fr"):
        ...     print(judgement.to_text())
        ada a gardé le meilleur résultat dans 0 positions sur 0 (0 %) sur zuni-3 : la victoire dans 0 positions gagnantes sur 0, la nulle dans 0 positions nulles sur 0.
        """
        won, drawn = self.by_result()["win"], self.by_result()["draw"]
        return _(
            "{name} kept the best result in {good} of {count} positions ({share}%) on {variant}: "
            "the win in {won} of {won_count} won positions, the draw in {drawn} of {drawn_count} drawn positions."
        ).format(
            name=self.name,
            good=self.good,
            count=self.count,
            share=f"{100 * self.share:.0f}",
            variant=self.variant.name,
            won=won[0],
            won_count=won[1],
            drawn=drawn[0],
            drawn_count=drawn[1],
        )

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<MoveJudgement of {self.name}: {self.good} of {self.count} kept>"

    def _repr_html_(self) -> str:
        rows = []
        for outcome, label in (
            ("win", _("won positions: kept the win")),
            ("draw", _("drawn positions: kept the draw")),
        ):
            kept, shown = self.by_result()[outcome]
            cell = _("{kept} of {count}").format(kept=kept, count=shown)
            rows.append(
                f'<tr><th scope="row" style="text-align:left">{html.escape(label)}</th>'
                f'<td style="text-align:right">{html.escape(cell)}</td></tr>'
            )
        label = _("all positions")
        cell = _("{kept} of {count} ({share}%)").format(
            kept=self.good, count=self.count, share=f"{100 * self.share:.0f}"
        )
        rows.append(
            f'<tr><th scope="row" style="text-align:left">{html.escape(label)}</th>'
            f'<td style="text-align:right">{html.escape(cell)}</td></tr>'
        )
        caption = html.escape(
            _("{name}'s moves judged by the endgame tables ({variant})").format(
                name=self.name, variant=self.variant.name
            )
        )
        return f'<table class="awithlaknannai-judgement"><caption>{caption}</caption>{"".join(rows)}</table>'


def _tables_for(
    variant: Variant,
    pieces: int,
    tables: EndgameTables | None,
    cache_dir: str | os.PathLike[str] | bool | None,
) -> EndgameTables:
    if tables is not None:
        if not isinstance(tables, EndgameTables):
            raise TypeError(f"tables must be EndgameTables (see solve_endgames), got {type(tables).__name__}")
        if tables.variant.name != variant.name or tables.variant.rules != variant.rules:
            raise ValueError(
                f"these tables are for {tables.variant.name} ({tables.variant.rules.to_text()}), "
                f"not {variant.name} ({variant.rules.to_text()})"
            )
        if tables.max_pieces < pieces:
            raise ValueError(f"these tables hold up to {tables.max_pieces} pieces a side, not {pieces}")
        return tables
    memory = estimate_cost(variant, pieces)[2]
    if memory > MAX_JUDGE_BYTES:
        raise ValueError(
            f"tables of {variant.name} with {pieces} pieces a side need about "
            f"{memory / 2**30:.1f} GB to build; use fewer pieces"
        )
    return solve_endgames(variant, pieces, cache_dir=cache_dir)


def _random_position(variant: Variant, pieces: int, rng: random.Random) -> Position | None:
    white, black = rng.randint(1, pieces), rng.randint(1, pieces)
    if white + black > variant.tables.size:
        return None
    points = rng.sample(range(variant.tables.size), white + black)
    white_mask = sum(1 << p for p in points[:white])
    black_mask = sum(1 << p for p in points[white:])
    return Position(variant, white_mask, black_mask, rng.choice((Color.WHITE, Color.BLACK)))


def judge_player(
    choose_move: Callable[[Position], Any],
    variant: str | Variant = "mosona",
    rules: str | Rules | None = None,
    *,
    pieces: int = 2,
    positions: int = 50,
    seed: int | None = 0,
    tables: EndgameTables | None = None,
    cache_dir: str | os.PathLike[str] | bool | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    name: str | None = None,
) -> MoveJudgement:
    """Show a player positions with few pieces and judge each move by the solved endgame tables.

    Positions are drawn at random (1 to ``pieces`` pieces a side, either
    side to move), keeping only those where some move keeps the best result
    and some other move throws it away. The player's move keeps it or not.

    Parameters
    ----------
    choose_move : function
        The player: ``choose_move(position)`` returns a legal move. It runs
        here, in this process, with ``time_limit`` seconds a move.
    variant, rules
        The board and rules (not a shrinking board).
    pieces : int
        The most pieces a side (1 to :data:`MAX_JUDGE_PIECES`). The tables are
        solved first, once (cached on disk): Mosona with 2 a side takes well
        under a second, with 3 a side about 40 s and 800 MB.
    positions : int
        How many positions to judge (at most :data:`MAX_JUDGED_POSITIONS`).
    seed : int or None
        The same seed shows the same positions (and seeds Python's
        ``random`` before each move, for players that use it).
    tables : EndgameTables, optional
        Tables already solved for this variant (with at least ``pieces``).
    cache_dir : path, bool or None
        Where tables are cached (see :func:`~awithlaknannai.analysis.solve_endgames`);
        ``False``: no disk cache.
    time_limit : float
        Seconds a move may take; a slower move counts as no move.
    name : str, optional
        The player's name in the summary (by default "your player", in the session's language).

    Returns
    -------
    MoveJudgement
        ``share`` of good moves, ``by_result()``, and ``mistakes()`` to look at.
    """
    if not callable(choose_move):
        raise TypeError(
            f"judge_player takes a function choose_move(position), got {type(choose_move).__name__}"
        )
    chosen = get_variant(variant, rules) if isinstance(variant, str) else variant
    if not isinstance(chosen, Variant):
        raise TypeError(f"a variant is a name such as 'mosona' or a Variant, got {type(variant).__name__}")
    if rules is not None and not isinstance(variant, str):
        chosen = chosen.with_rules(rules)
    if chosen.shrink is not None:
        raise ValueError(f"the endgame tables do not follow a shrinking board ({chosen.name})")
    for label, value, high in (
        ("pieces", pieces, MAX_JUDGE_PIECES),
        ("positions", positions, MAX_JUDGED_POSITIONS),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{label} is an integer, got {type(value).__name__}")
        if not 1 <= value <= high:
            raise ValueError(f"{label} must be from 1 to {high:,}, got {value}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed is an integer or None, got {type(seed).__name__}")
    if name is None:
        name = _("your player")
    checked_text("name", name, 100)  # before the tables are solved: every argument is checked first
    limit = check_time_limit(time_limit)
    solved = _tables_for(chosen, pieces, tables, cache_dir)
    player = InProcessPlayer(name, choose_move, limit)
    rng = random.Random(seed)
    judged: list[JudgedMove] = []
    for _attempt in range(100 * positions):
        if len(judged) == positions:
            break
        position = _random_position(chosen, pieces, rng)
        if position is None or position.is_terminal():
            continue
        ranked = solved.evaluate_moves(position)
        if len({value.outcome for _move, value in ranked}) < 2:
            continue  # every move gives the same result: nothing to judge
        best = ranked[0][1]
        good = tuple(move for move, value in ranked if value.outcome == best.outcome)
        player.new_game(None if seed is None else rng.randrange(2**31))
        played: Move | None = None
        kept: Value | None = None
        problem = None
        try:
            text, _seconds = player.choose(position)
            played = position.find_move(text)
            kept = next(value for move, value in ranked if move == played)
        except PlayerFailure as failure:
            problem = failure.why
        except ValueError as error:
            problem = CHOSE_ILLEGAL.message.format(error=error)
        judged.append(JudgedMove(position, best, played, kept, good, problem))
    return MoveJudgement(name, chosen, judged)
