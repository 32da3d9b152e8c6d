// The table's history: the "What happened" lines oldest first, marked with their round and move; the
// past of a viewer that came late, read from the room's public log (a fresh snapshot carries no events,
// protocol/README.md); and what the last move touched (seats, cards, places), highlighted on the table.

import { h } from "./dom.js";
import { englishWords, t, translated } from "./i18n.js";

/** Whether a snapshot (``{version}``) of a viewer whose log holds nothing (``empty``) leaves out a past
 * that the public log has: any version past the start. */
export function missesPast(snapshot, empty) {
  return empty && snapshot.version > 0;
}

/** The public log's entries (``[{version, body}]``, oldest first) up to ``version``: the past of a
 * snapshot at that version (the steps after it come live). */
export function pastOf(entries, version) {
  return entries.filter((e) => e.version <= version);
}

/** How ``game`` heads a round of its log: its own chrome key ``<game>.log.round`` where it names its
 * rounds otherwise (iGranie's table counts weeks, IGR-21: "Week 3", "Tydzień 3"), else ``ui.log.round``
 * ("Round 3"); the page's language first, the game's English words where that language lacks both. */
export function roundHeading(game, round) {
  const own = game ? `${game}.log.round` : null;
  const template =
    (own && translated(own)) ?? translated("ui.log.round") ?? (own && englishWords(own)) ?? "Round {round}";
  return template.replace("{round}", round);
}

/** The log's lines: ``entries`` ({version, round, text, rule}, oldest first) with a heading line before
 * each new round ("Round 2", as ``game`` names its rounds: `roundHeading`), each line led by its move's
 * number (the version its step made) and followed by ``link(rule)`` (a link into the rules panel, or
 * null) when a rule ended what it tells. */
export function logLines(entries, game = null, link = () => null) {
  const lines = [];
  let round = null;
  for (const entry of entries) {
    if (entry.round !== null && entry.round !== round) {
      round = entry.round;
      lines.push(
        h("li", { class: "log-round", "data-round": round }, roundHeading(game, round)),
      );
    }
    lines.push(
      h(
        "li",
        { "data-version": entry.version, "data-round": entry.round ?? false },
        h("span", { class: "log-move" }, t("ui.log.move", "move {move}").replace("{move}", entry.version)),
        " ",
        entry.text,
        entry.rule && link(entry.rule) ? [" ", link(entry.rule)] : null,
      ),
    );
  }
  return lines;
}

/** Field names whose whole numbers are seats in the games' events (the actor, who plays first, a theft's
 * sides, a curse's giver and taker); a number under another name (a count, a position) is not. */
const SEAT_FIELD = /^(seat|seats|first|attacker|defender|winner|target|source)$/;

/** What the events of one step (bodies) touched: ``seats`` (numbers) and ``ids`` (cards, places,
 * spaces: every string the bodies name). */
export function touched(bodies) {
  const seats = new Set();
  const ids = new Set();
  const visit = (value, field) => {
    if (Array.isArray(value)) return value.forEach((v) => visit(v, field));
    if (value && typeof value === "object") return Object.entries(value).forEach(([k, v]) => visit(v, k));
    if (Number.isInteger(value) && SEAT_FIELD.test(field)) seats.add(value);
    else if (typeof value === "string" && field !== "kind") ids.add(value);
  };
  for (const body of bodies) visit(body, "");
  return { seats, ids };
}

/** Marks (class ``last-move``) what ``last`` (`touched`) names inside ``root``: elements whose
 * ``data-seat`` is one of its seats, or whose ``data-card``, ``data-place``, ``data-space`` or
 * ``data-slot`` is one of its ids. Returns how many were marked. */
export function markTouched(root, last) {
  let marked = 0;
  for (const el of root.querySelectorAll("[data-seat], [data-card], [data-place], [data-space], [data-slot]")) {
    const d = el.dataset;
    const hit =
      (d.seat !== undefined && last.seats.has(Number(d.seat))) ||
      [d.card, d.place, d.space, d.slot].some((id) => id !== undefined && last.ids.has(id));
    el.classList.toggle("last-move", hit);
    if (hit) marked += 1;
  }
  return marked;
}

/** Tells the last move in ``el`` (the line above the table): its sentences; hidden before any move. */
export function drawLastMove(el, texts) {
  el.hidden = !texts.length;
  // the story's sentences carry no full stop of their own: a separator keeps them apart
  el.textContent = texts.length ? `${t("ui.last_move", "Last move:")} ${texts.join(" · ")}` : "";
}
