"""Confine a player's process with what the operating system offers without privileges.

A league runs code this project did not write: students' ``choose_move``
files, in the teacher's account. Each player's process confines *itself*,
after it has loaded this package and before it runs one line of the
student's code, with three Linux mechanisms that need no privileges:

* **Landlock** (kernel 5.13 and newer): the process may read only what a
  player needs (the Python installation, this package, the system's shared
  libraries) and write only into a private temporary folder that the league
  removes afterwards. From Landlock ABI 4 it may neither connect to nor
  listen on a TCP port; from ABI 5 it may not send ioctl commands to
  devices (a terminal's input, for example); from ABI 6 it may not signal
  nor reach the abstract sockets of any process outside its own Landlock
  domain: the league, the other players, the Jupyter server.
* **seccomp**, a filter on system calls (x86-64 and arm64): no new process
  or thread (``fork``, ``clone``; this holds for root too, whom the
  process-count limit does not stop), no program started (``execve``), no
  socket made, no signal sent to another process, no tracing of another
  process, no ``io_uring``, mounts or namespaces. Each of those calls fails
  with ``PermissionError`` (``EPERM``).
* **Resource limits**: no new processes (``RLIMIT_NPROC``, for users other
  than root), CPU seconds, the size of a file it writes, open files, and no
  core files. The league adds the address-space cap
  (:func:`~awithlaknannai.league.sandbox.PlayerProcess`).

What holds depends on the machine: :func:`available` says which of these
this machine offers, and :func:`protections` turns it into the sentences a
league prints before its first game. A process that cannot confine itself
as it was asked reports it, and the league does not run the player.

Nothing here is a promise about other operating systems: on macOS and
Windows no confinement is available, and the league says so.

Examples
--------
>>> report = available()
>>> sorted(report)  # doctest: +NORMALIZE_WHITESPACE
['landlock_abi', 'process_limits', 'seccomp', 'system']
>>> isinstance(report["landlock_abi"], int)
True
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import platform
import signal
import struct
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "CONFIG_ENV",
    "ConfinementError",
    "Protection",
    "available",
    "confine_self",
    "league_key_path",
    "protections",
    "read_paths",
]

# --- Landlock: constants from linux/landlock.h (stable kernel ABI) ---------------------------------
_SYS_LANDLOCK_CREATE_RULESET, _SYS_LANDLOCK_ADD_RULE, _SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_REMOVE_DIR, _FS_REMOVE_FILE, _FS_MAKE_CHAR, _FS_MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
_FS_MAKE_REG, _FS_MAKE_SOCK, _FS_MAKE_FIFO, _FS_MAKE_BLOCK = 1 << 8, 1 << 9, 1 << 10, 1 << 11
_FS_MAKE_SYM, _FS_REFER, _FS_TRUNCATE, _FS_IOCTL_DEV = 1 << 12, 1 << 13, 1 << 14, 1 << 15
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1

#: The file-system rights each Landlock ABI version knows (a newer ABI adds to the older).
_FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1, 5: (1 << 16) - 1}
#: Rights that apply to a file (not a folder): a rule on a file may grant only these.
_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV
_READ = _FS_READ_FILE | _FS_READ_DIR

# --- seccomp: constants from linux/seccomp.h, linux/filter.h, linux/audit.h ------------------------
_SECCOMP_SET_MODE_FILTER, _SECCOMP_FILTER_FLAG_TSYNC = 1, 1
_RET_ALLOW, _RET_KILL_PROCESS, _RET_ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
_LD_W_ABS, _JEQ_K, _JGE_K, _JSET_K, _RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
_OFFSET_NR, _OFFSET_ARCH, _OFFSET_ARG0 = 0, 4, 16  # struct seccomp_data; args are 64-bit, little-endian
_X32_SYSCALL_BIT = 0x40000000

#: System calls per machine: (audit arch, seccomp syscall, {name: number}).
_SYSCALLS: dict[str, tuple[int, int, dict[str, int]]] = {
    "x86_64": (
        0xC000003E,
        317,
        {
            "socket": 41,
            "socketpair": 53,
            "clone": 56,
            "fork": 57,
            "vfork": 58,
            "execve": 59,
            "kill": 62,
            "ptrace": 101,
            "rt_sigqueueinfo": 129,
            "chroot": 161,
            "mount": 165,
            "umount2": 166,
            "tkill": 200,
            "tgkill": 234,
            "add_key": 248,
            "request_key": 249,
            "keyctl": 250,
            "unshare": 272,
            "rt_tgsigqueueinfo": 297,
            "perf_event_open": 298,
            "setns": 308,
            "process_vm_readv": 310,
            "process_vm_writev": 311,
            "kcmp": 312,
            "bpf": 321,
            "execveat": 322,
            "userfaultfd": 323,
            "pidfd_send_signal": 424,
            "io_uring_setup": 425,
            "pidfd_open": 434,
            "clone3": 435,
            "pidfd_getfd": 438,
        },
    ),
    "aarch64": (
        0xC00000B7,
        277,
        {
            "socket": 198,
            "socketpair": 199,
            "clone": 220,
            "execve": 221,
            "kill": 129,
            "ptrace": 117,
            "rt_sigqueueinfo": 138,
            "chroot": 51,
            "mount": 40,
            "umount2": 39,
            "tkill": 130,
            "tgkill": 131,
            "add_key": 217,
            "request_key": 218,
            "keyctl": 219,
            "unshare": 97,
            "rt_tgsigqueueinfo": 240,
            "perf_event_open": 241,
            "setns": 268,
            "process_vm_readv": 270,
            "process_vm_writev": 271,
            "kcmp": 272,
            "bpf": 280,
            "execveat": 281,
            "userfaultfd": 282,
            "pidfd_send_signal": 424,
            "io_uring_setup": 425,
            "pidfd_open": 434,
            "clone3": 435,
            "pidfd_getfd": 438,
        },
    ),
}
#: Calls refused outright: a player makes no process, thread, program, socket or namespace.
_DENIED = (
    "socket",
    "socketpair",
    "clone",
    "clone3",
    "fork",
    "vfork",
    "execve",
    "execveat",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "pidfd_open",
    "pidfd_getfd",
    "pidfd_send_signal",
    "tkill",
    "io_uring_setup",
    "mount",
    "umount2",
    "unshare",
    "setns",
    "chroot",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "keyctl",
    "add_key",
    "request_key",
)
#: Calls whose first argument is a process: allowed only for the process itself.
_SELF_ONLY = ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")

#: The environment variable that names the folder holding the league's key (see :func:`league_key_path`).
CONFIG_ENV = "AWITHLAKNANNAI_CONFIG"


def league_key_path() -> Path:
    """Where this computer keeps the key that signs league results: a file players must not read.

    ``$AWITHLAKNANNAI_CONFIG/league.key`` if that environment variable is
    set (a folder), else ``$XDG_CONFIG_HOME/awithlaknannai/league.key``
    (when ``XDG_CONFIG_HOME`` is an absolute path), else
    ``~/.config/awithlaknannai/league.key``. The file is made, readable by
    its owner only, the first time results are saved; its folder too.

    Examples
    --------
    >>> import os
    >>> os.environ[CONFIG_ENV] = "/tmp/league-config"
    >>> league_key_path().as_posix()
    '/tmp/league-config/league.key'
    >>> del os.environ[CONFIG_ENV]
    """
    folder = os.environ.get(CONFIG_ENV)
    if folder:
        return Path(folder) / "league.key"
    config = os.environ.get("XDG_CONFIG_HOME")
    base = Path(config) if config and os.path.isabs(config) else Path.home() / ".config"
    return base / "awithlaknannai" / "league.key"


#: Limits set by :func:`confine_self` (the address space is the league's memory cap).
CPU_SECONDS = 3600
FILE_BYTES = 16 * 2**20
OPEN_FILES = 64


class ConfinementError(OSError):
    """A process could not confine itself as it was asked (the league then does not run the player)."""


class Protection:
    """Names of the protections :func:`available` reports and :func:`protections` describes."""

    FILES = "files"
    NETWORK = "network"
    SIGNALS = "signals"
    PROCESSES = "processes"
    LIMITS = "limits"


def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


def _landlock_abi() -> int:
    """The Landlock ABI version this kernel offers (0: none, or not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        version = _libc().syscall(
            _SYS_LANDLOCK_CREATE_RULESET,
            None,
            ctypes.c_size_t(0),
            ctypes.c_uint32(_LANDLOCK_CREATE_RULESET_VERSION),
        )
    except (OSError, AttributeError):
        return 0
    return max(0, int(version))


def _seccomp_table() -> tuple[int, int, dict[str, int]] | None:
    if not sys.platform.startswith("linux"):
        return None
    return _SYSCALLS.get(platform.machine().lower().replace("arm64", "aarch64"))


def _seccomp_available() -> bool:
    """Whether this kernel accepts seccomp filters (read without installing one)."""
    if _seccomp_table() is None:
        return False
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Seccomp:"):
                    return True
    except OSError:
        return False
    return False


def available() -> dict[str, Any]:
    """What this machine offers to confine a player, measured now.

    Returns
    -------
    dict
        ``landlock_abi`` (0 for none), ``seccomp`` (bool), ``process_limits``
        (bool: resource limits exist) and ``system`` (``sys.platform``).
        The environment variable ``AWITHLAKNANNAI_NO_CONFINEMENT=1`` makes it
        report nothing available (to see what a league does on such a machine).
    """
    if os.environ.get("AWITHLAKNANNAI_NO_CONFINEMENT") == "1":
        return {"landlock_abi": 0, "seccomp": False, "process_limits": False, "system": sys.platform}
    try:
        import resource  # noqa: F401 - Unix only

        limits = True
    except ImportError:
        limits = False
    return {
        "landlock_abi": _landlock_abi(),
        "seccomp": _seccomp_available(),
        "process_limits": limits,
        "system": sys.platform,
    }


def protections(report: dict[str, Any] | None = None) -> tuple[list[str], list[str]]:
    """(what holds, what does not) for a league's players, as short phrases.

    Examples
    --------
    >>> held, missing = protections({"landlock_abi": 0, "seccomp": False, "process_limits": False,
    ...                              "system": "darwin"})
    >>> held
    []
    >>> missing[0]
    'reading and writing your files'
    """
    report = available() if report is None else report
    abi = report["landlock_abi"]
    seccomp = report["seccomp"]
    checks = [
        ("reading and writing your files", abi >= 1),
        ("the network", seccomp),  # no socket at all; Landlock ABI 4+ adds TCP on top
        ("signals to your other programs", abi >= 6 or seccomp),
        ("starting programs or processes", seccomp),
        ("processor-time and file-size limits", bool(report["process_limits"])),
    ]
    return [name for name, held in checks if held], [name for name, held in checks if not held]


def fully_confined(report: dict[str, Any] | None = None) -> bool:
    """Whether every protection of :func:`protections` holds on this machine."""
    return not protections(report)[1]


# --- reading and writing: the paths a player may use --------------------------------------------


def read_paths() -> list[Path]:
    """The files and folders a player's process may read: Python, this package, the system's libraries.

    Not the current folder, nor the user's home (except the Python
    installation and the package when they live there), nor ``/etc``
    beyond the few files the dynamic linker and Python read.
    """
    package_folder = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # awithlaknannai/
    candidates: list[str] = [
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        package_folder,
        os.path.dirname(os.path.realpath(sys.executable)),
    ]
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        with contextlib.suppress(KeyError):
            candidates.append(sysconfig.get_paths()[name])
    with contextlib.suppress(Exception):
        import site

        candidates.extend(site.getsitepackages())
        candidates.append(site.getusersitepackages())
    # Every sys.path entry that is a site-packages folder or a zip of the standard library
    # (not '' nor the notebook's folder, which a kernel puts there).
    candidates += [entry for entry in sys.path if entry.endswith((".zip", "site-packages", "dist-packages"))]
    candidates += [
        "/usr/lib",
        "/usr/lib64",
        "/lib",
        "/lib64",
        "/usr/local/lib",
        "/usr/share/zoneinfo",
        "/etc/ld.so.cache",
        "/etc/localtime",
        "/proc/cpuinfo",
        "/sys/devices/system/cpu",
        "/dev/null",
        "/dev/urandom",
    ]
    # A folder that holds the user's home, the current folder or the league's key would open them all
    # (Landlock grants a whole tree): such a prefix (Python installed into the home folder itself) is
    # left out, and its standard library and site-packages, listed above on their own, are kept.
    private = [
        os.path.realpath(place) for place in (os.path.expanduser("~"), os.getcwd(), _key_folder()) if place
    ]
    seen: dict[str, Path] = {}
    for candidate in candidates:
        if not candidate:
            continue
        for form in {candidate, os.path.realpath(candidate)}:
            if not os.path.isabs(form) or not os.path.exists(form):
                continue
            if any(place == form or place.startswith(form.rstrip(os.sep) + os.sep) for place in private):
                continue
            seen.setdefault(form, Path(form))
    return list(seen.values())


def _key_folder() -> str:
    """The folder of the league's signing key, which no player may read ("" when no home folder is known)."""
    try:
        return str(league_key_path().parent)
    except RuntimeError:  # Path.home() with no home folder: no key folder to keep out
        return ""


def _check(result: int, what: str) -> int:
    if result < 0:
        number = ctypes.get_errno()
        raise ConfinementError(number, f"{what}: {os.strerror(number)}")
    return result


def _landlock(abi: int, readable: Iterable[Path], writable: Iterable[Path]) -> None:
    libc = _libc()
    fs_rights = _FS_RIGHTS_BY_ABI[min(abi, 5)]
    attr = [fs_rights]
    if abi >= 4:
        attr.append(_NET_BIND_TCP | _NET_CONNECT_TCP)
    if abi >= 6:
        attr.append(_SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL)
    packed = struct.pack(f"<{len(attr)}Q", *attr)
    buffer = ctypes.create_string_buffer(packed, len(packed))
    ruleset = _check(
        libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, buffer, ctypes.c_size_t(len(packed)), ctypes.c_uint32(0)),
        "landlock_create_ruleset",
    )
    try:
        grants = [(path, _READ) for path in readable]
        grants += [(path, fs_rights & ~_FS_EXECUTE) for path in writable]
        for path, rights in grants:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # gone since it was listed: nothing to grant
            try:
                if not os.path.isdir(path):
                    rights &= _FILE_RIGHTS
                rule = ctypes.create_string_buffer(struct.pack("<Qi", rights & fs_rights, fd), 12)
                _check(
                    libc.syscall(
                        _SYS_LANDLOCK_ADD_RULE,
                        ctypes.c_int(ruleset),
                        ctypes.c_int(_LANDLOCK_RULE_PATH_BENEATH),
                        rule,
                        ctypes.c_uint32(0),
                    ),
                    f"landlock_add_rule for {path}",
                )
            finally:
                os.close(fd)
        _check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")
        _check(
            libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)),
            "landlock_restrict_self",
        )
    finally:
        os.close(ruleset)


def _filter_program(table: tuple[int, int, dict[str, int]], own_pid: int) -> list[tuple[int, int, int, int]]:
    """The seccomp filter as (code, jt, jf, k) instructions: deny by number, signals only to oneself."""
    arch, _, numbers = table
    deny = _RET_ERRNO | errno.EPERM
    program = [
        (_LD_W_ABS, 0, 0, _OFFSET_ARCH),
        (_JEQ_K, 1, 0, arch),
        (_RET_K, 0, 0, _RET_KILL_PROCESS),
        (_LD_W_ABS, 0, 0, _OFFSET_NR),
    ]
    if arch == _SYSCALLS["x86_64"][0]:  # the x32 calling convention: another table of numbers
        program += [(_JGE_K, 0, 1, _X32_SYSCALL_BIT), (_RET_K, 0, 0, deny)]
    for name in _DENIED:
        if name in numbers:
            program += [(_JEQ_K, 0, 1, numbers[name]), (_RET_K, 0, 0, deny)]
    allowed = [own_pid & 0xFFFFFFFF, 0, (-own_pid) & 0xFFFFFFFF]  # itself, its group, its group by number
    for name in _SELF_ONLY:
        values = allowed if name == "kill" else allowed[:1]
        # jeq nr -> (ld arg0; jeq each value -> allow; deny; allow; ld nr back)
        body = [(_LD_W_ABS, 0, 0, _OFFSET_ARG0)]
        body += [(_JEQ_K, len(values) - i, 0, value) for i, value in enumerate(values)]
        body += [(_RET_K, 0, 0, deny), (_RET_K, 0, 0, _RET_ALLOW)]
        program += [(_JEQ_K, 0, len(body), numbers[name]), *body]
    program.append((_RET_K, 0, 0, _RET_ALLOW))
    return program


def _seccomp(own_pid: int) -> None:
    table = _seccomp_table()
    if table is None:
        raise ConfinementError(errno.ENOSYS, "seccomp: no system-call table for this machine")
    program = _filter_program(table, own_pid)
    if len(program) > 4096:  # BPF_MAXINSNS
        raise ConfinementError(errno.E2BIG, "seccomp: filter too long")
    instructions = b"".join(struct.pack("<HBBI", *instruction) for instruction in program)
    filters = ctypes.create_string_buffer(instructions, len(instructions))

    class _Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = _Program(len(program), ctypes.cast(filters, ctypes.c_void_p))
    libc = _libc()
    _check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")
    _check(
        libc.syscall(
            table[1],
            ctypes.c_uint(_SECCOMP_SET_MODE_FILTER),
            ctypes.c_uint(_SECCOMP_FILTER_FLAG_TSYNC),
            ctypes.byref(fprog),
        ),
        "seccomp",
    )


def _limits(cpu_seconds: int) -> None:
    import resource

    def cap(which: int, value: int) -> None:
        _soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))  # soft and hard: the player cannot raise them again

    cap(resource.RLIMIT_CORE, 0)
    cap(resource.RLIMIT_CPU, cpu_seconds)
    cap(resource.RLIMIT_FSIZE, FILE_BYTES)
    cap(resource.RLIMIT_NOFILE, OPEN_FILES)
    cap(resource.RLIMIT_NPROC, 0)  # no new process for anyone but root (seccomp holds for root)
    with contextlib.suppress(ValueError, OSError):
        # A write past FILE_BYTES fails with an error instead of ending the process.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def confine_self(
    scratch: str | os.PathLike[str], *, report: dict[str, Any] | None = None, cpu_seconds: int = CPU_SECONDS
) -> list[str]:
    """Confine this process for good: Landlock, seccomp and resource limits, each where available.

    Call it in the player's process, single-threaded, after everything it
    needs is imported and before the player's code runs. ``scratch`` is the
    one folder it may write in. Returns the protections that now hold (the
    phrases of :func:`protections`). Raises :class:`ConfinementError` when a
    mechanism the machine reports as available fails: the caller must then
    not run the player.
    """
    report = available() if report is None else report
    scratch_path = Path(scratch)
    if report["process_limits"]:
        _limits(cpu_seconds)
    abi = report["landlock_abi"]
    if abi >= 1:
        _landlock(abi, read_paths(), [scratch_path])
    if report["seccomp"]:
        _seccomp(os.getpid())
    return protections(report)[0]
