"""fixture-reaction (RCT-*): the engine's windows in a real game, played through `Match`."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.engine import IllegalAction, Match, Rng
from games.fixtures import reaction
from games.fixtures.reaction import (
    KINDS,
    Announced,
    CalledOff,
    Drew,
    Fizzled,
    Passed,
    Played,
    RaidSettled,
    Rolled,
    Scored,
)

GAME = reaction.GAME
RAID_SEED = b"raid-24"  # the closing pass of the first window (version 3) rolls raider 4, defender 3
HANDS = [["card-01", "card-09"], ["card-02", "card-07"], ["card-03", "card-10"]]  # cancel/veto/boost


def table(seed: bytes = b"reaction") -> Match:
    """Three seats holding `HANDS`; the deck is the rest, ``card-16`` on top."""
    match = Match(GAME, 3, GAME.options(), seed)
    match.state.hands = [list(h) for h in HANDS]
    match.state.deck = [c for c in sorted(KINDS) if all(c not in h for h in HANDS)]
    return match


def public(events: list[Any]) -> list[Any]:
    return [e.body for e in events if e.audience.sees(None)]


def counter(card: str, target: int) -> dict[str, Any]:
    return {"kind": "counter", "card": card, "target": target}


def passes(match: Match, *seats: int) -> list[Any]:
    events: list[Any] = []
    for seat in seats:
        events = match.act(seat, {"kind": "pass"})
    return events


class TestAnnounceWindow:
    def test_rct3_ordered_window_from_the_active_seat_with_its_own_prompt_ids(self) -> None:
        match = table()
        events = match.act(0, {"kind": "announce", "move": "advance"})
        assert public(events) == [Announced(0, "advance", None, 1)]
        prompts = GAME.prompts(match.state)
        assert list(prompts) == [0]
        assert (prompts[0].id, prompts[0].kinds, prompts[0].timer) == (
            "w1/1/0/0",
            ["pass", "counter"],
            "reaction",
        )
        assert prompts[0].choices["counter"] == [{"card": "card-01", "target": 1}]
        passes(match, 0)
        assert {s: p.id for s, p in GAME.prompts(match.state).items()} == {1: "w1/1/1/1"}

    def test_rct3_timeout_passes_and_a_stale_prompt_id_is_refused(self) -> None:
        match = table()
        match.act(0, {"kind": "announce", "move": "advance"})
        match.act(0, {"kind": "timeout", "prompt": "w1/1/0/0"})
        with pytest.raises(IllegalAction) as caught:
            match.act(1, {"kind": "timeout", "prompt": "w1/1/0/0"})
        assert (caught.value.code, caught.value.details) == ("action/stale_prompt", {"prompt": "w1/1/1/1"})
        assert public(match.act(1, {"kind": "timeout", "prompt": "w1/1/1/1"})) == [Passed(1)]

    def test_rct3_a_seat_out_of_turn_is_told_so(self) -> None:
        match = table()
        match.act(0, {"kind": "announce", "move": "advance"})
        with pytest.raises(IllegalAction) as caught:
            match.act(2, counter("card-03", 1))
        assert caught.value.code == "window/not_your_turn"

    def test_rct4_a_cancel_of_the_cancel_lets_the_announcement_stand(self) -> None:
        match = table()
        match.act(0, {"kind": "announce", "move": "advance"})
        passes(match, 0)
        assert public(match.act(1, counter("card-02", 1))) == [Played(1, "card-02", 2, target=1)]
        match.act(2, counter("card-03", 2))
        events = passes(match, 0, 1, 2)
        assert public(events) == [Passed(2), Fizzled(2), Scored(0, 1), Drew(0)]
        assert (match.state.scores, match.state.active, match.state.discard) == (
            [1, 0, 0],
            1,
            ["card-02", "card-03"],
        )

    def test_rct4_a_veto_cannot_be_cancelled_nor_named_by_a_counter(self) -> None:
        match = table()
        match.act(0, {"kind": "announce", "move": "advance"})
        passes(match, 0)
        match.act(1, counter("card-07", 1))
        assert GAME.prompts(match.state)[2].choices["counter"] == [{"card": "card-03", "target": 1}]
        with pytest.raises(IllegalAction) as caught:
            match.act(2, counter("card-03", 2))
        assert (caught.value.code, match.state.hands[2]) == ("window/no_target", ["card-03", "card-10"])
        events = passes(match, 2, 0, 1)
        assert public(events) == [Passed(1), Fizzled(1), Drew(0)]
        assert match.state.scores == [0, 0, 0]

    def test_rct7_the_turn_continues_after_the_window_with_a_private_draw(self) -> None:
        match = table()
        match.act(0, {"kind": "timeout", "prompt": "turn/6"})  # RCT-2: a timeout advances
        events = passes(match, 0, 1, 2)
        assert [e.body for e in events if e.audience.sees(0)][-1] == Drew(0, "card-16")
        assert [e.body for e in events if e.audience.sees(1)][-1] == Drew(0)
        assert (match.state.hands[0], match.state.turns_left, list(GAME.prompts(match.state))) == (
            ["card-01", "card-09", "card-16"],
            5,
            [1],
        )


class TestRaid:
    def raid(self) -> Match:
        match = table(RAID_SEED)
        match.act(0, {"kind": "announce", "move": "raid", "target": 1})
        events = passes(match, 0, 1, 2)
        assert public(events) == [Passed(2), Rolled(0, 1, [4, 3])]
        return match

    def test_rct5_the_raid_window_opens_while_the_announcement_window_resolves(self) -> None:
        match = self.raid()
        stack = match.state.windows.stack
        assert [(w.id, w.mode, w.purpose, w.resolving) for w in stack] == [
            (1, "ordered", "announce", True),
            (3, "concurrent", "contest", False),  # window 2, the truce, skipped the pointless seat 1
        ]
        prompts = GAME.prompts(match.state)
        assert {s: p.id for s, p in prompts.items()} == {0: "w3/0/0", 1: "w3/0/1", 2: "w3/0/2"}
        assert prompts[2].choices["boost"] == [{"card": "card-10", "side": 0}, {"card": "card-10", "side": 1}]

    def test_rct6_a_tie_goes_to_the_side_ahead_before_the_last_effective_boost(self) -> None:
        match = self.raid()
        match.act(2, {"kind": "boost", "card": "card-10", "side": 1})  # play 2: 4-4
        match.act(0, {"kind": "boost", "card": "card-09", "side": 0})  # play 3: 5-4
        match.act(1, counter("card-07", 3))  # play 4, a veto: 4-4 again
        events = passes(match, 0, 2, 1)
        assert public(events) == [
            Passed(1),
            Fizzled(3),
            RaidSettled([4, 4], winner=0),
            Scored(0, 2),
            Drew(0),
        ]
        assert (match.state.scores, match.state.windows.stack, match.state.active) == ([2, 0, 0], [], 1)

    def test_rct6_dice_alone_decide_without_boosts(self) -> None:
        match = self.raid()
        events = passes(match, 2, 0, 1)
        assert public(events)[1:3] == [RaidSettled([4, 3], winner=0), Scored(0, 2)]

    def test_a_boost_outside_a_raid_is_not_offered(self) -> None:
        match = table()
        match.act(0, {"kind": "announce", "move": "advance"})
        with pytest.raises(IllegalAction) as caught:
            match.act(0, {"kind": "boost", "card": "card-09", "side": 0})
        assert caught.value.code == "action/not_offered"


class TestTruce:
    """RCT-5: a raided seat with a point is asked once whether it buys a truce (timer ``truce``)."""

    def asked(self) -> Match:
        match = table(RAID_SEED)
        match.state.scores = [0, 1, 0]
        match.act(0, {"kind": "announce", "move": "raid", "target": 1})
        assert public(passes(match, 0, 1, 2)) == [Passed(2)]
        return match

    def test_the_raided_seat_alone_is_asked_with_the_truce_timer_and_default(self) -> None:
        match = self.asked()
        prompts = GAME.prompts(match.state)
        assert {s: (p.id, p.kinds, p.timer, p.default) for s, p in prompts.items()} == {
            1: ("w2/1", ["pass", "truce"], "truce", "truce")
        }
        assert GAME.timers == {"truce": 15.0}

    @pytest.mark.parametrize(
        "answer", [{"kind": "truce"}, {"kind": "timeout", "prompt": "w2/1"}], ids=["truce", "timeout"]
    )
    def test_a_truce_costs_a_point_and_calls_the_raid_off(self, answer: dict[str, Any]) -> None:
        match = self.asked()
        events = match.act(1, answer)
        assert public(events) == [CalledOff(0, 1), Scored(1, -1), Drew(0)]
        assert (match.state.scores, match.state.contest, match.state.windows.stack) == ([0, 0, 0], None, [])

    def test_a_pass_fights_the_raid(self) -> None:
        match = self.asked()
        events = match.act(1, {"kind": "pass"})
        assert [type(e) for e in public(events)] == [Passed, Rolled]
        assert [w.purpose for w in match.state.windows.stack] == ["announce", "contest"]
        with pytest.raises(IllegalAction) as caught:
            match.act(1, {"kind": "truce"})
        assert caught.value.code == "action/not_offered"

    def test_a_seat_without_a_point_is_not_asked(self) -> None:
        match = table(RAID_SEED)
        match.act(0, {"kind": "announce", "move": "raid", "target": 1})
        assert public(passes(match, 0, 1, 2)) == [Passed(2), Rolled(0, 1, [4, 3])]
        assert match.state.windows.next_window == 4


class TestHiddenHands:
    def test_rct1_other_hands_and_the_deck_are_hidden(self) -> None:
        match = table()
        hidden = GAME.hidden(match.state, 0)
        assert hidden == set(KINDS) - {"card-01", "card-09"}
        assert not any(card in msgspec.json.encode(GAME.view(match.state, 0)).decode() for card in hidden)

    @pytest.mark.parametrize("seat", [0, 1, 2, None])
    def test_redeal_keeps_what_the_seat_sees_and_conserves_cards(self, seat: int | None) -> None:
        match = table()
        match.act(0, {"kind": "announce", "move": "advance"})
        other = GAME.redeal(match.state, seat, Rng(b"redeal", "t"))
        assert GAME.encode_state(other) != GAME.encode_state(match.state)
        assert GAME.view(other, seat) == GAME.view(match.state, seat)
        assert (GAME.prompts(other).get(seat) if seat is not None else None) == (
            GAME.prompts(match.state).get(seat) if seat is not None else None
        )
        assert GAME.invariants(other) == []
