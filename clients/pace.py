"""How a table feels in people's time: a game played on a fake clock under the server's own deadline
rules (`server.play.deadlines.schedule_for`, the default timers, auto-pass and away), by people who take
``think`` seconds over every real decision and leave prompts that offer only the pass alone.

- A seat's prompt is *shown* unless its seat's settings (the defaults: `SeatSettings`) auto-pass it.
- A person answers a prompt that offers more than the pass ``think`` seconds after it came (the
  game's ``random`` bot chooses the action); a pass-only prompt is left to its auto-pass, if the seat's
  settings ask for one, else to its deadline.
- A *window wait* is time when every prompted seat was answering a reaction window (prompt ids
  ``w<window>/…``, `games.engine.windows.prompt_id`) of a window where, in the end, nobody played.
- Idle: nobody clicks anything; every prompt takes its default at its deadline (shorter once a seat is
  away after two strikes) or its auto-pass.

Turns and rounds are counted from each game's events (`MARKERS`); a round is one turn of every seat.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping
from typing import Any

import msgspec

from games.engine import Game, Match, Prompt, bot_rng, bots_of, kind_of, think
from server.play.deadlines import AutoPass, TimerPolicy, next_strikes, passes_only, schedule_for
from server.settings import Settings
from server.store.model import Deadline, RoomMeta, Schedule, SeatRecord, SeatSettings

#: Per game: the event kind that marks its turns, and what it marks: a turn's ``start`` or ``end``, or a
#: whole ``round``'s start (Infarkt's seats place at once, so a turn there is a seat's share of a round).
MARKERS: dict[str, tuple[str, str]] = {
    "gregs": ("fan_built", "start"),
    "grucha": ("turn_ended", "end"),
    "igranie": ("turn_began", "start"),
    "infarkt": ("round_started", "round"),
}

#: Idle tables are timed over this many rounds (their mean is ``idle_round_seconds``).
IDLE_ROUNDS = 3


class Figures(msgspec.Struct):
    """One game's pace over ``games`` tables of ``seats`` people thinking ``think`` seconds.

    ``prompts_per_turn``: prompts the seats received, per turn; ``pass_only_shown_per_turn``: those that
    offered only the pass and were shown (not auto-passed); ``window_wait_share``: the share of the
    table's time spent in windows where nobody played; ``round_seconds``: the mean round; and
    ``idle_round_seconds``: the mean of the first `IDLE_ROUNDS` rounds of a table where nobody clicks.
    """

    game: str
    seats: int
    games: int
    think: float
    prompts_per_turn: float
    pass_only_shown_per_turn: float
    window_wait_share: float
    round_seconds: float
    idle_round_seconds: float


class Clock(msgspec.Struct):
    """What one table's run counted: ``seconds`` on the fake clock, ``turns``, ``prompts`` received,
    ``shown_pass_only`` pass-only prompts shown, ``actions`` applied, ``window_wait`` seconds and the
    ``round_ends`` times."""

    seconds: float = 0.0
    actions: int = 0
    turns: float = 0.0
    prompts: int = 0
    shown_pass_only: int = 0
    window_wait: float = 0.0
    round_ends: list[float] = []


def policy_of(game: Game[Any, Any], settings: Settings) -> tuple[TimerPolicy, AutoPass]:
    """The server's timing of ``game`` under ``settings``, as `server.services` builds it."""
    per_game = {game.id: settings.timer_seconds(game.timers)}
    timers = TimerPolicy(settings.timer_seconds(), settings.away_seconds, settings.bot_delay, per_game)
    return timers, AutoPass(settings.autopass_min, settings.autopass_max)


def play_table(
    game: Game[Any, Any],
    seats: int,
    seed: bytes,
    think_seconds: float | None,
    settings: Settings,
    round_cap: int | None = None,
    seat_settings: SeatSettings | None = None,
) -> Clock:
    """One table to its end (or ``round_cap`` rounds): people thinking ``think_seconds`` (``None``:
    nobody clicks) with ``seat_settings`` (default: a new seat's). The auto-pass delays are drawn from
    a generator seeded by ``seed``, so a run repeats exactly."""
    timers, autopass = policy_of(game, settings)
    delays = random.Random(seed)  # a model repeats its draws; the server draws from `secrets`
    autopass = AutoPass(autopass.low, autopass.high, delays.uniform)
    chosen = SeatSettings() if seat_settings is None else seat_settings
    records = [SeatRecord(s, token_hash="person", settings=chosen) for s in range(seats)]
    meta = RoomMeta("pace", game.id, records, "host")
    match = Match(game, seats, game.options(None), seed)
    person = bots_of(game)["random"]
    clock, table = Clock(), _Table()
    schedule: Schedule | None = None
    strikes: dict[int, int] = {}
    while game.outcome(match.state) is None and (round_cap is None or len(clock.round_ends) < round_cap):
        prompts = game.prompts(match.state)
        schedule = schedule_for(
            meta, match.version, prompts, schedule, strikes, clock.seconds, timers, autopass
        )
        table.came(prompts, clock, meta)
        due, seat, how = _next(schedule.deadlines, prompts, table, think_seconds)
        table.waited(prompts, clock.seconds, due)
        clock.seconds = max(clock.seconds, due)
        prompt = prompts[seat]
        if how == "player":
            action = think(game, person, match.state, seat, bot_rng(seed, seat, match.version)).action
        elif how == "autopass":
            action = {"kind": "pass"}
        else:
            action = {"kind": "timeout", "prompt": prompt.id}
        table.answered(prompt, action)
        events = match.act(seat, action, clock.seconds)
        clock.actions += 1
        strikes = next_strikes(strikes, seat, how, prompt.strike)
        _count(game.id, seats, [kind_of(e.body) for e in events], clock)
    clock.window_wait = table.wait_of_idle_windows()
    return clock


class _Table:
    """The prompts seen so far (by seat and clock) and the time spent waiting on each window."""

    def __init__(self) -> None:
        self.since: dict[tuple[int, str], float] = {}
        self.window_wait: dict[str, float] = {}
        self.played: set[str] = set()

    def came(self, prompts: Mapping[int, Prompt], clock: Clock, meta: RoomMeta) -> None:
        for seat, prompt in prompts.items():
            key = (seat, prompt.id)
            if key in self.since:
                continue
            self.since[key] = clock.seconds
            clock.prompts += 1
            if passes_only(prompt) and not meta.seats[seat].settings.auto_pass:
                clock.shown_pass_only += 1

    def waited(self, prompts: Mapping[int, Prompt], start: float, end: float) -> None:
        windows = {p.id.split("/")[0] for p in prompts.values() if p.id.startswith("w")}
        if windows and all(p.id.startswith("w") for p in prompts.values()):
            for window in windows:
                self.window_wait[window] = self.window_wait.get(window, 0.0) + (end - start) / len(windows)

    def answered(self, prompt: Prompt, action: Mapping[str, Any]) -> None:
        if prompt.id.startswith("w") and action["kind"] not in ("pass", "timeout"):
            self.played.add(prompt.id.split("/")[0])

    def wait_of_idle_windows(self) -> float:
        return sum(t for window, t in self.window_wait.items() if window not in self.played)


def _next(
    deadlines: list[Deadline], prompts: Mapping[int, Prompt], table: _Table, think_seconds: float | None
) -> tuple[float, int, str]:
    """The next thing to happen: (time, seat, ``player`` | ``autopass`` | ``timeout``); a person's move
    before a deadline due at the same time."""
    order = {"player": 0, "autopass": 1, "timeout": 2, "bot": 3}
    moves: list[tuple[float, int, int, str]] = [(d.due, order[d.kind], d.seat, d.kind) for d in deadlines]
    if think_seconds is not None:
        for seat, prompt in prompts.items():
            if not passes_only(prompt):
                moves.append((table.since[(seat, prompt.id)] + think_seconds, 0, seat, "player"))
    due, _, seat, how = min(moves)
    return due, seat, how


def _count(game: str, seats: int, kinds: list[str], clock: Clock) -> None:
    """Count the turns ``kinds`` (one step's event kinds) mark, and note the end of each round."""
    marker, marks = MARKERS[game]
    for kind in kinds:
        if kind != marker:
            continue
        if marks == "round":
            clock.turns += seats
            ended = clock.turns > seats  # this round's start ends the one before
        else:
            clock.turns += 1
            done = clock.turns - 1 if marks == "start" else clock.turns
            ended = done > 0 and done % seats == 0
        if ended:
            clock.round_ends.append(clock.seconds)


def measure(
    game: Game[Any, Any], seats: int, games: int, think_seconds: float, settings: Settings
) -> Figures:
    """`Figures` of ``games`` tables (table n seeded ``pace/<n>``) and ``games`` idle ones."""
    runs = [play_table(game, seats, f"pace/{n}".encode(), think_seconds, settings) for n in range(games)]
    idle = [
        play_table(game, seats, f"idle/{n}".encode(), None, settings, IDLE_ROUNDS + 1) for n in range(games)
    ]
    turns = sum(r.turns for r in runs) or 1.0
    rounds = sum(len(r.round_ends) for r in runs) or 1
    idle_rounds = [_rounds(r)[:IDLE_ROUNDS] for r in idle]
    return Figures(
        game.id,
        seats,
        games,
        think_seconds,
        round(sum(r.prompts for r in runs) / turns, 2),
        round(sum(r.shown_pass_only for r in runs) / turns, 2),
        round(sum(r.window_wait for r in runs) / sum(r.seconds for r in runs), 3),
        round(sum(r.round_ends[-1] for r in runs if r.round_ends) / rounds, 1),
        round(statistics.fmean([s for r in idle_rounds for s in r] or [0.0]), 1),
    )


def _rounds(clock: Clock) -> list[float]:
    """The lengths of the rounds a table completed, in seconds."""
    ends = clock.round_ends
    return [b - a for a, b in zip([0.0, *ends], ends, strict=False)]
