// iGranie's prompts in words (the controls panel's buttons and group names): every kind the game offers
// (games/igranie/actions.py), its ids by their catalogue names, its sentence from chrome.json
// (`igranie.label.*`, plural forms by count) in the page's language.

import { t } from "../i18n.js";
import { say } from "../words.js";

/** A seat in iGranie's words: the seat's name ("Seat 1 (Ann)"), "you" (in the page's language) for the
 * viewer's own seat; at a tab holding several seats (hot-seat, ``ctx.several``) every seat by its name,
 * since there "you" cannot tell the tab's seats apart ("cancel play 2 of Seat 0", never "of you"). */
export function who(seat, ctx) {
  return seat === ctx.viewer && !ctx.several ? t("ui.you", "you") : ctx.name(seat);
}

const card = (id, ctx) => ctx.nameOf(id);

/** "Ilona Cooks: 4 to you, 2 to Seat 1 (Ann)": an Ability with whom it gives what (IGR-29…37). */
function useLabel(choice, ctx) {
  const seats = choice.seats || [];
  const amounts = choice.amounts || [];
  const parts = seats.map((seat, i) =>
    i < amounts.length
      ? say("igranie.label.use.amount", { count: amounts[i], seat: who(seat, ctx) })
      : who(seat, ctx),
  );
  for (const good of choice.goods || []) parts.push(card(good, ctx));
  const ability = card(choice.ability, ctx);
  return parts.length
    ? say("igranie.label.use.with", { ability, details: parts.join(", ") })
    : say("igranie.label.use", { ability });
}

/** "Cancel play 4 of Seat 1 with Denial": the play answered, numbered as the window lists it, by the
 * seat that made it; an Event card or a loop effect by itself ("Cancel the Event card Tax Letter (play
 * 1) with Cunning Plan"): it is drawn for a seat, not played by it (IGR-28). */
function cancelLabel(choice, ctx) {
  const plays = (ctx.view?.windows || []).flatMap((w) => w.plays || []);
  const play = plays.find((p) => p.id === choice.target);
  const vars = { card: card(choice.card, ctx), play: choice.target };
  const payload = (play && play.payload) || {};
  if (payload.kind === "event") return say("igranie.label.cancel.event", { ...vars, event: card(payload.card, ctx) });
  if (payload.kind === "loop") return say("igranie.label.cancel.loop", { ...vars, loop: card(payload.loop, ctx) });
  return play ? say("igranie.label.cancel.of", { ...vars, seat: who(play.seat, ctx) }) : say("igranie.label.cancel", vars);
}

function offerLabel(choice, ctx) {
  const vars = { card: card(choice.card, ctx), seat: who(choice.to, ctx), count: choice.count };
  const goods = ["food", "money", "cards"].includes(choice.good);
  if (goods && !choice.count) return say("igranie.label.offer.gift", vars);
  if (goods) return say(`igranie.label.offer.${choice.good}`, vars);
  return say("igranie.label.offer.card", { ...vars, good: card(choice.good, ctx) });
}

function barterLabel(choice, ctx) {
  const seats = (choice.seats || []).map((s) => who(s, ctx)).join(", ");
  if (!seats) return say("igranie.label.barter.alone");
  return say(`igranie.label.barter.${choice.good}`, { count: choice.count, seats });
}

const LABELS = {
  choose: (c, ctx) => say("igranie.label.choose", { character: card(c.character, ctx) }),
  first_loop: (c, ctx) => say("igranie.label.first_loop", { loop: card(c.loop, ctx) }),
  forest: (c) => say(c.extra ? "igranie.label.forest.on" : "igranie.label.forest.stay"),
  modify: (c, ctx) => say(`igranie.label.modify.${c.side ? "defender" : "mover"}`, { card: card(c.card, ctx) }),
  cancel: cancelLabel,
  reverse: (c, ctx) => say("igranie.label.reverse", { card: card(c.card, ctx) }),
  special: (c, ctx) =>
    c.seat === null || c.seat === undefined
      ? say("igranie.label.special", { card: card(c.card, ctx) })
      : say("igranie.label.special.on", { card: card(c.card, ctx), seat: who(c.seat, ctx) }),
  use: useLabel,
  split: (c) => say("igranie.label.split", { food: c.food, money: c.money, cards: c.cards }),
  buy: (c) => say(`igranie.label.buy.${c.good}`, { count: c.count }),
  offer: offerLabel,
  eat: (c) => say("igranie.label.eat", { count: c.count ?? 1 }),
  steal: (c, ctx) => say("igranie.label.steal", { seat: who(c.target, ctx) }),
  deposit: (c) => say(`igranie.label.deposit.${c.good}`, { count: c.count }),
  discard: (c, ctx) => say("igranie.label.discard", { card: card(c.card, ctx) }),
  pick: (c) => say("igranie.label.pick", { slot: c.slot + 1 }),
  barter: barterLabel,
};

/** The words of one choice of `kind` (`choice` empty: the group's name, the catalogue's `choice.<kind>`;
 * a kind without fields: its catalogue name, "Roll", "Done", "Accept"). */
export function igranieLabel(kind, choice, ctx) {
  if (!Object.keys(choice).length || !LABELS[kind]) return ctx.nameOf(`choice.${kind}`);
  return LABELS[kind](choice, ctx);
}
