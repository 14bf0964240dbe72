"""Many random games at once: one numpy step plays a ply in every game.

:class:`BatchPlayouts` keeps each game as a pair of bit sets and generates,
at every ply of every game, all the legal first actions (steps and first
leaps) as one boolean matrix, games by candidate moves, from the board's
step and leap tables. Each game then picks one uniformly; a leap goes on
while the same piece can leap again (``multi_leap="compulsory"``), choosing
among the next leaps at random, so every turn is one whole legal move. Games
end as :meth:`Position.outcome` ends them: a side without pieces or without
moves, or the quiet-turn limit (repetition is not checked, as in Position).

The choice is uniform over first actions, not over whole moves: with
``multi_leap="none"`` (the ``ludii`` preset) the two are the same; with
multi-leaps a long chain is one move among others from its first leap on.
``maximum_capture`` needs the length of every chain before choosing and is
not offered here (:class:`~awithlaknannai.engines.lean.LeanEngine` plays it).

Examples
--------
>>> batch = BatchPlayouts("zuni-4", "standard")
>>> result = batch.play(20, seed=1)
>>> int(result.winner.size), bool((result.plies > 0).all())
(20, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

try:
    import numpy as np
except ImportError:  # a browser's Pyodide (JupyterLite) has none: BatchPlayouts says so when made
    np = None  # type: ignore[assignment]

from ..errors import LongJobError, missing_package
from ..position import Position, _variant_argument
from ..rules import Rules, refuse_unfollowed
from ..variants import Color, Variant

__all__ = [
    "RULES_FOLLOWED",
    "BATCH_BYTES",
    "FIRST_BATCH",
    "MAX_BATCH",
    "MAX_RECORDED_GAMES",
    "REASONS",
    "BatchPlayouts",
    "BatchResult",
]

#: How this engine treats each field of :class:`~awithlaknannai.rules.Rules` (see
#: :data:`awithlaknannai.engines.lean.RULES_FOLLOWED`): the shrinking boards and ``maximum_capture``
#: are refused with one line, never played wrong.
RULES_FOLLOWED: dict[str, str] = {
    "compulsory_capture": "follows",
    "multi_leap": "follows",
    "maximum_capture": "refuses",
    "leap_shape": "follows",
    "blocked_player_loses": "follows",
    "quiet_turn_limit": "follows",
    "repetition_limit": "ignores: repetition depends on a game's history; Game checks it, as for Position",
    "no_capture_result": "follows",
    "shrink_boundary": "refuses",
}


REASONS = ("no pieces", "blocked", "quiet limit")

#: Working memory of one batch of games (the rest waits its turn).
BATCH_BYTES = 128 * 2**20
#: The most games in one batch, and in the first (timed) batch.
MAX_BATCH = 65_536
FIRST_BATCH = 1_024
#: The most games ``play(record=True)`` keeps (each ply is a few Python objects).
MAX_RECORDED_GAMES = 1_000
_RESULT_BYTES = 6  # winner, reason and plies of one game


@dataclass
class BatchResult:
    """Per game: ``winner`` (+1 White, -1 Black, 0 draw), ``reason`` (index into :data:`REASONS`), ``plies``."""

    winner: np.ndarray
    reason: np.ndarray
    plies: np.ndarray
    records: list | None = None


class BatchPlayouts:
    """Uniformly random games, many at a time, with numpy.

    Parameters
    ----------
    variant : str or Variant
        A variant name or a :class:`~awithlaknannai.variants.Variant`
        (boards of up to 64 points).
    rules : str or Rules, optional
        Rules for a named variant; ``maximum_capture`` is refused.
    """

    def __init__(self, variant: str | Variant = "mosona", rules: str | Rules | None = None) -> None:
        if np is None:
            raise missing_package(
                "BatchPlayouts (many random games at once)",
                "numpy",
                "or play random games one at a time with awithlaknannai.engines.lean.LeanEngine",
            )
        variant = _variant_argument(variant, rules)
        if variant.shrink is not None:
            raise ValueError(
                f"BatchPlayouts does not follow {variant.name}'s shrinking board; play it through Position"
            )
        if variant.rules.maximum_capture:
            raise ValueError("BatchPlayouts does not play maximum_capture rules; use engines.lean.LeanEngine")
        refuse_unfollowed(variant.rules, RULES_FOLLOWED, "BatchPlayouts")
        tables = variant.tables
        if tables.size > 64:
            raise ValueError(
                f"BatchPlayouts handles boards of up to 64 points; {variant.name} has {tables.size}"
            )
        self.variant = variant
        self.rules = variant.rules
        self.n = n = tables.size
        self.step_from = np.array([p for p in range(n) for _ in tables.steps[p]], dtype=np.intp)
        self.step_to = np.array([t for p in range(n) for t in tables.steps[p]], dtype=np.intp)
        self.leap_from = np.array([p for p in range(n) for _ in tables.leaps[p]], dtype=np.intp)
        self.leap_over = np.array([o for p in range(n) for o, _ in tables.leaps[p]], dtype=np.intp)
        self.leap_to = np.array([t for p in range(n) for _, t in tables.leaps[p]], dtype=np.intp)
        width = max(len(runs) for runs in tables.leaps) or 1
        # Next leaps from a point, padded with a dummy point n that is never empty nor enemy.
        self.next_over = np.full((n + 1, width), n, dtype=np.intp)
        self.next_to = np.full((n + 1, width), n, dtype=np.intp)
        for p, runs in enumerate(tables.leaps):
            for d, (o, t) in enumerate(runs):
                self.next_over[p, d] = o
                self.next_to[p, d] = t

    def play(
        self, games: int, seed: int | None = 0, record: bool = False, *, allow_long: bool = False
    ) -> BatchResult:
        """Play ``games`` random games from the start position to their ends.

        With ``record=True`` the result's ``records`` holds, per game, a list
        of plies ``(own, opp, first_actions, move)``: the bit sets seen from the
        mover, the set of legal first actions (``("step", origin, to)`` or
        ``("leap", origin, over, to)``) and the move played as
        ``(xor, captured)`` (see :mod:`awithlaknannai.engines.lean`).

        The games are played in batches of at most :data:`BATCH_BYTES` of
        working memory each; the first batch (at most
        :data:`FIRST_BATCH` games) is timed, and the rest is refused if the
        whole run would take more than a minute.

        Parameters
        ----------
        games : int
            How many games (0 or more; at most :data:`MAX_RECORDED_GAMES`
            with ``record=True``, whose records are Python objects).
        seed : int or None
            Seeds numpy's generator.
        record : bool
            Keep every ply of every game.
        allow_long : bool, optional
            Play them all even if the estimate is more than a minute or
            the results more than a gigabyte.

        Raises
        ------
        LongJobError
            The estimate (time from the first batch, memory from the
            number of games) is above the limits, and ``allow_long`` is
            false; also when games without a turn limit go on for a minute.

        Examples
        --------
        >>> BatchPlayouts("mosona").play(10**12)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        awithlaknannai.errors.LongJobError: 1,000,000,000,000 random games of mosona (standard): estimated ...
        """
        from ..limits import check_long_job, flag, whole_number

        games = whole_number("games", games, 0)
        if seed is not None:
            whole_number("seed", seed, 0)
        flag("record", record)
        flag("allow_long", allow_long)
        if record and games > MAX_RECORDED_GAMES:
            raise ValueError(
                f"record=True keeps every ply as Python objects: at most {MAX_RECORDED_GAMES:,} games, "
                f"got {games:,}"
            )
        what = f"{games:,} random games of {self.variant.name} ({self.rules.to_text()})"
        check_long_job(what, memory=games * _RESULT_BYTES, allow_long=allow_long, advice="play fewer games")
        rng = np.random.default_rng(seed)
        per_batch = max(1, min(MAX_BATCH, BATCH_BYTES // self._bytes_per_game(record)))
        parts: list[BatchResult] = []
        done = 0
        began = time.perf_counter()
        while done < games:
            size = min(games - done, per_batch, FIRST_BATCH if not parts else per_batch)
            parts.append(self._play_batch(size, rng, record, None if allow_long else began))
            done += size
            if len(parts) == 1 and done < games:
                check_long_job(
                    what,
                    (time.perf_counter() - began) * games / done,
                    allow_long=allow_long,
                    advice="play fewer games",
                )
        if len(parts) <= 1:
            return parts[0] if parts else self._play_batch(0, rng, record, None)
        records = [r for part in parts for r in part.records] if record else None  # type: ignore[union-attr]
        return BatchResult(
            np.concatenate([r.winner for r in parts]),
            np.concatenate([r.reason for r in parts]),
            np.concatenate([r.plies for r in parts]),
            records,
        )

    def _bytes_per_game(self, record: bool) -> int:
        # The boards, the masks and the candidate matrices of one ply, with numpy's temporaries.
        width = 8 * (self.n + 1) + 5 * self.leap_from.size + 4 * self.step_from.size + 128
        return 2 * width if record else width

    def _play_batch(
        self, games: int, rng: np.random.Generator, record: bool, began: float | None
    ) -> BatchResult:
        from ..limits import LONG_JOB_SECONDS

        n, rules = self.n, self.rules
        start = Position.start(self.variant)
        white_first = start.turn is Color.WHITE
        board = np.zeros((games, n + 1), dtype=np.int8)  # +1 mover, -1 opponent, 0 empty; column n: a wall
        for i in range(n):
            if start.white >> i & 1:
                board[:, i] = 1 if white_first else -1
            elif start.black >> i & 1:
                board[:, i] = -1 if white_first else 1
        board[:, n] = 2
        white_to_move = np.full(games, white_first)
        quiet = np.zeros(games, dtype=np.int32)
        ids = np.arange(games)
        winner = np.zeros(games, dtype=np.int8)
        reason = np.zeros(games, dtype=np.int8)
        plies = np.zeros(games, dtype=np.int32)
        limit = rules.quiet_turn_limit if rules.quiet_turn_limit is not None else np.iinfo(np.int32).max
        compulsory, multi = rules.compulsory_capture, rules.multi_leap
        records: list | None = [[] for _ in range(games)] if record else None
        sf, st, lf, lo, lt = self.step_from, self.step_to, self.leap_from, self.leap_over, self.leap_to
        ply = 0
        while ids.size:
            if began is not None and time.perf_counter() - began > LONG_JOB_SECONDS:
                raise LongJobError(
                    f"random games of {self.variant.name} ({self.rules.to_text()}) have gone on for "
                    f"{ply:,} plies and a minute without all ending; give the rules a "
                    "quiet_turn_limit, play fewer games, or pass allow_long=True"
                )
            mine = board == 1
            theirs = board == -1
            empty = board == 0
            own_count = mine.sum(axis=1)
            opp_count = theirs.sum(axis=1)
            leaps = mine[:, lf] & theirs[:, lo] & empty[:, lt]
            steps = mine[:, sf] & empty[:, st]
            any_leap = leaps.any(axis=1)
            if compulsory:
                steps &= ~any_leap[:, None]
            n_leaps = leaps.sum(axis=1)
            n_steps = steps.sum(axis=1)
            total = n_leaps + n_steps
            # The end of the game, in Position.outcome's order.
            end = np.full(ids.size, -1, dtype=np.int8)
            side = np.where(white_to_move, 1, -1).astype(np.int8)
            result = np.zeros(ids.size, dtype=np.int8)
            gone = own_count == 0
            end[gone], result[gone] = 0, -side[gone]
            won = (end < 0) & (opp_count == 0)
            end[won], result[won] = 0, side[won]
            blocked = (end < 0) & (total == 0)
            end[blocked] = 1
            result[blocked] = -side[blocked] if rules.blocked_player_loses else 0
            stopped = (end < 0) & (quiet >= limit)
            end[stopped] = 2
            if rules.no_capture_result == "more_pieces":
                result[stopped] = np.sign(own_count[stopped] - opp_count[stopped]) * side[stopped]
            over = end >= 0
            if over.any():
                done = ids[over]
                winner[done], reason[done], plies[done] = result[over], end[over], ply
                keep = ~over
                ids, board, white_to_move, quiet = ids[keep], board[keep], white_to_move[keep], quiet[keep]
                leaps, steps, n_leaps, total = leaps[keep], steps[keep], n_leaps[keep], total[keep]
                if not ids.size:
                    break
            # Pick one first action per game, uniformly.
            choice = (rng.random(ids.size) * total).astype(np.int64)
            is_leap = choice < n_leaps
            # Without record, empty stand-ins: only the `if record:` lines below touch them.
            moves_before = board.copy() if record else board[:0]
            xor_bits = np.zeros(ids.size if record else 0, dtype=np.uint64)
            captured_bits = np.zeros(ids.size if record else 0, dtype=np.uint64)
            chain = np.flatnonzero(is_leap)
            stepping = np.flatnonzero(~is_leap)
            if stepping.size:
                pick = _nth_true(steps[stepping], choice[stepping] - n_leaps[stepping])
                origin, target = sf[pick], st[pick]
                board[stepping, origin] = 0
                board[stepping, target] = 1
                if record:
                    xor_bits[stepping] = (np.uint64(1) << origin.astype(np.uint64)) | (
                        np.uint64(1) << target.astype(np.uint64)
                    )
            if chain.size:
                pick = _nth_true(leaps[chain], choice[chain])
                origin, jumped, cur = lf[pick], lo[pick], lt[pick]
                board[chain, origin] = 0
                board[chain, jumped] = 0
                board[chain, cur] = 1
                if record:
                    start_bit = np.uint64(1) << origin.astype(np.uint64)
                    captured_bits[chain] = np.uint64(1) << jumped.astype(np.uint64)
                    moved = chain
                # Same piece, next leaps: captured pieces are gone at once (as in Position).
                while multi != "none" and chain.size:
                    over_p = self.next_over[cur]
                    to_p = self.next_to[cur]
                    sub = board[chain[:, None], over_p] == -1
                    sub &= board[chain[:, None], to_p] == 0
                    count = sub.sum(axis=1)
                    options = count + (1 if multi == "optional" else 0)
                    go = count > 0
                    if multi == "optional":
                        r = (rng.random(chain.size) * options).astype(np.int64)
                        go &= r < count
                    else:
                        r = (rng.random(chain.size) * np.maximum(count, 1)).astype(np.int64)
                    if record:
                        final = ~go
                        xor_bits[chain[final]] = start_bit[final] ^ (
                            np.uint64(1) << cur[final].astype(np.uint64)
                        )
                        start_bit = start_bit[go]
                    chain, cur, sub, r = chain[go], cur[go], sub[go], r[go]
                    if not chain.size:
                        break
                    d = _nth_true(sub, r)
                    jumped = over_p[go][np.arange(chain.size), d]
                    landing = to_p[go][np.arange(chain.size), d]
                    board[chain, cur] = 0
                    board[chain, jumped] = 0
                    board[chain, landing] = 1
                    if record:
                        captured_bits[chain] |= np.uint64(1) << jumped.astype(np.uint64)
                    cur = landing
                if record and multi == "none":
                    xor_bits[moved] = start_bit ^ (np.uint64(1) << cur.astype(np.uint64))
            captured_now = is_leap
            if records is not None:  # record=True
                self._record(records, ids, moves_before, leaps, steps, xor_bits, captured_bits)
            quiet = np.where(captured_now, 0, quiet + 1)
            board[:, :n] *= -1  # the other side moves next
            white_to_move = ~white_to_move
            ply += 1
        return BatchResult(winner, reason, plies, records)

    def _record(
        self,
        records: list,
        ids: np.ndarray,
        before: np.ndarray,
        leaps: np.ndarray,
        steps: np.ndarray,
        xor_bits: np.ndarray,
        captured_bits: np.ndarray,
    ) -> None:
        n = self.n
        weights = np.array([1 << i for i in range(n)], dtype=object)
        for row, game in enumerate(ids):
            own = int((before[row, :n] == 1).astype(object) @ weights)
            opp = int((before[row, :n] == -1).astype(object) @ weights)
            actions: set[tuple[str, int, int] | tuple[str, int, int, int]] = {
                ("leap", int(self.leap_from[k]), int(self.leap_over[k]), int(self.leap_to[k]))
                for k in np.flatnonzero(leaps[row])
            }
            actions |= {
                ("step", int(self.step_from[k]), int(self.step_to[k])) for k in np.flatnonzero(steps[row])
            }
            records[game].append((own, opp, actions, (int(xor_bits[row]), int(captured_bits[row]))))

    def playouts_per_second(self, games: int = 10_000, seed: int = 0) -> tuple[float, float]:
        """Play ``games`` games in one batch; return ``(games a second, plies a second)`` in CPU time."""
        import time

        began = time.process_time()
        result = self.play(games, seed)
        elapsed = time.process_time() - began
        return games / elapsed, float(result.plies.sum()) / elapsed


def _nth_true(matrix: np.ndarray, nth: np.ndarray) -> np.ndarray:
    """Column of the ``nth`` (0-based) True of each row."""
    ranks = np.cumsum(matrix, axis=1, dtype=np.int16)
    return (ranks > nth[:, None]).argmax(axis=1)
