"""The places' actions (INF-9, INF-11…16, INF-22…26): the options a visitor may choose, and what each
choice does, as small decisions and queued effects (a window before every application, INF-19)."""

from __future__ import annotations

from itertools import combinations

from games.engine import Rng
from games.engine import windows as wn
from games.infarkt import health
from games.infarkt.cards import CARDS, TRACKS, action, deltas
from games.infarkt.events import Changed, Chosen, EventBody, Moved, Tokens
from games.infarkt.health import TOKEN_LIMIT, available, draw, goods_of
from games.infarkt.model import Decision, Effect, Hit, Item, State, Step

NONE = "none"


def _money(state: State, seat: int) -> int:
    return state.players[seat].money


def _pairable(goods: list[str]) -> list[str]:
    """Goods that have a partner of another symbol (INF-15: cook and party need two symbols)."""
    symbols = {CARDS[g].symbol for g in goods}
    return goods if len(symbols) >= 2 else []


def _swap_counts(state: State, seat: int, d: Decision | None = None) -> tuple[int, int, int, int]:
    """Market cards not yet taken and own cards not yet given: (offer goods, offer medicines, own
    goods, own medicines)."""
    taken = d.taken if d else []
    given = d.given if d else []
    offer = [c for c in state.market if c not in taken]
    own = [c for c in state.players[seat].cards if c not in given]
    kinds = [CARDS[c].kind for c in offer], [CARDS[c].kind for c in own]
    return (
        kinds[0].count("goods"),
        kinds[0].count("medicine"),
        kinds[1].count("goods"),
        kinds[1].count("medicine"),
    )


def _feasible(counts: tuple[int, int, int, int], pairs: int) -> bool:
    og, om, hg, hm = counts
    return min(counts) >= 0 and min(og, hg) + min(om, hm) >= pairs


def options(state: State, seat: int, place: str) -> list[str]:
    """The options ``seat`` may choose at ``place`` now (``none`` first: every action is optional)."""
    money, player = _money(state, seat), state.players[seat]
    found: list[str] = []
    if place in ("work", "career"):
        found = [place]
    elif place == "supermarket":
        found = [
            o
            for o in "ABC"
            if money >= action(place, o).cost and available(state, "goods") >= action(place, o).cards
        ]
    elif place == "pharmacy":
        found = ["buy"] if money >= action(place).cost and available(state, "medicines") else []
    elif place == "market":
        refresh = ["refresh"] if money >= 1 and available(state, "goods") >= 3 else []
        counts = _swap_counts(state, seat)
        found = refresh + [
            o
            for o, k in zip("ABC", (1, 2, 3), strict=False)
            if _feasible(counts, k) and money >= action(place, o).cost
        ]
    elif place == "home":
        cook = ["A", "B"] if _pairable(goods_of(player)) else []
        found = ["rest", *cook, *(f"rest_{o}" for o in cook)]
    elif place in ("gym", "flirt"):
        found = [o for o in "AB" if money >= action(place, o).cost]
    elif place == "black_market":
        found = list(state.black_market) if money >= action(place).cost else []
    elif place == "nightlife":
        others = [f"seat_{s}" for s in health.living(state) if s != seat]
        found = others if money >= action(place).cost else []
    elif place == "family":
        room = min(TOKEN_LIMIT - player.family, state.family_supply)
        found = [o for o in "AB" if money >= action(place, o).cost and room >= action(place, o).cards]
    return [NONE, *found]


def values(state: State, d: Decision) -> list[str]:
    """The legal values of decision ``d`` (other than placement and event steps)."""
    player = state.players[d.seat]
    if d.step == "resolve":
        return list(dict.fromkeys(player.figures))
    if d.step == "option":
        return options(state, d.seat, d.place)
    if d.step == "spree":
        return list(state.spree)
    if d.step == "keep_medicine":
        return [c for c in state.market if CARDS[c].kind == "medicine"]
    if d.step == "take":
        counts = _swap_counts(state, d.seat, d)
        left = d.pairs - len(d.taken) - 1
        offer = [c for c in state.market if c not in d.taken]
        return [c for c in offer if _feasible(_less(counts, CARDS[c].kind), left)]
    if d.step == "give":
        kind = CARDS[d.taken[-1]].kind
        return [c for c in player.cards if c not in d.given and CARDS[c].kind == kind]
    if d.step == "card":
        goods = goods_of(player)
        if not d.chosen:
            return _pairable(goods)
        return [g for g in goods if CARDS[g].symbol != CARDS[d.chosen[0]].symbol]
    if d.step == "serve":
        return list(d.chosen)
    raise ValueError(f"no values for decision step {d.step!r}")


def _less(counts: tuple[int, int, int, int], kind: str) -> tuple[int, int, int, int]:
    og, om, hg, hm = counts
    return (og - 1, om, hg - 1, hm) if kind == "goods" else (og, om - 1, hg, hm - 1)


def _pay(state: State, seat: int, place: str, option: str = "") -> list[EventBody]:
    """Settle an action's price less its pay at once (no window: a money-only change), logged as a
    `Changed` with the action's id (none when they cancel out). Affordability was checked when offered."""
    act = action(place, option)
    money = act.money - act.cost
    state.players[seat].money += money
    return [Changed(seat, [0] * len(TRACKS), money, act.id)] if money else []


def _hit(seat: int, place: str, option: str = "", extra_money: int = 0) -> Hit:
    act = action(place, option)
    return Hit(Item(seat, deltas(act.effects), act.money - act.cost + extra_money), act.id)


def choose(state: State, d: Decision, value: str, rng: Rng) -> list[EventBody]:
    """Carry out ``value`` for decision ``d`` (checked legal): set the next decision or queue the
    effects, ending with the figure's ``done`` step."""
    seat, player = d.seat, state.players[d.seat]
    at = d.place if d.step == "option" else ""  # an option's letter says nothing without its place
    events: list[EventBody] = [Chosen(seat, d.step, "" if d.step == "spree" else value, at)]
    state.decisions += 1
    if d.step == "resolve":
        player.figures.remove(value)
        state.decision = Decision(seat, "option", place=value)
        return events
    if d.step == "option":
        state.decision = None
        return events + _option(state, seat, d.place, value, rng)
    if d.step == "spree":
        return events + _spree_return(state, seat, value)
    if d.step == "keep_medicine":
        other = [c for c in state.market if CARDS[c].kind == "medicine" and c != value]
        state.market = [c for c in state.market if c not in other]
        health.discard(state, other)
        state.decision = Decision(seat, "option", place="market")
        return [*events, Moved(other, "market", "discard")]
    if d.step == "take":
        d.taken.append(value)
        d.step = "give"
        return events
    if d.step == "give":
        d.given.append(value)
        if len(d.given) < d.pairs:
            d.step = "take"
            return events
        return events + _swap(state, d)
    if d.step == "card":
        d.chosen.append(value)
        if len(d.chosen) == 2:
            return events + _cards_chosen(state, d)
        return events
    if d.step == "serve":
        return events + _serve(state, seat, [value, *(c for c in d.chosen if c != value)])
    raise ValueError(f"unknown decision step {d.step!r}")


def _done(state: State, seat: int) -> None:
    wn.push(state.windows, [Step("done", seat)], front=False)


def _queue(state: State, effects: list[Effect]) -> None:
    wn.push(state.windows, effects, front=False)


def _option(state: State, seat: int, place: str, option: str, rng: Rng) -> list[EventBody]:
    """INF-9: the chosen option, all or nothing."""
    player = state.players[seat]
    events: list[EventBody] = []
    if option == NONE:
        pass
    elif place == "work":
        _queue(state, [_hit(seat, "work", extra_money=player.career)])  # INF-26: +1 per career token
    elif place == "career":
        _queue(state, [_hit(seat, "career"), Step("career_token", seat)])
    elif place == "supermarket" and option in "AB":
        events += _pay(state, seat, place, option)
        events += _take(state, seat, "goods", action(place, option).cards, rng)
    elif place == "supermarket":
        events += _pay(state, seat, place, option)
        effects = deltas(action(place, option).effects)
        _queue(state, [Hit(Item(seat, effects), action(place, option).id), Step("look", seat)])
        return events
    elif place == "pharmacy":
        events += _pay(state, seat, place)
        events += _take(state, seat, "medicines", action(place).cards, rng)
    elif place == "market":
        return events + _market(state, seat, option, rng)
    elif place == "home":
        if option.startswith("rest"):
            _queue(state, [_hit(seat, "home", "rest")])
        if option != "rest":
            _queue(state, [Step("home", seat, option[-1])])
            return events
    elif place in ("gym", "flirt"):
        _queue(state, [_hit(seat, place, option)])
    elif place == "black_market":
        events += _pay(state, seat, place)
        state.black_market.remove(option)
        player.cards.append(option)
        events.append(Moved([option], "black_market", f"hand:{seat}"))
    elif place == "nightlife":
        guest = int(option.removeprefix("seat_"))
        events += _pay(state, seat, place)
        cancer = deltas(action(place).effects)
        _queue(
            state,
            [
                Hit(Item(seat, cancer), "nightlife", seat, [guest]),
                Hit(Item(guest, list(cancer)), "nightlife", seat, [guest]),
                Step("nightlife", guest, str(seat)),
            ],
        )
    elif place == "family":
        count = action(place, option).cards
        events += _pay(state, seat, place, option)
        player.family += count
        state.family_supply -= count
        events.append(Tokens(seat, "family", count))
    _done(state, seat)
    return events


def _take(state: State, seat: int, pile: str, count: int, rng: Rng) -> list[EventBody]:
    events: list[EventBody] = []
    cards = [c for _ in range(count) if (c := draw(state, pile, rng, events)) is not None]
    state.players[seat].cards += cards
    return [*events, Moved(cards, pile, f"hand:{seat}")]


def step(state: State, effect: Step, rng: Rng) -> list[EventBody]:
    """A continuation queued behind an action's effects; nothing for a seat that died meanwhile."""
    seat = effect.seat
    events: list[EventBody] = []
    if effect.name == "done":
        state.decision = None
        return []
    if state.players[seat].died:
        return []
    if effect.name == "career_token":
        if state.career_supply and state.players[seat].career < TOKEN_LIMIT:
            state.career_supply -= 1
            state.players[seat].career += 1
            events.append(Tokens(seat, "career", 1))
    elif effect.name == "look":
        state.spree_knowers = list(state.top_known_by)
        state.spree_top = state.goods[-1] if state.goods else ""
        state.spree = [c for _ in range(3) if (c := draw(state, "goods", rng, events)) is not None]
        state.decision = Decision(seat, "spree", place="supermarket", option="C")
        events.append(Moved([], "goods", f"spree:{seat}", len(state.spree)))
    elif effect.name == "home":
        if _pairable(goods_of(state.players[seat])):
            state.decision = Decision(seat, "card", place="home", option=effect.arg)
        else:
            _done(state, seat)
    elif effect.name == "nightlife":
        events += _nightlife(state, seat, int(effect.arg), rng)
    return events


def _spree_return(state: State, seat: int, card: str) -> list[EventBody]:
    """INF-12 C: keep two, the third goes back on top face down, known to the buyer (and to whoever
    knew it was the top card before)."""
    kept = [c for c in state.spree if c != card]
    state.goods.append(card)
    state.top_known_by = sorted({seat, *(state.spree_knowers if card == state.spree_top else [])})
    state.spree, state.spree_top, state.spree_knowers = [], "", []
    state.players[seat].cards += kept
    _done(state, seat)
    return [Moved(kept, f"spree:{seat}", f"hand:{seat}"), Moved([], f"spree:{seat}", "goods", 1)]


def _market(state: State, seat: int, option: str, rng: Rng) -> list[EventBody]:
    """INF-14: a refresh (then the market prompt again) or a swap of 1, 2 or 3 pairs."""
    if option != "refresh":
        state.decision = Decision(seat, "take", place="market", option=option, pairs="ABC".index(option) + 1)
        return []
    events = _pay(state, seat, "market", "refresh")
    events.append(Moved(list(state.market), "market", "discard"))
    health.discard(state, state.market)
    goods = [c for _ in range(3) if (c := draw(state, "goods", rng, events)) is not None]
    meds = [c for _ in range(2) if (c := draw(state, "medicines", rng, events)) is not None]
    state.market = goods + meds
    events.append(Moved(goods + meds, "decks", "market"))
    step_ = "keep_medicine" if len(meds) == 2 else "option"
    state.decision = Decision(seat, step_, place="market")
    return events


def _swap(state: State, d: Decision) -> list[EventBody]:
    player = state.players[d.seat]
    for take, give in zip(d.taken, d.given, strict=True):
        state.market[state.market.index(take)] = give
        player.cards[player.cards.index(give)] = take
    state.decision = None
    _done(state, d.seat)
    return [
        Moved(list(d.taken), "market", f"hand:{d.seat}"),
        Moved(list(d.given), f"hand:{d.seat}", "market"),
        *_pay(state, d.seat, "market", d.option),
    ]


def _cards_chosen(state: State, d: Decision) -> list[EventBody]:
    """INF-15: A applies both cards to the cook in the chosen order; B asks the serving order."""
    player = state.players[d.seat]
    for card in d.chosen:
        player.cards.remove(card)
    health.discard(state, d.chosen)
    events: list[EventBody] = [Moved(list(d.chosen), f"hand:{d.seat}", "discard")]
    if d.option == "B":
        d.step = "serve"
        return events
    state.decision = None
    _queue(state, [Hit(Item(d.seat, deltas(CARDS[c].effects)), c) for c in d.chosen])
    _done(state, d.seat)
    return events


def _serve(state: State, host: int, order: list[str]) -> list[EventBody]:
    """INF-15: each card to the left guest, then to the right one, a window before each application."""
    guests = health.guests_of(state, host)
    state.decision = None
    _queue(state, [Hit(Item(g, deltas(CARDS[c].effects)), c, host, guests) for c in order for g in guests])
    _done(state, host)
    return []


def _nightlife(state: State, guest: int, host: int, rng: Rng) -> list[EventBody]:
    """INF-23: the guest draws goods until the first red food or drink, and consumes it."""
    events: list[EventBody] = []
    drawn: list[str] = []
    while (card := draw(state, "goods", rng, events)) is not None:
        drawn.append(card)
        if CARDS[card].colour == "red" and CARDS[card].symbol in ("food", "drink"):
            break
    health.discard(state, drawn)
    events.append(Moved(drawn, "goods", "discard"))
    if card is not None:
        hit = Hit(Item(guest, deltas(CARDS[card].effects)), card, host, [guest])
        wn.push(state.windows, [hit])
    return events


#: INF-20, INF-22, INF-26: pairs of places one player may not both take in a round.
EXCLUSIVE = ({"black_market", "supermarket"}, {"career", "work"})


def legal_sets(state: State, seat: int) -> list[list[str]]:
    """INF-8: the 3-sets of different places ``seat`` may take this round (board order), after INF-20's
    restrictions and INF-22/26's exclusive pairs. Uses nothing of another seat's placement."""
    player = state.players[seat]
    allowed = [
        p
        for p in state.places
        if not (player.no_work and p in ("work", "career")) and not (player.no_home and p == "home")
    ]
    return [list(c) for c in combinations(allowed, 3) if not any(pair <= set(c) for pair in EXCLUSIVE)]
