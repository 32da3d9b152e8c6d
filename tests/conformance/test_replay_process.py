"""A fresh process with another PYTHONHASHSEED replays every game's logs to identical state bytes."""

from __future__ import annotations

from clients.conformance import run_game
from clients.conformance.model import Config
from clients.conformance.replay import Job, in_subprocess, replay_digest
from games.catalog import with_fixtures

#: play-outs per game: the long iGranie and Grucha logs dominate, and a hash-seed dependence shows in
#: the first few (each replays thousands of steps)
PER_GAME = 8
PLAY_ONLY = Config(leak_scan=False, interference_every=0, probes=False)


def test_replay_in_a_process_with_another_hash_seed_gives_identical_state_bytes() -> None:
    playouts = [
        p for game in with_fixtures().values() for p in run_game(game, PER_GAME, 11, None, PLAY_ONLY)[1]
    ]
    assert all(p.findings == [] for p in playouts)
    digests = in_subprocess([Job.of(p) for p in playouts], hash_seed="12345", timeout=120)
    assert digests == [p.digest for p in playouts]


def test_a_different_log_replays_to_a_different_digest() -> None:
    playout = run_game(with_fixtures()["fixture-hands"], 1, 11, None, PLAY_ONLY)[1][0]
    job = Job.of(playout)
    shortened = Job(job.game, job.seats, job.options, job.seed, job.log[:-1])
    assert replay_digest(job) == playout.digest
    assert replay_digest(shortened) != playout.digest
