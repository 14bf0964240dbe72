"""Proof-number search over whole games, with the endgame tables as exact leaves.

:func:`prove` asks one question of a position, for the side to move (the
*prover*): ``"win"`` (does it win with perfect play?) or ``"draw"`` (does it
at least draw?). The search is depth-first proof-number search (df-pn),
written as a loop over an explicit stack (no recursion, however long a
line), with a transposition table bounded by a memory budget given up front.
When the answer is *proven*, a certificate (:class:`Certificate`) holds the
proof graph: one move at each of the prover's nodes, every legal move at the
opponent's, down to ends of the game and table leaves. The claim rests on
:mod:`awithlaknannai.tables.certificate`, a small checker that replays it
with the move generator and the tables alone; this module is only how the
proof was found.

What the search plays
---------------------
Exactly what the endgame tables play (see :mod:`awithlaknannai.tables.solver`,
"What 'perfect play' means here"):

* history-free: the quiet-turn limit and the repetition limit are ignored;
* a game ends when a side has no piece, or cannot move (a loss when the
  rules' ``blocked_player_loses``, else a draw);
* any position whose material class (pieces of the side to move against
  the other's, both at most ``max_pieces``) the given tables hold is a
  leaf with the table's exact value; stand-in results count as wins and
  losses;
* a game that goes on for ever is scored by ``no_capture_result``. A
  capture cannot be undone, so endless play keeps one material for ever:
  with ``"draw"`` (presets *standard*, *ludii*) it is a draw, with
  ``"more_pieces"`` (preset *maximum*) the side with more pieces wins
  (equal material: a draw). A repetition on the current line is scored so:
  a ``"win"`` proof must therefore reach wins in finitely many plies (a
  cycle is a draw, not a win, under *standard*), while for ``"draw"`` a
  cycle is a success under *standard* and *ludii*; under *maximum* a cycle
  succeeds when its material gives the prover the result asked for.

The graph-history interaction (GHI)
-----------------------------------
A result that rests on a repetition depends on the line it was found on.
Each proven or disproven entry of the table records the shallowest and the
deepest ancestor on the current line whose repetition it used, and the
*identity* of the line down to that deepest ancestor (a hash of its keys
from the search's start). An entry that used no ancestor (or only its own
position) holds on every line and is kept for good; a *path-dependent*
entry is used only where the current line has the same identity at that
depth, i.e. the same ancestors (df-pn walks the same lines again and again,
and finds it valid then); on any other line it counts as unknown (its
effort as a hint) and is searched again. When the deepest ancestor used is
the entry's own node and some shallower one was used too, it is
conservatively tied to its parent's line. The root has no ancestor, so the
root's answer is never path-dependent. A frame also remembers what its
children's searches returned while it lives (a proof or disproof found on
this line stays valid on it; numbers only grow), which keeps df-pn from
looping when an entry is overwritten by a search on another line.

The search
----------
df-pn (Nagai 2002) with weak proof numbers at the summing side (Ueda et al.
2008: the largest child's number plus one per other open child; plain sums
count a position once per path and once per lap of a cycle, and grew without
end on Mosona's shuffles) and a 1+epsilon threshold for the best child
(Pawlewicz and Lew 2007; epsilon = 1/2). The transposition table is a dict
capped at ``memory_mb`` / :data:`ENTRY_BYTES` entries; when full, the quarter
that took the least work (leaves first) is dropped, never the current line.
The certificate is taken from the table after the search by a depth-first
walk that searches again (from the walk's own line) wherever an entry it
needs was dropped or does not hold on that line; it may fail within the
budget, and then the result says so (the answer stays the search's).

Examples
--------
>>> from awithlaknannai import Position
>>> from awithlaknannai.tables.solver import solve_endgames
>>> tables = solve_endgames("zuni-3", max_pieces=2, cache_dir=False)
>>> start = Position.start("zuni-3")
>>> result = prove(start, "draw", tables, max_pieces=1, seconds=30, memory_mb=16)
>>> result.answer, result.certificate is not None
('proven', True)
>>> prove(start, "win", tables, max_pieces=1, seconds=30, memory_mb=16).answer
'disproven'
"""

from __future__ import annotations

import gzip
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..errors import shown
from ..position import Position, generate_raw
from ..variants import Color
from .solver import EndgameTables
from .solver_core import DRAW, WIN, WIN_STAND_IN

__all__ = [
    "CERTIFICATE_FORMAT",
    "ENTRY_BYTES",
    "MAX_MEMORY_MB",
    "MAX_SECONDS",
    "Certificate",
    "ProofResult",
    "load_certificate",
    "prove",
    "save_certificate",
]

Question = Literal["win", "draw"]
Answer = Literal["proven", "disproven", "unknown"]

CERTIFICATE_FORMAT = "awithlaknannai-proof-certificate"
#: What one entry of the transposition table costs in memory, measured (a Python dict of lists).
ENTRY_BYTES = 320
#: The longest search one call accepts (a week) and the largest memory budget (1 TB).
MAX_SECONDS = 7 * 24 * 3600.0
MAX_MEMORY_MB = 1 << 20
MIN_MEMORY_MB = 1.0
INFINITY = 1 << 60
_NO_DEPTH = 1 << 40  # "no ancestor used": deeper than any line
_CHECK_EVERY = 256  # budget checks, in expansions
_EPSILON_PERCENT = 50  # the 1+epsilon threshold of df-pn
_HISTORY_START = 64  # the root's numbers are recorded at 64, 128, 256, ... expansions


class _Exhausted(Exception):
    """A budget ran out (internal: unwinds the search)."""


@dataclass
class Certificate:
    """A proof graph: ``nodes[0]`` is the root; a node is a leaf or a list of ``[move, child id]``.

    A leaf is ``{"leaf": "end"}`` (the game is over) or ``{"leaf": "table",
    "value": outcome}`` (the tables' result for the side to move); an inner
    node is ``{"moves": [[move text, child id], ...]}``: one move where the
    prover is to move, every legal move where the opponent is.
    """

    root: str
    question: Question
    nodes: list[dict[str, Any]]
    max_pieces: int

    def to_json(self) -> dict[str, Any]:
        return {
            "format": CERTIFICATE_FORMAT,
            "version": 1,
            "root": self.root,
            "question": self.question,
            "max_pieces": self.max_pieces,
            "nodes": self.nodes,
        }


@dataclass
class ProofResult:
    """What :func:`prove` found.

    Attributes
    ----------
    answer : {"proven", "disproven", "unknown"}
        Whether the side to move reaches the result asked for.
    question : {"win", "draw"}
    nodes : int
        Expansions (a node searched again counts again).
    seconds : float
    tt_entries, tt_capacity, tt_collections : int
        Entries in the transposition table at the end, the most it may hold,
        and how often it was cut back to three quarters (least work first).
    history : list of (nodes, seconds, pn, dn)
        The root's proof and disproof numbers as the search went on.
    certificate : Certificate or None
        When proven (and extracted within the budgets).
    stopped : str
        Why the search stopped: ``"solved"``, ``"time"``, ``"nodes"``, or a
        note on the certificate.
    frontier : list of dict
        When unknown: the root's moves with their numbers, and the unresolved
        positions with the fewest pieces seen.
    proven_entries, disproven_entries : int
        Entries of the table holding a proof or a disproof at the end
        (path-dependent ones included).
    """

    answer: Answer
    question: Question
    nodes: int
    seconds: float
    tt_entries: int
    tt_capacity: int
    tt_collections: int
    history: list[tuple[int, float, int, int]]
    certificate: Certificate | None = None
    stopped: str = "solved"
    frontier: list[dict[str, Any]] = field(default_factory=list)
    proven_entries: int = 0
    disproven_entries: int = 0


# --- the search ----------------------------------------------------------------------


class _Frame:
    __slots__ = ("children", "dn", "floors", "key", "pn", "started", "thdn", "thpn")

    def __init__(self, key: int, thpn: int, thdn: int, started: int) -> None:
        self.key, self.thpn, self.thdn, self.started = key, thpn, thdn, started
        self.children: list[int] | None = None
        self.pn = self.dn = 1
        # What each child's search returned, a floor for its numbers while this frame lives: entries
        # of the same position found on other lines may be lower, and df-pn would loop on them.
        # A child's proof or disproof seen here stays true while this frame lives (it rests on this
        # line), even if a search on another line overwrites the child's entry.
        self.floors: dict[int, tuple[int, ...]] = {}


class _Search:
    """df-pn state: the table, the current line (keys, serials, depths) and the budgets.

    A node's key is ``((own << n) | opp) << 1 | prover_to_move``: the
    colour-free sets of the tables, plus who moves, as the prover's and the
    opponent's nodes differ. Entries are ``[pn, dn, work, shallowest,
    deepest, serial]`` with the numbers taken for the prover.
    """

    def __init__(
        self,
        position: Position,
        question: Question,
        tables: EndgameTables,
        max_pieces: int,
        capacity: int,
        deadline: float,
        max_nodes: int | None,
    ) -> None:
        self.variant = position.variant
        self.n = self.variant.tables.size
        self.prover = position.turn
        self.question = question
        self.tables, self.max_pieces = tables, max_pieces
        rules = self.variant.rules
        self.more_pieces = rules.no_capture_result == "more_pieces"
        self.blocked_loses = rules.blocked_player_loses
        self.good = {WIN, WIN_STAND_IN} if question == "win" else {WIN, WIN_STAND_IN, DRAW}
        self.capacity, self.deadline, self.max_nodes = capacity, deadline, max_nodes
        self.table: dict[int, list[int]] = {}
        self.covered: dict[tuple[int, int], bool] = {}
        self.line: list[int] = []  # keys of the current line
        self.serials: list[int] = []  # the line's identity at each depth (a hash of its keys)
        self.depth_of: dict[int, int] = {}  # key -> depth on the current line
        self.nodes = 0
        self.collections = 0
        self.started = time.perf_counter()
        self.history: list[tuple[int, float, int, int]] = []
        self.next_record = _HISTORY_START
        self.stopped = "solved"
        self.root_numbers = (1, 1)  # the start frame's numbers when last seen (a search cut short)

    # -- positions
    def key_of(self, position: Position) -> int:
        own, opp = (
            (position.white, position.black)
            if position.turn is Color.WHITE
            else (position.black, position.white)
        )
        return ((own << self.n | opp) << 1) | (position.turn is self.prover)

    def sides(self, key: int) -> tuple[int, int, bool]:
        sets = key >> 1
        return sets >> self.n, sets & ((1 << self.n) - 1), bool(key & 1)

    def position(self, key: int) -> Position:
        own, opp, prover_moves = self.sides(key)
        turn = self.prover if prover_moves else self.prover.other
        white, black = (own, opp) if turn is Color.WHITE else (opp, own)
        return Position(self.variant, white, black, turn)

    def children(self, key: int) -> list[tuple[int, tuple]]:
        own, opp, prover_moves = self.sides(key)
        found = []
        for raw in generate_raw(self.variant, own, opp):
            origin, landings, _, captured = raw
            moved = (own & ~(1 << origin)) | (1 << landings[-1])
            found.append(((((opp & ~captured) << self.n | moved) << 1) | (not prover_moves), raw))
        return found

    def success(self, prover_result: int) -> bool:
        """Whether a result for the prover (1 win, 0 draw, -1 loss) answers the question yes."""
        return prover_result > 0 if self.question == "win" else prover_result >= 0

    def endless(self, key: int) -> bool:
        """The question's answer if play went on for ever in this material."""
        if not self.more_pieces:
            return self.success(0)
        own, opp, prover_moves = self.sides(key)
        mine, theirs = (own, opp) if prover_moves else (opp, own)
        return self.success((mine.bit_count() > theirs.bit_count()) - (mine.bit_count() < theirs.bit_count()))

    def leaf(self, key: int) -> tuple[bool, str, str] | None:
        """A game end or a table leaf: (answer, kind, the side to move's outcome); None inside."""
        own, opp, prover_moves = self.sides(key)
        if not own or not opp:
            mover = 1 if own else -1
            return self.success(mover if prover_moves else -mover), "end", "win" if own else "loss"
        cls = (own.bit_count(), opp.bit_count())
        covered = self.covered.get(cls)
        if covered is None:
            covered = self.covered[cls] = max(cls) <= self.max_pieces and self.tables.table(*cls) is not None
        if not covered:
            return None
        code = self.tables.code_of(own, opp)
        category = code & 7
        mine = category if prover_moves else 4 - category
        outcome = "win" if category > DRAW else "draw" if category == DRAW else "loss"
        return mine in self.good, "table", outcome

    def blocked(self, key: int) -> bool:
        """The answer at a position whose side to move cannot move."""
        prover_moves = bool(key & 1)
        mover = -1 if self.blocked_loses else 0
        return self.success(mover if prover_moves else -mover)

    # -- the table
    def valid(self, entry: list[int]) -> bool:
        deepest = entry[4]
        return deepest < 0 or (deepest < len(self.serials) and self.serials[deepest] == entry[5])

    def value(self, key: int) -> tuple[int, int, int, int, int]:
        """(pn, dn, shallowest, deepest, serial) of a child, seen from the current line."""
        depth = self.depth_of.get(key)
        if depth is not None:  # a repetition: endless play
            won = self.endless(key)
            return (
                (0, INFINITY, depth, depth, self.serials[depth])
                if won
                else (INFINITY, 0, depth, depth, self.serials[depth])
            )
        entry = self.table.get(key)
        if entry is not None:
            if (entry[0] and entry[1]) or self.valid(entry):
                return entry[0], entry[1], entry[3], entry[4], entry[5]
            # A result found on another line: likely again, so the other number starts high.
            effort = min(INFINITY - 1, 2 + entry[2])
            return (1, effort, _NO_DEPTH, -1, -1) if entry[0] == 0 else (effort, 1, _NO_DEPTH, -1, -1)
        found = self.leaf(key)
        if found is None:  # kept, so that the leaf test is not made again at each look
            self.store(key, 1, 1, 0, _NO_DEPTH, -1, -1)
            return 1, 1, _NO_DEPTH, -1, -1
        pn, dn = (0, INFINITY) if found[0] else (INFINITY, 0)
        self.store(key, pn, dn, 0, _NO_DEPTH, -1, -1)
        return pn, dn, _NO_DEPTH, -1, -1

    def store(
        self, key: int, pn: int, dn: int, work: int, shallowest: int, deepest: int, serial: int
    ) -> None:
        table = self.table
        if key not in table and len(table) >= self.capacity:
            self.collect()
        table[key] = [pn, dn, work, shallowest, deepest, serial]

    def collect(self) -> None:
        """Cut the table to three quarters, dropping the entries that took the least work."""
        self.collections += 1
        keep = set(self.line)
        ranked = sorted(
            (entry[2] * 2 + (not (entry[0] and entry[1])), key)
            for key, entry in self.table.items()
            if key not in keep
        )
        for _, key in ranked[: max(1, len(self.table) - self.capacity * 3 // 4)]:
            del self.table[key]

    # -- budgets
    def tick(self, root_frame: _Frame | None) -> None:
        self.nodes += 1
        if self.nodes >= self.next_record and root_frame is not None:
            self.next_record *= 2
            self.history.append(
                (self.nodes, time.perf_counter() - self.started, root_frame.pn, root_frame.dn)
            )
        if root_frame is not None:
            self.root_numbers = (root_frame.pn, root_frame.dn)
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.stopped = "nodes"
            raise _Exhausted
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            self.stopped = "time"
            raise _Exhausted

    # -- df-pn
    def push(self, key: int) -> None:
        self.depth_of[key] = len(self.line)
        self.line.append(key)
        # The line's identity: a hash of its keys from the start. The same line walked again (df-pn
        # comes back often) finds its path-dependent entries valid again.
        self.serials.append(hash((self.serials[-1] if self.serials else 0, key)))

    def pop(self) -> None:
        del self.depth_of[self.line.pop()]
        self.serials.pop()

    def search(self, key: int, keep_start: bool = False) -> None:
        """df-pn from ``key`` to infinite thresholds (or until a budget runs out: :class:`_Exhausted`).

        With ``keep_start`` the start is already on the line (the certificate's
        walk pushed it and pops it) and its entry is searched again, so that
        its children's entries are there, valid on this line.
        """
        base = len(self.line) - (1 if keep_start else 0)
        if not keep_start:
            self.push(key)
        stack = [_Frame(key, INFINITY, INFINITY, self.nodes)]
        try:
            while stack:
                frame = stack[-1]
                if frame.children is None:
                    if len(stack) > 1:
                        entry = self.table.get(frame.key)
                        if (
                            entry is not None
                            and (entry[0] and entry[1] or self.valid(entry))
                            and (entry[0] >= frame.thpn or entry[1] >= frame.thdn)
                        ):
                            stack.pop()
                            self.pop()
                            stack[-1].floors.setdefault(frame.key, (entry[0], entry[1]))
                            continue
                    self.tick(stack[0])
                    moves = self.children(frame.key)
                    if not moves:
                        won = self.blocked(frame.key)
                        frame.pn, frame.dn = (0, INFINITY) if won else (INFINITY, 0)
                        self.store(frame.key, frame.pn, frame.dn, 1, _NO_DEPTH, -1, -1)
                        choice = None
                    else:
                        frame.children = list(dict.fromkeys(child for child, _ in moves))
                        choice = self.gather(frame)
                else:
                    choice = self.gather(frame)
                if choice is None:
                    stack.pop()
                    if stack or not keep_start:
                        self.pop()
                    if stack and (frame.pn and frame.dn):
                        stack[-1].floors[frame.key] = (frame.pn, frame.dn)
                    continue
                child, thpn, thdn = choice
                self.push(child)
                stack.append(_Frame(child, thpn, thdn, self.nodes))
        finally:
            while len(self.line) > base + (1 if keep_start else 0):
                self.pop()

    def gather(self, frame: _Frame) -> tuple[int, int, int] | None:
        """Update the frame's numbers from its children; the child to search next with its thresholds,
        or None when the frame is done (stored)."""
        prover_moves = bool(frame.key & 1)
        depth = len(self.line) - 1
        values = [self.value(child) for child in frame.children]  # type: ignore[union-attr]
        floors = frame.floors
        for index, child in enumerate(frame.children):  # type: ignore[arg-type]
            value = values[index]
            floor = floors.get(child)
            if value[0] and value[1]:
                if floor is not None:
                    values[index] = (
                        floor
                        if not (floor[0] and floor[1])
                        else (max(value[0], floor[0]), max(value[1], floor[1]), *value[2:])
                    )
            elif floor is None or floor[0] and floor[1]:
                floors[child] = value
        # The "or" numbers are the prover's pn at its own nodes, dn at the opponent's.
        best_index, best, second, total, biggest, open_children = -1, INFINITY + 1, INFINITY, 0, 0, 0
        for index, value in enumerate(values):
            small, large = (value[0], value[1]) if prover_moves else (value[1], value[0])
            if small < best:
                best_index, second, best = index, best, small
            elif small < second:
                second = small
            if large >= INFINITY:
                total = INFINITY
            elif total < INFINITY:
                biggest = max(biggest, large)
                if large:
                    open_children += 1
        # Weak proof numbers (Ueda et al. 2008): the biggest child's number plus one per other open
        # child, not their sum; a sum counts a position again on each path and each lap of a cycle,
        # and the numbers of a cyclic graph then grow without end.
        large_side = total if total >= INFINITY else biggest + max(0, open_children - 1)
        small_side = best
        pn, dn = (small_side, large_side) if prover_moves else (large_side, small_side)
        frame.pn, frame.dn = pn, dn
        threshold_small, threshold_large = (
            (frame.thpn, frame.thdn) if prover_moves else (frame.thdn, frame.thpn)
        )
        if pn == 0 or dn == 0 or small_side >= threshold_small or large_side >= threshold_large:
            shallowest, deepest, serial = _NO_DEPTH, -1, -1
            if pn == 0 or dn == 0:
                settled_by_one = (pn == 0) == prover_moves  # a prover's win, an opponent's refutation
                used = [values[best_index]] if settled_by_one else values
                if settled_by_one:  # prefer a child that holds on every line
                    zeros = [v for v in values if (v[0] if prover_moves else v[1]) == 0]
                    used = [min(zeros, key=lambda v: (v[3] >= 0, -v[2]))]
                for value in used:
                    shallowest = min(shallowest, value[2])
                    if value[3] > deepest:
                        deepest, serial = value[3], value[4]
                if shallowest >= depth:
                    shallowest, deepest, serial = _NO_DEPTH, -1, -1
                elif deepest >= depth:  # rests on itself and on something above: tie it to the parent
                    deepest, serial = depth - 1, self.serials[depth - 1]
            self.store(frame.key, pn, dn, self.nodes - frame.started + 1, shallowest, deepest, serial)
            return None
        child_large = values[best_index][1] if prover_moves else values[best_index][0]
        # 1+epsilon (Pawlewicz and Lew 2007): stay in the best child until it is clearly worse than the
        # second; cycles make numbers creep up, and a threshold of second + 1 then leaves too soon.
        limit_small = min(
            threshold_small, second + 1 + second * _EPSILON_PERCENT // 100 if second < INFINITY else INFINITY
        )
        limit_large = INFINITY if threshold_large >= INFINITY else threshold_large - large_side + child_large
        child = frame.children[best_index]  # type: ignore[index]
        # The child's own numbers: its pn is the small side at the prover's nodes.
        return (child, limit_small, limit_large) if prover_moves else (child, limit_large, limit_small)

    # -- the certificate
    def proven_here(self, key: int) -> bool:
        return self.value(key)[0] == 0

    def selected(self, key: int) -> list[tuple[int, int]] | None:
        """The children a proof needs (index into the move list, key): one at the prover's node, all at
        the opponent's; None when the entries at hand do not show the proof."""
        children = [child for child, _ in self.children(key)]
        if key & 1:
            for index, child in enumerate(children):
                if self.proven_here(child):
                    return [(index, child)]
            return None
        if all(self.proven_here(child) for child in children):
            return list(enumerate(children))
        return None

    def extract(self, root: int, most_nodes: int) -> Certificate | str:
        """The proof graph from ``root`` (a DFS; positions met again share their node), or why not."""
        ids: dict[int, int] = {}
        nodes: list[dict[str, Any] | None] = []
        stack: list[list[Any]] = []

        def enter(key: int) -> str | None:
            ids[key] = len(nodes)
            nodes.append(None)
            if len(nodes) > most_nodes:
                return f"the certificate would have more than {most_nodes:,} nodes"
            found = self.leaf(key)
            if found is not None:
                if not found[0]:
                    return f"a leaf does not support the claim: {self.position(key).text()}"
                nodes[ids[key]] = (
                    {"leaf": found[1]} if found[1] == "end" else {"leaf": "table", "value": found[2]}
                )
                return None
            self.push(key)
            moves = self.position(key).legal_moves()
            if not moves:
                self.pop()
                nodes[ids[key]] = {"leaf": "end"}
                return None if self.blocked(key) else f"a blocked position fails: {self.position(key).text()}"
            chosen = self.selected(key)
            if chosen is None:
                self.search(key, keep_start=True)
                chosen = self.selected(key)
            if chosen is None:
                self.pop()
                return f"no proof found again on this line at {self.position(key).text()}"
            stack.append([key, ids[key], [(str(moves[i]), child) for i, child in chosen], 0, []])
            return None

        failure = enter(root)
        while failure is None and stack:
            task = stack[-1]
            _, node, chosen, index, edges = task
            if index < len(chosen):
                task[3] += 1
                text, child = chosen[index]
                if child in ids:  # done, or on the line: a cycle the search scored as a success
                    edges.append([text, ids[child]])
                    continue
                edges.append([text, len(nodes)])
                failure = enter(child)
                continue
            nodes[node] = {"moves": edges}
            self.pop()
            stack.pop()
        while stack:
            stack.pop()
            self.pop()
        if failure is not None:
            return failure
        return Certificate(self.position(root).text(), self.question, nodes, self.max_pieces)  # type: ignore[arg-type]

    def frontier(self, root: int, most: int = 10) -> list[dict[str, Any]]:
        """The root's moves with their numbers, then the unresolved positions with the fewest pieces."""
        rows: list[dict[str, Any]] = []
        position = self.position(root)
        for move, (child, _) in zip(position.legal_moves(), self.children(root), strict=True):
            pn, dn = self.value(child)[:2]
            rows.append({"root move": str(move), "pn": pn, "dn": dn})
        open_entries = sorted(
            ((key >> 1).bit_count(), -entry[2], key)
            for key, entry in self.table.items()
            if entry[0] and entry[1]
        )
        for pieces, work, key in open_entries[:most]:
            entry = self.table[key]
            rows.append(
                {
                    "unresolved": self.position(key).text(),
                    "pieces": pieces,
                    "work": -work,
                    "pn": entry[0],
                    "dn": entry[1],
                }
            )
        return rows


# --- the public face --------------------------------------------------------------------


def _real(name: str, value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} is a number, got {type(value).__name__}")
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{name} must be between {low:g} and {high:g}, got {shown(value)}")
    return float(value)


def _machine_memory_mb() -> float:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    except (ValueError, OSError, AttributeError):  # not told: only the fixed bound applies
        return float(MAX_MEMORY_MB)


def prove(
    position: Position,
    question: Question,
    tables: EndgameTables,
    *,
    max_pieces: int | None = None,
    seconds: float = 60.0,
    nodes: int | None = None,
    memory_mb: float = 256.0,
    certificate: bool = True,
) -> ProofResult:
    """Does the side to move of ``position`` win (``"win"``), or at least draw (``"draw"``)?

    Parameters
    ----------
    position : Position
        Where the search starts; its quiet-turn count is ignored, as the tables ignore it.
    question : {"win", "draw"}
    tables : EndgameTables
        Tables of the position's board and rules (:func:`~awithlaknannai.tables.solver.solve_endgames`,
        or ``EndgameTables(variant, k, Path(folder))`` reading a cache without solving).
    max_pieces : int, optional
        Use table leaves only where both sides have at most this many pieces
        (default: the tables' own ``max_pieces``; 0: no table leaf).
    seconds : float
        Time budget (search and certificate), above 0 and at most :data:`MAX_SECONDS`.
    nodes : int, optional
        Budget of expansions.
    memory_mb : float
        Budget of the transposition table, in MB (:data:`ENTRY_BYTES` an entry),
        at least 1 MB and at most the machine's memory.
    certificate : bool
        Extract the proof graph when proven.

    Returns
    -------
    ProofResult

    Raises
    ------
    TypeError
        An argument of the wrong type.
    ValueError
        A question other than "win"/"draw", tables of another board or rules,
        a budget out of its bounds, or a shrinking board.

    Examples
    --------
    >>> from awithlaknannai.tables.solver import solve_endgames
    >>> tables = solve_endgames("zuni-2", max_pieces=1, cache_dir=False)
    >>> result = prove(Position.start("zuni-2"), "draw", tables, seconds=10, memory_mb=8)
    >>> result.answer, result.certificate is None, result.nodes > 0
    ('disproven', True, True)
    >>> prove(Position.start("zuni-2"), "lose", tables)
    Traceback (most recent call last):
    ...
    ValueError: question must be 'win' or 'draw', got 'lose'
    """
    if not isinstance(position, Position):
        raise TypeError(f"prove needs a Position, got {type(position).__name__}")
    if not isinstance(question, str):
        raise TypeError(f"question is 'win' or 'draw', got {type(question).__name__}")
    if question not in ("win", "draw"):
        raise ValueError(f"question must be 'win' or 'draw', got {shown(question)}")
    if not isinstance(tables, EndgameTables):
        raise TypeError(f"prove needs EndgameTables, got {type(tables).__name__}")
    if position.variant.shrink is not None or position.dead:
        raise ValueError(f"the search does not follow a shrinking board ({position.variant.name})")
    if not tables.covers(position) and not _same_game(tables, position):
        raise ValueError(
            f"these tables are for {tables.variant.name} under '{tables.rules_text}', "
            f"not for this position's board and rules"
        )
    if max_pieces is None:
        max_pieces = tables.max_pieces
    from ..limits import whole_number

    max_pieces = whole_number("max_pieces", max_pieces, 0, tables.max_pieces)
    seconds = _real("seconds", seconds, 0.0, MAX_SECONDS)
    if seconds <= 0:
        raise ValueError(f"seconds must be above 0, got {shown(seconds)}")
    if nodes is not None:
        nodes = whole_number("nodes", nodes, 1)
    memory_mb = _real("memory_mb", memory_mb, MIN_MEMORY_MB, min(float(MAX_MEMORY_MB), _machine_memory_mb()))
    if not isinstance(certificate, bool):
        raise TypeError(f"certificate is True or False, got {type(certificate).__name__}")
    capacity = max(1024, int(memory_mb * 2**20) // ENTRY_BYTES)
    search = _Search(position, question, tables, max_pieces, capacity, time.perf_counter() + seconds, nodes)
    root = search.key_of(position)
    answer: Answer = "unknown"
    found = search.leaf(root)
    if found is not None:  # the root itself is a table leaf or over: nothing to search
        answer = "proven" if found[0] else "disproven"
    else:
        try:
            search.search(root)
            entry = search.table.get(root)
            if entry is not None:
                answer = "proven" if entry[0] == 0 else "disproven" if entry[1] == 0 else "unknown"
        except _Exhausted:
            pass
    proof: Certificate | None = None
    if answer == "proven" and certificate:
        try:
            made = search.extract(root, most_nodes=_MAX_CERTIFICATE_NODES)
        except _Exhausted:
            made = f"the budget ran out while writing the certificate ({search.stopped})"
        if isinstance(made, str):
            search.stopped = f"proven, certificate not made: {made}"
        else:
            proof = made
    elapsed = time.perf_counter() - search.started
    entry = search.table.get(root)
    pn, dn = (entry[0], entry[1]) if entry is not None and answer != "unknown" else search.root_numbers
    if found is not None:
        pn, dn = (0, INFINITY) if found[0] else (INFINITY, 0)
    search.history.append((search.nodes, elapsed, pn, dn))
    finals = [entry for entry in search.table.values() if not (entry[0] and entry[1])]
    return ProofResult(
        answer,
        question,
        search.nodes,
        elapsed,
        len(search.table),
        capacity,
        search.collections,
        search.history,
        proof,
        search.stopped,
        search.frontier(root) if answer == "unknown" else [],
        sum(1 for entry in finals if entry[0] == 0),
        sum(1 for entry in finals if entry[1] == 0),
    )


_MAX_CERTIFICATE_NODES = 20_000_000


def _same_game(tables: EndgameTables, position: Position) -> bool:
    from .tablefile import board_fingerprint, table_rules_text

    return (
        board_fingerprint(position.variant) == tables.fingerprint
        and table_rules_text(position.variant.rules) == tables.rules_text
    )


def save_certificate(proof: Certificate, path: str | os.PathLike[str]) -> Path:
    """Write a certificate as JSON (gzip-compressed when the name ends in ``.gz``); return the path."""
    if not isinstance(proof, Certificate):
        raise TypeError(f"save_certificate writes a Certificate, got {type(proof).__name__}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path is a file name, got {type(path).__name__}")
    target = Path(path)
    data = json.dumps(proof.to_json(), separators=(",", ":")).encode()
    if target.suffix == ".gz":
        data = gzip.compress(data, mtime=0)
    target.write_bytes(data)
    return target


def load_certificate(path: str | os.PathLike[str]) -> Certificate:
    """Read what :func:`save_certificate` wrote (plain or gzip JSON; its shape checked, not its proof)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path is a file name, got {type(path).__name__}")
    from .certificate import _certificate_json

    data = _certificate_json(path)
    if not isinstance(data, dict) or data.get("format") != CERTIFICATE_FORMAT or data.get("version") != 1:
        raise ValueError(f"{path}: not a certificate of format {CERTIFICATE_FORMAT} version 1")
    nodes, root, question, most = (
        data.get("nodes"),
        data.get("root"),
        data.get("question"),
        data.get("max_pieces"),
    )
    if (
        not isinstance(nodes, list)
        or not isinstance(root, str)
        or question not in ("win", "draw")
        or isinstance(most, bool)
        or not isinstance(most, int)
    ):
        raise ValueError(
            f"{path}: a certificate needs nodes (a list), root (a text), question and max_pieces"
        )
    return Certificate(root, question, nodes, most)


CLI_MEMORY_MB = 8192.0


def cli_prove(args: Any, seconds_limit: float) -> int:
    """``python -m awithlaknannai prove``: search, print the figures, write and check the certificate."""
    from ..rules import get_rules
    from ..variants import get_variant
    from .certificate import check_certificate

    if getattr(args, "position", None):
        position = Position.from_text(args.position)
    else:
        position = Position.start(get_variant(args.variant, get_rules(args.rules)))
    seconds = _real("--seconds", args.seconds, 0.0, seconds_limit)
    memory = _real("--memory-mb", args.memory_mb, MIN_MEMORY_MB, CLI_MEMORY_MB)
    folder = Path(args.tables)
    if not folder.is_dir():
        raise ValueError(f"--tables {shown(str(folder))} is not a folder")
    tables = EndgameTables(position.variant, max(1, args.max_pieces), folder)
    result = prove(
        position,
        args.question,
        tables,
        max_pieces=args.max_pieces,
        seconds=seconds,
        nodes=args.nodes,
        memory_mb=memory,
    )
    print(
        f"{position.text()}: does the side to move {'win' if args.question == 'win' else 'at least draw'}? "
        f"{result.answer} ({result.stopped})"
    )
    print(
        f"nodes {result.nodes:,} in {result.seconds:.1f} s; table {result.tt_entries:,} of "
        f"{result.tt_capacity:,} entries, cut back {result.tt_collections} times; "
        f"proven entries {result.proven_entries:,}, disproven {result.disproven_entries:,}"
    )
    for nodes, at, pn, dn in result.history:
        print(f"  root at {nodes:>12,} nodes {at:>8.1f} s: pn {_number(pn)} dn {_number(dn)}")
    for row in result.frontier:
        print(
            "  "
            + ", ".join(
                f"{key} {_number(value) if isinstance(value, int) else value}" for key, value in row.items()
            )
        )
    if result.certificate is not None and args.certificate:
        path = save_certificate(result.certificate, args.certificate)
        verdict = check_certificate(result.certificate.to_json(), tables)
        print(
            f"certificate {path}: {len(result.certificate.nodes):,} nodes, {path.stat().st_size:,} bytes; "
            f"checker: {verdict}"
        )
        return 0 if verdict.proven else 1
    return 0


def _number(value: int) -> str:
    return "inf" if value >= INFINITY else f"{value:,}"
