"""Infarkt's table mechanics: seats in order, piles, applications to tracks, deaths, funerals and the
worsening table (INF-1, INF-4, INF-7, INF-15…18, INF-25, INF-16a). Pure functions over the state."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from games.engine import Event, Rng
from games.infarkt.cards import CARDS, DEPRESSION, GRAVE, OBESITY, TRACKS, WORSENING
from games.infarkt.events import Changed, Died, EventBody, Moved, Reshuffled, Tokens
from games.infarkt.model import Batch, Item, Player, State

#: INF-25, INF-26: most tokens of each kind one player may hold.
TOKEN_LIMIT = 4


def living(state: State) -> list[int]:
    """The living seats in seat order."""
    return [s for s, p in enumerate(state.players) if not p.died]


def order_from(state: State, start: int) -> list[int]:
    """INF-7: the living seats in increasing seat index from ``start``, wrapping."""
    return [s for i in range(state.seats) if not state.players[s := (start + i) % state.seats].died]


def next_living(state: State, seat: int) -> int:
    """The next living seat after ``seat`` (``seat`` itself if nobody else lives)."""
    return next((s for s in order_from(state, seat + 1) if s != seat), seat)


def guests_of(state: State, host: int) -> list[int]:
    """INF-15, INF-28: the host's left (next living seat) and right (previous living seat) neighbours,
    once each: with two living players the single opponent is served once."""
    left = next_living(state, host)
    right = next((s for s in reversed(order_from(state, host)) if s != host), host)
    return [s for s in dict.fromkeys([left, right]) if s != host]


def medicines_of(player: Player) -> list[str]:
    return [c for c in player.cards if CARDS[c].kind == "medicine"]


def goods_of(player: Player) -> list[str]:
    return [c for c in player.cards if CARDS[c].kind == "goods"]


# ---- piles ----------------------------------------------------------------------------------------------
_DISCARD = {"goods": "goods_discard", "medicines": "medicines_discard", "events": "events_discard"}


def available(state: State, pile: str) -> int:
    """Cards that a draw from ``pile`` can reach (the pile and its discard pile, INF-16a)."""
    return len(getattr(state, pile)) + len(getattr(state, _DISCARD[pile]))


def draw(state: State, pile: str, rng: Rng, events: list[EventBody]) -> str | None:
    """The top card of ``pile`` (``goods``, ``medicines``, ``events``); an empty pile is first refilled
    from its shuffled discard pile (INF-16a). ``None`` when both are empty. A goods draw ends what any
    seat knew of the top card (INF-12)."""
    cards: list[str] = getattr(state, pile)
    if not cards:
        discard: list[str] = getattr(state, _DISCARD[pile])
        if not discard:
            return None
        cards.extend(discard)
        discard.clear()
        rng.shuffle(cards)
        events.append(Reshuffled(pile, len(cards)))
    if pile == "goods":
        state.top_known_by = []
    return cards.pop()


def discard(state: State, cards: list[str]) -> None:
    """Put cards on their kind's discard pile."""
    for card in cards:
        kind = CARDS[card].kind
        getattr(
            state, {"goods": "goods_discard", "medicine": "medicines_discard"}.get(kind, "events_discard")
        ).append(card)


# ---- applications ---------------------------------------------------------------------------------------
def rises(item: Item) -> list[int]:
    return [max(d, 0) for d in item.deltas]


def cancel_choices(state: State, item: Item) -> list[list[int]]:
    """INF-25: every way to cancel rising points of ``item`` with the holder's family tokens (one per
    point), nothing cancelled first."""
    tokens = state.players[item.seat].family
    ranges = [range(r + 1) for r in rises(item)]
    return [list(c) for c in product(*ranges) if 0 < sum(c) <= tokens]


def apply_item(state: State, item: Item, source: str, cancel: list[int] | None) -> Changed:
    """Apply one item (INF-1: values stay in 0..10, the rest of the effect is lost; money never below
    0). ``cancel`` family tokens are discarded to the supply first (INF-25)."""
    player = state.players[item.seat]
    cancel = cancel or [0] * len(TRACKS)
    player.family -= sum(cancel)
    state.family_supply += sum(cancel)
    applied, lost = [], []
    for t, (delta, cancelled) in enumerate(zip(item.deltas, cancel, strict=True)):
        wanted = player.tracks[t] + delta - cancelled
        new = min(GRAVE, max(0, wanted))
        applied.append(new - player.tracks[t])
        lost.append(wanted - new)
        player.tracks[t] = new
    money = max(-player.money, item.money)
    player.money += money
    return Changed(
        item.seat, applied, money, source, lost if any(lost) else [], list(item.causes), item.money - money
    )


def at_grave(player: Player) -> bool:
    """INF-4: any track but obesity at 10."""
    return any(v >= GRAVE for t, v in enumerate(player.tracks) if t != OBESITY)


def resolve_batch(state: State, batch: Batch) -> tuple[list[EventBody], Batch | None]:
    """Apply a batch at once, then the death check (INF-4, INF-17): the dead share one death step; the
    returned batch is their funeral and party shock, to apply next (``None`` without deaths)."""
    events: list[EventBody] = []
    hit = []
    for item in batch.items:
        if state.players[item.seat].died:
            continue
        cancel = state.cancel.pop(item.seat, None)
        if cancel and sum(cancel):  # INF-25: the tokens spent are logged with the change they cancel
            events.append(Tokens(item.seat, "family", -sum(cancel)))
        events.append(apply_item(state, item, batch.source, cancel))
        hit.append(item.seat)
    state.cancel = {}
    dead = [s for s in hit if at_grave(state.players[s])]
    if not dead:
        return events, None
    events += kill(state, dead)
    party = {batch.host, *batch.guests} if batch.host >= 0 else set()
    shocks = sum(1 for s in dead if s in party)
    return events, funeral(state, len(dead), shocks, batch)


def kill(state: State, dead: list[int]) -> list[EventBody]:
    """INF-17: the dead lose their figures, their cards go to the discard piles and their money to the
    bank and their tokens to the supply, each change logged (the diary stays with them, as a record)."""
    state.deaths += 1
    graves: list[str] = [
        next(TRACKS[t] for t, v in enumerate(state.players[s].tracks) if t != OBESITY and v >= GRAVE)
        for s in dead
    ]
    events: list[EventBody] = [Died(dead, state.deaths, graves)]
    for seat in dead:
        player = state.players[seat]
        player.died = state.deaths
        player.figures = []
        if player.cards:
            events.append(Moved(list(player.cards), f"hand:{seat}", "discard"))
        discard(state, player.cards)
        player.cards = []
        if player.money:
            events.append(Changed(seat, [0] * len(TRACKS), -player.money, "death"))
        player.money = 0
        held = (("family", player.family), ("career", player.career))
        events += [Tokens(seat, token, -count) for token, count in held if count]
        state.family_supply += player.family
        state.career_supply += player.career
        player.family = player.career = 0
    return events


def funeral(state: State, deaths: int, shocks: int, batch: Batch) -> Batch | None:
    """INF-17: each living player pays 1 per funeral or, without money, takes depression +1 instead;
    each death of a party's participant shocks every living participant by depression +1 and the host
    by +2 in total. Applied at once, after a medicine window for each holder it raises (INF-19 ruling,
    `games.infarkt.flow`); a money-only payment needs none."""
    items = []
    for seat in living(state):
        paid = min(state.players[seat].money, deaths)
        shock = shocks * (2 if seat == batch.host else 1 if seat in batch.guests else 0)
        deltas = [0] * len(TRACKS)
        deltas[DEPRESSION] = deaths - paid + shock
        items.append(Item(seat, deltas, -paid))
    if not items:
        return None
    return Batch(items, "funeral", batch.host, list(batch.guests))


def worsening(state: State) -> list[Item]:
    """INF-18: every living player's spontaneous worsening, read from the values before the step."""
    items = []
    for seat in living(state):
        tracks = state.players[seat].tracks
        deltas = [0] * len(TRACKS)
        causes = []
        for row in WORSENING:
            if tracks[TRACKS.index(row.track)] >= row.threshold:
                deltas[TRACKS.index(row.target)] += row.amount
                causes.append(row.id)
        if any(deltas):
            items.append(Item(seat, deltas, causes=causes))
    return items


def ranks(state: State) -> list[int]:
    """INF-17: the living first, then the dead by order of death, a later death ranking higher; one
    death step shares a rank."""
    keys = [p.died or 1_000_000 for p in state.players]
    return [1 + sum(o > k for o in keys) for k in keys]


def events_of(bodies: list[EventBody]) -> Iterator[Event[EventBody]]:
    return (Event(b) for b in bodies)


def told(players: list[Player]) -> str:
    """Who survived and the order the others died in, each with the tracks that took it to the grave
    (INF-4, INF-17); deaths of one step are joined by ``and``: ``survived: seat 2; died: seat 0
    (cancer), then seat 1 (pressure) and seat 3 (depression, diabetes)``."""
    alive = [f"seat {s}" for s, p in enumerate(players) if not p.died]
    steps: dict[int, list[str]] = {}
    for seat, player in sorted(enumerate(players), key=lambda sp: sp[1].died):
        if player.died:
            graves = [TRACKS[t] for t, v in enumerate(player.tracks) if v >= GRAVE and t != OBESITY]
            cause = f" ({', '.join(graves)})" if graves else ""
            steps.setdefault(player.died, []).append(f"seat {seat}{cause}")
    line = f"survived: {', '.join(alive) or 'nobody'}"
    if steps:
        line += "; died: " + ", then ".join(" and ".join(group) for group in steps.values())
    return line
