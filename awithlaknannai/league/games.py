"""A league's games and standings: one game (:class:`LeagueGame`, :class:`Forfeit`), the table of
points with its tie-breaks (:class:`Standings`), and the text a player produced, made safe to show.

:class:`~.results.LeagueResults` holds them, saves them and reads them back.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..i18n import N_, ngettext, side_name
from ..i18n import gettext as _
from ..notation import record_dict
from ..texts import table_lines
from ..players.match import STOPPED, shown_reason
from .failure_texts import shown_why
from ..position import Position

__all__ = [
    "FORFEIT",
    "JOURNAL_SUFFIX",
    "LEAGUE_FORMAT",
    "MAX_GAMES_PER_PAIR",
    "MAX_LEAGUE_BYTES",
    "MAX_PLAYERS",
    "MAX_TEXT_CHARS",
    "TIE_BREAKS",
    "Forfeit",
    "LeagueGame",
    "StandingRow",
    "Standings",
    "printable_text",
]

LEAGUE_FORMAT = "awithlaknannai-league"
#: Version 2 added the signature; version 1 files (unsigned) load with ``verify=False``.
LEAGUE_VERSION = 2
_READABLE_VERSIONS = (1, 2)
#: The most players in one league (100 players make 4,950 pairs).
MAX_PLAYERS = 100
#: The most games each pair plays.
MAX_GAMES_PER_PAIR = 20
#: The largest results file :meth:`LeagueResults.load` reads (a league of 30 is about 2 MB).
MAX_LEAGUE_BYTES = 64 * 2**20
#: The most games a results file may hold.
MAX_LEAGUE_GAMES = MAX_PLAYERS * (MAX_PLAYERS - 1) // 2 * MAX_GAMES_PER_PAIR
#: The end reason of a game lost by forfeit.
FORFEIT = "forfeit"
#: The longest text a player's failure leaves in the results (a forfeit's ``why``), in characters.
MAX_TEXT_CHARS = 1000
#: The journal beside a results file: ``results.json`` has ``results.json.journal`` while a league runs.
JOURNAL_SUFFIX = ".journal"
#: How the standings order players with equal points, in one line (the table and the sheet show it).
_TIE_BREAKS = N_(
    "Ties on points: first the points in games among the tied players, then Sonneborn-Berger "
    "(points of those beaten, half of those drawn with), then wins; else a shared place."
)
#: How players with equal points are ordered (in English; shown in the session's language).
TIE_BREAKS = _TIE_BREAKS.message


# --- text a player produced -------------------------------------------------------------

# Characters that a results file or a one-line message must not carry as they are: control characters
# (NUL included), lone surrogates (which UTF-8 cannot encode), line and paragraph separators, and the
# bidirectional controls that can make a line read differently from what it holds.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_CUT_ESCAPE = re.compile(r"\\u[0-9a-f]{0,3}$")


def printable_text(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    """``text`` made safe to store and show in one line: at most ``limit`` characters.

    Control characters (NUL, line ends, tabs...), lone surrogates, line
    separators and bidirectional controls become ``\\uXXXX`` escapes (a
    backslash, ``u`` and four hexadecimal digits); a text longer than
    ``limit`` is cut, saying how long it was. Everything else is kept. The
    result can always be written as UTF-8, and cleaning it again changes
    nothing, so a results file holding it saves and loads back unchanged.
    (An original text that already held the characters ``\\u0000`` reads
    the same as one that held a NUL: the result is for people to read.)

    Examples
    --------
    >>> print(printable_text("bad\\udcff byte\\x00 and\\nnew line"))
    bad\\udcff byte\\u0000 and\\u000anew line
    >>> printable_text("x" * 2000, limit=40)
    'xxxxxxxxxxxxxxx… (cut: 2,000 characters)'
    """
    if not isinstance(text, str):
        raise TypeError(f"printable_text takes a str, got {type(text).__name__}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 40:
        raise ValueError(f"limit is a whole number of at least 40, got {limit!r}")
    text = str.__str__(text)
    clean = _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    if len(clean) <= limit:
        return clean
    tail = f"… (cut: {len(text):,} characters)"
    return _CUT_ESCAPE.sub("", clean[: limit - len(tail)]) + tail


# --- one game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Forfeit:
    """Why a player lost a game other than by the rules.

    Attributes
    ----------
    player : str
        The player's name.
    color : str
        ``"white"`` or ``"black"``.
    kind : str
        A key of :data:`~awithlaknannai.league.sandbox.FORFEIT_KINDS`:
        ``error``, ``illegal``, ``timeout``, ``memory``, ``crash`` or ``load``.
    why : str
        What happened, in words.
    """

    player: str
    color: str
    kind: str
    why: str

    def __post_init__(self) -> None:
        for name in ("player", "color", "kind", "why"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"a Forfeit's {name} is a str, got {type(getattr(self, name)).__name__}")
        # What a player's process said is stored as it can be saved and shown (see printable_text).
        object.__setattr__(self, "why", printable_text(self.why))

    def __str__(self) -> str:
        """In English, as game records and results files keep it (see :meth:`describe` for a student)."""
        return f"{self.player} ({self.color.capitalize()}) lost by forfeit: {self.why}"

    def describe(self) -> str:
        """What happened, as a student reads it: in the session's language (``why`` too, where it is known).

        >>> from awithlaknannai.i18n import use_language
        >>> forfeit = Forfeit("ada", "white", "timeout", "took more than 1 s for a move")
        >>> with use_language("es"):
        ...     print(forfeit.describe())
        ada (Blancas) perdió por fallo: tardó más de 1 s en una jugada
        >>> print(forfeit.describe())
        ada (White) lost by forfeit: took more than 1 s for a move
        """
        return _("{player} ({side}) lost by forfeit: {why}").format(
            player=self.player, side=side_name(self.color), why=shown_why(self.why)
        )


@dataclass(frozen=True)
class LeagueGame:
    """One game of a league.

    Attributes
    ----------
    number : int
        1, 2, ... in the league's schedule.
    white, black : str
        The players' names.
    result : str
        ``"white"``, ``"black"``, ``"draw"``, or ``"none"`` when both
        players forfeited (neither scores).
    reason : str
        Why it ended: an :class:`~awithlaknannai.EndReason` text,
        :data:`~awithlaknannai.players.match.STOPPED` (a draw), or
        :data:`FORFEIT`.
    moves : tuple of str
        The moves played, as texts.
    start : Position
        Where the game began.
    forfeits : tuple of Forfeit
        The players who lost by forfeit (none, one, or both).
    seconds : tuple of float
        Thinking time of White and of Black, by their own clocks.
    """

    number: int
    white: str
    black: str
    result: str
    reason: str
    moves: tuple[str, ...]
    start: Position = field(repr=False)
    forfeits: tuple[Forfeit, ...] = ()
    seconds: tuple[float, float] = (0.0, 0.0)

    @property
    def winner(self) -> str | None:
        """The winner's name, or ``None`` (a draw, or both forfeited)."""
        return {"white": self.white, "black": self.black}.get(self.result)

    @property
    def loser(self) -> str | None:
        """The loser's name, or ``None``."""
        return {"white": self.black, "black": self.white}.get(self.result)

    def points(self, name: str) -> float:
        """What ``name`` scored: 1 a win, 1/2 a draw, 0 a loss."""
        if name not in (self.white, self.black):
            raise ValueError(f"{name!r} did not play game {self.number}")
        if self.result == "draw":
            return 0.5
        return 1.0 if self.winner == name else 0.0

    def opponent(self, name: str) -> str:
        if name not in (self.white, self.black):
            raise ValueError(f"{name!r} did not play game {self.number}")
        return self.black if name == self.white else self.white

    def summary(self) -> str:
        """One line: who had which colour, the result and why, in English (the game record's ``Result`` tag;
        :meth:`describe` says it in the session's language).

        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
        >>> print(results.games[0].summary())
        Game 1: beginner (White) against casual (Black): casual won (no pieces left), 12 turns.
        """
        head = f"Game {self.number}: {self.white} (White) against {self.black} (Black): "
        if self.forfeits:
            if self.result == "none":
                return head + "both lost by forfeit. " + " ".join(f"{f}." for f in self.forfeits)
            return head + f"{self.winner} won; " + " ".join(f"{f}." for f in self.forfeits)
        outcome = "a draw" if self.result == "draw" else f"{self.winner} won"
        return head + f"{outcome} ({self.reason}), {len(self.moves)} turns."

    def describe(self) -> str:
        """:meth:`summary` as a student reads it, in the session's language (``summary`` stays English:
        game records and results files keep it).

        >>> from awithlaknannai.i18n import use_language
        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
        >>> with use_language("es"):
        ...     print(results.games[0].describe())
        Partida 1: beginner (Blancas) contra casual (Negras): ganó casual (no quedan piezas), 12 turnos.
        >>> print(results.games[0].describe())
        Game 1: beginner (White) against casual (Black): casual won (no pieces left), 12 turns.
        """
        names = {"number": self.number, "white": self.white, "black": self.black, "winner": self.winner}
        forfeits = " ".join(f"{forfeit.describe()}." for forfeit in self.forfeits)
        if self.forfeits and self.result == "none":
            text = _(
                "Game {number}: {white} (White) against {black} (Black): both lost by forfeit. {forfeits}"
            )
            return text.format(forfeits=forfeits, **names)
        if self.forfeits:
            text = _("Game {number}: {white} (White) against {black} (Black): {winner} won; {forfeits}")
            return text.format(forfeits=forfeits, **names)
        turns = len(self.moves)
        if self.result == "draw":
            text = ngettext(
                "Game {number}: {white} (White) against {black} (Black): a draw ({reason}), {count} turn.",
                "Game {number}: {white} (White) against {black} (Black): a draw ({reason}), {count} turns.",
                turns,
            )
        else:
            text = ngettext(
                "Game {number}: {white} (White) against {black} (Black): {winner} won ({reason}), {count} turn.",
                "Game {number}: {white} (White) against {black} (Black): {winner} won ({reason}), {count} turns.",
                turns,
            )
        return text.format(reason=shown_reason(self.reason), count=turns, **names)

    def tags(self) -> dict[str, str]:
        """The tags of the game record: players, round, result in words."""
        tags = {
            "Event": "league",
            "Round": str(self.number),
            "White": self.white,
            "Black": self.black,
            "Result": self.summary(),
        }
        if self.forfeits:
            tags["Forfeit"] = " ".join(str(f) for f in self.forfeits)
        return tags

    def game(self) -> Game:
        """The game to replay (for instance ``GameWidget(game=results.game(3))``), moves to the end or
        to the forfeit."""
        game = Game(start=self.start, tags=self.tags())
        for move in self.moves:
            game.play(move)
        return game

    def record(self) -> dict[str, Any]:
        """The project's game record (see :mod:`awithlaknannai.notation`), which
        :meth:`Game.from_record <awithlaknannai.Game.from_record>` and the game widget read.

        Built from the stored moves without replaying them: ``result`` and
        ``reason`` are the rules' (``None`` for a game stopped or forfeited);
        the tags say who played and what the league decided.
        """
        variant = self.start.variant
        by_rules = self.reason not in (FORFEIT, STOPPED)
        return record_dict(
            variant,
            None if self.start == Position.start(variant) else self.start.text(),
            list(self.moves),
            self.result if by_rules else None,
            self.reason if by_rules else None,
            self.tags(),
        )


# --- standings ----------------------------------------------------------------------------


def _table_html(cells: list[list[str]], name_column: int, name_style: str = "") -> tuple[str, str]:
    """The same table's HTML heading cells and body rows; ``name_column`` holds row headings (``name_style``)."""
    head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in cells[0])
    body = "".join(
        "<tr>"
        + "".join(
            (
                f'<th scope="row"{name_style}>{html.escape(c)}</th>'
                if i == name_column
                else f'<td style="text-align:right">{html.escape(c)}</td>'
            )
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in cells[1:]
    )
    return head, body


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings (see :meth:`LeagueResults.standings`).

    Attributes
    ----------
    rank : int
        The player's place; players who share a place have the same rank
        (the first place they share).
    name : str
    games, wins, draws, losses : int
        Wins and losses by forfeit included.
    points : float
        1 a win, 1/2 a draw.
    rating : float
        Elo-style (see :func:`elo_ratings`); shown, but not used to rank.
    forfeits : int
        Games this player lost by forfeit.
    seconds : float
        This player's thinking time over all its games.
    head_to_head : float
        Points scored in the games against the players with the same points.
    sonneborn_berger : float
        The points of every player this one beat, plus half the points of
        every player it drew with.
    place : str
        The place as the table shows it: ``"3"``, or ``"3-4"`` for two
        players sharing third and fourth place.
    """

    rank: int
    name: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float
    rating: float
    forfeits: int
    seconds: float
    head_to_head: float = 0.0
    sonneborn_berger: float = 0.0
    place: str = ""

    @property
    def score(self) -> float:
        """Points per game (0 with no games)."""
        return self.points / self.games if self.games else 0.0


def _points_text(points: float) -> str:
    """``3``, ``3½``, ``½``: points as a class writes them."""
    whole = int(points)
    half = points - whole >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


class Standings:
    """The league table: place, wins, draws, losses, points, rating, forfeits.

    Iterate for :class:`StandingRow` objects, best first. Printed, it is a
    plain-text table followed by :data:`TIE_BREAKS` (how players with equal
    points are ordered); in a notebook an HTML table with that line under it.
    """

    #: The columns' headings (translated where shown: ``cells()`` gives them in the session's language).
    HEADINGS = (
        N_("rank"),
        N_("player"),
        N_("games"),
        N_("won"),
        N_("drawn"),
        N_("lost"),
        N_("points"),
        N_("rating"),
        N_("forfeits"),
    )

    def __init__(self, rows: Sequence[StandingRow], title: str) -> None:
        self.rows = list(rows)
        self.title = title

    def __iter__(self) -> Iterator[StandingRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, name: str) -> StandingRow:
        """The row of the player called ``name``."""
        for row in self.rows:
            if row.name == name:
                return row
        raise ValueError(f"no player called {name!r} in these standings")

    def __contains__(self, name: object) -> bool:
        return any(row.name == name for row in self.rows)

    def cells(self) -> list[list[str]]:
        """The table as text cells, headings first."""
        body = [
            [
                r.place or f"{r.rank}",
                r.name,
                str(r.games),
                str(r.wins),
                str(r.draws),
                str(r.losses),
                _points_text(r.points),
                f"{r.rating:.0f}",
                str(r.forfeits),
            ]
            for r in self.rows
        ]
        return [[str(heading) for heading in self.HEADINGS], *body]

    def to_text(self) -> str:
        lines = [line.rstrip() for line in table_lines(self.cells(), name_column=1)]
        return "\n".join([self.title, *lines, str(_TIE_BREAKS)])

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Standings of {len(self.rows)} players>"

    def _repr_html_(self) -> str:
        head, body = _table_html(self.cells(), 1, ' style="text-align:left"')
        return (
            f'<table class="awithlaknannai-standings"><caption>{html.escape(self.title)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            f'<p class="awithlaknannai-tie-breaks"><small>{html.escape(str(_TIE_BREAKS))}</small></p>'
        )
