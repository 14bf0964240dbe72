"""A player that learns by playing many quick random games: Monte Carlo tree search.

For each move it grows a tree of positions from the current one. Each round
(a *playout*) walks down the tree, choosing moves by the UCT formula, which
balances moves that have scored well against moves tried rarely; it adds one
new position, finishes the game from there with random moves, and records
the result along the path. After all the playouts it plays the move tried
most often. It needs no evaluation written by hand, which makes it a good
classroom contrast to :class:`~awithlaknannai.players.alphabeta.AlphaBetaPlayer`.

Examples
--------
>>> from awithlaknannai import Position
>>> p = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b"}, rules="ludii")
>>> MCTSPlayer(playouts=200, seed=0).choose_move(p)
Move('M1xM3')
"""

from __future__ import annotations

import math
import time

from ..movegen import LeanMove, generator_for
from ..errors import LongJobError, shown
from ..limits import check_long_job
from ..position import Move, Position
from .base import MAX_SECONDS, SearchPlayer, check_name, playable_moves
from .endgames import EndgameProbe, table_moves

__all__ = ["MAX_PLAYOUTS", "MAX_PLAYOUT_TURNS", "MCTSPlayer"]

#: The most playouts a move without ``allow_long=True``.
MAX_PLAYOUTS = 100_000
#: The longest playout (in turns) without ``allow_long=True``.
MAX_PLAYOUT_TURNS = 10_000


class _Node:
    """A position in the tree, reached by ``move`` from ``parent``.

    ``wins`` counts results (1 win, 0.5 draw) for the player who played
    ``move``, the one choosing among the parent's children.
    """

    __slots__ = ("children", "move", "opp", "own", "parent", "quiet", "result", "untried", "visits", "wins")

    def __init__(self, own: int, opp: int, quiet: int, move: LeanMove | None, parent: _Node | None) -> None:
        self.own, self.opp, self.quiet = own, opp, quiet
        self.move, self.parent = move, parent
        self.children: list[_Node] = []
        self.untried: list[LeanMove] | None = None  # filled on the first visit
        self.visits = 0
        self.wins = 0.0
        self.result: float | None = None  # for the side to move, if the game is over here


class MCTSPlayer(SearchPlayer):
    """UCT Monte Carlo tree search with random playouts.

    Parameters
    ----------
    playouts : int or None
        Playouts per move (default 400). ``None`` needs ``time_limit``.
    time_limit : float or None
        Seconds per move; with both set, whichever runs out first stops.
    exploration : float
        The UCT constant: larger tries more unlikely moves.
    playout_turns : int
        A playout longer than this many turns stops and goes to the side
        with more pieces (a draw if equal): quick, and random play rarely
        ends a long game anyway.
    capture_bias : float
        Where capture is not compulsory, the chance that a random playout
        move is a capture when one exists; random players otherwise ignore
        most captures and the playouts say little.
    seed : int or None
        Seed of the player's own random generator.
    name : str, optional
        Default ``mcts:PLAYOUTS``.
    endgames : bool or EndgameProbe
        Play the positions that endgame tables cover perfectly: the search
        runs over the tables' best moves only
        (:mod:`awithlaknannai.players.endgames`).
    allow_long : bool, optional
        Accept more than :data:`MAX_PLAYOUTS` playouts, a time limit above
        :data:`~awithlaknannai.players.base.MAX_SECONDS`, playouts longer
        than :data:`MAX_PLAYOUT_TURNS` turns, and a search estimated above a
        gigabyte or longer than ``MAX_SECONDS``.

    Raises
    ------
    TypeError, ValueError
        A wrong argument; the message names it.
    LongJobError
        Without ``allow_long``: a setting above the bounds above; and from
        :meth:`choose_move`, a search whose tree would take more than a
        gigabyte (estimated from the moves at the root and the rate of the
        first playouts, at most 600 bytes or so a playout) or whose first
        playouts show it would take longer than ``MAX_SECONDS`` (a search
        with a time limit stops in time by itself).

    Attributes
    ----------
    last_search : dict
        ``playouts`` run, ``seconds`` used and ``visits`` of the chosen move.

    Examples
    --------
    >>> from awithlaknannai import Position
    >>> player = MCTSPlayer(playouts=50, seed=4)
    >>> player.choose_move(Position.start("mosona")) in Position.start("mosona").legal_moves()
    True
    >>> MCTSPlayer(playouts=0)
    Traceback (most recent call last):
    ...
    ValueError: playouts must be an integer >= 1 (or None with a time_limit), got 0
    >>> MCTSPlayer(playouts=10**12)
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: 1,000,000,000,000 playouts a move: more than the 100,000 a player runs by default; pass allow_long=True to run more
    """

    def __init__(
        self,
        playouts: int | None = 400,
        time_limit: float | None = None,
        exploration: float = 1.0,
        playout_turns: int = 80,
        capture_bias: float = 0.9,
        seed: int | None = None,
        name: str | None = None,
        *,
        endgames: bool | EndgameProbe = False,
        allow_long: bool = False,
    ) -> None:
        super().__init__(seed, endgames, playouts, "playouts", "playouts", time_limit, allow_long)
        if playouts is not None and playouts < 1:
            raise ValueError(
                f"playouts must be an integer >= 1 (or None with a time_limit), got {shown(playouts)}"
            )
        if playouts is not None and playouts > MAX_PLAYOUTS and not allow_long:
            raise LongJobError(
                f"{playouts:,} playouts a move: more than the {MAX_PLAYOUTS:,} a player runs by "
                "default; pass allow_long=True to run more"
            )
        for label, value, low, high in (
            ("exploration", exploration, 0.0, math.inf),
            ("capture_bias", capture_bias, 0.0, 1.0),
        ):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{label} must be a number, got {type(value).__name__}")
            if not (low <= value <= high and math.isfinite(value)):
                raise ValueError(
                    f"{label} must be a finite number from {low:g} to {high:g}, got {shown(value)}"
                )
        if isinstance(playout_turns, bool) or not isinstance(playout_turns, int):
            raise TypeError(f"playout_turns must be an integer, got {type(playout_turns).__name__}")
        if playout_turns < 1:
            raise ValueError(f"playout_turns must be an integer >= 1, got {shown(playout_turns)}")
        if playout_turns > MAX_PLAYOUT_TURNS and not allow_long:
            raise LongJobError(
                f"playouts of {playout_turns:,} turns: more than the {MAX_PLAYOUT_TURNS:,} a player "
                "runs by default; pass allow_long=True to run longer ones"
            )
        self.playouts = playouts
        self.exploration = float(exploration)
        self.playout_turns = playout_turns
        self.capture_bias = float(capture_bias)
        name = check_name(name)
        self.name = self.default_name("mcts", playouts) if name is None else name
        self._dead = 0  # points out of play on a shrinking board, at the root

    def choose_move(self, position: Position) -> Move:
        moves = playable_moves(position)
        started = time.perf_counter()
        if len(moves) == 1:
            self.last_search = {"playouts": 0, "seconds": 0.0, "visits": 0}
            return moves[0]
        variant = position.variant
        generator = generator_for(variant)
        self._moves_of = generator.lean  # the hot path of the playouts
        self._dead = position.dead  # a shrinking board's dead part: playouts keep out of it
        rules = variant.rules
        self._limit = rules.quiet_turn_limit
        self._blocked_loses = rules.blocked_player_loses
        self._more_pieces = rules.no_capture_result == "more_pieces"
        self._choose_capture = 0.0 if rules.compulsory_capture else self.capture_bias
        own, opp = position._sides()
        perfect = table_moves(self.endgames, position)
        if perfect is not None and len(perfect) == 1:
            self.last_search = {"playouts": 0, "seconds": time.perf_counter() - started, "visits": 0}
            return perfect[0]
        root = _Node(own, opp, position.quiet_turns, None, None)
        lean = [move._lean for move in moves]  # type: ignore[attr-defined]  # the same moves, in lean form
        deadline = None if self.time_limit is None else started + self.time_limit
        what = f"MCTS ({self.name}) on {variant.name}"
        # One node a playout, each keeping its untried moves (measured: 590 bytes a node on Mosona).
        node_bytes = 400 + 32 * max(len(lean), 8)
        if not self.allow_long and self.playouts is not None:
            check_long_job(
                what, memory=self.playouts * node_bytes, allow_long=False, advice="give fewer playouts"
            )
        state = self.rng.getstate()  # a refused search leaves the player as it was
        # A copy (expansion pops from it); where the tables cover the root, their best moves only.
        root.untried = list(lean) if perfect is None else [move._lean for move in perfect]  # type: ignore[attr-defined]
        self.rng.shuffle(root.untried)
        done = 0
        checked = self.allow_long
        while (self.playouts is None or done < self.playouts) and (
            deadline is None or not done or time.perf_counter() < deadline
        ):
            self._playout(root)
            done += 1
            if not checked and (done >= 32 or time.perf_counter() - started > 0.5):
                # The first playouts give the rate: check the whole search's time and tree before going on.
                checked = True
                rate = done / max(time.perf_counter() - started, 1e-9)
                nodes = min(self.playouts or math.inf, rate * (self.time_limit or math.inf))
                try:
                    check_long_job(
                        what,
                        nodes / rate,
                        nodes * node_bytes,
                        allow_long=False,
                        advice="give fewer playouts or a shorter time limit",
                        seconds_limit=MAX_SECONDS,
                    )
                except LongJobError:
                    self.rng.setstate(state)
                    raise
        best = max(root.children, key=lambda c: (c.visits, c.wins))
        assert best.move is not None  # only the root has no move
        self.last_search = {"playouts": done, "seconds": time.perf_counter() - started, "visits": best.visits}
        return moves[lean.index(best.move)]

    # --- one playout ------------------------------------------------------------

    def _playout(self, root: _Node) -> None:
        node = root
        # 1. Selection: follow UCT while the node is fully expanded.
        while node.result is None and not node.untried and node.children:
            node = self._select(node)
        # 2. Expansion: add one untried move.
        if node.result is None and node.untried:
            move = node.untried.pop()
            xor, captured = move
            child = _Node(node.opp & ~captured, node.own ^ xor, 0 if captured else node.quiet + 1, move, node)
            self._open(child)
            node.children.append(child)
            node = child
        # 3. Simulation: the result for the side to move at `node`.
        result = node.result if node.result is not None else self._simulate(node.own, node.opp, node.quiet)
        # 4. Backpropagation: each node's wins belong to the player who moved into it.
        climbing: _Node | None = node
        while climbing is not None:
            climbing.visits += 1
            climbing.wins += 1.0 - result
            result = 1.0 - result
            climbing = climbing.parent

    def _select(self, node: _Node) -> _Node:
        """The child with the highest UCT value (the first of equals, as ``max`` would pick)."""
        # A plain loop, not max() with a key function: a call less per child (the tree's hot spot).
        log_visits = math.log(node.visits)
        c = self.exploration
        sqrt = math.sqrt
        best, best_value = None, -math.inf
        for child in node.children:
            visits = child.visits
            value = child.wins / visits + c * sqrt(log_visits / visits)
            if value > best_value:
                best, best_value = child, value
        assert best is not None  # only called on a node with children
        return best

    def _open(self, node: _Node) -> None:
        """Fill in a new node's moves, or its result if the game is over there."""
        if not node.own:
            node.result = 0.0
            return
        moves = self._moves_of(node.own, node.opp, self._dead)
        if not moves:
            node.result = 0.0 if self._blocked_loses else 0.5
        elif self._limit is not None and node.quiet >= self._limit:
            node.result = self._limit_result(node.own, node.opp)
        else:
            self.rng.shuffle(moves)
            node.untried = moves

    def _limit_result(self, own: int, opp: int) -> float:
        if self._more_pieces:
            difference = own.bit_count() - opp.bit_count()
            if difference:
                return 1.0 if difference > 0 else 0.0
        return 0.5

    def _simulate(self, own: int, opp: int, quiet: int) -> float:
        """Finish the game with random moves; return the result for the side to move first."""
        moves_of, dead = self._moves_of, self._dead
        random = self.rng.random
        limit = self._limit if self._limit is not None else math.inf
        bias = self._choose_capture
        flipped = False  # whether `own` is now the opponent of the starting side
        for _ in range(self.playout_turns):
            if not own:
                result = 0.0
                break
            moves = moves_of(own, opp, dead)
            if not moves:
                result = 0.0 if self._blocked_loses else 0.5
                break
            if quiet >= limit:
                result = self._limit_result(own, opp)
                break
            if bias and moves[0][1] and random() < bias:
                captures = [m for m in moves if m[1]]
                xor, captured = captures[int(random() * len(captures))]
            else:
                xor, captured = moves[int(random() * len(moves))]
            own, opp = opp & ~captured, own ^ xor
            quiet = 0 if captured else quiet + 1
            flipped = not flipped
        else:
            difference = own.bit_count() - opp.bit_count()
            result = 1.0 if difference > 0 else 0.0 if difference < 0 else 0.5
        return 1.0 - result if flipped else result
