"""The end of the game and its ranking (IGR-23…25).

- A Dream Bank win (IGR-23): the winner ranks first, the others as IGR-24 ranks them.
- After round 24 or at a death (IGR-24, 25): among the living the largest deposited total; among ties,
  those without a Hunger or Debt marker first; then Money + Food held, Special cards (HIV not counted),
  Resourcefulness cards in hand; what is still tied shares the rank.
- The dead rank below every living character by order of death: a later death ranks higher, deaths in
  one step share a rank (ruling). Nobody alive: nobody wins (``no_survivor``).
"""

from __future__ import annotations

from games.engine import Outcome
from games.igranie import cards
from games.igranie.events import View
from games.igranie.model import State


def key(state: State, seat: int) -> tuple[int, ...]:
    """IGR-24's comparison for ``seat`` (higher is better); the dead by their death's step, below all."""
    p = state.players[seat]
    if p.dead:
        return (0, p.death)
    if state.winner == seat:
        return (2, 1)
    specials = len([c for c in p.specials if c != cards.HIV])
    clean = 0 if p.hunger or p.debt else 1
    return (1, p.bank_money + p.bank_food, clean, p.money + p.food, specials, len(p.hand))


def ranks(state: State) -> list[int]:
    """Rank per seat, 1 the best; equal keys share a rank."""
    keys = [key(state, s) for s in range(state.seats)]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def winners(state: State, order: list[int]) -> list[int]:
    """The seats ranked 1, unless nobody is alive (IGR-25 ruling: nobody wins)."""
    if all(p.dead for p in state.players):
        return []
    return [s for s, r in enumerate(order) if r == 1]


def outcome(state: State) -> Outcome:
    """The `Outcome` of a finished game: ``finished`` with the winners, ``no_survivor`` when nobody is
    left alive (IGR-25 ruling)."""
    order = ranks(state)
    won = winners(state, order)
    return Outcome(order, won, "finished" if won else "no_survivor")


def told(view: View) -> str:
    """The Dream Bank totals (Money + Food deposited, IGR-23, 24): the living largest first, then the
    dead with their cause (IGR-25); then how the game ended (``not yet`` before its end): ``Dream Bank:
    Ilona (seat 0) 14, Lena (seat 2) 9, Kuba (seat 1) 3 (died of cold); ended: round_24``."""
    banked = [p.bank_money + p.bank_food for p in view.players]
    order = sorted(range(view.seats), key=lambda s: (view.players[s].dead, -banked[s]))
    parts = []
    for seat in order:
        p = view.players[seat]
        who = f"{cards.CHARACTERS[p.character].name} (seat {seat})" if p.character else f"seat {seat}"
        parts.append(f"{who} {banked[seat]}" + (f" (died of {p.cause})" if p.dead else ""))
    return f"Dream Bank: {', '.join(parts)}; ended: {view.reason or 'not yet'}"
