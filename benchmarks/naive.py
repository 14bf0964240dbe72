"""A naive reference engine: the Zuni boards and rules as sets of point names, nothing more.

Written from the rules alone (the project's reference notes: the board as
drawn lines, steps along an edge, leaps over a neighbour along one line,
the three presets), with no code of the package: positions are frozensets,
moves are found by looking at every piece's neighbours, a leap sequence by
plain recursion. It is the yardstick of ``benchmarks/run.py``: what a
straightforward engine does without tables or bit sets, so that the
package's engines can be judged against it. ``benchmarks/run.py`` checks
its perft counts against the package's before timing anything.
"""

from __future__ import annotations

import random

PRESETS = {  # compulsory capture, multi-leap, maximum capture (all: blocked loses, 50 quiet turns, draw)
    "standard": (True, "compulsory", False),
    "maximum": (True, "compulsory", True),
    "ludii": (False, "none", False),
}


class NaiveZuni:
    """A Zuni board of ``n`` points a side row (Mosona: 8) with outer-row lines, under one preset."""

    def __init__(self, n: int = 8, rules: str = "standard", quiet_limit: int = 50) -> None:
        self.compulsory, self.multi, self.maximum = PRESETS[rules]
        self.quiet_limit = quiet_limit
        top, bottom = [f"T{i}" for i in range(n)], [f"B{i}" for i in range(n)]
        middle = [f"M{j}" for j in range(n + 1)]
        lines = [middle, top, bottom, ["T0", "M0", "B0"], [top[-1], middle[-1], bottom[-1]]]
        for j in range(1, n):  # the two diagonals crossing at each inner middle point
            lines += [[f"T{j - 1}", f"M{j}", f"B{j}"], [f"T{j}", f"M{j}", f"B{j - 1}"]]
        self.points = frozenset(top + middle + bottom)
        self.neighbours: dict[str, set[str]] = {p: set() for p in self.points}
        self.leaps: dict[str, list[tuple[str, str]]] = {p: [] for p in self.points}
        for line in lines:
            for a, b in zip(line, line[1:]):
                self.neighbours[a].add(b)
                self.neighbours[b].add(a)
            for a, b, c in zip(line, line[1:], line[2:]):
                self.leaps[a].append((b, c))
                self.leaps[c].append((b, a))
        # The bottom player (White, first to move) holds his row and the middle points on his right.
        self.start = (frozenset(bottom + middle[n // 2 + 1 :]), frozenset(top + middle[: n // 2]))

    def moves(self, own: frozenset, opp: frozenset) -> list[tuple[str, tuple[str, ...], frozenset]]:
        """Every whole turn of the side owning ``own``: (origin, landings, captured pieces)."""
        empty = self.points - own - opp
        captures: list[tuple[str, tuple[str, ...], frozenset]] = []
        for origin in own:
            self._leap(origin, origin, opp, empty | {origin}, (), frozenset(), captures)
        if captures and self.maximum:
            most = max(len(m[2]) for m in captures)
            captures = [m for m in captures if len(m[2]) == most]
        if captures and self.compulsory:
            return captures
        steps = [
            (origin, (to,), frozenset()) for origin in own for to in self.neighbours[origin] if to in empty
        ]
        return captures + steps

    def _leap(self, origin, here, opp, empty, landings, taken, out) -> None:
        went_on = False
        if not landings or self.multi != "none":
            for over, to in self.leaps[here]:
                if over in opp and to in empty:
                    went_on = True
                    self._leap(
                        origin, to, opp - {over}, empty | {over}, landings + (to,), taken | {over}, out
                    )
        if landings and not went_on:
            out.append((origin, landings, taken))

    def play(self, own: frozenset, opp: frozenset, move) -> tuple[frozenset, frozenset]:
        """The next position, seen from the side to move then: (its pieces, the other side's)."""
        origin, landings, taken = move
        return opp - taken, (own - {origin}) | {landings[-1]}

    def random_game(self, rng: random.Random) -> int:
        """Play one uniformly random game to its end; return the plies played."""
        own, opp = self.start
        quiet = plies = 0
        while own and opp:
            moves = self.moves(own, opp)
            if not moves or quiet >= self.quiet_limit:
                break
            move = moves[int(rng.random() * len(moves))]
            quiet = 0 if move[2] else quiet + 1
            own, opp = self.play(own, opp, move)
            plies += 1
        return plies

    def perft(
        self, depth: int, own: frozenset | None = None, opp: frozenset | None = None, quiet: int = 0
    ) -> int:
        """Leaves of the game tree ``depth`` plies deep (finished games have no moves)."""
        if own is None or opp is None:
            own, opp = self.start
        if depth == 0:
            return 1
        if not own or not opp or quiet >= self.quiet_limit:
            return 0
        moves = self.moves(own, opp)
        if depth == 1:
            return len(moves)
        return sum(self.perft(depth - 1, *self.play(own, opp, m), 0 if m[2] else quiet + 1) for m in moves)


def random_games(engine: NaiveZuni, games: int, seed: int) -> int:
    """Play ``games`` random games; return the plies."""
    rng = random.Random(seed)
    return sum(engine.random_game(rng) for _ in range(games))
