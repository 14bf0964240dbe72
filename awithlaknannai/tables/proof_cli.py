"""``python -m awithlaknannai prove``: the proof search from a terminal (:func:`cli_prove`).

Kept apart from :mod:`awithlaknannai.tables.proof`, as the solver's command
line is from the solver: printing figures is not the search's concern.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import shown
from ..position import Position
from .proof import INFINITY, MIN_MEMORY_MB, _real, prove
from .proof_file import save_certificate
from .solver import EndgameTables

__all__ = ["CLI_MEMORY_MB", "cli_prove"]

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
