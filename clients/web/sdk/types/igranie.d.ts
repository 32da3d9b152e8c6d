// boardroom game igranie: generated from protocol/schema/igranie.json by `npm run types`; do not edit.
// iGranie z Gruzem: 2 to 5 seats. `options` is the room's options object; `action` the `action` of an
// `act` message (tag field `kind`); `view` a snapshot's `view`; `event` an event's `body`.

export type Action =
  | Choose
  | FirstLoop
  | Roll
  | Forest
  | Modify
  | Cancel
  | Reverse
  | Special
  | Use
  | Done
  | Split
  | Buy
  | OfferTrade
  | Accept
  | GiveUp
  | Eat
  | Steal
  | Starve
  | Nag
  | Deposit
  | Discard
  | Pick
  | Barter
  | Pass;
export type Event =
  | Chosen
  | Rolled
  | Played
  | Passed
  | Cancelled
  | Moved
  | Changed
  | TheftSettled
  | RentDue
  | Died
  | TurnBegan
  | TimedOut
  | GameEnded;

export interface AbilityPlay {
  ability: string;
  amounts?: number[];
  goods?: string[];
  kind: 'ability';
  seats?: number[];
  [k: string]: unknown;
}
/**
 * Accept the offer of this window (Staff, Bartering, a trade).
 */
export interface Accept {
  kind: 'accept';
}
export interface AcceptPlay {
  kind: 'accept';
  [k: string]: unknown;
}
/**
 * IGR-33, 37: Lena settles her rent and that of ``seats`` who accept, for ``count`` of ``good``.
 */
export interface Barter {
  count?: number;
  good?: 'cards' | 'food' | 'money';
  kind: 'barter';
  /**
   * @maxItems 2
   */
  seats?: [] | [number] | [number, number];
}
/**
 * IGR-12: buy ``count`` Food or Resourcefulness cards at 1 Money each.
 */
export interface Buy {
  count: number;
  good: 'cards' | 'food';
  kind: 'buy';
}
/**
 * IGR-28, 30: play ``card``'s cancel against the play with id ``target``.
 */
export interface Cancel {
  card: string;
  kind: 'cancel';
  target: number;
}
/**
 * Play ``play`` was cancelled and has no effect (IGR-30, last in, first out).
 */
export interface Cancelled {
  kind: 'cancelled';
  play: number;
  [k: string]: unknown;
}
/**
 * A Resourcefulness card played: ``use`` ``modify`` (its modifier on ``side``), ``cancel`` or
 * ``reverse``.
 */
export interface CardPlay {
  card: string;
  kind: 'card';
  side?: number;
  use: 'cancel' | 'modify' | 'reverse';
  [k: string]: unknown;
}
/**
 * ``seat``'s ``what`` (``money``, ``food``, ``cards``, ``bank_money``, ``bank_food``, ``hunger``,
 * ``debt``, ``skip``, ``rent_release``, ``special``, ``tough``) changed by ``delta`` for ``reason``;
 * ``cards`` names the cards when the viewer may see them (own draws, face-up cards, discards).
 */
export interface Changed {
  cards?: string[];
  delta: number;
  kind: 'changed';
  reason: string;
  seat: number;
  what: string;
  [k: string]: unknown;
}
/**
 * IGR-1: take a free character.
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
 * A Fridge theft (IGR-18): ``attacker``, ``defender``, their modified ``dice`` (attacker's first,
 * empty until rolled), ``gave_up``.
 */
export interface Contest {
  attacker: number;
  defender: number;
  dice?: number[];
  gave_up?: boolean;
  [k: string]: unknown;
}
/**
 * IGR-14, 22: put ``count`` Money or Food into the Dream Bank.
 */
export interface Deposit {
  count: number;
  good: 'food' | 'money';
  kind: 'deposit';
}
/**
 * IGR-25: ``cause`` ``starvation``, ``homelessness`` or ``cold``.
 */
export interface Died {
  cause: string;
  kind: 'died';
  seat: number;
  [k: string]: unknown;
}
/**
 * IGR-15: discard ``card`` over the hand limit.
 */
export interface Discard {
  card: string;
  kind: 'discard';
}
/**
 * End the current phase (no Ability, shopping done, nothing more to deposit, no barter).
 */
export interface Done {
  kind: 'done';
}
/**
 * IGR-17, 19: eat ``count`` Food from your own shelf.
 */
export interface Eat {
  count?: number;
  kind: 'eat';
}
export interface EventPlay {
  card: string;
  kind: 'event';
  [k: string]: unknown;
}
/**
 * IGR-2 ruling: Fiefiurka's first Large Loop.
 */
export interface FirstLoop {
  kind: 'first_loop';
  loop: 'chillout' | 'work';
}
/**
 * IGR-35 Forest Dweller: ``extra`` 1 moves one space further.
 */
export interface Forest {
  extra: number;
  kind: 'forest';
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
 * IGR-18: the defender gives the Food up without rolling.
 */
export interface GiveUp {
  kind: 'give_up';
}
export interface GiveUpPlay {
  kind: 'give_up';
  [k: string]: unknown;
}
export interface LoopPlay {
  kind: 'loop';
  loop: string;
  result: number;
  [k: string]: unknown;
}
/**
 * IGR-28: play ``card``'s die modifier on ``side`` (0: the mover or attacker, 1: the defender).
 */
export interface Modify {
  card: string;
  kind: 'modify';
  side?: number;
}
/**
 * ``seat``'s figure went along ``path`` (the spaces entered, in order; ``pushed``: by a push).
 */
export interface Moved {
  kind: 'moved';
  path: string[];
  pushed?: boolean;
  seat: number;
  [k: string]: unknown;
}
/**
 * IGR-34 Scrawny Nag: skip the whole Food phase in a first-week round.
 */
export interface Nag {
  kind: 'nag';
}
/**
 * An offer waiting for answers: a Special card trade (IGR-27), Lena's barter (IGR-33) or Staff.
 */
export interface Offer {
  accepted?: number[];
  card?: string;
  count?: number;
  good?: string;
  kind: 'barter' | 'staff' | 'trade';
  seats: number[];
  source: number;
  [k: string]: unknown;
}
/**
 * IGR-27: offer Special ``card`` to seat ``to`` for ``count`` of ``good`` (``food``, ``money``,
 * ``cards``) or for their Special card ``good``.
 */
export interface OfferTrade {
  card: string;
  count?: number;
  good: string;
  kind: 'offer';
  to: number;
}
/**
 * Room options (house rules of the rulebook, IGR Options). ``first_player``: ``random``, ``seat0`` or
 * a seat number as a string; ``removed_cards``: ids of Event or ordinary Resourcefulness cards left in
 * the box; ``weeks``: the game's length in weeks (rounds), the rulebook's 24 (IGR-21, 24) or a short game
 * of 6 or 12, which ends after its last week and ranks as IGR-24 does.
 */
export interface Options {
  abilities_once_per_game?: boolean;
  allow_two_players?: boolean;
  continue_after_death?: boolean;
  double_portion_after_hunger?: boolean;
  first_player?: string;
  random_discard_by_left_neighbour?: boolean;
  /**
   * @maxItems 60
   */
  removed_cards?: string[];
  rent?: number;
  weeks?: 6 | 12 | 24;
}
/**
 * The pass action a game may put in its ``Action`` union (``{"kind": "pass"}``).
 */
export interface Pass {
  kind: 'pass';
}
export interface Passed {
  kind: 'passed';
  seat: number;
  [k: string]: unknown;
}
/**
 * IGR-15 option: the left neighbour draws the face-down card at ``slot`` to discard it.
 */
export interface Pick {
  kind: 'pick';
  slot: number;
}
/**
 * One play in a window: ``id`` unique in the game, the ``seat`` that played, the game's ``payload``,
 * ``target`` the id of the play it cancels (``None``: not a cancel), whether it is ``cancellable``, and
 * ``cancelled`` (settled when the window closes).
 */
export interface Play {
  cancellable?: boolean;
  cancelled?: boolean;
  id: number;
  payload: CardPlay | LoopPlay | EventPlay | AbilityPlay | SpecialPlay | AcceptPlay | GiveUpPlay;
  seat: number;
  target?: number | null;
  [k: string]: unknown;
}
export interface SpecialPlay {
  card: string;
  kind: 'special';
  seat?: number | null;
  [k: string]: unknown;
}
/**
 * ``seat`` made play ``play`` in window ``window``: ``what`` (``modify``, ``cancel``, ``reverse``,
 * ``special``, ``ability``, ``accept``, ``give_up``, ``event``, ``loop``), naming ``card`` when one is
 * played or drawn, and the ``target`` play of a cancel.
 */
export interface Played {
  card?: string;
  kind: 'played';
  play: number;
  seat: number;
  side?: number;
  target?: number | null;
  what: string;
  window: number;
  [k: string]: unknown;
}
/**
 * Everything public about one seat (IGR Hidden information): its hand only as a size.
 */
export interface PlayerView {
  bank_food: number;
  bank_money: number;
  cause: string;
  character: string;
  dead: boolean;
  debt: boolean;
  enter: string | null;
  food: number;
  hand_size: number;
  hunger: boolean;
  money: number;
  next_loop: string;
  rent_release: number;
  skip: boolean;
  space: string | null;
  specials: string[];
  tough: boolean;
  used_month: {
    [k: string]: number;
  };
  uses: {
    [k: string]: number;
  };
  [k: string]: unknown;
}
/**
 * IGR-20: ``seat`` owed ``owed`` and paid ``paid`` (``settled``: current rent waived).
 */
export interface RentDue {
  kind: 'rent_due';
  owed: number;
  paid: number;
  seat: number;
  settled?: string;
  [k: string]: unknown;
}
/**
 * IGR-28: turn the negative loop effect of this window into its positive counterpart.
 */
export interface Reverse {
  card: string;
  kind: 'reverse';
}
/**
 * IGR-3: roll the movement die.
 */
export interface Roll {
  kind: 'roll';
}
/**
 * ``seat`` rolled ``dice`` for ``what`` (``move``, ``theft``, ``mom``, ``gm``, ``staff``).
 */
export interface Rolled {
  dice: number[];
  kind: 'rolled';
  seat: number;
  what: string;
  [k: string]: unknown;
}
/**
 * IGR-29: a card's own-turn special action (``seat``: the player it takes from).
 */
export interface Special {
  card: string;
  kind: 'special';
  seat?: number | null;
}
/**
 * IGR-31 Calling Mom: share the rolled goods.
 */
export interface Split {
  cards: number;
  food: number;
  kind: 'split';
  money: number;
}
/**
 * IGR-17: eat nothing (only with no Food you may eat).
 */
export interface Starve {
  kind: 'starve';
}
/**
 * IGR-17, 18: attempt a Fridge theft from seat ``target``'s shelf.
 */
export interface Steal {
  kind: 'steal';
  target: number;
}
/**
 * IGR-18: ``totals`` (attacker's first) after the window; ``winner`` the seat that won. ``tie``: the
 * totals are equal, so the side ahead before the last card played won (the rule's ruling), which
 * the log says, since "5 against 5, seat 1 wins" reads as a mistake without it.
 */
export interface TheftSettled {
  attacker: number;
  defender: number;
  kind: 'theft_settled';
  tie?: boolean;
  totals: number[];
  winner: number;
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
 * The active turn's bookkeeping: the movement ``die`` and final ``move``, the Small Loop the move
 * went through, the Ability used, Food ``eaten``, trade ``offers`` made, ``split`` goods to share
 * (Calling Mom), ``discards`` the neighbour still picks.
 */
export interface Turn {
  ability?: string;
  die?: number;
  die_total?: number;
  discards?: number;
  eaten?: number;
  left?: string;
  loop?: string | null;
  move?: number;
  offers?: number;
  reversed?: boolean;
  split?: number;
  [k: string]: unknown;
}
export interface TurnBegan {
  kind: 'turn_began';
  round: number;
  seat: number;
  [k: string]: unknown;
}
/**
 * IGR-11, 36: use an Ability with its choices (recipients, amounts, goods).
 */
export interface Use {
  ability: string;
  /**
   * @maxItems 2
   */
  amounts?: [] | [number] | [number, number];
  /**
   * @maxItems 2
   */
  goods?: [] | [string] | [string, string];
  kind: 'use';
  /**
   * @maxItems 2
   */
  seats?: [] | [number] | [number, number];
}
/**
 * What one seat sees: every player's public facts, its own ``hand`` (``None`` for a spectator),
 * deck sizes, the face-up discard piles, the windows (all plays are public), the contest, the offer
 * and the turn's bookkeeping.
 */
export interface View {
  active: number;
  chillout_discard: string[];
  contest: Contest | null;
  contest_totals?: number[];
  decks: {
    [k: string]: number;
  };
  first: number;
  hand: string[] | null;
  month: number;
  offer: Offer | null;
  phase:
    | 'ability'
    | 'bank'
    | 'choose'
    | 'discard'
    | 'first_loop'
    | 'food'
    | 'forest'
    | 'over'
    | 'pick'
    | 'rent'
    | 'roll'
    | 'shop'
    | 'split';
  players: PlayerView[];
  reason: string;
  rent: number;
  res_discard: string[];
  round: number;
  seats: number;
  turn: Turn;
  weeks?: number;
  windows: Window[];
  winner: number | null;
  work_discard: string[];
  [k: string]: unknown;
}
/**
 * One reaction window. ``id`` is unique in the game; ``purpose`` is the game's word for what opened
 * it; ``seats`` the eligible seats in order from the active player; ``turn`` the index in ``seats`` of
 * the seat to respond (ordered mode); ``passed`` the seats that passed since the last play (once mode:
 * that passed); ``answered`` the seats that answered (once mode); ``plays`` in the order played;
 * ``resolving`` once closed and its plays are being resolved. ``timer`` and ``default`` go into its
 * prompts; ``skip_idle``: a seat without a legal play counts as passed. Everything here is public: a
 * game may put windows in its views as they are.
 */
export interface Window {
  answered?: number[];
  default?: string;
  id: number;
  mode: 'concurrent' | 'once' | 'ordered' | 'rounds';
  passed?: number[];
  plays?: Play[];
  purpose?: string;
  resolving?: boolean;
  round?: number;
  seats: number[];
  skip_idle?: boolean;
  timer?: string;
  turn?: number;
  [k: string]: unknown;
}
