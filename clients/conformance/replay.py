"""Replay in a fresh process: no set ordering or other per-process hash order may leak into a state.

`in_subprocess` sends play-outs' logs (MessagePack on stdin) to ``python -m clients.conformance.replay``
run with another ``PYTHONHASHSEED``; the child replays each log from a fresh setup and prints the final
states' digests (a JSON list of hex strings), which must equal the parent's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import msgspec

from clients.conformance.model import Playout
from clients.conformance.playout import digest
from games.engine import Game, LogEntry, Match


class Job(msgspec.Struct, frozen=True):
    """One log to replay: the ``game`` id, ``seats``, ``options`` (JSON data), room ``seed`` and ``log``."""

    game: str
    seats: int
    options: Any
    seed: bytes
    log: list[LogEntry]

    @classmethod
    def of(cls, playout: Playout) -> Job:
        return cls(playout.game, playout.seats, playout.options, playout.seed, playout.log)


def find_game(game_id: str) -> Game[Any, Any]:
    """A game by id among the catalog's (fixtures included) and the never-registered leaky fixtures.
    Raises ``KeyError``."""
    from games.catalog import with_fixtures

    games = with_fixtures()
    if game_id not in games:
        from games.fixtures import leaky

        games = leaky.GAMES
    return games[game_id]


def replay_digest(job: Job, game: Game[Any, Any] | None = None) -> str:
    """The digest of the state ``job``'s log replays to."""
    game = game or find_game(job.game)
    match = Match.replay(game, job.seats, game.options(job.options), job.seed, job.log)
    return digest(game, match.state)


def in_subprocess(jobs: list[Job], hash_seed: str | None = None, timeout: float = 120.0) -> list[str]:
    """The digests a child process computes for ``jobs``. ``hash_seed``: its ``PYTHONHASHSEED``
    (default: one that differs from this process's). Raises ``RuntimeError`` with the child's stderr
    when it fails; ``subprocess.TimeoutExpired`` after ``timeout`` seconds."""
    if hash_seed is None:
        hash_seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-m", "clients.conformance.replay"],
        input=msgspec.msgpack.encode(jobs),
        capture_output=True,
        env=env,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"replay child failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    return msgspec.json.decode(done.stdout, type=list[str])


def main() -> int:
    """The child: jobs from stdin, digests (JSON) to stdout."""
    jobs = msgspec.msgpack.decode(sys.stdin.buffer.read(), type=list[Job])
    sys.stdout.write(msgspec.json.encode([replay_digest(job) for job in jobs]).decode() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
