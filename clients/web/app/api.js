// The lobby calls this page makes, in one place: a thin layer over the SDK's lobby module so the pages
// read {rooms, next} pages and {code, message, details} refusals whatever the transport says.

const base = "";

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw { status: 0, code: "net/offline", message: "the server cannot be reached" };
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw { status: response.status, code: data && data.code, message: data && data.message, details: data && data.details };
  }
  return { data, response };
}

export async function games() {
  return (await call("GET", "/api/games")).data;
}

/** One page of rooms: {rooms, next} where ``next`` is the ``after`` cursor of the next page or null. */
export async function rooms({ game, status, after, limit } = {}) {
  const query = new URLSearchParams();
  if (game) query.set("game", game);
  if (status) query.set("status", status);
  if (limit) query.set("limit", String(limit));
  if (after) query.set("after", after);
  const { data, response } = await call("GET", `/api/rooms?${query}`);
  const link = response.headers.get("Link") || "";
  const match = link.match(/<([^>]*)>;\s*rel="next"/);
  const next = match ? new URL(match[1], location.href).searchParams.get("after") : null;
  return { rooms: data, next };
}

export async function createRoom(body) {
  return (await call("POST", "/api/rooms", body)).data;
}

export async function room(id) {
  return (await call("GET", `/api/rooms/${encodeURIComponent(id)}`)).data;
}

export async function log(id) {
  return (await call("GET", `/api/rooms/${encodeURIComponent(id)}/log`)).data;
}

export async function claim(id, seat, name) {
  return (await call("POST", `/api/rooms/${encodeURIComponent(id)}/seats/${seat}/claim`, name ? { name } : {})).data;
}

export async function addBot(id, seat, policy, host) {
  return (await call("POST", `/api/rooms/${encodeURIComponent(id)}/seats/${seat}/bot`, { policy }, host)).data;
}

export async function start(id, host) {
  return (await call("POST", `/api/rooms/${encodeURIComponent(id)}/start`, undefined, host)).data;
}
