"""The bot runner: plays the seats a `Connection` holds with a pure policy, from the mirror alone.

A policy sees exactly what a player of its seat sees: the mirrored view converted to the game's ``View``
type, the seat's prompt and a generator of its own (stream ``bot/<seat>/v<version>`` under the bot's
seed, so a seeded run decides the same way every time). It acts at most once per (version, prompt).
Policies run in a thread (`asyncio.to_thread`), so a slow one never stalls the connection's reads and
pings. A client holds no state, so it cannot sample worlds for a search bot: searching entries
(``search``) play on the server (seat one with ``POST /api/rooms/{room}/seats/{seat}/bot``) or in
``boardroom arena``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

import msgspec

from clients.sdk.connection import Connection
from clients.sdk.outbox import ActionRefused
from games.engine import Bot, Game, Policy, Prompt, bot_rng, bots_of
from protocol.messages import Ack, PromptOut

log = logging.getLogger("boardroom.sdk.bot")

#: Seconds to wait before resending an action the server dropped as ``rate/limited`` (doubling to 1 s).
RATE_BACKOFF = 0.05


def policy_named(game: Game[Any, Any], name: str) -> Policy:
    """The game's plain bot ``name`` (`games.engine.bots.bots_of`: ``random``, the game's own...).

    Raises ``KeyError`` naming the bots a client can play when ``name`` is none of them (a searching
    bot is not: it needs the state, which only the server holds)."""
    plain = {n: bot for n, bot in bots_of(game).items() if not bot.searches}
    if name not in plain:
        raise KeyError(f"{game.id} has no client-side bot {name!r}; choose one of {sorted(plain)}")
    return plain[name]


def engine_prompt(prompt: PromptOut) -> Prompt:
    """The engine's `Prompt` of a prompt as sent (the deadline dropped)."""
    return Prompt(prompt.id, prompt.kinds, prompt.timer, prompt.default, prompt.choices, prompt.strike)


class BotPlayer:
    """Plays every seat of ``conn`` (or just ``seats``) with ``policy`` until the game's outcome.

    ``seed``: 1 to 64 bytes keying the bots' own generators. ``actions`` counts accepted actions and
    ``refused`` lists the codes of refused ones (a policy mistake falls back to the game's ``random``
    bot). Raises ``ValueError`` for a searching `Bot` (see the module docstring).
    """

    def __init__(
        self,
        conn: Connection,
        game: Game[Any, Any],
        policy: Policy,
        seed: bytes = b"bots",
        seats: list[int] | None = None,
    ) -> None:
        if isinstance(policy, Bot) and policy.searches:
            raise ValueError("a searching bot needs the state: it plays on the server, not in a client")
        self.conn = conn
        self.game = game
        self.policy = policy
        self.fallback = bots_of(game)["random"].policy
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
        for policy in (self.policy, self.fallback):
            rng = bot_rng(self.seed, seat, version)
            try:
                action = await asyncio.to_thread(policy, typed, prompt, rng)
            except ValueError:
                continue  # no finite choice for the random bot: wait for the next prompt
            except Exception:
                log.warning("bot policy failed on seat %d at version %d", seat, version, exc_info=True)
                continue  # a policy bug: the fallback acts
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
