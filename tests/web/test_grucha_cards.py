"""The browser's reading of Grucha groups (app/renderers/grucha-cards.js) agrees with the game's
(games/grucha/melds.py): the same groups are valid, in the same order with the same joker meanings, and
every meaning the page offers for a joker is one the game accepts."""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from games.grucha.melds import MeldError, read
from tests.web.conftest import WEB

SCRIPT = """
import { jokerMeanings, laidOut } from "./app/renderers/grucha-cards.js";
const groups = JSON.parse(await new Promise((done) => {
  let text = ""; process.stdin.on("data", (c) => (text += c)); process.stdin.on("end", () => done(text));
}));
console.log(JSON.stringify(groups.map((cards) => {
  const shown = laidOut(cards);
  const offered = jokerMeanings(cards);
  const declared = Object.fromEntries(Object.entries(offered).map(([j, names]) =>
    [j, names.map((name) => laidOut(cards, { [j]: name }))]));
  return { shown, offered, declared };
})));
"""


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
JOKERS = ["JK-a1", "JK-a2", "JK-b1"]


def groups() -> list[list[str]]:
    """Runs (up to 2 jokers, a high or low ace), sets (jokers for missing suits) and broken ones (a
    card swapped for another), from a fixed generator: the same 900 groups every run."""
    rng = random.Random(7)
    found = []
    for index in range(900):
        deck = lambda: rng.choice("ab")  # noqa: E731
        if index % 2:
            size = rng.randint(3, 8)
            start = rng.randint(0, 14 - size)
            suit = rng.choice("SHDC")
            cards = [f"{r}{suit}-{deck()}" for r in RANKS[start : start + size]]
        else:
            rank = rng.choice(RANKS)
            cards = [f"{rank}{s}-{deck()}" for s in rng.sample("SHDC", rng.randint(2, 4))]
        places = rng.sample(range(len(cards)), min(len(cards) - 1, rng.randint(0, 2)))
        for at, joker in zip(places, JOKERS[: len(places)], strict=True):
            cards[at] = joker
        if index % 7 == 0:
            cards[0] = f"{rng.choice(RANKS)}{rng.choice('SHDC')}-{deck()}"
        if len(cards) < 3:
            cards.append(JOKERS[2])
        found.append(list(dict.fromkeys(cards)))
    return found


def test_the_browser_reads_groups_as_the_game_does() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed for the browser modules' tests")
    cases = groups()
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT],
        cwd=WEB,
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = json.loads(done.stdout)
    valid = ambiguous = 0
    for cards, answer in zip(cases, answers, strict=True):
        try:
            meld = read(cards)
        except MeldError:
            assert answer["shown"]["kind"] is None, cards
            continue
        valid += 1
        shown = answer["shown"]
        assert (shown["kind"], shown["cards"], shown["meaning"]) == (meld.kind, list(meld.cards), meld.jokers)
        for joker, names in answer["offered"].items():
            ambiguous += len(names) > 1
            for name, page in zip(names, answer["declared"][joker], strict=True):
                declared = read(cards, {joker: name})
                assert (page["cards"], page["meaning"]) == (list(declared.cards), declared.jokers), cards
    assert valid > 500 and ambiguous > 100  # the sample covers what it claims to
