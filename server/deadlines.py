"""Deadlines of a room's prompts, computed once per step and stored with the commit (pure functions).

- A seat played by a server-side bot (its own, or a leaver's when the room names ``leaver_bot``) gets a
  ``bot`` item due after the server's ``bot_delay``.
- A leaver's seat without a bot takes its defaults at once (a ``timeout`` due now).
- Any other seat gets ``timeout`` due after its prompt's timer class seconds (the room's override, else
  the server's; an unknown class counts as ``turn``), or ``away_seconds`` once it is away (the shorter
  of the two: away never lengthens a room's short timer).
- A prompt whose id did not change keeps its deadline (another seat's move does not reset the clock),
  unless the new one is earlier (the seat left, or went away).
- Strikes: a timeout adds one to the seat's strikes, a move of the seat's own player clears them; two or
  more in a row mark the seat away (DESIGN "Timeouts and leavers").
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from games.engine.model import Prompt
from server.store.model import Deadline, DeadlineKind, RoomMeta, Schedule


class TimerPolicy(msgspec.Struct, frozen=True):
    """The server side of timing: ``timers`` seconds per class, ``away_seconds``, ``bot_delay``;
    ``games`` the seconds per class of each game id (the server's settings over what the game declares,
    `Settings.timer_seconds`), for a game absent there ``timers``."""

    timers: dict[str, float]
    away_seconds: float = 5.0
    bot_delay: float = 0.0
    games: dict[str, dict[str, float]] = {}

    def defaults(self, game: str) -> dict[str, float]:
        """Seconds per timer class in a room of ``game`` that sets none of its own."""
        return self.games.get(game, self.timers)

    def seconds(self, meta: RoomMeta, timer: str) -> float:
        """Seconds behind ``timer`` in this room (room override, then `defaults`, then ``turn``)."""
        merged = {**self.defaults(meta.game), **meta.timers}
        return merged.get(timer, merged.get("turn", 60.0))


def next_strikes(previous: Mapping[int, int], seat: int, kind: str) -> dict[int, int]:
    """Strikes after ``seat`` acted by ``kind``: ``timeout`` adds one, ``player`` clears, ``bot`` keeps."""
    strikes = dict(previous)
    if kind == "timeout":
        strikes[seat] = strikes.get(seat, 0) + 1
    elif kind == "player":
        strikes.pop(seat, None)
    return strikes


def bot_of(meta: RoomMeta, seat: int) -> str | None:
    """The bot policy that plays ``seat`` now, if any (its own bot, or the leaver bot of a leaver)."""
    record = meta.seats[seat]
    if record.bot is not None:
        return record.bot
    return meta.leaver_bot if record.left else None


def schedule_for(
    meta: RoomMeta,
    version: int,
    prompts: Mapping[int, Prompt],
    previous: Schedule | None,
    strikes: dict[int, int],
    now: float,
    policy: TimerPolicy,
) -> Schedule:
    """The schedule of ``version`` whose ``prompts`` are given; ``previous`` is the last stored one."""
    old = {(d.seat, d.prompt, d.kind): d.due for d in previous.deadlines} if previous else {}
    items: list[Deadline] = []
    for seat, prompt in sorted(prompts.items()):
        kind, due = _due(meta, seat, prompt, strikes, now, policy)
        kept = old.get((seat, prompt.id, kind), due)
        items.append(Deadline(meta.room, seat, prompt.id, min(kept, due), kind))
    return Schedule(version, items, strikes)


def _due(
    meta: RoomMeta, seat: int, prompt: Prompt, strikes: Mapping[int, int], now: float, policy: TimerPolicy
) -> tuple[DeadlineKind, float]:
    if bot_of(meta, seat) is not None:
        return "bot", now + policy.bot_delay
    if meta.seats[seat].left:
        return "timeout", now
    seconds = policy.seconds(meta, prompt.timer)
    if strikes.get(seat, 0) >= 2:
        return "timeout", now + min(policy.away_seconds, seconds)
    return "timeout", now + seconds
