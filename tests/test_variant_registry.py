"""One record per named variant (awithlaknannai.variants.VARIANTS): every reader agrees with it."""

from __future__ import annotations

import pytest

from awithlaknannai import Color, Position, get_variant
from awithlaknannai.cli import build_parser
from awithlaknannai.variants import VARIANT_MENU, VARIANT_NAMES, VARIANTS, variant_record
from awithlaknannai.widgets.game import VARIANT_CHOICES

FIXED_NAMES = [name for name in VARIANT_NAMES if "-N" not in name]


def test_the_names_are_the_records() -> None:
    assert VARIANT_NAMES == tuple(VARIANTS)
    assert VARIANT_NAMES[:3] == ("mosona", "mosona-murray", "kolowis")
    assert {"zuni-N", "zuni-N-murray", "pretwa", "gol-skuish"} <= set(VARIANT_NAMES)


@pytest.mark.parametrize("name", FIXED_NAMES)
def test_each_record_builds_its_variant(name: str) -> None:
    record = variant_record(name)
    variant = get_variant(name)
    assert variant.name == record.name == name
    assert variant.description == record.description and record.description
    assert record.title
    assert variant.rules == get_variant(name, record.rules).rules
    # Both sides get the same number of pieces, and the start is a position the rules can play.
    white, black = variant.start.count(Color.WHITE), variant.start.count(Color.BLACK)
    assert white == black > 0
    assert Position.start(variant).legal_moves()


@pytest.mark.parametrize(
    ("name", "canonical", "points"),
    [
        ("zuni-4", "zuni-4", 13),
        ("zuni-04", "zuni-4", 13),
        ("zuni-5-murray", "zuni-5-murray", 16),
    ],
)
def test_a_zuni_size_gets_a_record_of_its_own(name: str, canonical: str, points: int) -> None:
    record = variant_record(name)
    assert record.name == canonical
    assert get_variant(name).board.number_of_nodes() == points
    assert "our extension" in record.title


def test_the_widget_menu_is_the_registry_menu() -> None:
    assert VARIANT_CHOICES == VARIANT_MENU
    labels = [label for label, _ in VARIANT_MENU]
    assert len(set(labels)) == len(labels), "two menu entries share a label"
    for label, name in VARIANT_MENU:
        assert get_variant(name).name == name, label
    # Every fixed variant is offered; of the patterns, a few Zuni sizes.
    assert {name for _, name in VARIANT_MENU} >= set(FIXED_NAMES)
    assert ("Zuni pattern, 4 a row (our extension)", "zuni-4") in VARIANT_MENU


def test_the_command_line_lists_every_name() -> None:
    parser = build_parser()
    sub = next(action for action in parser._actions if action.dest == "command")
    variant_help = next(action.help for action in sub.choices["perft"]._actions if action.dest == "variant")
    assert ", ".join(VARIANT_NAMES) in variant_help


@pytest.mark.parametrize(
    ("name", "error", "words"),
    [
        ("checkers", ValueError, "known: " + ", ".join(VARIANT_NAMES)),
        ("mosna", ValueError, "did you mean 'mosona'"),
        ("zuni-1", ValueError, "at least 2 points"),
        ("zuni-N", ValueError, "unknown variant 'zuni-N'"),
        (7, TypeError, "a variant name is a string"),
    ],
)
def test_unknown_names_are_refused_with_the_known_ones(name: object, error: type, words: str) -> None:
    with pytest.raises(error) as raised:
        variant_record(name)  # type: ignore[arg-type]
    assert words in str(raised.value)
