"""The distributed build (MPI, 2 ranks on this machine) writes the single-machine tables byte for byte."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from awithlaknannai.tables import solver
from awithlaknannai.tables.distributed import engine_missing, run_local
from awithlaknannai.tables.solver import solve_endgames, solve_game

MISSING = engine_missing()
pytestmark = pytest.mark.skipif(
    MISSING is not None, reason=f"the 'distributed' extra is not installed: {MISSING}"
)


@pytest.fixture(autouse=True)
def _session_registry_untouched(monkeypatch):
    monkeypatch.setattr(solver, "_REGISTRY", {})


def _digests(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize(
    "variant, max_pieces, rules",
    [
        pytest.param(
            "zuni-5", None, "standard", marks=pytest.mark.slow
        ),  # the whole game: 32 million positions
        ("mosona", 3, "standard"),
        ("zuni-3-murray", 3, "maximum"),  # endless play scored on pieces: the attractor phase too
    ],
)
def test_two_ranks_build_the_single_machine_tables(
    tmp_path: Path, variant: str, max_pieces: int | None, rules: str
) -> None:
    single, spread = tmp_path / "single", tmp_path / "mpi"
    if max_pieces is None:
        solve_game(variant, rules=rules, cache_dir=single, allow_long=True)
    else:
        solve_endgames(variant, max_pieces, rules=rules, cache_dir=single, allow_long=True)
    printed = run_local(variant, spread, processes=2, max_pieces=max_pieces, rules=rules, timeout=600)
    assert "2 ranks" in printed
    built, expected = _digests(spread), _digests(single)
    assert built == expected
    assert sum(name.endswith(".tbl") for name in built) == sum(name.endswith(".wdl") for name in built) >= 9


def test_a_finished_pair_is_not_built_again(tmp_path: Path) -> None:
    run_local("zuni-3", tmp_path, processes=2, max_pieces=2)
    again = run_local("zuni-3", tmp_path, processes=2, max_pieces=2)
    assert again.count("(cache)") == 4
