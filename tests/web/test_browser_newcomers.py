"""What a new user met on every table: a popover opened by a tap or click that stayed open over the next
controls (app/help.js), the GRUCHA call's popover that explained "JUŻ" instead (GRU-11), and Gregs' end
panel that counted places from the right while the track and the log count them from 1 on the left."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages
from tests.web.helpers import CURTAIN, create_room, take_seat
from tests.web.test_browser_help import catalog, tip


def test_a_popover_opened_by_tap_or_click_closes_on_a_tap_elsewhere_the_pointer_leaving_and_an_action(
    pages: Pages, base_url: str
) -> None:
    doc = catalog(base_url, "grucha")
    page = pages.open("/", has_touch=True)
    create_room(page, "grucha", 2)
    take_seat(page, 0)
    take_seat(page, 1)
    page.locator(CURTAIN).click()
    draw = page.locator("#controls button[data-kind=draw]")
    draw.wait_for()
    toggle = draw.locator("xpath=following-sibling::button[@class='help-toggle']")
    text = doc["entries"]["choice.draw"]["text"]
    assert text == "Take one card from the stock; you may still lay cards afterwards."

    # a tap opens it, a tap elsewhere (the room's title) closes it
    toggle.tap()
    assert tip(draw) == [True, text]
    page.locator("#room-title").tap()
    assert tip(draw) == [False, text]
    assert toggle.get_attribute("aria-expanded") == "false"

    # a click pins it under the mouse; the mouse leaving closes it
    toggle.click()
    assert tip(draw) == [True, text]
    page.mouse.move(0, 0)
    assert tip(draw) == [False, text]

    # opened by a tap, then a card of the hand tapped (an action): it closes, and the card's own text
    # does not open over the buttons that the selection brings ("New group")
    toggle.tap()
    assert tip(draw) == [True, text]
    card = page.locator(".grucha-hand button.grucha-card").first
    slot = card.get_attribute("data-slot")
    card.tap()
    page.wait_for_selector(f".grucha-hand button[data-slot='{slot}'][aria-pressed=true]")
    assert tip(draw) == [False, text]
    card = page.locator(f".grucha-hand button[data-slot='{slot}']")
    assert tip(card)[0] is False
    assert page.locator(".help-tip:not([hidden])").count() == 0
    assert page.locator("button[data-slot='new-group']").is_visible()

    # hover and keyboard focus still show a text, Escape closes it
    page.mouse.move(0, 0)
    draw.hover()
    assert tip(draw) == [True, text]
    page.mouse.move(0, 0)
    assert tip(draw) == [False, text]
    page.keyboard.press("Tab")  # a key: the focus given back no longer keeps texts shut
    draw.focus()
    assert tip(draw) == [True, text]
    page.keyboard.press("Escape")
    assert tip(draw) == [False, text]


#: The end choices' popovers, as the table draws them (the renderer's help, else the kind's text).
END_TIPS = """async (lang) => {
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const { controls } = await import('/static/app/controls.js');
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const catalog = await (await fetch(`/api/games/grucha/catalog?lang=${lang}`)).json();
  const ctx = { viewer: 0, view: null, catalog, nameOf: (id) => nameOf(catalog, id),
                textOf: (id) => textOf(catalog, id) };
  const renderer = rendererFor('grucha');
  const node = controls({
    prompt: { id: 'p', kinds: ['end'], choices: { end: [{ grucha: false }, { grucha: true }] } },
    inline: [], pending: false,
    label: (kind, choice) => renderer.label(kind, choice, ctx),
    help: (kind, choice) => renderer.help(kind, choice, ctx) || ctx.textOf(`choice.${kind}`),
    choose: () => {},
  });
  const box = document.createElement('div');
  box.append(node);
  document.body.append(box);
  await new Promise((done) => queueMicrotask(done));
  const tips = [...node.querySelectorAll('button[data-kind=end]')].map((b) => [
    b.textContent, document.getElementById(b.getAttribute('aria-describedby')).textContent]);
  box.remove();
  return tips;
}"""


def test_gru_11_the_grucha_call_has_its_own_popover_in_english_and_polish(pages: Pages) -> None:
    page: Any = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    assert page.evaluate(END_TIPS, "en") == [
        ["JUŻ (done)", '"JUŻ" (Polish for "done"): end your turn.'],
        [
            "GRUCHA!",
            'The call that ends your turn, instead of "JUŻ", when exactly one card is left in your hand '
            "(GRU-11); ending with one card without it draws 5 penalty cards. Lay that last card and the "
            "round is over (GRU-13).",
        ],
    ]
    assert page.evaluate(END_TIPS, "pl") == [
        ["JUŻ", "„JUŻ”: kończysz ruch."],
        [
            "GRUCHA!",
            "Okrzyk, którym zamiast „JUŻ” kończysz ruch, gdy na ręku została dokładnie jedna karta "
            "(GRU-11); kto skończy z jedną kartą bez niego, dociąga 5 kart karnych. Wyłożysz tę ostatnią "
            "kartę i runda się kończy (GRU-13).",
        ],
    ]


#: Gregs' end panel drawn for a finished table: Greg furthest right (place 9 of 9), Manni at place 8,
#: Rupert at place 2 holding the curse.
GREGS_END = """async (lang) => {
  const { nameOf } = await import('/static/sdk/catalog.js');
  const { drawOutcome } = await import('/static/app/outcome.js');
  const catalog = await (await fetch(`/api/games/gregs/catalog?lang=${lang}`)).json();
  const view = { characters: ['chr-greg', 'chr-rupert', 'chr-manni'], holder: 1,
                 row: ['rank-51', 'chr-rupert', 'rank-40', 'rank-30', 'rank-20', 'rank-10', 'rank-2',
                       'chr-manni', 'chr-greg'] };
  const seats = [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cy' }];
  drawOutcome({ ranks: [1, 3, 2], winners: [0], reason: 'stop' }, seats, {
    game: 'gregs', view, nameOf: (id) => nameOf(catalog, id), textOf: () => '' });
  return [...document.querySelectorAll('#outcome .ranking li')].map((li) => li.textContent);
}"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_gre_20_the_end_panel_counts_places_from_the_left_as_the_track_and_the_log_do(
    pages: Pages, base_url: str, locale: str
) -> None:
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()
    page: Any = pages.open(f"/rooms/{made['room']}", pages.context(locale=locale))
    page.locator("#rules-toggle").wait_for()
    assert page.evaluate(GREGS_END, locale[:2]) == ENDS[locale]


ENDS = {
    "en-GB": [
        "Rank 1: Greg, Seat 0 (Ann) — place 9 on the popularity track (counted from the left)",
        "Rank 2: Manni, Seat 2 (Cy) — place 8 on the popularity track (counted from the left)",
        "Rank 3: Rupert, Seat 1 (Ben) — place 2 on the popularity track (counted from the left), "
        "holding the cheese curse",
    ],
    "de-DE": [
        "Rang 1: Greg, Platz 0 (Ann) — Stelle 9 auf der Beliebtheitsleiste (von links gezählt)",
        "Rang 2: Manni, Platz 2 (Cy) — Stelle 8 auf der Beliebtheitsleiste (von links gezählt)",
        "Rang 3: Rupert, Platz 1 (Ben) — Stelle 2 auf der Beliebtheitsleiste (von links gezählt), "
        "mit dem Käsefluch",
    ],
}


#: The lobby's words in Polish and Czech: an empty filtered list, a room's state, a room page's heading.
LOBBY = {
    "pl-PL": (
        "Widoczne pokoje (gra Sealed bids (fixture), stan porzucony): 0",
        "Brak pokojów.",
        "otwarty",
        "Jak nedostat infarkt — pokój {}",
    ),
    "cs-CZ": (
        "Zobrazené místnosti (hra Sealed bids (fixture), stav opuštěná): 0",
        "Žádné místnosti.",
        "otevřená",
        "Jak nedostat infarkt — místnost {}",
    ),
}


@pytest.mark.parametrize("locale", ["pl-PL", "cs-CZ"])
def test_the_lobby_and_the_room_heading_speak_the_page_language_and_a_room_id_stays_on_one_line(
    pages: Pages, base_url: str, locale: str
) -> None:
    caption, none, state, heading = LOBBY[locale]
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "fixture-commit", "seats": 2}).json()["room"]
    page: Any = pages.open(
        "/?page_size=1000", pages.context(locale=locale, viewport={"width": 360, "height": 740})
    )
    row = page.locator(f"#rooms-body tr:has(a[href='/rooms/{room}'])")
    row.wait_for()
    assert row.locator("td").nth(2).inner_text() == state
    # the id is one line on a narrow screen: one box for its link, kept from wrapping
    link = row.locator("td.room-id a")
    assert link.evaluate(
        "(a) => [a.getClientRects().length, getComputedStyle(a.parentElement).whiteSpace]"
    ) == [
        1,
        "nowrap",
    ]
    page.select_option("#filter-game", "fixture-commit")
    page.select_option("#filter-status", "abandoned")
    page.click("#filters button[type=submit]")
    page.wait_for_function("(c) => document.getElementById('rooms-caption').textContent === c", arg=caption)
    assert page.locator("#rooms-body").inner_text() == none

    made = httpx.post(f"{base_url}/api/rooms", json={"game": "infarkt", "seats": 2}).json()["room"]
    table = pages.open(f"/rooms/{made}", pages.context(locale=locale))
    table.wait_for_function(
        "(h) => document.getElementById('room-title').textContent === h", arg=heading.format(made)
    )


RULES = {
    "en-GB": (
        "60 cards: 12 character cards (2 cards each for 6 characters: you choose one of the 6 and take "
        "both of its cards, one for the row and one in front of you), 3 Stinky Cheese cards (one is "
        "used), 6 rank cards and 39 action cards.",
        "The rank cards lie in a row, 51 far left and 2 far right; the characters start left of 51, the "
        "start player leftmost.",
    ),
    "de-DE": (
        "60 Karten: 12 Figurenkarten (je 2 für 6 Figuren: du wählst eine der 6 und nimmst ihre beiden "
        "Karten, eine für die Reihe und eine vor dich), 3 Stinkkäse-Karten (eine wird gebraucht), 6 "
        "Rangkarten und 39 Aktionskarten.",
        "Die Rangkarten liegen in einer Reihe: 51 ganz links, 2 ganz rechts; die Figuren beginnen links "
        "von 51, der Startspieler ganz links.",
    ),
}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_gre_1_gre_6_the_rules_panel_says_why_6_characters_are_offered_and_reads_without_a_stray_quote(
    pages: Pages, base_url: str, locale: str
) -> None:
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()
    page: Any = pages.open(f"/rooms/{made['room']}", pages.context(locale=locale))
    page.locator("#rules-toggle").click()
    assert [page.locator(f"#rule-GRE-{n} p").inner_text() for n in (1, 6)] == list(RULES[locale])


#: the page's sentence for an event of Grucha, told from the served catalogue as the table's log does
TOLD = """async ([lang, body]) => {
  const { tell } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/grucha/catalog?lang=${lang}`)).json();
  return tell(catalog, body);
}"""


def test_gru10_gru6_the_page_s_log_says_a_joker_moved_and_what_it_stands_for_now(pages: Pages) -> None:
    page: Any = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    body = {
        "kind": "submitted",
        "seat": 2,
        "count": 2,
        "table": [],
        "added": ["AS-a", "AD-b"],
        "regrouped": ["JK-a1"],
        "jokers": ["JK-a1"],
        "joker_as": ["AH"],
    }
    assert page.evaluate(TOLD, ["en", body]) == (
        "seat 2 laid 2 cards: A♠, A♦; moved on the table: joker; joker now standing for A♥"
    )
    assert page.evaluate(TOLD, ["pl", body]) == (
        "miejsce 2 wyłożyło 2 karty: A♠, A♦; przełożone na stole: dżoker; dżoker zastępuje teraz A♥"
    )
