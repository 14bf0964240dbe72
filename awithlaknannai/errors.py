"""The few exception types users catch, and how error messages quote what they were given.

All are ``ValueError`` subclasses, so ``except ValueError`` catches any bad
input; each message says what was wrong. A wrong *type* of argument is a
``TypeError`` saying what was expected.

Messages quote user input through :func:`shown`, which cuts it short: an
error about a 10 MB text is one short line, not 10 MB.

>>> print(shown("x" * 1000))
'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1,000 characters)
>>> print(shown(10**5000))
a number of about 5,001 digits
"""

from __future__ import annotations

import contextlib
import difflib
import reprlib
from collections.abc import Iterator

__all__ = [
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "LiteBuildError",
    "LongJobError",
    "MoveTypeError",
    "NotationError",
    "TooManyMovesError",
    "did_you_mean",
    "missing_package",
    "reading_field",
    "shown",
]


class InvalidMoveError(ValueError):
    """A move's text cannot be read, or names a point the board does not have."""


class MoveTypeError(InvalidMoveError, TypeError):
    """Something that is neither a Move nor a move's text was given as a move.

    A ``TypeError`` (a wrong type) and an :class:`InvalidMoveError` at once,
    so code that catches either keeps working.
    """


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position.

    The message says why (occupied, not joined by a line, capture is
    compulsory, must continue leaping, a larger capture exists, ...).
    """


class GameOverError(IllegalMoveError):
    """A move was played, or undone past the start, where that is impossible."""


class NotationError(ValueError):
    """A position text or game record is malformed; the message names the field."""


class LiteBuildError(RuntimeError):
    """The JupyterLite site cannot be built (:mod:`awithlaknannai.lite`): the message says what is missing and how to get it."""


class LongJobError(ValueError):
    """A call would start work estimated beyond the library's default limits.

    The limits (:data:`awithlaknannai.limits.LONG_JOB_SECONDS` and
    :data:`~awithlaknannai.limits.LONG_JOB_BYTES`) keep a notebook cell from
    running for hours or filling Binder's memory by accident. The message
    gives the estimate; every call that can raise this takes
    ``allow_long=True`` to run the job anyway.
    """


class TooManyMovesError(ValueError):
    """A position's captures are too many to list (a leap search past its bound).

    Raised by move generation, never by building the position: the position
    itself is fine, but its list of legal moves would not fit in memory.
    """


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlevel = 2
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4


@contextlib.contextmanager
def reading_field(
    field: str, errors: type[Exception] | tuple[type[Exception], ...] = ValueError
) -> Iterator[None]:
    """Re-raise an error met while reading one field of a text as a :class:`NotationError` naming the field.

    >>> with reading_field("record field 'rules'"):
    ...     raise ValueError("unknown rule 'x'")
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.NotationError: record field 'rules': unknown rule 'x'
    """
    try:
        yield
    except errors as error:
        raise NotationError(f"{field}: {error}") from None


def shown(value: object, limit: int = 40) -> str:
    """``repr`` of user input for an error message: short, one line, and never failing.

    Long texts are cut (with their length), huge numbers are described by
    their number of digits (printing them costs time quadratic in their
    length), containers show their first items, and an object whose
    ``__repr__`` raises is described by its type.
    """
    if isinstance(value, str):
        text = str.__str__(value)  # a str subclass may override __repr__ or __str__
        if len(text) <= limit:
            return repr(text)
        return f"{text[: limit - 3]!r}... ({len(text):,} characters)"[: limit + 40]
    if isinstance(value, int) and not isinstance(value, bool):
        number = int(value)
        if number.bit_length() > 128:
            # Printing a huge number costs time quadratic in its length: count its digits instead.
            return f"a number of about {int(number.bit_length() * 0.30103) + 1:,} digits"
        return repr(number)
    try:
        text = _SHORT.repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not replace the real error
        return f"<{type(value).__name__} object>"
    text = " ".join(text.split())
    return text if len(text) <= limit + 20 else text[: limit + 17] + "..."


def did_you_mean(name: object, known: list[str]) -> str:
    """`` (did you mean 'x'?)`` for a name close to one of ``known`` (a slip), else ``""``.

    Examples
    --------
    >>> did_you_mean("mosana", ["mosona", "kolowis"])
    " (did you mean 'mosona'?)"
    >>> did_you_mean("checkers", ["mosona", "kolowis"]), did_you_mean(3, ["mosona"])
    ('', '')
    """
    if not isinstance(name, str) or len(name) > 100:
        return ""
    close = difflib.get_close_matches(name.strip().lower(), known, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def missing_package(feature: str, package: str, advice: str = "") -> ImportError:
    """The one-line error for a feature whose optional package this Python lacks.

    A JupyterLite site (Python in the browser, :mod:`awithlaknannai.lite`)
    has no numpy or matplotlib: the features that need them say so in one
    line, naming what to install, instead of failing deep inside.

    >>> print(missing_package("the array solver", "numpy", "or use engine='python'"))
    the array solver needs numpy, which this Python does not have (a JupyterLite site in the browser has none: use the full version, on Binder or a computer): pip install numpy, or use engine='python'
    """
    line = (
        f"{feature} needs {package}, which this Python does not have (a JupyterLite site in the browser "
        f"has none: use the full version, on Binder or a computer): pip install {package}"
    )
    return ImportError(f"{line}, {advice}" if advice else line)
