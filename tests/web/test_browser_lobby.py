"""The lobby in the browser: options forms from each game's schema, a refused option shown on its
field, rooms paged and filtered as the API pages them, tokens kept in localStorage and never in a URL,
and every shipped game's finished room readable by a spectator with its public log."""

from __future__ import annotations

import httpx
import pytest

from tests.web.conftest import Pages, screenshot
from tests.web.helpers import OUTCOME, public_log


def test_a_refused_option_shows_its_error_on_the_field(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    # every option of the schema, with its default
    assert page.input_value("#opt-gregs-start") == '"seat0"'
    assert page.input_value("#opt-gregs-turn_limit") == "200"
    assert page.is_checked("#opt-gregs-offer_cut") is False
    pages.expect_refusals(400, 2)
    before = len(httpx.get(f"{base_url}/api/rooms?game=gregs&limit=1000").json())
    page.fill("#opt-gregs-turn_limit", "0")
    page.click("#create button[type=submit]")
    error = page.locator("[data-option=turn_limit] .field-error")
    error.wait_for()
    # the page's words with the schema's bounds, not the server's text
    assert error.inner_text() == "Choose a whole number from 1 to 10000."
    assert page.get_attribute("#opt-gregs-turn_limit", "aria-invalid") == "true"
    assert page.locator("[data-option=start] .field-error").is_hidden()
    # a seat count out of range: on the seats field, with the bounds the refusal names
    page.fill("#opt-gregs-turn_limit", "200")
    page.fill("#seats", "9")
    page.click("#create button[type=submit]")
    page.locator("#seats-error:not([hidden])").wait_for()
    assert page.inner_text("#seats-error") == "Choose 3 to 6 seats."
    assert page.locator("[data-option=turn_limit] .field-error").is_hidden()
    assert len(httpx.get(f"{base_url}/api/rooms?game=gregs&limit=1000").json()) == before


def test_an_optional_choice_is_a_select_with_an_automatic_entry(pages: Pages, base_url: str) -> None:
    # Infarkt's variant is null (it follows the expansions, INF-27) or one of three: a select, not JSON;
    # the expansions a checkbox each, named as the places
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    page.select_option("#game", "infarkt")
    page.wait_for_selector("select#opt-infarkt-variant")
    options = page.locator("#opt-infarkt-variant option").all_inner_texts()
    assert options == ["Automatic", "Advanced", "Base", "Extreme"]
    assert page.input_value("#opt-infarkt-variant") == "null"
    page.get_by_label("Family").check()
    page.get_by_label("Career").check()
    page.click("#create button[type=submit]")
    page.wait_for_url("**/rooms/*")
    room = page.url.rsplit("/", 1)[1]
    stored = httpx.get(f"{base_url}/api/rooms/{room}").json()["options"]
    assert (stored["variant"], sorted(stored["expansions"])) == ("extreme", ["career", "family"])


def test_rooms_are_paged_and_filtered(pages: Pages, base_url: str) -> None:
    made = [
        httpx.post(f"{base_url}/api/rooms", json={"game": "fixture-commit", "seats": 2}).json()["room"]
        for _ in range(3)
    ]
    page = pages.open("/?page_size=2")
    page.select_option("#filter-game", "fixture-commit")
    page.select_option("#filter-status", "open")
    page.click("#filters button[type=submit]")
    page.wait_for_selector("#rooms-caption:has-text('Sealed bids (fixture)')")
    seen: list[str] = []
    while True:
        seen += page.locator("#rooms-body td:first-child a").all_inner_texts()
        assert page.locator("#rooms-body tr").count() <= 2
        if page.locator("#next-page").is_disabled():
            break
        caption = page.locator("#rooms-caption").inner_text()
        page.click("#next-page")
        changed = "(c) => document.getElementById('rooms-caption').textContent !== c"
        page.wait_for_function(changed, arg=caption)
    api = httpx.get(f"{base_url}/api/rooms?game=fixture-commit&status=open&limit=1000").json()
    assert seen == [r["room"] for r in api]
    assert set(made) <= set(seen)


def test_seat_tokens_stay_in_local_storage(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    page.select_option("#game", "fixture-commit")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/rooms/*")
    room = page.url.rsplit("/", 1)[1]
    page.click("[data-claim='0']")
    page.wait_for_selector("[data-claim='0']", state="detached")
    stored = page.evaluate("(r) => JSON.parse(localStorage.getItem('boardroom.room.' + r))", room)
    token = stored["seats"]["0"]
    assert stored["host"] and token
    link = page.input_value("#share-link")
    assert link.endswith(f"/rooms/{room}") and token not in link and token not in page.url
    # a reload (or another tab of this browser) finds the seat again; the lobby lists the room
    lobby = pages.open("/", ctx=page.context)
    lobby.wait_for_selector(f"#mine-list a:has-text('{room}')")
    assert lobby.locator("#mine-list li").filter(has_text=room).inner_text() == f"{room} — your seat: Seat 0"
    lobby.wait_for_selector("#rooms-body a")
    screenshot(lobby, "lobby")


@pytest.mark.parametrize("game", ["gregs", "fixture-commit", "fixture-reaction", "fixture-hands"])
def test_a_finished_room_shows_its_outcome_and_public_log(pages: Pages, base_url: str, game: str) -> None:
    info = {g["id"]: g for g in httpx.get(f"{base_url}/api/games").json()}[game]
    created = httpx.post(f"{base_url}/api/rooms", json={"game": game, "seats": info["min_seats"]}).json()
    host = {"Authorization": f"Bearer {created['host_token']}"}
    for seat in range(info["min_seats"]):
        bot = f"{base_url}/api/rooms/{created['room']}/seats/{seat}/bot"
        answer = httpx.post(bot, json={"policy": "random"}, headers=host)
        assert answer.status_code == 200
    page = pages.open(f"/rooms/{created['room']}")
    page.wait_for_selector(OUTCOME)
    page.wait_for_selector("#public-log:not([hidden])")
    assert page.locator("#viewer").inner_text() == "Watching (spectator)"
    log = public_log(base_url, created["room"])
    assert page.locator("#public-log-list li").count() == len(log) > 0
    assert page.locator("#table").inner_text() != ""


def test_every_code_has_a_sentence(pages: Pages) -> None:
    """Each error code of the protocol, the rules (engine and every shipped game) and the lobby API, and
    each close code, has a sentence in the client's table (clients/web/app/messages.js)."""
    import re
    from pathlib import Path

    from games.catalog import with_fixtures
    from games.engine.errors import CODES
    from protocol.codes import CLOSES, ERRORS

    with_fixtures()  # the games declare their codes on import
    api = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    lobby = set(re.findall(r"^\| \d{3} \| (.+?) \|", api, re.M))
    lobby_codes = {code for cell in lobby for code in re.findall(r"`([a-z_]+/[a-z_]+)`", cell)}
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    table = page.evaluate("""async () => {
        const m = await import('/static/app/messages.js');
        return {errors: Object.keys(m.ERRORS), closes: Object.keys(m.CLOSES).map(Number)};
    }""")
    assert lobby_codes >= {"seat/taken", "room/started", "request/invalid"}
    assert (set(ERRORS) | set(CODES) | lobby_codes) - set(table["errors"]) == set()
    assert set(CLOSES) - set(table["closes"]) == set()


def test_a_room_that_does_not_exist_says_so_and_stops(pages: Pages) -> None:
    # a link to a room never made, or one its host closed (DELETE /api/rooms/{room})
    pages.expect_refusals(404, 1)
    page = pages.open("/rooms/AAAAAAAAAA")
    page.wait_for_selector("#notice:has-text('This room does not exist (any more).')")
    assert page.inner_text("#conn-state") == "Disconnected"


def test_issue_21_6_igr_1_the_lobby_offers_the_seats_of_the_default_options(pages: Pages) -> None:
    """``min_seats`` is 2, but 2 seats need ``allow_two_players``: the form starts at 3 and says both."""
    lobby = pages.open("/")
    lobby.wait_for_selector("#opt-gregs-turn_limit")
    lobby.select_option("#game", "igranie")
    lobby.wait_for_selector("#opt-igranie-rent")
    assert lobby.input_value("#seats") == "3"
    assert lobby.inner_text("#game-about") == "iGranie z Gruzem: 3 to 5 seats; 2 to 5 with Allow two players."
    assert lobby.inner_text("#seats-hint") == "3 to 5 seats; 2 to 5 with Allow two players"


def test_the_lobby_keeps_the_chosen_game_and_its_options_across_a_language_switch(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    page.select_option("#game", "infarkt")
    page.wait_for_selector("#opt-infarkt-round_limit")
    page.fill("#seats", "4")
    page.fill("#opt-infarkt-round_limit", "12")
    page.fill("#turn-timer", "90")
    with page.expect_navigation():
        page.select_option("#lang", "cs")
    page.wait_for_selector("#opt-infarkt-round_limit")
    assert page.get_attribute("html", "lang") == "cs"
    assert page.input_value("#game") == "infarkt"
    assert page.input_value("#seats") == "4"
    assert page.input_value("#opt-infarkt-round_limit") == "12"
    assert page.input_value("#turn-timer") == "90"
    assert page.inner_text("#game-about").startswith("Jak nedostat infarkt: ")
    # and back: still Infarkt, now worded in English again
    with page.expect_navigation():
        page.select_option("#lang", "en")
    page.wait_for_selector("#opt-infarkt-round_limit")
    assert (page.input_value("#game"), page.input_value("#opt-infarkt-round_limit")) == ("infarkt", "12")


@pytest.mark.parametrize(
    ("locale", "taken"), [("en-US", "1 of 2"), ("pl-PL", "1 z 2"), ("cs-CZ", "1 z 2"), ("de-DE", "1 von 2")]
)
def test_the_room_list_counts_taken_seats_in_the_page_language(
    pages: Pages, base_url: str, locale: str, taken: str
) -> None:
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "fixture-commit", "seats": 2}).json()["room"]
    httpx.post(f"{base_url}/api/rooms/{room}/seats/0/claim", json={"name": "Ola"})
    page = pages.open("/?page_size=1000", pages.context(locale=locale))
    row = page.locator(f"#rooms-body tr:has(a[href='/rooms/{room}'])")
    row.wait_for()
    assert row.locator("td").nth(3).inner_text() == taken


def test_the_new_room_form_picks_the_leaver_and_away_bots_the_best_bot_first(
    pages: Pages, base_url: str
) -> None:
    """POST /api/rooms ``leaver_bot`` and ``away_bot`` from the form: the game's bots, its ``best_bot``
    chosen (Gregs ``heuristic``, Grucha ``greedy``), or none (the seat's defaults), worded in the page's
    language."""
    games = {g["id"]: g for g in httpx.get(f"{base_url}/api/games").json()}
    assert (games["gregs"]["best_bot"], games["grucha"]["best_bot"]) == ("heuristic", "greedy")
    page = pages.open("/", pages.context(locale="pl-PL"))
    page.wait_for_selector("#opt-gregs-turn_limit")
    assert page.inner_text("label[for=leaver-bot]") == "Bot za gracza, który odejdzie"
    assert page.inner_text("label[for=away-bot]") == "Bot za nieobecnego gracza"
    choices = page.locator("#leaver-bot option").all_inner_texts()
    assert choices == ["Bez bota: domyślne ruchy miejsca", *games["gregs"]["bots"]]
    assert (page.input_value("#leaver-bot"), page.input_value("#away-bot")) == ("heuristic", "heuristic")
    page.select_option("#game", "grucha")
    page.wait_for_selector("#opt-grucha-rounds, #options [data-option]")
    page.wait_for_function("() => document.getElementById('leaver-bot').value === 'greedy'")
    assert page.input_value("#away-bot") == "greedy"
    page.select_option("#away-bot", "")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/rooms/*")
    room = httpx.get(f"{base_url}/api/rooms/{page.url.rsplit('/', 1)[1]}").json()
    assert (room["game"], room["leaver_bot"], room["away_bot"]) == ("grucha", "greedy", None)
    english = pages.open("/")
    english.wait_for_selector("#opt-gregs-turn_limit")
    assert english.inner_text("label[for=leaver-bot]") == "Bot for a player who leaves"
    assert english.inner_text("label[for=away-bot]") == "Bot for a player who is away"
    assert english.locator("#away-bot option").first.inner_text() == "No bot: the seat's defaults"
