// iGranie z Gruzem (IGR-1…37): the figure eight (Start, Work with Payday, Chillout, the eight Small
// Loops off their entrances) with the figures, each player's shelf, wallet, Dream Bank and Special
// cards, your hand, and the open reaction windows with their plays. Card plays, cancels and passes
// are the controls panel's buttons, worded by `label`.

import { h } from "../dom.js";
import { helped } from "../help.js";
import { who } from "./generic.js";
import { igranieLabel } from "./igranie-prompts.js";
import { say } from "../words.js";

const LARGE = 15; // spaces of a Large Loop after Start; Payday is work-15 (IGR-4)
// the Small Loops by Large Loop and entrance space (games/igranie/data/board.json)
const SMALL = {
  work: { 3: "colleagues", 6: "deadlines", 9: "bureaucracy", 12: "sidegig" },
  chillout: { 3: "shops", 6: "parties", 9: "eroticism", 12: "relationship" },
};



/** A card's name from the game's catalogue (``Cunning Plan`` for res-plan-3). */
export function cardName(id, ctx) {
  return id ? ctx.nameOf(id) : "a card";
}

/** A space's or loop's name from the catalogue (``Work 3``, ``Payday``, ``Start``). */
export function spaceName(space, ctx) {
  return space === null || space === undefined ? "off the board" : ctx.nameOf(space);
}

const character = (c, ctx) => (c ? ctx.nameOf(c) : "no character yet");

/** A character's Abilities and trait: the catalogue's ability entries its text names, in that order. */
function abilitiesOf(c, ctx) {
  const said = ctx.textOf(c);
  const entries = Object.entries((ctx.catalog && ctx.catalog.entries) || {});
  return entries
    .filter(([, e]) => e.group === "ability" && said.includes(e.name))
    .sort(([, a], [, b]) => said.indexOf(a.name) - said.indexOf(b.name))
    .map(([id]) => id);
}

/** What a character is and each of its Abilities does, a line each (IGR-31…35). */
export function characterHelp(c, ctx) {
  if (!c) return "";
  const lines = abilitiesOf(c, ctx).map((id) => `${ctx.nameOf(id)}: ${ctx.textOf(id)}`);
  return [ctx.textOf(c), ...lines].filter(Boolean).join("\n");
}

function figures(v, space, ctx) {
  const here = v.players.map((p, seat) => (p.space === space ? seat : null)).filter((s) => s !== null);
  return here.map((seat) =>
    h(
      "span",
      { class: ["ig-figure", seat === ctx.viewer && "ig-mine"], "data-seat": seat },
      // a figure is its character's first letters, its seat number before the character is chosen
      v.players[seat].character ? ctx.nameOf(v.players[seat].character).slice(0, 2) : String(seat),
    ),
  );
}

function cell(v, space, ctx, extra) {
  const who_here = v.players
    .map((p, seat) => (p.space === space ? who(seat, ctx) : null))
    .filter(Boolean);
  const label = `${spaceName(space, ctx)}${who_here.length ? `: ${who_here.join(", ")}` : ""}`;
  // Start and Payday do something of their own; a plain space's text only says where it is
  const special = space === "start" || extra === "ig-payday";
  const node = h(
    "li",
    {
      class: ["ig-space", extra, who_here.length && "ig-occupied"],
      "data-space": space,
      "aria-label": label,
    },
    h("span", { class: "ig-index", "aria-hidden": "true" }, space === "start" ? "S" : space.split("-").pop()),
    figures(v, space, ctx),
  );
  return special ? helped(node, ctx.textOf(space), `space|${space}`) : node;
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
      helped(
        h("span", { class: "ig-small-name" }, `${spaceName(loop, ctx)} (from ${side === "work" ? "Work" : "Chillout"} ${entrance})`),
        ctx.textOf(loop),
        `loop|${loop}`,
      ),
      h(
        "ol",
        { class: "ig-track", "aria-label": spaceName(loop, ctx) },
        [1, 2, 3, 4].map((i) => cell(v, `${loop}-${i}`, ctx, null)),
      ),
    ),
  );
  return h(
    "section",
    { class: ["ig-loop", `ig-${side}`], "aria-label": `${spaceName(side, ctx)} loop` },
    helped(h("h3", {}, spaceName(side, ctx)), ctx.textOf(side), `loop|${side}`),
    h("ol", { class: "ig-track", "aria-label": `${spaceName(side, ctx)} spaces` }, spaces),
    h("ul", { class: "ig-smalls", "aria-label": `Small Loops off ${spaceName(side, ctx)}` }, smalls),
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
    helped(
      h("h3", {}, `${who(seat, ctx)}: ${character(p.character, ctx)}${seat === v.active ? " (to play)" : ""}`),
      characterHelp(p.character, ctx),
      `player|${seat}`,
    ),
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
      h("dd", {}, `${spaceName(p.space, ctx)}${p.enter ? `, going into ${spaceName(p.enter, ctx)}` : ""}`),
    ),
    p.specials.length
      ? h(
          "p",
          { class: "ig-specials" },
          "Special cards: ",
          p.specials.map((c, i) => [
            i ? ", " : "",
            helped(h("span", { "data-card": c }, cardName(c, ctx)), ctx.textOf(c), `special|${seat}|${c}`),
          ]),
        )
      : null,
    m.length ? h("p", { class: "ig-marks" }, m.join("; ")) : null,
  );
}

function hand(v, ctx) {
  if (!v.hand) return null;
  return h(
    "section",
    { class: "ig-hand", "aria-label": "Your hand" },
    h("h3", {}, `Your hand (${v.hand.length})`),
    v.hand.length
      ? h(
          "ul",
          {},
          v.hand.map((id, i) =>
            helped(h("li", { class: "ig-card", "data-card": id }, cardName(id, ctx)), ctx.textOf(id), `hand|${i}|${id}`),
          ),
        )
      : h("p", {}, "No cards."),
  );
}

function payloadText(p, ctx) {
  switch (p.kind) {
    case "card":
      return p.use === "modify"
        ? `${cardName(p.card, ctx)} on the ${p.side === 0 ? "mover's or attacker's" : "defender's"} roll`
        : `${cardName(p.card, ctx)} as a ${p.use}`;
    case "loop":
      return `the ${spaceName(p.loop, ctx)} effect ${p.result}`;
    case "event":
      return `the Event card ${cardName(p.card, ctx)}`;
    case "ability":
      return `the Ability ${ctx.nameOf(p.ability)}${(p.seats || []).length ? ` for ${p.seats.map((s) => who(s, ctx)).join(", ")}` : ""}`;
    case "special":
      return `the action of ${cardName(p.card, ctx)}${p.seat !== null && p.seat !== undefined ? ` on ${who(p.seat, ctx)}` : ""}`;
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

// what opens a window (games/igranie/flow.py `window` purposes): chrome.json `igranie.window.<purpose>`,
// "a window after the roll of Seat 0"
const PURPOSES = ["move", "event", "loop", "contest", "special", "ability"];

export default {
  game: "igranie",
  inline: [],
  /** What a window prompt is for: the window of the prompt's id in the view, and who opened it. */
  purpose(prompt, ctx) {
    const id = Number(String(prompt.id).match(/^w(\d+)\//)?.[1]);
    const w = (ctx.view?.windows || []).find((x) => x.id === id);
    if (!w) return null;
    const opener = w.plays && w.plays.length ? w.plays[0].seat : ctx.view.active;
    const purpose = PURPOSES.includes(w.purpose) ? w.purpose : "other";
    return say(`igranie.window.${purpose}`, { seat: ctx.name(opener) });
  },
  view(ctx) {
    const v = ctx.view;
    return h(
      "div",
      { class: "igranie" },
      h(
        "p",
        { class: "ig-turn" },
        // every seat chooses its character in turn before the first turn: nobody is "to play" yet
        `Week ${v.round} of 24 (month ${v.month}), ${v.phase} phase` +
          (v.phase === "choose" ? ": the characters are being chosen. " : `: ${who(v.active, ctx)} to play. `) +
          `Rent ${v.rent}.`,
      ),
      (v.windows || []).map((w) => windowNode(w, ctx)),
      hand(v, ctx),
      board(v, ctx),
      h("ul", { class: "ig-players", "aria-label": "Players" }, v.players.map((p, s) => player(v, p, s, ctx))),
      h(
        "p",
        { class: "ig-decks" },
        `Decks: Work ${v.decks.work}, Chillout ${v.decks.chillout}, Resourcefulness ${v.decks.res}. ` +
          `Last discards: ${[v.work_discard, v.chillout_discard, v.res_discard]
            .map((pile) => (pile.length ? cardName(pile[pile.length - 1], ctx) : "none"))
            .join(", ")}.`,
      ),
    );
  },
  /** A choice's popover: the character with its Abilities, a card's text; else the kind's text. */
  help(kind, choice, ctx) {
    if (kind === "choose") return characterHelp(choice.character, ctx);
    if (choice.card) return ctx.textOf(choice.card);
    if (kind === "first_loop" && choice.loop) return ctx.textOf(choice.loop);
    return null;
  },
  label: igranieLabel,
};
