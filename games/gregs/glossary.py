"""Gregs' catalogue rows built from its card data: an action card's name is its motif's and its text
says its value; a rank card's name is its rank (GRE-2, GRE-4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.engine.catalog import Catalog, Row, derive, load_catalog, required_ids
from games.engine.data import Provenance
from games.engine.story import Derived, Story
from games.gregs.actions import Action
from games.gregs.cards import ACTIONS, NAMES, RANKS, ROW_PROVENANCE
from games.gregs.events import EventBody
from games.gregs.model import Options, Phase

#: Every id the catalogue must name (GRE-1…21 among them).
REQUIRED = required_ids(
    Phase,
    Options,
    Action,
    ("finished", "turn_limit"),
    NAMES,
    (f"GRE-{n}" for n in range(1, 22)),
)


def moved_fields(one: str, many: str) -> Derived:
    """A `Moved` event's fields as its sentence tells them (GRE-7), with ``one``/``many`` the language's
    word for one place and several: ``distance`` (places actually moved, ``3 places``), ``wanted`` (the
    places the move asked for), ``up`` (towards the popular right end), ``clipped`` (the end of the track
    stopped it short) and the 1-based places counted from the left, ``from_place`` and ``to_place``."""

    def distance(body: Mapping[str, Any]) -> str:
        places = abs(body["end"] - body["start"])
        return f"{places} {one if places == 1 else many}"

    return {
        "moved": {
            "distance": distance,
            "wanted": lambda b: abs(b["by"]),
            "up": lambda b: b["by"] > 0,
            "clipped": lambda b: abs(b["end"] - b["start"]) != abs(b["by"]),
            "from_place": lambda b: b["start"] + 1,
            "to_place": lambda b: b["end"] + 1,
        }
    }


#: The story's derived fields in English (`moved_fields`); German's are given to the catalogue.
STORY_FIELDS = moved_fields("place", "places")


def motif_of(card_id: str) -> str:
    """``act-plaster-cast-2`` -> ``plaster-cast``."""
    return card_id.removeprefix("act-").rsplit("-", 1)[0]


def rows(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    """A row per action card (``text.action`` with its ``value``) and per rank card (``text.rank``)."""
    for card in ACTIONS.values():
        name = file_rows[f"motif.{motif_of(card.id)}"]
        yield (
            derive(card.id, "card", name, file_rows["text.action"], value=card.value),
            ROW_PROVENANCE[card.id],
        )
    for rank in RANKS:
        yield (
            derive(rank.id, "card", str(rank.rank), file_rows["text.rank"], rank=rank.rank),
            ROW_PROVENANCE[rank.id],
        )


def catalog(story: Story) -> Catalog:
    """Gregs' catalogue in English and German over its English ``story``; raises `DataError`."""
    return load_catalog(
        "gregs",
        "games.gregs.data",
        ("en", "de"),
        story,
        EventBody,
        own_rows=rows,
        required=REQUIRED,
        derived={"de": moved_fields("Stelle", "Stellen")},
    )
