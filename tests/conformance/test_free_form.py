"""The suite on a game whose action is free-form (`fixture-meld` submits its whole new table): the probes
hide cards and mistype fields inside the nested payload, echoes are excused at any depth, another seat's
free-form pick is judged in the re-dealt world, and the leaking variant fails; hidden-card probes pick
their ids at random from the run's seed."""

from __future__ import annotations

from typing import Any

from clients.conformance import STEP_CHECKS, Config, Finding, StepContext, play_out, playout_seed
from clients.conformance.playout import policy_of
from clients.conformance.probes import attempt, for_seat, named_ids
from games.engine import Match, Prompt, Rng, random_policy
from games.fixtures import hands, leaky, meld

EVERY_STEP = Config(interference_every=1, max_findings=50)


def meld_runs(game: Any, count: int, config: Config = EVERY_STEP) -> list[Any]:
    return [play_out(game, 2 + i % 3, playout_seed(3, "meld", i), None, config) for i in range(count)]


class Recorder:
    """A step check that keeps the refused probes' frames of every step (after `check_probes`)."""

    def __init__(self) -> None:
        self.frames: list[tuple[int, int | None, Any]] = []

    def __call__(self, ctx: StepContext) -> list[Finding]:
        for viewer, frames in ctx.refusals.items():
            self.frames += [(ctx.match.version, viewer, f) for f in frames]
        return []


class TestCorrectFreeFormGamePasses:
    def test_fixture_meld_passes_both_leak_checks_at_every_step_in_20_play_outs(self) -> None:
        results = meld_runs(meld.GAME, 20)
        assert [str(f) for r in results for f in r.findings] == []
        assert sum(r.steps for r in results) > 20 * 10

    def test_the_hidden_card_probe_puts_hidden_cards_inside_the_nested_payload(self) -> None:
        recorder = Recorder()
        play_out(meld.GAME, 3, playout_seed(3, "meld", 0), None, EVERY_STEP, [*STEP_CHECKS, recorder])
        nested = [f for _, _, f in recorder.frames if f.name == "error:hidden_choice"]
        assert nested
        assert {f.tree["code"] for f in nested} == {"meld/not_yours"}
        assert {f.tree["message"] for f in nested} == {"that card is neither in your hand nor on the table"}

    def test_the_play_out_acts_by_the_games_own_random_bot(self) -> None:
        assert policy_of(meld.GAME) is meld.random_bot
        assert policy_of(hands.GAME) is random_policy


class TestLeakyFreeFormGameFails:
    def test_leak4_non_interference_catches_a_refusal_that_says_whose_hand_holds_the_card(self) -> None:
        config = Config(leak_scan=False, interference_every=1, max_findings=50)
        found = [f for r in meld_runs(leaky.MELD, 3, config) for f in r.findings]
        assert found
        assert {(f.check, f.where) for f in found} == {("interference", "error:hidden_choice/message")}
        assert all(" is in " in f.value and f.value != f.other for f in found)

    def test_leak4_passes_the_scan_alone_the_refusal_names_only_the_card_the_seat_sent(self) -> None:
        assert [f for r in meld_runs(leaky.MELD, 3, Config(interference_every=0)) for f in r.findings] == []


class TestProbesOfAFreeFormKind:
    def setup_method(self) -> None:
        self.match = Match(meld.GAME, 3, meld.GAME.options(), b"probe-seed")
        self.prompt: Prompt = meld.GAME.prompts(self.match.state)[0]
        self.examples = meld.GAME.examples(self.match.state, 0)

    def probes(self, hidden: list[str]) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {}
        rng = Rng(b"probe-seed", "picks")
        for probe in for_seat(0, self.prompt, "action/no_prompt", {}, hidden, self.examples, rng):
            found.setdefault(probe.name, []).append(probe.action)
        return found

    def test_submit_is_free_form_and_draw_is_finite(self) -> None:
        assert self.prompt.kinds == ["submit", "draw", "pass"]
        assert self.prompt.choices == {"draw": [{}], "pass": []}

    def test_a_mistyped_leaf_deep_in_the_payload_is_refused_as_malformed_with_its_path(self) -> None:
        [mistyped] = self.probes([])["mistyped"]
        refusal = attempt(meld.GAME, self.match.state, 0, mistyped, self.match.seed, 0).refusal
        assert refusal is not None and refusal.code == "action/malformed"
        assert refusal.message.startswith("Expected `str`, got `object` - at `$.groups[")

    def test_each_hidden_id_replaces_a_card_inside_a_group(self) -> None:
        hidden = sorted(meld.GAME.hidden(self.match.state, 0))[:2]
        probes = self.probes(hidden)["hidden_choice"]
        assert [{c for g in p["groups"] for c in g["cards"]} & set(hidden) for p in probes] == [
            {hidden[0]},
            {hidden[1]},
        ]
        for probe in probes:
            refusal = attempt(meld.GAME, self.match.state, 0, probe, self.match.seed, 0).refusal
            assert refusal is not None and refusal.code == "meld/not_yours"

    def test_the_strings_a_probe_sent_are_found_at_any_depth(self) -> None:
        action = {"kind": "submit", "groups": [{"cards": ["H3", "S3"]}, {"cards": ["D1"]}]}
        assert named_ids(action) == {"submit", "H3", "S3", "D1"}


class TestHiddenIdsPickedAtRandom:
    SEED = playout_seed(0, "random-ids", 0)

    def probed(self) -> list[tuple[int, int | None, frozenset[str]]]:
        """(version, seat, ids) of every hidden-choice probe of a `fixture-hands` play-out."""
        recorder = Recorder()
        play_out(hands.GAME, 3, self.SEED, None, Config(interference_every=0), [*STEP_CHECKS, recorder])
        return [(v, s, f.echo - {"play"}) for v, s, f in recorder.frames if f.name == "error:hidden_choice"]

    def test_the_probed_ids_are_hidden_from_the_seat_and_mostly_not_the_two_smallest(self) -> None:
        game = hands.GAME
        log = play_out(game, 3, self.SEED, None, Config(interference_every=0)).log
        probed, smallest = self.probed(), 0
        for version, seat, ids in probed:
            hidden = game.hidden(Match.replay(game, 3, game.options(), self.SEED, log[:version]).state, seat)
            assert len(ids) == 1 and ids <= hidden
            smallest += ids <= set(sorted(hidden)[:2])
        assert len(probed) > 20
        assert smallest < len(probed) // 2

    def test_the_same_seed_probes_the_same_ids(self) -> None:
        assert self.probed() == self.probed()
