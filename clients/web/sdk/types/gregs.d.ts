// boardroom game gregs: generated from protocol/schema/gregs.json by `npm run types`; do not edit.
// Gregs Tagebuch: Von Idioten umzingelt!: 3 to 6 seats. `options` is the room's options object;
// `action` the `action` of an `act` message (tag field `kind`); `view` a snapshot's `view`; `event` an
// event's `body`.

export type Action = Choose | Cut | Reveal | Stop | Curse;
export type Event =
  | Chosen
  | RowBuilt
  | FanBuilt
  | Reshuffled
  | CutMade
  | Revealed
  | Moved
  | CursePassed
  | Discarded
  | RevealingOver
  | TimedOut
  | LastRound
  | GameEnded;

/**
 * Take a free character in the setup (GRE-3).
 */
export interface Choose {
  character: string;
  kind: 'choose';
}
export interface Chosen {
  character: string;
  kind: 'chosen';
  seat: number;
  [k: string]: unknown;
}
/**
 * The holder hands the curse to seat ``target`` (GRE-18).
 */
export interface Curse {
  kind: 'curse';
  target: number;
}
/**
 * The curse went from ``source`` to ``target``: ``reason`` ``cheese`` (GRE-14) or ``chosen`` (GRE-18).
 */
export interface CursePassed {
  kind: 'curse_passed';
  reason: 'cheese' | 'chosen';
  source: number;
  target: number;
  [k: string]: unknown;
}
/**
 * Cut the face-down fan: the card at slot ``position`` becomes slot 0 (0 = no cut; GRE-15).
 */
export interface Cut {
  kind: 'cut';
  position: number;
}
export interface CutMade {
  kind: 'cut';
  position: number;
  seat: number;
  [k: string]: unknown;
}
/**
 * ``count`` cards went to the discard pile; ``whole_fan`` after the holder met the cheese (GRE-17, 19).
 *
 * The event names no card: the discard pile in the view shows them, unless the same step reshuffled
 * them into the draw pile, where they are hidden again (GRE-11).
 */
export interface Discarded {
  count: number;
  kind: 'discarded';
  whole_fan?: boolean;
  [k: string]: unknown;
}
/**
 * A new fan for ``active``: ``slots`` cards, ``drawn`` of them fresh from the draw pile (GRE-11).
 */
export interface FanBuilt {
  active: number;
  drawn: number;
  holder_turn: boolean;
  kind: 'fan_built';
  slots: number;
  [k: string]: unknown;
}
/**
 * The game is over, as its `Outcome` says (``ranks``, ``winners``, ``guard``): the last event of
 * every game, shared by every game's event union and built with `GameEnded.of`. ``reason`` is the
 * game's own word for what ended it (Grucha's ``points``, iGranie's ``round_24``), which may say more
 * than ``outcome.reason`` (``finished``); see protocol/README.md, "`outcome.reason` and the
 * `game_end` event".
 */
export interface GameEnded {
  guard?: boolean;
  kind: 'game_end';
  ranks: number[];
  reason: string;
  winners: number[];
  [k: string]: unknown;
}
/**
 * ``seat``'s character reached rank 1: every seat takes one more turn (GRE-20).
 */
export interface LastRound {
  kind: 'last_round';
  seat: number;
  [k: string]: unknown;
}
/**
 * ``seat``'s character moved ``by`` places from row index ``start`` to ``end`` (GRE-7).
 */
export interface Moved {
  by: number;
  end: number;
  kind: 'moved';
  seat: number;
  start: number;
  [k: string]: unknown;
}
/**
 * Room options. ``start``: ``"seat0"``, ``"random"`` or a seat number as its digits (``"2"``, not
 * ``"02"``; GRE-5); ``offer_cut``: prompt the holder's right-hand neighbour for a cut (GRE-15);
 * ``turn_limit``: turns after which the game ends as a guard (GRE-21).
 */
export interface Options {
  offer_cut?: boolean;
  start?: string;
  turn_limit?: number;
}
/**
 * The discard pile (``cards`` of them) became the new draw pile (GRE-11).
 */
export interface Reshuffled {
  cards: number;
  kind: 'reshuffled';
  [k: string]: unknown;
}
/**
 * Reveal the card in fan slot ``slot`` (GRE-12).
 */
export interface Reveal {
  kind: 'reveal';
  slot: number;
}
export interface Revealed {
  card: string;
  kind: 'revealed';
  seat: number;
  slot: number;
  value: number;
  [k: string]: unknown;
}
/**
 * ``seat`` did not stop: a rule ended the revealing, ``rule`` names it (for a link to its text).
 * ``reason`` ``cheese``: a player without the curse revealed the cheese, the turn ends (GRE-14);
 * ``holder_cheese``: the holder revealed it, the turn ends with curse and place kept (GRE-17);
 * ``only_cheese``: the holder revealed every action card of the fan, the cheese alone is face down, so
 * the holder moves and hands the curse on (GRE-18).
 */
export interface RevealingOver {
  kind: 'revealing_over';
  reason: 'cheese' | 'holder_cheese' | 'only_cheese';
  rule: string;
  seat: number;
  [k: string]: unknown;
}
export interface RowBuilt {
  kind: 'row_built';
  row: string[];
  [k: string]: unknown;
}
/**
 * A fan slot as everyone sees it: ``card`` and ``value`` once revealed, else both ``None``.
 */
export interface SlotView {
  card?: string | null;
  slot: number;
  value?: number | null;
  [k: string]: unknown;
}
/**
 * End the turn and move by the revealed sum (GRE-13, GRE-18).
 */
export interface Stop {
  kind: 'stop';
}
/**
 * ``seat``'s deadline passed; the game applied ``default`` (the kind of that prompt's default action)
 * for it. The event of a `Timeout`, shared by every game's event union.
 */
export interface TimedOut {
  default: string;
  kind: 'timed_out';
  seat: number;
  [k: string]: unknown;
}
/**
 * What every seat and spectator sees (nothing in Gregs is private to one seat).
 *
 * ``to_act`` is the one seat prompted now (``None`` once over); ``row`` the character and rank ids left
 * to right; ``fan`` the slots in slot order, unrevealed ones hidden; ``draw_count``/``discard`` the piles
 * (the discard pile is public, in the order cards went on it); ``revealed_sum`` the places the revealed
 * action cards add up to; ``last_round`` true from the moment a character first reached rank 1 and
 * ``turns_left`` then the turns still to play, the current one included (GRE-20: ``seats + 1`` while the
 * triggering turn goes on, as in the holder's curse phase after their own move triggered the end;
 * ``None`` before the last round).
 */
export interface View {
  active: number;
  characters: (string | null)[];
  discard: string[];
  discard_count: number;
  draw_count: number;
  fan: SlotView[];
  holder: number;
  holder_turn: boolean;
  last_round: boolean;
  phase: 'choose' | 'curse' | 'cut' | 'over' | 'reveal';
  revealed_sum: number;
  row: string[];
  seats: number;
  to_act: number | null;
  turn: number;
  turn_limit: number;
  turns_left: number | null;
  [k: string]: unknown;
}
