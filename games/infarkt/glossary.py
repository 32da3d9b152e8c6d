"""Infarkt's catalogue rows built from its data files: cards and places are named by them (the
rulebook's Czech names and their English ones); a card's and an action's figures (cost, money, cards,
health changes) are told from its data, after the words the catalogue file gives (INF-3, INF-11…26)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, get_args

from games.engine.catalog import Catalog, Row, Words, load_catalog, required_ids
from games.engine.data import Provenance
from games.engine.story import Derived, Story
from games.infarkt import actions, cards, events, model
from games.infarkt.cards import TRACKS

LANGS = ("en", "cs")
#: The places the ``expansions`` option chooses from (INF-22…26).
EXPANSIONS = frozenset(get_args(model.Expansion))

#: Every id the catalogue must name besides the rows built here (INF-1…28 among them).
REQUIRED = required_ids(
    model.Phase,
    model.Options,
    actions.Action,
    ("finished", "no_survivor", "round_limit"),
    (*TRACKS, *(f"action.{a.id}" for a in cards.ACTIONS.values())),
    (f"INF-{n}" for n in range(1, 29)),
)


#: Card and place ids by their English names in the log, and a place's options as the log names them.
NAMES = {
    **{c.id: c.name_en for c in cards.CARDS.values()},
    **{p.id: p.name_en for p in cards.PLACES.values()},
    # a place's option as the log names it: "Supermarket B", "Home rest", "Market refresh"
    **{
        a.id: f"{cards.PLACES[a.place].name_en} {a.option}".strip()
        for a in cards.ACTIONS.values()
        if a.id not in cards.PLACES
    },
}


def _health(body: Mapping[str, Any]) -> str:
    """``depression +1, cancer -2``: the tracks a `Changed` moved, in `TRACKS` order."""
    return ", ".join(f"{TRACKS[i]} {d:+d}" for i, d in enumerate(body["deltas"]) if d)


def _placements(body: Mapping[str, Any]) -> str:
    """``seat 0: Work, Home; seat 1: Gym``: a `Placed` event's places by seat."""
    placed = sorted(body["placements"].items(), key=lambda item: int(item[0]))
    return "; ".join(f"seat {s}: " + ", ".join(NAMES.get(p, p) for p in places) for s, places in placed)


def _action_ids(place: str, value: str) -> list[str] | None:
    """The action ids a `Chosen` option names (``gym``, ``A``: ``gym-a``; ``home``, ``rest_A``:
    ``home-rest`` then ``home-a``; a place's own action, Work's ``work`` or the black market's ``buy``,
    is the place's), or ``None`` when ``value`` is no action of ``place`` (``none``)."""
    at = place.replace("_", "-")
    ids = [at if v in (place, "buy") else f"{at}-{v.lower()}" for v in value.split("_")]
    known = {a.id for a in cards.ACTIONS.values()}
    return ids if place and all(i in known for i in ids) else None


#: The catalogue file's rows, kept when the catalogue loads (at import), for the plain story's words.
_FILE_ROWS: dict[str, Row] = {}


def _counted(file_rows: Mapping[str, Row], action_id: str) -> Row:
    """The words for what an action's ``cards`` count (``part.cards.<action>``: goods bought, a swap of
    1 for 1, 3 looked at and 2 kept), else the bare ``part.cards``."""
    return file_rows.get(f"part.cards.{action_id}") or file_rows["part.cards"]


def _plain_figures(action_id: str) -> str:
    """``pay 1, obesity -1, depression -1``: an action's price and effects in the log's plain words."""
    act = next(a for a in cards.ACTIONS.values() if a.id == action_id)
    parts = [f"pay {act.cost}"] if act.cost else []
    parts += [f"money {act.money:+d}"] if act.money else []
    parts += [_counted(_FILE_ROWS, act.id).en.text.format(n=act.cards)] if act.cards else []
    parts += [f"{t} {act.effects[t]:+d}" for t in TRACKS if act.effects.get(t)]
    return ", ".join(parts) or "no effect on health"


def _deed(body: Mapping[str, Any]) -> str:
    """``Gym A (pay 1, obesity -1, depression -1)``: the action a `Chosen` option took, with its price
    and effects (INF-9), joined by ``+`` for Home's rest and then A or B."""
    ids = _action_ids(str(body.get("place", "")), str(body["value"]))
    if ids is None:
        return str(body["value"])
    return " + ".join(f"{NAMES.get(i, i)} ({_plain_figures(i)})" for i in ids)


def _void(body: Mapping[str, Any]) -> str:
    """``obesity -1 had no effect: obesity is already at 0 (INF-1)``: a `Changed` event's lost parts."""
    lost = body.get("lost") or []
    parts = [
        f"{TRACKS[t]} {n:+d} had no effect: {TRACKS[t]} is already at {0 if n < 0 else cards.GRAVE} (INF-1)"
        for t, n in enumerate(lost)
        if n
    ]
    if body.get("money_lost"):
        parts.append(f"money {body['money_lost']:+d} had no effect: no money left to pay it")
    return "; ".join(parts)


def _why(body: Mapping[str, Any]) -> str:
    """``INF-18: cholesterol 7 or more: pressure +1``: the worsening rows behind a `Changed` event."""
    rows = {r.id: r for r in cards.WORSENING}
    said = [
        f"{r.track} {r.threshold} or more: {r.target} {r.amount:+d}"
        for c in body.get("causes") or []
        if (r := rows.get(c))
    ]
    return "INF-18: " + "; ".join(said) if said else ""


def _where(pile: str) -> str:
    """A `Moved` event's end: ``hand:2`` is seat 2's hand; a place or pile by its name."""
    return f"seat {pile[5:]}'s hand" if pile.startswith("hand:") else NAMES.get(pile, pile)


#: The story's derived fields: health changes by track, places by seat, a move's ends by name.
STORY_FIELDS = {
    "changed": {"health": _health, "void": _void, "why": _why},
    "chosen": {"deed": _deed},
    "placed": {"figures": _placements},
    "moved": {"origin": lambda b: _where(b["source"]), "destination": lambda b: _where(b["target"])},
}


def _say(row: Row, lang: str, **fields: object) -> str:
    return (row.words(lang) or row.en).text.format(**fields)


def _figures(
    file_rows: Mapping[str, Row],
    lang: str,
    effects: Mapping[Any, int],
    cost: int = 0,
    money: int = 0,
    n: int = 0,
    action: str = "",
) -> str:
    """``pay 2, look at 3, keep 2, blood pressure +1``: the figures of a card or ``action`` in ``lang``."""
    parts = [_say(file_rows["part.cost"], lang, n=cost)] if cost else []
    parts += [_say(file_rows["part.money"], lang, n=money)] if money else []
    parts += [_say(_counted(file_rows, action), lang, n=n)] if n else []
    for track in TRACKS:
        if effects.get(track):
            name = (file_rows[track].words(lang) or file_rows[track].en).name
            parts.append(_say(file_rows["part.track"], lang, track=name, n=effects[track]))
    return ", ".join(parts) or _say(file_rows["part.nothing"], lang)


def _worsening_line(file_rows: Mapping[str, Row], lang: str, row: cards.Worsening) -> str:
    """``cholesterol 7 or more: blood pressure +1``: one row of INF-18's table in ``lang``."""
    track, target = ((file_rows[t].words(lang) or file_rows[t].en).name for t in (row.track, row.target))
    return _say(
        file_rows["part.worsening"], lang, track=track, threshold=row.threshold, target=target, n=row.amount
    )


def _cards(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    for card in cards.CARDS.values():
        words = {}
        for lang, name in (("en", card.name_en), ("cs", card.name_cs)):
            # INF-15: a goods card's text opens with its symbol (cook and party need two different ones)
            part = f"symbol.{card.symbol}" if card.kind == "goods" else f"part.{card.kind}"
            said = f"{_say(file_rows[part], lang)}: "
            said += _figures(file_rows, lang, card.effects, money=card.money) + "."
            if card.special:
                said += " " + _say(file_rows[f"special.{card.special}"], lang)
            words[lang] = Words(name, said)
        yield Row.of(card.id, "card", words), cards.ROW_PROVENANCE[card.id]


def rows(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
    """A row per card, per place (named as places.json names it; an expansion's also as the
    ``expansions`` option's choice) and per action of a place, also under the action's own id
    (``gym-a``) that events name as their ``source``."""
    yield from _cards(file_rows)
    for place in cards.PLACES.values():
        given = file_rows[place.id]
        words = {"en": Words(place.name_en, given.en.text), "cs": Words(place.name_cs, _say(given, "cs"))}
        yield Row.of(place.id, "place", words), "rulebook"  # places.json: the rulebook's
        if place.id in EXPANSIONS:  # the room option's choice, named and told as the place (INF-22…26)
            yield Row.of(f"option.expansions.{place.id}", "option", words), "rulebook"
    for row in cards.WORSENING:  # INF-18's table, a row each, as the log and the warnings name them
        said = {}
        for lang in LANGS:
            line = _worsening_line(file_rows, lang, row)
            said[lang] = Words(line, _say(file_rows["part.worsening.text"], lang, rule=line))
        yield Row.of(f"worsening.{row.id}", "term", said), cards.ROW_PROVENANCE[f"worsening:{row.id}"]
    for action in cards.ACTIONS.values():
        given = file_rows[f"action.{action.id}"]
        words = {}
        for lang in LANGS:
            own = given.words(lang) or given.en
            figures = _figures(
                file_rows, lang, action.effects, action.cost, action.money, action.cards, action.id
            )
            words[lang] = Words(own.name, f"{own.text}: {figures}.")
        provenance = cards.ROW_PROVENANCE[f"action:{action.id}"]
        yield Row.of(given.id, "choice", words), provenance
        if action.id not in cards.PLACES:
            yield Row.of(action.id, "choice", words), provenance


def _told(lang: str, words: Mapping[str, Row]) -> Derived:
    """The story's derived fields (tracks moved, figures placed, a move's ends) told in ``lang`` with
    the catalogue's ``words`` (filled while the catalogue loads, read when an event is told)."""

    def name(row_id: str) -> str:
        card, place = cards.CARDS.get(row_id), cards.PLACES.get(row_id)
        if card is not None or place is not None:
            own = card or place
            return str(getattr(own, f"name_{lang}"))
        if row_id in words:
            return (words[row_id].words(lang) or words[row_id].en).name
        pile, _, seat = row_id.partition(":")
        row = words.get(f"pile.{pile}")
        if row is None:
            return row_id
        return _say(row, lang, seat=seat) if seat else (row.words(lang) or row.en).name

    def health(body: Mapping[str, Any]) -> str:
        moved = {TRACKS[i]: d for i, d in enumerate(body["deltas"]) if d}
        return _figures(words, lang, moved) if moved else ""

    def track(t: int) -> str:
        return (words[TRACKS[t]].words(lang) or words[TRACKS[t]].en).name

    def void(body: Mapping[str, Any]) -> str:
        lost = body.get("lost") or []
        parts = [
            _say(
                words["part.lost"],
                lang,
                change=f"{track(t)} {n:+d}",
                track=track(t),
                end=0 if n < 0 else cards.GRAVE,
            )
            for t, n in enumerate(lost)
            if n
        ]
        if body.get("money_lost"):  # money never goes below 0: the unpaid part of a price
            change = _say(words["part.money"], lang, n=body["money_lost"])
            parts.append(_say(words["part.lost_money"], lang, change=change))
        return "; ".join(parts)

    def why(body: Mapping[str, Any]) -> str:
        rows = {r.id: r for r in cards.WORSENING}
        said = [_worsening_line(words, lang, rows[c]) for c in body.get("causes") or [] if c in rows]
        return "INF-18: " + "; ".join(said) if said else ""

    def deed(body: Mapping[str, Any]) -> str:
        ids = _action_ids(str(body.get("place", "")), str(body["value"]))
        if ids is None:
            return str(body["value"])
        said = []
        for i in ids:
            row = words[f"action.{i}"]
            act = next(a for a in cards.ACTIONS.values() if a.id == i)
            figures = _figures(words, lang, act.effects, act.cost, act.money, act.cards, act.id)
            said.append(f"{(row.words(lang) or row.en).name} ({figures})")
        return " + ".join(said)

    def figures(body: Mapping[str, Any]) -> str:
        placed = sorted(body["placements"].items(), key=lambda item: int(item[0]))
        row = words["part.figures"]
        return "; ".join(_say(row, lang, seat=s, places=", ".join(map(name, p))) for s, p in placed)

    return {
        "changed": {"health": health, "void": void, "why": why},
        "chosen": {"deed": deed},
        "placed": {"figures": figures},
        "moved": {"origin": lambda b: name(b["source"]), "destination": lambda b: name(b["target"])},
    }


def catalog(story: Story) -> Catalog:
    """Infarkt's catalogue in English and Czech over its English ``story`` (its derived fields told in
    Czech there); raises `DataError`."""
    words: dict[str, Row] = {}

    def own(file_rows: Mapping[str, Row]) -> Iterable[tuple[Row, Provenance]]:
        words.update(file_rows)
        _FILE_ROWS.update(file_rows)
        return rows(file_rows)

    return load_catalog(
        "infarkt",
        "games.infarkt.data",
        LANGS,
        story,
        events.EventBody,
        own_rows=own,
        required=REQUIRED,
        derived={"cs": _told("cs", words)},
    )
