"""The texts a student reads inside a notebook's code cells, found by where they stand, and translated.

A code cell's text is translated only where its place in the code says it is
read by a person, never by the program: a picture's or a league's ``title=``,
a challenge's ``explanation=`` and its title (a :class:`Challenge`'s third
argument), a heat map's ``heat_label=``, a chart's ``set_title``/``set_xlabel``/
``set_ylabel``, the messages inside a ``custom(...)`` goal, and the comments
(``# Add the missing edges to G here``; not the solution markers nor a
``noqa``). Answers,
position texts, point names and every other string stay as they are, so a
translated cell runs exactly as the English one does (checked with
:func:`code_skeleton`).

An f-string's entry is its text between the quotes (``White captures: {move}``);
its translation keeps every ``{...}`` as it is.

Examples
--------
>>> cell = 'Challenge("mosona standard w....... w 0", every_move(), "Every step", explanation="Look.")'
>>> [text.message for text in code_texts(cell)]
['Every step', 'Look.']
>>> print(translated_code(cell, {"Every step": "Cada paso", "Look.": "Mira."}.get)[0])
Challenge("mosona standard w....... w 0", every_move(), "Cada paso", explanation="Mira.")
>>> print(translated_code('show(title=f"White captures: {move}")', {"White captures: {move}": "Capturan las Blancas: {move}"}.get)[0])
show(title=f"Capturan las Blancas: {move}")
>>> code_skeleton('f(title="a")') == code_skeleton('f(title="b")'), code_skeleton('f("a")') == code_skeleton('f("b")')
(True, False)
>>> cell = 'G = zuni(2)  # the board\\n### BEGIN SOLUTION\\nG.add_edge("T0", "T1")\\n### END SOLUTION'
>>> [text.message for text in code_texts(cell)]
['the board']
>>> print(translated_code(cell, {"the board": "el tablero"}.get)[0])
G = zuni(2)  # el tablero
### BEGIN SOLUTION
G.add_edge("T0", "T1")
### END SOLUTION
"""

from __future__ import annotations

import ast
import io
import re
import textwrap
import tokenize
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["CodeText", "code_skeleton", "code_texts", "translated_code"]

TEXT_KEYWORDS = frozenset({"title", "explanation", "heat_label"})
TEXT_METHODS = frozenset({"set_title", "set_xlabel", "set_ylabel"})
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Comments that are instructions to a tool, not words to a person: they stay as they are.
_TOOL_COMMENT = re.compile(r"#*\s*(?:(?:BEGIN|END) SOLUTION|noqa|type:|pragma|fmt:|doctest:)", re.IGNORECASE)
_WIDTH = 88  # a translated text that spanned several lines is wrapped again to about this width


@dataclass(frozen=True)
class CodeText:
    """One text in a code cell: its catalog entry and where it stands (character offsets in the cell)."""

    message: str
    start: int
    end: int
    formatted: bool  # an f-string: the translation is written back as one
    column: int  # the column it starts at, to wrap a long translation under itself
    multiline: bool  # it spanned several lines (so it stands inside brackets and may be wrapped)
    comment: bool = False  # a comment's words (after "# "): written back as they are, not as a literal


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _text_nodes(tree: ast.AST) -> list[ast.expr]:
    """The string nodes that stand where a person reads them (see the module's description)."""
    nodes: list[ast.expr] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called_name(node)
        nodes += [keyword.value for keyword in node.keywords if keyword.arg in TEXT_KEYWORDS]
        if name in TEXT_METHODS and node.args:
            nodes.append(node.args[0])
        if name == "Challenge" and len(node.args) >= 3:
            nodes.append(node.args[2])
        if name == "custom":
            nodes += [inner for inner in ast.walk(node) if isinstance(inner, (ast.Constant, ast.JoinedStr))]
    # The pieces of an f-string are Constants too: the f-string is the text, not its pieces.
    pieces = {id(part) for node in nodes if isinstance(node, ast.JoinedStr) for part in ast.walk(node)}
    return [
        node
        for node in nodes
        if _is_text(node) and (isinstance(node, ast.JoinedStr) or id(node) not in pieces)
    ]


def _is_text(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value.strip())
    # An f-string written as one literal: f"..." or f'...' on one line, no nested quotes.
    return isinstance(node, ast.JoinedStr) and node.lineno == node.end_lineno


def _offsets(source: str) -> list[int]:
    """The character offset at which each line starts (ast counts columns in UTF-8 bytes)."""
    starts, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def _position(source: str, starts: list[int], line: int, byte_column: int) -> tuple[int, int]:
    text = source[starts[line - 1] : starts[line]] if line < len(starts) else source[starts[line - 1] :]
    column = len(text.encode("utf-8")[:byte_column].decode("utf-8"))
    return starts[line - 1] + column, column


def code_texts(source: str) -> list[CodeText]:
    """The texts a person reads in a code cell, in the order they stand; none if the cell is not Python."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    starts = _offsets(source)
    found: dict[int, CodeText] = {}
    for node in _text_nodes(tree):
        assert node.end_lineno is not None and node.end_col_offset is not None
        start, column = _position(source, starts, node.lineno, node.col_offset)
        end, _ = _position(source, starts, node.end_lineno, node.end_col_offset)
        if isinstance(node, ast.JoinedStr):
            literal = source[start:end]
            if not re.fullmatch(r"""[fF](?:"[^"\\\n]*"|'[^'\\\n]*')""", literal):
                continue  # a raw, escaped or nested f-string stays as it is
            message = literal[2:-1]
        else:
            message = str(node.value)  # type: ignore[attr-defined]
        found[start] = CodeText(
            message, start, end, isinstance(node, ast.JoinedStr), column, node.lineno != node.end_lineno
        )
    for comment in _comments(source, starts):
        found[comment.start] = comment
    return [found[start] for start in sorted(found)]


def _comments(source: str, starts: list[int]) -> list[CodeText]:
    """The words of each comment a person reads (after its ``#`` and spaces)."""
    found = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):  # pragma: no cover - ast.parse accepted the cell
        return []
    for token in tokens:
        if token.type != tokenize.COMMENT or _TOOL_COMMENT.match(token.string[1:].lstrip()):
            continue
        words = token.string.lstrip("#").strip()
        if not words:
            continue
        # tokenize counts columns in characters, as the offsets do
        start = starts[token.start[0] - 1] + token.start[1] + token.string.index(words)
        found.append(CodeText(words, start, start + len(words), False, token.start[1], False, comment=True))
    return found


def _literal(text: str, formatted: bool) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return ("f" if formatted else "") + f'"{body}"'


def _written(text: CodeText, translation: str) -> str:
    if text.comment:
        return " ".join(translation.split())  # one line: a comment ends at the line's end
    if not text.multiline or len(translation) <= _WIDTH - text.column:
        return _literal(translation, text.formatted)
    # It spanned several lines inside brackets: so may its translation, one piece a line.
    pieces = textwrap.wrap(translation, max(30, _WIDTH - text.column - 2), drop_whitespace=False)
    return ("\n" + " " * text.column).join(_literal(piece, text.formatted) for piece in pieces)


def translated_code(source: str, lookup: Callable[[str], str | None]) -> tuple[str, list[str]]:
    """The cell with each text replaced by ``lookup(text)``, and the texts ``lookup`` had no translation for.

    A translation that changes an f-string's ``{...}`` is refused (listed as missing, the English kept).
    """
    missing = []
    for text in reversed(code_texts(source)):
        translation = lookup(text.message)
        if not translation:
            missing.append(text.message)
            continue
        if text.formatted and sorted(_PLACEHOLDER.findall(translation)) != sorted(
            _PLACEHOLDER.findall(text.message)
        ):
            missing.append(f"{text.message} (its translation changes the {{...}})")
            continue
        source = source[: text.start] + _written(text, translation) + source[text.end :]
    return source, missing[::-1]


def code_skeleton(source: str) -> str:
    """The cell's code with its translatable texts blanked: equal for a cell and its translation."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    for node in _text_nodes(tree):
        if isinstance(node, ast.Constant):
            node.value = ""
        elif isinstance(node, ast.JoinedStr):
            node.values = []
    return ast.dump(tree)
