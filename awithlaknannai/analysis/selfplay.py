"""Self-play statistics: let computer players play many games and count what happens.

Does the first player have an advantage? How long is a game? How often does
a game end because one side is wiped out, blocked, or because nobody can
capture any more? The answers depend on the board and the rules, and a
class can compare them: Mosona with and without the outer-row lines, or the
three rule presets.

Examples
--------
>>> stats = selfplay_statistics("zuni-3", "standard", "greedy", games=6, seed=0)
>>> stats.first_player_wins + stats.second_player_wins + stats.draws
6
>>> sum(stats.reasons.values())
6
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import mean, median

from ..i18n import N_, _, ngettext
from ..moves import EndReason
from ..players.base import Player
from ..players.levels import make_player
from ..players.match import STOPPED, GameRow, run_match
from ..rules import Rules, get_rules
from ..texts import table_lines
from ..variants import Variant

__all__ = ["SelfplayStatistics", "SelfplayTable", "selfplay_grid", "selfplay_statistics"]

# How an end reason and a table's column read to a student, in the session's language; the
# reasons and the columns themselves stay English, as summary() and the saved games hold them.
_REASON_SHOWN = {
    EndReason.NO_PIECES.value: N_("no pieces left"),
    EndReason.BLOCKED.value: N_("no legal move"),
    EndReason.QUIET_LIMIT.value: N_("turn limit without a capture"),
    EndReason.REPETITION.value: N_("position repeated"),
    STOPPED: N_("stopped at the turn cap"),
}
_COLUMN_SHOWN = {
    "variant": N_("variant"),
    "rules": N_("rules"),
    "players": N_("players"),
    "games": N_("games"),
    "first wins": N_("first wins"),
    "second wins": N_("second wins"),
    "draws": N_("draws"),
    "mean turns": N_("mean turns"),
    "median turns": N_("median turns"),
    "first left": N_("first left"),
    "second left": N_("second left"),
}


def _reason_shown(reason: str) -> str:
    """An end reason as a student reads it (a reason this module does not know stays as it is).

    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("fr"):
    ...     _reason_shown("position repeated")
    'position répétée'
    """
    return str(_REASON_SHOWN.get(reason, reason))


@dataclass(frozen=True)
class SelfplayStatistics:
    """What happened in a batch of self-play games.

    Attributes
    ----------
    variant, rules : str
        The variant's name and the rules text.
    players : tuple of str
        The two players' names.
    games : int
        Games played.
    first_player_wins, second_player_wins, draws : int
        Results counted for the player who moved first and the other one.
    lengths : tuple of int
        Each game's length in turns.
    pieces_left : tuple of (int, int)
        Pieces of the first and of the second player at the end of each game.
    reasons : Counter
        How many games ended for each reason.
    rows : tuple of GameRow
        The games themselves (with their move lists).
    """

    variant: str
    rules: str
    players: tuple[str, str]
    games: int
    first_player_wins: int
    second_player_wins: int
    draws: int
    lengths: tuple[int, ...]
    pieces_left: tuple[tuple[int, int], ...]
    reasons: Counter = field(compare=False)
    rows: tuple[GameRow, ...] = field(repr=False, compare=False)

    @property
    def label(self) -> str:
        """``variant / rules``, for tables and plot legends."""
        return f"{self.variant} / {self.rules}"

    def rate(self, what: str) -> float:
        """Share of games (0 to 1): ``"first"`` won, ``"second"`` won, or ``"draw"``."""
        counts = {"first": self.first_player_wins, "second": self.second_player_wins, "draw": self.draws}
        if what not in counts:
            raise ValueError(f"rate() takes 'first', 'second' or 'draw', got {what!r}")
        return counts[what] / self.games

    @property
    def mean_length(self) -> float:
        return float(mean(self.lengths))

    @property
    def median_length(self) -> float:
        return float(median(self.lengths))

    def length_histogram(self, width: int = 10) -> dict[int, int]:
        """Games per length bucket: ``{bucket start: count}`` with buckets ``width`` turns wide.

        >>> stats = selfplay_statistics("zuni-3", players="random", games=4, seed=2)
        >>> sum(stats.length_histogram(5).values())
        4
        """
        if isinstance(width, bool) or not isinstance(width, int) or width < 1:
            raise ValueError(f"width must be an integer >= 1, got {width!r}")
        counts = Counter(length // width * width for length in self.lengths)
        return dict(sorted(counts.items()))

    @property
    def mean_pieces_left(self) -> tuple[float, float]:
        """Mean pieces left at the end: (first player, second player)."""
        return (float(mean(p[0] for p in self.pieces_left)), float(mean(p[1] for p in self.pieces_left)))

    def summary(self) -> dict[str, object]:
        """The headline figures as one flat dict (a table row)."""
        first_left, second_left = self.mean_pieces_left
        return {
            "variant": self.variant,
            "rules": self.rules,
            "players": " vs ".join(self.players),
            "games": self.games,
            "first wins": self.rate("first"),
            "second wins": self.rate("second"),
            "draws": self.rate("draw"),
            "mean turns": self.mean_length,
            "median turns": self.median_length,
            "shortest": min(self.lengths),
            "longest": max(self.lengths),
            "first left": first_left,
            "second left": second_left,
            **{f"end: {reason}": count for reason, count in sorted(self.reasons.items())},
        }

    def to_text(self) -> str:
        """The figures in five lines, in the session's language.

        >>> from awithlaknannai.i18n import use_language
        >>> stats = selfplay_statistics("zuni-3", "standard", "greedy", games=2, seed=0)
        >>> print(stats.to_text().splitlines()[0])
        zuni-3 / standard: 2 games of greedy (1) vs greedy (2)
        >>> with use_language("es"):
        ...     print(stats.to_text().splitlines()[0])
        zuni-3 / standard: 2 partidas de greedy (1) vs greedy (2)
        """
        first_left, second_left = self.mean_pieces_left
        reasons = ", ".join(
            f"{_reason_shown(reason)} {count}" for reason, count in self.reasons.most_common()
        )
        # The same English for one game as for many (as ever); a language with plural forms gives each.
        heading = ngettext(
            "{label}: {count} games of {players}", "{label}: {count} games of {players}", self.games
        )
        return "\n".join(
            [
                heading.format(label=self.label, count=self.games, players=" vs ".join(self.players)),
                _(
                    "first player won {first} ({first_share}%), second player won {second} "
                    "({second_share}%), drawn {draws} ({draw_share}%)"
                ).format(
                    first=self.first_player_wins,
                    first_share=f"{100 * self.rate('first'):.0f}",
                    second=self.second_player_wins,
                    second_share=f"{100 * self.rate('second'):.0f}",
                    draws=self.draws,
                    draw_share=f"{100 * self.rate('draw'):.0f}",
                ),
                _(
                    "length: mean {mean} turns, median {median}, shortest {shortest}, longest {longest}"
                ).format(
                    mean=f"{self.mean_length:.1f}",
                    median=f"{self.median_length:g}",
                    shortest=min(self.lengths),
                    longest=max(self.lengths),
                ),
                _("pieces left (mean): first player {first}, second player {second}").format(
                    first=f"{first_left:.1f}", second=f"{second_left:.1f}"
                ),
                _("end reasons: {reasons}").format(reasons=reasons),
            ]
        )

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        lines = self.to_text().splitlines()
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines[1:])
        return f"<div class='awithlaknannai-selfplay'><p><b>{html.escape(lines[0])}</b></p><ul>{items}</ul></div>"


def _player_pair(players: Player | str | Sequence[Player | str]) -> tuple[Player | str, Player | str]:
    if isinstance(players, str) or hasattr(players, "choose_move"):
        if isinstance(players, str):
            make_player(players)  # check the spec now
        return players, players  # type: ignore[return-value]
    pair = tuple(players)
    if len(pair) != 2:
        raise ValueError(f"players is one player (used for both sides) or a pair, got {len(pair)}")
    return pair


def selfplay_statistics(
    variant: str | Variant = "mosona",
    rules: str | Rules | None = None,
    players: Player | str | Sequence[Player | str] = "greedy",
    games: int = 100,
    seed: int | None = 0,
    progress: bool = False,
    max_turns: int | None = 1000,
    opening_turns: int = 0,
    *,
    allow_long: bool = False,
) -> SelfplayStatistics:
    """Play ``games`` games and count results for the first and second player.

    Parameters
    ----------
    variant : str or Variant
        What to play (default Mosona).
    rules : str or Rules, optional
        A preset name or rules text (default standard).
    players : Player, str, or a pair of them
        One player (or spec such as ``"alphabeta:2"``) playing both sides, or
        two, who then take the first move in turn.
    games : int
        How many games.
    seed : int or None
        Match seed: the same seed gives the same games.
    progress : bool
        Show a progress bar.
    max_turns : int or None
        Safety cap per game (see :func:`~awithlaknannai.players.run_match`).
    opening_turns : int
        Random moves before the players take over, to vary the games.
    allow_long : bool, optional
        Play them all even if the first games show it would take more than
        a minute (see :func:`~awithlaknannai.players.run_match`, which
        raises :class:`~awithlaknannai.errors.LongJobError` otherwise).

    Returns
    -------
    SelfplayStatistics
    """
    first, second = _player_pair(players)
    if isinstance(variant, Variant) and rules is None:
        rules = variant.rules
    result = run_match(
        first,
        second,
        games=games,
        variant=variant,
        rules=rules,
        seed=seed,
        progress=progress,
        max_turns=max_turns,
        opening_turns=opening_turns,
        allow_long=allow_long,
    )
    first_wins = sum(1 for r in result.rows if r.first_player_result == "won")
    second_wins = sum(1 for r in result.rows if r.first_player_result == "lost")
    pieces = tuple(
        (r.white_left, r.black_left) if r.first == "white" else (r.black_left, r.white_left)
        for r in result.rows
    )
    names = (result.names["A"], result.names["B"])
    return SelfplayStatistics(
        variant=result.variant,
        rules=result.rules,
        players=names,
        games=len(result.rows),
        first_player_wins=first_wins,
        second_player_wins=second_wins,
        draws=len(result.rows) - first_wins - second_wins,
        lengths=tuple(result.lengths()),
        pieces_left=pieces,
        reasons=result.reasons(),
        rows=tuple(result.rows),
    )


class SelfplayTable:
    """Several :class:`SelfplayStatistics` side by side (one row each)."""

    COLUMNS = (
        "variant",
        "rules",
        "players",
        "games",
        "first wins",
        "second wins",
        "draws",
        "mean turns",
        "median turns",
        "first left",
        "second left",
    )

    #: Columns said once above the table, not in every row, when every row has the same value:
    #: a batch's players ("random (1) vs random (2)") would otherwise wrap over several lines in
    #: each row of a notebook's table.
    SAID_ONCE = ("rules", "players", "games")

    def __init__(self, statistics: Iterable[SelfplayStatistics]) -> None:
        self.statistics = list(statistics)

    def __iter__(self):
        return iter(self.statistics)

    def __len__(self) -> int:
        return len(self.statistics)

    def __getitem__(self, index: int) -> SelfplayStatistics:
        return self.statistics[index]

    def _reason_names(self) -> list[str]:
        return sorted({reason for s in self.statistics for reason in s.reasons})

    def _cells(self) -> list[list[str]]:
        """The table as text: the headings (in the session's language), then a row per batch."""
        reasons = self._reason_names()
        head = [
            *(str(_COLUMN_SHOWN.get(column, column)) for column in self.COLUMNS),
            *(_reason_shown(reason) for reason in reasons),
        ]
        rows = [head]
        for s in self.statistics:
            row = s.summary()
            cells = []
            for column in self.COLUMNS:
                value = row[column]
                if column in ("first wins", "second wins", "draws"):
                    cells.append(f"{100 * float(value):.0f}%")  # type: ignore[arg-type]
                elif isinstance(value, float):
                    cells.append(f"{value:.1f}")
                else:
                    cells.append(str(value))
            cells.extend(str(s.reasons.get(reason, 0)) for reason in reasons)
            rows.append(cells)
        return rows

    def _wide(self) -> tuple[str, list[list[str]]]:
        """The line that says what every row shares ("" if nothing), and the table without those columns.

        >>> from awithlaknannai.i18n import use_language
        >>> table = selfplay_grid(["zuni-3"], ["standard", "ludii"], "greedy", games=2, seed=0)
        >>> with use_language("fr"):
        ...     table._wide()[0]
        'Identique sur toutes les lignes : joueurs greedy (1) vs greedy (2), parties 2.'
        """
        cells = self._cells()
        if len(cells) < 3:  # one batch: its row says it all
            return "", cells
        same = [
            i
            for i, column in enumerate(self.COLUMNS)
            if column in self.SAID_ONCE and len({row[i] for row in cells[1:]}) == 1
        ]
        if not same:
            return "", cells
        said = ", ".join(f"{cells[0][i]} {cells[1][i]}" for i in same)
        kept = [[c for i, c in enumerate(row) if i not in same] for row in cells]
        return _("The same in every row: {what}.").format(what=said), kept

    def to_text(self) -> str:
        """A plain-text table, one row per batch of games; end-reason columns count games.

        Rules, players or games that every row shares are said once, in a line above the table.
        """
        shared, cells = self._wide()
        return "\n".join(([shared] if shared else []) + table_lines(cells))

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        shared, cells = self._wide()
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in cells[1:]
        )
        table = _html_table(cells[0], body, _("Self-play results: one row per batch of games"))
        return (f"<p>{html.escape(shared)}</p>" if shared else "") + table

    def side_by_side(self) -> SelfplaySideBySide:
        """The same numbers turned round: one column per batch of games, one row per measure.

        With a few batches this is much narrower than the table (which has a
        column per measure), so it fits a notebook beside JupyterLab's file browser.
        """
        return SelfplaySideBySide(self)


class SelfplaySideBySide:
    """A :class:`SelfplayTable` shown with one column per batch of games (see :meth:`SelfplayTable.side_by_side`)."""

    def __init__(self, table: SelfplayTable) -> None:
        self.table = table

    def _rows(self) -> list[list[str]]:
        cells = self.table._cells()
        return [list(row) for row in zip(*cells)]

    def to_text(self) -> str:
        """A plain-text table: the measure, then one column per batch."""
        return "\n".join(table_lines(self._rows(), name_column=0))

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        rows = self._rows()
        body = "".join(
            f"<tr><th style='text-align:left'>{html.escape(row[0])}</th>"
            + "".join(f"<td>{html.escape(c)}</td>" for c in row[1:])
            + "</tr>"
            for row in rows[1:]
        )
        return _html_table(rows[0], body, _("Self-play results: one column per batch of games"))


def _html_table(head: list[str], body: str, name: str) -> str:
    """A self-play table in HTML: the ``head`` cells, the ``body`` rows (HTML), scrolling as a whole."""
    heading = "".join(f"<th>{html.escape(c)}</th>" for c in head)
    table = f"<table class='awithlaknannai-selfplay'><thead><tr>{heading}</tr></thead><tbody>{body}</tbody></table>"
    return _scrolling(table, name)


def _scrolling(table: str, name: str) -> str:
    """A wide table in a box of its own that scrolls sideways, and that the keyboard can reach.

    A table wider than the notebook would make JupyterLab's output area scroll, a region the
    keyboard cannot reach (axe-core's rule scrollable-region-focusable); this box takes the
    scrolling, is a named region and takes the focus, so arrow keys scroll it.

    >>> box = _scrolling("<table></table>", "Results")
    >>> 'role="region" tabindex="0" aria-label="Results"' in box and box.endswith("<table></table></div>")
    True
    """
    return (
        f'<div class="awithlaknannai-table-scroll" role="region" tabindex="0" aria-label="{html.escape(name)}" '
        f'style="overflow-x: auto; max-width: 100%;">{table}</div>'
    )


def selfplay_grid(
    variants: Iterable[str],
    rules: Iterable[str | Rules] = ("standard", "maximum", "ludii"),
    players: Player | str | Sequence[Player | str] = "greedy",
    games: int = 100,
    seed: int | None = 0,
    progress: bool = False,
    opening_turns: int = 0,
    *,
    allow_long: bool = False,
) -> SelfplayTable:
    """Self-play every variant under every rules preset; return the table.

    Each batch of games is checked as :func:`selfplay_statistics` checks it
    (``allow_long`` as there).

    >>> table = selfplay_grid(["zuni-3"], ["standard", "ludii"], "greedy", games=2, seed=0)
    >>> [s.rules for s in table]
    ['standard', 'ludii']
    """
    stats = []
    for name in variants:
        for rule in rules:
            stats.append(
                selfplay_statistics(
                    name,
                    get_rules(rule),
                    players,
                    games=games,
                    seed=seed,
                    progress=progress,
                    opening_turns=opening_turns,
                    allow_long=allow_long,
                )
            )
    return SelfplayTable(stats)
