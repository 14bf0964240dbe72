"""The results of a class league (its games and standings are :mod:`.games`): saved, signed and read back.

:class:`LeagueResults` is what :func:`~awithlaknannai.league.tournament.run_league` returns and
:meth:`LeagueResults.load` reads back from a signed JSON file.
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import NotationError
from ..files import read_file_bytes, write_text_file
from ..game import Game
from ..i18n import gettext as _
from ..i18n import ngettext
from ..game import game_from_record
from ..notation import (
    MAX_RECORD_MOVES,
    _load_json,
    _shown,
    check_format,
)
from ..players.match import STOPPED
from ..position import Position
from ..variants import Variant
from .contestants import _check_name
from .games import (
    _READABLE_VERSIONS,
    FORFEIT,
    LEAGUE_FORMAT,
    LEAGUE_VERSION,
    MAX_GAMES_PER_PAIR,
    MAX_LEAGUE_BYTES,
    MAX_LEAGUE_GAMES,
    MAX_PLAYERS,
    Forfeit,
    LeagueGame,
    StandingRow,
    Standings,
    printable_text,
)
from .player_side import check_league_variant
from .ratings import elo_ratings
from .sandbox import FORFEIT_KINDS
from .signing import _league_key, _signature, _verify

__all__ = ["LeaguePlayer", "LeagueResults"]


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


def _settings(
    games_per_pair: int, time_limit: float, memory_limit_mb: int | None, max_turns: int, seed: int | None
) -> dict[str, Any]:
    return {
        "games_per_pair": games_per_pair,
        "time_limit": time_limit,
        "memory_limit_mb": memory_limit_mb,
        "max_turns": max_turns,
        "seed": seed,
    }


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

    def __init__(
        self,
        variant: Variant,
        players: Sequence[LeaguePlayer],
        games: Sequence[LeagueGame],
        settings: dict[str, Any],
        title: str = "",
    ) -> None:
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
            rows.append(
                StandingRow(
                    0,
                    name,
                    len(games),
                    wins,
                    draws,
                    len(games) - wins - draws,
                    points[name],
                    ratings[name],
                    forfeits,
                    seconds,
                    head,
                    berger,
                )
            )

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
            ranked.extend(
                dataclasses.replace(row, rank=first + 1, place=place) for row in rows[first : last + 1]
            )
            first = last + 1
        return Standings(ranked, self.heading())

    def heading(self) -> str:
        """``title: board, rules, players, games`` in one line, in the session's language.

        >>> from awithlaknannai.i18n import use_language
        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False, title="Ours")
        >>> with use_language("fr"):
        ...     results.heading()
        'Ours : zuni-3, règles standard, 2 joueurs, 2 parties'
        """
        return ngettext(
            "{title}: {variant}, {rules} rules, {players} players, {count} game",
            "{title}: {variant}, {rules} rules, {players} players, {count} games",
            len(self.games),
        ).format(
            title=self.title,
            variant=self.variant.name,
            rules=self.variant.rules.to_text(),
            players=len(self.players),
            count=len(self.games),
        )

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
            lines.append(_("Games lost by forfeit:"))
            lines.extend(
                "  " + _("game {number}: {forfeit}").format(number=g.number, forfeit=f.describe())
                for g in forfeited
                for f in g.forfeits
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        # A programmer's view, in English whatever the session's language.
        return (
            f"<LeagueResults {self.title}: {self.variant.name}, {self.variant.rules.to_text()} rules, "
            f"{len(self.players)} players, {len(self.games)} games>"
        )

    def _repr_html_(self) -> str:
        parts = [self.standings()._repr_html_()]
        forfeited = [(g, f) for g in self.games for f in g.forfeits]
        if forfeited:
            items = "".join(
                "<li>"
                + html.escape(_("game {number}: {forfeit}").format(number=g.number, forfeit=f.describe()))
                + "</li>"
                for g, f in forfeited[:50]
            )
            more = (
                "<p>" + html.escape(_("... and {count} more.").format(count=len(forfeited) - 50)) + "</p>"
                if len(forfeited) > 50
                else ""
            )
            title = html.escape(_("Games lost by forfeit:"))
            parts.append(f"<p>{title}</p><ul>{items}</ul>{more}")
        return "<div class='awithlaknannai-league'>" + "".join(parts) + "</div>"

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
            "players": [
                {"name": p.name, "origin": p.origin, "fingerprint": p.fingerprint} for p in self.players
            ],
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
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> from awithlaknannai.league import run_league
        >>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
        >>> results.save(folder / "results.json")
        >>> LeagueResults.load(folder / "results.json").to_record() == results.to_record()
        True
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"LeagueResults.save takes a file path, got {type(path).__name__}")
        write_text_file(path, self._signed_json(), "the league results", durable=True)

    def _signed_json(self) -> str:
        record = self.to_record()
        record["signature"] = _signature(record, _league_key(create=True))
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
                raise NotationError(
                    f"league results are {len(text):,} bytes, more than the {MAX_LEAGUE_BYTES:,} allowed"
                )
            try:
                text = bytes(text).decode("utf-8").removeprefix("\ufeff")
            except UnicodeDecodeError as error:
                raise NotationError(f"league results are not UTF-8 text (offset {error.start})") from None
        elif not isinstance(text, str):
            raise TypeError(f"from_json takes JSON text (str or UTF-8 bytes), got {type(text).__name__}")
        if len(text) > MAX_LEAGUE_BYTES:
            raise NotationError(
                f"league results are {len(text):,} characters, more than the {MAX_LEAGUE_BYTES:,} allowed"
            )
        record = _load_json(text, "league results", "are")
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
        "number": g.number,
        "white": g.white,
        "black": g.black,
        "result": g.result,
        "reason": g.reason,
        "forfeits": [
            {"player": f.player, "color": f.color, "kind": f.kind, "why": f.why} for f in g.forfeits
        ],
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
    check_format(record, LEAGUE_FORMAT, _READABLE_VERSIONS, "league results are", "league results field")
    title = _field(record, "title", str)
    for name in ("variant", "rules", "first", "bottom"):
        _field(record, name, str)
    try:
        variant = check_league_variant(record["variant"], record["rules"])
        from ..variants import get_variant

        variant = get_variant(
            record["variant"], variant.rules, first=record["first"], bottom=record["bottom"]
        )
    except ValueError as error:
        raise NotationError(f"league results field 'variant': {error}") from None
    settings = _field(record, "settings", dict)
    known = {"games_per_pair", "time_limit", "memory_limit_mb", "max_turns", "seed"}
    if set(settings) - known:
        raise NotationError(
            f"league results field 'settings' has unknown keys: "
            f"{', '.join(map(_shown, sorted(set(settings) - known)))}"
        )
    for key, value in settings.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise NotationError(
                f"league results field 'settings'[{key!r}]: expected a number, got {_shown(value)}"
            )
    per_pair = settings.get("games_per_pair")
    if type(per_pair) is not int or not 1 <= per_pair <= MAX_GAMES_PER_PAIR:
        raise NotationError(
            f"league results field 'settings'['games_per_pair']: expected a whole number "
            f"from 1 to {MAX_GAMES_PER_PAIR}, got {_shown(per_pair)}"
        )
    players_field = _field(record, "players", list)
    if len(players_field) > MAX_PLAYERS:
        raise NotationError(
            f"league results field 'players': {len(players_field)} players, more than {MAX_PLAYERS}"
        )
    players = []
    for i, item in enumerate(players_field):
        if not isinstance(item, dict):
            raise NotationError(
                f"league results field 'players'[{i}]: expected an object, got {_shown(item)}"
            )
        try:
            name = _check_name(_field(item, "name", str, f"'players'[{i}]."))
        except (TypeError, ValueError) as error:
            raise NotationError(f"league results field 'players'[{i}].'name': {error}") from None
        players.append(
            LeaguePlayer(
                name,
                _field(item, "origin", str, f"'players'[{i}]."),
                _field(item, "fingerprint", str, f"'players'[{i}]."),
            )
        )
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
            raise NotationError(
                f"league results: game {game.number}: {count} turns, but the league stops a "
                f"game as a draw after {turns}"
            )
        games.append(game)
    return LeagueResults(variant, players, games, settings, title)


def _check_scheduled(
    number: int,
    white: str,
    black: str,
    names: list[str],
    schedule: list[tuple[int, int, int]],
    per_pair: int,
    seen: set[int],
) -> None:
    """The game's number, colours and pair are the league's schedule's, and no number comes twice.

    The schedule has each pair's ``per_pair`` games numbered one after the other, colours swapped each
    time, so this also bounds the games of each pair and fixes who has White in each.
    """
    where = f"league results: game {number}"
    if not 1 <= number <= len(schedule):
        raise NotationError(
            f"{where}: a league of {len(names)} players with {per_pair} games a pair has "
            f"games 1 to {len(schedule):,}"
        )
    if number in seen:
        raise NotationError(f"{where} is there twice")
    seen.add(number)
    _, first, second = schedule[number - 1]
    if (white, black) != (names[first], names[second]):
        what = (
            "has the colours swapped"
            if {white, black} == {names[first], names[second]}
            else "is not between the right players"
        )
        raise NotationError(
            f"{where}: {white} (White) against {black} (Black) {what}: the league's "
            f"schedule has {names[first]} (White) against {names[second]} (Black)"
        )


def _game_from_record(
    i: int,
    item: Any,
    names: list[str],
    variant: Variant,
    start: Position,
    scheduled: Callable[[int, str, str], None] | None = None,
) -> LeagueGame:
    where = f"'games'[{i}]."
    if not isinstance(item, dict):
        raise NotationError(f"league results field 'games'[{i}]: expected an object, got {_shown(item)}")
    number = _field(item, "number", int, where)
    white, black = _field(item, "white", str, where), _field(item, "black", str, where)
    if white not in names or black not in names or white == black:
        raise NotationError(
            f"league results field {where}'white'/'black': {_shown(white)} and {_shown(black)} "
            "must be two different players of the league"
        )
    if scheduled is not None:
        scheduled(number, white, black)
    result = _field(item, "result", str, where)
    if result not in ("white", "black", "draw", "none"):
        raise NotationError(
            f"league results field {where}'result': expected white, black, draw or none, got {_shown(result)}"
        )
    reason = _field(item, "reason", str, where)
    seconds = _field(item, "seconds", list, where)
    if len(seconds) != 2 or not all(
        isinstance(s, (int, float)) and not isinstance(s, bool) and s >= 0 for s in seconds
    ):
        raise NotationError(f"league results field {where}'seconds': expected two numbers of seconds")
    forfeits: list[Forfeit] = []
    forfeits_field = _field(item, "forfeits", list, where)
    if len(forfeits_field) > 2:
        raise NotationError(
            f"league results: game {number}: {len(forfeits_field)} forfeits, but a game has two players"
        )
    for k, entry in enumerate(forfeits_field):
        if not isinstance(entry, dict):
            raise NotationError(f"league results field {where}'forfeits'[{k}]: expected an object")
        inner = f"{where}'forfeits'[{k}]."
        forfeit = Forfeit(
            _field(entry, "player", str, inner),
            _field(entry, "color", str, inner),
            _field(entry, "kind", str, inner),
            _field(entry, "why", str, inner),
        )
        if (forfeit.color, forfeit.player) not in (
            ("white", white),
            ("black", black),
        ) or forfeit.kind not in FORFEIT_KINDS:
            raise NotationError(
                f"league results field {inner[:-1]}: {_shown(forfeit.player)} as "
                f"{_shown(forfeit.color)} with kind {_shown(forfeit.kind)} does not fit this game"
            )
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
        raise NotationError(
            f"league results field {where}'record': the game is not from the league's start "
            f"({variant.name}, {variant.rules.to_text()} rules)"
        )
    if len(forfeits) == 2 and game.moves:
        raise NotationError(
            f"league results: game {number}: both players forfeited, which happens only "
            f"before the first move, but it has {len(game.moves)} moves"
        )
    if len(forfeits) == 1 and game.moves and game.position.turn.value != forfeits[0].color:
        loser = forfeits[0]
        raise NotationError(
            f"league results: game {number}: {loser.player} ({loser.color}) lost by forfeit, "
            f"but it was {game.position.turn.value}'s turn after the last move"
        )
    outcome = game.outcome()
    if forfeits:
        consistent = reason == FORFEIT and result == _forfeit_result(forfeits) and outcome is None
    elif reason == STOPPED:
        consistent = result == "draw" and outcome is None
    else:
        consistent = outcome is not None and outcome.result == result and outcome.reason.value == reason
    if not consistent:
        raise NotationError(
            f"league results field {where}'result': {_shown(result)} ({_shown(reason)}) does not "
            "agree with the game's moves and forfeits"
        )
    league_game = LeagueGame(
        number,
        white,
        black,
        result,
        reason,
        tuple(game.move_text(k) for k in range(len(game.moves))),
        start,
        tuple(forfeits),
        (float(seconds[0]), float(seconds[1])),
    )
    tags = game_record.get("tags")
    if tags != league_game.tags():
        expected = league_game.tags()
        wrong = sorted(
            k
            for k in set(expected) | set(tags if isinstance(tags, dict) else {})
            if not isinstance(tags, dict) or tags.get(k) != expected.get(k)
        )
        raise NotationError(
            f"league results: game {number}: its record's tags ({', '.join(wrong[:4])}) "
            "disagree with the game's number, players, result or forfeits"
        )
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
