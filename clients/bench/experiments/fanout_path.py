"""The fan-out and the frame writes of one action alone, in this process's CPU (``time.process_time``).

    python -m clients.bench.experiments.fanout_path [--game gregs] [--runs 7]

- ``fan-out``: the steps of six seeded random games of ``--game`` (4 seats) recorded once, then per
  run each step's `protocol.fanout.fan_out` for the 4 seats from a cache primed at the step's previous
  version, with each message's JSON frame encoded, as a worker shows a committed step (µs per step;
  the priming is timed apart and subtracted). Run it in a checkout built with ``BOARDROOM_MYPYC=1``
  and in a pure one, alternating, to compare the compiled modules (it prints which it imported).
- ``send``: `server.ws.conn.Conn.send` of a 400-byte text frame onto picows' socket
  (`server.ws.picows.PicowsSocket`, its transport a counter), through the ASGI send and through
  ``write_now``, alternating within each run (µs per frame; the system call is not in it).

Medians of ``--runs`` runs are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from typing import Any

from games.catalog import with_fixtures
from games.engine import IllegalAction, Match, Rng, random_policy
from protocol import diff as diff_module
from protocol import fanout
from protocol.codec import JSON
from protocol.fanout import Step, ViewCache, fan_out, prompt_out, snapshot

SEATS = [0, 1, 2, 3]
SEEDS = (b"a", b"b", b"c", b"d", b"e", b"f")


def record(name: str, max_steps: int = 400) -> tuple[Any, list[tuple[Any, Any, Step]]]:
    """``(game, [(state before, state after, step), ...])`` of seeded random games."""
    game = with_fixtures()[name]
    steps: list[tuple[Any, Any, Step]] = []
    for seed in SEEDS:
        match = Match(game, len(SEATS), game.Options(), seed)
        rng = Rng(seed, "bench/fanout")
        while game.outcome(match.state) is None and match.version < max_steps:
            prompts = game.prompts(match.state)
            if not prompts:
                break
            seat = rng.choice(sorted(prompts))
            prompt = prompts[seat]
            before = game.copy(match.state)
            try:
                action = random_policy(game.view(match.state, seat), prompt, rng.fork(f"{match.version}"))
                events = match.act(seat, action)
            except (ValueError, IllegalAction):
                events = match.act(seat, {"kind": "timeout", "prompt": prompt.id})
            after = {s: prompt_out(p, 100.0) for s, p in game.prompts(match.state).items()}
            step = Step(match.version - 1, match.version, events, after, game.outcome(match.state))
            steps.append((before, game.copy(match.state), step))
    return game, steps


def fan_out_run(game: Any, steps: list[tuple[Any, Any, Step]]) -> float:
    """µs of CPU per step: primed caches and their fan-out, less the priming alone."""

    def primed() -> list[ViewCache]:
        caches = []
        for before, _, step in steps:
            cache = ViewCache()
            for seat in SEATS:
                snapshot(game, before, step.frm, seat, cache)
            caches.append(cache)
        return caches

    started = time.process_time()
    primed()
    priming = time.process_time() - started
    started = time.process_time()
    for (before, after, step), cache in zip(steps, primed(), strict=True):
        for out in fan_out(game, after, step, SEATS, cache, before).values():
            out.frame(JSON)
    return (time.process_time() - started - priming) / len(steps) * 1e6


class _Counter:
    """A picows transport that only counts what it is given."""

    def __init__(self) -> None:
        self.sent = 0

    def send(self, kind: Any, data: bytes) -> None:
        self.sent += len(data)


async def send_run(count: int) -> tuple[float, float]:
    """µs of CPU per frame: ``(through the ASGI send, through write_now)``."""
    from server.ws.conn import Conn
    from server.ws.picows import PicowsSocket

    frame = '{"type":"update","seat":0,"frm":3,"to":4,"patch":[],"x":"' + "a" * 340 + '"}'
    figures = []
    for direct in (False, True):
        sock = PicowsSocket.__new__(PicowsSocket)  # only what a write reads: no connection behind it
        sock._paused, sock._gone = None, False
        sock.transport = _Counter()  # type: ignore[assignment]  # a counter in place of picows' transport
        conn = Conn(sock._send, JSON, queue_size=64)
        if not direct:
            conn._write = None
        started = time.process_time()
        for _ in range(count):
            conn.send(frame)
        figures.append((time.process_time() - started) / count * 1e6)
    return figures[0], figures[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gregs")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--frames", type=int, default=20_000)
    args = parser.parse_args()
    compiled = [m.__name__ for m in (diff_module, fanout) if str(m.__file__).endswith(".so")]
    game, steps = record(args.game)
    gc.disable()  # a collection inside one run would be charged to it
    per_step = [fan_out_run(game, steps) for _ in range(args.runs)]
    sends = [asyncio.run(send_run(args.frames)) for _ in range(args.runs)]
    gc.enable()
    print(f"compiled modules: {', '.join(compiled) or 'none (pure Python)'}")
    median = statistics.median(per_step)
    print(f"fan-out of {len(steps)} {args.game} steps, 4 seats: {median:.1f} µs per step")
    asgi, direct = statistics.median(s[0] for s in sends), statistics.median(s[1] for s in sends)
    print(f"a frame onto picows' socket: ASGI send {asgi:.2f} µs, write_now {direct:.2f} µs")


if __name__ == "__main__":
    main()
