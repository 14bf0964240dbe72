"""Board symmetry: the values really agree across mirrored positions, and the canonical tables
are the plain ones folded (checked against the pure-Python solver, which knows no symmetry)."""

from __future__ import annotations

import json
from itertools import product

import numpy as np
import pytest

from awithlaknannai import Position
from awithlaknannai.tables import solver
from awithlaknannai.tables import solver_core as core
from awithlaknannai.tables.solver import EndgameTables, solve_endgames
from awithlaknannai.tables.symmetry import SymmetricIndex, board_symmetries
from awithlaknannai.tables.tablefile import ClassTable, StaleTableError, read_wdl, wdl_of
from awithlaknannai.variants import get_variant


@pytest.fixture(autouse=True)
def _session_registry_untouched(monkeypatch):
    monkeypatch.setattr(solver, "_REGISTRY", {})


def _image(bits: int, perm: tuple[int, ...]) -> int:
    return sum(1 << perm[i] for i in range(len(perm)) if bits >> i & 1)


@pytest.mark.parametrize(
    "name, count",
    [
        ("zuni-2", 4),
        ("zuni-3", 4),
        ("zuni-6", 4),
        ("mosona", 4),
        ("mosona-murray", 4),
        ("lau-kata-kati", 4),
        ("pretwa", 12),
        ("dash-guti", 4),
        ("alquerque", 8),
        ("kolowis", 4),
    ],
)
def test_symmetries_are_a_group_that_keeps_steps_and_leaps(name: str, count: int) -> None:
    variant = get_variant(name)
    group = board_symmetries(variant)
    assert len(group) == count and group[0] == tuple(range(variant.tables.size))
    tables = variant.tables
    for perm in group:
        assert sorted(perm) == list(range(tables.size))
        for i, targets in enumerate(tables.steps):
            assert sorted(perm[j] for j in targets) == sorted(tables.steps[perm[i]])
        for i, runs in enumerate(tables.leaps):
            assert sorted((perm[o], perm[t]) for o, t in runs) == sorted(tables.leaps[perm[i]])
    members = set(group)
    for f, g in product(group, group):
        assert tuple(f[g[i]] for i in range(tables.size)) in members  # closed under composition


def test_mosona_keeps_the_two_mirrors_and_the_half_turn() -> None:
    variant = get_variant("mosona")
    points = variant.points
    named = {tuple(points[p] for p in perm[:3]) for perm in board_symmetries(variant)}
    # T0 T1 T2 under: identity, left-right mirror (T7 T6 T5), top-bottom mirror (B0 B1 B2), half turn.
    assert named == {("T0", "T1", "T2"), ("T7", "T6", "T5"), ("B0", "B1", "B2"), ("B7", "B6", "B5")}


@pytest.mark.parametrize(
    "name, rules, max_pieces",
    [
        ("zuni-3", "standard", 3),
        ("zuni-3", "ludii", 3),
        ("zuni-3", "maximum", 3),
        ("zuni-3-murray", "maximum", 3),
        ("zuni-3", "standard,leap_shape=bent", 2),
        ("zuni-4", "standard", 2),
        ("lau-kata-kati", "standard", 2),
        ("pretwa", "maximum", 2),
    ],
)
def test_values_agree_across_mirrored_positions(name: str, rules: str, max_pieces: int) -> None:
    # The pure-Python solver builds every position, symmetric or not: the values it finds
    # must not change under any symmetry the tables fold.
    tables = solve_endgames(name, max_pieces, rules=rules, cache_dir=False, engine="python")
    variant = tables.variant
    n = variant.tables.size
    group = board_symmetries(variant)
    assert len(group) > 1
    compared = 0
    for cls in tables.classes():
        codes = tables.codes(*cls)
        lookup = dict(zip(core.class_keys(n, *cls), codes, strict=True))
        for key, code in lookup.items():
            own, opp = key >> n, key & variant.tables.full_mask
            for perm in group[1:]:
                assert lookup[_image(own, perm) << n | _image(opp, perm)] == code, (cls, own, opp, perm)
                compared += 1
    assert compared > 1000


@pytest.mark.parametrize("name", ["zuni-3", "mosona", "pretwa"])
def test_canonical_index_covers_every_position_once(name: str) -> None:
    variant = get_variant(name)
    for a, b in [(1, 1), (2, 1), (2, 2), (3, 1)]:
        index = SymmetricIndex(variant, a, b)
        entries = np.arange(index.size, dtype=np.int64)
        own, opp = index.unrank(entries)
        canonical = index.index(own, opp) == entries
        # Each canonical entry stands for its orbit; the orbits add up to the class.
        assert int(index.orbit_sizes(own, opp)[canonical].sum()) == index.full_size
        # Every position of the class lands on a canonical entry.
        plain_own, plain_opp = index.board.class_keys(a, b)
        landed = index.index(plain_own, plain_opp)
        assert canonical[landed].all()
        assert np.unique(landed).size == int(canonical.sum())
        assert index.size < index.full_size


def test_lookups_canonicalise_any_member_of_an_orbit() -> None:
    tables = solve_endgames("mosona", 2, cache_dir=False)
    variant = tables.variant
    p = Position.from_pieces("mosona", {"T0": "w", "T1": "w", "M3": "b", "B6": "b"})
    values = set()
    for perm in board_symmetries(variant):
        mirrored = Position(variant, _image(p.white, perm), _image(p.black, perm), p.turn)
        values.add(tables.value(mirrored))
    assert len(values) == 1


def test_palette_and_wdl_round_trip(tmp_path) -> None:
    built = solve_endgames("zuni-4", 3, cache_dir=tmp_path)
    lazy = EndgameTables(get_variant("zuni-4"), 3, tmp_path)
    for cls in built.classes():
        table = lazy.table(*cls)
        assert table is not None and table.body.dtype == np.uint8  # fewer than 256 codes a class
        assert list(table) == list(built.codes(*cls))
        assert table.counts() == built.table(*cls).counts()
    # The 2-bit files say who wins, and agree with the codes.
    p = Position.from_pieces("zuni-4", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    assert lazy.outcome(p) == built.value(p).outcome
    path = lazy._path(3, 3).with_suffix(".wdl")
    expected = lazy._expected_header(3, 3)
    expected.pop("variant")
    packed = read_wdl(path, expected)
    table = built.table(3, 3)
    unpacked = np.stack([(packed >> s) & 3 for s in (0, 2, 4, 6)], axis=1).reshape(-1)[: table.entries]
    assert (unpacked == wdl_of(table.codes())).all()
    assert path.stat().st_size < lazy._path(3, 3).stat().st_size / 3


def test_who_wins_needs_only_the_wdl_files(tmp_path) -> None:
    built = solve_endgames("zuni-3", 2, cache_dir=tmp_path)
    for path in tmp_path.rglob("*.tbl"):
        path.unlink()  # the distances are optional: who wins is in the 2-bit files
    lazy = EndgameTables(get_variant("zuni-3"), 2, tmp_path)
    p = Position.from_pieces("zuni-3", {"T0": "w", "T1": "w", "M3": "b", "B0": "b"})
    assert lazy.outcome(p) == built.value(p).outcome == "win"
    assert lazy.outcome(p.play("T1-M1")) == "loss"
    assert not lazy.covers(p)  # values with distances need the .tbl files


def test_a_corrupt_wdl_file_is_refused(tmp_path) -> None:
    solve_endgames("zuni-3", 1, cache_dir=tmp_path)
    lazy = EndgameTables(get_variant("zuni-3"), 1, tmp_path)
    path = lazy._path(1, 1).with_suffix(".wdl")
    head, body = path.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    bad = b"\xff" + body[1:]  # a 2-bit field holding 3
    import zlib

    header["crc32"] = zlib.crc32(bad)
    path.write_bytes(json.dumps(header).encode() + b"\n" + bad)
    expected = lazy._expected_header(1, 1)
    expected.pop("variant")
    with pytest.raises(StaleTableError, match="no position can have"):
        read_wdl(path, expected)


def test_a_table_built_with_other_symmetries_is_stale(tmp_path) -> None:
    solve_endgames("zuni-3", 1, cache_dir=tmp_path)
    path = EndgameTables(get_variant("zuni-3"), 1, tmp_path)._path(1, 1)
    head, body = path.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    header["symmetry"] = "1:0000000000000000"
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)
    lines: list[str] = []
    solve_endgames("zuni-3", 1, cache_dir=tmp_path, report=lines.append)
    assert any("symmetry is '1:0000000000000000'" in line and "rebuilding" in line for line in lines)


def test_large_tables_stay_memory_mapped(tmp_path, monkeypatch) -> None:
    from awithlaknannai.tables import tablefile

    monkeypatch.setattr(tablefile, "MAP_FROM_BYTES", 16)
    built = solve_endgames("zuni-3", 3, cache_dir=tmp_path)
    mapped = built.table(3, 3)
    assert isinstance(mapped.body, np.memmap)
    assert list(mapped) == list(solve_endgames("zuni-3", 3, cache_dir=False).codes(3, 3))


def test_plain_order_listing_is_bounded() -> None:
    index = SymmetricIndex(get_variant("mosona"), 6, 6)
    table = ClassTable(index, np.zeros(1, dtype=np.uint16), np.broadcast_to(np.uint8(0), (index.size,)))
    with pytest.raises(ValueError, match="too many to list"):
        table.full_codes()


def test_the_permutation_tables_map_every_byte_as_the_symmetry_maps_its_points():
    """The numpy-built tables against the bits moved one at a time, for boards with 4 and 12 symmetries."""
    from awithlaknannai.tables.symmetry import _permutation_tables

    for name in ("zuni-3", "mosona", "pretwa"):
        variant = get_variant(name)
        group, n = board_symmetries(variant), variant.tables.size
        table = _permutation_tables(group, n)
        assert table.shape == (len(group) * 4, 256) and not table.flags.writeable
        for g, perm in enumerate(group):
            for k in range(4):
                for value in range(256):
                    image = sum(1 << perm[8 * k + j] for j in range(8) if value >> j & 1 and 8 * k + j < n)
                    assert table[g * 4 + k, value] == image, (name, g, k, value)
        assert _permutation_tables(group, n) is table  # kept: every class and rule set of a board shares it
