// fixture-commit (sealed bids): the prize up for bids, every hand of bid cards, who has committed this
// round (never what), your own sealed bid, the scores.

import { h } from "../dom.js";
import { who } from "./generic.js";
import { say } from "../words.js";

export default {
  game: "fixture-commit",
  inline: [],
  view(ctx) {
    const v = ctx.view;
    const bids = v.bids || { committed: [], seats: [] };
    return h(
      "div",
      { class: "fixture-commit" },
      h(
        "p",
        { class: "prize" },
        v.prize ? `Prize up for bids: ${v.prize} (round ${bids.round + 1})` : "No prize left.",
      ),
      bids.mine !== undefined && bids.mine !== null ? h("p", {}, `Your sealed bid: ${bids.mine}`) : null,
      h(
        "ul",
        { class: "bidders" },
        v.hands.map((hand, seat) =>
          h(
            "li",
            {},
            `${who(seat, ctx)}: cards ${hand.join(", ") || "none"}; ${say("fixture.points", { count: v.scores[seat] })}; `,
            bids.committed.includes(seat) ? "has bid" : bids.seats.includes(seat) ? "still choosing" : "",
          ),
        ),
      ),
      h("p", {}, `Prizes face down: ${v.deck}. Taken: ${v.taken.join(", ") || "none"}.`),
    );
  },
  describe(body, ctx) {
    switch (body.kind) {
      case "committed":
        return `${who(body.seat, ctx)} placed a sealed bid.`;
      case "revealed": {
        const bids = body.bids.map((b, s) => `${who(s, ctx)} ${b}`).join(", ");
        const taker = body.winner === null ? "tied, nobody" : who(body.winner, ctx);
        return `Bids for ${body.prize}: ${bids}; ${taker} takes it.`;
      }
      case "turned":
        return `The next prize is ${body.prize}.`;
      default:
        return null;
    }
  },
  label(kind, choice) {
    return kind === "bid" ? `Bid ${choice.card}` : null;
  },
};
