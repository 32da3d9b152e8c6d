// The private settings of each seat this tab holds (docs/api.md "Seat settings"): one "pass
// automatically" checkbox per seat (on unless its holder turned it off), read with the seat's token
// and stored back on every change. Only this browser sees them; the server never shows them to anyone
// else. The table hears of every value read or stored, to hide the prompts the server passes for. A
// seat that left or conceded has nothing to set (the server refuses it `seat/left`): its row goes.

import * as api from "./api.js";
import { fill, h, seatName } from "./dom.js";
import { t } from "./i18n.js";
import { sentence } from "./messages.js";

const $ = (id) => document.getElementById(id);

function checkbox(room, seat, token, settings, seats, onChange) {
  const id = `auto-pass-${seat}`;
  const box = h("input", { type: "checkbox", id, "data-seat": seat, checked: settings.auto_pass });
  box.addEventListener("change", async () => {
    $("seat-settings-status").textContent = "";
    box.disabled = true;
    try {
      const stored = await api.setSettings(room, seat, token, { ...settings, auto_pass: box.checked });
      Object.assign(settings, stored);
      onChange(seat, { ...settings });
    } catch (error) {
      box.checked = settings.auto_pass;
      $("seat-settings-status").textContent = sentence(error, "lobby");
    } finally {
      box.disabled = false;
    }
  });
  return h(
    "label",
    { for: id, "data-settings-seat": seat },
    box,
    ` ${seatName(seat, seats)}: ${t("ui.auto_pass", "Pass automatically when I have nothing to play")}`,
  );
}

/** Draw the settings of ``held`` (``[[seat, token]]``) still playing into the page's settings panel
 * (hidden for a spectator and once every held seat left); ``seats``: the room summary's seats, for
 * their names and whether they left. ``onChange(seat, {auto_pass})``
 * hears each seat's settings once read and after every change stored; a seat whose settings cannot
 * be read counts as auto-pass off (its prompts show, as they would without it). ``screen``: this
 * browser's screen id (storage.js `screenId`), stored for each seat when it holds several (hot-seat):
 * the server then gives a seat its full time again when another seat of this screen has answered. */
export async function drawSeatSettings(room, held, seats, onChange = () => {}, screen = "") {
  const panel = $("seat-settings");
  held = held.filter(([seat]) => !(seats[seat] && seats[seat].left));
  panel.hidden = held.length === 0;
  $("seat-settings-list").dataset.drawn = "false";
  const rows = [];
  for (const [seat, token] of held) {
    try {
      let settings = await api.settings(room, seat, token);
      if (held.length > 1 && screen && settings.screen !== screen) {
        settings = await api.setSettings(room, seat, token, { ...settings, screen });
      }
      onChange(seat, { ...settings });
      rows.push(checkbox(room, seat, token, settings, seats, onChange));
    } catch (error) {
      onChange(seat, { auto_pass: false });
      $("seat-settings-status").textContent = sentence(error, "lobby");
    }
  }
  fill($("seat-settings-list"), rows);
  $("seat-settings-list").dataset.drawn = "true";
  dropLeftSeats(latest || seats);
}

let latest = null; // the room's seats as last heard (`dropLeftSeats`), for a draw still reading

/** Removes the rows of the seats that left or conceded in ``seats`` (the room summary's), and hides
 * the panel once none is left, with any refusal it showed. */
export function dropLeftSeats(seats) {
  latest = seats;
  const list = $("seat-settings-list");
  for (const row of [...list.querySelectorAll("[data-settings-seat]")]) {
    const seat = seats[Number(row.dataset.settingsSeat)];
    if (seat && seat.left) row.remove();
  }
  if (list.children.length === 0 && !$("seat-settings").hidden && list.dataset.drawn === "true") {
    $("seat-settings").hidden = true;
    $("seat-settings-status").textContent = "";
  }
}
