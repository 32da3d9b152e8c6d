"""The web client's map from refusals to rules (``app/rulerefs.js``) names only codes the games declare,
reasons Grucha gives and rules the catalogues have, so a renumbered rule or a renamed code cannot leave
the page linking nowhere; and its answers for refusals are exact."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from games.catalog import shipped
from games.engine.errors import CODES
from games.grucha.melds import REASONS
from games.igranie.abilities import UNCANCELLABLE

from .conftest import WEB

GAMES = shipped()
PREFIX = {"GRE": "gregs", "GRU": "grucha", "IGR": "igranie", "INF": "infarkt"}

SCRIPT = """
import { readFileSync } from 'node:fs';
import { CODE_RULES, GROUP_RULES, UNCANCELLABLE, ruleOfError } from './app/rulerefs.js';
const cases = JSON.parse(readFileSync(0, 'utf8'));
console.log(JSON.stringify({
  CODE_RULES, GROUP_RULES, UNCANCELLABLE,
  answers: cases.map(([error, facts]) => ruleOfError(error, facts)),
}));
"""


def rules_of(game: str) -> list[str]:
    catalog = GAMES[game].catalog
    assert catalog is not None
    return [r.id for r in catalog.doc("en").rules]


def run(node: str, cases: list[Any]) -> dict[str, Any]:
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT],
        cwd=WEB,
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_every_code_reason_and_rule_of_the_map_exists(node: str) -> None:
    found = run(node, [])
    for code, rule in found["CODE_RULES"].items():
        game = PREFIX[rule.split("-")[0]]
        assert code in CODES and code.startswith(f"{game}/"), code
        assert rule in rules_of(game), (code, rule)
    assert set(found["GROUP_RULES"]) <= set(REASONS)
    assert set(found["GROUP_RULES"].values()) <= set(rules_of("grucha"))
    assert set(found["UNCANCELLABLE"]) == set(UNCANCELLABLE)
    assert set(found["UNCANCELLABLE"].values()) <= set(rules_of("igranie"))


def test_a_refusal_names_its_rule_from_its_code_reason_details_or_message(node: str) -> None:
    gregs = {"game": "gregs", "prompt": None, "view": None, "rules": rules_of("gregs")}
    grucha = {**gregs, "game": "grucha", "rules": rules_of("grucha")}
    cases = [
        [{"code": "gregs/holder_needs_three", "details": {"revealed": 1}}, gregs],
        [{"code": "gregs/must_reveal"}, gregs],
        [{"code": "grucha/invalid_group", "details": {"group": 0, "reason": "duplicate_suit"}}, grucha],
        [{"code": "grucha/invalid_group", "details": {"group": 0, "reason": "mixed_cards"}}, grucha],
        [{"code": "grucha/cannot_end", "details": {"reason": "nothing_done"}}, grucha],
        # a code the map lacks: the rule the server's message names, or details.rule
        [{"code": "action/illegal", "message": "not now (GRU-14)"}, grucha],
        [{"code": "action/illegal", "details": {"rule": "GRE-18"}}, gregs],
        # a rule the catalogue lacks links nowhere
        [{"code": "action/illegal", "message": "see GRE-99"}, gregs],
        [{"code": "action/stale_prompt"}, gregs],
        # iGranie's window/no_target is a rule only at an Ability no card cancels
        [{"code": "window/no_target"}, {**gregs, "game": "igranie", "rules": rules_of("igranie")}],
    ]
    assert run(node, cases)["answers"] == [
        "GRE-16",
        "GRE-12",
        "GRU-5",
        "GRU-3",
        "GRU-12",
        "GRU-14",
        "GRE-18",
        None,
        None,
        None,
    ]
