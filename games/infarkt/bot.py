"""Infarkt's ``heuristic`` bot: keeps its tracks away from the grave, uses a medicine when its track is
in danger, cancels rising points with family tokens near the grave, and throws a party when its
unhealthy goods hurt the neighbours more than a meal would help itself. It plays to be the last alive,
not to reach the round limit: spare money buys goods to serve (a coin is worth little from `RICH`
coins), and it stops buying a kind of card at `HOARD` in hand, so the piles keep cards in play for
everyone (INF-17: a table of careful hoarders reached the guard in every game). A pure function of its
view."""

from __future__ import annotations

from typing import Any

from games.engine import Prompt, Rng
from games.infarkt.cards import CANCER, CARDS, GRAVE, OBESITY, TRACKS, action, deltas
from games.infarkt.events import View

#: Tracks that grow by themselves weigh more (INF-18): cancer, depression, and obesity only from 5.
WEIGHT = {
    "cholesterol": 1.0,
    "pressure": 1.2,
    "obesity": 0.4,
    "depression": 1.3,
    "diabetes": 1.0,
    "cancer": 2.0,
}
#: A medicine is used once its track reaches this value.
DANGER = 6
#: Money from which a coin is worth little: spent on goods to serve at parties.
RICH = 3
#: Cards of a kind (goods, medicines) held from which the bot buys no more.
HOARD = 6
#: What two goods are worth kept: a party must hurt the guests more than this.
PARTY_COST = 5.0


def danger(tracks: list[int]) -> float:
    """How close ``tracks`` are to the grave: steep near 10, cancer from its first point."""
    total = 0.0
    for t, v in enumerate(tracks):
        total += WEIGHT[TRACKS[t]] * (
            v * v + (30 if t == CANCER and v else 0) + (200 if v >= GRAVE and t != OBESITY else 0)
        )
    return total


def gain(tracks: list[int], change: list[int], money: int = 0) -> float:
    """The value to a player of ``change`` to its tracks and ``money``."""
    after = [min(GRAVE, max(0, v + d)) for v, d in zip(tracks, change, strict=True)]
    return danger(tracks) - danger(after) + 4.0 * money


def _card_gain(tracks: list[int], card: str) -> float:
    return gain(tracks, deltas(CARDS[card].effects), CARDS[card].money)


def _option_gain(view: View, seat: int, place: str, option: str) -> float:
    me = view.players[seat]
    if option == "none":
        return 0.0
    if option.startswith("seat_"):
        guest = view.players[int(option[5:])]
        return -gain(guest.tracks, [0, 0, 0, 0, 0, 1]) - 4 - gain(me.tracks, [0, 0, 0, 0, 0, 1]) * -1
    if place == "home":
        value = gain(me.tracks, [0, 0, 0, -1, 0, 0]) if option.startswith("rest") else 0.0
        goods = [c for c in me.cards if CARDS[c].kind == "goods"]
        if option.endswith("A"):
            value += max(0.0, sum(sorted((_card_gain(me.tracks, g) for g in goods), reverse=True)[:2]))
        if option.endswith("B"):
            value += _party_harm(view, seat, goods)
        return value
    if place in ("black_market",):
        return _card_gain(me.tracks, option) + 2 - 4
    key = "" if place in ("work", "career") else option
    if place in ("supermarket", "pharmacy", "market", "family"):
        need = {"supermarket": 3.0, "pharmacy": 12.0, "market": -1.0, "family": 5.0}[place]
        act = action(place, "" if place == "pharmacy" else option)
        coin = 4.0 if me.money < RICH else 1.0
        kind = "medicine" if place == "pharmacy" else "goods"
        if place in ("supermarket", "pharmacy") and sum(CARDS[c].kind == kind for c in me.cards) >= HOARD:
            need = 0.0  # enough in hand: what the piles keep, the others can buy
        price = coin * act.cost - 4 * act.money
        return need * max(1, act.cards) - price + gain(me.tracks, deltas(act.effects))
    act = action(place, key)
    money = act.money - act.cost + (me.career if place == "work" else 0)
    poor = 3.0 if me.money < 3 else 0.0
    return gain(me.tracks, deltas(act.effects), money) + poor * money


def _guests(view: View, seat: int) -> list[int]:
    """The party's guests (INF-15): the next and the previous living seat."""
    alive = [s for s in range(len(view.players)) if not view.players[s].died]
    i = alive.index(seat)
    return [g for g in dict.fromkeys([alive[(i + 1) % len(alive)], alive[i - 1]]) if g != seat]


def _harm(view: View, seat: int, card: str) -> float:
    """What serving ``card`` does to the guests (positive: it hurts them), a kill weighing most."""
    return sum(-_card_gain(view.players[g].tracks, card) for g in _guests(view, seat))


def _party_harm(view: View, seat: int, goods: list[str]) -> float:
    """The harm of the best pair of goods of different symbols, less the cards' worth to oneself."""
    best = 0.0
    for i, a in enumerate(goods):
        for b in goods[i + 1 :]:
            if CARDS[a].symbol != CARDS[b].symbol:
                best = max(best, _harm(view, seat, a) + _harm(view, seat, b) - PARTY_COST)
    return best


def _medicine(view: View, seat: int, prompt: Prompt) -> dict[str, Any] | None:
    me = view.players[seat]
    for choice in prompt.choices.get("medicine", []):
        card = CARDS[choice["card"]]
        if any(me.tracks[TRACKS.index(t)] >= (1 if t == "cancer" else DANGER) for t in card.effects):
            return {"kind": "medicine", **choice}
    return None


def heuristic(view: View, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """One action for the prompted seat (the view's own)."""
    seat = view.seat
    assert seat is not None
    used = _medicine(view, seat, prompt)
    if used is not None:
        return used
    if "family" in prompt.choices:
        return _family(view, seat, prompt)
    if "place" in prompt.choices:
        return {
            "kind": "place",
            **max(prompt.choices["place"], key=lambda c: _placement(view, seat, c["places"])),
        }
    if "choose" not in prompt.choices:
        return {"kind": "pass"}
    values = [c["value"] for c in prompt.choices["choose"]]
    return {"kind": "choose", "value": max(values, key=lambda v: _value(view, seat, v))}


def _family(view: View, seat: int, prompt: Prompt) -> dict[str, Any]:
    me = view.players[seat]

    def worth(cancel: list[int]) -> float:
        return sum(c * (me.tracks[t] + 2) ** 2 * WEIGHT[TRACKS[t]] for t, c in enumerate(cancel)) - 40 * sum(
            cancel
        )

    best = max(prompt.choices["family"], key=lambda c: worth(c["cancel"]))
    return {"kind": "family", **best} if worth(best["cancel"]) > 0 else {"kind": "pass"}


def _placement(view: View, seat: int, places: list[str]) -> float:
    me = view.players[seat]
    score = 0.0
    for place in places:
        options = {"work": [""], "career": [""], "home": ["rest"], "gym": ["A", "B"], "flirt": ["A", "B"]}
        if place in options:
            score += max(_option_gain(view, seat, place, o or place) for o in options[place])
        elif place == "pharmacy":
            score += 10.0 if me.money >= 2 else -5.0
        elif place == "supermarket":
            score += 3.0 if me.money >= 1 else -5.0
        elif place == "family":
            score += 4.0 if me.money >= 1 and me.family < 4 else -5.0
        else:
            score += 0.5 if me.money >= 1 else -5.0
    return score


def _value(view: View, seat: int, value: str) -> float:
    d = view.decision
    assert d is not None
    me = view.players[seat]
    if d.step in ("pick", "remove"):
        score = _card_gain(me.tracks, value)
        return -score if d.step == "remove" else score
    if d.step == "resolve":
        return ["work", "career", "supermarket", "black_market", "pharmacy", "market"].count(
            value
        ) * 10 - len(value)
    if d.step == "option":
        return _option_gain(view, seat, d.place, value)
    if d.step in ("spree", "give"):
        return -_card_gain(me.tracks, value)
    if d.step == "card" and d.option == "B":
        return _harm(view, seat, value)  # what it does to these guests, not to anyone
    if d.step == "serve":
        return -_card_gain([5] * 6, value)
    return _card_gain(me.tracks, value)
