"""What the queue's items do (the engine's `Resolver`): the steps of a turn, the plays of its windows
once they resolve (last in, first out) and the closing of a window (IGR-3, 9, 10, 18, 29, 30)."""

from __future__ import annotations

from typing import Any

from games.engine import Ctx, Event, contests
from games.engine import windows as wn
from games.igranie import abilities, board, cards, effects, flow, interpret
from games.igranie.events import Cancelled, Changed, Played, Rolled, TheftSettled
from games.igranie.model import (
    AbilityPlay,
    AcceptPlay,
    CardPlay,
    EventPlay,
    GiveUpPlay,
    LoopPlay,
    Payload,
    SpecialPlay,
    State,
    Step,
)

#: IGR-3 ruling: the final movement is 1 to 12 (before Forest Dweller); IGR-9: loop results 1 to 6.
MOVE_RANGE, LOOP_RANGE = (1, 12), (1, 6)


def clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


def standing_mods(window: wn.Window[Payload]) -> int:
    return sum(
        cards.RES[p.payload.card].modifier
        for p in window.plays
        if isinstance(p.payload, CardPlay) and p.payload.use == "modify" and not p.cancelled
    )


def contest_delta(play: wn.Play[Payload]) -> tuple[int, int]:
    """IGR-18: a modifier's change to the (attacker, defender) totals; a cancel's is nothing."""
    payload = play.payload
    if isinstance(payload, CardPlay) and payload.use == "modify":
        mod = cards.RES[payload.card].modifier
        return (mod, 0) if payload.side == 0 else (0, mod)
    return (0, 0)


def loop_entry(state: State, loop: str, result: int) -> cards.LoopEffect:
    """IGR-9, 26: the entry read, a negative one turned positive by the loop's Special card."""
    entry = cards.LOOP_EFFECTS[(loop, result)]
    owner = cards.SPECIAL_OF_LOOP[loop] in state.players[state.active].specials
    if entry.turns_into is not None and (owner or state.turn.reversed):
        return cards.LOOP_EFFECTS[(loop, entry.turns_into)]
    return entry


class Resolver(wn.Resolver[Step, Payload]):
    def __init__(self, state: State, ctx: Ctx) -> None:
        self.state = state
        self.rng = ctx.rng

    # ---- steps ----------------------------------------------------------------------------------------
    def on_effect(self, effect: Step) -> list[Event[Any]]:
        state, rng = self.state, self.rng
        name = effect.name
        if name == "phase":
            return flow.enter(state, effect.arg, rng)  # type: ignore[arg-type]
        if name == "moved":
            if state.players[state.active].character == "fiefiurka":
                state.phase = "forest"
                return []
            wn.push(state.windows, [Step("go")])
            return []
        if name == "go":
            return self._go()
        if name == "loop":
            return self._loop()
        if name == "event":
            return self._event()
        if name == "draw":
            return self._draw(effect.arg)
        if name == "theft":
            return self._theft()
        if name == "food_done":
            return self._food_done()
        if name == "end_turn":
            return flow.end_turn(state, rng)
        if name == "rent_pay":
            return flow.pay_rent(state, rng)
        raise ValueError(f"unknown step {name!r}")

    def _go(self) -> list[Event[Any]]:
        """IGR-6…9: the move; a Small Loop entered (or started in) gives a loop effect."""
        state = self.state
        player = state.players[state.active]
        state.turn.loop = player.enter or board.small_loop(player.space or board.START)
        before = board.side_of(player.space or board.START)
        events = board.move(state, state.active, state.turn.move, self.rng)
        path: list[str] = events[0].body.path
        if player.space == board.START:
            prior = board.side_of(path[-2]) if len(path) > 1 else before
            state.turn.left = prior or ""
        steps = ([Step("loop")] if state.turn.loop else []) + [Step("event"), Step("phase", "ability")]
        wn.push(state.windows, steps)
        return events

    def _loop(self) -> list[Event[Any]]:
        state = self.state
        loop = state.turn.loop or ""
        result = clamp(state.turn.die_total, LOOP_RANGE)
        flow.window(state, "loop", [], opening=[(state.active, LoopPlay(loop, result))])
        play = state.windows.stack[-1].plays[0]
        return [Event(Played(state.active, play.id, state.windows.stack[-1].id, "loop", loop, result))]

    def _event(self) -> list[Event[Any]]:
        """IGR-5, 10: one draw from the figure's Large Loop; on Start the loop left, then the one entered."""
        state = self.state
        player = state.players[state.active]
        space = player.space or board.START
        if space == board.START:
            decks = [d for d in (state.turn.left, player.next_loop) if d]
        else:
            decks = [board.side_of(space) or "work"]
        wn.push(state.windows, [Step("draw", d) for d in decks])
        return []

    def _draw(self, deck: str) -> list[Event[Any]]:
        state = self.state
        pile = state.work if deck == "work" else state.chillout
        used = state.work_discard if deck == "work" else state.chillout_discard
        if not pile and used:
            pile[:], used[:] = used, []
            self.rng.shuffle(pile)
        if not pile:
            return []
        card = pile.pop()
        used.append(card)
        w = flow.window(state, "event", [], opening=[(state.active, EventPlay(card))])
        return [Event(Played(state.active, w.plays[0].id, w.id, "event", card))]

    def _theft(self) -> list[Event[Any]]:
        """IGR-18: a given-up shelf is taken; else both roll (ties of the dice roll again), then the
        contest window."""
        state, rng = self.state, self.rng
        contest = state.contest
        if contest is None:
            return []
        if contest.gave_up:
            events = self._steal_food(contest.attacker, contest.defender)
            state.contest = None
            wn.push(state.windows, [Step("food_done")])
            return events
        a_bonus = 2 if state.players[contest.attacker].character == "lena" else 0
        d_bonus = -1 if state.players[contest.defender].character == "lena" else 0
        while True:
            dice = [rng.randint(1, 6) + a_bonus, rng.randint(1, 6) + d_bonus]
            if dice[0] != dice[1]:
                break
        contest.dice = dice
        flow.window(state, "contest", [Step("food_done")])
        return [Event(Rolled(contest.attacker, "theft", dice))]

    def _steal_food(self, attacker: int, defender: int) -> list[Event[Any]]:
        """A successful theft: one Food off the victim's shelf feeds the thief at once (IGR-18); a hungry
        thief eats one more of its own to lose the marker (ruling)."""
        state = self.state
        if state.players[defender].food == 0:
            return []
        events = effects.gain(state, defender, "food", -1, "theft")
        state.turn.eaten += 1
        events.append(Event(Changed(attacker, "eaten", 1, "theft")))
        if old_hunger(state, attacker) and can_eat(state, attacker):
            events += eat(state, attacker, 1)
        return events

    def _food_done(self) -> list[Event[Any]]:
        """IGR-19: Hunger after a Food phase that took place; only a marker received before this turn
        kills (or is removed by eating 2)."""
        state = self.state
        seat = state.active
        player = state.players[seat]
        eaten = state.turn.eaten
        events: list[Event[Any]] = []
        due = (
            state.options.double_portion_after_hunger
            and player.hunger
            and player.hunger_turn == player.turns - 1
        )
        earlier = old_hunger(state, seat)
        if (eaten == 0 and earlier) or (due and eaten < 2):
            events += effects.die(state, seat, "starvation")
        elif eaten == 0:
            events += effects.mark(state, seat, "hunger", "hunger")
        elif eaten >= 2 and earlier:
            player.hunger = False
            events.append(Event(Changed(seat, "hunger", -1, "ate_two")))
        events += flow.after_deaths(state, self.rng)
        if state.phase != "over" and not state.windows.queue:
            events += flow.enter(state, "bank", self.rng)
        return events

    # ---- plays ----------------------------------------------------------------------------------------
    def on_play(self, play: wn.Play[Payload], window: wn.Window[Payload]) -> list[Event[Any]]:
        state, rng = self.state, self.rng
        payload = play.payload
        if play.cancelled:
            return [Event(Cancelled(play.id))]
        if isinstance(payload, CardPlay):
            if payload.use == "reverse":
                state.turn.reversed = True
            return []
        if isinstance(payload, LoopPlay):
            entry = loop_entry(state, payload.loop, payload.result)
            events = [Event(Changed(state.active, "loop_effect", entry.result, entry.id))]
            events += interpret.apply(state, state.active, entry.effects, "loop", rng)
            return events + flow.after_deaths(state, rng)
        if isinstance(payload, EventPlay):
            card = cards.EVENTS[payload.card]
            steps = card.variants.get(state.players[state.active].character, card.effects)
            return interpret.apply(state, state.active, steps, "event", rng) + flow.after_deaths(state, rng)
        if isinstance(payload, AbilityPlay):
            return abilities.perform(state, play.seat, payload, rng)
        if isinstance(payload, SpecialPlay):
            return self._special(play.seat, payload)
        if isinstance(payload, GiveUpPlay):
            if state.contest is not None:
                state.contest.gave_up = True
            return []
        if isinstance(payload, AcceptPlay):
            return self._accept(play.seat, window)
        return []

    def _special(self, seat: int, payload: SpecialPlay) -> list[Event[Any]]:
        """IGR-29: a card's own-turn special action."""
        state, rng = self.state, self.rng
        action = cards.RES[payload.card].action
        target = payload.seat
        if action.op.startswith("steal_") and target is not None:
            good = {"steal_money": "money", "steal_food": "food", "steal_card": "card"}[action.op]
            events: list[Event[Any]] = []
            for _ in range(max(action.n, 1)):
                events += abilities.take(state, seat, target, good, rng, "card")
            return events
        return interpret.apply(state, seat, [action], "card", rng)

    def _accept(self, seat: int, window: wn.Window[Payload]) -> list[Event[Any]]:
        state, rng = self.state, self.rng
        offer = state.offer
        if offer is None:
            return []
        offer.accepted.append(seat)
        if window.purpose == "staff":
            n = rng.randint(1, 6)
            return [Event(Rolled(seat, "staff", [n])), *effects.gain(state, seat, "money", n, "staff")]
        if window.purpose == "trade":
            return trade(state, offer.source, seat, rng)
        if window.purpose == "barter" and offer.count:
            pay = "card" if offer.good == "cards" else offer.good
            events: list[Event[Any]] = []
            for _ in range(offer.count):
                events += abilities.take(state, offer.source, seat, pay, rng, "barter", protect=False)
            return events
        return []

    def on_close(self, window: wn.Window[Payload]) -> list[Event[Any]]:
        state = self.state
        if window.purpose == "move":
            state.turn.die_total = state.turn.die + standing_mods(window)
            state.turn.move = clamp(state.turn.die_total, MOVE_RANGE)
            return [Event(Changed(state.active, "move", state.turn.move, "roll"))]
        if window.purpose == "contest" and state.contest is not None:
            return self._settle(window)
        if window.purpose in ("trade", "staff"):
            state.offer = None
        return []

    def _settle(self, window: wn.Window[Payload]) -> list[Event[Any]]:
        state = self.state
        contest = state.contest
        assert contest is not None
        side = contests.contest_winner(window, contest.dice, contest_delta)
        totals = contests.totals_as_played(window.plays, contest.dice, contest_delta)[-1]
        winner = contest.attacker if side == 0 else contest.defender
        settled = TheftSettled(contest.attacker, contest.defender, totals, winner, totals[0] == totals[1])
        events: list[Event[Any]] = [Event(settled)]
        if side == 0:
            events += self._steal_food(contest.attacker, contest.defender)
        else:
            state.players[contest.defender].defended_round = state.round
            if can_eat(state, contest.attacker):
                events += eat(state, contest.attacker, 1)
        state.contest = None
        return events


def old_hunger(state: State, seat: int) -> bool:
    """IGR-19: ``seat`` holds a Hunger marker received before its current turn (one received during
    this turn, from an Event card, a loop effect or a failed theft, never kills in it)."""
    player = state.players[seat]
    return player.hunger and player.hunger_turn < player.turns


def can_eat(state: State, seat: int) -> bool:
    """IGR-17, 18: Food on the shelf, and not a defender who fought off a theft this round."""
    player = state.players[seat]
    return player.food > 0 and player.defended_round != state.round


def eat(state: State, seat: int, n: int) -> list[Event[Any]]:
    state.players[seat].food -= n
    state.turn.eaten += n
    return [Event(Changed(seat, "food", -n, "eat"))]


def trade(state: State, seller: int, buyer: int, rng: Any) -> list[Event[Any]]:
    """IGR-27: the Special card goes to the buyer, the price to the seller."""
    offer = state.offer
    assert offer is not None
    events = abilities.take(state, buyer, seller, offer.card, rng, "trade", protect=False)
    if offer.good in cards.SPECIALS:
        return events + abilities.take(state, seller, buyer, offer.good, rng, "trade", protect=False)
    pay = "card" if offer.good == "cards" else offer.good
    for _ in range(offer.count):
        events += abilities.take(state, seller, buyer, pay, rng, "trade", protect=False)
    return events
