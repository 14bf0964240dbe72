"""Where a class meets the tutorial in its language (issue 29): the JupyterLite site, the README's Binder
and JupyterLite links, and the printable sheet with its rules summary.

The site is built and played in Chromium by tests/browser/test_lite_site.py (its Spanish notebook too);
here: what the builder puts in the site's contents and on its start page, without building it.
"""

from __future__ import annotations

import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from awithlaknannai import cli
from awithlaknannai.i18n import LANGUAGES, SOURCE_LANGUAGE, use_language
from awithlaknannai.lite import FIRST_NOTEBOOK, LiteSite, start_address, start_page
from awithlaknannai.lite import _student_notebooks as student_notebooks
from awithlaknannai.render.export import printable_sheet, rules_summary
from awithlaknannai.rules import Rules
from awithlaknannai.tutorial.fetch import packaged_notebooks
from awithlaknannai.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
#: Variants and rules whose summaries use every sentence rules_summary has (curved lines, circles,
#: bent leaps, both shrinking boards, each capture duty, each way a game ends).
SUMMARIES = [
    ("mosona", "standard"),
    ("mosona", "maximum"),
    ("mosona", "ludii"),
    ("mosona", "standard,quiet_turn_limit=1"),
    ("alquerque", "ludii"),
    ("pretwa", "standard"),
    ("tukvnanawopi-shrinking", "standard"),
    ("tukvnanawopi-shrinking", "standard,shrink_boundary=dead"),
    ("tuknanavuhpi", "standard"),
]


#: Each rules switch at a value other than its default, and the mixes of capture duties and endings.
OTHER_RULES = [
    {"compulsory_capture": False},
    {"multi_leap": "optional"},
    {"multi_leap": "none"},
    {"maximum_capture": True},
    {"compulsory_capture": False, "maximum_capture": True},
    {"leap_shape": "bent"},
    {"blocked_player_loses": False},
    {"quiet_turn_limit": None},
    {"repetition_limit": None},
    {"quiet_turn_limit": None, "repetition_limit": 2},
    {"quiet_turn_limit": 7, "repetition_limit": None},
    {"no_capture_result": "more_pieces"},
]


def _summaries(language: str) -> list[str]:
    lines: list[str] = []
    with use_language(language):
        for name, rules in SUMMARIES:
            lines += rules_summary(get_variant(name, rules))
        for changes in OTHER_RULES:
            lines += rules_summary(get_variant("zuni-3", Rules(**changes)))
    return lines


# --- the printable sheet and the rules summary ---------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_rules_sentence_is_in_the_language(language: str) -> None:
    english, translated = _summaries(SOURCE_LANGUAGE), _summaries(language)
    assert len(english) == len(translated) > 40
    for source, line in zip(english, translated):
        assert line != source, f"{language}: left in English: {line!r}"
        assert "{" not in line and "}" not in line, line  # every placeholder filled
        # The numbers of the English sentence are in the translation (turn limits, repetitions).
        assert re.findall(r"\d+", line) == re.findall(r"\d+", source), (source, line)
    assert len(set(translated)) == len(set(english))  # no two English sentences became one


def test_a_switch_not_put_into_words_is_listed_as_written_after_a_translated_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from awithlaknannai.render import export

    monkeypatch.setattr(export, "RULES_DESCRIBED", export.RULES_DESCRIBED - {"repetition_limit"})
    variant = get_variant("zuni-3", Rules(repetition_limit=2))
    assert rules_summary(variant)[-1] == "Also: repetition_limit=2."
    with use_language("es"):
        assert rules_summary(variant)[-1] == "Además: repetition_limit=2."
    with use_language("fr"):
        assert rules_summary(variant)[-1] == "Aussi : repetition_limit=2."


def test_the_english_summary_is_unchanged_and_says_one_turn_for_a_limit_of_one() -> None:
    assert rules_summary(get_variant("mosona"))[-1] == (
        "The game also ends after 50 turns in a row without a capture, or a position seen 3 times: a draw."
    )
    assert rules_summary(get_variant("mosona", "standard,quiet_turn_limit=1"))[-1].startswith(
        "The game also ends after 1 turn in a row without a capture,"
    )
    with use_language("es"):
        assert rules_summary(get_variant("mosona"))[0].startswith("Empiezan las Blancas")
        one = rules_summary(get_variant("mosona", "standard,quiet_turn_limit=1"))[-1]
        assert "1 turno seguido" in one
    with use_language("fr"):
        assert rules_summary(get_variant("mosona"))[0].startswith("Les Blancs commencent")
        assert "50 tours de suite" in rules_summary(get_variant("mosona"))[-1]


def _sheet_words(svg: str) -> dict[str, str]:
    """The words on a sheet: its title and description (read aloud), the note, the rules and the subtitle."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    texts = ["".join(element.itertext()) for element in root.iter(f"{ns}text")]
    title, desc = root.find(f"{ns}title"), root.find(f"{ns}desc")
    assert title is not None and desc is not None
    return {"title": title.text or "", "desc": desc.text or "", "all": " ".join(texts)}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_printable_sheet_is_in_the_session_language(language: str) -> None:
    english = _sheet_words(printable_sheet("mosona"))
    with use_language(language):
        sheet = printable_sheet("mosona")
        rules = rules_summary(get_variant("mosona"))
    words = _sheet_words(sheet)
    for part in ("title", "desc"):
        assert words[part] != english[part] and "Mosona" in words[part], words[part]
    for sentence in (
        "printable",
        "this bar is 50 mm long",
        "Cut out",
        "Set up on",
        "print at 100 %",
        "moves first",
    ):
        assert sentence not in words["all"], f"{language}: {sentence!r} left in English"
    assert "mm" in words["all"] and "50" in words["all"]
    # The rules printed are the summary in that language (wrapped into lines: compare without the breaks).
    printed = re.sub(r"\s+", "", words["all"])
    assert all(re.sub(r"\s+", "", line) in printed for line in rules)
    # The page itself is the same: the board as large, every piece there.
    assert (
        sheet.count('class="cutout white"') == printable_sheet("mosona").count('class="cutout white"') == 12
    )


def test_draw_lang_writes_the_sheet_in_that_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hoja.svg"
    assert cli.main(["draw", "--printable", "--lang", "es", "-o", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    words = _sheet_words(out.read_text(encoding="utf-8"))
    assert "tablero para imprimir" in words["title"] and "esta barra mide 50 mm" in words["all"]
    # Without --lang: the session's language; --lang en gives English in any session.
    with use_language("fr"):
        assert cli.main(["draw", "--printable", "-o", str(tmp_path / "feuille.svg")]) == 0
        assert cli.main(["draw", "--printable", "--lang", "en", "-o", str(tmp_path / "sheet.svg")]) == 0
    assert "cette barre mesure 50 mm" in (tmp_path / "feuille.svg").read_text(encoding="utf-8")
    assert "this bar is 50 mm long" in (tmp_path / "sheet.svg").read_text(encoding="utf-8")
    # A board picture's title follows --lang too (read aloud by a screen reader).
    assert cli.main(["draw", "--lang", "fr", "-o", str(tmp_path / "board.svg")]) == 0
    assert (
        "aux Blancs de jouer" in _sheet_words((tmp_path / "board.svg").read_text(encoding="utf-8"))["title"]
    )
    with pytest.raises(SystemExit) as refused:  # argparse's one line, as for any bad choice
        cli.main(["draw", "--lang", "xx", "-o", str(tmp_path / "x.svg")])
    assert refused.value.code == 2
    assert "invalid choice: 'xx'" in capsys.readouterr().err


# --- the JupyterLite site ---------------------------------------------------------------------------


def test_the_site_carries_every_translation_in_its_folder_and_no_teacher_copy(tmp_path: Path) -> None:
    names, languages = student_notebooks(tmp_path)
    assert languages == list(LANGUAGES)  # English first, then each translation
    for language in LANGUAGES:
        for name, data in packaged_notebooks(language).items():
            assert (tmp_path / name).read_bytes() == data  # as the package carries it
            assert name in names
    for language in TRANSLATED:
        translated = sorted(path.name for path in (tmp_path / language).iterdir())
        assert translated == sorted(path.name for path in (ROOT / "notebooks" / language).glob("*.ipynb"))
        first = json.loads((tmp_path / language / FIRST_NOTEBOOK).read_text(encoding="utf-8"))["cells"][0]
        assert f'set_language("{language}")' in "".join(first["source"])  # the kernel speaks it at once
    # Every notebook, 00-08, in each translation.
    for language in TRANSLATED:
        numbers = sorted(path.name[:2] for path in (tmp_path / language).glob("*.ipynb"))
        assert numbers == ["00", "01", "02", "03", "04", "05", "06", "07", "08"], (language, numbers)
    # Never a teacher copy (they hold the answers), nor the teacher guide.
    teacher = sorted((ROOT / "teacher").rglob("*.ipynb"))  # the English ones and each translation's
    assert teacher
    for path in teacher:
        written = tmp_path / path.relative_to(ROOT / "teacher")
        assert not written.exists() or written.read_bytes() != path.read_bytes(), written
    assert not list(tmp_path.rglob("teacher_guide*"))


def test_the_start_page_opens_notebook_00_in_each_language(tmp_path: Path) -> None:
    _, languages = student_notebooks(tmp_path)
    page = start_page(tmp_path, languages)
    links = re.findall(r'<li lang="([a-z]+)"><a href="([^"]+)">([^<]+)</a></li>', page)
    assert [code for code, _, _ in links] == list(LANGUAGES)
    for code, address, text in links:
        assert address == start_address(code)
        target = address.split("path=", 1)[1]
        assert (tmp_path / target).is_file()
        assert text.startswith(LANGUAGES[code]) and "Awithlaknannai Mosona" in text
    assert "commence ici" in page and "empieza aquí" in page and "start here" in page
    # A plain page: no script, nothing fetched from another host.
    assert "<script" not in page and "http" not in page.replace("http-equiv", "")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page


def test_the_build_report_gives_each_languages_address() -> None:
    site = LiteSite(
        Path("/srv/site"),
        ("00_start_here.ipynb",),
        ("awithlaknannai",),
        2**20,
        12.0,
        languages=("en", "es", "fr"),
    )
    text = str(site)
    assert "http://127.0.0.1:8000/lab/index.html?path=00_start_here.ipynb" in text
    assert "in español: http://127.0.0.1:8000/lab/index.html?path=es/00_start_here.ipynb" in text
    assert "in français: http://127.0.0.1:8000/lab/index.html?path=fr/00_start_here.ipynb" in text
    assert "http://127.0.0.1:8000/start.html" in text
    with pytest.raises(ValueError, match="come in en, es, fr"):
        start_address("de")


# --- the README's links -------------------------------------------------------------------------------


def _links() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_links_sites", ROOT / ".ci" / "links.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("tagged", [True, False])
def test_the_readme_links_open_notebook_00_in_each_language(tagged: bool) -> None:
    links = _links()
    owner, repo, version = links.project()
    block = links.language_block(tagged)
    ref = f"v{version}" if tagged else "HEAD"
    for code in TRANSLATED:
        assert (
            f"https://mybinder.org/v2/gh/{owner}/{repo}/{ref}?urlpath=lab/tree/notebooks/{code}/00_start_here.ipynb"
            in block
        )
        assert f"https://{owner}.github.io/{repo}/{start_address(code)}" in block
        assert (ROOT / "notebooks" / code / "00_start_here.ipynb").is_file()  # what the link opens
    assert f"https://{owner}.github.io/{repo}/start.html" in block
    assert ("/HEAD?" in block) is not tagged and (f"/v{version}?" in block) is tagged


def test_the_readme_holds_the_language_links_in_its_spanish_and_french_section() -> None:
    links = _links()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## In Spanish and French") : readme.index("### Add a language")]
    found = re.findall(
        re.escape(links.LANGUAGES_BEGIN) + r".*?" + re.escape(links.LANGUAGES_END), section, re.DOTALL
    )
    tagged = links.release_tagged(links.project()[2])
    assert found and found[0] in [
        links.language_block(t) for t in ([tagged] if tagged is not None else [True, False])
    ]
    # The section says plainly which notebooks are translated: today every one of notebooks/ (a
    # notebook added in English only must be named there as such).
    english = sorted(path.name[:2] for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    for language in ("es", "fr"):
        translated = sorted(
            path.name[:2] for path in (ROOT / "notebooks" / language).glob("[0-9][0-9]_*.ipynb")
        )
        assert translated == english, (language, translated)
    assert f"Every notebook, {english[0]} to {english[-1]}, comes in Spanish and French" in section


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translated_sheet_still_fits_the_page(language: str) -> None:
    """The longer sentences take more lines: the board is planned around them, every page still fits."""
    from awithlaknannai.render.export import PAPER_SIZES
    from awithlaknannai.variants import VARIANT_NAMES

    svg = "{http://www.w3.org/2000/svg}"
    margin = 12
    for name in (name.replace("-N", "-4") for name in VARIANT_NAMES):
        for paper in PAPER_SIZES:
            with use_language(language):
                root = ET.fromstring(printable_sheet(name, paper=paper))
            page_h = float((root.get("viewBox") or "").split()[3])
            rules = next(e for e in root.iter(f"{svg}text") if e.get("class") == "rules")
            spans = rules.findall(f"{svg}tspan")
            last_baseline = float(rules.get("y") or 0) + sum(float(s.get("dy", 0)) for s in spans)
            assert last_baseline <= page_h - margin, (name, paper)
