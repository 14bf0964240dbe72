"""Rules as values: one switch per question the sources disagree on.

The written sources do not record the full rules of Awithlaknannai Mosona:
Stevenson (1903) and Culin (1907), who wrote after her, describe the board,
the set-up and the opening, but not whether captures are compulsory or how a
game ends. (Zuni people may know more than the books; the books are all this
project can cite.) The presets below each follow one later source; every
switch can also be set on its own, so a class can invent and test its own
rules.

Examples
--------
>>> PRESETS["maximum"].maximum_capture
True
>>> Rules.from_text("standard,quiet_turn_limit=20").quiet_turn_limit
20
>>> Rules(multi_leap="none", compulsory_capture=False).to_text()
'ludii'
>>> Rules(multi_leap="optional").to_text()
'standard,multi_leap=optional'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .errors import shown
from .i18n import N_, TranslatedTexts

__all__ = ["Rules", "PRESETS", "PRESET_SOURCES", "get_rules", "refuse_unfollowed", "MAX_LIMIT"]

MultiLeap = Literal["compulsory", "optional", "none"]
LeapShape = Literal["line", "bent"]
NoCaptureResult = Literal["draw", "more_pieces"]
ShrinkBoundary = Literal["playable", "dead"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "multi_leap": ("compulsory", "optional", "none"),
    "leap_shape": ("line", "bent"),
    "no_capture_result": ("draw", "more_pieces"),
    "shrink_boundary": ("playable", "dead"),
}
#: The turn limits, with the lowest value each takes (None switches a limit off).
_LIMITS: dict[str, int] = {"quiet_turn_limit": 1, "repetition_limit": 2}


#: The largest turn or repetition limit: a rules text writes at most nine
#: digits, so a larger one could be made but never read back.
MAX_LIMIT = 999_999_999


@dataclass(frozen=True)
class Rules:
    """How a game is played, one field per disputed question.

    Parameters
    ----------
    compulsory_capture : bool
        A player who can capture must capture (encyclopedia, leglobejoueur).
    multi_leap : {"compulsory", "optional", "none"}
        After a leap, may (or must) the same piece leap again? ``"none"``:
        one leap per turn (Ludii).
    maximum_capture : bool
        Among captures, a player must choose one taking the most pieces
        (leglobejoueur).
    leap_shape : {"line", "bent"}
        ``"line"``: jump along one drawn line (which may be an end curve).
        ``"bent"``: any two-edge path; breaks the documented opening. A
        bent capture is one move per landing point and set of captured
        pieces, whatever its route; bent leaps are refused on Tukvnanawopi,
        where they multiply beyond what can be listed.
    blocked_player_loses : bool
        A player with pieces but no legal move loses (leglobejoueur, Ludii);
        otherwise a draw.
    quiet_turn_limit : int or None
        The game ends after this many turns in a row without a capture: the
        project's stand-in for the sources' "no capture is possible any
        more", which no simple test can decide. ``None`` switches it off.
    repetition_limit : int or None
        The game ends when the same position (same side to move) occurs
        this many times; the second stand-in. ``None`` switches it off.
    no_capture_result : {"draw", "more_pieces"}
        How a game ended by a stand-in is scored (the encyclopedia lets the
        players choose).
    shrink_boundary : {"playable", "dead"}
        Only for boards that shrink (``tukvnanawopi-shrinking``). Rule 7 of
        the encyclopedia's Tukvnanawopi article: when an end row or column
        of squares is empty, "pieces can no longer be played in that row or
        column of squares. It is uncertain, however, if the points on the
        line between the rows or columns of squares can be played upon".
        ``"playable"`` (default): a point stays in play while any square it
        belongs to is in play, so the line shared with a live row stays;
        the rule's words take away squares, and that line still belongs to
        the live row's squares. ``"dead"``: the shared line goes too. On
        ``tuknanavuhpi`` the unit is a line of points, which no two units
        share, so both readings play alike there.
    """

    compulsory_capture: bool = True
    multi_leap: MultiLeap = "compulsory"
    maximum_capture: bool = False
    leap_shape: LeapShape = "line"
    blocked_player_loses: bool = True
    quiet_turn_limit: int | None = 50
    repetition_limit: int | None = 3
    no_capture_result: NoCaptureResult = "draw"
    shrink_boundary: ShrinkBoundary = "playable"

    def __post_init__(self) -> None:
        for name in _yes_no_fields():
            if not isinstance(getattr(self, name), bool):
                raise TypeError(
                    f"Rules.{name} must be True or False, got {type(getattr(self, name)).__name__}"
                )
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str):
                raise TypeError(
                    f"Rules.{name} must be one of {', '.join(allowed)}; got {type(value).__name__}"
                )
            if value not in allowed:
                raise ValueError(f"Rules.{name} must be one of {', '.join(allowed)}; got {shown(value)}")
        for name, lowest in _LIMITS.items():
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Rules.{name} must be None or an integer, got {type(value).__name__}")
            if value < lowest:
                raise ValueError(f"Rules.{name} must be None or an integer >= {lowest}, got {shown(value)}")
            if value > MAX_LIMIT:  # a rules text writes at most 9 digits: whatever is made can be read back
                raise ValueError(
                    f"Rules.{name} must be None or an integer of at most {MAX_LIMIT:,}, got {shown(value)}"
                )

    def __repr__(self) -> str:
        # The shrinking-board switch matters on two boards only: shown when it is changed, so
        # the usual repr stays as it was before the switch existed.
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if f.name != "shrink_boundary" or self.shrink_boundary != "playable"
        ]
        return f"Rules({', '.join(shown)})"

    def replace(self, **changes: object) -> Rules:
        """Return a copy with some switches changed (unknown names are an error).

        >>> PRESETS["standard"].replace(maximum_capture=True).maximum_capture
        True
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ValueError(
                f"unknown rule switch(es): {', '.join(shown(name) for name in sorted(unknown)[:5])}"
            )
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def name(self) -> str:
        """The preset's name, or ``"custom"``."""
        for key, preset in PRESETS.items():
            if preset == self:
                return key
        return "custom"

    def differences(self, other: Rules | None = None) -> dict[str, str]:
        """The switches set differently from ``other`` (default: ``Rules()``), as a rules text writes them.

        >>> Rules(maximum_capture=True, quiet_turn_limit=None).differences()
        {'maximum_capture': 'yes', 'quiet_turn_limit': 'off'}
        """
        base = Rules() if other is None else other
        return {
            f.name: _format_value(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    def to_text(self) -> str:
        """Return the shortest text: the nearest preset plus the switches that differ."""
        cached = self.__dict__.get("_text")  # every position text asks: work it out once
        if cached is not None:
            return cached
        best = ""
        for key, preset in PRESETS.items():
            diffs = [
                f"{f.name}={_format_value(getattr(self, f.name))}"
                for f in dataclasses.fields(self)
                if getattr(self, f.name) != getattr(preset, f.name)
            ]
            text = ",".join([key, *diffs])
            if not best or text.count(",") < best.count(","):
                best = text
        object.__setattr__(self, "_text", best)
        return best

    @classmethod
    def from_text(cls, text: str) -> Rules:
        """Read ``preset[,switch=value...]`` as written by :meth:`to_text`.

        >>> Rules.from_text("ludii") == PRESETS["ludii"]
        True
        >>> Rules.from_text("ludii,speed=9")
        Traceback (most recent call last):
        ...
        ValueError: rules text 'ludii,speed=9': unknown rule switch 'speed'
        """
        if not isinstance(text, str):
            raise TypeError(f"a rules text is a string such as 'standard', got {type(text).__name__}")
        if not text.strip():
            raise ValueError(f"rules text must be a preset name such as 'standard', got {_quoted(text)}")
        preset, *overrides = text.strip().split(",")
        if preset not in PRESETS:
            raise ValueError(
                f"rules text {_quoted(text)}: unknown preset {_quoted(preset)} (known: {', '.join(PRESETS)})"
            )
        fields = {f.name: f for f in dataclasses.fields(cls)}
        changes: dict[str, object] = {}
        for item in overrides:
            name, sep, raw = item.partition("=")
            if not sep:
                raise ValueError(f"rules text {_quoted(text)}: {_quoted(item)} is not switch=value")
            if name not in fields:
                raise ValueError(f"rules text {_quoted(text)}: unknown rule switch {_quoted(name)}")
            changes[name] = _parse_value(text, name, raw, getattr(PRESETS[preset], name))
        try:
            return PRESETS[preset].replace(**changes)
        except ValueError as error:
            raise ValueError(f"rules text {_quoted(text)}: {error}") from None


def _yes_no_fields() -> tuple[str, ...]:
    """The switches that are yes or no: every field whose default is a bool (a new one needs no list)."""
    return tuple(f.name for f in dataclasses.fields(Rules) if isinstance(f.default, bool))


def _quoted(text: str) -> str:
    """``repr`` of part of a rules text, cut short so a message stays readable."""
    return repr(text) if len(text) <= 40 else repr(text[:40]) + "..."


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "off"
    return str(value)


def _parse_value(text: str, name: str, raw: str, example: object) -> object:
    if name in _yes_no_fields():
        if raw not in ("yes", "no"):
            raise ValueError(f"rules text {_quoted(text)}: {name} takes yes or no, got {_quoted(raw)}")
        return raw == "yes"
    if name in _LIMITS:
        if raw == "off":
            return None
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
            raise ValueError(
                f"rules text {_quoted(text)}: {name} takes a whole number (at most 9 digits) or off, "
                f"got {_quoted(raw)}"
            )
        return int(raw)
    return raw


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "maximum": Rules(maximum_capture=True, no_capture_result="more_pieces"),
    "ludii": Rules(compulsory_capture=False, multi_leap="none"),
}


#: Where each preset's rules come from, in the session's language (:func:`~awithlaknannai.i18n.set_language`).
PRESET_SOURCES: Mapping[str, str] = TranslatedTexts(
    {
        "standard": N_(
            "The encyclopedia article: captures compulsory, a piece keeps leaping while it can, "
            "free choice among captures; capturing all wins; when no capture is possible any more "
            "the game is a draw (or the player with more pieces wins, if the players agree). Two "
            "additions are not the encyclopedia's: a blocked player loses (as in the French sheet "
            "and Ludii), and 'no capture is possible any more' is judged by this project's "
            "stand-ins (a turn limit and repetition)."
        ).message,
        "maximum": N_(
            "The leglobejoueur rules sheet (in French): captures compulsory, multiple leaps with one "
            "piece, and the capture taking the most pieces must be chosen; capturing all or "
            "blocking wins; a game stopped early goes to the player with more captures, equal "
            "captures being a draw."
        ).message,
        "ludii": N_(
            "The Ludii game database (its game files \"Awithlaknan Mosona\" and \"Kolowis "
            "Awithlaknannai\"): captures are not compulsory, one leap per turn, and a player who "
            "cannot move loses."
        ).message,
    }
)


def get_rules(rules: str | Rules | None) -> Rules:
    """Return ``rules`` as a :class:`Rules` value; a string is read by :meth:`Rules.from_text`.

    >>> get_rules(None) == PRESETS["standard"]
    True
    """
    if rules is None:
        return PRESETS["standard"]
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.from_text(rules)
    raise TypeError(f"rules must be a preset name or a Rules value, got {type(rules).__name__}")


def refuse_unfollowed(rules: Rules, followed: Mapping[str, str], engine: str) -> None:
    """Refuse ``rules`` if they set a switch that ``engine`` does not follow.

    ``followed`` is an engine's one declaration (its ``RULES_FOLLOWED``): for
    each field of :class:`Rules`, ``"follows"``, ``"refuses"`` or
    ``"ignores: why"``. A field set to anything but its default is refused
    when the declaration refuses it *or does not name it*: a switch added to
    :class:`Rules` later is refused by every engine that has not been taught
    it, never played wrong in silence.

    Raises
    ------
    ValueError
        Naming the engine, the field and its value.

    Examples
    --------
    >>> refuse_unfollowed(Rules(maximum_capture=True), {"maximum_capture": "refuses"}, "BatchPlayouts")
    Traceback (most recent call last):
    ...
    ValueError: BatchPlayouts does not follow the rule maximum_capture=yes; ...
    >>> refuse_unfollowed(Rules(), {}, "an engine")  # the defaults pass, declared or not
    """
    default = Rules()
    for field in dataclasses.fields(Rules):
        value = getattr(rules, field.name)
        if value == getattr(default, field.name):
            continue
        what = followed.get(field.name, "refuses")
        if what == "follows" or what.startswith("ignores"):
            continue
        raise ValueError(
            f"{engine} does not follow the rule {field.name}={_format_value(value)}; "
            "play these rules through Position (awithlaknannai.Position or Game), which follows every rule"
        )
