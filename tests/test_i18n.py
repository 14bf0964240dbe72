"""The tutorial in Spanish and French (issue 29): catalogs complete and compiled, the package speaking the
session's language, and the translated notebooks faithful to their English source.

The notebooks themselves run under nbval like every notebook (``notebooks/es/``, ``notebooks/fr/`` are
collected through pyproject's testpaths); the browser test is tests/browser/test_spanish_challenge.py.
"""

from __future__ import annotations

import ast
from gettext import GNUTranslations
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from awithlaknannai import Position, explain
from awithlaknannai.notation import parse_position
from awithlaknannai.i18n import (
    LANGUAGES,
    LOCALE_FOLDER,
    LanguageError,
    get_language,
    gettext,
    language_from_environment,
    ngettext,
    set_language,
    use_language,
)
from awithlaknannai.tutorial import translate
from awithlaknannai.tutorial.copies import student_copy
from awithlaknannai.tutorial.challenges import Challenge, capture, first_moves, hint_ladder, reach
from awithlaknannai.tutorial.practice import refusal_reason
from command_line import run_program

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PACKAGE_CATALOGS = {code: LOCALE_FOLDER / code / "LC_MESSAGES" / "awithlaknannai.po" for code in TRANSLATED}
NOTEBOOK_CATALOGS = sorted((ROOT / translate.CATALOG_FOLDER).glob("*/*.po"))
TRANSLATED_NOTEBOOKS = sorted(
    path
    for code in TRANSLATED
    for folder in ("notebooks", "teacher")
    for path in (ROOT / folder / code).glob("*.ipynb")
)
PLACEHOLDER = re.compile(
    r"\{[A-Za-z_]\w*(?:![rsa])?(?::[^{}]*)?\}|%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%[sd]"
)
TWO_IN_ONE = "mosona standard ......../...bb..b./b.w...w. w 0"


def _read(path: Path, language: str):
    with path.open("rb") as file:
        return read_po(file, locale=language)


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


# --- the catalogs ---------------------------------------------------------------------------


def test_there_are_catalogs_for_every_language_and_notebook_00() -> None:
    assert {"es", "fr"} <= set(TRANSLATED)
    for language, path in PACKAGE_CATALOGS.items():
        assert path.is_file() and path.with_suffix(".mo").is_file(), path
        assert (ROOT / translate.CATALOG_FOLDER / language / "00_start_here.po").is_file()
        assert (ROOT / "notebooks" / language / "00_start_here.ipynb").is_file()


@pytest.mark.parametrize(
    "path", [*PACKAGE_CATALOGS.values(), *NOTEBOOK_CATALOGS], ids=lambda p: "/".join(Path(p).parts[-4:])
)
def test_every_catalog_is_complete_with_nothing_fuzzy(path: Path) -> None:
    language = path.parent.name if path.parent.name in LANGUAGES else path.parent.parent.name
    catalog = _read(path, language)
    entries = [message for message in catalog if message.id]
    assert entries, f"{path} is empty"
    untranslated = [message.id for message in entries if not all(message.string) or not message.string]
    fuzzy = [message.id for message in entries if message.fuzzy]
    assert not untranslated, f"{path}: not translated: {untranslated[:5]}"
    assert not fuzzy, f"{path}: fuzzy (the English changed; review, then remove the flag): {fuzzy[:5]}"
    assert catalog.plural_forms in ("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_placeholder_is_kept_in_every_form(language: str) -> None:
    problems = []
    for message in _read(PACKAGE_CATALOGS[language], language):
        if not message.id:
            continue
        if message.pluralizable:
            singular, plural = message.id
            for form in message.string:  # every form names what the plural msgid names
                if _placeholders(form) not in (_placeholders(plural), _placeholders(singular)):
                    problems.append((message.id, form))
        elif _placeholders(message.string) != _placeholders(message.id):
            problems.append((message.id, message.string))
        original = message.id if isinstance(message.id, str) else message.id[1]
        for form in message.string if message.pluralizable else [message.string]:
            if original.startswith(" ") != form.startswith(" ") or original.endswith(" ") != form.endswith(
                " "
            ):
                problems.append(("spaces around", message.id, form))
    assert not problems, problems


def test_the_placeholder_check_catches_a_lost_or_renamed_placeholder() -> None:
    assert _placeholders("{them} answers {reply}") != _placeholders("las {ellos} responden {reply}")
    assert _placeholders("take {count} pieces") != _placeholders("toma piezas")
    assert _placeholders("%(count)d pieces") == _placeholders("%(count)d piezas")


_TRANSLATING_CALLS = {"_", "gettext", "ngettext", "pgettext"}


def _messages_inside_f_strings(source: str) -> list[int]:
    """The lines where a translating call with a literal message sits inside an f-string."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in _TRANSLATING_CALLS
                    and inner.args
                    and isinstance(inner.args[0], ast.Constant)
                ):
                    lines.append(inner.lineno)
    return lines


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel's extractor sees a message inside an f-string from Python 3.12 on only (PEP 701 tokenizes
    f-strings), so such a message would be in the catalogs on one Python and missing on another."""
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "awithlaknannai").rglob("*.py"))
        if (lines := _messages_inside_f_strings(path.read_text(encoding="utf-8")))
    }
    assert not found, f"hoist these messages out of their f-strings: {found}"


def test_the_f_string_check_finds_a_message_inside_an_f_string() -> None:
    assert _messages_inside_f_strings('x = f"<b>{_(\'Moves\')}</b>"') == [1]
    assert _messages_inside_f_strings('label = _("Moves")\nx = f"<b>{label}</b> {_(name)}"') == []


def test_the_catalogs_hold_every_message_of_the_code() -> None:
    """`pybabel extract` then `pybabel update` were run: no message of the code is missing from a catalog."""
    found = set()
    for _filename, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "awithlaknannai"), method_map=[("**.py", "python")]
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    assert found, "no message marked for translation in the code"
    template = {
        message.id if isinstance(message.id, str) else tuple(message.id)
        for message in _read(LOCALE_FOLDER / "awithlaknannai.pot", "en")
        if message.id
    }
    assert found == template, (
        f"the .pot is behind the code: run pybabel extract ({sorted(map(str, found ^ template))[:5]})"
    )
    for language, path in PACKAGE_CATALOGS.items():
        have = {
            message.id if isinstance(message.id, str) else tuple(message.id)
            for message in _read(path, language)
            if message.id
        }
        assert found <= have, (
            f"{path} is behind the code: run pybabel update ({sorted(map(str, found - have))[:5]})"
        )


def _mo_content(data: bytes) -> dict[object, object]:
    """What a compiled catalog says: every message, and its header less the Babel version that wrote it.

    The bytes differ between Babel versions only in that header line ("Generated-By: Babel 2.18.0"),
    and the other Pythons' CI environments take the newest Babel, not the lock's.
    """
    catalog = dict(GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]
    header = str(catalog.pop("", ""))
    catalog[""] = "\n".join(line for line in header.splitlines() if not line.startswith("Generated-By:"))
    return catalog


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_mo_is_what_pybabel_compile_makes_of_its_po(language: str) -> None:
    catalog = _read(PACKAGE_CATALOGS[language], language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)  # what `pybabel compile` writes
    shipped = _mo_content(PACKAGE_CATALOGS[language].with_suffix(".mo").read_bytes())
    assert shipped == _mo_content(compiled.getvalue()), (
        f"{language}: the .mo is older than its .po: run pybabel compile -D awithlaknannai -d awithlaknannai/locale"
    )
    assert len(shipped) > 50  # the messages are there, not just a header


# --- the language of a session ----------------------------------------------------------------


def test_a_bad_language_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(LanguageError, match=r"'de'.*'en' \(English\), 'es' \(español\), 'fr' \(français\)"):
        set_language("de")
    with pytest.raises(ValueError):
        set_language("")
    with pytest.raises(TypeError):
        set_language(34)  # type: ignore[arg-type]
    assert get_language() == "en"  # nothing changed


def test_the_environment_chooses_the_language_awithlaknannai_lang_first() -> None:
    assert language_from_environment({"AWITHLAKNANNAI_LANG": "fr", "LANG": "es_ES.UTF-8"}) == "fr"
    assert language_from_environment({"LANGUAGE": "de_DE:es", "LANG": "fr_FR.UTF-8"}) == "es"
    assert language_from_environment({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert language_from_environment({"LANG": "C.UTF-8"}) == "en"
    with pytest.warns(UserWarning, match="AWITHLAKNANNAI_LANG='klingon' names no translation"):
        assert language_from_environment({"AWITHLAKNANNAI_LANG": "klingon", "LANG": "fr_FR"}) == "fr"


def test_a_kernel_started_with_awithlaknannai_lang_speaks_it() -> None:
    code = "from awithlaknannai.i18n import get_language, gettext; print(get_language(), gettext('Solved!'))"
    env = {"AWITHLAKNANNAI_LANG": "es", "LANG": "fr_FR.UTF-8", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    )
    assert done.stdout.split() == ["es", "¡Resuelto!"]


def test_set_language_switches_what_challenges_say() -> None:
    two = Challenge(TWO_IN_ONE, capture(2), "Two in one turn")
    assert capture(2).describe("White") == "White to play: take 2 pieces in one turn."
    set_language("es")
    assert capture(2).describe("White") == "Juegan las Blancas: toma 2 piezas en un solo turno."
    assert capture(1).describe("Black") == "Juegan las Negras: toma 1 pieza en un solo turno."
    assert (
        str(two.run().play("B6xT7"))
        == "Todavía no: esa jugada toma 1 pieza. Encuentra una jugada que tome 2."
    )
    run = two.run()
    assert str(run.play("B2xT3xB4")) == "¡Resuelto!"
    set_language("fr")
    assert str(two.run().play("B6xT7")).startswith("Pas encore : ce coup prend 1 pièce.")
    assert [c.title for c in first_moves()] == ["Au centre", "Le saut", "Deux en un tour"]
    assert str(first_moves()[0].run().play("B3-M4")).startswith("Réussi ! Tous les points sauf le centre")
    set_language("en")
    assert str(two.run().play("B2xT3xB4")) == "Solved!"


def test_plural_forms_follow_each_language() -> None:
    forms = ("take {count} piece in one turn.", "take {count} pieces in one turn.")
    with use_language("fr"):  # French: 0 and 1 are singular
        assert ngettext(*forms, 0).format(count=0) == "prends 0 pièce en un seul tour."
        assert ngettext(*forms, 2).format(count=2) == "prends 2 pièces en un seul tour."
    with use_language("es"):  # Spanish, as English: 0 is plural
        assert ngettext(*forms, 0).format(count=0) == "toma 0 piezas en un solo turno."
        assert ngettext(*forms, 1).format(count=1) == "toma 1 pieza en un solo turno."


def test_hints_are_translated_and_lazy_constants_follow_the_language() -> None:
    start = Position.start("mosona")
    position = Challenge(TWO_IN_ONE, capture(2), "Two").start
    target = position.find_move("B2xT3xB4")
    with use_language("es"):
        ladder = [mark.text for mark in hint_ladder(capture(2), position, target)]
        assert ladder[1] == "Mira la pieza de B2 (el círculo)."
        assert (
            ladder[3] == "Su primer salto cae en T3; después vuelve a saltar."
        )  # _ORDINALS: a lazy constant
        assert ladder[-1] == "La flecha muestra la jugada entera: B2 a T3 a B4. Juégala tú."
        first = hint_ladder(reach("M4"), start, start.find_move("B3-M4"))[0].text
        assert first.startswith("Empieza en M4 y sigue sus líneas")
    with use_language("fr"):
        assert (
            hint_ladder(capture(2), position, target)[3].text
            == "Son premier saut arrive sur T3 ; puis elle saute encore."
        )
    assert (
        hint_ladder(capture(2), position, target)[3].text
        == "Its first leap lands on T3; then it leaps again."
    )


def test_why_a_move_is_illegal_in_each_language_and_its_example_is_cut_from_a_lesson() -> None:
    start = Position.start("mosona")
    assert explain.why_illegal(start, "B3", [("-", None, "M5")]) == "M5 is occupied"
    with use_language("es"):
        assert explain.why_illegal(start, "B3", [("-", None, "M5")]) == "M5 está ocupado"
        with pytest.raises(ValueError, match="no hay ninguna pieza en M4"):
            start.find_move("M4-M5")
    opening = start.play("B3-M4")
    with use_language("fr"):
        try:
            opening.find_move("M3-B3")
        except ValueError as error:
            reason = str(error)
            assert "la prise est obligatoire : les Noirs doivent sauter (par exemple T4xB3)" in reason
            assert refusal_reason("M3-B3", error) == "la prise est obligatoire : les Noirs doivent sauter"
        else:  # pragma: no cover
            pytest.fail("M3-B3 must be refused: Black must capture")


# --- what a student meets on a board (the challenge board, the board, the game widget) -------------

BOARD_WORDS = {
    # language: (Hint, Try again, Next challenge, wrong move's status, the lock once solved)
    "es": (
        "Pista",
        "Intentar de nuevo",
        "Siguiente reto",
        "\u26a0 Todavía no: esa jugada toma 1 pieza. Encuentra una jugada que tome 2. "
        "Pulsa «Intentar de nuevo» para empezar otra vez.",
        "¡Resuelto! Pulsa «Intentar de nuevo» para jugarlo otra vez.",
    ),
    "fr": (
        "Indice",
        "Réessayer",
        "Défi suivant",
        "\u26a0 Pas encore : ce coup prend 1 pièce. Trouve un coup qui en prend 2. "
        "Appuie sur « Réessayer » pour recommencer.",
        "Réussi ! Appuie sur « Réessayer » pour le rejouer.",
    ),
    "en": (
        "Hint",
        "Try again",
        "Next challenge",
        "\u26a0 Not yet: that move takes 1 piece. Find a move that takes 2. Press Try again to start over.",
        "Solved! Press Try again to play it once more.",
    ),
}


@pytest.fixture()
def no_progress():
    from awithlaknannai.tutorial.challenge_board import PROGRESS

    PROGRESS.clear()
    yield
    PROGRESS.clear()


@pytest.mark.parametrize("language", ["es", "fr", "en"])
def test_the_challenge_board_speaks_the_language_it_was_made_in(language: str, no_progress: None) -> None:
    from awithlaknannai.tutorial.challenge_board import ChallengeBoard

    hint, again, next_one, wrong, solved = BOARD_WORDS[language]
    with use_language(language):
        board = ChallengeBoard(Challenge(TWO_IN_ONE, capture(2), "Two in one turn"), animate=False)
        assert [b.description for b in (board.hint_button, board.again_button, board.next_button)] == [
            hint,
            again,
            next_one,
        ]
        assert board.board.status_text == capture(2).describe("White")
        board.board.click("B6")
        assert board.board.click("T7").played is not None
        assert board.board.status_text == wrong
        # Refused until the button the status names is pressed: the lock says it in the same words.
        assert board.board.controller.locked == wrong[2:]
        assert not board.board.click("B2").accepted
        board.try_again()
        board.hint()
        assert board.board.status_text.startswith(hint)
        assert board.play("B2xT3xB4").status == "solved"
        assert board.board.status_text == gettext("Solved!")
        assert board.board.controller.locked == solved
        assert gettext("solved") in board.heading.value
    assert get_language() == "en"


def test_the_challenge_row_and_the_board_name_and_describe_it_in_the_language(no_progress: None) -> None:
    from awithlaknannai.tutorial.challenge_board import ChallengeBoard

    with use_language("es"):
        row = ChallengeBoard(first_moves(), animate=False)
        assert "Reto 1 de 3: Al centro" in row.heading.value
        assert [b.description for b in row._progress_buttons] == [
            "1. Al centro",
            "2. El salto",
            "3. Dos en un turno",
        ]
        access = row.board.access
        assert (
            access.name == "Al centro: Tablero Awithlaknannai Mosona"
        )  # the name of a game is not translated
        assert access.description.startswith("Juegan las Blancas. Piezas blancas (12): ")
        assert "Vacíos: M4. Teclas: las flechas mueven un cursor" in access.description
        assert row.board.click("B3").status.startswith(
            "Pieza de B3 seleccionada: haz clic en un punto resaltado"
        )
        assert access.status.endswith("Puede ir a M4.")  # the live region names the targets
        row.board.handle_key("ArrowRight")
        assert row.board.status_text.startswith("Cursor en ")
        assert "Puede ir a" not in row.board.status_text  # the cursor's line names no targets
        assert repr(row).startswith(
            "<Tablero de retos: Al centro (el 1 de una serie de 3). Juegan las Blancas"
        )
    with use_language("fr"):
        board = ChallengeBoard(first_moves()[0], animate=False)
        refused = board.board.click("M3")
        assert not refused.accepted
        assert refused.status == "Sur M3 il y a une pièce noire, et c'est aux Blancs de jouer."
        stuck = board.board.click("B0")
        assert (
            stuck.status
            == "La pièce de B0 ne peut pas bouger : ses voisins sont occupés et elle n'a rien à sauter."
        )


def test_a_wrong_move_is_refused_in_spanish_with_its_reason() -> None:
    start = Position.start("mosona")
    opening = start.play("B3-M4")
    with use_language("es"):
        with pytest.raises(ValueError, match=r"^Q9-M4: no hay ningún punto 'Q9' en este tablero \(mosona\)$"):
            start.find_move("Q9-M4")
        with pytest.raises(ValueError, match=r"^no se entiende la jugada 'B3M4': escribe un paso como B3-M4"):
            start.find_move("B3M4")
        with pytest.raises(ValueError) as refused:
            opening.find_move("M3-B3")
        assert str(refused.value) == (
            "M3-B3: capturar es obligatorio: las Negras tienen que saltar (por ejemplo T4xB3)"
        )
        with pytest.raises(ValueError, match="^T0-T1: la partida ya ha terminado: "):
            parse_position("zuni-3 standard ww./..../... b 0").find_move("T0-T1")
    # The same refusals in English, word for word as before.
    with pytest.raises(ValueError, match=r"^Q9-M4: there is no point 'Q9' on this board \(mosona\)$"):
        start.find_move("Q9-M4")
    with pytest.raises(ValueError, match=r"^cannot read the move 'B3M4': write a step as B3-M4 and leaps"):
        start.find_move("B3M4")


def test_feedback_and_friendly_errors_in_each_language() -> None:
    from awithlaknannai.tutorial.checking import Feedback
    from awithlaknannai.tutorial.friendly import explain_name_error, explain_syntax_error

    wrong = Feedback("demo", "wrong", "`M4` has 6 neighbours.", hint="Count the lines.")
    with use_language("es"):
        assert str(Feedback("demo", "correct", "ok")) == "¡Correcto! Ok"
        assert str(wrong) == "Todavía no. M4 has 6 neighbours. Pista: Count the lines."
        assert "<em>Pista:</em>" in wrong._repr_html_() and "\u2718 Todavía no.**" in wrong._repr_markdown_()
        assert str(explain_name_error(NameError("name 'b' is not defined", name="b"))).startswith(
            "Todavía no. Python no conoce la palabra b."
        )
        try:
            compile("def f(x)\n    return 1\n", "<cell>", "exec")
        except SyntaxError as error:
            assert str(explain_syntax_error(error)) == (
                "Todavía no. Línea 1 (def f(x)): falta un : al final de la línea "
                "(después de def, if, else, for o while)."
            )
    with use_language("fr"):
        assert str(Feedback("demo", "correct", "ok")) == "Correct ! Ok"
        assert str(Feedback("demo", "missing", "x")) == "Pas encore de réponse. X"
    assert str(wrong) == "Not yet. M4 has 6 neighbours. Hint: Count the lines."


def test_the_game_widget_has_its_buttons_and_status_in_the_language() -> None:
    from awithlaknannai.widgets import GameWidget

    with use_language("fr"):
        widget = GameWidget("mosona", animate=False)
        assert [
            widget.new_button.description,
            widget.undo_button.description,
            widget.hint_button.description,
        ] == [
            "Nouvelle partie",
            "Annuler",
            "Indice",
        ]
        assert widget.rules_menu.options[0][0] == "Standard (encyclopédie)"
        widget.play("B3-M4")
        assert widget.board.status_text.startswith("Aux Noirs de jouer. Dernier coup : Blancs B3-M4.")
    with use_language("es"):
        from awithlaknannai import Game
        from awithlaknannai.widgets.game import hint_for

        assert hint_for(Game("zuni-3", "standard")).text.startswith(("Prueba ", "El nivel más fuerte"))
    english = GameWidget("mosona", animate=False)
    assert english.rules_menu.options[0][0] == "Standard (encyclopedia)"
    assert english.new_button.description == "New game"


# --- the notebooks ------------------------------------------------------------------------------


def test_the_translated_notebooks_are_what_their_catalogs_make() -> None:
    assert translate.check(ROOT) == []


@pytest.mark.parametrize("path", TRANSLATED_NOTEBOOKS, ids=lambda p: "/".join(p.parts[-3:]))
def test_a_translated_notebook_is_faithful_to_its_english_one(path: Path) -> None:
    source = translate.source_notebook(path.name[:2], ROOT)
    english = nbformat.read(source, as_version=4)
    if source.parent.name == "teacher" and path.parent.parent.name == "notebooks":
        english = student_copy(
            english, source.name
        )  # a student copy is compared with the English student copy
    translated = nbformat.read(path, as_version=4)
    assert translate.faithfulness_problems(english, translated) == []
    first = translated.cells[0]
    assert first.cell_type == "code" and f'set_language("{path.parent.name}")' in first.source
    assert translated.metadata["awithlaknannai"]["language"] == path.parent.name
    for cell in translated.cells:  # every link to a notebook leads to one that exists
        for target in re.findall(
            r"\]\(([^)#\s]+\.ipynb)", cell.source if cell.cell_type == "markdown" else ""
        ):
            assert (path.parent / target).resolve().is_file(), f"{path.name}: broken link {target}"


def test_the_faithfulness_check_finds_a_changed_year_number_or_code() -> None:
    english = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    spanish = nbformat.read(ROOT / "notebooks" / "es" / "00_start_here.ipynb", as_version=4)
    changed = nbformat.from_dict(dict(spanish))
    markdown = next(cell for cell in changed.cells if cell.cell_type == "markdown")
    markdown.source += "\n\nCulin (1907) contó 24 piezas."
    problems = translate.faithfulness_problems(english, changed)
    assert any("citations" in p for p in problems) and any("numbers" in p for p in problems)
    code = next(cell for cell in spanish.cells if cell.get("id") == "00-challenges")
    code.source = code.source.replace("first_moves()", "first_moves()[:1]")
    assert "the code cells differ from the English notebook's" in translate.faithfulness_problems(
        english, spanish
    )


def _tiny_notebook(text: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_markdown_cell(text)
    cell.id = "intro"
    return nbformat.v4.new_notebook(cells=[cell, nbformat.v4.new_code_cell("1 + 1")])


def test_an_edited_english_paragraph_makes_its_translation_fuzzy_and_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    source = tmp_path / "notebooks" / "09_tiny.ipynb"
    nbformat.write(_tiny_notebook("Stevenson (1904) names the game.\n\nA second paragraph."), source)
    path = translate.update_catalog(source, "es", tmp_path)
    catalog = translate.read_catalog(path, "es")
    with pytest.raises(translate.TranslationError, match="not translated yet"):
        translate.translated_notebook(nbformat.read(source, as_version=4), catalog, "es")
    for message, text in zip(
        [m for m in catalog if m.id], ["Stevenson (1904) da el nombre del juego.", "Un segundo párrafo."]
    ):
        message.string = text
    with path.open("wb") as file:
        translate.write_po(file, catalog, width=0)
    made = translate.translated_notebook(nbformat.read(source, as_version=4), catalog, "es")
    assert made.cells[1].source == "Stevenson (1904) da el nombre del juego.\n\nUn segundo párrafo."
    # The English changes: its old translation is kept, marked fuzzy, and no notebook is made from it.
    nbformat.write(_tiny_notebook("Stevenson (1904) names the game, in Zuni.\n\nA second paragraph."), source)
    catalog = translate.read_catalog(translate.update_catalog(source, "es", tmp_path), "es")
    changed = next(m for m in catalog if m.id and m.id.startswith("Stevenson"))
    assert changed.fuzzy and changed.string == "Stevenson (1904) da el nombre del juego."
    with pytest.raises(translate.TranslationError, match="fuzzy"):
        translate.translated_notebook(nbformat.read(source, as_version=4), catalog, "es")


def test_a_quotation_stays_in_its_own_words_with_our_translation_marked_beside_it(tmp_path: Path) -> None:
    quotation = '> "The game is played on a board of lines."'
    english = _tiny_notebook(f"A source says:\n\n{quotation}")
    catalog = translate.notebook_template(english, "tiny")
    catalog.locale = "fr"
    assert translate.QUOTATION_NOTE in catalog.get(quotation, context="intro").auto_comments
    catalog.get("A source says:", context="intro").string = "Une source dit :"
    catalog.get(quotation, context="intro").string = "« On joue au jeu sur un plateau de lignes. »"
    made = translate.translated_notebook(english, catalog, "fr")
    assert made.cells[1].source == (
        f"Une source dit :\n\n{quotation}\n\n*Notre traduction (ce ne sont pas les mots "
        "de la source) :* « On joue au jeu sur un plateau de lignes. »"
    )
    assert translate.faithfulness_problems(english, made) == []


def test_a_language_without_notebook_translations_is_refused() -> None:
    with pytest.raises(translate.TranslationError, match="translated into es, fr"):
        translate.catalog_path("notebooks/00_start_here.ipynb", "en")


def test_the_command_line_copies_the_spanish_notebooks_beside_the_english(tmp_path: Path) -> None:
    done = run_program("notebooks", str(tmp_path / "class"), "--lang", "es")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "class" / "es" / "00_start_here.ipynb").read_bytes() == (
        ROOT / "notebooks" / "es" / "00_start_here.ipynb"
    ).read_bytes()
    assert (tmp_path / "class" / "01_history.ipynb").is_file()  # what the Spanish 00 links to, in English
    assert done.stdout.rstrip().endswith(str(tmp_path / "class" / "es" / "00_start_here.ipynb"))
    bad = run_program("notebooks", str(tmp_path / "x"), "--lang", "de")
    assert bad.returncode == 2 and "invalid choice: 'de'" in bad.stderr


def test_pybabel_compiles_the_catalogs_as_the_readme_says(tmp_path: Path) -> None:
    pybabel = shutil.which("pybabel", path=str(Path(sys.executable).parent))
    if pybabel is None:
        pytest.skip("pybabel is not installed beside this Python (pip install Babel)")
    shutil.copytree(LOCALE_FOLDER, tmp_path / "locale")
    done = subprocess.run(
        [pybabel, "compile", "--statistics", "-D", "awithlaknannai", "-d", str(tmp_path / "locale")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for language in TRANSLATED:
        made = tmp_path / "locale" / language / "LC_MESSAGES" / "awithlaknannai.mo"
        assert _mo_content(made.read_bytes()) == _mo_content(
            PACKAGE_CATALOGS[language].with_suffix(".mo").read_bytes()
        )
    assert gettext("Solved!") == "Solved!"


@pytest.mark.parametrize(
    ("language", "title", "description"),
    [
        ("en", "Awithlaknannai Mosona: Black to move", "12 white and 12 black pieces. Last move B3-M4."),
        (
            "es",
            "Awithlaknannai Mosona: juegan las Negras",
            "Piezas blancas: 12; negras: 12. Última jugada: B3-M4.",
        ),
        (
            "fr",
            "Awithlaknannai Mosona : aux Noirs de jouer",
            "Pièces blanches : 12 ; noires : 12. Dernier coup : B3-M4.",
        ),
    ],
)
def test_a_board_picture_names_itself_in_the_session_language(
    language: str, title: str, description: str
) -> None:
    """The title and text alternative a screen reader reads follow set_language, like the status line."""
    from awithlaknannai.render.svg import position_svg

    start = Position.start("mosona")
    step = start.find_move("B3-M4")
    with use_language(language):
        svg = position_svg(start.play(step), last_move=step)
    heading = svg[svg.index("<title") : svg.index("</title>")]
    alternative = svg[svg.index("<desc") : svg.index("</desc>")]
    assert heading.endswith(title), heading
    assert description in alternative, alternative


@pytest.mark.parametrize(
    ("language", "wrong", "unreadable"),
    [
        ("en", "4321 is not it.", "I expected a whole number, like 7, but got 'abc'."),
        ("es", "4321 no es la respuesta.", "Esperaba un número entero, como 7, pero he recibido 'abc'."),
        ("fr", "4321, ce n'est pas ça.", "J'attendais un nombre entier, comme 7, mais j'ai reçu 'abc'."),
    ],
)
def test_the_generic_feedback_on_an_answer_speaks_the_session_language(
    language: str, wrong: str, unreadable: str
) -> None:
    """A wrong or unreadable answer to a number question: the sentences the checker itself writes."""
    from awithlaknannai.tutorial.exercises import check

    with use_language(language):
        assert wrong in str(check("02-zuni3-edges", 4321))
        assert unreadable in str(check("02-zuni3-edges", "abc"))


@pytest.mark.parametrize(
    ("language", "english", "translated"),
    [
        ("es", '"Challenge 3.1: every step"', '"Reto 3.1: todos los pasos"'),
        ("fr", '"Challenge 3.1: every step"', '"Défi 3.1 : tous les pas"'),
    ],
)
def test_the_texts_a_student_reads_in_code_cells_are_translated_and_nothing_else(
    language: str, english: str, translated: str
) -> None:
    """A challenge's title in a code cell is translated; the position texts and the calls are not."""
    from awithlaknannai.tutorial.code_texts import code_skeleton

    source = nbformat.read(ROOT / "teacher" / "03_rules.ipynb", as_version=4)
    made = nbformat.read(ROOT / "teacher" / language / "03_rules.ipynb", as_version=4)
    english_code = [cell.source for cell in source.cells if cell.cell_type == "code"]
    made_code = [cell.source for cell in made.cells if cell.cell_type == "code"][1:]  # after set_language
    assert any(english in code for code in english_code)
    assert not any(english in code for code in made_code)
    assert any(translated in code for code in made_code)
    positions = re.compile(r'"mosona (?:standard|ludii)[^"]*"')
    assert [positions.findall(code) for code in english_code] == [
        positions.findall(code) for code in made_code
    ]
    assert [code_skeleton(code) for code in english_code] == [code_skeleton(code) for code in made_code]


@pytest.mark.parametrize(
    ("language", "right", "wrong"),
    [
        ("en", "These are the rules of the ludii preset.", "leave this switch as it is (False)"),
        ("es", "Son las reglas del conjunto ludii.", "deja este interruptor como está (False)"),
        ("fr", "Ce sont les règles du jeu de règles ludii.", "laisse cet interrupteur comme il est (False)"),
    ],
)
def test_the_rules_exercise_answers_in_the_session_language(language: str, right: str, wrong: str) -> None:
    from awithlaknannai import Rules
    from awithlaknannai.tutorial.exercises import check

    with use_language(language):
        assert right in str(check("03-ludii-rules", Rules(compulsory_capture=False, multi_leap="none")))
        extra = Rules(compulsory_capture=False, multi_leap="none", maximum_capture=True)
        assert wrong in str(check("03-ludii-rules", extra))


def test_a_bare_board_picture_describes_itself_in_the_session_language() -> None:
    from awithlaknannai.boards import zuni
    from awithlaknannai.render.svg import board_svg

    with use_language("es"):
        svg = board_svg(zuni(8), heat={"M4": 1.0, "M0": 0.0})
    alternative = svg[svg.index("<desc") : svg.index("</desc>")]
    assert "25 puntos unidos por 54 segmentos de línea" in alternative, alternative
    assert "Los discos de color muestran un valor en cada punto" in alternative, alternative


def test_the_goals_and_slips_of_notebook_08_speak_the_session_language() -> None:
    from awithlaknannai.league import greedy_choose_move, judge_player
    from awithlaknannai.tutorial.player_goals import GoalStep, GoalsReport, review_challenges

    step = GoalStep("Gana al principiante", "beginner", 0.75, 0.4, 10, 4, 0, "Mira más adelante.")
    with use_language("es"):
        report = GoalsReport("tu jugador", [step], [])
        text = report.to_text()
        slips = review_challenges(judge_player(greedy_choose_move, positions=20, seed=1), count=1)
    assert "Objetivos de tu jugador: 0 de 1 pasos conseguidos." in text, text
    assert (
        "todavía no, 4 ganadas y 0 empatadas de 10 partidas, una puntuación del 40 % (hace falta: 75 %)."
        in text
    )
    assert "Siguiente idea: Mira más adelante." in text
    assert slips[0].title == "Desliz 1"
    assert slips[0].task.startswith("Juegan las "), slips[0].task


def test_where_each_preset_comes_from_is_read_in_the_session_language() -> None:
    from awithlaknannai import PRESET_SOURCES, PRESETS

    assert list(PRESET_SOURCES) == list(PRESETS)
    with use_language("es"):
        spanish = dict(PRESET_SOURCES)
    assert spanish["ludii"].startswith("La base de datos de juegos Ludii")
    assert PRESET_SOURCES["ludii"].startswith("The Ludii game database")
