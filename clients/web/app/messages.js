// Every code the server can send, as a sentence a player understands. Sources: the protocol's
// error and close codes (protocol/README.md "Codes"), the lobby API's (docs/api.md), the engine's
// rule codes and each shipped game's own. A code missing here falls back to the server's message.
// These are the English sentences; the other languages' are in app/chrome.json (`error.<code>`,
// `close.<code>`), used when the page's language has them.

import { translated } from "./i18n.js";

export const ERRORS = {
  // the websocket protocol
  "frame/malformed": "The game could not read what this page sent. Reload the page.",
  "frame/unknown_type": "This page sent a message the server does not know. Reload the page.",
  "frame/invalid": "This page sent a message with a wrong field. Reload the page.",
  "hello/repeated": "This page greeted the server twice; reload the page.",
  "act/seat_not_held": "This page does not hold that seat.",
  "act/id_reused": "That move was already sent as a different move.",
  "act/id_invalid": "This page sent a move with a bad label. Reload the page.",
  "room/not_found": "This room does not exist (any more).",
  "room/not_started": "The game has not started yet: wait for every seat to be filled.",
  "room/finished": "The game is over: no more moves.",
  "room/not_finished": "The game goes on: its replay comes once it is over.",
  "room/abandoned": "The room was abandoned because nobody was connected; it takes no more moves.",
  "seat/left": "You left this game; your seat is played for you now.",
  "rate/limited": "Too many moves at once: that one was dropped; wait a moment and make it again.",
  "store/unavailable": "The server cannot reach its storage right now; the move is sent again shortly.",
  // the rules engine
  "action/bad_choice": "That choice is not one you can make now.",
  "action/illegal": "That move breaks a rule of the game.",
  "action/malformed": "That move is not written the way this game expects.",
  "action/no_prompt": "It is not your turn: you have nothing to do now.",
  "action/not_offered": "You cannot make that kind of move now.",
  "action/stale_prompt": "The situation changed before your move arrived; look again and choose anew.",
  "commit/already": "You have already made your choice this round.",
  "game/over": "The game is over.",
  "window/no_target": "That play cannot be answered (it does not exist or cannot be countered).",
  "window/not_your_turn": "Wait: another player must play or pass first.",
  "window/answered": "You have already answered this question.",
  // Gregs
  "gregs/bad_cut": "Cut at one of the fan's slots.",
  "gregs/bad_target": "Give the cheese curse to another player at the table.",
  "gregs/character_taken": "That character is taken; pick a free one.",
  "gregs/holder_needs_three": "As the curse holder you must reveal at least three cards before stopping.",
  "gregs/must_reveal": "Reveal at least one card before stopping.",
  "gregs/no_slot": "The fan has no such slot.",
  "gregs/slot_revealed": "That card is already face up; pick a face-down one.",
  // Grucha
  "grucha/bad_call": "Call GRUCHA only when you end your turn with exactly one card in hand.",
  "grucha/cannot_end": "Play a card to the table or draw one before ending your turn.",
  "grucha/duplicate_card": "A card appears twice in the table you laid out.",
  "grucha/invalid_group": "A group is not a valid run or set; see the highlighted group.",
  "grucha/no_draw": "You cannot draw now.",
  "grucha/no_pass": "You may pass only when the stock is empty and you have played nothing.",
  "grucha/not_in_hand": "You do not hold one of the cards you laid out.",
  "grucha/nothing_added": "Add at least one card from your hand to the table.",
  "grucha/opening": "Your first play of the round does not reach the opening minimum.",
  "grucha/table_card_missing": "Every card that was on the table must stay on the table.",
  // iGranie z Gruzem
  "igranie/bad_choice": "That is not one of the choices you have now.",
  "igranie/not_your_card": "That card is not in your hand, or it cannot be used that way now.",
  // fixture-meld (the engine's free-form fixture)
  "meld/bad_group": "One of the groups is not a valid meld.",
  "meld/duplicate": "A card appears twice in what you laid out.",
  "meld/not_yours": "You do not hold one of those cards.",
  "meld/nothing_new": "Add at least one card from your hand.",
  "meld/table_incomplete": "Every card already on the table must stay on the table.",
  // the lobby API
  "request/invalid": "The server refused the form: check the fields.",
  "request/not_found": "The server has no such page.",
  "request/method_not_allowed": "The server does not take that request here.",
  "request/origin": "This page is not allowed to use this server (another site).",
  "request/too_large": "That request is too large.",
  "request/timeout": "The request took too long to arrive; try again.",
  "auth/bad_token": "This browser's seat or host key is not valid for the room (any more).",
  "game/not_found": "The server has no such game.",
  "seat/not_found": "The room has no such seat.",
  "seat/taken": "Someone took that seat already.",
  "seat/empty": "Nobody holds that seat.",
  "room/full": "Every seat of the room is taken.",
  "room/started": "The game has already started: seats can no longer change.",
  "room/not_full": "Fill every seat before starting.",
  "timer/unknown": "This game has no timer of that name.",
  // this page's own
  "net/offline": "The server cannot be reached. Check your connection.",
};

/** The lobby API's answers whose sentence differs from the websocket's (``sentence(error, "lobby")``):
 * its 429 refuses a request of this address (a room creation, a listing, a token check), not a move. */
export const LOBBY_ERRORS = {
  "rate/limited": (error) => {
    const wait = error.retryAfter ?? (error.details && error.details.retry_after);
    const when = wait ? `in ${Math.ceil(wait)} s` : "in a moment";
    return `Too many requests from this address; try again ${when}.`;
  },
};

/** Websocket close codes (protocol/README.md "Errors and closing"). */
export const CLOSES = {
  1000: "The connection was closed.",
  1001: "The server is restarting; reconnecting.",
  1006: "The connection dropped; reconnecting.",
  1008: "This page is not allowed to connect to this server (another site).",
  1009: "The page sent too much at once.",
  1011: "The server hit a problem; reconnecting.",
  1012: "The server is restarting; reconnecting.",
  1013: "The server is busy or cannot reach its storage; reconnecting in a moment.",
  4400: "The server did not understand this page's greeting. Reload the page.",
  4401: "This browser's seat key is not valid for the room (the seat was given up or taken).",
  4404: "This room does not exist (any more).",
  4408: "The connection was too slow; reconnecting.",
  4429: "The page sent too much too fast (or too many wrong seat tokens); reconnecting.",
};

/** A sentence for ``error`` ({code, message} of the protocol or the API, or a close code number).
 * ``context``: ``"lobby"`` for an answer of the lobby API (a `LobbyError`), else a move's. */
export function sentence(error, context = "table") {
  if (error === null || error === undefined) return "";
  const close = typeof error === "number" ? error : typeof error.code === "number" ? error.code : null;
  if (close !== null) return translated(`close.${close}`) ?? CLOSES[close] ?? `The connection closed (${close}).`;
  const code = error.code;
  if (context === "lobby" && LOBBY_ERRORS[code]) return LOBBY_ERRORS[code](error);
  if (code && translated(`error.${code}`)) return translated(`error.${code}`);
  if (code && ERRORS[code]) return ERRORS[code];
  if (error.message) return `The server says: ${error.message}`;
  return `Something went wrong (${code || "unknown"}).`;
}
