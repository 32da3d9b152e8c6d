// Grucha (games/grucha): the table's groups, which the player rearranges freely (select cards from the
// hand and the table, move them into a group or a new group, choose what an ambiguous joker stands
// for) and submits as the whole new table (GRU-9); the hand sorted by suit or rank; a refused
// submission's group highlighted with its reason; the standings, with every hand shown at a round's
// end (GRU-13). Draw, end (with the GRUCHA call), pass and next are the page's controls, worded here.

import { say } from "../words.js";
import { h } from "../dom.js";
import {
  cardLabel,
  faceText,
  isJoker,
  jokerMeanings,
  laidOut,
  sortCards,
  spokenName,
} from "./grucha-cards.js";
import * as d from "./grucha-draft.js";
import { who } from "./generic.js";

const { draft } = d;

// games/grucha/README.md "Groups and jokers" and "Submissions": details.reason of a refusal
const REASONS = {
  too_few_cards: "a group needs at least 3 cards",
  no_natural: "a group needs at least one card that is not a joker",
  joker_majority: "a group must hold fewer jokers than other cards",
  duplicate_suit: "a set cannot hold two cards of one suit",
  set_too_long: "a set has 3 or 4 cards",
  duplicate_rank: "a run cannot hold two cards of one rank",
  run_too_long: "a run holds at most 13 cards (one ace)",
  not_consecutive: "the ranks of a run must follow each other (no K-A-2)",
  mixed_cards: "a group is one suit (a run) or one rank (a set)",
  joker_not_in_group: "a joker's meaning was given for a joker not in the group",
  not_a_joker: "a meaning was given for a card that is not a joker",
  bad_meaning: "a joker's meaning is not a card",
  joker_meaning: "the jokers cannot stand for the chosen cards",
  kind_meaning: "the group is not a run or a set as it says",
  duplicate_card: "a card is laid out twice",
  not_in_hand: "a card is neither on the table nor in your hand",
  table_card_missing: "a card that was on the table is missing",
  nothing_added: "add at least one card from your hand",
  table_touched: "your first play of the round may only add new groups",
  too_few_points: "your first play of the round is worth too few points",
};

function reasonText(error) {
  const details = error.details || {};
  const why = REASONS[details.reason] || error.message || details.reason || error.code;
  if (details.reason === "too_few_points") return `${why} (${details.points} of ${details.needed})`;
  return why;
}

function card(id, { meaning, selectable, ctx, faulty }) {
  const face = faceText(id);
  const selected = selectable && draft.selected.has(id);
  const children = [
    h("span", { class: "face", "aria-hidden": "true" }, face.text),
    meaning ? h("span", { class: "meaning", "aria-hidden": "true" }, faceText(meaning).text) : null,
  ];
  const classes = ["grucha-card", face.red && "red", isJoker(id) && "joker", selected && "selected"];
  if (!selectable) {
    return h("span", { class: classes, role: "img", "aria-label": cardLabel(id, meaning) }, children);
  }
  return h(
    "button",
    {
      type: "button",
      class: [...classes, faulty && "faulty"],
      "data-kind": "submit",
      "data-slot": id,
      "aria-pressed": selected ? "true" : "false",
      "aria-label": cardLabel(id, meaning),
      disabled: ctx.pending,
      onclick: () => d.toggle(id, ctx),
    },
    children,
  );
}

function meaningSelect(index, joker, options, current, ctx) {
  const id = `grucha-joker-${index}-${joker}`;
  return h(
    "span",
    { class: "joker-meaning" },
    h("label", { for: id }, say("grucha.joker", { joker: ctx.nameOf(joker) })),
    h(
      "select",
      {
        id,
        "data-kind": "submit",
        "data-slot": `joker-${joker}`,
        disabled: ctx.pending,
        onchange: (e) => d.declare(index, joker, e.target.value, ctx),
      },
      options.map((name) => h("option", { value: name, selected: name === current }, spokenName(name))),
    ),
  );
}

function group(g, index, { editing, refusal, ctx }) {
  const shown = laidOut(g.cards, g.jokers);
  const meanings = jokerMeanings(g.cards);
  const faulty = refusal && Number.isInteger(refusal.details.card) ? g.cards[refusal.details.card] : null;
  const title = `Group ${index + 1}${shown.kind ? `, a ${shown.kind}` : ""}`;
  return h(
    "li",
    { class: ["grucha-group", refusal && "refused"], "data-group": index, "aria-label": title },
    h(
      "ul",
      { class: "group-cards" },
      shown.cards.map((id) =>
        h(
          "li",
          {},
          card(id, { meaning: shown.meaning[id], selectable: editing, ctx, faulty: id === faulty }),
        ),
      ),
    ),
    editing
      ? Object.entries(meanings)
          .filter(([, options]) => options.length > 1)
          .map(([joker, options]) => meaningSelect(index, joker, options, shown.meaning[joker], ctx))
      : null,
    editing
      ? h(
          "button",
          {
            type: "button",
            class: "move-here",
            "data-kind": "submit",
            "data-slot": `group-${index}`,
            "aria-label": `Move the selected cards to group ${index + 1}`,
            disabled: ctx.pending || !draft.selected.size,
            onclick: () => d.moveTo(index, ctx),
          },
          "Move here",
        )
      : null,
    refusal ? h("p", { class: "refusal", role: "alert" }, `Refused: ${reasonText(refusal)}.`) : null,
  );
}

function tableSection(ctx, editing, refusal) {
  const groups = editing ? draft.groups : ctx.view.table;
  const atGroup = refusal && Number.isInteger(refusal.details.group) ? refusal.details.group : null;
  const whole = refusal && atGroup === null ? refusal : null;
  return h(
    "section",
    { class: "grucha-table", "aria-labelledby": "grucha-table-title" },
    h("h3", { id: "grucha-table-title" }, editing ? "The table (your layout)" : "The table"),
    whole ? h("p", { class: "refusal", role: "alert" }, `Refused: ${reasonText(whole)}.`) : null,
    groups.length
      ? h(
          "ol",
          { class: "grucha-groups" },
          groups.map((g, i) => group(g, i, { editing, refusal: i === atGroup ? refusal : null, ctx })),
        )
      : h("p", {}, "No groups on the table yet."),
    editing ? tools(ctx) : null,
  );
}

function tools(ctx) {
  const hand = new Set(ctx.view.hand);
  const button = (slot, text, onclick, disabled, attrs = {}) =>
    h(
      "button",
      {
        type: "button",
        "data-kind": "submit",
        "data-slot": slot,
        disabled: ctx.pending || disabled,
        onclick,
        ...attrs,
      },
      text,
    );
  const none = !draft.selected.size;
  return h(
    "div",
    { class: "grucha-tools", role: "group", "aria-label": "Lay out the table" },
    button("new-group", "New group", () => d.moveTo(null, ctx), none, {
      "aria-label": "Move the selected cards to a new group",
    }),
    button("to-hand", "Back to hand", () => d.backToHand(ctx), ![...draft.selected].some((c) => hand.has(c))),
    button("reset", "Start again", () => d.reset(ctx), false),
    button("send", "Submit table", () => ctx.choose("submit", d.submission()), false, { class: "primary" }),
  );
}

function handSection(ctx, editing) {
  const cards = sortCards(editing ? d.handLeft(ctx.view) : ctx.view.hand, draft.sortBy);
  const other = draft.sortBy === "suit" ? "rank" : "suit";
  return h(
    "section",
    { class: "grucha-hand", "aria-labelledby": "grucha-hand-title" },
    h("h3", { id: "grucha-hand-title" }, `Your hand (${ctx.view.hand.length})`),
    h(
      "button",
      {
        type: "button",
        class: "sort",
        "data-kind": "sort",
        onclick: () => d.sortBy(other, ctx),
      },
      `Sort by ${other}`,
    ),
    cards.length
      ? h(
          "ul",
          { class: "group-cards" },
          cards.map((id) => h("li", {}, card(id, { selectable: editing, ctx }))),
        )
      : h("p", {}, editing ? "Every card of your hand is laid out." : "Your hand is empty."),
    ctx.view.hand.length === 1 && (ctx.offered("end") || []).length
      ? h("p", { class: "field-hint" }, "One card left: call GRUCHA as you end your turn, or draw 5.")
      : null,
  );
}

// a hand revealed at a round's end (GRU-13), as the log names cards
function shownHand(cards) {
  return cards.length ? cards.map((id) => faceText(id).text).join(" ") : "out";
}

function standings(ctx) {
  const v = ctx.view;
  const limit = v.point_limit === null ? "" : `, out over ${v.point_limit} points`;
  const rounds = v.rounds === null ? "" : ` of ${v.rounds}`;
  return h(
    "section",
    { class: "grucha-standings", "aria-labelledby": "grucha-standings-title" },
    h("h3", { id: "grucha-standings-title" }, `Round ${v.round}${rounds}${limit}`),
    h("p", {}, `Stock: ${v.stock_count} card(s). Dealer: ${who(v.dealer, ctx)}.`),
    h(
      "table",
      { class: "grucha-scores" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Seat"),
          h("th", { scope: "col" }, "Cards"),
          v.revealed.length ? h("th", { scope: "col" }, "Shown") : null,
          v.history.map((_, r) => h("th", { scope: "col" }, `Round ${r + 1}`)),
          h("th", { scope: "col" }, "Total"),
          h("th", { scope: "col" }, "Rank"),
        ),
      ),
      h(
        "tbody",
        {},
        v.hand_sizes.map((size, seat) =>
          h(
            "tr",
            { class: seat === v.to_act ? "active" : null, "data-seat": seat },
            h("th", { scope: "row" }, who(seat, ctx) + (seat === v.to_act ? " — to play" : "")),
            h("td", {}, String(size)),
            v.revealed.length ? h("td", { class: "shown" }, shownHand(v.revealed[seat])) : null,
            v.history.map((scores) => h("td", {}, String(scores[seat]))),
            h("td", {}, String(v.totals[seat])),
            h("td", {}, String(v.ranks[seat])),
          ),
        ),
      ),
    ),
  );
}

export default {
  game: "grucha",
  inline: ["submit"],
  view(ctx) {
    const editing = Boolean(ctx.prompt && ctx.prompt.kinds.includes("submit") && !ctx.outcome);
    if (ctx.viewer !== null) d.sync(ctx);
    const error = ctx.error;
    const refusal = editing && error && error.kind === "submit" && error !== draft.dismissed ? error : null;
    return h(
      "div",
      { class: "grucha" },
      standings(ctx),
      tableSection(ctx, editing, refusal),
      ctx.viewer !== null ? handSection(ctx, editing) : null,
    );
  },
  label(kind, choice, ctx) {
    if (kind === "end") return ctx.nameOf(choice.grucha ? "choice.grucha" : "choice.end");
    if (kind === "submit") return ctx.nameOf("choice.submit");
    return ["draw", "pass", "next"].includes(kind) ? ctx.nameOf(`choice.${kind}`) : null;
  },
};
