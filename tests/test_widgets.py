"""The widgets driven from Python through the same handlers the browser calls.

Clicks go through ``BoardWidget.handle_click(x, y)`` with canvas pixels
taken from the board's Layout, exactly as ipycanvas delivers a mouse-down.
No browser is needed: ipycanvas and ipywidgets build their messages without
a front end, and the tests read the drawing commands they would send.
Animations are off except in the tests about animation.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from ipycanvas import canvas as ipycanvas_canvas

from awithlaknannai import Color, Game, Move, Position
from awithlaknannai.errors import IllegalMoveError
from awithlaknannai.render.geometry import board_layout
from awithlaknannai.render.style import (
    BOARD,
    FOCUS,
    HIGHLIGHT,
    LAST_MOVE_OPACITY,
    PIECE_FILL,
    SLAB_LIGHT,
    TEXT,
    TEXT_DARK,
)
from awithlaknannai.widgets import BoardWidget, ClickController, CompareWidget, GameWidget
from awithlaknannai.widgets.compare import split_moves
from awithlaknannai.widgets.drawing import board_ops, hop_segments, pieces_ops, point_on_segments

# --- helpers --------------------------------------------------------------------


class FirstMove:
    """A stand-in computer player: the first legal move, counting its calls."""

    name = "first"

    def __init__(self) -> None:
        self.calls = 0

    def choose_move(self, position: Position) -> Move:
        self.calls += 1
        return position.legal_moves()[0]


class Cheater:
    """A broken player that answers with a move that is never legal."""

    name = "cheater"

    def choose_move(self, position: Position) -> Move:
        return Move("B0", ("B7",))


def click(board: BoardWidget, point: str) -> Any:
    """Click the centre of ``point`` as the browser would: by canvas pixels."""
    x, y = board.geometry.xy(point)
    return board.handle_click(x, y)


def snapshot(game: Game) -> tuple[Any, ...]:
    return (tuple(game.moves), game.position, game.can_redo())


@pytest.fixture
def sent_commands(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names of the canvas commands ipycanvas sends (as the front end would receive them)."""
    names: list[str] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER

    def record(command: Any, buffers: Any = ()) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        for entry in batch:
            names.append(ipycanvas_canvas._CMD_LIST[entry[0]])

    monkeypatch.setattr(manager, "_send_custom", record)
    return names


BRANCHING = {"B1": "w", "M3": "b", "M0": "b", "M4": "b", "B2": "b", "M2": "b"}  # zuni-5


# --- the click controller (no widget) --------------------------------------------


def test_piece_then_target_plays_the_move() -> None:
    board = BoardWidget("mosona", animate=False)
    selected = click(board, "B3")
    assert selected.accepted and selected.selection.targets == ("M4",)
    assert "B3 selected" in board.status_text
    played = click(board, "M4")
    assert played.played == Move("B3", ("M4",))
    assert board.game.moves == [Move("B3", ("M4",))]
    assert board.controller.selection is None
    assert board.status_text.startswith("Black to move. Last move: White B3-M4.")


@pytest.mark.parametrize(
    ("clicks", "why"),
    [
        (["M4"], "M4 is empty: first click one of White's pieces."),
        (["T4"], "T4 holds a black piece, and it is White's turn."),
        (["B0"], "B0 cannot move: its neighbours are taken and it has nothing to jump."),
        (["B3", "T3"], "Cannot play B3xT3: no line runs from B3 over one point to T3."),
        (["B3", "B4"], None),  # another own piece: the selection moves to it (tested below)
    ],
)
def test_illegal_clicks_explain_and_change_nothing(clicks: list[str], why: str | None) -> None:
    board = BoardWidget("mosona", animate=False)
    for point in clicks[:-1]:
        click(board, point)
    before_game, before_selection = snapshot(board.game), board.controller.selection
    result = click(board, clicks[-1])
    if why is None:
        assert result.accepted and result.selection.origin == "B4"
        return
    assert not result.accepted
    assert result.status == why
    assert board.status_text == "\u26a0 " + why
    assert snapshot(board.game) == before_game
    assert board.controller.selection == before_selection


def test_compulsory_capture_is_explained_with_the_core_reason() -> None:
    game = Game("mosona")
    game.play("B3-M4")
    board = BoardWidget(game, animate=False)
    result = click(board, "T5")
    assert not result.accepted
    assert "capture is compulsory" in result.status and "T4xB3" in result.status
    # a step by a piece that could capture instead: the core's reason
    clicks = ClickController(Game(start=Position.from_pieces("zuni-4", {"M1": "w", "M2": "b", "T3": "b"})))
    clicks.click("M1")
    assert clicks.click("T0").status == (
        "Cannot play M1-T0: capture is compulsory: White must leap (for example M1xM3)."
    )
    assert clicks.game.moves == []


def test_a_click_off_the_points_is_refused_and_keeps_the_selection() -> None:
    board = BoardWidget("mosona", animate=False)
    click(board, "B3")
    result = board.handle_click(1, 1)  # the slab's corner, far from every point
    assert result.point is None and not result.accepted
    assert "missed the points" in result.status
    assert board.controller.selection.origin == "B3"


def test_clicking_the_selected_piece_again_cancels() -> None:
    board = BoardWidget("mosona", animate=False)
    click(board, "B3")
    result = click(board, "B3")
    assert result.accepted and result.selection is None
    assert board.status_text.startswith("Selection cleared.")


def test_multi_leap_clicked_one_landing_at_a_time() -> None:
    board = BoardWidget(Position.from_pieces("zuni-5", BRANCHING), animate=False)
    assert click(board, "B1").selection.targets == ("T2", "B3")
    step = click(board, "T2")  # two routes go on through T2: not played yet
    assert step.played is None and step.selection.path == ("B1", "T2")
    assert step.selection.captures == ("M2",) and step.selection.targets == ("B3",)
    assert "must keep leaping" in step.status
    step = click(board, "B3")
    assert step.selection.targets == ("T4", "B1")  # on to T4, or back round to the start
    done = click(board, "T4")
    assert done.played == Move("B1", ("T2", "B3", "T4"), ("M2", "M3", "M4"))
    assert board.game.position.count(Color.BLACK) == 2


def test_multi_leap_completed_when_only_one_route_is_left() -> None:
    board = BoardWidget(Position.from_pieces("zuni-5", BRANCHING), animate=False)
    click(board, "B1")
    result = click(board, "B3")  # B1xB3 then T2xB1 or T4: still two routes
    assert result.played is None
    result = click(board, "T2")  # only B1xB3xT2xB1 is left: played whole
    assert result.played == Move("B1", ("B3", "T2", "B1"), ("B2", "M3", "M2"))


def test_leaping_back_to_the_start_point() -> None:
    board = BoardWidget(Position.from_pieces("zuni-5", BRANCHING), animate=False)
    for point in ("B1", "T2", "B3"):
        click(board, point)
    assert click(board, "B1").played == Move("B1", ("T2", "B3", "B1"), ("M2", "M3", "B2"))


def test_mid_leap_click_elsewhere_is_refused_and_piece_click_restarts() -> None:
    board = BoardWidget(Position.from_pieces("zuni-5", BRANCHING), animate=False)
    click(board, "B1")
    click(board, "T2")
    refused = click(board, "T0")
    assert not refused.accepted and refused.status.startswith("Cannot play B1xT2xT0")
    assert board.controller.selection.path == ("B1", "T2")
    assert click(board, "T2").selection is None  # the piece where it stands: start the turn again


def test_optional_multi_leap_may_stop_part_way() -> None:
    start = Position.from_pieces("zuni-5", BRANCHING, rules="standard,multi_leap=optional")
    board = BoardWidget(start, animate=False)
    click(board, "B1")
    step = click(board, "T2")
    assert step.selection.can_stop and "stop there" in step.status
    done = click(board, "T2")
    assert done.played == Move("B1", ("T2",), ("M2",))


def test_two_leaps_to_one_point_ask_which_piece_to_jump() -> None:
    start = Position.from_pieces(
        "mosona",
        {"T0": "w", "T1": "b", "M1": "b", "T7": "b"},
        rules="standard,leap_shape=bent,multi_leap=none",
    )
    board = BoardWidget(start, animate=False)
    click(board, "T0")
    asking = click(board, "M2")
    assert asking.played is None and asking.selection.choosing_jump == "M2"
    assert asking.selection.targets == ("T1", "M1")
    assert "Two ways to reach M2" in asking.status
    assert not click(board, "B7").accepted
    assert click(board, "M1").played == Move("T0", ("M2",), ("M1",))


def test_a_step_and_a_bent_leap_to_one_point() -> None:
    start = Position.from_pieces(
        "mosona", {"T0": "w", "T1": "b", "M1": "b", "T7": "b", "B7": "w"}, rules="ludii,leap_shape=bent"
    )
    board = BoardWidget(start, animate=False)
    click(board, "T0")
    asking = click(board, "M0")
    assert asking.selection.targets == ("M0", "M1") and "again to step there" in asking.status
    assert click(board, "M0").played == Move("T0", ("M0",))


def test_selection_is_dropped_when_the_game_moves_on_elsewhere() -> None:
    game = Game("mosona")
    clicks = ClickController(game)
    clicks.click("B3")
    game.play("B4-M4")
    assert clicks.selection is None
    assert clicks.click("T3").selection.targets == ("B4",)


def test_locked_and_finished_games_refuse_clicks() -> None:
    board = BoardWidget("mosona", animate=False)
    board.lock("Black (first) is thinking\u2026")
    assert click(board, "B3").status == "Black (first) is thinking\u2026"
    board.unlock()
    over = BoardWidget(Position.from_pieces("zuni-4", {"M1": "w"}, turn="b"), animate=False)
    result = click(over, "M1")
    assert not result.accepted and result.status.startswith("The game is over: White wins")


def test_keyboard_cursor_plays_a_move() -> None:
    board = BoardWidget("mosona", animate=False)
    board.handle_key("ArrowRight")  # the cursor appears on one of White's pieces
    assert board.cursor == "B0" and board.status_text.startswith("Cursor on B0 (a white piece)")
    for key in ("ArrowRight", "ArrowRight", "ArrowRight"):
        board.handle_key(key)
    assert board.cursor == "B3"
    assert board.handle_key("Enter").selection.origin == "B3"
    board.handle_key("ArrowUp")
    board.handle_key("ArrowRight")
    assert board.cursor == "M4"
    assert board.handle_key(" ").played == Move("B3", ("M4",))
    assert any(op[0] == "stroke_rect" for op in board.scene())  # the cursor is drawn


def test_escape_cancels_and_other_keys_do_nothing() -> None:
    board = BoardWidget("mosona", animate=False)
    board.click("B3")
    assert board.handle_key("x") is None and board.controller.selection is not None
    assert board.handle_key("Escape").selection is None
    assert board.handle_key("Enter") is None  # no cursor yet


def test_view_only_board_refuses_clicks() -> None:
    board = BoardWidget("mosona", animate=False, interactive=False)
    assert not click(board, "B3").accepted
    assert board.game.moves == [] and board.controller.selection is None


# --- hit test, geometry and drawing ------------------------------------------------


@pytest.mark.parametrize("variant", ["mosona", "kolowis", "alquerque", "tukvnanawopi", "zuni-3"])
@pytest.mark.parametrize("flipped", [False, True])
def test_hit_test_finds_every_point_and_misses_between_them(variant: str, flipped: bool) -> None:
    board = BoardWidget(variant, animate=False, flipped=flipped)
    geometry = board.geometry
    for point in board.game.variant.points:
        x, y = geometry.xy(point)
        assert geometry.nearest_point(x + geometry.unit * 0.2, y - geometry.unit * 0.2) == point
    assert geometry.nearest_point(0, 0) is None
    assert (board.canvas.width, board.canvas.height) == (geometry.width, geometry.height)


def test_canvas_is_drawn_at_twice_its_css_size_for_sharp_pictures() -> None:
    board = BoardWidget("mosona", animate=False)
    assert board.canvas.layout.width == f"{board.geometry.width / 2:g}px"
    assert board.canvas.layout.max_width == "100%"
    sharp = BoardWidget("mosona", animate=False, resolution=1)
    assert sharp.geometry.width * 2 == pytest.approx(board.geometry.width, abs=1)


def test_a_board_is_redrawn_to_fit_the_width_its_view_reports() -> None:
    from awithlaknannai.widgets.board import MIN_LABEL_PX, MIN_UNIT_PX
    from awithlaknannai.widgets.drawing import label_size

    board = BoardWidget("kolowis", animate=False)
    assert board.geometry.width / 2 == pytest.approx(880, abs=1)  # not yet measured: max_width
    board.access.available_width = 848  # the browser measured the box: 880 px would overflow it
    assert board.geometry.width / 2 <= 848 and not board.overflows
    assert (board.canvas.width, board.canvas.layout.width) == (
        board.geometry.width,
        f"{board.geometry.width / 2:g}px",
    )
    assert label_size(board.geometry, MIN_LABEL_PX * 2) / 2 >= MIN_LABEL_PX  # names drawn 12 px or more
    # A click at a drawn point of the new scale selects that point.
    assert board.handle_click(*board.geometry.xy("B5")).point == "B5"
    # Too narrow even at the smallest spacing: drawn at it, shown unshrunk, scrolling.
    board.fit_width(300)
    assert (
        board.geometry.unit / 2 == MIN_UNIT_PX and board.overflows and board.canvas.layout.max_width == "none"
    )
    board.fit_width(0)  # a hidden view measures nothing: the last fit stays
    assert board.geometry.unit / 2 == MIN_UNIT_PX
    board.fit_width(2000)  # wide again: back to the size asked for
    assert board.geometry.width / 2 == pytest.approx(880, abs=1) and board.canvas.layout.max_width == "100%"


def test_the_fitted_scale_never_exceeds_the_unit_asked_for_and_the_cursor_spot_follows() -> None:
    board = BoardWidget("mosona", animate=False, unit=40)
    board.fit_width(1000)
    assert board.geometry.unit == 80  # 40 CSS px at resolution 2: room to spare does not enlarge it
    board.fit_width(300)
    assert board.geometry.unit < 80 and board.geometry.width / 2 <= 299
    assert board.access.cursor_spot == []
    board.handle_key("ArrowRight")
    x, y = board.geometry.xy(board.cursor)
    width, height = board.geometry.width, board.geometry.height
    assert board.access.cursor_spot == pytest.approx([x / width, y / height, board.geometry.unit / width])


def test_flip_turns_the_board_and_clicks_follow() -> None:
    board = BoardWidget("mosona", animate=False)
    top_left = board.geometry.xy("T0")
    board.flip()
    assert board.flipped
    assert board.geometry.xy("B7") == pytest.approx(top_left, abs=1)
    assert click(board, "B3").selection.origin == "B3"


def test_board_ops_draw_curved_end_lines_and_all_points() -> None:
    geometry = board_layout(Game("mosona").variant.board, unit=60, margin=42)
    ops = board_ops(geometry)
    assert sum(op[0] == "quadratic_curve_to" for op in ops) == 4
    assert sum(op[0] == "line_to" for op in ops) == 54 - 4
    assert [op[1] for op in ops if op[0] == "fill_text"].count("M4") == 1
    assert not any(op[0] == "fill_text" for op in board_ops(geometry, labels=False))


def test_pieces_ops_follow_the_state() -> None:
    game = Game("mosona")
    game.play("B3-M4")
    geometry = board_layout(game.variant.board, unit=60, margin=42)
    plain = pieces_ops(geometry, game.position)
    bodies = [op for op in plain if op[0] == "fill_circles" and op[3] == geometry.piece_radius]
    assert sum(len(op[1]) for op in bodies) == 24 * 2  # 24 shadows + 24 bodies
    with_last = pieces_ops(geometry, game.position, last_move=game.moves[-1], targets=("B3",), selected="T4")
    assert ("set", "stroke_style", HIGHLIGHT["last_move"]) in with_last  # last move (green)
    assert ("set", "stroke_style", HIGHLIGHT["target"]) in with_last  # target (blue)
    assert ("set", "stroke_style", HIGHLIGHT["selected"]) in with_last  # selection (dark orange)


def test_drawing_sends_canvas_commands(sent_commands: list[str]) -> None:
    board = BoardWidget("mosona", animate=False)
    assert "quadraticCurveTo" in sent_commands and "fillText" in sent_commands
    sent_commands.clear()
    click(board, "B3")
    assert "strokeCircles" in sent_commands and "fillCircles" in sent_commands
    assert "quadraticCurveTo" not in sent_commands  # the board layer is not redrawn for a click


def test_a_reconnecting_browser_gets_the_board_again(sent_commands: list[str]) -> None:
    board = BoardWidget("mosona", animate=False)
    sent_commands.clear()
    for layer in (0, 1):
        board.canvas[layer]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert "quadraticCurveTo" in sent_commands  # board layer
    assert sent_commands.count("fillCircles") >= 3  # points, shadows, pieces


def test_leap_animation_path_follows_the_curved_end_line() -> None:
    board = BoardWidget("mosona", animate=False)
    segments = hop_segments(board.geometry, "T0", "B0")  # a leap round the left end curve over M0
    assert [s.kind for s in segments] == ["quad", "quad"]
    assert point_on_segments(segments, 0.0) == pytest.approx(board.geometry.xy("T0"))
    assert point_on_segments(segments, 0.5) == pytest.approx(board.geometry.xy("M0"))
    assert point_on_segments(segments, 1.0) == pytest.approx(board.geometry.xy("B0"))


def test_animation_runs_as_a_task_and_ends_drawn(sent_commands: list[str]) -> None:
    async def scenario() -> None:
        board = BoardWidget("mosona", animate=True)
        click(board, "B3")
        click(board, "M4")
        task = board.animation
        assert task is not None and not task.done()  # the kernel is free while it runs
        sent_commands.clear()
        await task
        assert board.animation is None
        assert sent_commands.count("clear") >= 2  # frames, then the final redraw
        # a redraw during an animation ends it at once
        board.game.play("T4xB3")
        board.show_move(board.game.moves[-1])
        running = board.animation
        board.redraw()
        await asyncio.sleep(0)
        assert running.cancelled() and board.animation is None

    asyncio.run(scenario())


def test_bad_board_options_raise_clear_errors() -> None:
    with pytest.raises(ValueError, match="resolution"):
        BoardWidget("mosona", resolution=0)
    with pytest.raises(ValueError, match="unit"):
        BoardWidget("mosona", unit=-3)
    with pytest.raises(ValueError, match="unknown variant"):
        BoardWidget("chess")
    with pytest.raises(ValueError, match="rules= is for a new game"):
        BoardWidget(Game("mosona"), rules="ludii")


# --- the game widget -----------------------------------------------------------------


def test_undo_redo_buttons_and_the_move_number() -> None:
    widget = GameWidget("mosona", animate=False)
    click(widget.board, "B3")
    click(widget.board, "M4")
    click(widget.board, "T4")
    click(widget.board, "B3")
    assert widget.move_number.max == 2 and widget.move_number.value == 2
    assert "B3-M4" in widget.move_list.value and "T4xB3" in widget.move_list.value
    widget.undo_button.click()
    assert len(widget.game.moves) == 1 and widget.move_number.value == 1 and not widget.redo_button.disabled
    widget.redo_button.click()
    assert len(widget.game.moves) == 2 and widget.redo_button.disabled
    widget.move_number.value = 0
    assert widget.game.moves == [] and widget.game.position == Position.start("mosona")
    assert widget.board.status_text.startswith("Move 0 of 2.")
    widget.last_button.click()
    assert len(widget.game.moves) == 2
    widget.first_button.click()
    widget.next_button.click()
    assert [str(m) for m in widget.game.moves] == ["B3-M4"]


def test_playing_in_the_past_replaces_the_rest_of_the_line() -> None:
    widget = GameWidget("mosona", animate=False)
    widget.play("B3-M4")
    widget.play("T4xB3")
    widget.go_to(0)
    widget.play("B4-M4")
    assert [str(m) for m in widget.line] == ["B4-M4"] and widget.move_number.max == 1
    widget.go_to(0)
    widget.play("B4-M4")  # the same move again keeps the line
    assert widget.move_number.max == 1


def test_undo_at_the_start_is_explained_on_the_status_line() -> None:
    widget = GameWidget("mosona", animate=False)
    widget.undo_button.click()
    assert widget.board.status_text.startswith("\u26a0 nothing to undo")


def test_new_game_variant_and_rules_menus() -> None:
    widget = GameWidget("mosona", animate=False)
    widget.play("B3-M4")
    widget.new_button.click()
    assert widget.game.moves == [] and widget.line == ()
    width = widget.board.canvas.width
    widget.variant_menu.value = "kolowis"
    assert widget.game.variant.name == "kolowis" and widget.board.canvas.width > width
    assert widget.board.game.position.count(Color.WHITE) == 23
    widget.rules_menu.value = "ludii"
    assert widget.game.variant.rules.multi_leap == "none" and widget.game.variant.name == "kolowis"
    assert "Ludii" in widget.rules_menu.tooltip
    assert widget.board.status_text.startswith("New game: kolowis, ludii rules.")


def test_flip_button() -> None:
    widget = GameWidget("mosona", animate=False)
    widget.flip_button.click()
    assert widget.board.flipped


def test_typed_moves() -> None:
    widget = GameWidget("mosona", animate=False)
    widget.move_entry.value = "B3-M4"
    assert [str(m) for m in widget.game.moves] == ["B3-M4"] and widget.move_entry.value == ""
    widget.move_entry.value = "B0-B1"
    assert len(widget.game.moves) == 1
    assert widget.board.status_text.startswith("\u26a0 B0-B1:")
    assert widget.move_entry.value == "B0-B1"  # kept, to be corrected


def test_game_record_round_trip_and_bad_records() -> None:
    widget = GameWidget("mosona", animate=False)
    widget.play("B3-M4")
    widget.play("T4xB3")
    widget.go_to(1)
    widget.show_record_button.click()
    record = json.loads(widget.record_text.value)
    assert record["moves"] == ["B3-M4", "T4xB3"]  # the whole line, not only up to the move shown
    other = GameWidget("kolowis", animate=False)
    other.record_text.value = widget.record_text.value
    other.load_button.click()
    assert other.game.variant.name == "mosona" and len(other.game.moves) == 2
    assert other.variant_menu.value == "mosona"
    assert other.board.status_text.startswith("Loaded a game of 2 moves")
    before = snapshot(other.game)
    other.record_text.value = '{"format": "awithlaknannai-game", "version": 1, "moves": ["B3-M5"]}'
    other.load_button.click()
    assert other.board.status_text.startswith("\u26a0 record field 'moves'[0]")
    assert snapshot(other.game) == before


def test_computer_opponent_answers_a_click_without_an_event_loop() -> None:
    player = FirstMove()
    widget = GameWidget("mosona", opponent=player, animate=False)
    click(widget.board, "B3")
    click(widget.board, "M4")
    assert [str(m) for m in widget.game.moves] == ["B3-M4", "T4xB3"]
    assert widget.board.controller.locked is None
    assert widget.board.status_text.startswith("White to move. Last move: Black T4xB3.")
    widget.undo_button.click()  # back to White's turn: both moves taken back
    assert widget.game.moves == [] and player.calls == 1


def test_computer_answers_later_without_blocking() -> None:
    async def scenario() -> None:
        player = FirstMove()
        widget = GameWidget("mosona", opponent=player, animate=True, think_delay=0.01)
        click(widget.board, "B3")
        click(widget.board, "M4")
        # the human's move is shown first; the reply is still to come
        assert [str(m) for m in widget.game.moves] == ["B3-M4"]
        assert "is thinking" in widget.board.status_text
        assert not click(widget.board, "B4").accepted  # no clicks while the computer thinks
        await asyncio.wait_for(widget.wait_idle(), timeout=10)
        assert [str(m) for m in widget.game.moves] == ["B3-M4", "T4xB3"]
        assert widget.board.controller.locked is None
        # a reply that arrives after the user undid is thrown away
        widget.play("M5-M4")
        widget.undo()
        await asyncio.wait_for(widget.wait_idle(), timeout=10)
        assert [str(m) for m in widget.game.moves] == ["B3-M4", "T4xB3"]

    asyncio.run(scenario())


def test_computer_playing_first_moves_at_once() -> None:
    widget = GameWidget("mosona", white=FirstMove(), animate=False)
    assert [str(m) for m in widget.game.moves] == ["M5-M4"]
    assert widget.opponent_menu.value == "first" and widget.computer_color_menu.value == "white"


def test_computer_against_computer_plays_to_the_end() -> None:
    widget = GameWidget("zuni-3", white=FirstMove(), black=FirstMove(), animate=False)
    assert widget.game.is_over()
    assert "Game over" in widget.board.status_text


def test_a_broken_player_is_reported_and_unlocks_the_board() -> None:
    widget = GameWidget("mosona", opponent=Cheater(), animate=False)
    click(widget.board, "B3")
    click(widget.board, "M4")
    assert widget.board.status_text.startswith("\u26a0 The computer player (cheater) chose an illegal move")
    assert widget.board.controller.locked is None and len(widget.game.moves) == 1


def test_opponent_menu_switches_players() -> None:
    widget = GameWidget("mosona", opponent=FirstMove(), animate=False)
    widget.opponent_menu.value = "two players"
    assert widget.players == {Color.WHITE: None, Color.BLACK: None}
    widget.opponent_menu.value = "first"  # the player object given at the start comes back
    assert isinstance(widget.players[Color.BLACK], FirstMove)
    widget.computer_color_menu.value = "white"
    assert widget.players[Color.BLACK] is None and isinstance(widget.players[Color.WHITE], FirstMove)
    assert widget.board.flipped  # the human (Black) sits at the bottom


def test_computer_turn_in_the_past_waits_for_the_user() -> None:
    widget = GameWidget("mosona", opponent=FirstMove(), animate=False)
    widget.play("B3-M4")  # the computer answers T4xB3
    widget.go_to(1)  # Black (the computer) to move, with T4xB3 still ahead in the line
    assert len(widget.game.moves) == 1
    with pytest.raises(IllegalMoveError, match="press Latest"):
        widget.play("T4xB3")
    assert widget.last_button.description == "Latest"  # the control the refusal names exists
    widget.last_button.click()
    assert [str(m) for m in widget.game.moves] == ["B3-M4", "T4xB3"]


def test_a_game_with_moves_taken_back_keeps_them_in_the_history() -> None:
    game = Game("mosona")
    game.play("B3-M4")
    game.play("T4xB3")
    game.undo()
    widget = GameWidget(game=game, animate=False)
    assert widget.move_number.max == 2 and widget.move_number.value == 1 and len(game.moves) == 1
    widget.redo_button.click()
    assert [str(m) for m in widget.game.moves] == ["B3-M4", "T4xB3"]


def test_bad_game_widget_arguments() -> None:
    with pytest.raises(TypeError, match="choose_move"):  # a wrong type of thing, not a wrong value
        GameWidget("mosona", opponent=object())
    with pytest.raises(TypeError, match="load_game needs a Game"):
        GameWidget("mosona").load_game("B3-M4")
    with pytest.raises(ValueError, match="think_delay"):
        GameWidget("mosona", think_delay=-1)
    with pytest.raises(ValueError, match="move number"):
        GameWidget("mosona").go_to(3)
    with pytest.raises(ValueError, match="rules= is for a new game"):
        GameWidget(game=Game("mosona"), rules="ludii")


# --- the compare widget ---------------------------------------------------------------


def test_compare_stops_a_board_where_a_move_is_illegal() -> None:
    view = CompareWidget(["mosona", "mosona-murray"], moves="B3-M4 T4xB3 M5-T4 T3-M4 T4-T3", animate=False)
    assert [r.playable for r in view.replays] == [4, 4]
    view = CompareWidget(
        [("mosona", "standard"), ("mosona", "ludii")],
        moves=["B3-M4", "T4xB3", "M5-T4", "T3-M4", "T4-T3"],
        animate=False,
    )
    standard, ludii = view.boards
    assert len(standard.game.moves) == 4 and len(ludii.game.moves) == 5
    assert standard.status_text.startswith("\u26a0 Stopped at move 5: T4-T3 is illegal here")
    assert "capture is compulsory" in standard.status_text
    view.previous_button.click()
    assert len(standard.game.moves) == 4 and len(ludii.game.moves) == 4
    assert standard.status_text.startswith("After 4 moves")
    view.move_number.value = 1
    assert [str(m) for m in ludii.game.moves] == ["B3-M4"] and "B3-M4" in view.caption.value
    view.next_button.click()
    assert len(standard.game.moves) == 2


def test_compare_needs_two_boards_and_readable_moves() -> None:
    with pytest.raises(ValueError, match="two or more"):
        CompareWidget(["mosona"])
    with pytest.raises(TypeError, match="a move is a Move"):
        CompareWidget(["mosona", "kolowis"], moves=[3])
    assert split_moves("1. B3-M4 T4xB3 {Black wins (no pieces left)}") == ["B3-M4", "T4xB3"]
    assert split_moves("1. ... T4xB3") == ["T4xB3"]
    game = Game("mosona")
    game.play("B3-M4")
    assert split_moves(game) == ["B3-M4"]


def test_hint_gives_perfect_play_where_a_solved_table_covers_the_position(tmp_path, monkeypatch):
    from awithlaknannai import Game, Position
    from awithlaknannai.tables.solver import solve_endgames
    from awithlaknannai.widgets import GameWidget

    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path))
    # The Mosona start has far more pieces than any table can cover: the strongest level hints there.
    assert GameWidget("mosona", animate=False).hint().startswith("The strongest computer level would play")
    solve_endgames("zuni-3", max_pieces=1, cache_dir=False)
    start = Position.from_pieces("zuni-3", {"T0": "w", "M1": "b"})
    widget = GameWidget(game=Game(start=start), animate=False)
    click(widget.board, "T0")  # a selection in progress is dropped: no "It can go to" left over
    widget.hint_button.click()
    assert widget.board.status_text == (
        "Try T0xB1: with perfect play, White wins with this move. The arrow shows the move."
    )
    assert widget.board.hint == ("T0", "B1") and widget.board.controller.selection is None
    dashed = [op for op in widget.board.scene() if op[0] == "set_line_dash" and op[1]]
    assert dashed, "the hint is drawn on the board as a dashed arrow"
    assert widget.game.moves == []  # a hint plays nothing
    widget.play("T0xB1")
    assert widget.board.hint == ()  # the arrow goes once the position changes


def test_widgets_have_a_short_plain_text_form_for_saved_notebooks():
    from awithlaknannai.widgets import BoardWidget, CompareWidget, GameWidget

    game_widget = GameWidget("mosona", animate=False)
    assert repr(game_widget) == (
        "<GameWidget: mosona, standard rules, 0 moves played; an interactive game when the notebook runs>"
    )
    assert repr(BoardWidget("kolowis", animate=False)).startswith("<BoardWidget: kolowis, standard rules")
    assert repr(CompareWidget(["mosona", "mosona-murray"])) == (
        "<CompareWidget: mosona (standard), mosona-murray (standard); interactive boards when the notebook runs>"
    )


def test_opponent_takes_the_side_not_to_move_so_the_person_starts_a_puzzle() -> None:
    from awithlaknannai import Position

    puzzle = Position.from_pieces("zuni-3", {"T0": "w", "M1": "b", "B2": "b"}, turn="b")
    widget = GameWidget(game=puzzle, opponent=FirstMove(), animate=False)
    assert isinstance(widget.players[Color.WHITE], FirstMove)
    assert widget.players[Color.BLACK] is None
    assert widget.game.moves == []  # the computer waits for the person's move


# --- accessibility: contrast, text alternative, keyboard names ---------------------


def _luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two colours."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(colour: str, background: str, alpha: float) -> str:
    """``colour`` drawn with opacity ``alpha`` on ``background``."""
    mixed = [
        round(alpha * int(colour[i : i + 2], 16) + (1 - alpha) * int(background[i : i + 2], 16))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def test_contrast_formula_matches_known_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#E69F00", BOARD["background"]) == pytest.approx(1.66, abs=0.01)  # the old selected ring


SLAB = (BOARD["background"], SLAB_LIGHT)  # both ends of the board's gradient


@pytest.mark.parametrize("mark", ["selected", "target", "captured", "path"])
def test_highlights_reach_3_to_1_against_the_board(mark: str) -> None:
    for background in SLAB:
        assert contrast(HIGHLIGHT[mark], background) >= 3.0, (mark, background)


def test_last_move_trail_reaches_3_to_1_as_drawn_see_through() -> None:
    for background in SLAB:
        assert contrast(over(HIGHLIGHT["last_move"], background, LAST_MOVE_OPACITY), background) >= 3.0
        assert contrast(HIGHLIGHT["last_move"], background) >= 3.0  # the dashed ring where it started


def test_status_texts_reach_4_5_to_1_and_pieces_differ_in_lightness() -> None:
    assert contrast(TEXT["warning"], "#ffffff") >= 4.5  # the warning sign
    assert contrast(TEXT["muted"], "#ffffff") >= 4.5
    assert contrast(TEXT["muted"], TEXT["current_move"]) >= 4.5
    assert contrast(TEXT["current_move_text"], TEXT["current_move"]) >= 4.5
    # colour-blind safe: the two sides differ in lightness, not only hue
    assert contrast(PIECE_FILL[Color.WHITE], PIECE_FILL[Color.BLACK]) >= 7.0


# The notebook's background in JupyterLab's two themes (--jp-layout-color0), and the colours
# ipywidgets puts behind a control (its input background in each theme).
LIGHT_PAGE, DARK_PAGE = "#ffffff", "#111111"


def test_widget_texts_reach_4_5_to_1_in_the_dark_theme_too() -> None:
    assert contrast(TEXT_DARK["warning"], DARK_PAGE) >= 4.5
    assert contrast(TEXT_DARK["muted"], DARK_PAGE) >= 4.5
    assert contrast(TEXT_DARK["current_move_text"], TEXT_DARK["current_move"]) >= 4.5
    assert contrast(TEXT_DARK["muted"], TEXT_DARK["current_move"]) >= 3.0  # the chip stands out from moves
    # the chip is seen as one: light on dark in the dark theme, dark on light in the light one
    assert contrast(TEXT_DARK["current_move"], DARK_PAGE) >= 1.5


def test_focus_rings_reach_3_to_1_on_the_page_and_on_a_control() -> None:
    for page, ring, control in (
        (LIGHT_PAGE, FOCUS["light"], "#eeeeee"),
        (DARK_PAGE, FOCUS["dark"], "#424242"),
    ):
        assert contrast(ring, page) >= 3.0 and contrast(ring, control) >= 3.0, (page, ring)


def test_board_has_a_name_and_a_description_that_follows_the_game() -> None:
    board = BoardWidget("mosona", animate=False)
    assert board.access.name == "Awithlaknannai Mosona board"
    before = board.access.description
    assert before.startswith("White to move. White pieces (12): ") and "Empty: M4." in before
    assert "Tab leaves the board" in before
    click(board, "B3")
    assert "Selected: the piece on B3; it can go to M4." in board.access.description
    assert board.access.status.endswith("It can go to M4.")  # the live region names the targets
    assert board.access.selecting  # Escape cancels before it leaves the board
    click(board, "M4")
    after = board.access.description
    assert after.startswith("Black to move. Last move: White B3-M4. Black must capture.")
    assert "Empty: B3." in after and not board.access.selecting
    status_widget = board.access
    board.show_status("something else")
    assert board.access is status_widget and board.access.status == "something else"  # one live region


def test_view_only_board_description_has_no_key_help() -> None:
    board = BoardWidget("zuni-3", interactive=False, animate=False)
    assert "Keys:" not in board.access.description


def test_every_control_has_a_text_name() -> None:
    widget = GameWidget("mosona", animate=False)
    buttons = [
        w
        for w in (
            widget.new_button,
            widget.flip_button,
            widget.hint_button,
            widget.undo_button,
            widget.redo_button,
            widget.first_button,
            widget.previous_button,
            widget.next_button,
            widget.last_button,
            widget.play_button,
            widget.show_record_button,
            widget.load_button,
        )
    ]
    for button in buttons:
        assert button.description.strip() and not button.icon, button
    for control in (
        widget.variant_menu,
        widget.rules_menu,
        widget.opponent_menu,
        widget.computer_color_menu,
        widget.move_number,
        widget.move_entry,
        widget.record_text,
    ):
        assert control.description.strip(), control


def test_game_record_opens_from_a_button() -> None:
    widget = GameWidget("mosona", animate=False)
    assert widget.record_panel.layout.display == "none"
    widget.record_toggle.value = True
    assert widget.record_panel.layout.display is None and widget.record_toggle.description.endswith("hide")
    widget.play("B3-M4")
    widget.record_toggle.value = False
    widget.show_record_button.click()
    assert widget.record_toggle.value and "B3-M4" in widget.record_text.value


def test_after_undo_a_computer_chosen_for_the_side_to_move_plays_at_once() -> None:
    widget = GameWidget("mosona", animate=False)  # two players
    widget.play("B3-M4")
    widget.play("T4xB3")
    widget.undo()  # Black to move again, T4xB3 still ahead in the line
    assert len(widget.game.moves) == 1 and widget.game.can_redo()
    widget.opponent_menu.value = (
        "first" if "first" in [v for _, v in widget.opponent_menu.options] else "beginner"
    )
    assert widget.players[Color.BLACK] is not None
    assert len(widget.game.moves) == 2  # the computer (Black) answered at once
    assert widget.board.controller.locked is None
    assert widget.move_number.max == 2 and widget.move_number.value == 2
    assert "White to move" in widget.board.status_text


def test_after_undo_the_computer_answers_later_with_a_thinking_message() -> None:
    player = FirstMove()

    async def scenario() -> list[str]:
        widget = GameWidget("mosona", animate=False, think_delay=0)
        widget.play("B3-M4")
        widget.undo()  # White to move, B3-M4 ahead in the line
        widget.set_player("white", player)
        seen = [widget.board.status_text]
        await widget.wait_idle()
        return seen + [widget.board.status_text, str(len(widget.game.moves))]

    thinking, after, moves = asyncio.run(scenario())
    assert "is thinking" in thinking
    assert moves == "1" and player.calls == 1 and "Black to move" in after


def test_hint_falls_back_to_the_strongest_level_outside_solved_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from awithlaknannai.tables import solver
    from awithlaknannai.widgets import hints

    monkeypatch.setattr(solver, "best_moves", lambda position, tables=None: None)
    chosen: list[str] = []

    def fake_level(level: str, seed: int | None = None) -> FirstMove:
        chosen.append(level)
        return FirstMove()

    monkeypatch.setattr(hints, "player_for_level", fake_level)
    widget = GameWidget("mosona", animate=False)
    widget.hint_button.click()
    assert chosen == ["strong"]
    assert widget.board.status_text.startswith(
        "The strongest computer level would play M5-M4 (the arrow shows it)"
    )
    assert "not proven perfect play" in widget.board.status_text
    assert widget.board.hint == ("M5", "M4") and widget.game.moves == []  # FirstMove's choice


def test_hint_runs_in_a_worker_so_the_page_does_not_freeze(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from awithlaknannai.widgets import game as game_module

    threads: list[str] = []

    def slow_hint(game: Game) -> game_module.Hint:
        threads.append(threading.current_thread().name)
        return game_module.Hint(game.legal_moves()[0], "Hint: B3-M4")

    monkeypatch.setattr(game_module, "hint_for", slow_hint)

    async def scenario() -> tuple[str, str]:
        widget = GameWidget("mosona", animate=False)
        widget.hint_button.click()
        waiting = widget.board.status_text
        await widget._hint_task
        return waiting, widget.board.status_text

    waiting, done = asyncio.run(scenario())
    assert waiting.startswith("Looking for a hint") and done == "Hint: B3-M4"
    assert threads and threads[0] != threading.main_thread().name
