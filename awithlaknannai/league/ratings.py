"""League ratings: :func:`elo_ratings` (numpy), and :func:`elo_ratings_python`, the same without numpy.

A JupyterLite site (Python in the browser, :mod:`awithlaknannai.lite`) has
no numpy, and a league's standings show each player's rating. This module
finds the same ratings with the same method (Newton's method on the
Bradley-Terry likelihood with ``prior_games`` imaginary draws against a
``base`` player), solving each step's small linear system by Gaussian
elimination. A league has a few dozen players at most, so plain lists are
quick enough.

Examples
--------
>>> ratings = elo_ratings_python([("ann", "bob", 1)] * 3 + [("ann", "bob", 0.5)], base=1500, prior_games=2)
>>> round(ratings["ann"]), round(ratings["bob"])
(1617, 1383)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

__all__ = ["BASE_RATING", "PRIOR_GAMES", "elo_ratings", "elo_ratings_python"]


def rated_games(
    scores: Iterable[tuple[str, str, float]], players: Iterable[str], base: float, prior_games: float
) -> tuple[dict[str, int], list[tuple[int, int, float]]]:
    """The checked arguments of a rating: each player's number, and the games as (i, j, i's score).

    Shared by :func:`~awithlaknannai.league.ratings.elo_ratings` and :func:`elo_ratings_python`.
    """
    if isinstance(prior_games, bool) or not isinstance(prior_games, (int, float)) or not prior_games > 0:
        raise ValueError(f"prior_games must be a number above 0, got {prior_games!r}")
    if isinstance(base, bool) or not isinstance(base, (int, float)) or not math.isfinite(base):
        raise ValueError(f"base must be a finite number, got {base!r}")
    index: dict[str, int] = {}
    for name in players:
        index.setdefault(name, len(index))
    games: list[tuple[int, int, float]] = []
    for row in scores:
        name, opponent, score = row
        if name == opponent:
            raise ValueError(f"{name!r} cannot play against itself")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise ValueError(f"a score is a number from 0 to 1, got {score!r}")
        games.append(
            (index.setdefault(name, len(index)), index.setdefault(opponent, len(index)), float(score))
        )
    return index, games


def _log1p_exp(x: float) -> float:
    """``log(1 + e**x)`` without overflow (numpy's ``logaddexp(0, x)``)."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    z = math.exp(x)
    return z / (1 + z)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector`` (Gaussian elimination with partial pivoting)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        if rows[pivot][column] == 0:
            raise ZeroDivisionError("singular matrix")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        top = rows[column]
        for r in range(column + 1, size):
            factor = rows[r][column] / top[column]
            if factor:
                row = rows[r]
                for c in range(column, size + 1):
                    row[c] -= factor * top[c]
    solution = [0.0] * size
    for r in range(size - 1, -1, -1):
        total = rows[r][size] - sum(rows[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = total / rows[r][r]
    return solution


def elo_ratings_python(
    scores: Iterable[tuple[str, str, float]], players: Iterable[str] = (), *, base: float, prior_games: float
) -> dict[str, float]:
    """The ratings of :func:`~awithlaknannai.league.ratings.elo_ratings`, computed without numpy.

    See :func:`~awithlaknannai.league.ratings.elo_ratings` for the parameters
    (here ``base`` and ``prior_games`` have no default).

    Returns
    -------
    dict
        ``{player: rating}``, the same as ``elo_ratings`` to a millionth of a point.

    Raises
    ------
    ValueError
        With the messages of ``elo_ratings``: a player against itself, a score
        outside 0 to 1, ``prior_games`` not above 0, ``base`` not finite.
    """
    index, games = rated_games(scores, players, base, prior_games)
    size = len(index)
    if size == 0:
        return {}
    played = [[0.0] * size for _ in range(size)]
    won = [[0.0] * size for _ in range(size)]  # won[i][j]: points i scored against j
    for i, j, score in games:
        played[i][j] += 1
        played[j][i] += 1
        won[i][j] += score
        won[j][i] += 1 - score
    points = [sum(row) for row in won]
    pairs = [(i, j) for i in range(size) for j in range(size) if played[i][j]]

    def log_likelihood(theta: list[float]) -> float:
        total = -sum(won[i][j] * _log1p_exp(theta[j] - theta[i]) for i, j in pairs)
        return total - prior_games / 2 * sum(_log1p_exp(-t) + _log1p_exp(t) for t in theta)

    theta = [0.0] * size  # rating difference from base in natural units
    current = log_likelihood(theta)
    for _ in range(200):
        against_base = [_sigmoid(t) for t in theta]
        gradient = [points[i] + prior_games * (0.5 - against_base[i]) for i in range(size)]
        hessian = [[0.0] * size for _ in range(size)]
        for i, j in pairs:
            expected = _sigmoid(theta[i] - theta[j])
            gradient[i] -= played[i][j] * expected
            weight = played[i][j] * expected * (1 - expected)
            hessian[i][j] += weight
            hessian[i][i] -= weight
        for i in range(size):
            hessian[i][i] -= prior_games * against_base[i] * (1 - against_base[i])
        step = _solve(hessian, [-g for g in gradient])
        scale = 1.0
        while True:  # the likelihood is concave: halve the step until it does not go down
            candidate = [t + scale * s for t, s in zip(theta, step)]
            value = log_likelihood(candidate)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = candidate, value
        if max(abs(scale * s) for s in step) * 400 / math.log(10) < 1e-6:
            break
    return {name: base + theta[i] * 400 / math.log(10) for name, i in index.items()}


#: The rating of an average player, and of the imaginary opponent every player draws against.
BASE_RATING = 1500.0
#: Imaginary drawn games each player has against a BASE_RATING player (see :func:`elo_ratings`).
PRIOR_GAMES = 2.0


def elo_ratings(
    scores: Iterable[tuple[str, str, float]],
    players: Iterable[str] = (),
    *,
    base: float = BASE_RATING,
    prior_games: float = PRIOR_GAMES,
) -> dict[str, float]:
    """Elo-style ratings computed from all games at once, so the order of the games does not matter.

    Elo's formula gives the score player A expects against player B:
    ``E = 1 / (1 + 10 ** ((R_B - R_A) / 400))`` (1 a win, 1/2 a draw). The
    ratings returned are the ones at which **every player's expected score
    over all its games equals the score it made**, counting for each player
    ``prior_games`` imaginary draws against a player rated ``base``. Those
    draws keep the rating of a player who won (or lost) every game finite,
    and pull the ratings of players with few games towards ``base``.

    There is no K factor. In Elo's game-by-game update ``R += K (S - E)``, K
    sets how far one game moves a rating, and the result depends on the order
    of the games; these ratings are the point where that update, applied to
    all the games together, changes nothing (for any K). Statisticians call
    it the maximum-likelihood Bradley-Terry model (Zermelo 1929) with a
    prior; it is found by Newton's method, to a millionth of a point.

    Parameters
    ----------
    scores : iterable of (str, str, float)
        ``(player, opponent, score of player)`` for each game: 1, 1/2 or 0
        (any score from 0 to 1 works). A game is listed once.
    players : iterable of str
        Players to rate even if they have no games (they get ``base``).
    base : float
        The rating of the imaginary opponent (and of an average player).
    prior_games : float
        How many imaginary draws each player has (above 0).

    Returns
    -------
    dict
        ``{player: rating}``.

    Examples
    --------
    >>> ratings = elo_ratings([("ann", "bob", 1), ("bob", "cat", 1), ("cat", "ann", 1)])
    >>> {name: round(r) for name, r in ratings.items()}   # a cycle: all equal
    {'ann': 1500, 'bob': 1500, 'cat': 1500}
    >>> ratings = elo_ratings([("ann", "bob", 1)] * 3 + [("ann", "bob", 0.5)])
    >>> round(ratings["ann"]), round(ratings["bob"])
    (1617, 1383)
    """
    try:
        import numpy as np
    except ImportError:  # a JupyterLite site: the same ratings in plain Python (checked against these)
        return elo_ratings_python(scores, players, base=base, prior_games=prior_games)

    index, games = rated_games(scores, players, base, prior_games)
    size = len(index)
    if size == 0:
        return {}
    played = np.zeros((size, size))
    won = np.zeros((size, size))  # won[i, j]: points i scored against j
    for i, j, score in games:
        played[i, j] += 1
        played[j, i] += 1
        won[i, j] += score
        won[j, i] += 1 - score
    points = won.sum(axis=1)

    def log_likelihood(theta: np.ndarray) -> float:
        diff = theta[:, None] - theta[None, :]
        ll = float((won * -np.logaddexp(0.0, -diff)).sum())
        return ll - prior_games / 2 * float((np.logaddexp(0.0, -theta) + np.logaddexp(0.0, theta)).sum())

    # theta = rating difference from base in natural units: E = sigmoid(theta_a - theta_b).
    theta = np.zeros(size)
    current = log_likelihood(theta)
    for _ in range(200):
        expected = 1 / (1 + np.exp(-(theta[:, None] - theta[None, :])))
        against_base = 1 / (1 + np.exp(-theta))
        gradient = points - (played * expected).sum(axis=1) + prior_games * (0.5 - against_base)
        weights = played * expected * (1 - expected)
        hessian = weights - np.diag(weights.sum(axis=1) + prior_games * against_base * (1 - against_base))
        step = np.linalg.solve(hessian, -gradient)
        scale = 1.0
        while True:  # the likelihood is concave: halve the step until it does not go down
            candidate = theta + scale * step
            value = log_likelihood(candidate)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = candidate, value
        if float(np.abs(scale * step).max()) * 400 / math.log(10) < 1e-6:
            break
    ratings = base + theta * 400 / math.log(10)
    return {name: float(ratings[i]) for name, i in index.items()}
