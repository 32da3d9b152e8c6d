// iGranie z Gruzem (IGR-1…37): the figure eight (Start, Work with Payday, Chillout, the eight Small
// Loops off their entrances) with the figures, each player's shelf, wallet, Dream Bank and Special
// cards, your hand, and the open reaction windows with their plays. Card plays, cancels and passes
// are the controls panel's buttons, worded by `label`.

import { h } from "../dom.js";
import { who } from "./generic.js";

const LARGE = 15; // spaces of a Large Loop after Start; Payday is work-15 (IGR-4)
const LOOPS = {
  work: "Work",
  chillout: "Chillout",
  colleagues: "Work Colleagues",
  deadlines: "Deadlines",
  bureaucracy: "Bureaucracy and Health Service",
  sidegig: "Side Gig",
  shops: "Shops",
  parties: "Parties",
  eroticism: "Eroticism",
  relationship: "Attempts at Life in a Relationship",
};
// the Small Loops by Large Loop and entrance space (games/igranie/data/board.json)
const SMALL = {
  work: { 3: "colleagues", 6: "deadlines", 9: "bureaucracy", 12: "sidegig" },
  chillout: { 3: "shops", 6: "parties", 9: "eroticism", 12: "relationship" },
};
// the Resourcefulness cards' names by kind (games/igranie/data/resourcefulness.json)
const CARDS = {
  borrow: "Borrowing from a Flatmate",
  connections: "Connections",
  coupons: "Coupons",
  denial: "Denial",
  excuse: "A Perfect Excuse",
  hustle: "Side Hustle",
  landlord: "The Landlord's Nephew",
  luck: "Lucky Break",
  networking: "Networking",
  pickpocket: "Pickpocket",
  plan: "Cunning Plan",
  clerk: "A Friend at the Office",
  condoms: "Pack of Condoms",
  contract: "Employment Contract",
  energy: "Crate of Energy Drinks",
  loyalty: "Loyalty Card",
  mug: "Company Mug",
  taser: "Taser Monkey",
  therapist: "The Couples' Therapist's Number",
};
const CHARACTERS = {
  ilona: "Ilona",
  lena: "Lena",
  marcin: "Marcin",
  stefan: "Stefan",
  fiefiurka: "Fiefiurka",
};

// a choice group's name (the controls panel's label for a kind: `label(kind, {})`)
const GROUPS = {
  modify: "Play a card on a roll",
  cancel: "Cancel a play",
  reverse: "Reverse the loop effect",
  special: "A card's action",
  discard: "Discard a card",
  choose: "Choose your character",
};

const titled = (slug) => slug.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());

/** "Cunning Plan" for res-plan-3, "HIV" for hiv, an Event card's id read as words otherwise. */
export function cardName(id) {
  if (!id) return "a card";
  if (id === "hiv") return "HIV";
  const m = /^(?:res|spc)-([a-z]+)(?:-\d+)?$/.exec(id);
  if (m && CARDS[m[1]]) return CARDS[m[1]];
  return titled(id.replace(/-\d+$/, ""));
}

/** "Work 15 (Payday)", "Start", "Side Gig 2". */
export function spaceName(space) {
  if (space === null || space === undefined) return "off the board";
  if (space === "start") return "Start";
  const [, loop, index] = /^(.*)-(\d+)$/.exec(space) || [null, space, ""];
  const name = `${LOOPS[loop] || titled(loop)} ${index}`;
  return space === `work-${LARGE}` ? `${name} (Payday)` : name;
}

const character = (c) => CHARACTERS[c] || (c ? titled(c) : "no character yet");

function figures(v, space, ctx) {
  const here = v.players.map((p, seat) => (p.space === space ? seat : null)).filter((s) => s !== null);
  return here.map((seat) =>
    h(
      "span",
      { class: ["ig-figure", seat === ctx.viewer && "ig-mine"], "data-seat": seat },
      character(v.players[seat].character).slice(0, 2),
    ),
  );
}

function cell(v, space, ctx, extra) {
  const who_here = v.players
    .map((p, seat) => (p.space === space ? who(seat, ctx) : null))
    .filter(Boolean);
  const label = `${spaceName(space)}${who_here.length ? `: ${who_here.join(", ")}` : ""}`;
  return h(
    "li",
    {
      class: ["ig-space", extra, who_here.length && "ig-occupied"],
      "data-space": space,
      "aria-label": label,
      title: label,
    },
    h("span", { class: "ig-index", "aria-hidden": "true" }, space === "start" ? "S" : space.split("-").pop()),
    figures(v, space, ctx),
  );
}

function largeLoop(v, side, ctx) {
  const spaces = [];
  for (let i = 1; i <= LARGE; i += 1) {
    const space = `${side}-${i}`;
    spaces.push(cell(v, space, ctx, i === LARGE && side === "work" ? "ig-payday" : null));
  }
  const smalls = Object.entries(SMALL[side]).map(([entrance, loop]) =>
    h(
      "li",
      { class: "ig-small" },
      h("span", { class: "ig-small-name" }, `${LOOPS[loop]} (from ${side === "work" ? "Work" : "Chillout"} ${entrance})`),
      h(
        "ol",
        { class: "ig-track", "aria-label": LOOPS[loop] },
        [1, 2, 3, 4].map((i) => cell(v, `${loop}-${i}`, ctx, null)),
      ),
    ),
  );
  return h(
    "section",
    { class: ["ig-loop", `ig-${side}`], "aria-label": `${LOOPS[side]} loop` },
    h("h3", {}, LOOPS[side]),
    h("ol", { class: "ig-track", "aria-label": `${LOOPS[side]} spaces` }, spaces),
    h("ul", { class: "ig-smalls", "aria-label": `Small Loops off ${LOOPS[side]}` }, smalls),
  );
}

function board(v, ctx) {
  return h(
    "div",
    { class: "ig-board", role: "group", "aria-label": "The board" },
    largeLoop(v, "work", ctx),
    h("ol", { class: "ig-track ig-start", "aria-label": "Start" }, cell(v, "start", ctx, "ig-start-space")),
    largeLoop(v, "chillout", ctx),
  );
}

function marks(p) {
  return [
    p.hunger && "Hunger marker",
    p.debt && "Debt",
    p.skip && "skips the next move",
    p.tough && "nothing can be taken from her",
    p.rent_release > 0 && `rent released ×${p.rent_release}`,
    p.dead && `dead (${p.cause})`,
  ].filter(Boolean);
}

function player(v, p, seat, ctx) {
  const m = marks(p);
  return h(
    "li",
    {
      class: ["ig-player", seat === v.active && "ig-active", p.dead && "ig-dead"],
      "data-seat": seat,
    },
    h("h3", {}, `${who(seat, ctx)}: ${character(p.character)}${seat === v.active ? " (to play)" : ""}`),
    h(
      "dl",
      { class: "ig-stats" },
      h("dt", {}, "Shelf"),
      h("dd", { class: "ig-food" }, `${p.food} Food`),
      h("dt", {}, "Wallet"),
      h("dd", { class: "ig-money" }, `${p.money} Money`),
      h("dt", {}, "Dream Bank"),
      h("dd", { class: "ig-bank" }, `${p.bank_money}/15 Money, ${p.bank_food}/15 Food`),
      h("dt", {}, "Hand"),
      h("dd", {}, `${p.hand_size} card(s)`),
      h("dt", {}, "Where"),
      h("dd", {}, `${spaceName(p.space)}${p.enter ? `, going into ${LOOPS[p.enter] || p.enter}` : ""}`),
    ),
    p.specials.length
      ? h("p", { class: "ig-specials" }, `Special cards: ${p.specials.map(cardName).join(", ")}`)
      : null,
    m.length ? h("p", { class: "ig-marks" }, m.join("; ")) : null,
  );
}

function hand(v) {
  if (!v.hand) return null;
  return h(
    "section",
    { class: "ig-hand", "aria-label": "Your hand" },
    h("h3", {}, `Your hand (${v.hand.length})`),
    v.hand.length
      ? h(
          "ul",
          {},
          v.hand.map((id) => h("li", { class: "ig-card", "data-card": id }, cardName(id))),
        )
      : h("p", {}, "No cards."),
  );
}

function payloadText(p, ctx) {
  switch (p.kind) {
    case "card":
      return p.use === "modify"
        ? `${cardName(p.card)} on the ${p.side === 0 ? "mover's or attacker's" : "defender's"} roll`
        : `${cardName(p.card)} as a ${p.use}`;
    case "loop":
      return `the ${LOOPS[p.loop] || p.loop} effect ${p.result}`;
    case "event":
      return `the Event card ${cardName(p.card)}`;
    case "ability":
      return `the Ability ${titled(p.ability)}${(p.seats || []).length ? ` for ${p.seats.map((s) => who(s, ctx)).join(", ")}` : ""}`;
    case "special":
      return `${cardName(p.card)}'s action${p.seat !== null && p.seat !== undefined ? ` on ${who(p.seat, ctx)}` : ""}`;
    case "accept":
      return "accepts";
    case "give_up":
      return "gives up";
    default:
      return p.kind;
  }
}

function playText(play, ctx) {
  const target = play.target !== undefined && play.target !== null ? ` against play #${play.target}` : "";
  return `#${play.id}: ${who(play.seat, ctx)}: ${payloadText(play.payload || {}, ctx)}${target}${play.cancelled ? " (cancelled)" : ""}`;
}

function windowNode(w, ctx) {
  const mine = ctx.prompt && ctx.offered("pass");
  const next = w.seats[w.turn];
  return h(
    "section",
    { class: "ig-window", "aria-label": `Reaction window ${w.id}`, "data-window": w.id },
    h("h3", {}, `Window ${w.id}${w.purpose ? `: ${w.purpose}` : ""}`),
    w.plays && w.plays.length
      ? h("ol", { class: "ig-plays" }, w.plays.map((p) => h("li", { "data-play": p.id }, playText(p, ctx))))
      : h("p", {}, "No plays yet."),
    h(
      "p",
      { class: "ig-window-turn" },
      mine ? "Play a card or pass." : next !== undefined ? `Waiting for ${who(next, ctx)}.` : "",
    ),
  );
}

export default {
  game: "igranie",
  inline: [],
  view(ctx) {
    const v = ctx.view;
    return h(
      "div",
      { class: "igranie" },
      h(
        "p",
        { class: "ig-turn" },
        `Week ${v.round} of 24 (month ${v.month}), ${v.phase} phase: ${who(v.active, ctx)} to play. ` +
          `Rent ${v.rent}.`,
      ),
      (v.windows || []).map((w) => windowNode(w, ctx)),
      hand(v),
      board(v, ctx),
      h("ul", { class: "ig-players", "aria-label": "Players" }, v.players.map((p, s) => player(v, p, s, ctx))),
      h(
        "p",
        { class: "ig-decks" },
        `Decks: Work ${v.decks.work}, Chillout ${v.decks.chillout}, Resourcefulness ${v.decks.res}. ` +
          `Last discards: ${[v.work_discard, v.chillout_discard, v.res_discard]
            .map((pile) => (pile.length ? cardName(pile[pile.length - 1]) : "none"))
            .join(", ")}.`,
      ),
    );
  },
  describe(body, ctx) {
    const s = body.seat !== undefined ? who(body.seat, ctx) : "";
    switch (body.kind) {
      case "chosen":
        return `${s} chose ${character(body.character)}.`;
      case "turn_began":
        return `Week ${body.round}: ${s} to play.`;
      case "rolled":
        return `${s} rolled ${body.dice.join(" and ")} (${body.what}).`;
      case "played":
        return `${s} played ${body.card ? cardName(body.card) : body.what}${body.what === "modify" ? ` on the ${body.side === 0 ? "mover's or attacker's" : "defender's"} roll` : ""}${
          body.target !== null && body.target !== undefined ? ` against play #${body.target}` : ""
        } (play #${body.play}, window ${body.window}).`;
      case "passed":
        return `${s} passed.`;
      case "cancelled":
        return `Play #${body.play} was cancelled.`;
      case "moved":
        return `${s} ${body.pushed ? "was pushed" : "moved"} to ${spaceName(body.path[body.path.length - 1])}.`;
      case "changed": {
        const sign = body.delta > 0 ? `+${body.delta}` : String(body.delta);
        const named = body.cards && body.cards.length ? ` (${body.cards.map(cardName).join(", ")})` : "";
        return `${s}: ${body.what.replace("_", " ")} ${sign}${named}, ${body.reason}.`;
      }
      case "theft_settled":
        return `The theft ends ${body.totals.join(" to ")}: ${who(body.winner, ctx)} wins it.`;
      case "rent_due":
        return `${s} owed ${body.owed} rent and paid ${body.paid}${body.settled ? ` (${body.settled})` : ""}.`;
      case "died":
        return `${s} died of ${body.cause}.`;
      case "timed_out":
        return `${s} ran out of time (${body.default}).`;
      default:
        return null;
    }
  },
  label(kind, choice, ctx) {
    if (GROUPS[kind] && Object.keys(choice).length === 0) return GROUPS[kind];
    switch (kind) {
      case "pass":
        return "Pass";
      case "modify":
        return `Play ${cardName(choice.card)} on the ${choice.side === 0 ? "mover's or attacker's" : "defender's"} roll`;
      case "cancel":
        return `Cancel play #${choice.target} with ${cardName(choice.card)}`;
      case "reverse":
        return `Reverse the loop effect with ${cardName(choice.card)}`;
      case "special":
        return `${cardName(choice.card)}'s action${choice.seat !== null && choice.seat !== undefined ? ` on ${who(choice.seat, ctx)}` : ""}`;
      case "choose":
        return `Play ${character(choice.character)}`;
      case "first_loop":
        return `Start in ${LOOPS[choice.loop] || choice.loop}`;
      case "roll":
        return "Roll the die";
      case "done":
        return "Done";
      case "eat":
        return `Eat ${choice.count} Food`;
      case "deposit":
        return `Put ${choice.count} ${choice.good} into the Dream Bank`;
      case "buy":
        return `Buy ${choice.count} ${choice.good}`;
      case "discard":
        return `Discard ${cardName(choice.card)}`;
      case "steal":
        return `Steal from ${who(choice.target, ctx)}'s shelf`;
      case "accept":
        return "Accept";
      case "give_up":
        return "Give up";
      default:
        return null;
    }
  },
};
