"""Gregs Tagebuch: hidden information, the view and the conformance hooks (the spec's "hidden
information" section; cards conserved per GRE-1, 11, 17, 19)."""

from __future__ import annotations

import msgspec

from games.engine import Match, Rng
from games.gregs import GAME
from games.gregs.cards import ACTIONS
from games.gregs.events import SlotView
from tests.games.gregs.helpers import (
    CHEESE,
    PLASTER,
    ROBOT,
    WRESTLING,
    ZOO,
    reveal,
    table,
    turn_of,
)

FAN = [PLASTER, WRESTLING, CHEESE, ROBOT, ZOO]


def seen_by_everyone(match: Match) -> list[bytes]:
    return [msgspec.json.encode(GAME.view(match.state, seat)) for seat in (None, 0, 1, 2, 3)]


class TestHiddenInformation:
    def test_the_view_shows_revealed_slots_and_hides_the_rest(self) -> None:
        match = table()
        turn_of(match, 1, 0, FAN)
        reveal(match, 1, 0)
        view = GAME.view(match.state, 1)
        assert view.fan == [SlotView(0, PLASTER, 2), SlotView(1), SlotView(2), SlotView(3), SlotView(4)]
        assert (view.revealed_sum, view.draw_count, view.discard_count, view.to_act) == (2, 35, 0, 1)

    def test_every_seat_and_spectators_see_the_same_view(self) -> None:
        match = table()
        assert len(set(seen_by_everyone(match))) == 1

    def test_hidden_is_the_draw_pile_and_the_unrevealed_action_cards(self) -> None:
        match = table()
        turn_of(match, 1, 0, FAN)
        reveal(match, 1, 0)
        hidden = GAME.hidden(match.state, None)
        assert hidden == set(ACTIONS) - {PLASTER}
        assert len(match.state.draw) == 35

    def test_no_view_names_a_hidden_card(self) -> None:
        match = table()
        turn_of(match, 1, 0, FAN)
        reveal(match, 1, 3)
        hidden = GAME.hidden(match.state, None)
        for frame in seen_by_everyone(match):
            assert [card for card in hidden if card.encode() in frame] == []

    def test_the_discard_pile_is_public(self) -> None:
        match = table()
        turn_of(match, 0, 0, FAN)
        reveal(match, 0, 2)  # the holder meets the cheese: the whole fan goes face up to the discard pile
        assert GAME.view(match.state, None).discard == [PLASTER, WRESTLING, ROBOT, ZOO]


class TestConformanceHooks:
    def test_invariants_hold_on_a_fresh_table(self) -> None:
        assert GAME.invariants(table().state) == []

    def test_invariants_catch_a_lost_action_card(self) -> None:
        state = table().state
        state.draw.pop()
        assert GAME.invariants(state) == [
            "the 39 action cards are not each exactly once in draw, discard and fan"
        ]

    def test_invariants_catch_a_second_cheese(self) -> None:
        state = table().state
        state.fan.append(msgspec.convert({"card": CHEESE}, type(state.fan[0])))
        assert GAME.invariants(state) == ["the fan holds 2 cheese cards"]

    def test_redeal_keeps_every_view_and_prompt_and_changes_the_hidden_cards(self) -> None:
        match = table()
        turn_of(match, 1, 0, FAN)
        reveal(match, 1, 0)
        dealt = GAME.redeal(match.state, 1, Rng(b"redeal", "test"))
        for seat in (None, 0, 1, 2, 3):
            assert GAME.view(dealt, seat) == GAME.view(match.state, seat)
        assert GAME.prompts(dealt) == GAME.prompts(match.state)
        assert dealt.draw != match.state.draw
        assert GAME.invariants(dealt) == []
        assert (dealt.fan[0].card, sum(s.card == CHEESE for s in dealt.fan)) == (PLASTER, 1)

    def test_state_round_trips_through_its_encoding(self) -> None:
        match = table()
        turn_of(match, 1, 0, FAN)
        reveal(match, 1, 0)
        assert GAME.decode_state(GAME.encode_state(match.state)) == match.state
