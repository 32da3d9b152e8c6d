"""Grucha's table in the page's language (issue "a table a newcomer can play from the page alone"):
the standings, the score columns, the table tools, the joker picker and every card's spoken name come
from chrome.json in English and in Polish (cards named as the rulebook names them: "czwórka kier",
the stock as the rulebook's "deck", GRU-2), "Your hand (N)" counts the cards still in the hand while
the table is laid out (GRU-9), and every card has its popover (help.js): its name and its catalogue
text, for a joker that it stands for any card (GRU-6). A seeded two-seat room: seat 0 is played over
the protocol, seat 1 in the page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.conftest import Pages, screenshot, serve
from tests.web.helpers import take_seat
from tests.web.test_browser_grucha import RUN, SEED, Seat, click_cards, table
from tests.web.test_browser_help import tip

#: What the page says, by language: the exact strings a player of seat 1 reads on this seeded deal
#: (seat 1 deals, seat 0 opens with the club run; 108 cards less two hands of 13 leave 82 in the stock).
WORDS: dict[str, dict[str, Any]] = {
    "en-US": {
        "setup": ["Seat 0 (Ola): taken", "Seat 1: free"],
        "claim": "Take Seat 1",
        "note": "The game starts by itself once every seat is filled.",
        "round": "Round 1, out over 100 points",
        "stock": "Stock: 82 cards. Dealer: you.",
        "columns": ["Seat", "Cards", "Total", "Rank"],
        "rows": ["Seat 0 (Ola)", "you — to play"],
        "rows_after": ["Seat 0 (Ola) — to play", "you"],
        "layout": "The table (your layout)",
        "table": "The table",
        "run": "Group 1, a run",
        "set": "Group 2, a set",
        "tools": ["New group", "Back to hand", "Start again", "Submit table"],
        "tools_label": "Lay out the table",
        "new_group_label": "Move the selected cards to a new group",
        "move_here": ["Move here", "Move the selected cards to group 1"],
        "hand": "Your hand ({})",
        "sort": "Sort by rank",
        "names": {"8C-b": "8 of clubs", "QH-a": "queen of hearts", "JK-a2": "joker", "5H-b": "5 of hearts"},
        "five": "5 of hearts: Worth 5 points left in hand at the end of a round.",
        "joker": (
            "joker: Stands for any card its group needs, anew at every rearrangement; "
            "worth 20 points left in hand."
        ),
        "refused": "Refused: a run cannot hold two cards of one rank.",
        "joker_label": "joker stands for",
        "meanings": ["7 of hearts", "7 of clubs"],
        "joker_as": "joker as 7 of hearts",
        "joker_as_help": (
            "joker as 7 of hearts: Stands for any card its group needs, anew at every rearrangement; "
            "worth 20 points left in hand."
        ),
        "joker_clubs": "joker as 7 of clubs",
        "spade": "7 of spades",
        "seven": "7 of spades: Worth 7 points left in hand at the end of a round.",
    },
    "pl-PL": {
        "setup": ["Miejsce 0 (Ola): zajęte", "Miejsce 1: wolne"],
        "claim": "Zajmij: Miejsce 1",
        "note": "Gra zacznie się sama, gdy wszystkie miejsca będą zajęte.",
        "round": "Runda 1, koniec gry po przekroczeniu 100 punktów",
        "stock": "Deck: 82 karty. Rozdaje: twoje miejsce.",
        "columns": ["Miejsce", "Karty", "Suma", "Pozycja"],
        "rows": ["Miejsce 0 (Ola)", "twoje miejsce — ruch"],
        "rows_after": ["Miejsce 0 (Ola) — ruch", "twoje miejsce"],
        "layout": "Stół (twój układ)",
        "table": "Stół",
        "run": "Zestaw 1 wg koloru",
        "set": "Zestaw 2 wg figury",
        "tools": ["Nowy zestaw", "Z powrotem na rękę", "Od nowa", "Wyślij stół"],
        "tools_label": "Układanie stołu",
        "new_group_label": "Przenieś zaznaczone karty do nowego zestawu",
        "move_here": ["Przenieś tutaj", "Przenieś zaznaczone karty do zestawu 1"],
        "hand": "Twoja ręka ({})",
        "sort": "Sortuj wg figury",
        "names": {"8C-b": "ósemka trefl", "QH-a": "dama kier", "JK-a2": "dżoker", "5H-b": "piątka kier"},
        "five": "piątka kier: 5 pkt, jeśli zostanie na ręku na koniec rundy.",
        "joker": (
            "dżoker: Zastępuje dowolną kartę, której potrzebuje zestaw, przy każdym przełożeniu na nowo; "
            "20 pkt, jeśli zostanie na ręku."
        ),
        "refused": "Odrzucone: zestaw wg koloru nie może mieć dwóch kart tej samej figury.",
        "joker_label": "dżoker oznacza",
        "meanings": ["siódemka kier", "siódemka trefl"],
        "joker_as": "dżoker jako siódemka kier",
        "joker_as_help": (
            "dżoker jako siódemka kier: Zastępuje dowolną kartę, której potrzebuje zestaw, przy każdym "
            "przełożeniu na nowo; 20 pkt, jeśli zostanie na ręku."
        ),
        "joker_clubs": "dżoker jako siódemka trefl",
        "spade": "siódemka pik",
        "seven": "siódemka pik: 7 pkt, jeśli zostanie na ręku na koniec rundy.",
    },
}

HAND_TITLE = "() => document.querySelector('.grucha-hand h3').textContent"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """`boardroom serve` accepting fixed room seeds (tests only), with long turn timers."""
    with serve("--allow-seed", "--timer", "turn=300") as url:
        yield url


def texts(page: Any, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).all_inner_texts()
    return found


def hand_reads(page: Any, expected: str) -> None:
    """Wait until the hand's heading says ``expected`` (the page redraws on its next animation frame)."""
    page.wait_for_function(f"(want) => ({HAND_TITLE})() === want", arg=expected)


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_gru9_the_grucha_table_in_the_page_s_language_with_a_live_hand_count_and_card_popovers(
    pages: Pages, base_url: str, locale: str
) -> None:
    say = WORDS[locale]
    created = httpx.post(f"{base_url}/api/rooms", json={"game": "grucha", "seats": 2, "seed": SEED}).json()
    room = created["room"]
    token = httpx.post(f"{base_url}/api/rooms/{room}/seats/0/claim", json={"name": "Ola"}).json()["token"]
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale, has_touch=True))

    # the seat panel before the start, seats named as the table names them
    page.wait_for_selector("[data-claim='1']")
    assert texts(page, ".setup-seat > span:first-child") == say["setup"]
    assert page.inner_text("[data-claim='1']") == say["claim"]
    assert page.inner_text("#setup-note") == say["note"]
    take_seat(page, 1)  # the last seat: the room starts
    with connect(base_url.replace("http", "ws") + "/ws") as ws:
        other = Seat(ws, room, token)
        assert other.act(0, {"kind": "submit", "groups": [{"cards": RUN}]})["type"] == "ack"
        assert other.act(0, {"kind": "end"})["type"] == "ack"

    # seat 1's turn: the standings, the score columns and the tools in the page's words
    page.wait_for_selector(".grucha button[data-slot='8C-b']:not([disabled])")
    assert page.inner_text("#grucha-standings-title") == say["round"]
    assert page.inner_text(".grucha-standings p") == say["stock"]
    assert texts(page, ".grucha-scores thead th") == say["columns"]
    assert texts(page, ".grucha-scores tbody th") == say["rows"]
    assert page.inner_text("#grucha-table-title") == say["layout"]
    assert page.get_attribute(".grucha-group[data-group='0']", "aria-label") == say["run"]
    assert texts(page, ".grucha-tools button") == say["tools"]
    assert page.get_attribute(".grucha-tools", "aria-label") == say["tools_label"]
    assert page.get_attribute("button[data-slot='new-group']", "aria-label") == say["new_group_label"]
    move_here = page.locator("button[data-slot='group-0']")
    assert [move_here.inner_text(), move_here.get_attribute("aria-label")] == say["move_here"]
    assert page.evaluate(HAND_TITLE) == say["hand"].format(13)
    assert page.inner_text("button[data-kind=sort]") == say["sort"]
    labels = {c: page.get_attribute(f".grucha button[data-slot='{c}']", "aria-label") for c in say["names"]}
    assert labels == say["names"]

    # a card's popover: its name and its catalogue text, on hover and on keyboard focus
    five = page.locator(".grucha button[data-slot='5H-b']")
    assert tip(five) == [False, say["five"]]
    five.hover()
    assert tip(five) == [True, say["five"]]
    page.mouse.move(0, 0)
    assert tip(five) == [False, say["five"]]
    joker = page.locator(".grucha button[data-slot='JK-a2']")
    joker.focus()
    assert tip(joker) == [True, say["joker"]]
    page.keyboard.press("Escape")
    assert tip(joker)[0] is False

    # the 8♣ into the run: the hand counts it out at once, the refusal is worded, and the hand is whole
    # again after starting again
    click_cards(page, "8C-b")
    move_here.click()
    hand_reads(page, say["hand"].format(12))
    page.click("button[data-slot='send']")
    page.locator(".grucha-group.refused .refusal").wait_for()
    assert page.inner_text(".grucha-group.refused .refusal") == say["refused"]
    page.click("button[data-slot='reset']")
    hand_reads(page, say["hand"].format(13))

    # a set 7♠ 7♦ with the joker, out of the hand before it is sent: the hand says 10 at once
    click_cards(page, "7S-a", "7D-b", "JK-a2")
    page.click("button[data-slot='new-group']")
    hand_reads(page, say["hand"].format(10))
    group = page.locator(".grucha-group[data-group='1']")
    assert group.get_attribute("aria-label") == say["set"]
    assert group.locator(".joker-meaning label").inner_text() == say["joker_label"]
    assert group.locator("select option").all_inner_texts() == say["meanings"]
    laid = group.locator("button[data-slot='JK-a2']")
    assert laid.get_attribute("aria-label") == say["joker_as"]
    laid.focus()
    assert tip(laid) == [True, say["joker_as_help"]]
    page.keyboard.press("Escape")
    group.locator("select").select_option("7C")
    page.click("button[data-slot='send']")
    page.wait_for_function(
        "(want) => document.querySelector(\".grucha button[data-slot='JK-a2']\").ariaLabel === want",
        arg=say["joker_clubs"],
    )
    assert [g["cards"] for g in table(base_url, room)] == [RUN, ["7S-a", "7D-b", "JK-a2"]]
    assert page.evaluate(HAND_TITLE) == say["hand"].format(10)

    # the turn ended: seat 0 to play, the table no longer editable; a table card's popover on a tap
    page.click("#controls button[data-kind=end]")
    page.wait_for_function(
        "(want) => document.querySelector('#grucha-table-title').textContent === want", arg=say["table"]
    )
    assert texts(page, ".grucha-scores tbody th") == say["rows_after"]
    spade = page.locator(f".grucha-table span.grucha-card[aria-label='{say['spade']}']")
    assert tip(spade) == [False, say["seven"]]
    spade.tap()
    assert tip(spade) == [True, say["seven"]]
    spade.tap()
    assert tip(spade)[0] is False
    screenshot(page, f"grucha-{locale[:2]}")
