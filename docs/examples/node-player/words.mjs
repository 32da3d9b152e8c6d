// What the player prints, in the words of the game's catalogue (GET /api/games/{game}/catalog?lang=):
// seats as the language names them (`miejsce 1`), ids by their names, action kinds by their `choice.`
// entries, events by the catalogue's story. Pure functions of the catalogue document.
import { hasValue, nameOf, tell } from '@boardroom/sdk/catalog';

/** A seat as the catalogue's language names it: `seat 1`, `miejsce 1`, `Platz 1`. */
export function seatName(doc, seat) {
  return `${doc.list_words.seat} ${seat}`;
}

/** Seats joined as the language joins them: `seat 0`, `seats 0 and 2`. */
export function seatsName(doc, seats) {
  if (!seats.length) return '';
  const numbers = seats.map(String);
  const joined = numbers.length === 1 ? numbers[0]
    : `${numbers.slice(0, -1).join(', ')} ${doc.list_words.and} ${numbers.at(-1)}`;
  return `${doc.list_words[seats.length === 1 ? 'seat' : 'seats']} ${joined}`;
}

/** An action kind by its catalogue entry (`choice.draw` -> `dobierz`), else the kind itself. */
export function kindName(doc, kind) {
  return doc.entries[`choice.${kind}`]?.name ?? kind;
}

/** One field value: an id by its name, a list item by item, anything else as JSON. */
function valueName(doc, value) {
  if (typeof value === 'string') return nameOf(doc, value);
  if (Array.isArray(value)) return value.map((v) => valueName(doc, v)).join(', ');
  return JSON.stringify(value);
}

/** An action `{kind, ...fields}`: its kind's name and the values of its fields that have one (not
 * false, null or empty): `Reveal 2`, `Choose Greg`. */
export function actionLine(doc, action) {
  const { kind, ...fields } = action;
  const values = Object.values(fields).filter(hasValue).map((v) => valueName(doc, v));
  return [kindName(doc, kind), ...values].join(' ');
}

/** A prompt of `seat` and the action taken: `seat 0: draw | pass -> draw`. */
export function promptLine(doc, seat, prompt, action) {
  const kinds = prompt.kinds.map((kind) => kindName(doc, kind)).join(' | ');
  return `${seatName(doc, seat)}: ${kinds} -> ${action === null ? '…' : actionLine(doc, action)}`;
}

/** The generic line of an event the story does not tell: `kind: field=value ...`, ids by name (as the
 * Python SDK's renderer writes it). */
function generic(doc, body) {
  const { kind, ...fields } = body;
  const told = Object.entries(fields).map(([name, value]) => `${name}=${valueName(doc, value)}`);
  return `${kind}: ${told.join(' ')}`;
}

/** One event body as a sentence of the catalogue's story, else its generic line. */
export function eventLine(doc, body) {
  return tell(doc, body) ?? generic(doc, body);
}

/** The outcome `{ranks, winners, reason}`: the name of its end (the entry `end.<reason>`, else the
 * game's `phase.over`, else the reason itself) and the winners. */
export function outcomeLine(doc, outcome) {
  const entry = doc.entries[`end.${outcome.reason}`] ?? doc.entries['phase.over'];
  const end = entry?.name ?? outcome.reason;
  return `${end}: ${seatsName(doc, outcome.winners)}`;
}
