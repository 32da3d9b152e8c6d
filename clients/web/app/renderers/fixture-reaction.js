// fixture-reaction (RCT-1..7): the announced move, the open reaction windows with their plays (each
// play numbered, as counters name them), your hand, the raid's dice, the scores.

import { h } from "../dom.js";
import { who } from "./generic.js";
import { say } from "../words.js";

function announcement(move, ctx) {
  return move.move === "raid" ? `announces a raid on ${who(move.target, ctx)}` : "announces an advance";
}

function playText(play, ctx) {
  const p = play.payload || {};
  const what =
    p.kind === "announce"
      ? announcement(p, ctx)
      : p.kind === "counter"
        ? `counters play #${p.target} with ${p.card}`
        : p.kind === "boost"
          ? `boosts the ${p.side === 0 ? "raider" : "defender"} with ${p.card}`
          : p.kind;
  return `#${play.id}: ${who(play.seat, ctx)} ${what}${play.cancelled ? " (cancelled)" : ""}`;
}

export default {
  game: "fixture-reaction",
  inline: [],
  view(ctx) {
    const v = ctx.view;
    return h(
      "div",
      { class: "fixture-reaction" },
      h(
        "p",
        {},
        v.turns_left
          ? say("fixture.turns_left", { seat: who(v.active, ctx), count: v.turns_left })
          : say("fixture.turns_left.none", { seat: who(v.active, ctx) }),
      ),
      v.hand ? h("p", { class: "hand" }, `Your hand: ${v.hand.join(", ") || "empty"}`) : null,
      v.contest
        ? h(
            "p",
            {},
            `Raid: ${who(v.contest.raider, ctx)} (${v.contest.dice[0]}) against ` +
              `${who(v.contest.defender, ctx)} (${v.contest.dice[1]})`,
          )
        : null,
      (v.windows || []).map((w) =>
        h(
          "section",
          { class: "window", "aria-label": `Reaction window ${w.id}` },
          h("h3", {}, `Window ${w.id}${w.purpose ? ` (${w.purpose})` : ""}`),
          h(
            "ul",
            {},
            (w.plays || []).map((p) => h("li", {}, playText(p, ctx))),
          ),
        ),
      ),
      h(
        "ul",
        { class: "scores" },
        v.scores.map((s, seat) =>
          h(
            "li",
            {},
            `${who(seat, ctx)}: ${say("fixture.points", { count: s })}, ${say("fixture.cards", { count: v.hand_sizes[seat] })}`,
          ),
        ),
      ),
      h("p", {}, `Deck: ${v.deck}; discard: ${v.discard.join(", ") || "empty"}.`),
    );
  },
  describe(body, ctx) {
    switch (body.kind) {
      case "announced":
        return `${who(body.seat, ctx)} ${announcement(body, ctx)} (play #${body.play}).`;
      case "played":
        return `${who(body.seat, ctx)} played ${body.card} (play #${body.play}).`;
      case "passed":
        return `${who(body.seat, ctx)} passed.`;
      case "fizzled":
        return `Play #${body.play} was cancelled.`;
      case "scored":
        return `${who(body.seat, ctx)} scored ${body.points}.`;
      case "rolled":
        return `Dice: ${body.dice.join(" against ")}.`;
      case "raid_settled":
        return `The raid ends ${body.totals.join(" to ")}: ${who(body.winner, ctx)} wins it.`;
      case "drew":
        return body.card ? `You drew ${body.card}.` : `${who(body.seat, ctx)} drew a card.`;
      default:
        return null;
    }
  },
  label(kind, choice, ctx) {
    switch (kind) {
      case "announce":
        return choice.move === "raid" ? `Raid ${who(choice.target, ctx)}` : "Advance";
      case "counter":
        return `Counter play #${choice.target} with ${choice.card}`;
      case "boost":
        return `Boost the ${choice.side === 0 ? "raider" : "defender"} with ${choice.card}`;
      case "pass":
        return "Pass";
      default:
        return null;
    }
  },
};
