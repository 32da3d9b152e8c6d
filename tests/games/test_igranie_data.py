"""Contents (IGR Contents, IGR-26, 28): the data files' counts, pairing and provenance."""

from __future__ import annotations

from collections import Counter

from games.engine import PROVENANCES
from games.igranie import cards


def test_the_board_has_two_large_loops_and_eight_small_loops_with_their_entrances() -> None:
    small = {lid: (cards.LOOPS[lid].side, cards.LOOPS[lid].entrance) for lid in cards.SMALL_LOOPS}
    assert small == {
        "colleagues": ("work", 3),
        "deadlines": ("work", 6),
        "bureaucracy": ("work", 9),
        "sidegig": ("work", 12),
        "shops": ("chillout", 3),
        "parties": ("chillout", 6),
        "eroticism": ("chillout", 9),
        "relationship": ("chillout", 12),
    }
    assert [cards.LOOPS[x].spaces for x in ("work", "chillout")] == [15, 15]
    assert {cards.LOOPS[x].spaces for x in cards.SMALL_LOOPS} == {4}


def test_every_small_loop_has_six_effects_and_each_negative_one_names_a_positive_counterpart() -> None:
    assert len(cards.LOOP_EFFECTS) == 48
    for (loop, _result), entry in cards.LOOP_EFFECTS.items():
        if entry.turns_into is not None:
            positive = cards.LOOP_EFFECTS[(loop, entry.turns_into)]
            assert positive.turns_into is None
    negatives = [e for e in cards.LOOP_EFFECTS.values() if e.turns_into is not None]
    assert {e.result for e in negatives} <= {1, 2, 3}
    assert cards.LOOP_EFFECTS[("sidegig", 1)].effects[0].n == -3  # the rulebook's example
    assert cards.LOOP_EFFECTS[("sidegig", 6)].effects[0].n == 3


def test_the_decks_hold_54_work_54_chillout_and_52_resourcefulness_cards() -> None:
    assert (len(cards.WORK), len(cards.CHILLOUT), len(cards.DECK)) == (54, 54, 52)
    assert len(cards.ORDINARY) == 44
    assert all(cards.RES[c].modifier != 0 for c in cards.ORDINARY)
    assert sorted(cards.SPECIALS.values()) == sorted(cards.SMALL_LOOPS)
    assert cards.HIV not in cards.DECK
    ops = Counter(cards.RES[c].action.op for c in cards.ORDINARY)
    assert (ops["cancel"], ops["cancel_event"]) == (8, 4)


def test_known_cards_are_marked_as_the_rulebooks_and_the_rest_as_reconstruction() -> None:
    prov = cards.ROW_PROVENANCE
    assert prov["chl-mom-1"] == "rulebook"
    assert cards.CHILLOUT["chl-mom-1"].effects[0].op == "cards"
    assert prov["spc-contract"] == "rulebook"
    assert cards.SPECIALS["spc-contract"] == "sidegig"
    assert prov["hiv"] == "rulebook" and cards.RES["res-excuse-1"].modifier == 2
    assert prov["wrk-bonus-1"] == "reconstruction"
    assert set(prov.values()) <= set(PROVENANCES)
    assert cards.PROVENANCE["loop_effects.json"] == "reconstruction"
    assert cards.PROVENANCE["board.json"] == "mixed"


def test_every_card_has_english_and_polish_texts() -> None:
    for card in [*cards.EVENTS.values(), *cards.RES.values()]:
        assert card.name and card.name_pl and card.text and card.text_pl
    for entry in cards.LOOP_EFFECTS.values():
        assert entry.text and entry.text_pl


def test_the_five_characters_with_their_sex_avoided_loop_and_abilities() -> None:
    table = {c.id: (c.sex, c.abilities) for c in cards.CHARACTERS.values()}
    assert table == {
        "ilona": ("female", ["mom", "cooks"]),
        "lena": ("female", ["gm", "barter"]),
        "marcin": ("male", ["tester", "staff"]),
        "stefan": ("male", ["locksmith", "welfare"]),
        "fiefiurka": ("free", ["tough", "nasty"]),
    }
    assert all(c.avoids in cards.SMALL_LOOPS for c in cards.CHARACTERS.values())
