"""A table a newcomer can play from the page alone: every card, place, event, character and option shows
its catalogue text on hover, on keyboard focus and on tap (app/help.js), and the rules panel (app/rules.js)
opens at the rule that keeps a control away: the curse holder's missing Stop (GRE-16), a Grucha turn
that did nothing (GRU-12), a cancel of iGranie's Extraordinary Locksmith (IGR-34)."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec

from games.catalog import shipped
from games.engine.match import Match
from games.engine.rng import Rng
from tests.web.conftest import Pages, screenshot
from tests.web.helpers import CURTAIN, add_bot, create_room, take_seat

#: The popover of the element, read at one moment: [shown, its text] (the element names it).
TIP = """(el) => {
  const tip = document.getElementById(el.getAttribute("aria-describedby"));
  return [!tip.hidden && tip.checkVisibility(), tip.textContent];
}"""


def catalog(base_url: str, game: str, lang: str = "en") -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base_url}/api/games/{game}/catalog", params={"lang": lang}).json()
    return answer


def tip(locator: Any) -> list[Any]:
    shown: list[Any] = locator.evaluate(TIP)
    return shown


def rule(doc: dict[str, Any], rule_id: str) -> dict[str, Any]:
    return next(r for r in doc["rules"] if r["id"] == rule_id)


def opens_at(page: Any, doc: dict[str, Any], rule_id: str) -> None:
    """The rules panel is open at ``rule_id``'s section: focused, marked, in the catalogue's words."""
    section = page.locator(f"#rule-{rule_id}")
    focused = "(id) => document.activeElement && document.activeElement.id === id"
    page.wait_for_function(focused, arg=f"rule-{rule_id}")
    assert page.locator("#rules-toggle").get_attribute("aria-expanded") == "true"
    assert page.locator("#rules-body").is_visible()
    assert section.get_attribute("class") == "rule rule-current"
    found = rule(doc, rule_id)
    assert section.inner_text() == f"{rule_id} {found['name']}\n\n{found['text']}"
    assert page.locator(".rule").count() == len(doc["rules"])


def test_gregs_characters_show_their_text_on_hover_focus_and_tap_and_the_missing_stop_links_gre_16(
    pages: Pages, base_url: str
) -> None:
    doc = catalog(base_url, "gregs")
    page = pages.open("/", has_touch=True)
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    add_bot(page, 1)
    add_bot(page, 2)
    # seat 0 chooses first (GRE-3): a button per free character, its text at hand
    play_greg = page.locator("#controls button[data-kind=choose]", has_text="Play Greg")
    play_greg.wait_for()
    greg = doc["entries"]["chr-greg"]["text"]
    assert tip(play_greg) == [False, greg]
    play_greg.hover()
    assert tip(play_greg) == [True, greg]
    page.mouse.move(0, 0)
    assert tip(play_greg) == [False, greg]
    play_greg.focus()
    assert tip(play_greg) == [True, greg]
    page.keyboard.press("Escape")
    assert tip(play_greg) == [False, greg]
    page.locator("#room-title").click()  # the focus leaves the controls
    rupert = page.locator("#controls button[data-kind=choose]", has_text="Play Rupert")
    toggle = rupert.locator("xpath=following-sibling::button[@class='help-toggle']")
    toggle.tap()
    assert tip(rupert) == [True, doc["entries"]["chr-rupert"]["text"]]
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.tap()
    assert tip(rupert)[0] is False
    play_greg.click()

    # the start player holds the curse (GRE-9): no Stop before the third reveal, and the page says why
    note = page.locator("#rule-notes li[data-kind=stop]")
    note.wait_for()
    sixteen = rule(doc, "GRE-16")
    assert note.inner_text() == (
        "Stop: As the curse holder you must reveal at least three cards before stopping. "
        f"Rule GRE-16: {sixteen['name']}"
    )
    assert page.locator("#rules-body").is_hidden()
    note.locator("a.rule-link").click()
    opens_at(page, doc, "GRE-16")
    assert page.url.endswith(f"/rooms/{room}#rule-GRE-16")

    # a character on the track: its text on hover, on focus and on a tap (room {room}, seat 0's view)
    mine = page.locator("#table .track li.track-character:has(.character-name:text-is('Greg'))")
    assert tip(mine) == [False, greg]
    mine.hover()
    assert tip(mine) == [True, greg]
    screenshot(page, "help-popover")
    page.mouse.move(0, 0)
    page.locator("#room-title").click()
    mine.focus()
    assert tip(mine) == [True, greg]
    page.keyboard.press("Escape")
    assert tip(mine)[0] is False
    mine.tap()
    assert tip(mine) == [True, greg]
    mine.tap()
    assert tip(mine)[0] is False


def test_the_rules_panel_opens_by_its_button_in_the_page_language_and_at_an_address(
    pages: Pages, base_url: str
) -> None:
    doc = catalog(base_url, "gregs", "de")
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()
    page = pages.open(f"/rooms/{made['room']}", pages.context(locale="de-DE"))
    toggle = page.locator("#rules-toggle")
    toggle.wait_for()
    assert toggle.inner_text() == "Regeln"
    assert page.locator("#rules-body").is_hidden()
    toggle.click()
    sections = page.locator("#rules-body .rule h3").all_inner_texts()
    assert sections == [f"{r['id']} {r['name']}" for r in doc["rules"]]
    german = "Der Fluchträger muss mindestens 3 Karten aufdecken."
    assert page.locator("#rule-GRE-16 p").inner_text() == german
    toggle.click()
    assert page.locator("#rules-body").is_hidden()
    # an address naming a rule opens the panel there
    page.goto(f"/rooms/{made['room']}#rule-GRE-12")
    opens_at(page, doc, "GRE-12")


def test_grucha_turn_that_did_nothing_cannot_end_and_the_page_links_gru_12(
    pages: Pages, base_url: str
) -> None:
    doc = catalog(base_url, "grucha")
    page = pages.open("/")
    create_room(page, "grucha", 2)
    take_seat(page, 0)
    take_seat(page, 1)
    page.locator(CURTAIN).click()
    note = page.locator("#rule-notes li[data-kind=end]")
    note.wait_for()
    assert note.inner_text() == (
        f"{doc['entries']['choice.end']['name']}: "
        "Play a card to the table or draw one before ending your turn. "
        f"Rule GRU-12: {rule(doc, 'GRU-12')['name']}"
    )
    draw = page.locator("#controls button[data-kind=draw]")
    assert tip(draw) == [False, doc["entries"]["choice.draw"]["text"]]
    note.locator("a.rule-link").click()
    opens_at(page, doc, "GRU-12")
    # once the turn drew a card it may end: the note goes
    draw.click()
    page.locator("#controls button[data-kind=end]").first.wait_for()
    assert page.locator("#rule-notes li").count() == 0


HOME_ACTIONS = ("action.home-rest", "action.home-a", "action.home-b")


def test_infarkt_events_and_places_show_their_effects_and_costs(pages: Pages, base_url: str) -> None:
    doc = catalog(base_url, "infarkt")
    entries = doc["entries"]
    page = pages.open("/", has_touch=True)
    create_room(page, "infarkt", 2)
    take_seat(page, 0)
    add_bot(page, 1)
    event = page.locator("#table .inf-status .inf-card-name").first
    event.wait_for()
    card = event.get_attribute("data-card")
    assert card.startswith("event-")
    assert event.inner_text() == entries[card]["name"]
    event.hover()
    assert tip(event) == [True, entries[card]["text"]]
    gym = page.locator("#table .inf-place[data-place=gym] h4")
    gym_text = "\n".join(
        [
            entries["gym"]["text"],
            f"{entries['action.gym-a']['name']}: {entries['action.gym-a']['text']}",
            f"{entries['action.gym-b']['name']}: {entries['action.gym-b']['text']}",
        ]
    )
    assert gym_text.endswith("Gym B: Two hours of exercise: pay 2, obesity -2, depression -2.")
    gym.focus()
    assert tip(gym) == [True, gym_text]
    assert tip(event)[0] is False  # one popover at a time
    page.keyboard.press("Escape")
    home = page.locator("#table .inf-place[data-place=home] h4")
    home.tap()
    shown, text = tip(home)
    assert shown is True
    assert text.split("\n") == [
        entries["home"]["text"],
        *(f"{entries[i]['name']}: {entries[i]['text']}" for i in HOME_ACTIONS),
    ]


def test_igranie_character_choice_shows_each_characters_abilities(pages: Pages, base_url: str) -> None:
    doc = catalog(base_url, "igranie", "pl")
    e = doc["entries"]
    made = httpx.post(
        f"{base_url}/api/rooms", json={"game": "igranie", "seats": 3, "options": {"first_player": "seat0"}}
    ).json()
    page = pages.open(f"/rooms/{made['room']}", pages.context(locale="pl-PL", has_touch=True))
    take_seat(page, 0)
    auth = {"Authorization": f"Bearer {made['host_token']}"}
    for seat in (1, 2):
        bot = f"{base_url}/api/rooms/{made['room']}/seats/{seat}/bot"
        httpx.post(bot, json={"policy": "heuristic"}, headers=auth)
    stefan = page.locator("#controls button[data-kind=choose]", has_text=e["stefan"]["name"])
    stefan.wait_for()
    abilities = ("locksmith", "welfare", "scrawny_nag")
    expected = "\n".join([e["stefan"]["text"]] + [f"{e[a]['name']}: {e[a]['text']}" for a in abilities])
    assert expected.startswith("Zdolności: Niezwykły ślusarz, Zasiłkowiec; cecha: Chuda szkapa")
    stefan.hover()
    assert tip(stefan) == [True, expected]
    page.mouse.move(0, 0)
    stefan.locator("xpath=following-sibling::button[@class='help-toggle']").tap()
    assert tip(stefan) == [True, expected]


def locksmith_window() -> tuple[dict[str, Any], dict[str, Any]]:
    """A real iGranie situation (4 seats, seed ``lock-0``, the heuristic bot throughout): Stefan's
    Extraordinary Locksmith opened a window in which seat 3 holds a cancel it may not play: the seat's
    view and prompt as the wire carries them."""
    game = shipped()["igranie"]
    policy = game.bots()["heuristic"]
    policy = getattr(policy, "policy", policy)
    match = Match(game, 4, game.options({}), b"lock-0")
    while match.version < 183:
        seat, prompt = next(iter(game.prompts(match.state).items()))
        match.act(seat, policy(game.view(match.state, seat), prompt, Rng(b"lock-0", f"v{match.version}")))
    prompt = game.prompts(match.state)[3]
    assert "cancel" in prompt.kinds and prompt.choices["cancel"] == []
    view = msgspec.to_builtins(game.view(match.state, 3))
    return view, {"id": prompt.id, "kinds": prompt.kinds, "choices": prompt.choices}


def test_igranie_a_locksmith_cancel_is_missing_by_igr_34(pages: Pages, base_url: str) -> None:
    doc = catalog(base_url, "igranie")
    view, prompt = locksmith_window()
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "igranie", "seats": 4}).json()
    page = pages.open(f"/rooms/{made['room']}")
    page.locator("#rules-toggle").wait_for()
    # the page's own notes for that prompt, drawn by the table's module (a room of the same game)
    page.evaluate(
        """async ([doc, view, prompt]) => {
          const { missingNotes } = await import("/static/app/rules.js");
          const ctx = { catalog: doc, view, prompt, nameOf: (id) => doc.entries[id].name,
            textOf: (id) => doc.entries[id].text };
          const box = document.createElement("ul");
          box.id = "notes-under-test";
          box.append(...missingNotes(ctx));
          document.querySelector("main").append(box);
        }""",
        [doc, view, prompt],
    )
    assert page.locator("#notes-under-test li").count() == 1
    note = page.locator("#notes-under-test li[data-kind=cancel]")
    locksmith = doc["entries"]["locksmith"]
    assert note.inner_text() == (
        "Cancel: That play cannot be answered (it does not exist or cannot be countered). "
        f"{locksmith['name']}: {locksmith['text']} Rule IGR-34: {rule(doc, 'IGR-34')['name']}"
    )
    note.locator("a.rule-link").click()
    opens_at(page, doc, "IGR-34")
