"""The lobby HTTP API exactly as docs/api.md states it, against a real server on a free port."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.clock import FakeClock
from server.settings import Settings
from server.testing import running_server

from .conftest import GAMES

Http = httpx.Client


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with (
        running_server(Settings(timers={"turn": 30.0}), games=GAMES, clock=FakeClock()) as server,
        httpx.Client(base_url=server.url) as client,
    ):
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: Http, **body: Any) -> dict[str, Any]:
    response = client.post("/api/rooms", json={"game": "fixture-hands", "seats": 2, **body})
    assert response.status_code == 201
    data: dict[str, Any] = response.json()
    return data


def claim(client: Http, room: str, seat: int | str = "any", name: str = "ann") -> Any:
    return client.post(f"/api/rooms/{room}/seats/{seat}/claim", json={"name": name})


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


class TestGames:
    def test_games_lists_every_hosted_game_with_its_bots_and_options_schema(self, client: Http) -> None:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        assert sorted(games) == sorted(GAMES)
        gregs = games["gregs"]
        assert (gregs["min_seats"], gregs["max_seats"], gregs["bots"]) == (
            3,
            6,
            ["random", "heuristic", "search", "search-heuristic"],
        )
        assert "$defs" in gregs["options_schema"] or "properties" in gregs["options_schema"]

    def test_games_list_their_timer_classes_with_the_seconds_a_room_gets(self, client: Http) -> None:
        """The engine's classes and the game's own (`Game.timers`); this server sets ``turn`` to 30 s."""
        timers = {g["id"]: g["timers"] for g in client.get("/api/games").json()}
        engine = {"commit": 30.0, "reaction": 10.0, "setup": 60.0, "turn": 30.0}
        assert timers["gregs"] == {**engine, "cut": 20.0, "curse": 20.0}
        assert timers["fixture-reaction"] == {**engine, "truce": 15.0}
        assert timers["fixture-hands"] == engine

    def test_issue_21_6_igr_1_seat_ranges_per_option_agree_with_the_room_check(self, client: Http) -> None:
        """IGR-1: 3 to 5 players, 2 with ``allow_two_players``. ``min_seats`` (2) is the widest bound; the
        ranges per option say what a room of those options takes, and creation refuses exactly that."""
        games = {g["id"]: g for g in client.get("/api/games").json()}
        assert games["igranie"]["seat_ranges"] == [
            {"options": {}, "min": 3, "max": 5},
            {"options": {"allow_two_players": True}, "min": 2, "max": 5},
        ]
        assert games["gregs"]["seat_ranges"] == [{"options": {}, "min": 3, "max": 6}]
        refused = client.post("/api/rooms", json={"game": "igranie", "seats": 2})
        assert error(refused) == (400, "request/invalid")
        assert refused.json()["details"] == {
            "error": "seats must be 3 to 5 with these options",
            "seats": [3, 5],
        }
        # outside the widest bounds: the same details, with those bounds
        refused = client.post("/api/rooms", json={"game": "igranie", "seats": 9})
        assert refused.json()["details"] == {"error": "seats must be 2 to 5", "seats": [2, 5]}
        two = {"game": "igranie", "seats": 2, "options": {"allow_two_players": True}}
        assert client.post("/api/rooms", json=two).status_code == 201

    def test_issue_21_6_gru_9_the_free_form_submit_is_described_in_the_catalogue(self, client: Http) -> None:
        """A client builds Grucha's ``submit`` from ``GET /api/games`` alone (it needed the README)."""
        games = {g["id"]: g for g in client.get("/api/games").json()}
        submit = games["grucha"]["free_form"]["submit"]
        assert submit["example"] == {
            "kind": "submit",
            "groups": [{"cards": ["7S-a", "JK-b1", "9S-b"], "jokers": {"JK-b1": "8S"}}],
        }
        assert submit["about"].startswith("GRU-9: the complete new table")
        assert games["gregs"]["free_form"] == {}


class TestCreate:
    def test_create_answers_the_room_and_a_host_token(self, client: Http) -> None:
        created = create(client, timers={"turn": 9})
        assert len(created["room"]) == 10 and len(created["host_token"]) == 43
        room = client.get(f"/api/rooms/{created['room']}").json()
        assert (room["status"], room["version"], room["timers"], room["options"]) == (
            "open",
            -1,
            {"turn": 9.0},
            {"hand_size": 4},
        )
        assert room["seats"][1] == {
            "seat": 1,
            "taken": False,
            "name": None,
            "bot": None,
            "away": False,
            "left": False,
            "conceded": False,
        }

    @pytest.mark.parametrize(
        ("body", "expected"),
        [
            ({"game": "chess", "seats": 2}, (404, "game/not_found")),
            ({"game": "fixture-hands", "seats": 9}, (400, "request/invalid")),
            ({"game": "fixture-hands", "seats": "two"}, (400, "request/invalid")),
            ({"game": "fixture-hands", "seats": 2, "options": {"hand_size": "x"}}, (400, "request/invalid")),
            ({"game": "fixture-hands", "seats": 2, "timers": {"turn": -1}}, (400, "request/invalid")),
            ({"game": "fixture-hands", "seats": 2, "seed": "00ff"}, (400, "request/invalid")),
        ],
    )
    def test_a_bad_body_is_refused_with_its_code(
        self, client: Http, body: dict[str, Any], expected: tuple[int, str]
    ) -> None:
        assert error(client.post("/api/rooms", json=body)) == expected

    @pytest.mark.parametrize(
        ("game", "seats", "timers", "path", "classes"),
        [
            ("gregs", 3, {"turn": 5, "cutt": 5}, "$.timers.cutt", ["curse", "cut"]),
            ("fixture-hands", 2, {"cut": 5}, "$.timers.cut", []),  # Gregs' class, not this game's
        ],
    )
    def test_a_timer_class_the_game_does_not_have_is_refused_with_its_path(
        self, client: Http, game: str, seats: int, timers: dict[str, float], path: str, classes: list[str]
    ) -> None:
        rooms = client.get("/api/rooms").json()
        response = client.post("/api/rooms", json={"game": game, "seats": seats, "timers": timers})
        assert error(response) == (400, "timer/unknown")
        assert response.json()["details"] == {
            "path": path,
            "timers": sorted(["commit", "reaction", "setup", "turn", *classes]),
        }
        assert response.json()["message"].endswith(f"- at `{path}`")
        assert client.get("/api/rooms").json() == rooms

    def test_a_games_own_timer_class_is_kept(self, client: Http) -> None:
        body = {"game": "fixture-reaction", "seats": 2, "timers": {"truce": 4, "reaction": 3}}
        created = client.post("/api/rooms", json=body).json()
        assert client.get(f"/api/rooms/{created['room']}").json()["timers"] == {"truce": 4.0, "reaction": 3.0}

    def test_a_malformed_body_names_the_json_path(self, client: Http) -> None:
        response = client.post("/api/rooms", json={"game": "fixture-hands", "seats": "two"})
        assert response.json()["details"]["error"] == "Expected `int`, got `str` - at `$.seats`"


class TestSeats:
    def test_claims_fill_seats_in_order_and_the_last_one_autostarts(self, client: Http) -> None:
        room = create(client)["room"]
        first = claim(client, room).json()
        assert first["seat"] == 0 and len(first["token"]) == 43
        assert claim(client, room, 1, "bob").json()["seat"] == 1
        info = client.get(f"/api/rooms/{room}").json()
        assert (info["status"], info["version"]) == ("running", 0)
        assert [s["name"] for s in info["seats"]] == ["ann", "bob"]

    def test_a_taken_seat_a_full_room_and_a_missing_seat_are_refused(self, client: Http) -> None:
        room = create(client, autostart=False)["room"]
        claim(client, room, 1)
        assert error(claim(client, room, 1)) == (409, "seat/taken")
        assert error(claim(client, room, 7)) == (404, "seat/not_found")
        claim(client, room)
        assert error(claim(client, room)) == (409, "room/full")
        assert error(claim(client, "nope")) == (404, "room/not_found")

    def test_leaving_before_the_start_frees_the_seat(self, client: Http) -> None:
        room = create(client)["room"]
        token = claim(client, room).json()["token"]
        assert client.post(f"/api/rooms/{room}/leave", headers=bearer(token)).json() == {"seat": 0}
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["taken"] is False
        assert error(client.post(f"/api/rooms/{room}/leave", headers=bearer(token))) == (
            401,
            "auth/bad_token",
        )
        assert error(client.post(f"/api/rooms/{room}/leave")) == (401, "auth/bad_token")

    def test_leaving_after_the_start_keeps_the_seat_for_its_defaults(self, client: Http) -> None:
        room = create(client)["room"]
        token = claim(client, room).json()["token"]
        claim(client, room)
        client.post(f"/api/rooms/{room}/leave", headers=bearer(token))
        seat = client.get(f"/api/rooms/{room}").json()["seats"][0]
        assert (seat["taken"], seat["left"]) == (True, True)


class TestHost:
    def test_the_host_fills_seats_with_bots_and_starts(self, client: Http) -> None:
        created = create(client, autostart=False)
        room, host = created["room"], created["host_token"]
        claim(client, room)
        assert error(client.post(f"/api/rooms/{room}/start", headers=bearer(host))) == (409, "room/not_full")
        bot = client.post(f"/api/rooms/{room}/seats/1/bot", json={"policy": "random"}, headers=bearer(host))
        assert bot.json() == {"seat": 1, "bot": "random"}
        assert client.post(f"/api/rooms/{room}/start", headers=bearer(host)).json() == {"version": 0}
        assert error(client.post(f"/api/rooms/{room}/start", headers=bearer(host))) == (409, "room/started")

    def test_host_actions_need_the_host_token(self, client: Http) -> None:
        created = create(client, autostart=False)
        room = created["room"]
        seat_token = claim(client, room).json()["token"]
        for response in (
            client.post(f"/api/rooms/{room}/start", headers=bearer(seat_token)),
            client.post(f"/api/rooms/{room}/seats/1/bot", json={}, headers=bearer("x" * 43)),
            client.delete(f"/api/rooms/{room}/seats/0"),
        ):
            assert error(response) == (401, "auth/bad_token")

    def test_the_host_removes_a_player_before_the_start(self, client: Http) -> None:
        created = create(client, autostart=False)
        room, host = created["room"], created["host_token"]
        claim(client, room)
        assert client.delete(f"/api/rooms/{room}/seats/0", headers=bearer(host)).json() == {"seat": 0}
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["taken"] is False

    def test_an_unknown_bot_policy_is_refused(self, client: Http) -> None:
        created = create(client)
        response = client.post(
            f"/api/rooms/{created['room']}/seats/0/bot",
            json={"policy": "genius"},
            headers=bearer(created["host_token"]),
        )
        assert error(response) == (400, "request/invalid")


class TestListing:
    def test_rooms_filter_by_game_and_status(self, client: Http) -> None:
        open_room = create(client)["room"]
        running = create(client)["room"]
        claim(client, running)
        claim(client, running)
        listed = client.get("/api/rooms", params={"game": "fixture-hands", "status": "open"}).json()
        assert open_room in {r["room"] for r in listed} and running not in {r["room"] for r in listed}
        assert {r["status"] for r in listed} == {"open"}
        assert client.get("/api/rooms", params={"game": "gregs"}).json() == []

    def test_the_public_log_has_what_a_spectator_sees(self, client: Http) -> None:
        created = create(client, autostart=False)
        room, host = created["room"], created["host_token"]
        client.post(f"/api/rooms/{room}/seats/0/bot", json={}, headers=bearer(host))
        client.post(f"/api/rooms/{room}/seats/1/bot", json={}, headers=bearer(host))
        client.post(f"/api/rooms/{room}/start", headers=bearer(host))
        for _ in range(500):  # the server's scheduler plays both bots to the end
            info = client.get(f"/api/rooms/{room}").json()
            if info["status"] == "finished":
                break
            time.sleep(0.01)
        log = client.get(f"/api/rooms/{room}/log").json()
        assert info["status"] == "finished"
        # a draw is told to the drawer (HND-4), not public; face down to everyone but the drawer, which
        # a spectator sees
        assert {line["body"]["kind"] for line in log} == {"played", "drew_face_down"}
        assert all(set(line["body"]) == {"kind", "seat"} for line in log if line["body"]["kind"] != "played")
        versions = [line["version"] for line in log]
        assert versions == sorted(set(versions)) and versions[-1] == info["version"]


def test_unknown_paths_and_methods_answer_json_errors_like_every_other(client: Http) -> None:
    missing = client.get("/api/nope")
    assert (missing.status_code, missing.json()) == (
        404,
        {"code": "request/not_found", "message": "Not Found"},
    )
    wrong = client.put("/api/rooms")
    assert (wrong.status_code, wrong.json()) == (
        405,
        {"code": "request/method_not_allowed", "message": "Method Not Allowed"},
    )
    assert sorted(wrong.headers["allow"].split(", ")) == ["GET", "HEAD", "POST"]


def test_a_seat_in_a_path_is_a_plain_number(client: Http) -> None:
    room = create(client)["room"]
    for odd in ("01", "+1", "1_0", " 1"):
        answer = client.post(f"/api/rooms/{room}/seats/{odd}/claim", json={})
        assert (answer.status_code, answer.json()["code"]) == (404, "seat/not_found"), odd
    assert client.post(f"/api/rooms/{room}/seats/1/claim", json={}).json()["seat"] == 1


def test_a_null_name_is_no_name_as_an_absent_one(client: Http) -> None:
    room = create(client)["room"]
    assert client.post(f"/api/rooms/{room}/seats/0/claim", json={"name": None}).status_code == 200
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] is None


def test_an_unknown_room_is_not_echoed_in_full(client: Http) -> None:
    answer = client.get("/api/rooms/" + "x" * 8000)
    assert (answer.status_code, answer.json()["code"]) == (404, "room/not_found")
    assert answer.json()["message"] == "no room '" + "x" * 64 + "…'"


def test_a_browser_on_another_origin_may_call_the_api_with_a_bearer_token(client: Http) -> None:
    """CORS: the preflight of a claim allows the method and the Authorization header; the answer to the
    request itself names the origin (any origin while ``--origin`` is unset)."""
    origin = {"Origin": "https://table.example"}
    room = create(client)["room"]
    preflight = client.options(
        f"/api/rooms/{room}/seats/0/claim",
        headers={
            **origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "*"
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
    claimed = client.post(f"/api/rooms/{room}/seats/0/claim", json={}, headers=origin)
    assert claimed.status_code == 200
    assert claimed.headers["access-control-allow-origin"] == "*"


def test_cors_allows_only_the_configured_origins() -> None:
    settings = Settings(origins=["https://table.example"])
    with running_server(settings, games=GAMES) as server, httpx.Client(base_url=server.url) as http:
        allowed = http.get("/api/games", headers={"Origin": "https://table.example"})
        other = http.get("/api/games", headers={"Origin": "https://evil.example"})
        preflight = http.options(
            "/api/rooms",
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        )
    assert allowed.headers["access-control-allow-origin"] == "https://table.example"
    assert (other.status_code, other.json()["code"]) == (403, "request/origin")
    assert (preflight.status_code, preflight.headers["content-type"]) == (403, "application/json")
    assert preflight.json() == {"code": "request/origin", "message": "this Origin may not use the API"}


def test_a_preflight_asking_for_a_method_not_allowed_is_a_json_error(client: Http) -> None:
    preflight = client.options(
        "/api/rooms", headers={"Origin": "https://any.example", "Access-Control-Request-Method": "PATCH"}
    )
    assert (preflight.status_code, preflight.json()) == (
        400,
        {"code": "request/invalid", "message": "Disallowed CORS method"},
    )


def test_a_form_post_from_another_origin_changes_nothing_when_origins_are_set() -> None:
    """A simple request (no preflight) from a page of another site is refused, not merely unreadable;
    a client without an Origin header (not a browser) is served."""
    settings = Settings(origins=["https://table.example"])
    body = '{"game": "fixture-hands", "seats": 2}'
    with running_server(settings, games=GAMES) as server, httpx.Client(base_url=server.url) as http:
        forged = http.post(
            "/api/rooms",
            content=body,
            headers={"Origin": "https://evil.example", "Content-Type": "text/plain"},
        )
        listed = http.get("/api/rooms").json()
        direct = http.post("/api/rooms", content=body)
        probe = http.get("/healthz", headers={"Origin": "https://evil.example"})
    assert (forged.status_code, forged.json()["code"], listed) == (403, "request/origin", [])
    assert (direct.status_code, probe.status_code) == (201, 200)


def test_unknown_fields_of_a_claim_or_a_bot_and_a_trailing_slash_are_refused(client: Http) -> None:
    room = create(client, autostart=False)["room"]
    claim = client.post(f"/api/rooms/{room}/seats/0/claim", json={"name": "x", "extra": 1})
    assert (claim.status_code, claim.json()["code"]) == (400, "request/invalid")
    assert "extra" in claim.json()["message"]
    assert client.get(f"/api/rooms/{room}").json()["seats"][0]["taken"] is False
    assert client.get("/api/games/").json()["code"] == "request/not_found"


def test_a_bad_option_is_named_by_its_path_in_the_body(client: Http) -> None:
    response = client.post("/api/rooms", json={"game": "gregs", "seats": 3, "options": {"start": -1}})
    assert response.status_code == 400
    assert response.json()["message"].endswith("- at `$.options.start`")
    unknown = client.post("/api/rooms", json={"game": "gregs", "seats": 3, "options": {"bogus": 1}})
    assert unknown.json()["message"] == "Object contains unknown field `bogus` - at `$.options`"


def test_an_unknown_nested_option_is_refused_with_its_path_and_creates_no_room(client: Http) -> None:
    before = len(client.get("/api/rooms?game=fixture-meld").json())
    body = {"game": "fixture-meld", "seats": 2, "options": {"groups": {"runs": True, "bogus": 1}}}
    response = client.post("/api/rooms", json=body)
    assert (response.status_code, response.json()["code"]) == (400, "request/invalid")
    assert response.json()["message"] == "Object contains unknown field `bogus` - at `$.options.groups`"
    assert len(client.get("/api/rooms?game=fixture-meld").json()) == before


def test_the_room_list_comes_in_pages_ordered_by_id_with_a_link_to_the_next() -> None:
    with running_server(games=GAMES) as server, httpx.Client(base_url=server.url) as http:
        made = sorted(
            http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2}).json()["room"]
            for _ in range(5)
        )
        pages: list[list[str]] = []
        url: str | None = "/api/rooms?game=fixture-hands&limit=2"
        while url is not None:
            response = http.get(url)
            pages.append([room["room"] for room in response.json()])
            url = response.links.get("next", {}).get("url")
        assert pages == [made[0:2], made[2:4], made[4:5]]
        assert http.get(f"/api/rooms?after={made[-1]}").json() == []
        for bad in ("0", "1001", "x", "01"):
            refused = http.get(f"/api/rooms?limit={bad}")
            assert (refused.status_code, refused.json()["code"]) == (400, "request/invalid")
