"""Write your own player: a template to start from, and a test against the built-in levels.

A player is a function ``choose_move(position)`` that returns one of
``position.legal_moves()``. It can use what the
:class:`~awithlaknannai.Position` tells about the game: ``legal_moves()``,
``play(move)`` (the position after a move, without changing this one),
``outcome()`` (``None`` while the game goes on), ``turn`` (whose move it
is) and ``count(colour)`` (pieces on the board).

:func:`greedy_choose_move` is the template: it plays the move after which it
has the most pieces compared with its opponent. :func:`test_player` plays
your function against the built-in levels and shows a table; the games it
lost can be replayed in the game widget.

Examples
--------
>>> from awithlaknannai import Position
>>> position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})
>>> greedy_choose_move(position)            # the capture leaves White a piece up
Move('M1xM3')
>>> report = test_player(greedy_choose_move, against=["beginner"], games=2, variant="zuni-3",
...                      progress=False)
>>> report.table()[0]["opponent"], report.table()[0]["games"]
('beginner', 2)
"""

from __future__ import annotations

import base64
import dataclasses
import html
import inspect
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path, PurePath
from typing import Any, cast

from ..errors import shown
from ..files import _path_text, write_file_bytes
from ..game import Game
from ..i18n import N_, ngettext, pgettext
from ..i18n import gettext as _
from ..players.levels import make_player
from ..position import Move, Position
from ..rules import Rules
from ..texts import table_lines
from ..variants import Color, Variant
from .contestants import Contestant, _check_name, _name_from_stem
from .failure_texts import NOT_A_MOVE, TEXT_TOO_LONG, shown_why, template_of
from .games import _table_html
from .handin import PlayerFileNameError, check_file_name
from .player_side import check_league_variant
from .sandbox import (
    DEFAULT_MEMORY_LIMIT_MB,
    DEFAULT_TIME_LIMIT,
    InProcessPlayer,
    confinement_plan,
    processes_available,
)
from .tournament import (
    MAX_GAMES_PER_PAIR,
    MAX_PLAYERS,
    LeagueGame,
    LeaguePlayer,
    LeagueResults,
    _InProcessSeats,
    _play,
    _ProcessSeats,
    _settings,
    check_league_settings,
)

__all__ = [
    "PlayerTest",
    "SavedPlayer",
    "careful_choose_move",
    "greedy_choose_move",
    "pieces_ahead",
    "save_player",
    "template_code",
    "test_player",
]


def greedy_choose_move(position: Position) -> Move:
    """Play the move after which I have the most pieces compared with my opponent.

    A winning move is played at once. Among equally good moves, one is
    chosen at random. It looks only at its own move, not at the reply:
    that is the first thing to improve.
    """
    me = position.turn
    best_score = None
    best_moves = []
    for move in position.legal_moves():
        after = position.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == me:
            return move  # this move wins the game
        score = after.count(me) - after.count(me.other)
        if best_score is None or score > best_score:
            best_score = score
            best_moves = [move]
        elif score == best_score:
            best_moves.append(move)
    return random.choice(best_moves)


def pieces_ahead(position: Position, me: Color) -> int:
    """How many more pieces ``me`` has than the opponent: the score of notebook 08's first idea.

    >>> from awithlaknannai import Position
    >>> position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})
    >>> pieces_ahead(position, position.turn)
    -1
    """
    return position.count(me) - position.count(me.other)


def careful_choose_move(
    position: Position, score: Callable[[Position, Color], int] = pieces_ahead, lost: int = -100
) -> Move:
    """Notebook 08's first idea: play the move whose worst answer leaves me best off.

    A winning move is played at once. Every other move is worth its worst
    answer: ``lost`` for an answer that wins the game for the opponent,
    else ``score(position after the answer, me)``; a move with no answer
    (the game is over) is worth 0. Among equally good moves, one is chosen
    at random (Python's ``random``, which a league seeds).

    Parameters
    ----------
    position : Position
        The position to move in (the game is not over).
    score : function
        How good a position is for ``me`` (default: :func:`pieces_ahead`).
    lost : int
        What an answer that wins for the opponent is worth: below any score.

    Examples
    --------
    >>> from awithlaknannai import Position
    >>> position = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})
    >>> careful_choose_move(position)
    Move('M1xM3')
    """
    me = position.turn
    worst_answers: list[tuple[Move, int]] = []  # each move with its worst answer's score, in order
    for move in position.legal_moves():
        after = position.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == me:
            return move  # this move wins the game
        answers = (after.play(answer) for answer in after.legal_moves())
        worst_answers.append(
            (move, min((_answer_score(then, me, score, lost) for then in answers), default=0))
        )
    best = max(worst for _, worst in worst_answers)
    return random.choice([move for move, worst in worst_answers if worst == best])


def _answer_score(then: Position, me: Color, score: Callable[[Position, Color], int], lost: int) -> int:
    end = then.outcome()
    return lost if end is not None and end.winner == me.other else score(then, me)


def template_code() -> str:
    """The template player's code, named ``choose_move``, to copy into a cell or a ``.py`` file.

    >>> print(template_code().splitlines()[3])
    def choose_move(position):
    """
    _, _, body = inspect.getsource(greedy_choose_move).partition("\n")
    return "import random\n\n\ndef choose_move(position):\n" + body


class PlayerTest:
    """The result of :func:`test_player`: one row per opponent, and the games to replay.

    Attributes
    ----------
    name : str
        The tested player's name in the games.
    results : LeagueResults
        Every game (``results.game(3)`` to replay game 3).
    printed : str
        What your player printed, when it ran in a process of its own (at
        most :data:`~awithlaknannai.league.player_side.MAX_PRINTED_CHARS`
        characters; empty when it ran in the notebook, where print shows at once).
    """

    def __init__(self, name: str, results: LeagueResults, printed: str = "") -> None:
        self.name = name
        self.results = results
        self.printed = printed

    def table(self) -> list[dict[str, Any]]:
        """One dict per opponent: opponent, games, won, drawn, lost, score (points per game), forfeits."""
        rows = []
        for opponent in self.results.names:
            if opponent == self.name:
                continue
            games = [g for g in self.results.games_of(self.name) if g.opponent(self.name) == opponent]
            won = sum(1 for g in games if g.winner == self.name)
            drawn = sum(1 for g in games if g.result == "draw")
            points = sum(g.points(self.name) for g in games)
            rows.append(
                {
                    "opponent": opponent,
                    "games": len(games),
                    "won": won,
                    "drawn": drawn,
                    "lost": len(games) - won - drawn,
                    "score": points / len(games) if games else 0.0,
                    "forfeits": sum(1 for g in games for f in g.forfeits if f.player == self.name),
                }
            )
        return rows

    def lost_games(self) -> list[LeagueGame]:
        """The games the tested player lost, to replay: ``GameWidget(game=lost.game())``."""
        return self.results.lost_games(self.name)

    def game_to_review(self) -> LeagueGame:
        """The game most worth replaying: your shortest loss, else a draw, else your longest win.

        A short loss shows a mistake quickly; with no loss, a draw shows
        where a win slipped away.

        >>> report = test_player(greedy_choose_move, against=["beginner"], games=2, variant="zuni-3",
        ...                      progress=False)
        >>> report.game_to_review().number in (1, 2)
        True
        """
        mine = self.results.games_of(self.name)
        lost = self.lost_games()
        if lost:
            return min(lost, key=lambda g: (len(g.moves), g.number))
        drawn = [g for g in mine if g.winner is None]
        if drawn:
            return drawn[0]
        return max(mine, key=lambda g: (len(g.moves), -g.number))

    def problems(self) -> list[str]:
        """What went wrong in games lost by forfeit (an error, an illegal move, too slow): one line a problem.

        The same problem in several games is one line, with the count and
        the games' numbers (the first 8), so a player that returns ``None``
        gives one line, not one a game.

        Examples
        --------
        >>> report = test_player(lambda position: None, against=["beginner"], games=4, variant="zuni-3",
        ...                      progress=False, sandbox=False)
        >>> report.problems()
        ['choose_move returned None in 4 games (1, 2, 3, 4): not a move (return one of position.legal_moves())']
        """
        groups: dict[str, list[int]] = {}
        for game in self.results.games:
            for forfeit in game.forfeits:
                if forfeit.player == self.name:
                    groups.setdefault(forfeit.why, []).append(game.number)
        lines = []
        for why, numbers in groups.items():
            if len(numbers) == 1:
                lines.append(_("game {number}: {why}").format(number=numbers[0], why=shown_why(why)))
                continue
            listed = ", ".join(str(n) for n in numbers[:8]) + (", ..." if len(numbers) > 8 else "")
            where = ngettext(
                "in {count} game ({listed})", "in {count} games ({listed})", len(numbers)
            ).format(count=len(numbers), listed=listed)
            found = template_of(why)
            if (
                found is not None and found[0] is NOT_A_MOVE
            ):  # the count goes after "choose_move returned None"
                text = _(
                    "choose_move returned {shown} {where}: not a move (return one of position.legal_moves())"
                )
                lines.append(text.format(shown=found[1]["shown"], where=where))
            elif found is not None and found[0] is TEXT_TOO_LONG:
                text = _("choose_move returned a text of {length} characters {where}: not a move")
                lines.append(text.format(length=found[1]["length"], where=where))
            else:
                lines.append(_("{where}: {why}").format(where=where, why=shown_why(why)))
        return lines

    def game(self, number: int) -> Game:
        """Game ``number`` to replay."""
        return self.results.game(number)

    def _cells(self) -> list[list[str]]:
        head = [_("opponent"), _("games"), _("won"), _("drawn"), _("lost"), _("score"), _("lost by forfeit")]
        body = [
            [
                r["opponent"],
                str(r["games"]),
                str(r["won"]),
                str(r["drawn"]),
                str(r["lost"]),
                f"{100 * r['score']:.0f}%",
                str(r["forfeits"]),
            ]
            for r in self.table()
        ]
        return [head, *body]

    def to_text(self) -> str:
        lines = [self._caption()]
        lines += table_lines(self._cells(), name_column=0)
        lines += self.problems()[:10]
        if self.printed:
            lines += [_("What your player printed:"), self.printed]
        return "\n".join(lines)

    def _caption(self) -> str:
        variant = self.results.variant
        return _("{name} on {variant}, {rules} rules").format(
            name=self.name, variant=variant.name, rules=variant.rules.to_text()
        )

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<PlayerTest of {self.name}: {len(self.results.games)} games>"

    def _repr_html_(self) -> str:
        head, body = _table_html(self._cells(), 0)
        caption = html.escape(self._caption())
        problems = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems()[:10])
        summary = html.escape(_("What your player printed"))
        printed = (
            f"<details><summary>{summary}</summary><pre>{html.escape(self.printed)}</pre></details>"
            if self.printed
            else ""
        )
        return (
            f'<table class="awithlaknannai-player-test"><caption>{caption}</caption><thead><tr>{head}'
            f"</tr></thead><tbody>{body}</tbody></table>"
            + (f"<ul>{problems}</ul>" if problems else "")
            + printed
        )


def test_player(
    choose_move: Callable[[Position], Any] | Contestant,
    against: Sequence[str | Any] = ("beginner", "casual", "club"),
    games: int = 4,
    variant: str | Variant = "mosona",
    rules: str | Rules | None = None,
    *,
    seed: int | None = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    max_turns: int = 1000,
    sandbox: bool | None = None,
    progress: bool = True,
    name: str | None = None,
) -> PlayerTest:
    """Play your ``choose_move`` against each opponent, ``games`` games each, colours swapped.

    Parameters
    ----------
    choose_move : function or Contestant
        Your player: ``choose_move(position)`` returns a legal move.
    against : list of str or players
        Levels (``"beginner"``, ``"casual"``, ``"club"``, ``"strong"``),
        player specs (``"alphabeta:3"``), or player objects (these run in
        the notebook).
    games : int
        Games against each opponent (half of them with White).
    variant, rules
        The board and rules (default Mosona, standard rules).
    seed : int or None
        Seeds every game (yours through Python's ``random`` module), so the
        same test gives the same games.
    time_limit : float
        Seconds your player may think about a move; a slower move loses.
    max_turns : int
        A longer game is stopped as a draw.
    sandbox : bool or None
        ``None`` (default): your function runs in a process of its own, as
        in a league, so a move stuck in a long calculation (even one call
        into C, such as ``sum(range(10**10))``) is stopped at the time
        limit; what it prints is shown under the table. It runs here in
        the notebook instead where that cannot be done (a JupyterLite site
        has no processes; a function that uses something that cannot be
        sent, said in one line; opponents given as player objects).
        ``True``: always a process of its own (an error if it cannot).
        ``False``: always here, so ``print`` shows at once; a slow move is
        interrupted only where Python code runs.
    progress : bool
        Show a progress bar (tqdm; skipped when it is not installed).
    name : str, optional
        Your player's name in the table and the game records (default "you",
        in the session's language).

    Returns
    -------
    PlayerTest
        Shows as a table; ``lost_games()`` and ``problems()`` say where to look.
    """
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games is a whole number such as 4, got {type(games).__name__}")
    if not 1 <= games <= MAX_GAMES_PER_PAIR:
        raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES_PER_PAIR}, got {games!r}"[:120])
    if sandbox is not None and not isinstance(sandbox, bool):
        raise TypeError(f"sandbox is True, False or None, got {type(sandbox).__name__}")
    if not isinstance(progress, bool):
        raise TypeError(f"progress is True or False, got {type(progress).__name__}")
    variant_checked = check_league_variant(variant, rules)
    limit = check_league_settings(games, time_limit, DEFAULT_MEMORY_LIMIT_MB, max_turns, seed, 1)
    name = _check_name(pgettext("the student's player", "you") if name is None else name)
    if isinstance(against, str) or not isinstance(against, Sequence):
        raise TypeError("against is a list of opponents, such as ['beginner', 'casual']")
    if not against:
        raise ValueError("against names at least one opponent, such as ['beginner']")
    if len(against) > MAX_PLAYERS:
        raise ValueError(f"against names at most {MAX_PLAYERS} opponents")
    opponents = []
    for item in against:
        if isinstance(item, str):
            opponents.append((item, make_player(item, seed=seed)))
        elif callable(getattr(item, "choose_move", None)) and isinstance(getattr(item, "name", None), str):
            if sandbox:
                raise TypeError(
                    f"with sandbox=True, opponents are given by name such as 'casual', not {item!r}"
                )
            opponents.append((item.name, item))
        else:
            raise TypeError(f"an opponent is a level such as 'casual' or a player object, got {item!r}"[:200])
    names = [name, *(_check_name(n) for n, _ in opponents)]
    if len(set(names)) != len(names):
        raise ValueError(f"two players in this test have the same name: {', '.join(names)}")
    if not isinstance(choose_move, Contestant) and not callable(choose_move):
        raise TypeError(f"test_player takes your choose_move function, got {type(choose_move).__name__}")
    start = Position.start(variant_checked)
    mine: Contestant | None = None
    if isinstance(choose_move, Contestant):
        mine = dataclasses.replace(choose_move, name=name)  # the same player under the test's name
        if sandbox is None:
            sandbox = processes_available()
    elif sandbox is None:
        sandbox = processes_available() and all(isinstance(item, str) for item in against)
        if sandbox:
            try:
                mine = Contestant.from_function(choose_move, name=name)
            except (TypeError, ValueError) as error:
                sandbox = False
                print(
                    _(
                        "Your player runs here in the notebook ({error}), so a move stuck in one long "
                        "calculation cannot be stopped."
                    ).format(error=error)
                )
    elif sandbox:
        mine = Contestant.from_function(choose_move, name=name)
    entries: list[LeaguePlayer]
    if sandbox:
        assert mine is not None
        contestants = [
            mine,
            *(
                Contestant.builtin(spec, name=n, seed=seed)
                for n, spec in zip(names[1:], [item for item in against])
            ),
        ]
        confinement, _unused = confinement_plan([mine], trusted=True)
        seats: Any = _ProcessSeats(
            contestants, variant_checked, limit, DEFAULT_MEMORY_LIMIT_MB, keep=2, confinement=confinement
        )
        entries = [LeaguePlayer(c.name, c.origin, c.fingerprint) for c in contestants]
    else:
        if mine is not None:  # a Contestant, loaded into this process
            players: list[Any] = [mine]
        else:
            # A function: a Contestant is always in mine.
            function = cast("Callable[[Position], Any]", choose_move)
            players = [InProcessPlayer(name, function, limit)]
        players += [InProcessPlayer(n, player.choose_move, limit, player=player) for n, player in opponents]
        seats = _InProcessSeats(players, limit)
        entries = [LeaguePlayer(name, "notebook"), *(LeaguePlayer(n, "built-in") for n, _ in opponents)]
    pairs = [(0, k) for k in range(1, len(names))]
    played = _play(
        names, pairs, start, seats, games, max_turns, seed, 1, progress, _("testing {name}").format(name=name)
    )
    results = LeagueResults(
        variant_checked,
        entries,
        played,
        _settings(games, limit, DEFAULT_MEMORY_LIMIT_MB if sandbox else None, max_turns, seed),
        f"Test of {name}",
    )
    return PlayerTest(name, results, seats.printed(0) if sandbox else "")


test_player.__test__ = False  # type: ignore[attr-defined]  # pytest: a helper for students, not a test


class SavedPlayer(os.PathLike[str]):
    """The file :func:`save_player` wrote: a path, shown in a notebook with a download link.

    It works wherever a path does (``open``, ``run_league``, ``os.fspath``):
    ``path`` is the :class:`~pathlib.Path`, and any other attribute of a path
    (``name``, ``stem``, ``read_text()`` ...) reads through to it. In
    JupyterLab, Notebook 7 and Voila it shows where the file is and a
    **Download** link that holds the file itself (a ``data:`` address, so it
    needs no server: it works in JupyterLite too), and reminds that Binder
    deletes the file when the session ends.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> saved = save_player(greedy_choose_move, folder / "ada.py")
    >>> saved.name, saved.stem, os.fspath(saved) == str(folder / "ada.py"), saved == folder / "ada.py"
    ('ada.py', 'ada', True, True)
    >>> 'download="ada.py"' in saved._repr_html_() and ">Download ada.py</a>" in saved._repr_html_()
    True
    """

    __slots__ = ("_data", "path")

    def __init__(self, path: str | os.PathLike[str], data: bytes) -> None:
        self.path = Path(path)
        self._data = bytes(data)

    def __fspath__(self) -> str:
        return os.fspath(self.path)

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_") or attribute == "path":  # not set yet (a copy being made)
            raise AttributeError(attribute)
        return getattr(self.path, attribute)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SavedPlayer):
            return self.path == other.path
        if isinstance(other, PurePath):
            return self.path == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.path)

    def __str__(self) -> str:
        return str(self.path)

    def __repr__(self) -> str:
        return f"SavedPlayer({str(self.path)!r})"

    def _repr_html_(self) -> str:
        name = self.path.name
        folder = self.path.resolve().parent
        address = "data:text/x-python;charset=utf-8;base64," + base64.b64encode(self._data).decode("ascii")
        download = html.escape(_("Download {name}").format(name=name))
        return (
            f'<div class="awithlaknannai-saved-player">{_download_style()}'
            "<p>"
            + html.escape(_("Your player is saved in the file {file}, in the folder {folder}.")).format(
                file=f"<code>{html.escape(name)}</code>", folder=f"<code>{html.escape(str(folder))}</code>"
            )
            + "</p>"
            f'<p><a class="awithlaknannai-download" download="{html.escape(name)}" '
            f'href="{address}">{download}</a></p>'
            f"<p>{html.escape(str(_BINDER_WARNING))}</p></div>"
        )


_BINDER_WARNING = N_(
    "On Binder, download your file now: Binder deletes it when the session ends or times out. "
    "Then give the downloaded file to your teacher."
)
#: What the download link of :class:`SavedPlayer` says under it (in English; shown in the session's language).
BINDER_WARNING = _BINDER_WARNING.message


def _download_style() -> str:
    """The download link's look: a button in colours of its own that reach WCAG AA on any page.

    White on navy (11:1) in the light theme, near-black on light blue (10:1)
    in the dark theme (JupyterLab, Notebook 7 and Voila mark the page with
    ``data-jp-theme-light``), and a 2 px focus ring. The colours are the
    widgets' focus colours (``render.style``, imported here only, as a
    picture hook imports the renderer: players sit below render).
    """
    from ..render.style import FOCUS

    dark = '[data-jp-theme-light="false"]'
    link = ".awithlaknannai-saved-player a.awithlaknannai-download"
    return f"""<style>
{link} {{ display: inline-block; padding: 0.35em 0.9em; border: 2px solid {FOCUS["light"]};
  border-radius: 4px; background: {FOCUS["light"]}; color: #ffffff; font-weight: 600; text-decoration: none; }}
{link}:hover {{ text-decoration: underline; }}
{link}:focus-visible {{ outline: 2px solid {FOCUS["light"]}; outline-offset: 2px; }}
{dark} {link} {{ background: {FOCUS["dark"]}; border-color: {FOCUS["dark"]}; color: #111111; }}
{dark} {link}:focus-visible {{ outline-color: {FOCUS["dark"]}; }}
</style>"""


def save_player(
    choose_move: Callable[[Position], Any], path: str | os.PathLike[str], *, overwrite: bool = False
) -> SavedPlayer:
    """Write your player to a ``.py`` file, to hand in for a league.

    The file holds ``choose_move`` with everything it uses from the
    notebook (helper functions, imports, constants), so it runs on its own:
    ``run_league`` on a folder of such files plays them against each other.
    In a notebook the answer shows where the file is and a link to download
    it (on Binder, download it before the session ends: Binder deletes it).

    Parameters
    ----------
    choose_move : function
        Your player (any name: the file calls it ``choose_move``).
    path : str or path
        The file to write, such as ``"Ada L.py"``: its name (1 to 40
        letters, digits, spaces and ``- _ . ( ) + '``, then ``.py``) is your
        name in the league. It may start with a folder that exists
        (``"players/Ada L.py"``).
    overwrite : bool
        Replace a file that is already there (otherwise that is an error,
        so that a player handed in before is never lost by mistake).

    Returns
    -------
    SavedPlayer
        The file written: a path (``.name``, ``os.fspath``) that shows the
        download link in a notebook.

    Raises
    ------
    TypeError
        ``choose_move`` is not a function, ``path`` not a file name, or
        ``overwrite`` not ``True`` or ``False``.
    PlayerFileNameError
        The file name cannot be a player's (a ``ValueError``; the message
        says why: ``"Ada/L"`` is refused for its ``/``).
    FileExistsError
        The file is there and ``overwrite`` is ``False``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> save_player(greedy_choose_move, folder / "ada.py").name
    'ada.py'
    >>> from awithlaknannai.league import contestants_from_folder
    >>> contestants_from_folder(folder)
    [Contestant('ada', origin='...ada.py')]
    >>> save_player(greedy_choose_move, folder / "ada.py")
    Traceback (most recent call last):
    ...
    FileExistsError: ...ada.py is already there: give another name, or overwrite=True to replace it
    >>> save_player(greedy_choose_move, "Ada/L")
    Traceback (most recent call last):
    ...
    awithlaknannai.league.handin.PlayerFileNameError: '/' cannot be in a file name: it separates folders, and there is no folder 'Ada' here; try 'Ada L.py'
    """
    if not callable(choose_move) or isinstance(choose_move, Contestant):
        raise TypeError(f"save_player takes your choose_move function, got {type(choose_move).__name__}")
    text = _path_text(path, "save_player takes a file name such as 'ada.py'")
    if not isinstance(overwrite, bool):
        raise TypeError(f"overwrite is True or False, got {shown(overwrite)}")
    file = Path(text)
    if file.name and str(file.parent) != "." and not file.parent.is_dir():
        separator = "\\" if "\\" in text and "/" not in text else "/"
        suggestion = " ".join(text.replace("\\", "/").split("/")).strip()
        suggestion = suggestion if suggestion.endswith(".py") else suggestion + ".py"
        raise PlayerFileNameError(
            _(
                "{separator} cannot be in a file name: it separates folders, and there is "
                "no folder {folder} here; try {suggestion}"
            ).format(separator=repr(separator), folder=shown(str(file.parent)), suggestion=shown(suggestion))
        )
    check_file_name(file.name or text)
    if file.exists() and not overwrite:
        raise FileExistsError(
            _("{file} is already there: give another name, or overwrite=True to replace it").format(file=file)
        )
    contestant = Contestant.from_function(choose_move, name=_name_from_stem(file.stem))
    code = contestant.code or ""
    if contestant.entry != "choose_move":
        code += f"\n\nchoose_move = {contestant.entry}\n"
    data = code.encode("utf-8")
    write_file_bytes(file, data, "the player")
    return SavedPlayer(file, data)
