"""What each seat sees, and the hooks of the conformance suite: hidden ids, the re-deal of what a seat
cannot see, and the invariants (IGR Hidden information)."""

from __future__ import annotations

from typing import Any

from games.engine import Rng, contests
from games.igranie import cards
from games.igranie.calendar import month
from games.igranie.events import PlayerView, View
from games.igranie.model import State
from games.igranie.plays import contest_delta


def view(state: State, seat: int | None) -> View:
    players = [
        PlayerView(
            p.character,
            p.food,
            p.money,
            len(p.hand),
            list(p.specials),
            p.space,
            p.next_loop,
            p.enter,
            p.skip,
            p.hunger,
            p.debt,
            p.rent_release,
            p.bank_money,
            p.bank_food,
            dict(p.uses),
            dict(p.used_month),
            p.tough,
            p.dead,
            p.cause,
        )
        for p in state.players
    ]
    return View(
        phase=state.phase,
        seats=state.seats,
        round=state.round,
        month=month(state.round) + 1,
        first=state.first,
        active=state.active,
        players=players,
        hand=list(state.players[seat].hand) if seat is not None else None,
        decks={"work": len(state.work), "chillout": len(state.chillout), "res": len(state.res)},
        work_discard=list(state.work_discard),
        chillout_discard=list(state.chillout_discard),
        res_discard=list(state.res_discard),
        windows=list(state.windows.stack),
        contest=state.contest,
        offer=state.offer,
        turn=state.turn,
        rent=state.options.rent,
        weeks=state.options.weeks,
        winner=state.winner,
        reason=state.reason,
        contest_totals=contest_totals(state),
    )


def contest_totals(state: State) -> list[int]:
    """IGR-18: the open contest's totals now (attacker's first), as its window would settle if it closed
    now: the dice plus the modifiers of the plays that stand; ``[]`` before the dice are rolled."""
    contest = state.contest
    if contest is None or not contest.dice:
        return []
    window = next((w for w in reversed(state.windows.stack) if w.purpose == "contest"), None)
    if window is None:
        return list(contest.dice)
    return contests.totals_as_played(window.plays, contest.dice, contest_delta)[-1]


def hidden(state: State, seat: int | None) -> set[str]:
    """The three decks and every hand but ``seat``'s own."""
    others = {c for s, p in enumerate(state.players) if s != seat for c in p.hand}
    return others | set(state.res) | set(state.work) | set(state.chillout)


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """``state`` (a copy) with the other hands and the Resourcefulness deck dealt anew from their pooled
    ordinary cards (same sizes; Special cards stay in the deck, as their owners are public), both
    Event decks shuffled, and the others' held plays of a round of asking dropped (IGR-30)."""
    others = [s for s in range(state.seats) if s != seat]
    # what the others sent in this round of asking is theirs until it is taken: unseen, it may be a pass
    state.windows.held = [p for p in state.windows.held if p.seat == seat]
    pool = [c for s in others for c in state.players[s].hand] + [
        c for c in state.res if c not in cards.SPECIALS
    ]
    specials_left = [c for c in state.res if c in cards.SPECIALS]
    rng.shuffle(pool)
    for s in others:
        size = len(state.players[s].hand)
        state.players[s].hand, pool = pool[:size], pool[size:]
    state.res = pool + specials_left
    rng.shuffle(state.res)
    rng.shuffle(state.work)
    rng.shuffle(state.chillout)
    return state


def invariants(game: Any, state: State) -> list[str]:
    """Cards conserved in every deck; Special cards never in a hand; Money, Food and Dream Banks within
    the rules; one HIV card at most; someone can act while the game goes on."""
    broken: list[str] = []
    removed = set(state.options.removed_cards)
    held = [c for p in state.players for c in p.hand + p.specials if c != cards.HIV]
    res = sorted(state.res + state.res_discard + held)
    if res != sorted(c for c in cards.DECK if c not in removed):
        broken.append(
            "the Resourcefulness cards are not each exactly once in deck, discard, hands and tables"
        )
    for name, ids in (("work", cards.WORK), ("chillout", cards.CHILLOUT)):
        pile = getattr(state, name) + getattr(state, f"{name}_discard")
        if sorted(pile) != sorted(c for c in ids if c not in removed):
            broken.append(f"the {name} deck's cards are not conserved")
    for s, p in enumerate(state.players):
        if any(c in cards.SPECIALS for c in p.hand):
            broken.append(f"seat {s} holds a Special card in hand")
        if min(p.money, p.food) < 0 or not (0 <= p.bank_money <= 15 and 0 <= p.bank_food <= 15):
            broken.append(f"seat {s} has a negative holding or a Dream Bank track beyond 15")
        if p.dead != (p.space is None):
            broken.append(f"seat {s}'s figure and death disagree")
    if sum(cards.HIV in p.specials for p in state.players) > 1:
        broken.append("more than one HIV card")
    if state.phase != "over" and not game.prompts(state):
        broken.append("nobody can act but the game goes on")
    return broken
