from awithlaknannai import Position, perft


def test_mosona_perft_reference_values():
    assert [perft(Position.start("mosona"), d) for d in range(1, 5)] == [3, 4, 9, 23]
