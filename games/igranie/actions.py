"""Carrying out one validated action of a seat (the game's `apply` checked it against its prompt's
choices), and the timeout default of every prompt (README "Prompts, timers and defaults")."""

from __future__ import annotations

from typing import Any

from games.engine import Ctx, Event, IllegalAction, Prompt
from games.engine import windows as wn
from games.igranie import abilities, cards, effects, flow
from games.igranie import events as ev
from games.igranie import model as m
from games.igranie.choices import targets
from games.igranie.plays import eat


def default_action(state: m.State, seat: int, prompt: Prompt) -> Any:
    """The action a timeout stands for: the window's default, else the phase's."""
    window = wn.accepting(state.windows)
    if window is not None:
        return m.Accept() if window.default == "accept" else wn.Pass()
    c = prompt.choices
    phase = state.phase
    if phase == "choose":
        return m.Choose(c["choose"][0]["character"])
    if phase == "first_loop":
        return m.FirstLoop("chillout")
    if phase == "roll":
        return m.Roll()
    if phase == "forest":
        return m.Forest(0)
    if phase == "split":
        n = state.turn.split
        return m.Split(food=(n + 2) // 3, money=(n + 1) // 3, cards=n // 3)
    if phase == "food":
        if c.get("eat"):
            return m.Eat(c["eat"][-1]["count"])
        return m.Nag() if "nag" in c else m.Starve()
    if phase == "discard":
        return m.Discard(state.players[seat].hand[-1])
    if phase == "pick":
        return m.Pick(0)
    return m.Done()


def carry_out(state: m.State, seat: int, action: Any, prompt: Prompt, ctx: Ctx) -> list[Event[Any]]:
    window = wn.accepting(state.windows)
    if window is not None:
        return _in_window(state, seat, action, window)
    return _in_phase(state, seat, action, ctx)


def _in_window(state: m.State, seat: int, action: Any, window: wn.Window[m.Payload]) -> list[Event[Any]]:
    ws = state.windows
    if isinstance(action, wn.Pass):
        wn.pass_(ws, seat)
        return [Event(ev.Passed(seat))]
    if isinstance(action, m.Accept | m.GiveUp):
        payload: m.Payload = m.AcceptPlay() if isinstance(action, m.Accept) else m.GiveUpPlay()
        entry = wn.play(ws, seat, payload)
        return [Event(ev.Played(seat, entry.id, window.id, m.kind_name(action)))]
    hand = state.players[seat].hand
    if isinstance(action, m.Cancel):
        if action.card not in hand or cards.RES[action.card].action.op not in cards.CANCEL_OPS:
            raise IllegalAction("igranie/not_your_card", details={"card": action.card})
        if action.target not in targets(window, seat, action.card):
            raise IllegalAction("window/no_target", details={"target": action.target})
        card_play = m.CardPlay(action.card, "cancel")
        entry = wn.play(ws, seat, card_play, action.target)
    elif isinstance(action, m.Modify | m.Reverse):
        side = action.side if isinstance(action, m.Modify) else 0
        card_play = m.CardPlay(action.card, "modify" if isinstance(action, m.Modify) else "reverse", side)
        entry = wn.play(ws, seat, card_play)
    else:
        raise TypeError(f"no handler for the action kind {m.kind_name(action)!r} in a window")
    effects.discard(state, seat, action.card, "played")
    body = ev.Played(seat, entry.id, window.id, card_play.use, action.card, card_play.side, entry.target)
    return [Event(body)]


def _in_phase(state: m.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
    rng = ctx.rng
    ws = state.windows
    player = state.players[seat]
    if isinstance(action, m.Choose):
        return _choose(state, seat, action.character, rng)
    if isinstance(action, m.FirstLoop):
        player.next_loop = action.loop
        return flow.begin_turn(state, state.first, rng)
    if isinstance(action, m.Special):
        effects.discard(state, seat, action.card, "played")
        w = flow.window(state, "special", [], opening=[(seat, m.SpecialPlay(action.card, action.seat))])
        return [Event(ev.Played(seat, w.plays[0].id, w.id, "special", action.card, target=action.seat))]
    if isinstance(action, m.Roll):
        state.turn.die = rng.randint(1, 6)
        flow.window(state, "move", [m.Step("moved")])
        return [Event(ev.Rolled(seat, "move", [state.turn.die]))]
    if isinstance(action, m.Forest):
        state.turn.move += action.extra
        wn.push(ws, [m.Step("go")])
        return []
    if isinstance(action, m.Use):
        return _use(state, seat, action)
    if isinstance(action, m.Barter):
        abilities.record(state, seat, "barter")
        play = m.AbilityPlay("barter", list(action.seats), [action.count], [action.good])
        w = flow.window(state, "ability", [m.Step("rent_pay")], opening=[(seat, play)])
        return [Event(ev.Played(seat, w.plays[0].id, w.id, "ability", "barter"))]
    if isinstance(action, m.Split):
        state.turn.split = 0
        events = effects.gain(state, seat, "food", action.food, "mom")
        events += effects.gain(state, seat, "money", action.money, "mom")
        events += effects.draw(state, seat, action.cards, rng, "mom")
        return events + flow.enter(state, "shop", rng)
    if isinstance(action, m.Buy):
        events = effects.gain(state, seat, "money", -action.count, "shopping")
        if action.good == "food":
            return events + effects.gain(state, seat, "food", action.count, "shopping")
        return events + effects.draw(state, seat, action.count, rng, "shopping")
    if isinstance(action, m.OfferTrade):
        state.turn.offers += 1
        state.offer = m.Offer("trade", seat, [action.to], action.card, action.good, action.count)
        wn.open_window(ws, "once", [action.to], "trade", timer="offer")
        return []
    if isinstance(action, m.Eat):
        events = eat(state, seat, action.count)
        wn.push(ws, [m.Step("food_done")])
        return events
    if isinstance(action, m.Steal):
        player.stole_round = state.round
        state.contest = m.Contest(seat, action.target)
        wn.guard(ws, [m.Step("theft")], "once", [action.target], "defend", timer="defend")
        return []
    if isinstance(action, m.Starve):
        wn.push(ws, [m.Step("food_done")])
        return []
    if isinstance(action, m.Nag):
        return flow.enter(state, "bank", rng)
    if isinstance(action, m.Deposit):
        return _deposit(state, seat, action)
    if isinstance(action, m.Discard):
        return effects.discard(state, seat, action.card, "hand_limit") + flow.discard_phase(state, rng)
    if isinstance(action, m.Pick):
        return _pick(state, action.slot, rng)
    if isinstance(action, m.Done):
        return _done(state, rng)
    # a kind a prompt offers without a handler here is our bug, never a silent "done"
    raise TypeError(f"no handler for the action kind {m.kind_name(action)!r} outside a window")


def _choose(state: m.State, seat: int, character: str, rng: Any) -> list[Event[Any]]:
    """IGR-1, 2: the character decides the first Large Loop; Fiefiurka chooses hers once all chose."""
    player = state.players[seat]
    player.character = character
    player.next_loop = "chillout" if cards.CHARACTERS[character].sex == "female" else "work"
    events: list[Event[Any]] = [Event(ev.Chosen(seat, character))]
    if any(not p.character for p in state.players):
        return events
    if any(p.character == "fiefiurka" for p in state.players):
        state.phase = "first_loop"
        return events
    return events + flow.begin_turn(state, state.first, rng)


def _use(state: m.State, seat: int, action: m.Use) -> list[Event[Any]]:
    """IGR-11, 36: record the use, then a window in which a card may cancel it (not Tester's Power or
    Extraordinary Locksmith, IGR-32, 34)."""
    abilities.record(state, seat, action.ability)
    state.turn.ability = action.ability
    play = m.AbilityPlay(action.ability, list(action.seats), list(action.amounts), list(action.goods))
    cancellable = action.ability not in abilities.UNCANCELLABLE
    opening = [(seat, play)]
    w = flow.window(state, "ability", [m.Step("phase", "shop")], opening=opening, cancellable=cancellable)
    return [Event(ev.Played(seat, w.plays[0].id, w.id, "ability", action.ability))]


def _deposit(state: m.State, seat: int, action: m.Deposit) -> list[Event[Any]]:
    """IGR-14, 22, 23: deposits leave play; 15 and 15 win at once."""
    player = state.players[seat]
    setattr(player, action.good, getattr(player, action.good) - action.count)
    track = f"bank_{action.good}"
    setattr(player, track, getattr(player, track) + action.count)
    events: list[Event[Any]] = [Event(ev.Changed(seat, track, action.count, "deposit"))]
    if flow.bank_full(state, seat):
        events += flow.finish(state, "dream_bank", seat)
    return events


def _pick(state: m.State, slot: int, rng: Any) -> list[Event[Any]]:
    """IGR-15 option: the neighbour draws a face-down card of the active hand (shuffled first)."""
    seat = state.active
    faces = list(state.players[seat].hand)
    rng.shuffle(faces)
    state.turn.discards -= 1
    events = effects.discard(state, seat, faces[slot], "hand_limit")
    if state.turn.discards > 0:
        return events
    return events + flow.discard_phase(state, rng)


def _done(state: m.State, rng: Any) -> list[Event[Any]]:
    nxt = {"ability": "shop", "shop": "food", "bank": "discard"}
    if state.phase == "rent":
        return flow.pay_rent(state, rng)
    return flow.enter(state, nxt[state.phase], rng)  # type: ignore[arg-type]
