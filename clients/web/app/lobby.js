// The lobby page (/): the rooms, a page at a time as the API pages them, filtered by game and state;
// a new room for any game, its options form generated from the game's options schema and worded by its
// catalogue in the page's language; the rooms this browser holds seats in, to rejoin. The new room's form
// as typed so far (the game, the seats, the options) is kept for the tab across a reload, which is what a
// language switch does, so switching the language never loses the chosen game.

import * as api from "./api.js";
import { fill, h, seatName } from "./dom.js";
import { language, startChrome, t } from "./i18n.js";
import { sentence } from "./messages.js";
import { optionsForm, said } from "./schema-form.js";
import * as storage from "./storage.js";
import { say } from "./words.js";

await startChrome();

const $ = (id) => document.getElementById(id);
// rooms a page; ?page_size=N shows another count (1 to 1,000, as the API takes)
const PAGE = Math.min(1000, Math.max(1, Number(new URLSearchParams(location.search).get("page_size")) || 20));
const state = { games: [], form: null, catalogs: new Map(), after: null, next: null, pages: [] };

function roomLink(room) {
  return h("a", { href: `/rooms/${encodeURIComponent(room)}` }, room);
}

function showMine() {
  const rooms = storage.knownRooms();
  $("mine").hidden = rooms.length === 0;
  fill(
    $("mine-list"),
    rooms.map((room) => {
      // the seats named as the table names them ("Seat 0"), in the page's language
      const seats = storage.seatTokens(room).map(([s]) => seatName(Number(s), null));
      const what = seats.length
        ? say("ui.your_seats", { count: seats.length, seats: seats.join(", ") })
        : say("ui.host_only");
      return h("li", {}, roomLink(room), ` — ${what}`);
    }),
  );
}

// "3 to 5 seats; 2 to 5 with Allow two players": the seat counts per option set (GET /api/games), the
// first the default options' range, the options named as the catalogue names them
function seatRanges(game, catalog) {
  const ranges = game.seat_ranges || [{ options: {}, min: game.min_seats, max: game.max_seats }];
  const optionName = (key) => (catalog && catalog.entries[`option.${key}`]?.name) || key;
  const valueName = (key, v) => (catalog && catalog.entries[`option.${key}.${v}`]?.name) || String(v);
  return ranges
    .map((r, i) => {
      if (i === 0) return said(t("ui.form.seat_range", "{min} to {max} seats"), r);
      const named = Object.entries(r.options).map(([k, v]) =>
        v === true ? optionName(k) : `${optionName(k)} ${valueName(k, v)}`,
      );
      return said(t("ui.form.seat_range_with", "{min} to {max} with {options}"), {
        ...r,
        options: named.join(", "),
      });
    })
    .join("; ");
}

async function catalogOf(game) {
  if (!state.catalogs.has(game)) state.catalogs.set(game, await api.catalog(game, language()));
  return state.catalogs.get(game);
}

async function chooseGame() {
  const game = state.games.find((g) => g.id === $("game").value);
  if (!game) return;
  const catalog = await catalogOf(game.id);
  if ($("game").value !== game.id) return; // another game was chosen meanwhile
  const hint = seatRanges(game, catalog);
  $("game-about").textContent = `${game.title}: ${hint}.`;
  const seats = $("seats");
  seats.min = game.min_seats;
  seats.max = game.max_seats;
  seats.value = String((game.seat_ranges || [{ min: game.min_seats }])[0].min);
  $("seats-hint").textContent = hint;
  state.form = optionsForm(game.options_schema, {
    idBase: `opt-${game.id}`,
    catalog,
    seats: Number(seats.value),
  });
  fill($("options"), state.form.element);
  fillBots(game);
}

// The leaver and away bots (POST /api/rooms `leaver_bot`, `away_bot`): the game's bots, its best one
// chosen, or none (the seat's prompts take their defaults)
function fillBots(game) {
  for (const id of ["leaver-bot", "away-bot"]) {
    const none = h("option", { value: "" }, t("ui.no_bot", "No bot: the seat's defaults"));
    fill($(id), [none, ...(game.bots || []).map((b) => h("option", { value: b }, b))]);
    $(id).value = (game.bots || []).includes(game.best_bot) ? game.best_bot : "";
  }
}

// The new room's form as typed so far, kept for this tab (sessionStorage) while it is typed: the game,
// the seats, the start and timer fields and every field of the options form by its id.
const DRAFT = "boardroom.lobby.draft";

function controlsOf(root) {
  return [...root.querySelectorAll("input[id], select[id], textarea[id]")];
}

function keepDraft() {
  if (!$("options") || !$("game")) return; // the form is gone (a page that replaced the lobby's main)
  const fields = {};
  for (const el of controlsOf($("options"))) fields[el.id] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
  const draft = {
    game: $("game").value,
    seats: $("seats").value,
    autostart: $("autostart").checked,
    timer: $("turn-timer").value,
    fields,
  };
  try {
    sessionStorage.setItem(DRAFT, JSON.stringify(draft));
  } catch {
    // a full storage only costs the draft across a reload
  }
}

function draft() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(DRAFT) || "null");
    return kept && typeof kept === "object" ? kept : null;
  } catch {
    return null;
  }
}

/** Puts ``kept`` (a `keepDraft` of the same game) back into the form, each field as typed; a field the
 * form no longer has is left out. */
function restoreDraft(kept) {
  if (kept.seats) $("seats").value = kept.seats;
  if (state.form) state.form.setSeats(Number($("seats").value));
  $("autostart").checked = kept.autostart !== false;
  $("turn-timer").value = kept.timer || "";
  for (const el of controlsOf($("options"))) {
    if (!(el.id in (kept.fields || {}))) continue;
    const value = kept.fields[el.id];
    if (el.type === "checkbox" || el.type === "radio") el.checked = Boolean(value);
    else el.value = String(value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function fieldError(id, text) {
  $(id).hidden = !text;
  $(id).textContent = text || "";
  const input = $(id).parentElement.querySelector("input");
  if (text) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

// A refusal of the seat count or the turn timer, on its field in the page's words: the bounds the
// server names (`details.seats`), else the input's own.
function shownOnField(error) {
  const message = error.message || "";
  if (/\$\.seats|^seats /.test(message)) {
    const [min, max] = (error.details && error.details.seats) || [$("seats").min, $("seats").max];
    fieldError("seats-error", said(t("ui.form.error.seats", "Choose {min} to {max} seats."), { min, max }));
    return true;
  }
  if (/\$\.timers/.test(message)) {
    const bounds = { min: $("turn-timer").min, max: $("turn-timer").max };
    const words = t("ui.form.error.range", "Choose a whole number from {min} to {max}.");
    fieldError("turn-error", said(words, bounds));
    return true;
  }
  return false;
}

async function create(event) {
  event.preventDefault();
  state.form.clearErrors();
  fieldError("seats-error", null);
  fieldError("turn-error", null);
  $("create-error").textContent = "";
  let options;
  try {
    options = state.form.values();
  } catch {
    return;
  }
  const body = {
    game: $("game").value,
    seats: Number($("seats").value),
    options,
    autostart: $("autostart").checked,
    leaverBot: $("leaver-bot").value || null,
    awayBot: $("away-bot").value || null,
  };
  if ($("turn-timer").value.trim()) body.timers = { turn: Number($("turn-timer").value) };
  try {
    const created = await api.createRoom(body);
    storage.keepHost(created.room, created.host_token);
    sessionStorage.removeItem(DRAFT);
    location.assign(`/rooms/${encodeURIComponent(created.room)}`);
  } catch (error) {
    if (error.code === "request/invalid" && (state.form.showError(error) || shownOnField(error))) return;
    $("create-error").textContent = `${sentence(error, "lobby")} ${error.message || ""}`.trim();
  }
}

async function showRooms(after) {
  const game = $("filter-game").value;
  const status = $("filter-status").value;
  let page;
  try {
    page = await api.rooms({ game, status, after, limit: PAGE });
  } catch (error) {
    $("notice").textContent = sentence(error, "lobby");
    return;
  }
  state.after = after;
  state.next = page.next;
  $("next-page").disabled = !page.next;
  $("first-page").disabled = !after;
  const title = (id) => (state.games.find((g) => g.id === id) || { title: id }).title;
  const filters = [
    game && say("ui.rooms.of_game", { game: title(game) }),
    status && say("ui.rooms.in_state", { state: say(`ui.status.${status}`) }),
    after && say("ui.rooms.after", { room: after }),
  ].filter(Boolean);
  $("rooms-caption").textContent = say("ui.rooms.shown", {
    count: page.rooms.length,
    filters: filters.length ? ` (${filters.join(", ")})` : "",
  });
  fill(
    $("rooms-body"),
    page.rooms.length
      ? page.rooms.map((r) =>
          h(
            "tr",
            {},
            h("td", { class: "room-id" }, roomLink(r.room)),
            h("td", {}, title(r.game)),
            h("td", {}, say(`ui.status.${r.status}`)),
            h(
              "td",
              {},
              say("ui.rooms.taken", { taken: r.seats.filter((s) => s.taken).length, seats: r.seats.length }),
            ),
          ),
        )
      : h("tr", {}, h("td", { colspan: 4 }, say("ui.rooms.none"))),
  );
}

async function boot() {
  showMine();
  try {
    state.games = await api.games();
  } catch (error) {
    $("notice").textContent = sentence(error, "lobby");
    return;
  }
  fill(
    $("game"),
    state.games.map((g) => h("option", { value: g.id }, g.title)),
  );
  for (const g of state.games) $("filter-game").append(h("option", { value: g.id }, g.title));
  const kept = draft();
  const gregs = state.games.find((g) => g.id === "gregs");
  if (kept && state.games.some((g) => g.id === kept.game)) $("game").value = kept.game;
  else if (gregs) $("game").value = "gregs";
  await chooseGame();
  if (kept && kept.game === $("game").value) restoreDraft(kept);
  $("game").addEventListener("change", async () => {
    await chooseGame();
    keepDraft();
  });
  $("create").addEventListener("input", keepDraft);
  $("create").addEventListener("change", keepDraft);
  addEventListener("pagehide", keepDraft);
  $("seats").addEventListener("input", () => state.form && state.form.setSeats(Number($("seats").value)));
  $("create").addEventListener("submit", create);
  $("filters").addEventListener("submit", (e) => {
    e.preventDefault();
    showRooms(null);
  });
  $("next-page").addEventListener("click", () => showRooms(state.next));
  $("first-page").addEventListener("click", () => showRooms(null));
  showRooms(null);
}

boot();
