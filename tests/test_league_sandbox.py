"""A league of hostile player files: each attack is refused or confined, and the league goes on.

The league runs in a child process (``tests/hostile_league.py``), inside a
PID namespace of its own where the machine allows one (``unshare``), so that
if confinement failed, the attacks could reach only processes that the test
itself started. The attack that signals every process (``kill(-1)``) is
written only inside such a namespace.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from awithlaknannai.league import confine
from awithlaknannai.league.sandbox import NotConfinedError, confinement_plan

HERE = Path(__file__).parent
ROOT = HERE.parent

pytestmark = pytest.mark.skipif(
    not confine.fully_confined(),
    reason="this machine cannot confine players (Landlock ABI 6+ and seccomp needed)",
)

_PLAY = "    return position.legal_moves()[0]\n"
#: name -> the attack, run once when the player is first asked for a move; it raises if the attack worked.
_ATTACKS: dict[str, str] = {
    "read_secret": "open({secret!r}).read()",
    "overwrite_notebook": "open({notebook!r}, 'w').write('gone')",
    "delete_victim": "os.remove({victim!r})",
    "read_key": "open({key!r}).read()",
    "rewrite_results": "open({results!r}, 'w').write('{{}}')",
    "network": "socket.create_connection(('127.0.0.1', {port}), timeout=2)",
    "stop_sentinel": "os.kill({sentinel}, signal.SIGSTOP)",
    "kill_sentinel": "os.kill({sentinel}, signal.SIGKILL)",
    "stop_forkserver": "os.kill(os.getppid(), signal.SIGSTOP)",
    "fork_child": "os.fork() or os._exit(0)",
    "start_program": "subprocess.Popen(['sleep', '60', {marker!r}])",
    "shell": "if os.system('touch ' + {marker_file!r}) != 0: raise OSError('refused')",
    "thread": "threading.Thread(target=time.sleep, args=(30,)).start()",
    "raise_memory_cap": "resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY,) * 2)",
    "raise_cpu_limit": "resource.setrlimit(resource.RLIMIT_CPU, (resource.RLIM_INFINITY,) * 2)",
    "raise_file_limits": "resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)",
    "more_open_files": "resource.setrlimit(resource.RLIMIT_NOFILE, (4096, 4096))",
    "list_home": "os.listdir(os.path.expanduser('~'))",
}
_HEADER = textwrap.dedent("""\
    import gc, os, resource, signal, socket, subprocess, sys, threading, time
    from multiprocessing.connection import Connection
    DONE = []

    def connection():
        return next(o for o in gc.get_objects() if isinstance(o, Connection) and not o.closed)

    """)


def _attacker(name: str, attack: str) -> str:
    return (
        _HEADER
        + textwrap.dedent(f"""\
        def choose_move(position):
            if not DONE:
                DONE.append(1)
                try:
                    {attack}
                except (OSError, ValueError, RuntimeError):
                    pass  # refused: play on
                else:
                    raise RuntimeError("attack succeeded: {name}")
        """)
        + _PLAY
    )


#: Players that break the referee's protocol from inside their own process.
_PROTOCOL = {
    "extra_message": "connection().send_bytes(b'{{\"kind\": \"move\", \"move\": \"x\", \"n\": 99}}')",
    "forged_failure": (
        "connection().send_bytes(('{{\"kind\": \"failed\", \"failure\": \"error\", \"why\": '"
        "'\"victim deleted your files\", \"n\": ' + str(sys._getframe(1).f_locals['number'][0]) + '}}').encode())"
    ),
    "oversized_reply": "connection().send_bytes(b'x' * 1_000_000)",
    "not_json": "connection().send_bytes(b'\\xff\\xfe')",
    "forged_timeout": (
        "connection().send_bytes(('{{\"kind\": \"failed\", \"failure\": \"timeout\", \"why\": '"
        "'\"the league was slow\", \"n\": ' + str(sys._getframe(1).f_locals['number'][0]) + '}}').encode())"
    ),
}


def _protocol_breaker(action: str) -> str:
    return (
        _HEADER
        + "NUMBER = [1]\n"
        + textwrap.dedent(f"""\
        def choose_move(position):
            NUMBER[0] += 1
            {action}
        """)
        + _PLAY
    )


_FLOOD = (
    _HEADER
    + textwrap.dedent("""\
    def choose_move(position):
        print("x" * 100_000_000)
        try:
            for _ in range(200):
                os.write(1, b"y" * 1_000_000)
                os.write(2, b"z" * 1_000_000)
        except OSError:
            pass
    """)
    + _PLAY
)

_SCRATCH = (
    _HEADER
    + textwrap.dedent("""\
    import tempfile
    def choose_move(position):
        with tempfile.NamedTemporaryFile("w", delete=False) as file:
            file.write("notes")
        if not os.path.exists(file.name):
            raise RuntimeError("could not keep a note in its scratch folder")
    """)
    + _PLAY
)

_GOOD = "def choose_move(position):\n" + _PLAY


def _in_pid_namespace() -> list[str] | None:
    """The command prefix that runs a program in a PID namespace of its own, or None."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    for prefix in (
        [unshare, "--pid", "--fork", "--mount", "--mount-proc", "--kill-child"],
        [unshare, "--user", "--map-root-user", "--pid", "--fork", "--mount", "--mount-proc", "--kill-child"],
    ):
        if subprocess.run([*prefix, "true"], capture_output=True, timeout=30, check=False).returncode == 0:
            return prefix
    return None


class _Listener:
    """A TCP server on the loopback address that counts the connections it accepts."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.accepted = 0
        self.stopping = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopping:
            try:
                connection, _ = self.server.accept()
            except OSError:
                continue
            self.accepted += 1
            connection.close()

    def close(self) -> None:
        self.stopping = True
        self.thread.join(2)
        self.server.close()


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    work = tmp_path_factory.mktemp("hostile")
    teacher = work / "teacher"
    teacher.mkdir()
    (teacher / "secret.txt").write_text("the answers")
    (teacher / "08.ipynb").write_text("{}")
    config = work / "config"
    config.mkdir()
    (config / "league.key").write_text("ab" * 32)
    (config / "league.key").chmod(0o600)
    scratch_parent = work / "tmp"
    scratch_parent.mkdir()
    marker = f"awithlaknannai-hostile-{os.getpid()}"
    namespace = _in_pid_namespace()
    templates = work / "templates"
    templates.mkdir()
    attacks = dict(_ATTACKS)
    if namespace is not None:  # kill(-1) only where it cannot reach anything outside the test's namespace
        attacks["kill_everything"] = "os.kill(-1, signal.SIGKILL)"
    for name, attack in attacks.items():
        (templates / f"{name}.py").write_text(_attacker(name, attack))
    for name, action in _PROTOCOL.items():
        (templates / f"{name}.py").write_text(_protocol_breaker(action))
    (templates / "flood.py").write_text(_FLOOD)
    (templates / "scratch_notes.py").write_text(_SCRATCH)
    (templates / "good.py").write_text(_GOOD)
    (templates / "victim.py").write_text(_GOOD)
    listener = _Listener()
    values = {
        "secret": str(teacher / "secret.txt"),
        "notebook": str(teacher / "08.ipynb"),
        "victim": str(work / "players" / "victim.py"),
        "port": listener.port,
        "results": str(work / "results.json"),
        "key": str(config / "league.key"),
        "marker": marker,
        "marker_file": str(teacher / marker),
    }
    (work / "settings.json").write_text(json.dumps({"values": values, "time_limit": 1.0, "max_turns": 4}))
    environment = dict(
        os.environ, TMPDIR=str(scratch_parent), AWITHLAKNANNAI_CONFIG=str(config), PYTHONPATH=str(ROOT)
    )
    command = [*(namespace or []), sys.executable, str(HERE / "hostile_league.py"), str(work)]
    try:
        finished = subprocess.run(
            command, capture_output=True, timeout=600, env=environment, cwd=str(teacher), check=False
        )
    finally:
        listener.close()
    report = json.loads((work / "report.json").read_text()) if (work / "report.json").exists() else {}
    return {
        "work": work,
        "teacher": teacher,
        "values": values,
        "report": report,
        "run": finished,
        "accepted": listener.accepted,
        "namespace": namespace is not None,
        "scratch": scratch_parent,
        "attacks": attacks,
    }


def test_the_hostile_league_finishes_and_prints_almost_nothing(hostile: dict[str, Any]) -> None:
    run = hostile["run"]
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    # The flood player wrote 100 MB through print and 400 MB to its file descriptors.
    assert len(run.stdout) + len(run.stderr) < 10_000
    assert b"run confined" in run.stdout
    report = hostile["report"]
    players = len(hostile["attacks"]) + len(_PROTOCOL) + 4
    assert report["games"] == players * (players - 1) // 2


def test_every_attack_on_files_network_signals_and_processes_is_refused(hostile: dict[str, Any]) -> None:
    report = hostile["report"]
    succeeded = [why for whys in report["forfeits"].values() for why in whys if "attack succeeded" in why]
    assert succeeded == []
    # Refused attacks play on: none of them loses a game by forfeit.
    for name in hostile["attacks"]:
        assert name not in report["forfeits"], (name, report["forfeits"].get(name))


def test_what_the_attacks_aimed_at_is_untouched(hostile: dict[str, Any]) -> None:
    teacher, values, report = hostile["teacher"], hostile["values"], hostile["report"]
    assert (teacher / "secret.txt").read_text() == "the answers"
    assert (teacher / "08.ipynb").read_text() == "{}"
    assert Path(values["victim"]).exists()
    assert not (teacher / values["marker"]).exists()
    assert hostile["accepted"] == 0
    assert report["sentinel"] in ("S", "R"), report["sentinel"]  # neither stopped (T) nor killed
    assert report["leftover"] == []
    assert list(hostile["scratch"].glob("awithlaknannai-player-*")) == []  # every scratch folder removed


def test_each_protocol_breaker_loses_with_the_leagues_own_reason(hostile: dict[str, Any]) -> None:
    forfeits = hostile["report"]["forfeits"]
    assert all(
        why.startswith(
            (
                "crash: its process sent a message out of turn",
                "crash: its process sent something that is not an answer",
            )
        )
        for why in forfeits["extra_message"]
    )
    assert all("longer than 65,536 bytes" in why for why in forfeits["oversized_reply"])
    assert all("not an answer" in why for why in forfeits["not_json"])
    # Only the league says that a player ran out of time or crashed.
    assert not any(why.startswith("timeout") for why in forfeits["forged_timeout"])
    assert all("not an answer" in why for why in forfeits["forged_timeout"])
    # A forged error (answering the right question) is kept as the forger's own loss, in its own words.
    assert all(why.startswith("error: victim deleted your files") for why in forfeits["forged_failure"])
    # A forged failure is that player's own loss; nobody else is blamed.
    assert set(forfeits) == set(_PROTOCOL)


def test_the_good_players_and_the_scratch_writer_play_normally(hostile: dict[str, Any]) -> None:
    forfeits = hostile["report"]["forfeits"]
    for name in ("good", "victim", "flood", "scratch_notes"):
        assert name not in forfeits


def test_kill_minus_one_ran_inside_a_pid_namespace(hostile: dict[str, Any]) -> None:
    if not hostile["namespace"]:
        pytest.skip("no PID namespace here (unshare refused): the kill(-1) attack was left out")
    assert "kill_everything" in hostile["attacks"]
    assert "kill_everything" not in hostile["report"]["forfeits"]


def _write_players(folder: Path) -> Path:
    folder.mkdir()
    (folder / "ada.py").write_text(_GOOD)
    (folder / "ben.py").write_text(_GOOD)
    return folder


def test_where_players_cannot_be_confined_a_league_of_files_needs_the_teachers_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from awithlaknannai.league import run_league

    folder = _write_players(tmp_path / "players")
    monkeypatch.setenv("AWITHLAKNANNAI_NO_CONFINEMENT", "1")
    with pytest.raises(
        NotConfinedError, match=r"cannot confine .*reading and writing your files.*trusted=True"
    ):
        run_league(folder, "zuni-3", progress=False, max_turns=4)
    results = run_league(folder, "zuni-3", progress=False, max_turns=4, trusted=True)
    line = capsys.readouterr().out.strip()
    assert line.startswith("Not confined on this machine: reading and writing your files")
    assert "\n" not in line
    assert len(results.games) == 2
    # Built-in players need no word, and nothing is said.
    run_league(["beginner", "casual"], "zuni-3", progress=False, max_turns=4)
    assert capsys.readouterr().out == ""


def test_the_plan_names_what_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    from awithlaknannai.league import Contestant

    files = [Contestant.from_source(_GOOD, "ada", origin="ada.py")]
    report, line = confinement_plan(files, trusted=False)
    assert report is not None and report["landlock_abi"] >= 6
    assert line.startswith("1 player files run confined")
    with pytest.raises(TypeError, match="trusted is True or False"):
        confinement_plan(files, trusted="yes")  # type: ignore[arg-type]


def test_a_stopped_forkserver_is_replaced_and_the_league_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unconfined (as on a machine without Landlock), a player stops the forkserver that started it.

    The signal goes only to the forkserver, a process this test's league started.
    """
    from awithlaknannai.league import run_league, sandbox

    folder = _write_players(tmp_path / "players")
    (folder / "stopper.py").write_text(
        "import os, signal\ndef choose_move(position):\n    os.kill(os.getppid(), signal.SIGSTOP)\n" + _PLAY
    )
    monkeypatch.setenv("AWITHLAKNANNAI_NO_CONFINEMENT", "1")
    monkeypatch.setattr(sandbox, "START_TIME_LIMIT", 2.0)
    results = run_league(folder, "zuni-3", progress=False, max_turns=4, trusted=True)
    capsys.readouterr()
    assert len(results.games) == 6
    # The players after the stop started from a fresh forkserver: nobody lost by a crash at start.
    reasons = [f.why for game in results.games for f in game.forfeits]
    assert not any("could not be started" in why for why in reasons), reasons
    # Whatever it stopped last is running again when the league ends (else Python's exit would wait for ever).
    from multiprocessing import forkserver

    pid = forkserver._forkserver._forkserver_pid
    assert pid is not None
    with open(f"/proc/{pid}/stat", "rb") as file:
        assert file.read().rsplit(b")", 1)[1].split()[0] != b"T"


def test_a_python_installed_into_the_home_folder_does_not_open_the_home_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    (home / ".config" / "awithlaknannai").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("AWITHLAKNANNAI_CONFIG", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setattr(sys, "prefix", str(home))
    monkeypatch.setattr(sys, "exec_prefix", str(tmp_path))
    readable = [str(path) for path in confine.read_paths()]
    assert str(home) not in readable and str(tmp_path) not in readable
    assert any(path.endswith("site-packages") for path in readable)
