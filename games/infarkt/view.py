"""What a seat sees of Infarkt and what it may not (INF-2, INF-8, INF-12, INF-27; README, "Hidden
information"): the view, the hidden ids, `redeal` for the conformance suite's non-interference check,
and the invariants it checks at every step."""

from __future__ import annotations

import msgspec

from games.engine import Rng
from games.engine import commitments as cm
from games.infarkt.cards import CARDS
from games.infarkt.events import View
from games.infarkt.model import Player, State
from games.infarkt.places import legal_sets


def view(state: State, seat: int | None) -> View:
    """Everything public, and of the hidden things only this seat's own."""
    buyer = state.decision.seat if state.decision and state.decision.step == "spree" else -1
    knows_top = seat is not None and seat in state.top_known_by and bool(state.goods)
    return View(
        seat=seat,
        phase=state.phase,
        round=state.round,
        round_limit=state.options.round_limit,
        start=state.start,
        places=list(state.places),
        players=[_copy(p) for p in state.players],
        offer=list(state.offer),
        market=list(state.market),
        black_market=list(state.black_market),
        set_aside=list(state.set_aside),
        goods_count=len(state.goods),
        medicines_count=len(state.medicines),
        events_count=len(state.events),
        goods_discard=list(state.goods_discard),
        medicines_discard=list(state.medicines_discard),
        events_discard=list(state.events_discard),
        family_supply=state.family_supply,
        career_supply=state.career_supply,
        placements=cm.view(state.placements, seat),
        windows=list(state.windows.stack),
        top_known_by=list(state.top_known_by),
        spree_count=len(state.spree),
        preview_count=len(state.preview),
        afterlife=state.afterlife,
        decision=state.decision,
        goods_top=state.goods[-1] if knows_top else None,
        spree=list(state.spree) if seat is not None and seat == buyer else None,
        preview=list(state.preview) if seat is not None and seat == state.afterlife else None,
    )


def _copy(player: Player) -> Player:
    """A player whose lists are its own, so a view never shares them with the state."""
    return msgspec.structs.replace(
        player,
        tracks=list(player.tracks),
        cards=list(player.cards),
        diary=list(player.diary),
        figures=list(player.figures),
    )


def hidden(state: State, seat: int | None) -> set[str]:
    """The piles' cards; a spree's cards but to their buyer; the returned top card but to those who
    know it; the afterlife preview but to its player (INF: Hidden information)."""
    ids = set(state.goods) | set(state.medicines) | set(state.events)
    if seat is not None and seat in state.top_known_by and state.goods:
        ids.discard(state.goods[-1])
    buyer = state.decision.seat if state.decision and state.decision.step == "spree" else -1
    if seat != buyer:
        ids |= set(state.spree)
    if seat != state.afterlife:
        ids |= set(state.preview)
    return ids


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


def invariants(state: State) -> list[str]:
    """Cards conserved (154, each once), tracks in 0..10, the dead holding nothing, tokens within
    their supplies and limits."""
    broken: list[str] = []
    held = [c for p in state.players for c in (*p.cards, *p.diary)]
    piles = (
        state.goods
        + state.goods_discard
        + state.medicines
        + state.medicines_discard
        + state.events
        + state.events_discard
        + state.set_aside
        + state.offer
        + state.market
        + state.black_market
        + state.spree
        + state.preview
    )
    if sorted(held + piles) != sorted(CARDS):
        broken.append("the 154 cards are not each exactly once in piles, offers and hands")
    for seat, p in enumerate(state.players):
        if any(not 0 <= v <= 10 for v in p.tracks) or p.money < 0:
            broken.append(f"seat {seat}: a track outside 0..10 or negative money")
        if p.died and (p.cards or p.figures or p.money):
            broken.append(f"seat {seat}: dead but holding cards, figures or money")
        if not (0 <= p.family <= 4 and 0 <= p.career <= 4):
            broken.append(f"seat {seat}: more than 4 tokens of a kind")
    if state.family_supply + sum(p.family for p in state.players) != 12:
        broken.append("family tokens are not conserved")
    if state.career_supply + sum(p.career for p in state.players) != 13:
        broken.append("career tokens are not conserved")
    return broken
