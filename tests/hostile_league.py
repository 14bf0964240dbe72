"""Run a league of hostile players (for tests/test_league_sandbox.py), in a process of its own.

Usage: ``python hostile_league.py WORKDIR``. WORKDIR holds ``templates/*.py``
(player files whose text may use ``{sentinel}``, ``{secret}``, ``{notebook}``,
``{victim}``, ``{port}``, ``{results}``, ``{key}`` and ``{marker}``) and
``settings.json``. The script starts a sentinel process of its own (``sleep``),
writes the players, runs the league and writes ``report.json``: each player's
forfeits, whether the sentinel is still running and not stopped, and the
processes left over. The test runs it inside a PID namespace where it can, so
that a confinement failure could not harm anything outside.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rsplit(b")", 1)[1].split()[0].decode()
    except OSError:
        return "gone"


def main() -> int:
    work = Path(sys.argv[1])
    settings = json.loads((work / "settings.json").read_text())
    sentinel = subprocess.Popen(["sleep", "300"])  # a process of this script's own, for the signal attacks
    values = dict(settings["values"], sentinel=sentinel.pid)
    players = work / "players"
    players.mkdir(exist_ok=True)
    for template in sorted((work / "templates").glob("*.py")):
        (players / template.name).write_text(template.read_text().format(**values))

    from awithlaknannai.league import run_league

    started = time.monotonic()
    results = run_league(
        players,
        "zuni-3",
        games_per_pair=1,
        time_limit=settings["time_limit"],
        max_turns=settings["max_turns"],
        progress=False,
        seed=1,
        save_to=settings["values"]["results"],
        trusted=settings.get("trusted", False),
    )
    seconds = time.monotonic() - started
    forfeits: dict[str, list[str]] = {}
    for game in results.games:
        for forfeit in game.forfeits:
            forfeits.setdefault(forfeit.player, []).append(f"{forfeit.kind}: {forfeit.why}")
    leftover = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) not in (os.getpid(), sentinel.pid):
            try:
                command = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if values["marker"].encode() in command:
                leftover.append(command.decode(errors="replace"))
    report = {
        "forfeits": forfeits,
        "sentinel": _state(sentinel.pid),
        "leftover": leftover,
        "games": len(results.games),
        "seconds": seconds,
        "points": {row.name: row.points for row in results.standings()},
    }
    sentinel.kill()
    sentinel.wait()
    (work / "report.json").write_text(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
