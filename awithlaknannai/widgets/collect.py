"""The teacher's upload box for the class league: the students' player files into one folder.

:func:`collect_players` shows an upload button that takes several ``.py``
files at once, or a ``.zip`` of them, and puts them in the players' folder
through :func:`~awithlaknannai.league.handin.receive_files` (which checks
names, sizes and zips, and is tested without a browser). A file whose name
is taken by a different file is never replaced without asking: it is listed
with a **Replace** button and a **Keep both** button (the new one saved as
``name (2).py``). A file identical to the one there is "already there".

For a screen reader there is one status line (a polite live region whose
text changes: what the last upload did), then the list of every file and
what became of it. Every control is a button with its own label, reached
with Tab.

Jupyter sends an upload to the kernel as one message, and a Jupyter server
refuses messages over 10 MiB by default (tornado's
``websocket_max_message_size``): a larger upload may not arrive, so a large
set goes in parts (not tested here: a class's files are a few kilobytes each).

Then run the league from the notebook: ``run_league("players")``.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "players"
>>> box = collect_players(folder)
>>> code = b"def choose_move(position):\\n    return position.legal_moves()[0]\\n"
>>> [str(r) for r in box.receive([("ada.py", code), ("bob.py", code)])]
['ada.py: saved', 'bob.py: saved']
>>> box.status.text
'Last upload: 2 saved. The folder players holds 2 players.'
>>> [str(r) for r in box.receive([("ada.py", code + b"# better\\n")])]
['ada.py: a different ada.py is already there: replace it, or keep both']
>>> [button.description for button in box.choices.children[0].children[1:]]
['Replace ada.py', 'Keep both: the new one as ada (2).py']
>>> str(box.choose(0, "replace"))
'ada.py: saved (replaced the ada.py that was there)'
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..errors import shown
from ..league.handin import (
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_ZIP_BYTES,
    Received,
    _free_name,
    _players_in,
    receive_files,
)
from ..render.style import FOCUS
from .shield import KeyboardShield

__all__ = ["CollectPlayers", "LiveStatus", "collect_players"]

_DARK = '[data-jp-theme-light="false"]'
_CONTAINER = ".awithlaknannai-collect"


class LiveStatus(anywidget.AnyWidget):
    """One status line a screen reader reads when its text changes (a polite live region built once)."""

    text = traitlets.Unicode("").tag(sync=True)

    _esm = """
function render({ model, el }) {
  const live = document.createElement('div');
  live.className = 'awithlaknannai-collect-status';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  const update = () => { live.textContent = model.get('text'); };
  update();
  model.on('change:text', update);
  el.append(live);
  return () => model.off('change:text', update);
}
export default { render };
"""
    # The focus ring of the box's buttons (ipywidgets' own is 1 px, about 2:1): 2 px, 3:1 or more.
    _css = f"""
.awithlaknannai-collect-status {{ font-weight: 600; margin: 0.4em 0; }}
{_CONTAINER} :is(button, input):focus-visible {{ outline: 2px solid {FOCUS["light"]} !important;
  outline-offset: 2px; }}
{_DARK} {_CONTAINER} :is(button, input):focus-visible {{ outline-color: {FOCUS["dark"]} !important; }}
{_CONTAINER} .widget-button, {_CONTAINER} .widget-upload {{ flex-shrink: 0; min-width: max-content;
  overflow: visible; }}
"""

    def __repr__(self) -> str:
        return f"LiveStatus({self.text!r})"


_SIGNS = {"saved": "\u2714", "same": "=", "conflict": "?", "refused": "\u2718"}


class CollectPlayers(widgets.VBox):
    """An upload button for the class's player files, the status line, the list, and a choice per clash.

    Parameters
    ----------
    folder : path
        The players' folder (made at the first upload if it is not there).

    Attributes
    ----------
    folder : Path
    upload : ipywidgets.FileUpload
    status : LiveStatus
        What the last upload or choice did, in one line.
    results : list of Received
        Every file received so far and what became of it.
    choices : ipywidgets.VBox
        One row per file waiting for a choice: Replace, or Keep both.
    """

    def __init__(self, folder: str | os.PathLike[str] = "players") -> None:
        if not isinstance(folder, (str, os.PathLike)):
            raise TypeError(f"collect_players takes a folder path, got {type(folder).__name__}")
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise NotADirectoryError(f"{shown(os.fspath(folder), 80)} is a file, not a folder")
        self.results: list[Received] = []
        self._waiting: list[Received] = []
        self.upload = widgets.FileUpload(
            accept=".py,.zip",
            multiple=True,
            description="Choose the players' files (.py or .zip)",
            tooltip="Several .py files at once, or one .zip of them",
            layout=widgets.Layout(width="auto"),
        )
        self.upload.observe(self._on_upload, names="value")
        where = html.escape(str(self.folder.resolve()))
        intro = widgets.HTML(
            f"<p>The players go into the folder <code>{html.escape(str(self.folder))}</code> "
            f"(<code>{where}</code>). Choose the students' <code>.py</code> files, several at once, "
            "or one <code>.zip</code> of them. A file never replaces a different file of the same name "
            "unless you press <strong>Replace</strong>.</p>"
            f"<p>Limits: {MAX_FILE_BYTES // 1_000_000} MB a file, {MAX_FILES} files, "
            f"{MAX_ZIP_BYTES // 1_000_000} MB for a zip unpacked; an upload over about 10 MB "
            "may not arrive (Jupyter's limit for a message): upload a larger set in parts.</p>"
        )
        self.status = LiveStatus(text="No files yet.")
        self.choices = widgets.VBox()
        self.listing = widgets.HTML("")
        after = widgets.HTML(
            "<p>When every file is in, run the league in a cell: "
            f"<code>run_league({html.escape(repr(str(self.folder)))})</code>.</p>"
        )
        super().__init__(
            [
                KeyboardShield(container=_CONTAINER),
                intro,
                self.upload,
                self.status,
                self.choices,
                self.listing,
                after,
            ]
        )
        self.add_class("awithlaknannai-collect")

    # --- what the buttons do (callable without a browser) ---------------------------------------

    def receive(self, files: Sequence[tuple[str, bytes]]) -> list[Received]:
        """Take in uploaded files (name, bytes) as the upload button does; show and return what became of each."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            results = receive_files(self.folder, files)
        except (OSError, ValueError) as error:
            self.status.text = f"Nothing saved: {error}"
            return []
        self.results.extend(results)
        self._waiting.extend(r for r in results if r.status == "conflict")
        counts = {
            status: sum(1 for r in results if r.status == status)
            for status in ("saved", "same", "refused", "conflict")
        }
        parts = [f"{counts['saved']} saved"]
        if counts["same"]:
            parts.append(f"{counts['same']} already there")
        if counts["refused"]:
            parts.append(f"{counts['refused']} refused (see the list)")
        if counts["conflict"]:
            parts.append(f"{counts['conflict']} waiting for your choice: Replace or Keep both, below")
        self._show("Last upload: " + ", ".join(parts) + ".")
        return results

    def choose(self, index: int, choice: str) -> Received:
        """Settle the ``index``-th file waiting for a choice: ``"replace"`` or ``"keep both"``."""
        if choice not in ("replace", "keep both"):
            raise ValueError(f"choice is 'replace' or 'keep both', got {shown(choice)}")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._waiting):
            raise ValueError(f"no file waiting at {shown(index)}: {len(self._waiting)} wait for a choice")
        waiting = self._waiting.pop(index)
        try:
            [result] = receive_files(self.folder, [(waiting.saved_as, waiting.data)], on_conflict=choice)
        except (OSError, ValueError) as error:
            result = Received(waiting.name, "refused", why=f"could not be saved: {error}")
        result = Received(waiting.name, result.status, result.saved_as, result.why)
        self.results.append(result)
        self._show(str(result) + ".")
        return result

    # --- the views -------------------------------------------------------------------------------

    def _show(self, summary: str) -> None:
        held = _players_in(self.folder) if self.folder.is_dir() else 0
        self.status.text = f"{summary} The folder {self.folder.name} holds {held} player{'s' * (held != 1)}."
        items = "".join(
            f'<li><span aria-hidden="true">{_SIGNS.get(r.status, "")} </span>{html.escape(str(r))}</li>'
            for r in self.results
        )
        self.listing.value = (
            f'<p>Every file so far:</p><ul class="awithlaknannai-collect-list">{items}</ul>' if items else ""
        )
        rows = []
        for waiting in self._waiting:
            label = widgets.HTML(
                f"<strong>{html.escape(waiting.name)}</strong>: a different "
                f"{html.escape(waiting.saved_as)} is already there."
            )
            replace = widgets.Button(
                description=f"Replace {waiting.saved_as}",
                tooltip=f"Put the new {waiting.saved_as} in place of the one there",
            )
            spare = _free_name(self.folder, waiting.saved_as)
            keep = widgets.Button(
                description=f"Keep both: the new one as {spare}",
                tooltip=f"Leave the {waiting.saved_as} that is there, and save the new one as {spare}",
            )
            replace.on_click(lambda _, w=waiting: self._press(w, "replace"))
            keep.on_click(lambda _, w=waiting: self._press(w, "keep both"))
            for button in (replace, keep):
                button.layout = widgets.Layout(width="auto")
            rows.append(
                widgets.HBox(
                    [label, replace, keep], layout=widgets.Layout(flex_flow="row wrap", align_items="center")
                )
            )
        self.choices.children = rows

    def _press(self, waiting: Received, choice: str) -> None:
        # The file itself, not its place in the list: a second quick press finds it settled and does nothing.
        index = next((i for i, w in enumerate(self._waiting) if w is waiting), None)
        if index is not None:
            self.choose(index, choice)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = [(item["name"], bytes(item["content"])) for item in change["new"]]
        if not files:
            return
        self.receive(files)
        self.upload.value = ()  # ready for the next upload (the button's count goes back to 0)

    def __repr__(self) -> str:
        return (
            f"<CollectPlayers into {str(self.folder)!r}: {len(self.results)} files received; "
            "an upload button when the notebook runs>"
        )


def collect_players(folder: str | os.PathLike[str] = "players") -> CollectPlayers:
    """An upload box that puts the class's player files (``.py``, or a ``.zip`` of them) into ``folder``.

    See :class:`CollectPlayers`; then ``run_league(folder)`` plays them.
    """
    return CollectPlayers(folder)
