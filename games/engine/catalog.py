"""A game's catalogue: what every id a player meets is called and does, in each of the game's languages,
with a players' summary of every numbered rule and the story's sentences.

A catalogue file is a data file (`games.engine.data`, usually ``mixed``: every row names its provenance)
whose rows are ``{"id": "phase.reveal", "group": "phase", "en": {"name": "...", "text": "..."},
"de": {...}}``: the entry's id, its `Group`, and its words per language (`LANGUAGES`). A game may add
rows built from its own data files (`Entry` rows whose names and texts its cards already carry), so no
text is kept twice. English is required for every row; another language may be missing and then falls
back to English, which `Catalog.coverage` reports.

Story translations are story files (`games.engine.story`) named ``story.<lang>.json``: the same kinds
and conditions as the English rows, checked against the game's events as the English ones are; a
kind without a row in a language is told in English.

Every error raises `DataError` naming the file and the row.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal, get_args, get_origin, get_type_hints

import msgspec

from games.engine.data import DataError, Provenance, load_rows
from games.engine.story import Derived, Story, StoryLine, check_story

#: Every language a catalogue or the chrome may carry: English and the games' own.
Lang = Literal["en", "pl", "cs", "de"]
LANGUAGES: tuple[str, ...] = get_args(Lang)
#: What an entry names. ``rule`` rows are served apart, in rule order (`CatalogDoc.rules`).
Group = Literal[
    "card", "place", "track", "character", "ability", "phase", "option", "choice", "end", "term", "rule",
]  # fmt: skip

#: The words a story's list and seat formats use (`Items`: ``and``, ``seat``, ``seats``), per language.
LIST_WORDS: dict[str, dict[str, str]] = {
    "en": {"and": "and", "seat": "seat", "seats": "seats"},
    "pl": {"and": "i", "seat": "miejsce", "seats": "miejsca"},
    "cs": {"and": "a", "seat": "místo", "seats": "místa"},
    "de": {"and": "und", "seat": "Platz", "seats": "Plätze"},
}


class Words(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An entry in one language: its ``name`` and its ``text`` (what it does, in players' words)."""

    name: str
    text: str = ""


class Row(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One catalogue row: ``id``, `Group` and the words per language (English required)."""

    id: str
    group: Group
    en: Words
    pl: Words | None = None
    cs: Words | None = None
    de: Words | None = None

    @classmethod
    def of(cls, row_id: str, group: Group, words: Mapping[str, Words]) -> Row:
        """A row of ``words`` by language (``en`` required; raises `KeyError` without it)."""
        return cls(row_id, group, **{lang: words[lang] for lang in LANGUAGES if lang in words})

    def words(self, lang: str) -> Words | None:
        """The row's words in ``lang``, ``None`` when it has none there."""
        value: Words | None = getattr(self, lang, None)
        return value


class Entry(msgspec.Struct, frozen=True):
    """An id as a client shows it: ``name``, ``text`` (empty when there is nothing to say), its
    ``group``, the ``provenance`` of its contents and ``lang``, the language it is given in (English when
    the requested one lacks it)."""

    name: str
    text: str
    group: str
    provenance: str
    lang: str


class RuleText(msgspec.Struct, frozen=True):
    """A players' summary of one numbered rule: ``id`` (``GRE-7``), ``name`` (its heading), ``text``,
    ``provenance`` and ``lang`` as in `Entry`."""

    id: str
    name: str
    text: str
    provenance: str
    lang: str


class CatalogDoc(msgspec.Struct, frozen=True):
    """The catalogue of ``game`` served in ``lang`` (the language actually served). ``version`` changes
    whenever any of its contents do. ``languages``: the game's languages, its own first after English.
    ``entries``: id -> `Entry`; ``rules``: `RuleText` in rule order; ``story``: event kind -> its rows
    (`StoryLine`: ``kind``, ``text``, ``when``, ``plain``; ``when`` and ``plain`` left out when empty)
    in ``lang``, or English for a kind not translated; ``list_words``: the words the story's list
    formats use in ``lang`` (``and``, ``seat``, ``seats``)."""

    game: str
    lang: str
    version: str
    languages: list[str]
    entries: dict[str, Entry]
    rules: list[RuleText]
    story: dict[str, list[StoryLine]]
    list_words: dict[str, str]


class Coverage(msgspec.Struct, frozen=True):
    """How much of a catalogue one language gives itself: ``entries`` of ``total`` (rules included),
    ``story`` kinds of ``story_total``; ``percent`` over both."""

    lang: str
    entries: int
    total: int
    story: int
    story_total: int

    @property
    def percent(self) -> float:
        whole = self.total + self.story_total
        return 100.0 if whole == 0 else 100.0 * (self.entries + self.story) / whole


class LocalStory(Story):
    """A `Story` in ``lang`` whose list and seat formats use ``words`` (`LIST_WORDS` of that language)."""

    __slots__ = ()

    def __init__(self, story: Story, names: Mapping[str, str], words: dict[str, str], lang: str = "en"):
        super().__init__(story.lines, names, story.derived, words, lang)


class Catalog:
    """One game's catalogue: ``rows`` (id -> `Row`), ``provenance`` (id -> term), ``languages``
    (English first), the English ``story``, ``stories`` per other language (kind -> rows) and
    ``derived``: per language, the game's derived fields told in that language (`Derived`), which
    replace the story's own there."""

    def __init__(
        self,
        game: str,
        languages: Sequence[str],
        rows: Sequence[tuple[Row, Provenance]],
        story: Story,
        stories: Mapping[str, Mapping[str, list[StoryLine]]] | None = None,
        derived: Mapping[str, Derived] | None = None,
    ):
        self.game = game
        self.languages = list(languages)
        self.rows = {row.id: row for row, _ in rows}
        self.provenance: dict[str, str] = {row.id: term for row, term in rows}
        self.story = story
        self.stories = {k: dict(v) for k, v in (stories or {}).items()}
        self.derived = dict(derived or {})
        self._docs: dict[str, bytes] = {}
        contents = [self.languages, list(rows), story.lines, self.stories]
        self.version = hashlib.sha256(msgspec.json.encode(contents)).hexdigest()[:16]

    def names(self, lang: str) -> dict[str, str]:
        """id -> name in ``lang`` (English where it has none), for every row and every id the story
        names (the story's own name where the catalogue has no row)."""
        mine = {i: (r.words(lang) or r.en).name for i, r in self.rows.items() if r.group != "rule"}
        return self.story.names | mine

    def teller(self, lang: str) -> Story:
        """The story in ``lang``: its rows where translated, English rows otherwise, names and list
        words of ``lang``."""
        lines = self.story.lines | self.stories.get(lang, {})
        story = LocalStory(self.story, self.names(lang), LIST_WORDS.get(lang, LIST_WORDS["en"]), lang)
        story.lines = lines
        own = self.derived.get(lang, {})
        story.derived = {k: {**story.derived.get(k, {}), **own.get(k, {})} for k in {*story.derived, *own}}
        return story

    def doc(self, lang: str) -> CatalogDoc:
        """The catalogue in ``lang`` (one of `languages`; raises `KeyError` otherwise)."""
        if lang not in self.languages:
            raise KeyError(lang)
        entries: dict[str, Entry] = {}
        rules: list[RuleText] = []
        for row_id, row in self.rows.items():
            own = row.words(lang)
            words, given = (own, lang) if own is not None else (row.en, "en")
            term = self.provenance[row_id]
            if row.group == "rule":
                rules.append(RuleText(row_id, words.name, words.text, term, given))
            else:
                entries[row_id] = Entry(words.name, words.text, row.group, term, given)
        story = self.story.lines | self.stories.get(lang, {})
        listed = LIST_WORDS.get(lang, LIST_WORDS["en"])
        return CatalogDoc(self.game, lang, self.version, self.languages, entries, rules, story, listed)

    def encoded(self, lang: str) -> bytes:
        """`doc` as JSON bytes, encoded once per language."""
        if lang not in self._docs:
            self._docs[lang] = msgspec.json.encode(self.doc(lang))
        return self._docs[lang]

    def coverage(self) -> list[Coverage]:
        """`Coverage` of every language of the catalogue, in `languages` order."""
        result = []
        for lang in self.languages:
            own = sum(1 for r in self.rows.values() if r.words(lang) is not None)
            told = sum(1 for k in self.story.lines if lang == "en" or k in self.stories.get(lang, {}))
            result.append(Coverage(lang, own, len(self.rows), told, len(self.story.lines)))
        return result


def teller_of(doc: CatalogDoc, derived: Derived | None = None) -> Story:
    """The story a served catalogue tells (its rows, names and list words), with the game's
    ``derived`` fields when the caller has the game (`Story.derived`); without them a row whose
    ``when`` names one is passed over and a row whose ``text`` names one tells its ``plain`` sentence."""
    names = {row_id: entry.name for row_id, entry in doc.entries.items()}
    return LocalStory(Story(doc.story, names, derived), names, doc.list_words, doc.lang)


def negotiate(languages: Sequence[str], asked: str | None, accept: str | None) -> str:
    """The language to serve from ``languages`` (English first): ``asked`` (a ``?lang=`` value) when it
    is one of them, else the best of an ``Accept-Language`` header (``"pl-PL,pl;q=0.9,en;q=0.8"``: by
    q-value, then order; a region is ignored), else English."""
    if asked in languages:
        return str(asked)
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        match = re.fullmatch(r"\s*q=([01](?:\.\d{0,3})?)\s*", params) if params else None
        q = float(match.group(1)) if match else (1.0 if not params else 0.0)
        lang = tag.strip().lower().split("-")[0]
        if lang in languages and q > 0:
            ranked.append((-q, index, lang))
    return min(ranked)[2] if ranked else languages[0]


#: A game's rows built from its own data: called with the catalogue file's rows by id.
OwnRows = Callable[[Mapping[str, Row]], Iterable[tuple[Row, Provenance]]]


def derive(row_id: str, group: Group, name: Row | str, text: Row | None = None, **fields: Any) -> Row:
    """A row named as ``name`` is (a string: that name in every language) and saying ``text``'s text
    formatted with ``fields`` (`str.format`: ``"Move {value:+d} places."``), in every language both have
    (English always); ``name``'s own text when ``text`` is ``None``. Raises `DataError` for a template
    naming a field not given."""
    said = text or name
    if isinstance(said, str):
        raise DataError(f"catalogue row {row_id!r}: a name given as a string needs a text row")
    words: dict[str, Words] = {}
    for lang in LANGUAGES:
        own = Words(name) if isinstance(name, str) else name.words(lang)
        says = said.words(lang)
        if own is not None and says is not None:
            try:
                words[lang] = Words(own.name, says.text.format(**fields))
            except (KeyError, IndexError, ValueError) as exc:
                raise DataError(f"catalogue row {said.id!r} ({lang}): {exc!r}") from None
    return Row.of(row_id, group, words)


def _check(name: str, languages: Sequence[str], rows: Sequence[tuple[Row, Provenance]]) -> None:
    seen: set[str] = set()
    for index, (row, _) in enumerate(rows):
        label = f"{name}: row {index} (id {row.id!r})"
        if row.id in seen:
            raise DataError(f"{label}: given twice")
        seen.add(row.id)
        extra = [lang for lang in LANGUAGES if row.words(lang) is not None and lang not in languages]
        if extra:
            raise DataError(f"{label}: {', '.join(extra)} is not a language of this game ({languages})")
        for lang in LANGUAGES:
            words = row.words(lang)
            if words is not None and (not words.name.strip() or bool(row.en.text) != bool(words.text)):
                raise DataError(f"{label}: {lang} needs a name, and a text exactly where English has one")
        # a room's options form is read before anything else of the game: never half in English
        if row.group == "option" and any(row.words(lang) is None for lang in languages):
            raise DataError(f"{label}: an option needs words in every language of the game ({languages})")


def check_catalog(
    game: str,
    name: str,
    given: Sequence[tuple[Row, Provenance]],
    languages: Sequence[str],
    story: Story,
    event_body: Any,
    translations: Mapping[str, list[StoryLine]],
    *,
    own_rows: OwnRows | None = None,
    required: Iterable[str] = (),
    derived: Mapping[str, Derived] | None = None,
) -> Catalog:
    """The catalogue of ``game`` from the rows ``given`` (of file ``name``) and the game's ``own_rows``
    (rows it builds from its data files), with ``story`` (the English story) translated by
    ``translations`` (language -> story rows, checked against ``event_body`` as `check_story` does).
    ``own_rows`` is called with the given rows by id; a row it returns replaces the given row of the same
    id (which then only lends it words, as a template does). ``derived`` gives, per language, the
    game's derived fields told in it (a story row of that language may name them too).

    Raises `DataError`: a row given twice, a language the game does not have, words without a name or
    with a text where English has none (or none where it has one), an ``option`` row without words in
    one of ``languages``, an id of ``required`` without a row, or a story row `check_story` refuses."""
    _check(name, languages, given)
    own = list(own_rows({row.id: row for row, _ in given})) if own_rows else []
    _check(f"{name}: the game's own rows", languages, own)
    built = {row.id for row, _ in own}
    rows = [pair for pair in given if pair[0].id not in built] + own
    missing = sorted(set(required) - {row.id for row, _ in rows})
    if missing:
        raise DataError(f"{name}: no row for {', '.join(missing)}")
    catalog = Catalog(game, languages, rows, story, derived=derived)
    stories = {}
    for lang, lines in translations.items():
        label = f"{name}: story in {lang}"
        if lang not in languages[1:]:
            raise DataError(f"{label}: not a language of this game besides English ({languages})")
        teller = catalog.teller(lang)
        stories[lang] = check_story(label, lines, event_body, teller.names, teller.derived, lang).lines
    return Catalog(game, languages, rows, story, stories, derived)


def load_catalog(
    game: str,
    package: str,
    languages: Sequence[str],
    story: Story,
    event_body: Any,
    *,
    own_rows: OwnRows | None = None,
    required: Iterable[str] = (),
    derived: Mapping[str, Derived] | None = None,
) -> Catalog:
    """`check_catalog` of ``catalog.json`` in ``package`` and of its ``story.<lang>.json`` for each of
    ``languages`` but English (the first). Raises `DataError`."""
    table = load_rows(package, "catalog.json", Row)
    given = list(zip(table.rows, table.row_provenance, strict=True))
    translations = {lang: load_rows(package, f"story.{lang}.json", StoryLine).rows for lang in languages[1:]}
    return check_catalog(
        game,
        f"{package}/catalog.json",
        given,
        languages,
        story,
        event_body,
        translations,
        own_rows=own_rows,
        required=required,
        derived=derived,
    )


def option_values(options: Any) -> dict[str, list[str]]:
    """Per field of the ``options`` Struct, the values a room may choose from that its type closes
    (a ``Literal``, alone, optional or as a list's items: Infarkt's ``variant`` and ``expansions``);
    a field whose type closes none is left out."""
    hints = get_type_hints(options, include_extras=True)
    found = {name: _literals(hints[name]) for name in options.__struct_fields__}
    return {name: values for name, values in found.items() if values}


def _literals(hint: Any) -> list[str]:
    if get_origin(hint) is Literal:
        return [str(v) for v in get_args(hint)]
    # Annotated's metadata, Union's members and a list's items: only types can close values
    return [v for arg in get_args(hint) if not isinstance(arg, msgspec.Meta) for v in _literals(arg)]


def required_ids(
    phase: Any, options: Any, action: Any, ends: Iterable[str], names: Iterable[str], rules: Iterable[str]
) -> set[str]:
    """The ids a game's catalogue must have: ``phase.<p>`` for each value of the ``phase`` Literal,
    ``option.<field>`` for each field of the ``options`` Struct and ``option.<field>.<value>`` for each
    value its type closes (`option_values`), ``choice.<kind>`` for each member of the ``action`` union,
    ``end.<reason>`` for each of ``ends``, every id the story ``names`` and every rule id of ``rules``
    (``GRE-1``)."""
    kinds = [m.__struct_config__.tag for m in get_args(action) or (action,)]
    values = option_values(options)
    return (
        {f"phase.{p}" for p in get_args(phase)}
        | {f"option.{f}" for f in options.__struct_fields__}
        | {f"option.{f}.{v}" for f, closed in values.items() for v in closed}
        | {f"choice.{k}" for k in kinds}
        | {f"end.{e}" for e in ends}
        | set(names)
        | set(rules)
    )
