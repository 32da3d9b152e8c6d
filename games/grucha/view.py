"""What each seat sees of a Grucha table and what it cannot (GRU-13 and the README's "Hidden
information"): the view, the hidden cards, a redeal of them, and the invariants the conformance suite
checks at every step."""

from __future__ import annotations

from games.engine import Rng
from games.grucha import rules
from games.grucha.cards import deck, sort_key
from games.grucha.events import View
from games.grucha.melds import MeldError, read
from games.grucha.model import State


def view(state: State, seat: int | None) -> View:
    """The table, scores and turn are public; a seat sees its own hand, and every hand's size; once
    a round has ended every hand is public (``revealed``, GRU-13)."""
    o = state.options
    return View(
        phase=state.phase,
        seats=state.seats,
        seat=seat,
        round=state.round,
        dealer=state.dealer,
        active=state.active,
        to_act=state.active if state.phase == "play" else None,
        hand=list(state.hands[seat]) if seat is not None else [],
        hand_sizes=[len(h) for h in state.hands],
        stock_count=len(state.stock),
        table=list(state.table),
        drew=state.drew,
        added=state.added,
        passes=state.passes,
        opened=list(state.opened),
        totals=list(state.totals),
        ranks=rules.standings(state.totals),
        history=[list(r) for r in state.history],
        rounds=o.rounds,
        point_limit=o.limit,
        time_limit_minutes=o.time_limit_minutes,
        started=state.started,
        opening_min_points=o.opening_min_points,
        jokers_must_be_minority=o.jokers_must_be_minority,
        end_reason=state.end_reason,
        revealed=[list(h) for h in state.hands] if state.phase != "play" else [],
        ready=list(state.ready),
    )


def hidden(state: State, seat: int | None) -> set[str]:
    """The stock and every hand but ``seat``'s (all hands for a spectator) while a round is played;
    the stock alone once it has ended (every hand revealed, GRU-13)."""
    if state.phase != "play":
        return set(state.stock)
    others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
    return others | set(state.stock)


def redeal(new: State, seat: int | None, rng: Rng) -> State:
    """``new`` (a copy of the state) with the other hands and the stock dealt anew from their pooled
    cards (same counts); only the stock once the round has ended (the hands are public)."""
    others = [s for s in range(new.seats) if s != seat and new.phase == "play"]
    pool = [c for s in others for c in new.hands[s]] + new.stock
    rng.shuffle(pool)
    for s in others:
        size = len(new.hands[s])
        new.hands[s], pool = sorted(pool[:size], key=sort_key), pool[size:]
    new.stock = pool
    return new


def invariants(state: State) -> list[str]:
    """Every card of the decks exactly once in the hands, the stock and the table; every table group
    valid with the meanings shown; hands in hand order; scores and seats in range."""
    broken: list[str] = []
    everywhere = [c for h in state.hands for c in h] + state.stock + [c for g in state.table for c in g.cards]
    if sorted(everywhere) != sorted(deck(state.options.jokers_per_deck)):
        broken.append("the cards of both decks are not each exactly once in hands, stock and table")
    for index, group in enumerate(state.table):
        try:
            meld = read(group.cards, group.jokers, state.options.jokers_must_be_minority)
        except MeldError as exc:
            broken.append(f"table group {index} is invalid: {exc.reason}")
            continue
        if list(meld.cards) != group.cards or meld.jokers != group.jokers or meld.kind != group.kind:
            broken.append(f"table group {index} is not in canonical order with its meanings")
    if any(h != sorted(h, key=sort_key) for h in state.hands):
        broken.append("a hand is not in hand order")
    if len(state.totals) != state.seats or not 0 <= state.active < state.seats:
        broken.append("totals or the active seat out of range")
    return broken
