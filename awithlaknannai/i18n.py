"""The language of the words a student meets: English, Spanish or French, chosen per session.

Messages are marked in the code with :func:`_` (one text), :func:`ngettext`
(a text with a number, in the plural forms of the language), :func:`pgettext`
(a short word whose translation depends on where it stands: "won" in a chart's
legend is a whole word, in a table's narrow column an abbreviation) and :data:`N_`
(a module-level constant, translated each time it is used: constants are made
at import, before :func:`set_language` is called). The translations are
gettext catalogs, ``locale/<lang>/LC_MESSAGES/awithlaknannai.po`` beside this
module, compiled to the ``.mo`` files read here; Babel's ``pybabel`` makes and
compiles them (the README's "Add a language" says how), and only the standard
library's :mod:`gettext` reads them, so a student's installation needs no Babel.

The language of a session is, in order: the last :func:`set_language`; else
the first known language named by the environment variables
``AWITHLAKNANNAI_LANG``, ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
(``es_MX.UTF-8`` counts as ``es``); else English. A class chooses Spanish
with ``set_language("es")`` at the top of a notebook (the translated notebooks
start so), or for every kernel with ``AWITHLAKNANNAI_LANG=es``.

Point names, move texts and the names of games and peoples are never translated.

Examples
--------
>>> set_language("es")
>>> _("Solved!")
'¡Resuelto!'
>>> ngettext("take {count} piece in one turn.", "take {count} pieces in one turn.", 3).format(count=3)
'toma 3 piezas en un solo turno.'
>>> with use_language("fr"):
...     _("Solved!")
'Réussi !'
>>> get_language()
'es'
>>> set_language("en")
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_FOLDER",
    "TranslatedTexts",
    "N_",
    "OUR_TRANSLATION",
    "LanguageError",
    "LazyString",
    "get_language",
    "gettext",
    "language_from_environment",
    "lazy_gettext",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "side_name",
    "translation",
    "use_language",
]

DOMAIN = "awithlaknannai"
#: The languages with a catalog, by code, with their own names (what a class picks from).
LANGUAGES: Mapping[str, str] = {"en": "English", "es": "español", "fr": "français"}
SOURCE_LANGUAGE = "en"  # the messages in the code are English: no catalog needed
LOCALE_FOLDER = Path(__file__).resolve().parent / "locale"
#: Read in this order; the first that names a known language wins.
ENVIRONMENT_VARIABLES = ("AWITHLAKNANNAI_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]+)?(?:\.[\w-]+)?(?:@\w+)?")


class LanguageError(ValueError):
    """A language code this package has no catalog for."""


def _known() -> str:
    return ", ".join(f"{code!r} ({name})" for code, name in LANGUAGES.items())


def _normalise(code: str) -> str | None:
    """``"es_MX.UTF-8"`` -> ``"es"``; ``None`` for a code of no known language."""
    if not _CODE.fullmatch(code):
        return None
    base = re.split(r"[_.@-]", code, maxsplit=1)[0].lower()
    return base if base in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first known language the environment names (see the module's text); English if none.

    ``LANGUAGE`` may list several, separated by colons (``fr_CA:fr:en``).

    >>> language_from_environment({"LANGUAGE": "de:fr", "LANG": "es_ES.UTF-8"})
    'fr'
    >>> language_from_environment({"LANG": "C.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    own = environ.get(ENVIRONMENT_VARIABLES[0], "").strip()
    if own and _normalise(own) is None:  # set for this package, so a slip is said, not ignored
        warnings.warn(
            f"{ENVIRONMENT_VARIABLES[0]}={own[:40]!r} names no translation (the languages are {_known()}); "
            "the next variables decide",
            stacklevel=2,
        )
    for variable in ENVIRONMENT_VARIABLES:
        for code in environ.get(variable, "").split(":"):
            known = _normalise(code.strip())
            if known is not None:
                return known
    return SOURCE_LANGUAGE


_language: str | None = None  # None: not chosen yet, the environment decides at the first message
_catalogs: dict[str, _gettext.NullTranslations] = {}


def translation(language: str) -> _gettext.NullTranslations:
    """The catalog of ``language`` itself, whatever the session's language (its ``gettext`` and ``ngettext``).

    >>> translation("fr").gettext("White")
    'Blancs'
    """
    return _catalog(_checked(language))


def _catalog(language: str) -> _gettext.NullTranslations:
    if language not in _catalogs:
        if language == SOURCE_LANGUAGE:
            _catalogs[language] = _gettext.NullTranslations()
        else:
            # fallback=False: a missing .mo is a broken installation, said at once, not English in silence.
            _catalogs[language] = _gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[language])
    return _catalogs[language]


def _checked(language: object) -> str:
    """A known language code from ``language`` (see :func:`set_language`), or the error it raises."""
    if not isinstance(language, str):
        raise TypeError(f"a language is a code such as 'es', got {type(language).__name__}")
    known = _normalise(language.strip())
    if known is None:
        raise LanguageError(f"no translation into {language[:40]!r}: the languages are {_known()}")
    return known


def set_language(language: str) -> None:
    """Choose the language of this session's messages, from the next message on.

    Texts already made keep their words: a :class:`~awithlaknannai.tutorial.challenges.Challenge`
    says its task in the language of the moment it was made.

    Parameters
    ----------
    language : str
        ``"en"``, ``"es"`` or ``"fr"`` (a locale name such as ``"es_MX"`` or
        ``"fr-CA"`` counts as its language).

    Raises
    ------
    TypeError
        If ``language`` is not a text.
    LanguageError
        (a ValueError) for a language with no catalog; the message names the known ones.

    Examples
    --------
    >>> set_language("de")
    Traceback (most recent call last):
    ...
    awithlaknannai.i18n.LanguageError: no translation into 'de': the languages are 'en' (English), 'es' (español), 'fr' (français)
    """
    global _language
    known = _checked(language)
    _catalog(known)  # load it now, so that a broken installation fails here
    _language = known


@contextmanager
def use_language(language: str) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block, then the language before it again.

    >>> with use_language("es"):
    ...     print(gettext("Solved!"))
    ¡Resuelto!
    >>> gettext("Solved!")
    'Solved!'
    """
    known = _checked(language)
    previous = get_language()
    set_language(known)
    try:
        yield known
    finally:
        set_language(previous)


def get_language() -> str:
    """The language of this session's messages (``"en"``, ``"es"`` or ``"fr"``).

    >>> get_language() in LANGUAGES
    True
    """
    global _language
    if _language is None:
        _language = language_from_environment()
    return _language


def gettext(message: str) -> str:
    """``message`` in the session's language (itself if the catalog has no translation).

    >>> gettext("a text no catalog holds")
    'a text no catalog holds'
    """
    return _catalog(get_language()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count``, by the plural rule of the session's language.

    French counts 0 as singular, English and Spanish as plural; the caller
    fills in the number (``.format(count=count)``).

    >>> ngettext("{count} move", "{count} moves", 1).format(count=1)
    '1 move'
    """
    return _catalog(get_language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the session's language, as said in ``context``.

    One English word can need two translations: "won" heads a narrow column
    of the league sheet ("gan.") but names a colour in a chart's legend
    ("ganadas"). The catalog keeps one entry per context (``msgctxt``); Babel's
    extractor finds ``pgettext(context, message)`` without being told.

    >>> with use_language("es"):
    ...     gettext("won"), pgettext("chart legend", "won")
    ('gan.', 'ganadas')
    """
    return _catalog(get_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a context (see :func:`pgettext`).

    >>> npgettext("a context no catalog holds", "{count} game", "{count} games", 2).format(count=2)
    '2 games'
    """
    return _catalog(get_language()).npgettext(context, singular, plural, count)


class LazyString:
    """A message translated each time it is used (as text, formatted, compared), not when it is made.

    For module-level constants, which are made at import, before the session
    chooses its language, and for names kept with a thing (a board's title):
    :meth:`filled` gives one whose placeholders are filled in after translating.

    >>> FIRST = N_("first")
    >>> with use_language("es"):
    ...     f"{FIRST}", FIRST == "primer"
    ('primer', True)
    >>> str(FIRST)
    'first'
    """

    __slots__ = ("fields", "message")

    def __init__(self, message: str, **fields: object) -> None:
        if not isinstance(message, str):
            raise TypeError(f"a message is a text, got {type(message).__name__}")
        self.message = message
        self.fields = fields

    def filled(self, **fields: object) -> LazyString:
        """The same message with its ``{placeholders}`` filled in, each time after translating.

        >>> SIZE = N_("{count} moves").filled(count=3)
        >>> str(SIZE), SIZE.english()
        ('3 moves', '3 moves')
        """
        return LazyString(self.message, **{**self.fields, **fields})

    def english(self) -> str:
        """The text in English, whatever the session's language (the message, filled in)."""
        return self.message.format(**self.fields) if self.fields else self.message

    def __str__(self) -> str:
        text = gettext(self.message)
        return text.format(**self.fields) if self.fields else text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return str(self) == (str(other) if isinstance(other, LazyString) else other)

    def __hash__(self) -> int:
        return hash(self.english())

    def __add__(self, other: Any) -> str:
        return str(self) + other

    def __radd__(self, other: Any) -> str:
        return other + str(self)

    def __repr__(self) -> str:
        filled = ", ".join(f"{name}={value!r}" for name, value in self.fields.items())
        return f"N_({self.message!r})" + (f".filled({filled})" if filled else "")


class TranslatedTexts(Mapping[str, str]):
    """A fixed mapping whose texts are read in the session's language: :class:`LazyString` for a table of texts.

    Made at import, before the session chooses its language; the values stay ``str`` (``textwrap`` and
    ``.get`` work on them), translated each time they are read.

    >>> GREETINGS = TranslatedTexts({"first": N_("first").message})
    >>> with use_language("es"):
    ...     GREETINGS["first"]
    'primer'
    >>> dict(GREETINGS)
    {'first': 'first'}
    """

    def __init__(self, texts: dict[str, str]) -> None:
        self._texts = texts

    def __getitem__(self, key: str) -> str:
        return gettext(self._texts[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def __repr__(self) -> str:
        return repr(dict(self))


def lazy_gettext(message: str) -> LazyString:
    """Mark ``message`` for translation at each use (see :class:`LazyString`)."""
    return LazyString(message)


#: The usual short name, which ``pybabel extract`` finds without being told.
N_ = lazy_gettext

#: Printed before our translation of a quotation from a source, which itself stays in its own words
#: (the translated notebooks and the history activities both follow this rule).
OUR_TRANSLATION = N_("Our translation (not the source's words):")


def side_name(side: object) -> str:
    """A side's name as a student reads it, capitalised: ``"White"``/``"Black"`` in the session's language.

    Takes a colour (``Color.WHITE``) or its English name, any case; other text is returned as it is.

    >>> with use_language("fr"):
    ...     side_name("white"), side_name("Black")
    ('Blancs', 'Noirs')
    >>> side_name("WHITE")
    'White'
    """
    name = str(getattr(side, "value", side)).strip().lower()
    if name == "white":
        return gettext("White")
    if name == "black":
        return gettext("Black")
    return str(side)
