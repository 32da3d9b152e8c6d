"""Infarkt's hidden information for the conformance suite's non-interference check: `redeal` deals
anew everything one viewer cannot see (INF: Hidden information)."""

from __future__ import annotations

from games.engine import Rng
from games.infarkt.model import State
from games.infarkt.places import legal_sets


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """``state`` (a copy) with the piles shuffled, another buyer's spree cards and another seat's
    afterlife preview swapped with their pile, and every other seat's pending placement replaced by a
    random legal one. Kept: the viewer's own spree, the top card it knows, its own preview."""
    _goods(state, seat, rng)
    rng.shuffle(state.medicines)
    if seat != state.afterlife and state.preview:
        pool = state.preview + state.events
        rng.shuffle(pool)
        state.preview, state.events = pool[: len(state.preview)], pool[len(state.preview) :]
    else:
        rng.shuffle(state.events)
    for other in list(state.placements.pending):
        if other != seat:
            state.placements.pending[other] = rng.choice(legal_sets(state, other))
    return state


def _goods(state: State, seat: int | None, rng: Rng) -> None:
    """The goods pile and a spree's cards: what the viewer knows stays in place."""
    buyer = state.decision.seat if state.decision and state.decision.step == "spree" else -1
    keep_top = seat is not None and seat in state.top_known_by and bool(state.goods)
    top = [state.goods.pop()] if keep_top else []
    free_spree = [] if seat == buyer or not state.spree else list(range(len(state.spree)))
    if seat is not None and seat in state.spree_knowers and state.spree_top in state.spree:
        free_spree = [i for i in free_spree if state.spree[i] != state.spree_top]
    top_slot = state.spree.index(state.spree_top) if state.spree_top in state.spree else -1
    pool = [state.spree[i] for i in free_spree] + state.goods
    rng.shuffle(pool)
    for i in free_spree:
        state.spree[i] = pool.pop()
    state.goods = pool + top
    if top_slot >= 0:
        state.spree_top = state.spree[top_slot]
