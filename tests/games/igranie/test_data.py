"""Contents (IGR Contents, IGR-26, 28): the data files' counts, pairing and provenance."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from games.engine import PROVENANCES, DataError
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
    assert cards.LOOP_EFFECTS[("sidegig", 3)].effects == [cards.Effect("cards", -3)]  # the rulebook's
    assert cards.LOOP_EFFECTS[("sidegig", 3)].turns_into == 6
    assert cards.LOOP_EFFECTS[("sidegig", 6)].effects == [cards.Effect("cards", 3)]


def test_igr28_every_negative_loop_effect_has_a_counterpart_worth_something_to_every_character() -> None:
    negatives = {e.id: e.turns_into for e in cards.LOOP_EFFECTS.values() if cards.negative(e.effects)}
    assert len(negatives) == 18 and None not in negatives.values()
    assert negatives["lfx-relationship-3"] == 5  # move 2 back: it had none
    for entry in cards.LOOP_EFFECTS.values():
        if entry.turns_into is not None:
            steps = cards.LOOP_EFFECTS[(entry.loop, entry.turns_into)].effects
            assert any(s.op != "food" and s.n > 0 for s in steps), entry.id  # Fat'n'Proud


def test_igr28_the_loader_refuses_a_negative_loop_effect_without_a_worthy_counterpart() -> None:
    rows = list(cards.LOOP_EFFECTS.values())
    loops = set(cards.SMALL_LOOPS)
    lacking = [
        msgspec.structs.replace(r, turns_into=None) if r.id == "lfx-relationship-3" else r for r in rows
    ]
    with pytest.raises(DataError, match="lfx-relationship-3: a negative entry needs turns_into"):
        cards._check_effects(lacking, loops)
    food_only = [
        msgspec.structs.replace(r, turns_into=4) if r.id == "lfx-relationship-3" else r for r in rows
    ]
    with pytest.raises(DataError, match="lfx-relationship-3: its counterpart must give every character"):
        cards._check_effects(food_only, loops)
    cards._check_effects(rows, loops)


def test_igr28_the_cancel_cards_say_what_they_may_cancel_in_both_languages() -> None:
    texts = {
        (cards.RES[c].name, cards.RES[c].action.op, cards.RES[c].text, cards.RES[c].text_pl)
        for c in cards.ORDINARY
        if cards.RES[c].action.op in cards.CANCEL_OPS
    }
    card = "cancel a card or Ability (not Tester's Power or Extraordinary Locksmith) another player played"
    karta = "anuluj kartę lub Zdolność (nie Moc Testera ani Niezwykłego Ślusarza) zagraną przez innego gracza"
    assert texts == {
        (
            "Cunning Plan",
            "cancel_event",
            f"+1 to a roll, or {card} in this reaction window, or the Event card or loop effect just drawn.",
            f"+1 do rzutu albo {karta} w tym oknie reakcji, albo właśnie wylosowaną kartę Zdarzenia "
            "lub efekt pętli.",
        ),
        (
            "A Perfect Excuse",
            "cancel",
            f"+2 to a roll, or {card} in this reaction window; not an Event card or loop effect.",
            f"+2 do rzutu albo {karta} w tym oknie reakcji; nie kartę Zdarzenia ani efekt pętli.",
        ),
        (
            "Denial",
            "cancel",
            f"-1 to a roll, or {card} in this reaction window; not an Event card or loop effect.",
            f"-1 do rzutu albo {karta} w tym oknie reakcji; nie kartę Zdarzenia ani efekt pętli.",
        ),
    }


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
