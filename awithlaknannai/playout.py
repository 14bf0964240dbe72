"""A lean move generator and random playouts for search and self-play.

:class:`~awithlaknannai.position.Position` is the safe, immutable API: every
move is a :class:`~awithlaknannai.position.Move` object, every position is
checked when it is built and its end-of-game state is worked out. Profiling
random play through it (``benchmarks/random_games.py``) shows where the time
goes: only about a quarter in generating moves, the rest in building Move
objects, looking a chosen move up again, cached properties and validating
the new position. :class:`LeanEngine` keeps only the first part: a position
is a pair of bit sets ``(own, opp)`` seen from the side to move, and a move is
a pair of integers ``(xor, captured)``::

    next_own, next_opp = opp & ~captured, own ^ xor

``xor`` flips the piece's origin and destination (0 for a leap sequence that
comes back to where it started) and ``captured`` is the set of jumped points.
The generator follows the same rules as the Position generator and gives the
same moves, one entry per distinct leap sequence (two sequences taking the
same pieces to the same point count twice, as in Position), so a uniform
choice picks moves with the same odds. Tests replay seeded playouts through
Position, ply by ply.

Speed comes from one table lookup per piece: for each point, the moves a
piece there can start (its steps and its first leaps) depend only on which
neighbours are empty and which points a leap could jump hold enemies, so
they are looked up in a per-point dictionary keyed by those bits, filled the
first time each pattern occurs.

Examples
--------
>>> from awithlaknannai import Position
>>> engine = LeanEngine("mosona", "ludii")
>>> p = Position.start(engine.variant)
>>> sorted(engine.moves(p.white, p.black)) == sorted(engine.moves_of(p))
True
>>> len(engine.moves(p.white, p.black))
3
>>> result = engine.playout(1)
>>> result.winner in ("white", "black", None), result.plies > 0
(True, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from . import position as _position
from .errors import LongJobError, TooManyMovesError
from .position import Position, _variant_argument
from .rules import Rules
from .variants import Color, Variant

__all__ = ["LeanEngine", "LeanMove", "PlayoutResult", "lean_move_of"]

# (xor of origin and destination bits, captured points' bits)
LeanMove = tuple[int, int]


@dataclass(frozen=True)
class PlayoutResult:
    """How one random game ended.

    Attributes
    ----------
    winner : {"white", "black"} or None
        ``None`` for a draw.
    reason : str
        ``"no pieces"``, ``"blocked"`` or ``"quiet limit"`` (as
        :class:`~awithlaknannai.position.EndReason`; repetition is not
        checked, as in :class:`~awithlaknannai.position.Position`).
    plies : int
        Turns played.
    """

    winner: str | None
    reason: str
    plies: int


def lean_move_of(raw: tuple[int, tuple[int, ...], tuple[int, ...], int]) -> LeanMove:
    """The lean form ``(xor, captured)`` of a raw move from :func:`~awithlaknannai.position.generate_raw`."""
    origin, landings, _, capmask = raw
    return ((1 << origin) ^ (1 << landings[-1]), capmask)


class LeanEngine:
    """Move generation and random play on bit sets, without Move objects.

    Parameters
    ----------
    variant : str or Variant
        A variant name or a :class:`~awithlaknannai.variants.Variant`.
    rules : str or Rules, optional
        Rules for a named variant (default: the variant's own).
    """

    def __init__(self, variant: str | Variant = "mosona", rules: str | Rules | None = None) -> None:
        variant = _variant_argument(variant, rules)
        if variant.shrink is not None:
            # Its positions carry the dead part, which (own, opp) pairs cannot.
            raise ValueError(f"the lean engine does not follow {variant.name}'s shrinking board; "
                             "play it through Position")
        self.variant = variant
        tables = variant.tables
        rules_value = variant.rules
        self.rules = rules_value
        self.n = n = tables.size
        self.full = tables.full_mask
        self._multi = rules_value.multi_leap
        self._compulsory = rules_value.compulsory_capture
        self._maximum = rules_value.maximum_capture
        # Bent leaps: like Position, one move per (landing point, captured set).
        self._merge_routes = rules_value.leap_shape == "bent"
        # Per point: the bits a piece's first move depends on.
        self._over_mask = [0] * n
        self._reach_mask = [0] * n
        for p in range(n):
            over = reach = 0
            for o, t in tables.leaps[p]:
                over |= 1 << o
                reach |= 1 << t
            for t in tables.steps[p]:
                reach |= 1 << t
            self._over_mask[p] = over
            self._reach_mask[p] = reach
        # Per point: the points a piece could move to it from (a step or a leap away).
        self._comes_from = [0] * n
        for p in range(n):
            for t in tables.steps[p]:
                self._comes_from[t] |= 1 << p
            for _, t in tables.leaps[p]:
                self._comes_from[t] |= 1 << p
        self._leaps = [tuple((1 << o, 1 << t) for o, t in tables.leaps[p]) for p in range(n)]
        # Points whose moves depend on many points (alquerque's eight directions) have too
        # many patterns to remember: their moves are worked out each time instead.
        self._memo_worth = [(self._over_mask[p] | self._reach_mask[p]).bit_count() <= 14 for p in range(n)]
        self._steps = [tuple(1 << t for t in tables.steps[p]) for p in range(n)]
        # memo[p][key] -> (steps, first leaps) of a piece on p; key = opp bits << n | empty bits.
        self._memo: list[dict[int, tuple[tuple[LeanMove, ...], tuple[LeanMove, ...]]]] = [{} for _ in range(n)]
        # Bit positions of each byte value, per byte of the board.
        self._chunks = tuple(
            (shift, tuple(tuple(shift + j for j in range(8) if value >> j & 1) for value in range(256)))
            for shift in range(0, n, 8)
        )
        if self._multi == "none" and not self._compulsory and not self._maximum:
            # One leap a turn and free choice (the ludii preset): each piece's moves are its
            # steps and single leaps, so one lookup per piece gives them all.
            self._simple_memo: list[dict[int, tuple[LeanMove, ...]]] = [{} for _ in range(n)]
            self._piece_info = tuple(
                (shift, tuple(tuple((self._over_mask[p], self._reach_mask[p], self._simple_memo[p], p)
                                    for p in points if p < n) for points in table))
                for shift, table in self._chunks
            )
            self._generate = self._simple_moves
        else:
            self._generate = self._full_moves

    # --- generation -----------------------------------------------------------

    def _piece_moves(self, p: int, opp: int, empty: int) -> tuple[tuple[LeanMove, ...], tuple[LeanMove, ...]]:
        key = ((opp & self._over_mask[p]) << self.n) | (empty & self._reach_mask[p])
        found = self._memo[p].get(key)
        if found is None:
            bit = 1 << p
            steps = tuple((bit | to, 0) for to in self._steps[p] if empty & to)
            leaps = tuple((bit | to, over) for over, to in self._leaps[p] if opp & over and empty & to)
            found = (steps, leaps)
            if self._memo_worth[p]:
                self._memo[p][key] = found
        return found

    def _simple_moves(self, own: int, opp: int) -> list[LeanMove]:
        empty = self.full & ~(own | opp)
        n = self.n
        out: list[LeanMove] = []
        if empty.bit_count() < 4:  # crowded: only pieces next to (or a leap from) an empty point
            comes_from = self._comes_from
            near = 0
            for shift, table in self._chunks:
                for e in table[(empty >> shift) & 255]:
                    near |= comes_from[e]
            own &= near
        for shift, table in self._piece_info:
            for over_mask, reach_mask, memo, p in table[(own >> shift) & 255]:
                found = memo.get(((opp & over_mask) << n) | (empty & reach_mask))
                if found is None:
                    steps, leaps = self._piece_moves(p, opp, empty)
                    found = leaps + steps
                    if self._memo_worth[p]:
                        memo[((opp & over_mask) << n) | (empty & reach_mask)] = found
                out += found
        return out

    def moves(self, own: int, opp: int) -> list[LeanMove]:
        """Every legal move of the side owning ``own``, as ``(xor, captured)`` pairs.

        Same rules and same number of entries as
        :func:`~awithlaknannai.position.generate_raw`; does not look at the
        end of the game (a side without pieces simply has no move).

        Raises
        ------
        TypeError
            ``own`` or ``opp`` is not an integer.
        ValueError
            They name points the board does not have, or the same point.
        TooManyMovesError
            The captures are too many to list (as for a Position).
        """
        own, opp = self._bit_sets(own, opp)
        return self._generate(own, opp)

    def _bit_sets(self, own: object, opp: object) -> tuple[int, int]:
        """Check a position given as two bit sets: integers, on the board, not overlapping."""
        for name, value in (("own", own), ("opp", opp)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} is a bit set of points (an integer), got {type(value).__name__}")
            if value < 0 or value > self.full:
                raise ValueError(f"{name} names points the board does not have ({self.variant.name} has {self.n})")
        if own & opp:  # type: ignore[operator]
            raise ValueError("own and opp name the same point: a point holds one piece at most")
        return own, opp  # type: ignore[return-value]

    def _full_moves(self, own: int, opp: int) -> list[LeanMove]:
        empty = self.full & ~(own | opp)
        memo = self._memo
        over_mask, reach_mask, n = self._over_mask, self._reach_mask, self.n
        steps: list[LeanMove] = []
        leaps: list[LeanMove] = []
        leapers: list[int] = []
        movers = own
        if empty.bit_count() < 4:
            # Crowded (the openings): only pieces a step or a leap away from an empty point can move.
            comes_from = self._comes_from
            near = 0
            for shift, table in self._chunks:
                for e in table[(empty >> shift) & 255]:
                    near |= comes_from[e]
            movers &= near
        for shift, table in self._chunks:
            for p in table[(movers >> shift) & 255]:
                key = ((opp & over_mask[p]) << n) | (empty & reach_mask[p])
                found = memo[p].get(key)
                if found is None:
                    found = self._piece_moves(p, opp, empty)
                if found[1]:
                    leaps.extend(found[1])
                    leapers.append(p)
                steps.extend(found[0])
        if not leaps:
            return steps
        if self._multi != "none":
            leaps = self._sequences(leapers, opp, empty)
        if self._maximum:
            most = max(cap.bit_count() for _, cap in leaps)
            leaps = [m for m in leaps if m[1].bit_count() == most]
        if self._compulsory:
            return leaps
        return leaps + steps

    def _sequences(self, leapers: list[int], opp: int, empty: int) -> list[LeanMove]:
        # Whole leap sequences, as Position's generator builds them: each
        # jumped piece leaves at once, the origin is empty while leaping. A
        # search with its own stack (a chain of 500 leaps must not recurse
        # 500 deep), listing moves in the order a recursive search would, and
        # bounded like Position's (MAX_LEAP_WORK, MAX_LEAP_STATES).
        out: list[LeanMove] = []
        optional = self._multi == "optional"
        all_leaps = self._leaps
        # With bent leaps, Position visits each (point, captured set) of one
        # piece once and keeps the first route: do the same, so both list the
        # same moves (line leaps keep every route).
        merge = self._merge_routes
        work = 0
        for p in leapers:
            start = 1 << p
            seen: set[tuple[int, int]] = set()
            # A frame: [point, opponent's pieces, empty points, captured, next leap to try, any leap found].
            stack: list[list] = [[p, opp, empty | start, 0, 0, False]]
            while stack:
                frame = stack[-1]
                cur, opp_now, empty_now, captured, i, found = frame
                runs = all_leaps[cur]
                child = None
                while i < len(runs):
                    over, to = runs[i]
                    i += 1
                    if opp_now & over and empty_now & to:
                        found = True
                        landed = to.bit_length() - 1
                        now = captured | over
                        work += 4 + (now.bit_length() >> 6)
                        if merge:
                            if (landed, now) in seen:
                                continue
                            seen.add((landed, now))
                            if len(seen) > _position.MAX_LEAP_STATES:
                                raise TooManyMovesError(
                                    f"bent leaps: one piece has more than {_position.MAX_LEAP_STATES:,} different "
                                    "captures here, more than can be listed; use leap_shape=line on this board")
                        if work > _position.MAX_LEAP_WORK:
                            raise TooManyMovesError(
                                "this position has more captures than can be listed (the leap search passed "
                                f"MAX_LEAP_WORK, {_position.MAX_LEAP_WORK:,} units); it is refused rather than "
                                "filling the memory")
                        if optional:
                            out.append((start ^ to, now))
                            work += 8
                        child = [landed, opp_now ^ over, empty_now | over, now, 0, False]
                        break
                if child is not None:
                    frame[4] = i
                    frame[5] = True
                    stack.append(child)
                    continue
                stack.pop()
                if not found and captured and not optional:
                    out.append((start ^ (1 << cur), captured))
                    work += 8
        return out

    def moves_of(self, position: Position) -> list[LeanMove]:
        """The moves of a :class:`~awithlaknannai.position.Position`, in lean form (same as :meth:`moves`)."""
        self._check_position(position)
        if position.turn is Color.WHITE:
            return self._generate(position.white, position.black)
        return self._generate(position.black, position.white)

    def _check_position(self, position: object) -> None:
        if not isinstance(position, Position):
            raise TypeError(f"the lean engine takes a Position, got {type(position).__name__}")
        if position.variant.tables is not self.variant.tables or position.variant.rules != self.rules:
            raise ValueError("the position is of another variant or other rules than this engine")

    def perft(self, position: Position, depth: int, *, allow_long: bool = False) -> int:
        """Leaves of the game tree ``depth`` plies deep; equal to :func:`awithlaknannai.position.perft`.

        Parameters
        ----------
        position : Position
            Of this engine's variant and rules.
        depth : int
            Plies, from 0 to :data:`~awithlaknannai.position.MAX_PERFT_DEPTH`.
        allow_long : bool, optional
            Count even if the count is estimated (as by
            :func:`~awithlaknannai.position.perft_estimate`, with this
            engine's nodes timed) to take more than a minute.

        Raises
        ------
        TypeError, ValueError
            A wrong argument; the message says which.
        LongJobError
            The estimate is above a minute and ``allow_long`` is false.

        Examples
        --------
        >>> from awithlaknannai import perft
        >>> p = Position.start("mosona")
        >>> LeanEngine("mosona").perft(p, 5) == perft(p, 5)
        True
        >>> LeanEngine("mosona").perft(p, 40)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.LongJobError: perft to depth 40 on mosona (standard): estimated ...
        """
        from .limits import LONG_JOB_SECONDS, check_long_job, flag, whole_number

        self._check_position(position)
        whole_number("perft depth", depth, 0, _position.MAX_PERFT_DEPTH)
        if position.is_terminal():
            return 1 if depth == 0 else 0
        limit = self.rules.quiet_turn_limit
        moves = self._generate
        if not flag("allow_long", allow_long) and depth >= 3:
            def expand(node: tuple[int, int, int]) -> list[LeanMove] | None:
                own, opp, quiet = node
                if not own or not opp or (limit is not None and quiet >= limit):
                    return None
                return moves(own, opp)

            def child(node: tuple[int, int, int], move: LeanMove) -> tuple[int, int, int]:  # type: ignore[override]
                own, opp, quiet = node
                xor, captured = move
                return opp & ~captured, own ^ xor, 0 if captured else quiet + 1

            white_first = position.turn is Color.WHITE
            root = ((position.white, position.black) if white_first else (position.black, position.white))
            _, seconds = _position.tree_estimate((*root, position.quiet_turns), depth, expand, child,  # type: ignore[arg-type]
                                                 give_up_after=2 * LONG_JOB_SECONDS)
            check_long_job(f"perft to depth {depth} on {self.variant.name} ({self.rules.to_text()})", seconds,
                           allow_long=False, advice="try a smaller depth")

        def count(own: int, opp: int, quiet: int, depth: int) -> int:
            if not own or not opp or (limit is not None and quiet >= limit):
                return 0
            legal = moves(own, opp)
            if depth == 1:
                return len(legal)
            total = 0
            for xor, captured in legal:
                total += count(opp & ~captured, own ^ xor, 0 if captured else quiet + 1, depth - 1)
            return total

        if depth == 0:
            return 1
        white = position.turn is Color.WHITE
        own, opp = (position.white, position.black) if white else (position.black, position.white)
        return count(own, opp, position.quiet_turns, depth)

    # --- random play ----------------------------------------------------------

    def playout(self, seed: int | random.Random | None = None, own: int | None = None, opp: int | None = None,
                quiet: int = 0, white_to_move: bool = True, record: list | None = None, *,
                allow_long: bool = False) -> PlayoutResult:
        """Play one uniformly random game to its end; from the start position by default.

        Ends as :meth:`Position.outcome` does: a side without pieces
        loses, a blocked side loses (or draws, by the rules), and the game
        stops at the quiet-turn limit (scored by the rules). Repetition is
        not checked, as in Position.

        Parameters
        ----------
        seed : int, Random or None
            Seeds the choices (a :class:`random.Random` is used as it is).
        own, opp : int, optional
            Bit sets of the side to move and of the other side.
        quiet : int
            Turns already played without a capture.
        white_to_move : bool
            Whether ``own`` is White.
        record : list, optional
            If given, each ply appends ``(own, opp, moves, chosen)``.
        allow_long : bool, optional
            Let a game go on for more than a minute (only possible without
            a quiet-turn limit); otherwise it stops with a
            :class:`~awithlaknannai.errors.LongJobError`.

        Raises
        ------
        TypeError, ValueError
            A wrong argument: ``own`` and ``opp`` must be bit sets of this
            board that do not overlap.
        """
        from .limits import LONG_JOB_SECONDS, flag, whole_number

        if not (seed is None or isinstance(seed, random.Random)):
            whole_number("seed", seed)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        pick = rng.random
        flag("white_to_move", white_to_move)
        flag("allow_long", allow_long)
        quiet = whole_number("quiet", quiet, 0)
        if record is not None and not isinstance(record, list):
            raise TypeError(f"record is a list to append the plies to, or None; got {type(record).__name__}")
        if (own is None) != (opp is None):
            raise ValueError("give both own and opp, or neither (for the start position)")
        if own is None or opp is None:
            start = Position.start(self.variant)
            white, black = start.white, start.black
            own, opp = (white, black) if start.turn is Color.WHITE else (black, white)
            white_to_move = start.turn is Color.WHITE
        else:
            own, opp = self._bit_sets(own, opp)
        rules = self.rules
        limit = rules.quiet_turn_limit
        if limit is None:
            limit = 1 << 62
        moves = self._generate
        plies = 0
        deadline = None if allow_long else time.perf_counter() + LONG_JOB_SECONDS
        while True:
            if deadline is not None and not plies & 1023 and plies and time.perf_counter() > deadline:
                raise LongJobError(f"a random game of {self.variant.name} ({self.rules.to_text()}) has gone on for "
                                   f"{plies:,} plies and a minute without ending (no turn limit stops it); give the "
                                   "rules a quiet_turn_limit, or pass allow_long=True")
            if not own:
                winner, reason = (not white_to_move), "no pieces"
                break
            if not opp:
                winner, reason = white_to_move, "no pieces"
                break
            legal = moves(own, opp)
            if not legal:
                winner = (not white_to_move) if rules.blocked_player_loses else None
                reason = "blocked"
                break
            if quiet >= limit:
                winner, reason = self._quiet_result(own, opp, white_to_move), "quiet limit"
                break
            xor, captured = legal[int(pick() * len(legal))]
            if record is not None:
                record.append((own, opp, legal, (xor, captured)))
            own, opp = opp & ~captured, own ^ xor
            quiet = 0 if captured else quiet + 1
            white_to_move = not white_to_move
            plies += 1
        name = None if winner is None else ("white" if winner else "black")
        return PlayoutResult(name, reason, plies)

    def _quiet_result(self, own: int, opp: int, white_to_move: bool) -> bool | None:
        if self.rules.no_capture_result == "more_pieces":
            mine, theirs = own.bit_count(), opp.bit_count()
            if mine != theirs:
                return white_to_move if mine > theirs else not white_to_move
        return None

    def random_games(self, games: int, seed: int = 0, *, allow_long: bool = False) -> tuple[int, int]:
        """Play ``games`` random games from the start; return ``(games, plies)``.

        Parameters
        ----------
        games : int
            How many games (0 or more).
        seed : int
            Seeds the games' random choices.
        allow_long : bool, optional
            Play them all even if the first games show the whole run would
            take more than a minute.

        Raises
        ------
        LongJobError
            The time of the first games (the first 8, or the first second),
            times the games left, is more than a minute; the message gives
            the estimate. Checked once, early, so a refused call has spent
            about a second at most.

        Examples
        --------
        >>> LeanEngine("zuni-3").random_games(100, seed=1)[0]
        100
        >>> LeanEngine("mosona").random_games(10**12)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.LongJobError: 1,000,000,000,000 random games of mosona (standard): estimated ...
        """
        from .limits import check_long_job, flag, whole_number

        games = whole_number("games", games, 0)
        whole_number("seed", seed)
        flag("allow_long", allow_long)
        rng = random.Random(seed)
        plies = 0
        began = time.perf_counter()
        checked = allow_long
        for played in range(games):
            plies += self.playout(rng, allow_long=allow_long).plies
            if not checked and (played >= 7 or time.perf_counter() - began > 1.0):
                checked = True
                per_game = (time.perf_counter() - began) / (played + 1)
                check_long_job(f"{games:,} random games of {self.variant.name} ({self.rules.to_text()})",
                               per_game * games, allow_long=False, advice="play fewer games")
        return games, plies
