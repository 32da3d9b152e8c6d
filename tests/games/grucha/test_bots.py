"""Grucha's bots see only the view: ``greedy`` plays a match under every option without a refused
action, beats ``random`` and finds plays from hand plus table (extend, split to insert, move a joker,
new groups). Whole matches of ``random`` at every seat count are the conformance suite's play-outs."""

from __future__ import annotations

from typing import Any

from games.engine import Match, Rng, bot_rng
from games.grucha import GAME
from games.grucha.moves import moves
from tests.games.grucha.helpers import arrange, new_match, run

BOTS = GAME.bots()


def play(names: list[str], seed: bytes, checked: bool = True, **options: Any) -> tuple[Match, int]:
    """A whole match between the named bots; every action goes through `Match.act`, which raises on a
    refusal. Returns the match and the number of submissions."""
    match = Match(GAME, len(names), GAME.options(options), seed)
    submissions = 0
    while GAME.outcome(match.state) is None:
        seat, prompt = min(GAME.prompts(match.state).items())
        action = BOTS[names[seat]](GAME.view(match.state, seat), prompt, bot_rng(seed, seat, match.version))
        submissions += action["kind"] == "submit"
        match.act(seat, action)
        assert not checked or GAME.invariants(match.state) == []
    return match, submissions


def test_greedy_plays_with_every_option() -> None:
    match, _ = play(
        ["greedy", "random", "greedy"], b"opts", opening_min_points=30, jokers_must_be_minority=True
    )
    assert match.state.phase == "over"


def test_greedy_beats_random_most_of_the_time() -> None:
    outcomes = [
        GAME.outcome(play(["greedy", "random"], f"duel-{n}".encode(), False, rounds=1)[0].state)
        for n in range(5)
    ]
    assert sum(0 in o.winners for o in outcomes if o is not None) >= 4


def greedy_move(hand: list[str], table: list[list[str]]) -> list[list[str]]:
    match = new_match(2)
    arrange(match, [hand, ["2C-b"]], table)
    action = BOTS["greedy"](GAME.view(match.state, 0), GAME.prompts(match.state)[0], Rng(b"g", "x"))
    assert action["kind"] == "submit"
    match.act(0, action)
    return sorted(sorted(g.cards) for g in match.state.table)


def test_greedy_extends_a_run() -> None:
    assert greedy_move(["9S-a", "2H-b"], [run("S", 5, 8)]) == [sorted(run("S", 5, 9))]


def test_greedy_splits_a_run_to_insert_a_card() -> None:
    table = greedy_move(["5D-b", "KC-b"], [run("D", 3, 8)])
    assert sorted(len(g) for g in table) == [3, 4]
    assert [g for g in table if "5D-a" in g and "5D-b" in g] == []


def test_greedy_swaps_a_joker_for_a_hand_card_and_plays_the_joker() -> None:
    table = greedy_move(["5H-b", "9C-a", "9D-a", "KC-b"], [["4H-a", "JK-a1", "6H-a"]])
    assert table == sorted([sorted(["4H-a", "5H-b", "6H-a"]), sorted(["9C-a", "9D-a", "JK-a1"])])


def test_moves_borrow_a_table_card_for_a_new_group() -> None:
    match = new_match(2)
    arrange(match, [["QD-a", "QC-a"], ["2C-b"]], [["QS-a", "QH-a", "QD-b", "QC-b"]])
    view = GAME.view(match.state, 0)
    found = {m.family for m in moves(view.table, view.hand)}
    assert "free" in found
