"""Buttons for the notebook tools, named by their text alone.

Icon fonts would give a button private-use characters as its accessible name,
so every button here says what it does in words, and is as wide as those words.
"""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["text_button"]


def text_button(description: str, tooltip: str | None = None) -> widgets.Button:
    """A button as wide as its text ``description``, with an optional ``tooltip``.

    Examples
    --------
    >>> button = text_button("Undo", "Take back a move")
    >>> button.description, button.tooltip, button.layout.width
    ('Undo', 'Take back a move', 'auto')
    """
    return widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width="auto"))
