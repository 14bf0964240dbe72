"""The game engines, side by side: one move generator and the faster forms built on it.

============================  ===============================================================
module                        what it is
============================  ===============================================================
:mod:`.generator`             **the** move generator: steps, leaps, multi-leaps, bent leaps,
                              maximum capture and a shrinking board's dead points, in one
                              place. :class:`~awithlaknannai.position.Position`, the search
                              players, the lean engine and ``generate_raw`` all list their
                              moves with it.
:mod:`.lean`                  :class:`~.lean.LeanEngine`: random games and perft on bit sets
                              with the generator's lean moves (no Move objects).
:mod:`.batch`                 :class:`~.batch.BatchPlayouts`: thousands of random games at
                              once with numpy, a second form of the rules for speed, replayed
                              through the generator by the tests on every variant and preset.
============================  ===============================================================

The third form, the rank-indexed tables of the array endgame solver, lives with the
solver (:mod:`awithlaknannai.tables.ranks`); its moves are checked against the
generator's by ``tests/test_tables.py``.

Import the engines from their modules (``from awithlaknannai.engines.lean import
LeanEngine``); this package imports none of them itself, because the generator sits
below :mod:`awithlaknannai.position` and the two engines above it.
"""
