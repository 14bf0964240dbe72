"""The game widget's game record box: folded away until opened, to copy a game or paste one in."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..i18n import gettext as _

__all__ = ["RecordBox"]


class RecordBox(widgets.VBox):
    """A button that opens a panel with the game record text, *Show this game* and *Load*.

    The box only shows and folds the panel; what the buttons do is the game widget's.

    Examples
    --------
    >>> box = RecordBox()
    >>> box.panel.layout.display, box.toggle.description
    ('none', 'Game record: show')
    >>> box.toggle.value = True
    >>> box.panel.layout.display is None, box.toggle.description
    (True, 'Game record: hide')
    """

    def __init__(self) -> None:
        self.text = widgets.Textarea(
            placeholder=_("A game record (JSON) to replay: paste it here and press Load."),
            description=_("Game record"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="min(48em, 96%)", height="9em"),
        )
        self.show_button = widgets.Button(description=_("Show this game"))
        self.load_button = widgets.Button(description=_("Load"))
        # A plain button opens the game record (ipywidgets' Accordion header is not keyboard-operable).
        self.toggle = widgets.ToggleButton(
            value=False,
            description=_("Game record: show"),
            tooltip=_("Copy this game, or paste one to replay"),
            layout=widgets.Layout(width="auto"),
        )
        self.panel = widgets.VBox(
            [self.text, widgets.HBox([self.show_button, self.load_button])],
            layout=widgets.Layout(display="none", width="100%"),
        )
        super().__init__([self.toggle, self.panel], layout=widgets.Layout(align_items="flex-start"))
        self.toggle.observe(self._on_toggle, names="value")

    def _on_toggle(self, change: dict[str, Any]) -> None:
        shown = bool(change["new"])
        self.panel.layout.display = None if shown else "none"
        self.toggle.description = _("Game record: hide") if shown else _("Game record: show")
