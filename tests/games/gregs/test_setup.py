"""Gregs Tagebuch: setup, seats and the row (GRE-3, 5, 6, 9, 10)."""

from __future__ import annotations

from typing import get_args

import msgspec
import pytest

from games.engine import IllegalAction, Match
from games.gregs import GAME, rules
from games.gregs.actions import Action
from tests.games.gregs.helpers import (
    FINLEY,
    GREG,
    MANNI,
    R2,
    R10,
    R20,
    R30,
    R40,
    R51,
    RODRICK,
    RUPERT,
    act,
    kinds,
    table,
)

RANKS = [R51, R40, R30, R20, R10, R2]


def fresh(seats: int = 4, **options: object) -> Match:
    return Match(GAME, seats, GAME.options(options), b"gregs-test")


class TestCharacters:
    def test_gre3_seats_choose_in_seat_order_among_free_characters(self) -> None:
        match = fresh()
        act(match, 0, "choose", character=RUPERT)
        prompt = GAME.prompts(match.state)[1]
        assert (prompt.id, prompt.timer, prompt.default) == ("choose-1", "setup", "first_free")
        assert [c["character"] for c in prompt.choices["choose"]] == [
            GREG,
            FINLEY,
            RODRICK,
            MANNI,
            "chr-fregley",
        ]

    def test_gre3_a_taken_character_is_refused(self) -> None:
        match = fresh()
        act(match, 0, "choose", character=GREG)
        with pytest.raises(IllegalAction) as err:
            act(match, 1, "choose", character=GREG)
        assert err.value.code == "gregs/character_taken"

    def test_gre3_timeout_takes_the_first_free_character(self) -> None:
        match = fresh()
        act(match, 0, "choose", character=GREG)
        match.act(1, {"kind": "timeout", "prompt": "choose-1"})
        assert match.state.characters[1] == RUPERT

    def test_seat_counts_three_to_six(self) -> None:
        with pytest.raises(ValueError, match="not 7"):
            fresh(7)
        assert fresh(3).state.seats == 3


class TestStartPlayer:
    def test_gre5_start_player_is_seat_0_by_default(self) -> None:
        assert fresh().state.start == 0

    def test_gre5_start_player_by_number(self) -> None:
        assert fresh(start="2").state.start == 2

    def test_gre5_random_start_player_from_the_seed(self) -> None:
        assert Match(GAME, 5, GAME.options({"start": "random"}), b"gregs-test").state.start == 1
        assert Match(GAME, 5, GAME.options({"start": "random"}), b"b").state.start == 0

    def test_gre5_start_seat_out_of_range_is_refused(self) -> None:
        with pytest.raises(ValueError, match="seat number below 4"):
            fresh(start="4")

    @pytest.mark.parametrize("start", ["02", "00", "007", "seat1"])
    def test_gre5_a_start_seat_spelt_another_way_is_refused_by_the_options(self, start: str) -> None:
        with pytest.raises(msgspec.ValidationError, match=r"\$\.start"):
            GAME.options({"start": start})


class TestRow:
    def test_gre6_four_seats_start_player_leftmost_ranks_ascending(self) -> None:
        assert table().state.row == [GREG, RUPERT, FINLEY, RODRICK, *RANKS]

    def test_gre6_right_neighbour_of_start_sits_left_of_51(self) -> None:
        # Start seat 2: seat 1 (to its right) first, left of 51, then seat 0, seat 3, seat 2 leftmost.
        assert table(start="2").state.row == [FINLEY, RODRICK, GREG, RUPERT, *RANKS]

    def test_gre6_row_is_announced_with_the_first_fan(self) -> None:
        match = fresh(3)
        act(match, 0, "choose", character=GREG)
        act(match, 1, "choose", character=RUPERT)
        bodies = act(match, 2, "choose", character=FINLEY)
        assert kinds(bodies) == ["chosen", "row_built", "fan_built"]
        assert bodies[1].row == [GREG, RUPERT, FINLEY, *RANKS]


class TestFirstTurn:
    def test_gre9_start_player_holds_the_curse_and_plays_a_holders_turn(self) -> None:
        state = table(start="3").state
        assert (state.holder, state.active, state.holder_turn) == (3, 3, True)

    def test_gre11_first_fan_is_the_cheese_and_three_cards(self) -> None:
        state = table().state
        assert (len(state.fan), sum(s.card == "cheese" for s in state.fan), len(state.draw)) == (4, 1, 36)

    def test_gre10_the_server_does_the_chores_no_one_is_prompted_to_shuffle(self) -> None:
        match = table()
        assert list(GAME.prompts(match.state)) == [0]
        assert GAME.prompts(match.state)[0].kinds == ["reveal", "stop"]

    def test_gre9_timeout_of_the_holders_first_reveal_reveals_a_random_card(self) -> None:
        match = table()
        bodies = [e.body for e in match.act(0, {"kind": "timeout", "prompt": "t0-reveal-0"})]
        assert kinds(bodies)[:2] == ["timed_out", "revealed"]
        assert bodies[0].default == "reveal_random"

    def test_a_stale_timeout_is_refused(self) -> None:
        match = table()
        with pytest.raises(IllegalAction) as err:
            match.act(0, {"kind": "timeout", "prompt": "choose-0"})
        assert err.value.code == "action/stale_prompt"


def test_every_action_kind_and_the_timeout_have_a_transition() -> None:
    kinds_of_actions = {cls.__struct_config__.tag for cls in get_args(Action)}
    assert set(rules.HANDLERS) == kinds_of_actions | {"timeout"}
