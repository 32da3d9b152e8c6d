"""A heuristic bot for iGranie z Gruzem: a pure policy ``(view, prompt, rng) -> action`` in wire form.

It sees only its seat's `View`. It survives first (eats, keeps the rent, steals when its shelf is empty),
then saves: it buys Food in Chillout to keep a reserve, deposits what exceeds the reserve for the next
rent and meals into the Dream Bank, keeps a rent release for a rent it could not pay, barters only for
those who could not pay, turns its own negative loop effects positive, plays its modifiers on its own
rolls and contests, cancels plays aimed at it and keeps its cancels otherwise, and never wastes a card on
another's movement.
"""

from __future__ import annotations

from typing import Any

from games.engine import Prompt, Rng
from games.igranie import cards
from games.igranie.events import View

#: Food kept on the shelf before depositing (meals until the next rent round and a spare).
FOOD_RESERVE = 6
#: Below this much Food the bot buys it even out of its rent money.
HUNGRY_SHELF = 3
#: Money kept beyond the rent against Event losses.
MONEY_MARGIN = 3
#: Abilities in order of preference when several are usable.
PREFERENCE = ["cooks", "welfare", "staff", "mom", "gm", "locksmith", "nasty", "tester", "tough"]


def _money_reserve(view: View) -> int:
    """Money to keep for the next rent (double with Debt), less a release."""
    player = view.players[view.active]
    rent = view.rent * (2 if player.debt else 1) - (view.rent if player.rent_release else 0)
    weeks_left = (4 - (view.round - 1) % 4) % 4  # turns of this seat before the next rent round
    return rent + MONEY_MARGIN + (view.rent if weeks_left <= 1 else 0)


def _window(view: View, prompt: Prompt, me: int) -> dict[str, Any]:
    c = prompt.choices
    if "accept" in c:
        return {"kind": "accept"}
    if "give_up" in c:
        return {"kind": "pass"}
    window = view.windows[-1]
    contest = view.contest
    if "cancel" in c:
        for choice in c["cancel"]:
            target = next(p for p in window.plays if p.id == choice["target"])
            if _hurts(view, target, me):
                return {"kind": "cancel", **choice}
    if c.get("reverse") and view.active == me:
        return {"kind": "reverse", **c["reverse"][0]}  # offered only for a negative loop effect
    if (
        "modify" in c
        and window.purpose == "contest"
        and contest is not None
        and me in (contest.attacker, contest.defender)
    ):
        side = 0 if me == contest.attacker else 1
        mine = [x for x in c["modify"] if x["side"] == side and cards.RES[x["card"]].modifier > 0]
        if mine and _behind(view, window, side):
            return {"kind": "modify", **max(mine, key=lambda x: cards.RES[x["card"]].modifier)}
    return {"kind": "pass"}


def _behind(view: View, window: Any, side: int) -> bool:
    contest = view.contest
    assert contest is not None
    totals = list(contest.dice)
    for p in window.plays:
        pay = p.payload
        if getattr(pay, "use", "") == "modify" and not p.cancelled:
            totals[pay.side] += cards.RES[pay.card].modifier
    return totals[side] <= totals[1 - side]


def _hurts(view: View, play: Any, me: int) -> bool:
    """A play worth a cancel: an attack on this seat, or a bad Event card or loop effect of its own."""
    pay = play.payload
    kind = type(pay).__name__
    if kind == "EventPlay" and view.active == me:
        card = cards.EVENTS[pay.card]
        steps = card.variants.get(view.players[me].character, card.effects)
        return sum(_worth(s) for s in steps) < -1
    if kind == "AbilityPlay" and me in pay.seats and pay.ability in ("tester", "locksmith", "nasty"):
        return True
    return bool(kind == "SpecialPlay" and pay.seat == me)


def _worth(step: cards.Effect) -> int:
    if step.op in ("money", "food", "cards"):
        return step.n
    if step.op in ("hiv", "cold"):
        return -5
    if step.op in ("skip", "hunger"):
        return -2
    return 0


def heuristic(view: View, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """The heuristic's action for ``prompt``."""
    c = prompt.choices
    if "pass" in c:
        return _window(view, prompt, _seat_in_window(view, prompt))
    me = view.active
    if "choose" in c:
        return {"kind": "choose", **c["choose"][0]}
    if "first_loop" in c:
        return {"kind": "first_loop", "loop": "work"}
    if "barter" in c:
        return {"kind": "barter", **_barter(view, c["barter"])}
    player = view.players[me]
    special = _special(view, c.get("special", []))
    if special is not None:
        return special
    if "roll" in c:
        return {"kind": "roll"}
    if "forest" in c:
        return {"kind": "forest", "extra": 1}
    if "use" in c:
        return _ability(c["use"])
    if "split" in c:
        return {"kind": "split", **_split(view, c["split"])}
    if "buy" in c and view.phase == "shop":
        return _shop(view, c)
    if "eat" in c or "starve" in c or "steal" in c or "nag" in c:
        return _food(view, c)
    if "deposit" in c:
        return _deposit(view, c, player)
    if "discard" in c:
        weakest = min(c["discard"], key=lambda x: abs(cards.RES[x["card"]].modifier))
        return {"kind": "discard", **weakest}
    if "pick" in c:
        return {"kind": "pick", **c["pick"][0]}
    return {"kind": "done"} if "done" in c else {"kind": prompt.kinds[0], **c[prompt.kinds[0]][0]}


def _special(view: View, offered: list[dict[str, Any]]) -> dict[str, Any] | None:
    """An own-turn card action worth more than the card's modifier: gains, steals from the richest, a
    rent release when the rent could not be paid; cancels and reverses stay in the hand."""
    best: tuple[int, dict[str, Any]] | None = None
    for choice in offered:
        action = cards.RES[choice["card"]].action
        if action.op == "rent_release" and not _short_of_rent(view):
            continue
        if action.op.startswith("steal_"):
            victim = view.players[choice["seat"]]
            score = victim.money + victim.food + victim.hand_size
        else:
            score = 5
        if best is None or score > best[0]:
            best = (score, choice)
    return None if best is None else {"kind": "special", **best[1]}


def _short_of_rent(view: View) -> bool:
    """A rent release is kept for need: played in the last week before a rent round (IGR-20, 21) when
    the Money held does not cover the rent due (double with Debt)."""
    player = view.players[view.active]
    due = view.rent * (2 if player.debt else 1)
    return view.round % 4 == 0 and player.money < due


def _barter(view: View, offers: list[dict[str, Any]]) -> dict[str, Any]:
    """Lena's rent deal (IGR-33): for nothing, her own rent and that of those who could not pay all they
    owe (double with Debt: the current half settled saves them); those who can pay are left to pay."""
    poor = {s for s, p in enumerate(view.players) if not p.dead and p.money < view.rent * (1 + p.debt)}
    free = [x for x in offers if x["count"] == 0 and set(x["seats"]) <= poor]
    return max(free, key=lambda x: len(x["seats"]))


def _seat_in_window(view: View, prompt: Prompt) -> int:
    """A window prompt's id ends with the seat it is for (`games.engine.windows.prompt_id`)."""
    return int(prompt.id.rsplit("/", 1)[1])


def _ability(uses: list[dict[str, Any]]) -> dict[str, Any]:
    best = min(uses, key=lambda u: PREFERENCE.index(u["ability"]))
    if best["ability"] in ("cooks", "welfare"):
        best = next(u for u in uses if u["ability"] == best["ability"] and not u["seats"])
    if best["ability"] == "nasty":
        # two goods, Money first (rent kills more often than hunger), a Special card next
        worth = {"money": 3, "food": 2, "card": 1}
        best = max(
            (u for u in uses if u["ability"] == "nasty"),
            key=lambda u: sum(worth.get(g, 2) for g in u["goods"]),
        )
    return {"kind": "use", **best}


def _split(view: View, splits: list[dict[str, Any]]) -> dict[str, Any]:
    player = view.players[view.active]
    if player.money < _money_reserve(view):
        return max(splits, key=lambda x: (x["money"], x["food"]))
    if player.food < FOOD_RESERVE:
        return max(splits, key=lambda x: (x["food"], x["money"]))
    return max(splits, key=lambda x: (x["money"], x["food"]))


def _shop(view: View, c: dict[str, Any]) -> dict[str, Any]:
    player = view.players[view.active]
    spare = player.money - _money_reserve(view)
    if player.food < HUNGRY_SHELF:
        spare = max(spare, min(player.money, HUNGRY_SHELF - player.food))  # starving costs more than Debt
    want = FOOD_RESERVE - player.food
    food = [b for b in c["buy"] if b["good"] == "food" and b["count"] <= min(spare, want)]
    if food:
        return {"kind": "buy", **max(food, key=lambda b: b["count"])}
    return {"kind": "done"}


def _food(view: View, c: dict[str, Any]) -> dict[str, Any]:
    if c.get("eat"):
        return {"kind": "eat", **c["eat"][-1]}
    if c.get("nag"):
        return {"kind": "nag"}
    if c.get("steal"):
        richest = max(c["steal"], key=lambda x: view.players[x["target"]].food)
        return {"kind": "steal", **richest}
    return {"kind": "starve"}


def _end_near(view: View) -> bool:
    """Another character is about to die (hungry with an empty shelf, or in Debt short of the double
    rent), which would end the game on the Dream Banks (IGR-25): save everything now."""
    return any(
        (p.hunger and p.food == 0) or (p.debt and p.money < 2 * view.rent)
        for s, p in enumerate(view.players)
        if s != view.active and not p.dead
    )


def _deposit(view: View, c: dict[str, Any], player: Any) -> dict[str, Any]:
    spare_money = player.money - _money_reserve(view)
    spare_food = player.food - FOOD_RESERVE
    if _end_near(view):
        spare_money, spare_food = player.money - view.rent, player.food - 1
    for good, spare in (("money", spare_money), ("food", spare_food)):
        fits = [d for d in c["deposit"] if d["good"] == good and d["count"] <= spare]
        if fits:
            return {"kind": "deposit", **max(fits, key=lambda d: d["count"])}
    return {"kind": "done"}
