"""The command line: ``python -m awithlaknannai COMMAND ...``.

Thin: each command reads its arguments and calls into the package. Every
error ends the program with one clear line on standard error and a non-zero
exit status (2 for bad input).

Limits, checked before any work starts:

* ``perft --depth`` at most :data:`MAX_PERFT_DEPTH` (12; depth 12 counts
  549,672 sequences on Mosona in about a second, each further level about 5
  times more, and bigger boards more still), and a count estimated
  (:func:`awithlaknannai.position.perft_estimate`) to take more than
  :data:`CLI_SECONDS_LIMIT` is refused before it starts (depth 12 on
  Kolowis under the Ludii rules: about 18 hours);
* ``match --games`` at most :data:`MAX_MATCH_GAMES`; player specs as
  :func:`awithlaknannai.players.levels.make_player` says (at most 100,000
  MCTS playouts or 600 seconds a move, alpha-beta deeper than 8 only with a
  time limit);
* ``solve`` refuses work estimated above an hour or 8 GB
  (:func:`awithlaknannai.tables.solver.estimate_cost`) and prints the
  estimate before it starts;
* ``prove``: at most an hour (``--seconds``) and 8 GB of transposition
  table (``--memory-mb``); ``check-proof`` reads the certificate whole;
* ``league``: what :func:`awithlaknannai.league.run_league` bounds (at
  most 200 player files in the folder, 20 games a pair, 600 seconds a
  move), all checked before the first game; each game is kept on the disk
  as it ends (a journal beside the results file), so ``--resume``
  continues a league that was stopped;
* variant names, position texts and rules as the library bounds them
  (``zuni-N`` up to N = 1000).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .i18n import LANGUAGES
from .position import Position, perft
from .rules import PRESETS
from .variants import VARIANT_NAMES

__all__ = ["CLI_SECONDS_LIMIT", "MAX_MATCH_GAMES", "MAX_PERFT_DEPTH", "build_parser", "main"]

MAX_PERFT_DEPTH = 12
MAX_MATCH_GAMES = 10_000
#: The longest job a command starts, by its estimate: an hour (``solve`` too).
CLI_SECONDS_LIMIT = 3600
_MESSAGE_LIMIT = 400  # an error line quoting a huge argument is cut short


def _one_line(message: str) -> str:
    """An error message as one line of bounded length."""
    line = " ".join(message.split())
    return line if len(line) <= _MESSAGE_LIMIT else line[:_MESSAGE_LIMIT] + " ..."


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {_one_line(message)} (see {self.prog} --help)\n")


def _position_from_args(args: argparse.Namespace) -> Position:
    from .notation import parse_position

    if getattr(args, "position", None):
        return parse_position(args.position)
    return Position.start(args.variant, args.rules)


def _cmd_perft(args: argparse.Namespace) -> int:
    from .limits import duration
    from .position import perft_estimate

    if not 1 <= args.depth <= MAX_PERFT_DEPTH:
        raise ValueError(f"--depth must be from 1 to {MAX_PERFT_DEPTH}, got {args.depth:,}")
    position = _position_from_args(args)
    _, seconds = perft_estimate(position, args.depth, give_up_after=2 * CLI_SECONDS_LIMIT)
    if seconds > CLI_SECONDS_LIMIT:
        raise ValueError(
            f"--depth {args.depth} on {position.variant.name} ({position.variant.rules.to_text()}): "
            f"estimated {duration(seconds)} or more, longer than the {duration(CLI_SECONDS_LIMIT)} "
            "a command runs; try a smaller --depth"
        )
    for depth in range(1, args.depth + 1):
        print(f"{depth} {perft(position, depth, allow_long=True)}", flush=True)  # estimated above
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    position = _position_from_args(args)
    print(position)
    if args.moves:
        print("legal moves:", " ".join(str(m) for m in position.legal_moves()) or "none")
    return 0


def _cmd_draw(args: argparse.Namespace) -> int:
    from .render.export import cli_draw

    return cli_draw(args)


def _cmd_match(args: argparse.Namespace) -> int:
    from .players.match import cli_match

    if not 1 <= args.games <= MAX_MATCH_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_MATCH_GAMES:,}, got {args.games}")

    return cli_match(args)


def _cmd_solve(args: argparse.Namespace) -> int:
    from .tables.solver_cli import cli_solve

    return cli_solve(args)


def _cmd_prove(args: argparse.Namespace) -> int:
    from .tables.proof_cli import cli_prove

    return cli_prove(args, CLI_SECONDS_LIMIT)


def _cmd_check_proof(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .tables.certificate import check_certificate, read_certificate
    from .tables.solver import EndgameTables

    data = read_certificate(args.file)
    root = Position.from_text(data.get("root"))  # type: ignore[arg-type]
    tables = EndgameTables(root.variant, root.variant.tables.size, Path(args.tables))
    verdict = check_certificate(data, tables)
    print(verdict)
    return 0 if verdict.proven else 1


def _cmd_league(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .files import write_text_file
    from .league.tournament import run_league
    from .render.league import league_sheet_svg

    out = Path(args.out)
    sheet = out.with_suffix(".svg")
    if out.suffix.lower() == ".json" and sheet.is_dir():
        raise ValueError(f"the results sheet would be written to {sheet}, which is a folder")
    try:
        results = run_league(
            args.folder,
            args.variant,
            args.rules,
            games_per_pair=args.games_per_pair,
            time_limit=args.time_limit,
            jobs=args.jobs,
            progress=True,
            title=args.title,
            save_to=out,
            resume=args.resume,
            trusted=args.trusted,
        )
    except KeyboardInterrupt:
        if out.is_file() or Path(f"{out}.journal").is_file():
            print(
                f"error: interrupted; the games played so far are in {out}: add --resume to continue",
                file=sys.stderr,
            )
            return 130
        raise
    print(results.to_text())
    write_text_file(sheet, league_sheet_svg(results), "the results sheet")
    print(f"results: {out}")
    print(f"sheet: {sheet}")
    return 0


def _add_variant_arguments(parser: argparse.ArgumentParser, position: bool = True) -> None:
    parser.add_argument(
        "--variant", default="mosona", help=f"variant name: {', '.join(VARIANT_NAMES)} (default mosona)"
    )
    parser.add_argument(
        "--rules",
        default="standard",
        help=f"rules preset ({', '.join(PRESETS)}) or text such as "
        "'standard,quiet_turn_limit=20' (default standard)",
    )
    if position:
        parser.add_argument("--position", help="a position text; overrides --variant and --rules")


def _cmd_notebooks(args: argparse.Namespace) -> int:
    from .tutorial.fetch import copy_notebooks

    print(copy_notebooks(args.folder, force=args.force, language=args.lang))
    return 0


def _cmd_lite(args: argparse.Namespace) -> int:
    from .lite import LiteBuildError, build_site

    try:
        site = build_site(
            args.folder,
            pyodide=args.pyodide,
            wheel=args.wheel,
            force=args.force,
            say=lambda line: print(line, flush=True),
        )
    except LiteBuildError as error:  # something to install or fetch first, not bad input
        print(f"error: {_one_line(str(error))}", file=sys.stderr)
        return 1
    print(site)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m awithlaknannai",
        description="Awithlaknannai Mosona and its relatives: count, show, draw, play and solve.",
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"awithlaknannai {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser("perft", help="count move sequences to each depth (one line per depth)")
    _add_variant_arguments(p)
    p.add_argument(
        "--depth", type=int, default=4, help=f"deepest depth to count, 1 to {MAX_PERFT_DEPTH} (default 4)"
    )
    p.set_defaults(run=_cmd_perft)

    p = commands.add_parser("show", help="print a position as text")
    p.add_argument("position", nargs="?", help="a position text (default: the variant's start)")
    _add_variant_arguments(p, position=False)
    p.add_argument("--moves", action="store_true", help="also list the legal moves")
    p.set_defaults(run=_cmd_show)

    p = commands.add_parser("draw", help="write a picture of a board or position (.svg or .png)")
    _add_variant_arguments(p)
    p.add_argument("-o", "--output", required=True, help="file to write: .svg or .png")
    p.add_argument("--labels", action="store_true", help="write the point names")
    p.add_argument("--flip", action="store_true", help="turn the board half round")
    p.add_argument(
        "--printable", action="store_true", help="a printable sheet at real size with cut-out pieces (SVG)"
    )
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size for --printable")
    p.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help="the language of the words on the picture (--printable: the notes and the rules); "
        "default: the session's (AWITHLAKNANNAI_LANG, else LANG), else English",
    )
    p.set_defaults(run=_cmd_draw)

    p = commands.add_parser("match", help="play games between two computer players and print the table")
    _add_variant_arguments(p, position=False)
    p.add_argument(
        "--games", type=int, default=20, help=f"number of games, 1 to {MAX_MATCH_GAMES:,} (default 20)"
    )
    p.add_argument(
        "--players",
        nargs=2,
        default=["random", "greedy"],
        metavar="PLAYER",
        help="two players, e.g. random greedy alphabeta:3 mcts:500 or a level name",
    )
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.set_defaults(run=_cmd_match)

    p = commands.add_parser("solve", help="solve endgames exactly and print won/lost/drawn counts")
    _add_variant_arguments(p, position=False)
    p.add_argument("--max-pieces", type=int, default=2, help="most pieces per side (default 2)")
    p.set_defaults(run=_cmd_solve)

    p = commands.add_parser(
        "prove",
        help="proof-number search with the endgame tables as leaves; writes a certificate when proven",
    )
    _add_variant_arguments(p)
    p.add_argument(
        "--question",
        choices=("win", "draw"),
        default="win",
        help="does the side to move win, or at least draw? (default win)",
    )
    p.add_argument("--tables", required=True, help="the tables' cache folder (read, never written)")
    p.add_argument("--max-pieces", type=int, default=5, help="table leaves up to this many pieces a side")
    p.add_argument("--seconds", type=float, default=60.0, help=f"time budget (at most {CLI_SECONDS_LIMIT})")
    p.add_argument("--nodes", type=int, default=None, help="budget of expansions (default none)")
    p.add_argument(
        "--memory-mb", type=float, default=512.0, help="transposition table budget in MB (at most 8192)"
    )
    p.add_argument("--certificate", help="where to write the certificate (.json or .json.gz)")
    p.set_defaults(run=_cmd_prove)

    p = commands.add_parser(
        "check-proof", help="check a proof certificate with the move generator and the tables alone"
    )
    p.add_argument("file", help="the certificate (.json or .json.gz)")
    p.add_argument("--tables", required=True, help="the tables' cache folder (read, never written)")
    p.set_defaults(run=_cmd_check_proof)

    p = commands.add_parser(
        "league",
        help="play a class league between the players in a folder of .py "
        "files; print the standings, write the results (JSON) and the "
        "sheet (SVG)",
    )
    p.add_argument("folder", help="the folder of players: one .py file each, defining choose_move(position)")
    p.add_argument(
        "--variant", default="mosona", help=f"variant name: {', '.join(VARIANT_NAMES)} (default mosona)"
    )
    p.add_argument(
        "--rules",
        default=None,
        help=f"rules preset ({', '.join(PRESETS)}) or text such as "
        "'standard,quiet_turn_limit=20' (default: the variant's)",
    )
    p.add_argument(
        "--games-per-pair",
        type=int,
        default=2,
        metavar="N",
        help="games each pair plays, colours swapped each time (default 2)",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=2.0,
        metavar="S",
        help="seconds a player may think about one move (default 2)",
    )
    p.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="games played at the same time (default 1)"
    )
    p.add_argument(
        "--out",
        default="results.json",
        metavar="FILE",
        help="the results file, ending in .json (default results.json); the sheet is written "
        "beside it with .svg in place of .json",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue the league saved in --out, playing only the games not in it yet",
    )
    p.add_argument(
        "--trusted",
        action="store_true",
        help="run the players even where this machine cannot confine their code (say yes only to "
        "code you have read)",
    )
    p.add_argument("--title", default="", help="the league's name, on the standings and the sheet")
    p.set_defaults(run=_cmd_league)

    p = commands.add_parser(
        "notebooks",
        help="copy the tutorial notebooks into a folder (never overwriting an edited one without --force)",
    )
    p.add_argument("folder", help="the folder to copy them into (made if missing)")
    p.add_argument(
        "--force",
        action="store_true",
        help="replace notebooks that differ from this version's (each old one is kept as .bak)",
    )
    p.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default="en",
        help="also copy the notebooks translated into this language, into FOLDER/LANG (default en: "
        "English only)",
    )
    p.set_defaults(run=_cmd_notebooks)

    p = commands.add_parser(
        "lite",
        help="build the tutorial as a JupyterLite site: a folder any static web "
        "host serves, Python running in the browser (needs the lite extra)",
    )
    p.add_argument("folder", help="the site's folder (new or empty; made if missing)")
    p.add_argument(
        "--pyodide",
        metavar="FOLDER",
        help="the npm package pyodide (default: node_modules/pyodide, else fetched with npm pack)",
    )
    p.add_argument(
        "--wheel",
        metavar="FILE",
        help="this package's wheel (default: built from this checkout, else downloaded from PyPI)",
    )
    p.add_argument("--force", action="store_true", help="replace a site built in that folder before")
    p.set_defaults(run=_cmd_lite)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (ValueError, OSError) as error:
        print(f"error: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
