"""iGranie's catalogue rows built from its data files: cards, loops, spaces and characters carry their
own English and Polish names and texts; a Small Loop effect's text adds what it does, from its effect
data (IGR-9, IGR-26), and a character's text names its Abilities (IGR-31…35)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from games.engine.catalog import Catalog, Row, Words, load_catalog, required_ids
from games.engine.data import Provenance
from games.engine.story import Story
from games.igranie import actions, cards, events, model
from games.igranie.board import PAYDAY
from games.igranie.cards import Effect

LANGS = ("en", "pl")

#: Every id the catalogue must name besides the rows built here (IGR-1…37 among them).
REQUIRED = required_ids(
    model.Phase,
    model.Options,
    actions.Action,
    ("finished", "no_survivor"),
    {a for c in cards.CHARACTERS.values() for a in (*c.abilities, c.passive)},
    (f"IGR-{n}" for n in range(1, 38)),
) | {"option.first_player.random", "option.first_player.seat0"}


def _two(name: str, name_pl: str, text: str, text_pl: str) -> dict[str, Words]:
    return {"en": Words(name, text), "pl": Words(name_pl, text_pl)}


def _name(row: Row, lang: str) -> str:
    return (row.words(lang) or row.en).name


def _text(row: Row, lang: str, **fields: object) -> str:
    return (row.words(lang) or row.en).text.format(**fields)


def _effects(effects: list[Effect], lang: str, file_rows: Mapping[str, Row]) -> str:
    """``Money -2, take a Hunger marker``: each effect step in ``lang``, from its ``effect.<op>`` row."""
    return ", ".join(_text(file_rows[f"effect.{e.op}"], lang, n=e.n) for e in effects)


def _loop_effects(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    for fx in cards.LOOP_EFFECTS.values():
        loop = cards.LOOPS[fx.loop]
        words = {}
        for lang, flavour, loop_name in (("en", fx.text, loop.name), ("pl", fx.text_pl, loop.name_pl)):
            said = f"{flavour} {_effects(fx.effects, lang, file_rows)}."
            if fx.turns_into is not None:
                said += " " + _text(file_rows["effect.turns_into"], lang, result=fx.turns_into)
            name = _text(file_rows["effect.entry"], lang, loop=loop_name, result=fx.result)
            words[lang] = Words(name, said)
        yield Row.of(fx.id, "card", words), cards.ROW_PROVENANCE[fx.id]


def _board(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    for loop in cards.LOOPS.values():
        large = loop.entrance == 0
        template = file_rows["text.large_loop" if large else "text.small_loop"]
        words = {}
        for lang, name in (("en", loop.name), ("pl", loop.name_pl)):
            side = cards.LOOPS[loop.side].name if lang == "en" else cards.LOOPS[loop.side].name_pl
            said = _text(template, lang, spaces=loop.spaces, entrance=loop.entrance, side=side)
            words[lang] = Words(name, said)
        yield Row.of(loop.id, "place", words), cards.ROW_PROVENANCE[loop.id]
        for n in range(1, loop.spaces + 1):
            space = f"{loop.id}-{n}"
            if space != PAYDAY:
                told = {lang: Words(f"{w.name} {n}", _space_text(file_rows, lang, loop, n, w.name))
                        for lang, w in words.items()}  # fmt: skip
                yield Row.of(space, "place", told), cards.ROW_PROVENANCE[loop.id]


def _space_text(file_rows: Mapping[str, Row], lang: str, loop: cards.Loop, n: int, name: str) -> str:
    """What a plain space does (IGR-6, 9, 10): where it is, the Event deck a stop there draws from and,
    on a Large Loop's entrance, the Small Loop the next move goes into."""
    side = cards.LOOPS[loop.side]
    deck = side.name if lang == "en" else side.name_pl
    entered = [s for s in cards.LOOPS.values() if s.side == loop.id and s.entrance == n and s.id != loop.id]
    if entered:
        small = entered[0].name if lang == "en" else entered[0].name_pl
        return _text(file_rows["text.entrance"], lang, n=n, loop=name, deck=deck, small=small)
    template = "text.space" if loop.entrance == 0 else "text.small_space"
    return _text(file_rows[template], lang, n=n, loop=name, deck=deck)


def _characters(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    for c in cards.CHARACTERS.values():
        words = {}
        for lang, name in (("en", c.name), ("pl", c.name_pl)):
            abilities = ", ".join(_name(file_rows[a], lang) for a in c.abilities)
            passive, avoids = _name(file_rows[c.passive], lang), cards.LOOPS[c.avoids]
            loop = avoids.name if lang == "en" else avoids.name_pl
            said = _text(file_rows["text.character"], lang, abilities=abilities, passive=passive, avoids=loop)
            words[lang] = Words(name, said)
        yield Row.of(c.id, "character", words), cards.ROW_PROVENANCE[c.id]


def _removable(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    """A choice of the ``removed_cards`` option per copy of an Event or ordinary Resourcefulness card
    (IGR Options): every copy named as its card, so that a form offers one entry per card with how many
    of its copies stay in the box (the copies sharing a name), and its text says how many the deck holds."""
    template = file_rows["text.removed_card"]
    deck = [cards.EVENTS.get(card_id) or cards.RES[card_id] for card_id in (*cards.EVENTS, *cards.ORDINARY)]
    copies = Counter(card.name for card in deck)
    for card in deck:
        words = {}
        for lang, name in (("en", card.name), ("pl", card.name_pl)):
            said = template.words(lang) or template.en
            words[lang] = Words(said.name.format(name=name), said.text.format(copies=copies[card.name]))
        yield Row.of(f"option.removed_cards.{card.id}", "option", words), cards.ROW_PROVENANCE[card.id]


def rows(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    """A row per Work, Chillout and Resourcefulness card (their own names and texts), per copy the
    ``removed_cards`` option may leave out, per Small Loop effect, per loop and space of the board and
    per character."""
    deck: list[cards.EventCard | cards.ResCard] = [*cards.EVENTS.values(), *cards.RES.values()]
    for card in deck:
        words = _two(card.name, card.name_pl, card.text, card.text_pl)
        yield Row.of(card.id, "card", words), cards.ROW_PROVENANCE[card.id]
    yield from _removable(file_rows)
    yield from _loop_effects(file_rows)
    yield from _board(file_rows)
    yield from _characters(file_rows)


def catalog(story: Story) -> Catalog:
    """iGranie's catalogue in English and Polish over its English ``story``; raises `DataError`."""
    return load_catalog(
        "igranie", "games.igranie.data", LANGS, story, events.EventBody, own_rows=rows, required=REQUIRED
    )
