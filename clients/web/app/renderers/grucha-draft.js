// The table a Grucha player is laying out before submitting it (GRU-9): the view's groups, rearranged
// by moving selected cards (from the hand or the table) into a group or a new group. One draft for the
// page, for one viewer: it starts again from the view's table whenever that table changes (an accepted
// submission, another player's) or another seat is shown.

import { jokerMeanings } from "./grucha-cards.js";

export const draft = {
  viewer: undefined,
  base: null, // the view's table (JSON) the draft started from
  groups: [], // [{cards: [...ids], jokers: {joker: name}}], never an empty one
  selected: new Set(),
  sortBy: "suit",
  dismissed: null, // the refusal (ctx.error) shown before the last change of the draft
};

const tableCards = (view) => view.table.flatMap((g) => g.cards);

/** Bring the draft in line with ``ctx``: start again when the viewer or the table changed, or when a
 * card of the draft is no longer the viewer's to lay out. */
export function sync(ctx) {
  const view = ctx.view;
  const base = JSON.stringify(view.table);
  const own = new Set([...tableCards(view), ...view.hand]);
  const stale = draft.groups.some((g) => g.cards.some((c) => !own.has(c)));
  if (draft.viewer !== ctx.viewer || draft.base !== base || stale) {
    draft.viewer = ctx.viewer;
    draft.base = base;
    draft.groups = view.table.map((g) => ({ cards: [...g.cards], jokers: { ...g.jokers } }));
    draft.selected = new Set();
    draft.dismissed = ctx.error;
  }
  for (const card of draft.selected) if (!own.has(card)) draft.selected.delete(card);
}

/** The viewer's hand cards not laid out in the draft. */
export function handLeft(view) {
  const laid = new Set(draft.groups.flatMap((g) => g.cards));
  return view.hand.filter((c) => !laid.has(c));
}

/** Keep only the declared meanings a group's cards still allow. */
function prune(group) {
  const allowed = jokerMeanings(group.cards);
  group.jokers = Object.fromEntries(
    Object.entries(group.jokers).filter(([j, name]) => allowed[j] && allowed[j].includes(name)),
  );
}

function edited(ctx) {
  draft.dismissed = ctx.error;
  ctx.redraw();
}

export function toggle(card, ctx) {
  if (draft.selected.has(card)) draft.selected.delete(card);
  else draft.selected.add(card);
  ctx.redraw();
}

/** Take the selected cards out of their groups (``keep``: those that stay where they are). */
function lift(keep = () => false) {
  const moving = [...draft.selected].filter((c) => !keep(c));
  for (const group of draft.groups) {
    const before = group.cards.length;
    group.cards = group.cards.filter((c) => !moving.includes(c));
    if (group.cards.length !== before) prune(group);
  }
  return moving;
}

/** Move the selected cards into group ``index`` (null: a new group at the end). */
export function moveTo(index, ctx) {
  const target = index === null ? { cards: [], jokers: {} } : draft.groups[index];
  const moving = lift();
  target.cards.push(...moving);
  prune(target);
  if (index === null) draft.groups.push(target);
  draft.groups = draft.groups.filter((g) => g.cards.length);
  draft.selected = new Set();
  edited(ctx);
}

/** Take the selected hand cards back to the hand (table cards must stay on the table, GRU-10). */
export function backToHand(ctx) {
  const hand = new Set(ctx.view.hand);
  lift((c) => !hand.has(c));
  draft.groups = draft.groups.filter((g) => g.cards.length);
  draft.selected = new Set([...draft.selected].filter((c) => !hand.has(c)));
  edited(ctx);
}

export function declare(index, joker, name, ctx) {
  draft.groups[index].jokers[joker] = name;
  edited(ctx);
}

export function reset(ctx) {
  draft.base = null;
  sync(ctx);
  edited(ctx);
}

export function sortBy(by, ctx) {
  draft.sortBy = by;
  ctx.redraw();
}

/** The ``submit`` action's fields: the whole new table, each group with its declared meanings. */
export function submission() {
  return {
    groups: draft.groups.map((g) => {
      const jokers = Object.fromEntries(Object.entries(g.jokers).filter(([j]) => g.cards.includes(j)));
      return Object.keys(jokers).length ? { cards: [...g.cards], jokers } : { cards: [...g.cards] };
    }),
  };
}
