// A game's catalogue (GET /api/games/{game}/catalog, protocol/README.md "The catalogue"): names and
// texts of its ids, and the one sentence renderer of this SDK, telling an event from the catalogue's
// story rows in the language served.
//
//   const doc = await lobby.catalog('grucha', 'pl');
//   nameOf(doc, 'JK-a1');                       // 'dżoker'
//   tell(doc, { kind: 'drew', seat: 1, reason: 'draw', count: 1 });   // 'miejsce 1 dobrało 1 kartę'
//   tell(doc, body, { seat: (n) => (n === 1 ? 'Ann' : `Seat ${n}`) });  // 'Ann dobrało 1 kartę'

/** The name of `id` in `doc`, or `id` itself when the catalogue has no entry for it. */
export function nameOf(doc, id) {
  return doc.entries[id]?.name ?? id;
}

/** The text of `id` in `doc` (what it does, for a tooltip), or '' when there is none. */
export function textOf(doc, id) {
  return doc.entries[id]?.text ?? '';
}

/** Whether a field has something to tell: not null, false, '' or an empty list or object. */
export function hasValue(value) {
  if (value === null || value === undefined || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

const pluralRules = new Map();

/** The plural category (`one`, `few`, `many`, `other`) of the whole number `count` in `lang`. */
function pluralOf(lang, count) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang).select(count);
}


/** The fields a row's `when` names: its keys and the fields it compares them with. */
function namedBy(when) {
  return Object.entries(when).flatMap(([name, expected]) => (
    expected !== null && typeof expected === 'object' && 'field' in expected ? [name, expected.field] : [name]));
}

/** Whether `when` holds on `body`; never when it names a field the body lacks (one the game derives on
 * the server, which an event body does not carry). */
function holds(when, body, lang) {
  if (!namedBy(when).every((name) => name in body)) return false;
  return Object.entries(when).every(([name, expected]) => {
    const value = body[name] ?? null;
    if (expected !== null && typeof expected === 'object' && 'field' in expected) {
      return same(value, body[expected.field] ?? null);
    }
    if (expected !== null && typeof expected === 'object' && 'plural' in expected) {
      return Number.isInteger(value) && pluralOf(lang, value) === expected.plural;
    }
    if (expected !== null && typeof expected === 'object' && 'not' in expected) {
      return !same(value, expected.not);
    }
    if (expected !== null && typeof expected === 'object' && ('above' in expected || 'below' in expected)) {
      if (typeof value !== 'number') return false;
      return 'above' in expected ? value > expected.above : value < expected.below;
    }
    return same(value, expected);
  });
}

/** A field reference of a template (`seat`, `totals[0]`, `a.b`): its value in `body`. */
function lookup(body, path) {
  const [head, ...rest] = path.split(/(?=[.[])/);
  if (!(head in body)) throw new Error(`no field ${head}`);
  let value = body[head];
  for (const step of rest) {
    const key = step.startsWith('[') ? step.slice(1, -1) : step.slice(1);
    value = value?.[/^\d+$/.test(key) ? Number(key) : key];
    if (value === undefined) throw new Error(`no ${path}`);
  }
  return value;
}

function joined(words, and) {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;
}

function seatNumber(value) {
  if (!Number.isInteger(value)) throw new Error('a seat is a number');
  return value;
}

/** One value as a template tells it: an id by its name, a signed number for `+d` (without its sign for
 * `abs`), a list joined, a seat (`seat`, and the seats of `seats` and `by_seat`) by `seatName` when the
 * caller gives one. */
function formatValue(doc, value, spec, seatName) {
  const listWords = doc.list_words;
  if (Array.isArray(value)) {
    const words = value.map((v) => (typeof v === 'string' ? nameOf(doc, v) : String(v)));
    if (spec === '') {
      if (value.every((v) => typeof v === 'string')) return words.join(', ');
      return `[${words.join(', ')}]`;
    }
    if (spec === 'and') return joined(words, listWords.and);
    if (spec === 'seats' && seatName) return joined(value.map((v) => seatName(seatNumber(v))), listWords.and);
    if (spec === 'seats') return `${listWords[words.length === 1 ? 'seat' : 'seats']} ${joined(words, listWords.and)}`;
    if (spec === 'by_seat') {
      const named = (seat) => (seatName ? seatName(seat) : `${listWords.seat} ${seat}`);
      return words.map((w, seat) => `${named(seat)} ${w}`).join(', ');
    }
    throw new Error(`unknown list format ${spec}`);
  }
  if (spec === 'seat') {
    return seatName ? seatName(seatNumber(value)) : `${listWords.seat} ${seatNumber(value)}`;
  }
  if (spec === '+d') {
    if (!Number.isInteger(value)) throw new Error('not a whole number');
    return value >= 0 ? `+${value}` : String(value);
  }
  if (spec === 'd') return String(value);
  if (spec === 'abs') {
    if (typeof value !== 'number') throw new Error('not a number');
    return String(Math.abs(value));
  }
  if (spec !== '') throw new Error(`unknown format ${spec}`);
  if (typeof value === 'string') return nameOf(doc, value);
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  return String(value);
}

const FIELD = /\{\{|\}\}|\{([^{}:]+)(?::([^{}]*))?\}/g;
const PART = /\[\[([\s\S]*?)\]\]/g;

function fieldsOf(template) {
  return [...template.matchAll(FIELD)].filter((m) => m[1]).map((m) => m[1].split(/[.[]/)[0]);
}

function format(doc, template, body, seatName) {
  const told = template.replace(PART, (_, inner) => (
    fieldsOf(inner).every((f) => hasValue(body[f])) ? inner : ''));
  return told.replace(FIELD, (whole, path, spec = '') => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return formatValue(doc, lookup(body, path), spec, seatName);
  });
}

/** One line for one event body (`{kind, ...}`) from `doc.story`: the sentence of the first row of its
 * kind whose `when` holds on the body (a `{"plural": "few"}` condition by `Intl.PluralRules` of
 * `doc.lang`), or null when none holds or the body does not fit it (an older
 * server's shape): the caller then shows its own generic line. A field the game derives is known only
 * to the server's own renderer: a row whose `when` names one is passed over, and a row whose `text`
 * names one tells its `plain` sentence (over the event's own fields) instead, or null with
 * `options.plain === false` (a caller with sentences of its own for such events). `options.seat(n)`
 * names seat `n` (a number from 0) as the caller names its players ('you', 'Ann'); without it a seat
 * reads as `list_words.seat` and its number ('seat 2'). */
export function tell(doc, body, options = {}) {
  const rows = doc.story[body?.kind] ?? [];
  const row = rows.find((r) => holds(r.when ?? {}, body, doc.lang ?? 'en'));
  if (!row) return null;
  for (const template of options.plain === false ? [row.text] : [row.text, row.plain]) {
    if (typeof template !== 'string') continue;
    try {
      return format(doc, template, body, options.seat);
    } catch {
      // a field the body lacks: the row's plain sentence, if it has one
    }
  }
  return null;
}
