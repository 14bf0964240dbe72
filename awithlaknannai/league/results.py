"""The results of a class league: games, forfeits, standings and who beat whom; saved and read back.

:class:`LeagueResults` is what :func:`~awithlaknannai.league.tournament.run_league` returns and
:meth:`LeagueResults.load` reads back from a signed JSON file.
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import NotationError
from ..files import read_file_bytes, write_text_file
from ..game import Game
from ..notation import (
    MAX_RECORD_MOVES,
    RECORD_FORMAT,
    RECORD_VERSION,
    _check_json_shape,
    _shown,
    game_from_record,
)
from ..players.match import STOPPED
from ..position import Position
from ..variants import Variant
from .contestants import _check_name
from .player_side import check_league_variant
from .ratings import elo_ratings
from .sandbox import FORFEIT_KINDS
from .signing import _league_key, _signature, _verify

__all__ = ["FORFEIT", "JOURNAL_SUFFIX", "LEAGUE_FORMAT", "MAX_GAMES_PER_PAIR", "MAX_LEAGUE_BYTES", "MAX_PLAYERS", "MAX_TEXT_CHARS", "TIE_BREAKS", "Forfeit", "LeagueGame", "LeaguePlayer", "LeagueResults", "StandingRow", "Standings", "printable_text"]

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
TIE_BREAKS = ("Ties on points: first the points in games among the tied players, then Sonneborn-Berger "
              "(points of those beaten, half of those drawn with), then wins; else a shared place.")


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
    return _CUT_ESCAPE.sub("", clean[:limit - len(tail)]) + tail


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
        return f"{self.player} ({self.color.capitalize()}) lost by forfeit: {self.why}"


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
        """One line: who had which colour, the result and why.

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

    def tags(self) -> dict[str, str]:
        """The tags of the game record: players, round, result in words."""
        tags = {"Event": "league", "Round": str(self.number), "White": self.white, "Black": self.black,
                "Result": self.summary()}
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
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "variant": variant.name,
            "rules": variant.rules.to_text(), "first": variant.first.value, "bottom": variant.bottom.value,
            "start": None if self.start == Position.start(variant) else self.start.text(),
            "moves": list(self.moves),
            "result": self.result if by_rules else None, "reason": self.reason if by_rules else None,
            "tags": self.tags(),
        }


# --- standings ----------------------------------------------------------------------------


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

    HEADINGS = ("rank", "player", "games", "won", "drawn", "lost", "points", "rating", "forfeits")

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
        body = [[r.place or f"{r.rank}", r.name, str(r.games), str(r.wins), str(r.draws), str(r.losses),
                 _points_text(r.points), f"{r.rating:.0f}", str(r.forfeits)] for r in self.rows]
        return [list(self.HEADINGS), *body]

    def to_text(self) -> str:
        table = self.cells()
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        lines = [self.title]
        for row in table:
            lines.append("  ".join(cell.ljust(w) if i == 1 else cell.rjust(w)
                                   for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
        lines.append(TIE_BREAKS)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Standings of {len(self.rows)} players>"

    def _repr_html_(self) -> str:
        table = self.cells()
        head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in table[0])
        body = "".join("<tr>" + "".join(
            (f'<th scope="row" style="text-align:left">{html.escape(c)}</th>' if i == 1 else
             f'<td style="text-align:right">{html.escape(c)}</td>') for i, c in enumerate(row)) + "</tr>"
            for row in table[1:])
        return (f'<table class="awithlaknannai-standings"><caption>{html.escape(self.title)}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
                f'<p class="awithlaknannai-tie-breaks"><small>{html.escape(TIE_BREAKS)}</small></p>')


# --- the results ------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaguePlayer:
    """A player as the results remember it: its name, where it came from, and a fingerprint of its code."""

    name: str
    origin: str = ""
    fingerprint: str = ""

    def __post_init__(self) -> None:
        for name in ("name", "origin", "fingerprint"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"a LeaguePlayer's {name} is a str, got {type(getattr(self, name)).__name__}")
        # A file name can hold anything the file system allows (bytes that are not UTF-8 included).
        object.__setattr__(self, "origin", printable_text(self.origin))


def _settings(games_per_pair: int, time_limit: float, memory_limit_mb: int | None, max_turns: int,
              seed: int | None) -> dict[str, Any]:
    return {"games_per_pair": games_per_pair, "time_limit": time_limit, "memory_limit_mb": memory_limit_mb,
            "max_turns": max_turns, "seed": seed}


class LeagueResults:
    """Everything a league produced: players, games, and what follows from them.

    Attributes
    ----------
    variant : Variant
        The board and rules played.
    players : list of LeaguePlayer
        In the order they were given.
    games : list of LeagueGame
        In schedule order.
    settings : dict
        ``games_per_pair``, ``time_limit``, ``memory_limit_mb``,
        ``max_turns`` and ``seed``.
    title : str
        The league's title (shown on the results sheet).
    """

    def __init__(self, variant: Variant, players: Sequence[LeaguePlayer], games: Sequence[LeagueGame],
                 settings: dict[str, Any], title: str = "") -> None:
        self.variant = variant
        self.players: list[Any] = list(players)
        self.games = sorted(games, key=lambda g: g.number)
        self.settings = dict(settings)
        self.title = title or f"League on {variant.name}"

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def _check(self, name: str) -> None:
        if name not in self.names:
            raise ValueError(f"no player called {name!r} in this league; players: {', '.join(self.names)}")

    # --- what follows from the games
    def ratings(self) -> dict[str, float]:
        """Elo-style ratings from all games (see :func:`elo_ratings`); games both players forfeited
        do not count."""
        scores = [(g.white, g.black, g.points(g.white)) for g in self.games if g.result != "none"]
        return elo_ratings(scores, self.names)

    def standings(self) -> Standings:
        """The table, best first.

        Players are ordered by points; players with equal points by the
        points they scored in the games among themselves (head to head),
        then by their Sonneborn-Berger score (the final points of every
        player they beat, plus half those of every player they drew with),
        then by their number of wins (see :data:`TIE_BREAKS`). Players equal
        on all four share a place (shown as ``"3-4"``) and are listed by
        name. The rating is shown but does not decide places. A game both
        players forfeited gives neither a point.

        Examples
        --------
        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
        >>> [(row.place, row.name, row.points) for row in results.standings()]
        [('1', 'casual', 2.0), ('2', 'beginner', 0.0)]
        """
        ratings = self.ratings()
        names = self.names
        games_of: dict[str, list[LeagueGame]] = {name: [] for name in names}
        for g in self.games:
            games_of[g.white].append(g)
            games_of[g.black].append(g)
        points = {name: sum(g.points(name) for g in games_of[name]) for name in names}
        rows = []
        for name in names:
            games = games_of[name]
            wins = sum(1 for g in games if g.winner == name)
            draws = sum(1 for g in games if g.result == "draw")
            forfeits = sum(1 for g in games for f in g.forfeits if f.player == name)
            seconds = sum(g.seconds[0] if g.white == name else g.seconds[1] for g in games)
            head = sum(g.points(name) for g in games if points[g.opponent(name)] == points[name])
            berger = sum(g.points(name) * points[g.opponent(name)] for g in games)
            rows.append(StandingRow(0, name, len(games), wins, draws, len(games) - wins - draws,
                                    points[name], ratings[name], forfeits, seconds, head, berger))

        def order(row: StandingRow) -> tuple[float, float, float, int]:
            # Exact: points are halves and Sonneborn-Berger scores quarters, which floats hold exactly.
            return (-row.points, -row.head_to_head, -row.sonneborn_berger, -row.wins)

        rows.sort(key=lambda r: (order(r), r.name))
        ranked: list[StandingRow] = []
        first = 0
        while first < len(rows):
            last = first
            while last + 1 < len(rows) and order(rows[last + 1]) == order(rows[first]):
                last += 1
            place = f"{first + 1}" if last == first else f"{first + 1}-{last + 1}"
            ranked.extend(dataclasses.replace(row, rank=first + 1, place=place)
                          for row in rows[first:last + 1])
            first = last + 1
        return Standings(ranked, self.heading())

    def heading(self) -> str:
        """``title: board, rules, players, games`` in one line."""
        return (f"{self.title}: {self.variant.name}, {self.variant.rules.to_text()} rules, "
                f"{len(self.players)} players, {len(self.games)} games")

    def cross_table(self) -> dict[str, dict[str, tuple[float, int]]]:
        """Who beat whom: ``table[a][b]`` is (points a scored against b, games they played).

        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
        >>> results.cross_table()["casual"]["beginner"]
        (2.0, 2)
        """
        table = {a: {b: (0.0, 0) for b in self.names if b != a} for a in self.names}
        for g in self.games:
            for name in (g.white, g.black):
                other = g.opponent(name)
                points, games = table[name][other]
                table[name][other] = (points + g.points(name), games + 1)
        return table

    def games_of(self, name: str) -> list[LeagueGame]:
        """The games ``name`` played, in order."""
        self._check(name)
        return [g for g in self.games if name in (g.white, g.black)]

    def lost_games(self, name: str) -> list[LeagueGame]:
        """The games ``name`` lost (by the rules or by forfeit), to replay and learn from."""
        return [g for g in self.games_of(name) if g.winner != name and g.result != "draw"]

    def forfeits(self) -> list[Forfeit]:
        """Every forfeit, in game order."""
        return [f for g in self.games for f in g.forfeits]

    def game(self, number: int) -> Game:
        """Game ``number`` as a :class:`~awithlaknannai.Game` to replay."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"a game number is an int, got {type(number).__name__}")
        for g in self.games:
            if g.number == number:
                return g.game()
        raise ValueError(f"there is no game {number}; games are numbered 1 to {len(self.games)}")

    # --- showing
    def to_text(self) -> str:
        """The standings, then one line per forfeit."""
        lines = [self.standings().to_text()]
        forfeited = [g for g in self.games if g.forfeits]
        if forfeited:
            lines.append("")
            lines.append("Games lost by forfeit:")
            lines.extend(f"  game {g.number}: {f}" for g in forfeited for f in g.forfeits)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<LeagueResults {self.heading()}>"

    def _repr_html_(self) -> str:
        parts = [self.standings()._repr_html_()]
        forfeited = [(g, f) for g in self.games for f in g.forfeits]
        if forfeited:
            items = "".join(f"<li>game {g.number}: {html.escape(str(f))}</li>" for g, f in forfeited[:50])
            more = f"<p>... and {len(forfeited) - 50} more.</p>" if len(forfeited) > 50 else ""
            parts.append(f"<p>Games lost by forfeit:</p><ul>{items}</ul>{more}")
        return "<div class='awithlaknannai-league'>" + "".join(parts) + "</div>"

    def sheet_svg(self, *, page: bool = True) -> str:
        """The printable results sheet as SVG text (see :func:`awithlaknannai.render.league_sheet_svg`)."""
        from ..render.league import league_sheet_svg  # the drawing is a layer above

        return league_sheet_svg(self, page=page)

    def sheet(self, *, page: bool = True) -> Any:
        """The printable results sheet as a :class:`~awithlaknannai.render.Picture` (with a text
        alternative); ``.svg`` is the text to save or print. ``page=False`` crops it to the
        table, to read on a screen."""
        from ..render import Picture

        return Picture(self.sheet_svg(page=page))

    # --- saving and loading
    def to_record(self) -> dict[str, Any]:
        """The results as a JSON-ready dict; each game holds a project game record. Unsigned: :meth:`save`
        adds the signature."""
        record = self._header()
        record["games"] = [_game_entry(g) for g in self.games]
        return record

    def _header(self) -> dict[str, Any]:
        """Everything but the games: what a resumed league must agree with."""
        return {
            "format": LEAGUE_FORMAT,
            "version": LEAGUE_VERSION,
            "title": self.title,
            "variant": self.variant.name,
            "rules": self.variant.rules.to_text(),
            "first": self.variant.first.value,
            "bottom": self.variant.bottom.value,
            "settings": dict(self.settings),
            "players": [{"name": p.name, "origin": p.origin, "fingerprint": p.fingerprint} for p in self.players],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The unsigned JSON text of :meth:`to_record` (:meth:`save` writes it signed)."""
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    def save(self, path: Any) -> None:
        """Write the results as JSON, signed with this computer's league key, replacing the file in one step.

        The signature (HMAC-SHA256 of the content with the key at
        :func:`~awithlaknannai.league.confine.league_key_path`, made on first use) lets :meth:`load` tell a
        file this computer wrote from one changed afterwards. The file is
        written to a temporary file in the same folder and then renamed,
        after the data is on the disk (see :mod:`awithlaknannai.files`).

        Examples
        --------
        >>> import os, pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> from awithlaknannai.league.confine import CONFIG_ENV
        >>> os.environ[CONFIG_ENV] = str(folder / "config")   # a scratch key, for this example only
        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
        >>> results.save(folder / "results.json")
        >>> LeagueResults.load(folder / "results.json").to_record() == results.to_record()
        True
        >>> del os.environ[CONFIG_ENV]
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"LeagueResults.save takes a file path, got {type(path).__name__}")
        write_text_file(path, self._signed_json(), "the league results", durable=True)

    def _signed_json(self) -> str:
        record = self.to_record()
        record["signature"] = _signature(record, _league_key(create=True))  # type: ignore[arg-type]
        return json.dumps(record, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def load(cls, path: Any, *, verify: bool = True) -> LeagueResults:
        """Read results written by :meth:`save`: checked, and by default signed on this computer.

        Parameters
        ----------
        path : str or path
            The file (at most :data:`MAX_LEAGUE_BYTES`).
        verify : bool
            ``True`` (default): refuse a file whose signature is missing or
            was not made with this computer's league key over exactly this
            content (:class:`LeagueSignatureError`: for instance "the
            results file was changed after the league"). ``False``: skip
            that check, for a file saved on another computer (or by a
            version before signatures) whose origin you trust. Every other
            check still runs either way.

        Raises
        ------
        LeagueSignatureError
            A ``NotationError``: the signature is missing or does not match.
        NotationError
            A ``ValueError``: the file is not league results, or its games
            disagree with each other or with the league (every game is
            replayed; its number, colours and tags must fit the league's
            schedule), with a one-line reason naming the game.
        OSError
            The file cannot be read.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"LeagueResults.load takes a file path, got {type(path).__name__}")
        if not isinstance(verify, bool):
            raise TypeError(f"verify is True or False, got {type(verify).__name__}")
        data = read_file_bytes(path, MAX_LEAGUE_BYTES, "league results", "a results file", NotationError)
        return cls.from_json(data, verify=verify)

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = False) -> LeagueResults:
        """Read results from JSON text or UTF-8 bytes; a problem raises NotationError naming the field.

        ``verify=True`` checks the signature as :meth:`load` does; the
        default reads text that carries no signature (from :meth:`to_json`).
        """
        if not isinstance(verify, bool):
            raise TypeError(f"verify is True or False, got {type(verify).__name__}")
        if isinstance(text, (bytes, bytearray)):
            if len(text) > MAX_LEAGUE_BYTES:
                raise NotationError(f"league results are {len(text):,} bytes, more than the "
                                    f"{MAX_LEAGUE_BYTES:,} allowed")
            try:
                text = bytes(text).decode("utf-8").removeprefix("\ufeff")
            except UnicodeDecodeError as error:
                raise NotationError(f"league results are not UTF-8 text (offset {error.start})") from None
        elif not isinstance(text, str):
            raise TypeError(f"from_json takes JSON text (str or UTF-8 bytes), got {type(text).__name__}")
        if len(text) > MAX_LEAGUE_BYTES:
            raise NotationError(f"league results are {len(text):,} characters, more than the "
                                f"{MAX_LEAGUE_BYTES:,} allowed")
        _check_json_shape(text, "league results")
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"league results are not valid JSON: line {error.lineno} column "
                                f"{error.colno}: {error.msg}") from None
        except (ValueError, RecursionError) as error:
            raise NotationError(f"league results cannot be read: {error}") from None
        if verify:
            if not isinstance(record, dict):
                raise NotationError(f"league results are a JSON object, got {type(record).__name__}")
            _verify(record)
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record: Any) -> LeagueResults:
        """Rebuild results from :meth:`to_record`'s dict; every game is replayed and must agree.

        A ``"signature"`` entry is not checked here (:meth:`load` checks it).
        """
        return _results_from_record(record)


def _game_entry(g: LeagueGame) -> dict[str, Any]:
    """One game as the results file (and the journal) hold it."""
    return {
        "number": g.number, "white": g.white, "black": g.black, "result": g.result, "reason": g.reason,
        "forfeits": [{"player": f.player, "color": f.color, "kind": f.kind, "why": f.why}
                     for f in g.forfeits],
        "seconds": list(g.seconds),
        "record": g.record(),
    }


# --- reading results back ---------------------------------------------------------------


def _field(record: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    value = record.get(name)
    if isinstance(value, bool) and kind in (int, float, (int, float)) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise NotationError(f"league results field {where}{name!r}: expected {names}, got {_shown(value)}")
    return value


def _results_from_record(record: Any) -> LeagueResults:
    if not isinstance(record, dict):
        raise NotationError(f"league results are a JSON object, got {type(record).__name__}")
    if record.get("format") != LEAGUE_FORMAT:
        raise NotationError(f"league results field 'format': expected {LEAGUE_FORMAT!r}, "
                            f"got {_shown(record.get('format'))}")
    if type(record.get("version")) is not int or record["version"] not in _READABLE_VERSIONS:
        raise NotationError(f"league results field 'version': this library reads versions "
                            f"{', '.join(map(str, _READABLE_VERSIONS))}, got {_shown(record.get('version'))}")
    title = _field(record, "title", str)
    for name in ("variant", "rules", "first", "bottom"):
        _field(record, name, str)
    try:
        variant = check_league_variant(record["variant"], record["rules"])
        from ..variants import get_variant

        variant = get_variant(record["variant"], variant.rules, first=record["first"], bottom=record["bottom"])
    except ValueError as error:
        raise NotationError(f"league results field 'variant': {error}") from None
    settings = _field(record, "settings", dict)
    known = {"games_per_pair", "time_limit", "memory_limit_mb", "max_turns", "seed"}
    if set(settings) - known:
        raise NotationError(f"league results field 'settings' has unknown keys: "
                            f"{', '.join(map(_shown, sorted(set(settings) - known)))}")
    for key, value in settings.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise NotationError(f"league results field 'settings'[{key!r}]: expected a number, got {_shown(value)}")
    per_pair = settings.get("games_per_pair")
    if type(per_pair) is not int or not 1 <= per_pair <= MAX_GAMES_PER_PAIR:
        raise NotationError(f"league results field 'settings'['games_per_pair']: expected a whole number "
                            f"from 1 to {MAX_GAMES_PER_PAIR}, got {_shown(per_pair)}")
    players_field = _field(record, "players", list)
    if len(players_field) > MAX_PLAYERS:
        raise NotationError(f"league results field 'players': {len(players_field)} players, more than "
                            f"{MAX_PLAYERS}")
    players = []
    for i, item in enumerate(players_field):
        if not isinstance(item, dict):
            raise NotationError(f"league results field 'players'[{i}]: expected an object, got {_shown(item)}")
        try:
            name = _check_name(_field(item, "name", str, f"'players'[{i}]."))
        except (TypeError, ValueError) as error:
            raise NotationError(f"league results field 'players'[{i}].'name': {error}") from None
        players.append(LeaguePlayer(name, _field(item, "origin", str, f"'players'[{i}]."),
                                    _field(item, "fingerprint", str, f"'players'[{i}].")))
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise NotationError("league results field 'players': two players have the same name")
    games_field = _field(record, "games", list)
    if len(games_field) > MAX_LEAGUE_GAMES:
        raise NotationError(f"league results field 'games': more than {MAX_LEAGUE_GAMES:,} games")
    start = Position.start(variant)
    schedule = _schedule([(i, j) for i in range(len(names)) for j in range(i + 1, len(names))], per_pair)
    seen: set[int] = set()
    games = []
    for i, item in enumerate(games_field):
        def scheduled(number: int, white: str, black: str) -> None:
            _check_scheduled(number, white, black, names, schedule, per_pair, seen)

        game = _game_from_record(i, item, names, variant, start, scheduled)
        turns = settings.get("max_turns")
        count = len(game.moves)
        if type(turns) is int and (count > turns or (game.reason == STOPPED and count != turns)):
            raise NotationError(f"league results: game {game.number}: {count} turns, but the league stops a "
                                f"game as a draw after {turns}")
        games.append(game)
    return LeagueResults(variant, players, games, settings, title)


def _check_scheduled(number: int, white: str, black: str, names: list[str],
                     schedule: list[tuple[int, int, int]], per_pair: int, seen: set[int]) -> None:
    """The game's number, colours and pair are the league's schedule's, and no number comes twice.

    The schedule has each pair's ``per_pair`` games numbered one after the other, colours swapped each
    time, so this also bounds the games of each pair and fixes who has White in each.
    """
    where = f"league results: game {number}"
    if not 1 <= number <= len(schedule):
        raise NotationError(f"{where}: a league of {len(names)} players with {per_pair} games a pair has "
                            f"games 1 to {len(schedule):,}")
    if number in seen:
        raise NotationError(f"{where} is there twice")
    seen.add(number)
    _, first, second = schedule[number - 1]
    if (white, black) != (names[first], names[second]):
        what = ("has the colours swapped" if {white, black} == {names[first], names[second]}
                else "is not between the right players")
        raise NotationError(f"{where}: {white} (White) against {black} (Black) {what}: the league's "
                            f"schedule has {names[first]} (White) against {names[second]} (Black)")


def _game_from_record(i: int, item: Any, names: list[str], variant: Variant, start: Position,
                      scheduled: Callable[[int, str, str], None] | None = None) -> LeagueGame:
    where = f"'games'[{i}]."
    if not isinstance(item, dict):
        raise NotationError(f"league results field 'games'[{i}]: expected an object, got {_shown(item)}")
    number = _field(item, "number", int, where)
    white, black = _field(item, "white", str, where), _field(item, "black", str, where)
    if white not in names or black not in names or white == black:
        raise NotationError(f"league results field {where}'white'/'black': {_shown(white)} and {_shown(black)} "
                            "must be two different players of the league")
    if scheduled is not None:
        scheduled(number, white, black)
    result = _field(item, "result", str, where)
    if result not in ("white", "black", "draw", "none"):
        raise NotationError(f"league results field {where}'result': expected white, black, draw or none, "
                            f"got {_shown(result)}")
    reason = _field(item, "reason", str, where)
    seconds = _field(item, "seconds", list, where)
    if len(seconds) != 2 or not all(isinstance(s, (int, float)) and not isinstance(s, bool) and s >= 0
                                    for s in seconds):
        raise NotationError(f"league results field {where}'seconds': expected two numbers of seconds")
    forfeits: list[Forfeit] = []
    forfeits_field = _field(item, "forfeits", list, where)
    if len(forfeits_field) > 2:
        raise NotationError(f"league results: game {number}: {len(forfeits_field)} forfeits, but a game has "
                            "two players")
    for k, entry in enumerate(forfeits_field):
        if not isinstance(entry, dict):
            raise NotationError(f"league results field {where}'forfeits'[{k}]: expected an object")
        inner = f"{where}'forfeits'[{k}]."
        forfeit = Forfeit(_field(entry, "player", str, inner), _field(entry, "color", str, inner),
                          _field(entry, "kind", str, inner), _field(entry, "why", str, inner))
        if (forfeit.color, forfeit.player) not in (("white", white), ("black", black)) \
                or forfeit.kind not in FORFEIT_KINDS:
            raise NotationError(f"league results field {inner[:-1]}: {_shown(forfeit.player)} as "
                                f"{_shown(forfeit.color)} with kind {_shown(forfeit.kind)} does not fit this game")
        if forfeits and forfeits[0].color != "white":
            raise NotationError(f"league results: game {number}: two forfeits must be White's, then Black's")
        forfeits.append(forfeit)
    game_record = _field(item, "record", dict, where)
    moves = game_record.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_RECORD_MOVES:
        raise NotationError(f"league results field {where}'record': more than {MAX_RECORD_MOVES:,} moves")
    try:
        game = game_from_record(game_record)
    except NotationError as error:
        raise NotationError(f"league results field {where}'record': {error}") from None
    if game.start != start:
        raise NotationError(f"league results field {where}'record': the game is not from the league's start "
                            f"({variant.name}, {variant.rules.to_text()} rules)")
    if len(forfeits) == 2 and game.moves:
        raise NotationError(f"league results: game {number}: both players forfeited, which happens only "
                            f"before the first move, but it has {len(game.moves)} moves")
    if len(forfeits) == 1 and game.moves and game.position.turn.value != forfeits[0].color:
        loser = forfeits[0]
        raise NotationError(f"league results: game {number}: {loser.player} ({loser.color}) lost by forfeit, "
                            f"but it was {game.position.turn.value}'s turn after the last move")
    outcome = game.outcome()
    if forfeits:
        consistent = reason == FORFEIT and result == _forfeit_result(forfeits) and outcome is None
    elif reason == STOPPED:
        consistent = result == "draw" and outcome is None
    else:
        consistent = outcome is not None and outcome.result == result and outcome.reason.value == reason
    if not consistent:
        raise NotationError(f"league results field {where}'result': {_shown(result)} ({_shown(reason)}) does not "
                            "agree with the game's moves and forfeits")
    league_game = LeagueGame(number, white, black, result, reason,
                             tuple(game.move_text(k) for k in range(len(game.moves))), start, tuple(forfeits),
                             (float(seconds[0]), float(seconds[1])))
    tags = game_record.get("tags")
    if tags != league_game.tags():
        expected = league_game.tags()
        wrong = sorted(k for k in set(expected) | set(tags if isinstance(tags, dict) else {})
                       if not isinstance(tags, dict) or tags.get(k) != expected.get(k))
        raise NotationError(f"league results: game {number}: its record's tags ({', '.join(wrong[:4])}) "
                            "disagree with the game's number, players, result or forfeits")
    return league_game


def _forfeit_result(forfeits: Sequence[Forfeit]) -> str:
    """The result of a game lost by forfeit: the other colour wins; "none" when both forfeited."""
    if len(forfeits) == 2:
        return "none"
    return "black" if forfeits[0].color == "white" else "white"


def _schedule(pairs: Sequence[tuple[int, int]], games_per_pair: int) -> list[tuple[int, int, int]]:
    """(game number, white index, black index): each pair's games one after the other, colours swapped."""
    out: list[tuple[int, int, int]] = []
    for first, second in pairs:
        for k in range(games_per_pair):
            white, black = (first, second) if k % 2 == 0 else (second, first)
            out.append((len(out) + 1, white, black))
    return out
