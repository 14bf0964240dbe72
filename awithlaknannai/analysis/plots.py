"""Charts of self-play statistics (matplotlib, imported only when a chart is drawn).

Each function takes several :class:`~awithlaknannai.analysis.selfplay.SelfplayStatistics`
(a list, a :class:`~awithlaknannai.analysis.selfplay.SelfplayTable`, or a dict
``{label: statistics}`` to choose the legend texts) and returns a
:class:`matplotlib.figure.Figure`. The figures are built without pyplot, so
nothing is drawn twice in a notebook and no global state changes; a notebook
shows a returned figure by itself, and ``fig.savefig("file.png")`` saves it.

Where matplotlib is missing (a JupyterLite site), the bar charts
(:func:`result_bars`, :func:`score_bars`, :func:`end_reason_bars`,
:func:`mean_length_bars`) return their numbers as a table instead, a
:class:`ChartNumbers` that says in one line why. With matplotlib, the same
numbers ride on the figure (its ``awithlaknannai_numbers`` attribute), and
:meth:`awithlaknannai.render.Picture.from_figure` puts them in the chart's
text alternative.

Examples
--------
>>> from awithlaknannai.analysis.selfplay import selfplay_statistics
>>> a = selfplay_statistics("zuni-3", players="greedy", games=4, seed=0)
>>> b = selfplay_statistics("zuni-3-murray", players="greedy", games=4, seed=0)
>>> fig = length_histograms({"with outer lines": a, "without": b})
>>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
['with outer lines', 'without']
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import missing_package
from ..i18n import gettext as _
from ..i18n import N_, pgettext
from .selfplay import SelfplayStatistics

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = [
    "ChartNumbers",
    "end_reason_bars",
    "length_histograms",
    "mean_length_bars",
    "result_bars",
    "score_bars",
]

StatsInput = Mapping[str, SelfplayStatistics] | Iterable[SelfplayStatistics]

# Colour-blind-safe (Okabe-Ito) colours for series. Result bars echo the pieces (the
# same light and dark as render.style, which this layer may not import): first
# player light, second dark, draws hatched grey, so they read in greyscale too.
_FIRST_COLOUR, _SECOND_COLOUR, _DRAW_COLOUR = "#f7f3ea", "#1f1f24", "#BBBBBB"
_SERIES = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
# ... and a line style or a hatch pattern per series too, so that no series is told apart by colour alone.
_LINE_STYLES = ["-", "--", ":", "-."]
_HATCHES = ["", "//", "\\\\", "xx", "--", "++", "||", ".."]  # dots last: each dot is drawn as a path


class ChartNumbers:
    """A chart's numbers as a table: what a bar chart function gives where matplotlib is missing.

    It shows itself in a notebook as one line saying why there is no
    picture, then a table with the chart's title as its caption.

    Attributes
    ----------
    title : str
        The chart's title.
    headings : tuple of str
        The column headings: what the rows are, then one heading per series.
    rows : tuple of tuple of str
        One row per category: its name, then the numbers as text.

    Examples
    --------
    >>> table = ChartNumbers("Who wins?", ("games", "first player wins", "draw"), [("mosona", "40%", "5%")])
    >>> print(table)
    This picture needs matplotlib, which this Python does not have; here are the numbers instead.
    Who wins?
    games   first player wins  draw
    mosona                40%    5%
    >>> table.sentence()
    'mosona: first player wins 40%, draw 5%.'
    """

    NOTE = "This picture needs matplotlib, which this Python does not have; here are the numbers instead."

    def __init__(self, title: str, headings: Sequence[str], rows: Iterable[Sequence[str]]) -> None:
        self.title = title
        self.headings = tuple(headings)
        self.rows = tuple(tuple(row) for row in rows)
        if any(len(row) != len(self.headings) for row in self.rows):
            raise ValueError(f"each row has {len(self.headings)} cells, one per heading")

    def sentence(self) -> str:
        """The numbers in words, one category after another (for a chart's text alternative)."""
        parts = [
            f"{row[0]}: "
            + ", ".join(f"{heading} {cell}" for heading, cell in zip(self.headings[1:], row[1:]))
            for row in self.rows
        ]
        return "; ".join(parts) + "."

    def __str__(self) -> str:
        table = [self.headings, *self.rows]
        widths = [max(len(row[i]) for row in table) for i in range(len(self.headings))]
        lines = [self.NOTE, self.title]
        for row in table:
            lines.append(
                "  ".join(
                    cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))
                ).rstrip()
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ChartNumbers {self.title!r}: {len(self.rows)} rows>"

    def html(self) -> str:
        """The note and the table as HTML (as :meth:`awithlaknannai.render.Picture.html` gives a picture's)."""
        return self._repr_html_()

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in self.headings)
        body = "".join(
            f'<tr><th scope="row" style="text-align:left">{html.escape(row[0])}</th>'
            + "".join(f'<td style="text-align:right">{html.escape(cell)}</td>' for cell in row[1:])
            + "</tr>"
            for row in self.rows
        )
        return (
            f'<div class="awithlaknannai-chart-numbers"><p role="note"><span aria-hidden="true">\u2139</span> '
            f"{html.escape(self.NOTE)}</p>"
            f"<table><caption>{html.escape(self.title)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>"
        )


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _chart(numbers: ChartNumbers, draw: Any, *size: float) -> Any:
    """The figure ``draw`` fills, carrying ``numbers``; without matplotlib, the numbers themselves."""
    try:
        import matplotlib.figure  # noqa: F401
    except ImportError:
        return numbers
    fig = _figure(*size)
    draw(fig)
    setattr(fig, "awithlaknannai_numbers", numbers)  # noqa: B010 - an attribute of our own on a Figure
    return fig


def _labelled(stats: StatsInput) -> list[tuple[str, SelfplayStatistics]]:
    items: list[tuple[str, SelfplayStatistics]]
    if isinstance(stats, SelfplayStatistics):
        items = [(stats.label, stats)]
    elif isinstance(stats, Mapping):
        items = [(str(k), v) for k, v in stats.items()]
    else:
        items = [(s.label, s) for s in stats]
    if not items:
        raise ValueError("nothing to plot: give at least one SelfplayStatistics")
    for label, s in items:
        if not isinstance(s, SelfplayStatistics):
            raise TypeError(f"{label!r} is not a SelfplayStatistics, got {type(s).__name__}")
    return items


def _figure(width: float, height: float) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:  # matplotlib is in the plots extra; a JupyterLite site has none
        raise missing_package(
            "drawing a chart", "matplotlib", "or pip install 'awithlaknannai[plots]'"
        ) from None
    return Figure(figsize=(width, height), layout="constrained")


def length_histograms(stats: StatsInput, bins: int = 20, title: str | None = None) -> Figure:
    """Overlaid histograms of game length (turns), one outline per batch of games.

    Parameters
    ----------
    stats : dict, list or SelfplayTable
        The batches to compare, e.g. ``{"with outer lines": a, "without": b}``.
    bins : int
        Number of bars, over the range of all lengths together.
    title : str, optional
        The chart's title (by default "How long is a game?", in the session's language).
    """
    if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
        raise ValueError(f"bins must be an integer >= 1, got {bins!r}")
    items = _labelled(stats)
    fig = _figure(7, 4)
    ax = fig.subplots()
    low = min(min(s.lengths) for _, s in items)
    high = max(max(s.lengths) for _, s in items)
    edges = [low + (high + 1 - low) * i / bins for i in range(bins + 1)]
    for i, (label, s) in enumerate(items):
        ax.hist(
            s.lengths,
            bins=edges,
            histtype="step",
            linewidth=2,
            color=_SERIES[i % len(_SERIES)],
            linestyle=_LINE_STYLES[i % len(_LINE_STYLES)],
            label=label,
        )
    ax.set_xlabel(_("length of the game (turns)"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("How long is a game?") if title is None else title)
    ax.legend()
    return fig


def result_bars(stats: StatsInput, title: str | None = None) -> Figure | ChartNumbers:
    """One stacked bar per batch: first player won, drawn, second player won (shares of games).

    The title is by default "Who wins?"; it and the names of the shares are in the session's language.

    Without matplotlib: the shares as a :class:`ChartNumbers` table, in percent.

    >>> from awithlaknannai.analysis.selfplay import selfplay_statistics
    >>> stats = selfplay_statistics("zuni-3", players="greedy", games=4, seed=0)
    >>> result_bars({"zuni-3": stats}).awithlaknannai_numbers.headings
    ('games', 'first player wins', 'draw', 'second player wins')
    """
    items = _labelled(stats)
    shares = [(s.rate("first"), s.rate("draw"), s.rate("second")) for _, s in items]
    return _stacked_shares(
        [label for label, _ in items],
        shares,
        _("Who wins?") if title is None else title,
        _FIRST_COLOUR,
        (_("first player wins"), _("draw"), _("second player wins")),
        _("games"),
    )


def _stacked_shares(
    labels: list[str],
    shares: list[tuple[float, float, float]],
    title: str,
    first_colour: str,
    names: tuple[str, str, str],
    category: str,
) -> Figure | ChartNumbers:
    """One horizontal bar per label: three shares stacked, the middle one hatched (readable without colour)."""
    numbers = ChartNumbers(
        title,
        (category, *names),
        [(label, *(_percent(share) for share in row)) for label, row in zip(labels, shares)],
    )

    def draw(fig: Figure) -> None:
        ax = fig.subplots()
        y = range(len(labels))
        first, middle, last = ([row[i] for row in shares] for i in range(3))
        ax.barh(y, first, color=first_colour, edgecolor="black", label=names[0])
        ax.barh(y, middle, left=first, color=_DRAW_COLOUR, edgecolor="black", hatch="//", label=names[1])
        ax.barh(
            y,
            last,
            left=[a + b for a, b in zip(first, middle)],
            color=_SECOND_COLOUR,
            edgecolor="black",
            label=names[2],
        )
        ax.set_yticks(list(y), labels)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel(_("share of games"))
        ax.set_title(title)
        fig.legend(loc="outside lower center", ncols=3, frameon=False)

    return _chart(numbers, draw, 7, 0.6 * len(labels) + 1.6)


def score_bars(
    results: Mapping[str, tuple[int, int, int]], title: str = "How did it do?"
) -> Figure | ChartNumbers:
    """One stacked bar per player: the share of its games won, drawn and lost.

    ``results`` maps a label to ``(won, drawn, lost)``; won is solid, drawn
    hatched, lost dark, so the bars read without colour.

    >>> fig = score_bars({"the template": (55, 7, 38), "at random": (50, 7, 43)})
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ['the template', 'at random']
    """
    if not isinstance(results, Mapping) or not results:
        raise ValueError("score_bars takes a dict label -> (won, drawn, lost) with at least one entry")
    rows: list[tuple[str, float, float, float]] = []
    for label, counts in results.items():
        if (
            not isinstance(counts, tuple)
            or len(counts) != 3
            or not all(isinstance(n, int) and n >= 0 for n in counts)
            or sum(counts) == 0
        ):
            raise ValueError(f"{label!r}: give (won, drawn, lost) as three whole numbers, not all 0")
        total = sum(counts)
        won, drawn, lost = counts
        rows.append((str(label), won / total, drawn / total, lost / total))
    return _stacked_shares(
        [r[0] for r in rows],
        [r[1:] for r in rows],
        title,
        _SERIES[0],
        # Whole words in a legend, where the league sheet's narrow columns abbreviate the same words.
        (
            pgettext("chart legend", "won"),
            pgettext("chart legend", "drawn"),
            pgettext("chart legend", "lost"),
        ),
        _("player"),
    )


def end_reason_bars(stats: StatsInput, title: str = "How do games end?") -> Figure | ChartNumbers:
    """Grouped bars: the share of games ending for each reason, per batch.

    Without matplotlib: a :class:`ChartNumbers` table, a row per reason and
    a column per batch, in percent.
    """
    items = _labelled(stats)
    reasons = sorted({reason for _, s in items for reason in s.reasons})
    numbers = ChartNumbers(
        title,
        ("how games end", *(label for label, _ in items)),
        [(reason, *(_percent(s.reasons.get(reason, 0) / s.games) for _, s in items)) for reason in reasons],
    )

    def draw(fig: Figure) -> None:
        ax = fig.subplots()
        width = 0.8 / len(items)
        for i, (label, s) in enumerate(items):
            xs = [r + (i - (len(items) - 1) / 2) * width for r in range(len(reasons))]
            ax.bar(
                xs,
                [s.reasons.get(reason, 0) / s.games for reason in reasons],
                width=width,
                color=_SERIES[i % len(_SERIES)],
                edgecolor="black",
                hatch=_HATCHES[i % len(_HATCHES)],
                label=label,
            )
        ax.set_xticks(list(range(len(reasons))), [textwrap.fill(reason, 14) for reason in reasons])
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of games")
        ax.set_title(title)
        fig.legend(loc="outside right upper", frameon=False)

    return _chart(numbers, draw, 8, 4)


_MEAN_LENGTH_TITLE = N_("How long is a game, on average?").message


def mean_length_bars(stats: StatsInput, title: str = _MEAN_LENGTH_TITLE) -> Figure | ChartNumbers:
    """One bar per batch: the average length of its games in turns, the number written at the bar's end.

    A chart to read at a glance (the numbers are on the bars, so it needs no
    table beside it); the batches keep the order given.

    Examples
    --------
    >>> from awithlaknannai.analysis.selfplay import selfplay_statistics
    >>> a = selfplay_statistics("zuni-3", players="random", games=4, seed=0)
    >>> fig = mean_length_bars({"zuni-3": a})
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()], fig.axes[0].texts[0].get_text() == f"{a.mean_length:.0f}"
    (['zuni-3'], True)
    """
    items = _labelled(stats)
    means = [s.mean_length for _, s in items]
    title = _(title)  # the default in the session's language; a title of the caller's own stays as it is
    numbers = ChartNumbers(
        title,
        (pgettext("chart legend", "games"), _("average length (turns)")),
        [(label, f"{value:.0f}") for (label, _), value in zip(items, means)],
    )

    def draw(fig: Figure) -> None:
        ax = fig.subplots()
        y = range(len(items))
        ax.barh(y, means, color=_SERIES[0], edgecolor="black")
        for row, value in zip(y, means):
            ax.text(value + max(means) * 0.01, row, f"{value:.0f}", va="center", ha="left")
        ax.set_yticks(list(y), [label for label, _ in items])
        ax.invert_yaxis()
        ax.set_xlim(0, max(means) * 1.12)
        ax.set_xlabel(_("average length of a game (turns)"))
        ax.set_title(title)

    return _chart(numbers, draw, 7, 0.45 * len(items) + 1.4)
