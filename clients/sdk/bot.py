"""The bot runner: plays the seats a `Connection` holds with a pure policy, from the mirror alone.

A policy sees exactly what a player of its seat sees: the mirrored view converted to the game's ``View``
type, the seat's prompt and a generator of its own (stream ``bot/<seat>/v<version>`` under the bot's
seed, so a seeded run decides the same way every time). It acts at most once per (version, prompt).
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import msgspec

from clients.sdk.connection import Connection
from clients.sdk.outbox import ActionRefused
from games.engine import Game, Policy, Prompt, Rng, random_policy
from protocol.messages import Ack, PromptOut

#: Seconds to wait before resending an action the server dropped as ``rate/limited`` (doubling to 1 s).
RATE_BACKOFF = 0.05


def policy_named(game: Game[Any, Any], name: str) -> Policy:
    """The game's policy ``name`` (from ``game.bots()``), or the engine's ``random``.
    Raises ``KeyError`` naming the policies on offer."""
    policies = {"random": random_policy, **game.bots()}
    if name not in policies:
        raise KeyError(f"{game.id} has no bot policy {name!r}; choose one of {sorted(policies)}")
    return policies[name]


def engine_prompt(prompt: PromptOut) -> Prompt:
    """The engine's `Prompt` of a prompt as sent (the deadline dropped)."""
    return Prompt(prompt.id, prompt.kinds, prompt.timer, prompt.default, prompt.choices, prompt.strike)


class BotPlayer:
    """Plays every seat of ``conn`` (or just ``seats``) with ``policy`` until the game's outcome.

    ``seed``: 1 to 64 bytes keying the bots' own generators. ``actions`` counts accepted actions and
    ``refused`` lists the codes of refused ones (a policy mistake falls back to a random legal choice).
    """

    def __init__(
        self,
        conn: Connection,
        game: Game[Any, Any],
        policy: Policy,
        seed: bytes = b"bots",
        seats: list[int] | None = None,
    ) -> None:
        self.conn = conn
        self.game = game
        self.policy = policy
        self.seed = seed
        self.seats = seats
        self.actions = 0
        self.refused: list[str] = []

    async def run(self, timeout: float | None = None) -> Any:
        """Play until every seat's mirror shows the outcome; returns it (JSON data)."""
        seats = self.seats if self.seats is not None else list(self.conn.seats)
        async with asyncio.timeout(timeout):
            await asyncio.gather(*(self._play(seat) for seat in seats))
        return self.conn.mirrors[seats[0]].outcome if seats else None

    async def _play(self, seat: int) -> None:
        done: tuple[int, str] | None = None
        while True:
            await self.conn.wait_until(functools.partial(self._ready, seat, done), timeout=None)
            mirror = self.conn.mirrors[seat]
            if mirror.outcome is not None or mirror.prompt is None:
                return
            done = (mirror.version, mirror.prompt.id)
            await self._decide(seat, mirror.version, mirror.view, mirror.prompt)

    def _ready(self, seat: int, done: tuple[int, str] | None) -> bool:
        return self._due(seat, done) is not None

    def _due(self, seat: int, done: tuple[int, str] | None) -> tuple[int, str] | None:
        """What to act on next: ``(version, prompt id)`` not acted on yet; ``(-1, "")`` when over."""
        mirror = self.conn.mirrors.get(seat)
        if mirror is None or not mirror.ready:
            return None
        if mirror.outcome is not None:
            return (-1, "")
        if mirror.prompt is None or (mirror.version, mirror.prompt.id) == done:
            return None
        return (mirror.version, mirror.prompt.id)

    async def _decide(self, seat: int, version: int, view: Any, sent: PromptOut) -> None:
        prompt = engine_prompt(sent)
        typed = msgspec.convert(view, self.game.View)
        for policy in (self.policy, random_policy):
            try:
                action = policy(typed, prompt, Rng(self.seed, f"bot/{seat}/v{version}"))
            except ValueError:
                continue  # the random policy found no finite choice: wait for the next prompt
            try:
                ack = await self._send(seat, action, sent.id)
            except ActionRefused as exc:
                self.refused.append(exc.code)
                continue
            self.actions += 1
            await self.conn.wait_version(ack.version, timeout=30.0)
            return

    async def _send(self, seat: int, action: dict[str, Any], prompt: str | None = None) -> Ack:
        """Act (answering ``prompt``), waiting and retrying while the server says ``rate/limited`` (the
        action was dropped). No time limit of its own: the outbox resends through store outages and
        reconnects (a bot gave up after 10 s of a Redis outage), and `run` bounds the whole game."""
        delay = RATE_BACKOFF
        while True:
            try:
                return await self.conn.act(seat, action, timeout=None, prompt=prompt)
            except ActionRefused as exc:
                if exc.code != "rate/limited":
                    raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)
