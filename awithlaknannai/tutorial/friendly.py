"""Friendly words for the error a beginner meets first: a word Python does not know.

In an exercise cell, ``answer = b`` (for ``"b"``) or ``answer = {T0, M4}``
stops with ``NameError: name 'b' is not defined`` and a traceback. After
:func:`friendly_errors`, the notebook says in plain words what happened and
how to fix it; other errors keep their usual traceback.

Examples
--------
>>> print(explain_name_error(NameError("name 'b' is not defined", name="b")))
Not yet. Python does not know the word b. If b is your answer in words, put it in quotation marks: "b". If it is a name from an earlier cell, run that cell first.
>>> friendly_errors()  # outside IPython there is nothing to do
"""

from __future__ import annotations

import re
from typing import Any

from .exercises import WRONG, Feedback

__all__ = ["explain_name_error", "friendly_errors"]

_NAME = re.compile(r"name '([^']+)' is not defined")


def explain_name_error(error: NameError) -> Feedback:
    """The plain-words explanation of a :class:`NameError`."""
    name = getattr(error, "name", None) or next(iter(_NAME.findall(str(error))), "")
    return Feedback(
        "python", WRONG,
        f"Python does not know the word `{name}`. If `{name}` is your answer in words, put it in "
        f'quotation marks: `"{name}"`. If it is a name from an earlier cell, run that cell first.',
    )


def _show_name_error(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
    from IPython.display import display

    feedback = explain_name_error(value)  # type: ignore[arg-type]
    display(feedback)
    # The short text stands where the traceback would be (a terminal, a log).
    return [f"NameError: {feedback.message.replace('`', '')}"]


def friendly_errors() -> None:
    """Explain NameErrors in plain words in the running IPython kernel (outside IPython: nothing).

    Returns nothing, so that a notebook cell ending with this call shows nothing.
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with every notebook
        return
    shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((NameError,), _show_name_error)
