"""Infarkt's setup and round (INF-5…10, INF-20, INF-21, INF-27, INF-28): the starting hands, the event
draft with the start-player token passing after it, placement, and the action order."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Event, IllegalAction
from games.engine.match import setup_ctx
from games.infarkt import GAME, flow, rules
from games.infarkt.cards import CARDS
from games.infarkt.events import Moved, OfferLaid, Picked, RoundStarted
from games.infarkt.model import Decision
from games.infarkt.places import legal_sets
from tests.games.infarkt.helpers import (
    ANTIDEP,
    DAYOFF,
    DIARRHOEA,
    ROBBED,
    STATINS,
    TRIP,
    act,
    choose,
    empty_hands,
    give,
    kinds,
    of_kind,
    prompts,
    table,
    take_out,
)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_inf5_every_player_starts_at_zero_with_money_a_medicine_and_a_goods_card(seats: int) -> None:
    state = table(seats).state
    for player in state.players:
        assert player.tracks == [0] * 6
        assert sorted(CARDS[c].kind for c in player.cards) == ["goods", "medicine"]
    assert [CARDS[c].kind for c in state.market] == ["goods", "goods", "goods", "medicine"]


@pytest.mark.parametrize(
    ("seats", "bonus"),
    [(2, [1, 1]), (3, [1, 1, 2]), (4, [1, 1, 2, 1]), (5, [1, 1, 3, 2, 1])],
)
def test_inf6_the_third_and_fourth_players_in_order_get_extra_money(seats: int, bonus: list[int]) -> None:
    for seed in (b"a", b"b", b"c"):
        state = table(seats, seed).state
        money = [state.players[(state.start + i) % seats].money for i in range(seats)]
        assert money == bonus


def test_inf6_the_start_player_is_random() -> None:
    assert {table(4, bytes([i])).state.start for i in range(20)} == {0, 1, 2, 3}


def test_inf28_two_players_start_without_a_medicine() -> None:
    state = table(2).state
    assert all([CARDS[c].kind for c in p.cards] == ["goods"] for p in state.players)


def test_inf7_the_offer_has_one_card_more_than_living_players_and_picks_go_in_seat_order() -> None:
    match = table(4)
    state = match.state
    assert len(state.offer) == 5
    order = [(state.start + i) % 4 for i in range(4)]
    for seat in order:
        empty_hands(match.state)
        assert list(prompts(match)) == [seat]
        choose(match, seat, match.state.offer[0])
    assert all(len(p.diary) == 1 for p in match.state.players)


def test_inf7_the_first_action_tells_round_1s_start_and_offer_as_setup_laid_them_once() -> None:
    match = table(3)
    empty_hands(match.state)
    start, offer = match.state.start, list(match.state.offer)
    first = choose(match, start, offer[0])
    assert first[:3] == [RoundStarted(1, start), OfferLaid(offer, "deck"), Picked(start, offer[0])]
    second = choose(match, (start + 1) % 3, match.state.offer[0])
    assert kinds(second)[0] == "picked"
    assert of_kind(second, "round_started") == [] and of_kind(second, "offer_laid") == []


def test_inf22_the_opening_tells_the_black_market_laid_in_setup() -> None:
    match = table(4, variant="advanced", expansions=["black_market"])
    start, stall, offer = match.state.start, list(match.state.black_market), list(match.state.offer)
    assert len(stall) == 4
    first = choose(match, start, offer[0])
    opening = [RoundStarted(1, start), Moved(stall, "goods", "black_market"), OfferLaid(offer, "deck")]
    assert first[:3] == opening


@pytest.mark.parametrize("options", [{}, {"variant": "advanced", "expansions": ["black_market"]}])
def test_the_opening_is_what_setup_told_itself(
    options: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """setup's own events (setup sends none) are exactly those `flow.opening` tells with the first action."""
    told: list[Event[Any]] = []
    settle = rules.settle
    monkeypatch.setattr(rules, "settle", lambda state, rng: told.extend(settle(state, rng)) or told)
    state = GAME.setup(4, GAME.options(options), setup_ctx(b"opening"))
    assert [e.body for e in told] == flow.opening(state)
    assert state.announce is True


def test_inf7_the_start_token_passes_after_the_draft_and_the_new_start_player_leads_the_actions() -> None:
    match = table(3)
    first = match.state.start
    bodies = []
    for i in range(3):
        empty_hands(match.state)
        bodies += choose(match, (first + i) % 3, match.state.offer[0])
    leftover = of_kind(bodies, "moved")[-1]
    assert of_kind(bodies, "start_passed")[0].seat == (first + 1) % 3 == match.state.start
    assert leftover.target == "discard" and leftover.cards[0] in match.state.events_discard
    assert kinds(bodies)[-2:] == ["moved", "start_passed"]
    for seat in range(3):
        act(match, seat, "place", places=["work", "pharmacy", "gym"])
    assert match.state.actors[0] == (first + 1) % 3
    assert match.state.decision is not None and match.state.decision.seat == (first + 1) % 3


def test_inf21_robbed_cannot_be_picked_after_using_a_medicine_since_the_offer() -> None:
    match = table(3)
    state = match.state
    seat = state.start
    take_out(state, ROBBED)
    state.offer[0] = ROBBED
    give(state, seat, STATINS)
    before = [c["value"] for c in prompts(match)[seat].choices["choose"]]
    assert ROBBED in before
    act(match, seat, "medicine", card=STATINS)
    assert match.state.players[seat].medicine_since_offer
    after = [c["value"] for c in prompts(match)[seat].choices["choose"]]
    assert after == [c for c in before if c != ROBBED]
    with pytest.raises(IllegalAction) as err:
        choose(match, seat, ROBBED)
    assert err.value.code == "action/bad_choice"


def test_inf7_a_picker_with_every_card_forbidden_takes_none() -> None:
    match = table(2)
    state = match.state
    first, second = state.start, 1 - state.start
    empty_hands(state)
    state.events_discard += state.offer
    for card in (ROBBED, "event-robbed-2", DIARRHOEA):
        take_out(state, card)
    state.offer = [ROBBED, "event-robbed-2", DIARRHOEA]
    state.players[second].medicine_since_offer = True
    bodies = choose(match, first, DIARRHOEA)
    assert of_kind(bodies, "picked")[-1] == Picked(second, None)
    assert match.state.players[second].diary == []
    assert match.state.set_aside == [ROBBED, "event-robbed-2"]  # INF-28: the leftovers are set aside


@pytest.mark.parametrize(
    ("event", "forbidden"),
    [(DAYOFF, {"work"}), (TRIP, {"home"})],
)
def test_inf20_day_off_and_business_trip_forbid_a_place_this_round(event: str, forbidden: set[str]) -> None:
    match = table(3)
    seat = match.state.start
    empty_hands(match.state)
    take_out(match.state, event)
    match.state.offer[0] = event
    choose(match, seat, event)
    sets = legal_sets(match.state, seat)
    assert sets and all(not forbidden & set(s) for s in sets)
    assert len(sets) == 10  # 3 of the 5 places left
    others = legal_sets(match.state, (seat + 1) % 3)
    assert len(others) == 20


def test_inf20_day_off_also_forbids_career() -> None:
    match = table(3, variant="advanced", expansions=["career"])
    state = match.state
    state.players[0].no_work = True
    assert all(not {"work", "career"} & set(s) for s in legal_sets(state, 0))


@pytest.mark.parametrize(("expansion", "rival"), [("black_market", "supermarket"), ("career", "work")])
def test_inf22_inf26_two_places_may_not_both_be_taken(expansion: str, rival: str) -> None:
    state = table(3, variant="advanced", expansions=[expansion]).state
    sets = legal_sets(state, 0)
    assert not [s for s in sets if expansion in s and rival in s]
    assert [s for s in sets if expansion in s] and [s for s in sets if rival in s]


def test_inf8_placement_takes_three_different_places_from_the_legal_sets_only() -> None:
    match = table(3)
    while match.state.phase == "events":
        seat = next(iter(prompts(match)))
        empty_hands(match.state)
        choose(match, seat, prompts(match)[seat].choices["choose"][0]["value"])
    assert sorted(prompts(match)) == [0, 1, 2]
    prompt = prompts(match)[0]
    assert (prompt.timer, prompt.default, prompt.strike) == ("commit", "random_legal", True)
    assert len(prompt.choices["place"]) == 20
    for bad in (["work", "work", "gym"], ["work", "gym"], ["work", "gym", "casino"]):
        with pytest.raises(IllegalAction) as err:
            act(match, 0, "place", places=bad)
        assert err.value.code == "action/bad_choice"
    act(match, 0, "place", places=["gym", "work", "home"])  # any order of a legal set
    with pytest.raises(IllegalAction) as again:
        act(match, 0, "place", places=["gym", "work", "home"])
    assert again.value.code == "commit/already"


def test_inf8_sequential_placement_goes_in_turn_order_and_shows_each_placement() -> None:
    match = table(3, sequential_placement=True)
    while match.state.phase == "events":
        seat = next(iter(prompts(match)))
        empty_hands(match.state)
        choose(match, seat, prompts(match)[seat].choices["choose"][0]["value"])
    start = match.state.start
    for i in range(3):
        seat = (start + i) % 3
        assert list(prompts(match)) == [seat]
        bodies = act(match, seat, "place", places=["work", "pharmacy", "gym"])
        if i < 2:
            assert of_kind(bodies, "placed")[0].placements == {seat: ["work", "pharmacy", "gym"]}
            assert GAME.view(match.state, (seat + 1) % 3).players[seat].figures == ["work", "pharmacy", "gym"]


def test_inf9_a_player_chooses_the_order_of_their_figures() -> None:
    match = table(3)
    state = match.state
    empty_hands(state)
    state.events_discard += state.offer
    state.offer, state.pickers = [], []
    state.phase, state.actors, state.decision = "actions", [1], Decision(1, "resolve")
    state.players[1].figures = ["work", "pharmacy", "gym"]
    prompt = prompts(match)[1]
    assert prompt.choices["choose"] == [{"value": "work"}, {"value": "pharmacy"}, {"value": "gym"}]
    assert (prompt.timer, prompt.default) == ("turn", "first")
    choose(match, 1, "gym")
    assert match.state.decision == Decision(1, "option", place="gym")
    assert match.state.players[1].figures == ["work", "pharmacy"]
    choose(match, 1, "none")
    assert match.state.decision == Decision(1, "resolve")
    choose(match, 1, "pharmacy", "none")
    assert match.state.decision == Decision(1, "option", place="work")  # the last figure needs no choice


def test_inf7_the_event_is_applied_at_once() -> None:
    match = table(3)
    seat = match.state.start
    empty_hands(match.state)
    take_out(match.state, DIARRHOEA)
    match.state.offer[0] = DIARRHOEA
    bodies = choose(match, seat, DIARRHOEA)
    assert match.state.players[seat].tracks == [0, 0, 0, 3, 0, 0]  # obesity stays at 0 (INF-1)
    assert of_kind(bodies, "changed")[0].deltas == [0, 0, 0, 3, 0, 0]
    assert match.state.players[seat].diary == [DIARRHOEA]


def test_inf21_a_medicine_used_at_the_pick_that_leaves_only_robbed_takes_none() -> None:
    match = table(2)
    state = match.state
    seat = state.start
    empty_hands(state)
    state.events_discard += state.offer
    for card in (ROBBED, "event-robbed-2"):
        take_out(state, card)
    state.offer = [ROBBED, "event-robbed-2"]
    give(state, seat, STATINS)
    bodies = act(match, seat, "medicine", card=STATINS)
    assert of_kind(bodies, "picked") == [Picked(seat, None)]
    assert match.state.decision is not None and match.state.decision.seat == 1 - seat


def test_inf7_the_token_moves_on_from_a_dead_holders_seat_so_no_seat_leads_twice() -> None:
    match = table(4)
    state = match.state
    state.events_discard += state.offer
    state.offer, state.pickers = [], []
    state.start, state.phase, state.actors = 1, "actions", [1]
    state.decision = Decision(1, "option", place="work")
    empty_hands(state)
    state.players[1].tracks = [0, 0, 0, 8, 0, 0]
    for player in state.players:
        player.money = 3  # the funeral is paid: nobody else is hurt
    bodies = choose(match, 1, "work")
    assert match.state.players[1].died
    # round 2: the token held by the dead seat 1 has moved on to seat 2, which picks first
    assert of_kind(bodies, "round_started")[-1].start == 2 == match.state.start
    order = []
    for _ in range(3):
        (seat,) = prompts(match)
        order.append(seat)
        bodies = choose(match, seat, match.state.offer[0])
    assert order == [2, 3, 0]
    # seat 3, not seat 2 again, leads round 2's actions and round 3's events
    assert of_kind(bodies, "start_passed")[-1].seat == 3 == match.state.start


def test_inf21_no_window_comes_between_picking_robbed_and_its_effect() -> None:
    match = table(3)
    state = match.state
    seat = state.start
    empty_hands(state)
    take_out(state, ROBBED)
    state.offer[0] = ROBBED
    give(state, seat, STATINS, ANTIDEP)
    state.players[seat].tracks = [6, 0, 0, 6, 0, 0]
    choose(match, seat, ROBBED)
    state = match.state
    # the medicines are gone unused: the robbery's depression +2 lands on 6, and the next seat picks
    assert list(prompts(match)) == [(seat + 1) % 3]
    assert state.players[seat].cards == []
    assert {STATINS, ANTIDEP} <= set(state.medicines_discard)
    assert (state.players[seat].tracks, state.players[seat].medicines_used) == ([6, 0, 0, 8, 0, 0], 0)
