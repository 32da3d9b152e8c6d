"""The engine: one plugin protocol for every game (see DESIGN.md, "The engine").

Re-exports the names a game module needs.
"""

from games.engine.bots import Bot, Thought, random_policy
from games.engine.coverage import Coverage, OptionSet
from games.engine.data import PROVENANCES, DataError, DataTable, Provenance, load_rows, parse_rows
from games.engine.dispatch import handler, require_choice
from games.engine.errors import CODES, IllegalAction, declare
from games.engine.match import LogEntry, Match
from games.engine.model import (
    EVERYONE,
    Audience,
    Ctx,
    Event,
    GameEnded,
    Outcome,
    Prompt,
    Seat,
    TimedOut,
    Timeout,
    all_but,
    encode_args,
    kind_of,
    only,
)
from games.engine.plugin import (
    FreeForm,
    Game,
    Policy,
    SeatRange,
    Stepped,
    advance,
    check,
    free_form_kinds,
    step,
    struct_types,
)
from games.engine.rng import Rng, bot_rng
from games.engine.search import ismcts
from games.engine.seating import first_seat
from games.engine.story import Story, load_story
from games.engine.thinking import bots_of, play_out, think

__all__ = [
    "CODES",
    "EVERYONE",
    "PROVENANCES",
    "Audience",
    "Bot",
    "Coverage",
    "Ctx",
    "DataError",
    "DataTable",
    "Event",
    "FreeForm",
    "Game",
    "GameEnded",
    "IllegalAction",
    "LogEntry",
    "Match",
    "OptionSet",
    "Outcome",
    "Policy",
    "Prompt",
    "Provenance",
    "Rng",
    "Seat",
    "SeatRange",
    "Stepped",
    "Story",
    "Thought",
    "TimedOut",
    "Timeout",
    "advance",
    "all_but",
    "bot_rng",
    "bots_of",
    "check",
    "declare",
    "encode_args",
    "first_seat",
    "free_form_kinds",
    "handler",
    "ismcts",
    "kind_of",
    "load_rows",
    "load_story",
    "only",
    "parse_rows",
    "play_out",
    "random_policy",
    "require_choice",
    "step",
    "struct_types",
    "think",
]
