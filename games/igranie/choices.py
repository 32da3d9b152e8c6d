"""Who may act now and the finite list of everything they may do (every kind lists its choices).

The active player's prompts of every phase also offer the own-turn special actions of its cards
(IGR-29). Window prompts come from `games.engine.windows.prompts` with `window_choices`; every living
seat is prompted in every window, so no prompt shows what another seat holds.
"""

from __future__ import annotations

from typing import Any

from games.engine import Prompt
from games.engine import windows as wn
from games.igranie import abilities, board, calendar, cards, flow
from games.igranie.model import CardPlay, EventPlay, LoopPlay, Payload, State
from games.igranie.plays import can_eat, loop_entry, old_hunger

Choices = dict[str, list[dict[str, Any]]]

#: Timer class and timeout default of each prompt phase (README "Prompts, timers and defaults").
PHASE_PROMPTS: dict[str, tuple[str, str]] = {
    "choose": ("setup", "first_free"),
    "first_loop": ("setup", "chillout"),
    "roll": ("turn", "roll"),
    "forest": ("turn", "no_extra"),
    "ability": ("turn", "done"),
    "split": ("turn", "even"),
    "shop": ("turn", "done"),
    "food": ("turn", "eat_or_nag"),
    "bank": ("turn", "done"),
    "discard": ("turn", "last_card"),
    "pick": ("discard", "first_slot"),
    "rent": ("rent", "done"),
}
STEAL_GOOD = {"steal_money": "money", "steal_food": "food", "steal_card": "hand"}
#: Own-turn card actions (IGR-29); the others are played in windows.
TURN_OPS = {"money", "food", "cards", "rent_release", *STEAL_GOOD}


def to_act(state: State) -> int | None:
    """The seat of the current phase prompt (none while a window accepts plays or once over)."""
    if state.phase == "over" or wn.accepting(state.windows) is not None or state.windows.queue:
        return None
    if state.phase == "choose":
        order = flow.from_seat(state, state.first)
        return next(s for s in order if not state.players[s].character)
    if state.phase == "first_loop":
        return next(s for s, p in enumerate(state.players) if p.character == "fiefiurka")
    if state.phase == "pick":
        return flow.next_living(state, state.active)
    if state.phase == "rent":
        return next(s for s, p in enumerate(state.players) if p.character == "lena" and not p.dead)
    return state.active


def specials(state: State, seat: int) -> list[dict[str, Any]]:
    """IGR-29: ``special`` payloads of ``seat``'s hand (a steal names the player it takes from; a rent
    release only while the seat holds none)."""
    out: list[dict[str, Any]] = []
    player = state.players[seat]
    for card in distinct(player.hand):  # IGR-28: two Pickpockets held give one play per target
        op = cards.RES[card].action.op
        if op == "rent_release" and player.rent_release:
            continue  # a held release already covers the next rent
        if op in STEAL_GOOD:
            good = STEAL_GOOD[op]
            for t in abilities.others(state, seat):
                p = state.players[t]
                held = len(p.hand) if good == "hand" else getattr(p, good)
                if held and abilities.takeable(state, t):
                    out.append({"card": card, "seat": t})
        elif op in TURN_OPS:
            out.append({"card": card, "seat": None})
    return out


def _split(n: int) -> list[dict[str, Any]]:
    return [{"food": f, "money": m, "cards": n - f - m} for f in range(n + 1) for m in range(n + 1 - f)]


def _shop(state: State, seat: int) -> Choices:
    """IGR-12: Food in Chillout, cards in Work, both on Start; IGR-27: Special card offers."""
    player = state.players[seat]
    side = board.side_of(player.space or board.START)
    goods = [g for g, ok in (("food", side != "work"), ("cards", side != "chillout")) if ok]
    buys = [{"good": g, "count": n} for g in goods for n in range(1, player.money + 1)]
    offers: list[dict[str, Any]] = []
    if state.turn.offers < 2:
        for card in [c for c in player.specials if c != cards.HIV]:
            for to in abilities.others(state, seat):
                buyer = state.players[to]
                prices = [("food", n) for n in (1, 2, 3)] + [("money", n) for n in (1, 2, 3)]
                prices += [("cards", n) for n in (1, 2)]
                offers += [{"card": card, "to": to, "good": g, "count": n} for g, n in prices]
                offers += [
                    {"card": card, "to": to, "good": c, "count": 0} for c in buyer.specials if c != cards.HIV
                ]
    return {"buy": buys, "offer": offers, "done": [{}]}


def _food(state: State, seat: int) -> Choices:
    """IGR-17…19, 34: eat (2 to lose a Hunger marker from an earlier turn), a theft (once a round),
    nothing (only with nothing to eat), the Scrawny Nag's skip in a first-week round."""
    player = state.players[seat]
    eat = [{"count": 1}] if can_eat(state, seat) else []
    if eat and old_hunger(state, seat) and player.food >= 2:
        eat.append({"count": 2})
    steal = []
    if player.stole_round != state.round:
        steal = [
            {"target": t}
            for t in abilities.others(state, seat)
            if state.players[t].food and abilities.takeable(state, t)
        ]
    out: Choices = {"eat": eat, "steal": steal, "starve": [] if eat else [{}]}
    if player.character == "stefan" and calendar.first_week(state.round):
        out["nag"] = [{}]
    return out


def _bank(state: State, seat: int) -> Choices:
    player = state.players[seat]
    room = {"money": calendar.BANK_CAP - player.bank_money, "food": calendar.BANK_CAP - player.bank_food}
    held = {"money": player.money, "food": player.food}
    deposits = [
        {"good": g, "count": n} for g in ("money", "food") for n in range(1, min(room[g], held[g]) + 1)
    ]
    return {"deposit": deposits, "done": [{}]}


def phase_choices(state: State, seat: int) -> Choices:
    """The choices of the current phase's prompt for ``seat`` (= `to_act`)."""
    phase = state.phase
    player = state.players[seat]
    if phase == "choose":
        taken = {p.character for p in state.players}
        return {"choose": [{"character": c} for c in cards.CHARACTER_IDS if c not in taken]}
    if phase == "first_loop":
        return {"first_loop": [{"loop": "chillout"}, {"loop": "work"}]}
    if phase == "pick":
        return {"pick": [{"slot": i} for i in range(len(state.players[state.active].hand))]}
    if phase == "rent":
        return {"barter": abilities.barters(state, seat), "done": [{}]}
    out: Choices
    if phase == "split":
        out = {"split": _split(state.turn.split)}
    elif phase == "roll":
        out = {"roll": [{}]}
    elif phase == "forest":
        out = {"forest": [{"extra": 0}, {"extra": 1}]}
    elif phase == "ability":
        out = {"use": abilities.uses(state, seat), "done": [{}]}
    elif phase == "shop":
        out = _shop(state, seat)
    elif phase == "food":
        out = _food(state, seat)
    elif phase == "bank":
        out = _bank(state, seat)
    else:
        out = {"discard": [{"card": c} for c in distinct(player.hand)]}
    out["special"] = specials(state, seat)
    return {k: v for k, v in out.items() if v}


def targets(window: wn.Window[Payload], seat: int, card: str) -> list[int]:
    """IGR-28, 30: the plays ``seat`` may cancel with ``card``: a cancellable card or Ability use of
    another seat; with a ``cancel_event`` card also the Event card or loop effect just drawn (one drawn
    for itself too). Shape: play ids in play order."""
    drawn = cards.RES[card].action.op == "cancel_event"
    return [
        p.id
        for p in window.plays
        if p.cancellable and (drawn if isinstance(p.payload, EventPlay | LoopPlay) else p.seat != seat)
    ]


def _kind(card: str) -> tuple[str, int, object]:
    row = cards.RES[card]
    return row.name, row.modifier, row.action


def distinct(hand: list[str]) -> list[str]:
    """IGR-28: one card of each kind in ``hand`` (the first copy held of each): copies of a card do the
    same, so a window offers each play once, not once per copy (two Denials held give one "cancel play 3
    with Denial"). Shape: card ids in hand order."""
    kinds: dict[tuple[str, int, object], str] = {}
    for card in hand:
        kinds.setdefault(_kind(card), card)
    return list(kinds.values())


def first_copy(hand: list[str], card: str) -> str:
    """The copy of ``card`` a window lists (`distinct`): the first held of its kind; ``card`` itself when
    it is not held (refused later as not held). A play naming another copy held is the same play, so
    which copy a hand lists first never decides whether an action is taken."""
    if card not in hand:
        return card
    return next(c for c in hand if _kind(c) == _kind(card))


def window_choices(state: State, window: wn.Window[Payload], seat: int) -> wn.Choices:
    """``seat``'s legal plays in ``window``, by kind (without ``pass``)."""
    player = state.players[seat]
    if window.mode == "once":
        return _answer(state, window, seat)
    hand = distinct(player.hand)
    out: wn.Choices = {}
    if window.purpose in ("move", "contest"):
        sides = (0,) if window.purpose == "move" else (0, 1)
        out["modify"] = [{"card": c, "side": s} for c in hand for s in sides]
    out["cancel"] = [
        {"card": c, "target": t}
        for c in hand
        if cards.RES[c].action.op in cards.CANCEL_OPS
        for t in targets(window, seat, c)
    ]
    if window.purpose == "loop" and _reversible(state, window):
        out["reverse"] = [{"card": c} for c in hand if cards.RES[c].action.op == "reverse"]
    return out


def _reversible(state: State, window: wn.Window[Payload]) -> bool:
    opening = window.plays[0].payload
    if not isinstance(opening, LoopPlay) or state.turn.reversed:
        return False
    if any(isinstance(p.payload, CardPlay) and p.payload.use == "reverse" for p in window.plays):
        return False
    return loop_entry(state, opening.loop, opening.result).turns_into is not None


def _answer(state: State, window: wn.Window[Payload], seat: int) -> wn.Choices:
    """Once windows: the defender's give-up (IGR-18), Staff, Bartering and trades (accept when the price
    can be paid)."""
    if window.purpose == "defend":
        return {"give_up": [{}]}
    offer = state.offer
    if offer is None:
        return {}
    player = state.players[seat]
    if window.purpose == "staff":
        return {"accept": [{}]}
    if offer.good in cards.SPECIALS:
        payable = offer.good in player.specials
    else:
        held = {"food": player.food, "money": player.money, "cards": len(player.hand)}[offer.good]
        payable = held >= offer.count
    return {"accept": [{}] if payable else []}


def _cancel_listed(state: State, window: wn.Window[Payload], seat: int, prompt: Prompt) -> None:
    """A seat holding a cancel with nothing it may target sees ``cancel`` offered with no choice, so a
    cancel it sends anyway (at Tester's Power, Extraordinary Locksmith, or an Event card with a card that
    cannot cancel one) is refused ``window/no_target`` rather than not offered."""
    holds = any(cards.RES[c].action.op in cards.CANCEL_OPS for c in state.players[seat].hand)
    if window.mode != "once" and holds and "cancel" not in prompt.kinds:
        prompt.kinds.append("cancel")
        prompt.choices["cancel"] = []


def prompts(state: State) -> dict[int, Prompt]:
    if state.phase == "over":
        return {}
    window = wn.accepting(state.windows)
    if window is not None:
        found = wn.prompts(state.windows, lambda w, s: window_choices(state, w, s))
        for responder, prompt in found.items():
            _cancel_listed(state, window, responder, prompt)
        return found
    seat = to_act(state)
    if seat is None:
        return {}
    listed = phase_choices(state, seat)
    timer, default = PHASE_PROMPTS[state.phase]
    return {seat: Prompt(f"{state.phase}/{state.serial}", list(listed), timer, default, listed)}
