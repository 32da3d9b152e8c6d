// fixture-hands (HND-1..7): your hand as cards (the play buttons), the others' hands as card backs
// (their sizes only), the deck, the pile's top card and the scores.

import { h } from "../dom.js";
import { who } from "./generic.js";
import { say } from "../words.js";

const cards = (count) => say("fixture.cards", { count });
const points = (count) => say("fixture.points", { count });

const SUITS = { H: "♥ hearts", S: "♠ spades", D: "♦ diamonds", C: "♣ clubs" };
export const cardName = (id) => `${id.slice(1)} of ${SUITS[id[0]] || id[0]}`;

export default {
  game: "fixture-hands",
  inline: ["play"],
  view(ctx) {
    const v = ctx.view;
    const plays = ctx.offered("play") || [];
    const mine = v.hand
      ? h(
          "section",
          { class: "hand", "aria-labelledby": "hand-title" },
          h("h3", { id: "hand-title" }, "Your hand"),
          v.hand.length
            ? h(
                "ul",
                { class: "cards" },
                v.hand.map((card) => {
                  const choice = plays.find((c) => c.card === card);
                  return h(
                    "li",
                    { class: "card" },
                    choice
                      ? h(
                          "button",
                          {
                            type: "button",
                            "data-kind": "play",
                            "data-card": card,
                            disabled: ctx.pending,
                            onclick: () => ctx.choose("play", choice),
                            "aria-label": `Play ${cardName(card)}`,
                          },
                          card,
                        )
                      : h("span", { "aria-label": cardName(card) }, card),
                  );
                }),
              )
            : h("p", {}, "Your hand is empty."),
        )
      : null;
    const others = h(
      "ul",
      { class: "hand-sizes" },
      v.hand_sizes.map((size, seat) =>
        h(
          "li",
          { class: seat === v.active ? "active" : null },
          `${who(seat, ctx)}: ${cards(size)}, ${points(v.scores[seat])}` +
            (seat === v.active ? " — to play" : ""),
        ),
      ),
    );
    const top = v.pile.length ? v.pile[v.pile.length - 1] : null;
    return h(
      "div",
      { class: "fixture-hands" },
      mine,
      h(
        "section",
        { "aria-label": "Table" },
        h(
          "p",
          {},
          `Deck: ${cards(v.deck_size)}. ` +
            `Pile: ${top ? `${top} on top (${cards(v.pile.length)})` : "empty"}.`,
        ),
        others,
      ),
    );
  },
  describe(body, ctx) {
    switch (body.kind) {
      case "played":
        return (
          `${who(body.seat, ctx)} played ${body.card}` + (body.points ? ` and scored ${body.points}.` : ".")
        );
      case "drew":
        return `You drew ${body.card}.`;
      case "drew_face_down":
        return `${who(body.seat, ctx)} drew a card.`;
      default:
        return null;
    }
  },
  label(kind, choice) {
    if (kind === "play") return `Play ${cardName(choice.card)}`;
    if (kind === "draw") return "Draw a card";
    return null;
  },
};
