"""The lean engine: random games and perft on bit sets, with the generator's lean moves.

:class:`~awithlaknannai.position.Position` is the safe, immutable API: every
move is a :class:`~awithlaknannai.position.Move`, every position is checked
when it is built from outside and its end-of-game state is worked out.
:class:`LeanEngine` keeps only what a random game or a count needs: a
position is a pair of bit sets ``(own, opp)`` seen from the side to move
(and, on a shrinking board, the bit set of the points out of play), and a
move is a pair of integers ``(xor, captured)``::

    next_own, next_opp = opp & ~captured, own ^ xor

``xor`` flips the piece's origin and destination (0 for a leap sequence that
comes back to where it started) and ``captured`` is the set of jumped points.
The moves come from the one move generator
(:mod:`awithlaknannai.movegen`) that also lists a Position's moves,
in the same order and with the same entries (one per distinct leap
sequence), so a uniform choice picks moves with the same odds. Tests replay
seeded playouts through Position, ply by ply.

Examples
--------
>>> from awithlaknannai import Position
>>> engine = LeanEngine("mosona", "ludii")
>>> p = Position.start(engine.variant)
>>> engine.moves(p.white, p.black) == engine.moves_of(p)
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
from functools import cached_property

from ..errors import LongJobError
from ..movegen import LeanMove, generator_for, lean_move_of
from ..position import MAX_PERFT_DEPTH, Position, _variant_argument, perft
from ..rules import Rules, refuse_unfollowed
from ..variants import Color, Variant

__all__ = ["RULES_FOLLOWED", "LeanEngine", "LeanMove", "PlayoutResult", "lean_move_of"]

#: How this engine treats each field of :class:`~awithlaknannai.rules.Rules`: ``"follows"`` (plays it as
#: the move generator does), ``"refuses"`` (raises ValueError), or ``"ignores: why"``.
#: ``tests/test_rules_everywhere.py`` walks every field of every engine against this.
RULES_FOLLOWED: dict[str, str] = {
    "compulsory_capture": "follows",
    "multi_leap": "follows",
    "maximum_capture": "follows",
    "leap_shape": "follows",
    "blocked_player_loses": "follows",
    "quiet_turn_limit": "follows",
    "repetition_limit": "ignores: repetition depends on a game's history; Game checks it, as for Position",
    "no_capture_result": "follows",
    "shrink_boundary": "follows",
}


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


class LeanEngine:
    """Move generation and random play on bit sets, without Move objects.

    Parameters
    ----------
    variant : str or Variant
        A variant name or a :class:`~awithlaknannai.variants.Variant`
        (shrinking boards included: their positions carry the points out of
        play as a third bit set).
    rules : str or Rules, optional
        Rules for a named variant (default: the variant's own).
    """

    def __init__(self, variant: str | Variant = "mosona", rules: str | Rules | None = None) -> None:
        variant = _variant_argument(variant, rules)
        refuse_unfollowed(variant.rules, RULES_FOLLOWED, "LeanEngine")
        self.variant = variant
        self.rules = variant.rules
        self.n = variant.tables.size
        self.full = variant.tables.full_mask
        self.generator = generator_for(variant)
        self.shrink = variant.shrink
        # The generator's lean moves, under the name the players and benchmarks call.
        self._generate = self.generator.lean

    # --- generation -----------------------------------------------------------

    def moves(self, own: int, opp: int, dead: int = 0) -> list[LeanMove]:
        """Every legal move of the side owning ``own``, as ``(xor, captured)`` pairs.

        The same moves in the same order as
        :meth:`Position.legal_moves() <awithlaknannai.position.Position.legal_moves>`;
        does not look at the end of the game (a side without pieces simply
        has no move). ``dead`` is the set of points out of play on a
        shrinking board.

        Raises
        ------
        TypeError
            ``own``, ``opp`` or ``dead`` is not an integer.
        ValueError
            They name points the board does not have, or the same point.
        TooManyMovesError
            The captures are too many to list (as for a Position).
        """
        own, opp = self._bit_sets(own, opp)
        if isinstance(dead, bool) or not isinstance(dead, int):
            raise TypeError(f"dead is a bit set of points (an integer), got {type(dead).__name__}")
        if dead and (self.shrink is None or not self.shrink.is_reachable(dead) or dead & (own | opp)):
            raise ValueError(
                "dead must be a set of points out of play that this board's shrinking rule "
                "can make, holding no piece"
            )
        return self._generate(own, opp, dead)

    def _bit_sets(self, own: object, opp: object) -> tuple[int, int]:
        """Check a position given as two bit sets: integers, on the board, not overlapping."""
        for name, value in (("own", own), ("opp", opp)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} is a bit set of points (an integer), got {type(value).__name__}")
            if value < 0 or value > self.full:
                raise ValueError(
                    f"{name} names points the board does not have ({self.variant.name} has {self.n})"
                )
        if own & opp:  # type: ignore[operator]
            raise ValueError("own and opp name the same point: a point holds one piece at most")
        return own, opp  # type: ignore[return-value]

    def moves_of(self, position: Position) -> list[LeanMove]:
        """The moves of a :class:`~awithlaknannai.position.Position`, in lean form (same as :meth:`moves`)."""
        self._check_position(position)
        return self._generate(*position._sides(), position.dead)

    def _check_position(self, position: object) -> None:
        if not isinstance(position, Position):
            raise TypeError(f"the lean engine takes a Position, got {type(position).__name__}")
        if position.variant.tables is not self.variant.tables or position.variant.rules != self.rules:
            raise ValueError("the position is of another variant or other rules than this engine")

    def perft(self, position: Position, depth: int, *, allow_long: bool = False) -> int:
        """Leaves of the game tree ``depth`` plies deep; :func:`awithlaknannai.position.perft` itself.

        Both count with the same generator's lean moves; this one first
        checks that the position is of this engine's variant and rules.

        Parameters
        ----------
        position : Position
            Of this engine's variant and rules.
        depth : int
            Plies, from 0 to :data:`~awithlaknannai.position.MAX_PERFT_DEPTH`.
        allow_long : bool, optional
            Count even if the count is estimated (as by
            :func:`~awithlaknannai.position.perft_estimate`) to take more
            than a minute.

        Raises
        ------
        TypeError, ValueError
            A wrong argument; the message says which.
        LongJobError
            The estimate is above a minute and ``allow_long`` is false.

        Examples
        --------
        >>> p = Position.start("mosona")
        >>> LeanEngine("mosona").perft(p, 5) == perft(p, 5)
        True
        >>> LeanEngine("mosona").perft(p, 40)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.LongJobError: perft to depth 40 on mosona (standard): estimated ...
        """
        from ..limits import whole_number

        self._check_position(position)
        whole_number("perft depth", depth, 0, MAX_PERFT_DEPTH)
        return perft(position, depth, allow_long=allow_long)

    # --- random play ----------------------------------------------------------

    def playout(
        self,
        seed: int | random.Random | None = None,
        own: int | None = None,
        opp: int | None = None,
        quiet: int = 0,
        white_to_move: bool = True,
        record: list | None = None,
        *,
        dead: int = 0,
        allow_long: bool = False,
    ) -> PlayoutResult:
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
        dead : int
            Points out of play at the start, on a shrinking board (it then
            shrinks as the rules say, move by move).
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
        from ..limits import LONG_JOB_SECONDS, flag, whole_number

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
            own, opp, white_to_move = self._start
        else:
            self.moves(own, opp, dead)  # checks the three bit sets
        rules = self.rules
        shrink = self.shrink
        limit = rules.quiet_turn_limit
        if limit is None:
            limit = 1 << 62
        moves = self._generate
        plies = 0
        deadline = None if allow_long else time.perf_counter() + LONG_JOB_SECONDS
        winner: bool | None  # True: white wins; None: a draw
        # A side without pieces has no move, and the side that has just moved keeps a piece:
        # after the first ply, "no pieces" is found among the positions without a move.
        if not own or not opp:
            winner, reason = (white_to_move if own else not white_to_move), "no pieces"
            return PlayoutResult("white" if winner else "black", reason, 0)
        while True:
            if deadline is not None and not plies & 1023 and plies and time.perf_counter() > deadline:
                raise LongJobError(
                    f"a random game of {self.variant.name} ({self.rules.to_text()}) has gone on for "
                    f"{plies:,} plies and a minute without ending (no turn limit stops it); give the "
                    "rules a quiet_turn_limit, or pass allow_long=True"
                )
            legal = moves(own, opp, dead)
            if not legal:
                if not own:
                    winner, reason = (not white_to_move), "no pieces"
                else:
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
            if shrink is not None:
                dead = shrink.after(own | opp, dead)
            quiet = 0 if captured else quiet + 1
            white_to_move = not white_to_move
            plies += 1
        name = None if winner is None else ("white" if winner else "black")
        return PlayoutResult(name, reason, plies)

    @cached_property
    def _start(self) -> tuple[int, int, bool]:
        """The start position as ``(own, opp, white_to_move)``."""
        start = Position.start(self.variant)
        white_to_move = start.turn is Color.WHITE
        white, black = start.white, start.black
        return (white, black, True) if white_to_move else (black, white, False)

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
        from ..limits import check_long_job, flag, whole_number

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
                check_long_job(
                    f"{games:,} random games of {self.variant.name} ({self.rules.to_text()})",
                    per_game * games,
                    allow_long=False,
                    advice="play fewer games",
                )
        return games, plies
