"""Infarkt's table and log in words (issue "a table a newcomer can play from the page alone"), in
Chromium, in English and Czech: the log names piles, says which track reached the grave (INF-4) and
what a death's number means (INF-17), why the end-of-round worsening acted (INF-18), which action a
lettered option is (INF-16) and what part of an effect did nothing (INF-1); the warnings forecast the
worsening; the status lines and the tracks' popovers come from chrome.json and the catalogue."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.infarkt.cards import WORSENING
from tests.web.conftest import Pages
from tests.web.test_browser_words import base_url, seeded_room

__all__ = ["base_url"]  # the seeded server of the words tests (long timers, fixed seeds)

#: An event as the page's log tells it (table.js `describeEvent`): the catalogue's story in the page's
#: language (a row naming a derived field: none), else the renderer's own sentence; seat 0 the viewer, the
#: others named as the page names them.
TOLD = """async ([lang, body]) => {
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const { tell } = await import('/static/sdk/catalog.js');
  const { t } = await import('/static/app/i18n.js');
  const catalog = await (await fetch(`/api/games/infarkt/catalog?lang=${lang}`)).json();
  const word = lang === 'cs' ? 'Místo' : 'Seat';
  const name = (n) => `${word} ${n}`;
  const seat = (n) => (n === 0 ? t('ui.you', 'you') : name(n));
  const ctx = { viewer: 0, view: null, catalog, name };
  const told = tell(catalog, body, { seat, plain: false });
  const line = told ?? rendererFor('infarkt').describe(body, ctx);
  return line && line.charAt(0).toUpperCase() + line.slice(1);
}"""

#: seat 0's warnings for a view of one player with ``tracks`` (warnings.js, names from the catalogue)
WARNED = """async ([lang, tracks]) => {
  const { warningsFor } = await import('/static/app/warnings.js');
  const { nameOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/infarkt/catalog?lang=${lang}`)).json();
  const view = { phase: 'actions', players: [{ tracks, died: 0 }] };
  return warningsFor('infarkt', view, 0, (id) => nameOf(catalog, id)).map((w) => [w.id, w.rule, w.text]);
}"""

#: the renderer's signed numbers (a minus sign, not a hyphen) and the catalogue's ranges (an en dash)
MINUS, DASH = "\u2212", "\u2013"

GYM_A_AT_OBESITY_0 = {
    "kind": "changed",
    "seat": 1,
    "deltas": [0, 0, 0, -1, 0, 0],
    "money": -1,
    "source": "gym-a",
    "lost": [0, 0, -1, 0, 0, 0],
}
WORSENED = {
    "kind": "changed",
    "seat": 0,
    "deltas": [0, 1, 0, 0, 1, 0],
    "money": 0,
    "source": "worsening",
    "causes": ["cholesterol", "obesity"],
}
DIED = {"kind": "died", "seats": [1], "step": 2, "graves": ["pressure"]}
GYM_A = {"kind": "chosen", "seat": 1, "step": "option", "value": "A", "place": "gym"}
FROM_DECK = {"kind": "offer_laid", "cards": ["event-divorce-1", "event-lottery-1"], "source": "deck"}
SET_ASIDE = {"kind": "offer_laid", "cards": ["event-divorce-1"], "source": "set_aside"}
HIDDEN_1 = {"kind": "moved", "cards": [], "source": "goods", "target": "hand:1", "count": 1}
HIDDEN_3 = {"kind": "moved", "cards": [], "source": "goods", "target": "hand:0", "count": 3}

CASES = [
    ("en", FROM_DECK, "The event offer, drawn from the event deck: Divorce, Lottery win"),
    ("cs", FROM_DECK, "Nabídka událostí z balíčku událostí: Rozvod, Výhra v loterii"),
    ("en", SET_ASIDE, "The event offer, the events set aside in the last three rounds (INF-28): Divorce"),
    ("cs", SET_ASIDE, "Nabídka událostí z odložených karet posledních tří kol (INF-28): Rozvod"),
    (
        "en",
        DIED,
        "Seat 1 died: blood pressure reached the grave at 10 (INF-4); death 2 of the game, and a later"
        " death ranks higher (INF-17)",
    ),
    (
        "cs",
        DIED,
        "Místo 1: smrt, na hrobě (10) je tlak (INF-4); 2. úmrtí ve hře, pozdější úmrtí se řadí výš (INF-17)",
    ),
    (
        "en",
        WORSENED,
        "You: blood pressure +1, diabetes +1 (end-of-round worsening) — INF-18: cholesterol 7 or more:"
        " blood pressure +1; obesity 5 or more: diabetes +1.",
    ),
    (
        "cs",
        WORSENED,
        "Tvoje místo: tlak +1, cukrovka +1 (zhoršení na konci kola) — INF-18: cholesterol 7 a víc: tlak +1;"
        " obezita 5 a víc: cukrovka +1.",
    ),
    ("en", GYM_A, "Seat 1 chose Gym A (pay 1, obesity -1, depression -1)."),
    ("cs", GYM_A, "Místo 1 vybralo Posilovna A (zaplať 1, obezita -1, deprese -1)."),
    (
        "en",
        GYM_A_AT_OBESITY_0,
        f"Seat 1: depression {MINUS}1, money {MINUS}1 (Gym A) — obesity {MINUS}1 had no effect: obesity is"
        " already at 0 (INF-1).",
    ),
    (
        "cs",
        GYM_A_AT_OBESITY_0,
        f"Místo 1: deprese {MINUS}1, peníze {MINUS}1 (Posilovna A) — obezita {MINUS}1 bez účinku: obezita už"
        " je na 0 (INF-1).",
    ),
    ("en", HIDDEN_1, "1 card went face down from the goods deck to the hand of Seat 1."),
    ("cs", HIDDEN_1, "1 karta lícem dolů: balíček zboží → ruka: Místo 1."),
    ("en", HIDDEN_3, "3 cards went face down from the goods deck to your hand."),
    ("cs", HIDDEN_3, "3 karty lícem dolů: balíček zboží → tvoje ruka."),
]


def room_page(pages: Pages, base_url: str, locale: str) -> Any:
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "infarkt", "seats": 3}).json()["room"]
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector("#lang")  # the chrome's words are loaded
    return page


@pytest.mark.parametrize(("lang", "body", "expected"), CASES)
def test_inf_log_lines_say_piles_graves_worsening_actions_and_lost_effects_in_words(
    pages: Pages, base_url: str, lang: str, body: dict[str, Any], expected: str
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    assert page.evaluate(TOLD, [lang, body]) == expected


WARNINGS = [
    (
        "en",
        [7, 9, 0, 0, 0, 0],
        [
            ["grave-pressure", "INF-4", "blood pressure is at 9: one more point is the grave."],
            [
                "worsening-grave-pressure",
                "INF-18",
                "At the end of this round the worsening takes blood pressure to the grave (10), and you die:"
                " cholesterol 7 or more: blood pressure +1.",
            ],
        ],
    ),
    (
        "cs",
        [7, 9, 0, 0, 0, 0],
        [
            ["grave-pressure", "INF-4", "tlak je na 9: ještě jeden bod a je to hrob."],
            [
                "worsening-grave-pressure",
                "INF-18",
                "Na konci tohoto kola zhoršení dovede tlak na hrob (10) a zemřeš: cholesterol 7 a víc:"
                " tlak +1.",
            ],
        ],
    ),
    (
        "en",
        [0, 0, 5, 0, 0, 1],
        [
            [
                "worsening",
                "INF-18",
                "At the end of this round the worsening gives you diabetes +1, cancer +1: obesity 5 or more:"
                " diabetes +1; cancer 1 or more: cancer +1.",
            ]
        ],
    ),
    (
        "cs",
        [0, 0, 5, 0, 0, 1],
        [
            [
                "worsening",
                "INF-18",
                "Na konci tohoto kola ti zhoršení přidá cukrovka +1, rakovina +1: obezita 5 a víc:"
                " cukrovka +1; rakovina 1 a víc: rakovina +1.",
            ]
        ],
    ),
    ("en", [6, 6, 4, 4, 0, 0], []),
]


@pytest.mark.parametrize(("lang", "tracks", "expected"), WARNINGS)
def test_inf18_the_warnings_forecast_the_worsening_to_the_seat_it_concerns(
    pages: Pages, base_url: str, lang: str, tracks: list[int], expected: list[list[str]]
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    assert page.evaluate(WARNED, [lang, tracks]) == expected


def test_inf18_the_warnings_table_is_the_games_worsening_data(pages: Pages, base_url: str) -> None:
    page = room_page(pages, base_url, "en-US")
    table = page.evaluate("async () => (await import('/static/app/warnings.js')).WORSENING")
    assert table == [
        {"id": r.id, "track": r.track, "threshold": r.threshold, "target": r.target, "amount": r.amount}
        for r in WORSENING
    ]


#: the Czech plural forms of the status lines' counts (Intl.PluralRules: one, few, other)
PLURALS = """async () => {
  const { say } = await import('/static/app/words.js');
  return [1, 2, 5].map((count) => say('infarkt.player.family', { count }))
    .concat([say('infarkt.player.career', { count: 4 }), say('infarkt.status.piles',
      { goods: 60, medicines: 20, events: 40 })]);
}"""


def test_the_status_lines_are_czech_with_czech_plurals(pages: Pages, base_url: str) -> None:
    page = room_page(pages, base_url, "cs-CZ")
    assert page.evaluate(PLURALS) == [
        "1 žeton rodiny",
        "2 žetony rodiny",
        "5 žetonů rodiny",
        "4 žetony kariéry",
        "Balíčky: zboží 60, léky 20, události 40",
    ]


@pytest.mark.parametrize("english", [True, False])
def test_inf1_inf4_each_health_track_has_a_popover_and_the_table_speaks_the_page_s_language(
    pages: Pages, base_url: str, english: bool
) -> None:
    page, _room = seeded_room(pages, base_url, "infarkt", 3, "en-US" if english else "cs-CZ")
    mine = page.locator(".inf-player[data-seat='0']")
    track = mine.locator(".inf-track[data-track='cholesterol']")
    track.wait_for()
    tip = mine.locator(".inf-track[data-track='cholesterol'] .help-tip")
    for _ in range(3):  # the first prompt's arrival may move the focus on to its controls: focus again
        page.evaluate("document.activeElement && document.activeElement.blur()")
        track.focus()
        try:
            tip.wait_for(state="visible", timeout=5000)
            break
        except PlaywrightTimeoutError:
            continue
    tip.wait_for(state="visible")
    obesity = mine.locator(".inf-track[data-track='obesity']")
    status = page.locator(".inf-status li").first.inner_text()
    if english:
        assert tip.inner_text() == (
            f"Health track 0{DASH}10; at 10 you die; from 7 up it raises blood pressure each round.\n"
            "At the end of every round (INF-18), from the values before the step: cholesterol 7 or more:"
            " blood pressure +1."
        )
        assert track.get_attribute("aria-label") == "cholesterol 0 of 10, the grave at 10"
        assert obesity.get_attribute("aria-label") == "obesity 0 of 10 (never kills)"
        assert status == "Round 1 of at most 100 · Events"
        assert page.locator(".inf-tracks").first.get_attribute("aria-label") == "Health tracks"
        assert page.inner_text("#inf-places-title") == "Places"
    else:
        assert tip.inner_text() == (
            f"Ukazatel zdraví 0{DASH}10; na 10 umíráš; od 7 zvyšuje každé kolo tlak.\n"
            "Na konci každého kola (INF-18), podle hodnot před tímto krokem: cholesterol 7 a víc: tlak +1."
        )
        assert track.get_attribute("aria-label") == "cholesterol 0 z 10, hrob na 10"
        assert obesity.get_attribute("aria-label") == "obezita 0 z 10 (nezabíjí)"
        assert status == "Kolo 1 z nejvýš 100 · Události"
        assert page.locator(".inf-tracks").first.get_attribute("aria-label") == "Ukazatele zdraví"
        assert page.inner_text("#inf-places-title") == "Místa"
    assert "help-" in (track.get_attribute("aria-describedby") or "")


#: the table drawn by the renderer for a view of round 3 in which seat 0 died of blood pressure; seat 1
#: (the viewer) lives: the player panels' lines
PANELS = """async ([lang]) => {
  const infarkt = (await import('/static/app/renderers/index.js')).rendererFor('infarkt');
  const catalog = await (await fetch(`/api/games/infarkt/catalog?lang=${lang}`)).json();
  const player = (tracks, died, money) => ({ tracks, died, money, family: 0, career: 0, cards: [],
    diary: [], figures: [] });
  const view = { round: 3, round_limit: 100, phase: 'actions', start: 1, places: ['work', 'gym'],
    players: [player([0, 10, 0, 3, 0, 0], 1, 0), player([0, 0, 0, 0, 0, 0], 0, 2)], offer: [],
    set_aside: [], market: [], black_market: [], windows: [], decision: null, goods_count: 60,
    medicines_count: 20, events_count: 40, placements: { committed: [], seats: [], mine: [] } };
  const name = (n) => `${lang === 'cs' ? 'Místo' : 'Seat'} ${n}`;
  const ctx = { viewer: 1, view, catalog, name, prompt: null, pending: false, offered: () => null };
  const root = infarkt.view(ctx);
  return [...root.querySelectorAll('.inf-player')].map((p) => [
    p.querySelector('h4').textContent, p.querySelector('.inf-money').textContent]);
}"""


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                [
                    "Seat 0 ✝ dead",
                    "Money 0 · dead: blood pressure reached the grave; death 1 of the game, a later death"
                    " ranks higher",
                ],
                ["Seat 1 (you)", "Money 2 · start player"],
            ],
        ),
        (
            "cs",
            [
                [
                    "Místo 0 ✝ mrtvý",
                    "Peníze 0 · mrtvý: na hrobě tlak; 1. úmrtí ve hře, pozdější úmrtí se řadí výš",
                ],
                ["Místo 1 (ty)", "Peníze 2 · začínající hráč"],
            ],
        ),
    ],
)
def test_inf4_inf17_a_dead_players_panel_names_the_track_at_the_grave_and_what_its_death_number_means(
    pages: Pages, base_url: str, lang: str, expected: list[list[str]]
) -> None:
    page = room_page(pages, base_url, "cs-CZ" if lang == "cs" else "en-US")
    assert page.evaluate(PANELS, [lang]) == expected
