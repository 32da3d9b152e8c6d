"""Grucha's hidden information (the spec's section): views, `hidden`, `redeal`, `invariants` and the
conformance `examples`, with this game's exact values. That no frame names a hidden card, and that the
invariants hold at every step, is the conformance suite's to check over whole play-outs."""

from __future__ import annotations

from games.engine import IllegalAction, Match, Rng
from games.grucha import GAME
from tests.games.grucha.helpers import arrange, new_match, run, submit


def played() -> Match:
    match = new_match(3, seed=b"hidden")
    arrange(match, [["7C-a", "7D-a", "7H-a", "KS-a"], ["2C-a", "9H-b"], ["JK-a1", "QD-a"]], [run("D", 3, 6)])
    submit(match, 0, run("D", 3, 6), ["7C-a", "7D-a", "7H-a"])
    return match


class TestViews:
    def test_a_seat_sees_its_hand_and_every_hand_size(self) -> None:
        match = played()
        view = GAME.view(match.state, 1)
        assert (view.seat, view.hand, view.hand_sizes, view.to_act) == (1, ["9H-b", "2C-a"], [1, 2, 2], 0)

    def test_a_spectator_sees_no_hand(self) -> None:
        view = GAME.view(played().state, None)
        assert (view.hand, view.hand_sizes) == ([], [1, 2, 2])


class TestHooks:
    def test_hidden_is_the_stock_and_the_other_hands(self) -> None:
        state = played().state
        assert GAME.hidden(state, 1) == set(state.stock) | {"KS-a", "JK-a1", "QD-a"}
        assert GAME.hidden(state, None) == set(state.stock) | {"KS-a", "JK-a1", "QD-a", "2C-a", "9H-b"}

    def test_redeal_keeps_the_seats_hand_and_every_count(self) -> None:
        state = played().state
        alt = GAME.redeal(state, 1, Rng(b"redeal", "x"))
        assert alt.hands[1] == state.hands[1] and alt.table == state.table
        assert [len(h) for h in alt.hands] == [len(h) for h in state.hands]
        assert len(alt.stock) == len(state.stock) and alt.stock != state.stock
        assert GAME.invariants(alt) == [] and GAME.view(alt, 1) == GAME.view(state, 1)

    def test_invariants_name_a_lost_card_and_an_invalid_group(self) -> None:
        state = played().state
        state.stock.pop()
        assert GAME.invariants(state) == [
            "the cards of both decks are not each exactly once in hands, stock and table"
        ]
        state = played().state
        state.table[0].cards.reverse()
        assert GAME.invariants(state) == ["table group 0 is not in canonical order with its meanings"]


class TestExamples:
    def test_examples_list_every_kind_and_are_refused_with_precise_codes(self) -> None:
        match = played()
        state = match.state
        examples = GAME.examples(state, 0)
        assert set(examples) == {"submit", "draw", "end", "pass", "next"}
        codes = []
        for payload in examples["submit"]:
            try:
                match.act(0, {"kind": "submit", **payload})
                codes.append("accepted")
            except IllegalAction as exc:
                codes.append(exc.code)
        assert codes == [
            "grucha/not_in_hand",
            "grucha/table_card_missing",
            "grucha/invalid_group",
            "grucha/duplicate_card",
            "grucha/nothing_added",
        ]

    def test_a_legal_submission_comes_first_when_one_exists(self) -> None:
        match = new_match(2)
        arrange(match, [["7C-a", "7D-a", "7H-a", "KS-a"], ["2C-a"]], [])
        first = GAME.examples(match.state, 0)["submit"][0]
        assert first == {"groups": [{"cards": ["7H-a", "7D-a", "7C-a"], "jokers": {}}]}
        match.act(0, {"kind": "submit", **first})
        assert match.state.added == 3
