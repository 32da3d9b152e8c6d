"""Issue 22: every game's catalogue — coverage per language, the ids it must name, and every text's
figures against the effect data they come from."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.catalog import shipped
from games.engine.catalog import Catalog, option_values
from games.grucha.cards import FACE_NAMES, name_points, points
from games.igranie import cards as igr
from games.infarkt import cards as inf

OWN = {"gregs": "de", "grucha": "pl", "igranie": "pl", "infarkt": "cs"}


def catalog(game: str) -> Catalog:
    found = shipped()[game].catalog
    assert found is not None
    return found


def figures(text: str) -> set[int]:
    """The unsigned whole numbers a text says (``-2 to a roll`` says 2)."""
    return {int(n) for n in re.findall(r"\d+", text)}


@pytest.mark.parametrize("game", sorted(OWN))
def test_issue_22_every_game_covers_english_and_its_own_language_fully(game: str) -> None:
    coverage = {c.lang: c for c in catalog(game).coverage()}
    assert list(coverage) == ["en", OWN[game]]
    for lang in coverage:
        assert coverage[lang].percent == 100.0
        assert coverage[lang].entries == coverage[lang].total


def test_issue_22_catalogue_sizes_are_what_the_wire_carries() -> None:
    sizes = {(g, c.lang): c.total for g in OWN for c in catalog(g).coverage()}
    assert sizes[("gregs", "de")] == 108  # term.cut: what a cut is, for the cut prompt
    # grucha: a card per id of two decks with their most jokers, and the 52 card names a joker stands for
    # (GRU-6: the log says what it stands for after a rearrangement, by name, never by a card's id)
    assert sizes[("grucha", "pl")] == 207
    # igranie: a row per removable copy (152), first_player's two choices, the four rows of weeks and the
    # two templates of a space that is an entrance or in a Small Loop, and the ten sources of a change
    # or a timeout's default the log names (roll, shopping, eat, eaten, deposit, trade, card, payday,
    # pass, done), and the four endings a finished table names (end.dream_bank, round_24, last_week, death)
    assert sizes[("igranie", "pl")] == 602
    # infarkt: the five expansions as the option's choices; INF-18's five worsening rows, the words a
    # lost effect (INF-1) and a worsening row are told in, and the sources worsening, funeral and death
    # and the three goods symbols (INF-15) that open a goods card's text, the words of an unpaid price and
    # what each of 13 actions' cards count (goods bought, a swap of 1 for 1, 3 looked at and 2 kept)
    assert sizes[("infarkt", "cs")] == 321


@pytest.mark.parametrize("game", sorted(OWN))
def test_issue_22_every_option_and_choice_has_its_own_words_in_both_languages(game: str) -> None:
    """The room's options form labels every option, and names every choice its type closes, from the
    catalogue, in English and the game's language (never a fallback)."""
    cat, options = catalog(game), shipped()[game].Options
    wanted = {f"option.{name}" for name in options.__struct_fields__}
    wanted |= {f"option.{f}.{v}" for f, values in option_values(options).items() for v in values}
    for row_id in sorted(wanted):
        row = cat.rows[row_id]
        assert row.group == "option", row_id
        for lang in ("en", OWN[game]):
            words = row.words(lang)
            assert words is not None and words.name.strip() and words.text.strip(), (row_id, lang)


@pytest.mark.parametrize("game", sorted(OWN))
def test_issue_22_every_id_the_story_names_has_an_entry_in_every_language(game: str) -> None:
    cat = catalog(game)
    for lang in cat.languages:
        entries = cat.doc(lang).entries
        missing = sorted(set(shipped()[game].story.names) - set(entries))
        assert missing == [], missing
        assert all(e.lang == lang for e in entries.values())


@pytest.mark.parametrize("game", sorted(OWN))
def test_issue_22_every_rule_has_a_summary_in_rule_order(game: str) -> None:
    rules = catalog(game).doc(OWN[game]).rules
    prefix = rules[0].id.split("-")[0]
    assert [r.id for r in rules] == [f"{prefix}-{n}" for n in range(1, len(rules) + 1)]
    assert len(rules) == {"gregs": 21, "grucha": 15, "igranie": 37, "infarkt": 28}[game]
    assert all(r.name and r.text and r.lang == OWN[game] for r in rules)


def _texts(game: str, row_id: str) -> list[str]:
    cat = catalog(game)
    return [cat.doc(lang).entries[row_id].text for lang in cat.languages]


def test_gre_4_every_action_card_text_says_its_value() -> None:
    from games.gregs.cards import ACTIONS

    for card in ACTIONS.values():
        for text in _texts("gregs", card.id):
            assert f"{card.value:+d}" in text
            assert figures(text) == {abs(card.value)}
    assert _texts("gregs", "act-building-a-robot-1")[1] == "Bewegt dich -2 auf der Beliebtheitsskala."


def test_gru_13_every_card_text_says_its_points() -> None:
    cat = catalog("grucha")
    for card, entry in cat.doc("pl").entries.items():
        if entry.group == "card":
            worth = name_points(card) if card in FACE_NAMES else points(card)
            assert figures(entry.text) == {worth} == figures(cat.doc("en").entries[card].text)
    assert cat.doc("en").entries["QH-b"].name == "Q♥"
    assert cat.doc("pl").entries["JK-a1"].name == "dżoker"


def _effect_figures(effects: list[Any]) -> set[int]:
    # a steal of one card is said in words ("a random card")
    return {abs(e.n) for e in effects if e.n and not (e.op.startswith("steal") and e.n == 1)}


#: Figures the rules give a card besides its effect data: a cold costs 1 Food (rulebook), a Special card
#: gives 1 card at its loop's entrance and the HIV holder keeps 6 other cards (IGR-26).
RULE_FIGURES = {"cold": {1}, "special": {1}, "hiv": {6}}


def test_igr_10_every_event_card_text_says_the_figures_of_its_effects() -> None:
    for card in igr.EVENTS.values():
        effects = [*card.effects, *(e for v in card.variants.values() for e in v)]
        want = _effect_figures(effects)
        extra = set().union(*(RULE_FIGURES.get(e.op, set()) for e in effects))
        for text in _texts("igranie", card.id):
            assert want <= figures(text) <= want | extra, (card.id, text)
    assert _texts("igranie", "chl-tenner-1") == ["Gain 3 Money.", "Weź 3 Pieniądze."]


def test_igr_28_every_resourcefulness_card_text_says_its_modifier_and_action_figures() -> None:
    for card in igr.RES.values():
        want = ({abs(card.modifier)} if card.modifier else set()) | _effect_figures([card.action])
        extra = RULE_FIGURES.get(card.action.op, set())
        for text in _texts("igranie", card.id):
            assert want <= figures(text) <= want | extra, (card.id, text)
            if card.modifier:
                assert f"{card.modifier:+d}" in text.replace("\u2212", "-")


def test_igr_9_every_loop_effect_text_says_its_figures_and_what_it_turns_into() -> None:
    for fx in igr.LOOP_EFFECTS.values():
        want = _effect_figures(fx.effects) | ({fx.turns_into} if fx.turns_into else set())
        for text, flavour in zip(_texts("igranie", fx.id), (fx.text, fx.text_pl), strict=True):
            # the flavour may name things (Form B-17); the figures are in what follows it
            assert text.startswith(flavour)
            assert figures(text.removeprefix(flavour)) == want, (fx.id, text)
    assert _texts("igranie", "lfx-colleagues-1") == [
        "You buy the round for the whole team. Money -2. Under the loop's Special card: as 6.",
        "Stawiasz kolejkę całemu zespołowi. Pieniądze -2. Z kartą Specjalną tej pętli: jak 6.",
    ]


def test_inf_3_every_card_text_says_its_health_and_money_figures() -> None:
    for card in inf.CARDS.values():
        want = {abs(v) for v in card.effects.values() if v} | ({abs(card.money)} if card.money else set())
        for text in _texts("infarkt", card.id):
            assert figures(text) == want, (card.id, text)
    assert _texts("infarkt", "goods-beer-1") == [
        "Drink: obesity +1, depression -1.",
        "Pití: obezita +1, deprese -1.",
    ]


def test_inf_11_every_place_action_text_says_its_cost_money_cards_and_health() -> None:
    for action in inf.ACTIONS.values():
        want = {abs(v) for v in (action.cost, action.money, action.cards, *action.effects.values()) if v}
        for text in _texts("infarkt", f"action.{action.id}"):
            assert figures(text) == want, (action.id, text)
    assert _texts("infarkt", "action.work") == [
        "Go to work: money +3, depression +2.",
        "Jdi do práce: peníze +3, deprese +2.",
    ]


def test_inf_18_every_track_text_says_its_worsening_threshold() -> None:
    for row in inf.WORSENING:
        for text in _texts("infarkt", row.track):
            assert row.threshold in figures(text), (row.track, text)


def test_inf_1_places_carry_the_rulebook_czech_names() -> None:
    entries = catalog("infarkt").doc("cs").entries
    assert [entries[p].name for p in inf.BASE_PLACES] == [
        "Práce",
        "Supermarket",
        "Lékárna",
        "Tržnice",
        "Domov",
        "Posilovna",
    ]


@pytest.mark.parametrize("game", sorted(OWN))
def test_issue_22_every_event_of_a_play_out_is_told_in_the_game_language_as_words(game: str) -> None:
    from tests.games.test_story_sentences import RAW, TABLES, play

    seats, options = TABLES[game][0]
    teller = catalog(game).teller(OWN[game])
    bad = []
    for body in play(shipped()[game], seats, options, b"catalog"):
        line = teller.describe(body)
        if line.startswith(f"{body['kind']}: ") or RAW.search(line) or re.search(r"\bseats?\b", line):
            bad.append(line)
    assert bad == []
