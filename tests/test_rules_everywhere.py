"""One rules implementation: every engine follows each field of Rules as the move generator does, or refuses it.

Each engine declares what it does with a field (``RULES_FOLLOWED``); a field it does not name is
refused (:func:`awithlaknannai.rules.refuse_unfollowed`), so a new rule switch is refused by every
engine until one is taught it and says "follows". These tests walk every field of
:class:`~awithlaknannai.rules.Rules` through every engine: a "follows" is checked against the move
generator (through Position), anything else must raise.
"""

from __future__ import annotations

import dataclasses

import pytest
from test_playout_batch import check_batch  # tests/: replays batch games through Position
from test_solver import _audit  # tests/: checks every table entry against its moves

from awithlaknannai import Position, Rules, perft
from awithlaknannai.render.export import RULES_DESCRIBED, rules_summary
from awithlaknannai.rules import refuse_unfollowed
from awithlaknannai.variants import get_variant
from awithlaknannai.engines import batch, lean
from awithlaknannai.engines.batch import BatchPlayouts
from awithlaknannai.engines.lean import LeanEngine
from awithlaknannai.tables import solver
from awithlaknannai.tables.solver import solve_endgames
from awithlaknannai.tables.tablefile import table_rules_text

FIELDS = [field.name for field in dataclasses.fields(Rules)]
# A value other than the default, for every field.
ALTERNATIVE: dict[str, object] = {
    "compulsory_capture": False,
    "multi_leap": "optional",
    "maximum_capture": True,
    "leap_shape": "bent",
    "blocked_player_loses": False,
    "quiet_turn_limit": 1,
    "repetition_limit": 2,
    "no_capture_result": "more_pieces",
    "shrink_boundary": "dead",
}
DECLARED = {"lean": lean.RULES_FOLLOWED, "batch": batch.RULES_FOLLOWED, "tables": solver.RULES_FOLLOWED}


def test_every_field_has_another_value_here() -> None:
    assert set(ALTERNATIVE) == set(FIELDS)
    for name, value in ALTERNATIVE.items():
        assert getattr(Rules(), name) != value, name


@pytest.mark.parametrize("engine", sorted(DECLARED))
def test_every_declaration_names_real_fields_and_says_what_it_does(engine: str) -> None:
    declared = DECLARED[engine]
    assert set(declared) <= set(FIELDS), (
        f"{engine} declares unknown fields {sorted(set(declared) - set(FIELDS))}"
    )
    for field, what in declared.items():
        assert what in ("follows", "refuses") or (what.startswith("ignores: ") and len(what) > 20), (
            field,
            what,
        )


def _variant_for(field: str) -> str:
    # The shrinking rule matters only on a shrinking board; the others on a small Zuni board.
    return "tukvnanawopi-shrinking" if field == "shrink_boundary" else "zuni-4"


def _build(engine: str, variant: str, rules: Rules) -> object:
    if engine == "lean":
        return LeanEngine(variant, rules)
    if engine == "batch":
        return BatchPlayouts(variant, rules)
    return solve_endgames(
        "zuni-3-murray" if variant == "zuni-4" else variant, 2, rules=rules, cache_dir=False
    )


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("engine", sorted(DECLARED))
def test_each_engine_follows_or_refuses_each_field(engine: str, field: str) -> None:
    rules = Rules(**{field: ALTERNATIVE[field]})
    variant = _variant_for(field)
    declared = DECLARED[engine].get(field, "refuses")  # a field an engine does not name is refused
    if declared == "refuses":
        with pytest.raises(ValueError):
            _build(engine, variant, rules)
        return
    built = _build(engine, variant, rules)
    if declared.startswith("ignores"):
        if engine == "tables":  # the table is the one built without the field
            assert table_rules_text(rules) == table_rules_text(Rules())
        return
    if engine == "lean":
        start = Position.start(variant, rules)
        depth = 2 if field == "shrink_boundary" else 3
        assert built.perft(start, depth) == perft(start, depth)  # type: ignore[attr-defined]
    elif engine == "batch":
        assert check_batch(built, 6, seed=2) > 0  # type: ignore[arg-type]
    else:
        _audit(built)  # every entry agrees with the moves Position lists under these rules


@pytest.mark.parametrize("field", FIELDS)
def test_a_field_no_declaration_names_is_refused_and_the_default_passes(field: str) -> None:
    rules = Rules(**{field: ALTERNATIVE[field]})
    with pytest.raises(ValueError, match=f"an engine does not follow the rule {field}="):
        refuse_unfollowed(rules, {}, "an engine")
    refuse_unfollowed(Rules(), {}, "an engine")  # nothing set: nothing to refuse
    refuse_unfollowed(rules, {field: "follows"}, "an engine")


@pytest.mark.parametrize("field", FIELDS)
def test_the_rules_in_words_say_every_field(field: str) -> None:
    # Described in words, or listed as a rules text writes it: never left out of a printed sheet.
    variant = _variant_for(field)
    changed = rules_summary(get_variant(variant, Rules(**{field: ALTERNATIVE[field]})))
    assert changed != rules_summary(get_variant(variant, Rules()))
    if field not in RULES_DESCRIBED:
        assert any(line.startswith("Also: ") and field in line for line in changed), changed
