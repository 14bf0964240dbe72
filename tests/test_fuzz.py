"""Hostile input for the four doors users open: position texts, game records, move texts, the CLI.

Each test feeds generated input (hypothesis, derandomized so every run sees
the same examples and no run can flake) and asserts what the library
documents: a result, or one of the documented errors (the ``ValueError``
subclasses of :mod:`awithlaknannai.errors`; ``TypeError`` only for a wrong
type of argument, never produced by text), one-line CLI errors with status
2, games unchanged by a refused move, and every input bounded in time and
memory. The bounds asserted are generous (seconds, not milliseconds; a
gigabyte of peak memory for a whole test) so that only a real blow-up, of
the kind issue 11 found (8 s and 1 GB for 26 characters), fails them.
"""

from __future__ import annotations

import contextlib
import io
import json
import string
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awithlaknannai import Game, Position
from awithlaknannai.cli import main
from awithlaknannai.errors import GameOverError, IllegalMoveError, InvalidMoveError, NotationError
from awithlaknannai.game import game_from_json
from awithlaknannai.notation import parse_position

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SECONDS_PER_INPUT = 20.0  # generous: the slowest input here takes well under a second


@contextlib.contextmanager
def bounded() -> object:
    """Fail if the block takes more than SECONDS_PER_INPUT."""
    started, cpu = time.perf_counter(), time.process_time()
    yield
    # CPU time against the bound (a busy machine slows the wall clock, not this process's work), and a
    # wall clock far beyond it for what runs in other processes.
    assert time.process_time() - cpu < SECONDS_PER_INPUT
    assert time.perf_counter() - started < 10 * SECONDS_PER_INPUT


def read_back_or_refused(
    read: Callable[[Any], Any], data: object, kind: type, reads_back: Callable[[Any], bool], longest: int
) -> None:
    """Within the bound, ``read(data)`` gives a ``kind`` that ``reads_back`` (written and read again, the
    same), or refuses ``data`` with a one-line NotationError shorter than ``longest`` characters."""
    with bounded():
        try:
            value = read(data)
        except NotationError as error:
            assert "\n" not in str(error) and len(str(error)) < longest
        else:
            assert isinstance(value, kind)
            assert reads_back(value)


# --- pieces of hostile text ------------------------------------------------------------

HOSTILE_WORDS = [
    "",
    " ",
    "\n",
    "\t",
    "\x00",
    "\u00b2",
    "\u0663",
    "\U0001f600",
    "\ufeff",
    "-1",
    "0",
    "00",
    "1e9",
    "nan",
    "9" * 30,
    "9" * 4301,
    "zuni-10000",
    "zuni-1000000",
    "zuni-" + "9" * 500,
    "zuni-0",
    "zuni-1",
    "zuni-3",
    "zuni-08",
    "zuni-3-murray",
    "mosona",
    "kolowis",
    "alquerque",
    "tukvnanawopi",
    "standard",
    "ludii",
    "maximum",
    "standard,leap_shape=bent",
    "standard,quiet_turn_limit=\u00b2",
    "standard,quiet_turn_limit=0",
    "standard,repetition_limit=" + "9" * 50,
    "w",
    "b",
    "x",
    ".",
    "/",
    "//",
    "bbbb/bbbbb/bbbb",
    "...",
    "[" * 200,
    "{" * 200,
    '"',
    "\\",
    "x" * 10_000,
]
word = st.one_of(
    st.sampled_from(HOSTILE_WORDS),
    st.text(max_size=30),
    st.text(alphabet=string.ascii_letters + string.digits + "-x/.()+,= ", max_size=40),
)


def position_texts() -> st.SearchStrategy[str]:
    shaped = st.lists(word, min_size=0, max_size=7).map(" ".join)
    near_valid = st.tuples(
        st.sampled_from(["zuni-3", "zuni-4", "mosona", "zuni-1001", "tukvnanawopi"]),
        st.sampled_from(["standard", "ludii", "bogus", "standard,leap_shape=bent"]),
        st.sampled_from(["bbb/b...w/www", "bbbb/bb.ww/wwww", "bbb/..../www", "...", "bbb/bbbb/bbb/", ""]),
        st.sampled_from(["w", "b", "W", "\u00b2"]),
        st.sampled_from(["0", "12", "-3", "\u00b2", "9" * 4300, "1000000001"]),
    ).map(" ".join)
    return st.one_of(shaped, near_valid, st.text(max_size=200))


@FUZZ
@given(text=position_texts())
def test_position_texts_parse_or_raise_notation_error(text: str, memory_bound: None) -> None:
    read_back_or_refused(
        parse_position, text, Position, lambda position: parse_position(position.text()) == position, 600
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
record_fields = st.fixed_dictionaries(
    {},
    optional={
        "format": st.sampled_from(["awithlaknannai-game", "chess", ""]) | json_values,
        "version": st.sampled_from([1, True, 1.0, "1", 2, 10**30]) | json_values,
        "variant": st.sampled_from(["mosona", "zuni-3", "zuni-20000", "zuni-" + "9" * 100, "tukvnanawopi"])
        | json_values,
        "rules": st.sampled_from(["standard", "ludii,leap_shape=bent", "standard,quiet_turn_limit=\u00b2"])
        | json_values,
        "first": st.sampled_from(["white", "black", "w", "purple"]) | json_values,
        "start": st.sampled_from([None, "zuni-3 standard ../.../.. w 0", "mosona standard x w 0"])
        | json_values,
        "moves": st.lists(
            st.sampled_from(["B3-M4", "T4xB3", "M5-M4", "b3-m4", "B3-M4-M5", "Q9-Q8", "T4x(M4)B3"])
            | st.text(max_size=12),
            max_size=12,
        )
        | json_values,
        "result": st.sampled_from([None, "white", "black", "draw", "zzz"]) | json_values,
        "reason": st.sampled_from([None, "no pieces left", "zzz", "position repeated"]) | json_values,
        "tags": st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3) | json_values,
    },
)


def record_texts() -> st.SearchStrategy[str | bytes]:
    return st.one_of(
        record_fields.map(json.dumps),
        json_values.map(json.dumps),
        st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 3000).map(lambda n: '{"a":' * n + "0" + "}" * n),
        st.text(max_size=300),
        st.binary(max_size=300),
        record_fields.map(lambda r: json.dumps(r).encode("utf-8") + b"\xff"),
        st.sampled_from(['{"version": ' + "1" * 5000 + "}", '{"version": 1e999}', "\ufeff{}", "null", "[]"]),
    )


@FUZZ
@given(data=record_texts())
def test_records_load_or_raise_notation_error(data: str | bytes, memory_bound: None) -> None:
    read_back_or_refused(
        game_from_json, data, Game, lambda game: game_from_json(game.to_json()).moves == game.moves, 800
    )


GAMES = {
    "start": lambda: Game("mosona"),
    "capture due": lambda: Game(start=Position.start("mosona").play("B3-M4")),
    "bent": lambda: Game("zuni-4", "ludii,leap_shape=bent"),
    "over": lambda: Game(start=Position.from_pieces("zuni-3", {"M1": "w"}, turn="b")),
}
move_words = st.one_of(
    st.sampled_from(
        [
            "B3-M4",
            "T4xB3",
            "M5-M4",
            "b3-m4",
            " B3 - M4 ",
            "B3-M4-M5",
            "B3xM4",
            "T4x(M4)B3",
            "T4x(M9)B3",
            "M4-M4",
            "Q9-Q8",
            "B3-",
            "-M4",
            "x",
            "B3-M" + "4" * 4300,
            "B3" * 5000,
            "T4x" + "B3x" * 3000 + "B3",
            "\u00b2-M4",
            "B\u00b3-M4",
            "B3\x00-M4",
        ]
    ),
    st.text(max_size=40),
    st.text(alphabet="BMTx-()0123456789 ", max_size=40),
)


@FUZZ
@given(which=st.sampled_from(sorted(GAMES)), text=move_words)
def test_move_texts_play_or_leave_the_game_unchanged(which: str, text: str, memory_bound: None) -> None:
    game = GAMES[which]()
    before = (list(game.positions), list(game.moves), game.outcome())
    with bounded():
        try:
            game.play(text)
        except (InvalidMoveError, IllegalMoveError, GameOverError) as error:
            assert "\n" not in str(error)[:2000]
            assert (list(game.positions), list(game.moves), game.outcome()) == before
        else:
            assert len(game.moves) == 1 and game.position == before[0][-1].play(game.moves[0])


# --- the command line, in-process ------------------------------------------------------------

VARIANT_ARGS = [
    "mosona",
    "zuni-3",
    "zuni-2",
    "zuni-100000",
    "zuni-" + "9" * 400,
    "tukvnanawopi",
    "kolowis",
    "nope",
    "",
    "\u00b2",
]
RULES_ARGS = ["standard", "ludii", "standard,leap_shape=bent", "bogus", "standard,quiet_turn_limit=x", ""]
NUMBER_ARGS = ["0", "-1", "1", "2", "13", "100", "1000000000", "x", "\u00b2", "1e3", "9" * 5000, ""]
PLAYER_ARGS = [
    "random",
    "greedy",
    "alphabeta:100",
    "alphabeta:1",
    "mcts:1000000000",
    "mcts:1e9s",
    "mcts:0.0s",
    "mcts:1:" + "9" * 400 + "s",
    "beginner",
    "minimax",
    "x" * 5000,
    "",
]


def cli_argvs(tmp: Path) -> st.SearchStrategy[list[str]]:
    common = [
        st.sampled_from(["--variant"]).flatmap(lambda o: st.sampled_from(VARIANT_ARGS).map(lambda v: [o, v])),
        st.sampled_from(["--rules"]).flatmap(lambda o: st.sampled_from(RULES_ARGS).map(lambda v: [o, v])),
    ]
    options = {
        "perft": [
            st.sampled_from(NUMBER_ARGS).map(lambda d: ["--depth", d]),
            position_texts().map(lambda p: ["--position", p]),
        ],
        "show": [position_texts().map(lambda p: [p]), st.just(["--moves"])],
        "draw": [
            st.sampled_from(
                ["a.svg", "a.png", "a.txt", "", "dir/", "missing/a.svg", "\x00.svg", "a" * 300 + ".svg"]
            ).map(lambda name: ["-o", str(tmp / name) if name else name]),
            st.sampled_from([["--labels"], ["--flip"], ["--printable"], ["--paper", "a3"]]),
        ],
        "match": [
            st.sampled_from(NUMBER_ARGS[:4] + NUMBER_ARGS[5:]).map(lambda g: ["--games", g]),
            st.tuples(st.sampled_from(PLAYER_ARGS), st.sampled_from(PLAYER_ARGS)).map(
                lambda pair: ["--players", *pair]
            ),
            st.sampled_from(NUMBER_ARGS).map(lambda s: ["--seed", s]),
        ],
        "solve": [
            st.sampled_from(["0", "-1", "1", "1000000000", "x", "9" * 5000]).map(
                lambda k: ["--max-pieces", k]
            )
        ],
    }

    def build(command: str) -> st.SearchStrategy[list[str]]:
        parts = st.lists(st.one_of(*common, *options[command]), max_size=4)
        return parts.map(lambda chunks: [command] + [arg for chunk in chunks for arg in chunk])

    known = st.sampled_from(sorted(options)).flatmap(build)
    junk = st.lists(word, max_size=4)
    return st.one_of(known, junk)


def cheap(argv: list[str]) -> bool:
    """Whether a valid run of argv is quick: valid runs are allowed, long valid runs are not the point here."""
    variant = argv[argv.index("--variant") + 1] if "--variant" in argv[:-1] else "mosona"
    if argv[:1] == ["match"]:
        return variant in ("zuni-2", "zuni-3") and not any(
            p.startswith(("alphabeta", "mcts", "greedy", "beginner")) for p in argv
        )
    if argv[:1] == ["solve"]:
        return variant in ("zuni-2", "zuni-3")
    if argv[:1] == ["perft"]:
        return "kolowis" not in argv or "--depth" not in argv
    return True


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse: usage errors and --help
            status = exit_.code if isinstance(exit_.code, int) else 2
    return status, out.getvalue(), err.getvalue()


@FUZZ
@given(data=st.data())
def test_the_cli_answers_or_fails_in_one_line(
    data: st.DataObject, tmp_path: Path, memory_bound: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWITHLAKNANNAI_CACHE", str(tmp_path / "cache"))
    argv = data.draw(cli_argvs(tmp_path).filter(cheap))
    with bounded():
        status, out, err = run_cli(argv)
    if status == 0:
        assert err == "" or all(line.startswith("cache:") for line in err.splitlines())
    else:
        assert status == 2, (argv, status, err)
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert len(err) < 600


def test_the_cli_fuzz_reaches_both_outcomes() -> None:
    # The examples above must include runs that succeed and runs that fail, or they prove little.
    assert run_cli(["perft", "--variant", "zuni-3", "--depth", "2"])[0] == 0
    assert run_cli(["perft", "--variant", "zuni-3", "--depth", "\u00b2"])[0] == 2
