"""Self-play statistics and their charts."""

from __future__ import annotations

import pytest

from awithlaknannai.analysis.plots import end_reason_bars, length_histograms, result_bars
from awithlaknannai.analysis.selfplay import (
    SelfplayStatistics,
    SelfplayTable,
    selfplay_grid,
    selfplay_statistics,
)
from awithlaknannai.players import GreedyPlayer, RandomPlayer


@pytest.fixture(scope="module")
def greedy_zuni4() -> SelfplayStatistics:
    return selfplay_statistics("zuni-4", "standard", "greedy", games=8, seed=0)


def test_totals_add_up(greedy_zuni4: SelfplayStatistics) -> None:
    s = greedy_zuni4
    assert s.games == 8
    assert s.first_player_wins + s.second_player_wins + s.draws == 8
    assert s.rate("first") + s.rate("second") + s.rate("draw") == pytest.approx(1.0)
    assert sum(s.reasons.values()) == 8
    assert len(s.lengths) == len(s.pieces_left) == len(s.rows) == 8
    assert sum(s.length_histogram(5).values()) == 8
    assert all(start % 5 == 0 for start in s.length_histogram(5))
    assert min(s.lengths) <= s.median_length <= max(s.lengths)


def test_first_player_results_match_the_games(greedy_zuni4: SelfplayStatistics) -> None:
    s = greedy_zuni4
    won = sum(1 for r in s.rows if r.result != "draw" and r.result == r.first)
    assert s.first_player_wins == won
    # A game won by capturing everything leaves the loser no pieces.
    for row, (first_left, second_left) in zip(s.rows, s.pieces_left):
        if row.reason == "no pieces left":
            assert 0 in (first_left, second_left)
            winner_first = row.first_player_result == "won"
            assert (second_left if winner_first else first_left) == 0


def test_seeded_statistics_repeat(greedy_zuni4: SelfplayStatistics) -> None:
    assert selfplay_statistics("zuni-4", "standard", "greedy", games=8, seed=0) == greedy_zuni4


def test_a_pair_of_players_and_player_objects() -> None:
    s = selfplay_statistics("zuni-3", "ludii", (RandomPlayer(), GreedyPlayer()), games=4, seed=1)
    assert s.players == ("random", "greedy")
    assert s.rules == "ludii"
    assert s.first_player_wins + s.second_player_wins + s.draws == 4


def test_summary_and_text(greedy_zuni4: SelfplayStatistics) -> None:
    row = greedy_zuni4.summary()
    assert row["games"] == 8 and row["variant"] == "zuni-4" and row["rules"] == "standard"
    assert sum(v for k, v in row.items() if k.startswith("end: ")) == 8
    text = str(greedy_zuni4)
    assert text.startswith("zuni-4 / standard: 8 games of greedy (1) vs greedy (2)")
    assert "first player won" in text and "end reasons:" in text
    assert "<li>" in greedy_zuni4._repr_html_()


def test_grid_table() -> None:
    table = selfplay_grid(["zuni-3", "zuni-3-murray"], ["standard", "maximum"], "random", games=2, seed=0)
    assert isinstance(table, SelfplayTable) and len(table) == 4
    assert [(s.variant, s.rules) for s in table] == [
        ("zuni-3", "standard"),
        ("zuni-3", "maximum"),
        ("zuni-3-murray", "standard"),
        ("zuni-3-murray", "maximum"),
    ]
    # The players and the number of games are the same in every row: said once, above the table;
    # the rules differ, so they keep their column.
    lines = table.to_text().splitlines()
    assert lines[0] == "The same in every row: players random (1) vs random (2), games 2."
    assert len(lines) == 6 and "first wins" in lines[1] and "rules" in lines[1]
    assert "players" not in lines[1] and "random" not in "".join(lines[1:])
    page = table._repr_html_()
    assert page.startswith("<p>The same in every row: players random (1) vs random (2), games 2.</p>")
    assert page.count("<tr>") == 5 and "<th>players</th>" not in page and "<th>rules</th>" in page


def test_one_batch_keeps_every_column_and_the_side_by_side_view_keeps_every_row() -> None:
    table = selfplay_grid(["zuni-3"], ["standard"], "random", games=2, seed=0)
    assert "players" in table.to_text().splitlines()[0] and "same in every row" not in table.to_text()
    two = selfplay_grid(["zuni-3", "zuni-3-murray"], ["standard"], "random", games=2, seed=0)
    side = str(two.side_by_side()).splitlines()
    assert [line.split()[0] for line in side[1:4]] == ["rules", "players", "games"]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: selfplay_statistics("zuni-3", players=("random",), games=2), "one player .* or a pair"),
        (lambda: selfplay_statistics("zuni-3", players="genius", games=2), "unknown player 'genius'"),
        (lambda: selfplay_statistics("zuni-3", games=0), "games must be an integer from 1"),
    ],
)
def test_bad_arguments(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_rate_and_histogram_check_their_arguments(greedy_zuni4: SelfplayStatistics) -> None:
    with pytest.raises(ValueError, match="rate\\(\\) takes 'first', 'second' or 'draw'"):
        greedy_zuni4.rate("white")
    with pytest.raises(ValueError, match="width must be an integer >= 1"):
        greedy_zuni4.length_histogram(0)


# --- charts -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_boards(greedy_zuni4: SelfplayStatistics) -> dict[str, SelfplayStatistics]:
    murray = selfplay_statistics("zuni-4-murray", "standard", "greedy", games=8, seed=0)
    return {"with outer lines": greedy_zuni4, "without": murray}


def test_length_histograms(two_boards: dict[str, SelfplayStatistics]) -> None:
    fig = length_histograms(two_boards, bins=6)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["with outer lines", "without"]
    assert ax.get_xlabel() == "length of the game (turns)"
    assert len(ax.patches) == 2  # one outline per batch


def test_result_bars(two_boards: dict[str, SelfplayStatistics]) -> None:
    fig = result_bars(list(two_boards.values()))
    ax = fig.axes[0]
    assert len(ax.patches) == 3 * 2  # first, draw, second for each batch
    widths = [p.get_width() for p in ax.patches]
    assert sum(widths) == pytest.approx(2.0)  # each bar spans all the games
    assert [t.get_text() for t in ax.get_yticklabels()] == ["zuni-4 / standard", "zuni-4-murray / standard"]


def test_end_reason_bars(two_boards: dict[str, SelfplayStatistics]) -> None:
    fig = end_reason_bars(two_boards)
    ax = fig.axes[0]
    reasons = {reason for s in two_boards.values() for reason in s.reasons}
    assert len(ax.patches) == len(reasons) * 2
    assert sum(p.get_height() for p in ax.patches) == pytest.approx(2.0)


def test_charts_refuse_bad_input() -> None:
    with pytest.raises(ValueError, match="nothing to plot"):
        result_bars([])
    with pytest.raises(TypeError, match="is not a SelfplayStatistics"):
        end_reason_bars({"x": 3})
    with pytest.raises(ValueError, match="bins must be an integer >= 1"):
        length_histograms([], bins=0)
