"""What notebook 08 and the text diagram show speaks the session's language; what is saved stays English.

A league game's line (``describe``), a forfeit, the standings' heading, the endgame judge's table, the
end reasons, a failure's text and the diagram's "to move" line are made inside ``use_language``; the game
record's tags, the results file and ``summary()`` are the same bytes in every language.
"""

from __future__ import annotations

import json
import re

import pytest

from awithlaknannai import Position, board_diagram
from awithlaknannai.i18n import get_language, use_language
from awithlaknannai.league import judge_player, run_league, test_player
from awithlaknannai.league import failure_texts
from awithlaknannai.league.failure_texts import shown_why, template_of
from awithlaknannai.league.games import LeagueGame
from awithlaknannai.league.sandbox import FORFEIT_KINDS
from awithlaknannai.players.match import STOPPED, shown_reason


@pytest.fixture(scope="module")
def league():
    return run_league(["beginner", "casual"], variant="zuni-3", seed=1, progress=False, title="Ours")


@pytest.fixture(scope="module")
def forfeited():
    """A test whose player returns None: every game lost by forfeit."""
    return test_player(
        lambda position: None, against=["beginner"], games=2, variant="zuni-3", progress=False, sandbox=False
    )


def _saved(results) -> str:
    return json.dumps(results.to_record(), ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", ("Partida 1: ", "(Blancas) contra", "(Negras)", "turnos.")),
        ("fr", ("Partie 1 : ", "(Blancs) contre")),
    ],
)
def test_a_league_game_is_described_in_the_language(league, language: str, words: tuple[str, ...]) -> None:
    game = league.games[0]
    with use_language(language):
        described = game.describe()
        summary = game.summary()
    assert all(word in described for word in words), described
    assert " won " not in described and "against" not in described
    assert summary == game.summary() and summary.startswith(
        "Game 1: beginner (White) against casual (Black): "
    )


def test_in_english_describe_says_what_summary_says(league) -> None:
    assert [g.describe() for g in league.games] == [g.summary() for g in league.games]


def test_a_game_stopped_at_the_turn_cap_reads_in_the_language(league) -> None:
    stopped = LeagueGame(1, "ada", "bob", "draw", STOPPED, ("B1-M2",), Position.start("zuni-3"))
    with use_language("es"):
        assert stopped.describe() == (
            "Partida 1: ada (Blancas) contra bob (Negras): empate (detenida al llegar al máximo de turnos), 1 turno."
        )
    with use_language("fr"):
        assert "partie nulle (arrêtée au nombre maximal de tours), 1 tour." in stopped.describe()
    assert (
        stopped.summary()
        == "Game 1: ada (White) against bob (Black): a draw (stopped at the turn cap), 1 turns."
    )
    assert stopped.describe().endswith(", 1 turn.")


def test_saved_texts_are_the_same_in_every_language(league, forfeited) -> None:
    english = (_saved(league), _saved(forfeited.results), [g.record() for g in forfeited.results.games])
    for language in ("es", "fr"):
        with use_language(language):
            assert english == (
                _saved(league),
                _saved(forfeited.results),
                [g.record() for g in forfeited.results.games],
            )
    tags = forfeited.results.games[0].tags()
    assert (
        tags["Forfeit"].startswith("you (")
        and " lost by forfeit: choose_move returned None, not a move" in tags["Forfeit"]
    )


def test_a_forfeit_is_described_in_the_language(forfeited) -> None:
    [forfeit] = forfeited.results.games[0].forfeits
    with use_language("es"):
        assert (
            " perdió por fallo: choose_move devolvió None, que no es una jugada (devuelve una de"
            in forfeit.describe()
        )
        assert forfeited.results.games[0].describe().startswith("Partida 1: ")
        shown = forfeited.results.to_text() + forfeited.results._repr_html_()
        assert "Partidas perdidas por fallo:" in shown and "partida 1: you (" in shown
        assert "lost by forfeit" not in shown and "Games lost" not in shown
    with use_language("fr"):
        assert (
            " a perdu par forfait : choose_move a renvoyé None, qui n'est pas un coup" in forfeit.describe()
        )
    assert str(forfeit) == forfeit.describe()  # English: the saved text


def test_the_problems_of_a_player_are_in_the_language(forfeited) -> None:
    with use_language("es"):
        assert forfeited.problems() == [
            "choose_move devolvió None en 2 partidas (1, 2): no es una jugada (devuelve una de position.legal_moves())"
        ]
    with use_language("fr"):
        assert forfeited.problems()[0].startswith(
            "choose_move a renvoyé None dans 2 parties (1, 2) : ce n'est pas"
        )
    assert forfeited.problems() == [
        "choose_move returned None in 2 games (1, 2): not a move (return one of position.legal_moves())"
    ]


def test_the_standings_heading_is_in_the_language(league) -> None:
    with use_language("es"):
        assert league.heading() == "Ours: zuni-3, reglas standard, 2 jugadores, 2 partidas"
        assert (
            "<caption>Ours: zuni-3, reglas standard, 2 jugadores, 2 partidas</caption>"
            in league._repr_html_()
        )
        assert repr(league) == "<LeagueResults Ours: zuni-3, standard rules, 2 players, 2 games>"
    with use_language("fr"):
        assert (
            league.standings().to_text().startswith("Ours : zuni-3, règles standard, 2 joueurs, 2 parties\n")
        )
    assert league.heading() == "Ours: zuni-3, standard rules, 2 players, 2 games"


@pytest.fixture(scope="module")
def judgement():
    return judge_player(
        lambda position: position.legal_moves()[0], "zuni-3", positions=12, seed=3, cache_dir=False
    )


def test_the_judgement_table_is_in_the_language(judgement) -> None:
    with use_language("es"):
        shown = judge_player(lambda p: p.legal_moves()[0], "zuni-3", positions=2, seed=3, cache_dir=False)
        html = shown._repr_html_()
        assert "Las jugadas de tu jugador, juzgadas por las tablas de finales (zuni-3)" in html
        assert "posiciones ganadas: victoria conservada" in html and "todas las posiciones" in html
        assert re.search(r">\d+ de \d+ \(\d+ %\)<", html)
        assert shown.to_text().startswith("tu jugador conservó el mejor resultado en ")
    with use_language("fr"):
        html = judgement._repr_html_()
        assert "Les coups de your player jugés par les tables de finales" in html  # named in English: made so
        assert "positions nulles : partie nulle gardée" in html and " sur " in html
        assert " positions gagnantes sur " in judgement.to_text()
    english = judgement._repr_html_()
    assert "your player&#x27;s moves judged by the endgame tables (zuni-3)" in english
    assert "won positions: kept the win" in english and "all positions" in english


def test_each_judged_move_reads_in_the_language(judgement) -> None:
    lines = {language: [] for language in ("es", "fr")}
    for language in lines:
        with use_language(language):
            lines[language] = [str(move) for move in judgement.moves]
    assert all("(buenas jugadas: " in line for line in lines["es"])
    assert all("(bons coups : " in line for line in lines["fr"])
    assert any(" desperdicia " in line for line in lines["es"]) or all(m.is_good for m in judgement.moves)
    english = [str(move) for move in judgement.moves]
    assert all("(good moves: " in line for line in english)


def test_every_failure_template_reads_back_and_is_translated() -> None:
    for name in failure_texts.__all__:
        template = getattr(failure_texts, name)
        if callable(template):
            continue
        values = {key: f"<{key}>" for key in re.findall(r"\{(\w+)\}", template.message)}
        why = template.message.format(**values)
        found = template_of(why)
        assert found is not None and found[0] is template and found[1] == values, name
        for language in ("es", "fr"):
            with use_language(language):
                shown = shown_why(why)
            assert shown != why and all(value in shown for value in values.values()), (language, name, shown)
    with use_language("es"):
        assert shown_why("ValueError: mine") == "ValueError: mine"  # a player's own words stay as they are


def test_end_reasons_and_forfeit_kinds_are_read_in_the_language() -> None:
    with use_language("fr"):
        assert (
            shown_reason("no legal move") == "aucun coup permis"
            or shown_reason("no legal move") != "no legal move"
        )
        assert FORFEIT_KINDS["timeout"] != "it took longer than the time limit for a move"
    assert FORFEIT_KINDS["timeout"] == "it took longer than the time limit for a move"
    assert set(FORFEIT_KINDS) == {"error", "illegal", "timeout", "memory", "crash", "load"}
    assert shown_reason("anything else") == "anything else"


def test_the_diagram_says_who_is_to_move_in_the_language() -> None:
    start = Position.start("zuni-4")
    with use_language("es"):
        assert str(start).splitlines()[-1] == "Juegan las Blancas"
        assert board_diagram(start).splitlines()[-1] == "Juegan las Blancas"
    with use_language("fr"):
        assert (
            board_diagram(start.play(start.legal_moves()[0]), labels=False).splitlines()[-1]
            != "Black to move"
        )
    assert str(start).splitlines()[-1] == "White to move" and get_language() == "en"
    assert start.text() == Position.from_text(start.text()).text()  # the saved form has no words to translate


def test_the_league_counts_its_games_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    from awithlaknannai.league.tournament import _TextBar

    with use_language("es"):
        bar = _TextBar(12, "Mi liga")
        bar.update(3)
    assert capsys.readouterr().err.endswith("\rMi liga: 3/12 partidas")
    _TextBar(1, "mine")
    assert capsys.readouterr().err == "\rmine: 0/1 game"
