"""Infarkt's contents as data (INF-2, INF-3, INF-11…18, INF-22…26): the 154 cards, the places and their
prices, the worsening table, each row with the provenance the spec gives it."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import PROVENANCES
from games.infarkt.cards import (
    ACTIONS,
    CARDS,
    EVENTS,
    GOODS,
    MEDICINES,
    PLACES,
    PROVENANCE,
    ROW_PROVENANCE,
    TRACKS,
    WORSENING,
    deltas,
)


def _named(name_cs: str) -> list[str]:
    return [c.id for c in CARDS.values() if c.name_cs == name_cs]


def test_inf2_the_box_holds_154_cards_each_its_own_id() -> None:
    assert len(CARDS) == 154
    assert Counter(c.kind for c in CARDS.values()) == {"goods": 72, "medicine": 30, "event": 52}
    assert len(GOODS) + len(MEDICINES) + len(EVENTS) == 154


def test_inf2_no_card_id_is_a_token_of_another() -> None:
    """The leak scan matches ids as whole tokens of letters, digits and ``_``: ids use ``-`` between
    parts and each id's parts never end where another id ends inside it."""
    for card in CARDS:
        assert all(ch.isascii() and (ch.isalnum() or ch == "-") for ch in card)
        assert not [o for o in CARDS if o != card and o.startswith(card + "-")]


def test_inf2_goods_have_a_symbol_and_a_colour_and_only_goods_do() -> None:
    for card in CARDS.values():
        assert (card.kind == "goods") == (card.symbol in ("food", "drink", "smoking"))
        assert (card.kind == "goods") == (card.colour in ("green", "red"))
    assert {CARDS[g].symbol for g in GOODS} == {"food", "drink", "smoking"}
    assert {CARDS[g].colour for g in GOODS} == {"green", "red"}


@pytest.mark.parametrize(
    ("name", "effect", "provenance"),
    [
        ("Strašný průjem", {"obesity": -1, "depression": 3}, "rulebook"),
        ("Pivo", {"depression": -1, "obesity": 1}, "rulebook"),
        ("Neshody v práci", {"pressure": 1, "depression": 3}, "rulebook"),
    ],
)
def test_inf3_the_rulebooks_examples_are_cards_with_their_numbers(
    name: str, effect: dict[str, int], provenance: str
) -> None:
    ids = _named(name)
    assert ids and all(CARDS[i].effects == effect and ROW_PROVENANCE[i] == provenance for i in ids)


@pytest.mark.parametrize(
    "name",
    [
        "Výhra v loterii",
        "Rozbitá lednička",
        "Vykradli tě",
        "Den placeného volna",
        "Služební cesta",
        "Rozvod",
        "Babička umřela",
        "Povýšení v práci",
        "Neshody v práci",
    ],
)
def test_inf3_every_event_the_rulebook_names_is_in_the_deck(name: str) -> None:
    assert len(_named(name)) == 2
    assert all(CARDS[i].kind == "event" for i in _named(name))


@pytest.mark.parametrize(
    "name_en",
    [
        "Christmas",
        "Holiday",
        "Mother-in-law's visit",
        "French fries",
        "Head cheese",
        "Luncheon meat",
        "Chocolate cake",
        "Muesli",
        "Tofu",
        "Plain yoghurt",
        "Fruit juice",
        "Coffee",
        "Cigarettes",
    ],
)
def test_inf3_the_cards_named_in_reviews_are_in_the_box_marked_reviews(name_en: str) -> None:
    ids = [c.id for c in CARDS.values() if c.name_en == name_en]
    assert ids and {ROW_PROVENANCE[i] for i in ids} == {"reviews"}
    assert all("reconstruction" in CARDS[i].note for i in ids)  # their values are not the reviews'


def test_inf3_a_medicine_for_every_track_and_medicines_only_heal() -> None:
    healed = {t for m in MEDICINES for t, v in CARDS[m].effects.items() if v < 0}
    assert healed == set(TRACKS)
    assert all(v < 0 for m in MEDICINES for v in CARDS[m].effects.values())


def test_inf3_every_row_names_one_of_the_engines_provenances() -> None:
    assert PROVENANCE == {
        "cards.json": "mixed",
        "places.json": "rulebook",
        "actions.json": "mixed",
        "worsening.json": "mixed",
    }
    assert set(ROW_PROVENANCE.values()) <= set(PROVENANCES)
    assert Counter(ROW_PROVENANCE[c] for c in CARDS)["rulebook"] == 4 + 2 + 2  # beer x4, two events x2


@pytest.mark.parametrize(
    ("place", "option", "cost", "money", "effect", "provenance"),
    [
        ("work", "", 0, 3, {"depression": 2}, "rulebook"),
        ("supermarket", "A", 1, 0, {}, "rulebook"),
        ("supermarket", "B", 2, 0, {}, "rulebook"),
        ("supermarket", "C", 2, 0, {"pressure": 1}, "reconstruction"),
        ("pharmacy", "", 2, 0, {}, "rulebook"),
        ("market", "refresh", 1, 0, {}, "rulebook"),
        ("market", "A", 0, 1, {}, "reconstruction"),
        ("market", "B", 0, 0, {}, "reconstruction"),
        ("market", "C", 1, 0, {}, "reconstruction"),
        ("home", "rest", 0, 0, {"depression": -1}, "rulebook"),
        ("gym", "A", 1, 0, {"obesity": -1, "depression": -1}, "rulebook"),
        ("gym", "B", 2, 0, {"obesity": -2, "depression": -2}, "reconstruction"),
        ("black_market", "", 1, 0, {}, "rulebook"),
        ("nightlife", "", 1, 0, {"cancer": 1}, "reconstruction"),
        ("flirt", "A", 0, 0, {"depression": -2, "pressure": 1}, "reconstruction"),
        ("flirt", "B", 2, 0, {"depression": -3}, "reconstruction"),
        ("family", "A", 1, 0, {}, "rulebook"),
        ("family", "B", 2, 0, {}, "rulebook"),
        ("career", "", 0, 2, {"depression": 2, "pressure": 1}, "reconstruction"),
    ],
)
def test_inf11_to_26_place_prices_and_effects(
    place: str, option: str, cost: int, money: int, effect: dict[str, int], provenance: str
) -> None:
    row = ACTIONS[(place, option)]
    assert (row.cost, row.money, row.effects) == (cost, money, effect)
    assert ROW_PROVENANCE[f"action:{row.id}"] == provenance


def test_inf11_to_26_places_keep_their_czech_and_english_names() -> None:
    assert {p: (v.name_cs, v.name_en) for p, v in PLACES.items() if not v.expansion} == {
        "work": ("Práce", "Work"),
        "supermarket": ("Supermarket", "Supermarket"),
        "pharmacy": ("Lékárna", "Pharmacy"),
        "market": ("Tržnice", "Market"),
        "home": ("Domov", "Home"),
        "gym": ("Posilovna", "Gym"),
    }
    assert [p for p, v in PLACES.items() if v.expansion] == [
        "black_market",
        "nightlife",
        "flirt",
        "family",
        "career",
    ]
    assert PLACES["black_market"].name_cs == "Černý trh" and PLACES["nightlife"].name_cs == "Noční život"


def test_inf18_the_worsening_table_with_its_provenance() -> None:
    rows = [
        (w.track, w.threshold, w.target, w.amount, ROW_PROVENANCE[f"worsening:{w.id}"]) for w in WORSENING
    ]
    assert rows == [
        ("cholesterol", 7, "pressure", 1, "rulebook"),
        ("pressure", 7, "cholesterol", 1, "reviews"),
        ("obesity", 5, "diabetes", 1, "reviews"),
        ("depression", 5, "depression", 1, "reviews"),
        ("cancer", 1, "cancer", 1, "reconstruction"),
    ]


def test_deltas_orders_an_effect_by_the_tracks() -> None:
    assert deltas({"depression": -1, "obesity": 1}) == [0, 0, 1, -1, 0, 0]
