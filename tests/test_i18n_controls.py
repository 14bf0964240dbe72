"""Words on the controls a Spanish or French student meets: answer boxes, the opponent menu, chart alt texts.

Each keeps its English form (tests elsewhere compare it) and speaks the session's language.
"""

from __future__ import annotations

import pytest
from matplotlib.figure import Figure

from awithlaknannai import parse_position
from awithlaknannai.i18n import use_language
from awithlaknannai.players.levels import LEVELS, level_name
from awithlaknannai.render.picture import Picture
from awithlaknannai.tutorial.quiz import ask, ask_outcome

WON_BY_WHITE = "mosona standard ww.....w/ww....wwb/bww....w b 0"


@pytest.mark.parametrize(
    ("lang", "white_won"), [("es", "Han ganado las blancas"), ("fr", "Les blancs ont gagné")]
)
def test_the_outcome_box_offers_its_choices_in_the_session_language(lang, white_won):
    with use_language(lang):
        box = ask_outcome(parse_position(WON_BY_WHITE))
        assert white_won in box.answer_input.options
        assert "White has won" not in box.answer_input.options
        box.answer_input.value = white_won
        assert box.check().correct


@pytest.mark.parametrize(("lang", "example"), [("es", "un número, como 7"), ("fr", "un nombre, comme 7")])
def test_a_number_box_shows_its_example_in_the_session_language(lang, example):
    with use_language(lang):
        box = ask("02-zuni3-edges")
    assert box.answer_input.placeholder == example


def test_a_level_keeps_the_name_code_uses_beside_its_translation():
    assert [level_name(level) for level in LEVELS] == list(LEVELS)  # English: the names as they are
    with use_language("es"):
        shown = [level_name(level) for level in LEVELS]
    assert shown == ["principiante (beginner)", "aficionado (casual)", "club", "fuerte (strong)"]
    with use_language("fr"):
        assert level_name("strong") == "fort (strong)"
    assert level_name("mcts:100") == "mcts:100"  # a player spec, not a level, is shown as it is


def _chart() -> Figure:
    figure = Figure(figsize=(3, 2))
    axes = figure.subplots()
    axes.bar(["mosona", "kolowis"], [12, 23], label="pieces")
    axes.set_title("How many?")
    axes.set_ylabel("pieces")
    axes.set_xlabel("board")
    axes.legend()
    return figure


def test_a_charts_text_alternative_is_worded_in_the_session_language():
    assert Picture.from_figure(_chart()).alt == (
        "How many? A chart of pieces by board for mosona, kolowis; series: pieces."
    )
    with use_language("es"):
        assert Picture.from_figure(_chart()).alt == (
            "How many? Un gráfico de pieces según board para mosona, kolowis; series: pieces."
        )
    with use_language("fr"):
        assert Picture.from_figure(_chart()).alt.startswith("How many? Un graphique de pieces selon board")


@pytest.mark.parametrize(("lang", "you"), [("en", "you"), ("es", "tu jugador"), ("fr", "ton joueur")])
def test_the_students_player_is_named_in_the_session_language(lang, you):
    from awithlaknannai.league.lesson import greedy_choose_move, test_player

    with use_language(lang):
        report = test_player(
            greedy_choose_move, ["beginner"], games=2, variant="zuni-2", sandbox=False, progress=False
        )
        shown = str(report)
    assert you in shown
    if lang != "en":
        assert "you" not in shown.split()
