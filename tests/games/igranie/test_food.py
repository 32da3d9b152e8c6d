"""IGR-17…19, 34: the Food phase, Fridge thefts judged on the plays as played, Hunger, Scrawny Nag."""

from __future__ import annotations

import msgspec

from games.igranie import GAME
from tests.games.igranie.helpers import (
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
    table,
    to_phase,
)


def _theft(attacker: str = MARCIN, defender: str = ILONA, dice: tuple[int, int] = (5, 4)) -> object:
    """Seat 0 attacks seat 1's shelf, seat 2 looks on; the contest window is open at seat 0."""
    state = table(attacker, defender, STEFAN)
    empty_hands(state)
    to_phase(state, 0, "food")
    state.players[0].food = 0
    act(state, 0, "steal", target=1)
    assert prompted(state) == [1] and choices(state, 1, "give_up") == [{}]
    act(state, 1, "pass", dice=list(dice))
    return state


def test_igr17_a_player_with_food_must_eat_or_steal_and_may_not_eat_nothing() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    to_phase(state, 0, "food")
    prompt = choices(state, 0, "eat"), choices(state, 0, "starve"), choices(state, 0, "steal")
    assert prompt == ([{"count": 1}], [], [{"target": 1}, {"target": 2}])
    act(state, 0, "eat", count=1)
    assert (state.players[0].food, state.players[0].hunger, state.phase) == (4, False, "bank")


def test_igr18_the_tie_example_with_a_cancelled_card_goes_to_the_attacker() -> None:
    state = _theft()
    give(state, 0, "res-plan-1", "res-coupons-1")  # +1, +1
    give(state, 1, "res-excuse-1", "res-denial-1")  # +2; a cancel
    assert state.contest.dice == [5, 4]
    plan = {"kind": "modify", "card": "res-plan-1", "side": 0}  # 6-4
    ask(state, {0: plan, 1: {"kind": "modify", "card": "res-excuse-1", "side": 1}})  # then 6-6
    first = state.windows.stack[-1].plays[-2].id  # IGR-30: the round's plays in turn order
    assert state.windows.stack[-1].plays[-2].payload.card == "res-plan-1"
    coupons = {"kind": "modify", "card": "res-coupons-1", "side": 0}  # 7-6
    ask(state, {0: coupons, 1: {"kind": "cancel", "card": "res-denial-1", "target": first}})  # 6-6 as played
    bodies = ask(state)
    settled = next(b for b in bodies if b.__struct_config__.tag == "theft_settled")
    assert (settled.totals, settled.winner, settled.tie) == ([6, 6], 0, True)
    assert (state.players[1].food, state.turn.eaten, state.players[0].hunger) == (4, 1, False)
    # a new user read "5 przeciw 5, wygrywa Miejsce 1" as a mistake: the log says why the tie went so
    body = msgspec.to_builtins(settled) | {"kind": "theft_settled"}
    names = {0: "Miejsce 0 (Ala)", 1: "Miejsce 1 (Bartek)"}.__getitem__
    assert GAME.catalog.teller("pl").describe(body, names) == (
        "Miejsce 0 (Ala) okrada Miejsce 1 (Bartek): 6 przeciw 6, remis, który wygrywa strona prowadząca "
        "przed ostatnią zagraną kartą (IGR-18): wygrywa Miejsce 0 (Ala)"
    )
    assert GAME.catalog.teller("en").describe(body, names) == (
        "Miejsce 0 (Ala) robbing Miejsce 1 (Bartek): 6 against 6, a tie, which goes to the side ahead "
        "before the last card played (IGR-18): Miejsce 0 (Ala) won"
    )


def test_igr18_attacker_and_defender_play_cards_and_a_third_player_tips_the_contest() -> None:
    state = _theft(dice=(4, 3))
    give(state, 0, "res-plan-1")  # +1
    give(state, 1, "res-plan-2")  # +1
    give(state, 2, "res-excuse-1")  # +2
    act(state, 0, "modify", card="res-plan-1", side=0)  # 5-3
    act(state, 1, "modify", card="res-plan-2", side=1)  # 5-4
    assert {"card": "res-excuse-1", "side": 1} in choices(state, 2, "modify")
    act(state, 2, "modify", card="res-excuse-1", side=1)  # 5-6
    bodies = passes(state, 0, 1, 2)
    settled = next(b for b in bodies if b.__struct_config__.tag == "theft_settled")
    assert (settled.totals, settled.winner, settled.tie) == ([5, 6], 1, False)
    assert (state.players[1].food, state.players[1].defended_round, state.players[0].hunger) == (5, 1, True)


def test_igr18_a_fought_off_theft_leaves_the_attacker_hungry_and_the_defender_unable_to_eat_own_food() -> (
    None
):
    state = _theft(dice=(2, 5))
    state.players[0].food = 0
    bodies = passes(state, 0, 1, 2)
    assert "theft_settled" in kinds(bodies)
    assert (state.players[1].food, state.players[1].defended_round, state.players[0].hunger) == (5, 1, True)
    to_phase(state, 1, "food")
    assert choices(state, 1, "eat") == [] and choices(state, 1, "starve") == [{}]


def test_igr18_after_a_failed_theft_a_player_with_food_eats_one_of_its_own() -> None:
    state = _theft(dice=(1, 6))
    state.players[0].food = 3
    passes(state, 0, 1, 2)
    assert (state.players[0].food, state.players[0].hunger) == (2, False)


def test_igr18_the_defender_may_give_up_without_rolling() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    to_phase(state, 0, "food")
    act(state, 0, "steal", target=1)
    bodies = act(state, 1, "give_up")
    assert "rolled" not in kinds(bodies)
    assert (state.players[1].food, state.turn.eaten, state.phase) == (4, 1, "bank")


def test_igr18_a_tie_of_the_dice_rolls_again_and_lenas_sex_appeal_modifies_her_rolls() -> None:
    state = _theft(attacker=LENA, defender=MARCIN, dice=(3, 5, 2, 6))
    assert state.contest.dice == [4, 6]  # 3+2 ties 5: again, 2+2 against 6
    state = _theft(attacker=MARCIN, defender=LENA, dice=(3, 4, 2, 6))
    assert state.contest.dice == [2, 5]  # 3 ties 4-1: again, 2 against 6-1


def test_igr17_one_fridge_theft_per_round() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    state.players[0].stole_round = 1
    to_phase(state, 0, "food")
    assert choices(state, 0, "steal") == []


def test_igr19_eating_nothing_gives_a_hunger_marker_and_a_second_time_death() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    for p in state.players:
        p.food = 0
    to_phase(state, 0, "food")
    act(state, 0, "starve")
    assert state.players[0].hunger and state.phase == "bank"
    state.players[0].turns += 1  # the next turn
    to_phase(state, 0, "food")
    bodies = act(state, 0, "starve")
    assert "died" in kinds(bodies) and state.players[0].cause == "starvation"
    assert (state.phase, state.reason) == ("over", "death")


def test_igr19_eating_two_in_one_food_phase_removes_the_marker() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    state.players[0].hunger = True
    to_phase(state, 0, "food")
    assert choices(state, 0, "eat") == [{"count": 1}, {"count": 2}]
    act(state, 0, "eat", count=2)
    assert (state.players[0].food, state.players[0].hunger) == (3, False)


def test_igr19_double_portion_option_kills_a_character_eating_one_the_turn_after_hunger() -> None:
    state = table(MARCIN, ILONA, STEFAN, double_portion_after_hunger=True)
    player = state.players[0]
    player.hunger, player.hunger_turn, player.turns = True, 3, 4
    to_phase(state, 0, "food")
    act(state, 0, "eat", count=1)
    assert player.cause == "starvation"


def test_igr34_scrawny_nag_skips_a_first_week_food_phase_without_hunger() -> None:
    state = table(STEFAN, ILONA, MARCIN)
    player = state.players[0]
    player.food = 0
    to_phase(state, 0, "food")
    assert choices(state, 0, "nag") == [{}]
    act(state, 0, "nag")
    assert (player.hunger, state.phase) == (False, "bank")
    player.hunger = True
    to_phase(state, 0, "food")
    act(state, 0, "nag")
    assert (player.hunger, player.dead) == (True, False)
    state.round = 2
    to_phase(state, 0, "food")
    assert choices(state, 0, "nag") == []


def _crunch_time_then_food(seat_food: int) -> object:
    """Seat 0 (Marcin, on Work) draws Crunch Time; the window closes and the turn reaches Food."""
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    state.players[0].space, state.players[0].food = "work-4", seat_food
    for p in state.players[1:]:
        p.food = 0  # nothing to steal
    on_top(state, "work", "wrk-crunch-1")
    act(state, 0, "roll", dice=[1])
    passes(state, 0, 1, 2)  # the movement window
    passes(state, 0, 1, 2)  # the Event card's window: the marker
    assert state.players[0].hunger
    while state.phase != "food":
        act(state, 0, "done")
    return state


def test_igr19_a_hunger_marker_from_crunch_time_never_kills_in_that_turn() -> None:
    state = _crunch_time_then_food(0)
    assert choices(state, 0, "starve") == [{}]
    bodies = act(state, 0, "starve")
    assert "died" not in kinds(bodies)
    assert (state.players[0].dead, state.players[0].hunger, state.phase) == (False, True, "bank")
    state.players[0].turns += 1  # the next turn: eating nothing now kills
    to_phase(state, 0, "food")
    act(state, 0, "starve")
    assert (state.players[0].cause, state.reason) == ("starvation", "death")


def test_igr19_a_marker_received_this_turn_is_not_removed_by_eating_two() -> None:
    state = _crunch_time_then_food(3)
    assert choices(state, 0, "eat") == [{"count": 1}]
    act(state, 0, "eat", count=1)
    assert (state.players[0].food, state.players[0].hunger, state.players[0].dead) == (2, True, False)


def test_igr18_the_view_shows_the_contests_running_totals_to_every_seat() -> None:
    """A new user saw a theft's window with no totals: the view carries them as the plays stand."""
    state = _theft()
    assert GAME.view(state, 2).contest_totals == [5, 4]
    give(state, 1, "res-excuse-1")  # +2
    ask(state, {1: {"kind": "modify", "card": "res-excuse-1", "side": 1}})  # IGR-30: one round of asking
    assert [GAME.view(state, s).contest_totals for s in (0, 1, 2, None)] == [[5, 6]] * 4
    ask(state)
    assert state.contest is None and GAME.view(state, 0).contest_totals == []
