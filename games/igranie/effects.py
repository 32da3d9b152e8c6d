"""The effect vocabulary carried out on a `State` (Contents; IGR-10, 26, 28), and the bookkeeping every
effect needs: gains and losses, drawing and discarding Resourcefulness cards, markers, deaths.

A loss larger than the holding takes everything and no more (IGR-10). Every function returns its
events; a drawn card is named only to its new owner, unless it is a Special card (face up, IGR-26).
"""

from __future__ import annotations

from typing import Any

from games.engine import Event, Rng, all_but, only
from games.igranie import cards
from games.igranie.events import Changed, Died
from games.igranie.model import State


def living(state: State) -> list[int]:
    return [s for s, p in enumerate(state.players) if not p.dead]


def gain(state: State, seat: int, what: str, n: int, reason: str) -> list[Event[Any]]:
    """Add ``n`` (negative: take, at most what is held) of ``money`` or ``food`` (the shelf)."""
    player = state.players[seat]
    held = getattr(player, what)
    delta = max(n, -held)
    if delta == 0:
        return []
    setattr(player, what, held + delta)
    return [Event(Changed(seat, what, delta, reason))]


def refill(state: State, rng: Rng) -> bool:
    """IGR-28: an empty Resourcefulness deck takes its shuffled discard pile; whether a card is left."""
    if not state.res and state.res_discard:
        state.res, state.res_discard = state.res_discard, []
        rng.shuffle(state.res)
    return bool(state.res)


def draw(state: State, seat: int, n: int, rng: Rng, reason: str) -> list[Event[Any]]:
    """``seat`` draws ``n`` Resourcefulness cards; Special cards go face up (IGR-26)."""
    player = state.players[seat]
    got: list[str] = []
    for _ in range(n):
        if not refill(state, rng):
            break
        got.append(state.res.pop())
    if not got:
        return []
    special = [c for c in got if c in cards.SPECIALS]
    player.hand += [c for c in got if c not in cards.SPECIALS]
    player.specials += special
    return [
        Event(Changed(seat, "cards", len(got), reason, got), only(seat)),
        Event(Changed(seat, "cards", len(got), reason, special), all_but(seat)),
    ]


def discard_random(state: State, seat: int, n: int, rng: Rng, reason: str) -> list[Event[Any]]:
    """``seat`` discards ``n`` hand cards picked at random (face up to the discard pile)."""
    hand = state.players[seat].hand
    gone = [hand.pop(rng.below(len(hand))) for _ in range(min(n, len(hand)))]
    state.res_discard += gone
    return [Event(Changed(seat, "cards", -len(gone), reason, gone))] if gone else []


def discard(state: State, seat: int, card: str, reason: str) -> list[Event[Any]]:
    state.players[seat].hand.remove(card)
    state.res_discard.append(card)
    return [Event(Changed(seat, "cards", -1, reason, [card]))]


def hand_limit(state: State, seat: int) -> int:
    """IGR-15, 26: 7 cards in hand, 6 beside the HIV card."""
    return 6 if cards.HIV in state.players[seat].specials else 7


def mark(state: State, seat: int, what: str, reason: str) -> list[Event[Any]]:
    """Set a marker (``hunger``, ``skip``, ``rent_release``); one already set is not set again (a
    release is from "your next rent": a second one before that rent adds nothing)."""
    player = state.players[seat]
    if getattr(player, what):
        return []
    setattr(player, what, 1 if what == "rent_release" else True)
    if what == "hunger":
        player.hunger_turn = player.turns
    return [Event(Changed(seat, what, 1, reason))]


def die(state: State, seat: int, cause: str) -> list[Event[Any]]:
    """IGR-25: ``seat`` dies (``starvation``, ``homelessness``, ``cold``); its figure leaves the board.
    Ending the game or the turn is the caller's business (`games.igranie.flow.after_death`)."""
    player = state.players[seat]
    if player.dead:
        return []
    player.dead, player.space, player.cause, player.death = True, None, cause, state.serial
    return [Event(Died(seat, cause))]
