"""Keys pressed in the project's widgets go to the widgets, not to JupyterLab's notebook shortcuts."""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["CONTAINERS", "KeyboardShield"]

#: The widgets a shield protects: answer boxes and activities, the game, challenge and compare boards.
CONTAINERS = (
    ".awithlaknannai-answer, .awithlaknannai-game, .awithlaknannai-challenge, .awithlaknannai-compare"
)


class KeyboardShield(anywidget.AnyWidget):
    """Keeps JupyterLab's notebook shortcuts out of a widget, so its menus, boxes and board get their keys.

    In command mode JupyterLab acts on single keys pressed anywhere in a
    notebook, a focused menu of an output included: typing "B" on a menu
    to choose the letter B inserts a new cell instead, and the arrow keys
    move to other cells. Lumino skips every shortcut for keys pressed inside
    an element marked ``data-lm-suppress-shortcuts``; ipywidgets cannot set
    an attribute, so this invisible widget (anywidget: its browser side is
    one small ES module) marks the widget it sits in (the closest element
    matching ``container``) and every control in it. Escape still leaves:
    on a menu, box or button it hands the focus back to the notebook's cell
    (JupyterLab's command mode), as Escape does anywhere in a notebook (on a
    page of its own, such as Voila's, it stays put); on a board the board's
    own front end decides (see :mod:`.access`).
    """

    container = traitlets.Unicode(CONTAINERS).tag(sync=True)

    _esm = """
const CONTROLS = 'select, input, button, textarea, [tabindex]';
const SHIELD = 'data-lm-suppress-shortcuts';

function render({ model, el }) {
  el.style.display = 'none';
  let observer = null;
  let tries = 0;
  // Lumino looks for the mark from the focused element up, and a shortcut's selector can match the
  // focused control itself: so every control carries the mark, not only the box.
  const shield = (box) => {
    box.setAttribute(SHIELD, 'true');
    for (const control of box.querySelectorAll(CONTROLS)) {
      if (!control.hasAttribute(SHIELD)) control.setAttribute(SHIELD, 'true');
    }
  };
  // Escape on a control: back to the notebook, whose shortcuts the mark would otherwise keep out.
  const onEscape = (event) => {
    if (event.key !== 'Escape' || event.target instanceof HTMLCanvasElement) return;
    const cell = event.target.closest('.jp-NotebookPanel .jp-Cell');  // in JupyterLab, not on Voila's page
    if (cell === null) return;
    event.target.blur();
    cell.focus();
  };
  const attach = () => {
    const box = el.closest(model.get('container'));
    if (box === null) {
      if (tries++ < 200) setTimeout(attach, 50);
      return;
    }
    shield(box);
    // Capture phase: ipywidgets' text boxes stop their keydown events from bubbling.
    box.addEventListener('keydown', onEscape, true);
    observer = new MutationObserver(() => shield(box));  // controls drawn later, or drawn again
    observer.observe(box, {childList: true, subtree: true});
  };
  attach();
  return () => {
    if (observer !== null) observer.disconnect();
    const box = el.closest(model.get('container'));
    if (box !== null) box.removeEventListener('keydown', onEscape, true);
  };
}
export default { render };
"""

    def __repr__(self) -> str:
        return "KeyboardShield()"
