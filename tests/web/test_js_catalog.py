"""The JS SDK's sentence renderer (``sdk/catalog.js``, ``tell``) tells every event of bot play-outs of
every game, in each of its languages, exactly as the Python renderer tells it from the same served
catalogue (issue 22), with seats told as "seat 2" and named by the caller alike."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import msgspec
import pytest

from games.catalog import shipped
from games.engine.catalog import teller_of
from games.engine.plural import plural
from tests.games.test_story_sentences import TABLES, play

from .conftest import WEB

SCRIPT = """
import { readFileSync } from 'node:fs';
import { tell } from './sdk/catalog.js';
const cases = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const seat = (n) => `<player ${n}>`;
console.log(JSON.stringify(cases.map(({ doc, bodies }) => [
  ...bodies.map((b) => tell(doc, b)),
  ...bodies.map((b) => tell(doc, b, { seat })),
])));
"""


#: Each case's ``body`` told from its ``doc``, seat 0 named "you" and the others "Seat n".
TELL_EACH = """
import { readFileSync } from 'node:fs';
import { tell } from './sdk/catalog.js';
const seat = (n) => (n === 0 ? 'you' : `Seat ${n}`);
const cases = JSON.parse(readFileSync(process.argv[1], 'utf8'));
console.log(JSON.stringify(cases.map(({ doc, body }) => tell(doc, body, { seat }))));
"""


def run_node(node: str, tmp_path: Path, script: str, cases: object, timeout: float = 60) -> Any:
    """What ``script`` (an ES module run in the web client's folder, reading the JSON file named by its
    first argument) prints as JSON, given ``cases``."""
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, str(path)],
        cwd=WEB,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_issue_22_the_js_sdk_tells_every_event_as_the_python_sdk_does(
    node: str, game_id: str, tmp_path: Path
) -> None:
    game = shipped()[game_id]
    seats, options = TABLES[game_id][0]
    bodies = play(game, seats, options, b"catalog-js")
    cases, expected = [], []
    for lang in game.catalog.languages:
        doc = msgspec.to_builtins(game.catalog.doc(lang))
        teller = teller_of(game.catalog.doc(lang))
        cases.append({"doc": doc, "bodies": bodies})
        # a row naming a derived field is told by its plain sentence in both; where the story tells
        # nothing, Python writes the generic line and JS answers null
        lines = [teller.describe(b) for b in bodies]
        lines += [teller.describe(b, lambda n: f"<player {n}>") for b in bodies]
        expected.append(
            [
                None if line.startswith(f"{b['kind']}: ") else line
                for b, line in zip(bodies + bodies, lines, strict=True)
            ]
        )
    told = run_node(node, tmp_path, SCRIPT, cases, timeout=120)
    for lang, mine, theirs in zip(game.catalog.languages, told, expected, strict=True):
        diff = [(b, m, t) for b, m, t in zip(bodies + bodies, mine, theirs, strict=True) if m != t]
        assert diff == [], (lang, diff[:3])
        assert sum(line is not None for line in mine) > len(bodies) // 2


def test_inf_12_an_option_s_label_says_its_price_and_effects_from_the_catalogue(
    node: str, tmp_path: Path
) -> None:
    """Infarkt's choices of an option (A, B, rest_A) read as the catalogue's action names and figures, in
    the page's language, not as "Option A" (issue 22)."""
    game = shipped()["infarkt"]
    assert game.catalog is not None
    docs = {lang: msgspec.to_builtins(game.catalog.doc(lang)) for lang in ("en", "cs")}
    script = """
    import { readFileSync } from 'node:fs';
    import { useChrome } from './app/i18n.js';
    import infarkt from './app/renderers/infarkt.js';
    const docs = JSON.parse(readFileSync(process.argv[1], 'utf8'));
    const chrome = JSON.parse(readFileSync('./app/chrome.json', 'utf8'));
    const ctx = (lang, place) => ({ catalog: docs[lang], view: { decision: { place } } });
    const told = (lang, kind, choice, place) => {
      useChrome(chrome, lang);
      return infarkt.label(kind, choice, ctx(lang, place));
    };
    console.log(JSON.stringify([
      told('en', 'choose', { value: 'A' }, 'gym'),
      told('en', 'choose', { value: 'rest_A' }, 'home'),
      told('cs', 'choose', { value: 'C' }, 'supermarket'),
      told('cs', 'medicine', { card: 'medicine-statins-1' }, ''),
    ]));
    """
    assert run_node(node, tmp_path, script, docs) == [
        "Do Gym A (pay 1, obesity -1, depression -1)",
        "Do Home: rest (depression -1) + Home A: cook (goods used: 2)",
        "Proveď: Supermarket C: nákupní horečka (zaplať 2, prohlédni 3, 2 si nech, tlak +1)",
        "Použij Statiny (cholesterol -3)",
    ]


#: game ends (IGR-23…25, INF-17) and their sentences in English with seat 0 the viewer: each outcome
#: worded, never dumped as fields ("ranks [1, 1, 1], winners []")
ENDS = [
    (
        "igranie",
        {"ranks": [1, 1, 1], "winners": [], "reason": "no_survivor"},
        "game over: nobody is left alive, nobody won",
    ),
    (
        "igranie",
        {"ranks": [2, 1, 3], "winners": [1], "reason": "dream_bank"},
        "game over, a full Dream Bank: Seat 1 won",
    ),
    (
        "igranie",
        {"ranks": [1, 1, 3], "winners": [0, 1], "reason": "round_24"},
        "game over after round 24: you and Seat 1 won",
    ),
    (
        "infarkt",
        {"ranks": [1, 1], "winners": [], "reason": "no_survivor", "guard": False},
        "game over: nobody survived",
    ),
    (
        "infarkt",
        {"ranks": [2, 1], "winners": [1], "reason": "finished", "guard": False},
        "game over: Seat 1 won",
    ),
]


def test_igr_23_and_inf_17_a_game_nobody_won_ends_in_a_sentence_not_in_its_fields(
    node: str, tmp_path: Path
) -> None:
    cases = [
        {"doc": msgspec.to_builtins(shipped()[game].catalog.doc("en")), "body": {"kind": "game_end", **body}}
        for game, body, _ in ENDS
    ]
    assert run_node(node, tmp_path, TELL_EACH, cases) == [sentence for _, _, sentence in ENDS]


def test_a_plural_condition_tells_counts_in_js_as_in_python_by_intl_plural_rules(
    node: str, tmp_path: Path
) -> None:
    """A story row's ``plural`` condition in the JS SDK (``Intl.PluralRules`` of the served language)
    picks the row the Python renderer picks (CLDR's rules written out, `games.engine.plural`): every
    count 0-230 in each language, and Grucha's Polish deal told alike for 1, 2, 5, 22 and 82 cards
    (Infarkt's Czech face-down move names piles only the game derives, so JS leaves it to the caller)."""
    grucha = shipped()["grucha"]
    assert grucha.catalog is not None
    counts = list(range(231))
    deal = [
        {"kind": "round_started", "round": 1, "dealer": 1, "first": 0, "stock": n} for n in (1, 2, 5, 22, 82)
    ]
    cases = {
        "pl": msgspec.to_builtins(grucha.catalog.doc("pl")),
        "deal": deal,
        "counts": counts,
    }
    script = """
    import { readFileSync } from 'node:fs';
    import { tell } from './sdk/catalog.js';
    const c = JSON.parse(readFileSync(process.argv[1], 'utf8'));
    const categories = Object.fromEntries(['en', 'pl', 'cs', 'de'].map((lang) => {
      const rules = new Intl.PluralRules(lang);
      return [lang, c.counts.map((n) => rules.select(n))];
    }));
    console.log(JSON.stringify({
      categories,
      deal: c.deal.map((b) => tell(c.pl, b)),
    }));
    """
    told = run_node(node, tmp_path, script, cases)
    python = {lang: [plural(lang, n) for n in counts] for lang in ("en", "pl", "cs", "de")}
    assert told["categories"] == python
    assert told["deal"] == [
        "runda 1: rozdaje miejsce 1, w decku 1 karta, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 2 karty, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 5 kart, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 22 karty, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 82 karty, zaczyna miejsce 0",
    ]


_BACK = {"kind": "moved", "seat": 1, "by": -3, "start": 1, "end": 0}
_OPTION = {"kind": "chosen", "seat": 1, "step": "option", "value": "A", "place": "gym"}

#: events whose story rows name fields only the server derives, and the plain sentences the SDK tells
#: from the served catalogue instead (seat 0 named "you", the others "Seat n")
PLAIN = [
    ("gregs", "en", _BACK, "Seat 1 fell back by 3 on the popularity track, or to its left end if nearer"),
    (
        "gregs",
        "de",
        _BACK,
        "Seat 1 fällt auf der Beliebtheitsleiste um 3 zurück, oder bis an ihr linkes Ende, wenn es näher ist",
    ),
    (
        "gregs",
        "en",
        _BACK | {"seat": 0, "by": 2, "end": 3},
        "you rose by 2 on the popularity track, or to its right end if nearer",
    ),
    (
        "gregs",
        "de",
        _BACK | {"by": 4, "end": 5},
        "Seat 1 rückt auf der Beliebtheitsleiste um 4 vor, oder bis an ihr rechtes Ende, wenn es näher ist",
    ),
    (
        "gregs",
        "en",
        _BACK | {"start": 0},
        "Seat 1 could not fall back on the popularity track: already at its left end",
    ),
    ("gregs", "en", _BACK | {"by": 0, "end": 1}, "Seat 1 stayed in place"),
    ("infarkt", "en", _OPTION, "Seat 1 took action A at Gym"),
    ("infarkt", "cs", _OPTION, "Seat 1 vybralo akci A: Posilovna"),
    (
        "infarkt",
        "en",
        _OPTION | {"value": "B", "place": "supermarket"},
        "Seat 1 took action B at Supermarket",
    ),
]


def test_gre_7_and_inf_9_the_js_sdk_tells_a_row_naming_derived_fields_by_its_plain_sentence(
    node: str, tmp_path: Path
) -> None:
    """A move on Gregs' popularity track and an Infarkt option taken at a place, told in English and the
    game's language from the served catalogue alone, not as "moved: seat=1 by=-3 start=1 end=0"."""
    cases = [
        {"doc": msgspec.to_builtins(shipped()[game].catalog.doc(lang)), "body": body}
        for game, lang, body, _ in PLAIN
    ]
    assert run_node(node, tmp_path, TELL_EACH, cases) == [sentence for _, _, _, sentence in PLAIN]
