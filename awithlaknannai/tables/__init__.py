"""Endgame and whole-game tables: who wins with perfect play, and how quickly.

Built by retrograde analysis (:mod:`.solver`, :mod:`.solver_core`; the numpy
form :mod:`.blocks` over :mod:`.ranks`), one entry per symmetry class
(:mod:`.symmetry`), stored as ``.tbl``/``.wdl`` pairs (:mod:`.tablefile`) and
read as :class:`~.values.Value` objects through :mod:`.endgame_tables`.
:mod:`.costs` prices a build before it starts, :mod:`.distributed` runs one
on several processes with MPI, and
:mod:`.solved_starts` keeps what the big builds found at the start of a game.
:mod:`.proof` searches whole games (df-pn) with the tables as leaves and
writes certificates, which :mod:`.certificate` checks on its own.
"""
