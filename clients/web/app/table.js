// The table page (/rooms/<id>): one websocket for the tab, saying hello with every seat token this
// browser holds for the room (none: a spectator). It draws the shown viewer's mirror with the game's
// renderer, the prompt's controls and countdown, the event log in that viewer's words, the seats with
// their marks, the connection state and the outcome; hot-seat tabs go through the curtain (hotseat.js).
// A prompt the server passes for by itself (autopass.js) is never drawn: a quiet line says so instead.

import { Connection } from "/static/sdk/boardroom.js";
import * as api from "./api.js";
import { autoPassed } from "./autopass.js";
import { fill, h, seatName } from "./dom.js";
import { EventLog } from "./eventlog.js";
import { drawLastMove, markTouched, missesPast, pastOf, touched } from "./history.js";
import { keepingFocus } from "./focus.js";
import { askOf, HotSeat } from "./hotseat.js";
import { drawSeatExit } from "./seat-exit.js";
import { drawSeatSettings, dropLeftSeats } from "./seat-settings.js";
import { nameOf, tell, textOf } from "/static/sdk/catalog.js";
import { language, startChrome, t } from "./i18n.js";
import { sentence } from "./messages.js";
import { drawOutcome } from "./outcome.js";
import { rendererFor } from "./renderers/index.js";
import { Replay } from "./replay.js";
import { drawRules } from "./rules.js";
import { renderSetup, setBots } from "./setup.js";
import * as storage from "./storage.js";
import { clearPrivate, drawAsk, drawCurtain, drawPlay, drawSeats, tick } from "./table-view.js";
import { drawWarnings, warningsFor } from "./warnings.js";
import { say } from "./words.js";

await startChrome();

const $ = (id) => document.getElementById(id);
const roomId = decodeURIComponent(location.pathname.replace(/^\/rooms\//, "").replace(/\/$/, ""));
const STATES = {
  connecting: "Connecting…",
  open: "Connected",
  reconnecting: "Connection lost — reconnecting…",
  closed: "Disconnected",
  offline: "Offline — your moves wait for the network",
};

const page = {
  summary: null,
  renderer: rendererFor(null),
  conn: null,
  hotseat: new HotSeat([]),
  log: new EventLog(roomId),
  outcome: null,
  pending: false,
  offline: false,
  actionError: "",
  refusal: null, // the last refused action of this tab: {seat, kind, code, message, details}
  scheduled: false,
  publicLogShown: false,
  polling: null, // the summary's refresh timer
  replay: null, // the finished room's replay panel (replay.js)
  publicLog: null, // the public log's entries, once shown
  publicLogNamed: false, // whether its lines were worded with the spectator's view
  settings: {}, // seat -> its private settings ({auto_pass}) as last read or stored (seat-settings.js)
  last: new Map(), // viewer -> the events ({version, body}) of the last step that told any
};

/** The events of ``viewer``'s last move, the newest version among ``events`` ({version, body}). */
function keepLast(viewer, events) {
  if (!events || !events.length) return;
  const version = Math.max(...events.map((e) => e.version));
  const known = page.last.get(viewer);
  if (known && known[0].version > version) return; // the past read late is older than a live step
  page.last.set(viewer, events.filter((e) => e.version === version));
}

function heldSeats() {
  return storage.seatTokens(roomId).map(([seat]) => seat);
}

/** ``seat``'s prompt as the page shows it: none while the server passes for the seat by itself, or
 * once its player left (its defaults or a bot answer it). */
function shownPrompt(seat) {
  if (page.summary && page.summary.seats[seat] && page.summary.seats[seat].left) return null;
  const prompt = page.conn.prompt(seat);
  return autoPassed(prompt, page.settings[seat]) ? null : prompt;
}

/** Whether the server is about to pass for ``seat`` (its prompt is hidden: `shownPrompt`). */
function passingFor(seat) {
  return seat !== null && Boolean(page.conn) && autoPassed(page.conn.prompt(seat), page.settings[seat]);
}

function names() {
  return page.summary ? page.summary.seats : [];
}

/** How the log names ``seat`` for ``viewer``: "you" (in the page's language) for the viewer's own seat,
 * else as the page names seats ("Seat 1 (Ann)"; in another language with its word for a seat). A tab
 * holding several seats (hot-seat) names every seat so, its own too: one name per seat in every line. */
function logSeatName(seat, viewer) {
  if (seat === viewer && !page.hotseat.several) return t("ui.you", "you");
  const word = language() === "en" ? "Seat" : page.catalog.list_words.seat;
  return seatName(seat, names(), word.charAt(0).toUpperCase() + word.slice(1));
}

/** An event's sentence: the game's catalogue's story told in the page's language, seats named by their
 * players (`logSeatName`, or as the renderer's `logSeat` names them in this event); the renderer's own
 * where the story has none (a game without a catalogue, a field only the server derives), given the
 * same naming as ``ctx.logSeat``. */
function describeEvent(body, ctx) {
  const seat = (n) => {
    const name = logSeatName(n, ctx.viewer);
    return (page.renderer.logSeat && page.renderer.logSeat(body, n, name, ctx)) || name;
  };
  const told = page.catalog ? tell(page.catalog, body, { seat, plain: false }) : null;
  return told ? told.charAt(0).toUpperCase() + told.slice(1) : page.renderer.describe(body, { ...ctx, logSeat: seat });
}

function rendererContext(viewer) {
  const view = page.conn ? page.conn.mirror(viewer) : null;
  const prompt = viewer === null || !page.conn ? null : shownPrompt(viewer);
  return {
    view,
    viewer,
    prompt,
    outcome: page.outcome,
    pending: page.pending,
    seats: names(),
    // a hot-seat tab: every seat by its name, never "you" (renderers/generic.js `who`)
    several: page.hotseat.several,
    name: (seat) => seatName(seat, names()),
    offered: (kind) =>
      (prompt && prompt.kinds.includes(kind) && prompt.choices && prompt.choices[kind]) || null,
    choose: (kind, fields) => act(viewer, { kind, ...fields }, prompt),
    error: page.refusal && page.refusal.seat === viewer ? page.refusal : null,
    redraw: schedule,
    // the game's catalogue in the page's language: what an id is called and does
    catalog: page.catalog,
    nameOf: (id) => (page.catalog ? nameOf(page.catalog, id) : id),
    textOf: (id) => (page.catalog ? textOf(page.catalog, id) : ""),
  };
}

/** Send ``action`` for ``seat`` answering ``prompt``, the one its control was drawn for: a second
 * click of a control not yet redrawn names that same prompt, so the server refuses it
 * (``action/stale_prompt``) instead of applying it to the prompt that followed. */
async function act(seat, action, prompt) {
  if (page.pending) return; // the first click's action is still on its way: not sent at all
  page.pending = true;
  page.actionError = "";
  page.refusal = null;
  schedule();
  try {
    await page.conn.act(seat, action, { prompt: prompt ? prompt.id : null });
  } catch (error) {
    page.actionError = sentence(error);
    if (error.name === "ActionRefused") {
      const { code, message, details } = error;
      page.refusal = { seat, kind: action.kind, code, message, details: details || {} };
    }
  } finally {
    page.pending = false;
    schedule();
  }
}

function schedule() {
  if (page.scheduled) return;
  page.scheduled = true;
  requestAnimationFrame(() => {
    page.scheduled = false;
    render();
  });
}

async function showPublicLog() {
  page.publicLogShown = true;
  let entries;
  try {
    entries = await api.log(roomId);
  } catch (error) {
    page.publicLogShown = false;
    return;
  }
  page.publicLog = entries;
  fillPublicLog();
  $("public-log").hidden = false;
  openReplay();
}

/** The public log's lines, each a jump to its move in the replay; worded again once the spectator's
 * view has come (a sentence names the seats' characters from it). */
function fillPublicLog() {
  const ctx = { ...rendererContext(null), viewer: undefined };
  page.publicLogNamed = Boolean(ctx.view);
  const jump = (version) => page.replay && page.replay.show(version);
  const line = (e) =>
    h("button", { type: "button", class: "log-jump", onclick: () => jump(e.version) }, describeEvent(e.body, ctx));
  fill(
    $("public-log-list"),
    page.publicLog.map((e) => h("li", { "data-version": e.version }, line(e))),
  );
  if (page.replay) page.replay.mark();
}

/** The replay panel of a finished room, at ``?at=N`` if the link names a move, else at its end. */
async function openReplay() {
  if (page.replay) return;
  page.replay = new Replay({
    room: roomId,
    renderer: page.renderer,
    context: (view) => ({ ...rendererContext(null), view, prompt: null, offered: () => null, choose: () => {} }),
    describe: (body) => describeEvent(body, { ...rendererContext(null), viewer: undefined }),
  });
  page.replay.bind();
  const at = new URLSearchParams(location.search).get("at");
  try {
    await page.replay.open(at === null ? Number.MAX_SAFE_INTEGER : Number(at) || 0);
    if (at !== null) $("replay").scrollIntoView();
  } catch (error) {
    page.replay = null; // the game goes on after all, or the log is gone: no replay
  }
}

function reveal(seat) {
  page.hotseat.reveal(seat);
  render();
  const first = document.querySelector("#controls button, #table button:not([disabled])");
  if (first) first.focus();
}

function render() {
  keepingFocus(draw);
}

function drawShown(viewer) {
  const ctx = rendererContext(viewer);
  drawPlay({
    viewer,
    ctx,
    renderer: page.renderer,
    seats: names(),
    several: page.hotseat.several,
    pending: page.pending,
    actionError: page.actionError,
    log: page.log.oldestFirst(viewer),
    passing: passingFor(viewer),
    game: page.summary ? page.summary.game : null,
  });
  drawHistory(viewer, ctx);
}

/** The last move told above the table and marked on it (and in the seats' list), and the shown seat's
 * warnings (warnings.js). */
function drawHistory(viewer, ctx) {
  const last = page.last.get(viewer) || [];
  drawLastMove($("last-move"), last.map((e) => describeEvent(e.body, ctx)).filter(Boolean));
  const hit = touched(last.map((e) => e.body));
  markTouched($("table"), hit);
  markTouched($("seats-list"), hit);
  const game = page.summary && page.summary.game;
  drawWarnings($("warnings"), page.outcome ? [] : warningsFor(game, ctx.view, viewer, ctx.nameOf));
}

/** ``viewer``'s past up to ``version`` from the public log, for a snapshot that came without it (a late
 * spectator, a finished room, a seat in a new tab): the steps after it come live. ``lines`` false: the
 * log has its lines (kept across a reload), only the last move is read (a seat's own lines may differ
 * from the public ones, which would then show twice). */
async function fillPast(viewer, version, lines = true) {
  let entries;
  try {
    entries = await api.log(roomId);
  } catch {
    return; // no log to read (gone, offline): the lines from now on still come
  }
  const past = pastOf(entries, version);
  const ctx = rendererContext(viewer);
  if (lines) page.log.add(viewer, past, (body) => describeEvent(body, ctx));
  keepLast(viewer, past);
  schedule();
}

/** What the outcome panel explains the ranks from: the game, its public view (any viewer's mirror holds
 * it) and the catalogue's names. */
function outcomeContext() {
  const view = page.conn ? page.conn.mirror(null) || page.conn.mirror() : null;
  const game = page.summary ? page.summary.game : null;
  if (!page.catalog) return { game, view, nameOf: (id) => id, textOf: () => "" };
  return { game, view, nameOf: (id) => nameOf(page.catalog, id), textOf: (id) => textOf(page.catalog, id) };
}

function draw() {
  drawSeats(names(), heldSeats(), page.summary && page.summary.leaver_bot);
  drawOutcome(page.outcome, names(), outcomeContext());
  if (page.outcome && !page.publicLogShown) showPublicLog();
  if (page.publicLog && !page.publicLogNamed && page.conn && page.conn.mirror(null)) fillPublicLog();
  if (!page.conn) return;
  const held = page.hotseat.seats;
  if (held.length === 0) return drawShown(null);
  const due = page.outcome ? [] : held.filter((s) => shownPrompt(s));
  if (page.hotseat.asking(due, shownPrompt)) {
    clearPrivate();
    const prompt = shownPrompt(due[0]);
    const nobody = () => passAll(due.map((s) => [s, shownPrompt(s)]));
    const purpose = purposeOf(due[0], prompt);
    return drawAsk({ due, purpose, seats: names(), reveal, nobody, deadline: prompt.deadline });
  }
  const { shown, curtain } = page.hotseat.settle(due);
  if (shown !== null) return drawShown(shown);
  clearPrivate();
  const prompt = curtain === null ? null : shownPrompt(curtain);
  const purpose = prompt ? purposeOf(curtain, prompt) : "";
  drawCurtain({ seat: curtain, prompt, held, seats: names(), reveal, purpose });
}

/** What ``seat``'s ``prompt`` is for, in words: the renderer's (iGranie: "a window after Seat 0's
 * roll"), else a reaction window or the seat's turn. */
function purposeOf(seat, prompt) {
  // the seat's own mirror: a hot-seat tab holds no spectator's, and a window's plays are public anyway
  const own = page.renderer.purpose && page.renderer.purpose(prompt, rendererContext(seat));
  if (own) return own;
  return askOf(prompt) ? t("ui.hotseat.window", "a reaction window") : t("ui.hotseat.turn", "your turn");
}

/** "Nobody plays": a pass for each of ``answers`` ([seat, prompt]), one after the other. */
async function passAll(answers) {
  for (const [seat, prompt] of answers) {
    if (prompt) await act(seat, { kind: "pass" }, prompt);
  }
}

function setState(state) {
  if (page.offline && state !== "offline") return; // the network's word wins until it is back
  const badge = $("conn-state");
  badge.dataset.state = state;
  badge.textContent = t(`ui.conn.${state}`, STATES[state] || state);
}

function banner(text) {
  $("notice").textContent = text;
}

function connect() {
  if (page.conn) page.conn.close();
  const tokens = storage.seatTokens(roomId).map(([, token]) => token);
  page.hotseat = new HotSeat(heldSeats());
  const onSettings = (seat, settings) => {
    page.settings[seat] = settings;
    schedule();
  };
  drawSeatSettings(roomId, storage.seatTokens(roomId), names(), onSettings, storage.screenId());
  const conn = new Connection({ url: location.origin, room: roomId, tokens });
  page.conn = conn;
  const mine = (fn) => (detail) => {
    if (conn === page.conn) fn(detail);
  };
  conn.on(
    "state",
    mine(({ state, code }) => {
      setState(state);
      if (state === "open") banner("");
      else if (code && code !== 1000) banner(sentence(code));
      // a token the room refuses for good (the seat was given up, or the room is gone)
      $("forget").hidden = !(state === "closed" && code === 4401);
    }),
  );
  conn.on(
    "welcome",
    mine((welcome) => {
      const same = welcome.seats.join() === page.hotseat.seats.join();
      if (!same) page.hotseat = new HotSeat(welcome.seats); // a resume keeps the seat shown
      schedule();
    }),
  );
  const step = (message) => {
    const ctx = rendererContext(message.viewer);
    const round = ctx.view && Number.isInteger(ctx.view.round) ? ctx.view.round : null;
    page.log.add(message.viewer, message.events, (body) => describeEvent(body, ctx), round);
    keepLast(message.viewer, message.events);
    if (message.outcome) page.outcome = message.outcome;
    schedule();
  };
  conn.on(
    "snapshot",
    mine((message) => {
      const empty = page.log.empty(message.viewer);
      step(message);
      const { viewer, version } = message;
      if (missesPast(message, empty)) fillPast(viewer, version);
      else if (missesPast(message, !page.last.has(viewer))) fillPast(viewer, version, false); // a reload
    }),
  );
  conn.on("update", mine(step));
  conn.on(
    "outcome",
    mine(({ outcome }) => {
      page.outcome = outcome;
      refreshSummary();
    }),
  );
  conn.on(
    "error",
    mine((error) => banner(sentence(error))),
  );
  conn.on(
    "bye",
    mine(() => banner(sentence(1001))),
  );
  conn.connect().catch(() => {}); // a refused hello (4401, 4404) shows through the state's close code
}

/** Reads the room's summary and redraws what changed; false once the room does not exist (never made,
 * or closed by its host): the page says so and stops. */
async function refreshSummary() {
  let summary;
  try {
    summary = await api.room(roomId);
  } catch (error) {
    if (error.code !== "room/not_found") {
      banner(sentence(error, "lobby"));
      return true;
    }
    gone();
    return false;
  }
  if (JSON.stringify(summary) === JSON.stringify(page.summary)) return true; // nothing to redraw
  page.summary = summary;
  const game = page.summary.game;
  // ?renderer=generic draws any game with the generic renderer (a game's view as it is)
  const generic = new URLSearchParams(location.search).get("renderer") === "generic";
  if (page.renderer.game !== (generic ? null : game)) page.renderer = rendererFor(generic ? null : game);
  if (page.catalogOf !== game) {
    page.catalogOf = game;
    page.catalog = await api.catalog(game, language()); // before the first drawing: names, not ids
    drawRules(page.catalog);
  }
  $("room-title").textContent = say("ui.room.title", { game: page.title || game, room: roomId });
  renderSetup($("setup"), page.summary, { onSeatsChanged: seatsChanged });
  drawSeatExit(page.summary, storage.seatTokens(roomId), refreshSummary);
  dropLeftSeats(page.summary.seats);
  if (page.summary.status === "finished" && !page.publicLogShown) showPublicLog();
  schedule();
  return true;
}

/** The room is gone: no more connecting or polling, and a way back to the lobby. */
function gone() {
  clearInterval(page.polling);
  if (page.conn) page.conn.close();
  setState("closed");
  banner(`${sentence({ code: "room/not_found" })} Open the lobby (boardroom, top left) for the others.`);
}

function seatsChanged() {
  refreshSummary();
  connect(); // a new hello with every token this browser holds now
}

async function boot() {
  $("share-link").value = `${location.origin}/rooms/${encodeURIComponent(roomId)}`;
  $("copy-link").addEventListener("click", async () => {
    $("share-link").select();
    try {
      await navigator.clipboard.writeText($("share-link").value);
      $("copy-status").textContent = "Link copied.";
    } catch {
      $("copy-status").textContent = "Select the link and copy it.";
    }
  });
  $("hide").addEventListener("click", () => {
    page.hotseat.hide();
    render();
  });
  $("forget").addEventListener("click", () => {
    storage.forgetSeats(roomId);
    $("forget").hidden = true;
    connect();
  });
  // a network change kills sockets silently: reconnect (resume, resend unanswered moves under their
  // ids) as soon as it is back, instead of waiting for the pings to notice; no attempts while offline
  addEventListener("offline", () => {
    page.offline = true;
    setState("offline");
  });
  addEventListener("online", () => {
    page.offline = false;
    if (page.conn) page.conn.reconnect();
  });
  try {
    const games = await api.games();
    if (!(await refreshSummary())) return;
    const info = games.find((g) => g.id === page.summary.game);
    setBots(info && info.bots, info && info.best_bot);
    renderSetup($("setup"), page.summary, { onSeatsChanged: seatsChanged });
    page.title = info ? info.title : page.summary.game;
    $("room-title").textContent = say("ui.room.title", { game: page.title, room: roomId });
    document.title = `${page.title} — boardroom`;
  } catch (error) {
    banner(sentence(error, "lobby"));
    return;
  }
  page.log.load();
  connect();
  setInterval(tick, 1000);
  page.polling = setInterval(refreshSummary, 5000); // away and left marks live in the room's summary
}

boot();
