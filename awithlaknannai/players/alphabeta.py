"""A look-ahead player: negamax alpha-beta search with iterative deepening.

The player imagines every sequence of moves a few turns deep, scores the
positions at the end with :class:`~awithlaknannai.players.evaluation.Evaluator`,
and assumes both sides pick their best. Inside the search a position is two
bit sets and a move the move generator's lean pair ``(xor, captured)``
(:mod:`awithlaknannai.movegen`): no
:class:`~awithlaknannai.Position` or :class:`~awithlaknannai.Move` object is
made below the root, so it searches hundreds of thousands of positions a
second.

Examples
--------
>>> from awithlaknannai import Position
>>> p = Position.from_pieces("zuni-4", {"M1": "w", "M2": "b"}, rules="ludii")
>>> len(p.legal_moves())   # capture is not compulsory under the Ludii rules
6
>>> AlphaBetaPlayer(depth=2, seed=0).choose_move(p)   # but this one wins at once
Move('M1xM3')
"""

from __future__ import annotations

import time

from ..movegen import LeanMove, generator_for
from ..errors import LongJobError, shown
from ..limits import check_long_job
from ..position import Move, Position
from ..variants import Variant
from .base import MAX_SECONDS, SearchPlayer, check_name, playable_moves
from .endgames import EndgameProbe, table_moves
from .evaluation import Evaluator, Weights

__all__ = ["MAX_CONTEMPT", "MAX_DEPTH_WITHOUT_TIME", "WIN_SCORE", "AlphaBetaPlayer"]

#: The deepest search without a time limit (or ``allow_long=True``).
MAX_DEPTH_WITHOUT_TIME = 8
#: The largest contempt, in hundredths of a piece: a hundred pieces.
MAX_CONTEMPT = 10_000

#: The score of a won position; a win found ``n`` turns ahead scores ``WIN_SCORE - n``.
WIN_SCORE = 1_000_000
_WIN_THRESHOLD = WIN_SCORE - 10_000
_INFINITY = 10 * WIN_SCORE
_EXACT, _LOWER, _UPPER = 0, 1, 2
_TABLE_LIMIT = 400_000  # entries kept before the transposition table is cleared
_KNOWN_LIMIT = 100_000  # move lists and evaluations remembered before they are cleared
_MAX_DEPTH = 64
# Turns of captures searched past the horizon, when captures are compulsory / optional.
_QUIESCENCE_LIMIT = {True: 6, False: 3}


class _OutOfTime(Exception):
    """Raised inside the search when the time limit has passed."""


class AlphaBetaPlayer(SearchPlayer):
    """Search ``depth`` turns ahead with alpha-beta pruning, then evaluate.

    How it searches:

    * Negamax alpha-beta, deepened one turn at a time (iterative
      deepening): each finished depth orders the next one's moves, and a
      time limit stops the search with the best move of the deepest
      finished depth. After the first move of a position, the others are
      first tested with a null window (principal variation search).
    * Move ordering: the best move remembered for the position, then
      captures (the largest first), then "killer" steps that refuted other
      lines at the same depth, then steps that refuted often (history).
    * A transposition table remembers searched positions. It is keyed on the
      pieces of the side to move and of the opponent, which stand for
      (white, black, side to move): the rules treat both colours alike and
      pieces move in every direction, so a position and its colour-swapped
      twin have the same value. The count of quiet turns is part of the key
      only when the turn limit is within reach of the search.
    * At the search horizon, a position where captures are pending is
      searched on through every capture (quiescence search), so no
      evaluation is made in the middle of an exchange. A turn with a single
      legal move (a forced capture) does not use up depth.
    * End rules: no pieces, no legal move (a loss or a draw as the rules
      say), and the turn limit without a capture, scored by
      ``rules.no_capture_result``. Faster wins score higher.
    * Repetition: a player is handed a position, not the game's history, so
      it remembers the positions it has been shown (and the ones its own
      moves made) since the last capture, and scores a return to any of
      them, or to a position earlier on the searched line, as a draw. It
      starts a new memory when a position does not follow on from the last
      one (a capture, fewer pieces, a new game); :meth:`reset` clears it.
    * Ties at the root are broken by the player's seeded random generator,
      so two games from the same position can differ.
    * With ``endgames=True``, positions the endgame tables cover are played
      perfectly (:mod:`awithlaknannai.players.endgames`): the search
      chooses only among the tables' best moves (the quickest win, the
      longest resistance, or any move keeping the draw), so it never
      throws a result away, and among equal moves it still plays for the
      opponent's mistakes. The tables are looked up at the root only:
      scoring covered positions inside the search by their exact values
      made it sacrifice pieces to keep out of endgames the tables call
      lost (measured, 40 games from 4 random opening turns: the club
      level scored 36% against the strong level scoring inside the
      search, 25% against it probing the root only, 26% against the
      search without tables).

    Parameters
    ----------
    depth : int or None
        Turns to look ahead (1 or more). ``None`` means "as deep as the time
        limit allows" and needs ``time_limit``.
    time_limit : float or None
        Seconds to think per move. The search stops at the limit and plays
        the best move of the last finished depth (at least depth 1 is always
        finished). Timed play depends on the machine, so it does not repeat
        exactly.
    seed : int or None
        Seed for breaking ties.
    weights : Weights, optional
        Evaluation weights (see :mod:`awithlaknannai.players.evaluation`).
    contempt : int
        How much worse than an even position a draw looks to this player, in
        hundredths of a piece (default 20): it plays on rather than repeat
        unless it judges itself worse by more than that.
    name : str, optional
        Shown in match tables; default ``alphabeta:DEPTH``.
    endgames : bool or EndgameProbe
        Play the positions that endgame tables cover perfectly (tables in
        the cache, and the smallest classes solved on the spot, once per
        session: about 0.3 s on Mosona).
    allow_long : bool, optional
        Accept a depth above :data:`MAX_DEPTH_WITHOUT_TIME` without a time
        limit, a time limit above
        :data:`~awithlaknannai.players.base.MAX_SECONDS`, and a search whose
        next depth is expected to pass ``MAX_SECONDS``.

    Raises
    ------
    TypeError, ValueError
        A wrong argument; the message names it.
    LongJobError
        Without ``allow_long``: a depth above :data:`MAX_DEPTH_WITHOUT_TIME`
        without a time limit (the tree grows about tenfold a depth on
        Kolowis under the Ludii rules), or a longer time limit; and from
        :meth:`choose_move` without a time limit, when the depths done so
        far show the next would take the move past ``MAX_SECONDS`` (each
        depth is timed, and the next estimated from how fast they grow).

    Attributes
    ----------
    last_search : dict
        Figures from the last :meth:`choose_move`: ``depth`` reached,
        ``nodes`` searched, ``seconds``, ``score`` (from the mover's view)
        and ``tables`` (1 when the endgame tables chose or narrowed the moves).

    Examples
    --------
    >>> from awithlaknannai import Position
    >>> player = AlphaBetaPlayer(depth=3, seed=1)
    >>> player.choose_move(Position.start("mosona"))
    Move('M5-M4')
    >>> player.last_search["depth"]
    3
    >>> AlphaBetaPlayer(depth=0)
    Traceback (most recent call last):
    ...
    ValueError: depth must be an integer from 1 to 64 (or None with a time_limit), got 0
    >>> AlphaBetaPlayer(depth=64)
    Traceback (most recent call last):
    ...
    awithlaknannai.errors.LongJobError: depth 64 without a time limit: a depth above 8 can take hours (the tree grows up to tenfold a depth); give a time_limit, or pass allow_long=True
    """

    def __init__(
        self,
        depth: int | None = 4,
        time_limit: float | None = None,
        seed: int | None = None,
        weights: Weights | None = None,
        contempt: int = 20,
        name: str | None = None,
        *,
        endgames: bool | EndgameProbe = False,
        allow_long: bool = False,
    ) -> None:
        super().__init__(seed, endgames, depth, "depth", "a depth", time_limit, allow_long)
        if depth is not None and not 1 <= depth <= _MAX_DEPTH:
            raise ValueError(
                f"depth must be an integer from 1 to {_MAX_DEPTH} (or None with a time_limit), got {shown(depth)}"
            )
        if depth is not None and depth > MAX_DEPTH_WITHOUT_TIME and time_limit is None and not allow_long:
            raise LongJobError(
                f"depth {depth} without a time limit: a depth above {MAX_DEPTH_WITHOUT_TIME} can take "
                "hours (the tree grows up to tenfold a depth); give a time_limit, or pass "
                "allow_long=True"
            )
        if weights is not None and not isinstance(weights, Weights):
            raise TypeError(f"weights must be a Weights value, got {type(weights).__name__}")
        self.depth = depth
        self.weights = weights if weights is not None else Weights()
        if isinstance(contempt, bool) or not isinstance(contempt, int):
            raise TypeError(
                f"contempt must be an integer (hundredths of a piece), got {type(contempt).__name__}"
            )
        if abs(contempt) > MAX_CONTEMPT:  # beyond it a draw would outscore a win
            raise ValueError(
                f"contempt must be from {-MAX_CONTEMPT:,} to {MAX_CONTEMPT:,} hundredths of a piece, "
                f"got {shown(contempt)}"
            )
        self.contempt = contempt
        # A draw scores -contempt for this player (at even plies it is to move) and +contempt for the opponent.
        self._draw = (-contempt, contempt)
        name = check_name(name)
        self.name = self.default_name("alphabeta", depth) if name is None else name
        self._prepared_for: Variant | None = None  # the variant the tables below were built for
        self._table_limit = _TABLE_LIMIT
        self._table: dict[tuple[int, int, int], tuple[int, int, int, LeanMove | None]] = {}
        # Move lists and evaluations of positions met before: iterative deepening meets most
        # inner positions again at every depth. Kept as long as the transposition table.
        self._known_moves: dict[tuple[int, int], list[LeanMove]] = {}
        self._known_scores: dict[tuple[int, int], tuple[int, bool, bool]] = {}
        self._killers: list[list[int]] = []  # per ply: the step keys (see _step_key) that refuted
        self._history: dict[int, int] = {}
        self._seen: set[tuple[int, int]] = set()  # game positions since the last capture
        self._last_root: tuple[int, int] | None = None  # (pieces on the board, quiet turns)
        self._path: list[tuple[int, int]] = []
        self._dead = 0  # points out of play on a shrinking board, at the root of the search

    def reset(self, seed: int | None = None) -> None:
        """Reseed, and forget the transposition table and move-ordering memory."""
        super().reset(seed)
        self._prepared_for = None
        self._table.clear()
        self._known_moves.clear()
        self._known_scores.clear()
        self._history.clear()
        self._seen.clear()
        self._last_root = None

    # --- the move choice ----------------------------------------------------

    def choose_move(self, position: Position) -> Move:
        playable_moves(position)  # refuses a finished position or another type, before anything changes
        state = self.rng.getstate()
        try:
            return self._choose(position)
        except LongJobError:
            self.rng.setstate(state)  # a refused search leaves the player's choices as they were
            raise

    def _choose(self, position: Position) -> Move:
        moves = playable_moves(position)
        started = time.perf_counter()
        self._prepare(position.variant)
        # A shrinking board's dead part only grows: the search keeps out of today's (it does not
        # foresee further shrinking within its horizon).
        if position.dead != self._dead:  # the move lists remembered were for other points out of play
            self._known_moves.clear()
        self._dead = position.dead
        lean = [move._lean for move in moves]  # type: ignore[attr-defined]  # the same moves, in lean form
        if len(moves) == 1:
            self.last_search = {"depth": 0, "nodes": 0, "seconds": 0.0, "score": 0, "tables": 0}
            return moves[0]
        own, opp = position._sides()
        perfect = self._perfect_moves(position)
        if perfect is not None and len(perfect) == 1:
            self.last_search = {
                "depth": 0,
                "nodes": 0,
                "seconds": time.perf_counter() - started,
                "score": 0,
                "tables": 1,
            }
            return moves[perfect[0]]
        self._remember_root(own, opp, position.quiet_turns)
        order = list(range(len(lean)))
        self.rng.shuffle(order)  # ties go to whichever equal move is tried first
        order.sort(key=lambda i: -lean[i][1].bit_count())
        if perfect is not None:  # the tables' best moves only: the search chooses among equals
            allowed = set(perfect)
            order = [i for i in order if i in allowed]
        # Depth 1 always finishes, so there is always a move; without a time limit (and without
        # allow_long) the whole move still stops at MAX_SECONDS, with an error rather than a weaker move.
        guard = self.time_limit is None and not self.allow_long
        self._deadline = started + MAX_SECONDS if guard else None
        self._nodes = 0
        self._killers = [[] for _ in range(_MAX_DEPTH * 4 + 8)]
        if len(self._table) > self._table_limit:
            self._table.clear()
        best_index, best_score, reached = order[0], 0, 0
        deepest = self.depth if self.depth is not None else _MAX_DEPTH
        took: list[float] = []  # seconds of each finished depth
        for depth in range(1, deepest + 1):
            if took and guard:
                # The next depth, judged from how the last ones grew (after depth 1, from the number
                # of moves at the root): refuse it before it runs for hours.
                growth = (
                    max(2.0, took[-1] / took[-2])
                    if len(took) >= 2 and took[-2] > 0
                    else max(2.0, float(len(lean)))
                )
                elapsed = time.perf_counter() - started
                check_long_job(
                    f"alphabeta depth {depth} on {position.variant.name}",
                    elapsed + took[-1] * growth,
                    allow_long=False,
                    seconds_limit=MAX_SECONDS,
                    advice=f"depth {depth - 1} took {took[-1]:.1f} s; give a time_limit or a smaller depth",
                )
            began = time.perf_counter()
            try:
                score, index = self._root(lean, order, own, opp, position.quiet_turns, depth)
            except _OutOfTime:
                if guard:
                    raise LongJobError(
                        f"alphabeta depth {depth} on {position.variant.name}: the move passed "
                        f"{MAX_SECONDS / 60:g} min; give a time_limit or a smaller depth, or pass "
                        "allow_long=True"
                    ) from None
                break
            took.append(time.perf_counter() - began)
            best_index, best_score, reached = index, score, depth
            order.remove(index)
            order.insert(0, index)
            if abs(score) >= _WIN_THRESHOLD:
                break  # a forced result: looking deeper changes nothing
            if self.time_limit is not None:
                if time.perf_counter() > started + self.time_limit / 2:
                    break  # the next depth would most likely not finish in time
                self._deadline = started + self.time_limit
        self.last_search = {
            "depth": reached,
            "nodes": self._nodes,
            "seconds": time.perf_counter() - started,
            "score": best_score,
            "tables": int(perfect is not None),
        }
        if self._repetition:
            xor, captured = lean[best_index]
            self._seen.add((opp & ~captured, own ^ xor))
        return moves[best_index]

    def _remember_root(self, own: int, opp: int, quiet: int) -> None:
        """Add the position to the game memory, first clearing it if this is not a continuation."""
        pieces = own.bit_count() + opp.bit_count()
        if (
            self._last_root is None
            or quiet == 0
            or self._last_root != (pieces, quiet - 1)
            and self._last_root != (pieces, quiet - 2)
        ):
            self._seen.clear()
        self._last_root = (pieces, quiet)
        if self._repetition:
            self._seen.add((own, opp))

    def _prepare(self, variant: Variant) -> None:
        if variant != self._prepared_for:
            self._prepared_for = variant
            self._variant = variant
            generator = generator_for(variant)
            self._moves_of = generator.lean
            self._n = variant.tables.size
            self._evaluator = Evaluator.shared(variant, self.weights)
            self._table.clear()
            self._known_moves.clear()
            self._known_scores.clear()
            self._history.clear()
            rules = variant.rules
            self._limit = rules.quiet_turn_limit
            self._blocked_loses = rules.blocked_player_loses
            self._compulsory = rules.compulsory_capture
            self._quiescence_limit = _QUIESCENCE_LIMIT[rules.compulsory_capture]
            self._more_pieces = rules.no_capture_result == "more_pieces"
            self._repetition = rules.repetition_limit is not None
            self._seen.clear()
            self._last_root = None
            # Entries cost about 300 bytes plus the two bit sets of the key: fewer on a large board.
            self._table_limit = _TABLE_LIMIT * 300 // (300 + variant.tables.size // 4)

    def _root(
        self, lean: list[LeanMove], order: list[int], own: int, opp: int, quiet: int, depth: int
    ) -> tuple[int, int]:
        alpha, beta = -_INFINITY, _INFINITY
        best_index = order[0]
        self._path = [(own, opp)]
        for index in order:
            xor, captured = lean[index]
            score = -self._search(
                opp & ~captured, own ^ xor, 0 if captured else quiet + 1, depth - 1, -beta, -alpha, 1
            )
            if score > alpha:
                alpha, best_index = score, index
        return alpha, best_index

    # --- the search -----------------------------------------------------------

    def _search(self, own: int, opp: int, quiet: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax value of the position with ``own`` to move, within (alpha, beta)."""
        self._nodes += 1
        if self._deadline is not None and not self._nodes & 255 and time.perf_counter() > self._deadline:
            raise _OutOfTime
        if not own:
            return ply - WIN_SCORE
        if not opp:
            return WIN_SCORE - ply
        position_key = (own, opp)
        if quiet and self._repetition and (position_key in self._seen or position_key in self._path):
            return self._draw[ply & 1]  # back to a position seen before: heading for a draw by repetition
        limit = self._limit
        if depth <= 0:
            # At the horizon most positions are quiet: settle them without generating moves.
            scored = self._known_scores.get(position_key)
            if scored is None:
                scores = self._known_scores
                if len(scores) >= _KNOWN_LIMIT:
                    scores.clear()
                scored = scores[position_key] = self._evaluator.evaluate(own, opp)
            score, can_capture, can_step = scored
            if not can_capture:
                if not can_step:
                    return ply - WIN_SCORE if self._blocked_loses else self._draw[ply & 1]
                if limit is not None and quiet >= limit:
                    return self._limit_score(own, opp, ply)
                return score
        moves = self._known_moves.get(position_key)
        if moves is None:
            known = self._known_moves
            if len(known) >= _KNOWN_LIMIT:
                known.clear()
            moves = known[position_key] = self._moves_of(own, opp, self._dead)
        if not moves:
            return ply - WIN_SCORE if self._blocked_loses else self._draw[ply & 1]
        if limit is not None and quiet >= limit:
            return self._limit_score(own, opp, ply)
        forced = len(moves) == 1 and ply < 4 * _MAX_DEPTH
        if depth <= 0 and not forced:
            return self._quiesce(own, opp, moves, alpha, beta, ply, 0)
        if forced:
            depth += 1  # a forced turn costs no depth

        key = (own, opp, quiet if limit is not None and quiet + depth + 2 >= limit else -1)
        entry = self._table.get(key)
        remembered = None
        if entry is not None:
            stored_depth, flag, stored, remembered = entry
            if stored_depth >= depth:
                value = (
                    stored - ply
                    if stored > _WIN_THRESHOLD
                    else stored + ply
                    if stored < -_WIN_THRESHOLD
                    else stored
                )
                if (
                    flag == _EXACT
                    or (flag == _LOWER and value >= beta)
                    or (flag == _UPPER and value <= alpha)
                ):
                    return value

        original_alpha = alpha
        path = self._path
        path.append(position_key)
        try:
            best_score, best_move = self._expand(moves, remembered, own, opp, quiet, depth, alpha, beta, ply)
        finally:
            path.pop()

        flag = _UPPER if best_score <= original_alpha else _LOWER if best_score >= beta else _EXACT
        stored = (
            best_score + ply
            if best_score > _WIN_THRESHOLD
            else best_score - ply
            if best_score < -_WIN_THRESHOLD
            else best_score
        )
        table = self._table
        if len(table) >= self._table_limit:
            table.clear()  # a long search must not grow the table without end
        table[key] = (depth, flag, stored, best_move)
        return best_score

    def _expand(
        self,
        moves: list[LeanMove],
        remembered: LeanMove | None,
        own: int,
        opp: int,
        quiet: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> tuple[int, LeanMove | None]:
        """Search each move in turn; return the best score and move (a cut-off stops early)."""
        best_score, best_move = -_INFINITY, None
        for move in self._ordered(moves, remembered, ply, own):
            xor, captured = move
            child_own = opp & ~captured
            child_opp = own ^ xor
            child_quiet = 0 if captured else quiet + 1
            if best_move is None:
                score = -self._search(child_own, child_opp, child_quiet, depth - 1, -beta, -alpha, ply + 1)
            else:
                # Principal variation search: after the first move, only check that a move is no
                # better than the best so far (a cheap null window); search it fully if it is.
                score = -self._search(
                    child_own, child_opp, child_quiet, depth - 1, -alpha - 1, -alpha, ply + 1
                )
                if alpha < score < beta:
                    score = -self._search(
                        child_own, child_opp, child_quiet, depth - 1, -beta, -score, ply + 1
                    )
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not captured:
                            self._remember_cutoff(self._step_key(xor, own), ply, depth)
                        break
        return best_score, best_move

    def _quiesce(
        self, own: int, opp: int, moves: list[LeanMove], alpha: int, beta: int, ply: int, extra: int
    ) -> int:
        """Search captures only, until the position is quiet, then evaluate.

        ``extra`` counts the turns searched past the horizon; at the limit
        the position is evaluated as it stands. The limit is lower where
        captures are optional: the captures of both sides could otherwise
        be tried in every order.
        """
        captures = moves if moves[0][1] else []
        if extra >= self._quiescence_limit:
            return self._evaluator.score(own, opp)
        if not (captures and self._compulsory):
            # A quiet position, or captures the mover may decline: the mover
            # can "stand pat" on the static score.
            stand = self._evaluator.score(own, opp)
            if stand >= beta or not captures:
                return stand
            alpha = max(alpha, stand)
            captures = [m for m in moves if m[1]]
            best = stand
        else:
            best = -_INFINITY
        for xor, captured in sorted(captures, key=_captured_first):
            score = -self._after_capture(opp & ~captured, own ^ xor, -beta, -alpha, ply + 1, extra + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _after_capture(self, own: int, opp: int, alpha: int, beta: int, ply: int, extra: int) -> int:
        """A quiescence node: the end rules, then :meth:`_quiesce`."""
        self._nodes += 1
        if not own:
            return ply - WIN_SCORE
        moves = self._moves_of(own, opp, self._dead)
        if not moves:
            return ply - WIN_SCORE if self._blocked_loses else self._draw[ply & 1]
        # After a capture the quiet count is 0, so the turn limit cannot end the game here.
        return self._quiesce(own, opp, moves, alpha, beta, ply, extra)

    def _perfect_moves(self, position: Position) -> list[int] | None:
        """With ``endgames``, the indices of the tables' best moves where they cover ``position``, else None."""
        best = table_moves(self.endgames, position)
        if best is None:
            return None
        moves = position.legal_moves()
        return [moves.index(move) for move in best]

    def _limit_score(self, own: int, opp: int, ply: int) -> int:
        if self._more_pieces:
            difference = own.bit_count() - opp.bit_count()
            if difference:
                return WIN_SCORE - ply if difference > 0 else ply - WIN_SCORE
        return self._draw[ply & 1]

    # --- move ordering --------------------------------------------------------

    def _step_key(self, xor: int, own: int) -> int:
        """A step as one integer: its origin's bit above the board, its two points below."""
        return (xor & own) << self._n | xor

    def _ordered(
        self, moves: list[LeanMove], remembered: LeanMove | None, ply: int, own: int
    ) -> list[LeanMove]:
        """The moves best first: the remembered one, captures (the largest first), killers, then history.

        A stable sort, so equal priorities keep the generator's order.
        """
        if len(moves) == 1:
            return moves
        killers = self._killers[ply] if ply < len(self._killers) else []
        history = self._history
        n = self._n

        def priority(move: LeanMove) -> int:
            if move == remembered:
                return 1 << 40
            xor, captured = move
            if captured:
                return (1 << 30) + captured.bit_count()
            key = (xor & own) << n | xor  # a step: its origin and its two points (see _step_key)
            if key in killers:
                return 1 << 20
            return history.get(key, 0)

        return sorted(moves, key=priority, reverse=True)

    def _remember_cutoff(self, key: int, ply: int, depth: int) -> None:
        if ply < len(self._killers):
            killers = self._killers[ply]
            if key not in killers:
                killers.insert(0, key)
                del killers[2:]
        self._history[key] = min(self._history.get(key, 0) + depth * depth, 1 << 19)


def _captured_first(move: LeanMove) -> int:
    return -move[1].bit_count()
