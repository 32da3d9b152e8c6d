"""Grucha's groups (GRU-3…7) and the joker readings (GRU-6): table-driven verdicts with exact results,
the spec's acceptance cases among them, and order-independence as a property."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.grucha.cards import deck, hand_points
from games.grucha.melds import Meld, MeldError, meld_points, read

J1, J2, J3, J4 = "JK-a1", "JK-a2", "JK-b1", "JK-b2"
SPADES = [
    "AS-a",
    "2S-a",
    "3S-a",
    "4S-a",
    "5S-a",
    "6S-a",
    "7S-a",
    "8S-a",
    "9S-a",
    "10S-a",
    "JS-a",
    "QS-a",
    "KS-a",
]

# (id, cards, declared meanings, jokers_must_be_minority,
#  expected: (kind, canonical cards, meanings) or a reason)
VERDICTS = [
    # sets (GRU-5)
    ("gru5-set-of-three", ["7S-a", "7H-a", "7D-a"], {}, False, ("set", ("7S-a", "7H-a", "7D-a"), {})),
    (
        "set-of-four",
        ["7C-b", "7D-a", "7H-a", "7S-a"],
        {},
        False,
        ("set", ("7S-a", "7H-a", "7D-a", "7C-b"), {}),
    ),
    ("gru5-same-suit-two-decks", ["7S-a", "7S-b", "7H-a"], {}, False, "duplicate_suit"),
    ("gru5-dup-suit-not-first", ["7H-a", "7D-a", "7C-a", "7H-b"], {}, False, "duplicate_suit"),
    ("gru5-set-five-with-joker", ["7S-a", "7H-a", "7D-a", "7C-a", J1], {}, False, "set_too_long"),
    (
        "set-joker-takes-first-missing-suit",
        ["7D-a", "7C-a", J1],
        {},
        False,
        ("set", (J1, "7D-a", "7C-a"), {J1: "7S"}),
    ),
    (
        "set-joker-declared",
        ["7D-a", "7C-a", J1],
        {J1: "7H"},
        False,
        ("set", (J1, "7D-a", "7C-a"), {J1: "7H"}),
    ),
    ("gru6-set-joker-declared-taken-suit", ["7D-a", "7C-a", "7S-a", J1], {J1: "7D"}, False, "joker_meaning"),
    (
        "set-four-with-joker",
        ["7D-a", "7C-a", "7S-a", J1],
        {},
        False,
        ("set", ("7S-a", J1, "7D-a", "7C-a"), {J1: "7H"}),
    ),
    ("gru5-set-mixed-ranks", ["7S-a", "8H-a", "7D-a"], {}, False, "mixed_cards"),
    # runs (GRU-4, 7)
    ("gru4-ace-low", ["3C-a", "AC-a", "2C-a"], {}, False, ("run", ("AC-a", "2C-a", "3C-a"), {})),
    ("gru4-ace-high", ["AC-a", "KC-a", "QC-a"], {}, False, ("run", ("QC-a", "KC-a", "AC-a"), {})),
    ("gru4-no-wrap", ["KC-a", "AC-a", "2C-a"], {}, False, "not_consecutive"),
    ("gru4-gap", ["4C-a", "5C-a", "7C-a"], {}, False, "not_consecutive"),
    ("gru4-full-13-reads-ace-high", SPADES[::-1], {}, False, ("run", (*SPADES[1:], "AS-a"), {})),
    ("gru4-14-with-ace-both-ends", [*SPADES, "AS-b"], {}, False, "run_too_long"),
    ("gru7-duplicate-rank-two-decks", ["5D-a", "5D-b", "6D-a", "7D-a"], {}, False, "duplicate_rank"),
    ("gru7-duplicate-rank-joker-present", ["5D-a", "5D-b", "6D-a", J1], {}, False, "duplicate_rank"),
    ("gru4-two-aces-in-run", ["AH-a", "2H-a", "KH-a", "QH-a", "AH-b"], {}, False, "duplicate_rank"),
    ("gru4-mixed-suits", ["4C-a", "5C-a", "6D-a"], {}, False, "mixed_cards"),
    ("gru3-too-few", ["4C-a", "5C-a"], {}, False, "too_few_cards"),
    ("gru3-empty", [], {}, False, "too_few_cards"),
    # jokers (GRU-6)
    ("gru6-jk-a-2-order-1", [J1, "AH-a", "2H-a"], {}, False, ("run", ("AH-a", "2H-a", J1), {J1: "3H"})),
    ("gru6-jk-a-2-order-2", ["2H-a", J1, "AH-a"], {}, False, ("run", ("AH-a", "2H-a", J1), {J1: "3H"})),
    ("gru6-jk-a-2-order-3", ["AH-a", "2H-a", J1], {}, False, ("run", ("AH-a", "2H-a", J1), {J1: "3H"})),
    ("gru6-three-jokers", [J1, J2, J3], {}, False, "no_natural"),
    (
        "gru6-joker-extends-up",
        ["9S-a", "10S-a", J1],
        {},
        False,
        ("run", ("9S-a", "10S-a", J1), {J1: "JS"}),
    ),
    (
        "joker-declared-down",
        ["9S-a", "10S-a", J1],
        {J1: "8S"},
        False,
        ("run", (J1, "9S-a", "10S-a"), {J1: "8S"}),
    ),
    ("gru6-joker-declared-impossible", ["9S-a", "10S-a", J1], {J1: "QS"}, False, "joker_meaning"),
    (
        "gru6-joker-fills-gap",
        ["8H-a", J1, "10H-a"],
        {},
        False,
        ("run", ("8H-a", J1, "10H-a"), {J1: "9H"}),
    ),
    (
        "gru6-joker-after-king-is-ace",
        ["QS-a", "KS-a", J1],
        {},
        False,
        ("run", ("QS-a", "KS-a", J1), {J1: "AS"}),
    ),
    ("gru6-joker-before-ace-low", ["AS-a", "2S-a", J1], {J1: "KS"}, False, "joker_meaning"),
    (
        "gru6-majority-jokers-run",
        [J1, J2, "9C-a"],
        {},
        False,
        ("run", ("9C-a", J1, J2), {J1: "10C", J2: "JC"}),
    ),
    (
        "majority-jokers-set",
        [J1, J2, "9C-a"],
        {J1: "9H"},
        False,
        ("set", (J2, J1, "9C-a"), {J1: "9H", J2: "9S"}),
    ),
    ("minority-majority-refused-by-option", [J1, J2, "9C-a"], {}, True, "joker_majority"),
    ("minority-equal-refused-by-option", [J1, "9C-a", "9D-a", J2], {}, True, "joker_majority"),
    (
        "minority-minority-accepted",
        [J1, "9C-a", "9D-a"],
        {},
        True,
        ("set", (J1, "9D-a", "9C-a"), {J1: "9S"}),
    ),
    (
        "four-jokers-one-natural",
        ["9C-a", J1, J2, J3, J4],
        {},
        False,
        ("run", ("9C-a", J1, J2, J3, J4), {J1: "10C", J2: "JC", J3: "QC", J4: "KC"}),
    ),
    (
        "king-four-jokers",
        ["KC-a", J1, J2, J3, J4],
        {},
        False,
        ("run", (J1, J2, J3, "KC-a", J4), {J1: "10C", J2: "JC", J3: "QC", J4: "AC"}),
    ),
    ("gru6-two-jokers-declared-same", ["5D-a", J1, J2], {J1: "6D", J2: "6D"}, False, "joker_meaning"),
    ("gru6-declared-not-in-group", ["5D-a", "6D-a", "7D-a"], {J1: "8D"}, False, "joker_not_in_group"),
    ("gru6-declared-for-natural", ["5D-a", "6D-a", "7D-a"], {"5D-a": "8D"}, False, "not_a_joker"),
    ("gru6-declared-bad-name", ["5D-a", "6D-a", J1], {J1: "ZZ"}, False, "bad_meaning"),
    ("gru5-joker-with-set-too-long", ["9C-a", "9D-a", "9H-a", "9S-a", J1], {}, False, "set_too_long"),
]


@pytest.mark.parametrize(
    ("cards", "declared", "minority", "expected"),
    [v[1:] for v in VERDICTS],
    ids=[v[0] for v in VERDICTS],
)
def test_verdict(cards: list[str], declared: dict[str, str], minority: bool, expected: object) -> None:
    if isinstance(expected, str):
        with pytest.raises(MeldError) as err:
            read(cards, declared, minority)
        assert err.value.reason == expected
    else:
        assert read(cards, declared, minority) == Meld(*expected)  # type: ignore[misc]


def test_there_are_at_least_40_verdicts() -> None:
    assert len(VERDICTS) >= 40


@pytest.mark.parametrize("cards", list(permutations([J1, "AH-a", "2H-a"])))
def test_gru6_joker_ace_two_in_any_order_is_a_run_to_three(cards: tuple[str, ...]) -> None:
    assert read(cards) == Meld("run", ("AH-a", "2H-a", J1), {J1: "3H"})


def test_gru13_hand_of_ace_king_joker_two_scores_49() -> None:
    assert hand_points(["AS-a", "KD-a", J1, "2C-a"]) == 49


def test_the_opening_values_a_joker_as_what_it_stands_for() -> None:
    assert meld_points(read(["QS-a", "KS-a", J1])) == 12 + 13 + 14
    assert meld_points(read(["AS-a", "2S-a", "3S-a"])) == 14 + 2 + 3


# ---- properties: the verdict does not depend on the order of the cards -----------------------------
CARDS = deck(2)


def verdict(cards: list[str], declared: dict[str, str] | None = None) -> object:
    try:
        return read(cards, declared)
    except MeldError as exc:
        return exc.reason


@st.composite
def near_groups(draw: st.DrawFn) -> list[str]:
    """Groups near a valid one: a slice of a run or a set, a joker or two, sometimes one stray card."""
    suit = draw(st.sampled_from("SHDC"))
    if draw(st.booleans()):
        low = draw(st.integers(1, 12))
        size = draw(st.integers(2, 6))
        names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        cards = [
            f"{names[r - 1]}{suit}-{draw(st.sampled_from('ab'))}" for r in range(low, min(low + size, 15))
        ]
    else:
        rank = draw(st.sampled_from(["A", "5", "10", "K"]))
        cards = [
            f"{rank}{s}-{draw(st.sampled_from('ab'))}"
            for s in draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=5))
        ]
    cards += draw(st.lists(st.sampled_from([J1, J2, J3]), max_size=3))
    if draw(st.booleans()):
        cards.append(draw(st.sampled_from(CARDS)))
    return list(dict.fromkeys(cards))


@settings(max_examples=200, deadline=None)
@given(near_groups(), st.randoms(use_true_random=False))
def test_the_verdict_does_not_depend_on_the_order_of_cards(cards: list[str], rnd: object) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert verdict(shuffled) == verdict(cards)


@settings(max_examples=100, deadline=None)
@given(near_groups())
def test_a_valid_reading_keeps_every_card_and_means_distinct_names(cards: list[str]) -> None:
    result = verdict(cards)
    if isinstance(result, Meld):
        assert sorted(result.cards) == sorted(cards)
        assert set(result.jokers) == {c for c in cards if c.startswith("JK-")}
        assert verdict(list(result.cards), result.jokers) == result  # the view's form reads back the same
