// Grucha's cards for the browser (games/grucha/cards.py and melds.py): faces, spoken names, hand
// orders, and the readings of a group, which tell the renderer what each joker may stand for. The
// server stays the one judge of a submission: the readings only offer choices. A card's spoken name is
// in the page's language, in the words the rulebook uses ("czwórka kier"): chrome.json's grucha.rank.*,
// grucha.suit.* and grucha.card.

import { say } from "../words.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = ["S", "H", "D", "C"];
const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const LOW = 1;
const HIGH = 14; // a high ace (GRU-4)
const MAX_RUN = 13;
const MAX_SET = 4;

export const isJoker = (id) => id.startsWith("JK-");

/** The rank (1 = ace … 13) and suit of a card name ("10H") or natural id ("10H-b"); null for others. */
export function faceOf(nameOrId) {
  const match = /^(A|[2-9]|10|J|Q|K)([SHDC])(-[ab])?$/.exec(nameOrId || "");
  return match ? { rank: RANKS.indexOf(match[1]) + 1, suit: match[2] } : null;
}

const nameOf = (rank, suit) => `${RANKS[(rank - 1) % 13]}${suit}`;

/** "7 of spades", "queen of hearts" (in Polish "siódemka pik", "dama kier"). */
export function spokenName(name) {
  const f = faceOf(name);
  if (!f) return name;
  return say("grucha.card", { rank: say(`grucha.rank.${f.rank}`), suit: say(`grucha.suit.${f.suit}`) });
}

/** A card's face as text ("7♠", "J♥"; a joker "Jk") and whether it is red. */
export function faceText(nameOrId) {
  if (isJoker(nameOrId)) return { text: "Jk", red: false };
  const f = faceOf(nameOrId);
  return { text: `${RANKS[f.rank - 1]}${SYMBOLS[f.suit]}`, red: f.suit === "H" || f.suit === "D" };
}

/** What a screen reader says for a card: "7 of spades", "joker as 8 of spades", "joker" (in Polish
 * "siódemka pik", "dżoker jako ósemka pik", "dżoker"). */
export function cardLabel(id, meaning) {
  if (!isJoker(id)) return spokenName(id);
  return meaning ? say("grucha.card.joker_as", { card: spokenName(meaning) }) : say("grucha.card.joker");
}

/** Hand order by ``suit`` (the view's: suits S H D C, ranks up) or by ``rank`` (ranks up, then suits);
 * jokers last, the deck breaking ties. */
export function sortCards(cards, by) {
  const key = (id) => {
    if (isJoker(id)) return [99, 99, id];
    const f = faceOf(id);
    const suit = SUITS.indexOf(f.suit);
    return by === "rank" ? [f.rank, suit, id] : [suit, f.rank, id];
  };
  return [...cards].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
  });
}

function runReadings(naturals, jokers) {
  const faces = naturals.map(faceOf);
  if (new Set(faces.map((f) => f.suit)).size !== 1) return [];
  const suit = faces[0].suit;
  const size = naturals.length + jokers;
  if (size > MAX_RUN) return [];
  const found = [];
  for (let start = HIGH - size + 1; start >= LOW; start--) {
    const end = start + size - 1;
    const places = new Map();
    const fits = naturals.every((card, i) => {
      const rank = faces[i].rank;
      const place = rank === 1 ? (start === LOW ? LOW : HIGH) : rank;
      if (place < start || place > end || places.has(place)) return false;
      places.set(place, card);
      return true;
    });
    if (!fits) continue;
    const slots = [];
    for (let p = start; p <= end; p++) slots.push({ name: nameOf(p, suit), natural: places.get(p) || null });
    found.push({ kind: "run", slots });
  }
  return found;
}

function combinations(items, k) {
  if (k === 0) return [[]];
  return items.flatMap((item, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [item, ...rest]));
}

function setReadings(naturals, jokers) {
  const faces = naturals.map(faceOf);
  const suits = new Set(faces.map((f) => f.suit));
  const ranks = new Set(faces.map((f) => f.rank));
  if (ranks.size !== 1 || suits.size !== faces.length || faces.length + jokers > MAX_SET) return [];
  const rank = faces[0].rank;
  const bySuit = Object.fromEntries(faces.map((f, i) => [f.suit, naturals[i]]));
  return combinations(
    SUITS.filter((s) => !suits.has(s)),
    jokers,
  ).map((extra) => ({
    kind: "set",
    slots: SUITS.filter((s) => suits.has(s) || extra.includes(s)).map((s) => ({
      name: nameOf(rank, s),
      natural: bySuit[s] || null,
    })),
  }));
}

/** Every reading of the group ``cards`` (GRU-3…7), the canonical one first: ``[{kind, slots: [{name,
 * natural}]}]``, a slot's ``natural`` the id standing there or null where a joker stands. [] when
 * the group is no run or set (or has no natural card, or fewer than 3 cards). */
export function readings(cards) {
  const naturals = cards.filter((c) => !isJoker(c)).sort();
  const jokers = cards.length - naturals.length;
  if (cards.length < 3 || !naturals.length) return [];
  return [...runReadings(naturals, jokers), ...setReadings(naturals, jokers)];
}

/** The names each joker of ``cards`` may stand for under some reading: {joker: [name, ...]}. */
export function jokerMeanings(cards) {
  const free = [];
  for (const reading of readings(cards)) {
    for (const slot of reading.slots) if (!slot.natural && !free.includes(slot.name)) free.push(slot.name);
  }
  return Object.fromEntries(cards.filter(isJoker).map((j) => [j, free]));
}

/** ``cards`` in the order of the first reading that fits the ``declared`` meanings (the view's order
 * for a valid group), else in hand order; ``meaning`` is what each joker stands for in that reading. */
export function laidOut(cards, declared = {}) {
  const jokers = cards.filter(isJoker).sort();
  for (const reading of readings(cards)) {
    const free = reading.slots.filter((s) => !s.natural).map((s) => s.name);
    const wanted = Object.values(declared);
    if (!wanted.every((n) => free.includes(n)) || new Set(wanted).size < wanted.length) continue;
    const rest = free.filter((n) => !wanted.includes(n));
    const meaning = Object.fromEntries(jokers.map((j) => [j, declared[j] || rest.shift()]));
    const at = Object.fromEntries(Object.entries(meaning).map(([j, n]) => [n, j]));
    return { kind: reading.kind, cards: reading.slots.map((s) => s.natural || at[s.name]), meaning };
  }
  return { kind: null, cards: sortCards(cards, "suit"), meaning: {} };
}
