"""Notebooks 03 (the rules) and 04 (play) in Spanish and French: what the package shows there speaks the
session's language (a game's result, the outcome and rules exercises), while game records keep their
English fields so that they read back; and the translated 03 and 04 are there, in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from awithlaknannai import Game, Rules, parse_position
from awithlaknannai.i18n import use_language
from awithlaknannai.moves import EndReason, Outcome
from awithlaknannai.tutorial.practice import check_outcome, check_rules
from awithlaknannai.variants import Color

ROOT = Path(__file__).resolve().parent.parent
STUCK = "mosona standard ww.....w/ww....wwb/bww....w b 0"  # exercise 7.1: Black cannot move
FREE = "mosona standard w......w/ww....wwb/bww....w b 0"  # exercise 7.2: Black can still leap
LAST = "mosona standard ......../...b...../..w..... w 0"  # B2xT3 takes the last black piece

OUTCOMES = {
    "en": ("White wins (no legal move)", "Black wins (no pieces left)", "Draw (position repeated)"),
    "es": (
        "Ganan las Blancas (ninguna jugada permitida)",
        "Ganan las Negras (no quedan piezas)",
        "Empate (posición repetida)",
    ),
    "fr": (
        "Les Blancs gagnent (aucun coup permis)",
        "Les Noirs gagnent (plus aucune pièce)",
        "Partie nulle (position répétée)",
    ),
}


@pytest.mark.parametrize("language", sorted(OUTCOMES))
def test_a_result_reads_in_the_language(language: str) -> None:
    with use_language(language):
        shown = (
            str(Outcome(Color.WHITE, EndReason.BLOCKED)),
            str(Outcome(Color.BLACK, EndReason.NO_PIECES)),
            str(Outcome(None, EndReason.REPETITION)),
        )
        game_over = str(parse_position(LAST).play("B2xT3").outcome())
        expected = str(Outcome(Color.WHITE, EndReason.NO_PIECES))
        quiet = str(Outcome(None, EndReason.QUIET_LIMIT))
    assert shown == OUTCOMES[language]
    assert game_over == expected
    assert ("turn limit" in quiet) == (language == "en")


@pytest.mark.parametrize("language", ["es", "fr"])
def test_a_game_record_saved_in_any_language_keeps_its_english_fields_and_reads_back(
    language: str, tmp_path: Path
) -> None:
    game = Game(start=parse_position(LAST))
    game.play("B2xT3")
    with use_language(language):
        shown = str(game.outcome())
        game.save(tmp_path / "game.json")
        record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
        again = Game.load(tmp_path / "game.json")
    assert (record["result"], record["reason"]) == ("white", "no pieces left")
    assert again.outcome() == game.outcome()
    assert (
        shown
        == {"es": "Ganan las Blancas (no quedan piezas)", "fr": "Les Blancs gagnent (plus aucune pièce)"}[
            language
        ]
    )


def test_the_outcome_exercise_answers_in_each_language() -> None:
    said = {}
    for language in ("en", "es", "fr"):
        with use_language(language):
            said[language] = [
                str(check_outcome(STUCK, "white")),
                str(check_outcome(FREE, "white")),
                str(check_outcome(FREE, "nobody")),
                str(check_outcome(STUCK, "nobody")),
                str(check_outcome(STUCK, "draw")),
                str(check_outcome(STUCK, "purple")),
            ]
    assert said["en"] == [
        "Correct! White wins (no legal move).",
        "Not yet. Look again: is the game really over? Hint: Check every black piece: can one of them "
        "step, or leap?",
        "Correct! The game is not over: Black can still move (B0xT1).",
        "Not yet. Look again: this game is over. Hint: Can Black make any move at all? And how many "
        "pieces does each side have?",
        "Not yet. Draw is not the result here. Hint: A player with no pieces, or with no legal move, loses.",
        "Not yet. I do not understand 'purple': answer with \"white\", \"black\", \"draw\" or "
        '"nobody" (not over yet).',  # a line of text shows `code` without its backticks
    ]
    assert said["es"][0] == "¡Correcto! Ganan las Blancas (ninguna jugada permitida)."
    assert "las Negras todavía pueden mover (B0xT1)" in said["es"][2]
    assert "Mira cada pieza negra" in said["es"][1]
    assert "¿Pueden las Negras hacer alguna jugada?" in said["es"][3]
    assert "«Empate» no es el resultado" in said["es"][4]
    assert "No entiendo 'purple'" in said["es"][5]
    assert said["fr"][0] == "Correct ! Les Blancs gagnent (aucun coup permis)."
    assert "les Noirs peuvent encore jouer (B0xT1)" in said["fr"][2]
    assert "Vérifie chaque pièce noire" in said["fr"][1]
    assert "Les Noirs peuvent-ils jouer un coup" in said["fr"][3]
    assert "« Partie nulle » n'est pas le résultat" in said["fr"][4]
    assert "Je ne comprends pas 'purple'" in said["fr"][5]
    for language in ("es", "fr"):
        for text in said[language]:
            for english in ("wins", "not over:", "Look again", "Check every", "is not the result"):
                assert english not in text, (language, text)


def test_the_rules_exercise_answers_in_each_language() -> None:
    ludii = {"compulsory_capture": False, "multi_leap": "none"}
    said = {}
    for language in ("en", "es", "fr"):
        with use_language(language):
            said[language] = [
                str(check_rules(Rules(compulsory_capture=False, multi_leap="none"), **ludii)),
                str(check_rules(Rules(multi_leap="none", quiet_turn_limit=30), **ludii)),
                str(check_rules("ludii", **ludii)),
                str(check_rules(..., **ludii)),
            ]
    assert said["en"][0] == "Correct! These are the rules of the ludii preset."
    assert said["en"][1] == (
        "Not yet. compulsory_capture is True; it should be False. quiet_turn_limit is 30; "
        "it should be 50 (leave this switch as it is)."
    )
    assert said["en"][2].startswith("Not yet. I expected a Rules(...) value, but got str.")
    assert "Replace the ... with your answer" in said["en"][3]
    assert said["es"][0] == "¡Correcto! Son las reglas del conjunto ludii."
    assert "compulsory_capture vale True; tendría que valer False." in said["es"][1]
    assert "(deja este interruptor como está)" in said["es"][1]
    assert "Esperaba un valor Rules(...)" in said["es"][2]
    assert "Cambia los ... por tu respuesta" in said["es"][3]
    assert said["fr"][0] == "Correct ! Ce sont les règles du jeu de règles ludii."
    assert "(laisse cet interrupteur comme il est)" in said["fr"][1]
    assert "J'attendais une valeur Rules(...)" in said["fr"][2]
    assert "Remplace les ... par ta réponse" in said["fr"][3]


@pytest.mark.parametrize("language", ["es", "fr"])
@pytest.mark.parametrize("name", ["03_rules.ipynb", "04_play.ipynb"])
def test_notebooks_03_and_04_are_translated_and_the_student_copy_holds_no_answer(
    language: str, name: str
) -> None:
    student = nbformat.read(ROOT / "notebooks" / language / name, as_version=4)
    assert student.metadata["awithlaknannai"]["language"] == language
    assert student.cells[0].source.endswith(f'set_language("{language}")')
    code = "\n".join(cell.source for cell in student.cells if cell.cell_type == "code")
    assert "BEGIN SOLUTION" not in code
    if name.startswith("03"):
        assert (ROOT / "teacher" / language / name).exists()
        assert "answer = ..." in code and "T4xB3'" not in code
    headings = [cell.source.splitlines()[0] for cell in student.cells if cell.cell_type == "markdown"]
    assert not any(h in ("# 3. The rules, one at a time", "# 4. Play") for h in headings)


def test_a_mistyped_level_is_refused_in_the_language() -> None:
    from awithlaknannai.players import make_player, player_for_level

    said = {}
    for language in ("en", "es", "fr"):
        with use_language(language):
            with pytest.raises(ValueError) as level:
                player_for_level("expert")
            with pytest.raises(ValueError) as player:
                make_player("expert")
            said[language] = (str(level.value), str(player.value))
    assert said["en"][0] == "unknown level 'expert'; levels are beginner, casual, club, strong"
    assert said["en"][1].startswith("unknown player 'expert'; use random, greedy, alphabeta:DEPTH")
    assert said["es"][0] == "no hay ningún nivel 'expert'; los niveles son beginner, casual, club, strong"
    assert said["es"][1].startswith("no hay ningún jugador 'expert'; usa random, greedy")
    assert said["fr"][0] == "niveau 'expert' inconnu ; les niveaux sont beginner, casual, club, strong"
    assert said["fr"][1].startswith("joueur 'expert' inconnu ; utilise random, greedy")
