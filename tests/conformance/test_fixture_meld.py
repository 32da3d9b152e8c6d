"""The free-form rummy fixture (games/fixtures/meld.py): its rules MLD-1..7, refusals from what the actor
sees, its own random bot and its examples."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Event, IllegalAction, Match, Prompt, Rng, all_but, only
from games.fixtures import hands, meld
from games.fixtures.meld import GAME, GroupRules, MeldState

SEED = b"meld-seed"


def table(
    hands_: list[list[str]], deck: list[str], on_table: list[list[str]] | None = None, **rules: Any
) -> Match:
    """A match whose state is set by hand (the cards not named are simply out of play)."""
    match = Match(GAME, len(hands_), GAME.options(), SEED)
    match.state = MeldState(GroupRules(**rules), hands_, deck, on_table or [], active=0)
    return match


def submit(*groups: list[str]) -> dict[str, Any]:
    return {"kind": "submit", "groups": [{"cards": g} for g in groups]}


def refusal(match: Match, action: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    before = GAME.encode_state(match.state)
    with pytest.raises(IllegalAction) as refused:
        match.act(0, action)
    assert GAME.encode_state(match.state) == before
    return refused.value.code, refused.value.message, refused.value.details


class TestSetup:
    def test_mld1_deals_hand_size_cards_to_each_seat_from_the_24_card_deck(self) -> None:
        state = Match(GAME, 3, GAME.options({"hand_size": 6}), SEED).state
        assert [len(h) for h in state.hands] == [6, 6, 6]
        assert sorted([c for h in state.hands for c in h] + state.deck) == sorted(hands.DECK)
        assert (state.table, state.active, state.passes) == ([], 0, 0)

    def test_mld1_group_rules_are_nested_options_with_defaults(self) -> None:
        options = GAME.options({"groups": {"runs": True}})
        assert (options.hand_size, options.groups) == (5, GroupRules(min_size=2, runs=True))


class TestSubmit:
    def test_mld2_the_prompt_offers_submit_free_form_and_draw_or_pass_by_the_deck(self) -> None:
        assert GAME.prompts(table([["H1"], ["S1"]], ["C1"]).state)[0] == Prompt(
            "t0", ["submit", "draw", "pass"], default="draw", choices={"draw": [{}], "pass": []}
        )
        assert GAME.prompts(table([["H1"], ["S1"]], []).state)[0].choices == {"draw": [], "pass": [{}]}

    def test_mld2_a_submission_rearranges_the_table_and_lays_out_hand_cards(self) -> None:
        match = table([["H1", "H3", "C6"], ["S6"]], ["C1"], [["S1", "D1", "C1"], ["S3", "D3"]])
        events = match.act(0, submit(["S1", "D1", "C1", "H1"], ["S3", "D3", "H3"]))
        assert [e.body for e in events] == [
            meld.Melded(0, ["H1", "H3"], [["S1", "D1", "C1", "H1"], ["S3", "D3", "H3"]])
        ]
        assert (match.state.hands[0], match.state.active) == (["C6"], 1)

    def test_mld3_runs_count_only_when_the_rules_allow_them(self) -> None:
        assert meld.valid_group(["H2", "H3", "H4"], GroupRules(runs=True))
        assert not meld.valid_group(["H2", "H3", "H4"], GroupRules())
        assert not meld.valid_group(["H2", "H4", "H5"], GroupRules(runs=True))
        assert not meld.valid_group(["H2", "S2"], GroupRules(min_size=3))

    @pytest.mark.parametrize(
        ("action", "expected"),
        [
            (submit(["H1", "S1", "H1"]), ("meld/duplicate", "H1 is named twice", {"card": "H1"})),
            (submit(["H1", "C6"]), ("meld/table_incomplete", "D3 of the table is left out", {"card": "D3"})),
            (
                submit(["S3", "D3"]),
                ("meld/nothing_new", "the submitted table holds no card of your hand", {}),
            ),
            (
                submit(["S3", "D3"], ["H1", "C6"]),
                ("meld/bad_group", "group 1 is neither a set nor a run", {"group": 1}),
            ),
        ],
        ids=["duplicate", "incomplete", "nothing_new", "bad_group"],
    )
    def test_mld4_a_faulty_submission_is_refused_by_its_first_fault(
        self, action: dict[str, Any], expected: tuple[str, str, dict[str, Any]]
    ) -> None:
        match = table([["H1", "C6"], ["S1"]], ["C1"], [["S3", "D3"]])
        assert refusal(match, action) == expected

    @pytest.mark.parametrize("card", ["S1", "C1", "X9"], ids=["another_hand", "the_deck", "no_card"])
    def test_mld4_a_card_not_held_is_refused_alike_wherever_it_really_is(self, card: str) -> None:
        match = table([["H1", "C6"], ["S1"]], ["C1"])
        assert refusal(match, submit(["H1", card])) == (
            "meld/not_yours",
            "that card is neither in your hand nor on the table",
            {"card": card},
        )

    def test_an_unknown_field_inside_a_group_is_malformed_with_its_path(self) -> None:
        match = table([["H1", "S1"], ["D1"]], ["C1"])
        code, message, _ = refusal(match, {"kind": "submit", "groups": [{"cards": ["H1", "S1"], "x": 1}]})
        assert (code, message) == ("action/malformed", "Object contains unknown field `x` - at `$.groups[0]`")


class TestTurnAndEnd:
    def test_mld5_a_draw_shows_the_card_only_to_the_drawer(self) -> None:
        match = table([["H1"], ["S1"]], ["C3", "H4"])
        assert match.act(0, {"kind": "draw"}) == [
            Event(hands.Drew("C3"), only(0)),
            Event(hands.DrewFaceDown(0), all_but(0)),
        ]

    def test_mld6_emptying_a_hand_ends_the_game_ranked_by_cards_left(self) -> None:
        match = table([["H1", "S1"], ["D2", "C3"], ["H5"]], ["C1"])
        match.act(0, submit(["H1", "S1"]))
        outcome = GAME.outcome(match.state)
        assert outcome is not None and (outcome.ranks, outcome.winners) == ([1, 3, 2], [0])
        assert GAME.prompts(match.state) == {}

    def test_mld6_every_seat_passing_in_a_row_on_an_empty_deck_ends_it_with_ties(self) -> None:
        match = table([["H1"], ["S2"], ["D3", "C4"]], [])
        for seat in (0, 1):
            match.act(seat, {"kind": "pass"})
            assert GAME.outcome(match.state) is None
        match.act(2, {"kind": "pass"})
        outcome = GAME.outcome(match.state)
        assert outcome is not None and outcome.ranks == [1, 1, 3]

    def test_mld7_a_timeout_draws_or_passes_once_the_deck_is_empty(self) -> None:
        match = table([["H1"], ["S2"]], ["C3"])
        match.act(0, {"kind": "timeout", "prompt": "t0"})
        match.act(1, {"kind": "timeout", "prompt": "t1"})
        assert (match.state.hands, match.state.passes) == ([["H1", "C3"], ["S2"]], 1)


class TestBotAndExamples:
    def test_the_random_bot_plays_only_legal_tables_from_its_own_view(self) -> None:
        match = table([["H1", "S1", "H2", "H3", "H4"], ["D1"]], ["C1"], [["C2", "D2"]], runs=True)
        prompt = GAME.prompts(match.state)[0]
        picks = [meld.random_bot(GAME.view(match.state, 0), prompt, Rng(SEED, f"b{i}")) for i in range(30)]
        assert {p["kind"] for p in picks} == {"submit", "draw"}
        for pick in picks:  # each is applied (a refusal would raise) to a fresh copy of the table
            table([list(h) for h in match.state.hands], ["C1"], [["C2", "D2"]], runs=True).act(0, pick)

    def test_examples_are_the_legal_moves_then_near_legal_ones(self) -> None:
        state = table([["H1", "S1", "H2"], ["D1"]], ["C1"], [["C2", "D2"]]).state
        assert GAME.examples(state, 0) == {
            "submit": [
                meld.as_submit([["C2", "D2"], ["H1", "S1"]]),
                meld.as_submit([["C2", "D2", "H2"]]),
                meld.as_submit([["C2", "D2"]]),
                meld.as_submit([["C2", "D2"], ["H1"]]),
                meld.as_submit([["H1", "S1"]]),
            ]
        }
