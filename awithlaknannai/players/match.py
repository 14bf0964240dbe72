"""Play computer players against each other: one game, or a match with a results table.

Examples
--------
>>> from awithlaknannai.players import GreedyPlayer, RandomPlayer
>>> game = play_game("zuni-4", RandomPlayer(seed=1), GreedyPlayer(seed=2))
>>> game.is_over()
True
>>> result = run_match("random", "greedy", games=4, variant="zuni-4", seed=0, progress=False)
>>> [row.white for row in result.rows]   # the players take turns with White
['A', 'B', 'A', 'B']
>>> result.wins("A") + result.wins("B") + result.draws()
4
"""

from __future__ import annotations

import argparse
import html
import random
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from statistics import mean

from ..errors import LongJobError, shown
from ..game import Game
from ..i18n import N_, TranslatedTexts
from ..limits import check_long_job, flag, whole_number
from ..moves import EndReason
from ..position import Position
from ..rules import Rules
from ..variants import Color, Variant
from .base import Player
from .levels import make_player

__all__ = [
    "MAX_GAMES",
    "MAX_TURNS",
    "STOPPED",
    "GameRow",
    "MatchResult",
    "cli_match",
    "play_game",
    "run_match",
    "shown_reason",
]

#: The most games a match may ask for (a match of that many is refused by
#: its estimated time anyway, unless ``allow_long=True``).
MAX_GAMES = 10**9
#: The longest cap on a game's turns.
MAX_TURNS = 10**6

#: The end reason written for a game stopped by ``max_turns`` before it ended.
STOPPED = "stopped at the turn cap"

# How an end reason reads to a student, in the session's language; the texts saved in game records and
# results files (the EndReason values and STOPPED) stay English.
_REASONS_SHOWN = TranslatedTexts(
    {
        EndReason.NO_PIECES.value: N_("no pieces left").message,
        EndReason.BLOCKED.value: N_("no legal move").message,
        EndReason.QUIET_LIMIT.value: N_("turn limit without a capture").message,
        EndReason.REPETITION.value: N_("position repeated").message,
        STOPPED: N_("stopped at the turn cap").message,
    }
)


def shown_reason(reason: str) -> str:
    """A game's end reason as saved (an EndReason value or :data:`STOPPED`), in the session's language.

    Another text is returned as it is.

    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("es"):
    ...     shown_reason("no pieces left")
    'no quedan piezas'
    >>> shown_reason(STOPPED)
    'stopped at the turn cap'
    """
    return _REASONS_SHOWN.get(reason, reason)


def _as_player(player: Player | str, seed: int | None) -> Player:
    if isinstance(player, str):
        return make_player(player, seed=seed)
    if not callable(getattr(player, "choose_move", None)) or not isinstance(
        getattr(player, "name", None), str
    ):
        raise TypeError(f"a player needs a name and a choose_move(position) method, got {shown(player)}")
    return player


def play_game(
    variant_or_game: str | Variant | Position | Game,
    white: Player | str,
    black: Player | str,
    max_turns: int | None = 1000,
    rules: str | Rules | None = None,
    *,
    allow_long: bool = False,
) -> Game:
    """Let two players play one game to its end; return the :class:`~awithlaknannai.Game`.

    Parameters
    ----------
    variant_or_game : str, Variant, Position or Game
        Where to play: a variant (name or value) from its start, a position,
        or a game to continue (it is played on in place).
    white, black : Player or str
        The players, or specs for :func:`~awithlaknannai.players.make_player`.
    max_turns : int or None
        Stop after this many turns in all (a safety net for rules without a
        turn limit); a stopped game has no outcome. At most
        :data:`MAX_TURNS`; ``None`` (no cap) only where the rules have a
        quiet-turn limit, which ends every game, or with ``allow_long``.
    rules : str or Rules, optional
        Rules for a variant given by name.
    allow_long : bool, optional
        Accept ``max_turns=None`` under rules without a turn limit.

    Raises
    ------
    TypeError
        An argument of the wrong type (a player without ``choose_move``).
    ValueError
        A player chose a move that is not legal (the message names the
        player), or an argument is wrong.
    LongJobError
        ``max_turns=None`` under rules without a turn limit (a game that
        may never end), without ``allow_long``.

    Examples
    --------
    >>> game = play_game("mosona", "greedy", "greedy", max_turns=4)
    >>> len(game.moves), game.is_over()
    (4, False)
    """
    if max_turns is not None:
        max_turns = whole_number("max_turns", max_turns, 1, MAX_TURNS)
    flag("allow_long", allow_long)
    if isinstance(variant_or_game, Game):
        game = variant_or_game
    elif isinstance(variant_or_game, Position):
        game = Game(start=variant_or_game)
    elif isinstance(variant_or_game, (str, Variant)):
        game = Game(variant_or_game, rules)
    else:
        raise TypeError(
            f"play_game needs a variant, a Position or a Game, got {type(variant_or_game).__name__}"
        )
    if max_turns is None and game.variant.rules.quiet_turn_limit is None and not allow_long:
        raise LongJobError(
            "max_turns=None under rules without a quiet-turn limit: the game may never end; "
            "give max_turns, or pass allow_long=True"
        )
    players = {Color.WHITE: _as_player(white, None), Color.BLACK: _as_player(black, None)}
    while not game.is_over() and (max_turns is None or len(game.moves) < max_turns):
        player = players[game.position.turn]
        move = player.choose_move(game.position)
        try:
            game.play(move)
        except ValueError as error:
            raise ValueError(f"{player.name} ({game.position.turn}) chose an illegal move: {error}") from None
    return game


@dataclass(frozen=True)
class GameRow:
    """One game of a match.

    Attributes
    ----------
    number : int
        1, 2, ... in the order played.
    white, black : str
        ``"A"`` or ``"B"``: which player had which colour.
    result : str
        ``"white"``, ``"black"`` or ``"draw"`` (a stopped game is a draw).
    reason : str
        Why the game ended (an :class:`~awithlaknannai.EndReason` text, or
        :data:`STOPPED`).
    turns : int
        Turns played (one move of one player is one turn).
    white_left, black_left : int
        Pieces on the board at the end.
    first : str
        ``"white"`` or ``"black"``: who moved first.
    moves : str
        The move list, to replay the game.
    """

    number: int
    white: str
    black: str
    result: str
    reason: str
    turns: int
    white_left: int
    black_left: int
    first: str
    moves: str

    @property
    def winner(self) -> str | None:
        """``"A"``, ``"B"`` or ``None`` for a draw."""
        return {"white": self.white, "black": self.black}.get(self.result)

    @property
    def first_player_result(self) -> str:
        """``"won"``, ``"lost"`` or ``"drew"``, for the player who moved first."""
        if self.result == "draw":
            return "drew"
        return "won" if self.result == self.first else "lost"


def _row_from_game(number: int, white: str, black: str, game: Game) -> GameRow:
    outcome = game.outcome()
    position = game.position
    return GameRow(
        number=number,
        white=white,
        black=black,
        result=outcome.result if outcome else "draw",
        reason=outcome.reason.value if outcome else STOPPED,
        turns=len(game.moves),
        white_left=position.count(Color.WHITE),
        black_left=position.count(Color.BLACK),
        first=game.start.turn.value,
        moves=game.move_list(),
    )


class MatchResult:
    """The games of a match and their summary.

    Print it for a plain-text table; in a notebook it shows as an HTML table.

    Attributes
    ----------
    names : dict
        ``{"A": name, "B": name}``.
    rows : list of GameRow
        One per game, in order.
    variant, rules : str
        The variant's name and the rules text.
    seed : int or None
        The match seed.
    """

    def __init__(
        self, names: dict[str, str], rows: Sequence[GameRow], variant: str, rules: str, seed: int | None
    ) -> None:
        self.names = dict(names)
        self.rows = list(rows)
        self.variant = variant
        self.rules = rules
        self.seed = seed

    # --- counts -----------------------------------------------------------------

    def _check(self, who: str) -> None:
        if who not in ("A", "B"):
            raise ValueError(f"a match player is 'A' or 'B', got {shown(who)}")

    def wins(self, who: str) -> int:
        """Games won by player ``"A"`` or ``"B"``."""
        self._check(who)
        return sum(1 for r in self.rows if r.winner == who)

    def losses(self, who: str) -> int:
        """Games lost by player ``"A"`` or ``"B"``."""
        self._check(who)
        return sum(1 for r in self.rows if r.winner not in (None, who))

    def draws(self) -> int:
        """Drawn (or stopped) games."""
        return sum(1 for r in self.rows if r.winner is None)

    def score(self, who: str) -> float:
        """Points per game for ``who``: 1 a win, 1/2 a draw (0 with no games)."""
        if not self.rows:
            return 0.0
        return (self.wins(who) + self.draws() / 2) / len(self.rows)

    def record(self, who: str, color: Color | str) -> tuple[int, int, int]:
        """(wins, draws, losses) of ``who`` in the games where they had ``color``."""
        self._check(who)
        column = Color.parse(color).value
        games = [r for r in self.rows if getattr(r, column) == who]
        won = sum(1 for r in games if r.winner == who)
        drawn = sum(1 for r in games if r.winner is None)
        return won, drawn, len(games) - won - drawn

    def reasons(self) -> Counter[str]:
        """How many games ended for each reason."""
        return Counter(r.reason for r in self.rows)

    def lengths(self) -> list[int]:
        """Game lengths in turns."""
        return [r.turns for r in self.rows]

    def summary(self) -> list[dict[str, object]]:
        """One dict per player: name, games, wins, draws, losses, score."""
        return [
            {
                "player": who,
                "name": self.names[who],
                "games": len(self.rows),
                "wins": self.wins(who),
                "draws": self.draws(),
                "losses": self.losses(who),
                "score": self.score(who),
            }
            for who in ("A", "B")
        ]

    # --- display --------------------------------------------------------------------

    def _title(self) -> str:
        seed = "" if self.seed is None else f", seed {self.seed}"
        return (
            f"{self.names['A']} (A) vs {self.names['B']} (B) on {self.variant}, "
            f"{self.rules} rules, {len(self.rows)} games{seed}"
        )

    def _table(self) -> list[list[str]]:
        head = ["player", "wins", "draws", "losses", "score", "as White (W-D-L)", "as Black (W-D-L)"]
        body = []
        for who in ("A", "B"):
            body.append(
                [
                    f"{who}: {self.names[who]}",
                    str(self.wins(who)),
                    str(self.draws()),
                    str(self.losses(who)),
                    f"{100 * self.score(who):.1f}%",
                    "-".join(map(str, self.record(who, Color.WHITE))),
                    "-".join(map(str, self.record(who, Color.BLACK))),
                ]
            )
        return [head, *body]

    def _footer(self) -> list[str]:
        if not self.rows:
            return ["no games played"]
        lengths = self.lengths()
        reasons = ", ".join(f"{reason} {count}" for reason, count in self.reasons().most_common())
        return [
            f"game length: mean {mean(lengths):.1f} turns, shortest {min(lengths)}, longest {max(lengths)}",
            f"end reasons: {reasons}",
        ]

    def to_text(self, games: bool = False) -> str:
        """The summary as a plain-text table; with ``games=True`` one line per game too."""
        table = self._table()
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        lines = [self._title()]
        for row in table:
            lines.append(
                "  ".join(
                    cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))
                )
            )
        lines.extend(self._footer())
        if games:
            lines.append("")
            for r in self.rows:
                lines.append(
                    f"{r.number:4d}  White {r.white}  Black {r.black}  {r.result:5s}  {r.turns:4d} turns  "
                    f"{r.white_left}-{r.black_left} left  {r.reason}"
                )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return (
            f"<MatchResult {self.names['A']} vs {self.names['B']}: "
            f"+{self.wins('A')} ={self.draws()} -{self.losses('A')}>"
        )

    def _repr_html_(self) -> str:
        table = self._table()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in table[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in table[1:]
        )
        footer = "".join(f"<p>{html.escape(line)}</p>" for line in self._footer())
        return (
            f"<div class='awithlaknannai-match'><p><b>{html.escape(self._title())}</b></p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{footer}</div>"
        )


def _game_seed(seed: int, game: int, side: int) -> int:
    # Each game and side gets its own seed, so one game can be replayed alone.
    return (seed * 1_000_003 + game) * 2 + side


def run_match(
    player_a: Player | str,
    player_b: Player | str,
    games: int = 20,
    variant: str | Variant = "mosona",
    rules: str | Rules | None = None,
    seed: int | None = None,
    progress: bool = True,
    max_turns: int | None = 1000,
    opening_turns: int = 0,
    *,
    allow_long: bool = False,
) -> MatchResult:
    """Play a match: ``games`` games with the players taking White in turn.

    Parameters
    ----------
    player_a, player_b : Player or str
        Players, or specs such as ``"greedy"`` or ``"alphabeta:3"``.
        Player A has White in games 1, 3, 5, ...
    games : int
        How many games (at least 1).
    variant : str or Variant
        The variant to play (default Mosona).
    rules : str or Rules, optional
        Rules preset or text (default standard, or the variant's own rules
        if a :class:`~awithlaknannai.Variant` is given).
    seed : int or None
        With a seed, every player with a ``reset(seed)`` method (all of this
        package's) is reseeded before each game from the match seed, the
        game number and its side, so the whole match, and each game alone,
        repeats exactly (unless a player thinks by the clock).
    progress : bool
        Show a progress bar (tqdm: a widget in notebooks, a line in
        terminals; skipped if tqdm is not installed).
    max_turns : int or None
        Safety cap on a game's length; a capped game counts as a draw with
        the reason :data:`STOPPED`.
    opening_turns : int
        Play this many random moves (drawn from the match seed) before the
        players take over, to vary the games. Games 1-2, 3-4, ... share an
        opening with colours swapped, so neither player gets the better of
        a lucky opening.
    allow_long : bool, optional
        Play every game even if the first ones show the match would take
        more than a minute (or ``max_turns=None`` under rules without a
        turn limit).

    Returns
    -------
    MatchResult

    Raises
    ------
    LongJobError
        The first games (the first two, or the first second of play) times
        the games left come to more than a minute, and ``allow_long`` is
        false; the message gives the estimate.

    Examples
    --------
    >>> result = run_match("greedy", "random", games=2, variant="zuni-3", seed=1, progress=False)
    >>> result.wins("A") + result.draws() + result.losses("A")
    2
    >>> run_match("greedy", "random", games=0)
    Traceback (most recent call last):
    ...
    ValueError: games must be an integer from 1 to 1,000,000,000, got 0
    >>> run_match("random", "random", games=10**6, variant="zuni-3", progress=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: a match of 1,000,000 games (random (1) against random (2)): estimated ...
    """
    games = whole_number("games", games, 1, MAX_GAMES)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an integer or None, got {type(seed).__name__}")
    opening_turns = whole_number("opening_turns", opening_turns, 0, MAX_TURNS)
    flag("progress", progress)
    flag("allow_long", allow_long)
    if max_turns is not None:
        max_turns = whole_number("max_turns", max_turns, 1, MAX_TURNS)
    start = Position.start(variant, rules)  # checks the variant and rules before any game
    if max_turns is None and start.variant.rules.quiet_turn_limit is None and not allow_long:
        raise LongJobError(
            "max_turns=None under rules without a quiet-turn limit: a game may never end; "
            "give max_turns, or pass allow_long=True"
        )
    a = _as_player(player_a, seed)
    b = _as_player(player_b, None if seed is None else seed + 1)
    names = {"A": a.name, "B": b.name}
    if names["A"] == names["B"]:
        names = {"A": f"{a.name} (1)", "B": f"{b.name} (2)"}
    opening_random = random.Random(seed)
    rows: list[GameRow] = []
    opening: list[str] = []
    began = time.perf_counter()
    checked = allow_long
    for number in _progress(range(1, games + 1), progress, f"{names['A']} vs {names['B']}"):
        if not checked and number > 1 and (number > 2 or time.perf_counter() - began > 1.0):
            checked = True
            check_long_job(
                f"a match of {games:,} games ({names['A']} against {names['B']})",
                (time.perf_counter() - began) / (number - 1) * games,
                allow_long=False,
                advice="play fewer games or quicker players",
            )
        if number % 2 == 1:
            opening = _random_opening(start, opening_turns, opening_random)
        a_is_white = number % 2 == 1
        white, black = (a, b) if a_is_white else (b, a)
        if seed is not None:
            for side, player in enumerate((a, b)):
                reset = getattr(player, "reset", None)
                if callable(reset):
                    reset(_game_seed(seed, number, side))
        game = Game(start=start)
        for move in opening:
            game.play(move)
        play_game(game, white, black, max_turns=max_turns, allow_long=True)  # checked above
        rows.append(_row_from_game(number, "A" if a_is_white else "B", "B" if a_is_white else "A", game))
    return MatchResult(names, rows, start.variant.name, start.variant.rules.to_text(), seed)


def _random_opening(start: Position, turns: int, rng: random.Random) -> list[str]:
    moves: list[str] = []
    position = start
    for _ in range(turns):
        legal = position.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        position = position.play(move)
    return moves


def _progress(items: Iterable[int], show: bool, description: str) -> Iterator[int]:
    """Wrap ``items`` in a tqdm bar if asked for and available (imported lazily)."""
    if show:
        try:
            from tqdm.auto import tqdm
        except ImportError:  # tqdm is optional
            pass
        else:
            yield from tqdm(items, desc=description, unit="game", leave=False)
            return
    yield from items


def cli_match(args: argparse.Namespace) -> int:
    """``python -m awithlaknannai match``: play the match and print the table."""
    import sys

    if len(args.players) != 2:
        raise ValueError(f"--players takes two players, got {len(args.players)}")
    for spec in args.players:
        make_player(spec)  # a bad spec fails before any game is played
    result = run_match(
        args.players[0],
        args.players[1],
        games=args.games,
        variant=args.variant,
        rules=args.rules,
        seed=args.seed,
        progress=sys.stderr.isatty(),
        allow_long=True,
    )  # bounded by --games and the player specs
    print(result.to_text())
    return 0
