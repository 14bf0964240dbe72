"""Keyboard focus in a notebook with no board (02, 07): the answer and prediction boxes bring their own ring.

The focus ring's styles used to come with the board widget only, so in a
notebook holding just ``ask(...)`` and ``predict(...)`` the boxes kept
ipywidgets' own 1 px ring (about 2:1, lost against the blue button). Here,
in a real JupyterLab, every control of such a notebook, focused from the
keyboard, shows a ring of at least 2 px whose colour reaches 3:1 against
what is behind it (WCAG 2.1 1.4.11), in the light and the dark theme.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import COLOUR_FUNCTIONS, PANEL, THEMES, run_all_in_theme, write_notebook

pytestmark = pytest.mark.browser

# The ring's width and style, and the contrast of its colour against the background behind the
# element (the ring is drawn outside it, 2 px off, on its parent's background).
_RING = (
    "(e) => {\n"
    + COLOUR_FUNCTIONS
    + """  let colour = {r: 255, g: 255, b: 255, a: 1}; const layers = [];
  for (let p = e.parentElement; p; p = p.parentElement) { const c = parse(getComputedStyle(p).backgroundColor);
    if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
  for (const layer of layers.reverse()) colour = over(layer, colour);
  const s = getComputedStyle(e); const ring = over(parse(s.outlineColor), colour);
  const [a, b] = [lum(ring), lum(colour)].sort((x, y) => y - x);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), ratio: (a + 0.05) / (b + 0.05),
          keyboard: e.matches(':focus-visible'), label: (e.textContent || e.value || e.type).trim().slice(0, 30)};
}"""
)


@pytest.mark.parametrize("theme", THEMES)
def test_answer_and_prediction_boxes_alone_show_a_ring_of_3_to_1(
    lab_server: Any, page: Any, artifacts: Path, theme: str
) -> None:
    name = write_notebook(
        lab_server,
        f"focus_no_board_{theme.split()[-1]}.ipynb",
        [
            'from awithlaknannai.tutorial.quiz import ask\nask("02-zuni3-edges")',
            'from awithlaknannai.tutorial.predict import predict\npredict("02-more-edges")',
            'predict("06-who-wins-random")',
        ],
    )
    with run_all_in_theme(page, lab_server.url, name, theme):
        assert page.locator(f"{PANEL} .awithlaknannai-board").count() == 0  # no board brings the styles
        controls = page.locator(f"{PANEL} .awithlaknannai-answer :is(button, input, select, textarea)")
        page.locator(f"{PANEL} .awithlaknannai-predict").nth(1).wait_for(state="visible")
        controls.first.focus()
        page.keyboard.press("Tab")  # a key press: from now on focus is keyboard focus (:focus-visible)
        rings = []
        for index in range(controls.count()):
            control = controls.nth(index)
            if not control.is_visible() or control.is_disabled():
                continue
            control.focus()
            rings.append(control.evaluate(_RING))
        kinds = {ring["label"] for ring in rings}
        assert len(rings) >= 5 and "Check" in kinds, (
            rings
        )  # the box's text field and button, the choices, ...
        for ring in rings:
            assert ring["keyboard"], ring
            assert ring["style"] != "none" and ring["width"] >= 2, (theme, ring)
            assert ring["ratio"] >= 3, (theme, ring)
        page.locator(f"{PANEL} .awithlaknannai-answer button").first.focus()
        page.screenshot(path=str(artifacts / f"focus-no-board-{theme.split()[-1].lower()}.png"))
