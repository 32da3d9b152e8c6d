// Hot-seat: which seat of this tab the page shows. With several seats at one device, whenever the
// seat that must act changes the page drops the shown seat (its private view leaves the DOM) and
// shows a curtain naming the next seat until that person reveals their own view. Every prompt the page
// shows gets its curtain and its controls, whether the seat holds real options or only a pass, so the
// others at the device learn nothing from timing or layout. A pass-only prompt the server answers by
// itself (auto-pass on, autopass.js) is not shown and brings no curtain: at a shared device, seats that
// must not tell the others when they had nothing to play turn auto-pass off. The tab's seats share one
// screen id (their `screen` setting, seat-settings.js): one round of asking has one deadline, and when a
// seat of the screen answers, the server gives the others of this screen their full time again.

export class HotSeat {
  /** ``seats``: the seats this tab holds (ascending). */
  constructor(seats) {
    this.seats = seats;
    this.shown = seats.length === 1 ? seats[0] : null;
  }

  get several() {
    return this.seats.length > 1;
  }

  /** Settle the shown seat against ``due`` (the tab's seats with a prompt now, in order) and return
   * {shown: seat|null, curtain: seat|null}: ``curtain`` is the seat asked to reveal (null: none due). */
  settle(due) {
    if (!this.several) return { shown: this.shown, curtain: null };
    if (due.length && !due.includes(this.shown)) this.shown = null;
    return { shown: this.shown, curtain: this.shown === null && due.length ? due[0] : null };
  }

  /** Whether the tab shows the shared screen of a reaction window ("Does anyone play a card?") for
   * ``due`` (its seats with a prompt now; ``promptOf(seat)`` their prompts): when one round of asking of
   * one window (`askOf`) asks several of them, and until each has answered. A seat revealed from that
   * screen answers behind its own curtain; a new round asks everyone again on the shared screen. */
  asking(due, promptOf) {
    if (!this.several || !due.length) return false;
    const asks = new Set(due.map((s) => askOf(promptOf(s))));
    const [ask] = asks;
    if (asks.size !== 1 || ask === null || (due.length < 2 && this.ask !== ask)) {
      this.ask = null;
      return false;
    }
    if (this.ask !== ask) {
      this.ask = ask;
      this.shown = null;
    }
    return !due.includes(this.shown);
  }

  reveal(seat) {
    if (this.seats.includes(seat)) this.shown = seat;
  }

  hide() {
    if (this.several) this.shown = null;
  }
}

/** The round of asking of a reaction window a prompt belongs to (``w3/r0`` of ``w3/r0/2``: its id
 * without the seat), or null for any other prompt. */
export function askOf(prompt) {
  return prompt && /^w\d+\//.test(prompt.id) ? prompt.id.slice(0, prompt.id.lastIndexOf("/")) : null;
}
