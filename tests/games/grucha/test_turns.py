"""Grucha's turn: play or draw (GRU-8), submissions (GRU-9, 10), ending with or without the GRUCHA call
(GRU-11), what cannot end and the timeouts (GRU-12), passing with an empty stock (GRU-14)."""

from __future__ import annotations

import msgspec
import pytest

from games.engine import Ctx, IllegalAction, Match, Rng
from games.engine.model import ActionStruct
from games.grucha import GAME
from games.grucha.events import Blocked, Called, Drew, Passed, Submitted, TimedOut, TurnEnded
from tests.games.grucha.helpers import act, arrange, kinds, new_match, run, submit, table_of


class Greg(ActionStruct, frozen=True, tag="greg"):
    """An action of another game: Grucha has no transition for it."""


HAND0 = ["7C-a", "7D-b", "7H-a", "5D-b", "KS-a"]
HAND1 = ["2C-a", "3C-a", "9H-b"]


def started() -> Match:
    match = new_match()
    arrange(match, [list(HAND0), list(HAND1)], [run("D", 3, 8)])
    return match


def refusal(match: Match, seat: int, kind: str, **fields: object) -> tuple[str, dict[str, object]]:
    before = GAME.encode_state(match.state)
    with pytest.raises(IllegalAction) as err:
        match.act(seat, {"kind": kind, **fields})
    assert GAME.encode_state(match.state) == before  # a refusal changes nothing (GRU-9)
    return err.value.code, err.value.details


class TestPlayOrDraw:
    def test_gru8_a_turn_starts_offering_submit_and_draw_not_end(self) -> None:
        prompt = GAME.prompts(started().state)[0]
        assert prompt.kinds == ["submit", "draw", "end", "pass"]
        assert prompt.choices == {"draw": [{}], "end": [], "pass": []}
        assert (prompt.id, prompt.default, prompt.timer) == ("r1-t0-0", "draw_end", "turn")

    def test_gru8_draw_exactly_one_then_still_play(self) -> None:
        match = started()
        stock = len(match.state.stock)
        assert act(match, 0, "draw") == [Drew(0, 1, "draw")]
        assert (len(match.state.hands[0]), len(match.state.stock)) == (6, stock - 1)
        assert refusal(match, 0, "draw") == ("grucha/no_draw", {"reason": "already_drew"})
        submit(match, 0, run("D", 3, 8), ["7C-a", "7D-b", "7H-a"])
        assert table_of(match)[1] == ["7H-a", "7D-b", "7C-a"]

    def test_gru8_no_draw_after_playing(self) -> None:
        match = started()
        submit(match, 0, run("D", 3, 8), ["7C-a", "7D-b", "7H-a"])
        assert refusal(match, 0, "draw") == ("grucha/no_draw", {"reason": "already_played"})
        assert GAME.prompts(match.state)[0].choices == {"draw": [], "end": [{"grucha": False}], "pass": []}


class TestSubmissions:
    def test_gru9_accepted_submission_moves_cards_from_hand_to_table(self) -> None:
        match = started()
        bodies = submit(match, 0, ["3D-a", "4D-a", "5D-a"], ["5D-b", "6D-a", "7D-a", "8D-a"])
        # the run split in two: it goes on as its low half, its high half moved (GRU-10)
        assert bodies == [
            Submitted(0, 1, list(match.state.table), ["5D-b"], regrouped=["6D-a", "7D-a", "8D-a"]),
        ]
        assert match.state.hands[0] == ["KS-a", "7H-a", "7D-b", "7C-a"]
        assert (match.state.added, GAME.prompts(match.state)[0].id) == (1, "r1-t0-1")

    def test_gru9_several_submissions_in_one_turn_each_against_the_table_as_it_stands(self) -> None:
        match = started()
        submit(match, 0, run("D", 3, 8), ["7C-a", "7D-b", "7H-a"])
        submit(match, 0, ["3D-a", "4D-a", "5D-a"], ["5D-b", "6D-a", "7D-a", "8D-a"], ["7C-a", "7H-a", "7D-b"])
        assert refusal(match, 0, "submit", groups=[{"cards": run("D", 3, 8)}]) == (
            "grucha/table_card_missing",
            {"group": None, "reason": "table_card_missing", "card": "5D-b"},
        )
        assert match.state.added == 4

    def test_gru9_a_card_held_by_another_seat_and_one_in_the_stock_are_refused_alike(self) -> None:
        match = started()
        stock_card = match.state.stock[0]
        other = refusal(match, 0, "submit", groups=[{"cards": [*run("D", 3, 8), "9H-b"]}])
        stock = refusal(match, 0, "submit", groups=[{"cards": [*run("D", 3, 8), stock_card]}])
        assert other == stock == ("grucha/not_in_hand", {"group": 0, "reason": "not_in_hand", "card": 6})

    def test_gru9_the_refusal_message_is_the_same_wherever_the_card_is(self) -> None:
        match = started()
        messages = set()
        for card in ["9H-b", match.state.stock[0], "ZZ-9"]:
            with pytest.raises(IllegalAction) as err:
                match.act(0, {"kind": "submit", "groups": [{"cards": [*run("D", 3, 8), card]}]})
            messages.add(err.value.message)
        assert messages == {"card 6 of group 0 is not yours"}

    def test_gru10_a_dropped_table_card_is_refused(self) -> None:
        match = started()
        assert refusal(match, 0, "submit", groups=[{"cards": run("D", 3, 7)}, {"cards": HAND0[:3]}]) == (
            "grucha/table_card_missing",
            {"group": None, "reason": "table_card_missing", "card": "8D-a"},
        )

    def test_unknown_fields_of_nested_groups_are_refused(self) -> None:
        match = started()
        bad = {"kind": "submit", "groups": [{"cards": HAND0[:3], "color": "red"}]}
        with pytest.raises(IllegalAction) as err:
            match.act(0, bad)
        assert err.value.code == "action/malformed"

    def test_the_view_shows_groups_in_canonical_order_with_the_declared_meaning(self) -> None:
        match = new_match()
        arrange(match, [["9S-a", "10S-a", "JK-a1", "2C-a"], HAND1], [])
        submit(match, 0, ["JK-a1", "10S-a", "9S-a"], JK_a1="8S")
        view = msgspec.to_builtins(GAME.view(match.state, 1).table)
        assert view == [{"kind": "run", "cards": ["JK-a1", "9S-a", "10S-a"], "jokers": {"JK-a1": "8S"}}]

    def test_gru10_gru6_a_joker_moved_to_another_group_and_standing_for_another_card_is_told(self) -> None:
        """GRU-10 and GRU-6: the joker of K♠ K♦ K♣ joker goes to the aces laid from the hand; the event
        names it as moved and as standing for A♥ now, and the log says so in English and Polish."""
        match = new_match()
        arrange(match, [["AS-a", "AD-b", "2C-a"], HAND1], [["KS-a", "KD-a", "KC-a", "JK-a1"]])
        assert match.state.table[0].jokers == {"JK-a1": "KH"}
        [body] = submit(match, 0, ["KS-a", "KD-a", "KC-a"], ["AS-a", "AD-b", "JK-a1"], JK_a1="AH")
        assert isinstance(body, Submitted)
        assert (body.added, body.regrouped, body.jokers, body.joker_as) == (
            ["AS-a", "AD-b"],
            ["JK-a1"],
            ["JK-a1"],
            ["AH"],
        )
        told = msgspec.to_builtins(body)
        assert GAME.story.describe(told) == (
            "seat 0 laid 2 cards: A♠, A♦; moved on the table: joker; joker now standing for A♥"
        )
        assert GAME.catalog is not None
        assert GAME.catalog.teller("pl").describe(told) == (
            "miejsce 0 wyłożyło 2 karty: A♠, A♦; przełożone na stole: dżoker; dżoker zastępuje teraz A♥"
        )

    def test_gru6_a_joker_in_its_own_group_standing_for_another_card_is_told_and_a_grown_run_moved_nothing(
        self,
    ) -> None:
        match = new_match()
        arrange(match, [["8S-a", "JS-b", "2C-a"], HAND1], [["JK-a1", "9S-a", "10S-a"]])
        assert match.state.table[0].jokers == {"JK-a1": "JS"}
        [body] = submit(match, 0, ["JK-a1", "8S-a", "9S-a", "10S-a"], JK_a1="7S")
        assert isinstance(body, Submitted)
        assert (body.regrouped, body.jokers, body.joker_as) == ([], ["JK-a1"], ["7S"])
        assert GAME.story.describe(msgspec.to_builtins(body)) == (
            "seat 0 laid 1 card: 8♠; joker now standing for 7♠"
        )
        [grown] = submit(match, 0, ["JK-a1", "8S-a", "9S-a", "10S-a", "JS-b"], JK_a1="7S")
        assert isinstance(grown, Submitted)
        assert (grown.regrouped, grown.jokers) == ([], [])
        assert GAME.story.describe(msgspec.to_builtins(grown)) == "seat 0 laid 1 card: J♠"

    def test_an_action_without_a_transition_is_our_bug_not_a_refusal(self) -> None:
        match = started()
        with pytest.raises(TypeError, match="no handler for the action kind 'greg'"):
            GAME.apply(match.state, 0, Greg(), Ctx(Rng(b"g", "x")))


class TestEndingTheTurn:
    def test_gru12_a_turn_that_did_nothing_cannot_end(self) -> None:
        assert refusal(started(), 0, "end") == ("grucha/cannot_end", {"reason": "nothing_done"})

    def test_gru11_ending_passes_the_turn_to_the_next_seat(self) -> None:
        match = started()
        act(match, 0, "draw")
        assert act(match, 0, "end") == [TurnEnded(0)]
        assert (match.state.active, match.state.turn, GAME.prompts(match.state)[1].id) == (1, 1, "r1-t1-0")

    def test_gru11_one_card_left_without_the_call_draws_five(self) -> None:
        match = started()
        arrange(match, [["7C-a", "7D-b", "7H-a", "KS-a"], HAND1], [])
        submit(match, 0, ["7C-a", "7D-b", "7H-a"])
        assert GAME.prompts(match.state)[0].choices["end"] == [{"grucha": False}, {"grucha": True}]
        assert act(match, 0, "end") == [TurnEnded(0), Drew(0, 5, "penalty")]
        assert len(match.state.hands[0]) == 6

    def test_gru11_the_penalty_is_fewer_when_the_stock_has_fewer(self) -> None:
        match = started()
        arrange(match, [["7C-a", "7D-b", "7H-a", "KS-a"], HAND1], [], stock=2)
        submit(match, 0, ["7C-a", "7D-b", "7H-a"])
        assert act(match, 0, "end") == [TurnEnded(0), Drew(0, 2, "penalty")]
        assert (len(match.state.hands[0]), match.state.stock) == (3, [])

    def test_gru11_the_call_with_one_card_draws_nothing(self) -> None:
        match = started()
        arrange(match, [["7C-a", "7D-b", "7H-a", "KS-a"], HAND1], [])
        submit(match, 0, ["7C-a", "7D-b", "7H-a"])
        assert act(match, 0, "end", grucha=True) == [Called(0), TurnEnded(0, grucha=True)]
        assert match.state.hands[0] == ["KS-a"]

    def test_gru11_the_call_with_another_hand_size_is_refused(self) -> None:
        match = started()
        act(match, 0, "draw")
        assert refusal(match, 0, "end", grucha=True) == (
            "grucha/bad_call",
            {"reason": "hand_size", "hand": 6},
        )


class TestTimeouts:
    def test_gru12_every_prompt_of_a_turn_runs_on_the_turns_clock(self) -> None:
        """The id changes with each accepted action (a stale or doubled action is refused), the clock the
        server times the turn by does not, until the next turn."""
        match = started()
        arrange(match, [list(HAND0), list(HAND1)], [run("D", 3, 8)], stock=5)
        seen = [GAME.prompts(match.state)[0]]
        act(match, 0, "draw")
        seen.append(GAME.prompts(match.state)[0])
        submit(match, 0, run("D", 3, 8), ["7C-a", "7D-b", "7H-a"])
        seen.append(GAME.prompts(match.state)[0])
        assert [(p.id, p.clock) for p in seen] == [
            ("r1-t0-0", "r1-t0"),
            ("r1-t0-1", "r1-t0"),
            ("r1-t0-2", "r1-t0"),
        ]
        act(match, 0, "end")
        assert (GAME.prompts(match.state)[1].id, GAME.prompts(match.state)[1].clock) == ("r1-t1-0", "r1-t1")

    def test_gru12_an_idle_turn_times_out_drawing_one_and_ending(self) -> None:
        match = started()
        bodies = act(match, 0, "timeout", prompt="r1-t0-0")
        assert bodies == [TimedOut(0, "draw_end"), Drew(0, 1, "draw"), TurnEnded(0)]
        assert (len(match.state.hands[0]), match.state.active) == (6, 1)

    def test_gru12_after_playing_the_timeout_ends_the_turn(self) -> None:
        match = started()
        submit(match, 0, run("D", 3, 8), ["7C-a", "7D-b", "7H-a"])
        assert GAME.prompts(match.state)[0].default == "end"
        assert act(match, 0, "timeout", prompt="r1-t0-1") == [TimedOut(0, "end"), TurnEnded(0)]

    def test_gru12_a_server_ended_turn_has_no_call_so_the_penalty_applies(self) -> None:
        match = started()
        arrange(match, [["7C-a", "7D-b", "7H-a", "KS-a"], HAND1], [])
        submit(match, 0, ["7C-a", "7D-b", "7H-a"])
        assert kinds(act(match, 0, "timeout", prompt="r1-t0-1")) == ["timed_out", "turn_ended", "drew"]
        assert len(match.state.hands[0]) == 6

    def test_gru12_an_idle_turn_with_an_empty_stock_times_out_passing(self) -> None:
        match = started()
        arrange(match, [list(HAND0), list(HAND1)], [], stock=0)
        prompt = GAME.prompts(match.state)[0]
        assert (prompt.default, prompt.choices) == ("pass", {"draw": [], "end": [], "pass": [{}]})
        assert act(match, 0, "timeout", prompt=prompt.id) == [
            TimedOut(0, "pass"),
            Passed(0, 1),
            TurnEnded(0, passed=True),
        ]


class TestPassing:
    def test_gru14_passing_needs_an_empty_stock(self) -> None:
        assert refusal(started(), 0, "pass") == ("grucha/no_pass", {"reason": "stock_not_empty"})

    def test_gru14_no_pass_after_playing(self) -> None:
        match = started()
        arrange(match, [list(HAND0), list(HAND1)], [], stock=0)
        submit(match, 0, ["7C-a", "7D-b", "7H-a"])
        assert refusal(match, 0, "pass") == ("grucha/no_pass", {"reason": "played"})

    def test_gru14_drawing_from_an_empty_stock_is_refused(self) -> None:
        match = started()
        arrange(match, [list(HAND0), list(HAND1)], [], stock=0)
        assert refusal(match, 0, "draw") == ("grucha/no_draw", {"reason": "stock_empty"})

    def test_gru14_everyone_passing_in_a_row_ends_the_round_and_all_score(self) -> None:
        match = started()
        arrange(match, [list(HAND0), list(HAND1)], [], stock=0)
        act(match, 0, "pass")
        bodies = act(match, 1, "pass")
        assert kinds(bodies) == ["passed", "turn_ended", "blocked", "revealed", "revealed", "round_ended"]
        assert bodies[:3] == [Passed(1, 2), TurnEnded(1, passed=True), Blocked(1)]
        assert (bodies[-1].reason, bodies[-1].went_out, bodies[-1].scores) == (
            "blocked",
            None,
            [7 + 7 + 7 + 5 + 13, 2 + 3 + 9],
        )

    def test_gru14_a_play_between_passes_starts_the_count_again(self) -> None:
        match = started()
        arrange(match, [list(HAND0), ["2C-a", "3C-a", "4C-a", "9H-b"]], [], stock=0)
        act(match, 0, "pass")
        submit(match, 1, ["2C-a", "3C-a", "4C-a"])
        act(match, 1, "end")
        act(match, 0, "pass")
        assert (match.state.passes, match.state.round) == (1, 1)
