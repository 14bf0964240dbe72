"""Notebook 01 (history) in Spanish and French: its answer boxes (quiz.py) and the feedback of its
exercises (history_exercises.py) speak the session's language, and say the same as before in English.

The answer boxes and feedback are made inside ``use_language``, as a notebook that starts with
``set_language("es")`` makes them, and read back as a student sees them.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from awithlaknannai.i18n import use_language
from awithlaknannai.tutorial import history_exercises
from awithlaknannai.tutorial.exercises import check
from awithlaknannai.tutorial.quiz import ask
from history_answers import STATEMENT_SOURCES

ROOT = Path(__file__).resolve().parent.parent


def _box_texts(box) -> list[str]:
    """Every label a student reads on an answer box: its inputs, its ticks, its button."""
    texts = [box.check_button.description, box.check_button.tooltip]
    for child in box.children:
        for name in ("value", "description"):
            value = getattr(child, name, None)
            if isinstance(value, str):
                texts.append(value)
    if hasattr(box, "_ticks"):
        texts += [tick.description for tick in box._ticks.values()]
    options = getattr(box.answer_input, "options", ())
    texts += [str(option) for option in options]
    return texts


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "es",
            ["Comprobar", "Tu respuesta: marca todas las correctas.", "c) el artículo de la enciclopedia"],
        ),
        ("fr", ["Vérifier", "Ta réponse : coche toutes les bonnes.", "c) l'article d'encyclopédie"]),
    ],
)
def test_the_compulsory_question_box_is_in_the_language(language: str, words: list[str]) -> None:
    with use_language(language):
        box = ask("01-sources-compulsory")
        texts = _box_texts(box)
        shown = repr(box)
    for word in words:
        assert any(word in text for text in texts), (word, texts)
    assert shown.startswith({"es": "Casilla de respuesta", "fr": "Case de réponse"}[language])
    assert {
        "es": "Elige tu respuesta y pulsa Comprobar.",
        "fr": "Choisis ta réponse, puis appuie sur Vérifier.",
    }[language] in shown


def test_the_true_or_false_box_offers_the_words_of_the_language_and_checks_them() -> None:
    with use_language("es"):
        box = ask("01-authentic-rules")
        assert list(box.answer_input.options) == ["Verdadero", "Falso"]
        box.answer_input.value = "Falso"
        feedback = box.check()
        assert str(feedback).startswith("¡Correcto! Las fuentes escritas no recogen las reglas completas.")
    with use_language("fr"):
        assert list(ask("01-authentic-rules").answer_input.options) == ["Vrai", "Faux"]
    box = ask("01-authentic-rules", False)
    assert list(box.answer_input.options) == ["True", "False"]
    assert repr(box).splitlines()[0] == "Answer box (01-authentic-rules): False"


def test_the_map_feedback_is_in_the_language() -> None:
    with use_language("es"):
        right = str(check("01-locator-map", {"Zuni Pueblo": "E", "Hopi mesas": "B"}))
        wrong = check("01-locator-map", {"Zuni Pueblo": "B", "Hopi mesas": "E"}, 3)
        empty = str(check("01-locator-map", {"Zuni Pueblo": "E"}))
    assert "B corresponde a las mesas hopi." in right
    assert "Los zuni viven en Zuni Pueblo" in right
    assert "B está a unos" in wrong.message and "millas) de Zuni Pueblo." in wrong.message
    assert wrong.hint.startswith("Desde B, Zuni Pueblo queda al ")
    assert "Desde E, las mesas hopi quedan al " in wrong.hint
    assert "Zuni Pueblo está en Nuevo México." in wrong.hint
    assert "Elige también una letra para las mesas hopi." in empty
    with use_language("fr"):
        wrong = check("01-locator-map", {"Zuni Pueblo": "B", "Hopi mesas": "E"})
    assert "Entre B et Zuni Pueblo, il y a environ" in wrong.message
    assert "Depuis E, les mesas hopi se trouvent " in wrong.hint


def test_the_map_feedback_says_the_same_as_before_in_english() -> None:
    right = check("01-locator-map", {"Zuni Pueblo": "E", "Hopi mesas": "B"})
    assert right.message == (
        "E is Zuni Pueblo. B is the Hopi mesas. The Zuni live at Zuni Pueblo, in the west of New Mexico; "
        "the Hopi mesas are about 170 km (105 miles) to the north-west, in Arizona."
    )
    wrong = check("01-locator-map", {"Zuni Pueblo": "B", "Hopi mesas": "E"})
    assert wrong.hint.startswith("From B, Zuni Pueblo lies to the ")
    assert "From E, the Hopi mesas lie to the " in wrong.hint
    assert "Zuni Pueblo is in New Mexico. The Hopi mesas are in Arizona." in wrong.hint


def test_the_two_drawings_feedback_is_in_the_language() -> None:
    with use_language("es"):
        right = check("01-spot-difference", "A, D, G")
        wrong = check("01-spot-difference", "A, B", 2)
    assert "ahí el tablero de Culin tiene una línea" in right.message
    assert "En la B los dos dibujos tienen una línea." in wrong.message
    assert "Has encontrado 1 de los 3 sitios" in wrong.message
    assert "Pon el dedo en una letra" in wrong.hint and "Mira a lo largo de la fila" in wrong.hint
    with use_language("fr"):
        assert "Aucune lettre n'est cochée" in check("01-spot-difference", set()).message


def test_the_statements_feedback_is_in_the_language_with_its_clues() -> None:
    answer = list(STATEMENT_SOURCES)
    answer[1] = "Murray 1952"  # statement 2 wrong
    answer[7] = ""  # statement 8 not chosen
    with use_language("es"):
        first = check("01-statement-sources", answer, 1)
        second = check("01-statement-sources", answer, 2)
        right = check("01-statement-sources", STATEMENT_SOURCES)
    assert first.message == (
        "6 de 8 correctas. Todavía no: la frase 2 no es de Murray 1952. "
        "A la frase 8 todavía le falta una fuente."
    )
    assert first.hint == "Vuelve a leer cada frase: ¿quién escribiría así, y cuándo?"
    assert second.hint == "Frase 2: Estas palabras están escritas para que las lea una computadora."
    assert right.message.startswith("Cada frase tiene su fuente.")
    with use_language("fr"):
        first = check("01-statement-sources", ["Ludii", "", ""] + STATEMENT_SOURCES[3:], 1)
    assert "Il manque encore une source aux phrases 2 et 3." in first.message
    assert "la phrase 1 n'est pas de Ludii" in first.message
    english = check("01-statement-sources", answer, 2)
    assert (
        english.message
        == "6 of 8 right. Not yet: statement 2 is not by Murray 1952. Statement 8 still needs a source."
    )
    assert english.hint == "Statement 2: These words are written for a computer to read."


def test_the_timeline_feedback_is_in_the_language() -> None:
    with use_language("es"):
        wrong = check("01-timeline", ["Culin", "Stevenson", "Murray", "Bell", "Ludii"], 2)
        right = check("01-timeline", ["Stevenson", "Culin", "Murray", "Bell", "Ludii"])
    assert wrong.message == "3 de 5 en su sitio. Todavía no están en su sitio: Culin, Stevenson."
    assert wrong.hint.startswith("Busca el año de cada una en las secciones de arriba. Culin publica")
    assert right.message.startswith("De la más antigua a la más reciente: Stevenson 1903, Culin 1907,")
    with use_language("fr"):
        assert check("01-timeline", "Ludii").message.startswith("Donne les 5 sources une fois chacune")
    english = check("01-timeline", ["Culin", "Stevenson", "Murray", "Bell", "Ludii"])
    assert english.message == "3 of 5 in the right place. Not yet in its place: Culin, Stevenson."


def test_the_compulsory_question_feedback_is_in_the_language() -> None:
    with use_language("fr"):
        wrong = check("01-sources-compulsory", {"a", "e"}, 3)
    assert "Culin 1907 ne dit ni oui ni non." in wrong.message
    assert "La base de données Ludii rend la prise facultative." in wrong.message
    assert "Tu as oublié 2 sources qui le disent." in wrong.message
    assert wrong.hint.endswith("Les deux sont plus récentes que Culin, et aucune n'est une base de données.")
    with use_language("es"):
        wrong = check("01-sources-compulsory", {"c", "b"})
    assert "Stevenson 1903 no dice ni que sí ni que no." in wrong.message
    assert "Te has dejado 1 fuente que lo dice." in wrong.message
    english = check("01-sources-compulsory", {"a", "e"})
    assert (
        "Culin 1907 does not say either way. The Ludii database makes capturing optional." in english.message
    )
    assert "You left out 2 sources that say it." in english.message


def test_the_constants_the_activities_read_stay_english_text() -> None:
    """The activity widgets read these as the answers' own words: they stay plain English text."""
    with use_language("es"):
        assert history_exercises.SOURCES["encyclopedia"] == "the encyclopedia"
        assert isinstance(history_exercises.MAP_PLACES["hopi"], str)
        # The statements keep the sources' own words as their message (statement_html shows our
        # translation beside a quotation, see tests/test_i18n_activities.py).
        assert all(
            "\u201c" in text.message or "`" in text.message or "drawing" in text.message
            for text, _clues in history_exercises.STATEMENTS
        )


@pytest.mark.parametrize("language", ["es", "fr"])
def test_the_translated_teacher_copy_keeps_the_answers_and_no_english_outputs(language: str) -> None:
    # A translated notebook is made, never run by the build: its teacher copy holds the English teacher
    # copy's code (answers included) and no outputs, so no English result shows in it.
    notebook = nbformat.read(ROOT / "teacher" / language / "01_history.ipynb", as_version=4)
    english = nbformat.read(ROOT / "teacher" / "01_history.ipynb", as_version=4)
    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    assert [source for source in code if "set_language" not in source] == [
        cell.source for cell in english.cells if cell.cell_type == "code"
    ]
    assert not any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")
    student = nbformat.read(ROOT / "notebooks" / language / "01_history.ipynb", as_version=4)
    assert not any(cell.get("outputs") for cell in student.cells if cell.cell_type == "code")
    assert "BEGIN SOLUTION" not in "".join(cell.source for cell in student.cells)
