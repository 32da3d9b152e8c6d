// Small DOM helpers: elements are built with h(), never from HTML strings (no injection, and the
// strict CSP forbids inline scripts and styles anyway).

import { say } from "./words.js";

/** h("button", {class: "x", onclick: fn, "aria-label": "..."}, child, ...) -> HTMLElement.
 * Attribute values false/null/undefined are left out, true sets an empty attribute; children are
 * nodes, strings (text) or arrays of them; null/false children are skipped. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    } else if (name === "value" && "value" in el) {
      el.value = value;
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace every child of ``el`` with ``children`` (removed nodes leave the DOM, not just the view). */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** "Seat 2", "Seat 2 (Lena)" or "Seat 2 (random bot)" (chrome.json `ui.seat.bot`) from a room summary's
 * seats; ``word``: the word for a seat (chrome.json `ui.seat`, "Miejsce" in Polish). */
export function seatName(seat, seats, word = say("ui.seat")) {
  const info = seats && seats[seat];
  const name = info && (info.name || (info.bot ? say("ui.seat.bot", { policy: info.bot }) : null));
  return name ? `${word} ${seat} (${name})` : `${word} ${seat}`;
}
