"""Friendly words for a beginner's slips: one plain sentence instead of a Python traceback.

A student's first mistakes are rarely bugs: a word Python does not know
(``answer = b`` for ``"b"``, or an exercise cell run before the cell that
imports ``ask``), a misspelt keyword (``Rules(compulsory_captur=False)``), a
setting the package refuses (``multi_leap="None"``). After
:func:`friendly_errors`, the notebook says in one sentence what happened and
how to fix it. Everything else keeps its usual traceback: a real bug must
stay visible.

How it starts, whatever cell a student runs first: the package installs an
IPython configuration file into the environment
(``{sys.prefix}/etc/ipython/ipython_kernel_config.py``) that loads this module
as an IPython extension in every kernel. The extension switches friendly
errors on only when the kernel's notebook asks for them in its metadata
(``"awithlaknannai": {"friendly_errors": true}``, as the tutorial notebooks
do; JupyterLab tells the kernel which notebook it serves). Every other
notebook is left alone. The tutorial's import cells also call
:func:`friendly_errors`, for environments without that file (an editable
install, JupyterLite): there slips are explained once the first cell has run.

An editable install (``pip install -e .``) does not get the file (pip
installs no data files for it), nor does an environment the package was
copied into by hand. One command writes it into the running Python's
environment (or adds the extension to a config file already there)::

    python -m awithlaknannai.tutorial.friendly --install

``--check`` only says whether the environment's kernels load the extension.
The text written is :data:`KERNEL_CONFIG`, the same as the wheel's file
(``jupyter-config/etc/ipython/ipython_kernel_config.py``; a test compares them).

Examples
--------
>>> print(explain_name_error(NameError("name 'b' is not defined", name="b")))
Not yet. Python does not know the word b. If b is your answer in words, put it in quotation marks: "b". If it is made in an earlier cell, run the cells above this one first.
>>> print(explain_name_error(NameError("name 'ask' is not defined", name="ask")))
Not yet. ask comes from the awithlaknannai package, and this notebook has not loaded it yet: run the first code cell of the notebook (the one with the import lines), then this cell again.
>>> from awithlaknannai import Rules
>>> try:
...     Rules(compulsory_captur=False)
... except TypeError as error:
...     print(explain_keyword_error(error, {"Rules": Rules}))
Not yet. Rules has no setting called compulsory_captur: did you mean compulsory_capture?
>>> friendly_errors()  # outside IPython there is nothing to do
"""

from __future__ import annotations

import difflib
import dis
import inspect
import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import missing_package
from ..i18n import gettext as _
from .exercises import INFO, WRONG, Feedback

__all__ = [
    "KERNEL_CONFIG",
    "explain_error",
    "explain_keyword_error",
    "explain_name_error",
    "explain_syntax_error",
    "friendly_errors",
    "install_kernel_config",
    "kernel_config_path",
    "load_ipython_extension",
    "notebook_wants_friendly_errors",
]

_NAME = re.compile(r"name '([^']+)' is not defined")
_KEYWORD = re.compile(r"^(?P<callable>[\w.]+)\(\) got an unexpected keyword argument '(?P<keyword>\w+)'")
# The names the tutorial's import cells bring in: running a cell that uses one of them before
# the import cell is the commonest slip of all.
_PACKAGE_NAMES = frozenset(
    {
        "ask",
        "ask_move",
        "ask_legal_moves",
        "ask_outcome",
        "ask_puzzle",
        "check",
        "check_rules",
        "friendly_errors",
        "Game",
        "Position",
        "Rules",
        "Move",
        "Color",
        "PRESETS",
        "PRESET_SOURCES",
        "parse_position",
        "perft",
        "get_variant",
        "boards",
        "mosona",
        "kolowis",
        "zuni",
        "leap_lines",
        "rows",
        "Picture",
        "board_svg",
        "position_svg",
        "BoardWidget",
        "GameWidget",
        "CompareWidget",
        "tutorial_puzzles",
        "selfplay_statistics",
        "saved_selfplay",
        "SelfplayTable",
        "compare_boards",
        "compare_boards_svg",
        "solve_endgames",
        "Challenge",
        "ChallengeBoard",
        "nx",
        "display",
        "Markdown",
    }
)
MAX_NOTEBOOK_BYTES = 20 * 2**20  # a notebook this large is not one of ours: not read


def explain_name_error(error: NameError) -> Feedback:
    """The plain-words explanation of a :class:`NameError`."""
    name = getattr(error, "name", None) or next(iter(_NAME.findall(str(error))), "")
    if name in _PACKAGE_NAMES:
        return Feedback(
            "python",
            WRONG,
            _(
                "`{name}` comes from the awithlaknannai package, and this notebook has not loaded it yet: "
                "run the first code cell of the notebook (the one with the import lines), then this cell again."
            ).format(name=name),
        )
    return Feedback(
        "python",
        WRONG,
        _(
            "Python does not know the word `{name}`. If `{name}` is your answer in words, put it in "
            'quotation marks: `"{name}"`. If it is made in an earlier cell, run the cells above this one first.'
        ).format(name=name),
    )


_CLOSERS = {"(": ")", "[": "]", "{": "}"}
_NEVER_CLOSED = re.compile(r"^'([(\[{])' was never closed")
_UNMATCHED = re.compile(r"^unmatched '([)\]}])'")
_INDENT_AFTER = re.compile(r"^expected an indented block after (?P<what>.+?) on line (?P<line>\d+)")


def _syntax_words(error: SyntaxError) -> str:
    """What Python's message about a slip in a line means, in plain words."""
    message = error.msg or ""
    bracket = _NEVER_CLOSED.match(message)
    after = _INDENT_AFTER.match(message)
    unmatched = _UNMATCHED.match(message)
    if message == "expected ':'":
        return _("a `:` is missing at the end of the line (after `def`, `if`, `else`, `for` or `while`)")
    if bracket:
        return _("a `{opener}` is opened here and never closed: add its `{closer}`").format(
            opener=bracket.group(1), closer=_CLOSERS[bracket.group(1)]
        )
    if unmatched:
        return _("this `{closer}` closes nothing: remove it, or add what it should close").format(
            closer=unmatched.group(1)
        )
    if message.startswith(("unterminated string literal", "unterminated triple-quoted string literal")):
        return _("a text in quotation marks is not closed: add the closing quotation mark")
    if after:
        return _(
            "this line should start further right than line {line}, which ends with `:` "
            "(indent it with 4 spaces)"
        ).format(line=after.group("line"))
    if message == "unexpected indent":
        return _("this line starts further right than it should: line it up with the line above")
    if message.startswith("unindent does not match"):
        return _("this line's start does not line up with the lines above: use the same number of spaces")
    if isinstance(error, TabError) or "inconsistent use of tabs" in message:
        return _("this line mixes tabs and spaces at its start: use spaces only")
    if "Perhaps you forgot a comma?" in message:
        return _("a comma is missing between two things in the line")
    if "instead of '='" in message:
        return _("to compare two things write `==`; a single `=` stores a value")
    if message == "'return' outside function":
        return _("`return` only works inside a function (indented under its `def` line)")
    return _("Python cannot read this line ({message})").format(message=message.rstrip("."))


def explain_syntax_error(error: SyntaxError) -> Feedback:
    """One line for a cell Python cannot read: the line, and what is missing or wrong in it.

    Examples
    --------
    >>> try:
    ...     compile("def choose_move(position)\\n    return 1\\n", "<cell>", "exec")
    ... except SyntaxError as error:
    ...     print(explain_syntax_error(error))
    Not yet. Line 1 (def choose_move(position)): a : is missing at the end of the line (after def, if, else, for or while).
    """
    words = _syntax_words(error)
    line = (error.text or "").strip()
    line = line if len(line) <= 60 else line[:57] + "..."
    # The line is shown as code, unless it holds a character the feedback's Markdown would read.
    shown = f" (`{line}`)" if line and not any(c in line for c in "`*") else ""
    where = _("Line {number}{line}: ").format(number=error.lineno, line=shown) if error.lineno else ""
    return Feedback("python", WRONG, f"{where}{words}.")


def explain_keyword_error(error: TypeError, namespace: Mapping[str, Any] | None = None) -> Feedback | None:
    """``Rules(compulsory_captur=False)`` -> "Rules has no setting called ...: did you mean ...?".

    ``namespace`` (the notebook's variables) is where the called name is
    looked up to suggest the nearest keyword. Returns ``None`` for any other
    ``TypeError``.
    """
    match = _KEYWORD.match(str(error))
    if match is None:
        return None
    called, keyword = match.group("callable"), match.group("keyword")
    owner = called.split(".")[0]
    known = _keywords(namespace.get(owner) if namespace else None)
    close = difflib.get_close_matches(keyword, known, n=1, cutoff=0.6)
    if close:
        text = _("`{owner}` has no setting called `{keyword}`: did you mean `{close}`?")
    elif known:
        text = _("`{owner}` has no setting called `{keyword}`. Its settings are: {known}.")
    else:
        text = _("`{owner}` has no setting called `{keyword}`.")
    settings = ", ".join(f"`{k}`" for k in known[:12])
    return Feedback(
        "python",
        WRONG,
        text.format(owner=owner, keyword=keyword, close=close[0] if close else "", known=settings),
    )


def _keywords(target: Any) -> list[str]:
    if target is None:
        return []
    try:
        parameters = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def _innermost(traceback: Any) -> Any:
    frame = traceback
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    return frame


def _module_of(traceback: Any) -> str | None:
    """The module whose code raised the error (``None`` without a traceback)."""
    frame = _innermost(traceback)
    if frame is None:
        return None
    module = frame.tb_frame.f_globals.get("__name__", "")
    return module if isinstance(module, str) else ""


def _from_the_package(traceback: Any) -> bool:
    """Whether the error was raised in this package's code (not in the student's own function)."""
    module = _module_of(traceback)
    return module is not None and (module == "awithlaknannai" or module.startswith("awithlaknannai."))


def _from_the_cell(traceback: Any) -> bool:
    """Whether the error was raised in the notebook's own code: a cell, or a function a cell made."""
    return _module_of(traceback) in (None, "__main__")


def _raised_on_purpose(traceback: Any) -> bool:
    """Whether the package's code raised the error with a ``raise`` statement (a refusal it words itself),
    rather than Python raising it inside the package (a bug: ``len(None)``, a misspelt name)."""
    if not _from_the_package(traceback):
        return False
    frame = _innermost(traceback)
    try:
        instruction = next(
            (i for i in dis.get_instructions(frame.tb_frame.f_code) if i.offset == frame.tb_lasti), None
        )
    except Exception:  # noqa: BLE001 - a frame that cannot be read is not known to be on purpose
        return False
    return instruction is not None and instruction.opname == "RAISE_VARARGS"


def explain_error(
    error: BaseException, traceback: Any = None, namespace: Mapping[str, Any] | None = None
) -> Feedback | None:
    """One plain sentence for a beginner's slip, or ``None`` when the error should keep its traceback.

    Explained: a :class:`NameError` in the notebook's own code; a cell Python cannot read (a
    :class:`SyntaxError`: the line, and what is missing); a misspelt keyword in the notebook's call; a
    ``ValueError`` or ``TypeError`` that this package raised on purpose about an argument (with a
    ``raise`` statement: its messages already say what was wrong), and its ``ImportError`` for a
    feature whose optional package is missing (matplotlib in a JupyterLite site: a note with the
    status ``"info"``, since nothing was wrong). Anything else keeps
    its traceback: an error raised in the student's own code, and above all an error Python raised
    inside the package (a bug, such as a ``TypeError`` or ``NameError`` in its code), which must stay
    visible. Without a traceback the error is taken as the notebook's own.
    """
    if isinstance(error, NameError) and not isinstance(error, UnboundLocalError):
        return explain_name_error(error) if _from_the_cell(traceback) else None
    # A cell Python cannot read (a missing `:`): one line naming the line. A SyntaxError raised inside
    # the package (reading a player's file) is the package's business, and keeps its traceback.
    if isinstance(error, SyntaxError) and not _from_the_package(traceback):
        return explain_syntax_error(error)
    on_purpose = _raised_on_purpose(traceback)
    if isinstance(error, TypeError) and (on_purpose or not _from_the_package(traceback)):
        keyword = explain_keyword_error(error, namespace)
        if keyword is not None:
            return keyword
    # A feature whose optional package is missing (errors.missing_package: matplotlib, numpy in a
    # JupyterLite site) says so in one line; an import failing inside the package keeps its traceback.
    # Not the student's mistake: the line informs ("ℹ"), it does not say "Not yet".
    missing = isinstance(error, ImportError) and not isinstance(error, ModuleNotFoundError)
    if (isinstance(error, (ValueError, TypeError)) or missing) and on_purpose:
        message = str(error).strip() or type(error).__name__
        if len(message) > 300:
            message = message[:297] + "..."
        return (
            Feedback("python", INFO, message)
            if missing
            else Feedback("python", WRONG, _("That did not work: {message}").format(message=message))
        )
    # A notebook's own chart code importing matplotlib (or numpy, Pillow) where this Python has none,
    # as in a JupyterLite site: the same one line. Inside the package it is a bug, and keeps its traceback.
    if isinstance(error, ModuleNotFoundError) and not _from_the_package(traceback):
        package = _OPTIONAL_PACKAGES.get((error.name or "").split(".")[0])
        if package is not None:
            return Feedback("python", INFO, str(missing_package("this cell", package)))
    return None


# Optional packages a notebook cell may import itself: module name -> what pip installs.
_OPTIONAL_PACKAGES = {"matplotlib": "matplotlib", "numpy": "numpy", "PIL": "pillow"}


def _show(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str] | None:
    from IPython.display import display

    feedback = explain_error(value, tb, getattr(shell, "user_ns", None))
    # As IPython does for any error: %tb (and %debug) find the last one, whole, whatever was shown.
    sys.last_type, sys.last_value, sys.last_traceback = etype, value, tb
    if sys.version_info >= (3, 12):
        sys.last_exc = value
    if feedback is None:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return None
    # The sentence as plain text too (a terminal, nbval's comparison), not the Feedback's repr.
    display({"text/plain": str(feedback), "text/html": feedback._repr_html_()}, raw=True)
    # The short text stands where the traceback would be (a log).
    return [f"{etype.__name__}: {feedback.message.replace('`', '')}"]


def friendly_errors(shell: Any = None) -> None:
    """Explain a beginner's slips in plain words in the running IPython kernel (outside IPython: nothing).

    Returns nothing, so that a notebook cell ending with this call shows nothing.
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with every notebook
            return
        shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((NameError, TypeError, ValueError, ImportError, SyntaxError), _show)


def notebook_wants_friendly_errors(path: str | os.PathLike[str] | None) -> bool:
    """Whether the notebook at ``path`` asks for friendly errors in its metadata (never raises).

    >>> notebook_wants_friendly_errors(None), notebook_wants_friendly_errors("/no/such/notebook.ipynb")
    (False, False)
    """
    if not path:
        return False
    try:
        if not str(path).endswith(".ipynb") or os.path.getsize(path) > MAX_NOTEBOOK_BYTES:
            return False
        with open(path, encoding="utf-8") as file:
            metadata = json.load(file).get("metadata", {})
        return bool(metadata.get("awithlaknannai", {}).get("friendly_errors"))
    except (OSError, ValueError, AttributeError, TypeError):
        return False


def load_ipython_extension(shell: Any) -> None:
    """IPython loads this at kernel start (see the module's docstring): friendly errors for our notebooks only."""
    if notebook_wants_friendly_errors(os.environ.get("JPY_SESSION_NAME")):
        friendly_errors(shell)


EXTENSION = "awithlaknannai.tutorial.friendly"
KERNEL_CONFIG = """\
# Installed by the awithlaknannai package into {sys.prefix}/etc/ipython/ (or written there by
# python -m awithlaknannai.tutorial.friendly --install), where every IPython kernel of this
# environment reads it. It loads the tutorial's friendly error messages
# (awithlaknannai.tutorial.friendly), which act only in a notebook that asks for them in its
# metadata ("awithlaknannai": {"friendly_errors": true}), as the tutorial notebooks do:
# there a slip gives one plain sentence from the first cell run, whatever the order.
# Every other notebook is left exactly as it is.
c = get_config()  # noqa: F821 - IPython provides get_config in its config files
c.InteractiveShellApp.extensions.append("awithlaknannai.tutorial.friendly")
"""
"""The IPython kernel configuration that loads the friendly errors: the wheel installs it as a data file,
:func:`install_kernel_config` writes it where an editable install has none."""

_ADDED = """
# Added by python -m awithlaknannai.tutorial.friendly --install: the tutorial's friendly errors
# (they act only in notebooks whose metadata asks for them).
c = get_config()  # noqa: F821 - IPython provides get_config in its config files
c.InteractiveShellApp.extensions.append("awithlaknannai.tutorial.friendly")
"""


def kernel_config_path(prefix: str | os.PathLike[str] | None = None) -> Path:
    """Where the kernels of the environment at ``prefix`` (default: this Python's) read their configuration.

    >>> kernel_config_path("/srv/env").as_posix()
    '/srv/env/etc/ipython/ipython_kernel_config.py'
    """
    return Path(sys.prefix if prefix is None else prefix) / "etc" / "ipython" / "ipython_kernel_config.py"


def install_kernel_config(prefix: str | os.PathLike[str] | None = None) -> str:
    """Make the kernels of an environment load the friendly errors; what was done, in one sentence.

    Writes :data:`KERNEL_CONFIG` to :func:`kernel_config_path` if there is no file there; adds
    the extension to a file that is there without it (keeping the rest); changes nothing if the
    file loads it already, so running it twice is harmless.

    Parameters
    ----------
    prefix : path, optional
        The environment's folder (``sys.prefix`` of its Python); default: this Python's.

    Returns
    -------
    str
        What was done, for the person who ran the command.

    Examples
    --------
    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> install_kernel_config(folder).startswith("Wrote")
    True
    >>> install_kernel_config(folder).startswith("Nothing to do")
    True
    """
    path = kernel_config_path(prefix)
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if EXTENSION in text:
            return f"Nothing to do: {path} already loads the friendly errors."
        path.write_text(text.rstrip("\n") + "\n" + _ADDED, encoding="utf-8")
        return f"Added the friendly errors to {path} (the rest of the file is kept)."
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(KERNEL_CONFIG, encoding="utf-8")
    return f"Wrote {path}: new kernels of this environment load the friendly errors."


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m awithlaknannai.tutorial.friendly --install | --check [--prefix FOLDER]``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m awithlaknannai.tutorial.friendly",
        description="Make this environment's kernels load the tutorial's friendly "
        "errors (needed after pip install -e, which installs no data files).",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--install", action="store_true", help="write or extend the kernel configuration")
    action.add_argument("--check", action="store_true", help="only say whether it is there (exit 1 if not)")
    parser.add_argument("--prefix", help="the environment's folder (default: this Python's sys.prefix)")
    args = parser.parse_args(argv)
    if args.install:
        print(install_kernel_config(args.prefix))
        return 0
    path = kernel_config_path(args.prefix)
    there = path.exists() and EXTENSION in path.read_text(encoding="utf-8")
    print(
        f"{path} loads the friendly errors."
        if there
        else f"The kernels of this environment do not load the friendly errors (no {EXTENSION} in {path}): "
        "run python -m awithlaknannai.tutorial.friendly --install"
    )
    return 0 if there else 1


if __name__ == "__main__":
    sys.exit(main())
