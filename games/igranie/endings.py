"""How a game of iGranie z Gruzem ended and what one game counts for the arena's figures (IGR-20, 23,
24, 25), read from its final state and its events."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from games.engine import Event
from games.igranie.events import RentDue, TurnBegan
from games.igranie.model import State


class Ending(msgspec.Struct, frozen=True):
    """``reason``: ``dream_bank`` (IGR-23), ``round_24`` (IGR-24), ``death`` (a death ended the game,
    IGR-25), ``sole_survivor`` (with ``continue_after_death``, the last one alive), ``no_survivor``
    or ``unfinished`` (not over); ``winner`` the Dream Bank or sole survivor's seat, else ``None``;
    ``deaths`` cause (``starvation``, ``homelessness``, ``cold``) -> players it killed; ``rounds``
    the round the game ended in (1..24)."""

    reason: str
    winner: int | None
    deaths: dict[str, int]
    rounds: int


def ending(state: State) -> Ending:
    """The `Ending` of ``state`` (finished or not)."""
    deaths = Counter(p.cause for p in state.players if p.dead)
    reason = state.reason if state.phase == "over" else "unfinished"
    alive = [s for s, p in enumerate(state.players) if not p.dead]
    winner = state.winner
    if reason == "death" and state.options.continue_after_death:
        reason, winner = "sole_survivor", alive[0]
    return Ending(reason, winner, dict(sorted(deaths.items())), state.round)


def figures(state: State, events: list[Event[Any]]) -> dict[str, int]:
    """One game's figures for ``boardroom arena`` (`games.engine.Game.tallies`): ``ended <reason>`` 1
    (the `Ending` reason), ``died of <cause>`` per death, ``rent rounds`` (IGR-20) and, among them,
    ``rent rounds, 3+ seats pay nothing`` and ``rent rounds, 3+ seats settled`` (by a rent release or
    Bartering); a rent round is the run of ``rent_due`` events before the next turn begins."""
    end = ending(state)
    out = Counter({f"ended {end.reason}": 1})
    out.update({f"died of {cause}": n for cause, n in end.deaths.items()})
    rounds: list[list[RentDue]] = [[]]
    for event in events:
        if isinstance(event.body, RentDue):
            rounds[-1].append(event.body)
        elif isinstance(event.body, TurnBegan) and rounds[-1]:
            rounds.append([])
    for dues in (r for r in rounds if r):
        out["rent rounds"] += 1
        out["rent rounds, 3+ seats pay nothing"] += sum(d.paid == 0 for d in dues) >= 3
        out["rent rounds, 3+ seats settled"] += sum(bool(d.settled) for d in dues) >= 3
    return dict(out)
