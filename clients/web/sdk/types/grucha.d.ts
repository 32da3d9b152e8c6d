// boardroom game grucha: generated from protocol/schema/grucha.json by `npm run types`; do not edit.
// Grucha: 2 to 5 seats. `options` is the room's options object; `action` the `action` of an `act`
// message (tag field `kind`); `view` a snapshot's `view`; `event` an event's `body`.

export type Action = Submit | Draw | End | Pass | Next;
export type Event =
  | RoundStarted
  | Drew
  | Submitted
  | Called
  | Passed
  | TurnEnded
  | TimedOut
  | WentOut
  | Blocked
  | Revealed
  | RoundEnded
  | Ready
  | GameEnded;

/**
 * Round ``round`` is over: every seat passed in a row with an empty stock (GRU-14).
 */
export interface Blocked {
  kind: 'blocked';
  round: number;
  [k: string]: unknown;
}
/**
 * ``seat`` called GRUCHA ending its turn with one card (GRU-11); its `TurnEnded` follows.
 */
export interface Called {
  kind: 'called';
  seat: number;
  [k: string]: unknown;
}
/**
 * Draw one card from the stock (GRU-8).
 */
export interface Draw {
  kind: 'draw';
}
/**
 * ``seat`` drew ``count`` cards: ``reason`` ``draw`` (GRU-8) or ``penalty`` (GRU-11). The cards are
 * in the drawer's view only.
 */
export interface Drew {
  count: number;
  kind: 'drew';
  reason: 'draw' | 'penalty';
  seat: number;
  [k: string]: unknown;
}
/**
 * End the turn ("JUŻ"), with the ``grucha`` call when one card is left (GRU-11).
 */
export interface End {
  grucha?: boolean;
  kind: 'end';
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
 * One table group: ``kind`` (``run``/``set``), ``cards`` in canonical order, ``jokers`` id -> the
 * name each joker stands for now (GRU-6).
 */
export interface Group {
  cards: string[];
  jokers?: {
    [k: string]: string;
  };
  kind: 'run' | 'set';
}
/**
 * Done reading the round's end (GRU-13): the next round is dealt once every seat is done.
 */
export interface Next {
  kind: 'next';
}
/**
 * Room options (GRU-1, 2, 15 and the spec's options). The match ends after the first round that
 * meets any end condition set: ``rounds`` played, a total strictly over ``point_limit``, or
 * ``time_limit_minutes`` of wall clock since the first action; at least one must be set (``null``
 * switches a condition off). ``point_limit`` left out is 100 points, unless ``rounds`` or
 * ``time_limit_minutes`` is given: then it is off (GRU-15's ruling: the rulebook picks one end), and
 * only a ``point_limit`` given beside them keeps the points. Raises ``ValueError`` when no end is set.
 */
export interface Options {
  jokers_must_be_minority?: boolean;
  jokers_per_deck?: number;
  opening_min_points?: number;
  point_limit?: number | null;
  rotate_dealer?: boolean;
  rounds?: number | null;
  time_limit_minutes?: number | null;
}
/**
 * Pass with an empty stock, nothing played (GRU-14).
 */
export interface Pass {
  kind: 'pass';
}
/**
 * ``seat`` passed with an empty stock, the ``passes``-th pass in a row (GRU-14); its `TurnEnded`
 * follows.
 */
export interface Passed {
  kind: 'passed';
  passes: number;
  seat: number;
  [k: string]: unknown;
}
/**
 * ``seat`` is done reading the round's end (GRU-13).
 */
export interface Ready {
  kind: 'ready';
  seat: number;
  [k: string]: unknown;
}
/**
 * At a round's end ``seat`` shows its remaining ``cards`` (hand order, never empty) to everyone,
 * scoring ``points`` (GRU-13 values), ``total`` in all.
 */
export interface Revealed {
  cards: string[];
  kind: 'revealed';
  points: number;
  seat: number;
  total: number;
  [k: string]: unknown;
}
/**
 * Round ``round`` ended: ``reason`` ``out`` (``went_out`` has no cards, GRU-13) or ``blocked``
 * (everyone passed with an empty stock, GRU-14; ``went_out`` is ``null``); ``hands`` every seat's
 * remaining cards, shown to everyone (GRU-13); ``scores`` this round, ``totals`` after it. The next
 * round is dealt in a later step, once every seat is `Ready` (or its ``reveal`` timer has run out).
 */
export interface RoundEnded {
  hands?: string[][];
  kind: 'round_ended';
  reason: 'blocked' | 'out';
  round: number;
  scores: number[];
  totals: number[];
  went_out: number | null;
  [k: string]: unknown;
}
/**
 * Round ``round`` dealt by ``dealer``: 13 cards each, ``stock`` left; ``first`` plays (GRU-2).
 */
export interface RoundStarted {
  dealer: number;
  first: number;
  kind: 'round_started';
  round: number;
  stock: number;
  [k: string]: unknown;
}
/**
 * The complete new table (GRU-9): free-form, not among the prompt's finite choices.
 */
export interface Submit {
  /**
   * @maxItems 120
   */
  groups: SubmittedGroup[];
  kind: 'submit';
}
/**
 * One group of a submission: ``cards`` (ids, any order), optional ``jokers`` id -> name (``8S``)
 * for jokers whose meaning the player chooses (GRU-6), and optional ``kind`` (``run``/``set``) for
 * the reading the player chooses. A view's `Group` is a valid submitted group as it is, so a client
 * may send the table back with its changes (``kind`` given and not readable so: ``invalid_group``,
 * reason ``kind_meaning``).
 */
export interface SubmittedGroup {
  /**
   * @maxItems 120
   */
  cards: string[];
  jokers?: {
    [k: string]: string;
  };
  kind?: ('run' | 'set') | null;
}
/**
 * ``seat``'s accepted submission: ``count`` cards added (at least 1), the new ``table`` and the
 * ``added`` ids (GRU-9); ``went_out`` when it empties the hand (GRU-13: a `WentOut` follows).
 * What the submission rearranged (GRU-10, GRU-6): ``regrouped``, the table cards now lying with other
 * table cards than before (moved to another group, a group split or joined), in table order; and
 * ``jokers``, the table jokers that stand for another card now, each with ``joker_as[i]``, the name of
 * the card it stands for (``AH``, as `Group.jokers` has it: no card id).
 */
export interface Submitted {
  added: string[];
  count: number;
  joker_as?: string[];
  jokers?: string[];
  kind: 'submitted';
  regrouped?: string[];
  seat: number;
  table: Group[];
  went_out?: boolean;
  [k: string]: unknown;
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
 * ``seat`` ended the turn, ``grucha`` when called (GRU-11, after a `Called`); ``passed`` for GRU-14's
 * pass (after a `Passed`).
 */
export interface TurnEnded {
  grucha?: boolean;
  kind: 'turn_ended';
  passed?: boolean;
  seat: number;
  [k: string]: unknown;
}
/**
 * What one seat sees. ``seat`` is the viewer (``None``: a spectator); ``hand`` its own cards in hand
 * order (empty for a spectator); ``to_act`` the seat whose turn it is (``None`` outside phase
 * ``play``); ``hand_sizes`` every seat's count; ``table`` every group in canonical order with its
 * jokers' meanings; ``drew``/``added`` the current turn; ``totals`` and ``ranks`` the standings
 * (lowest total ranks 1); ``history`` each finished round's scores; ``revealed`` every
 * seat's remaining cards once the round has ended (phases ``scores`` and ``over``, GRU-13), else
 * empty; ``ready`` the seats done reading it.
 */
export interface View {
  active: number;
  added: number;
  dealer: number;
  drew: boolean;
  end_reason: string | null;
  hand: string[];
  hand_sizes: number[];
  history: number[][];
  jokers_must_be_minority: boolean;
  opened: boolean[];
  opening_min_points: number;
  passes: number;
  phase: 'over' | 'play' | 'scores';
  point_limit: number | null;
  ranks: number[];
  ready: boolean[];
  revealed: string[][];
  round: number;
  rounds: number | null;
  seat: number | null;
  seats: number;
  started: number | null;
  stock_count: number;
  table: Group[];
  time_limit_minutes: number | null;
  to_act: number | null;
  totals: number[];
  [k: string]: unknown;
}
/**
 * ``seat`` has no cards left: round ``round`` is over (GRU-13); it scores 0, ``total`` in all.
 */
export interface WentOut {
  kind: 'went_out';
  round: number;
  seat: number;
  total: number;
  [k: string]: unknown;
}
