"""The key that signs league results on this computer, and the signatures it makes and checks.

A results file and its journal carry an HMAC of their content with this computer's league key
(:func:`~awithlaknannai.league.confine.league_key_path`), so a changed file is refused when it is
read back (:class:`LeagueSignatureError`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any, Literal, overload

from ..errors import NotationError, shown
from ..files import read_file_bytes, sync_folder
from .confine import league_key_path

__all__ = ["LeagueSignatureError"]

# --- the key that signs results ---------------------------------------------------------


class LeagueSignatureError(NotationError):
    """A results file's signature is missing, unreadable, or not made by this computer's league key.

    :meth:`LeagueResults.load` raises it; ``verify=False`` reads the file
    without that check (for a file brought from another computer).
    """


@overload
def _league_key(create: Literal[True]) -> bytes: ...
@overload
def _league_key(create: bool) -> bytes | None: ...


def _league_key(create: bool) -> bytes | None:
    """The key at :func:`league_key_path` (32 bytes), made on first use if ``create``; else None if absent."""
    path = league_key_path()
    for _ in range(2):
        try:
            data = read_file_bytes(path, 1024, "the league key", "a key file")
        except FileNotFoundError:
            if not create:
                return None
            _make_key(path)
            continue
        try:
            key = bytes.fromhex(data.decode("ascii").strip())
        except (UnicodeDecodeError, ValueError):
            key = b""
        if len(key) != 32:
            raise ValueError(
                f"the league key {_quoted(path)} is damaged: delete it and a new one is made "
                "(results signed with the old key then load only with verify=False)"
            )
        return key
    raise ValueError(f"the league key {_quoted(path)} could not be made")


def _make_key(path: Path) -> None:
    """Write a new random key to ``path`` (owner-only), unless another process made one first."""
    import contextlib
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    handle, temporary = tempfile.mkstemp(prefix=".league-key-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(secrets.token_bytes(32).hex().encode("ascii") + b"\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)  # never replaces a key another league made at the same moment
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links (Pyodide's, some network ones)
            if not path.exists():
                os.replace(temporary, path)
        sync_folder(path.parent)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _quoted(path: Any) -> str:
    return shown(os.fspath(path), 80)


def _canonical(value: Any) -> bytes:
    """The bytes a signature covers: JSON with sorted keys, no spaces, ASCII only."""
    return json.dumps(
        value, sort_keys=True, ensure_ascii=True, separators=(",", ":"), allow_nan=False
    ).encode("ascii")


def _key_id(key: bytes) -> str:
    """Names a key without revealing it: which computer signed a file."""
    return hashlib.sha256(b"awithlaknannai league key id\0" + key).hexdigest()[:16]


def _mac(key: bytes, purpose: bytes, data: bytes) -> str:
    return hmac.new(key, b"awithlaknannai " + purpose + b"\0" + data, hashlib.sha256).hexdigest()


def _is_hex(value: object, digits: int) -> bool:
    """Whether ``value`` is ``digits`` lowercase hexadecimal digits (what a key id or an HMAC is written as)."""
    return isinstance(value, str) and len(value) == digits and all(c in "0123456789abcdef" for c in value)


def _signature(record: dict[str, Any], key: bytes) -> dict[str, str]:
    value = _mac(key, b"league", _canonical(record))
    return {"algorithm": "HMAC-SHA256", "key": _key_id(key), "value": value}


def _verify(record: dict[str, Any]) -> None:
    """Raise LeagueSignatureError unless ``record`` (as read) is signed with this computer's key."""
    signature = record.get("signature")
    if signature is None:
        raise LeagueSignatureError(
            "the results file has no signature (written by hand or by an older "
            "version): load it with verify=False to read it without that check"
        )
    if not (
        isinstance(signature, dict)
        and signature.get("algorithm") == "HMAC-SHA256"
        and _is_hex(signature.get("key"), 16)
        and _is_hex(signature.get("value"), 64)
    ):
        raise LeagueSignatureError(
            "the results file's signature is not readable: the file was changed after the league"
        )
    key = _league_key(create=False)
    if key is None or not hmac.compare_digest(signature["key"], _key_id(key)):
        raise LeagueSignatureError(
            "the results file was signed on another computer (or with a league "
            "key since replaced): load it with verify=False if you trust its origin"
        )
    unsigned = {k: v for k, v in record.items() if k != "signature"}
    if not hmac.compare_digest(signature["value"], _mac(key, b"league", _canonical(unsigned))):
        raise LeagueSignatureError(
            "the results file was changed after the league (its signature does not match)"
        )
