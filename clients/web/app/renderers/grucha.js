// Grucha (games/grucha): the table's groups, which the player rearranges freely (select cards from the
// hand and the table, move them into a group or a new group, choose what an ambiguous joker stands
// for) and submits as the whole new table (GRU-9); the hand sorted by suit or rank; a refused
// submission's group highlighted with its reason; the standings, with every hand shown at a round's
// end (GRU-13). Draw, end (with the GRUCHA call), pass and next are the page's controls, worded here.
// Every word comes from chrome.json (grucha.*) in the page's language; each card shows its name and
// its catalogue text (a joker: that it stands for any card, GRU-6) as its popover (help.js).

import { say } from "../words.js";
import { h } from "../dom.js";
import { helped, helpedItem } from "../help.js";
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

const { draft } = d;

/** ``seat`` as the table names it: "you" (in the page's language) for the viewer's own. */
const who = (seat, ctx) => (seat === ctx.viewer ? say("ui.you") : ctx.name(seat));

// games/grucha/README.md "Groups and jokers" and "Submissions": details.reason of a refusal, worded by
// chrome.json's grucha.reason.<reason>
const REASONS = new Set([
  "too_few_cards",
  "no_natural",
  "joker_majority",
  "duplicate_suit",
  "set_too_long",
  "duplicate_rank",
  "run_too_long",
  "not_consecutive",
  "mixed_cards",
  "joker_not_in_group",
  "not_a_joker",
  "bad_meaning",
  "joker_meaning",
  "kind_meaning",
  "duplicate_card",
  "not_in_hand",
  "table_card_missing",
  "nothing_added",
  "table_touched",
  "too_few_points",
]);

function reasonText(error) {
  const details = error.details || {};
  if (REASONS.has(details.reason)) return say(`grucha.reason.${details.reason}`, details);
  return error.message || details.reason || error.code;
}

/** "Refused: a run cannot hold two cards of one rank." */
const refused = (error) => say("grucha.refused", { reason: reasonText(error) });

/** A card's popover: its name and its catalogue text ("czwórka kier: 4 pkt, jeśli zostanie na ręku…"). */
function cardHelp(id, meaning, ctx) {
  const text = ctx.textOf(id);
  return text ? say("grucha.card.help", { card: cardLabel(id, meaning), text }) : "";
}

/** A card of a group or the hand, as a list item with its popover: a card one may select is a button
 * inside the item (hover and focus show the popover), else the card itself is focusable and a tap on
 * it toggles the popover. */
function cardItem(id, opts) {
  const el = card(id, opts);
  const text = cardHelp(id, opts.meaning, opts.ctx);
  const key = `card|${id}`;
  if (el.tagName === "BUTTON") return helpedItem(h("li", {}, el), el, text, key);
  return h("li", {}, helped(el, text, key));
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
  const title = say(shown.kind ? `grucha.group.${shown.kind}` : "grucha.group", { n: index + 1 });
  return h(
    "li",
    { class: ["grucha-group", refusal && "refused"], "data-group": index, "aria-label": title },
    h(
      "ul",
      { class: "group-cards" },
      shown.cards.map((id) =>
        cardItem(id, { meaning: shown.meaning[id], selectable: editing, ctx, faulty: id === faulty }),
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
            "aria-label": say("grucha.move_to", { n: index + 1 }),
            disabled: ctx.pending || !draft.selected.size,
            onclick: () => d.moveTo(index, ctx),
          },
          say("grucha.move_here"),
        )
      : null,
    refusal ? h("p", { class: "refusal", role: "alert" }, refused(refusal)) : null,
  );
}

function tableSection(ctx, editing, refusal) {
  const groups = editing ? draft.groups : ctx.view.table;
  const atGroup = refusal && Number.isInteger(refusal.details.group) ? refusal.details.group : null;
  const whole = refusal && atGroup === null ? refusal : null;
  return h(
    "section",
    { class: "grucha-table", "aria-labelledby": "grucha-table-title" },
    h("h3", { id: "grucha-table-title" }, say(editing ? "grucha.table.yours" : "grucha.table")),
    whole ? h("p", { class: "refusal", role: "alert" }, refused(whole)) : null,
    groups.length
      ? h(
          "ol",
          { class: "grucha-groups" },
          groups.map((g, i) => group(g, i, { editing, refusal: i === atGroup ? refusal : null, ctx })),
        )
      : h("p", {}, say("grucha.table.empty")),
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
    { class: "grucha-tools", role: "group", "aria-label": say("grucha.tools") },
    button("new-group", say("grucha.new_group"), () => d.moveTo(null, ctx), none, {
      "aria-label": say("grucha.new_group.label"),
    }),
    button("to-hand", say("grucha.to_hand"), () => d.backToHand(ctx), ![...draft.selected].some((c) => hand.has(c))),
    button("reset", say("grucha.reset"), () => d.reset(ctx), false),
    button("send", say("grucha.send"), () => ctx.choose("submit", d.submission()), false, { class: "primary" }),
  );
}

function handSection(ctx, editing) {
  const cards = sortCards(editing ? d.handLeft(ctx.view) : ctx.view.hand, draft.sortBy);
  const other = draft.sortBy === "suit" ? "rank" : "suit";
  return h(
    "section",
    { class: "grucha-hand", "aria-labelledby": "grucha-hand-title" },
    // the cards still in the hand: while laying out, those not moved into a group (GRU-9)
    h("h3", { id: "grucha-hand-title" }, say("grucha.hand", { count: cards.length })),
    h(
      "button",
      {
        type: "button",
        class: "sort",
        "data-kind": "sort",
        onclick: () => d.sortBy(other, ctx),
      },
      say(`grucha.sort.${other}`),
    ),
    cards.length
      ? h(
          "ul",
          { class: "group-cards" },
          cards.map((id) => cardItem(id, { selectable: editing, ctx })),
        )
      : h("p", {}, say(editing ? "grucha.hand.laid_out" : "grucha.hand.empty")),
    ctx.view.hand.length === 1 && (ctx.offered("end") || []).length
      ? h("p", { class: "field-hint" }, say("grucha.hand.one_left"))
      : null,
  );
}

// a hand revealed at a round's end (GRU-13), as the log names cards
function shownHand(cards) {
  return cards.length ? cards.map((id) => faceText(id).text).join(" ") : say("grucha.hand.out");
}

function standings(ctx) {
  const v = ctx.view;
  const title = `grucha.round${v.rounds === null ? "" : ".of"}${v.point_limit === null ? "" : ".limit"}`;
  return h(
    "section",
    { class: "grucha-standings", "aria-labelledby": "grucha-standings-title" },
    h("h3", { id: "grucha-standings-title" }, say(title, { round: v.round, rounds: v.rounds, limit: v.point_limit })),
    h("p", {}, say("grucha.stock", { count: v.stock_count, dealer: who(v.dealer, ctx) })),
    h(
      "table",
      { class: "grucha-scores" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, say("ui.seat")),
          h("th", { scope: "col" }, say("grucha.col.cards")),
          v.revealed.length ? h("th", { scope: "col" }, say("grucha.col.shown")) : null,
          v.history.map((_, r) => h("th", { scope: "col" }, say("grucha.col.round", { round: r + 1 }))),
          h("th", { scope: "col" }, say("grucha.col.total")),
          h("th", { scope: "col" }, say("grucha.col.rank")),
        ),
      ),
      h(
        "tbody",
        {},
        v.hand_sizes.map((size, seat) =>
          h(
            "tr",
            { class: seat === v.to_act ? "active" : null, "data-seat": seat },
            h(
              "th",
              { scope: "row" },
              seat === v.to_act ? say("grucha.to_play", { seat: who(seat, ctx) }) : who(seat, ctx),
            ),
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
  /** A choice's popover: the GRUCHA call (GRU-11) has its own text, not that of a plain "JUŻ". */
  help(kind, choice, ctx) {
    return kind === "end" && choice.grucha ? ctx.textOf("choice.grucha") : null;
  },
  label(kind, choice, ctx) {
    if (kind === "end") return ctx.nameOf(choice.grucha ? "choice.grucha" : "choice.end");
    if (kind === "submit") return ctx.nameOf("choice.submit");
    return ["draw", "pass", "next"].includes(kind) ? ctx.nameOf(`choice.${kind}`) : null;
  },
};
