"""The batch engine's former home: :mod:`awithlaknannai.engines.batch` (kept so old imports work)."""

from .engines.batch import (
                            BATCH_BYTES,
                            FIRST_BATCH,
                            MAX_BATCH,
                            MAX_RECORDED_GAMES,
                            REASONS,
                            BatchPlayouts,
                            BatchResult,
)

__all__ = ["BATCH_BYTES", "FIRST_BATCH", "MAX_BATCH", "MAX_RECORDED_GAMES", "REASONS", "BatchPlayouts", "BatchResult"]
