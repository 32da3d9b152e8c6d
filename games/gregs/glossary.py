"""Gregs' catalogue rows built from its card data: an action card's name is its motif's and its text
says its value; a rank card's name is its rank (GRE-2, GRE-4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.engine.catalog import Catalog, Row, derive, load_catalog, required_ids
from games.engine.data import Provenance
from games.engine.story import Story
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
        "gregs", "games.gregs.data", ("en", "de"), story, EventBody, own_rows=rows, required=REQUIRED
    )
