"""The exercises of notebook 02 (the board as a graph): build a board, count its edges, find its leap lines."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import networkx as nx

from .. import boards
from ..i18n import N_, LazyString, _, ngettext
from .checking import (
    CORRECT,
    MISSING,
    WRONG,
    Feedback,
    _as_points,
    _exercise,
    _listing,
    _natural,
    _not_yet,
    _number_check,
    _rules_named,
    _shown,
    answer_digest,
)

# --- 02: the board as a graph -------------------------------------------------------


@_exercise("02-build-zuni2", N_("Build the smallest Zuni board, zuni(2), by hand with nx.Graph()."))
def _build_zuni2(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _graph_check(exercise_id, answer, boards.zuni(2), "zuni(2)")


def _graph_check(exercise_id: str, answer: Any, reference: nx.Graph, name: str) -> Feedback:
    if not isinstance(answer, nx.Graph) or answer.is_directed() or answer.is_multigraph():
        return Feedback(
            exercise_id,
            WRONG,
            _("I expected a graph made with `nx.Graph()`, but got {kind}.").format(
                kind=type(answer).__name__
            ),
        )
    want_nodes, have_nodes = set(reference.nodes), set(answer.nodes)
    lower_case = {n for n in have_nodes - want_nodes if isinstance(n, str) and n.upper() in want_nodes}
    if lower_case:
        return Feedback(
            exercise_id,
            WRONG,
            _("Point names need capital letters: {points}.").format(points=_listing(lower_case)),
            _("Write `\"T0\"`, not `\"t0\"`."),
        )
    strange = [n for n in have_nodes if not isinstance(n, str)]
    if strange:
        return Feedback(
            exercise_id,
            WRONG,
            _("Point names are text in quotation marks, like `\"T0\"`; your graph has {name}.").format(
                name=repr(strange[0])
            ),
        )
    missing_nodes, extra_nodes = want_nodes - have_nodes, have_nodes - want_nodes
    if missing_nodes or extra_nodes:
        parts = []
        if missing_nodes:
            parts.append(_("these points are missing: {points}").format(points=_listing(missing_nodes)))
        if extra_nodes:
            parts.append(
                _("these points are not on {board}: {points}").format(
                    board=name, points=_listing(extra_nodes)
                )
            )
        return Feedback(
            exercise_id,
            WRONG,
            _("Your graph's points do not match: {problems}.").format(problems="; ".join(parts)),
            ngettext(
                "{board} has {count} point: {points}.",
                "{board} has {count} points: {points}.",
                len(want_nodes),
            ).format(board=name, count=len(want_nodes), points=_listing(want_nodes, limit=20)),
        )

    def edge_set(G: nx.Graph) -> set[frozenset[str]]:
        return {frozenset(e) for e in G.edges}

    want, have = edge_set(reference), edge_set(answer)
    if want == have:
        return Feedback(
            exercise_id,
            CORRECT,
            _(
                "Your graph is exactly {board}: {points} points and {edges} edges, the same as the package's builder."
            ).format(board=name, points=len(want_nodes), edges=len(want)),
        )
    middle_row = {e for e in want if all(reference.nodes[p]["row"] == "M" for p in e)}
    if have == middle_row:  # only the middle row, which the notebook draws before the exercise
        return Feedback(
            exercise_id,
            MISSING,
            _(
                "Your graph has only the middle row so far. Add the other edges to `G`, then run the cell again."
            ),
        )
    missing, extra = want - have, have - want

    def show(edges: set[frozenset[str]]) -> str:
        return _listing("-".join(sorted(e, key=_natural)) for e in edges)

    parts = []
    if missing:  # how many, not which: naming them all would give the answer away
        parts.append(
            ngettext("{count} edge is still missing", "{count} edges are still missing", len(missing)).format(
                count=len(missing)
            )
        )
    if extra:
        parts.append(
            ngettext(
                "{count} edge is not on the board: {edges}",
                "{count} edges are not on the board: {edges}",
                len(extra),
            ).format(count=len(extra), edges=show(extra))
        )
    hint = _("Look at the picture of the board and follow each drawn line from end to end.")
    if missing:
        first = min(("-".join(sorted(e, key=_natural)) for e in missing), key=_natural)
        hint += " " + _("One that is missing: `{edge}`.").format(edge=first)
    outer = edge_set(reference) - edge_set(boards.zuni(reference.graph["n"], outer_lines=False))
    if not extra and missing == outer:
        hint = _(
            "You have drawn Murray's version of the board! Culin's drawing also has lines along the top and bottom rows."
        )
    return Feedback(
        exercise_id,
        WRONG,
        _("You have {have} of the {want} edges. {problems}.").format(
            have=len(have & want), want=len(want), problems="; ".join(parts)
        ),
        hint,
    )


@_exercise(
    "02-zuni3-edges",
    N_("How many edges (lines between two neighbouring points) does zuni(3) have?"),
    "number",
)
def _zuni3_edges(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    n = 3
    board = boards.zuni(n)
    counts = {"middle": 0, "outer": 0, "diagonal": 0, "end": 0}
    curved = set(board.graph["curved_lines"])
    for _start, _end, index in board.edges(data="line"):
        line_rows = {board.nodes[p]["row"] for p in board.graph["lines"][index]}
        if index in curved:
            counts["end"] += 1
        elif line_rows == {"M"}:
            counts["middle"] += 1
        elif len(line_rows) == 1:
            counts["outer"] += 1
        else:
            counts["diagonal"] += 1
    total = board.number_of_edges()
    return _number_check(
        exercise_id,
        answer,
        total,
        _(
            "zuni(3) has {total} edges: {middle} on the middle row, {outer} + {outer} on the outer rows, "
            "{diagonal} on the diagonals and {end} on the end curves."
        ).format(
            total=total,
            middle=counts["middle"],
            outer=counts["outer"] // 2,
            diagonal=counts["diagonal"],
            end=counts["end"],
        ),
        (
            _(
                "Count line by line: the middle row, the two outer rows, the crossing diagonals, the two end curves."
            ),
            _("The middle row alone has {count} edges.").format(count=counts["middle"]),
            _("Each end curve has {count} edges.").format(count=counts["end"] // 2),
        ),
        {
            boards.zuni(n, outer_lines=False).number_of_edges(): _(
                "That would be right for Murray's drawing. Culin's board also has lines along the outer rows."
            )
        },
        attempt,
    )


@_exercise(
    "02-three-neighbours", N_("Which points of the Mosona board have exactly three neighbours?"), "text"
)
def _three_neighbours(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    board = boards.mosona()
    want = {p for p, degree in board.degree if degree == 3}
    have = _as_points(answer)
    if have is None:
        return Feedback(exercise_id, WRONG, _("Give point names, for example `T3, M4`."))
    unknown = have - set(board)
    if unknown:
        return Feedback(
            exercise_id,
            WRONG,
            _("The Mosona board has no point {points}.").format(points=_listing(unknown)),
            _("Points are called T0..T7, M0..M8 and B0..B7."),
        )
    if have == want:
        return Feedback(
            exercise_id,
            CORRECT,
            _(
                "The {count} points with three neighbours are the four corners and the two ends of the middle row: {points}."
            ).format(count=len(want), points=_listing(want)),
        )
    notes = [
        ngettext(
            "`{point}` has {count} neighbour.", "`{point}` has {count} neighbours.", board.degree[p]
        ).format(point=p, count=board.degree[p])
        for p in sorted(have - want, key=_natural)[:3]
    ]
    if want - have:
        notes.append(_("You found {have} of the {want}.").format(have=len(have & want), want=len(want)))
    hints = (
        _("Try `dict(board.degree)` to see every point's number of neighbours."),
        _("Look at the four corners of the board first."),
        _("Then the two ends of the middle row."),
    )
    return _not_yet(exercise_id, notes, hints, attempt)


@_exercise("02-murray-leap-lines", N_("How many leap lines does Murray's drawing of the Mosona board have?"))
def _murray_leap_lines(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    murray, culin = boards.mosona(outer_lines=False), boards.mosona()
    total = len(boards.leap_lines(murray))
    return _number_check(
        exercise_id,
        answer,
        total,
        _(
            "Murray's drawing has {total} leap lines, {fewer} fewer than Culin's board: "
            "no leap can run along an outer row."
        ).format(total=total, fewer=len(boards.leap_lines(culin)) - total),
        (
            _("Use `leap_lines(...)` on `mosona(outer_lines=False)` and count with `len`."),
            _("`murray` is already Murray's drawing: `len(leap_lines(murray))`."),
        ),
        {
            len(boards.leap_lines(culin)): _("That is Culin's board, with the outer-row lines."),
            2 * total: _("That counts each leap line twice, once in each direction."),
        },
        attempt,
    )


@_exercise(
    "02-edges-formula", N_("Write a function edges(n) that gives the number of edges of zuni(n) for every n.")
)
def _edges_formula(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _formula_check(
        exercise_id, answer, lambda n: boards.zuni(n).number_of_edges(), N_("edges of zuni(n)")
    )


def _formula_check(
    exercise_id: str, answer: Any, truth: Callable[[int], int], what: str | LazyString
) -> Feedback:
    if not callable(answer):
        return Feedback(
            exercise_id,
            WRONG,
            _(
                "I expected a function, like `def edges(n): return ...`, "
                "then `check(..., edges)` without brackets after `edges`."
            ),
        )
    sizes = range(2, 31)
    for n in sizes:
        try:
            value = answer(n)
        except Exception as error:  # noqa: BLE001 - a student's function may fail in any way; report it kindly
            return Feedback(
                exercise_id,
                WRONG,
                _("Your function stopped with an error for n = {n}: {error}").format(
                    n=n, error=f"{type(error).__name__}: {error}"
                ),
            )
        if value is None or value is ...:
            return Feedback(
                exercise_id, MISSING, _("Your function does not give a number yet: finish its `return` line.")
            )
        if value != truth(n):
            return Feedback(
                exercise_id,
                WRONG,
                _("For n = {n} your function gives {value}, but there are {count} {what}.").format(
                    n=n, value=repr(value), count=truth(n), what=what
                ),
                _("Each kind of line adds a fixed number of edges for every point you add to a row."),
            )
    return Feedback(
        exercise_id,
        CORRECT,
        _("Your formula matches the real boards for every n from {first} to {last}.").format(
            first=sizes[0], last=sizes[-1]
        ),
    )


# --- 03 and 06: rules as values ---------------------------------------------------------


def _rules_check(exercise_id: str, answer: Any, asked: Mapping[str, set[str]], attempt: int) -> Feedback:
    """A ``Rules(...)`` value: the switches the question names set as asked (kept as fingerprints), the rest as they are.

    ``asked`` maps each switch the question names to the fingerprints of its
    right setting (``answer_digest(exercise_id, "name=value")``).
    """
    from ..rules import Rules

    if not isinstance(answer, Rules):
        return Feedback(
            exercise_id,
            WRONG,
            _("I expected a `Rules(...)` value, but got {answer}.").format(answer=_shown(answer)),
            _("Write for example `Rules(compulsory_capture=False)`."),
        )
    default = Rules()
    notes = []
    for field in dataclasses.fields(Rules):
        have = getattr(answer, field.name)
        if field.name in asked:
            if answer_digest(exercise_id, f"{field.name}={have!r}") not in asked[field.name]:
                notes.append(
                    _("`{switch}` is {have}: that is not what the question asks for.").format(
                        switch=field.name, have=repr(have)
                    )
                )
        elif have != getattr(default, field.name):
            notes.append(
                _("`{switch}` is {have}; leave this switch as it is ({default}).").format(
                    switch=field.name, have=repr(have), default=repr(getattr(default, field.name))
                )
            )
    if notes:
        hints = (
            _("Run `Rules()` in a new cell: it lists every switch with its setting."),
            _("Text settings go in quotation marks, like `multi_leap=\"optional\"`; True and False do not."),
        )
        return _not_yet(exercise_id, notes, hints, attempt)
    return _rules_named(exercise_id, answer)


@_exercise(
    "03-ludii-rules",
    N_(
        "Build the Rules where capturing is not compulsory and a piece makes only one leap "
        "a turn; every other switch as it is."
    ),
)
def _ludii_rules(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _rules_check(
        exercise_id,
        answer,
        {"compulsory_capture": {"50579ff9fd1588b1d371accc"}, "multi_leap": {"d8cb94a5c61fde007a30e06a"}},
        attempt,
    )


@_exercise(
    "06-optional-chains",
    N_("Build the Rules where a piece may stop leaping whenever it likes; every other switch as it is."),
)
def _optional_chains(exercise_id: str, answer: Any, attempt: int = 1) -> Feedback:
    return _rules_check(exercise_id, answer, {"multi_leap": {"80a1622a7a4923b5f3038f37"}}, attempt)
