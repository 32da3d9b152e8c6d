"""iGranie z Gruzem in the browser (IGR-28, 30): a hot-seat tab holds seats 0 and 1, seat 2 is played
over the protocol. Seat 0 rolls and passes in its movement window; the window asks seat 1, so the
curtain comes and the page holds none of seat 0's hand; seat 1 reveals and plays a card on seat 0's
roll by clicking. Seat 1 keeps "pass automatically" on (the default): in the next window, where it holds
no cancel, the server passes for it without a click. Seats 0 and 2 turn it off: they pass by hand."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from games.catalog import shipped
from games.engine.match import Match
from tests.web.conftest import Pages, screenshot, serve
from tests.web.helpers import CURTAIN, public_log, take_seat

GAME = shipped()["igranie"]
#: With seat 0 first and everyone taking the first choice, seat 1 holds a card to play on seat 0's roll,
#: and in the Event window that follows holds no cancel (asserted below from a Match of the same seed).
SEED = "00"
OPTIONS = {"first_player": "seat0"}
CARD_ID = re.compile(r"\b(?:res|spc)-[a-z]+(?:-\d+)?\b")


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """`boardroom serve` accepting room seeds, with long timers and short auto-pass delays."""
    with serve(
        "--allow-seed",
        "--timer",
        "turn=300",
        "--timer",
        "reaction=300",
        "--timer",
        "setup=300",
        "--autopass-min",
        "0.2",
        "--autopass-max",
        "0.4",
    ) as url:
        yield url


class Passer(threading.Thread):
    """Seat 2 over the protocol: passes when it may, else takes its prompt's first choice."""

    def __init__(self, base_url: str, room: str, token: str) -> None:
        super().__init__(daemon=True)
        self.url, self.room, self.token = base_url.replace("http", "ws") + "/ws", room, token
        self.stop = threading.Event()

    def run(self) -> None:
        with connect(self.url) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "room": self.room, "tokens": [self.token]}))
            sent = 0
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                prompt = message.get("prompt")
                if message["type"] not in ("snapshot", "update") or not prompt:
                    continue
                kind = "pass" if "pass" in prompt["kinds"] else prompt["kinds"][0]
                fields = (prompt["choices"].get(kind) or [{}])[0]
                sent += 1
                action = {"kind": kind, **fields}
                act = {"type": "act", "id": f"p{sent}", "seat": 2, "action": action, "prompt": prompt["id"]}
                ws.send(json.dumps(act))


ASK = "#curtain:not([hidden]) button.nobody"


def expected_path() -> tuple[list[str], list[str], list[set[str]]]:
    """Seat 1's kinds in the movement window and in the Event window after it, by the same script, and
    the hands of seats 0 and 1 as dealt."""
    match = Match(GAME, 3, GAME.options(OPTIONS), bytes.fromhex(SEED))
    hands = [set(match.state.players[s].hand) for s in (0, 1)]
    kinds: dict[str, list[str]] = {}
    played = False
    while "event" not in kinds:
        seat, prompt = min(GAME.prompts(match.state).items())  # a round asks several seats at once
        purpose = match.state.windows.stack[-1].purpose if match.state.windows.stack else ""
        if seat == 1 and purpose:
            kinds.setdefault(purpose, list(prompt.kinds))
        kind = "modify" if seat == 1 and purpose == "move" and not played else None
        played = played or kind == "modify"
        kind = kind or ("pass" if "pass" in prompt.kinds else prompt.kinds[0])
        match.act(seat, {"kind": kind, **(prompt.choices.get(kind) or [{}])[0]})
    return kinds["move"], kinds["event"], hands


def reveal(page: Any, seat: int) -> None:
    page.wait_for_selector(CURTAIN)
    assert page.locator(CURTAIN).inner_text() == f"Seat {seat}: your turn — show"
    page.locator(CURTAIN).click()


def click(page: Any, kind: str) -> None:
    page.locator(f"#controls button[data-kind={kind}]").first.click()


def test_a_card_played_into_the_other_seats_window_and_an_auto_pass(pages: Pages, base_url: str) -> None:
    move_kinds, event_kinds, hands = expected_path()
    assert "modify" in move_kinds and event_kinds == ["pass"]
    body = {"game": "igranie", "seats": 3, "seed": SEED, "options": OPTIONS}
    room = httpx.post(f"{base_url}/api/rooms", json=body).json()["room"]
    token = httpx.post(f"{base_url}/api/rooms/{room}/seats/2/claim", json={"name": "Bea"}).json()["token"]
    off = httpx.put(
        f"{base_url}/api/rooms/{room}/seats/2/settings",
        json={"auto_pass": False},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert off.json() == {"auto_pass": False}
    passer = Passer(base_url, room, token)
    passer.start()
    page = pages.open(f"/rooms/{room}")
    take_seat(page, 0)
    take_seat(page, 1)  # the last seat: the room starts
    page.wait_for_selector("#auto-pass-1")
    assert (
        page.locator("label[for=auto-pass-0]")
        .inner_text()
        .endswith("Pass automatically when I have nothing to play")
    )
    assert page.locator("#auto-pass-1").is_checked()  # on by default
    page.uncheck("#auto-pass-0")
    page.wait_for_selector("#auto-pass-0:not(:checked):not([disabled])")
    try:
        for seat in (0, 1):  # the characters, in turn from the first player
            reveal(page, seat)
            if seat == 0:  # before any character is chosen, each figure on Start shows its seat
                shown = "(fs) => fs.map((f) => [f.dataset.seat, f.innerText])"
                on_board = page.locator(".ig-board .ig-track .ig-figure")
                assert on_board.evaluate_all(shown) == [["0", "0"], ["1", "1"], ["2", "2"]]
            click(page, "choose")
        reveal(page, 0)
        # a hot-seat tab names each of its seats in the log, its shown one too: never "You" (ambiguous)
        assert page.locator("#log li").all_inner_texts() == [
            "Week 1",  # IGR-21: iGranie heads its rounds as weeks
            "move 1 Seat 0 chose Ilona",
            "move 2 Seat 1 chose Lena",
            "move 3 Seat 2 (Bea) chose Marcin",
            "move 3 Round 1: Seat 0 to play",
        ]
        hand0 = set(page.locator(".ig-hand .ig-card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)"))
        assert hand0 == hands[0]
        click(page, "roll")

        # IGR-30: the movement window asks every seat at once; the tab's two seats share one screen
        page.wait_for_selector(ASK)
        seats = page.locator("#curtain .ask-seats button.reveal").all_inner_texts()
        assert seats == ["Seat 0 plays a card", "Seat 1 plays a card"]
        assert set(CARD_ID.findall(page.content())) & hand0 == set()  # nothing of seat 0's hand
        page.locator("#curtain .ask-seats button.reveal[data-seat='1']").click()
        hand1 = set(page.locator(".ig-hand .ig-card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)"))
        assert hand1 == hands[1]
        button = page.locator("#controls button.choice[data-kind=modify]").first
        chosen = button.inner_text()
        button.click()
        # seat 0 is still asked in this round: the shared screen again, and nobody else plays
        page.wait_for_selector(ASK)
        assert page.locator("#curtain .ask-seats button.reveal").all_inner_texts() == ["Seat 0 plays a card"]
        page.locator(ASK).click()
        # seat 2 passes over the protocol; the round is complete and seat 1's card is taken and told
        card = chosen.removeprefix("Play ").split(" on the ")[0]
        deadline = time.monotonic() + 10
        while not [e for e in public_log(base_url, room) if e["body"]["kind"] == "played"]:
            assert time.monotonic() < deadline, "seat 1's card was not taken"
            time.sleep(0.1)
        played = [e["body"] for e in public_log(base_url, room) if e["body"]["kind"] == "played"]
        assert [b["seat"] for b in played] == [1] and played[0]["what"] == "modify"
        assert played[0]["card"] in hands[1]
        assert GAME.catalog is not None and card == GAME.catalog.doc("en").entries[played[0]["card"]].name
        screenshot(page, "igranie")
    finally:
        passer.stop.set()
        passer.join(5)


# ---- the table body in words, a newcomer's issue (IGR-6, 10, 21, 28, 30) --------------------------------
#: The renderer's table and labels for a view and prompt of a real state, in the page's language: the
#: turn line, the window, a player's facts, the board's tokens and legend, two spaces' popovers and the
#: prompt's labels. ``several``: the tab holds several seats (hot-seat).
TABLE_OF = """async ([lang, view, prompt, viewer, several, seat]) => {
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/igranie/catalog?lang=${lang}`)).json();
  const ctx = { view, viewer, several, prompt, catalog, seats: [], name: (n) => `${seat} ${n}`,
                nameOf: (id) => nameOf(catalog, id), textOf: (id) => textOf(catalog, id),
                offered: (kind) => (prompt && prompt.choices[kind]) || null };
  const renderer = rendererFor('igranie');
  const box = document.createElement('div');
  box.append(renderer.view(ctx));
  document.body.append(box);
  await new Promise((done) => setTimeout(done, 0));
  const texts = (selector) => [...box.querySelectorAll(selector)].map((e) => e.innerText);
  const player = box.querySelector('.ig-player[data-seat="2"]');
  const tip = (space) => box.querySelector(`li[data-space="${space}"] > .help-tip`).textContent;
  const labels = Object.entries(prompt.choices).flatMap(([kind, choices]) =>
    choices.filter((c) => Object.keys(c).length).map((c) => renderer.label(kind, c, ctx)));
  const result = {
    turn: texts('.ig-turn'), window: texts('.ig-window h3, .ig-plays li, .ig-window-turn'),
    player: [player.querySelector('h3').innerText,
             ...[...player.querySelectorAll('dd')].map((d) => d.innerText)],
    titles: [...box.querySelectorAll('.ig-board .ig-track .ig-figure')].map((f) => [f.innerText, f.title]),
    legend: texts('.ig-legend h3, .ig-legend dt, .ig-legend dd'),
    tips: [tip('work-4'), tip('work-6')], labels, marks: texts('.ig-marks'),
  };
  box.remove();
  return result;
}"""


def _window_table() -> tuple[Any, Any]:
    """Seat 0 (Ilona) drew Tax Letter on Work 6; seat 1 (Marcin) cancelled it with Cunning Plan; seat 2
    (Stefan) holds two Denials and a Cunning Plan: its view and prompt."""
    import msgspec

    from tests.games.igranie.helpers import ILONA, MARCIN, STEFAN, act, ask, empty_hands, give, on_top, table

    state = table(ILONA, MARCIN, STEFAN, weeks=12)
    empty_hands(state)
    state.players[0].space, state.players[0].next_loop = "work-5", "chillout"
    on_top(state, "work", "wrk-tax-1")
    act(state, 0, "roll", dice=[1])
    ask(state)  # nobody plays on the roll
    give(state, 1, "res-plan-1")
    give(state, 2, "res-denial-1", "res-denial-2", "res-plan-2", "res-plan-3", "res-luck-1")
    event = state.windows.stack[-1].plays[0].id
    ask(state, {1: {"kind": "cancel", "card": "res-plan-1", "target": event}})
    prompt = msgspec.to_builtins(GAME.prompts(state)[2])
    state.players[2].hunger = state.players[2].debt = True  # marks as the view shows them
    state.players[1].dead, state.players[1].cause = True, "cold"
    view = msgspec.to_builtins(GAME.view(state, 2))
    return view, prompt


TABLE_CASES = {
    "en": {
        "turn": ["Week 1 of 12 (month 1), Movement phase: Seat 0 to play. Rent 4."],
        "window": [
            "Window 2: a window after the event card of Seat 0",
            "#1: Seat 0: the Event card Letter from the Tax Office",
            "#2: Seat 1: Cunning Plan as a cancel, against play #1",
            "Play a card or pass.",
        ],
        "player": ["Seat 2: Stefan", "5 Food", "5 Money", "0/15 Money, 0/15 Food", "5 cards", "Start"],
        "legend": [
            "Figures on the board",
            "Il",
            "Seat 0: Ilona",
            "Ma",
            "Seat 1: Marcin",
            "St",
            "Seat 2: Stefan",
        ],
        "tips": [
            "Space 4 of Work: stopping here draws a Work Event card (IGR-10).",
            "Space 6 of Work, the entrance of Deadlines: stopping here, the next move goes into Deadlines"
            " (IGR-6); a Work Event card is drawn now (IGR-10).\nHere: Seat 0: Ilona",
        ],
        "labels": [
            "Cancel play 2 of Seat 1 with Denial",
            "Cancel the Event card Letter from the Tax Office (play 1) with Cunning Plan",
            "Cancel play 2 of Seat 1 with Cunning Plan",
        ],
        "marks": ["died of a cold", "Hunger marker; Debt"],
    },
    "pl": {
        "turn": ["Tydzień 1 z 12 (miesiąc 1), faza: Ruch; gra: Miejsce 0. Czynsz 4."],
        "window": [
            "Okno 2: okno po karcie wydarzenia: Miejsce 0",
            "#1: Miejsce 0: karta Zdarzenia List z urzędu skarbowego",
            "#2: Miejsce 1: Chytry plan: anulowanie, przeciw zagraniu #1",
            "Zagraj kartę albo spasuj.",
        ],
        "player": [
            "Miejsce 2: Stefan",
            "5 Jedzenia",
            "5 Pieniędzy",
            "Pieniądze 0/15, Jedzenie 0/15",
            "5 kart",
            "Start",
        ],
        "legend": [
            "Pionki na planszy",
            "Il",
            "Miejsce 0: Ilona",
            "Ma",
            "Miejsce 1: Marcin",
            "St",
            "Miejsce 2: Stefan",
        ],
        "tips": [
            "Pole 4 (Praca): zatrzymanie się tu to karta Zdarzenia (Praca) (IGR-10).",
            "Pole 6 (Praca), wejście: Pętla Deadlinów. Po zatrzymaniu się tu następny ruch prowadzi do"
            " tej Małej Pętli (IGR-6); teraz karta Zdarzenia (Praca) (IGR-10).\nTutaj: Miejsce 0: Ilona",
        ],
        "labels": [
            "Anuluj zagranie 2 (Miejsce 1) kartą: Wyparcie",
            "Anuluj kartę Zdarzenia List z urzędu skarbowego (zagranie 1) kartą: Chytry plan",
            "Anuluj zagranie 2 (Miejsce 1) kartą: Chytry plan",
        ],
        "marks": ["nie żyje (przeziębienie)", "znacznik Głodu; Dług"],
    },
}
#: How the page names a seat and the viewer's own seat at a tab holding one seat, per language.
SEAT = {"en": ("Seat", "you"), "pl": ("Miejsce", "twoje miejsce")}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_newcomers_table_speaks_in_words_names_each_seat_and_explains_its_tokens_and_spaces(
    pages: Pages, base_url: str, lang: str
) -> None:
    """IGR-10, 21, 28, 30 at a hot-seat tab holding seats 1 and 2: the turn line counts the room's weeks,
    the window's plays and the labels name each seat (never "you": two seats share the screen), two
    Denials give one cancel, each token names its seat and character (title and legend), a plain space
    and an entrance say what they do and who stands there, all in the page's language."""
    view, prompt = _window_table()
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "igranie", "seats": 3}).json()["room"]
    page = pages.open(f"/rooms/{room}", pages.context(locale={"en": "en-US", "pl": "pl-PL"}[lang]))
    page.wait_for_selector("#lang")
    seat, you = SEAT[lang]
    shown = page.evaluate(TABLE_OF, [lang, view, prompt, 2, True, seat])
    expected = TABLE_CASES[lang]
    assert {k: shown[k] for k in expected} == expected
    legend = expected["legend"]
    assert shown["titles"] == [["Il", legend[2]], ["Ma", legend[4]], ["St", legend[6]]]
    # a tab holding seat 2 alone calls it "you" in its own header; the tokens still name the seat
    alone = page.evaluate(TABLE_OF, [lang, view, prompt, 2, False, seat])
    assert alone["player"][0] == f"{you}: Stefan"
    assert alone["titles"] == shown["titles"]
