"""Jak nedostat infarkt as an engine plugin: setup, prompts, actions, the view, the outcome and the hooks.

Rules INF-1…28 of the spec (``README.md`` beside this file lists every ruling). The round lives in
`games.infarkt.flow`, the places in `games.infarkt.places`, the tracks and deaths in
`games.infarkt.health`; this module decides who is prompted and checks what they send against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Ctx, Event, Game, IllegalAction, Outcome, Policy, Prompt, Rng, Timeout, encode_args
from games.engine import commitments as cm
from games.engine import windows as wn
from games.engine.coverage import Coverage, OptionSet
from games.engine.story import load_story
from games.infarkt import flow, glossary, health, model, places
from games.infarkt.cards import ACTIONS, CARDS, EVENTS, GOODS, MEDICINES, PLACES, TRACKS
from games.infarkt.health import medicines_of, told
from games.infarkt.hidden import redeal
from games.infarkt.model import (
    Choose,
    Committed,
    Decision,
    FamilyAnswer,
    Options,
    Picked,
    Placed,
    PlaceFigures,
    Player,
    State,
    TimedOut,
    UseMedicine,
    View,
)
from games.infarkt.places import legal_sets

#: Timeout defaults of the decision steps (README, "Prompts and timeouts").
DEFAULTS = {"option": "none", "place": "random_legal"}


def decision_choices(state: model.State, d: Decision) -> dict[str, list[dict[str, Any]]]:
    if d.step == "place":
        return {"place": [{"places": s} for s in legal_sets(state, d.seat)]}
    if d.step == "pick":
        values = flow.pickable(state, d.seat)
    elif d.step == "remove":
        values = list(state.preview)
    else:
        values = places.values(state, d)
    return {"choose": [{"value": v} for v in values]}


def _with_medicines(
    state: model.State, seat: int, choices: dict[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    """INF-19: every prompt a holder receives also offers its medicines."""
    meds = medicines_of(state.players[seat])
    return {**choices, "medicine": [{"card": c} for c in meds]} if meds else choices


def _decision_prompt(state: model.State, d: Decision) -> Prompt:
    choices = decision_choices(state, d)
    if d.step not in ("take", "give"):  # a swap under way may need the medicines it was chosen with
        choices = _with_medicines(state, d.seat, choices)
    used = state.players[d.seat].medicines_used
    default = DEFAULTS.get(d.step, "first")
    return Prompt(f"d{state.decisions}/{d.step}/{used}", list(choices), "turn", default, choices)


def _commit_prompts(state: model.State) -> dict[int, Prompt]:
    base = cm.prompts(state.placements, ["place"], default="random_legal", prefix="place")
    for seat, prompt in base.items():
        choices = _with_medicines(state, seat, {"place": [{"places": s} for s in legal_sets(state, seat)]})
        prompt.id += f"/{state.players[seat].medicines_used}"
        prompt.kinds, prompt.choices = list(choices), choices
    return base


NAMES = {
    **{c.id: c.name_en for c in CARDS.values()},
    **{p.id: p.name_en for p in PLACES.values()},
    # a place's option as the log names it: "Supermarket B", "Home rest", "Market refresh"
    **{a.id: f"{PLACES[a.place].name_en} {a.option}".strip() for a in ACTIONS.values() if a.id not in PLACES},
}


def _health(body: Mapping[str, Any]) -> str:
    """``depression +1, cancer -2``: the tracks a `Changed` moved, in `TRACKS` order."""
    return ", ".join(f"{TRACKS[i]} {d:+d}" for i, d in enumerate(body["deltas"]) if d)


def _figures(body: Mapping[str, Any]) -> str:
    """``seat 0: Work, Home; seat 1: Gym``: a `Placed` event's places by seat."""
    placed = sorted(body["placements"].items(), key=lambda item: int(item[0]))
    return "; ".join(f"seat {s}: " + ", ".join(NAMES.get(p, p) for p in places) for s, places in placed)


def _where(pile: str) -> str:
    """A `Moved` event's end: ``hand:2`` is seat 2's hand; a place or pile by its name."""
    return f"seat {pile[5:]}'s hand" if pile.startswith("hand:") else NAMES.get(pile, pile)


STORY_FIELDS = {
    "changed": {"health": _health},
    "placed": {"figures": _figures},
    "moved": {"origin": lambda b: _where(b["source"]), "destination": lambda b: _where(b["target"])},
}


class Infarkt(Game[model.State, model.Options]):
    """Jak nedostat infarkt for 2 to 5 seats (rules INF-1…28)."""

    id = "infarkt"
    title = "Jak nedostat infarkt"
    min_seats = 2
    max_seats = 5
    #: INF-19: the medicine windows; INF-25: the family question (README, "Prompts and timeouts").
    timers = {"medicine": 5.0, "family": 10.0}
    State = State
    Options = Options
    Action = model.Action
    View = View
    EventBody = model.EventBody
    #: Card and place ids by their English names in the log; health changes by track, places by seat.
    story = load_story("games.infarkt.data", "story.json", model.EventBody, NAMES, STORY_FIELDS)
    catalog = glossary.catalog(story)

    def setup(self, seats: int, options: model.Options, ctx: Ctx) -> model.State:
        """INF-5, INF-6, INF-27, INF-28 (`Options` checks the variant against the expansions). Raises
        ``ValueError`` for a seat count out of range."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"infarkt seats 2 to 5 players, not {seats}")
        rng = ctx.rng
        goods, meds, events = list(GOODS), list(MEDICINES), list(EVENTS)
        for pile in (goods, meds, events):
            rng.shuffle(pile)
        start = rng.below(seats)  # INF-6 ruling: a random start player
        players = []
        for _ in range(seats):
            cards = [goods.pop()] if seats == 2 else [meds.pop(), goods.pop()]  # INF-5, INF-28
            players.append(Player([0] * 6, 1, cards))
        bonus = {3: (1,), 4: (1,), 5: (2, 1)}.get(seats, ())
        for offset, money in enumerate(bonus):
            players[(start + 2 + offset) % seats].money += money
        state = State(
            seats,
            options,
            flow.places_in_play(options.expansions),
            players,
            start,
            goods=goods,
            medicines=meds,
            events=events,
        )
        state.market = [state.goods.pop() for _ in range(3)] + [state.medicines.pop()]
        self._settle(state, rng)  # the first round's offer and picker; setup's events are not sent
        return state

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        """The accepting window's seats, else the decision's seat, else every seat yet to place."""
        if state.phase == "over":
            return {}
        if wn.accepting(state.windows) is not None:
            return wn.prompts(state.windows, lambda w, s: flow.window_choices(state, w, s))
        if state.decision is not None:
            return {state.decision.seat: _decision_prompt(state, state.decision)}
        return _commit_prompts(state)

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action; a value outside the prompt's choices is refused ``action/bad_choice``."""
        prompt = self.prompts(state)[seat]
        bodies: list[model.EventBody] = []
        if isinstance(action, Timeout):
            bodies.append(TimedOut(seat, prompt.default))
            action = self._default(state, seat, prompt, ctx.rng)
        elif isinstance(action, PlaceFigures):
            action = PlaceFigures(
                sorted(action.places, key=lambda p: state.places.index(p) if p in state.places else -1)
            )
        kind = action.__struct_config__.tag
        if kind != "pass" and encode_args(action) not in prompt.choices.get(kind, []):
            raise IllegalAction("action/bad_choice", details={"kind": kind})
        bodies += self._act(state, seat, action, ctx.rng)
        return [Event(b) for b in bodies] + self._settle(state, ctx.rng)

    def _default(self, state: model.State, seat: int, prompt: Prompt, rng: Rng) -> Any:
        if prompt.default == "pass":
            return wn.Pass()
        if prompt.default == "random_legal":
            return PlaceFigures(rng.choice(legal_sets(state, seat)))
        if prompt.default == "none":
            return Choose(places.NONE)
        return Choose(prompt.choices["choose"][0]["value"])

    def _act(self, state: model.State, seat: int, action: Any, rng: Rng) -> list[model.EventBody]:
        ws = state.windows
        if isinstance(action, UseMedicine):
            window = wn.accepting(ws)
            if window is not None:  # a record in the window; the effect is at once (INF-13)
                wn.play(ws, seat, action, cancellable=False)
            bodies = flow.use_medicine(state, seat, action.card)
            d = state.decision
            if window is None and d is not None and d.step == "pick" and not flow.pickable(state, seat):
                state.decision, state.decisions = None, state.decisions + 1  # INF-21 left nothing to pick
                bodies.append(Picked(seat, None))
            return bodies
        if isinstance(action, FamilyAnswer):
            wn.play(ws, seat, action)
            return []
        if isinstance(action, wn.Pass):
            wn.pass_(ws, seat)
            return []
        if isinstance(action, PlaceFigures):
            return self._place(state, seat, action.places, rng)
        d = state.decision
        assert d is not None and isinstance(action, Choose)
        if d.step == "pick":
            state.decisions += 1
            return flow.pick(state, seat, action.value)
        if d.step == "remove":
            state.decisions += 1
            return flow.remove_preview(state, action.value)
        return places.choose(state, d, action.value, rng)

    def _place(self, state: model.State, seat: int, chosen: list[str], rng: Rng) -> list[model.EventBody]:
        """INF-8: a hidden commitment (revealed when the last living seat has placed), or in sequential
        placement a visible placement of the seat in turn."""
        if state.decision is not None:
            state.decision, state.decisions = None, state.decisions + 1
            state.players[seat].figures = list(chosen)
            return [Placed({seat: list(chosen)})]
        cm.commit(state.placements, seat, list(chosen))
        bodies: list[model.EventBody] = [Committed(seat)]
        if cm.all_committed(state.placements):
            revealed = cm.reveal(state.placements)
            for s, figures in revealed:
                state.players[s].figures = list(figures)
            bodies.append(Placed(dict(revealed)))
            bodies += flow.begin_actions(state, rng)
        return bodies

    def _settle(self, state: model.State, rng: Rng) -> list[Event[Any]]:
        """Run the queue and move the round on until someone is prompted or the game is over."""
        events: list[Event[Any]] = []
        resolver = flow.Resolver(state, rng)
        while True:
            events += wn.run(state.windows, resolver)
            if wn.accepting(state.windows) or state.decision or cm.is_open(state.placements):
                return events
            if state.phase == "over":
                return events
            events += [Event(b) for b in flow.advance(state, rng)]

    def view(self, state: model.State, seat: int | None) -> model.View:
        """Everything public, and of the hidden things only this seat's own."""
        buyer = state.decision.seat if state.decision and state.decision.step == "spree" else -1
        knows_top = seat is not None and seat in state.top_known_by and bool(state.goods)
        return View(
            seat=seat,
            phase=state.phase,
            round=state.round,
            round_limit=state.options.round_limit,
            start=state.start,
            places=list(state.places),
            players=[msgspec_copy(p) for p in state.players],
            offer=list(state.offer),
            market=list(state.market),
            black_market=list(state.black_market),
            set_aside=list(state.set_aside),
            goods_count=len(state.goods),
            medicines_count=len(state.medicines),
            events_count=len(state.events),
            goods_discard=list(state.goods_discard),
            medicines_discard=list(state.medicines_discard),
            events_discard=list(state.events_discard),
            family_supply=state.family_supply,
            career_supply=state.career_supply,
            placements=cm.view(state.placements, seat),
            windows=list(state.windows.stack),
            top_known_by=list(state.top_known_by),
            spree_count=len(state.spree),
            preview_count=len(state.preview),
            afterlife=state.afterlife,
            decision=state.decision,
            goods_top=state.goods[-1] if knows_top else None,
            spree=list(state.spree) if seat is not None and seat == buyer else None,
            preview=list(state.preview) if seat is not None and seat == state.afterlife else None,
        )

    def outcome(self, state: model.State) -> Outcome | None:
        """INF-17: the last living player wins; nobody when the last deaths leave nobody alive; after
        the round limit a guard ends the game with the living sharing rank 1."""
        if state.phase != "over":
            return None
        ranks = health.ranks(state)
        alive = health.living(state)
        if state.guard:
            return Outcome(ranks, alive, "round_limit", True)
        if not alive:
            return Outcome(ranks, [], "no_survivor")
        return Outcome(ranks, alive)

    def standings(self, view: model.View) -> str:
        """Who survived and in what order the others died: `games.infarkt.health.told`."""
        return told(view.players)

    def idle_code(self, state: model.State, seat: int) -> str:
        return cm.idle_code(state.placements, seat) or wn.idle_code(state.windows, seat) or "action/no_prompt"

    # ---- conformance hooks ------------------------------------------------------------------------------
    def invariants(self, state: model.State) -> list[str]:
        """Cards conserved (154, each once), tracks in 0..10, the dead holding nothing, tokens within
        their supplies and limits."""
        broken: list[str] = []
        held = [c for p in state.players for c in (*p.cards, *p.diary)]
        piles = (
            state.goods
            + state.goods_discard
            + state.medicines
            + state.medicines_discard
            + state.events
            + state.events_discard
            + state.set_aside
            + state.offer
            + state.market
            + state.black_market
            + state.spree
            + state.preview
        )
        if sorted(held + piles) != sorted(CARDS):
            broken.append("the 154 cards are not each exactly once in piles, offers and hands")
        for seat, p in enumerate(state.players):
            if any(not 0 <= v <= 10 for v in p.tracks) or p.money < 0:
                broken.append(f"seat {seat}: a track outside 0..10 or negative money")
            if p.died and (p.cards or p.figures or p.money):
                broken.append(f"seat {seat}: dead but holding cards, figures or money")
            if not (0 <= p.family <= 4 and 0 <= p.career <= 4):
                broken.append(f"seat {seat}: more than 4 tokens of a kind")
        if state.family_supply + sum(p.family for p in state.players) != 12:
            broken.append("family tokens are not conserved")
        if state.career_supply + sum(p.career for p in state.players) != 13:
            broken.append("career tokens are not conserved")
        return broken

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        """The piles' cards; a spree's cards but to their buyer; the returned top card but to those who
        know it; the afterlife preview but to its player (INF: Hidden information)."""
        ids = set(state.goods) | set(state.medicines) | set(state.events)
        if seat is not None and seat in state.top_known_by and state.goods:
            ids.discard(state.goods[-1])
        buyer = state.decision.seat if state.decision and state.decision.step == "spree" else -1
        if seat != buyer:
            ids |= set(state.spree)
        if seat != state.afterlife:
            ids |= set(state.preview)
        return ids

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        """The piles, the cards of another's spree or preview and the other seats' pending placements
        dealt anew; what ``seat`` knows (its spree, the top card it returned, its preview) stays."""
        return redeal(self.copy(state), seat, rng)

    def coverage(self) -> Coverage:
        """The base game at 2..5 seats (INF-28 at 2), each expansion alone (the advanced variant, INF-27),
        the extreme variant with three expansions and the afterlife, with two and sequential placement,
        and the afterlife with sequential placement. A game is ~280 checked steps at ~120 per second."""
        sets = [OptionSet({}, (2, 3, 4, 5))]
        for index, expansion in enumerate(("black_market", "nightlife", "flirt", "family", "career")):
            sets.append(OptionSet({"variant": "advanced", "expansions": [expansion]}, (3 + index % 3,)))
        extreme = {"variant": "extreme", "expansions": ["nightlife", "family", "career"], "afterlife": True}
        sequential: dict[str, Any] = {"variant": "extreme", "expansions": ["flirt", "black_market"]}
        sequential["sequential_placement"] = True
        sets += [OptionSet(extreme, (4, 5)), OptionSet(sequential, (2, 4))]
        sets.append(OptionSet({"afterlife": True, "sequential_placement": True}, (3, 5)))
        return Coverage(tuple(sets), step_cap=5000, ci_playouts=30)

    def bots(self) -> Mapping[str, Policy]:
        """``heuristic``: `games.infarkt.bot.heuristic`."""
        from games.infarkt.bot import heuristic

        return {"heuristic": heuristic}


def msgspec_copy(player: Player) -> Player:
    return Player(
        list(player.tracks),
        player.money,
        list(player.cards),
        list(player.diary),
        player.family,
        player.career,
        player.died,
        list(player.figures),
        player.no_work,
        player.no_home,
        player.medicine_since_offer,
        player.medicines_used,
    )


GAME = Infarkt()
