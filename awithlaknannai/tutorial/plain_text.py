"""What a tutorial widget saves in the notebook as plain text: its whole ``repr``.

A notebook keeps each output's ``text/plain`` form: nbval compares it, and a
fresh (untrusted) notebook, GitHub and a page without widgets show it in place
of the box. ipywidgets cuts that form at 110 characters; the tutorial's boxes
write a whole question and its feedback there.
"""

from __future__ import annotations

from typing import Any

__all__ = ["WholePlainText"]


class WholePlainText:
    """A widget mix-in: its ``text/plain`` form is its whole ``repr``, not ipywidgets' first 110 characters.

    Put it before the widget class, as in ``class AnswerBox(WholePlainText, widgets.VBox)``.

    Examples
    --------
    >>> import ipywidgets as widgets
    >>> class Box(WholePlainText, widgets.VBox):
    ...     def __repr__(self) -> str:
    ...         return "Box: " + "a long question " * 10
    >>> Box()._repr_mimebundle_()["text/plain"] == repr(Box())
    True
    """

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None:
            bundle["text/plain"] = repr(self)
        return bundle
