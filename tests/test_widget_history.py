"""The game widget's history against a computer: whatever the user does, the computer answers.

Issue 15 found a freeze: after Undo, playing the same move again left the
computer to move with the old reply still ahead in the line, and nothing
answered. These tests drive :class:`GameWidget` with random sequences of
what a user can do (moves, Undo, Redo, the history buttons, the move number
box, the opponent and colour menus, New game) and check after every action:

* the computer to move at the latest position has answered (synchronously
  without an event loop; after ``wait_idle`` with one);
* the computer to move at an earlier position (the history shows the past)
  locks the board with a reason that names controls that exist;
* the person to move is never locked out;
* every control shows the game as it is (move number, total, Undo/Redo).
"""

from __future__ import annotations

import asyncio
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awithlaknannai import Game, Position
from awithlaknannai.position import Move
from awithlaknannai.widgets import GameWidget

ACTIONS = (
    "move",
    "move",
    "move",
    "undo",
    "redo",
    "start",
    "back",
    "forward",
    "latest",
    "move_number",
    "opponent",
    "colour",
    "new_game",
    "replay_same",
)

PROPERTY = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


class Seeded:
    """A stand-in computer player: a random legal move from its own seeded generator."""

    name = "seeded"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)
        self.calls = 0

    def choose_move(self, position: Position) -> Move:
        self.calls += 1
        return self.random.choice(position.legal_moves())


def button_names(widget: GameWidget) -> set[str]:
    return {
        child.description
        for bar in (widget.top_bar, widget.history_bar)
        for child in bar.children
        if hasattr(child, "on_click")
    }


def act(widget: GameWidget, action: str, pick: int) -> None:
    """Do one thing a user can do, the way the page does it (buttons, menus, clicks)."""
    game = widget.game
    buttons = {
        "undo": widget.undo_button,
        "redo": widget.redo_button,
        "start": widget.first_button,
        "back": widget.previous_button,
        "forward": widget.next_button,
        "latest": widget.last_button,
    }
    if action in buttons:
        if not buttons[action].disabled:
            buttons[action].click()
    elif action == "move":
        if widget.board.controller.locked is None and not game.is_over():
            moves = game.legal_moves()
            widget.play(moves[pick % len(moves)])
    elif action == "replay_same":  # the move the line already has here, as after Undo
        if widget.board.controller.locked is None and game.can_redo():
            widget.play(game.taken_back[0])
    elif action == "move_number":
        widget.move_number.value = pick % (widget.move_number.max + 1)
    elif action == "opponent":
        options = [value for _, value in widget.opponent_menu.options if value in ("two players", "seeded")]
        widget.opponent_menu.value = options[pick % len(options)]
    elif action == "colour":
        widget.computer_color_menu.value = "white" if widget.computer_color_menu.value == "black" else "black"
    elif action == "new_game":
        widget.new_button.click()
    else:  # pragma: no cover - the list above is the whole vocabulary
        raise AssertionError(action)


def check_invariants(widget: GameWidget) -> None:
    game = widget.game
    locked = widget.board.controller.locked
    computer_to_move = widget.players[game.position.turn] is not None
    assert widget.line == (*game.moves, *game.taken_back)
    assert widget.move_number.value == len(game.moves) and widget.move_number.max == len(widget.line)
    assert widget.redo_button.disabled == (not game.can_redo())
    assert widget.undo_button.disabled == (widget._undo_count() == 0)
    if game.is_over():
        return
    if computer_to_move:
        assert not widget.at_latest(), "the computer is to move at the latest position and has not answered"
        assert locked is not None and "Latest" in locked and "Back" in locked
        assert {"Latest", "Back"} <= button_names(widget)
    else:
        assert locked is None, f"the person to move is locked out: {locked}"


@PROPERTY
@given(st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 10**6)), min_size=1, max_size=30))
def test_the_computer_always_answers_without_an_event_loop(steps: list[tuple[str, int]]) -> None:
    widget = GameWidget("zuni-4", opponent=Seeded(), animate=False)
    check_invariants(widget)
    for action, pick in steps:
        act(widget, action, pick)
        check_invariants(widget)


@settings(PROPERTY, max_examples=25)
@given(st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 10**6)), min_size=1, max_size=20))
def test_the_computer_always_answers_with_an_event_loop(steps: list[tuple[str, int]]) -> None:
    async def scenario() -> None:
        widget = GameWidget("zuni-4", opponent=Seeded(), animate=True, think_delay=0)
        await asyncio.wait_for(widget.wait_idle(), timeout=10)
        check_invariants(widget)
        for action, pick in steps:
            act(widget, action, pick)
            await asyncio.wait_for(widget.wait_idle(), timeout=10)
            check_invariants(widget)

    asyncio.run(scenario())


def test_undo_then_the_same_move_again_gets_an_answer() -> None:
    """The sequence issue 15 reported: play, Undo, the same move again: the computer answers."""
    player = Seeded(1)
    widget = GameWidget("mosona", opponent=player, animate=False)
    for _ in range(3):
        widget.play(widget.game.legal_moves()[0])
    played = list(widget.game.moves)
    widget.undo_button.click()  # the computer's reply and the person's move
    assert len(widget.game.moves) == len(played) - 2
    again = played[-2]
    widget.play(again)
    assert len(widget.game.moves) == len(played)  # the computer answered at once
    assert widget.at_latest() and widget.board.controller.locked is None
    assert widget.board.status_text.startswith("White to move.")


def test_a_different_move_in_the_past_replaces_the_rest() -> None:
    widget = GameWidget("mosona", opponent=Seeded(2), animate=False)
    widget.play("B3-M4")
    widget.play(widget.game.legal_moves()[0])
    widget.first_button.click()
    assert "play a different move here" in widget.board.status_text
    widget.play("B4-M4")
    assert [str(m) for m in widget.line][:1] == ["B4-M4"] and len(widget.line) == 2 and widget.at_latest()


def test_undo_with_only_the_computers_move_is_refused_not_frozen() -> None:
    widget = GameWidget("mosona", white=Seeded(3), animate=False)
    assert len(widget.game.moves) == 1 and widget.undo_button.disabled
    widget.undo_button.click()  # as a script might: refused on the status line, nothing changes
    assert len(widget.game.moves) == 1
    assert widget.board.status_text.startswith("\u26a0 nothing to undo: only the computer has moved")


def test_a_hand_built_board_has_no_record_and_the_status_line_says_why() -> None:
    from awithlaknannai.boards import zuni
    from awithlaknannai.variants import Variant, get_variant
    from awithlaknannai.widgets import GameWidget

    own = Variant("my board", zuni(3), get_variant("zuni-3").start_pieces)
    widget = GameWidget(game=Game(own))
    before = widget.record_text.value
    widget.show_record_button.click()
    assert "built by hand ('my board')" in widget.board.status_text
    assert widget.record_text.value == before and not widget.record_toggle.value
