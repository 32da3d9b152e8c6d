"""Balance measurements of iGranie z Gruzem: seeded games played out by bots (`games.engine.play_out`)
and tallied by how they ended (`games.igranie.endings`).

The balance targets (README "Balance") are stated over these figures: the share of Dream Bank wins
(IGR-23), of games ended by a death (IGR-25) and the median round (IGR-21, 24).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from games.engine import play_out, random_policy
from games.igranie.endings import Ending, ending
from games.igranie.game import GAME

STEP_CAP = 6000
"""Actions after which `measure` gives a game up as ``guarded`` (the coverage's step cap)."""


class Tally(msgspec.Struct):
    """`measure`'s figures over ``games`` games: ``endings`` reason -> games; ``shares`` reason ->
    percent of games (one decimal); ``deaths`` cause -> players killed; ``death_share`` cause ->
    percent of games in which it killed somebody (one decimal); ``rounds`` (mean, median, max), the
    median being the upper one of an even count; ``guarded`` games given up after `STEP_CAP` steps."""

    games: int
    endings: dict[str, int]
    shares: dict[str, float]
    deaths: dict[str, int]
    death_share: dict[str, float]
    rounds: tuple[float, int, int]
    guarded: int


def tally(endings: list[Ending]) -> Tally:
    """The `Tally` of ``endings`` (at least one). Raises ``ValueError`` for none."""
    if not endings:
        raise ValueError("no games")
    n = len(endings)
    reasons = Counter(e.reason for e in endings)
    deaths: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    for e in endings:
        deaths.update(e.deaths)
        games_with.update(e.deaths.keys())
    rounds = sorted(e.rounds for e in endings)
    return Tally(
        n,
        dict(reasons.most_common()),
        {r: round(100 * c / n, 1) for r, c in reasons.most_common()},
        dict(deaths.most_common()),
        {k: round(100 * c / n, 1) for k, c in games_with.most_common()},
        (round(sum(rounds) / n, 1), rounds[n // 2], rounds[-1]),
        reasons["unfinished"],
    )


def measure(
    bots: list[str], games: int, options: dict[str, Any] | None = None, seed: str = "measure"
) -> Tally:
    """Play ``games`` games with `games.engine.play_out`, seat i by the policy named ``bots[i]``
    (``random`` or ``heuristic``), game n seeded ``<seed>/<n>``, each to its end or `STEP_CAP` actions,
    and `tally` them. Raises ``KeyError`` for an unknown bot, ``IllegalAction`` (``options/*``) for bad
    options."""
    table = {"random": random_policy, **GAME.bots()}
    policies = [table[b] for b in bots]
    opts = GAME.options(options)
    played = (play_out(GAME, policies, opts, f"{seed}/{n}".encode(), STEP_CAP) for n in range(games))
    return tally([ending(match.state) for match in played])
