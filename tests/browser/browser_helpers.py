"""Helpers shared by the browser tests: skip-or-fail, axe-core, stopping a server, driving JupyterLab,
themes and contrast.

A module of its own (not conftest.py), so test modules import it by name
whatever other conftest files the tree holds.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
AXE = Path(os.environ.get("AWITHLAKNANNAI_AXE") or ROOT / "node_modules" / "axe-core" / "axe.min.js")
# The WCAG 2.1 A and AA rules: what the project promises (best-practice rules are advice, not tests).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def missing(message: str) -> None:
    """Something a browser test needs is missing: fail under CI, else skip with the reason."""
    if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        pytest.fail(f"{message} (CI is set, so this fails instead of skipping)")
    pytest.skip(message)


def run_axe(page: Any, axe_source: str, include: list[str] | None = None) -> list[dict[str, Any]]:
    """Run axe-core's WCAG 2.1 A/AA rules on the page (or only inside the ``include`` selectors).

    Returns the violations, each with its rule id, impact, help text and the failing elements.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    return page.evaluate(
        """async ([include, tags]) => {
            const context = include === null ? document : {include: include.map((s) => [s])};
            const result = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
            return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({target: n.target.join(' '), html: n.html.slice(0, 300),
                                            summary: n.failureSummary}))}));
        }""",
        [include, WCAG_TAGS],
    )


def require_file(path: Path, advice: str) -> Path:
    """``path``, a file a browser test needs; if it is missing, fail under CI or skip, saying what to do."""
    if not path.exists():
        missing(f"{path} is missing: {advice}")
    return path


def describe_violations(violations: list[dict[str, Any]]) -> str:
    """A readable list of axe violations for an assertion message."""
    lines = []
    for violation in violations:
        lines.append(
            f"{violation['id']} ({violation['impact']}): {violation['help']}, {len(violation['nodes'])} elements"
        )
        lines += [f"    ...{node['target'][-90:]}: {node['html'][:120]}" for node in violation["nodes"][:5]]
    return "\n".join(lines)


def assert_no_axe_violations(
    page: Any, axe_source: str, include: list[str] | None = None, heading: str = ""
) -> None:
    """Assert that axe-core finds no WCAG 2.1 A/AA violation (see :func:`run_axe`); the message lists them
    under ``heading``."""
    violations = run_axe(page, axe_source, include)
    described = describe_violations(violations)
    assert not violations, f"{heading}:\n{described}" if heading else described


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Ask the server to stop (SIGTERM: it shuts its kernels down), then insist."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- driving JupyterLab as a student does: open a notebook, Run All, wait ----------------

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook on show
OUTPUTS = f"{PANEL} .jp-OutputArea"  # the notebook's outputs: what axe-core checks of our pages

# JavaScript for WCAG contrast, to start a page function with: parse(css colour) -> {r, g, b, a},
# lum(colour) -> relative luminance, over(top, under) -> the colour of top painted over under.
COLOUR_FUNCTIONS = """  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = ({r, g, b}) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1});
"""


def open_notebook(page: Any, url: str, name: str) -> None:
    """Open ``name`` in a fresh workspace (``?reset``: no tabs of earlier tests) and wait for its kernel."""
    page.goto(f"{url}/lab/tree/{name}?reset")
    page.wait_for_selector(f"{PANEL} .jp-Cell", state="visible")
    accept_kernel_dialog(page)
    wait_for_kernel_idle(page)


def open_and_run_all(page: Any, url: str, name: str) -> None:
    """Open ``name`` and Run All, as a student does, until every code cell has run."""
    open_notebook(page, url, name)
    run_all_cells(page)


def write_notebook(lab_server: Any, name: str, cells: list[str]) -> str:
    """A small notebook of code cells in the server's folder (it asks for friendly errors, as ours do)."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell{i}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(cells)
        ],
        "metadata": {
            "awithlaknannai": {"friendly_errors": True},
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (lab_server.root / name).write_text(json.dumps(notebook), encoding="utf-8")
    return name


def accept_kernel_dialog(page: Any, wait_ms: int = 1500) -> None:
    """On a slow start JupyterLab may ask which kernel to use: take the one it proposes."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    dialog = page.locator(".jp-Dialog", has_text="Select Kernel")
    try:
        dialog.wait_for(state="visible", timeout=wait_ms)
    except PlaywrightTimeout:  # no dialog: nothing to do
        return
    # On a loaded machine a press can come before the dialog listens (or the dialog comes back
    # once more while the kernel starts): seen to leave it open for a minute. Press until it goes.
    for _attempt in range(12):
        try:
            dialog.locator(".jp-mod-accept").click(timeout=5_000)
            dialog.wait_for(state="hidden", timeout=5_000)
            return
        except PlaywrightTimeout:
            continue
    dialog.wait_for(state="hidden", timeout=1_000)  # still open after a minute: fail here, saying so


def wait_for_kernel_idle(page: Any, timeout: float = 180_000) -> None:
    """Wait until the kernel has started and has nothing queued (the toolbar's indicator)."""
    page.wait_for_function(
        f"() => {{ const i = document.querySelector('{PANEL} .jp-Notebook-ExecutionIndicator');"
        " return i !== null && i.dataset.status === 'idle'; }",
        timeout=timeout,
    )


def start_run_all(page: Any, attempts: int = 3) -> None:
    """Run > Run All Cells (again if the kernel was not connected yet and nothing ran), until the first
    code cell has started."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    first_prompt = page.locator(f"{PANEL} .jp-CodeCell .jp-InputArea-prompt").first
    for attempt in range(attempts):
        accept_kernel_dialog(page, wait_ms=200)
        # The Run menu acts on the notebook that has the focus.
        page.locator(f"{PANEL} .jp-Cell").first.click()
        page.keyboard.press("Escape")
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            page.wait_for_function(
                "(prompt) => /\\[(\\d+|\\*)\\]/.test(prompt.textContent)",
                arg=first_prompt.element_handle(),
                timeout=15_000,
            )
            return
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                raise


def run_all_cells(page: Any, attempts: int = 3) -> None:
    """Run > Run All Cells (see :func:`start_run_all`), then wait until every code cell has run."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    every_cell_ran = (
        f"() => [...document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputArea-prompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.textContent))"
    )
    start_run_all(page, attempts)
    wait_for_kernel_idle(page)
    # Every code cell has run: no prompt is empty or still waiting. On a busy machine JupyterLab has
    # been seen to leave the run unfinished with the kernel idle; then Run All once more.
    try:
        page.wait_for_function(every_cell_ran, timeout=180_000)
    except PlaywrightTimeout:
        wait_for_kernel_idle(page)
        start_run_all(page, attempts)
        wait_for_kernel_idle(page)
        page.wait_for_function(every_cell_ran, timeout=300_000)


def wait_for_board_fitted(page: Any, selector: str, box_at_most: float | None = None) -> None:
    """Wait until the kernel has redrawn the board under ``selector`` for its box: the canvas drawn at
    2 canvas px per CSS px and no wider than the box, or at its smallest scale scrolling (optionally
    once the box is at most ``box_at_most`` CSS px wide), then let the last resize settle."""
    page.wait_for_function(
        """([selector, most]) => {
        const box = document.querySelector(selector + ' .awithlaknannai-scroller');
        const canvas = box && box.querySelector('canvas');
        if (!canvas || (most !== null && box.clientWidth > most)) return false;
        const width = canvas.getBoundingClientRect().width;
        const fits = width <= box.clientWidth + 0.5, scrolls = box.scrollWidth > box.clientWidth;
        return Math.abs(width * 2 - canvas.width) <= 2 && (fits || scrolls);
    }""",
        arg=[selector, box_at_most],
        timeout=60_000,
    )
    page.wait_for_timeout(300)


def feedback_after(page: Any, box: Any, before: str) -> str:
    """Wait until the box's status line (its feedback, redrawn) no longer reads ``before``; return its text."""
    page.wait_for_function(
        "([node, before]) => { const s = node.querySelector('[role=status]');"
        " return s !== null && s.textContent !== before; }",
        arg=[box.element_handle(), before],
        timeout=30_000,
    )
    return box.locator("[role=status]").text_content()


# --- themes and contrast -------------------------------------------------------------------

THEMES = ["JupyterLab Light", "JupyterLab Dark"]


def set_theme(page: Any, theme: str) -> None:
    """Choose ``theme`` in Settings > Theme and wait until the page shows it."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Settings$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Theme$")).hover()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(theme)}$")).click()
    light = "true" if theme.endswith("Light") else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")
    page.wait_for_timeout(500)


@contextlib.contextmanager
def run_all_in_theme(page: Any, url: str, name: str, theme: str) -> Iterator[None]:
    """Open ``name``, switch JupyterLab to ``theme`` and Run All, for the ``with`` block; then light again:
    the theme is a setting of the server's session, and later tests expect light."""
    open_notebook(page, url, name)
    set_theme(page, theme)
    try:
        run_all_cells(page)
        yield
    finally:
        set_theme(page, THEMES[0])


# A page function: the WCAG contrast ratio of each shown element under a selector, against the
# background its ancestors paint behind it.
CONTRAST = (
    "(selector) => {\n"
    + COLOUR_FUNCTIONS
    + """  const background = (element) => { const layers = [];
    for (let e = element; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let colour = {r: 255, g: 255, b: 255, a: 1};
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour; };
  return [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length > 0).map((e) => {
    const bg = background(e); const fg = over(parse(getComputedStyle(e).color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return {text: e.textContent.trim().slice(0, 40), ratio: (a + 0.05) / (b + 0.05)}; });
}"""
)


def assert_outputs_accessible(
    page: Any, axe_source: str, theme: str, text_selectors: tuple[str, ...], within: str = PANEL
) -> None:
    """In ``theme``: the text shown under each of ``text_selectors`` (inside ``within``; each shows some)
    reaches WCAG AA's 4.5:1, and axe-core finds no WCAG 2.1 A/AA violation in the notebook's outputs."""
    measured = {}
    for selector in text_selectors:
        results = page.evaluate(CONTRAST, f"{within} {selector}")
        assert results, f"nothing shown for {selector} in {theme}"
        measured[selector] = min(result["ratio"] for result in results)
    assert all(ratio >= 4.5 for ratio in measured.values()), (theme, measured)
    assert_no_axe_violations(page, axe_source, [OUTPUTS], heading=theme)
