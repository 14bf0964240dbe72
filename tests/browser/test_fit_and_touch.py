"""Boards that fit the width they are given, and everything played by tap (issue 25, items 3 and 4).

* Kolowis Awithlaknannai in notebook 04, at 1280 x 800 with the file browser
  open: the board is drawn at the scale that fits its output box (no sideways
  overflow), its point names stay 12 px or more, and a click at a drawn
  point selects that point.
* The Voila play page at 320 CSS pixels (a phone, touch): Mosona fits;
  Kolowis, too wide even at its smallest scale, scrolls in a visible
  scrollbar, and the keyboard cursor's point is scrolled into view.
* On a touch screen (``has_touch``): a challenge is tapped to "Solved!",
  the history notebook's spot-the-difference activity is answered by tap.
* Every button, menu, tick box and board point is a target of at least
  24 x 24 CSS pixels (WCAG 2.5.8) at 1280 and at 320 pixels wide.

Sizes on the page are measured; where a board's drawing matters (point
names, hit areas) its geometry is rebuilt here from the width the page
measured, exactly as the kernel fits it (:meth:`BoardWidget.fit_width`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    PANEL,
    feedback_after,
    open_and_run_all,
    open_notebook,
    run_all_cells,
    wait_for_board_fitted,
    write_notebook,
)
from test_challenges_in_browser import board_selector
from test_play_in_browser import wait_for_status
from test_voila_play_page import (  # noqa: F401 - voila_url: the module's Voila server fixture
    STATUS,
    open_play_page,
    voila_url,
)

pytestmark = pytest.mark.browser

MIN_TARGET_PX = 24  # WCAG 2.5.8, target size (minimum)


# --- measuring -----------------------------------------------------------------------------------


def fitted_board(variant: str | Any, width: float) -> Any:
    """The board the kernel draws for ``variant`` (a name or a Game) in a box ``width`` CSS px wide."""
    from awithlaknannai.widgets import BoardWidget

    board = BoardWidget(variant, animate=False)
    board.fit_width(width)
    return board


def board_measures(page: Any, selector: str) -> dict[str, float]:
    """The board's canvas, scroller and output box on the page (CSS px; the canvas's own pixels too)."""
    return page.locator(f"{selector} .awithlaknannai-scroller").first.evaluate("""(box) => {
        const canvas = box.querySelector('canvas');
        const drawn = canvas.getBoundingClientRect(), shown = box.getBoundingClientRect();
        const output = box.closest('.jp-OutputArea-output') || box.closest('.awithlaknannai-game') || box;
        return {canvasLeft: drawn.left, canvasRight: drawn.right, canvasWidth: drawn.width,
                canvasPixels: canvas.width, boxLeft: shown.left + box.clientLeft, boxWidth: box.clientWidth,
                boxRight: shown.left + box.clientLeft + box.clientWidth,
                scrollLeft: box.scrollLeft, scrollbar: (() => {  // the board's own scrollbar's track, if shown
                    const bar = box.closest('.awithlaknannai-board').querySelector('.awithlaknannai-scrollbar > div');
                    const r = bar && bar.getClientRects().length ? bar.getBoundingClientRect() : null;
                    return r === null ? null : {left: r.left, top: r.top, width: r.width, height: r.height}; })(),
                scrollWidth: box.scrollWidth, outputRight: output.getBoundingClientRect().right,
                outputOverflow: output.scrollWidth - output.clientWidth};
    }""")


def shown_label_px(board: Any, measures: dict[str, float]) -> float:
    """The point names' font size on screen: drawn size in canvas pixels times CSS px per canvas pixel."""
    from awithlaknannai.widgets.board import MIN_LABEL_PX
    from awithlaknannai.widgets.drawing import label_size

    drawn = label_size(board.geometry, MIN_LABEL_PX * board.resolution)
    return drawn * measures["canvasWidth"] / measures["canvasPixels"]


def hit_extent(geometry: Any, point: str, step: float = 0.5) -> tuple[float, float]:
    """Width and height (canvas px) of the stretch through ``point``'s centre where a click hits it."""
    x0, y0 = geometry.xy(point)

    def reach(dx: float, dy: float) -> float:
        distance = 0.0
        while geometry.nearest_point(x0 + dx * (distance + step), y0 + dy * (distance + step)) == point:
            distance += step
        return distance

    return reach(-1, 0) + reach(1, 0), reach(0, -1) + reach(0, 1)


def smallest_hit_area(board: Any, measures: dict[str, float]) -> tuple[float, str]:
    """The smallest side (CSS px) of any point's hit area, and that point."""
    scale = measures["canvasWidth"] / measures["canvasPixels"]
    sides = {point: min(hit_extent(board.geometry, point)) * scale for point in board.game.variant.points}
    point = min(sides, key=sides.__getitem__)
    return sides[point], point


# Every control a finger can hit in the package's widgets: buttons, menus, number boxes, tick boxes
# (a tick box is hit anywhere on its label, which holds the box).
_TARGETS = """(root) => [...document.querySelectorAll(root)].flatMap((widget) => [...widget.querySelectorAll(
    'button, select, input:not([type=checkbox]), textarea, .widget-checkbox label')])
  .filter((e) => e.getClientRects().length > 0)
  .map((e) => { const r = e.getBoundingClientRect();
    return {what: (e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 40),
            width: r.width, height: r.height}; })"""

WIDGETS = ".awithlaknannai-game, .awithlaknannai-challenge, .awithlaknannai-answer"


def small_targets(page: Any) -> tuple[int, list[dict[str, Any]]]:
    """How many targets there are, and those under 24 px in either dimension."""
    targets = page.evaluate(_TARGETS, WIDGETS)
    return len(targets), [
        t for t in targets if t["width"] < MIN_TARGET_PX - 0.01 or t["height"] < MIN_TARGET_PX - 0.01
    ]


def assert_readable_and_tappable_at_320(
    page: Any, board: Any, measures: dict[str, float]
) -> tuple[float, str]:
    """At 320 CSS px the page does not scroll sideways, the board's point names are 12 px or more and
    every point's hit area is a 24 px target; return the smallest hit area's side and its point."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320, "the page scrolls sideways"
    assert shown_label_px(board, measures) >= 12 - 0.05
    side, point = smallest_hit_area(board, measures)
    assert side >= MIN_TARGET_PX, f"{point}'s hit area is {side:.1f} px across"
    return side, point


def wait_until_fitted(page: Any, selector: str) -> dict[str, float]:
    """Wait until the kernel has redrawn the board for its box, then measure it."""
    wait_for_board_fitted(page, selector)
    return board_measures(page, selector)


# --- 1280 px with the file browser open: notebook 04's Kolowis board ----------------------------


def test_kolowis_in_notebook_04_fits_beside_the_file_browser(
    lab_server: Any, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        name = lab_server.add_notebook(NOTEBOOKS / "04_play.ipynb", "fit_04.ipynb")
        open_notebook(page, lab_server.url, name)
        assert page.locator(".jp-FileBrowser").is_visible(), (
            "the file browser should be open, as a student has it"
        )
        run_all_cells(page)
        board = board_selector(page, "Kolowis Awithlaknannai board")
        page.locator(f"{board} canvas").first.scroll_into_view_if_needed()
        measures = wait_until_fitted(page, board)
        page.locator(board).screenshot(path=str(artifacts / "fit-kolowis-1280-sidebar.png"))
        assert measures["canvasRight"] <= measures["outputRight"] + 0.5, measures
        assert measures["canvasRight"] <= measures["boxRight"] + 0.5, measures
        assert measures["outputOverflow"] <= 1 and measures["scrollWidth"] <= measures["boxWidth"] + 1, (
            measures
        )
        from awithlaknannai import Game

        kolowis = fitted_board(Game("kolowis", "maximum"), measures["boxWidth"])
        assert kolowis.geometry.width == pytest.approx(measures["canvasPixels"], abs=1), (
            "not the kernel's fit"
        )
        labels = shown_label_px(kolowis, measures)
        assert labels >= 12 - 0.05, f"point names {labels:.1f} px"
        print(
            f"\nKolowis at 1280 with the file browser: canvas {measures['canvasWidth']:.0f} px in a "
            f"{measures['boxWidth']:.0f} px box (output right edge {measures['outputRight']:.0f}, canvas "
            f"{measures['canvasRight']:.0f}); point names {labels:.1f} px"
        )
        # A click at a drawn point selects that very point (hit-testing follows the new scale).
        x, y = kolowis.geometry.xy("B5")
        scale = measures["canvasWidth"] / measures["canvasPixels"]
        box = page.locator(f"{board} canvas").first.bounding_box()
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        wait_for_status(page, board, r"\bB5\b")
    finally:
        context.close()


# --- 320 px: the Voila play page on a phone ----------------------------------------------------------


@pytest.fixture
def phone_page(
    voila_url: str,  # noqa: F811 - the fixture imported above
    browser: Any,
    request: pytest.FixtureRequest,
    artifacts: Path,
) -> Iterator[Any]:
    """The play page on a 320 px wide touch screen, loaded and ready."""
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, device_scale_factor=2, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        open_play_page(page, voila_url)
        yield page
    finally:
        try:
            page.screenshot(path=str(artifacts / f"phone-{request.node.name}.png"), full_page=True)
        finally:
            context.close()


def test_play_page_at_320_px_fits_mosona_and_scrolls_kolowis_to_the_cursor(phone_page: Any) -> None:
    page = phone_page
    board = ".awithlaknannai-board"
    measures = wait_until_fitted(page, board)
    mosona = fitted_board("mosona", measures["boxWidth"])
    assert (
        measures["canvasRight"] <= measures["boxRight"] + 0.5
        and measures["scrollWidth"] <= measures["boxWidth"] + 1
    )
    side, point = assert_readable_and_tappable_at_320(page, mosona, measures)
    print(
        f"\nMosona at 320: canvas {measures['canvasWidth']:.0f} px in a {measures['boxWidth']:.0f} px box, "
        f"names {shown_label_px(mosona, measures):.1f} px, smallest hit area {side:.1f} px ({point})"
    )
    # A tap at a drawn point selects it.
    scale = measures["canvasWidth"] / measures["canvasPixels"]
    canvas = page.locator(f"{board} canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    x, y = mosona.geometry.xy("B3")
    page.touchscreen.tap(box["x"] + x * scale, box["y"] + y * scale)
    page.wait_for_function(
        f"document.querySelector('{STATUS}').innerText.includes('B3 selected')", timeout=30_000
    )

    # Kolowis does not fit 320 px even at its smallest scale: a visible scrollbar, names still 12 px.
    page.get_by_role("combobox", name="Board").select_option(label="Kolowis Awithlaknannai")
    page.get_by_role("application", name="Kolowis Awithlaknannai board").wait_for()
    measures = wait_until_fitted(page, board)
    kolowis = fitted_board("kolowis", measures["boxWidth"])
    assert kolowis.overflows and measures["scrollWidth"] > measures["boxWidth"], measures
    bar = measures["scrollbar"]
    assert bar is not None and bar["height"] >= 8 and bar["width"] >= measures["boxWidth"] - 1, measures
    side, point = assert_readable_and_tappable_at_320(page, kolowis, measures)
    print(
        f"Kolowis at 320: canvas {measures['canvasWidth']:.0f} px scrolling in a {measures['boxWidth']:.0f} px box "
        f"(scrollbar {bar['width']:.0f} x {bar['height']:.0f} px), names {shown_label_px(kolowis, measures):.1f} px, "
        f"smallest hit area {side:.1f} px ({point})"
    )
    # The keyboard cursor walked to the far right: its point is scrolled into view.
    page.get_by_role("application", name="Kolowis Awithlaknannai board").focus()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(30):  # until the cursor goes no further right
        before = page.inner_text(STATUS)
        page.keyboard.press("ArrowRight")
        try:
            page.wait_for_function(
                "([s, before]) => document.querySelector(s).innerText !== before",
                arg=[STATUS, before],
                timeout=3_000,
            )
        except PlaywrightTimeout:
            break
    cursor = re.search(r"Cursor on (\w+)", page.inner_text(STATUS)).group(1)
    fraction = kolowis.geometry.xy(cursor)[0] / kolowis.geometry.width
    assert fraction > 0.9, f"the cursor stopped at {cursor}, not at the far right"
    page.wait_for_timeout(300)
    measures = board_measures(page, board)
    x = measures["canvasLeft"] + fraction * measures["canvasWidth"]
    assert measures["boxLeft"] <= x <= measures["boxRight"], (cursor, x, measures)
    assert measures["scrollLeft"] > 0
    # A tap at the scrollbar's left end scrolls the board back to its start.
    bar = measures["scrollbar"]
    page.locator(f"{board} .awithlaknannai-scrollbar > div").tap(position={"x": 2, "y": bar["height"] / 2})
    page.wait_for_timeout(300)
    assert board_measures(page, board)["scrollLeft"] == 0


# --- tapping: a challenge, a history activity ------------------------------------------------------


@pytest.fixture
def touch_page(
    browser: Any, lab_server: Any, request: pytest.FixtureRequest, artifacts: Path
) -> Iterator[Any]:
    """JupyterLab on a touch-screen laptop (a Chromebook): taps as well as a mouse."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, device_scale_factor=1, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        try:
            page.screenshot(path=str(artifacts / f"touch-{request.node.name}.png"))
        finally:
            context.close()


def tap_point(page: Any, selector: str, geometry: Any, point: str) -> None:
    """Tap the board's canvas at ``point`` (scaled from canvas pixels to the canvas's box)."""
    canvas = page.locator(f"{selector} canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    pixels = canvas.evaluate("c => c.width")
    x, y = geometry.xy(point)
    page.touchscreen.tap(box["x"] + x * box["width"] / pixels, box["y"] + y * box["width"] / pixels)


def test_a_challenge_is_tapped_to_solved(lab_server: Any, touch_page: Any) -> None:
    page = touch_page
    name = lab_server.add_notebook(NOTEBOOKS / "03_rules.ipynb", "touch_03.ipynb")
    open_and_run_all(page, lab_server.url, name)
    board = board_selector(page, "Challenge 5.1")
    measures = wait_until_fitted(page, board)
    from awithlaknannai import Game, parse_position

    geometry = fitted_board(
        Game(start=parse_position("mosona standard .wb...../......b../...wb... w 0")), measures["boxWidth"]
    ).geometry
    assert geometry.width == pytest.approx(measures["canvasPixels"], abs=1)
    # A wrong try first, then the challenge's own button tapped, then the right capture.
    tap_point(page, board, geometry, "T1")
    wait_for_status(page, board, "T1 selected")
    tap_point(page, board, geometry, "T3")
    wait_for_status(page, board, "takes 1 piece")
    challenge = page.locator(board).locator(
        "xpath=ancestor::*[contains(@class,'awithlaknannai-challenge')][1]"
    )
    challenge.get_by_role("button", name="Try again").tap()
    wait_for_status(page, board, "Again")
    tap_point(page, board, geometry, "B3")
    wait_for_status(page, board, "B3 selected")
    tap_point(page, board, geometry, "B5")
    wait_for_status(page, board, "Solved!")


def test_the_spot_the_difference_activity_is_answered_by_tap(lab_server: Any, touch_page: Any) -> None:
    page = touch_page
    name = lab_server.add_notebook(NOTEBOOKS / "01_history.ipynb", "touch_01.ipynb")
    open_and_run_all(page, lab_server.url, name)
    spots = page.locator(f"{PANEL} .awithlaknannai-answer").nth(1)
    spots.scroll_into_view_if_needed()
    before = spots.locator("[role=status]").text_content()
    for letter in ("A", "D", "G"):
        spots.get_by_role("checkbox", name=letter).tap()
    page.wait_for_timeout(300)
    assert [spots.get_by_role("checkbox", name=letter).is_checked() for letter in "ABDG"] == [
        True,
        False,
        True,
        True,
    ]
    spots.get_by_role("button", name="Check").tap()
    assert feedback_after(page, spots, before).startswith("\u2714 Correct!")


# --- target sizes at 1280 and 320 px ----------------------------------------------------------------


EVERY_KIND = '''
from awithlaknannai import Position
from awithlaknannai.tutorial.activities import SpotTheDifference
from awithlaknannai.tutorial.challenge_board import ChallengeBoard
from awithlaknannai.tutorial.challenges import Challenge, every_move, only_move
from awithlaknannai.widgets import GameWidget

opening = Challenge(Position.start("mosona").play("B3-M4").text(), only_move(), "Black's reply")
step = Challenge("mosona standard .......b/...w...../...w.... w 0", every_move(), "Another")
display(GameWidget("kolowis", animate=False), ChallengeBoard([opening, step], animate=False), SpotTheDifference())
'''


@pytest.mark.parametrize("width", [1280, 320])
def test_every_button_and_board_point_is_a_24_px_target(
    lab_server: Any, page: Any, artifacts: Path, width: int
) -> None:
    name = write_notebook(lab_server, f"targets_{width}.ipynb", [EVERY_KIND])
    # (JupyterLab's menu bar is out of reach at 320 px: run first, then narrow the window)
    open_and_run_all(page, lab_server.url, name)
    page.wait_for_selector(f"{PANEL} .awithlaknannai-answer .widget-checkbox", state="visible")
    if width < 600:
        page.keyboard.press("Control+b")  # the file browser closed, as on a phone
        page.wait_for_selector(".jp-FileBrowser", state="hidden")
    page.set_viewport_size({"width": width, "height": 800})
    page.wait_for_timeout(500)
    # Rows of controls wrap: nothing reaches past its output's right edge (a board's own box may scroll).
    sticking_out = page.evaluate(
        """(root) => [...document.querySelectorAll(root)].flatMap((widget) => {
        const edge = widget.closest('.jp-OutputArea-output').getBoundingClientRect().right;
        return [...widget.querySelectorAll('*')].filter((e) => e.getClientRects().length > 0
            && !e.closest('.awithlaknannai-scroller') && e.getBoundingClientRect().right > edge + 1)
          .map((e) => `${e.className || e.tagName}: ${(e.textContent || '').trim().slice(0, 30)}`); })""",
        WIDGETS,
    )
    assert not sticking_out, f"past the output's edge at {width} px: {sticking_out[:8]}"
    count, small = small_targets(page)
    assert count >= 20, f"only {count} targets found"
    assert not small, f"targets under {MIN_TARGET_PX} px at {width} px wide: {small}"
    from awithlaknannai import Game, Position

    boards = {
        "Kolowis Awithlaknannai board": Game("kolowis"),
        "Black's reply": Game(start=Position.start("mosona").play("B3-M4")),
    }
    for title, game in boards.items():
        selector = board_selector(page, title)
        measures = wait_until_fitted(page, selector)
        board = fitted_board(game, measures["boxWidth"])
        assert board.geometry.width == pytest.approx(measures["canvasPixels"], abs=1), title
        side, point = smallest_hit_area(board, measures)
        assert side >= MIN_TARGET_PX, f"{title}: {point}'s hit area is {side:.1f} px across at {width} px"
        assert (
            measures["outputOverflow"] <= 1
            and page.evaluate("() => document.documentElement.scrollWidth") <= width
        )
        print(
            f"\n{title} at {width}: canvas {measures['canvasWidth']:.0f} px in {measures['boxWidth']:.0f} px, "
            f"smallest hit area {side:.1f} px ({point}), names {shown_label_px(board, measures):.1f} px"
        )
    page.screenshot(path=str(artifacts / f"targets-{width}.png"), full_page=True)
