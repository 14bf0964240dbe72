"""Kernel-side cost of a click on the board: hit test, click logic, redraw, message.

Times ``BoardWidget.handle_click(x, y)`` (what the canvas's mouse-down calls)
from the click to the drawing commands handed to the comm, for a selecting
click and a move-playing click, on Mosona and Kolowis. Animation is off, so
a click's whole cost is counted once. No browser is involved: the figures
are the kernel's share of the delay a student feels. The slow tail (p90,
max) is Python's garbage collector pausing during some clicks: with
``gc.disable()`` every click took under 2 ms when this was written.

Run: ``python benchmarks/widget_redraw.py [--clicks 100]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ipycanvas import canvas as ipycanvas_canvas

from awithlaknannai.widgets import BoardWidget


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def measure(variant: str, clicks: int, seed: int) -> dict[str, list[float]]:
    """Play random games by clicks; time every click, split by what it did."""
    rng = random.Random(seed)
    board = BoardWidget(variant, animate=False)
    sizes: list[int] = []
    original = ipycanvas_canvas._CANVAS_MANAGER._send_custom

    def counting(command: object, buffers: object = ()) -> None:
        sizes.append(len(str(command)))
        original(command, buffers)

    ipycanvas_canvas._CANVAS_MANAGER._send_custom = counting
    times: dict[str, list[float]] = {"select": [], "move": []}
    try:
        while len(times["select"]) + len(times["move"]) < clicks:
            game = board.game
            if game.is_over():
                board.set_game(type(game)(variant))
                continue
            move = rng.choice(game.legal_moves())
            for point in move.path:
                x, y = board.geometry.xy(point)
                start = time.perf_counter()
                result = board.handle_click(x, y)
                elapsed = time.perf_counter() - start
                times["move" if result.played is not None else "select"].append(elapsed)
                if result.played is not None:
                    break
    finally:
        ipycanvas_canvas._CANVAS_MANAGER._send_custom = original
    times["batch_chars"] = [float(s) for s in sizes]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=100, help="clicks per board (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Kernel time per click (handle_click -> commands sent), {args.clicks} clicks per board\n")
    print(f"{'board':<9} {'click':<7} {'n':>4} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for variant in ("mosona", "kolowis"):
        measure(variant, 10, args.seed + 1)  # warm up caches (move tables, fonts of traitlets)
        times = measure(variant, args.clicks, args.seed)
        for kind in ("select", "move"):
            ms = [t * 1000 for t in times[kind]]
            if not ms:
                continue
            print(
                f"{variant:<9} {kind:<7} {len(ms):>4} {statistics.median(ms):>10.2f} "
                f"{percentile(ms, 0.9):>8.2f} {max(ms):>8.2f}"
            )
        both = [t * 1000 for t in times["select"] + times["move"]]
        print(
            f"{variant:<9} {'all':<7} {len(both):>4} {statistics.median(both):>10.2f} "
            f"{percentile(both, 0.9):>8.2f} {max(both):>8.2f}"
        )
        chars = times["batch_chars"]
        print(
            f"{'':<9} message per redraw: median {statistics.median(chars) / 1000:.1f} k characters of commands\n"
        )


if __name__ == "__main__":
    main()
