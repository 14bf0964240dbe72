"""A proof's certificate as a value and as a file: what :func:`~awithlaknannai.tables.proof.prove` leaves.

The certificate is the proof graph, one node a position: one move at each of
the prover's nodes, every legal move at the opponent's, down to finished games
or table entries. :func:`save_certificate` writes it as JSON (gzip-compressed
when the name ends in ``.gz``); :func:`load_certificate` reads it back and
checks its shape. Whether it proves anything is for the separate checker,
:mod:`awithlaknannai.tables.certificate`, to say.

Examples
--------
>>> import tempfile, pathlib
>>> proof = Certificate("zuni-2 standard b./.w w 0", "draw", [{"leaf": "end"}], 1)
>>> path = save_certificate(proof, pathlib.Path(tempfile.mkdtemp()) / "proof.json.gz")
>>> load_certificate(path) == proof
True
"""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

__all__ = ["CERTIFICATE_FORMAT", "Certificate", "load_certificate", "save_certificate"]

Question = Literal["win", "draw"]

CERTIFICATE_FORMAT = "awithlaknannai-proof-certificate"


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
    from .certificate import _certificate_json  # the checker's reader: one way to read the file

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
