"""Where an answer widget shows its feedback: the last :class:`~.checking.Feedback`, drawn in an HTML view."""

from __future__ import annotations

import ipywidgets as widgets

from .checking import Feedback

__all__ = ["ShowsFeedback"]


class ShowsFeedback:
    """A widget mix-in: ``feedback`` is the last check's result, and ``feedback_view`` shows it.

    The widget makes ``feedback_view`` (an HTML widget) and a first ``feedback``
    itself; :meth:`_show` replaces both at each check, as the answer boxes and the
    history activities do.

    Examples
    --------
    >>> import ipywidgets as widgets
    >>> box = ShowsFeedback()
    >>> box.feedback_view = widgets.HTML()
    >>> box._show(Feedback("demo", "correct", "Right."))
    >>> box.feedback.status, "Right." in box.feedback_view.value
    ('correct', True)
    """

    feedback: Feedback
    feedback_view: widgets.HTML

    def _show(self, feedback: Feedback) -> None:
        self.feedback = feedback
        self.feedback_view.value = feedback._repr_html_()
