"""The lobby's options form speaks from the catalogue (the catalogue issue, item 6): every option of every
shipped game labelled and helped by its catalogue entry in English and the game's language, choices
named, no regex, docstring or JSON shown, a refusal shown beside its field in the page's words, and a
room created with a changed option carries it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages

OWN = {"gregs": "de", "grucha": "pl", "igranie": "pl", "infarkt": "cs"}
CHROME = json.loads((Path(__file__).resolve().parents[2] / "clients/web/app/chrome.json").read_text("utf-8"))
#: What a newcomer must never read in the form: a regex, a Struct's docstring, JSON, msgspec's words.
RAW = re.compile(r"^\^|\$$|Struct|[{}\[\]]|``|\bnull\b|Expected `")


def _lobby(pages: Pages, lang: str, game: str) -> Any:
    ctx = pages.context()
    ctx.add_init_script(f"localStorage.setItem('boardroom.lang', '{lang}')")
    page = pages.open("/", ctx)
    page.wait_for_selector("#opt-gregs-turn_limit")
    if game != "gregs":
        page.select_option("#game", game)
        page.wait_for_selector(f"[id^='opt-{game}-']")
    return page


def _fields(page: Any) -> list[dict[str, Any]]:
    """Every option field of the form: its key, label, help, the ids its input is described by, its
    choices' names, and whether it is a text box."""
    found: list[dict[str, Any]] = page.evaluate("""() => [...document.querySelectorAll(
        '#options [data-option]')].filter((f) => !f.classList.contains('option-group')).map((f) => {
        const input = f.matches('fieldset') ? f : f.querySelector('input, select, textarea');
        return {
          key: f.dataset.option,
          label: f.querySelector(':scope > label, :scope > legend').textContent,
          help: f.querySelector(':scope > .field-hint').textContent,
          hintId: f.querySelector(':scope > .field-hint').id,
          described: (input.getAttribute('aria-describedby') || '').split(' '),
          choices: [...f.querySelectorAll('option, .choice label')].map((o) => o.textContent),
          typed: !!f.querySelector('textarea, input[type=text]'),
        };
      })""")
    return found


def _created(page: Any, base_url: str) -> dict[str, Any]:
    page.click("#create button[type=submit]")
    page.wait_for_url("**/rooms/*")
    room = page.url.rsplit("/", 1)[1]
    options: dict[str, Any] = httpx.get(f"{base_url}/api/rooms/{room}").json()["options"]
    return options


def _change(page: Any, game: str) -> dict[str, Any]:
    """Change one or two options of ``game`` as a person does; returns what the room must then carry."""
    if game == "gregs":
        page.select_option("#opt-gregs-start", '"1"')
        page.check("#opt-gregs-offer_cut")
        return {"start": "1", "offer_cut": True}
    if game == "grucha":
        page.fill("#opt-grucha-rounds", "5")
        return {"rounds": 5, "point_limit": None}
    if game == "igranie":
        page.fill("#opt-igranie-rent", "3")
        page.fill("#opt-igranie-removed_cards-0", "2")  # two of the Quarterly Bonus's copies
        page.select_option("#opt-igranie-weeks", "6")
        return {"rent": 3, "removed_cards": ["wrk-bonus-1", "wrk-bonus-2"], "weeks": 6}
    page.locator("#opt-infarkt-expansions input[value=family]").check()
    return {"expansions": ["family"], "variant": "advanced"}


@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g in OWN for lang in ("en", OWN[g])])
def test_catalog_6_every_option_field_speaks_from_the_catalogue(
    pages: Pages, base_url: str, game: str, lang: str
) -> None:
    entries = httpx.get(f"{base_url}/api/games/{game}/catalog?lang={lang}").json()["entries"]
    schema = {g["id"]: g for g in httpx.get(f"{base_url}/api/games").json()}[game]["options_schema"]
    page = _lobby(pages, lang, game)
    fields = _fields(page)
    assert [f["key"] for f in fields] == list(schema["$defs"]["Options"]["properties"])
    for f in fields:
        entry = entries[f"option.{f['key']}"]
        assert entry["lang"] == lang and entry["group"] == "option"
        assert (f["label"], f["help"]) == (entry["name"], entry["text"]), f["key"]
        assert f["hintId"] in f["described"], f["key"]  # the help is the field's accessible description
        assert not f["typed"], f["key"]
        named = {e["name"] for k, e in entries.items() if k.startswith(f"option.{f['key']}.")}
        seat = CHROME[lang]["ui.form.seat"].replace("{n}", "")
        others = {CHROME[lang]["ui.form.automatic"]}
        assert all(c in named or c in others or c.startswith(seat) for c in f["choices"]), f["key"]
    shown = page.inner_text("#options")
    assert [line for line in shown.splitlines() if RAW.search(line.strip())] == []
    assert page.inner_text("#options legend") == CHROME[lang]["ui.form.options"]
    assert page.locator("#options textarea").count() == 0
    assert "_" not in page.inner_text("#game-about")  # an option in the seat ranges by its name
    carried = _change(page, game)
    options = _created(page, base_url)
    assert {k: options[k] for k in carried} == carried


def test_catalog_6_a_refusal_is_shown_beside_its_field_in_the_page_s_language(
    pages: Pages, base_url: str
) -> None:
    page = _lobby(pages, "pl", "grucha")
    words = CHROME["pl"]
    pages.expect_refusals(400, 2)
    page.fill("#opt-grucha-rounds", "0")
    page.click("#create button[type=submit]")
    error = page.locator("[data-option=rounds] .field-error")
    error.wait_for()
    assert error.inner_text() == words["ui.form.error.range"].format(min=1, max=1000)
    assert page.get_attribute("#opt-grucha-rounds", "aria-invalid") == "true"
    assert "opt-grucha-rounds-error" in (page.get_attribute("#opt-grucha-rounds", "aria-describedby") or "")
    # the seat count: the bounds the refusal's details name, in the same words
    page.fill("#opt-grucha-rounds", "")
    page.fill("#seats", "99")
    page.click("#create button[type=submit]")
    page.locator("#seats-error:not([hidden])").wait_for()
    game = {g["id"]: g for g in httpx.get(f"{base_url}/api/games").json()}["grucha"]
    said = words["ui.form.error.seats"].format(min=game["min_seats"], max=game["max_seats"])
    assert page.inner_text("#seats-error") == said
    assert page.locator("[data-option=rounds] .field-error").is_hidden()


def test_catalog_6_a_start_seat_offers_the_table_s_seats(pages: Pages) -> None:
    """Gregs' ``start`` takes ``seat0``, ``random`` or a seat number: a select of the catalogue's two and
    the table's other seats, which follows the seat count."""
    page = _lobby(pages, "de", "gregs")
    seats = page.locator("#opt-gregs-start option")
    assert seats.all_inner_texts() == ["Platz 0", "Zufällig", "Platz 1", "Platz 2"]
    page.fill("#seats", "5")
    assert seats.all_inner_texts()[-1] == "Platz 4"
    page.select_option("#opt-gregs-start", '"4"')
    page.fill("#seats", "3")
    assert page.input_value("#opt-gregs-start") == '"seat0"'  # seat 4 is gone: back to the default


#: The first entries of iGranie's "Removed cards": [name, "of N" or null, input type, max].
ENTRIES = """() => [...document.querySelectorAll('#opt-igranie-removed_cards .choice')].map((c) => [
  c.querySelector('label').textContent, c.querySelector('.choice-of')?.textContent ?? null,
  c.querySelector('input').type, c.querySelector('input').max])"""


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_igranie_removed_cards_one_entry_per_card_with_its_count_and_the_weeks_igr_21(
    pages: Pages, base_url: str, lang: str
) -> None:
    """The lobby's "Removed cards" lists each of the 51 cards once, with how many of its copies stay in
    the box (0 to the deck's count; a card of one copy a checkbox), and sends the ids the server accepts;
    "Weeks" offers 6, 12 and the rulebook's 24 (IGR-21), 24 chosen."""
    entries = httpx.get(f"{base_url}/api/games/igranie/catalog?lang={lang}").json()["entries"]
    name = {
        card: entries[f"option.removed_cards.{card}"]["name"] for card in ("wrk-bonus-1", "wrk-companyflat-3")
    }
    page = _lobby(pages, lang, "igranie")
    shown = page.evaluate(ENTRIES)
    of = {"en": "of {count}", "pl": "z {count}"}[lang]
    assert len(shown) == 51
    assert shown[:2] == [
        [name["wrk-bonus-1"], of.format(count=3), "number", "3"],
        [name["wrk-companyflat-3"], of.format(count=4), "number", "4"],
    ]
    assert shown[3][1:] == [None, "checkbox", ""]
    assert [name["wrk-bonus-1"], name["wrk-companyflat-3"]] == {
        "en": ["Quarterly Bonus", "Company Flat"],
        "pl": ["Premia kwartalna", "Mieszkanie służbowe"],
    }[lang]
    weeks = page.locator("#opt-igranie-weeks option")
    assert (
        weeks.all_inner_texts()
        == {"en": ["6 weeks", "12 weeks", "24 weeks"], "pl": ["6 tygodni", "12 tygodni", "24 tygodnie"]}[lang]
    )
    assert page.input_value("#opt-igranie-weeks") == "24"
    page.fill("#opt-igranie-removed_cards-0", "1")
    page.fill("#opt-igranie-removed_cards-1", "2")
    page.check("#opt-igranie-removed_cards-3")
    page.select_option("#opt-igranie-weeks", "12")
    options = _created(page, base_url)
    assert options["removed_cards"] == [
        "wrk-bonus-1",
        "wrk-companyflat-3",
        "wrk-companyflat-4",
        "wrk-coffee-1",
    ]
    assert options["weeks"] == 12
