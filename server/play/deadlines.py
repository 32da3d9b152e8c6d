"""Deadlines of a room's prompts, computed once per step and stored with the commit.

- A seat played by a server-side bot (its own, or a leaver's when the room names ``leaver_bot``) gets a
  ``bot`` item due after the server's ``bot_delay``.
- A leaver's seat without a bot takes its defaults at once (a ``timeout`` due now).
- Any other seat gets ``timeout`` due after its prompt's timer class seconds (the room's override, else
  the server's; an unknown class counts as ``turn``), or ``away_seconds`` once it is away (the shorter
  of the two: away never lengthens a room's short timer).
- A player's seat whose settings ask for ``auto_pass`` (the default) gets, beside that timeout, an
  ``autopass`` item when its prompt offers nothing but the pass (`passes_only`): due after a delay drawn
  from `secrets` in the server's range (`AutoPass`, never after the timeout), so the pass arrives as a
  player's would and its timing tells nobody that the seat had nothing to play.
- A prompt whose id did not change keeps its deadlines (another seat's move does not reset the clock,
  nor draw a new auto-pass delay), unless the new timeout is earlier (the seat left, or went away).
  The exception is a seat played at one screen with others (its setting ``screen``, shared by the
  seats of a hot-seat tab): when a seat of that same screen answers (its prompt is gone or changed),
  the seat's unchanged timeout starts again, since the seats of one screen answer a window one after
  the other and the last would otherwise see what the first left of a round (`_screen_answered`).
  For the same reason a seat of such a screen prompted together with screen-mates of lower numbers
  (the screen shows them first) gets its timer's seconds once per seat in that line, its own included
  (`_ahead_at_screen`): the second seat of a tab is not timed out with the first before its curtain
  was ever lifted.
  So does a prompt whose `Prompt.clock` is the previous prompt's: its id changed (the seat acted) but
  its timer goes on (a turn timed as a whole).
- Strikes: a timeout of a prompt whose ``strike`` is true adds one to the seat's strikes, a move of the
  seat's own player clears them, anything else (a bot, an auto-pass, a lapsed reaction window) keeps
  them; the room's ``away_after`` in a row (2 by default) mark the seat away (DESIGN "Timeouts and
  leavers"): its prompts then take their defaults after ``away_seconds`` (0 by default: at once), or
  are played by the room's ``away_bot``, until its player acts again or says hello (`server.play.presence`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping

import msgspec

from games.engine.model import Prompt
from server.store.model import Deadline, DeadlineKind, RoomMeta, Schedule

#: The action kind of a pass (`games.engine.windows.PASS`), the only action an auto-pass sends.
PASS = "pass"

#: ``draw(low, high)``: a delay in seconds, uniform in ``[low, high]``.
Draw = Callable[[float, float], float]

_secret = secrets.SystemRandom()


def secret_delay(low: float, high: float) -> float:
    """A delay uniform in ``[low, high]`` seconds from the operating system's generator: never the game's
    (the room seed would make it predictable, and it must not move the game's streams)."""
    return _secret.uniform(low, high)


class AutoPass(msgspec.Struct, frozen=True):
    """When the server passes for a seat: ``low`` to ``high`` seconds after its prompt came, drawn by
    ``draw`` (`secret_delay`; tests inject their own)."""

    low: float = 1.0
    high: float = 4.0
    draw: Draw = secret_delay

    def at(self, now: float, due: float) -> float:
        """The auto-pass time of a prompt that came at ``now`` and times out at ``due``: the range is cut
        to the time left (a short timer narrows it: auto-passes never pile up at the deadline)."""
        high = min(self.high, due - now)
        return now + self.draw(min(self.low, high), high)


#: The server's default range (`server.settings.Settings.autopass_min`, ``autopass_max``).
AUTOPASS = AutoPass()


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


def next_strikes(previous: Mapping[int, int], seat: int, kind: str, strike: bool = True) -> dict[int, int]:
    """Strikes after ``seat`` acted by ``kind``: ``timeout`` adds one when the prompt it answered is a
    ``strike`` (`Prompt.strike`), ``player`` clears, anything else keeps."""
    strikes = dict(previous)
    if kind == "timeout" and strike:
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


def passes_only(prompt: Prompt) -> bool:
    """Whether ``prompt`` offers nothing but its pass default: default ``pass``, the bare
    ``{"kind": "pass"}`` as the pass's only choice, and any other kind listed with no legal action (its
    choices ``[]``: iGranie's held cancel with nothing to target, IGR-30). Any game, not only the engine's
    windows. A seat holding a card it cannot play now is passed for as one holding none: else the pace of
    its answer would tell the table that it holds one."""
    if prompt.default != PASS or PASS not in prompt.kinds or prompt.choices.get(PASS, [{}]) != [{}]:
        return False
    return all(prompt.choices.get(kind) == [] for kind in prompt.kinds if kind != PASS)


def auto_passes(meta: RoomMeta, seat: int, prompt: Prompt) -> bool:
    """Whether the server passes for ``seat`` on ``prompt``: its player (not a bot, not a leaver) asked
    for ``auto_pass`` and the prompt `passes_only`."""
    record = meta.seats[seat]
    return record.settings.auto_pass and not record.left and record.bot is None and passes_only(prompt)


def schedule_for(
    meta: RoomMeta,
    version: int,
    prompts: Mapping[int, Prompt],
    previous: Schedule | None,
    strikes: dict[int, int],
    now: float,
    policy: TimerPolicy,
    autopass: AutoPass = AUTOPASS,
) -> Schedule:
    """The schedule of ``version`` whose ``prompts`` are given; ``previous`` is the last stored one."""
    old = {(d.seat, d.clock or d.prompt, d.kind): d.due for d in previous.deadlines} if previous else {}
    items: list[Deadline] = []
    for seat, prompt in sorted(prompts.items()):
        clock = prompt.clock or prompt.id
        kind, due = _due(meta, seat, prompt, strikes, now, policy)
        if kind == "timeout":  # in line behind its screen's other seats: each gets its own time
            due = now + (due - now) * (1 + _ahead_at_screen(meta, seat, prompts))
        if not (kind == "timeout" and _screen_answered(meta, seat, prompts, previous)):
            due = min(old.get((seat, clock, kind), due), due)
        items.append(Deadline(meta.room, seat, prompt.id, due, kind, prompt.clock))
        if kind == "timeout" and auto_passes(meta, seat, prompt):
            kept = old.get((seat, clock, "autopass"))
            at = kept if kept is not None else autopass.at(now, due)
            items.append(Deadline(meta.room, seat, prompt.id, min(at, due), "autopass", prompt.clock))
    return Schedule(version, items, strikes)


def _ahead_at_screen(meta: RoomMeta, seat: int, prompts: Mapping[int, Prompt]) -> int:
    """How many seats played at ``seat``'s screen (the same non-empty `SeatSettings.screen`) with a
    lower number are prompted now by a player (not a bot, not a leaver): the screen shows them first,
    one behind its curtain at a time, so ``seat`` cannot see its prompt before they answer."""
    screen = meta.seats[seat].settings.screen
    if not screen:
        return 0
    return sum(
        1
        for other in prompts
        if other < seat
        and other < len(meta.seats)
        and meta.seats[other].settings.screen == screen
        and bot_of(meta, other) is None
        and not meta.seats[other].left
    )


def _screen_answered(
    meta: RoomMeta, seat: int, prompts: Mapping[int, Prompt], previous: Schedule | None
) -> bool:
    """Whether another seat played at ``seat``'s screen (the same non-empty `SeatSettings.screen`)
    answered in this step: it had a timeout in ``previous`` for a prompt it no longer has."""
    screen = meta.seats[seat].settings.screen
    if not screen or previous is None:
        return False
    return any(
        d.kind == "timeout"
        and d.seat != seat
        and d.seat < len(meta.seats)
        and meta.seats[d.seat].settings.screen == screen
        and (d.seat not in prompts or prompts[d.seat].id != d.prompt)
        for d in previous.deadlines
    )


def _due(
    meta: RoomMeta, seat: int, prompt: Prompt, strikes: Mapping[int, int], now: float, policy: TimerPolicy
) -> tuple[DeadlineKind, float]:
    if bot_of(meta, seat) is not None:
        return "bot", now + policy.bot_delay
    if meta.seats[seat].left:
        return "timeout", now
    seconds = policy.seconds(meta, prompt.timer)
    if strikes.get(seat, 0) >= meta.away_after:
        if meta.away_bot is not None:
            return "bot", now + policy.bot_delay
        return "timeout", now + min(policy.away_seconds, seconds)
    return "timeout", now + seconds
