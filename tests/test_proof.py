"""Proof-number search (tables.proof) and its certificate checker (tables.certificate).

Whole-game checks use small boards: solve_game on zuni-3 takes a second per
preset, while zuni-5 and zuni-6 take minutes (benchmarks/tables-results.txt),
too long for this file. zuni-5's start is searched here with leaves of 3 a side
and checked against the whole-game values those builds recorded;
``benchmarks/proof.py known`` runs the whole check (zuni-5 and zuni-6, every
preset, whole-game tables built anew). Mosona endgames are sampled with 2 v 3 pieces, table
leaves of at most 2 a side, and checked against tables of up to 3 a side.
"""

from __future__ import annotations

import copy
import random

import pytest

from awithlaknannai import Position
from awithlaknannai.tables.certificate import check_certificate
from awithlaknannai.tables.proof import load_certificate, prove, save_certificate
from awithlaknannai.tables.solver import solve_endgames, solve_game
from awithlaknannai.variants import Color, get_variant

# Budgets are counted in nodes, so an answer does not depend on how busy the machine is; the
# seconds are only a safety net (every case here needs well under a second of CPU alone).


@pytest.fixture(scope="module")
def zuni3() -> dict:
    return {
        preset: solve_game("zuni-3", rules=preset, cache_dir=False)
        for preset in ("standard", "maximum", "ludii")
    }


def expected(outcome: str, question: str) -> str:
    return "proven" if (outcome == "win" if question == "win" else outcome != "loss") else "disproven"


@pytest.mark.parametrize("preset", ["standard", "maximum", "ludii"])
@pytest.mark.parametrize("question", ["win", "draw"])
def test_zuni3_start_against_whole_game(zuni3: dict, preset: str, question: str) -> None:
    tables = zuni3[preset]
    start = Position.start("zuni-3", rules=preset)
    # Without compulsory capture (ludii) lines go on much longer: leaves of 3 a side there.
    leaves = 3 if preset == "ludii" else 2
    result = prove(start, question, tables, max_pieces=leaves, seconds=600, nodes=100_000, memory_mb=16)
    assert result.answer == expected(tables.value(start).outcome, question)
    if result.answer == "proven":
        assert check_certificate(result.certificate.to_json(), tables).proven


@pytest.mark.parametrize("preset", ["standard", "maximum"])
def test_zuni3_positions_after_one_move(zuni3: dict, preset: str) -> None:
    tables = zuni3[preset]
    start = Position.start("zuni-3", rules=preset)
    for move in start.legal_moves():
        position = start.play(move)
        for question in ("win", "draw"):
            result = prove(position, question, tables, max_pieces=2, seconds=600, nodes=50_000, memory_mb=16)
            assert result.answer == expected(tables.value(position).outcome, question), (move, question)
            if result.certificate is not None:
                assert check_certificate(result.certificate.to_json(), tables).proven


#: White's result at zuni-5's start with perfect play, from the whole-game tables:
#: benchmarks/proof-results.txt ("Known starts"; standard also in tables-results.txt).
ZUNI5_START = {"standard": "draw", "maximum": "draw"}


@pytest.mark.parametrize("preset", sorted(ZUNI5_START))
def test_zuni5_start_against_the_recorded_whole_game(preset: str) -> None:
    # Leaves of 3 a side out of 7: every line takes several captures before a table answers.
    # (Under ludii, without compulsory capture, the search needs leaves of 6: the benchmark's.)
    leaves = solve_endgames("zuni-5", 3, rules=preset, cache_dir=False)
    start = Position.start("zuni-5", rules=preset)
    for question in ("win", "draw"):
        result = prove(start, question, leaves, max_pieces=3, seconds=600, nodes=400_000, memory_mb=64)
        assert result.answer == expected(ZUNI5_START[preset], question), question
        if result.answer == "proven":
            assert check_certificate(result.certificate.to_json(), leaves).proven


@pytest.fixture(scope="module")
def mosona3():
    return solve_endgames("mosona", 3, max_total=5, cache_dir=False)


def test_mosona_small_material_against_bigger_tables(mosona3) -> None:
    variant = get_variant("mosona")
    rng = random.Random(28)
    answered = 0
    for _ in range(8):
        points = rng.sample(range(variant.tables.size), 5)
        own, opp = sum(1 << p for p in points[:2]), sum(1 << p for p in points[2:])
        turn = rng.choice([Color.WHITE, Color.BLACK])
        position = Position(variant, *((own, opp) if turn is Color.WHITE else (opp, own)), turn)
        if position.outcome() is not None:
            continue
        truth = mosona3.value(position).outcome
        for question in ("win", "draw"):
            result = prove(position, question, mosona3, max_pieces=2, seconds=600, nodes=3_000, memory_mb=32)
            if result.answer == "unknown":
                continue
            answered += 1
            assert result.answer == expected(truth, question), (position.text(), question)
            if result.certificate is not None:
                assert check_certificate(result.certificate.to_json(), mosona3).proven
    assert answered >= 8


@pytest.fixture(scope="module")
def draw_proof(zuni3: dict):
    proof = prove(
        Position.start("zuni-3"),
        "draw",
        zuni3["standard"],
        max_pieces=1,
        seconds=600,
        nodes=50_000,
        memory_mb=16,
    ).certificate
    assert proof is not None
    return proof


def test_checker_refuses_a_changed_move(zuni3: dict, draw_proof) -> None:
    data = copy.deepcopy(draw_proof.to_json())
    data["nodes"][0]["moves"][0][0] = "T0-T1"
    verdict = check_certificate(data, zuni3["standard"])
    assert not verdict.proven and verdict.node == 0 and "illegal move T0-T1" in verdict.reason


def test_checker_refuses_a_removed_reply(zuni3: dict, draw_proof) -> None:
    data = copy.deepcopy(draw_proof.to_json())
    node = next(i for i, n in enumerate(data["nodes"]) if len(n.get("moves", [])) > 1)
    removed = data["nodes"][node]["moves"].pop()
    verdict = check_certificate(data, zuni3["standard"])
    assert not verdict.proven and verdict.node == node and removed[0] in verdict.reason
    assert "missing reply" in verdict.reason


def test_checker_refuses_a_wrong_leaf_claim(zuni3: dict, draw_proof) -> None:
    data = copy.deepcopy(draw_proof.to_json())
    node = next(i for i, n in enumerate(data["nodes"]) if n.get("leaf") == "table")
    data["nodes"][node]["value"] = {"win": "loss", "loss": "win", "draw": "win"}[data["nodes"][node]["value"]]
    verdict = check_certificate(data, zuni3["standard"])
    assert not verdict.proven and verdict.node == node and "the leaf claims" in verdict.reason


def test_checker_refuses_a_cycle_in_a_win_proof() -> None:
    # A drawn 1 v 1 on zuni-2 proven a draw without table leaves: the graph shuffles in cycles, which
    # hold a draw under standard, but a "win" claim on the same graph must fail at a cycle.
    tables = solve_endgames("zuni-2", max_pieces=1, cache_dir=False)
    position = Position.from_pieces("zuni-2", {"T0": "w", "B1": "b"})
    assert tables.value(position).outcome == "draw"
    proof = prove(position, "draw", tables, max_pieces=0, seconds=600, nodes=50_000, memory_mb=8).certificate
    data = proof.to_json()
    assert check_certificate(data, tables).proven
    data["question"] = "win"
    verdict = check_certificate(data, tables)
    assert not verdict.proven and "a cycle" in verdict.reason and verdict.node is not None


def test_command_line(tmp_path, capsys) -> None:
    from awithlaknannai.cli import main

    solve_endgames("zuni-3", max_pieces=2, cache_dir=tmp_path)
    target = tmp_path / "proof.json.gz"
    assert (
        main(
            [
                "prove",
                "--variant",
                "zuni-3",
                "--question",
                "draw",
                "--tables",
                str(tmp_path),
                "--max-pieces",
                "2",
                "--seconds",
                "20",
                "--memory-mb",
                "16",
                "--certificate",
                str(target),
            ]
        )
        == 0
    )
    assert "proven" in capsys.readouterr().out
    assert main(["check-proof", str(target), "--tables", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "proven"
    assert main(["prove", "--variant", "zuni-3", "--tables", str(tmp_path), "--seconds", "-1"]) == 2
    assert "seconds" in capsys.readouterr().err


def test_save_load_round_trip(tmp_path, draw_proof) -> None:
    for name in ("proof.json", "proof.json.gz"):
        path = save_certificate(draw_proof, tmp_path / name)
        assert load_certificate(path) == draw_proof


def test_load_refuses_other_files(tmp_path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "something else"}')
    with pytest.raises(ValueError, match="not a certificate"):
        load_certificate(path)


@pytest.mark.parametrize(
    ("changes", "error", "match"),
    [
        ({"question": "lose"}, ValueError, "question must be"),
        ({"question": 1}, TypeError, "question"),
        ({"seconds": -1}, ValueError, "seconds"),
        ({"seconds": 0}, ValueError, "seconds"),
        ({"seconds": "10"}, TypeError, "seconds"),
        ({"memory_mb": 0.5}, ValueError, "memory_mb"),
        ({"memory_mb": 10**12}, ValueError, "memory_mb"),
        ({"nodes": 0}, ValueError, "nodes"),
        ({"nodes": 1.5}, TypeError, "nodes"),
        ({"max_pieces": 9}, ValueError, "max_pieces"),
        ({"tables": "tables"}, TypeError, "EndgameTables"),
        ({"position": "zuni-3"}, TypeError, "Position"),
        ({"position": Position.start("zuni-2")}, ValueError, "tables are for"),
    ],
)
def test_bad_inputs(zuni3: dict, changes: dict, error: type, match: str) -> None:
    arguments = {
        "position": Position.start("zuni-3"),
        "question": "win",
        "tables": zuni3["standard"],
        "seconds": 5,
        "memory_mb": 8,
        **changes,
    }
    with pytest.raises(error, match=match):
        prove(arguments.pop("position"), arguments.pop("question"), arguments.pop("tables"), **arguments)


def test_a_root_the_tables_hold_is_a_leaf(zuni3: dict) -> None:
    tables = zuni3["standard"]
    position = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    won = tables.value(position).outcome == "win"
    result = prove(position, "win", tables, max_pieces=2, nodes=1, memory_mb=1)
    assert result.answer == ("proven" if won else "disproven") and result.nodes == 0
    if won:
        assert result.certificate.nodes == [{"leaf": "table", "value": "win"}]
        assert check_certificate(result.certificate.to_json(), tables).proven
    over = Position.from_pieces("zuni-3", {"T0": "w"}, turn="b")
    lost = prove(over, "draw", tables, memory_mb=1)
    assert lost.answer == "disproven" and lost.nodes == 0


def test_budgets_stop_the_search(zuni3: dict) -> None:
    result = prove(Position.start("zuni-3"), "win", zuni3["standard"], max_pieces=0, nodes=50, memory_mb=1)
    assert result.answer == "unknown" and result.stopped == "nodes" and result.nodes <= 51
    assert result.frontier and result.tt_entries <= result.tt_capacity


def test_small_table_is_cut_back_and_still_right(zuni3: dict) -> None:
    tables = zuni3["standard"]
    start = Position.start("zuni-3")
    result = prove(start, "draw", tables, max_pieces=1, memory_mb=1, seconds=600, nodes=100_000)
    assert result.answer == expected(tables.value(start).outcome, "draw")


@pytest.fixture(scope="module")
def zuni2() -> dict:
    return {
        preset: solve_endgames("zuni-2", 3, rules=preset, cache_dir=False)
        for preset in ("standard", "maximum", "ludii")
    }


def test_property_random_small_positions(zuni2: dict) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=20, deadline=None, derandomize=True)
    @given(
        st.sampled_from(["standard", "maximum", "ludii"]),
        st.permutations(range(7)),
        st.integers(1, 3),
        st.integers(1, 3),
        st.sampled_from(["win", "draw"]),
    )
    def check(preset: str, points: list, mine: int, theirs: int, question: str) -> None:
        tables = zuni2[preset]
        own = sum(1 << p for p in points[:mine])
        opp = sum(1 << p for p in points[mine : mine + theirs])
        position = Position(get_variant("zuni-2", preset), own, opp, Color.WHITE)
        result = prove(position, question, tables, max_pieces=1, seconds=600, nodes=20_000, memory_mb=4)
        if result.answer != "unknown":
            assert result.answer == expected(tables.value(position).outcome, question)
        if result.certificate is not None:
            assert check_certificate(result.certificate.to_json(), tables).proven

    check()
