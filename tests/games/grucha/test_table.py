"""GRU-9, 10: whole-table submissions checked against the table and the hand, table-driven with the exact
verdict, and the properties that an accepted table conserves the cards and holds only valid groups,
whatever the order of groups and cards."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalAction
from games.grucha import GAME
from games.grucha.actions import SubmittedGroup
from games.grucha.melds import is_valid
from games.grucha.model import Options
from games.grucha.table import check
from tests.games.grucha.helpers import act, arrange, group, new_match, run

J1, J2 = "JK-a1", "JK-a2"
DIAMONDS = run("D", 3, 8)  # 3♦ … 8♦ of deck a
OPTIONS = Options()

# (id, table groups, hand, submitted groups, expected: the new table as sorted card lists, or
# (code, details))
CASES: list[tuple[str, list[list[str]], list[str], list[list[str]], Any]] = [
    (
        "split-run-to-insert-a-duplicate",
        [DIAMONDS],
        ["5D-b", "KC-a"],
        [["3D-a", "4D-a", "5D-a"], ["5D-b", "6D-a", "7D-a", "8D-a"]],
        [["3D-a", "4D-a", "5D-a"], ["5D-b", "6D-a", "7D-a", "8D-a"]],
    ),
    (
        "fragment-of-two-left-behind",
        [run("D", 3, 6)],
        ["5D-b", "5C-a", "5H-a"],
        [["3D-a", "4D-a"], ["6D-a"], ["5D-a", "5C-a", "5H-a"]],
        ("grucha/invalid_group", {"group": 0, "reason": "too_few_cards"}),
    ),
    (
        "table-card-dropped",
        [["7S-a", "7H-a", "7D-a"]],
        ["7C-a"],
        [["7S-a", "7H-a", "7C-a"]],
        ("grucha/table_card_missing", {"group": None, "reason": "table_card_missing", "card": "7D-a"}),
    ),
    (
        "card-not-held",
        [["7S-a", "7H-a", "7D-a"]],
        ["2C-a"],
        [["7S-a", "7H-a", "7D-a", "7C-a"]],
        ("grucha/not_in_hand", {"group": 0, "reason": "not_in_hand", "card": 3}),
    ),
    (
        "no-such-card-same-refusal",
        [["7S-a", "7H-a", "7D-a"]],
        ["2C-a"],
        [["7S-a", "7H-a", "7D-a", "7X-z"]],
        ("grucha/not_in_hand", {"group": 0, "reason": "not_in_hand", "card": 3}),
    ),
    (
        "joker-moved-to-new-group-old-stays-valid",
        [["4H-a", "5H-a", "6H-a", J1]],
        ["9C-a", "9D-a"],
        [["4H-a", "5H-a", "6H-a"], ["9C-a", "9D-a", J1]],
        [["4H-a", "5H-a", "6H-a"], [J1, "9D-a", "9C-a"]],
    ),
    (
        "joker-moved-old-group-broken",
        [["4H-a", J1, "6H-a"]],
        ["9C-a", "9D-a"],
        [["4H-a", "6H-a"], ["9C-a", "9D-a", J1]],
        ("grucha/invalid_group", {"group": 0, "reason": "too_few_cards"}),
    ),
    (
        "joker-replaced-by-hand-card",
        [["4H-a", J1, "6H-a"]],
        ["5H-b", "9C-a", "9D-a"],
        [["4H-a", "5H-b", "6H-a"], ["9C-a", "9D-a", J1]],
        [["4H-a", "5H-b", "6H-a"], [J1, "9D-a", "9C-a"]],
    ),
    (
        "extend-a-run-at-both-ends",
        [run("S", 5, 7)],
        ["4S-a", "8S-b"],
        [["4S-a", "5S-a", "6S-a", "7S-a", "8S-b"]],
        [["4S-a", "5S-a", "6S-a", "7S-a", "8S-b"]],
    ),
    (
        "join-two-runs-with-a-card",
        [run("C", 2, 4), run("C", 6, 8)],
        ["5C-b"],
        [["2C-a", "3C-a", "4C-a", "5C-b", "6C-a", "7C-a", "8C-a"]],
        [["2C-a", "3C-a", "4C-a", "5C-b", "6C-a", "7C-a", "8C-a"]],
    ),
    (
        "nothing-added",
        [["7S-a", "7H-a", "7D-a"]],
        ["7C-a"],
        [["7D-a", "7S-a", "7H-a"]],
        ("grucha/nothing_added", {"group": None, "reason": "nothing_added"}),
    ),
    (
        "card-named-twice",
        [],
        ["7C-a", "7D-a", "7H-a"],
        [["7C-a", "7D-a", "7H-a"], ["7C-a", "8C-a", "9C-a"]],
        ("grucha/duplicate_card", {"group": 1, "reason": "duplicate_card", "card": 0}),
    ),
    (
        "invalid-group-by-index",
        [],
        ["7C-a", "7D-a", "7H-a", "KC-a", "AC-a", "2C-a"],
        [["7C-a", "7D-a", "7H-a"], ["KC-a", "AC-a", "2C-a"]],
        ("grucha/invalid_group", {"group": 1, "reason": "not_consecutive"}),
    ),
    (
        "regroup-runs-into-sets",
        [run("S", 4, 6), run("H", 4, 6)],
        ["4D-a", "5D-a", "6D-a"],
        [["4S-a", "4H-a", "4D-a"], ["5S-a", "5H-a", "5D-a"], ["6S-a", "6H-a", "6D-a"]],
        [["4S-a", "4H-a", "4D-a"], ["5S-a", "5H-a", "5D-a"], ["6S-a", "6H-a", "6D-a"]],
    ),
    (
        "empty-group",
        [],
        ["7C-a", "7D-a", "7H-a"],
        [["7C-a", "7D-a", "7H-a"], []],
        ("grucha/invalid_group", {"group": 1, "reason": "too_few_cards"}),
    ),
]


def groups_of(cards: list[list[str]], jokers: dict[str, str] | None = None) -> list[SubmittedGroup]:
    return [SubmittedGroup(g, {j: n for j, n in (jokers or {}).items() if j in g}) for g in cards]


@pytest.mark.parametrize(
    ("table", "hand", "submitted", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_submission(
    table: list[list[str]], hand: list[str], submitted: list[list[str]], expected: Any
) -> None:
    old = [group(*g) for g in table]
    if isinstance(expected, tuple):
        with pytest.raises(IllegalAction) as err:
            check(old, hand, groups_of(submitted), OPTIONS)
        assert (err.value.code, err.value.details) == expected
    else:
        accepted = check(old, hand, groups_of(submitted), OPTIONS)
        assert [g.cards for g in accepted.table] == expected


def test_a_declared_meaning_survives_and_the_rest_is_canonical() -> None:
    accepted = check([], ["9S-a", "10S-a", J1], groups_of([["10S-a", J1, "9S-a"]], {J1: "8S"}), OPTIONS)
    assert [(g.kind, g.cards, g.jokers) for g in accepted.table] == [
        ("run", [J1, "9S-a", "10S-a"], {J1: "8S"})
    ]
    accepted = check([], ["9S-a", "10S-a", J1], groups_of([["10S-a", J1, "9S-a"]]), OPTIONS)
    assert [(g.kind, g.cards, g.jokers) for g in accepted.table] == [
        ("run", ["9S-a", "10S-a", J1], {J1: "JS"})
    ]


def test_a_joker_is_re_read_after_a_rearrangement() -> None:
    """GRU-6: J1 stood for 5H; once 5H joins the run it stands for 7H."""
    old = [group("4H-a", J1, "6H-a")]
    accepted = check(old, ["5H-a"], groups_of([["4H-a", "5H-a", "6H-a", J1]]), OPTIONS)
    assert accepted.table[0].jokers == {J1: "7H"}
    assert accepted.added == ["5H-a"]


# ---- properties -------------------------------------------------------------------------------------
TABLES = [
    [DIAMONDS, ["7S-a", "7H-a", "7D-b"], ["QC-a", "KC-a", J1]],
    [run("H", 1, 5), ["9S-a", "9H-a", "9C-a", "9D-a"]],
]
HANDS = [
    ["5D-b", "7C-a", "AC-a", J2, "9D-b", "2H-b", "6H-a", "JC-a"],
    ["6H-b", "9H-b", "KS-a", J2, "10S-a", "JS-a", "2C-a", "7D-a"],
]


@st.composite
def submissions(draw: st.DrawFn) -> tuple[list[list[str]], list[str], list[list[str]]]:
    """A table, a hand and a submission: either the table's groups with hand cards added to some (often
    accepted), or a random regrouping of the table's cards and some of the hand's; sometimes a table
    card dropped or a stranger card added."""
    index = draw(st.integers(0, len(TABLES) - 1))
    table, hand = TABLES[index], HANDS[index]
    extra = draw(st.lists(st.sampled_from(hand), unique=True, min_size=1, max_size=4))
    if draw(st.integers(0, 1)) == 0:
        groups = [list(g) for g in table]
        for card in extra[:2]:
            groups[draw(st.integers(0, len(groups) - 1))].append(card)
    else:
        cards = draw(st.permutations([c for g in table for c in g] + extra))
        cuts = sorted(draw(st.lists(st.integers(0, len(cards)), max_size=6)))
        bounds = [0, *cuts, len(cards)]
        groups = [cards[a:b] for a, b in pairwise(bounds) if b > a]
    rare = st.sampled_from([False] * 9 + [True])
    if draw(rare):
        groups[0] = groups[0][1:]
    if draw(rare):
        groups[-1] = [*groups[-1], "4S-b"]
    return table, hand, groups


def outcome(table: list[list[str]], hand: list[str], submitted: list[list[str]]) -> Any:
    try:
        accepted = check([group(*g) for g in table], hand, groups_of(submitted), OPTIONS)
    except IllegalAction as exc:
        return exc.code
    return sorted(sorted(g.cards) for g in accepted.table)


@settings(max_examples=150, deadline=None)
@given(submissions())
def test_an_accepted_table_conserves_cards_and_holds_only_valid_groups(case: Any) -> None:
    table, hand, submitted = case
    result = outcome(table, hand, submitted)
    if isinstance(result, list):
        new = [c for g in result for c in g]
        old = [c for g in table for c in g]
        assert len(new) == len(set(new))
        assert set(old) <= set(new) and set(new) - set(old) <= set(hand) and len(new) > len(old)
        assert all(is_valid(g) for g in result)


@settings(max_examples=150, deadline=None)
@given(submissions(), st.randoms(use_true_random=False))
def test_the_verdict_does_not_depend_on_the_order_of_groups_or_cards(case: Any, rnd: Any) -> None:
    table, hand, submitted = case
    shuffled = [rnd.sample(g, len(g)) for g in rnd.sample(submitted, len(submitted))]
    assert outcome(table, hand, shuffled) == outcome(table, hand, submitted)


def test_the_strategy_reaches_accepted_tables() -> None:
    """The properties are not vacuous: the first kind of submission is often accepted."""
    accepted = [0]

    @settings(max_examples=100, deadline=None, database=None, derandomize=True)
    @given(submissions())
    def count(case: Any) -> None:
        accepted[0] += isinstance(outcome(*case), list)

    count()
    assert accepted[0] >= 5


# ---- the view's groups sent back as they are ------------------------------------------------------
def test_gru9_the_views_groups_are_submitted_as_they_are() -> None:
    """A client that sends the view's table back (``kind``, ``cards``, ``jokers``) with a new group of
    its own is judged by the rules, never refused as malformed."""
    match = new_match(2)
    arrange(match, [["7C-a", "7D-a", "7H-a", "2S-a"], ["4S-a", "5H-a"]], [["4H-a", J1, "6H-a"]])
    shown = msgspec.to_builtins(GAME.view(match.state, 0).table)
    assert shown == [{"kind": "run", "cards": ["4H-a", J1, "6H-a"], "jokers": {J1: "5H"}}]
    bodies = act(match, 0, "submit", groups=[*shown, {"cards": ["7C-a", "7D-a", "7H-a"]}])
    assert [(g.kind, g.cards, g.jokers) for g in bodies[0].table] == [
        ("run", ["4H-a", J1, "6H-a"], {J1: "5H"}),
        ("set", ["7H-a", "7D-a", "7C-a"], {}),
    ]


def test_gru6_a_declared_kind_chooses_the_reading() -> None:
    """Jk Jk 9♣ reads as a run unless the group says it is a set; a kind it cannot be is refused."""
    hand = ["9C-a", J1, J2, "7S-a", "7H-a", "JK-b1"]
    as_set = check([], hand, [SubmittedGroup(["9C-a", J1, J2], kind="set")], OPTIONS)
    assert [(g.kind, g.cards, g.jokers) for g in as_set.table] == [
        ("set", [J1, J2, "9C-a"], {J1: "9S", J2: "9H"})
    ]
    with pytest.raises(IllegalAction) as err:
        check([], hand, [SubmittedGroup(["7S-a", "7H-a", "JK-b1"], kind="run")], OPTIONS)
    assert (err.value.code, err.value.details) == (
        "grucha/invalid_group",
        {"group": 0, "reason": "kind_meaning"},
    )
