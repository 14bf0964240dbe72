"""The checker of proof certificates: the only thing a proof's claim rests on.

A certificate (written by :func:`awithlaknannai.tables.proof.save_certificate`)
claims that the side to move at its root wins (question ``"win"``) or at
least draws (``"draw"``). This checker does not use the search: it replays
the graph with the move generator (:class:`~awithlaknannai.position.Position`)
and reads leaves from the endgame tables, under the tables' rules: the
quiet-turn and repetition limits are ignored, and endless play is scored by
``no_capture_result`` (a draw, or a win for the side with more pieces).

It checks that every node is reached as one position; that the prover's
nodes hold one legal move and the opponent's every legal move (no more, no
less); that each leaf is a finished game or a table entry whose stored value
is the table's and supports the claim; and that no cycle of the graph has a
material where endless play would not support it (under *standard*, a
``"win"`` proof has no cycle at all).

>>> from awithlaknannai.tables.solver import solve_endgames
>>> from awithlaknannai.tables.proof import prove
>>> from awithlaknannai import Position
>>> tables = solve_endgames("zuni-3", max_pieces=2, cache_dir=False)
>>> proof = prove(Position.start("zuni-3"), "draw", tables, max_pieces=1, seconds=30, memory_mb=16).certificate
>>> print(check_certificate(proof.to_json(), tables))
proven
>>> proof.nodes[0]["moves"][0][0] = "T0-T1"
>>> print(check_certificate(proof.to_json(), tables))
broken at node 0 (zuni-3 standard bbb/b..w/www w 0): illegal move T0-T1
"""

from __future__ import annotations

import gzip
import json
import os
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..position import Position
from ..variants import Color
from .solver import EndgameTables
from .tablefile import board_fingerprint, table_rules_text

__all__ = ["Verdict", "check_certificate", "read_certificate"]


@dataclass(frozen=True)
class Verdict:
    """``proven`` or where the certificate breaks: its node id, position text and the reason."""

    proven: bool
    reason: str = ""
    node: int | None = None
    position: str | None = None

    def __str__(self) -> str:
        if self.proven:
            return "proven"
        where = (
            ""
            if self.node is None
            else f" at node {self.node}" + (f" ({self.position})" if self.position else "")
        )
        return f"broken{where}: {self.reason}"


def _certificate_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value in a certificate file, plain or gzip (a ValueError when it is neither)."""
    raw = Path(path).read_bytes()
    try:
        return json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    except (OSError, EOFError, ValueError) as error:
        raise ValueError(f"{path}: not a certificate ({error})") from None


def read_certificate(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The certificate file's JSON (plain or gzip)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a certificate is read from a file name, got {type(path).__name__}")
    data = _certificate_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a certificate (no JSON object)")  # noqa: TRY004 - the file's content
    return data


def _plain(position: Position) -> Position:
    """The same position with no quiet turns counted: the tables' game has no turn limit."""
    return Position(position.variant, position.white, position.black, position.turn)


def check_certificate(certificate: dict[str, Any] | str | os.PathLike[str], tables: EndgameTables) -> Verdict:
    """Replay a certificate (its JSON, or a file) with the move generator and ``tables``."""
    data = read_certificate(certificate) if not isinstance(certificate, dict) else certificate
    if not isinstance(tables, EndgameTables):
        raise TypeError(f"check_certificate reads leaves from EndgameTables, got {type(tables).__name__}")
    nodes, question = data.get("nodes"), data.get("question")
    if not isinstance(nodes, list) or not nodes or question not in ("win", "draw"):
        return Verdict(
            False, "not a certificate: it needs a non-empty node list and a question 'win' or 'draw'"
        )
    try:
        root = _plain(Position.from_text(data.get("root")))  # type: ignore[arg-type]
    except (TypeError, ValueError) as error:
        return Verdict(False, f"the root is not a position text ({error})", 0)
    variant = root.variant
    if (
        board_fingerprint(variant) != tables.fingerprint
        or table_rules_text(variant.rules) != tables.rules_text
    ):
        return Verdict(
            False,
            f"the tables are for {tables.variant.name} under '{tables.rules_text}', "
            f"not {variant.name} under '{table_rules_text(variant.rules)}'",
        )
    prover = root.turn
    needed = 1 if question == "win" else 0  # the prover's result must be at least this

    def mine(winner: Color | None) -> int:
        return 0 if winner is None else 1 if winner is prover else -1

    def endless(position: Position) -> int:  # the prover's result if play went on for ever here
        if variant.rules.no_capture_result != "more_pieces":
            return 0
        ahead = position.count(prover) - position.count(prover.other)
        return (ahead > 0) - (ahead < 0)

    positions: dict[int, Position] = {0: root}
    edges: dict[int, list[int]] = {}
    queue = deque([0])
    while queue:
        node = queue.popleft()
        position = positions[node]

        def broken(reason: str, node: int = node, position: Position = position) -> Verdict:
            return Verdict(False, reason, node, position.text())

        entry = nodes[node]
        if not isinstance(entry, dict):
            return broken("a node is an object with 'moves' or 'leaf'")
        if "leaf" in entry:
            if entry["leaf"] == "end":
                outcome = position.outcome()
                if outcome is None:
                    return broken("a leaf claims the game is over, but it is not")
                if mine(outcome.winner) < needed:
                    return broken(
                        f"the game ends here with {outcome.result}, which does not support the claim"
                    )
            elif entry["leaf"] == "table":
                if not tables.covers(position) or position.outcome() is not None:
                    return broken("a table leaf the tables do not cover")
                told = tables.value(position).outcome
                if entry.get("value") != told:
                    return broken(f"the leaf claims {entry.get('value')!r}, the tables say {told!r}")
                result = {"win": 1, "draw": 0, "loss": -1}[told]
                if (result if position.turn is prover else -result) < needed:
                    return broken(
                        f"the tables' value ({told} for the side to move) does not support the claim"
                    )
            else:
                return broken(f"unknown leaf kind {entry['leaf']!r}")
            continue
        moves = entry.get("moves")
        if not isinstance(moves, list) or not all(
            isinstance(m, list)
            and len(m) == 2
            and isinstance(m[0], str)
            and isinstance(m[1], int)
            and not isinstance(m[1], bool)
            for m in moves
        ):
            return broken("'moves' is a list of [move text, node id]")
        legal = {str(move): move for move in position.legal_moves()}
        if not legal:
            return broken("the game is over here: no move can be played")
        for text, _ in moves:
            if text not in legal:
                return broken(f"illegal move {text}")
        if len({text for text, _ in moves}) != len(moves):
            return broken("a move is listed twice")
        if position.turn is prover and len(moves) != 1:
            return broken(f"the prover's node holds {len(moves)} moves, not one")
        if position.turn is not prover:
            missing = sorted(set(legal) - {text for text, _ in moves})
            if missing:
                return broken(f"a missing reply of the opponent: {', '.join(missing)}")
        edges[node] = []
        for text, child in moves:
            if not 0 <= child < len(nodes):
                return broken(f"move {text} leads to node {child}, which does not exist")
            after = _plain(position.play(legal[text]))
            known = positions.get(child)
            if known is None:
                positions[child] = after
                queue.append(child)
            elif known != after:
                return broken(
                    f"move {text} leads to node {child}, which is another position ({known.text()})"
                )
            edges[node].append(child)
    # Every cycle keeps one material; where endless play fails the claim, the graph must have none.
    bad = {node for node in edges if endless(positions[node]) < needed}
    into = {node: 0 for node in bad}
    for node in bad:
        for child in edges[node]:
            if child in bad:
                into[child] += 1
    ready = [node for node, count in into.items() if count == 0]
    while ready:
        node = ready.pop()
        del into[node]
        for child in edges[node]:
            if child in into:
                into[child] -= 1
                if into[child] == 0:
                    ready.append(child)
    if into:  # each node left has a predecessor left: walking back reaches a cycle
        before = {child: node for node in into for child in edges[node] if child in into}
        node, seen = min(into), set()
        while node not in seen:
            seen.add(node)
            node = before[node]
        return Verdict(
            False, "a cycle: endless play from here would not support the claim", node, positions[node].text()
        )
    return Verdict(True)
