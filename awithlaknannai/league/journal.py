"""A league saved as it goes: each finished game appended to a signed journal, read back to resume."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import NotationError, shown
from ..files import _path_text, read_file_bytes, sync_folder
from ..notation import (
    _check_json_shape,
)
from .games import JOURNAL_SUFFIX, MAX_LEAGUE_BYTES, LeagueGame
from .results import LeagueResults, _game_entry, _results_from_record
from .signing import _canonical, _is_hex, _league_key, _mac, _quoted

__all__: list[str] = []  # read and written by run_league

# --- saving as the league goes, and resuming ----------------------------------------------------


def _check_save_to(save_to: Any) -> Path:
    """``save_to`` checked before the first game: a ``.json`` file name in a folder that can be written."""
    name = _path_text(
        save_to,
        "save_to is the path of a .json file (a str or pathlib.Path)",
        "save_to is a path as text (str or pathlib.Path)",
    )
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
        raise ValueError(
            f"cannot save the league to {quoted}: the folder {_quoted(folder)} cannot be written"
        )
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
        self.file: BinaryIO  # written new ("wb") or resumed ("r+b")
        if keep is None:  # a new journal
            self.file = open(path, "wb")  # noqa: SIM115 - kept open while the league runs
            self.file.write(
                _canonical(
                    {
                        "journal": _JOURNAL_FORMAT,
                        "league": header,
                        "mac": _mac(key, b"journal league", _canonical(header)),
                    }
                )
                + b"\n"
            )
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
        self.file.write(
            b'{"game":'
            + data
            + b',"mac":"'
            + _mac(self.key, b"journal game", self.league + data).encode("ascii")
            + b'"}\n'
        )
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
            raise ValueError(
                f"the journal {_quoted(path)} is damaged or was changed at line {k + 1}: it cannot be resumed"
            )
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


def _saved_games(
    path: Path, header: dict[str, Any], resume: bool
) -> tuple[dict[int, LeagueGame], int | None]:
    """The games already played (from the results file and its journal) and the journal's bytes to keep."""
    journal = _journal_path(path)
    if not resume:
        if journal.exists():
            raise ValueError(
                f"{_quoted(journal)} holds the games of an unfinished league: resume=True "
                "continues it (or delete that file to start again)"
            )
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
    league, entries, kept = _read_journal(journal, _league_key(create=True))
    if league is None:
        return done, None  # the league stopped before its journal's first line was written: start it again
    _check_same_league(league, header, journal)
    try:
        logged = _results_from_record({**league, "games": entries})
    except NotationError as error:
        raise ValueError(f"the journal {_quoted(journal)} cannot be resumed: {error}") from None
    for game in logged.games:
        if game.number in done and _game_entry(done[game.number]) != _game_entry(game):
            raise ValueError(
                f"cannot resume: game {game.number} differs between {_quoted(path)} and its journal"
            )
        done[game.number] = game
    return done, kept


def _check_same_league(saved: dict[str, Any], now: dict[str, Any], where: Path) -> None:
    """Raise ValueError, saying what differs, unless the saved league is the one being run."""
    difference = _league_difference(saved, now)
    if difference:
        raise ValueError(f"cannot resume the league saved in {_quoted(where)}: {difference}")


def _league_difference(saved: dict[str, Any], now: dict[str, Any]) -> str | None:
    for key, what in (
        ("variant", "board"),
        ("rules", "rules"),
        ("first", "first colour to move"),
        ("bottom", "colour at the bottom"),
    ):
        if saved.get(key) != now[key]:
            return f"its {what} was {shown(saved.get(key))}, now {shown(now[key])}"
    before = [(p.get("name"), p.get("fingerprint")) for p in saved.get("players", []) if isinstance(p, dict)]
    after = [(p["name"], p["fingerprint"]) for p in now["players"]]
    if before != after:
        old, new = [n for n, _ in before], [n for n, _ in after]
        gone = [n for n in old if n not in new]
        added = [n for n in new if n not in old]
        if gone or added:
            parts = ([f"players gone: {', '.join(map(str, gone[:5]))}"] if gone else []) + (
                [f"players added: {', '.join(added[:5])}"] if added else []
            )
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
