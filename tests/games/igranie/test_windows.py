"""IGR-10, 28…30, 32: Event cards and the reaction windows: cancels resolve last in, first out, a cancel
on a cancel restores its target, Tester's Power cannot be cancelled, own-turn special actions."""

from __future__ import annotations

import msgspec

from games.igranie import GAME
from tests.games.igranie.helpers import (
    FIEFIURKA,
    ILONA,
    LENA,
    MARCIN,
    STEFAN,
    act,
    ask,
    choices,
    empty_hands,
    give,
    kinds,
    on_top,
    passes,
    prompted,
    refused,
    table,
    to_phase,
)


def _event_window(card: str) -> object:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    state.players[0].space, state.players[0].next_loop = "work-5", "chillout"
    on_top(state, "work", card)
    act(state, 0, "roll", dice=[1])
    passes(state, 0, 1, 2)
    return state


def test_igr10_the_event_card_is_drawn_from_the_figures_large_loop_and_applied() -> None:
    state = _event_window("wrk-tax-1")
    window = state.windows.stack[-1]
    assert (window.purpose, window.plays[0].payload.card, prompted(state)) == (
        "event",
        "wrk-tax-1",
        [0, 1, 2],
    )
    passes(state, 0, 1, 2)
    assert state.players[0].money == 4 and "wrk-tax-1" in state.work_discard


def test_igr10_a_loss_larger_than_the_holding_takes_everything_and_no_more() -> None:
    state = _event_window("wrk-tax-1")
    state.players[0].money = 0
    passes(state, 0, 1, 2)
    assert state.players[0].money == 0


def test_igr30_a_cancel_on_a_cancel_restores_the_event_and_a_third_cancels_it_again() -> None:
    for cancels, money in ((1, 5), (2, 4), (3, 5)):
        state = _event_window("wrk-tax-1")
        give(state, 0, "res-plan-1")
        give(state, 1, "res-plan-2")
        give(state, 2, "res-plan-3")
        event = state.windows.stack[-1].plays[0].id
        target = event
        for seat in range(cancels):  # one cancel a round, each answering the one before
            ask(state, {seat: {"kind": "cancel", "card": f"res-plan-{seat + 1}", "target": target}})
            target = state.windows.stack[-1].plays[-1].id
        ask(state)
        assert state.players[0].money == money, cancels


def test_igr30_a_cancel_names_the_play_by_id_and_a_seat_may_not_cancel_its_own_card() -> None:
    state = _event_window("wrk-tax-1")
    give(state, 0, "res-plan-1", "res-plan-2")
    event = state.windows.stack[-1].plays[0].id
    ask(state, {0: {"kind": "cancel", "card": "res-plan-1", "target": event}})
    mine = state.windows.stack[-1].plays[-1].id
    assert {"card": "res-plan-2", "target": mine} not in choices(state, 0, "cancel")
    assert refused(state, 0, "cancel", card="res-plan-2", target=mine) == "window/no_target"
    assert refused(state, 0, "cancel", card="res-plan-2", target=999) == "window/no_target"


def test_igr32_no_cancel_is_offered_or_accepted_against_testers_power() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    give(state, 1, "res-plan-1", "res-luck-1", "res-coupons-1")
    to_phase(state, 0, "ability")
    act(state, 0, "use", ability="tester", seats=[1], amounts=[], goods=[])
    window = state.windows.stack[-1]
    tester = window.plays[0]
    assert (window.purpose, tester.cancellable) == ("ability", False)
    act(state, 0, "pass")
    assert GAME.prompts(state)[1].choices == {"pass": [{}], "cancel": []}
    assert refused(state, 1, "cancel", card="res-plan-1", target=tester.id) == "window/no_target"
    passes(state, 1, 2)
    assert len(state.players[1].hand) == 1 and state.players[0].uses == {"tester": 1}


def test_igr36_a_cancelled_ability_does_nothing_but_counts_as_used() -> None:
    state = table(FIEFIURKA, ILONA, MARCIN)
    empty_hands(state)
    give(state, 1, "res-plan-1")
    to_phase(state, 0, "ability")
    act(state, 0, "use", ability="tough", seats=[], amounts=[], goods=[])
    play = state.windows.stack[-1].plays[0].id
    ask(state, {1: {"kind": "cancel", "card": "res-plan-1", "target": play}})
    bodies = ask(state)
    assert "cancelled" in kinds(bodies)
    assert state.players[0].tough is False
    assert state.players[0].uses == {"tough": 1} and state.phase == "shop"


def test_igr29_own_turn_special_actions_are_offered_in_every_phase_and_open_a_window() -> None:
    state = table(LENA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 0, "res-hustle-1", "res-connections-1")
    for phase in ("roll", "shop", "food", "bank"):
        to_phase(state, 0, phase)
        offered = choices(state, 0, "special")
        assert {"card": "res-hustle-1", "seat": None} in offered, phase
        assert {"card": "res-connections-1", "seat": 1} in offered, phase
    to_phase(state, 0, "shop")
    act(state, 0, "special", card="res-connections-1", seat=2)
    assert state.windows.stack[-1].purpose == "special"
    passes(state, 0, 1, 2)
    assert (state.players[0].money, state.players[2].money, state.phase) == (6, 4, "shop")


def test_igr35_one_tough_motherfucker_protects_her_until_her_next_turn() -> None:
    state = table("fiefiurka", STEFAN, MARCIN)
    empty_hands(state)
    to_phase(state, 0, "ability")
    act(state, 0, "use", ability="tough", seats=[], amounts=[], goods=[])
    passes(state, 0, 1, 2)
    assert state.players[0].tough
    to_phase(state, 1, "ability")
    assert all(0 not in u["seats"] for u in choices(state, 1, "use"))
    to_phase(state, 1, "food")
    assert {"target": 0} not in choices(state, 1, "steal")


def test_igr34_a_cancel_aimed_at_extraordinary_locksmith_is_refused_and_the_food_moves() -> None:
    state = table(STEFAN, ILONA, MARCIN)
    empty_hands(state)
    give(state, 1, "res-plan-1", "res-excuse-1")
    to_phase(state, 0, "ability")
    act(state, 0, "use", ability="locksmith", seats=[1], amounts=[], goods=[])
    locksmith = state.windows.stack[-1].plays[0]
    assert locksmith.cancellable is False
    act(state, 0, "pass")
    assert GAME.prompts(state)[1].choices == {"pass": [{}], "cancel": []}
    for card in ("res-plan-1", "res-excuse-1"):
        assert refused(state, 1, "cancel", card=card, target=locksmith.id) == "window/no_target"
    passes(state, 1, 2)
    assert (state.players[0].food, state.players[1].food) == (6, 4)
    assert len(state.players[1].hand) == 2 and state.players[0].uses == {"locksmith": 1}


def test_igr28_a_perfect_excuse_does_not_cancel_crunch_time_but_a_cunning_plan_does() -> None:
    for card, hungry in (("res-excuse-1", True), ("res-denial-1", True), ("res-plan-1", False)):
        state = _event_window("wrk-crunch-1")
        give(state, 1, card)
        event = state.windows.stack[-1].plays[0].id
        act(state, 0, "pass")
        offered = choices(state, 1, "cancel")
        if hungry:
            assert offered == []
            assert refused(state, 1, "cancel", card=card, target=event) == "window/no_target"
            passes(state, 1, 2)
        else:
            assert offered == [{"card": card, "target": event}]
            act(state, 1, "cancel", card=card, target=event)
            passes(state, 2, 0, 1)
        assert state.players[0].hunger is hungry, card


def test_igr28_a_cancel_targets_another_seats_card_or_ability_but_never_its_own() -> None:
    state = table(FIEFIURKA, ILONA, MARCIN)
    empty_hands(state)
    give(state, 0, "res-excuse-2")
    give(state, 1, "res-excuse-1")
    to_phase(state, 0, "ability")
    act(state, 0, "use", ability="tough", seats=[], amounts=[], goods=[])
    tough = state.windows.stack[-1].plays[0].id
    assert choices(state, 0, "cancel") == []
    ask(state, {1: {"kind": "cancel", "card": "res-excuse-1", "target": tough}})
    mine = state.windows.stack[-1].plays[-1].id
    assert choices(state, 2, "cancel") == []
    assert choices(state, 0, "cancel") == [{"card": "res-excuse-2", "target": mine}]
    ask(state, {0: {"kind": "cancel", "card": "res-excuse-2", "target": mine}})
    ask(state)
    assert state.players[0].tough is True


def test_igr30_a_card_sent_in_a_round_stays_unseen_in_its_hand_until_the_round_is_complete() -> None:
    state = _event_window("wrk-tax-1")
    give(state, 2, "res-plan-3")
    event = state.windows.stack[-1].plays[0].id
    passed = GAME.copy(state)
    assert act(state, 2, "cancel", card="res-plan-3", target=event) == []
    act(passed, 2, "pass")
    assert "res-plan-3" in state.players[2].hand and "res-plan-3" not in state.res_discard
    # the other seats cannot tell the sent card from a pass: their views are the same
    for seat in (None, 0, 1):
        assert msgspec.to_builtins(GAME.view(state, seat)) == msgspec.to_builtins(GAME.view(passed, seat))
    bodies = passes(state, 0, 1)
    assert [(b.seat, b.card) for b in bodies if b.__struct_config__.tag == "played"] == [(2, "res-plan-3")]
    assert "res-plan-3" in state.res_discard
    ask(state)  # everyone is asked again; nobody plays: the window closes
    assert state.players[0].money == 5  # the tax is cancelled (it takes 1 otherwise: IGR-10's test)


def test_igr28_copies_of_a_card_give_one_choice_per_play() -> None:
    """Two Denials and two Cunning Plans in one hand: each play is offered once, with the first copy
    held, not once per copy (a player thinks of "cancel play 2 with Denial", not of which Denial); the
    movement window's modifiers alike."""
    state = _event_window("wrk-tax-1")
    give(state, 1, "res-plan-1")
    give(state, 2, "res-denial-1", "res-plan-2", "res-denial-2", "res-plan-3")
    event = state.windows.stack[-1].plays[0].id
    ask(state, {1: {"kind": "cancel", "card": "res-plan-1", "target": event}})
    plan = state.windows.stack[-1].plays[-1].id
    assert choices(state, 2, "cancel") == [
        {"card": "res-denial-1", "target": plan},
        {"card": "res-plan-2", "target": event},
        {"card": "res-plan-2", "target": plan},
    ]
    # the copy not listed is the same card: sent anyway (an older client), it is still taken
    assert act(state, 2, "cancel", card="res-denial-2", target=plan) == []  # held until the round ends

    moving = table(ILONA, MARCIN, STEFAN)
    empty_hands(moving)
    give(moving, 1, "res-hustle-1", "res-hustle-2", "res-luck-1")
    act(moving, 0, "roll", dice=[3])
    assert choices(moving, 1, "modify") == [
        {"card": "res-hustle-1", "side": 0},
        {"card": "res-luck-1", "side": 0},
    ]
    assert act(moving, 1, "modify", card="res-hustle-2", side=0) == []  # the same play, taken alike


def test_igr28_two_copies_of_a_card_give_one_special_play_per_target() -> None:
    """A new user saw "Play Pickpocket on: Seat 1" twice, once per copy held: copies do the same (IGR-28),
    so each distinct play is offered once, and a play naming either copy is taken (IGR-29)."""
    state = table(LENA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 0, "res-pickpocket-1", "res-pickpocket-2")
    give(state, 1, "res-plan-1")
    give(state, 2, "res-plan-2")
    to_phase(state, 0, "shop")
    offered = [c for c in choices(state, 0, "special") if c["card"].startswith("res-pickpocket")]
    assert offered == [{"card": "res-pickpocket-1", "seat": 1}, {"card": "res-pickpocket-1", "seat": 2}]
    act(state, 0, "special", card="res-pickpocket-2", seat=2)
    assert state.players[0].hand == ["res-pickpocket-2"]
    assert state.windows.stack[-1].purpose == "special"
