"""Pictures that show in any notebook viewer, trusted or not, with a text alternative.

JupyterLab does not draw an ``image/svg+xml`` output of a notebook it does
not trust (every notebook a student has just opened: it prints
``<IPython.core.display.SVG object>`` instead), and when it does, it shows
the SVG as an ``<img>`` without ``alt``, so a screen reader says nothing; an
``image/png`` output gets no ``alt`` either. A :class:`Picture` is shown as
a little ``text/html`` instead: one ``<img>`` whose ``alt`` is the picture's
title and description and whose ``src`` is the picture itself as a
``data:`` URI. JupyterLab's HTML sanitizer keeps ``alt``, ``width``,
``height`` and a ``data:`` ``src`` on an ``<img>`` in untrusted notebooks,
and Voila, nbviewer and nbconvert's HTML prefer ``text/html`` to any image
type, so the same saved output shows everywhere.

The embedded image is the SVG itself by default: an SVG drawn by an
``<img>`` runs no scripts, stays sharp at any zoom (a projector, a
high-density screen) and is about a third of the size of a PNG that is
sharp at twice the size. ``image="png"`` embeds a PNG drawn by cairosvg at
:data:`PNG_SCALE` times the SVG's size instead, for viewers that do not draw
SVG images; without cairosvg it quietly keeps the SVG.

Examples
--------
>>> from awithlaknannai.render import Picture, board_svg
>>> from awithlaknannai.boards import mosona
>>> picture = Picture(board_svg(mosona()))
>>> picture
Picture('Awithlaknannai Mosona: 25 points joined by 54 line segments along 19 drawn lines; no pieces.')
>>> data, metadata = picture._repr_mimebundle_()
>>> sorted(data), data["text/plain"] == picture.alt
(['text/html', 'text/plain'], True)
>>> data["text/html"][:44]
'<img alt="Awithlaknannai Mosona: 25 points j'
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

from ..i18n import _

__all__ = ["MAX_SVG_CHARS", "PNG_SCALE", "Picture"]

PNG_SCALE = 2
"""How many PNG pixels per SVG pixel: 2 stays sharp when a projector or a
high-density screen enlarges the picture, and keeps a board near 30-50 kB."""

MAX_SVG_CHARS = 5_000_000
"""The largest SVG text a Picture accepts (the renderer's largest pictures are under 200 kB)."""

_CSS_PIXELS = {"": 1.0, "px": 1.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0, "pt": 96 / 72, "pc": 16.0}
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|mm|cm|in|pt|pc)?\s*$")
_ROOT = re.compile(r"<svg\b[^>]*>", re.DOTALL)


def _first_text(svg: str, tag: str) -> str:
    """The text of the first ``<tag>`` element, entities decoded and spaces collapsed."""
    match = re.search(rf"<{tag}\b[^>]*>(.*?)</{tag}\s*>", svg, re.DOTALL)
    if match is None:
        return ""
    text = re.sub(r"<[^>]*>", "", match.group(1))  # markup inside a title is not read aloud
    return " ".join(html.unescape(text).split())


def _attribute(tag: str, name: str) -> str | None:
    match = re.search(rf"\s{name}\s*=\s*(\"[^\"]*\"|'[^']*')", tag)
    return match.group(1)[1:-1] if match else None


def _css_size(svg: str) -> tuple[float, float] | None:
    """The SVG's display size in CSS pixels, from ``width``/``height`` or the viewBox."""
    root = _ROOT.search(svg)
    if root is None:
        return None
    tag = root.group(0)
    sizes = []
    for name in ("width", "height"):
        value = _attribute(tag, name)
        match = _LENGTH.match(value) if value else None
        sizes.append(float(match.group(1)) * _CSS_PIXELS[match.group(2) or ""] if match else None)
    if None in sizes:
        box = (_attribute(tag, "viewBox") or "").replace(",", " ").split()
        try:
            sizes = [float(box[2]), float(box[3])]
        except (IndexError, ValueError):
            return None
    width, height = sizes
    if not (width and height and width > 0 and height > 0):
        return None
    return width, height


def _png(svg: str) -> bytes | None:
    """The SVG drawn as a PNG by cairosvg, or None when cairosvg or its Cairo library is missing."""
    from .export import _cairosvg, png_bytes

    try:
        _cairosvg()
    except ValueError:  # not installed: the picture keeps its SVG
        return None
    return png_bytes(svg, scale=PNG_SCALE)


def _figure_alt(figure: Any) -> str:
    """A short text alternative for a matplotlib figure: its titles, axes, categories and series.

    The connecting words are in the session's language (the chart's own texts are as they were drawn).

    >>> from matplotlib.figure import Figure
    >>> from awithlaknannai.i18n import use_language
    >>> fig = Figure()
    >>> _ = fig.subplots().plot([1, 2], label="Mosona")
    >>> _ = fig.axes[0].set_xlabel("turns"), fig.axes[0].set_ylabel("games"), fig.axes[0].legend()
    >>> _figure_alt(fig)
    'A chart of games by turns; series: Mosona.'
    >>> with use_language("es"):
    ...     _figure_alt(fig)
    'Un gráfico de games según turns; series: Mosona.'
    """

    def clean(texts: Any) -> list[str]:
        return [" ".join(t.get_text().split()) for t in texts if t.get_text().strip()]

    def worded(labels: list[str]) -> list[str]:  # category names, not numbers
        return [label for label in labels if re.search(r"[^\W\d_]", label)]

    sentences = []
    if hasattr(figure, "get_suptitle"):  # matplotlib >= 3.8
        suptitle = " ".join(figure.get_suptitle().split())
    else:
        text = getattr(figure, "_suptitle", None)
        suptitle = " ".join(text.get_text().split()) if text is not None else ""
    if suptitle:
        sentences.append(suptitle if suptitle[-1] in "?!." else suptitle + ".")
    legends = getattr(figure, "legends", [])  # legends of the whole figure, beside the axes
    figure_series = [label for legend in legends for label in clean(legend.get_texts())]
    for number, axes in enumerate(figure.axes):
        title = " ".join(axes.get_title().split())
        x_label, y_label = " ".join(axes.get_xlabel().split()), " ".join(axes.get_ylabel().split())
        measure = (
            _("{y_label} by {x_label}").format(y_label=y_label, x_label=x_label)
            if x_label and y_label
            else x_label or y_label
        )
        categories = worded(clean(axes.get_xticklabels())) + worded(clean(axes.get_yticklabels()))
        legend = axes.get_legend()
        series = clean(legend.get_texts()) if legend is not None else []
        if number == 0:
            series += figure_series
        # A noun phrase grown piece by piece ("chart of ... for ...; series: ..."), then its article.
        words = _("chart of {measure}").format(measure=measure) if measure else _("chart")
        if categories:
            words = _("{chart} for {categories}").format(chart=words, categories=", ".join(categories))
        if series:
            words = _("{chart}; series: {series}").format(chart=words, series=", ".join(series))
        if title:
            if title[-1] in "?!.":
                words = _("{title} A {chart}").format(title=title, chart=words)
            else:
                words = _("{title}: a {chart}").format(title=title, chart=words)
        elif measure or categories or series:
            words = _("A {chart}").format(chart=words)
        else:
            continue
        sentences.append(words + ".")
    return " ".join(sentences)


_IMAGES = ("svg", "png")


class Picture:
    """One SVG picture, shown in notebooks as an image with a text alternative.

    Parameters
    ----------
    svg : str
        SVG text, e.g. from :func:`~awithlaknannai.render.board_svg`,
        :func:`~awithlaknannai.render.position_svg` or
        :func:`~awithlaknannai.render.compare_boards_svg`.
    alt : str, optional
        What a screen reader reads for the picture (and what a viewer that
        shows no images prints). By default the SVG's own ``<title>`` and
        ``<desc>`` (the title alone when the description repeats it).
    image : {"svg", "png"}
        What the notebook saves: the SVG (smallest, sharp at any size) or a
        PNG drawn by cairosvg (the SVG again when cairosvg is missing).

    Raises
    ------
    TypeError
        If ``svg`` or ``alt`` is not a str.
    ValueError
        If ``svg`` is not SVG text or longer than :data:`MAX_SVG_CHARS`, if
        there is no text alternative (an empty ``alt``, or no ``alt`` and an
        SVG without title or description), or for an unknown ``image``.

    Examples
    --------
    >>> from awithlaknannai.render import position_svg
    >>> from awithlaknannai.position import Position
    >>> print(Picture(position_svg(Position.start("mosona"))).alt)
    Awithlaknannai Mosona: White to move. Awithlaknannai Mosona, White to move, 12 white and 12 black pieces.
    >>> Picture('<svg xmlns="http://www.w3.org/2000/svg"/>', alt="An empty frame").html()[:42]
    '<img alt="An empty frame" src="data:image/'
    >>> Picture("a board")
    Traceback (most recent call last):
    ...
    ValueError: Picture needs SVG text starting with <svg, got 'a board'
    """

    __slots__ = ("_alt", "_image", "_svg")

    def __init__(self, svg: str, *, alt: str | None = None, image: str = "svg") -> None:
        if not isinstance(svg, str):
            raise TypeError(f"Picture needs SVG text (a str), got {type(svg).__name__}")
        if alt is not None and not isinstance(alt, str):
            raise TypeError(f"alt must be a str or None, got {type(alt).__name__}")
        if image not in _IMAGES:
            raise ValueError(f"image must be 'svg' or 'png', got {image!r}")
        if len(svg) > MAX_SVG_CHARS:
            raise ValueError(
                f"the SVG text is {len(svg):,} characters; a Picture takes at most {MAX_SVG_CHARS:,}"
            )
        start = svg.lstrip()
        if not start.startswith(("<svg", "<?xml")) or _ROOT.search(svg) is None:
            raise ValueError(f"Picture needs SVG text starting with <svg, got {start[:40]!r}")
        if alt is None:
            title, desc = _first_text(svg, "title"), _first_text(svg, "desc")
            if title and desc and title not in desc:
                alt = f"{title.rstrip('.')}. {desc}"
            else:
                alt = desc or title
            if not alt:
                raise ValueError(
                    "the SVG has no <title> or <desc>: give the picture a text alternative with alt="
                )
        alt = " ".join(alt.split())
        if not alt:
            raise ValueError("alt is empty: every picture needs a text alternative")
        self._svg = svg
        self._alt = alt
        self._image = image

    @classmethod
    def from_figure(cls, figure: Any, *, alt: str | None = None) -> Picture:
        """A matplotlib figure as a Picture: its SVG, and a text alternative from its texts.

        JupyterLab gives the PNG matplotlib shows in a notebook no ``alt``;
        ``display(Picture.from_figure(fig))`` shows the same chart as an
        image a screen reader can name. The default ``alt`` names the
        chart's title, what it measures, its categories and its series
        (the numbers belong in a table beside it). The project's bar charts
        (:mod:`awithlaknannai.analysis.plots`) carry their numbers, and the
        default ``alt`` ends with them in words. Where matplotlib is missing
        those charts give their numbers as a table instead
        (:class:`~awithlaknannai.analysis.plots.ChartNumbers`): it is
        returned as it is, so ``Picture.from_figure(result_bars(...))`` shows
        the table.

        Raises
        ------
        TypeError
            If ``figure`` is not a matplotlib figure (or a chart's table).
        ValueError
            If the figure has no title, labels or legend and no ``alt`` is given.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> fig = Figure(figsize=(3, 2))
        >>> ax = fig.subplots()
        >>> _ = ax.bar(["mosona", "kolowis"], [12, 23], label="pieces each")
        >>> _ = ax.set_title("How many pieces?"), ax.legend()
        >>> Picture.from_figure(fig).alt
        'How many pieces? A chart for mosona, kolowis; series: pieces each.'
        """
        from ..analysis.plots import ChartNumbers

        if isinstance(figure, ChartNumbers):  # no matplotlib here: the chart's numbers, as a table
            return figure  # type: ignore[return-value]
        if not callable(getattr(figure, "savefig", None)) or not hasattr(figure, "axes"):
            raise TypeError(f"from_figure needs a matplotlib Figure, got {type(figure).__name__}")
        import io

        import matplotlib

        if alt is None:
            alt = _figure_alt(figure)
            if not alt:
                raise ValueError(
                    "the figure has no title, axis labels or legend: give it a text alternative with alt="
                )
            numbers = getattr(figure, "awithlaknannai_numbers", None)
            if isinstance(numbers, ChartNumbers):
                alt = _("{alt} The numbers: {numbers}").format(alt=alt, numbers=numbers.sentence())
        buffer = io.BytesIO()
        # A fixed salt and no date: the same figure gives the same SVG on every run.
        with matplotlib.rc_context({"svg.hashsalt": "awithlaknannai", "svg.fonttype": "path"}):
            figure.savefig(buffer, format="svg", metadata={"Date": None})
        return cls(buffer.getvalue().decode("utf-8"), alt=alt)

    @property
    def svg(self) -> str:
        """The SVG text."""
        return self._svg

    @property
    def alt(self) -> str:
        """The text alternative: what a screen reader reads."""
        return self._alt

    def __repr__(self) -> str:
        return f"Picture({self._alt!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Picture):
            return NotImplemented
        return (self._svg, self._alt, self._image) == (other._svg, other._alt, other._image)

    def __hash__(self) -> int:
        return hash((self._svg, self._alt, self._image))

    def html(self) -> str:
        """The picture as one ``<img>`` element: its ``alt``, its CSS size, the image as a ``data:`` URI."""
        png = _png(self._svg) if self._image == "png" else None
        if png is None:
            encoded = base64.b64encode(self._svg.encode("utf-8")).decode("ascii")
            source = f"data:image/svg+xml;base64,{encoded}"
        else:
            source = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        size = _css_size(self._svg)
        # width and height reserve the room before the image loads; CSS lets it shrink to narrow outputs.
        dimensions = (
            ""
            if size is None
            else (f' width="{round(size[0])}" height="{round(size[1])}" style="max-width:100%;height:auto"')
        )
        # The alt text is in the picture's language (its root's lang): said so, a screen reader reads it
        # with that language's sounds whatever the page's. After alt, which nbval's sanitizer expects first.
        root = _ROOT.search(self._svg)
        language = _attribute(root.group(0), "lang") if root else None
        said_in = f' lang="{html.escape(language, quote=True)}"' if language else ""
        return f'<img alt="{html.escape(self._alt, quote=True)}"{said_in}{dimensions} src="{source}">'

    def mimebundle(self, *, plain: bool = True) -> tuple[dict[str, str], dict[str, Any]]:
        """The display data a notebook saves: ``text/html`` and (with ``plain``) ``text/plain``.

        ``plain=False`` leaves ``text/plain`` out, so an object that shows
        itself as a Picture keeps its own ``repr`` as its text form.
        """
        data = {"text/html": self.html()}
        if plain:
            data["text/plain"] = self._alt
        return data, {}

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, str], dict[str, Any]]:
        return self.mimebundle()
