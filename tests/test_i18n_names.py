"""Names and short words in Spanish and French (issue 29): board names and variant menus, exercise
questions, a chart's legend beside the league sheet's abbreviations, and the language a notebook or a
picture says it is in. The English names stay what they were: they are what code and files read.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from awithlaknannai import Position, boards
from awithlaknannai.i18n import LOCALE_FOLDER, N_, LazyString, gettext, npgettext, pgettext, use_language
from awithlaknannai.variants import VARIANT_MENU, VARIANTS, get_variant, variant_record

ROOT = Path(__file__).resolve().parent.parent

# --- board names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "english", "spanish", "french"),
    [
        (
            lambda: boards.zuni(3),
            "Zuni board n=3, with outer-row lines",
            "Tablero zuni n=3, con líneas en las filas exteriores",
            "Plateau zuni n=3, avec des lignes sur les rangées extérieures",
        ),
        (
            lambda: boards.zuni(4, outer_lines=False),
            "Zuni board n=4, without outer-row lines",
            "Tablero zuni n=4, sin líneas en las filas exteriores",
            "Plateau zuni n=4, sans lignes sur les rangées extérieures",
        ),
        (
            lambda: boards.mosona(outer_lines=False),
            "Awithlaknannai Mosona (Murray's drawing)",
            "Awithlaknannai Mosona (dibujo de Murray)",
            "Awithlaknannai Mosona (dessin de Murray)",
        ),
        (
            lambda: boards.dash_guti(side_lines=True),
            "Dash-guti (Ludii's side lines)",
            "Dash-guti (líneas laterales de Ludii)",
            "Dash-guti (lignes sur les côtés de Ludii)",
        ),
        (
            lambda: boards.concentric(2),
            "2 circles and three diameters",
            "2 círculos y tres diámetros",
            "2 cercles et trois diamètres",
        ),
        (
            lambda: boards.concentric(1),
            "one circle and three diameters",
            "un círculo y tres diámetros",
            "un cercle et trois diamètres",
        ),
        # The names of games are never translated.
        (boards.mosona, "Awithlaknannai Mosona", "Awithlaknannai Mosona", "Awithlaknannai Mosona"),
        (boards.pretwa, "Pretwa", "Pretwa", "Pretwa"),
    ],
)
def test_a_board_is_named_in_the_session_language_and_keeps_its_english_name(
    board, english: str, spanish: str, french: str
) -> None:
    graph = board()
    for language, said in (("en", english), ("es", spanish), ("fr", french)):
        with use_language(language):
            assert boards.translated_name(graph) == said
            assert graph.graph["name"] == english  # what code reads (and repr shows) stays English
            assert repr(graph).startswith(f"<{english}: ")


def test_a_name_changed_by_hand_is_shown_as_it_is() -> None:
    graph = boards.zuni(3)
    graph.graph["name"] = "Our class's board"
    with use_language("es"):
        assert boards.translated_name(graph) == "Our class's board"
    renamed_copy = boards.mosona(outer_lines=False).copy()
    renamed_copy.graph["name"] = "Awithlaknannai Mosona"  # the title of the old name is left behind
    with use_language("fr"):
        assert boards.translated_name(renamed_copy) == "Awithlaknannai Mosona"


def test_pictures_widgets_and_tables_show_the_translated_name() -> None:
    from awithlaknannai.analysis.graphstats import point_statistics
    from awithlaknannai.game import Game
    from awithlaknannai.render.svg import board_svg, board_title
    from awithlaknannai.widgets.board import board_name

    with use_language("es"):
        svg = board_svg(boards.zuni(3))
        title = svg[svg.index("<title") : svg.index("</title>")]
        assert title.endswith(">Tablero zuni n=3, con líneas en las filas exteriores"), title
        assert board_title(boards.mosona(outer_lines=False)) == "Awithlaknannai Mosona (dibujo de Murray)"
        assert board_name(Game("mosona-murray")) == "Tablero Awithlaknannai Mosona (dibujo de Murray)"
        assert point_statistics("zuni-3").name == "Tablero zuni n=3, con líneas en las filas exteriores"
    assert board_name(Game("mosona-murray")) == "Awithlaknannai Mosona (Murray's drawing) board"


def test_the_variant_records_keep_their_english_titles_and_the_menu_speaks_the_language() -> None:
    assert variant_record("zuni-4").title == "Zuni pattern, 4 a row (our extension)"
    assert variant_record("zuni-5-murray").title == "Zuni pattern, 5 a row, Murray's drawing (our extension)"
    assert VARIANTS["zuni-N"].title == "Zuni pattern, N a row (our extension)"
    menu = dict((name, label) for label, name in VARIANT_MENU)
    assert all(isinstance(label, (str, LazyString)) for label in menu.values())
    with use_language("es"):
        assert str(menu["mosona"]) == "Mosona (dibujo de Culin)"
        assert str(menu["zuni-4"]) == "Modelo zuni, 4 por fila (nuestra extensión)"
        assert str(menu["kolowis"]) == "Kolowis Awithlaknannai"
    with use_language("fr"):
        assert str(menu["pretwa"]) == "Pretwa (Inde)"
        assert str(menu["tukvnanawopi-shrinking"]) == "Tukvnanawopi, plateau qui rétrécit"
    assert str(menu["mosona-murray"]) == "Mosona (Murray's drawing)"


def test_the_game_widget_menu_shows_the_labels_in_the_language() -> None:
    pytest.importorskip("ipywidgets")
    from awithlaknannai.widgets.game import GameWidget

    with use_language("fr"):
        widget = GameWidget(get_variant("mosona"))
    # What the menu shows: its labels as text, made when the options were set.
    labels = dict(
        zip((value for _, value in widget.variant_menu.options), widget.variant_menu._options_labels)
    )
    assert labels["mosona"] == "Mosona (dessin de Culin)"
    assert labels["zuni-3"] == "Modèle zuni, 3 par rangée (notre extension)"
    assert widget.variant_menu.value == "mosona"


def test_a_filled_lazy_string_translates_then_fills() -> None:
    name = N_("Zuni board n={n}, with outer-row lines").filled(n=5)
    assert name.english() == "Zuni board n=5, with outer-row lines"
    assert repr(name) == "N_('Zuni board n={n}, with outer-row lines').filled(n=5)"
    with use_language("es"):
        assert f"{name}" == "Tablero zuni n=5, con líneas en las filas exteriores"
        assert name == "Tablero zuni n=5, con líneas en las filas exteriores"
    assert len({name, N_("Zuni board n={n}, with outer-row lines").filled(n=5)}) == 1


# --- exercise questions -----------------------------------------------------------------------


@pytest.mark.parametrize("language", ["es", "fr"])
def test_every_exercise_question_is_asked_in_the_language(language: str) -> None:
    from awithlaknannai.tutorial.exercises import EXERCISES, exercise_ids, question

    for exercise_id in exercise_ids():
        english = question(exercise_id)
        assert EXERCISES[exercise_id].question == english  # the record keeps the English
        with use_language(language):
            said = question(exercise_id)
        assert said != english, (exercise_id, said)
        # Code, numbers and years are kept: zuni(3), nx.Graph(), 1903.
        assert re.findall(r"\w+\([\w.]*\)|\d+", said) == re.findall(r"\w+\([\w.]*\)|\d+", english)


# --- a short word in two places ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "legend", "sheet"),
    [
        ("en", ["won", "drawn", "lost"], ["won", "drawn", "lost"]),
        ("es", ["ganadas", "empatadas", "perdidas"], ["gan.", "emp.", "perd."]),
        ("fr", ["gagnées", "nulles", "perdues"], ["gagn.", "nulles", "perd."]),
    ],
)
def test_the_chart_legend_says_whole_words_where_the_sheet_abbreviates(
    language: str, legend: list[str], sheet: list[str]
) -> None:
    from awithlaknannai.analysis.plots import ChartNumbers, score_bars
    from awithlaknannai.league.games import Standings

    with use_language(language):
        chart = score_bars({"the template": (5, 1, 4)})
        headings = [str(heading) for heading in Standings.HEADINGS[3:6]]
        assert [pgettext("chart legend", word) for word in ("won", "drawn", "lost")] == legend
    if isinstance(chart, ChartNumbers):
        assert list(chart.headings[1:]) == legend
    else:
        assert chart.axes[0].get_legend_handles_labels()[1] == legend
    assert [gettext(word) for word in ("won", "drawn", "lost")] == ["won", "drawn", "lost"]
    assert headings == sheet


def test_the_legend_words_are_in_the_catalogs_under_their_context() -> None:
    for language in ("es", "fr"):
        path = LOCALE_FOLDER / language / "LC_MESSAGES" / "awithlaknannai.po"
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
        legend = {message.id: message.string for message in catalog if message.context == "chart legend"}
        # won, drawn, lost: a chart's legend; games: the mean-length chart's first heading (notebook 07)
        assert set(legend) == {"won", "drawn", "lost", "games"} and all(legend.values())
        assert catalog.get("won").string.endswith(".")  # the sheet's abbreviation is still there


def test_npgettext_without_an_entry_gives_the_english_forms() -> None:
    with use_language("fr"):
        forms = [npgettext("no such context", "{count} game", "{count} games", n) for n in (1, 2)]
    assert forms == ["{count} game", "{count} games"]


# --- the language a notebook or a picture is in -----------------------------------------------


def test_every_translated_notebook_says_its_language_in_its_metadata() -> None:
    found = 0
    for language in ("es", "fr"):
        for folder in ("notebooks", "teacher"):
            for path in sorted((ROOT / folder / language).glob("*.ipynb")):
                metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
                assert metadata["awithlaknannai"]["language"] == language, path
                found += 1
    assert found >= 10


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_a_picture_names_its_language_for_a_screen_reader(language: str) -> None:
    from awithlaknannai.render import Picture
    from awithlaknannai.render.svg import position_svg

    with use_language(language):
        svg = position_svg(Position.start("mosona"))
    root = svg[: svg.index(">") + 1]
    assert f' lang="{language}"' in root and f' xml:lang="{language}"' in root
    markup = Picture(svg).html()
    assert re.match(rf'<img alt="[^"]*" lang="{language}"', markup), markup[:120]


def test_a_picture_without_a_language_gets_no_lang() -> None:
    from awithlaknannai.render import Picture

    markup = Picture('<svg xmlns="http://www.w3.org/2000/svg"/>', alt="An empty frame").html()
    assert markup.startswith('<img alt="An empty frame" src="data:image/')


# --- the missing-package guard ----------------------------------------------------------------


def test_the_missing_package_error_names_the_module_its_need_and_the_pip_line() -> None:
    from awithlaknannai.tutorial.copies import _missing_packages

    error = _missing_packages(
        "awithlaknannai.tutorial.translate",
        "reads and writes catalogs and notebooks, and needs Babel and nbformat",
        "test",
    )
    assert str(error) == (
        "awithlaknannai.tutorial.translate reads and writes catalogs and notebooks, and needs Babel "
        "and nbformat: pip install 'awithlaknannai[test]'"
    )
