"""The turn's flow (IGR-8…16, 20, 21): phases entered in order, the steps queued behind reaction
windows, rent rounds, the end of a turn, a round and the game. Pure functions over a `State`.

Prompt phases (``roll``, ``forest``, ``ability``, ``split``, ``shop``, ``food``, ``bank``, ``discard``,
``pick``, ``rent``) wait for a seat; everything else runs as `Step` items of the windows' queue, so a
window opened in front of a step (the movement roll, a loop effect, an Event card, a theft) holds it
back until its plays have resolved.
"""

from __future__ import annotations

from typing import Any

from games.engine import Event, GameEnded, Rng
from games.engine import windows as wn
from games.igranie import effects
from games.igranie.abilities import can_barter, usable
from games.igranie.calendar import BANK_CAP, ROUNDS, rent_round
from games.igranie.events import RentDue, TurnBegan
from games.igranie.model import Phase, State, Step, Turn
from games.igranie.ranking import outcome


def from_seat(state: State, seat: int) -> list[int]:
    """The living seats clockwise starting at ``seat`` (IGR-30: response order from the active player)."""
    n = state.seats
    return [(seat + i) % n for i in range(n) if not state.players[(seat + i) % n].dead]


def next_living(state: State, seat: int) -> int:
    """The next living seat clockwise after ``seat`` (itself if it is the only one)."""
    order = from_seat(state, (seat + 1) % state.seats)
    return order[0] if order else seat


def window(state: State, purpose: str, steps: list[Step], **kw: Any) -> wn.Window[Any]:
    """A window over the living seats from the active player in front of ``steps``, asked in rounds
    (IGR-30's ruling: every living player at the same moment, a round's plays taken in turn order from
    the active player, everyone asked again after a play; a round without a play closes it). Every
    living seat is prompted (no ``skip_idle``: skipping a seat would show that its hidden hand holds
    nothing to play)."""
    seats = from_seat(state, state.active)
    return wn.guard(state.windows, steps, "rounds", seats, purpose, **kw)


# ---- phases -------------------------------------------------------------------------------------------
def enter(state: State, phase: Phase, rng: Rng) -> list[Event[Any]]:
    """Enter ``phase`` of the active turn; the Discard phase runs on to the next turn when nothing is
    over the hand limit."""
    if phase == "shop" and state.turn.split:
        phase = "split"  # IGR-31: Calling Mom's goods are shared before shopping
    state.phase = phase
    if phase == "ability" and not usable(state, state.active):
        return enter(state, "shop", rng)
    if phase == "discard":
        return discard_phase(state, rng)
    return []


def discard_phase(state: State, rng: Rng) -> list[Event[Any]]:
    """IGR-15: over the limit the active player discards (or, by option, the left neighbour picks)."""
    seat = state.active
    over = len(state.players[seat].hand) - effects.hand_limit(state, seat)
    if over <= 0:
        return end_turn(state, rng)
    if state.options.random_discard_by_left_neighbour and next_living(state, seat) != seat:
        state.phase, state.turn.discards = "pick", over
    else:
        state.phase = "discard"
    return []


def begin_turn(state: State, seat: int, rng: Rng) -> list[Event[Any]]:
    """IGR-8: a new turn for ``seat``: One Tough Motherfucker's protection ends (IGR-35); a figure that
    must skip its move goes straight to the Event card."""
    state.active, state.turn = seat, Turn()
    player = state.players[seat]
    player.turns += 1
    player.tough = False
    events: list[Event[Any]] = [Event(TurnBegan(seat, state.round))]
    if player.skip:
        player.skip = False
        state.phase = "roll"
        wn.push(state.windows, [Step("event"), Step("phase", "ability")])
        return events
    state.phase = "roll"
    return events


def end_turn(state: State, rng: Rng) -> list[Event[Any]]:
    """IGR-16: the next living player; after the round's last one the round marker advances (IGR-21),
    the game ends after its last round (IGR-24: round 24, or the last week of a shorter game, option
    ``weeks``) and a rent round starts with the rent (IGR-20)."""
    seat = state.active
    nxt = next_living(state, seat)
    n = state.seats
    if (nxt - state.first) % n <= (seat - state.first) % n:
        state.round += 1
        last = state.options.weeks
        if state.round > last:
            state.round = last
            return finish(state, "round_24" if last == ROUNDS else "last_week")
        if rent_round(state.round):
            state.active = nxt
            return start_rent(state, rng)
    return begin_turn(state, nxt, rng)


# ---- rent ---------------------------------------------------------------------------------------------
def start_rent(state: State, rng: Rng) -> list[Event[Any]]:
    """IGR-20, 37: before the first player's move; Lena may barter first."""
    lena = next((s for s, p in enumerate(state.players) if p.character == "lena" and not p.dead), None)
    state.offer = None
    if lena is not None and can_barter(state, lena):
        state.phase = "rent"
        return []
    return pay_rent(state, rng)


def pay_rent(state: State, rng: Rng) -> list[Event[Any]]:
    """IGR-20: every living player pays at once; current rent settled by Bartering or a release is not
    owed; overdue rent always is. Who cannot pay takes Debt, or with Debt becomes homeless."""
    state.phase = "rent"  # a death here ends no turn: the round's first turn starts after it
    rent = state.options.rent
    offer = state.offer
    bartered = {offer.source, *offer.accepted} if offer is not None and offer.kind == "barter" else set()
    events: list[Event[Any]] = []
    for seat in from_seat(state, state.active):
        player = state.players[seat]
        settled = ""
        if seat in bartered:
            settled = "barter"
        elif player.rent_release:
            player.rent_release -= 1
            settled = "release"
        owed = (0 if settled else rent) + (rent if player.debt else 0)
        if player.money >= owed:
            player.money -= owed
            player.debt = False
            events.append(Event(RentDue(seat, owed, owed, settled)))
        elif player.debt:
            events += [Event(RentDue(seat, owed, 0, settled)), *effects.die(state, seat, "homelessness")]
        else:
            player.debt = True
            events.append(Event(RentDue(seat, owed, 0, settled)))
    state.offer = None
    events += after_deaths(state, rng)
    if state.phase == "over":
        return events
    return events + begin_turn(state, from_seat(state, state.active)[0], rng)


# ---- the end ------------------------------------------------------------------------------------------
def after_deaths(state: State, rng: Rng) -> list[Event[Any]]:
    """IGR-25: a death ends the game unless ``continue_after_death``; then a sole survivor (or nobody)
    ends it. With play going on, a dead active player's turn is over."""
    dead = [p for p in state.players if p.dead]
    if not dead or state.phase == "over":
        return []
    alive = effects.living(state)
    if not state.options.continue_after_death or len(alive) <= 1:
        return finish(state, "death" if alive else "no_survivor")
    if state.players[state.active].dead and state.phase not in ("rent",):
        state.windows.stack, state.windows.queue = [], []
        state.contest, state.offer = None, None
        wn.push(state.windows, [Step("end_turn")])
    return []


def bank_full(state: State, seat: int) -> bool:
    player = state.players[seat]
    return player.bank_money >= BANK_CAP and player.bank_food >= BANK_CAP


def finish(state: State, reason: str, winner: int | None = None) -> list[Event[Any]]:
    """End the game now: pending windows and offers are dropped; the `game_end` event says ``reason``,
    the game's word (``dream_bank``, ``round_24``, ``last_week`` (a shorter game's last week), ``death``,
    ``no_survivor``)."""
    state.phase, state.reason, state.winner = "over", reason, winner
    state.windows.stack, state.windows.queue = [], []
    state.contest, state.offer = None, None
    return [Event(GameEnded.of(outcome(state), reason))]
