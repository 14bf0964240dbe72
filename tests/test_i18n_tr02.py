"""Notebooks 02 (the board as a graph) and 05 (puzzles) in Spanish and French: the package's own words they show.

The exercise feedback of notebook 02, the prediction box, the board comparison table and drawings,
and the puzzles' feedback and hints, each made inside ``use_language`` and read back.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import nbformat
import pytest

from awithlaknannai.analysis.puzzles import hint_steps, tutorial_puzzles
from awithlaknannai.boards import leap_lines, mosona
from awithlaknannai.i18n import use_language
from awithlaknannai.render import compare_boards, compare_drawings_svg
from awithlaknannai.render.drawings import drawing_differences
from awithlaknannai.tutorial import check, translate
from awithlaknannai.tutorial.predict import LOCK_IN, WAITING, predict

LANGUAGES = ("es", "fr")
ROOT = Path(__file__).resolve().parent.parent


def test_the_graph_exercises_answer_in_the_language() -> None:
    with use_language("es"):
        right = check("02-zuni3-edges", 19)
        middle_row = nx.Graph([("M0", "M1"), ("M1", "M2")])
        middle_row.add_nodes_from(["T0", "T1", "B0", "B1"])
        graph = check("02-build-zuni2", middle_row)
        formula = check("02-edges-formula", lambda n: 7 * n - 2)
        corners = check("02-three-neighbours", "T0, M4")
    assert right.message.startswith("zuni(3) tiene 19 aristas: 3 en la fila del medio")
    assert "solo tiene la fila del medio" in graph.message
    assert "de 2 a 30" in formula.message
    assert "`M4` tiene 6 vecinos." in corners.message
    with use_language("fr"):
        wrong = check("02-murray-leap-lines", 2 * len(leap_lines(mosona(outer_lines=False))))
        missing = check("02-build-zuni2", nx.Graph([("T0", "T1")]))
    assert wrong.message.startswith("Ça compte chaque ligne de saut deux fois")
    assert "Les points de ton graphe ne correspondent pas" in missing.message
    # English word for word as before
    assert check("02-zuni3-edges", 19).message.startswith("zuni(3) has 19 edges: 3 on the middle row, 2 + 2")


# What the prediction box and the board comparison show, by what it is, in each language.
LOCK_BUTTON = {"es": "Confirmar mi predicción", "fr": "Valider ma prédiction"}
LOCKED_IN = {"es": "Confirmado: 14. ¡Exacto!", "fr": "Validé : 14. Exactement !"}
REVEAL_HEADING = {"es": "La respuesta de la computadora:", "fr": "La réponse de l&#x27;ordinateur :"}
TABLE_CAPTION = {"es": "Tableros comparados", "fr": "Plateaux comparés"}
EDGES_ROW = {"es": "segmentos de línea (aristas)", "fr": "segments de ligne (arêtes)"}
DRAWINGS_TITLE = {"es": "Qué cambia entre", "fr": "Ce qui diffère entre"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_prediction_box_speaks_the_language(language: str) -> None:
    button, locked, heading = LOCK_BUTTON[language], LOCKED_IN[language], REVEAL_HEADING[language]
    with use_language(language):
        box = predict("02-more-edges")
        assert box.lock_button.description == button
        assert box.status.text != WAITING and button in box.status.text
        assert "Culin" in box.question_view.value and "Culin's board" not in box.question_view.value
        box.guess_input.value = "14"
        assert box.lock_in() == locked
        assert heading in box.reveal_view.value
        assert "Culin's board" not in box.reveal_view.value
    english = predict("02-more-edges")
    assert english.lock_button.description == LOCK_IN and english.status.text == WAITING


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_comparison_and_drawings_speak_the_language(language: str) -> None:
    caption, row, title = TABLE_CAPTION[language], EDGES_ROW[language], DRAWINGS_TITLE[language]
    culin, murray = mosona(), mosona(outer_lines=False)
    with use_language(language):
        table = compare_boards([culin, murray], labels=["Culin", "Murray"])
        html = table._repr_html_()
        compact = table.compact()._repr_html_()
        picture = compare_drawings_svg(culin, murray, ["Culin", "Murray"])
        differences = drawing_differences(culin, murray, ["Culin", "Murray"]).text()
    assert caption in html and row in html and "line segments" not in html
    assert caption in compact
    assert title in picture and "leap lines" not in picture
    assert differences.startswith("Culin ") and "line segment" not in differences
    assert "line segments (edges)" in compare_boards([culin])._repr_html_()


def test_the_puzzles_say_their_goal_feedback_and_hints_in_the_language() -> None:
    puzzle = tutorial_puzzles()[0]
    with use_language("es"):
        assert puzzle.goal == "Juegan las Blancas y ganan en 1 jugada"
        assert puzzle.check("B3xT4xT6xB5").message.startswith("¡Bien! B3xT4xT6xB5")
        hints = hint_steps(puzzle._winning_move())
    assert hints[0] == "Mira la pieza de `B3`."
    assert hints[2] == "Su primer salto cae en `T4`."
    with use_language("fr"):
        assert puzzle.goal == "Les Blancs jouent et gagnent en 1 coup"
        assert hint_steps(puzzle._winning_move())[1] == "Il commence par un saut, et prend 3 pièces en tout."
    assert puzzle.goal == "White to play and win in 1 move"


TEACHER_COPIES = sorted(
    path
    for code in LANGUAGES
    for path in (ROOT / "teacher" / code).glob("*.ipynb")
    if path.name[:2] in ("02", "05")
)


@pytest.mark.parametrize("path", TEACHER_COPIES, ids=lambda p: "/".join(p.parts[-2:]))
def test_the_translated_teacher_copies_are_faithful_to_the_english_ones(path: Path) -> None:
    english = nbformat.read(translate.source_notebook(path.name[:2], ROOT), as_version=4)
    translated = nbformat.read(path, as_version=4)
    # The teacher note keeps its English words, but its link leads to the translated student copy.
    note = "> **Teacher copy, with the answers filled in.** Students use [the copy without answers]"
    problems = translate.faithfulness_problems(english, translated)
    assert [p for p in problems if not p.startswith("the quotation '> **Teacher copy")] == []
    text = "".join(cell.source for cell in translated.cells)
    assert f"{note}(../../notebooks/{path.parent.name}/{path.name})" in text
    assert "### BEGIN SOLUTION" in text


def test_there_are_four_translated_teacher_copies() -> None:
    assert len(TEACHER_COPIES) == 4
