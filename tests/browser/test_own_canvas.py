"""The board's own canvas front end (the one a JupyterLite site uses) shows what ipycanvas shows.

In a real JupyterLab, where ipycanvas loads, one notebook cell makes the same
board twice from the same game state: once on ipycanvas, once on
:class:`~awithlaknannai.widgets.canvas.OpsCanvas` (as where ipycanvas cannot
load); the two pictures on the page must be the same pixels, up to
anti-aliasing. (The Lite site itself is played in tests/browser/test_lite_site.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PANEL, open_notebook, run_all_cells

pytestmark = pytest.mark.browser


SAME_SCENE = '''
from awithlaknannai import Game
from awithlaknannai.widgets import BoardWidget
from awithlaknannai.widgets import board as board_module

def board():
    game = Game("mosona")
    game.play("B3-M4")
    widget = BoardWidget(game, animate=False)
    widget.click("T4")        # a selection: rings, targets, the last move's trail
    widget.cursor = "M5"      # the keyboard cursor
    widget.redraw()
    return widget

with_ipycanvas = board()
board_module.MultiCanvas = None   # as in a JupyterLite site, where ipycanvas cannot load
with_own_canvas = board()
print(type(with_ipycanvas.canvas).__name__, type(with_own_canvas.canvas).__name__)
display(with_ipycanvas, with_own_canvas)
'''


def test_the_own_canvas_draws_what_ipycanvas_draws(lab_server: Any, page: Any, artifacts: Path) -> None:
    """The board's own front end (JupyterLite's) and ipycanvas show the same pixels for the same state."""
    from io import BytesIO

    from PIL import Image, ImageChops, ImageStat
    from test_what_a_class_meets import write_notebook

    name = write_notebook(lab_server, "same_scene.ipynb", [SAME_SCENE])
    open_notebook(page, lab_server.url, name)
    run_all_cells(page)
    boards = page.locator(f"{PANEL} .awithlaknannai-board")
    boards.nth(1).locator(".awithlaknannai-canvas canvas").wait_for(state="visible")
    assert "MultiCanvas OpsCanvas" in page.locator(f"{PANEL} .jp-OutputArea-output").first.inner_text()
    page.wait_for_timeout(1000)  # both drawn (ipycanvas batches its calls, ours composites on a frame)
    shots = []
    for index in (0, 1):
        scroller = boards.nth(index).locator(".awithlaknannai-scroller")
        scroller.scroll_into_view_if_needed()
        shot = scroller.screenshot()
        (artifacts / f"same-scene-{index}.png").write_bytes(shot)
        shots.append(Image.open(BytesIO(shot)).convert("RGB"))
    assert shots[0].size == shots[1].size
    difference = ImageChops.difference(*shots)
    mean = sum(ImageStat.Stat(difference).mean) / 3
    strong = difference.convert("L").point(lambda value: 255 if value > 24 else 0)
    differing = strong.histogram()[255] / (shots[0].width * shots[0].height)
    assert ImageStat.Stat(shots[1]).stddev[0] > 20  # a picture, not a blank box
    assert mean < 1.5 and differing < 0.005, (mean, differing)
