// iGranie z Gruzem (IGR-1…37): the figure eight (Start, Work with Payday, Chillout, the eight Small
// Loops off their entrances) with the figures, each player's shelf, wallet, Dream Bank and Special
// cards, your hand, and the open reaction windows with their plays. Card plays, cancels and passes
// are the controls panel's buttons, worded by `label`. Every sentence is chrome.json's (`igranie.*`, with
// plural forms by count) in the page's language; names come from the game's catalogue.

import { h } from "../dom.js";
import { helped } from "../help.js";
import { igranieLabel, who } from "./igranie-prompts.js";
import { say } from "../words.js";

const LARGE = 15; // spaces of a Large Loop after Start; Payday is work-15 (IGR-4)
// the Small Loops by Large Loop and entrance space (games/igranie/data/board.json)
const SMALL = {
  work: { 3: "colleagues", 6: "deadlines", 9: "bureaucracy", 12: "sidegig" },
  chillout: { 3: "shops", 6: "parties", 9: "eroticism", 12: "relationship" },
};



/** A card's name from the game's catalogue (``Cunning Plan`` for res-plan-3). */
export function cardName(id, ctx) {
  return id ? ctx.nameOf(id) : say("igranie.a_card");
}

/** A space's or loop's name from the catalogue (``Work 3``, ``Payday``, ``Start``). */
export function spaceName(space, ctx) {
  return space === null || space === undefined ? say("igranie.where.off") : ctx.nameOf(space);
}

const character = (c, ctx) => (c ? ctx.nameOf(c) : say("igranie.player.nobody"));

/** A figure's token: its character's first two letters, its seat number before a character is chosen. */
function token(p, seat, ctx) {
  return p.character ? ctx.nameOf(p.character).slice(0, 2) : String(seat);
}

/** Who a figure is: "Seat 0 (Ann): Stefan" (the seat always by its name: at a shared screen "you" would
 * not tell two seats apart). */
function figureName(v, seat, ctx) {
  return say("igranie.player", { seat: ctx.name(seat), character: character(v.players[seat].character, ctx) });
}

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

function here(v, space) {
  return v.players.map((p, seat) => (p.space === space ? seat : null)).filter((s) => s !== null);
}

function figures(v, space, ctx) {
  return here(v, space).map((seat) =>
    h(
      "span",
      {
        class: ["ig-figure", seat === ctx.viewer && "ig-mine"],
        "data-seat": seat,
        title: figureName(v, seat, ctx),
      },
      token(v.players[seat], seat, ctx),
    ),
  );
}

/** A space with its figures; its popover says what the space does (the catalogue's text: Start, Payday,
 * an entrance, a plain space) and who stands on it. */
function cell(v, space, ctx, extra) {
  const seats = here(v, space);
  const names = seats.map((seat) => figureName(v, seat, ctx)).join(", ");
  const label = seats.length ? say("igranie.space.label", { space: spaceName(space, ctx), seats: names }) : spaceName(space, ctx);
  const node = h(
    "li",
    {
      class: ["ig-space", extra, seats.length && "ig-occupied"],
      "data-space": space,
      "aria-label": label,
    },
    h("span", { class: "ig-index", "aria-hidden": "true" }, space === "start" ? "S" : space.split("-").pop()),
    figures(v, space, ctx),
  );
  const text = [ctx.textOf(space), seats.length ? say("igranie.space.here", { seats: names }) : ""];
  return helped(node, text.filter(Boolean).join("\n"), `space|${space}`);
}

/** What each token on the board stands for: a line per seat, its token and who it is. */
function legend(v, ctx) {
  return h(
    "section",
    { class: "ig-legend", "aria-label": say("igranie.legend") },
    h("h3", {}, say("igranie.legend")),
    h(
      "dl",
      {},
      v.players.map((p, seat) => [
        h("dt", {}, h("span", { class: ["ig-figure", seat === ctx.viewer && "ig-mine"], "data-seat": seat }, token(p, seat, ctx))),
        h("dd", { "data-seat": seat }, figureName(v, seat, ctx)),
      ]),
    ),
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
      helped(
        h(
          "span",
          { class: "ig-small-name" },
          say("igranie.small.from", { loop: spaceName(loop, ctx), space: spaceName(`${side}-${entrance}`, ctx) }),
        ),
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
    { class: ["ig-loop", `ig-${side}`], "aria-label": say("igranie.loop", { loop: spaceName(side, ctx) }) },
    helped(h("h3", {}, spaceName(side, ctx)), ctx.textOf(side), `loop|${side}`),
    h("ol", { class: "ig-track", "aria-label": say("igranie.loop.spaces", { loop: spaceName(side, ctx) }) }, spaces),
    h("ul", { class: "ig-smalls", "aria-label": say("igranie.loop.smalls", { loop: spaceName(side, ctx) }) }, smalls),
  );
}

function board(v, ctx) {
  return h(
    "div",
    { class: "ig-board", role: "group", "aria-label": say("igranie.board") },
    largeLoop(v, "work", ctx),
    h("ol", { class: "ig-track ig-start", "aria-label": spaceName("start", ctx) }, cell(v, "start", ctx, "ig-start-space")),
    largeLoop(v, "chillout", ctx),
    legend(v, ctx),
  );
}

function marks(p, ctx) {
  return [
    p.hunger && say("igranie.mark.hunger"),
    p.debt && say("igranie.mark.debt"),
    p.skip && say("igranie.mark.skip"),
    p.tough && say("igranie.mark.tough"),
    p.rent_release > 0 && say("igranie.mark.release", { count: p.rent_release }),
    p.dead && say("igranie.mark.dead", { cause: ctx.nameOf(p.cause) }),
  ].filter(Boolean);
}

function player(v, p, seat, ctx) {
  const m = marks(p, ctx);
  return h(
    "li",
    {
      class: ["ig-player", seat === v.active && "ig-active", p.dead && "ig-dead"],
      "data-seat": seat,
    },
    helped(
      h(
        "h3",
        {},
        say(seat === v.active ? "igranie.player.active" : "igranie.player", {
          seat: who(seat, ctx),
          character: character(p.character, ctx),
        }),
      ),
      characterHelp(p.character, ctx),
      `player|${seat}`,
    ),
    h(
      "dl",
      { class: "ig-stats" },
      h("dt", {}, say("igranie.stat.shelf")),
      h("dd", { class: "ig-food" }, say("igranie.food", { count: p.food })),
      h("dt", {}, say("igranie.stat.wallet")),
      h("dd", { class: "ig-money" }, say("igranie.money", { count: p.money })),
      h("dt", {}, say("igranie.stat.bank")),
      h("dd", { class: "ig-bank" }, say("igranie.bank", { money: p.bank_money, food: p.bank_food })),
      h("dt", {}, say("igranie.stat.hand")),
      h("dd", { class: "ig-hand-size" }, say("igranie.cards", { count: p.hand_size })),
      h("dt", {}, say("igranie.stat.where")),
      h(
        "dd",
        { class: "ig-where" },
        p.enter
          ? say("igranie.where.into", { space: spaceName(p.space, ctx), loop: spaceName(p.enter, ctx) })
          : spaceName(p.space, ctx),
      ),
    ),
    p.specials.length
      ? h(
          "p",
          { class: "ig-specials" },
          say("igranie.specials"),
          " ",
          p.specials.map((c, i) => [
            i ? ", " : "",
            helped(h("span", { "data-card": c }, cardName(c, ctx)), ctx.textOf(c), `special|${seat}|${c}`),
          ]),
        )
      : null,
    m.length ? h("p", { class: "ig-marks" }, m.join("; ")) : null,
  );
}

/** IGR-1, IGR-26 (README: a Special card dealt is laid face up, not replaced): in the first week, why a
 * hand of the 5 dealt holds fewer, naming the viewer's Special cards; ``null`` otherwise. */
function dealtSpecials(v, ctx) {
  const own = ctx.viewer !== null && ctx.viewer !== undefined ? v.players[ctx.viewer] : null;
  if (!own || v.round !== 1 || !(own.specials || []).length) return null;
  const names = own.specials.map((id) => cardName(id, ctx)).join(", ");
  return h("p", { class: "ig-hand-specials" }, say("igranie.hand.specials", { cards: names }));
}

function hand(v, ctx) {
  if (!v.hand) return null;
  return h(
    "section",
    { class: "ig-hand", "aria-label": say("igranie.hand.label") },
    h("h3", {}, say("igranie.hand", { count: v.hand.length })),
    dealtSpecials(v, ctx),
    v.hand.length
      ? h(
          "ul",
          {},
          v.hand.map((id, i) =>
            helped(h("li", { class: "ig-card", "data-card": id }, cardName(id, ctx)), ctx.textOf(id), `hand|${i}|${id}`),
          ),
        )
      : h("p", {}, say("igranie.hand.empty")),
  );
}

/** What a play is, in words: "Denial as a cancel", "the Event card Tax Letter" (IGR-28…30). */
export function payloadText(p, ctx) {
  const card = cardName(p.card, ctx);
  switch (p.kind) {
    case "card":
      if (p.use === "modify") return say(`igranie.play.modify.${p.side ? "defender" : "mover"}`, { card });
      return say(p.use === "reverse" ? "igranie.play.reverse" : "igranie.play.cancel", { card });
    case "loop":
      return say("igranie.play.loop", { loop: spaceName(p.loop, ctx), result: p.result });
    case "event":
      return say("igranie.play.event", { card });
    case "ability": {
      const ability = ctx.nameOf(p.ability);
      const seats = (p.seats || []).map((s) => who(s, ctx)).join(", ");
      return seats ? say("igranie.play.ability.for", { ability, seats }) : say("igranie.play.ability", { ability });
    }
    case "special":
      return p.seat !== null && p.seat !== undefined
        ? say("igranie.play.special.on", { card, seat: who(p.seat, ctx) })
        : say("igranie.play.special", { card });
    case "accept":
    case "give_up":
      return say(`igranie.play.${p.kind}`);
    default:
      return p.kind;
  }
}

/** One line of a window's plays: "#2: Seat 1 (Ann): Denial as a cancel, against play #1 (cancelled)". */
export function playText(play, ctx) {
  const vars = { id: play.id, seat: who(play.seat, ctx), what: payloadText(play.payload || {}, ctx) };
  const aimed = play.target !== undefined && play.target !== null;
  const line = aimed ? say("igranie.play.against", { ...vars, target: play.target }) : say("igranie.play", vars);
  return play.cancelled ? say("igranie.play.cancelled", { play: line }) : line;
}

/** What opened window ``w`` and what it follows, the seat that opened it named: the die of a roll
 * ("a window after the roll of Seat 0: 4"), a theft's running totals (IGR-18, the view's
 * ``contest_totals``), the card action or Ability played (IGR-29, IGR-36). */
function purposeText(w, ctx) {
  const v = ctx.view;
  const opener = w.plays && w.plays.length ? w.plays[0].seat : v.active;
  const purpose = PURPOSES.includes(w.purpose) ? w.purpose : "other";
  const seat = ctx.name(opener);
  const totals = v.contest_totals || [];
  if (purpose === "move" && v.turn && v.turn.die) return say("igranie.window.move.die", { seat, die: v.turn.die });
  if (purpose === "contest" && v.contest && totals.length === 2)
    return say("igranie.window.contest.totals", {
      seat: ctx.name(v.contest.attacker),
      defender: ctx.name(v.contest.defender),
      attack: totals[0],
      defence: totals[1],
    });
  if ((purpose === "special" || purpose === "ability") && w.plays && w.plays.length)
    return say(`igranie.window.${purpose}.what`, { seat, what: payloadText(w.plays[0].payload || {}, ctx) });
  return say(`igranie.window.${purpose}`, { seat });
}

function windowNode(w, ctx) {
  const mine = ctx.prompt && ctx.offered("pass");
  const next = w.seats[w.turn];
  const title = say("igranie.window.title", { id: w.id, purpose: purposeText(w, ctx) });
  return h(
    "section",
    { class: "ig-window", "aria-label": title, "data-window": w.id },
    h("h3", {}, title),
    w.plays && w.plays.length
      ? h("ol", { class: "ig-plays" }, w.plays.map((p) => h("li", { "data-play": p.id }, playText(p, ctx))))
      : h("p", {}, say("igranie.window.empty")),
    h(
      "p",
      { class: "ig-window-turn" },
      mine ? say("igranie.window.yours") : next !== undefined ? say("igranie.window.waiting", { seat: who(next, ctx) }) : "",
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
    return w ? purposeText(w, ctx) : null;
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
        say(v.phase === "choose" ? "igranie.turn.choose" : "igranie.turn", {
          round: v.round,
          weeks: v.weeks ?? 24,
          month: v.month,
          phase: ctx.nameOf(`phase.${v.phase}`),
          seat: who(v.active, ctx),
          rent: v.rent,
        }),
      ),
      (v.windows || []).map((w) => windowNode(w, ctx)),
      hand(v, ctx),
      board(v, ctx),
      h("ul", { class: "ig-players", "aria-label": "Players" }, v.players.map((p, s) => player(v, p, s, ctx))),
      h(
        "p",
        { class: "ig-decks" },
        say("igranie.decks", {
          work: v.decks.work,
          chillout: v.decks.chillout,
          res: v.decks.res,
          discards: [v.work_discard, v.chillout_discard, v.res_discard]
            .map((pile) => (pile.length ? cardName(pile[pile.length - 1], ctx) : say("igranie.none")))
            .join(", "),
        }),
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
