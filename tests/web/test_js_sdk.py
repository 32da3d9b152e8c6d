"""The JavaScript SDK (clients/web/sdk) under Node against a real ``boardroom serve``: whole Gregs games
played through it by clients/web/test/sdk_game.mjs, which asserts each mirror equals a fresh snapshot at
the end (and exits non-zero otherwise); the summary it prints is checked here against the lobby API."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import httpx
import pytest

from .conftest import WEB


def play(node: str, mode: str, base: str, seed: int) -> dict[str, Any]:
    cmd = [node, "test/sdk_game.mjs", mode, base, str(seed)]
    done = subprocess.run(cmd, cwd=WEB, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-4000:]
    summary: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return summary


def finished(base: str, summary: dict[str, Any]) -> None:
    """The server agrees: the room finished at the version the SDK showed, with its outcome."""
    room = httpx.get(f"{base}/api/rooms/{summary['room']}").json()
    assert (room["status"], room["version"]) == ("finished", summary["version"])
    outcome = summary["outcome"]
    assert sorted(outcome["ranks"])[0] == 1 and len(outcome["ranks"]) == 4
    assert outcome["winners"] == [seat for seat, rank in enumerate(outcome["ranks"]) if rank == 1]


@pytest.mark.parametrize("seed", [1, 2])
def test_four_sdk_connections_play_a_whole_gregs_game_and_mirror_the_server(
    node: str, served: str, seed: int
) -> None:
    summary = play(node, "game", served, seed)
    finished(served, summary)
    # no timer ran out (600 s): every step is one of the seats' actions, each acknowledged once
    assert summary["acks"] == summary["version"] > 4


def test_dropped_sockets_resume_and_resend_so_no_action_is_lost_or_doubled(node: str, served: str) -> None:
    summary = play(node, "reconnect", served, 3)
    finished(served, summary)
    assert summary["acks"] == summary["version"]
    assert summary["drops"] == summary["version"] // 5 > 0
    assert summary["resent"] >= summary["drops"]
