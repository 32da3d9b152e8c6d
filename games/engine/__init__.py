"""The engine: one plugin protocol for every game (see DESIGN.md, "The engine").

Re-exports the names a game module needs.
"""

from games.engine.bots import random_policy
from games.engine.data import PROVENANCES, DataError, DataTable, Provenance, load_rows, parse_rows
from games.engine.errors import CODES, IllegalAction, declare
from games.engine.match import LogEntry, Match
from games.engine.model import (
    EVERYONE,
    Audience,
    Ctx,
    Event,
    Outcome,
    Prompt,
    Seat,
    Timeout,
    all_but,
    encode_args,
    only,
)
from games.engine.plugin import Game, Policy, check, kind_of, step
from games.engine.rng import Rng

__all__ = [
    "CODES",
    "EVERYONE",
    "PROVENANCES",
    "Audience",
    "Ctx",
    "DataError",
    "DataTable",
    "Event",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Match",
    "Outcome",
    "Policy",
    "Prompt",
    "Provenance",
    "Rng",
    "Seat",
    "Timeout",
    "all_but",
    "check",
    "declare",
    "encode_args",
    "kind_of",
    "load_rows",
    "only",
    "parse_rows",
    "random_policy",
    "step",
]
