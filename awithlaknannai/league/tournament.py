"""A class league: every player against every other, colours swapped, with standings and ratings.

:func:`run_league` plays a round robin between :class:`~awithlaknannai.league.sandbox.Contestant`
players (a folder of ``.py`` files, functions from notebook cells, built-in
players) on any board and rules. Each player runs in a process of its own
with a time limit per move and a memory cap (see
:mod:`~awithlaknannai.league.sandbox` for what that does and does not
protect): a player that raises an error, answers with an illegal move, runs
out of time or memory, or crashes loses that game, with a message naming it
and the reason, and the league goes on.

The :class:`LeagueResults` hold every game (its moves are a project game
record: ``results.game(12)`` is a :class:`~awithlaknannai.Game` to replay in
the game widget), the standings (ties broken as :data:`TIE_BREAKS` says)
with an Elo-style rating (:func:`elo_ratings`), and who beat whom. They
save to a JSON file signed with this computer's league key
(:func:`league_key_path`), which :meth:`LeagueResults.load` reads back,
refusing a file changed since. ``run_league(save_to=...)`` keeps each game
on the disk as it ends, so a stopped league loses no finished game and
continues with ``resume=True``. ``results.sheet()`` is a printable results
sheet (SVG).

Examples
--------
>>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
>>> [(g.white, g.black) for g in results.games]      # colours swapped
[('beginner', 'casual'), ('casual', 'beginner')]
>>> [row.name for row in results.standings()]
['casual', 'beginner']
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import html
import json
import math
import os
import re
import secrets
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import NotationError, shown
from ..files import read_file_bytes, sync_folder, write_text_file
from ..game import Game
from ..notation import (
    MAX_RECORD_MOVES,
    RECORD_FORMAT,
    RECORD_VERSION,
    _check_json_shape,
    _shown,
    game_from_record,
)
from ..position import Position
from ..rules import Rules
from ..variants import Color, Variant
from .confine import CONFIG_ENV, league_key_path
from ..players.match import STOPPED, _game_seed
from .ratings import elo_ratings_python, rated_games
from .sandbox import (
    DEFAULT_MEMORY_LIMIT_MB,
    DEFAULT_TIME_LIMIT,
    FORFEIT_KINDS,
    LOAD_TIME_LIMIT,
    MAX_PRINTED_CHARS,
    Contestant,
    InProcessPlayer,
    PlayerFailure,
    PlayerProcess,
    PlayersFolderError,
    _check_name,
    check_league_variant,
    check_time_limit,
    confinement_plan,
    contestants_from_folder,
    processes_available,
    wake_forkserver,
)

__all__ = [
    "BASE_RATING", "CONFIG_ENV", "FORFEIT", "JOURNAL_SUFFIX", "LEAGUE_FORMAT", "MAX_GAMES_PER_PAIR",
    "MAX_LEAGUE_BYTES", "MAX_PLAYERS", "MAX_TEXT_CHARS", "PRIOR_GAMES", "TIE_BREAKS", "Forfeit", "LeagueGame",
    "LeaguePlayer", "LeagueResults", "LeagueSignatureError", "StandingRow", "Standings", "elo_ratings",
    "league_key_path", "printable_text", "run_league",
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
#: The rating of an average player, and of the imaginary opponent every player draws against.
BASE_RATING = 1500.0
#: Imaginary drawn games each player has against a BASE_RATING player (see :func:`elo_ratings`).
PRIOR_GAMES = 2.0
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


# --- the key that signs results ---------------------------------------------------------


class LeagueSignatureError(NotationError):
    """A results file's signature is missing, unreadable, or not made by this computer's league key.

    :meth:`LeagueResults.load` raises it; ``verify=False`` reads the file
    without that check (for a file brought from another computer).
    """


def _league_key(create: bool) -> bytes | None:
    """The key at :func:`league_key_path` (32 bytes), made on first use if ``create``; else None if absent."""
    path = league_key_path()
    for _ in range(2):
        try:
            data = read_file_bytes(path, 1024, "the league key", "a key file")
        except FileNotFoundError:
            if not create:
                return None
            _make_key(path)
            continue
        try:
            key = bytes.fromhex(data.decode("ascii").strip())
        except (UnicodeDecodeError, ValueError):
            key = b""
        if len(key) != 32:
            raise ValueError(f"the league key {_quoted(path)} is damaged: delete it and a new one is made "
                             "(results signed with the old key then load only with verify=False)")
        return key
    raise ValueError(f"the league key {_quoted(path)} could not be made")


def _make_key(path: Path) -> None:
    """Write a new random key to ``path`` (owner-only), unless another process made one first."""
    import contextlib
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    handle, temporary = tempfile.mkstemp(prefix=".league-key-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(secrets.token_bytes(32).hex().encode("ascii") + b"\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)  # never replaces a key another league made at the same moment
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links (Pyodide's, some network ones)
            if not path.exists():
                os.replace(temporary, path)
        sync_folder(path.parent)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _quoted(path: Any) -> str:
    return shown(os.fspath(path), 80)


def _canonical(value: Any) -> bytes:
    """The bytes a signature covers: JSON with sorted keys, no spaces, ASCII only."""
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"),
                      allow_nan=False).encode("ascii")


def _key_id(key: bytes) -> str:
    """Names a key without revealing it: which computer signed a file."""
    return hashlib.sha256(b"awithlaknannai league key id\0" + key).hexdigest()[:16]


def _mac(key: bytes, purpose: bytes, data: bytes) -> str:
    return hmac.new(key, b"awithlaknannai " + purpose + b"\0" + data, hashlib.sha256).hexdigest()


def _is_hex(value: object, digits: int) -> bool:
    """Whether ``value`` is ``digits`` lowercase hexadecimal digits (what a key id or an HMAC is written as)."""
    return isinstance(value, str) and len(value) == digits and all(c in "0123456789abcdef" for c in value)


def _signature(record: dict[str, Any], key: bytes) -> dict[str, str]:
    value = _mac(key, b"league", _canonical(record))
    return {"algorithm": "HMAC-SHA256", "key": _key_id(key), "value": value}


def _verify(record: dict[str, Any]) -> None:
    """Raise LeagueSignatureError unless ``record`` (as read) is signed with this computer's key."""
    signature = record.get("signature")
    if signature is None:
        raise LeagueSignatureError("the results file has no signature (written by hand or by an older "
                                   "version): load it with verify=False to read it without that check")
    if not (isinstance(signature, dict) and signature.get("algorithm") == "HMAC-SHA256"
            and _is_hex(signature.get("key"), 16) and _is_hex(signature.get("value"), 64)):
        raise LeagueSignatureError("the results file's signature is not readable: the file was changed "
                                   "after the league")
    key = _league_key(create=False)
    if key is None or not hmac.compare_digest(signature["key"], _key_id(key)):
        raise LeagueSignatureError("the results file was signed on another computer (or with a league "
                                   "key since replaced): load it with verify=False if you trust its origin")
    unsigned = {k: v for k, v in record.items() if k != "signature"}
    if not hmac.compare_digest(signature["value"], _mac(key, b"league", _canonical(unsigned))):
        raise LeagueSignatureError("the results file was changed after the league "
                                   "(its signature does not match)")


# --- ratings ---------------------------------------------------------------------------


def elo_ratings(scores: Iterable[tuple[str, str, float]], players: Iterable[str] = (), *,
                base: float = BASE_RATING, prior_games: float = PRIOR_GAMES) -> dict[str, float]:
    """Elo-style ratings computed from all games at once, so the order of the games does not matter.

    Elo's formula gives the score player A expects against player B:
    ``E = 1 / (1 + 10 ** ((R_B - R_A) / 400))`` (1 a win, 1/2 a draw). The
    ratings returned are the ones at which **every player's expected score
    over all its games equals the score it made**, counting for each player
    ``prior_games`` imaginary draws against a player rated ``base``. Those
    draws keep the rating of a player who won (or lost) every game finite,
    and pull the ratings of players with few games towards ``base``.

    There is no K factor. In Elo's game-by-game update ``R += K (S - E)``, K
    sets how far one game moves a rating, and the result depends on the order
    of the games; these ratings are the point where that update, applied to
    all the games together, changes nothing (for any K). Statisticians call
    it the maximum-likelihood Bradley-Terry model (Zermelo 1929) with a
    prior; it is found by Newton's method, to a millionth of a point.

    Parameters
    ----------
    scores : iterable of (str, str, float)
        ``(player, opponent, score of player)`` for each game: 1, 1/2 or 0
        (any score from 0 to 1 works). A game is listed once.
    players : iterable of str
        Players to rate even if they have no games (they get ``base``).
    base : float
        The rating of the imaginary opponent (and of an average player).
    prior_games : float
        How many imaginary draws each player has (above 0).

    Returns
    -------
    dict
        ``{player: rating}``.

    Examples
    --------
    >>> ratings = elo_ratings([("ann", "bob", 1), ("bob", "cat", 1), ("cat", "ann", 1)])
    >>> {name: round(r) for name, r in ratings.items()}   # a cycle: all equal
    {'ann': 1500, 'bob': 1500, 'cat': 1500}
    >>> ratings = elo_ratings([("ann", "bob", 1)] * 3 + [("ann", "bob", 0.5)])
    >>> round(ratings["ann"]), round(ratings["bob"])
    (1617, 1383)
    """
    try:
        import numpy as np
    except ImportError:  # a JupyterLite site: the same ratings in plain Python (checked against these)
        return elo_ratings_python(scores, players, base=base, prior_games=prior_games)

    index, games = rated_games(scores, players, base, prior_games)
    size = len(index)
    if size == 0:
        return {}
    played = np.zeros((size, size))
    won = np.zeros((size, size))  # won[i, j]: points i scored against j
    for i, j, score in games:
        played[i, j] += 1
        played[j, i] += 1
        won[i, j] += score
        won[j, i] += 1 - score
    points = won.sum(axis=1)

    def log_likelihood(theta: np.ndarray) -> float:
        diff = theta[:, None] - theta[None, :]
        ll = float((won * -np.logaddexp(0.0, -diff)).sum())
        return ll - prior_games / 2 * float((np.logaddexp(0.0, -theta) + np.logaddexp(0.0, theta)).sum())

    # theta = rating difference from base in natural units: E = sigmoid(theta_a - theta_b).
    theta = np.zeros(size)
    current = log_likelihood(theta)
    for _ in range(200):
        expected = 1 / (1 + np.exp(-(theta[:, None] - theta[None, :])))
        against_base = 1 / (1 + np.exp(-theta))
        gradient = points - (played * expected).sum(axis=1) + prior_games * (0.5 - against_base)
        weights = played * expected * (1 - expected)
        hessian = weights - np.diag(weights.sum(axis=1) + prior_games * against_base * (1 - against_base))
        step = np.linalg.solve(hessian, -gradient)
        scale = 1.0
        while True:  # the likelihood is concave: halve the step until it does not go down
            candidate = theta + scale * step
            value = log_likelihood(candidate)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = candidate, value
        if float(np.abs(scale * step).max()) * 400 / math.log(10) < 1e-6:
            break
    ratings = base + theta * 400 / math.log(10)
    return {name: float(ratings[i]) for name, i in index.items()}


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
        :func:`league_key_path`, made on first use) lets :meth:`load` tell a
        file this computer wrote from one changed afterwards. The file is
        written to a temporary file in the same folder and then renamed,
        after the data is on the disk (see :mod:`awithlaknannai.files`).

        Examples
        --------
        >>> import os, pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> os.environ[CONFIG_ENV] = str(folder / "config")   # a scratch key, for this example only
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


# --- playing ----------------------------------------------------------------------------


def _forfeit_result(forfeits: Sequence[Forfeit]) -> str:
    """The result of a game lost by forfeit: the other colour wins; "none" when both forfeited."""
    if len(forfeits) == 2:
        return "none"
    return "black" if forfeits[0].color == "white" else "white"


class _Stopped(Exception):
    """The league was interrupted: games in progress stop at the next move."""


class _ProcessSeats:
    """Player processes, kept between games and reused: at most ``keep`` idle ones stay alive."""

    def __init__(self, contestants: Sequence[Contestant], variant: Variant, time_limit: float,
                 memory_limit_mb: int | None, keep: int, load_time_limit: float = LOAD_TIME_LIMIT,
                 confinement: dict[str, Any] | None = None) -> None:
        self.contestants = contestants
        self.confinement = confinement
        self.variant = variant
        self.time_limit = time_limit
        self.memory_limit_mb = memory_limit_mb
        self.load_time_limit = load_time_limit
        self.keep = keep
        self.idle: list[tuple[int, PlayerProcess]] = []  # least recently used first
        self.busy = 0
        self.unloadable: dict[int, PlayerFailure] = {}  # players whose code cannot load: no retry
        self.output: dict[int, str] = {}  # what each player printed, from its processes that ended
        self.lock = threading.Lock()

    def acquire(self, index: int) -> PlayerProcess:
        with self.lock:
            if index in self.unloadable:
                raise self.unloadable[index]
            self.busy += 1
            for k, (owner, process) in enumerate(self.idle):
                if owner == index:
                    del self.idle[k]
                    return process
            evicted = []
            while self.idle and len(self.idle) + self.busy > self.keep:
                evicted.append(self.idle.pop(0)[1])
        for process in evicted:
            self._retire(process)
        contestant = self.contestants[index]
        process = PlayerProcess(contestant, self.variant, self.time_limit, self.memory_limit_mb,
                                self.load_time_limit, None if contestant.code is None else self.confinement)
        try:
            process.start()
        except PlayerFailure as failure:
            with self.lock:
                self.busy -= 1
                if failure.kind in ("load", "memory"):
                    self.unloadable[index] = failure
            raise
        return process

    def release(self, index: int, process: PlayerProcess) -> None:
        with self.lock:
            self.busy -= 1
            if process.alive:
                self.idle.append((index, process))
                return
        self._retire(process)

    def _retire(self, process: PlayerProcess) -> None:
        process.close()
        index = self.contestants.index(process.contestant)
        printed = process.printed()
        with self.lock:
            kept = self.output.get(index, "")
            self.output[index] = (kept + printed)[:MAX_PRINTED_CHARS]

    def printed(self, index: int) -> str:
        """What player ``index`` printed in its processes so far (the first MAX_PRINTED_CHARS characters)."""
        return self.output.get(index, "")

    def close(self) -> None:
        with self.lock:
            idle, self.idle = self.idle, []
        wake_forkserver()  # a player may have stopped it: the processes' ends are reported through it
        for _, process in idle:
            self._retire(process)


class _InProcessSeats:
    """Players run in the calling process (test_player without a sandbox; a league where there are no
    processes, as in a JupyterLite site)."""

    def __init__(self, players: Sequence[InProcessPlayer | Contestant], time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        self.players: list[Any] = list(players)
        self.time_limit = time_limit

    def acquire(self, index: int) -> InProcessPlayer:
        player = self.players[index]
        if isinstance(player, PlayerFailure):
            raise player
        if isinstance(player, Contestant):  # loaded when first needed, once
            try:
                player = InProcessPlayer.load(player, self.time_limit)
            except PlayerFailure as failure:
                self.players[index] = failure
                raise
            self.players[index] = player
        return player

    def release(self, index: int, player: InProcessPlayer) -> None:
        pass

    def close(self) -> None:
        pass


def _referee(number: int, start: Position, names: tuple[str, str], indices: tuple[int, int], seats: Any,
             max_turns: int, seed: int | None, stop: threading.Event) -> LeagueGame:
    """Play one game between two seats; a failure of either loses the game for that player."""
    colors = (Color.WHITE, Color.BLACK)
    held: dict[Color, Any] = {}
    forfeits: list[Forfeit] = []
    game = Game(start=start)
    seconds = {Color.WHITE: 0.0, Color.BLACK: 0.0}
    try:
        for side, color in enumerate(colors):
            try:
                seat = seats.acquire(indices[side])
                held[color] = seat
                seat.new_game(None if seed is None else _game_seed(seed, number, side))
            except PlayerFailure as failure:
                forfeits.append(Forfeit(names[side], color.value, failure.kind, failure.why))
        while not forfeits and not game.is_over() and len(game.moves) < max_turns:
            if stop.is_set():
                raise _Stopped
            color = game.position.turn
            side = colors.index(color)
            try:
                text, spent = held[color].choose(game.position)
            except PlayerFailure as failure:
                forfeits.append(Forfeit(names[side], color.value, failure.kind, failure.why))
                break
            seconds[color] += spent
            try:
                game.play(text)
            except ValueError as error:
                forfeits.append(Forfeit(names[side], color.value, "illegal", f"chose an illegal move: {error}"))
    finally:
        for side, color in enumerate(colors):
            if color in held:
                seats.release(indices[side], held[color])
    result: str
    if forfeits:
        result, reason = _forfeit_result(forfeits), FORFEIT
    else:
        outcome = game.outcome()
        result = outcome.result if outcome else "draw"
        reason = outcome.reason.value if outcome else STOPPED
    moves = tuple(game.move_text(k) for k in range(len(game.moves)))
    # Rounded as the results file keeps them, so a saved league loads back equal.
    return LeagueGame(number, names[0], names[1], result, reason, moves, start, tuple(forfeits),
                      (round(seconds[Color.WHITE], 4), round(seconds[Color.BLACK], 4)))


class _Progress:
    """A tqdm bar if asked for and installed; else a line of text on a terminal; else nothing."""

    def __init__(self, show: bool, total: int, description: str) -> None:
        self.bar: Any = None
        if show:
            try:
                from tqdm.auto import tqdm  # type: ignore[import-untyped]
            except ImportError:  # tqdm is optional (the "plots" extra)
                import sys

                if sys.stderr is not None and sys.stderr.isatty():
                    self.bar = _TextBar(total, description)
                return
            self.bar = tqdm(total=total, desc=description, unit="game", leave=False)

    def advance(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


class _TextBar:
    """``league: 12/870 games``, rewritten in place on standard error."""

    def __init__(self, total: int, description: str) -> None:
        self.total, self.description, self.done = total, description, 0
        self._show()

    def update(self, games: int) -> None:
        self.done += games
        self._show()

    def _show(self) -> None:
        import sys

        sys.stderr.write(f"\r{self.description}: {self.done}/{self.total} games")
        sys.stderr.flush()

    def close(self) -> None:
        import sys

        sys.stderr.write("\n")
        sys.stderr.flush()


def _schedule(pairs: Sequence[tuple[int, int]], games_per_pair: int) -> list[tuple[int, int, int]]:
    """(game number, white index, black index): each pair's games one after the other, colours swapped."""
    out: list[tuple[int, int, int]] = []
    for first, second in pairs:
        for k in range(games_per_pair):
            white, black = (first, second) if k % 2 == 0 else (second, first)
            out.append((len(out) + 1, white, black))
    return out


def _play(names: Sequence[str], pairs: Sequence[tuple[int, int]], start: Position, seats: Any,
          games_per_pair: int, max_turns: int, seed: int | None, jobs: int, progress: bool,
          description: str, on_game: Callable[[LeagueGame], None] | None = None,
          skip: Collection[int] = ()) -> list[LeagueGame]:
    """Play the schedule's games (but those numbered in ``skip``: already played); return them in order."""
    schedule = [item for item in _schedule(pairs, games_per_pair) if item[0] not in skip]
    stop = threading.Event()
    bar = _Progress(progress, len(schedule), description)
    games: list[LeagueGame] = []

    def one(number: int, white: int, black: int) -> LeagueGame:
        return _referee(number, start, (names[white], names[black]), (white, black), seats, max_turns, seed, stop)

    def done(game: LeagueGame) -> None:
        games.append(game)
        bar.advance()
        if on_game is not None:
            on_game(game)

    try:
        if jobs == 1:
            for item in schedule:
                done(one(*item))
        else:
            with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="league") as pool:
                pending: set[Future[LeagueGame]] = set()
                queue = iter(schedule)
                try:
                    for item in queue:  # keep at most 2 jobs games queued: players are reused in order
                        pending.add(pool.submit(one, *item))
                        if len(pending) >= 2 * jobs:
                            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                            for future in finished:
                                done(future.result())
                    for future in pending:
                        done(future.result())
                except BaseException:
                    stop.set()
                    for future in pending:
                        future.cancel()
                    raise
    finally:
        stop.set()
        bar.close()
        seats.close()
    return sorted(games, key=lambda g: g.number)


def _looks_like_a_path(text: str) -> bool:
    return text.endswith(("/", os.sep, ".py")) or "/" in text or os.sep in text


def _as_contestants(players: Any) -> list[Contestant]:
    import types

    if isinstance(players, os.PathLike) or (isinstance(players, str) and os.path.isdir(players)):
        return contestants_from_folder(players)
    if isinstance(players, str) and _looks_like_a_path(players):
        if not os.path.exists(players):
            raise PlayersFolderError(f"the folder {_quoted(players)} does not exist")
        raise TypeError(f"players is a folder of .py files or a list of players, got the file "
                        f"{_quoted(players)}: put it in a list, with the other players")
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise TypeError("players is a folder of .py files or a list of players (Contestant, built-in names "
                        f"such as 'casual', functions, or .py paths), got {type(players).__name__}")
    # A dict names its players: {"you": choose_move, "the club": "club"}.
    named: list[tuple[str | None, Any]] = (list(players.items()) if isinstance(players, Mapping)
                                           else [(None, item) for item in players])
    out = []
    for name, item in named:
        if name is not None and not isinstance(name, str):
            raise TypeError(f"a league player's name is text, got {type(name).__name__}")
        if isinstance(item, Contestant):
            out.append(item if name is None else dataclasses.replace(item, name=name))
        elif isinstance(item, str):
            out.append(Contestant.builtin(item, name=name))
        elif isinstance(item, os.PathLike):
            out.append(Contestant.from_file(item, name=name))
        elif isinstance(item, types.FunctionType):
            out.append(Contestant.from_function(item, name=name))
        else:
            raise TypeError(f"a league player is a Contestant, a built-in name such as 'casual', a function "
                            f"choose_move(position) or a .py path; got {type(item).__name__} (a player object "
                            "cannot be sent to its own process: give its spec or a function)")
        if len(out) > MAX_PLAYERS:
            raise ValueError(f"a league has at most {MAX_PLAYERS} players")
    return out


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high:,}, got {value}")
    return value


def check_league_settings(games_per_pair: int, time_limit: float, memory_limit_mb: int | None,
                          max_turns: int, seed: int | None, jobs: int) -> float:
    """Check the numbers a league is run with (before any process starts); return the time limit."""
    import os

    _check_int("games_per_pair", games_per_pair, 1, MAX_GAMES_PER_PAIR)
    limit = check_time_limit(time_limit)
    if memory_limit_mb is not None:
        _check_int("memory_limit_mb", memory_limit_mb, 50, 1 << 20)
    _check_int("max_turns", max_turns, 1, MAX_RECORD_MOVES)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed is an integer or None, got {type(seed).__name__}")
    _check_int("jobs", jobs, 1, max(1, os.cpu_count() or 1) * 4)
    return limit


def run_league(players: Any, variant: str | Variant = "mosona", rules: str | Rules | None = None, *,
               games_per_pair: int = 2, time_limit: float = DEFAULT_TIME_LIMIT,
               memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB, max_turns: int = 1000,
               seed: int | None = 0, jobs: int = 1, progress: bool = True, title: str = "",
               save_to: Any = None, resume: bool = False, trusted: bool = False) -> LeagueResults:
    """Play every player against every other, colours swapped, each in a process of its own.

    Parameters
    ----------
    players : folder, or list
        A folder of ``.py`` files (each defines ``choose_move(position)``;
        see :func:`~awithlaknannai.league.sandbox.contestants_from_folder`),
        or a list of :class:`~awithlaknannai.league.sandbox.Contestant`,
        built-in names (``"casual"``, ``"alphabeta:3"``), functions (from
        notebook cells: see
        :meth:`~awithlaknannai.league.sandbox.Contestant.from_function`) and
        ``pathlib.Path`` objects of ``.py`` files. Names must differ. A
        dict gives each its name: ``{"you": choose_move, "club": "club"}``.
    variant : str or Variant
        Any named board (``"mosona"``, ``"zuni-4"``, ...).
    rules : str or Rules, optional
        Any rules (default: the variant's).
    games_per_pair : int
        Games each pair plays, the colours swapped each time (2: one with
        each colour).
    time_limit : float
        Seconds a player may think about one move; a slower move loses the game.
    memory_limit_mb : int or None
        How many megabytes each player's process may grow by (Linux);
        ``None``: no cap.
    max_turns : int
        A game still running after this many turns is stopped as a draw.
    seed : int or None
        Seeds each game: built-in players and Python's ``random`` in each
        player's process are reseeded before every game, so a league of
        players that do not look at the clock repeats exactly.
    jobs : int
        Games played at the same time (each uses about one processor core:
        its two players take turns); 1 keeps the machine free for other work.
    progress : bool
        Show a progress bar (tqdm; skipped when it is not installed).
    title : str
        The league's name (at most 200 characters), shown on the results sheet.
    save_to : str or path, optional
        A ``.json`` file for the results (see :meth:`LeagueResults.save`),
        in a folder that exists. While the league runs, each game is added
        to a journal beside it (``results.json.journal``) as soon as it
        ends, and is on the disk before the next one starts. At the end, and
        when the league is interrupted (an error, Ctrl-C), the whole results
        file is written in one step and the journal removed. If the computer
        or the kernel stops first, the journal keeps every game that ended:
        run the league again with ``resume=True``.
    resume : bool
        With ``save_to``: continue the league saved there (in the results
        file, its journal, or both), playing only the games not yet in them.
        The saved league must have the same players in the same order (names
        and code fingerprints), board, rules, title and settings
        (``games_per_pair``, ``time_limit``, ``memory_limit_mb``,
        ``max_turns``, ``seed``); otherwise a ``ValueError`` says what
        differs. Nothing saved yet: the league starts from its first game.
        A resumed league's games are the ones an uninterrupted league
        plays with that seed, when the players do not look at the clock.
    trusted : bool
        Needed only where this machine cannot confine players' code (see
        Notes): ``True`` runs player files all the same, after one line that
        says which protections do not hold.

    Returns
    -------
    LeagueResults
        Every game of the league (with ``resume=True``, the saved ones too).

    Raises
    ------
    TypeError, ValueError
        For a bad argument (``save_to`` included: not a ``.json`` file name,
        a folder, in a folder that does not exist or cannot be written),
        fewer than 2 players, two players with one name, a folder of players
        that does not exist
        (:class:`~awithlaknannai.league.sandbox.PlayersFolderError`), a
        saved league that differs, or an unfinished league's journal at
        ``save_to`` without ``resume=True``: all before the first game. A
        player's own failures never raise: they lose games.

    Notes
    -----
    On Linux with Landlock (kernel 5.13 or newer) and seccomp, each player
    file's process confines itself before its code runs (see
    :mod:`awithlaknannai.league.confine`): it reads only Python and this
    package, writes only a scratch folder of its own, and can neither use
    the network, nor start programs or processes, nor signal the league,
    the other players or any other program. Before the first game the league
    prints one line saying so. Where some of that is missing (macOS,
    Windows, an older kernel, a container that forbids it), a league of
    player files raises :class:`~awithlaknannai.league.sandbox.NotConfinedError`
    unless ``trusted=True``, and then prints which protections do not hold.
    Built-in players and functions from the notebook itself need no word.
    Where there are no processes at all (a JupyterLite site), players run one
    at a time in the page's own Python, and the league says so.

    Examples
    --------
    >>> import os, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> os.environ[CONFIG_ENV] = str(folder / "config")   # a scratch key, for this example only
    >>> results = run_league(["beginner", "casual", "club"], "zuni-3", seed=1, progress=False,
    ...                      save_to=folder / "results.json")
    >>> len(LeagueResults.load(folder / "results.json").games)
    6
    >>> again = run_league(["beginner", "casual", "club"], "zuni-3", seed=1, progress=False,
    ...                    save_to=folder / "results.json", resume=True)   # nothing left to play
    >>> again.to_record() == results.to_record()
    True
    >>> run_league(["beginner", "casual"], save_to=folder / "results.txt")
    Traceback (most recent call last):
    ...
    ValueError: save_to '...results.txt' must end in .json
    >>> del os.environ[CONFIG_ENV]
    """
    variant_checked = check_league_variant(variant, rules)
    limit = check_league_settings(games_per_pair, time_limit, memory_limit_mb, max_turns, seed, jobs)
    if not isinstance(title, str):
        raise TypeError(f"title is a str (the league's name), got {type(title).__name__}")
    if len(title) > 200:
        raise ValueError(f"title is a text of at most 200 characters, got {len(title):,}")
    if printable_text(title) != title:
        raise ValueError("title holds control characters or lone surrogates, which a results file "
                         "cannot keep")
    if not isinstance(progress, bool):
        raise TypeError(f"progress is True or False, got {type(progress).__name__}")
    if not isinstance(resume, bool):
        raise TypeError(f"resume is True or False, got {type(resume).__name__}")
    path = None if save_to is None else _check_save_to(save_to)
    if resume and path is None:
        raise ValueError("resume=True continues the league saved at save_to: give save_to too")
    contestants = _as_contestants(players)
    names = [c.name for c in contestants]
    if len(contestants) < 2:
        raise ValueError(f"a league needs at least 2 players, got {len(contestants)}")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"two players are called {duplicates[0]!r}: give each player its own name")
    start = Position.start(variant_checked)
    settings = _settings(games_per_pair, limit, memory_limit_mb, max_turns, seed)
    entries = [LeaguePlayer(c.name, c.origin, c.fingerprint) for c in contestants]
    header = LeagueResults(variant_checked, entries, [], settings, title)._header()
    confinement, line = confinement_plan(contestants, trusted)
    done: dict[int, LeagueGame] = {}
    journal = None
    if path is not None:
        done, kept = _saved_games(path, header, resume)
    pairs = [(i, j) for i in range(len(contestants)) for j in range(i + 1, len(contestants))]
    if line:
        print(line)
    seats: Any
    if processes_available():
        seats = _ProcessSeats(contestants, variant_checked, limit, memory_limit_mb, keep=2 * jobs,
                              confinement=confinement)
    else:  # a JupyterLite site: the browser tab is the boundary
        seats, jobs = _InProcessSeats(contestants, limit), 1
    if path is not None:
        journal = _Journal(_journal_path(path), header, _league_key(create=True), kept)
    played: list[LeagueGame] = []

    def keep(game: LeagueGame) -> None:
        played.append(game)
        if journal is not None:
            journal.add(game)

    finished = False
    try:
        _play(names, pairs, start, seats, games_per_pair, max_turns, seed, jobs, progress, title or "league",
              keep, skip=set(done))
        finished = True
    finally:
        if journal is not None and path is not None:
            journal.close()
            so_far = LeagueResults(variant_checked, entries, [*done.values(), *played], settings, title)
            try:
                write_text_file(path, so_far._signed_json(), "the league results", durable=True)
            except BaseException:
                if finished:
                    raise
                # Interrupted, and the results file could not be written either: the journal keeps every game,
                # and the reason the league stopped is the error to show.
            else:
                journal.remove()
    return LeagueResults(variant_checked, entries, [*done.values(), *played], settings, title)


# --- saving as the league goes, and resuming ----------------------------------------------------


def _check_save_to(save_to: Any) -> Path:
    """``save_to`` checked before the first game: a ``.json`` file name in a folder that can be written."""
    if not isinstance(save_to, (str, os.PathLike)):
        raise TypeError(f"save_to is the path of a .json file (a str or pathlib.Path), "
                        f"got {type(save_to).__name__}")
    name = os.fspath(save_to)
    if not isinstance(name, str):
        raise TypeError(f"save_to is a path as text (str or pathlib.Path), got {type(name).__name__}")
    quoted = _quoted(name)
    if not name.strip() or "\0" in name:
        raise ValueError(f"save_to {quoted} is not a file name")
    path = Path(name)
    if path.is_dir():
        raise ValueError(f"save_to {quoted} is a folder: give a file name such as results.json")
    if path.suffix.lower() != ".json":
        raise ValueError(f"save_to {quoted} must end in .json")
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"cannot save the league to {quoted}: the folder {_quoted(folder)} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"cannot save the league to {quoted}: the folder {_quoted(folder)} "
                         "cannot be written")
    if target.exists() and not target.is_file():
        raise ValueError(f"save_to {quoted} is not a regular file")
    if _journal_path(path).is_dir():
        raise ValueError(f"cannot save the league to {quoted}: {_quoted(_journal_path(path))} is a folder")
    return path


def _journal_path(path: Path) -> Path:
    return Path(os.fspath(path) + JOURNAL_SUFFIX)


_JOURNAL_FORMAT = "awithlaknannai-league-journal"


class _Journal:
    """The games of a running league, one signed JSON line each, each on the disk before the next game.

    The first line is the league (:meth:`LeagueResults._header`); each further line is one game as the
    results file holds it. Each line carries an HMAC with the league key, so a changed line is noticed.
    """

    def __init__(self, path: Path, header: dict[str, Any], key: bytes, keep: int | None) -> None:
        self.path = path
        self.key = key
        self.league = hashlib.sha256(_canonical(header)).digest()
        if keep is None:  # a new journal
            self.file = open(path, "wb")  # noqa: SIM115 - kept open while the league runs
            self.file.write(_canonical({"journal": _JOURNAL_FORMAT, "league": header,
                                        "mac": _mac(key, b"journal league", _canonical(header))}) + b"\n")
        else:  # resumed: keep its complete lines, drop a line cut short where the machine stopped
            self.file = open(path, "r+b")  # noqa: SIM115
            self.file.truncate(keep)
            self.file.seek(keep)
        self.file.flush()
        os.fsync(self.file.fileno())
        sync_folder(path.parent)

    def add(self, game: LeagueGame) -> None:
        entry = _game_entry(game)
        data = _canonical(entry)
        self.file.write(b'{"game":' + data + b',"mac":"' + _mac(self.key, b"journal game", self.league + data)
                        .encode("ascii") + b'"}\n')
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()

    def remove(self) -> None:
        self.file.close()
        self.path.unlink()
        sync_folder(self.path.parent)


def _read_journal(path: Path, key: bytes) -> tuple[dict[str, Any] | None, list[dict[str, Any]], int]:
    """(the league, its games' entries, how many bytes hold complete lines) of a journal.

    A last line that is cut short or unreadable (the machine stopped while it was written) is left out;
    an unreadable line before the last is an error. ``None`` for the league: not even its first line was
    written.
    """
    data = read_file_bytes(path, MAX_LEAGUE_BYTES, "the league's journal", "a journal")
    lines = data.split(b"\n")[:-1]  # the piece after the last line end is cut short: left out
    header: dict[str, Any] | None = None
    league = b""
    games: list[dict[str, Any]] = []
    kept = 0
    for k, line in enumerate(lines):
        item = _journal_line(line, key, None if header is None else league)
        if item is None:
            if k == len(lines) - 1:
                break
            raise ValueError(f"the journal {_quoted(path)} is damaged or was changed at line {k + 1}: "
                             "it cannot be resumed")
        if header is None:
            header, league = item, hashlib.sha256(_canonical(item)).digest()
        else:
            games.append(item)
        kept += len(line) + 1
    return header, games, kept


def _journal_line(line: bytes, key: bytes, league: bytes | None) -> dict[str, Any] | None:
    """The league (first line) or a game's entry, if the line reads and its MAC is right; else None."""
    try:
        _check_json_shape(line.decode("ascii"), "a journal line")
        item = json.loads(line)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(item, dict) or not _is_hex(item.get("mac"), 64):
        return None
    if league is None:  # the first line: the league
        header = item.get("league")
        if item.get("journal") != _JOURNAL_FORMAT or not isinstance(header, dict):
            return None
        expected = _mac(key, b"journal league", _canonical(header))
        return header if hmac.compare_digest(item["mac"], expected) else None
    game = item.get("game")
    if not isinstance(game, dict):
        return None
    expected = _mac(key, b"journal game", league + _canonical(game))
    return game if hmac.compare_digest(item["mac"], expected) else None


def _saved_games(path: Path, header: dict[str, Any],
                 resume: bool) -> tuple[dict[int, LeagueGame], int | None]:
    """The games already played (from the results file and its journal) and the journal's bytes to keep."""
    journal = _journal_path(path)
    if not resume:
        if journal.exists():
            raise ValueError(f"{_quoted(journal)} holds the games of an unfinished league: resume=True "
                             "continues it (or delete that file to start again)")
        return {}, None
    done: dict[int, LeagueGame] = {}
    if path.exists():
        try:
            saved = LeagueResults.load(path)
        except NotationError as error:  # the signature included: a file changed since cannot be continued
            raise type(error)(f"cannot resume the league saved in {_quoted(path)}: {error}") from None
        _check_same_league(saved._header(), header, path)
        done = {g.number: g for g in saved.games}
    if not journal.exists():
        return done, None
    league, entries, kept = _read_journal(journal, _league_key(create=True))  # type: ignore[arg-type]
    if league is None:
        return done, None  # the league stopped before its journal's first line was written: start it again
    _check_same_league(league, header, journal)
    try:
        logged = _results_from_record({**league, "games": entries})
    except NotationError as error:
        raise ValueError(f"the journal {_quoted(journal)} cannot be resumed: {error}") from None
    for game in logged.games:
        if game.number in done and _game_entry(done[game.number]) != _game_entry(game):
            raise ValueError(f"cannot resume: game {game.number} differs between {_quoted(path)} "
                             "and its journal")
        done[game.number] = game
    return done, kept


def _check_same_league(saved: dict[str, Any], now: dict[str, Any], where: Path) -> None:
    """Raise ValueError, saying what differs, unless the saved league is the one being run."""
    difference = _league_difference(saved, now)
    if difference:
        raise ValueError(f"cannot resume the league saved in {_quoted(where)}: {difference}")


def _league_difference(saved: dict[str, Any], now: dict[str, Any]) -> str | None:
    for key, what in (("variant", "board"), ("rules", "rules"), ("first", "first colour to move"),
                      ("bottom", "colour at the bottom")):
        if saved.get(key) != now[key]:
            return f"its {what} was {shown(saved.get(key))}, now {shown(now[key])}"
    before = [(p.get("name"), p.get("fingerprint")) for p in saved.get("players", []) if isinstance(p, dict)]
    after = [(p["name"], p["fingerprint"]) for p in now["players"]]
    if before != after:
        old, new = [n for n, _ in before], [n for n, _ in after]
        gone = [n for n in old if n not in new]
        added = [n for n in new if n not in old]
        if gone or added:
            parts = ([f"players gone: {', '.join(map(str, gone[:5]))}"] if gone else []) + \
                    ([f"players added: {', '.join(added[:5])}"] if added else [])
            return "; ".join(parts)
        if old != new:
            return "the same players, in another order (the schedule follows their order)"
        changed = [n for (n, a), (_, b) in zip(before, after) if a != b]
        return f"the code of {', '.join(map(str, changed[:5]))} changed since (its fingerprint differs)"
    old_settings, new_settings = saved.get("settings", {}), now["settings"]
    for key in sorted(set(old_settings) | set(new_settings)):
        if old_settings.get(key) != new_settings.get(key):
            return f"{key} was {shown(old_settings.get(key))}, now {shown(new_settings.get(key))}"
    if saved.get("title") != now["title"]:
        return f"its title was {shown(saved.get('title'))}, now {shown(now['title'])}"
    return None
