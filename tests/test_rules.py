"""Rules values: presets, validation, the text form and its round trip."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awithlaknannai import PRESET_SOURCES, PRESETS, Rules, get_rules
from awithlaknannai.rules import _CHOICES


def test_presets_follow_the_sources() -> None:
    standard, maximum, ludii = PRESETS["standard"], PRESETS["maximum"], PRESETS["ludii"]
    assert (standard.compulsory_capture, standard.multi_leap, standard.maximum_capture) == (
        True,
        "compulsory",
        False,
    )
    assert (maximum.compulsory_capture, maximum.multi_leap, maximum.maximum_capture) == (
        True,
        "compulsory",
        True,
    )
    assert maximum.no_capture_result == "more_pieces"
    assert (ludii.compulsory_capture, ludii.multi_leap, ludii.maximum_capture) == (False, "none", False)
    assert {r.leap_shape for r in PRESETS.values()} == {"line"}
    assert all(r.blocked_player_loses for r in PRESETS.values())
    assert set(PRESET_SOURCES) == set(PRESETS)
    assert Rules() == standard


def rules_values() -> st.SearchStrategy[Rules]:
    return st.builds(
        Rules,
        compulsory_capture=st.booleans(),
        multi_leap=st.sampled_from(_CHOICES["multi_leap"]),
        maximum_capture=st.booleans(),
        leap_shape=st.sampled_from(_CHOICES["leap_shape"]),
        blocked_player_loses=st.booleans(),
        quiet_turn_limit=st.none() | st.integers(1, 10_000),
        repetition_limit=st.none() | st.integers(2, 50),
        no_capture_result=st.sampled_from(_CHOICES["no_capture_result"]),
    )


@given(rules_values())
def test_text_round_trip(rules: Rules) -> None:
    text = rules.to_text()
    assert Rules.from_text(text) == rules
    assert get_rules(text) == rules
    assert " " not in text  # one field of a position text


def test_every_combination_of_the_play_switches_round_trips() -> None:
    for compulsory, multi, maximum, shape in itertools.product(
        (True, False), _CHOICES["multi_leap"], (True, False), _CHOICES["leap_shape"]
    ):
        rules = Rules(
            compulsory_capture=compulsory, multi_leap=multi, maximum_capture=maximum, leap_shape=shape
        )
        assert Rules.from_text(rules.to_text()) == rules


def test_to_text_picks_the_nearest_preset() -> None:
    assert Rules().to_text() == "standard"
    assert PRESETS["ludii"].to_text() == "ludii"
    assert Rules(quiet_turn_limit=None).to_text() == "standard,quiet_turn_limit=off"
    assert PRESETS["ludii"].replace(leap_shape="bent").to_text() == "ludii,leap_shape=bent"
    assert Rules(maximum_capture=True).to_text() == "standard,maximum_capture=yes"


def test_from_text_reads_switches_of_every_kind() -> None:
    rules = Rules.from_text(
        "maximum,compulsory_capture=no,repetition_limit=off,quiet_turn_limit=12,leap_shape=bent"
    )
    assert rules == PRESETS["maximum"].replace(
        compulsory_capture=False, repetition_limit=None, quiet_turn_limit=12, leap_shape="bent"
    )
    assert Rules.from_text("  ludii  ") == PRESETS["ludii"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "rules text must be a preset name such as 'standard', got ''"),
        ("   ", "rules text must be a preset name such as 'standard', got '   '"),
        ("chess", "rules text 'chess': unknown preset 'chess' (known: standard, maximum, ludii)"),
        ("ludii,speed=9", "rules text 'ludii,speed=9': unknown rule switch 'speed'"),
        ("standard,bent", "rules text 'standard,bent': 'bent' is not switch=value"),
        (
            "standard,maximum_capture=true",
            "rules text 'standard,maximum_capture=true': maximum_capture takes yes or no, got 'true'",
        ),
        (
            "standard,quiet_turn_limit=-3",
            "rules text 'standard,quiet_turn_limit=-3': quiet_turn_limit takes a whole number (at most 9 digits) or off, "
            "got '-3'",
        ),
        (
            "standard,quiet_turn_limit=\u00b2",
            "rules text 'standard,quiet_turn_limit=\u00b2': quiet_turn_limit takes a whole number (at most 9 digits) or off, "
            "got '\u00b2'",
        ),
        (
            "standard,repetition_limit=" + "9" * 5000,
            "rules text 'standard,repetition_limit=99999999999999'...: repetition_limit takes a whole "
            "number (at most 9 digits) or off, got '9999999999999999999999999999999999999999'...",
        ),
        (
            "standard,quiet_turn_limit=0",
            "rules text 'standard,quiet_turn_limit=0': Rules.quiet_turn_limit must be None or an integer >= 1, got 0",
        ),
        (
            "standard,multi_leap=sometimes",
            "rules text 'standard,multi_leap=sometimes': Rules.multi_leap must be one of compulsory, optional, none; "
            "got 'sometimes'",
        ),
    ],
)
def test_bad_rules_texts_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Rules.from_text(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"compulsory_capture": 1}, TypeError, "Rules.compulsory_capture must be True or False, got int"),
        (
            {"blocked_player_loses": "yes"},
            TypeError,
            "Rules.blocked_player_loses must be True or False, got str",
        ),
        ({"leap_shape": "curved"}, ValueError, "Rules.leap_shape must be one of line, bent; got 'curved'"),
        ({"leap_shape": 3}, TypeError, "Rules.leap_shape must be one of line, bent; got int"),
        (
            {"no_capture_result": "coin toss"},
            ValueError,
            "Rules.no_capture_result must be one of draw, more_pieces; got 'coin toss'",
        ),
        (
            {"repetition_limit": 1},
            ValueError,
            "Rules.repetition_limit must be None or an integer >= 2, got 1",
        ),
        (
            {"quiet_turn_limit": True},
            TypeError,
            "Rules.quiet_turn_limit must be None or an integer, got bool",
        ),
        (
            {"quiet_turn_limit": 2.5},
            TypeError,
            "Rules.quiet_turn_limit must be None or an integer, got float",
        ),
        (
            {"quiet_turn_limit": 10**9},
            ValueError,
            "Rules.quiet_turn_limit must be None or an integer of at most 999,999,999, got 1000000000",
        ),
        (
            {"repetition_limit": 10**5000},
            ValueError,
            "Rules.repetition_limit must be None or an integer of at most 999,999,999, got a number of about 5,001 digits",
        ),
    ],
)
def test_bad_rules_values_are_refused(changes: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error) as caught:
        Rules(**changes)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_rules_are_frozen_and_replace_checks_names() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.multi_leap = "none"  # type: ignore[misc]
    assert rules.replace(multi_leap="none").multi_leap == "none" and rules.multi_leap == "compulsory"
    with pytest.raises(ValueError, match="speed"):
        rules.replace(speed=3)


def test_get_rules() -> None:
    assert get_rules(None) is PRESETS["standard"]
    custom = Rules(quiet_turn_limit=7)
    assert get_rules(custom) is custom
    assert get_rules("maximum") == PRESETS["maximum"]
    with pytest.raises(TypeError, match="rules must be a preset name or a Rules value, got int"):
        get_rules(3)  # type: ignore[arg-type]
