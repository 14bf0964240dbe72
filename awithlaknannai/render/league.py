"""The printable results sheet of a league: the standings and who beat whom, on one page.

One table, as chess clubs print a tournament: each row is a player in
standings order (place, name, games, won, drawn, lost, points, rating,
forfeits), and the grid on its right gives that player's points against
each other player, the columns numbered by row. A line under the table says
how ties on points are broken (:data:`~awithlaknannai.league.games.TIE_BREAKS`);
players who share a place show it as ``3-4``. The numbers carry all the
information; the tint of a cell (a win, a loss or an even score) only helps
the eye, and an asterisk marks a score that includes a game lost by forfeit.
The page is A4 landscape in millimetres (longer for large leagues); the
picture has a title and a description for screen readers.

Examples
--------
>>> from awithlaknannai.league import run_league
>>> results = run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)
>>> svg = league_sheet_svg(results)
>>> svg.startswith("<svg") and 'width="297mm"' in svg
True
>>> from awithlaknannai.render import Picture
>>> print(Picture(svg).alt)
League on zuni-3: results. 2 players on zuni-3 (standard rules), 2 games. 1. casual, 2 points, rating 1631; 2. beginner, 0 points, rating 1369. The grid gives each row player's points against each column player (columns numbered in the order of the rows).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..i18n import N_
from ..i18n import gettext as _
from .export import _FONT, _xml
from .picture import Picture
from .style import BOARD
from .svg_text import _element, _finish, _num, _open_svg

if TYPE_CHECKING:
    from ..league.results import LeagueResults

__all__ = ["league_sheet", "league_sheet_svg"]

_PAGE_W, _PAGE_H = 297.0, 210.0  # A4 landscape, mm
_MARGIN = 12.0
_INK = "#1f1f24"
_RULE = "#8c8477"
# Light tints behind dark text (contrast above 12:1 on each); the numbers say the same thing.
_TINT = {"ahead": "#d8eee2", "behind": "#f9e0cf", "even": "#ececec", "self": "#b9b2a6"}
# Columns of the standings part: (heading, width in mm, alignment).
_COLUMNS = (
    ("#", 10.0, "end"),
    (N_("player"), 40.0, "start"),
    (N_("games"), 12.0, "end"),
    (N_("won"), 11.0, "end"),
    (N_("drawn"), 12.0, "end"),
    (N_("lost"), 10.0, "end"),
    (N_("points"), 13.0, "end"),
    (N_("rating"), 13.0, "end"),
    (N_("forfeits"), 16.0, "end"),
)


def _points(points: float) -> str:
    whole = int(points)
    if points - whole >= 0.5:
        return f"{whole}½" if whole else "½"
    return str(whole)


def _text(
    text: str,
    x: float,
    y: float,
    size: float,
    anchor: str = "start",
    bold: bool = False,
    fill: str = _INK,
    css: str | None = None,
) -> str:
    return _element(
        "text",
        _xml(text),
        x=x,
        y=y,
        font_family=_FONT,
        font_size=size,
        text_anchor=anchor,
        font_weight="bold" if bold else None,
        fill=fill,
        class_=css,
    )


def _description(results: LeagueResults, rows: list) -> str:
    variant = results.variant
    standings = "; ".join(
        _("{place}. {name}, {points} points, rating {rating}").format(
            place=r.place or r.rank, name=r.name, points=_points(r.points), rating=f"{r.rating:.0f}"
        )
        + (_(", {count} lost by forfeit").format(count=r.forfeits) if r.forfeits else "")
        for r in rows
    )
    return _(
        "{players} players on {variant} ({rules} rules), {games} games. {standings}. The grid gives each "
        "row player's points against each column player (columns numbered in the order of the rows)."
    ).format(
        players=len(results.players),
        variant=variant.name,
        rules=variant.rules.to_text(),
        games=len(results.games),
        standings=standings,
    )


def league_sheet_svg(results: LeagueResults, *, page: bool = True) -> str:
    """The results sheet of a league as SVG text: print it, or show it with ``Picture``.

    Parameters
    ----------
    results : LeagueResults
        From :func:`~awithlaknannai.league.run_league` or
        :meth:`~awithlaknannai.league.LeagueResults.load`.
    page : bool
        ``True``: a whole A4 landscape page, to print. ``False``: only as
        large as the table, so that a small league reads well on a screen.

    Returns
    -------
    str
        SVG text, measured in millimetres (A4 landscape, or longer for a
        league too large to fit; smaller with ``page=False``).
    """
    from ..league.results import LeagueResults

    if not isinstance(results, LeagueResults):
        raise TypeError(f"league_sheet_svg draws LeagueResults, got {type(results).__name__}")
    rows = list(results.standings())
    count = len(rows)
    table = results.cross_table()
    forfeited = Counter((f.player, g.opponent(f.player)) for g in results.games for f in g.forfeits)

    inner_w = _PAGE_W - 2 * _MARGIN
    standings_w = sum(width for _, width, _ in _COLUMNS)
    header_h = 22.0
    footer_lines = _footer(results)
    footer_h = 4.5 * (len(footer_lines) + 1)
    row_h = max(3.6, min(6.0, (_PAGE_H - 2 * _MARGIN - header_h - footer_h) / (count + 1)))
    cell = max(3.6, min(9.0, (inner_w - standings_w - 4) / max(1, count)))
    size = min(3.2, row_h * 0.62, cell * 0.55 if count > 9 else 3.2)
    page_h = 2 * _MARGIN + header_h + (count + 1) * row_h + footer_h
    page_w = 2 * _MARGIN + standings_w + 4 + count * cell
    if page:
        page_h, page_w = max(_PAGE_H, page_h), max(_PAGE_W, page_w)
    else:  # room for the longest line of text too (about half a font size a character)
        longest = max(len(line) for line in [results.title, *footer_lines]) * 2.9 * 0.5
        page_w = max(page_w, 2 * _MARGIN + longest, 2 * _MARGIN + len(results.title) * 6.5 * 0.6)

    title = _("{title}: results").format(title=results.title)
    parts = _open_svg(page_w, page_h, title, _description(results, rows))
    parts[0] = parts[0].replace(
        f'width="{_num(page_w)}" height="{_num(page_h)}"',
        f'width="{_num(page_w)}mm" height="{_num(page_h)}mm"',
        1,
    )
    parts.append(_element("rect", x=0, y=0, width=page_w, height=page_h, fill="#ffffff", class_="page"))
    left, y = _MARGIN, _MARGIN
    parts.append(_text(results.title, left, y + 6, 6.5, bold=True, css="title"))
    variant = results.variant
    settings = results.settings
    details = [
        _("{variant}, {rules} rules").format(variant=variant.name, rules=variant.rules.to_text()),
        _("{count} players").format(count=len(results.players)),
        _("{count} games ({per_pair} a pair, colours swapped)").format(
            count=len(results.games), per_pair=settings.get("games_per_pair", "?")
        ),
    ]
    if settings.get("time_limit"):
        details.append(_("{seconds} s a move").format(seconds=f"{settings['time_limit']:g}"))
    if settings.get("seed") is not None:
        details.append(_("seed {seed}").format(seed=settings["seed"]))
    parts.append(_text(" · ".join(details), left, y + 12.5, 3.3))
    y += header_h

    # Headings: the standings' columns, then the grid's column numbers.
    x = left
    for heading, width, anchor in _COLUMNS:
        parts.append(
            _text(
                str(heading),
                x + (width - 1 if anchor == "end" else 0),
                y + row_h * 0.7,
                size,
                anchor=anchor,
                bold=True,
            )
        )
        x += width
    grid_x = left + standings_w + 4
    for j in range(count):
        parts.append(
            _text(str(j + 1), grid_x + (j + 0.5) * cell, y + row_h * 0.7, size, anchor="middle", bold=True)
        )
    parts.append(
        _element(
            "path",
            d=f"M{_num(left)} {_num(y + row_h)} H{_num(grid_x + count * cell)}",
            stroke=_INK,
            stroke_width=0.35,
        )
    )
    y += row_h

    for i, row in enumerate(rows):
        top = y + i * row_h
        if i % 2 == 1:  # banding, so a long line is easy to follow across the page
            parts.append(_element("rect", x=left, y=top, width=standings_w, height=row_h, fill="#f6f3ec"))
        cells = [
            row.place or str(row.rank),
            row.name,
            str(row.games),
            str(row.wins),
            str(row.draws),
            str(row.losses),
            _points(row.points),
            f"{row.rating:.0f}",
            str(row.forfeits) if row.forfeits else "",
        ]
        x = left
        for text, (_heading, width, anchor) in zip(cells, _COLUMNS):
            shown = text if len(text) <= 22 else text[:21] + "…"
            parts.append(
                _text(
                    shown, x + (width - 1 if anchor == "end" else 0), top + row_h * 0.7, size, anchor=anchor
                )
            )
            x += width
        for j, other in enumerate(rows):
            cx = grid_x + j * cell
            if other.name == row.name:
                parts.append(_element("rect", x=cx, y=top, width=cell, height=row_h, fill=_TINT["self"]))
                continue
            points, games = table[row.name][other.name]
            if games == 0:
                continue
            tint = "ahead" if points * 2 > games else "behind" if points * 2 < games else "even"
            parts.append(
                _element(
                    "rect", x=cx, y=top, width=cell, height=row_h, fill=_TINT[tint], class_=f"score {tint}"
                )
            )
            mark = "*" if forfeited[(row.name, other.name)] else ""
            parts.append(
                _text(_points(points) + mark, cx + cell / 2, top + row_h * 0.7, size * 0.95, anchor="middle")
            )
    bottom = y + count * row_h
    grid_lines = [f"M{_num(grid_x + j * cell)} {_num(y - row_h)} V{_num(bottom)}" for j in range(count + 1)]
    grid_lines += [f"M{_num(grid_x)} {_num(y + i * row_h)} h{_num(count * cell)}" for i in range(count + 1)]
    parts.append(
        _element("path", d=" ".join(grid_lines), stroke=_RULE, stroke_width=0.2, fill="none", class_="grid")
    )
    parts.append(
        _element(
            "path",
            d=f"M{_num(left)} {_num(bottom)} H{_num(grid_x + count * cell)}",
            stroke=_INK,
            stroke_width=0.35,
        )
    )

    y = bottom + 5
    for line in footer_lines:
        parts.append(_text(line, left, y, 2.9, fill=BOARD["label"]))
        y += 4.5
    parts.append("</svg>")
    return _finish(parts)


def _footer(results: LeagueResults) -> list[str]:
    """Notes under the table: how to read it, how ties are broken, the rating, and the forfeits by player."""
    from ..league.games import TIE_BREAKS

    lines = [
        _(TIE_BREAKS),  # marked for translation where it is made, in league.games
        _(
            "Grid: the row player's points against the column player (win 1, draw ½). Tints: green ahead, "
            "orange behind, grey even; * includes a game lost by forfeit."
        ),
        _(
            "Rating: Elo-style, from all games at once (1500 = average; 200 points ahead means an expected "
            "score of about 76%)."
        ),
    ]
    kinds: dict[str, Counter[str]] = {}
    for forfeit in results.forfeits():
        kinds.setdefault(forfeit.player, Counter())[forfeit.kind] += 1
    if kinds:
        summary = "; ".join(
            f"{name}: " + ", ".join(f"{n} {kind}" for kind, n in counter.most_common())
            for name, counter in kinds.items()
        )
        text = _("Lost by forfeit: {summary}").format(summary=summary)
        while text:
            lines.append(text[:150])
            text = text[150:]
    return lines


def league_sheet(results: LeagueResults, *, page: bool = True) -> Picture:
    """The printable results sheet as a :class:`~awithlaknannai.render.Picture` (with a text alternative).

    ``.svg`` is the text to save or print; ``page=False`` crops it to the table, to read on a screen.
    """
    return Picture(league_sheet_svg(results, page=page))
