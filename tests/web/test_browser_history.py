"""The table's history in the browser: a spectator who comes late to a live Grucha room reads the whole
past from the public log, oldest first, under its round, each line with its move, the first deal
included; the last move is told above the table and marked on it, and follows the live steps. A finished
room's "What happened" has every public event, Infarkt's and Grucha's first deal first. The warnings a
player needs (warnings.js) go to the seat they concern only, each citing its rule: iGranie's rent the
wallet cannot pay (the Dream Bank does not), shown live on the seat's page and not the spectator's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from games.catalog import shipped
from games.engine.match import Match, setup_ctx
from tests.web.conftest import Pages, screenshot, serve
from tests.web.helpers import public_log
from tests.web.test_browser_catalog import finished_bot_room
from tests.web.test_browser_grucha import RUN, SEED, Seat

GRUCHA = shipped()["grucha"]
#: Every line of the live log but the rounds' headings.
LINES = "() => [...document.querySelectorAll('#log li:not(.log-round)')].map((li) => li.innerText)"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """`boardroom serve` accepting fixed room seeds (tests only), with long turn timers."""
    with serve("--allow-seed", "--timer", "turn=300") as url:
        yield url


def lines(page: Any) -> list[str]:
    found: list[str] = page.evaluate(LINES)
    return found


def wait_lines(page: Any, count: int) -> list[str]:
    page.wait_for_function(f"() => ({LINES})().length === {count}")
    return lines(page)


def test_a_late_spectator_reads_the_past_oldest_first_and_sees_the_last_move(
    pages: Pages, base_url: str
) -> None:
    dealt = GRUCHA.setup(2, GRUCHA.options({}), setup_ctx(bytes.fromhex(SEED)))
    assert (dealt.dealer, dealt.active) == (1, 0)
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "grucha", "seats": 2, "seed": SEED}).json()[
        "room"
    ]
    claim = f"{base_url}/api/rooms/{room}/seats/{{}}/claim"
    tokens = [
        httpx.post(claim.format(s), json={"name": n}).json()["token"] for s, n in ((0, "Ola"), (1, "Jan"))
    ]
    with (
        connect(base_url.replace("http", "ws") + "/ws") as ws0,
        connect(base_url.replace("http", "ws") + "/ws") as ws1,
    ):
        ola, jan = Seat(ws0, room, tokens[0]), Seat(ws1, room, tokens[1])
        assert ola.act(0, {"kind": "submit", "groups": [{"cards": RUN}]})["type"] == "ack"
        assert ola.act(0, {"kind": "end"})["type"] == "ack"

        # a spectator comes now: its snapshot has no events, the page reads them from the public log
        page = pages.open(f"/rooms/{room}")
        log = public_log(base_url, room)
        assert [e["version"] for e in log] == [1, 1, 2]
        shown = wait_lines(page, 3)
        stock = len(dealt.stock)
        assert shown == [
            f"move 1 Round 1: Seat 1 (Jan) dealt, {stock} cards in the stock, Seat 0 (Ola) to play first",
            "move 1 Seat 0 (Ola) laid 5 cards: 6♣, 7♣, 8♣, 9♣, 10♣",
            "move 2 Seat 0 (Ola) ended the turn",
        ]
        assert page.locator("#log li.log-round").all_inner_texts() == ["Round 1"]
        assert page.inner_text("#log-title") == "What happened (oldest first)"
        # the last move: told above the table, and Ola's row of the scores marked
        assert page.inner_text("#last-move") == "Last move: Seat 0 (Ola) ended the turn"
        page.wait_for_selector("#table .grucha-scores tr[data-seat='0'].last-move")
        assert page.locator("#table .last-move").count() == 1
        assert page.locator("#seats-list li[data-seat='0'].last-move").count() == 1

        # a live step goes to the end of the log, and the mark moves to Jan
        assert jan.act(1, {"kind": "draw"})["type"] == "ack"
        assert jan.act(1, {"kind": "end"})["type"] == "ack"
        shown = wait_lines(page, 5)
        assert shown[3:] == ["move 3 Seat 1 (Jan) drew 1 card", "move 4 Seat 1 (Jan) ended the turn"]
        page.wait_for_selector("#table .grucha-scores tr[data-seat='1'].last-move")
        assert page.inner_text("#last-move") == "Last move: Seat 1 (Jan) ended the turn"
        assert page.locator("#table tr.last-move").count() == 1
        screenshot(page, "history")
        # a move of several events tells them apart (the story's sentences have no full stop)
        several = """async () => {
          const { drawLastMove } = await import('/static/app/history.js');
          const el = {};
          drawLastMove(el, ['Seat 0 (Ola) laid 5 cards', 'Seat 0 (Ola) ended the turn']);
          return el.textContent;
        }"""
        assert page.evaluate(several) == "Last move: Seat 0 (Ola) laid 5 cards · Seat 0 (Ola) ended the turn"

    # a reload keeps the lines (once each) and finds the last move again
    page.reload()
    page.wait_for_selector("#last-move:not([hidden])")
    assert page.inner_text("#last-move") == "Last move: Seat 1 (Jan) ended the turn"
    assert lines(page) == shown


@pytest.mark.parametrize(("game", "first"), [("grucha", "Round 1: "), ("infarkt", "Round 1 begins: ")])
def test_a_finished_room_tells_every_public_event_from_the_first_deal(
    pages: Pages, base_url: str, game: str, first: str
) -> None:
    room = finished_bot_room(base_url, game)
    log = public_log(base_url, room)
    assert log[0]["body"]["kind"] == "round_started" and log[0]["version"] == 1
    page = pages.open(f"/rooms/{room}")
    shown = wait_lines(page, len(log))
    assert shown[0].startswith(f"move 1 {first}")
    assert [int(line.split()[1]) for line in shown] == [e["version"] for e in log]
    rounds = [e["body"]["round"] for e in log if e["body"]["kind"] == "round_started"]
    assert page.locator("#log li.log-round").all_inner_texts() == [f"Round {r}" for r in rounds]


WARN = """async ([game, view, seat]) => {
    const { warningsFor } = await import('/static/app/warnings.js');
    return warningsFor(game, view, seat, (id) => `<${id}>`).map((w) => [w.rule, w.text]);
}"""


def igranie_view(**player: Any) -> dict[str, Any]:
    """An iGranie view of round 3, seat 1 as ``player`` says, the others with enough of everything."""
    base = {
        "money": 9,
        "food": 3,
        "debt": False,
        "hunger": False,
        "rent_release": 0,
        "bank_money": 0,
        "dead": False,
    }
    players = [dict(base), {**base, **player}, dict(base)]
    return {"phase": "food", "round": 3, "rent": 4, "players": players}


def warnings_of(page: Any, game: str, view: dict[str, Any], seat: int | None) -> list[list[str]]:
    found: list[list[str]] = page.evaluate(WARN, [game, view, seat])
    return found


def test_warnings_are_the_shown_seats_own_and_cite_their_rule(pages: Pages, base_url: str) -> None:
    page = pages.open("/", pages.context(locale="en-GB"))
    page.wait_for_selector("#game option[value='grucha']", state="attached")
    # IGR-20: the tester's case, 11 Money banked and none in the wallet; the Dream Bank does not pay rent
    broke = igranie_view(money=0, bank_money=11)
    assert warnings_of(page, "igranie", broke, 1) == [
        [
            "IGR-20",
            "Rent of 4 Money is due in round 5 and your wallet holds 0: short of it you take a Debt marker."
            " The 11 Money in your Dream Bank cannot pay it.",
        ]
    ]
    assert warnings_of(page, "igranie", broke, 0) == []  # another seat's trouble is not this one's
    assert warnings_of(page, "igranie", broke, None) == []  # a spectator gets none
    in_debt = igranie_view(money=7, debt=True)
    assert warnings_of(page, "igranie", {**in_debt, "round": 9, "phase": "rent"}, 1) == [
        [
            "IGR-20",
            "Rent of 8 Money (twice, with your Debt) is due in round 9 and your wallet holds 7: short of it"
            " you become homeless and die. The 0 Money in your Dream Bank cannot pay it.",
        ]
    ]
    assert warnings_of(page, "igranie", igranie_view(money=3, rent_release=1), 1) == []  # released
    assert warnings_of(page, "igranie", {**igranie_view(money=0), "round": 21}, 1) == []  # no rent after 21
    assert warnings_of(page, "igranie", igranie_view(money=4), 1) == []
    # IGR-21: a 6-week game has round 5's rent and no other; a new user was warned of round 9's
    short = {**igranie_view(money=0), "weeks": 6}
    assert warnings_of(page, "igranie", short, 1)[0][1].startswith("Rent of 4 Money is due in round 5 ")
    assert warnings_of(page, "igranie", {**short, "round": 5, "phase": "bank"}, 1) == []
    assert warnings_of(page, "igranie", {**short, "round": 7, "weeks": 12}, 1)[0][1].startswith(
        "Rent of 4 Money is due in round 9 "
    )
    assert warnings_of(page, "igranie", {**short, "round": 9, "weeks": 12}, 1) == []
    # IGR-19: a Hunger marker
    assert warnings_of(page, "igranie", igranie_view(hunger=True, food=1), 1) == [
        [
            "IGR-19",
            "You have a Hunger marker: eat 2 Food in a Food phase of a later turn to lose it; eating nothing"
            " then kills you. Your shelf holds 1 Food.",
        ]
    ]
    # INF-4: a track at 9 but obesity (which never kills); INF-18: the worsening at the end of the
    # round (pressure 8 raises cholesterol, obesity 9 raises diabetes) takes two of them to the grave
    infarkt = {"phase": "actions", "players": [{"tracks": [9, 8, 9, 0, 9, 0], "died": 0}]}
    ahead = "At the end of this round the worsening takes <{}> to the grave (10), and you die: <worsening.{}>"
    assert warnings_of(page, "infarkt", infarkt, 0) == [
        ["INF-4", "<cholesterol> is at 9: one more point is the grave."],
        ["INF-4", "<diabetes> is at 9: one more point is the grave."],
        ["INF-18", ahead.format("cholesterol", "pressure") + "."],
        ["INF-18", ahead.format("diabetes", "obesity") + "."],
    ]
    # GRU-11: one card in hand on the seat's own turn
    grucha = {"phase": "play", "to_act": 1, "hand_sizes": [4, 1]}
    call = "You hold one card: end your turn with the GRUCHA call, or you draw 5 penalty cards."
    assert warnings_of(page, "grucha", grucha, 1) == [["GRU-11", call]]
    assert warnings_of(page, "grucha", {**grucha, "to_act": 0}, 1) == []
    assert warnings_of(page, "grucha", {**grucha, "hand_sizes": [4, 2]}, 1) == []
    # in the page's language
    polish = pages.open("/", pages.context(locale="pl-PL"))
    polish.wait_for_selector("#game option[value='grucha']", state="attached")
    assert warnings_of(polish, "grucha", grucha, 1) == [
        ["GRU-11", "Masz jedną kartę: zakończ turę wołając GRUCHA albo dobierzesz 5 kart karnych."]
    ]


IGRANIE = shipped()["igranie"]
#: Seat 0 first; everyone takes the first kind offered (a pass when there is one) with its last choice,
#: so seat 0 spends all its Money in its first shop (asserted below from a Match of the same seed).
IGRANIE_SEED, IGRANIE_OPTIONS = "00", {"first_player": "seat0"}


def spent_path() -> list[tuple[int, dict[str, Any]]]:
    """The actions (seat, action) from the start until seat 0's wallet holds less than the rent."""
    match = Match(IGRANIE, 3, IGRANIE.options(IGRANIE_OPTIONS), bytes.fromhex(IGRANIE_SEED))
    path = []
    while match.state.players[0].money >= match.state.options.rent:
        seat, prompt = min(IGRANIE.prompts(match.state).items())
        kind = "pass" if "pass" in prompt.kinds else prompt.kinds[0]
        action = {"kind": kind, **(prompt.choices.get(kind) or [{}])[-1]}
        match.act(seat, action)
        path.append((seat, action))
    assert (match.state.round, match.state.players[0].money, match.state.players[0].debt) == (1, 0, False)
    return path


def test_the_seat_short_of_rent_is_warned_and_a_spectator_is_not(pages: Pages, base_url: str) -> None:
    path = spent_path()
    made = {"game": "igranie", "seats": 3, "seed": IGRANIE_SEED, "options": IGRANIE_OPTIONS}
    room = httpx.post(f"{base_url}/api/rooms", json=made).json()["room"]
    claim = f"{base_url}/api/rooms/{room}/seats/{{}}/claim"
    tokens = [httpx.post(claim.format(s), json={"name": ""}).json()["token"] for s in range(3)]
    with connect(base_url.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": tokens}))  # all three seats
        for n, (seat, action) in enumerate(path):
            ws.send(json.dumps({"type": "act", "id": f"a{n}", "seat": seat, "action": action}))
            while (answer := json.loads(ws.recv(timeout=10))).get("id") != f"a{n}":
                pass
            assert answer["type"] == "ack", answer
    # seat 0's own page: the rent warning with its rule; the spectator's page: none
    page = pages.open(f"/rooms/{room}")
    hold = "([r, token]) => localStorage.setItem(`boardroom.room.${r}`, JSON.stringify({seats: {0: token}}))"
    page.evaluate(hold, [room, tokens[0]])
    page.reload()
    page.wait_for_selector("#warnings:not([hidden]) li[data-warning='rent']")
    screenshot(page, "warnings")
    assert page.locator("#warnings li").all_inner_texts() == [
        "Rent of 4 Money is due in round 5 and your wallet holds 0: short of it you take a Debt marker."
        " The 0 Money in your Dream Bank cannot pay it. (IGR-20)"
    ]
    watcher = pages.open(f"/rooms/{room}", pages.context())
    watcher.wait_for_selector("#viewer:text-is('Watching (spectator)')")
    watcher.wait_for_selector("#table .ig-player")
    assert watcher.is_hidden("#warnings")


@pytest.mark.parametrize(
    ("locale", "first", "heading"), [("en-US", "Week 1", "Round 1"), ("pl-PL", "Tydzień 1", "Runda 1")]
)
def test_igr21_igranie_s_log_heads_its_rounds_as_weeks_in_the_page_language(
    pages: Pages, base_url: str, locale: str, first: str, heading: str
) -> None:
    """IGR-21: iGranie's table counts weeks (24 rounds are 6 months of 4 weeks), so its log's round
    headings say "Week 3" ("Tydzień 3" in Polish) where they said "Round 3"; another game keeps
    ``ui.log.round`` ("Round 1", "Runda 1")."""
    room = finished_bot_room(base_url, "igranie")
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector("#log li.log-round")
    headings = page.locator("#log li.log-round").all_inner_texts()
    assert headings[0] == first
    rounds = [
        int(r)
        for r in page.eval_on_selector_all("#log li.log-round", "els => els.map((e) => e.dataset.round)")
    ]
    assert headings == [first.replace("1", str(r)) for r in rounds]
    told = """async (game) => {
      const { logLines } = await import('/static/app/history.js');
      const lines = logLines([{ version: 7, round: 3, text: 'x' }], game);
      return lines[0].textContent;
    }"""
    assert page.evaluate(told, "igranie") == first.replace("1", "3")
    assert page.evaluate(told, "grucha") == heading.replace("1", "3")
