"""The engine: one plugin protocol for every game (see DESIGN.md, "The engine").

Re-exports the names a game module needs.
"""

from games.engine.bots import Bot, Thought, bots_of, random_policy, think
from games.engine.data import DataError, load_rows, parse_rows
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
from games.engine.search import ismcts
from games.engine.story import Story, load_story

__all__ = [
    "CODES",
    "EVERYONE",
    "Audience",
    "Bot",
    "Ctx",
    "DataError",
    "Event",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Match",
    "Outcome",
    "Policy",
    "Prompt",
    "Rng",
    "Seat",
    "Story",
    "Thought",
    "Timeout",
    "all_but",
    "bots_of",
    "check",
    "declare",
    "encode_args",
    "ismcts",
    "kind_of",
    "load_rows",
    "load_story",
    "only",
    "parse_rows",
    "random_policy",
    "step",
    "think",
]
