// boardroom game infarkt: generated from protocol/schema/infarkt.json by `npm run types`; do not edit.
// Jak nedostat infarkt: 2 to 5 seats. `options` is the room's options object; `action` the `action` of
// an `act` message (tag field `kind`); `view` a snapshot's `view`; `event` an event's `body`.

export type Action = Choose | PlaceFigures | UseMedicine | FamilyAnswer | Pass;
export type Event =
  | RoundStarted
  | OfferLaid
  | Picked
  | StartPassed
  | Committed
  | Placed
  | Chosen
  | Changed
  | Moved
  | Reshuffled
  | Tokens
  | Died
  | TimedOut
  | GameEnded;

/**
 * ``seat``'s tracks changed by ``deltas`` (as applied, after the limits) and money by ``money``,
 * from ``source`` (a card id, an action id, ``worsening``, ``funeral``, a medicine, ``death``: the
 * dead's money to the bank). Every change of a seat's money is one of these (an action's price too).
 * ``lost``: per track, the part of the effect beyond the track's end that had no effect (INF-1: a
 * track already at 0 or 10), empty when nothing was lost; ``causes``: the rows of the worsening table
 * that gave this change (INF-18, ids of ``worsening.json``), empty for any other source;
 * ``money_lost``: the part of a price the seat could not pay (money never goes below 0: a card's
 * money -2 with 1 left pays 1 and loses -1), 0 when all of it was paid.
 */
export interface Changed {
  causes?: string[];
  deltas: number[];
  kind: 'changed';
  lost?: number[];
  money: number;
  money_lost?: number;
  seat: number;
  source: string;
  [k: string]: unknown;
}
/**
 * Answer the current decision with ``value``: a card id, a place, an option word or ``seat_<n>``.
 */
export interface Choose {
  kind: 'choose';
  value: string;
}
/**
 * ``seat`` answered decision ``step`` with ``value`` (a spree's returned card is not named);
 * ``place``: the place whose action ``value`` is (step ``option``: ``A`` at ``supermarket``), else
 * ``""``.
 */
export interface Chosen {
  kind: 'chosen';
  place?: string;
  seat: number;
  step: string;
  value: string;
  [k: string]: unknown;
}
/**
 * What ``seat`` sees of a round: ``round``, the ``seats`` that must commit, those that ``committed``
 * (ascending, never in the order they committed) and ``mine``, its own pending payload if any.
 */
export interface CommitmentsView {
  committed: number[];
  mine?: string[] | null;
  round: number;
  seats: number[];
  [k: string]: unknown;
}
/**
 * ``seat`` has placed its figures (nothing of where: INF-8).
 */
export interface Committed {
  kind: 'committed';
  seat: number;
  [k: string]: unknown;
}
/**
 * The decision the game waits for outside windows, with the partial choice so far (all public):
 * ``step`` (``pick``, ``remove``, ``place``, ``resolve``, ``option``, ``spree``, ``keep_medicine``,
 * ``take``, ``give``, ``card``, ``serve``), the ``place`` and ``option`` being resolved, ``chosen``
 * cards (cook or party), ``taken``/``given`` cards of a market swap, ``pairs`` the swap's size.
 */
export interface Decision {
  chosen?: string[];
  given?: string[];
  option?: string;
  pairs?: number;
  place?: string;
  seat: number;
  step: string;
  taken?: string[];
  [k: string]: unknown;
}
/**
 * ``seats`` died in death step ``step`` (INF-17: the game's deaths counted from 1, a later one
 * ranking higher); ``graves``: for each of ``seats``, the track that reached the grave (INF-4: the first
 * at 10 in track order; empty in a log written before it was told).
 */
export interface Died {
  graves?: string[];
  kind: 'died';
  seats: number[];
  step: number;
  [k: string]: unknown;
}
/**
 * INF-25: discard one family token per point cancelled, ``cancel`` per track.
 */
export interface FamilyAnswer {
  cancel: number[];
  kind: 'family';
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
 * ``cards`` (face up) went from ``source`` to ``target`` (``hand:<seat>``, a pile, an offer);
 * ``count`` cards when they are not named (face down).
 */
export interface Moved {
  cards: string[];
  count?: number;
  kind: 'moved';
  source: string;
  target: string;
  [k: string]: unknown;
}
/**
 * INF-7, INF-27, INF-28: the event offer, from ``source`` ``deck``, ``set_aside`` or ``afterlife``.
 */
export interface OfferLaid {
  cards: string[];
  kind: 'offer_laid';
  source: string;
  [k: string]: unknown;
}
/**
 * Room options (INF-8, INF-22…28): ``variant`` ``base`` (six places), ``advanced`` (one expansion
 * replaces the Gym) or ``extreme`` (two or three expansions replace it), with the chosen
 * ``expansions``; ``afterlife``: the afterlife variant; ``sequential_placement``: players place in
 * turn order, visibly; ``round_limit``: rounds after which a guard ends the game.
 *
 * ``variant`` left out (``null``) follows the expansions: none ``base``, one ``advanced``, two or three
 * ``extreme`` (INF-27). Raises ``ValueError`` (``msgspec.ValidationError`` when converted) naming the
 * option's path for repeated expansions, more than three, or a given variant that disagrees.
 */
export interface Options {
  afterlife?: boolean;
  expansions?: ('black_market' | 'career' | 'family' | 'flirt' | 'nightlife')[];
  round_limit?: number;
  sequential_placement?: boolean;
  variant?: ('advanced' | 'base' | 'extreme') | null;
}
/**
 * The pass action a game may put in its ``Action`` union (``{"kind": "pass"}``).
 */
export interface Pass {
  kind: 'pass';
}
/**
 * ``seat`` took event ``card`` (``None``: every card was forbidden to it, INF-7).
 */
export interface Picked {
  card: string | null;
  kind: 'picked';
  seat: number;
  [k: string]: unknown;
}
/**
 * INF-8: the three different ``places`` of this round's figures.
 */
export interface PlaceFigures {
  kind: 'place';
  places: string[];
}
/**
 * The figures of every living seat, revealed at once (or one seat's in sequential placement).
 */
export interface Placed {
  kind: 'placed';
  placements: {
    [k: string]: string[];
  };
  [k: string]: unknown;
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
  payload: UseMedicine | FamilyAnswer;
  seat: number;
  target?: number | null;
  [k: string]: unknown;
}
/**
 * INF-13: use medicine ``card`` on yourself, at any prompt.
 */
export interface UseMedicine {
  card: string;
  kind: 'medicine';
}
/**
 * One player: ``tracks`` (six values 0..10), ``money``, ``cards`` (goods and medicines, face up),
 * ``diary`` (events taken), tokens, ``died`` (0 alive, else the death step's number, INF-17),
 * ``figures`` (places not yet resolved this round), the round's restrictions (INF-20) and
 * ``medicine_since_offer`` (INF-21). ``medicines_used`` counts the medicines it has used (prompt ids).
 */
export interface Player {
  cards?: string[];
  career?: number;
  diary?: string[];
  died?: number;
  family?: number;
  figures?: string[];
  medicine_since_offer?: boolean;
  medicines_used?: number;
  money: number;
  no_home?: boolean;
  no_work?: boolean;
  tracks: number[];
  [k: string]: unknown;
}
export interface Reshuffled {
  cards: number;
  kind: 'reshuffled';
  pile: string;
  [k: string]: unknown;
}
export interface RoundStarted {
  kind: 'round_started';
  round: number;
  start: number;
  [k: string]: unknown;
}
export interface StartPassed {
  kind: 'start_passed';
  seat: number;
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
 * ``seat``'s ``token`` (``family``/``career``) count changed by ``delta``: bought, taken or lost by an
 * event, spent on the next ``changed`` of that seat (INF-25), returned at death.
 */
export interface Tokens {
  delta: number;
  kind: 'tokens';
  seat: number;
  token: string;
  [k: string]: unknown;
}
/**
 * What ``seat`` (``None``: a spectator) sees: every player (all public, INF-2), the offers, pile
 * sizes and the discard piles, the decision with its partial choice, the windows, and of the hidden
 * things only its own: ``placements.mine`` (INF-8), ``goods_top`` (the card it returned on top,
 * INF-12), ``spree`` (the cards it looks at) and ``preview`` (its afterlife cards, INF-27).
 */
export interface View {
  afterlife: number;
  black_market: string[];
  career_supply: number;
  decision?: Decision | null;
  events_count: number;
  events_discard: string[];
  family_supply: number;
  goods_count: number;
  goods_discard: string[];
  goods_top?: string | null;
  market: string[];
  medicines_count: number;
  medicines_discard: string[];
  offer: string[];
  phase: 'actions' | 'events' | 'offer' | 'over' | 'placement' | 'round' | 'worsening';
  placements: CommitmentsView;
  places: string[];
  players: Player[];
  preview?: string[] | null;
  preview_count: number;
  round: number;
  round_limit: number;
  seat: number | null;
  set_aside: string[];
  spree?: string[] | null;
  spree_count: number;
  start: number;
  top_known_by: number[];
  windows: Window[];
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
