// The replay of a finished room (GET /api/rooms/<id>/replay/<version>): step forward and back, jump to
// a move from the public log, play at a chosen speed, and a link that opens at a move (?at=N). The
// game's renderer draws each version as a spectator saw it, the move that led there highlighted.

import * as api from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
/** Moves per second the player can choose. */
export const SPEEDS = [0.5, 1, 2, 4];

export class Replay {
  /** ``context(view)``: the renderer's context for a spectator holding ``view``; ``describe(body)``: an
   * event's sentence; ``renderer``: the game's renderer. */
  constructor({ room, renderer, context, describe }) {
    Object.assign(this, { room, renderer, context, describe });
    this.cache = new Map(); // version -> the replay answer
    this.at = 0;
    this.last = 0;
    this.timer = null;
  }

  /** Opens the replay at ``version`` (clamped to the game), fetching the last version first. */
  async open(version) {
    const first = await this.fetch(0);
    this.last = first.last;
    $("replay").hidden = false;
    $("replay-at").max = String(this.last);
    await this.show(Math.min(Math.max(0, version), this.last));
  }

  async fetch(version) {
    if (!this.cache.has(version)) this.cache.set(version, await api.replay(this.room, version));
    return this.cache.get(version);
  }

  /** Draws ``version``: the table, the move that led to it, the position, the link. */
  async show(version) {
    const answer = await this.fetch(version);
    this.at = version;
    fill($("replay-table"), this.renderer.view(this.context(answer.view)));
    const told = answer.events.map((e) => this.describe(e.body)).filter(Boolean);
    // one sentence per event, apart as the table's last-move line has them
    $("replay-move").textContent = version === 0 ? t("ui.replay.setup", "The table as dealt.") : told.join(" · ");
    $("replay-at").value = String(version);
    $("replay-position").textContent = t("ui.replay.position", "Move {at} of {last}")
      .replace("{at}", String(version))
      .replace("{last}", String(this.last));
    this.mark();
    const url = new URL(location.href);
    url.searchParams.set("at", String(version));
    history.replaceState(null, "", url);
    $("replay-link").value = url.href;
    $("replay-back").disabled = version === 0;
    $("replay-forward").disabled = version === this.last;
  }

  /** Marks the public log's lines of the move shown. */
  mark() {
    for (const item of document.querySelectorAll("#public-log-list li")) {
      item.classList.toggle("current", Number(item.dataset.version) === this.at);
    }
  }

  step(by) {
    const next = Math.min(Math.max(0, this.at + by), this.last);
    if (next !== this.at) return this.show(next);
    return Promise.resolve();
  }

  /** Plays forward at ``speed`` moves a second until the last version or `stop`. */
  play(speed) {
    this.stop();
    $("replay-play").textContent = t("ui.replay.pause", "Pause");
    this.timer = setInterval(async () => {
      if (this.at >= this.last) return this.stop();
      await this.step(1);
    }, 1000 / speed);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    $("replay-play").textContent = t("ui.replay.play", "Play");
  }

  /** Wires the panel's controls. */
  bind() {
    $("replay-first").addEventListener("click", () => this.show(0));
    $("replay-back").addEventListener("click", () => this.step(-1));
    $("replay-forward").addEventListener("click", () => this.step(1));
    $("replay-last").addEventListener("click", () => this.show(this.last));
    $("replay-at").addEventListener("input", (e) => this.show(Number(e.target.value)));
    $("replay-play").addEventListener("click", () =>
      this.timer ? this.stop() : this.play(Number($("replay-speed").value)),
    );
    fill(
      $("replay-speed"),
      SPEEDS.map((s) => h("option", { value: String(s), selected: s === 1 }, `${s}×`)),
    );
  }
}
