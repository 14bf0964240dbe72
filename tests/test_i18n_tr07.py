"""Notebook 07 (the family album) in Spanish and French: what the package shows there speaks the session's
language (the picture of what is known about Mosona, the two predictions and their chart, the
comparison widget), while the English stays as it was; and the translated 07 is there, whole, in both.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from awithlaknannai.analysis.frontier import SOLVED_POSITIONS, SOLVED_UP_TO
from awithlaknannai.analysis.plots import mean_length_bars
from awithlaknannai.analysis.saved import saved_selfplay
from awithlaknannai.i18n import use_language
from awithlaknannai.render.known import known_about_mosona_svg, known_about_mosona_text
from awithlaknannai.tutorial.predict import PREDICTIONS, predict
from awithlaknannai.tutorial.translate import read_catalog
from awithlaknannai.widgets import CompareWidget

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "07_family_album"

# Words of the English texts that no translation keeps (the names of games and people stay).
ENGLISH = re.compile(
    r"\b(against|nobody|knows|solved here|whole game|endgames|positions, solved|on average|"
    r"steps apart|shortest|the chart|first player|second player|to move|Stopped|Move \d+ of)\b"
)
WORDS = {
    "es": ("Lo que se sabe", "contra", "nadie lo sabe todavía", "gana", "empata", "pierde", "Damas inglesas"),
    "fr": (
        "Ce que l'on sait",
        "contre",
        "personne ne le sait encore",
        "gagne",
        "nulle",
        "perd",
        "Dames anglaises",
    ),
}


def _text(svg: str) -> str:
    return " ".join(re.findall(r">([^<>]+)<", svg))


@pytest.mark.parametrize("language", ["es", "fr"])
def test_the_picture_of_what_is_known_about_mosona_speaks_the_language(language: str) -> None:
    with use_language(language):
        svg, alternative = known_about_mosona_svg(), known_about_mosona_text()
    shown = _text(svg)
    for word in WORDS[language]:
        assert word in shown, word
    assert not ENGLISH.search(shown), ENGLISH.search(shown)
    assert not ENGLISH.search(alternative), ENGLISH.search(alternative)
    # The numbers are the same in every language.
    assert "57.0 / 25.9 / 17.1 %" in shown and f"{SOLVED_POSITIONS:,}" in alternative


def test_the_picture_in_english_is_as_it_was() -> None:
    with use_language("en"):
        shown, alternative = _text(known_about_mosona_svg()), known_about_mosona_text()
    up_to = f"Mosona, up to {SOLVED_UP_TO} a side"
    for words in ("5 against 5", "nobody knows yet", "Checkers", "2007: a draw", up_to):
        assert words in shown, words
    assert alternative.startswith("What is known about who wins Awithlaknannai Mosona. Solved here: every")
    assert "Nine Men's Morris: 1.0 × 10¹⁰ positions, solved in 1993, a draw" in alternative


@pytest.mark.parametrize("language", ["es", "fr"])
def test_who_wins_mosona_asks_and_answers_in_the_language(language: str) -> None:
    prediction = PREDICTIONS["07-who-wins-mosona"]
    with use_language(language):
        box = predict(prediction)
        reveal = prediction.reveal()
        question = repr(box)
    assert reveal.answer == "d"
    text = f"{reveal.summary} {reveal.explanation}"
    assert not ENGLISH.search(text), ENGLISH.search(text)
    assert ("Nadie" if language == "es" else "Personne") in reveal.summary
    assert "12" in text and "889" in text and "144" in text
    assert "Awithlaknannai Mosona" in question and "who wins" not in question


@pytest.mark.parametrize("language", ["es", "fr"])
def test_the_shortest_games_reveal_and_its_chart_speak_the_language(language: str) -> None:
    prediction = PREDICTIONS["07-shortest-games"]
    with use_language(language):
        reveal = prediction.reveal()
    text = f"{reveal.summary} {reveal.explanation}"
    assert not ENGLISH.search(text), ENGLISH.search(text)
    assert reveal.answer in prediction.choices
    assert "100" in text


@pytest.mark.parametrize(
    ("language", "title", "label"),
    [
        ("en", "How long is a game, on average?", "average length of a game (turns)"),
        ("es", "¿Cuánto dura una partida, de media?", "duración media de una partida (turnos)"),
        ("fr", "Combien de temps dure une partie, en moyenne ?", "durée moyenne d'une partie (tours)"),
    ],
)
def test_the_mean_length_chart_speaks_the_language(language: str, title: str, label: str) -> None:
    pytest.importorskip("matplotlib")
    stats = saved_selfplay("mosona", "standard", players="random", games=100, seed=1)
    with use_language(language):
        figure = mean_length_bars({"Mosona": stats})
    axes = figure.axes[0]  # type: ignore[union-attr]
    assert (axes.get_title(), axes.get_xlabel()) == (title, label)


@pytest.mark.parametrize(
    ("language", "stopped", "after", "buttons"),
    [
        (
            "en",
            "Stopped at move 5: T4-T3 is illegal here",
            "After 4 moves (last: T3-M4). White to move.",
            "Back",
        ),
        ("es", "Parada en la jugada 5: T4-T3 no está permitida aquí", "Juegan las Blancas.", "Atrás"),
        ("fr", "Arrêt au coup 5 : T4-T3 n'est pas permis ici", "Aux Blancs de jouer.", "En arrière"),
    ],
)
def test_the_comparison_widget_speaks_the_language(
    language: str, stopped: str, after: str, buttons: str
) -> None:
    with use_language(language):
        view = CompareWidget(
            [("mosona", "standard"), ("mosona", "ludii")],
            moves="1. B3-M4 T4xB3 2. M5-T4 T3-M4 3. T4-T3",
            animate=False,
        )
        view.go_to(4)
        status, caption = view.boards[0].status_text, view.caption.value
        view.go_to(5)
        stopped_text = view.boards[0].status_text
        preview = view.preview_html()
    assert stopped in stopped_text
    assert after in status
    assert "T3-M4" in caption and "4" in caption
    assert view.previous_button.description == buttons
    assert ("Run this cell" in preview) == (language == "en")


@pytest.mark.parametrize("language", ["es", "fr"])
def test_notebook_07_is_translated_whole(language: str) -> None:
    notebook = nbformat.read(ROOT / "notebooks" / language / f"{NOTEBOOK}.ipynb", as_version=4)
    assert notebook.cells[0].source.endswith(f'set_language("{language}")')
    markdown = "\n\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    catalog = read_catalog(ROOT / "translations" / language / f"{NOTEBOOK}.po", language)
    kept = [m.id for m in catalog if m.id and m.id != m.string and "\n" in m.id and m.id in markdown]
    assert not kept, kept[:2]
    assert "(08_write_a_player.ipynb)" in markdown  # 08 exists in the language: the link stays beside it
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    title = {"es": "Tuknanavuhpi, después de a2-a3", "fr": "Tuknanavuhpi, après a2-a3"}[language]
    assert f'title="{title}"' in code


@pytest.mark.parametrize(
    ("language", "headings"),
    [
        ("en", "pieces (to move v other)  positions  won  lost  drawn"),
        ("es", "piezas (la que mueve v la otra)  posiciones  ganadas  perdidas  empatadas"),
        ("fr", "pièces (au trait v l'autre)  positions  gagnées  perdues  nulles"),
    ],
)
def test_the_endgame_summary_speaks_the_language(language: str, headings: str) -> None:
    from awithlaknannai.tables.solver import solve_endgames

    tables = solve_endgames("zuni-3", max_pieces=1, cache_dir=False)
    with use_language(language):
        lines = tables.summary().splitlines()
    assert re.sub(" {2,}", "  ", lines[0]) == headings
    assert lines[1].split() == ["1", "v", "1", "90", "20", "0", "70"]
