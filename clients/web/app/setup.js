// The room's seats while it is open: take a seat (several at one device for hot-seat), fill seats with
// the server's bots (host only; the picker offers the game's best bot first), give a taken seat back,
// start a room that does not start by itself. Tokens go to localStorage (storage.js); the page then
// says hello again with all of them. Every word is the chrome's, in the page's language, and a seat is
// named as the rest of the table names it (dom.js seatName: "Seat 2 (random bot)").

import * as api from "./api.js";
import { fill, h, seatName } from "./dom.js";
import { sentence } from "./messages.js";
import * as storage from "./storage.js";
import { say } from "./words.js";

let botPolicies = ["random"];
let bestBot = "random";

/** The game's bot ``policies`` (GET /api/games ``bots``) and the one the picker selects, ``best``. */
export function setBots(policies, best) {
  if (policies && policies.length) botPolicies = policies;
  bestBot = botPolicies.includes(best) ? best : botPolicies[0];
}

async function run(step, hooks, status) {
  status.textContent = "";
  try {
    await step();
    hooks.onSeatsChanged();
  } catch (error) {
    status.textContent = sentence(error, "lobby");
  }
}

function seatRow(summary, s, host, hooks, status) {
  const room = summary.room;
  const nameInput = document.getElementById("player-name");
  const policyId = `bot-policy-${s.seat}`;
  const name = seatName(s.seat, summary.seats);
  const actions = [];
  if (!s.taken) {
    actions.push(
      h(
        "button",
        {
          type: "button",
          "data-claim": s.seat,
          onclick: () =>
            run(
              async () => {
                const name = nameInput && nameInput.value.trim();
                const claimed = await api.claim(room, s.seat, name || undefined);
                storage.keepSeat(room, claimed.seat, claimed.token);
              },
              hooks,
              status,
            ),
        },
        say("ui.take_seat", { seat: name }),
      ),
    );
    if (host) {
      const select = h(
        "select",
        { id: policyId, "aria-label": say("ui.bot_for", { seat: name }) },
        botPolicies.map((p) => h("option", { value: p, selected: p === bestBot }, say("ui.seat.bot", { policy: p }))),
      );
      actions.push(
        select,
        h(
          "button",
          {
            type: "button",
            "data-bot": s.seat,
            onclick: () => run(() => api.addBot(room, s.seat, select.value, host), hooks, status),
          },
          say("ui.add_bot", { seat: name }),
        ),
      );
    }
  }
  const token = storage.held(room).seats[String(s.seat)];
  if (token) actions.push(giveBack(room, s.seat, name, token, hooks, status));
  // a bot's seat says it in its name ("Seat 2 (random bot)")
  const state = s.bot ? name : say(s.taken ? "ui.setup.taken" : "ui.setup.free", { seat: name });
  return h(
    "li",
    { class: "setup-seat" },
    h("span", {}, state),
    token ? h("span", { class: "mark mark-mine" }, say("ui.setup.yours")) : null,
    actions,
  );
}

/** "Give Seat N back" (``name``: the seat's name): the seat is free again (POST leave before the start)
 * and this browser forgets its token. A token the room no longer knows (given back elsewhere) is
 * forgotten all the same. */
function giveBack(room, seat, name, token, hooks, status) {
  const step = async () => {
    try {
      await api.leave(room, token);
    } catch (error) {
      if (error.code !== "auth/bad_token") throw error;
    }
    storage.forgetSeat(room, seat);
  };
  const words = say("ui.give_back", { seat: name });
  return h("button", { type: "button", "data-give-back": seat, onclick: () => run(step, hooks, status) }, words);
}

/** Draw the setup panel of ``summary`` into ``box`` (hidden unless the room is open). ``hooks``:
 * {onSeatsChanged()}. */
export function renderSetup(box, summary, hooks) {
  const open = summary.status === "open";
  box.hidden = !open;
  const list = document.getElementById("setup-seats");
  const status = document.getElementById("setup-status");
  if (!open) {
    fill(list);
    return;
  }
  const host = storage.held(summary.room).host;
  fill(
    list,
    summary.seats.map((s) => seatRow(summary, s, host, hooks, status)),
  );
  const start = document.getElementById("start");
  const full = summary.seats.every((s) => s.taken);
  start.hidden = !host || summary.autostart;
  start.disabled = !full;
  start.onclick = () => run(() => api.start(summary.room, host), hooks, status);
  document.getElementById("setup-note").textContent = say(
    summary.autostart ? "ui.setup.autostart" : host ? "ui.setup.host" : "ui.setup.guest",
  );
}
