// Seat tokens live in this browser's localStorage, never in a URL: a room link carries the room id
// only, and a reload (or another tab of the same browser) finds the seats again.

const PREFIX = "boardroom.room.";

/** {host: token|null, seats: {"<seat>": token}} for ``room`` (empty when this browser holds nothing). */
export function held(room) {
  try {
    const raw = localStorage.getItem(PREFIX + room);
    const parsed = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object") return { host: parsed.host || null, seats: parsed.seats || {} };
  } catch {
    // a corrupt entry holds nothing
  }
  return { host: null, seats: {} };
}

function save(room, entry) {
  localStorage.setItem(PREFIX + room, JSON.stringify(entry));
}

export function keepHost(room, token) {
  const entry = held(room);
  entry.host = token;
  save(room, entry);
}

export function keepSeat(room, seat, token) {
  const entry = held(room);
  entry.seats[String(seat)] = token;
  save(room, entry);
}

/** Drop the token of one ``seat`` of ``room`` (a seat given back). */
export function forgetSeat(room, seat) {
  const entry = held(room);
  delete entry.seats[String(seat)];
  save(room, entry);
}

export function forgetSeats(room) {
  const entry = held(room);
  entry.seats = {};
  save(room, entry);
}

/** The seats this browser holds in ``room``, ascending, with their tokens: [[seat, token], ...]. */
export function seatTokens(room) {
  return Object.entries(held(room).seats)
    .map(([seat, token]) => [Number(seat), token])
    .sort((a, b) => a[0] - b[0]);
}

/** Room ids this browser holds a seat or the host token of. */
export function knownRooms() {
  const rooms = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(PREFIX)) rooms.push(key.slice(PREFIX.length));
  }
  return rooms.sort();
}

const SCREEN = "boardroom.screen";

/** This browser's screen id (made once, kept): the seats it holds at one table are played at one
 * screen, and their seat settings say so (`screen`, docs/api.md "Seat settings"). */
export function screenId() {
  let id = localStorage.getItem(SCREEN);
  if (!id || !/^[A-Za-z0-9_-]{8,40}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(SCREEN, id);
  }
  return id;
}
