"""A class league: every player against every other, colours swapped, with standings and ratings.

:func:`run_league` plays a round robin between :class:`~awithlaknannai.league.contestants.Contestant`
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
continues with ``resume=True``. ``awithlaknannai.render.league_sheet(results)`` is a
printable results sheet (SVG).

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
import functools
import os
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from ..i18n import gettext as _
from ..i18n import ngettext
from ..files import write_text_file
from ..game import Game
from ..notation import (
    MAX_RECORD_MOVES,
)
from ..players.match import STOPPED, _game_seed
from ..position import Position
from ..rules import Rules
from ..variants import Color, Variant
from .contestants import Contestant, PlayersFolderError, contestants_from_folder
from .journal import _check_save_to, _Journal, _journal_path, _saved_games
from .player_side import MAX_PRINTED_CHARS, PlayerFailure, check_league_variant
from .games import FORFEIT, MAX_GAMES_PER_PAIR, MAX_PLAYERS, Forfeit, LeagueGame, printable_text
from .failure_texts import CHOSE_ILLEGAL
from .results import LeaguePlayer, LeagueResults, _forfeit_result, _schedule, _settings
from .sandbox import (
    DEFAULT_MEMORY_LIMIT_MB,
    DEFAULT_TIME_LIMIT,
    LOAD_TIME_LIMIT,
    InProcessPlayer,
    PlayerProcess,
    check_time_limit,
    confinement_plan,
    processes_available,
    wake_forkserver,
)
from .signing import _league_key, _quoted

__all__ = ["check_league_settings", "run_league"]

# --- playing ----------------------------------------------------------------------------


class _Stopped(Exception):
    """The league was interrupted: games in progress stop at the next move."""


class _ProcessSeats:
    """Player processes, kept between games and reused: at most ``keep`` idle ones stay alive."""

    def __init__(
        self,
        contestants: Sequence[Contestant],
        variant: Variant,
        time_limit: float,
        memory_limit_mb: int | None,
        keep: int,
        load_time_limit: float = LOAD_TIME_LIMIT,
        confinement: dict[str, Any] | None = None,
    ) -> None:
        self.contestants = contestants
        self.keep = keep
        # The league's settings are PlayerProcess's: the seats only hand them on, and add the
        # confinement for the players whose code came from files or text (see acquire).
        self._new_process = functools.partial(
            PlayerProcess,
            variant=variant,
            time_limit=time_limit,
            memory_limit_mb=memory_limit_mb,
            load_time_limit=load_time_limit,
        )
        self.confinement = confinement
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
        process = self._new_process(
            contestant, confinement=None if contestant.code is None else self.confinement
        )
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
        for _seat, process in idle:
            self._retire(process)


class _InProcessSeats:
    """Players run in the calling process (test_player without a sandbox; a league where there are no
    processes, as in a JupyterLite site)."""

    def __init__(
        self, players: Sequence[InProcessPlayer | Contestant], time_limit: float = DEFAULT_TIME_LIMIT
    ) -> None:
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


def _referee(
    number: int,
    start: Position,
    names: tuple[str, str],
    indices: tuple[int, int],
    seats: Any,
    max_turns: int,
    seed: int | None,
    stop: threading.Event,
) -> LeagueGame:
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
                forfeits.append(
                    Forfeit(names[side], color.value, "illegal", CHOSE_ILLEGAL.message.format(error=error))
                )
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
    return LeagueGame(
        number,
        names[0],
        names[1],
        result,
        reason,
        moves,
        start,
        tuple(forfeits),
        (round(seconds[Color.WHITE], 4), round(seconds[Color.BLACK], 4)),
    )


class _Progress:
    """A tqdm bar if asked for and installed; else a line of text on a terminal; else nothing."""

    def __init__(self, show: bool, total: int, description: str) -> None:
        self.bar: Any = None
        if show:
            try:
                from tqdm.auto import tqdm
            except ImportError:  # tqdm is optional (the "plots" extra)
                import sys

                if sys.stderr is not None and sys.stderr.isatty():
                    self.bar = _TextBar(total, description)
                return
            # The unit reads "12/870 [00:05, 2.1 game/s]": one game, in the session's language.
            self.bar = tqdm(total=total, desc=description, unit=_("game"), leave=False)

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

        shown = ngettext(
            "{description}: {done}/{count} game", "{description}: {done}/{count} games", self.total
        )
        sys.stderr.write("\r" + shown.format(description=self.description, done=self.done, count=self.total))
        sys.stderr.flush()

    def close(self) -> None:
        import sys

        sys.stderr.write("\n")
        sys.stderr.flush()


def _play(
    names: Sequence[str],
    pairs: Sequence[tuple[int, int]],
    start: Position,
    seats: Any,
    games_per_pair: int,
    max_turns: int,
    seed: int | None,
    jobs: int,
    progress: bool,
    description: str,
    on_game: Callable[[LeagueGame], None] | None = None,
    skip: Collection[int] = (),
) -> list[LeagueGame]:
    """Play the schedule's games (but those numbered in ``skip``: already played); return them in order."""
    schedule = [item for item in _schedule(pairs, games_per_pair) if item[0] not in skip]
    stop = threading.Event()
    bar = _Progress(progress, len(schedule), description)
    games: list[LeagueGame] = []

    def one(number: int, white: int, black: int) -> LeagueGame:
        return _referee(
            number, start, (names[white], names[black]), (white, black), seats, max_turns, seed, stop
        )

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
        raise TypeError(
            f"players is a folder of .py files or a list of players, got the file "
            f"{_quoted(players)}: put it in a list, with the other players"
        )
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise TypeError(
            "players is a folder of .py files or a list of players (Contestant, built-in names "
            f"such as 'casual', functions, or .py paths), got {type(players).__name__}"
        )
    # A dict names its players: {"you": choose_move, "the club": "club"}.
    named: list[tuple[str | None, Any]] = (
        list(players.items()) if isinstance(players, Mapping) else [(None, item) for item in players]
    )
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
            raise TypeError(
                f"a league player is a Contestant, a built-in name such as 'casual', a function "
                f"choose_move(position) or a .py path; got {type(item).__name__} (a player object "
                "cannot be sent to its own process: give its spec or a function)"
            )
        if len(out) > MAX_PLAYERS:
            raise ValueError(f"a league has at most {MAX_PLAYERS} players")
    return out


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is an integer, got {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high:,}, got {value}")
    return value


def check_league_settings(
    games_per_pair: int,
    time_limit: float,
    memory_limit_mb: int | None,
    max_turns: int,
    seed: int | None,
    jobs: int,
) -> float:
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


def run_league(
    players: Any,
    variant: str | Variant = "mosona",
    rules: str | Rules | None = None,
    *,
    games_per_pair: int = 2,
    time_limit: float = DEFAULT_TIME_LIMIT,
    memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB,
    max_turns: int = 1000,
    seed: int | None = 0,
    jobs: int = 1,
    progress: bool = True,
    title: str = "",
    save_to: Any = None,
    resume: bool = False,
    trusted: bool = False,
) -> LeagueResults:
    """Play every player against every other, colours swapped, each in a process of its own.

    Parameters
    ----------
    players : folder, or list
        A folder of ``.py`` files (each defines ``choose_move(position)``;
        see :func:`~awithlaknannai.league.contestants.contestants_from_folder`),
        or a list of :class:`~awithlaknannai.league.contestants.Contestant`,
        built-in names (``"casual"``, ``"alphabeta:3"``), functions (from
        notebook cells: see
        :meth:`~awithlaknannai.league.contestants.Contestant.from_function`) and
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
        (:class:`~awithlaknannai.league.contestants.PlayersFolderError`), a
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
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
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
    """
    variant_checked = check_league_variant(variant, rules)
    limit = check_league_settings(games_per_pair, time_limit, memory_limit_mb, max_turns, seed, jobs)
    if not isinstance(title, str):
        raise TypeError(f"title is a str (the league's name), got {type(title).__name__}")
    if len(title) > 200:
        raise ValueError(f"title is a text of at most 200 characters, got {len(title):,}")
    if printable_text(title) != title:
        raise ValueError(
            "title holds control characters or lone surrogates, which a results file cannot keep"
        )
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
        seats = _ProcessSeats(
            contestants, variant_checked, limit, memory_limit_mb, keep=2 * jobs, confinement=confinement
        )
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
        _play(
            names,
            pairs,
            start,
            seats,
            games_per_pair,
            max_turns,
            seed,
            jobs,
            progress,
            title or "league",
            keep,
            skip=set(done),
        )
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
