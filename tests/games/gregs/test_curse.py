"""Gregs Tagebuch: the curse holder's own turn (GRE-15…18) and the curse hand-over."""

from __future__ import annotations

import msgspec
import pytest

from games.engine import IllegalAction
from games.gregs import GAME
from games.gregs.cards import ACTIONS
from games.gregs.events import CursePassed, Discarded, FanBuilt, Moved, Reshuffled, Revealed, RevealingOver
from tests.games.gregs.helpers import (
    CHEESE,
    FINLEY,
    GREG,
    HOLDER_FAN,
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
    TEENS,
    WRESTLING,
    WRESTLING2,
    ZOO,
    act,
    kinds,
    reveal,
    table,
    turn_of,
)

RANKS = [R51, R40, R30, R20, R10, R2]


class TestCut:
    def test_gre15_no_cut_is_offered_by_default(self) -> None:
        assert table().state.phase == "reveal"

    def test_gre15_with_offer_cut_the_holders_right_neighbour_is_prompted(self) -> None:
        match = table(offer_cut=True)
        prompt = GAME.prompts(match.state)[3]
        assert (prompt.id, prompt.timer, prompt.default) == ("t0-cut", "cut", "no_cut")
        assert prompt.choices == {"cut": [{"position": p} for p in range(4)]}

    def test_gre15_a_cut_moves_the_slot_to_the_front(self) -> None:
        match = table(offer_cut=True)
        before = [s.card for s in match.state.fan]
        assert act(match, 3, "cut", position=1)[0].position == 1
        assert [s.card for s in match.state.fan] == before[1:] + before[:1]
        assert list(GAME.prompts(match.state)) == [0]

    def test_gre15_the_cut_defaults_to_no_cut(self) -> None:
        match = table(offer_cut=True)
        before = [s.card for s in match.state.fan]
        match.act(3, {"kind": "timeout", "prompt": "t0-cut"})
        assert ([s.card for s in match.state.fan], match.state.phase) == (before, "reveal")

    def test_gre15_a_cut_outside_the_fan_is_refused(self) -> None:
        match = table(offer_cut=True)
        with pytest.raises(IllegalAction) as err:
            act(match, 3, "cut", position=4)
        assert err.value.code == "gregs/bad_cut"


class TestHolderReveals:
    def test_gre16_the_holder_must_reveal_three_cards(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1)
        assert GAME.prompts(match.state)[0].choices["stop"] == []
        with pytest.raises(IllegalAction) as err:
            act(match, 0, "stop")
        assert (err.value.code, err.value.details) == ("gregs/holder_needs_three", {"revealed": 2})

    def test_gre16_the_holder_may_go_on_after_the_third(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1, 2)
        assert GAME.prompts(match.state)[0].choices == {"reveal": [{"slot": 3}, {"slot": 4}], "stop": [{}]}

    def test_gre17_cheese_before_the_third_discards_the_whole_fan(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        bodies = reveal(match, 0, 0, 3)
        assert kinds(bodies) == ["revealed", "revealed", "revealing_over", "discarded", "fan_built"]
        assert bodies[2:4] == [RevealingOver(0, "holder_cheese", "GRE-17"), Discarded(4, whole_fan=True)]
        assert match.state.discard == [PLASTER, WRESTLING, ZOO, ROBOT]
        assert (match.state.holder, match.state.active, match.state.row[0]) == (0, 1, GREG)
        assert (len(match.state.fan), len(match.state.discard)) == (4, 4)

    def test_gre17_gre11_the_discarded_fan_is_reshuffled_when_the_next_fan_needs_cards(self) -> None:
        match = table()
        match.state.discard = [c for c in ACTIONS if c not in (PLASTER, WRESTLING, ZOO)]
        turn_of(match, 0, 0, [PLASTER, CHEESE, WRESTLING, ZOO])
        assert match.state.draw == []
        bodies = reveal(match, 0, 1)
        assert bodies == [
            Revealed(0, 1, CHEESE, 0),
            RevealingOver(0, "holder_cheese", "GRE-17"),
            Discarded(3, whole_fan=True),
            Reshuffled(39),
            FanBuilt(1, False, 4, 3),
        ]
        assert (len(match.state.draw), match.state.discard, match.state.holder) == (36, [], 0)
        assert GAME.invariants(match.state) == []


class TestHandOver:
    def test_gre18_stopping_moves_the_holder_then_prompts_for_a_receiver(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1, 2)
        assert act(match, 0, "stop") == [Moved(0, 7, 0, 7)]
        assert match.state.row == [RUPERT, FINLEY, RODRICK, R51, R40, R30, R20, GREG, R10, R2]
        prompt = GAME.prompts(match.state)[0]
        assert (prompt.id, prompt.timer, prompt.default) == ("t0-curse", "curse", "best_placed")
        assert prompt.choices == {"curse": [{"target": 1}, {"target": 2}, {"target": 3}]}

    def test_gre18_the_receiver_falls_back_three_places_passing_rank_cards(self) -> None:
        match = table()
        match.state.row = [GREG, RUPERT, FINLEY, R51, R40, RODRICK, R30, R20, R10, R2]
        turn_of(match, 0, 0, [WRESTLING, ROBOT, WRESTLING2, CHEESE])
        reveal(match, 0, 0, 1, 2)
        bodies = act(match, 0, "curse", target=3)
        assert bodies[:2] == [CursePassed(0, 3, "chosen"), Moved(3, -3, 5, 2)]
        assert match.state.row[:6] == [GREG, RUPERT, RODRICK, FINLEY, R51, R40]
        assert (match.state.holder, match.state.active) == (3, 1)

    def test_gre18_ruling_the_holder_moves_before_the_receiver_falls_back(self) -> None:
        match = table()
        match.state.row = [FINLEY, RODRICK, GREG, RUPERT, *RANKS]
        turn_of(match, 0, 0, [WRESTLING, WRESTLING2, PLASTER, CHEESE])
        reveal(match, 0, 0, 1, 2)
        assert act(match, 0, "curse", target=1)[:2] == [CursePassed(0, 1, "chosen"), Moved(1, -3, 2, 0)]
        assert match.state.row == [RUPERT, FINLEY, RODRICK, R51, R40, R30, GREG, R20, R10, R2]

    def test_gre18_the_fall_back_stops_at_the_left_end(self) -> None:
        match = table()
        turn_of(match, 0, 0, [WRESTLING, ROBOT, WRESTLING2, CHEESE])
        reveal(match, 0, 0, 1, 2)
        assert act(match, 0, "curse", target=2)[1] == Moved(2, -3, 2, 0)

    def test_gre18_the_holder_must_move_a_negative_sum(self) -> None:
        match = table()
        match.state.row = [RUPERT, FINLEY, RODRICK, R51, R40, GREG, R30, R20, R10, R2]
        turn_of(match, 0, 0, [ROBOT, TEENS, WRESTLING, CHEESE, ZOO])
        reveal(match, 0, 0, 1, 2)
        assert act(match, 0, "stop") == [Moved(0, -4, 5, 1)]

    def test_gre18_revealing_every_action_card_ends_the_reveals(self) -> None:
        match = table()
        turn_of(match, 0, 0, [PLASTER, CHEESE, WRESTLING])
        bodies = reveal(match, 0, 0, 2)
        assert bodies[-1] == Moved(0, 3, 0, 3)
        assert match.state.phase == "curse"

    def test_gre18_the_revealing_that_a_rule_ends_says_which_rule(self) -> None:
        match = table()
        turn_of(match, 0, 0, [PLASTER, WRESTLING, ZOO, CHEESE])
        bodies = reveal(match, 0, 0, 1, 2)  # the third reveal leaves only the cheese face down
        assert bodies[2:] == [
            Revealed(0, 2, ZOO, 4),
            RevealingOver(0, "only_cheese", "GRE-18"),
            Moved(0, 7, 0, 7),
        ]
        told = GAME.story.describe(msgspec.to_builtins(bodies[3]), lambda seat: "Ann")
        assert told == (
            "Ann revealed every action card: only the cheese is left face down, so the revealing ends"
            " (a move by the revealed sum, then the curse is given away)"
        )

    def test_gre18_the_curse_cannot_stay_with_the_holder(self) -> None:
        match = table()
        turn_of(match, 0, 0, HOLDER_FAN)
        reveal(match, 0, 0, 1, 2)
        act(match, 0, "stop")
        for target in (0, 4, -1):
            with pytest.raises(IllegalAction) as err:
                act(match, 0, "curse", target=target)
            assert err.value.code == "gregs/bad_target"
