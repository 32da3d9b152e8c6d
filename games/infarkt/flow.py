"""The round of Infarkt (INF-7…10, INF-17…21, INF-27, INF-28): the offer, the event draft, placement,
the action phase, worsening, and the queue of effects behind their windows (INF-19, INF-25)."""

from __future__ import annotations

from typing import Any

from games.engine import Event, GameEnded, Outcome, Rng
from games.engine import commitments as cm
from games.engine import windows as wn
from games.infarkt import health, places
from games.infarkt.actions import FamilyAnswer, Payload
from games.infarkt.cards import CARDS, EXPANSIONS, deltas
from games.infarkt.events import (
    Changed,
    EventBody,
    Moved,
    OfferLaid,
    Picked,
    RoundStarted,
    StartPassed,
    Tokens,
)
from games.infarkt.health import living, medicines_of, order_from
from games.infarkt.model import Batch, Decision, Effect, Hit, Item, State, Step, Worsen

MEDICINE, FAMILY = "medicine", "family"


def use_medicine(state: State, seat: int, card: str) -> list[EventBody]:
    """INF-13: apply the medicine to its holder and discard it (INF-21 remembers the use)."""
    player = state.players[seat]
    player.cards.remove(card)
    state.medicines_discard.append(card)
    player.medicine_since_offer = True
    player.medicines_used += 1
    return [health.apply_item(state, Item(seat, deltas(CARDS[card].effects)), card, None)]


def pending_batch(state: State) -> Batch | None:
    """The batch a family window asks about (queued right behind it)."""
    for pending in state.windows.queue:
        if isinstance(pending.effect, Batch):
            return pending.effect
    return None


def window_choices(state: State, window: wn.Window[Payload], seat: int) -> wn.Choices:
    """A seat's plays in a window: its medicines (INF-19), or its family answers (INF-25)."""
    if window.purpose == MEDICINE:
        return {MEDICINE: [{"card": c} for c in medicines_of(state.players[seat])]}
    batch = pending_batch(state)
    item = next((i for i in batch.items if i.seat == seat), None) if batch else None
    return {FAMILY: [{"cancel": c} for c in health.cancel_choices(state, item)] if item else []}


class Resolver(wn.Resolver[Effect, Payload]):
    def __init__(self, state: State, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.bodies: list[EventBody] = []

    def on_effect(self, effect: Effect) -> list[Event[Any]]:
        state, ws = self.state, self.state.windows
        bodies: list[EventBody] = []
        if isinstance(effect, Hit):
            seat = effect.item.seat
            if not state.players[seat].died:
                batch = Batch([effect.item], effect.source, effect.host, list(effect.guests))
                # INF-19: the window before an effect on a player asks that player alone
                wn.guard(
                    ws,
                    [batch],
                    "concurrent",
                    [seat] if medicines_of(state.players[seat]) else [],
                    MEDICINE,
                    timer=MEDICINE,
                    skip_idle=True,
                )
        elif isinstance(effect, Batch):
            bodies = self._batch(effect)
        elif isinstance(effect, Worsen):
            wn.push(ws, [Batch(health.worsening(state), "worsening")])
        elif effect.name == "special":
            bodies = special(state, effect.seat, effect.arg)
        else:
            bodies = places.step(state, effect, self.rng)
        return [Event(b) for b in bodies]

    def _batch(self, batch: Batch) -> list[EventBody]:
        state = self.state
        if batch.warn:  # INF-19 ruling: one holder at a time, alone, before the rule's effect on them
            seat = batch.warn.pop(0)
            holder = not state.players[seat].died and medicines_of(state.players[seat])
            wn.guard(
                state.windows,
                [batch],
                "concurrent",
                [seat] if holder else [],
                MEDICINE,
                timer=MEDICINE,
                skip_idle=True,
            )
            return []
        if not batch.asked:
            asked = [
                s
                for s in order_from(state, state.start)
                for i in batch.items
                if i.seat == s and health.cancel_choices(state, i)
            ]
            batch.asked = True
            # INF-25: a once window to the holders of family tokens, after the medicine window
            wn.guard(state.windows, [batch], "once", asked, FAMILY, timer=FAMILY)
            return []
        bodies, funeral = health.resolve_batch(state, batch)
        if funeral is not None:
            rising = {i.seat for i in funeral.items if max(i.deltas) > 0}
            funeral.warn = [s for s in order_from(state, state.start) if s in rising]
            wn.push(state.windows, [funeral])
        return bodies

    def on_play(self, play: wn.Play[Payload], window: wn.Window[Payload]) -> list[Event[Any]]:
        # a medicine took effect when played (INF-13); a family answer cancels points of the batch
        if isinstance(play.payload, FamilyAnswer) and not play.cancelled:
            self.state.cancel[play.seat] = list(play.payload.cancel)
        return []

    def on_close(self, window: wn.Window[Payload]) -> list[Event[Any]]:
        return []

    def choices(self, window: wn.Window[Payload], seat: int) -> wn.Choices:
        return window_choices(self.state, window, seat)


def special(state: State, seat: int, card: str) -> list[EventBody]:
    """INF-20, INF-21: an event's special effect on the player who took it."""
    player, kind = state.players[seat], CARDS[card].special
    if player.died:
        return []
    family, career = "family" in state.places, "career" in state.places
    bodies: list[EventBody] = []
    if kind in ("broken_fridge", "robbed"):
        lost = (
            [c for c in player.cards if CARDS[c].symbol in ("food", "drink")]
            if kind == "broken_fridge"
            else [c for c in player.cards if CARDS[c].kind == "medicine" or CARDS[c].symbol == "smoking"]
        )
        player.cards = [c for c in player.cards if c not in lost]
        health.discard(state, lost)
        bodies.append(Moved(lost, f"hand:{seat}", "discard"))
    elif kind == "day_off":
        player.no_work = True
    elif kind == "business_trip":
        player.no_home = True
    elif kind == "divorce":
        lost_money = (player.money + 1) // 2  # half, rounded against the player
        player.money -= lost_money
        bodies.append(Changed(seat, [0] * 6, -lost_money, card))
        if family and player.family:
            bodies += _tokens(state, seat, "family", -((player.family + 1) // 2))
    elif kind == "grandma" and family and player.family:
        bodies += _tokens(state, seat, "family", -1)
    elif kind == "promotion" and career and state.career_supply and player.career < health.TOKEN_LIMIT:
        bodies += _tokens(state, seat, "career", 1)
    elif kind == "work_dispute" and career and player.career:
        bodies += _tokens(state, seat, "career", -1)
    return bodies


def _tokens(state: State, seat: int, token: str, delta: int) -> list[EventBody]:
    player = state.players[seat]
    setattr(player, token, getattr(player, token) + delta)
    setattr(state, f"{token}_supply", getattr(state, f"{token}_supply") - delta)
    return [Tokens(seat, token, delta)]


# ---- the round ----------------------------------------------------------------------------------------
def pickable(state: State, seat: int) -> list[str]:
    """INF-21: the offer without Vykradli tě for a player who used a medicine since it was laid out."""
    used = state.players[seat].medicine_since_offer
    return [c for c in state.offer if not (used and CARDS[c].special == "robbed")]


def pick(state: State, seat: int, card: str) -> list[EventBody]:
    """INF-7: take the event into the diary and apply it at once (a window before it, INF-19). INF-21
    ruling: Vykradli tě takes the medicines before any window, so its picker cannot use them first."""
    state.offer.remove(card)
    state.players[seat].diary.append(card)
    c = CARDS[card]
    hit: Effect = Hit(Item(seat, deltas(c.effects), c.money), card)
    state.decision = None
    if c.special == "robbed":
        wn.push(state.windows, [hit])
        return [Picked(seat, card), *special(state, seat, card)]
    wn.push(state.windows, [hit, Step("special", seat, card)])
    return [Picked(seat, card)]


def advance(state: State, rng: Rng) -> list[EventBody]:
    """Move the round on when nothing is pending: one call sets a decision, opens placement or a
    window, queues effects, or ends the game."""
    alive = living(state)
    if len(alive) <= 1:
        return end(state)
    if state.phase == "round":
        return start_round(state, rng)
    if state.phase == "offer":
        return lay_offer(state, rng)
    if state.phase == "events":
        return next_picker(state)
    if state.phase == "placement":
        return next_placer(state, rng)
    if state.phase == "actions":
        return next_actor(state)
    state.round += 1  # the worsening step is over (INF-10)
    state.phase = "round"
    return []


def start_round(state: State, rng: Rng) -> list[EventBody]:
    if state.round > state.options.round_limit:
        # the guard ends the game after its last round: the round shown is the last one played
        state.guard, state.round = True, state.options.round_limit
        return end(state)
    bodies: list[EventBody] = []
    if state.players[state.start].died:  # INF-7 ruling: a dead holder's token moves on before it leads
        state.start = health.next_living(state, state.start)
        bodies.append(StartPassed(state.start))
    bodies.append(RoundStarted(state.round, state.start))
    for player in state.players:
        player.no_work = player.no_home = False
    if "black_market" in state.places:  # INF-22: leftovers out, a new offer of 4 (3 with 2-3 players)
        if state.black_market:
            bodies.append(Moved(list(state.black_market), "black_market", "discard"))
            health.discard(state, state.black_market)
        size = 4 if state.seats > 3 else 3  # INF-22 ruling: the players at the start, not the living
        state.black_market = [c for _ in range(size) if (c := health.draw(state, "goods", rng, bodies))]
        bodies.append(Moved(list(state.black_market), "goods", "black_market"))
    state.phase = "offer"
    return bodies


def opening(state: State) -> list[EventBody]:
    """The public events of round 1's start as `start_round` and `lay_offer` told them in setup, told
    again before the first action changes anything (setup sends no events): the round, INF-22's Black
    Market offer when in play, and INF-7's event offer from the deck."""
    bodies: list[EventBody] = [RoundStarted(state.round, state.start)]
    if "black_market" in state.places:
        bodies.append(Moved(list(state.black_market), "goods", "black_market"))
    return [*bodies, OfferLaid(list(state.offer), "deck")]


def lay_offer(state: State, rng: Rng) -> list[EventBody]:
    """INF-7 (living players + 1), INF-27's afterlife, INF-28's set-aside rounds."""
    wanted = len(living(state)) + 1
    bodies: list[EventBody] = []
    if state.options.afterlife and len(living(state)) < state.seats:
        if state.afterlife < 0:
            draw_preview(state, rng, bodies)
        if len(state.preview) > wanted:
            state.decision = Decision(state.afterlife, "remove")
            return bodies
        state.offer, state.preview, state.afterlife, source = state.preview, [], -1, "afterlife"
    elif state.seats == 2 and state.round % 3 == 1 and state.round > 1:
        state.offer, state.set_aside, source = state.set_aside, [], "set_aside"
    else:
        state.offer = [c for _ in range(wanted) if (c := health.draw(state, "events", rng, bodies))]
        source = "deck"
    for player in state.players:
        player.medicine_since_offer = False
    state.pickers = order_from(state, state.start)
    state.phase = "events"
    return [*bodies, OfferLaid(list(state.offer), source)]


def draw_preview(state: State, rng: Rng, bodies: list[EventBody]) -> None:
    """INF-27: the most recently dead (the lowest seat among simultaneous deaths) draws living + 2."""
    last = max(p.died for p in state.players)
    state.afterlife = next(s for s, p in enumerate(state.players) if p.died == last)
    wanted = len(living(state)) + 2
    state.preview = [c for _ in range(wanted) if (c := health.draw(state, "events", rng, bodies))]
    bodies.append(Moved([], "events", f"preview:{state.afterlife}", len(state.preview)))


def remove_preview(state: State, card: str) -> list[EventBody]:
    state.preview.remove(card)
    state.events_discard.append(card)
    state.decision = None
    return [Moved([card], f"preview:{state.afterlife}", "discard")]


def next_picker(state: State) -> list[EventBody]:
    while state.pickers:
        seat = state.pickers.pop(0)
        if state.players[seat].died:
            continue
        if not pickable(state, seat):
            return [Picked(seat, None)]
        state.decision = Decision(seat, "pick")
        return []
    bodies: list[EventBody] = []
    if state.offer:
        target = "set_aside" if state.seats == 2 else "discard"
        bodies.append(Moved(list(state.offer), "offer", target))
        (state.set_aside if state.seats == 2 else state.events_discard).extend(state.offer)
        state.offer = []
    state.start = health.next_living(state, state.start)  # INF-7: the token passes on
    bodies.append(StartPassed(state.start))
    state.phase = "placement"
    if state.options.sequential_placement:
        state.pickers = order_from(state, state.start)
    else:
        cm.open_round(state.placements, living(state))
    return bodies


def next_placer(state: State, rng: Rng) -> list[EventBody]:
    """INF-8: sequential placement asks the next living seat; after the last, the action phase."""
    while state.pickers:
        seat = state.pickers.pop(0)
        if not state.players[seat].died:
            state.decision = Decision(seat, "place")
            return []
    return begin_actions(state, rng)


def begin_actions(state: State, rng: Rng) -> list[EventBody]:
    state.phase = "actions"
    state.actors = order_from(state, state.start)
    bodies: list[EventBody] = []
    if state.options.afterlife and state.afterlife < 0 and len(living(state)) < state.seats:
        draw_preview(state, rng, bodies)
    return bodies


def next_actor(state: State) -> list[EventBody]:
    """INF-9: the next figure of the current actor (its order its own choice), else the next actor;
    after the last, the worsening step behind its window for every living holder (INF-18, 19)."""
    while state.actors:
        seat = state.actors[0]
        player = state.players[seat]
        if player.died or not player.figures:
            state.actors.pop(0)
            continue
        if len(player.figures) == 1:
            state.decision = Decision(seat, "option", place=player.figures.pop())
        else:
            state.decision = Decision(seat, "resolve")
        return []
    state.phase = "worsening"
    holders = [s for s in order_from(state, state.start) if medicines_of(state.players[s])]
    wn.guard(state.windows, [Worsen()], "concurrent", holders, MEDICINE, timer=MEDICINE, skip_idle=True)
    return []


def end(state: State) -> list[EventBody]:
    state.phase = "over"
    state.decision = None
    over = outcome(state)
    assert over is not None
    return [GameEnded.of(over)]


def outcome(state: State) -> Outcome | None:
    """INF-17: the last living player wins; nobody when the last deaths leave nobody alive
    (``no_survivor``); after the round limit a guard ends the game with the living sharing rank 1
    (``round_limit``, ``guard``). ``None`` while the game goes on."""
    if state.phase != "over":
        return None
    ranks = health.ranks(state)
    alive = living(state)
    if state.guard:
        return Outcome(ranks, alive, "round_limit", True)
    if not alive:
        return Outcome(ranks, [], "no_survivor")
    return Outcome(ranks, alive)


def places_in_play(expansions: tuple[str, ...]) -> list[str]:
    """INF-27: base six places; advanced and extreme (one to three expansions, `Options`) replace the Gym
    with the chosen expansions."""
    base = ["work", "supermarket", "pharmacy", "market", "home", "gym"]
    if not expansions:
        return base
    return [p for p in base if p != "gym"] + [e for e in EXPANSIONS if e in expansions]
