// The lobby calls these pages make, through the SDK's Lobby (same origin). A request that never
// reached the server (offline) rejects with the code ``net/offline``, like the API's own refusals.

import { Lobby } from "/static/sdk/lobby.js";

const lobby = new Lobby();

async function call(fn) {
  try {
    return await fn();
  } catch (error) {
    if (error && error.name === "LobbyError") throw error;
    throw { code: "net/offline", message: String((error && error.message) || error) };
  }
}

export const games = () => call(() => lobby.games());
/** The game's catalogue (names and texts of its ids, its story) in ``lang``, or null when it cannot be
 * had: the page then shows what the view says. */
export const catalog = (game, lang) => call(() => lobby.catalog(game, lang)).catch(() => null);
/** One page of rooms: {rooms, next}, ``next`` the ``after`` of the next page or null. */
export const rooms = (filters) => call(() => lobby.rooms(filters));
export const createRoom = (body) => call(() => lobby.createRoom(body));
export const room = (id) => call(() => lobby.room(id));
export const log = (id) => call(() => lobby.log(id));
/** A finished room's spectators' view at ``version`` ({room, game, version, last, view, events}). */
export const replay = (id, version) => call(() => lobby.replay(id, version));
export const claim = (id, seat, name) => call(() => lobby.claim(id, seat, name || ""));
/** Give the seat of ``token`` back (before the start) or leave it (after): {seat}. */
export const leave = (id, token) => call(() => lobby.leave(id, token));
/** Concede the running game for the seat of ``token``: {seat, bot}. */
export const concede = (id, token) => call(() => lobby.concede(id, token));
export const addBot = (id, seat, policy, host) => call(() => lobby.addBot(id, seat, host, policy));
export const start = (id, host) => call(() => lobby.start(id, host));
export const settings = (id, seat, token) => call(() => lobby.settings(id, seat, token));
export const setSettings = (id, seat, token, body) =>
  call(() => lobby.setSettings(id, seat, token, body));
