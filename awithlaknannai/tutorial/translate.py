"""Translated notebooks from one source: the English notebook and a catalog of its text per language.

The English notebook stays the only one edited by hand: the teacher copy
``teacher/NN_name.ipynb``, or ``notebooks/NN_name.ipynb`` for a notebook that
has none (``00_start_here``). Its Markdown is cut into paragraphs, and each
paragraph is one entry of a gettext catalog, ``translations/<lang>/NN_name.po``:
``msgid`` the English paragraph, ``msgctxt`` the cell's id. A translator fills
in the ``msgstr`` (with Poedit, Weblate, or a text editor). When the English
paragraph changes, :func:`update_catalog` keeps the old translation but marks
it fuzzy ("needs review"): a notebook is only made from a complete catalog with
nothing fuzzy, so a translation never silently falls behind its source.

From a complete catalog :func:`translated_notebook` makes the translated
notebook: the same cells and code, each paragraph in the language, and a
first code cell that calls :func:`awithlaknannai.i18n.set_language`, so the
package answers in the same language. Then, as for English
(:mod:`awithlaknannai.tutorial.copies`), the student copy is made from it and
written to ``notebooks/<lang>/``; a translated teacher copy goes to
``teacher/<lang>/`` where the source is a teacher copy.

* Quotations from the sources (a paragraph whose every line starts with
  ``>``) stay in their own language: the catalog's ``msgstr`` is our
  translation, printed after the quotation and marked as this project's.
* Code, citations, numbers and links are not translated: :func:`entry_problems`
  and :func:`faithfulness_problems` compare them with the English.
* A link to a notebook that has no translation yet leads to the English one.

From the project folder::

    python -m awithlaknannai.tutorial.translate update --lang es 00   # new or changed English text into the catalog
    python -m awithlaknannai.tutorial.translate build --lang es 00    # write notebooks/es/00_start_here.ipynb
    python -m awithlaknannai.tutorial.translate check                 # exit 1 if a catalog or notebook is behind

Examples
--------
>>> paragraphs("# Title\\n\\nOne line,\\nthe same paragraph.\\n\\n```\\ncode\\n\\nstill code\\n```")
['# Title', 'One line,\\nthe same paragraph.', '```\\ncode\\n\\nstill code\\n```']
>>> entry_problems("Culin (1907) counts `24` pieces: [03](03_rules.ipynb)",
...                "Culin (1907) cuenta `24` piezas: [03](03_rules.ipynb)")
[]
>>> for problem in entry_problems("Culin (1907) counts 24 pieces", "Culin (1908) cuenta 24 piezas"):
...     print(problem)
citations differ: English Culin 1907, translation Culin 1908
numbers differ: English 1907, 24, translation 1908, 24
>>> entry_problems("the 19-point boards, then 07-guess", "los tableros de 19 puntos, luego 07-guess")
[]
"""

from __future__ import annotations

import argparse
import copy
import functools
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..i18n import LANGUAGES, OUR_TRANSLATION, SOURCE_LANGUAGE, translation
from .code_texts import code_skeleton, code_texts, translated_code
from .copies import STUDENT_FOLDER, TEACHER_FOLDER, _check_notebook, _missing_packages, student_copy

try:
    import nbformat
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po
except ImportError as error:  # pragma: no cover - depends on what is installed
    needs = "reads and writes catalogs and notebooks, and needs Babel and nbformat"
    raise _missing_packages(__name__, needs, "test") from error

__all__ = [
    "CATALOG_FOLDER",
    "TranslationError",
    "catalog_path",
    "entry_problems",
    "faithfulness_problems",
    "notebook_template",
    "paragraphs",
    "source_notebook",
    "translated_notebook",
    "update_catalog",
    "write_translations",
]

CATALOG_FOLDER = "translations"  # at the top of the project: translations/<lang>/NN_name.po
LANGUAGE_CELL_ID = "set-language"
QUOTATION_NOTE = (
    "A quotation from a source: it stays as it is. Write our translation of it: the notebook "
    "shows it after the quotation, marked as this project's."
)
CODE_NOTE = (
    "A text in a code cell, shown to the student: keep every {...}, number and point name as it is; "
    "write it as plain text (the quotes are added)."
)
_FENCE = re.compile(r"^(```|~~~)")
_NOTEBOOK_NAME = re.compile(r"\d\d_[\w-]+\.ipynb")
_LINK = re.compile(r"\]\((?!https?:|#|mailto:)([^)\s]+)\)")
_NOTEBOOK_LINK = re.compile(
    r"\]\((?P<up>(?:\.\./)*)(?P<folder>notebooks/)?(?P<name>[\w-]+\.ipynb)(?P<anchor>#[^)]*)?\)"
)
_INLINE_CODE = re.compile(r"`[^`\n]+`")
# The name without a possessive: "Culin's 1907 book" cites Culin 1907, as "el libro de Culin (1907)" does.
_CITATION = re.compile(r"\b([A-Z][A-Za-zÀ-ÿ'’-]+?)(?:['’]s)?,?\s*\(?((?:1[5-9]|20)\d\d)[a-z]?\b")
_THOUSANDS = re.compile(r"(?<=\d)[,.\u00a0\u202f ](?=\d{3}\b)")
_NUMBER = re.compile(r"\d+")
# "06-optional-chains" is an id; "the 13-point board" is a size, whose number is compared as a number.
_EXERCISE_ID = re.compile(r"\b\d\d-(?!(?:point|minute|year|second|turn|piece)s?\b)[a-z0-9]+(?:-[a-z0-9]+)*\b")


class TranslationError(ValueError):
    """A catalog cannot make its notebook: entries missing, fuzzy, or unfaithful to the English."""


# --- the English text, cut into entries --------------------------------------------------


def paragraphs(markdown: str) -> list[str]:
    """The paragraphs of a Markdown text: blocks between blank lines, a fenced code block kept whole."""
    if not isinstance(markdown, str):
        raise TypeError(f"paragraphs() takes Markdown text, got {type(markdown).__name__}")
    blocks: list[str] = []
    lines: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line.strip()):
            fenced = not fenced
        if not line.strip() and not fenced:
            if lines:
                blocks.append("\n".join(lines))
                lines = []
            continue
        lines.append(line)
    if lines:
        blocks.append("\n".join(lines))
    return blocks


def _is_code(paragraph: str) -> bool:
    return bool(_FENCE.match(paragraph.lstrip()))


def _is_quotation(paragraph: str) -> bool:
    return all(line.startswith(">") for line in paragraph.splitlines())


def source_notebook(name: str, root: str | os.PathLike[str] = ".") -> Path:
    """The English source of notebook ``name`` (``"00"`` or ``"00_start_here.ipynb"``): its teacher copy, if any.

    >>> source_notebook("00").as_posix()
    'notebooks/00_start_here.ipynb'
    """
    root = Path(root)
    for folder in (TEACHER_FOLDER, STUDENT_FOLDER):
        found = sorted(
            path
            for path in (root / folder).glob("*.ipynb")
            if path.name == name or path.name.startswith(f"{name}_")
        )
        if found:
            return found[0]
    raise FileNotFoundError(f"no notebook {name!r} in {root / TEACHER_FOLDER} or {root / STUDENT_FOLDER}")


def catalog_path(source: str | os.PathLike[str], language: str, root: str | os.PathLike[str] = ".") -> Path:
    """Where the catalog of ``source``'s text in ``language`` is kept.

    >>> catalog_path("notebooks/00_start_here.ipynb", "es").as_posix()
    'translations/es/00_start_here.po'
    """
    return Path(root) / CATALOG_FOLDER / _language(language) / Path(source).with_suffix(".po").name


def _language(language: str) -> str:
    if language not in LANGUAGES or language == SOURCE_LANGUAGE:
        raise TranslationError(
            f"the notebooks are translated into {', '.join(sorted(set(LANGUAGES) - {SOURCE_LANGUAGE}))}; "
            f"got {language!r}"
        )
    return language


def notebook_template(notebook: nbformat.NotebookNode, name: str = "notebook") -> Catalog:
    """The catalog of a notebook's English text, with no translations: one entry a paragraph.

    ``msgctxt`` is the cell's id (so the same sentence in two cells is two entries),
    ``msgid`` the paragraph; code blocks are left out, and a quotation carries a note for the translator.
    A code cell's texts that a person reads (:mod:`~awithlaknannai.tutorial.code_texts`) are entries too.
    """
    _check_notebook(notebook, name)
    template = Catalog(project=name, fuzzy=False)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and cell.get("id"):
            for text in code_texts(cell.source):
                template.add(text.message, context=cell.get("id"), auto_comments=[CODE_NOTE])
        if cell.cell_type != "markdown":
            continue
        cell_id = cell.get("id")
        if not cell_id:
            raise TranslationError(
                f"{name}, cell {index}: a cell without an id cannot be translated "
                "(open and save the notebook with JupyterLab 3 or later to give it one)"
            )
        for number, paragraph in enumerate(paragraphs(cell.source), 1):
            if _is_code(paragraph):
                continue
            notes = [f"cell {cell_id}, paragraph {number}"]
            if _is_quotation(paragraph):
                notes.append(QUOTATION_NOTE)
            template.add(paragraph, context=cell_id, auto_comments=notes)
    return template


def update_catalog(source: str | os.PathLike[str], language: str, root: str | os.PathLike[str] = ".") -> Path:
    """Bring the catalog of ``source`` in ``language`` up to date with the English: new paragraphs added
    (empty), changed ones marked fuzzy with their old translation, removed ones kept as obsolete."""
    source = Path(root) / source if not Path(source).is_absolute() else Path(source)
    path = catalog_path(source, language, root)
    template = notebook_template(nbformat.read(source, as_version=4), source.name)
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
        created = catalog.creation_date
        catalog.update(template, update_header_comment=False)
        catalog.creation_date = created  # so that updating from an unchanged notebook changes no byte
    else:
        catalog = Catalog(
            locale=language,
            project=source.stem,
            fuzzy=False,
            header_comment=f"# {LANGUAGES[language]}: the text of {source.name} (CC BY 4.0, as the notebook).\n"
            "# Made by python -m awithlaknannai.tutorial.translate update; see the README's\n"
            "# \"Add a language\". msgctxt is the cell's id; a fuzzy entry's English changed.",
            last_translator="The awithlaknannai developers",
            language_team=f"{LANGUAGES[language]} <https://github.com/awithlaknannai/awithlaknannai/issues>",
        )
        catalog.update(template)
    catalog.project, catalog.version = source.stem, ""
    catalog.copyright_holder = "The awithlaknannai developers"
    catalog.msgid_bugs_address = "https://github.com/awithlaknannai/awithlaknannai/issues"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=0, omit_header=False, sort_output=False)
    return path


def read_catalog(path: str | os.PathLike[str], language: str) -> Catalog:
    """A notebook catalog, read."""
    with open(path, "rb") as file:
        return read_po(file, locale=language)


# --- checks ----------------------------------------------------------------------------------


def _counted(pattern: re.Pattern[str], text: str) -> Counter[str]:
    return Counter(pattern.findall(text))


def _citations(text: str) -> Counter[str]:
    return Counter(f"{name} {year}" for name, year in _CITATION.findall(text))


def _numbers(text: str) -> Counter[str]:
    # Inline code and link targets are compared whole; years and counts in the prose here.
    prose = _LINK.sub("]", _INLINE_CODE.sub("", text))
    return Counter(_NUMBER.findall(_THOUSANDS.sub("", prose)))


def _links(text: str) -> Counter[str]:
    return Counter(_LINK.findall(text))


def _compare(what: str, english: Counter[str], translated: Counter[str]) -> list[str]:
    if english == translated:
        return []
    message = (
        f"{what} differ: English {', '.join(sorted(english.elements())) or 'none'}, "
        f"translation {', '.join(sorted(translated.elements())) or 'none'}"
    )
    return [message]


def entry_problems(english: str, translated: str) -> list[str]:
    """What a translated paragraph changed that must stay: citations (name and year), numbers,
    inline code, link targets and exercise ids. Empty: nothing."""
    return (
        _compare("citations", _citations(english), _citations(translated))
        + _compare("numbers", _numbers(english), _numbers(translated))
        + _compare("inline code", _counted(_INLINE_CODE, english), _counted(_INLINE_CODE, translated))
        + _compare("links", _links(english), _links(translated))
        + _compare("exercise ids", _counted(_EXERCISE_ID, english), _counted(_EXERCISE_ID, translated))
    )


def catalog_problems(catalog: Catalog) -> list[str]:
    """Entries missing, fuzzy, or unfaithful (:func:`entry_problems`); empty when the catalog can make its notebook."""
    problems = []
    for message in catalog:
        if not message.id:
            continue
        where = f"{message.context} {message.id[:50]!r}"
        if not message.string:
            problems.append(f"{where}: not translated yet")
        elif message.fuzzy:
            problems.append(
                f"{where}: fuzzy (the English changed): check the translation, then remove the fuzzy flag"
            )
        else:
            problems += [
                f"{where}: {problem}" for problem in entry_problems(str(message.id), str(message.string))
            ]
    return problems


def _notebook_text(notebook: nbformat.NotebookNode) -> tuple[str, list[str]]:
    """A notebook's Markdown (all of it, one text) and its code cells but the language cell."""
    markdown = "\n\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    code = [
        cell.source
        for cell in notebook.cells
        if cell.cell_type == "code" and cell.get("id") != LANGUAGE_CELL_ID
    ]
    return markdown, code


def faithfulness_problems(english: nbformat.NotebookNode, translated: nbformat.NotebookNode) -> list[str]:
    """How a translated notebook departs from its English one in what a translation must keep.

    The cited sources (author and year), the numbers, the exercise and
    challenge ids and the code cells must be the same; a quotation must be
    there in its own words, followed by our translation. Links may differ only
    in leading to the English notebook where no translation exists. Empty: none.
    """
    english_text, english_code = _notebook_text(english)
    translated_text, translated_code = _notebook_text(translated)
    # Our translations of quotations are additions: compare with them left out.
    marks = {str(translation(language).gettext(OUR_TRANSLATION.message)) for language in LANGUAGES}
    kept = "\n\n".join(
        p for p in paragraphs(translated_text) if not any(p.startswith(f"*{m}*") for m in marks)
    )
    problems = (
        _compare("citations", _citations(english_text), _citations(kept))
        + _compare("numbers", _numbers(english_text), _numbers(kept))
        + _compare(
            "exercise ids",
            _counted(_EXERCISE_ID, english_text) + _ids_in(english_code),
            _counted(_EXERCISE_ID, kept) + _ids_in(translated_code),
        )
    )
    names = Counter(Path(target.split("#")[0]).name for target in _LINK.findall(english_text))
    translated_names = Counter(Path(target.split("#")[0]).name for target in _LINK.findall(kept))
    problems += _compare("link targets", names, translated_names)
    if [code_skeleton(code) for code in english_code] != [code_skeleton(code) for code in translated_code]:
        # Beyond the texts a person reads (code_texts), which are translated.
        problems.append("the code cells differ from the English notebook's")
    for quotation in (p for p in paragraphs(english_text) if _is_quotation(p)):
        # a link in a quotation may lead to the translated notebook (see _relink): compare its target's name
        if _link_names(quotation) not in _link_names(translated_text):
            problems.append(f"the quotation {quotation[:50]!r} is not kept in its own words")
    return problems


def _link_names(text: str) -> str:
    """``text`` with each link target cut to its file name: ``](../../notebooks/es/01_history.ipynb)`` -> ``](01_history.ipynb)``."""
    return _LINK.sub(lambda match: f"]({Path(match[1]).name})", text)


def _ids_in(code: Sequence[str]) -> Counter[str]:
    return Counter(match for source in code for match in _EXERCISE_ID.findall(source))


# --- the translated notebooks ----------------------------------------------------------------


def _relink(markdown: str, translated: set[str], language: str) -> str:
    """Links to notebooks, for a notebook one folder down (``notebooks/es/``, ``teacher/es/``).

    A notebook with a translation is linked in the same language; one without, in English.

    >>> _relink("[00](00_start_here.ipynb), [01](01_history.ipynb), [04](../notebooks/04_play.ipynb)",
    ...         {"00_start_here.ipynb"}, "es")
    '[00](00_start_here.ipynb), [01](../01_history.ipynb), [04](../../notebooks/04_play.ipynb)'
    """

    def change(match: re.Match[str]) -> str:
        name, anchor = match["name"], match["anchor"] or ""
        if match["folder"]:  # from a teacher copy to a student notebook: ../notebooks/NAME
            folder = f"../../notebooks/{language}/" if name in translated else "../../notebooks/"
            return f"]({folder}{name}{anchor})"
        if name in translated:
            return f"]({match['up']}{name}{anchor})"
        return f"](../{match['up']}{name}{anchor})"

    return _NOTEBOOK_LINK.sub(change, markdown)


def translated_notebook(
    english: nbformat.NotebookNode,
    catalog: Catalog,
    language: str,
    translated: Iterable[str] = (),
    name: str = "notebook",
) -> nbformat.NotebookNode:
    """The notebook in ``language`` made from its English source and a complete catalog.

    ``translated`` names the notebooks that exist in ``language`` (links to
    the others lead to English). The code cells keep no outputs: the English
    notebook's were made in English (a translated teacher copy fills them when run). The result lives one folder below the
    English one (``notebooks/es/`` beside ``notebooks/``).

    Raises
    ------
    TranslationError
        If the catalog misses a paragraph, has a fuzzy or unfaithful entry.
    """
    language = _language(language)
    _check_notebook(english, name)
    problems = catalog_problems(catalog)
    mark = translation(language).gettext(OUR_TRANSLATION.message)
    result = copy.deepcopy(english)
    missing = []
    for cell in result.cells:
        if cell.cell_type != "markdown":
            continue
        out = []
        for paragraph in paragraphs(cell.source):
            if _is_code(paragraph):
                out.append(paragraph)
                continue
            message = catalog.get(paragraph, context=cell.get("id"))
            if message is None or not message.string:
                missing.append(f"{cell.get('id')} {paragraph[:50]!r}: not in the catalog")
                continue
            if _is_quotation(paragraph):
                out += [paragraph, f"*{mark}* {message.string}"]
            else:
                out.append(str(message.string))  # a notebook catalog has no plural entries
        cell.source = _relink("\n\n".join(out), set(translated), language)
    for cell in result.cells:  # the English run's outputs are in English: run the notebook to fill them
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            cell.source, untranslated = translated_code(
                cell.source, functools.partial(_translation_of, catalog, cell_id=cell.get("id"))
            )
            missing += [f"{cell.get('id')} {text[:50]!r}: not in the catalog" for text in untranslated]
    if problems or missing:
        raise TranslationError(
            f"{name} in {LANGUAGES[language]}: "
            + "; ".join([*missing, *problems][:10])
            + (
                f" (and {len(problems) + len(missing) - 10} more)"
                if len(problems) + len(missing) > 10
                else ""
            )
        )
    first = nbformat.v4.new_code_cell(
        f'from awithlaknannai.i18n import set_language\n\nset_language("{language}")'
    )
    first.id = LANGUAGE_CELL_ID
    result.cells.insert(0, first)
    result.metadata.setdefault("awithlaknannai", {})["language"] = language
    result.metadata.pop("widgets", None)
    return result


def _translation_of(catalog: Catalog, text: str, cell_id: str | None) -> str | None:
    message = catalog.get(text, context=cell_id)
    return str(message.string) if message is not None and message.string and not message.fuzzy else None


def write_translations(
    names: Sequence[str], languages: Sequence[str], root: str | os.PathLike[str] = "."
) -> list[Path]:
    """Write the translated notebooks of ``names`` (``"00"``...) in ``languages``: student copies in
    ``notebooks/<lang>/``, and teacher copies in ``teacher/<lang>/`` where the source is one."""
    root = Path(root)
    written = []
    for language in languages:
        available = {source_notebook(n, root).name for n in names}
        available |= {
            path.with_suffix(".ipynb").name for path in (root / CATALOG_FOLDER / language).glob("*.po")
        }
        for name in names:
            source = source_notebook(name, root)
            english = nbformat.read(source, as_version=4)
            catalog = read_catalog(catalog_path(source, language, root), language)
            notebook = translated_notebook(english, catalog, language, available, source.name)
            if source.parent.name == TEACHER_FOLDER:
                teacher_target = root / TEACHER_FOLDER / language / source.name
                teacher_target.parent.mkdir(parents=True, exist_ok=True)
                nbformat.write(notebook, teacher_target)
                written.append(teacher_target)
            student = student_copy(notebook, source.name)
            target = root / STUDENT_FOLDER / language / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(student, target)
            written.append(target)
    return written


def _translated_names(root: Path) -> list[str]:
    """The notebooks with a catalog in some language, by number (``"00"``)."""
    return sorted(
        {
            path.stem[:2]
            for path in (root / CATALOG_FOLDER).glob("*/*.po")
            if _NOTEBOOK_NAME.fullmatch(path.with_suffix(".ipynb").name)
        }
    )


def check(root: str | os.PathLike[str] = ".") -> list[str]:
    """Every problem of the notebook translations: catalogs behind the English, incomplete or unfaithful,
    and saved notebooks that are not what their catalogs make. Empty: all is well."""
    root = Path(root)
    problems = []
    for language in sorted(set(LANGUAGES) - {SOURCE_LANGUAGE}):
        for name in _translated_names(root):
            source = source_notebook(name, root)
            path = catalog_path(source, language, root)
            if not path.exists():
                continue
            catalog = read_catalog(path, language)
            template = notebook_template(nbformat.read(source, as_version=4), source.name)
            wanted = {(m.context, m.id) for m in template if m.id}
            have = {(m.context, m.id) for m in catalog if m.id}
            problems += [
                f"{path}: {context} {text[:50]!r} is not in the catalog: run update"
                for context, text in sorted(wanted - have, key=str)
            ]
            problems += [f"{path}: {p}" for p in catalog_problems(catalog)]
            saved = root / STUDENT_FOLDER / language / source.name
            if not saved.exists():
                problems.append(f"{saved} is missing: run build")
                continue
            try:
                fresh = student_copy(
                    translated_notebook(
                        nbformat.read(source, as_version=4),
                        catalog,
                        language,
                        _available(root, language),
                        source.name,
                    ),
                    source.name,
                )
            except TranslationError as error:
                problems.append(str(error))
                continue
            if _cells(fresh) != _cells(nbformat.read(saved, as_version=4)):
                problems.append(f"{saved} is not what its catalog makes: run build")
    return problems


def _available(root: Path, language: str) -> set[str]:
    return {path.with_suffix(".ipynb").name for path in (root / CATALOG_FOLDER / language).glob("*.po")}


def _cells(notebook: nbformat.NotebookNode) -> list[tuple[str, str]]:
    return [(cell.cell_type, cell.source) for cell in notebook.cells]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: update catalogs from the English, build the translated notebooks, or check."""
    parser = argparse.ArgumentParser(
        prog="python -m awithlaknannai.tutorial.translate", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("action", choices=["update", "build", "check"])
    parser.add_argument(
        "notebooks",
        nargs="*",
        metavar="NOTEBOOK",
        help="notebooks by number or name (default: every one with a catalog)",
    )
    parser.add_argument(
        "--lang",
        action="append",
        default=[],
        metavar="LANG",
        help="es or fr; may be given again (default: both)",
    )
    options = parser.parse_intermixed_args(argv)  # "update --lang es 00" as well as "update 00 --lang es"
    languages = options.lang or sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
    names = options.notebooks or _translated_names(Path("."))
    try:
        if options.action == "check":
            problems = check()
            for problem in problems:
                print(problem, file=sys.stderr)
            return 1 if problems else 0
        if options.action == "update":
            for language in languages:
                for name in names:
                    print(f"updated {update_catalog(source_notebook(name), language)}")
            return 0
        for path in write_translations(names, languages):
            print(f"wrote {path}")
    except (TranslationError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
