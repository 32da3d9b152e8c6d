// The generic renderer: draws any game from its view (a labelled tree of the view's fields) and words
// any event from its fields, so a game is playable the day it lands, before it has a renderer.

import { h } from "../dom.js";

function humanize(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** A value as nested definition lists (objects) and lists (arrays). */
export function tree(value, depth = 0) {
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "empty" }, "none");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "list-inline" }, value.map(scalar).join(", "));
    }
    return h(
      "ol",
      { class: "tree", start: 0 },
      value.map((v) => h("li", {}, tree(v, depth + 1))),
    );
  }
  if (value && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) return h("span", { class: "empty" }, "—");
    return h(
      "dl",
      { class: "tree" },
      keys.map((k) => [h("dt", {}, humanize(k)), h("dd", {}, tree(value[k], depth + 1))]),
    );
  }
  return h("span", {}, scalar(value));
}

/** "you" for the viewer's own seat, else the seat's name. */
export function who(seat, ctx) {
  if (seat === ctx.viewer) return "you";
  return ctx.name(seat);
}

// fields that name a seat: worded as the seat's name ("you" for the viewer)
const SEAT_FIELDS = new Set(["seat", "target", "source"]);

function fields(body, ctx) {
  return Object.entries(body)
    .filter(([k]) => k !== "kind")
    .map(([k, v]) => `${humanize(k).toLowerCase()} ${SEAT_FIELDS.has(k) ? who(v, ctx) : JSON.stringify(v)}`)
    .join(", ");
}

export default {
  game: null,
  inline: [],
  view(ctx) {
    return h("section", { class: "generic-view", "aria-label": "Table" }, tree(ctx.view));
  },
  describe(body, ctx) {
    const rest = fields(body, ctx);
    return rest ? `${humanize(body.kind)}: ${rest}` : humanize(body.kind);
  },
  label(kind, choice) {
    const rest = Object.entries(choice)
      .map(([k, v]) => `${k.replace(/_/g, " ")} ${scalar(v)}`)
      .join(", ");
    return rest ? `${humanize(kind)}: ${rest}` : humanize(kind);
  },
};
