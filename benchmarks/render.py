"""How long the static pictures take: median milliseconds per picture, per variant.

Usage::

    python benchmarks/render.py              # 30 repeats of each measurement
    python benchmarks/render.py --repeat 100 --png

Columns: ``board_svg`` (empty board), ``position_svg`` (start position),
``highlights`` (position_svg with labels, a heat map, targets, a selected
piece, a leap path and captures), ``bytes`` (size of the start position's
SVG) and, with ``--png``, ``png`` (cairosvg at scale 2). A notebook redraws
a picture after every move, so anything under ~20 ms feels instant.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from awithlaknannai import Position
from awithlaknannai.render.compare import compare_boards_svg
from awithlaknannai.render.export import png_bytes, printable_sheet
from awithlaknannai.render.svg import board_svg, position_svg

VARIANTS = ["zuni-4", "mosona", "mosona-murray", "kolowis", "alquerque", "tukvnanawopi"]


def median_ms(action: Callable[[], object], repeat: int) -> float:
    action()  # warm caches (variant tables, imports) outside the timing
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def highlighted(position: Position) -> str:
    move = max(position.legal_moves(), key=lambda m: len(m.captures))
    heat = {p: i / len(position.points) for i, p in enumerate(position.points)}
    return position_svg(
        position,
        labels=True,
        heat=heat,
        selected=move.origin,
        targets=move.landings,
        path=move,
        captured=move.captures,
        last_move=move,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="timed repeats per cell (default 30)")
    parser.add_argument("--png", action="store_true", help="also time PNG export with cairosvg")
    args = parser.parse_args()

    columns = ["variant", "board_svg", "position_svg", "highlights", "bytes"] + (["png"] if args.png else [])
    print(" ".join(f"{c:>13}" for c in columns))
    for name in VARIANTS:
        start = Position.start(name)
        board = start.variant.board
        row = [
            name,
            f"{median_ms(partial(board_svg, board), args.repeat):.2f}",
            f"{median_ms(partial(position_svg, start), args.repeat):.2f}",
            f"{median_ms(partial(highlighted, start), args.repeat):.2f}",
            str(len(position_svg(start).encode())),
        ]
        if args.png:
            row.append(f"{median_ms(partial(png_bytes, start), max(3, args.repeat // 5)):.2f}")
        print(" ".join(f"{c:>13}" for c in row))
    print()
    print(f"printable_sheet('mosona'):       {median_ms(lambda: printable_sheet('mosona'), 5):8.2f} ms")
    print(
        f"compare_boards_svg(3 boards):    "
        f"{median_ms(lambda: compare_boards_svg(['mosona', 'mosona-murray', 'kolowis']), 5):8.2f} ms"
    )


if __name__ == "__main__":
    main()
