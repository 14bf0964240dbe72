"""What a player's failure says (a forfeit's ``why``): written in English, shown in the session's language.

A failure's text is made from one of the templates below and saved as it is
in results files and game records, which stay English. :func:`shown_why`
finds the template a saved text was made from and says it again in the
session's language, with the same values; a text made otherwise (a player's
own error message, a file's problem) is shown as it is.

Examples
--------
>>> from awithlaknannai.i18n import use_language
>>> why = TOOK_TOO_LONG.message.format(seconds="1")
>>> why
'took more than 1 s for a move'
>>> with use_language("fr"):
...     shown_why(why)
'a mis plus de 1 s pour un coup'
>>> shown_why("ZeroDivisionError: division by zero")
'ZeroDivisionError: division by zero'
"""

from __future__ import annotations

import functools
import re

from ..i18n import N_, LazyString
from ..i18n import gettext as _

__all__ = [
    "CANNOT_BE_CONFINED",
    "CHOSE_ILLEGAL",
    "COULD_NOT_LOAD",
    "CPU_TOO_LONG",
    "ENDED_BY_SIGNAL",
    "ENDED_BY_SIGNAL_CPU",
    "ENDED_BY_SIGNAL_MEMORY",
    "ENDED_WITH_CODE",
    "LOAD_TOO_LONG",
    "MESSAGE_TOO_LONG",
    "NOT_A_MOVE",
    "NOT_AN_ANSWER",
    "NOT_RUNNING",
    "NOT_STARTED",
    "NO_ANSWER_WITHIN",
    "NO_FUNCTION",
    "OUT_OF_MEMORY",
    "OUT_OF_MEMORY_LOADING",
    "OUT_OF_TURN",
    "RAISED",
    "STOPPED_ANSWERING",
    "TEXT_TOO_LONG",
    "TOOK_SECONDS",
    "TOOK_TOO_LONG",
    "shown_why",
    "template_of",
]

NO_FUNCTION = N_("{file} defines no function {entry}(position)")
TEXT_TOO_LONG = N_("choose_move returned a text of {length} characters, not a move")
NOT_A_MOVE = N_("choose_move returned {shown}, not a move (return one of position.legal_moves())")
CANNOT_BE_CONFINED = N_("its process could not be confined ({error}), so it was not run")
OUT_OF_MEMORY_LOADING = N_("ran out of memory while loading")
OUT_OF_MEMORY = N_("ran out of memory (MemoryError)")
COULD_NOT_LOAD = N_("could not be loaded: {why}")
CPU_TOO_LONG = N_("used {used} s of processor time for a move; the limit is {limit} s")
NOT_RUNNING = N_("its process is not running")
NOT_STARTED = N_("its process could not be started within {seconds} s")
OUT_OF_TURN = N_("its process sent a message out of turn")
LOAD_TOO_LONG = N_("took more than {seconds} s to load")
TOOK_TOO_LONG = N_("took more than {seconds} s for a move")
TOOK_SECONDS = N_("took {seconds} s for a move; the limit is {limit} s")
NO_ANSWER_WITHIN = N_("did not answer within {seconds} s")
MESSAGE_TOO_LONG = N_("its process sent a message longer than {size} bytes")
STOPPED_ANSWERING = N_("its process stopped answering")
NOT_AN_ANSWER = N_("its process sent something that is not an answer to the league's question")
ENDED_BY_SIGNAL_MEMORY = N_("its process was ended by {signal} (perhaps the computer ran out of memory)")
ENDED_BY_SIGNAL_CPU = N_("its process was ended by {signal} (it used its hour of processor time)")
ENDED_BY_SIGNAL = N_("its process was ended by {signal}")
ENDED_WITH_CODE = N_("its process ended (exit code {code}): did it call exit()?")
RAISED = N_("choose_move raised {error}")
CHOSE_ILLEGAL = N_("chose an illegal move: {error}")

# The most specific first: "ended by {signal}" would also read the texts with a hint after the signal.
_TEMPLATES: tuple[LazyString, ...] = (
    NO_FUNCTION,
    TEXT_TOO_LONG,
    NOT_A_MOVE,
    CANNOT_BE_CONFINED,
    OUT_OF_MEMORY_LOADING,
    OUT_OF_MEMORY,
    COULD_NOT_LOAD,
    CPU_TOO_LONG,
    NOT_RUNNING,
    NOT_STARTED,
    OUT_OF_TURN,
    LOAD_TOO_LONG,
    TOOK_TOO_LONG,
    TOOK_SECONDS,
    NO_ANSWER_WITHIN,
    MESSAGE_TOO_LONG,
    STOPPED_ANSWERING,
    NOT_AN_ANSWER,
    ENDED_BY_SIGNAL_MEMORY,
    ENDED_BY_SIGNAL_CPU,
    ENDED_BY_SIGNAL,
    ENDED_WITH_CODE,
    RAISED,
    CHOSE_ILLEGAL,
)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    """The English template as a pattern whose groups are its placeholders."""
    parts = _PLACEHOLDER.split(template)  # literal, name, literal, name, ..., literal
    pattern = "".join(re.escape(part) if k % 2 == 0 else f"(?P<{part}>.*?)" for k, part in enumerate(parts))
    return re.compile(pattern, re.DOTALL)


def shown_why(why: str) -> str:
    """A failure's saved English text in the session's language; a text of no known template as it is.

    The values in it (seconds, names, a Python error) are kept; a failure
    inside another (``could not be loaded: ...``) is shown in the language too.

    >>> from awithlaknannai.i18n import use_language
    >>> with use_language("es"):
    ...     shown_why("could not be loaded: took more than 10 s to load")
    'no se pudo cargar: tardó más de 10 s en cargarse'
    """
    if not isinstance(why, str):
        raise TypeError(f"shown_why takes a failure's text, got {type(why).__name__}")
    found = template_of(why)
    if found is None:
        return why
    template, values = found
    if "why" in values:
        values["why"] = shown_why(values["why"])
    return _(template.message).format(**values)


def template_of(why: str) -> tuple[LazyString, dict[str, str]] | None:
    """The template ``why`` was made from and the values put into it; ``None`` for a text of no template.

    >>> template, values = template_of("choose_move returned None, not a move (return one of position.legal_moves())")
    >>> template is NOT_A_MOVE, values
    (True, {'shown': 'None'})
    """
    for template in _TEMPLATES:
        found = _pattern(template.message).fullmatch(why)
        if found is not None:
            return template, found.groupdict()
    return None
