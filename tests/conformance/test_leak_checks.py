"""Both leak checks pass a game with private hands and catch each deliberate leak of `fixture-leaky`,
naming the leaked id; the frame scan finds the seed in every encoding."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clients.conformance import Config, Finding, Playout, play_out, playout_seed
from clients.conformance.leaks import Frame, Scanner
from games.engine import Match
from games.fixtures import hands, leaky

SCAN_ONLY = Config(interference_every=0, max_findings=50)
INTERFERENCE_ONLY = Config(leak_scan=False, interference_every=1, max_findings=50)


def leaky_run(leak: str, config: Config, seats: int = 3, index: int = 0) -> Playout:
    return play_out(leaky.GAME, seats, playout_seed(0, "leaky", index), {"leak": leak}, config)


def match_at(playout: Playout, version: int) -> Match:
    """The play-out's match at ``version`` (its first ``version`` actions applied)."""
    game = leaky.GAME
    return Match.replay(
        game, playout.seats, game.options(playout.options), playout.seed, playout.log[:version]
    )


def first(findings: list[Finding], check: str) -> Finding:
    return next(f for f in findings if f.check == check)


class TestPrivateHandsPass:
    @pytest.mark.parametrize("seats", [2, 3, 4])
    def test_fixture_hands_passes_both_checks_at_every_step(self, seats: int) -> None:
        config = Config(interference_every=1)
        results = [play_out(hands.GAME, seats, playout_seed(7, "hands", i), None, config) for i in range(12)]
        assert [f for r in results for f in r.findings] == []
        assert all(hands.GAME.outcome(match_state(r)) is not None for r in results)


def match_state(playout: Playout) -> hands.HandsState:
    game = hands.GAME
    return Match.replay(game, playout.seats, game.options(), playout.seed, playout.log).state


class TestLeak1View:
    def test_leak1_the_scan_names_the_decks_top_card_in_every_viewers_view(self) -> None:
        result = leaky_run("view", SCAN_ONLY)
        top = match_at(result, 0).state.deck[0]
        leaks = [f for f in result.findings if f.step == 0]
        assert {(f.check, f.where, f.value) for f in leaks} == {("leak", "view/peek", top)}
        assert sorted(f.viewer for f in leaks if f.viewer is not None) == [0, 1, 2]
        assert any(f.viewer is None for f in leaks)

    def test_leak1_non_interference_names_the_decks_top_card(self) -> None:
        result = leaky_run("view", INTERFERENCE_ONLY)
        finding = first(result.findings, "interference")
        assert finding.step == 0
        assert (finding.where, finding.value) == ("view/peek", match_at(result, 0).state.deck[0])
        assert finding.other != finding.value


class TestLeak2Event:
    def test_leak2_the_scan_names_the_card_another_seat_drew(self) -> None:
        result = leaky_run("event", SCAN_ONLY)
        finding = first(result.findings, "leak")
        drawer = result.log[finding.step - 1].seat
        assert result.log[finding.step - 1].action == {"kind": "draw"}
        assert finding.viewer != drawer
        assert finding.where.endswith("/card")
        assert finding.value == match_at(result, finding.step).state.hands[drawer][-1]

    def test_leak2_non_interference_names_the_card_another_seat_would_draw(self) -> None:
        result = leaky_run("event", INTERFERENCE_ONLY)
        finding = first(result.findings, "interference")
        assert finding.where.endswith("/events/0/card")
        assert finding.value == match_at(result, finding.step).state.deck[0]
        assert finding.other != finding.value


class TestLeak3Error:
    def test_leak3_non_interference_catches_a_refusal_that_says_where_a_card_is(self) -> None:
        result = leaky_run("error", INTERFERENCE_ONLY)
        finding = first(result.findings, "interference")
        assert finding.where == "error:hidden_choice/message"
        assert finding.value != finding.other
        assert {finding.value[:16], finding.other[:16]} == {"that card is in "}

    def test_leak3_the_scan_excuses_ids_the_seat_named_itself(self) -> None:
        result = leaky_run("error", SCAN_ONLY)
        assert result.findings == []


class TestScanner:
    def test_hidden_ids_match_as_whole_tokens_only(self) -> None:
        scanner = Scanner(b"k")
        frame = Frame("event[0]", {"text": ["you drew S5.", "S51", "xS5", "S5-1"]})
        found = scanner.scan(frame, {"S5"})
        assert [(leak.where, leak.needle) for leak in found] == [
            ("event[0]/text/0", "S5"),
            ("event[0]/text/3", "S5"),
        ]

    def test_object_keys_are_scanned(self) -> None:
        found = Scanner(b"k").scan(Frame("view", {"hands": {"H3": 1}}), {"H3"})
        assert [leak.where for leak in found] == ["view/hands/H3"]

    @given(st.binary(min_size=8, max_size=64))
    def test_the_seed_is_found_in_each_of_its_encodings(self, seed: bytes) -> None:
        b64 = base64.b64encode(seed).decode()
        url = base64.urlsafe_b64encode(seed).decode()
        encodings = {
            "latin-1": seed.decode("latin-1"),
            "hex": seed.hex(),
            "HEX": seed.hex().upper(),
            "base64-unpadded": b64.rstrip("="),
            "base64url-unpadded": url.rstrip("="),
        }
        scanner = Scanner(seed)
        for name, text in encodings.items():
            kinds = {leak.kind for leak in scanner.scan(Frame("view", {"note": f"<{text}>"}), set())}
            assert f"seed:{name}" in kinds, name
        ints = scanner.scan(Frame("view", {"bytes": [300, *seed, 300]}), set())
        assert [(leak.where, leak.kind) for leak in ints] == [("view/bytes", "seed:ints")]

    def test_a_frame_without_the_seed_or_hidden_ids_is_clean(self) -> None:
        seed = bytes(range(16))
        frame = Frame("view", {"hand": ["S5"], "deck_size": 3, "note": seed.hex()[:-1]})
        assert Scanner(seed).scan(frame, {"H1", "D4"}) == []
