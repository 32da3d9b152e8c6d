// boardroom game catalogue: generated from protocol/schema/catalog.json by `npm run types`; do not edit.
// GET /api/games/{game}/catalog: names and texts of a game's ids, rule summaries and the story's
// sentences in one language. See protocol/README.md, 'The catalogue'.

export type Catalog = CatalogDoc;

/**
 * The catalogue of ``game`` served in ``lang`` (the language actually served). ``version`` changes
 * whenever any of its contents do. ``languages``: the game's languages, its own first after English.
 * ``entries``: id -> `Entry`; ``rules``: `RuleText` in rule order; ``story``: event kind -> its rows
 * (`StoryLine`: ``kind``, ``text``, ``when``, ``plain``; ``when`` and ``plain`` left out when empty)
 * in ``lang``, or English for a kind not translated; ``list_words``: the words the story's list
 * formats use in ``lang`` (``and``, ``seat``, ``seats``).
 */
export interface CatalogDoc {
  entries: {
    [k: string]: Entry;
  };
  game: string;
  lang: string;
  languages: string[];
  list_words: {
    [k: string]: string;
  };
  rules: RuleText[];
  story: {
    [k: string]: StoryLine[];
  };
  version: string;
  [k: string]: unknown;
}
/**
 * An id as a client shows it: ``name``, ``text`` (empty when there is nothing to say), its
 * ``group``, the ``provenance`` of its contents and ``lang``, the language it is given in (English when
 * the requested one lacks it).
 */
export interface Entry {
  group: string;
  lang: string;
  name: string;
  provenance: string;
  text: string;
  [k: string]: unknown;
}
/**
 * A players' summary of one numbered rule: ``id`` (``GRE-7``), ``name`` (its heading), ``text``,
 * ``provenance`` and ``lang`` as in `Entry`.
 */
export interface RuleText {
  id: string;
  lang: string;
  name: string;
  provenance: string;
  text: string;
  [k: string]: unknown;
}
/**
 * One row of a story file: the event ``kind``, its sentence ``text`` (a `str.format` template with
 * conditional parts), the ``when`` conditions under which the row applies (empty: always) and its
 * ``plain`` sentence (``None`` or left out: none), told instead of ``text`` by a teller that has only
 * the event's own fields: a template over those fields alone, required where ``text`` or ``when``
 * names a field the game derives.
 */
export interface StoryLine {
  kind: string;
  plain?: string | null;
  text: string;
  when?: {
    [k: string]: unknown;
  };
}
