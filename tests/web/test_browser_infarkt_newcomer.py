"""What a new user met playing Infarkt on a Czech page, in Chromium, drawn by the renderer from views
of the game: goods show their symbol and a cook's second card says why goods of the first one's symbol
are gone (INF-15), serving order says why it matters, "do nothing" says what it means (INF-9), the pass
in a medicine window says the medicine is kept (INF-19), and a guard end names the last round played
and the round limit (INF-17)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Pages
from tests.web.test_browser_infarkt_words import MINUS, TOLD, room_page
from tests.web.test_browser_words import base_url

__all__ = ["base_url"]

#: The renderer's table for a view (``over``: the phase and who is dead; ``decision``: the one under
#: way with seat 0's hand), read back as the status lines, seat 0's hand and the labels and helps of
#: ``choices`` (kind, choice) as the controls word them.
DRAWN = """async ([lang, phase, died, decision, hand, choices]) => {
  const infarkt = (await import('/static/app/renderers/index.js')).rendererFor('infarkt');
  const catalog = await (await fetch(`/api/games/infarkt/catalog?lang=${lang}`)).json();
  const player = (cards, dead) => ({ tracks: [0, 0, 0, 0, 0, 0], died: dead, money: 1, family: 0,
    career: 0, cards, diary: [], figures: [] });
  const view = { round: 8, round_limit: 8, phase, start: 0, places: ['work', 'home'],
    players: [player(hand, 0), player([], died[1]), player([], died[2])], offer: [], set_aside: [],
    market: [], black_market: [], windows: [], decision, goods_count: 60, medicines_count: 20,
    events_count: 40, placements: { committed: [], seats: [], mine: [] } };
  const name = (n) => `${lang === 'cs' ? 'Místo' : 'Seat'} ${n}`;
  const ctx = { viewer: 0, view, catalog, name, prompt: null, pending: false, offered: () => null };
  const root = infarkt.view(ctx);
  const textOf = (id) => (catalog.entries[id] ? catalog.entries[id].text : '');
  const help = (kind, choice) => infarkt.help(kind, choice, ctx) || textOf(`choice.${kind}`);
  return {
    status: [...root.querySelectorAll('.inf-status li')].map((li) => li.textContent),
    hand: [...root.querySelector('.inf-player[data-seat="0"] .inf-cards').querySelectorAll('li')]
      .map((li) => li.childNodes[0].textContent),
    choices: choices.map(([kind, choice]) => [infarkt.label(kind, choice, ctx), help(kind, choice)]),
  };
}"""

COOK = {"seat": 0, "step": "card", "place": "home", "option": "rest_A", "chosen": ["goods-cigarettes-1"]}
HAND = ["goods-cigarettes-1", "goods-beer-1", "goods-headcheese-1", "goods-cigar-1"]


def drawn(page: Any, lang: str, phase: str, died: list[int], decision: Any, choices: list[Any]) -> Any:
    return page.evaluate(DRAWN, [lang, phase, died, decision, HAND, choices])


@pytest.mark.parametrize(
    ("lang", "hand", "second", "beer"),
    [
        (
            "cs",
            ["Cigarety (kuřivo)", "Pivo (pití)", "Tlačenka (jídlo)", "Doutník (kuřivo)"],
            "Druhá karta musí mít jiný symbol než kuřivo (Cigarety), proto zboží se symbolem kuřivo už"
            " nabízeno není (INF-15). První volbu nelze vzít zpět.",
            "Vyber Pivo (pití)",
        ),
        (
            "en",
            ["Cigarettes (smoking)", "Beer (drink)", "Head cheese (food)", "Cigar (smoking)"],
            "The second card needs a symbol other than smoking (Cigarettes), so goods marked smoking are"
            " not offered (INF-15). The first pick cannot be undone.",
            "Choose Beer (drink)",
        ),
    ],
)
def test_inf15_goods_show_their_symbol_and_the_second_card_says_why_some_are_gone(
    pages: Pages, base_url: str, lang: str, hand: list[str], second: str, beer: str
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    got = drawn(page, lang, "actions", [0, 0, 0], COOK, [["choose", {"value": "goods-beer-1"}]])
    assert got["hand"] == hand
    assert got["status"][2] == second
    assert got["choices"][0][0] == beer


@pytest.mark.parametrize(
    ("lang", "serve", "none", "passing"),
    [
        (
            "cs",
            "Podávej nejdřív Pivo (pití) — oba hosté tu kartu dostanou před druhou; koho zabije, ten druhou"
            " nedostane (INF-15)",
            "Vynech akci tohoto místa: nic nezaplatíš, nic se nezmění a tahle figurka je hotová (INF-9).",
            "Nech tento účinek proběhnout: v tomto okně nepoužiješ žádný lék (ani žeton rodiny). Zůstanou ti"
            " na další okno.",
        ),
        (
            "en",
            "Serve Beer (drink) first — both guests take it before the other card; a guest it kills gets no"
            " second (INF-15)",
            "Skip this place's action: you pay nothing, nothing changes, and this figure is done (INF-9).",
            "Let this effect happen: use no medicine (and no family token) in this window. You keep them for"
            " a later one.",
        ),
    ],
)
def test_inf9_inf15_inf19_serving_doing_nothing_and_passing_say_what_they_mean(
    pages: Pages, base_url: str, lang: str, serve: str, none: str, passing: str
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    serving = {"seat": 0, "step": "serve", "place": "home", "option": "rest_B", "chosen": HAND[:2]}
    got = drawn(
        page, lang, "actions", [0, 0, 0], serving, [["choose", {"value": "goods-beer-1"}], ["pass", {}]]
    )
    assert got["choices"][0][0] == serve
    assert got["choices"][1][1] == passing
    option = {"seat": 0, "step": "option", "place": "home"}
    assert (
        drawn(page, lang, "actions", [0, 0, 0], option, [["choose", {"value": "none"}]])["choices"][0][1]
        == none
    )


@pytest.mark.parametrize(
    ("lang", "guard", "death"),
    [
        ("cs", "Kolo 8 z nejvýš 8 · Konec hry: hru ukončil limit kol", "Kolo 8 z nejvýš 8 · Konec hry"),
        (
            "en",
            "Round 8 of at most 8 · Game over: the round limit ended the game",
            "Round 8 of at most 8 · Game over",
        ),
    ],
)
def test_inf17_a_guard_end_names_the_last_round_and_the_round_limit(
    pages: Pages, base_url: str, lang: str, guard: str, death: str
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    assert drawn(page, lang, "over", [0, 0, 0], None, [])["status"][0] == guard
    # a game ended by deaths (one alive) is not said to be the limit's, even in the last round
    assert drawn(page, lang, "over", [0, 1, 2], None, [])["status"][0] == death


#: a bot with no money picked Vánoce (money -2, depression -2 at 0): the change as the log tells it
UNPAID = {
    "kind": "changed",
    "seat": 1,
    "deltas": [0, 0, 2, 0, 0, 0],
    "money": 0,
    "source": "event-christmas-1",
    "lost": [0, 0, 0, -2, 0, 0],
    "money_lost": -2,
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "cs",
            f"Místo 1: obezita +2 (Vánoce) — deprese {MINUS}2 bez účinku: deprese už je na 0 (INF-1);"
            f" peníze {MINUS}2 bez účinku: nezbyly peníze, z čeho je zaplatit.",
        ),
        (
            "en",
            f"Seat 1: obesity +2 (Christmas) — depression {MINUS}2 had no effect: depression is already at 0"
            f" (INF-1); money {MINUS}2 had no effect: no money left to pay it.",
        ),
    ],
)
def test_inf1_a_price_nobody_could_pay_is_told_as_having_had_no_effect(
    pages: Pages, base_url: str, lang: str, expected: str
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    assert page.evaluate(TOLD, [lang, UNPAID]) == expected


#: seat 0 places after picking Služební cesta (business trip): the board's notes under each place
BARRED = """async ([lang]) => {
  const infarkt = (await import('/static/app/renderers/index.js')).rendererFor('infarkt');
  const catalog = await (await fetch(`/api/games/infarkt/catalog?lang=${lang}`)).json();
  const player = (noHome) => ({ tracks: [0, 0, 0, 0, 0, 0], died: 0, money: 1, family: 0, career: 0,
    cards: [], diary: [], figures: [], no_home: noHome });
  const view = { round: 1, round_limit: 100, phase: 'placement', start: 0,
    places: ['work', 'supermarket', 'pharmacy', 'home'], players: [player(true), player(false)],
    offer: [], set_aside: [], market: [], black_market: [], windows: [], decision: null,
    goods_count: 60, medicines_count: 20, events_count: 40,
    placements: { committed: [], seats: [0, 1], mine: [] } };
  const sets = [['work', 'supermarket', 'pharmacy']].map((places) => ({ places }));
  const name = (n) => `${lang === 'cs' ? 'Místo' : 'Seat'} ${n}`;
  const ctx = { viewer: 0, view, catalog, name, prompt: { id: 'place/1/0/0' }, pending: false,
    offered: (kind) => (kind === 'place' ? sets : null) };
  const root = infarkt.view(ctx);
  return [...root.querySelectorAll('.inf-place')].map((li) => [li.dataset.place,
    li.querySelector('button').disabled, (li.querySelector('.inf-barred') || {}).textContent || '']);
}"""


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("cs", "Toto kolo zakázáno: Služební cesta (INF-20)"),
        ("en", "Barred this round by Business trip (INF-20)"),
    ],
)
def test_inf20_the_place_a_business_trip_bars_says_why_beside_it(
    pages: Pages, base_url: str, lang: str, note: str
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    assert page.evaluate(BARRED, [lang]) == [
        ["work", False, ""],
        ["supermarket", False, ""],
        ["pharmacy", False, ""],
        ["home", True, note],
    ]
