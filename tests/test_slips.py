"""Small slips a class meets: a misspelt name gets a "did you mean", the copier's hint fits a root shell."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from awithlaknannai import get_variant
from awithlaknannai.tutorial import check
from awithlaknannai.tutorial.fetch import copy_notebooks
from awithlaknannai.tutorial.predict import predict


@pytest.mark.parametrize(("call", "slip", "meant"), [
    (get_variant, "mosana", "mosona"),
    (get_variant, "Pretwa ", "pretwa"),
    (lambda name: check(name, 1), "01-timelin", "01-timeline"),
    (predict, "06-drawing-decide", "06-drawing-decides"),
])
def test_a_misspelt_name_gets_the_nearest_known_name(call, slip, meant):
    with pytest.raises(ValueError, match=rf"did you mean '{meant}'\?"):
        call(slip)


def test_a_name_far_from_every_known_one_gets_only_the_list():
    with pytest.raises(ValueError) as raised:
        get_variant("checkers")
    assert "did you mean" not in str(raised.value) and "known: mosona" in str(raised.value)


@pytest.mark.parametrize("uid", [0, 1000])
def test_the_copier_hint_adds_allow_root_only_for_root(tmp_path: Path, monkeypatch, uid: int):
    monkeypatch.setattr(os, "geteuid", lambda: uid)
    text = str(copy_notebooks(tmp_path / "lesson"))
    line = next(line for line in text.splitlines() if line.startswith("Open the tutorial"))
    assert ("--allow-root" in line) == (uid == 0)
    assert line.endswith("00_start_here.ipynb")
