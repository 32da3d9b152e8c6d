// Gregs (games/gregs): the popularity track (the row of rank and character cards, rank 1 right of
// the 2), the fan of face-down cards (its slots are the reveal buttons), the cheese curse's holder,
// the piles and the last round. Names and texts of characters and cards come from the game's catalogue
// (ctx.nameOf, ctx.textOf: GRE-2..4), in the page's language; the page's own words from chrome.json
// (`gregs.*`, `say`).

import { h } from "../dom.js";
import { helped, helpedControl } from "../help.js";
import { say } from "../words.js";
import { ruleLink } from "../rules.js";

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** A card's name, with its value when known (``Plaster Cast (+2)``). */
export function cardName(id, ctx, value = null) {
  const name = ctx.nameOf(id);
  return value === null || value === undefined ? name : `${name} (${signed(value)})`;
}

/** A seat as the table's words name it: "you" in the page's language for the viewer, else its name. */
function seatWords(seat, ctx) {
  return seat === ctx.viewer ? say("ui.you") : ctx.name(seat);
}

/** "Rupert, Seat 1 (Lena)" style: the seat's character once chosen with the seat's name (chrome.json
 * `gregs.player`), else the seat's name alone. */
function player(seat, ctx) {
  const character = ctx.view && ctx.view.characters && ctx.view.characters[seat];
  const base = seatWords(seat, ctx);
  return character ? say("gregs.player", { character: ctx.nameOf(character), seat: base }) : base;
}

/** The fan's heading: whose turn it is ("your turn as Greg", "Rupert's turn, Seat 1"), or none. */
function fanTitle(view, ctx) {
  if (ctx.outcome) return say("gregs.fan.last");
  if (view.phase === "choose") return say("gregs.fan");
  const seat = view.active;
  const character = view.characters && view.characters[seat] ? ctx.nameOf(view.characters[seat]) : "";
  const key = `gregs.fan.${seat === ctx.viewer ? "yours" : "turn"}${view.holder_turn ? ".holder" : ""}`;
  return say(key, { character, seat: seatWords(seat, ctx) });
}

function track(view, ctx) {
  const owner = {};
  (view.characters || []).forEach((c, seat) => {
    if (c) owner[c] = seat;
  });
  const passedTwo = view.row.indexOf("rank-2");
  const items = view.row.map((card, index) => {
    if (card.startsWith("rank-")) {
      const rank = h("li", { class: "track-rank", "aria-label": say("gregs.track.rank", { rank: card.slice(5) }) }, card.slice(5));
      return helped(rank, ctx.textOf(card), `track|${card}`);
    }
    const seat = owner[card];
    const classes = [
      "track-character",
      seat === view.holder && "holder",
      seat === view.active && "active",
      index > passedTwo && passedTwo >= 0 && "rank-one",
    ];
    const notes = [
      seat === view.holder ? say("gregs.track.holder") : null,
      index > passedTwo && passedTwo >= 0 ? say("gregs.track.top") : null,
    ].filter(Boolean);
    const item = h(
      "li",
      {
        class: classes,
        "aria-label": `${ctx.nameOf(card)}: ${[seatWords(seat, ctx), ...notes].join(", ")}`,
      },
      h("span", { class: "character-name" }, ctx.nameOf(card)),
      h("span", { class: "character-seat" }, seatWords(seat, ctx)),
      seat === view.holder ? h("span", { class: "cheese-badge", "aria-hidden": "true" }, say("gregs.track.badge")) : null,
    );
    return helped(item, ctx.textOf(card), `track|${card}`);
  });
  return h(
    "section",
    { class: "gregs-track", "aria-labelledby": "gregs-track-title" },
    h("h3", { id: "gregs-track-title" }, say("gregs.track.title")),
    view.row.length ? h("ol", { class: "track" }, items) : h("p", {}, say("gregs.track.empty")),
    h("p", { class: "track-note" }, say("gregs.track.note")),
  );
}

function fan(view, ctx) {
  const reveal = ctx.offered("reveal");
  const slots = view.fan.map((slot) => {
    if (slot.card) {
      const cheese = slot.card === "cheese";
      const face = h(
        "li",
        { class: ["fan-card", "face-up", cheese && "cheese"] },
        h("span", { class: "slot-number" }, say("gregs.slot", { slot: slot.slot })),
        h("span", { class: "card-face" }, cardName(slot.card, ctx, cheese ? null : slot.value)),
      );
      return helped(face, ctx.textOf(slot.card), `fan|${slot.slot}`);
    }
    const choice = reveal && reveal.find((c) => c.slot === slot.slot);
    const label = say("gregs.label.reveal", { slot: slot.slot });
    return h(
      "li",
      { class: ["fan-card", "face-down"] },
      choice
        ? helpedControl(
            h(
              "button",
              {
                type: "button",
                class: "card-back",
                "data-kind": "reveal",
                "data-slot": slot.slot,
                disabled: ctx.pending,
                onclick: () => ctx.choose("reveal", choice),
              },
              label,
            ),
            ctx.textOf("choice.reveal"),
            `reveal|${slot.slot}`,
          )
        : h(
            "span",
            { class: "card-back", "aria-label": say("gregs.slot.down", { slot: slot.slot }) },
            say("gregs.slot", { slot: slot.slot }),
          ),
    );
  });
  return h(
    "section",
    { class: "gregs-fan", "aria-labelledby": "gregs-fan-title" },
    h(
      "h3",
      { id: "gregs-fan-title" },
      fanTitle(view, ctx),
    ),
    // the cut prompt says what a cut is (GRE-15)
    ctx.offered("cut") ? h("p", { class: "gregs-cut-note" }, ctx.textOf("term.cut")) : null,
    view.fan.length ? h("ol", { class: "fan" }, slots) : h("p", {}, say("gregs.fan.none")),
    h("p", { class: "revealed-sum" }, say("gregs.fan.sum", { sum: signed(view.revealed_sum) })),
    onlyCheese(view) ? h("p", { class: "gregs-rule-note", "data-rule": "GRE-18" }, `${say("gregs.fan.only_cheese")} `, ruleLink("GRE-18", ctx.catalog)) : null,
  );
}

/** GRE-18: the holder's revealing ended by itself, every action card of the fan face up and only the
 * cheese face down (the holder now hands the curse on; a stop leaves more than the cheese face down). */
function onlyCheese(view) {
  if (view.phase !== "curse" || !view.holder_turn) return false;
  return view.fan.filter((s) => !s.card).length === 1 && !view.fan.some((s) => s.card === "cheese");
}

/** The turns left in the last round (GRE-20), in words: "no turns left", "1 turn left", "3 turns left". */
function turnsLeft(count) {
  return count ? say("gregs.status.last_round", { count }) : say("gregs.status.last_round.none");
}

function status(view, ctx) {
  const lines = [
    say("gregs.status.turn", { turn: view.turn + 1 }),
    view.phase === "choose" ? say("gregs.status.choosing") : say("gregs.status.holder", { seat: player(view.holder, ctx) }),
    say("gregs.status.draw", { count: view.draw_count }),
    say("gregs.status.discard", { count: view.discard_count }),
  ];
  if (view.last_round) lines.push(turnsLeft(view.turns_left ?? 0));
  const top = view.discard.length ? cardName(view.discard[view.discard.length - 1], ctx) : null;
  if (top) lines.push(say("gregs.status.top", { card: top }));
  return h(
    "ul",
    { class: "gregs-status" },
    lines.map((l) => h("li", {}, l)),
  );
}

export default {
  game: "gregs",
  inline: ["reveal"],
  view(ctx) {
    const view = ctx.view;
    return h("div", { class: "gregs" }, status(view, ctx), track(view, ctx), fan(view, ctx));
  },
  /** A move on the track in words (GRE-7), which the story's row cannot say (its places counted from 1
   * on the left, a move the track's end cut short); ``ctx.logSeat`` names seats as the log does. */
  describe(body, ctx) {
    if (body.kind !== "moved") return null;
    const seat = (ctx.logSeat || ((n) => seatWords(n, ctx)))(body.seat);
    const count = Math.abs(body.end - body.start);
    const up = body.by > 0 ? "up" : "down";
    const fields = { seat, count, wanted: Math.abs(body.by), from: body.start + 1, to: body.end + 1 };
    let key = `gregs.moved.${up}`;
    if (body.by === 0) key = "gregs.moved.none";
    else if (count === 0) key = `gregs.moved.${up}.stuck`;
    else if (count !== Math.abs(body.by)) key = `gregs.moved.${up}.short`;
    const text = say(key, fields);
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  /** The winners of ``game_end`` by their character and seat ("Greg, Seat 1 (Ann)") in the log. */
  logSeat(body, seat, name, ctx) {
    const character = body.kind === "game_end" && ctx.view && ctx.view.characters && ctx.view.characters[seat];
    return character ? say("gregs.player", { character: ctx.nameOf(character), seat: name }) : null;
  },
  /** A choice's popover: a character's text, what a cut is; else the page's (the kind's text). */
  help(kind, choice, ctx) {
    if (kind === "choose" && choice.character) return ctx.textOf(choice.character);
    if (kind === "cut") return ctx.textOf("term.cut");
    return null;
  },
  label(kind, choice, ctx) {
    if (!Object.keys(choice).length && kind !== "stop") return ctx.nameOf(`choice.${kind}`);
    switch (kind) {
      case "choose":
        return say("gregs.label.choose", { character: ctx.nameOf(choice.character) });
      case "reveal":
        return say("gregs.label.reveal", { slot: choice.slot });
      case "stop":
        return say("gregs.label.stop", { places: signed(ctx.view ? ctx.view.revealed_sum : 0) });
      case "curse":
        return say("gregs.label.curse", { seat: player(choice.target, ctx) });
      case "cut":
        return choice.position ? say("gregs.label.cut", { slot: choice.position }) : say("gregs.label.no_cut");
      default:
        return null;
    }
  },
};
