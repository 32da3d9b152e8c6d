"""iGranie z Gruzem's transitions, the entry the plugin calls: the setup (IGR-1), one seat's action
carried out, and the timeout default of every prompt (README "Prompts, timers and defaults").

`apply` refuses a value the prompt does not list, then hands the action to the handler of its kind: a
play in the window accepting plays, else a move of the phase. The turn's flow is in `games.igranie.flow`,
what the windows' plays do once they resolve in `games.igranie.plays`, the Abilities in
`games.igranie.abilities` (README "Modules").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from games.engine import (
    Ctx,
    Event,
    IllegalAction,
    Prompt,
    TimedOut,
    Timeout,
    first_seat,
    handler,
    kind_of,
    require_choice,
)
from games.engine import windows as wn
from games.igranie import abilities, cards, choices, effects, flow
from games.igranie import actions as a
from games.igranie import events as ev
from games.igranie import model as m
from games.igranie.plays import Resolver, eat

#: IGR-1: at most 5 players.
MAX_SEATS = 5
#: Kinds whose values the handlers check themselves: a cancel's card and target, a pass.
FREE = ("cancel", "pass")


def setup(seats: int, options: m.Options, ctx: Ctx) -> m.State:
    """IGR-1: shuffled decks (less ``removed_cards``), 5 Food, 5 Money, 5 cards each (Special cards
    face up); characters are chosen next. Raises ``ValueError`` for a seat count or option the table
    cannot take."""
    low = 2 if options.allow_two_players else 3
    if not low <= seats <= MAX_SEATS:
        raise ValueError(f"igranie seats {low} to {MAX_SEATS} players, not {seats}")
    removable = set(cards.EVENTS) | set(cards.ORDINARY)
    unknown = sorted(set(options.removed_cards) - removable)
    if unknown:
        raise ValueError(f"removed_cards names no Event or ordinary Resourcefulness card: {unknown}")
    rng = ctx.rng
    first = first_seat(options.first_player, seats, rng, "first_player")  # IGR-1
    decks = [
        [c for c in ids if c not in options.removed_cards] for ids in (cards.WORK, cards.CHILLOUT, cards.DECK)
    ]
    for deck in decks:
        rng.shuffle(deck)
    work, chillout, res = decks
    players = []
    for _ in range(seats):
        dealt = [res.pop() for _ in range(5)]
        hand = [c for c in dealt if c not in cards.SPECIALS]
        players.append(m.Player(hand=hand, specials=[c for c in dealt if c in cards.SPECIALS]))
    return m.State(seats, options, first, players, work, chillout, res, active=first)


def apply(state: m.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
    """Apply one action of ``seat``; a `Timeout` applies its prompt's default. Raises `IllegalAction`:
    ``action/bad_choice`` for a choice the prompt does not list, ``igranie/*`` and ``window/*`` codes."""
    prompt = choices.prompts(state)[seat]
    state.serial += 1
    events: list[Event[Any]] = []
    if isinstance(action, Timeout):
        events.append(Event(TimedOut(seat, prompt.default)))
        action = default_action(state, seat, prompt)
    if isinstance(action, a.Modify | a.Cancel | a.Reverse | a.Discard | a.Special):  # one copy is listed
        action = msgspec.structs.replace(
            action, card=choices.first_copy(state.players[seat].hand, action.card)
        )
    require_choice(prompt, action, free=FREE)
    events += carry_out(state, seat, action, ctx)
    return events + wn.run(state.windows, Resolver(state, ctx))


def default_action(state: m.State, seat: int, prompt: Prompt) -> Any:
    """The action a timeout stands for: the window's default, else the phase's."""
    window = wn.accepting(state.windows)
    if window is not None:
        return a.Accept() if window.default == "accept" else wn.Pass()
    c = prompt.choices
    phase = state.phase
    if phase == "choose":
        return a.Choose(c["choose"][0]["character"])
    if phase == "first_loop":
        return a.FirstLoop("chillout")
    if phase == "roll":
        return a.Roll()
    if phase == "forest":
        return a.Forest(0)
    if phase == "split":
        n = state.turn.split
        return a.Split(food=(n + 2) // 3, money=(n + 1) // 3, cards=n // 3)
    if phase == "food":
        if c.get("eat"):
            return a.Eat(c["eat"][-1]["count"])
        return a.Nag() if "nag" in c else a.Starve()
    if phase == "discard":
        return a.Discard(state.players[seat].hand[-1])
    if phase == "pick":
        return a.Pick(0)
    return a.Done()


def carry_out(state: m.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
    """Carry out a validated action: a play when a window accepts plays, else a move of the phase.
    Raises ``TypeError`` for a kind without a handler there (our bug, never a silent "done")."""
    window = wn.accepting(state.windows)
    if window is not None:
        return handler(IN_WINDOW, action)(state, seat, action, window)
    return handler(IN_PHASE, action)(state, seat, action, ctx)


# ---- plays in a window (IGR-18, 27, 28, 30, 32, 33) ----------------------------------------------------
Window = wn.Window[m.Payload]


def _pass(state: m.State, seat: int, action: wn.Pass, window: Window) -> list[Event[Any]]:
    """A pass: public at once in a once window (an answer to an offer); in a rounds window as secret
    as a play until the round is complete, and then told only by the plays the round took (IGR-30)."""
    wn.pass_(state.windows, seat)
    if window.mode == "rounds":
        return _taken(state, window)
    return [Event(ev.Passed(seat))]


def _accept(state: m.State, seat: int, action: a.Accept, window: Window) -> list[Event[Any]]:
    return _answer(state, seat, action, window, m.AcceptPlay())


def _give_up(state: m.State, seat: int, action: a.GiveUp, window: Window) -> list[Event[Any]]:
    return _answer(state, seat, action, window, m.GiveUpPlay())


def _answer(state: m.State, seat: int, action: Any, window: Window, payload: m.Payload) -> list[Event[Any]]:
    entry = wn.play(state.windows, seat, payload)
    return [Event(ev.Played(seat, entry.id, window.id, kind_of(action)))]


def _cancel(state: m.State, seat: int, action: a.Cancel, window: Window) -> list[Event[Any]]:
    """IGR-28, 30: a cancel card of the seat's hand against a play it may target."""
    hand = state.players[seat].hand
    if action.card not in hand or cards.RES[action.card].action.op not in cards.CANCEL_OPS:
        raise IllegalAction("igranie/not_your_card", details={"card": action.card})
    if action.target not in choices.targets(window, seat, action.card):
        raise IllegalAction("window/no_target", details={"target": action.target})
    return _card(state, seat, window, m.CardPlay(action.card, "cancel"), action.target)


def _modify(state: m.State, seat: int, action: a.Modify, window: Window) -> list[Event[Any]]:
    return _card(state, seat, window, m.CardPlay(action.card, "modify", action.side))


def _reverse(state: m.State, seat: int, action: a.Reverse, window: Window) -> list[Event[Any]]:
    return _card(state, seat, window, m.CardPlay(action.card, "reverse", 0))


def _card(
    state: m.State, seat: int, window: Window, card_play: m.CardPlay, target: int | None = None
) -> list[Event[Any]]:
    """A card played into the window (IGR-28): held, still in the hand and seen by nobody, until its
    round of asking is complete (IGR-30); then taken, in turn order, and discarded face up."""
    wn.play(state.windows, seat, card_play, target)
    return _taken(state, window)


def _taken(state: m.State, window: Window) -> list[Event[Any]]:
    """The plays the last round of asking took, in the order taken: each card discarded face up and
    told (IGR-28, 30)."""
    told: list[Event[Any]] = []
    for entry in wn.take(state.windows):
        card_play = entry.payload
        assert isinstance(card_play, m.CardPlay)  # a rounds window takes only cards
        effects.discard(state, entry.seat, card_play.card, "played")
        body = ev.Played(
            entry.seat, entry.id, window.id, card_play.use, card_play.card, card_play.side, entry.target
        )
        told.append(Event(body))
    return told


#: The handler of every kind a window accepts (kind -> handler).
IN_WINDOW: dict[str, Callable[[m.State, int, Any, Window], list[Event[Any]]]] = {
    "pass": _pass,
    "accept": _accept,
    "give_up": _give_up,
    "cancel": _cancel,
    "modify": _modify,
    "reverse": _reverse,
}


# ---- moves of a phase ------------------------------------------------------------------------------
def _choose(state: m.State, seat: int, action: a.Choose, ctx: Ctx) -> list[Event[Any]]:
    """IGR-1, 2: the character decides the first Large Loop; Fiefiurka chooses hers once all chose."""
    player = state.players[seat]
    player.character = action.character
    player.next_loop = "chillout" if cards.CHARACTERS[action.character].sex == "female" else "work"
    events: list[Event[Any]] = [Event(ev.Chosen(seat, action.character))]
    if any(not p.character for p in state.players):
        return events
    if any(p.character == "fiefiurka" for p in state.players):
        state.phase = "first_loop"
        return events
    return events + flow.begin_turn(state, state.first, ctx.rng)


def _first_loop(state: m.State, seat: int, action: a.FirstLoop, ctx: Ctx) -> list[Event[Any]]:
    state.players[seat].next_loop = action.loop
    return flow.begin_turn(state, state.first, ctx.rng)


def _special(state: m.State, seat: int, action: a.Special, ctx: Ctx) -> list[Event[Any]]:
    """IGR-29: an own-turn card action opens a window in which it may be cancelled."""
    effects.discard(state, seat, action.card, "played")
    w = flow.window(state, "special", [], opening=[(seat, m.SpecialPlay(action.card, action.seat))])
    return [Event(ev.Played(seat, w.plays[0].id, w.id, "special", action.card, target=action.seat))]


def _roll(state: m.State, seat: int, action: a.Roll, ctx: Ctx) -> list[Event[Any]]:
    state.turn.die = ctx.rng.randint(1, 6)
    flow.window(state, "move", [m.Step("moved")])
    return [Event(ev.Rolled(seat, "move", [state.turn.die]))]


def _forest(state: m.State, seat: int, action: a.Forest, ctx: Ctx) -> list[Event[Any]]:
    state.turn.move += action.extra
    wn.push(state.windows, [m.Step("go")])
    return []


def _use(state: m.State, seat: int, action: a.Use, ctx: Ctx) -> list[Event[Any]]:
    """IGR-11, 36: record the use, then a window in which a card may cancel it (not Tester's Power or
    Extraordinary Locksmith, IGR-32, 34)."""
    abilities.record(state, seat, action.ability)
    state.turn.ability = action.ability
    play = m.AbilityPlay(action.ability, list(action.seats), list(action.amounts), list(action.goods))
    cancellable = action.ability not in abilities.UNCANCELLABLE
    opening = [(seat, play)]
    w = flow.window(state, "ability", [m.Step("phase", "shop")], opening=opening, cancellable=cancellable)
    return [Event(ev.Played(seat, w.plays[0].id, w.id, "ability", action.ability))]


def _barter(state: m.State, seat: int, action: a.Barter, ctx: Ctx) -> list[Event[Any]]:
    """IGR-33, 37: Lena's Bartering opens a window before the rent is paid."""
    abilities.record(state, seat, "barter")
    play = m.AbilityPlay("barter", list(action.seats), [action.count], [action.good])
    w = flow.window(state, "ability", [m.Step("rent_pay")], opening=[(seat, play)])
    return [Event(ev.Played(seat, w.plays[0].id, w.id, "ability", "barter"))]


def _split(state: m.State, seat: int, action: a.Split, ctx: Ctx) -> list[Event[Any]]:
    """IGR-31 Calling Mom: Ilona's share of the rolled goods, then shopping."""
    state.turn.split = 0
    events = effects.gain(state, seat, "food", action.food, "mom")
    events += effects.gain(state, seat, "money", action.money, "mom")
    events += effects.draw(state, seat, action.cards, ctx.rng, "mom")
    return events + flow.enter(state, "shop", ctx.rng)


def _buy(state: m.State, seat: int, action: a.Buy, ctx: Ctx) -> list[Event[Any]]:
    events = effects.gain(state, seat, "money", -action.count, "shopping")
    if action.good == "food":
        return events + effects.gain(state, seat, "food", action.count, "shopping")
    return events + effects.draw(state, seat, action.count, ctx.rng, "shopping")


def _offer(state: m.State, seat: int, action: a.OfferTrade, ctx: Ctx) -> list[Event[Any]]:
    """IGR-27: the buyer answers in a once window."""
    state.turn.offers += 1
    state.offer = m.Offer("trade", seat, [action.to], action.card, action.good, action.count)
    wn.open_window(state.windows, "once", [action.to], "trade", timer="offer")
    return []


def _eat(state: m.State, seat: int, action: a.Eat, ctx: Ctx) -> list[Event[Any]]:
    events = eat(state, seat, action.count)
    wn.push(state.windows, [m.Step("food_done")])
    return events


def _steal(state: m.State, seat: int, action: a.Steal, ctx: Ctx) -> list[Event[Any]]:
    """IGR-17, 18: the defender is asked first, in a once window."""
    state.players[seat].stole_round = state.round
    state.contest = m.Contest(seat, action.target)
    wn.guard(state.windows, [m.Step("theft")], "once", [action.target], "defend", timer="defend")
    return []


def _starve(state: m.State, seat: int, action: a.Starve, ctx: Ctx) -> list[Event[Any]]:
    wn.push(state.windows, [m.Step("food_done")])
    return []


def _nag(state: m.State, seat: int, action: a.Nag, ctx: Ctx) -> list[Event[Any]]:
    return flow.enter(state, "bank", ctx.rng)


def _deposit(state: m.State, seat: int, action: a.Deposit, ctx: Ctx) -> list[Event[Any]]:
    """IGR-14, 22, 23: deposits leave play; 15 and 15 win at once."""
    player = state.players[seat]
    setattr(player, action.good, getattr(player, action.good) - action.count)
    track = f"bank_{action.good}"
    setattr(player, track, getattr(player, track) + action.count)
    events: list[Event[Any]] = [Event(ev.Changed(seat, track, action.count, "deposit"))]
    if flow.bank_full(state, seat):
        events += flow.finish(state, "dream_bank", seat)
    return events


def _discard(state: m.State, seat: int, action: a.Discard, ctx: Ctx) -> list[Event[Any]]:
    events = effects.discard(state, seat, action.card, "hand_limit")
    return events + flow.discard_phase(state, ctx.rng)


def _pick(state: m.State, seat: int, action: a.Pick, ctx: Ctx) -> list[Event[Any]]:
    """IGR-15 option: the neighbour draws a face-down card of the active hand (shuffled first)."""
    active = state.active
    faces = list(state.players[active].hand)
    ctx.rng.shuffle(faces)
    state.turn.discards -= 1
    events = effects.discard(state, active, faces[action.slot], "hand_limit")
    if state.turn.discards > 0:
        return events
    return events + flow.discard_phase(state, ctx.rng)


def _done(state: m.State, seat: int, action: a.Done, ctx: Ctx) -> list[Event[Any]]:
    nxt = {"ability": "shop", "shop": "food", "bank": "discard"}
    if state.phase == "rent":
        return flow.pay_rent(state, ctx.rng)
    return flow.enter(state, nxt[state.phase], ctx.rng)  # type: ignore[arg-type]


#: The handler of every kind a phase offers (kind -> handler).
IN_PHASE: dict[str, Callable[[m.State, int, Any, Ctx], list[Event[Any]]]] = {
    "choose": _choose,
    "first_loop": _first_loop,
    "special": _special,
    "roll": _roll,
    "forest": _forest,
    "use": _use,
    "barter": _barter,
    "split": _split,
    "buy": _buy,
    "offer": _offer,
    "eat": _eat,
    "steal": _steal,
    "starve": _starve,
    "nag": _nag,
    "deposit": _deposit,
    "discard": _discard,
    "pick": _pick,
    "done": _done,
}
