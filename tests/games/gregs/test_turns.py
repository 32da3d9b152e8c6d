"""Gregs Tagebuch: the row and a turn of a player who does not hold the curse (GRE-7, 8, 11…14, 19)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.gregs import GAME, rules
from games.gregs.cards import ACTIONS
from games.gregs.events import CursePassed, Discarded, LastRound, Moved, RevealingOver
from tests.games.gregs.helpers import (
    CHEESE,
    FINLEY,
    GREG,
    PLASTER,
    R2,
    R10,
    R20,
    R30,
    R40,
    R51,
    ROBOT,
    RODRICK,
    RUPERT,
    WRESTLING,
    ZOO,
    act,
    fan_cards,
    kinds,
    reveal,
    table,
    turn_of,
)

RANKS = [R51, R40, R30, R20, R10, R2]


class TestMovement:
    def test_gre7_plus_n_passes_n_cards_rank_or_character(self) -> None:
        state = table().state
        assert rules.move(state, 0, 5) == [Moved(0, 5, 0, 5)]
        assert state.row == [RUPERT, FINLEY, RODRICK, R51, R40, GREG, R30, R20, R10, R2]

    def test_gre7_minus_n_moves_left(self) -> None:
        state = table().state
        state.row = [RUPERT, FINLEY, R51, R40, RODRICK, GREG, R30, R20, R10, R2]
        rules.move(state, 0, -3)
        assert state.row == [RUPERT, FINLEY, GREG, R51, R40, RODRICK, R30, R20, R10, R2]

    def test_gre7_past_the_right_end_goes_behind_characters_already_past_rank_2(self) -> None:
        state = table().state
        state.row = [RUPERT, FINLEY, GREG, *RANKS, RODRICK]
        assert rules.move(state, 0, 20) == [Moved(0, 20, 2, 9), LastRound(0)]
        assert state.row == [RUPERT, FINLEY, *RANKS, RODRICK, GREG]

    def test_gre7_past_the_left_end_goes_to_the_very_start(self) -> None:
        state = table().state
        assert rules.move(state, 3, -5) == [Moved(3, -5, 3, 0)]
        assert state.row[:4] == [RODRICK, GREG, RUPERT, FINLEY]

    def test_gre8_every_place_right_of_rank_2_is_rank_1(self) -> None:
        state = table().state
        state.row = [RUPERT, FINLEY, *RANKS[:-1], GREG, R2, RODRICK]
        assert [rules.at_rank_one(state, s) for s in range(4)] == [False, False, False, True]


class TestReveal:
    def test_gre12_the_prompt_lists_every_unrevealed_slot_and_no_stop_yet(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        prompt = GAME.prompts(match.state)[1]
        assert (prompt.id, prompt.timer, prompt.default) == ("t0-reveal-0", "turn", "reveal_random")
        assert prompt.choices == {"reveal": [{"slot": i} for i in range(4)], "stop": []}

    def test_gre12_at_least_one_card_before_stopping(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        with pytest.raises(IllegalAction) as err:
            act(match, 1, "stop")
        assert err.value.code == "gregs/must_reveal"

    def test_gre12_after_an_action_card_stop_is_offered_and_slots_keep_numbers(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        reveal(match, 1, 1)
        prompt = GAME.prompts(match.state)[1]
        assert (prompt.id, prompt.default) == ("t0-reveal-1", "stop")
        assert prompt.choices == {"reveal": [{"slot": 0}, {"slot": 2}, {"slot": 3}], "stop": [{}]}

    def test_gre12_a_revealed_slot_is_refused(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        reveal(match, 1, 0)
        with pytest.raises(IllegalAction) as err:
            reveal(match, 1, 0)
        assert (err.value.code, err.value.message) == ("gregs/slot_revealed", "slot 0 is already revealed")

    def test_gre12_a_slot_outside_the_fan_is_refused(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        with pytest.raises(IllegalAction) as err:
            reveal(match, 1, 4)
        assert (err.value.code, err.value.details) == ("gregs/no_slot", {"slots": 4})

    def test_gre13_stop_moves_by_the_sum_plaster_cast_and_wrestling_is_three(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        reveal(match, 1, 0, 1)
        bodies = act(match, 1, "stop")
        assert bodies[:2] == [Moved(1, 3, 1, 4), Discarded(2)]
        assert match.state.row[:5] == [GREG, FINLEY, RODRICK, R51, RUPERT]
        assert (match.state.active, match.state.holder, match.state.turn) == (2, 0, 1)

    def test_gre14_cheese_ends_turn_moves_the_sum_and_takes_the_curse(self) -> None:
        match = table()
        match.state.row = [GREG, RODRICK, FINLEY, RUPERT, *RANKS]
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        bodies = reveal(match, 1, 3, 2)  # "Building a Robot", then the cheese: -2
        kinds_ = ["revealed", "revealed", "revealing_over", "moved", "curse_passed", "discarded", "fan_built"]
        assert kinds(bodies) == kinds_
        assert bodies[2:5] == [
            RevealingOver(1, "cheese", "GRE-14"),
            Moved(1, -2, 3, 1),
            CursePassed(0, 1, "cheese"),
        ]
        assert (match.state.holder, match.state.active) == (1, 2)

    def test_gre14_the_previous_holder_is_freed_and_plays_a_normal_turn(self) -> None:
        match = table()
        turn_of(match, 3, 0, [CHEESE, ZOO, ROBOT])
        reveal(match, 3, 0)
        assert (match.state.holder, match.state.active, match.state.holder_turn) == (3, 0, False)


class TestFan:
    def test_gre11_gre19_unrevealed_cards_and_cheese_stay_and_three_are_added(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        reveal(match, 1, 0, 1)
        bodies = act(match, 1, "stop")
        assert bodies[-1].__struct_config__.tag == "fan_built"
        assert (bodies[-1].active, bodies[-1].slots, bodies[-1].drawn) == (2, 5, 3)
        assert {CHEESE, ROBOT} <= set(fan_cards(match.state))
        assert match.state.discard == [PLASTER, WRESTLING]

    def test_gre11_a_revealed_cheese_joins_the_next_fan(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, CHEESE, ROBOT])
        reveal(match, 1, 1)
        assert len(match.state.fan) == 6
        assert sum(s.card == CHEESE for s in match.state.fan) == 1
        assert not any(s.revealed for s in match.state.fan)

    def test_gre11_empty_draw_pile_reshuffles_the_discard_pile(self) -> None:
        match = table()
        spare = "act-mom-bucks-1"
        match.state.discard = [c for c in ACTIONS if c not in (PLASTER, spare)]
        turn_of(match, 1, 0, [PLASTER, CHEESE])
        assert match.state.draw == [spare]
        reveal(match, 1, 0)
        bodies = act(match, 1, "stop")
        assert kinds(bodies) == ["moved", "discarded", "reshuffled", "fan_built"]
        assert (bodies[2].cards, bodies[3].slots, bodies[3].drawn) == (38, 4, 3)
        assert (len(match.state.draw), match.state.discard) == (36, [])

    def test_gre11_with_both_piles_empty_fewer_cards_are_added(self) -> None:
        match = table()
        turn_of(match, 1, 0, [*ACTIONS, CHEESE])
        reveal(match, 1, 0)
        bodies = act(match, 1, "stop")
        assert (bodies[-1].slots, bodies[-1].drawn) == (40, 1)
        assert (match.state.draw, match.state.discard) == ([], [])

    def test_gre11_events_never_name_an_unrevealed_card(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        bodies = reveal(match, 1, 0) + act(match, 1, "stop")
        text = repr(bodies)
        assert WRESTLING not in text
        assert ROBOT not in text
