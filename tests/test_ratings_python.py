"""League ratings without numpy (a JupyterLite site has none): the same numbers as with numpy."""

from __future__ import annotations

import random

import pytest

from awithlaknannai.league.ratings import BASE_RATING, PRIOR_GAMES, elo_ratings
from awithlaknannai.league.ratings import elo_ratings_python

pytest.importorskip("numpy")


def _league(seed: int, players: int, games: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    strength = {name: rng.gauss(0, 1.5) for name in names}
    scores = []
    for _ in range(games):
        a, b = rng.sample(names, 2)
        edge = strength[a] - strength[b] + rng.gauss(0, 1)
        scores.append((a, b, 1.0 if edge > 0.3 else 0.0 if edge < -0.3 else 0.5))
    return scores


@pytest.mark.parametrize(("seed", "players", "games"), [(1, 2, 3), (2, 4, 24), (3, 9, 80), (4, 30, 400)])
def test_the_same_ratings_as_numpy(seed: int, players: int, games: int) -> None:
    scores = _league(seed, players, games)
    extra = ["nobody"]  # rated with no games: the base rating
    with_numpy = elo_ratings(scores, extra)
    without = elo_ratings_python(scores, extra, base=BASE_RATING, prior_games=PRIOR_GAMES)
    assert list(without) == list(with_numpy)
    assert without == pytest.approx(with_numpy, abs=1e-5)
    assert without["nobody"] == pytest.approx(BASE_RATING)


def test_a_player_who_won_everything_stays_finite() -> None:
    ratings = elo_ratings_python([("ann", "bob", 1)] * 50, base=1500, prior_games=2)
    assert ratings == pytest.approx(elo_ratings([("ann", "bob", 1)] * 50), abs=1e-5)
    assert 1500 < ratings["ann"] < 3000


@pytest.mark.parametrize(
    ("scores", "settings", "message"),
    [
        ([("ann", "ann", 1)], {}, "cannot play against itself"),
        ([("ann", "bob", 2)], {}, "a score is a number from 0 to 1"),
        ([], {"prior_games": 0}, "prior_games must be a number above 0"),
        ([], {"base": float("nan")}, "base must be a finite number"),
    ],
)
def test_the_same_refusals(scores: list, settings: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        elo_ratings(scores, **settings)
    with pytest.raises(ValueError, match=message):
        elo_ratings_python(
            scores, base=settings.get("base", 1500), prior_games=settings.get("prior_games", 2)
        )
    assert elo_ratings_python([], base=1500, prior_games=2) == {}
