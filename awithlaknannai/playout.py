"""The lean engine's former home: :mod:`awithlaknannai.engines.lean` (kept so old imports work)."""

from .engines.lean import LeanEngine, LeanMove, PlayoutResult, lean_move_of

__all__ = ["LeanEngine", "LeanMove", "PlayoutResult", "lean_move_of"]
