"""Notebook 08 in Spanish and French: what the league and hand-in code shows a student speaks the language.

``test_player``'s table and its problems, ``save_player``'s answer and refusals, the league's
standings and the results sheet, made inside ``use_language``; in English they say what they said before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from awithlaknannai.i18n import use_language
from awithlaknannai.league import run_league, save_player, test_player
from awithlaknannai.league.games import TIE_BREAKS
from awithlaknannai.league.handin import PlayerFileNameError, check_file_name
from awithlaknannai.league.lesson import BINDER_WARNING, greedy_choose_move
from awithlaknannai.render.league import league_sheet_svg


@pytest.fixture(scope="module")
def league():
    return run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False)


def _test(player=greedy_choose_move):
    return test_player(player, against=["beginner"], games=2, variant="zuni-3", progress=False, sandbox=False)


def test_the_player_test_table_is_in_the_language() -> None:
    report = _test()
    with use_language("es"):
        shown = report._repr_html_()
        assert ">rival</th>" in shown and ">puntuación</th>" in shown and ">perdidas por fallo</th>" in shown
        assert "you en zuni-3, reglas " in report.to_text()
    with use_language("fr"):
        assert ">adversaire</th>" in report._repr_html_()
        assert report.to_text().startswith("you sur zuni-3, règles ")
    assert ">opponent</th>" in report._repr_html_() and " rules" in report.to_text().splitlines()[0]


def test_the_problems_of_a_player_say_where_in_the_language() -> None:
    report = _test(lambda position: None)
    with use_language("es"):
        assert report.problems()[0].startswith("choose_move devolvió None en 2 partidas (1, 2): ")
    with use_language("fr"):
        assert report.problems()[0].startswith("choose_move a renvoyé None dans 2 parties (1, 2)")
    assert report.problems()[0].startswith("choose_move returned None in 2 games (1, 2): ")


def test_save_player_answers_and_refuses_in_the_language(tmp_path: Path) -> None:
    saved = save_player(greedy_choose_move, tmp_path / "ada.py")
    with use_language("fr"):
        shown = saved._repr_html_()
        assert ">Télécharger ada.py</a>" in shown and "Ton joueur est enregistré dans le fichier" in shown
        assert "Sur Binder, télécharge ton fichier maintenant" in shown
        with pytest.raises(FileExistsError, match="existe déjà"):
            save_player(greedy_choose_move, tmp_path / "ada.py")
    with use_language("es"):
        assert ">Descargar ada.py</a>" in saved._repr_html_()
        with pytest.raises(
            PlayerFileNameError, match="no puede ir en el nombre del archivo de un jugador: usa letras"
        ):
            check_file_name("Ada?.py")
        with pytest.raises(PlayerFileNameError, match="no hay ninguna carpeta 'Ada'"):
            save_player(greedy_choose_move, "Ada/L")
    shown = saved._repr_html_()
    assert ">Download ada.py</a>" in shown and BINDER_WARNING in shown
    with pytest.raises(PlayerFileNameError, match="use letters, digits, spaces"):
        check_file_name("Ada?.py")


def test_the_standings_are_headed_in_the_language(league) -> None:
    standings = league.standings()
    with use_language("fr"):
        assert standings.cells()[0] == [
            "rang", "joueur", "parties", "gagn.", "nulles", "perd.", "points", "cote", "forfaits",
        ]  # fmt: skip
        assert standings.to_text().endswith("sinon, une place partagée.")
        assert "Égalité de points" in standings._repr_html_()
    with use_language("es"):
        assert standings.cells()[0][:3] == ["puesto", "jugador", "part."]
    assert standings.cells()[0] == [
        "rank", "player", "games", "won", "drawn", "lost", "points", "rating", "forfeits",
    ]  # fmt: skip
    assert standings.to_text().endswith(TIE_BREAKS)


def test_the_results_sheet_speaks_the_language(league) -> None:
    with use_language("es"):
        sheet = league_sheet_svg(league, page=False)
        assert "Cuadrícula: los puntos del jugador de la fila" in sheet and ">jugador</text>" in sheet
        assert "Empates a puntos" in sheet and " jugadores en zuni-3 (reglas " in sheet
    with use_language("fr"):
        sheet = league_sheet_svg(league, page=False)
        assert "Grille : les points du joueur" in sheet and ">cote</text>" in sheet
    english = league_sheet_svg(league, page=False)
    assert (
        "Grid: the row player's points" in english and TIE_BREAKS in english and ">rating</text>" in english
    )
