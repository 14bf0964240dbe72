"""Notebook 06 (the variants lab) in Spanish and French: the package's own words it shows.

The self-play statistics and their tables, a solved game's result, the charts' words and text
alternatives, the four predictions and their answers, the exercise's feedback and the compare
widget, each made inside ``use_language`` and read back; the English stays word for word.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from awithlaknannai.analysis.plots import length_histograms, result_bars
from awithlaknannai.analysis.saved import saved_selfplay, saved_value
from awithlaknannai.analysis.selfplay import SelfplayStatistics, SelfplayTable
from awithlaknannai.i18n import use_language
from awithlaknannai.render import Picture
from awithlaknannai.tables.values import Value
from awithlaknannai.tutorial import check, translate
from awithlaknannai.tutorial.predict import predict
from awithlaknannai.widgets import CompareWidget

LANGUAGES = ("es", "fr")
ROOT = Path(__file__).resolve().parent.parent
OPENING = "1. M5-M4 M3xM5 2. M6xM4 T2-M3 3. B3xT2 T4xB3 4. T2xT4 T5xT3 5. B1xT2xT4 B3xB1"


@pytest.fixture(scope="module")
def culin() -> SelfplayStatistics:
    return saved_selfplay("mosona", "standard", players="random", games=100, seed=1)


@pytest.fixture(scope="module")
def murray() -> SelfplayStatistics:
    return saved_selfplay("mosona-murray", "standard", players="random", games=100, seed=1)


SUMMARY = {
    "es": [
        "mosona / standard: 100 partidas de random (1) vs random (2)",
        "el primer jugador ganó 38 (38 %), el segundo jugador ganó 51 (51 %), empates 11 (11 %)",
        "duración: media 46.5 turnos, mediana 35.5, la más corta 17, la más larga 119",
        "piezas que quedan (media): primer jugador 2.1, segundo jugador 3.1",
        "cómo terminaron: no quedan piezas 88, límite de turnos sin captura 8, posición repetida 3, "
        "ninguna jugada permitida 1",
    ],
    "fr": [
        "mosona / standard : 100 parties de random (1) vs random (2)",
        "le premier joueur a gagné 38 (38 %), le second joueur a gagné 51 (51 %), nulles 11 (11 %)",
        "durée : moyenne 46.5 tours, médiane 35.5, la plus courte 17, la plus longue 119",
        "pièces restantes (moyenne) : premier joueur 2.1, second joueur 3.1",
        "comment elles ont fini : plus aucune pièce 88, limite de tours sans prise 8, position répétée 3, "
        "aucun coup permis 1",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_selfplay_summary_speaks_the_language(language: str, culin: SelfplayStatistics) -> None:
    with use_language(language):
        text, page = culin.to_text(), culin._repr_html_()
    assert text.splitlines() == SUMMARY[language]
    assert "ganó" in page if language == "es" else "a gagné" in page


# The rows of the side-by-side table (its first column), as 06 shows it.
ROWS = {
    "es": [
        "variante",
        "reglas",
        "jugadores",
        "gana el primero",
        "empates",
        "turnos (media)",
        "quedan al segundo",
    ],
    "fr": [
        "variante",
        "règles",
        "joueurs",
        "le premier gagne",
        "nulles",
        "tours (moyenne)",
        "restent au second",
    ],
}
REASONS = {"es": "posición repetida", "fr": "position répétée"}
REGION = {"es": "Resultados de las partidas", "fr": "Résultats des parties"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_selfplay_tables_speak_the_language(
    language: str, culin: SelfplayStatistics, murray: SelfplayStatistics
) -> None:
    table = SelfplayTable([culin, murray])
    with use_language(language):
        side, page, wide = str(table.side_by_side()), table.side_by_side()._repr_html_(), table._repr_html_()
    names = [line.split("  ")[0].strip() for line in side.splitlines()]
    assert set(ROWS[language]) <= set(names)
    assert REASONS[language] in names and "position repeated" not in side
    assert f'aria-label="{REGION[language]}' in page and f'aria-label="{REGION[language]}' in wide
    # The numbers and the names stay: the same table in English but for its words
    assert side.splitlines()[0].split()[-2:] == ["mosona", "mosona-murray"]
    english = str(table.side_by_side())
    assert english.splitlines()[1].split() == ["rules", "standard", "standard"]
    assert "position repeated" in english


RESULTS = {
    "es": (
        "empate",
        "gana en 13 jugadas (25 turnos)",
        "gana en 1 jugada (1 turno)",
        "pierde en 1 jugada (2 turnos)",
    ),
    "fr": ("nulle", "gagne en 13 coups (25 tours)", "gagne en 1 coup (1 tour)", "perd en 1 coup (2 tours)"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_solved_result_reads_in_the_language(language: str) -> None:
    with use_language(language):
        shown = (
            str(saved_value("zuni-3", "standard")),
            str(saved_value("zuni-4", "standard")),
            str(Value("win", 1)),
            str(Value("loss", 2)),
        )
        on_pieces = str(Value("loss", None, stand_in=True))
    assert shown == RESULTS[language]
    assert "(" in on_pieces and "loss" not in on_pieces
    # English word for word as before, and the attributes a program reads stay English
    assert str(saved_value("zuni-4", "standard")) == "win in 13 moves (25 plies)"
    assert str(Value("win", 1)) == "win in 1 move (1 ply)"
    assert saved_value("zuni-4", "standard").outcome == "win"


CHART_WORDS = {
    "es": ("¿Cuánto dura una partida?", "duración de la partida (turnos)", "¿Quién gana?", "Un gráfico de"),
    "fr": (
        "Combien de temps dure une partie ?",
        "durée de la partie (tours)",
        "Qui gagne ?",
        "Un graphique de",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_charts_speak_the_language(
    language: str, culin: SelfplayStatistics, murray: SelfplayStatistics
) -> None:
    pytest.importorskip("matplotlib")
    title, x_label, who, chart = CHART_WORDS[language]
    with use_language(language):
        lengths = length_histograms({"a": culin, "b": murray})
        results = result_bars({"a": culin, "b": murray})
        lengths_alt, results_alt = Picture.from_figure(lengths).alt, Picture.from_figure(results).alt
    assert lengths.axes[0].get_title() == title and lengths.axes[0].get_xlabel() == x_label
    assert results.axes[0].get_title() == who
    assert lengths_alt.startswith(f"{title} {chart}") and results_alt.startswith(f"{who} {chart}")
    assert " by " not in lengths_alt and "The numbers" not in results_alt
    english = Picture.from_figure(length_histograms({"a": culin, "b": murray})).alt
    assert english == "How long is a game? A chart of games by length of the game (turns); series: a, b."


QUESTIONS = {
    "es": {
        "06-random-lengths": "¿En qué dibujo son más cortas las partidas, de media?",
        "06-who-wins-random": "¿qué jugador gana más a menudo?",
        "06-optional-chains": "Más largas",
        "06-drawing-decides": "Sin ellas (al estilo de Murray)",
    },
    "fr": {
        "06-random-lengths": "Sur quel dessin les parties sont-elles plus courtes, en moyenne ?",
        "06-who-wins-random": "quel joueur gagne le plus souvent ?",
        "06-optional-chains": "Plus longues",
        "06-drawing-decides": "Sans elles (style de Murray)",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "prediction", ["06-random-lengths", "06-who-wins-random", "06-optional-chains", "06-drawing-decides"]
)
def test_the_06_predictions_ask_in_the_language(language: str, prediction: str) -> None:
    with use_language(language):
        shown = repr(predict(prediction))
    assert QUESTIONS[language][prediction] in shown


ANSWERS = {
    "es": (
        "De media, una partida duró 47 turnos en el tablero de Culin y 39 en el dibujo de Murray.",
        "Tablero de Culin",
    ),
    "fr": (
        "En moyenne, une partie a duré 47 tours sur le plateau de Culin et 39 sur le dessin de Murray.",
        "Plateau de Culin",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_06_answer_comes_in_the_language(language: str) -> None:
    pytest.importorskip("matplotlib")
    summary, series = ANSWERS[language]
    with use_language(language):
        box = predict("06-random-lengths")
        box.guess_input.value = box.guess_input.options[1]
        box.lock_in()
    assert box.revealed is not None
    assert box.revealed.summary == summary
    assert "24 " in box.revealed.explanation and "Murray" in box.revealed.explanation
    assert box.revealed.picture is not None and series in box.revealed.picture.alt


FEEDBACK = {
    "es": ("Esperaba un valor `Rules(...)`, pero he recibido 3.", "Escribe, por ejemplo,"),
    "fr": ("J'attendais une valeur `Rules(...)`, mais j'ai reçu 3.", "Écris par exemple"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_06_exercise_answers_a_wrong_kind_in_the_language(language: str) -> None:
    message, hint = FEEDBACK[language]
    with use_language(language):
        feedback = check("06-optional-chains", 3)
    assert feedback.message == message
    assert feedback.hint.startswith(hint)
    assert check("06-optional-chains", 3).message == "I expected a `Rules(...)` value, but got 3."


STATUS = {
    "es": (
        "Después de 10 jugadas (la última: B3xB1). Juegan las Blancas.",
        "Parada en la jugada 7: T2xT4 no está permitida aquí",
        "reglas standard",
        "en el dibujo de Murray de 1952",
        "Jugada 10 de 10:",
        "Posición inicial. Juegan las Blancas.",
    ),
    "fr": (
        "Après 10 coups (le dernier : B3xB1). Aux Blancs de jouer.",
        "Arrêt au coup 7 : T2xT4 n'est pas permis ici",
        "règles standard",
        "sur le dessin de Murray de 1952",
        "Coup 10 sur 10 :",
        "Position de départ. Aux Blancs de jouer.",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compare_widget_speaks_the_language(language: str) -> None:
    after, stopped, rules, drawing, caption, start = STATUS[language]
    with use_language(language):
        view = CompareWidget(["mosona", "mosona-murray"], moves=OPENING, animate=False)
        statuses = [board.status_text for board in view.boards]
        titles, shown_caption = [title.value for title in view.titles], view.caption.value
        view.go_to(0)
        at_start = view.boards[0].status_text
    assert statuses[0] == after
    assert stopped in statuses[1]
    assert all(rules in title for title in titles) and drawing in titles[1]
    assert shown_caption.startswith(caption) and at_start == start
    english = CompareWidget(["mosona", "mosona-murray"], moves=OPENING, animate=False)
    assert english.boards[0].status_text == "After 10 moves (last: B3xB1). White to move."


@pytest.mark.parametrize("language", LANGUAGES)
def test_notebook_06_has_every_paragraph_translated(language: str) -> None:
    source = translate.source_notebook("06", ROOT)
    catalog = translate.read_catalog(translate.catalog_path(source, language, ROOT), language)
    template = translate.notebook_template(nbformat.read(source, as_version=4), source.name)
    assert {(m.context, m.id) for m in template if m.id} <= {(m.context, m.id) for m in catalog if m.id}
    assert translate.catalog_problems(catalog) == []


def _printed_words(code: str) -> list[str]:
    """The words a ``print(...)`` call in ``code`` writes itself: its string arguments and the text
    of its f-strings (not the names passed to the calls inside it, such as ``"zuni-3"``)."""
    words = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "print":
            for argument in node.args:
                parts = argument.values if isinstance(argument, ast.JoinedStr) else [argument]
                for part in parts:
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        words += re.findall(r"[^\W\d_]{2,}", part.value)
    return words


def test_notebook_06_prints_no_english_label() -> None:
    """06's code cells print names and numbers only: the words beside them come from the package,
    in the notebook's language (a label written in a code cell would stay English)."""
    english = nbformat.read(translate.source_notebook("06", ROOT), as_version=4)
    code = [cell.source for cell in english.cells if cell.cell_type == "code"]
    assert [words for words in map(_printed_words, code) if words] == []
    assert _printed_words('print("first player:", value)') == ["first", "player"]


def test_a_size_such_as_13_point_is_no_exercise_id() -> None:
    """ "the 13-point board" is checked as the number 13, not as an exercise id the translation must keep."""
    assert translate.entry_problems("the 13-point board", "el tablero de 13 puntos") == []
    assert translate.entry_problems("the 13-point board", "el tablero de 14 puntos") != []
    assert translate.entry_problems("see 06-optional-chains", "mira el ejercicio") != []
