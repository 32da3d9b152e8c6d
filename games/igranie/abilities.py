"""The characters' Abilities (IGR-31…37): which uses are legal now, and what a use does once its
window has closed uncancelled.

Limits (IGR-36): one Ability per turn, each at most twice per game (once with
``abilities_once_per_game``) and at most once per month, only in its owner's turn — Bartering only in
the rent step (IGR-37). Every use opens a window in which a card may cancel it, except Tester's Power
(IGR-32 ruling) and Extraordinary Locksmith (IGR-34: cards cannot stop it). A cancelled use still counts
as used. One Tough Motherfucker protects against every Ability but Tester's Power (IGR-32).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from games.engine import Event, Rng, all_but, only
from games.engine import windows as wn
from games.igranie import cards, effects
from games.igranie.calendar import month
from games.igranie.events import Changed, Rolled
from games.igranie.model import AbilityPlay, Offer, State

Choice = dict[str, Any]

#: Abilities used in the Ability phase, by character (IGR-31…35); Bartering is the rent step's.
TURN_ABILITIES = {"mom", "cooks", "tester", "staff", "gm", "locksmith", "welfare", "tough", "nasty"}
#: IGR-33 ruling: Losing to the Game Master's first roll picks the kind of goods.
GM_KINDS = {1: "food", 2: "food", 3: "money", 4: "money", 5: "cards", 6: "cards"}
#: IGR-32, 34: uses no card can cancel.
UNCANCELLABLE = frozenset({"tester", "locksmith"})


def limit(state: State) -> int:
    return 1 if state.options.abilities_once_per_game else 2


def available(state: State, seat: int, ability: str) -> bool:
    """IGR-36's limits for one Ability (not its own conditions)."""
    player = state.players[seat]
    if player.dead or ability not in cards.CHARACTERS[player.character].abilities:
        return False
    used = player.uses.get(ability, 0)
    return used < limit(state) and player.used_month.get(ability, -1) != month(state.round)


def record(state: State, seat: int, ability: str) -> None:
    player = state.players[seat]
    player.uses[ability] = player.uses.get(ability, 0) + 1
    player.used_month[ability] = month(state.round)


def can_barter(state: State, seat: int) -> bool:
    """IGR-33: Lena may barter when she lacks the Money for her own current rent."""
    return available(state, seat, "barter") and state.players[seat].money < state.options.rent


def takeable(state: State, seat: int) -> bool:
    """IGR-35 One Tough Motherfucker: nothing can be taken from a protected Fiefiurka."""
    player = state.players[seat]
    return not player.dead and not player.tough


def others(state: State, seat: int) -> list[int]:
    return [s for s in effects.living(state) if s != seat]


def _gifts(state: State, seat: int) -> list[Choice]:
    """Cooks / Social Welfare: 4 Food for oneself, 1-4 each for none, one or two others."""
    out: list[Choice] = [{"seats": [], "amounts": []}]
    for group in (1, 2):
        for seats in combinations(others(state, seat), group):
            for amounts in _amounts(group):
                out.append({"seats": list(seats), "amounts": amounts})
    return out


def _amounts(group: int) -> list[list[int]]:
    if group == 1:
        return [[a] for a in range(1, 5)]
    return [[a, b] for a in range(1, 5) for b in range(1, 5)]


def _loot(state: State, seat: int) -> list[tuple[int, str]]:
    """One Nasty Motherfucker's possible goods: (victim, food / money / card / a Special card's id)."""
    items: list[tuple[int, str]] = []
    for victim in others(state, seat):
        p = state.players[victim]
        if not takeable(state, victim):
            continue
        items += [(victim, g) for g, n in (("food", p.food), ("money", p.money), ("card", len(p.hand))) if n]
        items += [(victim, c) for c in p.specials if c != cards.HIV]
    return items


def _nasty(state: State, seat: int) -> list[Choice]:
    items = _loot(state, seat)
    out: list[Choice] = [{"seats": [v], "goods": [g]} for v, g in items]
    for (v1, g1), (v2, g2) in combinations_with_replacement(items, 2):
        if (v1, g1) == (v2, g2) and (g1 in cards.SPECIALS or _amount(state, v1, g1) < 2):
            continue
        out.append({"seats": [v1, v2], "goods": [g1, g2]})
    return out


def _amount(state: State, seat: int, good: str) -> int:
    p = state.players[seat]
    return {"food": p.food, "money": p.money, "card": len(p.hand)}.get(good, 1)


def uses(state: State, seat: int) -> list[Choice]:
    """The legal ``use`` payloads of ``seat`` in its Ability phase (without ``kind``)."""
    player = state.players[seat]
    if state.turn.ability or player.dead:
        return []
    out: list[Choice] = []
    for ability in cards.CHARACTERS[player.character].abilities:
        if ability not in TURN_ABILITIES or not available(state, seat, ability):
            continue
        if ability in ("cooks", "welfare"):
            variants = _gifts(state, seat) if player.food == 0 else []
        elif ability == "tester":
            # IGR-32: no defence, not even Tough; the target discards from hand, so only a hand with a
            # card to lose is a target (a use on an empty hand would spend the Ability for nothing)
            variants = [{"seats": [t]} for t in others(state, seat) if state.players[t].hand]
        elif ability == "locksmith":
            variants = [
                {"seats": [t]} for t in others(state, seat) if takeable(state, t) and state.players[t].food
            ]
        elif ability == "staff":
            variants = [{"seats": list(g)} for n in (0, 1, 2) for g in combinations(others(state, seat), n)]
        elif ability == "nasty":
            variants = _nasty(state, seat)
        else:
            variants = [{}]
        out += [{"ability": ability, "seats": [], "amounts": [], "goods": [], **v} for v in variants]
    return out


def usable(state: State, seat: int) -> bool:
    return bool(uses(state, seat))


def barters(state: State, seat: int) -> list[Choice]:
    """IGR-33: Lena's rent offers: her own rent alone, or with one or two others for a price."""
    if not can_barter(state, seat):
        return []
    out: list[Choice] = [{"seats": [], "good": "food", "count": 0}]
    prices = [("food", 0)] + [(g, n) for g in ("food", "money", "cards") for n in (1, 2)]
    for group in (1, 2):
        for seats in combinations(others(state, seat), group):
            out += [{"seats": list(seats), "good": g, "count": n} for g, n in prices]
    return out


# ---- what a use does ------------------------------------------------------------------------------
def perform(state: State, seat: int, use: AbilityPlay, rng: Rng) -> list[Event[Any]]:
    """Carry out an uncancelled use (its window has closed)."""
    name = use.ability
    if name == "mom":
        n = rng.randint(1, 6)
        state.turn.split = n
        return [Event(Rolled(seat, "mom", [n]))]
    if name in ("cooks", "welfare"):
        events = effects.gain(state, seat, "food", 4, name)
        for target, amount in zip(use.seats, use.amounts, strict=True):
            events += effects.gain(state, target, "food", amount, name)
        return events
    if name == "tester":
        return effects.discard_random(state, use.seats[0], 2, rng, "tester")
    if name == "staff":
        n = rng.randint(1, 6)
        events = [Event(Rolled(seat, "staff", [n])), *effects.gain(state, seat, "money", n, "staff")]
        if use.seats:
            state.offer = Offer("staff", seat, list(use.seats))
            wn.open_window(state.windows, "once", use.seats, "staff", timer="offer", default="accept")
        return events
    if name == "gm":
        first, n = rng.randint(1, 6), rng.randint(1, 6)
        kind = GM_KINDS[first]
        events = [Event(Rolled(seat, "gm", [first, n]))]
        if kind == "cards":
            return events + effects.draw(state, seat, n, rng, "gm")
        return events + effects.gain(state, seat, kind, n, "gm")
    if name == "locksmith":
        return take(state, seat, use.seats[0], "food", rng, "locksmith")
    if name == "tough":
        state.players[seat].tough = True
        return [Event(Changed(seat, "tough", 1, "tough"))]
    if name == "nasty":
        events = []
        for victim, good in zip(use.seats, use.goods, strict=True):
            events += take(state, seat, victim, good, rng, "nasty")
        return events
    if name == "barter":
        state.offer = Offer("barter", seat, list(use.seats), good=use.goods[0], count=use.amounts[0])
        if use.seats:
            default = "accept" if use.amounts[0] == 0 else wn.PASS
            wn.open_window(state.windows, "once", use.seats, "barter", timer="offer", default=default)
        return []
    raise ValueError(f"unknown ability {name!r}")


def take(
    state: State, thief: int, victim: int, good: str, rng: Rng, reason: str, protect: bool = True
) -> list[Event[Any]]:
    """Move one good from ``victim`` to ``thief`` (Food onto the shelf: not a Fridge theft); a protected
    Fiefiurka loses nothing unless she agreed (``protect=False``: a trade or a barter price)."""
    if protect and not takeable(state, victim):
        return []
    src, dst = state.players[victim], state.players[thief]
    if good in ("food", "money"):
        if getattr(src, good) == 0:
            return []
        return [*effects.gain(state, victim, good, -1, reason), *effects.gain(state, thief, good, 1, reason)]
    if good == "card":
        if not src.hand:
            return []
        card = src.hand.pop(rng.below(len(src.hand)))
        dst.hand.append(card)
        seen = (thief, victim)
        return [
            Event(Changed(victim, "cards", -1, reason, [card]), only(*seen)),
            Event(Changed(thief, "cards", 1, reason, [card]), only(*seen)),
            Event(Changed(victim, "cards", -1, reason), all_but(*seen)),
            Event(Changed(thief, "cards", 1, reason), all_but(*seen)),
        ]
    if good in src.specials and good != cards.HIV:
        src.specials.remove(good)
        dst.specials.append(good)
        return [
            Event(Changed(victim, "special", -1, reason, [good])),
            Event(Changed(thief, "special", 1, reason, [good])),
        ]
    return []
