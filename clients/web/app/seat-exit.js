// Leaving the table mid-game (docs/api.md, "Leaving and conceding"): for each seat this tab holds and
// still plays, "Leave the game" (its defaults or the room's leaver bot play it on) and "Concede" (a bot
// plays it to the end). Each asks once more before it is sent: the step cannot be undone. Every viewer
// then sees the seat's mark in the players panel (table-view.js).

import * as api from "./api.js";
import { fill, h, seatName } from "./dom.js";
import { t } from "./i18n.js";
import { sentence } from "./messages.js";

const $ = (id) => document.getElementById(id);

/** A button that sends ``step`` on its second press (the first shows ``confirm`` instead of ``words``). */
function twice(attrs, words, confirm, step) {
  const button = h("button", { type: "button", ...attrs }, words);
  button.addEventListener("click", async () => {
    if (button.dataset.armed !== "true") {
      button.dataset.armed = "true";
      button.textContent = confirm;
      return;
    }
    button.disabled = true;
    $("seat-exit-status").textContent = "";
    try {
      await step();
    } catch (error) {
      $("seat-exit-status").textContent = sentence(error, "lobby");
      button.disabled = false;
    }
  });
  return button;
}

/** Draw the panel for ``summary`` (a running room) and the tab's ``tokens`` ([[seat, token]]); hidden
 * when no held seat plays on. ``changed()`` runs after a seat left or conceded. */
export function drawSeatExit(summary, tokens, changed) {
  const playing = summary.status === "running" ? tokens.filter(([seat]) => !summary.seats[seat].left) : [];
  $("seat-exit").hidden = playing.length === 0;
  const said = (key, fallback, seat) => t(key, fallback).replace("{seat}", seatName(seat, summary.seats));
  fill(
    $("seat-exit-list"),
    playing.map(([seat, token]) =>
      h(
        "div",
        { class: "row seat-exit-row", "data-seat": seat },
        twice(
          { class: "leave", "data-leave": seat },
          said("ui.leave", "Leave the game ({seat})", seat),
          said("ui.leave.confirm", "Leave for good? {seat} is played for you from now on", seat),
          async () => {
            await api.leave(summary.room, token);
            changed();
          },
        ),
        twice(
          { class: "concede", "data-concede": seat },
          said("ui.concede", "Concede ({seat})", seat),
          said("ui.concede.confirm", "Concede for good? A bot plays {seat} to the end", seat),
          async () => {
            await api.concede(summary.room, token);
            changed();
          },
        ),
      ),
    ),
  );
}
