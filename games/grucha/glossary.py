"""Grucha's catalogue rows built from its cards: a card is named as the log names it and its text says
its GRU-13 points; a joker is named and told by ``text.joker``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.engine.catalog import Catalog, Row, derive, load_catalog, required_ids
from games.engine.data import Provenance
from games.engine.story import Story
from games.grucha import actions, events, model
from games.grucha.cards import FACE_NAMES, MAX_JOKERS_PER_DECK, deck, is_joker, name_points, points

#: Every id the catalogue must name besides the cards (GRU-1…15 among them).
REQUIRED = required_ids(
    model.Phase,
    model.Options,
    actions.Action,
    ("rounds", "points", "time"),
    (),
    (f"GRU-{n}" for n in range(1, 16)),
)


def rows(file_rows: Mapping[str, Row], names: Mapping[str, str]) -> Iterable[tuple[Row, Provenance]]:
    """A row per card of two decks with the most jokers an option allows (GRU-1, GRU-13), and one per
    card name, for what a joker stands for."""
    for card in deck(MAX_JOKERS_PER_DECK):
        if is_joker(card):
            row = derive(card, "card", file_rows["text.joker"], points=points(card))
        else:
            row = derive(card, "card", names[card], file_rows["text.card"], points=points(card))
        yield row, "rulebook"
    # the cards by name (``AH``), as the log names what a joker stands for (GRU-6)
    for name in FACE_NAMES:
        yield derive(name, "card", names[name], file_rows["text.card"], points=name_points(name)), "rulebook"


def catalog(story: Story) -> Catalog:
    """Grucha's catalogue in English and Polish over its English ``story`` (whose names name the cards);
    raises `DataError`."""
    return load_catalog(
        "grucha",
        "games.grucha.data",
        ("en", "pl"),
        story,
        events.EventBody,
        own_rows=lambda file_rows: rows(file_rows, story.names),
        required=REQUIRED,
    )
