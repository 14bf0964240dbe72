"""What is known about who wins Awithlaknannai Mosona, as figures with their sources.

Nobody has published who wins Awithlaknannai Mosona with perfect play. This
project has solved every position with at most 6 pieces a side (standard
rules, :mod:`awithlaknannai.tables`); the whole game has about 7.8e11
positions (``benchmarks/DISTRIBUTED.md``), the size of Awari, which took a
cluster in 2002. :data:`EVEN_ENDGAMES` holds what the tables say about the
balanced classes (as many pieces on each side), as ``benchmarks/solve_big.py``
measured them (``benchmarks/tables-results.txt``); ``tests/test_known.py``
solves the small ones again and compares. :data:`SEARCH_FROM_START` says how far
the proof search from the start has got (``benchmarks/proof-results.txt``), and
:data:`SOLVED_GAMES` sets other solved games beside it, each with its source.

Examples
--------
>>> five = EVEN_ENDGAMES[5]
>>> round(100 * five.won / five.positions, 1), round(100 * five.drawn / five.positions, 1)
(57.0, 25.9)
>>> [game.name for game in SOLVED_GAMES]
["Nine Men's Morris", 'Awari', 'Checkers']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_

__all__ = [
    "EVEN_ENDGAMES",
    "MOSONA_POSITIONS",
    "SOLVED_GAMES",
    "SOLVED_POSITIONS",
    "SOLVED_UP_TO",
    "SEARCH_FROM_START",
    "EndgameShares",
    "SearchFrontier",
    "SolvedGame",
]


@dataclass(frozen=True)
class EndgameShares:
    """What perfect play gives in one material class, counted over its positions, seen by the side to move."""

    pieces: int  #: pieces on each side
    positions: int
    won: int
    lost: int
    drawn: int

    def shares(self) -> tuple[float, float, float]:
        """The fractions won, drawn and lost (they add up to 1)."""
        return self.won / self.positions, self.drawn / self.positions, self.lost / self.positions


@dataclass(frozen=True)
class SolvedGame:
    """Another game whose result with perfect play is known, for comparison.

    ``name`` and ``result`` are English, marked for translation: a picture shows ``_(name)``.
    """

    name: str
    positions: float  #: how many positions the solvers counted (their own counting)
    year: int  #: when the result was announced
    result: str
    source: str


@dataclass(frozen=True)
class SearchFrontier:
    """How far the proof search from Mosona's start got, and what it left open (:mod:`awithlaknannai.tables.proof`)."""

    question: str  #: "draw": does the first player at least draw? "win": does it win?
    positions: int  #: positions the search expanded
    minutes: int  #: how long it ran
    answer: str  #: "unknown" until a proof or a disproof is found
    fewest_open_pieces: int  #: pieces on the board in the open positions with the fewest
    source: str


#: Mosona, standard rules, ``k`` against ``k`` pieces: positions and what the side to move gets.
#: Measured with ``python benchmarks/solve_big.py --variant mosona --max-pieces 6 --rules standard``.
EVEN_ENDGAMES: dict[int, EndgameShares] = {
    shares.pieces: shares
    for shares in (
        EndgameShares(1, 600, 70, 0, 530),
        EndgameShares(2, 75_900, 25_113, 1_208, 49_579),
        EndgameShares(3, 3_542_000, 1_695_876, 223_866, 1_622_258),
        EndgameShares(4, 75_710_250, 41_287_821, 9_154_996, 25_267_433),
        EndgameShares(5, 823_727_520, 469_252_548, 140_966_510, 213_508_462),
        EndgameShares(6, 4_805_077_200, 2_757_168_769, 1_014_747_797, 1_033_160_634),
    )
}
#: The most pieces a side of every class solved so far, and how many positions that is.
SOLVED_UP_TO = 6
SOLVED_POSITIONS = 12_309_119_670
#: Positions of the whole game (12 a side and every smaller material), ``benchmarks/DISTRIBUTED.md``.
MOSONA_POSITIONS = 7.77e11

#: The longest search from the start so far (standard rules, the tables up to 6 a side as leaves).
SEARCH_FROM_START = SearchFrontier(
    "draw",
    5_981_696,
    21,
    "unknown",
    10,
    "benchmarks/proof-results.txt, run 5 (27 November 2026): df-pn, 6 GB table, one core",
)

SOLVED_GAMES: tuple[SolvedGame, ...] = (
    SolvedGame(
        N_("Nine Men's Morris").message,
        1e10,
        1993,
        N_("a draw").message,
        "Gasser 1993 (announcement) and 1996 (Games of No Chance): databases of about 10 billion "
        "positions and an 18-ply search",
    ),
    SolvedGame(
        "Awari",
        889_063_398_406,
        2002,
        N_("a draw").message,
        "Romein and Bal 2003: all 889,063,398,406 positions, 51 hours on 144 processors",
    ),
    SolvedGame(
        N_("Checkers").message,
        5e20,
        2007,
        N_("a draw").message,
        "Schaeffer et al. 2007 (Science): about 5 x 10^20 positions; endgame databases and a forward proof",
    ),
)
