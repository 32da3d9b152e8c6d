// The end of game panel: who won, how the game ended (the catalogue's `end.<reason>`; a guard end said
// to be one) and every seat's rank with its reason, read from the outcome and the finished table's
// public view: the curse in Gregs (GRE-20), the cause and order of death in Infarkt (INF-17) and iGranie
// (IGR-25), the Dream Bank (IGR-24) and the penalty points in Grucha. Words: chrome.json `outcome.*`.

import { fill, h, seatName } from "./dom.js";
import { say } from "./words.js";

const TRACKS = ["cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer"]; // INF-4
const OBESITY = 2;

/** Gregs (GRE-20): the characters by position, rightmost first; the holder at the front ranks second.
 * A place is counted from 1 on the left, as the track and the log count it. */
function gregsReasons(view, outcome) {
  const byCard = Object.fromEntries((view.characters || []).map((c, seat) => [c, seat]));
  const order = [...view.row].reverse().filter((card) => card in byCard).map((card) => byCard[card]);
  const cursedFirst = order[0] === view.holder && outcome.ranks[view.holder] !== 1;
  return Object.fromEntries(
    order.map((seat, i) => {
      const place = view.row.indexOf(view.characters[seat]) + 1;
      if (cursedFirst && i === 0) return [seat, say("outcome.gregs.cursed", { place })];
      if (cursedFirst && i === 1) return [seat, say("outcome.gregs.promoted", { place })];
      return [seat, say(seat === view.holder ? "outcome.gregs.place_curse" : "outcome.gregs.place", { place })];
    }),
  );
}

/** The order of death: each dead seat's death number among the steps that killed (1 the first). */
function deathOrder(steps) {
  const distinct = [...new Set(Object.values(steps))].sort((a, b) => a - b);
  return Object.fromEntries(Object.entries(steps).map(([seat, step]) => [seat, distinct.indexOf(step) + 1]));
}

function died(order, seat, cause, total) {
  return say("outcome.died", { cause, order: order[seat], deaths: total });
}

/** Infarkt (INF-17): the living survived; the dead by the tracks at 10 and their death step. */
function infarktReasons(view, _outcome, nameOf) {
  const steps = {};
  view.players.forEach((p, seat) => {
    if (p.died) steps[seat] = p.died;
  });
  const order = deathOrder(steps);
  const total = new Set(Object.values(steps)).size;
  return Object.fromEntries(
    view.players.map((p, seat) => {
      if (!p.died) return [seat, say("outcome.survived")];
      const graves = p.tracks.map((v, t) => (v >= 10 && t !== OBESITY ? nameOf(TRACKS[t]) : null));
      return [seat, died(order, seat, graves.filter(Boolean).join(", "), total)];
    }),
  );
}

/** iGranie (IGR-24, 25): the living by their Dream Bank; the dead by cause, a later death ranking higher
 * (their ranks give the order: the worst rank died first). */
function igranieReasons(view, outcome, nameOf) {
  const steps = {};
  view.players.forEach((p, seat) => {
    if (p.dead) steps[seat] = -outcome.ranks[seat];
  });
  const order = deathOrder(steps);
  const total = new Set(Object.values(steps)).size;
  return Object.fromEntries(
    view.players.map((p, seat) => {
      if (p.dead) return [seat, died(order, seat, nameOf(p.cause), total)];
      const key = view.winner === seat && view.reason === "dream_bank" ? "outcome.igranie.filled" : "outcome.igranie.bank";
      return [seat, say(key, { count: p.bank_money + p.bank_food })];
    }),
  );
}

/** Grucha: the match total of penalty points, the fewest first. */
function gruchaReasons(view) {
  return Object.fromEntries(view.totals.map((points, seat) => [seat, say("outcome.grucha.points", { count: points })]));
}

/** How the panel names ``seat``: its seat's name, and in Gregs its character first ("Greg, Seat 1 (Ann)"),
 * since the table shows the characters on the track (GRE-3, 20); in iGranie too ("Lena, Seat 0 (Ala)"). */
function namer(game, view, seats, nameOf) {
  return (seat) => {
    const who = seatName(seat, seats);
    const character = game === "gregs" && view && view.characters ? view.characters[seat] : null;
    if (character) return say("gregs.player", { character: nameOf(character), seat: who });
    // iGranie: the character each seat played (IGR-1), as the table showed it
    const played = game === "igranie" && view && view.players && view.players[seat] ? view.players[seat].character : null;
    return played ? say("outcome.igranie.player", { character: nameOf(played), seat: who }) : who;
  };
}

const REASONS = { gregs: gregsReasons, infarkt: infarktReasons, igranie: igranieReasons, grucha: gruchaReasons };

/** How the game ended: the catalogue's `end.<reason>` text (its name where it has none), and for a guard
 * end that a guard, not the rules, stopped it, with the guard's limit. */
function ending(game, outcome, view, nameOf, textOf) {
  // Grucha's and iGranie's views say which ending it was; their outcome's reason names only the kind
  const own = game === "grucha" ? view && view.end_reason : game === "igranie" ? view && view.reason : null;
  const reason = own || outcome.reason;
  const id = `end.${reason}`;
  const told = textOf(id) || (nameOf(id) !== id ? `${nameOf(id)}.` : `${reason}.`);
  if (!outcome.guard) return say("outcome.ended", { reason: told });
  if (game === "infarkt" && view) return say("outcome.guard.rounds", { reason: told, count: view.round_limit });
  if (game === "gregs" && view) return say("outcome.guard.turns", { reason: told, count: view.turn_limit });
  return say("outcome.guard", { reason: told });
}

/** The outcome panel for `outcome` ({ranks, winners, reason, guard}) of `ctx.game`, with the seats'
 * names (`seats`, a room summary's) and the finished table's public `ctx.view` (null: ranks alone). */
export function drawOutcome(outcome, seats, ctx = {}) {
  const box = document.getElementById("outcome");
  box.hidden = !outcome;
  if (!outcome) return fill(box);
  const nameOf = ctx.nameOf || ((id) => id);
  const textOf = ctx.textOf || (() => "");
  const view = ctx.view || null;
  const explain = view && REASONS[ctx.game];
  const reasons = explain ? explain(view, outcome, nameOf) : {};
  const order = outcome.ranks
    .map((rank, seat) => ({ rank, seat }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const named = namer(ctx.game, view, seats, nameOf);
  const winners = outcome.winners.map(named).join(", ");
  fill(
    box,
    h("h2", {}, say("outcome.title")),
    h(
      "p",
      { class: "winners" },
      outcome.winners.length ? say("outcome.winners", { count: outcome.winners.length, seats: winners }) : say("outcome.nobody"),
    ),
    h("p", { class: ["ending", outcome.guard && "guard"] }, ending(ctx.game, outcome, view, nameOf, textOf)),
    h(
      "ol",
      { class: "ranking" },
      order.map(({ rank, seat }) => {
        const who = named(seat);
        const why = reasons[seat];
        return h(
          "li",
          { "data-seat": seat },
          why ? say("outcome.rank.why", { rank, seat: who, reason: why }) : say("outcome.rank", { rank, seat: who }),
        );
      }),
    ),
  );
}
