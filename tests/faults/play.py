"""Clients and checks shared by the fault tests.

- `Tracked`: an SDK `Connection` that records every action it sent (id -> seat, action) and every
  ``ack`` it received, so a test can hold the store to exactly what the clients were told.
- `open_room`: a room whose seats are claimed through the given workers.
- `check_exactly_once`: every acknowledged action is in the room's log once, at the version its ack named,
  with its seat and payload; the log holds nothing else (but timeouts where allowed); no action is left
  unanswered; and the log replays (`games.engine.Match.replay`) to the stored state's exact bytes.
- `check_converged`: every client's mirror shows the stored version and exactly the view the stored state
  gives its seat.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import redis.asyncio as aioredis

from clients.sdk import ActionRefused, BotPlayer, Connection, Lobby
from clients.sdk.bot import RATE_BACKOFF
from games.engine import Game, LogEntry, Match, random_policy
from protocol.messages import Ack, Error, ServerMsg
from server.store.model import LogStep
from server.store.redis import RedisStore


class Tracked(Connection):
    """A `Connection` that keeps ``sent`` (action id -> (seat, action)) and ``acks`` (every `Ack`).
    ``on_act(conn, action id)``, when set, runs right before an action's frame goes out (a fault test
    kills something there, so the action is in flight)."""

    def __init__(self, url: str, room: str, tokens: Sequence[str], **kw: Any) -> None:
        super().__init__(url, room, tokens, recorder=self._recorded, **kw)
        self.sent: dict[str, tuple[int, dict[str, Any]]] = {}
        self.acks: list[Ack] = []
        self.refusals: list[Error] = []
        self.on_act: Callable[[Tracked, str], None] | None = None
        self.listen(self._heard)

    def _recorded(self, direction: str, frame: str | bytes) -> None:
        if direction != "out":
            return
        msg = msgspec.json.decode(frame)
        if msg.get("type") == "act":
            self.sent.setdefault(msg["id"], (msg["seat"], msg["action"]))
            if self.on_act is not None:
                self.on_act(self, msg["id"])

    def _heard(self, msg: ServerMsg) -> None:
        if isinstance(msg, Ack):
            self.acks.append(msg)
        elif isinstance(msg, Error):
            self.refusals.append(msg)


def store_for(url: str, prefix: str) -> RedisStore:
    """A store client for reading what the workers wrote under ``prefix`` (and purging it at the end)."""
    return RedisStore(aioredis.Redis.from_url(url), prefix)


async def open_room(
    lobbies: Sequence[Lobby],
    game: str,
    seats: int,
    *,
    options: dict[str, Any] | None = None,
    timers: dict[str, float] | None = None,
) -> tuple[str, list[str]]:
    """A new room of ``game``; seat ``i`` is claimed through ``lobbies[i % len(lobbies)]``. Returns the
    room id and the seat tokens (the room autostarts with the last claim)."""
    created = await lobbies[0].create_room(game, seats, options, timers)
    tokens = [(await lobbies[i % len(lobbies)].claim(created.room, i, f"p{i}")).token for i in range(seats)]
    return created.room, tokens


#: Seconds a bot waits for its action's answer. The SDK's 10 s is for people; here hundreds of rooms
#: share two cores with three workers (and whatever else runs), so an answer may queue for longer.
ACK_WAIT = 60.0


class PatientBot(BotPlayer):
    """A `BotPlayer` that waits `ACK_WAIT` seconds for each answer (a timeout is a test failure)."""

    async def _send(self, seat: int, action: dict[str, Any], prompt: str | None = None) -> Ack:
        delay = RATE_BACKOFF
        while True:  # as `BotPlayer._send`: a rate-limited action was dropped, send it again later
            try:
                return await self.conn.act(seat, action, timeout=ACK_WAIT, prompt=prompt)
            except ActionRefused as exc:
                if exc.code != "rate/limited":
                    raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)


async def play(conns: Sequence[Connection], game: Game[Any, Any], seconds: float) -> list[Any]:
    """Random bots on every connection until the outcome; the outcomes each saw."""
    bots = [PatientBot(conn, game, random_policy, seed=conn.room.encode()[:32]) for conn in conns]
    return list(await asyncio.gather(*(bot.run(seconds) for bot in bots)))


async def check_exactly_once(
    store: RedisStore, game: Game[Any, Any], room: str, clients: Sequence[Tracked], timeouts: bool = False
) -> list[LogStep]:
    """The exactly-once and replay checks (module docstring); returns the room's log."""
    stored = await store.get_state(room)
    assert stored is not None
    log = await store.get_log(room)
    assert [step.version for step in log] == list(range(1, stored.version + 1))
    answered: dict[tuple[int, str], set[int]] = {}
    for client in clients:
        assert len(client.outbox) == 0, f"unanswered actions {client.outbox.pending()}"
        for ack in client.acks:
            answered.setdefault((ack.seat, ack.id), set()).add(ack.version)
            seat, action = client.sent[ack.id]
            step = log[ack.version - 1]
            assert (step.seat, step.action) == (seat, action), f"ack {ack} is not what the log holds"
    assert all(len(versions) == 1 for versions in answered.values()), answered
    acked_versions = sorted(v for versions in answered.values() for v in versions)
    others = [s.version for s in log if timeouts and s.action.get("kind") == "timeout"]
    unexplained = sorted({s.version for s in log} - set(acked_versions) - set(others))
    refusals = [(e.code, e.id) for client in clients for e in client.refusals]
    assert unexplained == [], f"steps nobody was told of: {[log[v - 1] for v in unexplained]}; {refusals}"
    assert sorted(acked_versions + others) == [s.version for s in log]
    assert await store.redis.hlen(store.keys(room)[4]) == len(answered)
    await check_replay(store, game, room, log, stored.state)
    return log


async def check_replay(
    store: RedisStore, game: Game[Any, Any], room: str, log: list[LogStep], state: bytes
) -> None:
    """The log replays from a fresh setup to exactly the stored state bytes."""
    meta, seed = await store.get_meta(room), await store.get_seed(room)
    assert meta is not None and seed is not None
    entries = [LogEntry(step.seat, step.action, step.now) for step in log]
    match = Match.replay(game, len(meta.seats), game.options(meta.options), seed, entries)
    assert game.encode_state(match.state) == state


async def check_converged(
    store: RedisStore, game: Game[Any, Any], room: str, conns: Sequence[Connection]
) -> int:
    """Every client shows the stored version and its seat's view of the stored state; returns it."""
    stored = await store.get_state(room)
    assert stored is not None
    state = game.decode_state(stored.state)
    for conn in conns:
        await conn.wait_version(stored.version, timeout=20.0)
        for seat, mirror in conn.mirrors.items():
            assert mirror.version == stored.version
            assert mirror.view == msgspec.to_builtins(game.view(state, seat))
    return stored.version
