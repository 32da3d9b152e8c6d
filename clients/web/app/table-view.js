// The table page's drawing: the seats with their marks, the outcome, the hot-seat curtain, and the
// shown viewer's table, prompt (controls and countdown) and event log. table.js decides what to show.

import { controls } from "./controls.js";
import { fill, h, seatName } from "./dom.js";
import { logLines } from "./history.js";
import { t } from "./i18n.js";
import { missingNotes, refusalNote, ruleLink } from "./rules.js";
import { say } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The public mark of a seat whose player left (``s.left``): who plays it now, the bot that took a
 * conceded seat, the room's ``leaverBot``, else its defaults. */
function leftMark(s, leaverBot) {
  if (s.conceded) return ["conceded", say("ui.mark.conceded", { bot: s.bot })];
  const bot = s.bot || leaverBot;
  if (bot) return ["left", say("ui.mark.left_bot", { bot })];
  return ["left", say("ui.mark.left")];
}

/** The room's seats (``seats`` of its summary), those of ``held`` marked as this device's; a leaver's
 * seat says who plays it (``leaverBot``: the room's leaver bot, or null). */
export function drawSeats(seats, held, leaverBot = null) {
  fill(
    $("seats-list"),
    seats.map((s) => {
      const marks = [];
      if (held.includes(s.seat)) marks.push(["mine", say("ui.mark.mine")]);
      if (s.bot && !s.left) marks.push(["bot", say("ui.mark.bot", { policy: s.bot })]);
      if (s.away) marks.push(["away", say("ui.mark.away")]);
      if (s.left) marks.push(leftMark(s, leaverBot));
      if (!s.taken) marks.push(["free", say("ui.mark.free")]);
      return h(
        "li",
        { class: "seat", "data-seat": s.seat },
        h("span", { class: "seat-name" }, seatName(s.seat, seats)),
        marks.map(([cls, text]) => h("span", { class: `mark mark-${cls}` }, text)),
      );
    }),
  );
}

export function countdownText(prompt) {
  if (!prompt || prompt.deadline === undefined || prompt.deadline === null) return "";
  const left = Math.max(0, Math.round(prompt.deadline - Date.now() / 1000));
  return say("ui.countdown", { count: left });
}

/** Refresh every countdown of the page (once a second). */
export function tick() {
  for (const el of document.querySelectorAll("[data-deadline]")) {
    el.textContent = countdownText({ deadline: Number(el.dataset.deadline) });
  }
}

/** The curtain asking ``seat`` (with its ``prompt``) to show its view; ``seat`` null: nobody of
 * ``held`` must act, any of them may show theirs. ``reveal(seat)`` shows one. */
/** The shared screen of a reaction window that asks several seats of this device at once: a button per
 * seat to answer behind its own curtain, and one for "nobody plays" (``nobody()`` passes for them all).
 * ``purpose``: what the window is for, in words. */
export function drawAsk({ due, purpose, seats, reveal, nobody, deadline }) {
  const curtain = $("curtain");
  fill(
    curtain,
    h("h2", { id: "curtain-title" }, t("ui.hotseat.ask", "Does anyone play a card?")),
    h("p", { class: "ask-purpose" }, purpose),
    deadline ? h("p", { class: "countdown", role: "timer", "data-deadline": deadline }, countdownText({ deadline })) : null,
    h(
      "div",
      { class: "row ask-seats" },
      due.map((s) =>
        h(
          "button",
          { type: "button", class: "reveal", "data-seat": s, onclick: () => reveal(s) },
          t("ui.hotseat.plays", "{seat} plays a card").replace("{seat}", seatName(s, seats)),
        ),
      ),
      h("button", { type: "button", class: "nobody primary", onclick: nobody }, t("ui.hotseat.nobody", "Nobody")),
    ),
  );
  const wasHidden = curtain.hidden;
  curtain.hidden = false;
  if (wasHidden) curtain.querySelector("button.nobody").focus();
}

export function drawCurtain({ seat, prompt, held, seats, reveal, purpose }) {
  const curtain = $("curtain");
  const button =
    seat === null
      ? held.map((s) =>
          h(
            "button",
            { type: "button", class: "reveal", onclick: () => reveal(s) },
            say("ui.curtain.show", { seat: seatName(s, seats) }),
          ),
        )
      : h(
          "button",
          { type: "button", class: "reveal primary", "data-seat": seat, onclick: () => reveal(seat) },
          say("ui.curtain.button", { seat: seatName(seat, seats) }),
        );
  fill(
    curtain,
    h(
      "h2",
      { id: "curtain-title" },
      seat === null ? say("ui.curtain.hidden") : say("ui.curtain.turn", { seat: seatName(seat, seats) }),
    ),
    h(
      "p",
      {},
      seat === null ? say("ui.curtain.nobody") : say("ui.curtain.only"),
    ),
    seat !== null && purpose
      ? h("p", { class: "curtain-purpose" }, say("ui.curtain.purpose", { seat: seatName(seat, seats), purpose }))
      : null,
    prompt && prompt.deadline
      ? h("p", { class: "countdown", role: "timer", "data-deadline": prompt.deadline }, countdownText(prompt))
      : null,
    button,
  );
  const wasHidden = curtain.hidden;
  curtain.hidden = false;
  if (wasHidden) (curtain.querySelector("button") || curtain).focus();
}

/** ``viewer``'s table drawn by ``renderer`` from ``ctx`` (renderers/index.js), its prompt's controls and
 * countdown, ``actionError`` and its ``log`` (entries oldest first, history.js `logLines`, its rounds
 * headed as ``game`` names them, scrolled to the newest). ``passing``: the server passes
 * for the viewer by itself (``ctx.prompt`` is then null): a quiet line instead of the prompt. */
export function drawPlay({ viewer, ctx, renderer, seats, several, pending, actionError, log, passing, game }) {
  const own = viewer !== null;
  $("curtain").hidden = true;
  $("play").hidden = false;
  $("viewer").textContent = own ? say("ui.viewer.seat", { seat: seatName(viewer, seats) }) : say("ui.viewer.spectator");
  $("hide").hidden = !several;
  fill($("table"), ctx.view ? renderer.view(ctx) : h("p", {}, say("ui.waiting_start")));
  const prompt = ctx.prompt && !ctx.outcome ? ctx.prompt : null;
  $("prompt").hidden = !own || Boolean(ctx.outcome);
  $("prompt-title").textContent = prompt ? t("ui.your_move", "Your move") : t("ui.nothing_to_do", "Nothing to do now");
  $("auto-passing").hidden = !passing || Boolean(ctx.outcome);
  const countdown = $("countdown");
  if (prompt && prompt.deadline) countdown.dataset.deadline = prompt.deadline;
  else delete countdown.dataset.deadline;
  countdown.textContent = countdownText(prompt);
  // the rules panel sits away from the prompt: whoever reads it while their move waits sees the time
  const reading = $("rules-countdown-time");
  $("rules-countdown").hidden = !(prompt && prompt.deadline);
  if (prompt && prompt.deadline) reading.dataset.deadline = prompt.deadline;
  else delete reading.dataset.deadline;
  reading.textContent = countdownText(prompt);
  fill(
    $("controls"),
    controls({
      prompt,
      inline: renderer.inline,
      label: (kind, choice) => renderer.label(kind, choice, ctx),
      help: (kind, choice) => (renderer.help && renderer.help(kind, choice, ctx)) || ctx.textOf(`choice.${kind}`),
      choose: ctx.choose,
      pending,
    }),
  );
  fill($("rule-notes"), prompt ? missingNotes({ ...ctx, prompt }) : null);
  fill($("action-error"), refusalNote(actionError, ctx));
  const box = $("log");
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 4; // a reader scrolled back stays
  fill(box, logLines(log, game, (rule) => ruleLink(rule, ctx.catalog)));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

/** Drop the shown viewer's table, controls and log from the DOM (behind the curtain). */
export function clearPrivate() {
  // removed from the DOM, not hidden: the next person at the device must not find it in the page
  fill($("table"));
  fill($("controls"));
  fill($("log"));
  fill($("warnings")); // a seat's warnings are that seat's: not for the next person at the device
  $("warnings").hidden = true;
  $("last-move").textContent = "";
  fill($("rule-notes"));
  $("action-error").textContent = "";
  $("rules-countdown").hidden = true;
  delete $("rules-countdown-time").dataset.deadline;
  $("play").hidden = true;
}
