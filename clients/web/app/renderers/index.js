// The renderer of each game id; a game without one is drawn by the generic renderer.

import generic from "./generic.js";
import gregs from "./gregs.js";
import grucha from "./grucha.js";
import igranie from "./igranie.js";
import infarkt from "./infarkt.js";
import fixtureCommit from "./fixture-commit.js";
import fixtureHands from "./fixture-hands.js";
import fixtureReaction from "./fixture-reaction.js";

const RENDERERS = Object.fromEntries(
  [gregs, grucha, igranie, infarkt, fixtureCommit, fixtureHands, fixtureReaction].map((r) => [r.game, r]),
);

/** The renderer of ``game``: its own, else the generic one. Each method a renderer leaves out (or whose
 * answer is null) falls back to the generic renderer's. */
export function rendererFor(game) {
  const own = RENDERERS[game];
  if (!own) return generic;
  return {
    game,
    inline: own.inline || [],
    view: (ctx) => (own.view ? own.view(ctx) : generic.view(ctx)),
    describe: (body, ctx) => (own.describe && own.describe(body, ctx)) || generic.describe(body, ctx),
    label: (kind, choice, ctx) =>
      (own.label && own.label(kind, choice, ctx)) || generic.label(kind, choice, ctx),
    // a choice's popover text (help.js); null: the page gives the kind's catalogue text
    help: (kind, choice, ctx) => (own.help && own.help(kind, choice, ctx)) || null,
    // what a prompt is for, on a hot-seat curtain (iGranie: "a window after Seat 0's roll"); null: the
    // page's own words
    purpose: (prompt, ctx) => (own.purpose && own.purpose(prompt, ctx)) || null,
    // how the log names ``seat`` in ``body``'s sentence, given the page's ``name`` for it (Gregs: a
    // winner by its character); null: that name
    logSeat: (body, seat, name, ctx) => (own.logSeat && own.logSeat(body, seat, name, ctx)) || null,
  };
}
