"""The Lua scripts of `server.store.redis.RedisStore`: every write that depends on what was read runs here,
inside Redis, so it is atomic (a script runs alone) and needs one round trip.

Every script receives the same keys (`KEY_NAMES`, in that order): the nine keys of one room, all carrying
the ``{room}`` hash tag, so every script touches one Redis Cluster slot. The cross-room indexes (the room
list, the due index) are written by the store around the scripts, not inside them
(`server.store.redis`). ``keep_ttl`` ends every writing script: once a room is finished or abandoned
its keys expire together, and a key (re)created afterwards gets the same time to live, so nothing of an
expired room is left behind.
"""

from __future__ import annotations

#: KEYS[1..9] of every script: the keys of one room.
KEY_NAMES = ("meta", "seed", "state", "log", "acts", "sched", "dl", "leases", "seen")

_PRELUDE = """
local ROOM_KEYS = 9
local function keep_ttl()
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then
    for i = 2, ROOM_KEYS do redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
local function close_room(ttl_ms)
  for i = 1, ROOM_KEYS do redis.call('PEXPIRE', KEYS[i], ttl_ms) end
end
local function cas_meta(rev, body, status)
  local stored = redis.call('HGET', KEYS[1], 'rev')
  if not stored or tonumber(stored) ~= tonumber(rev) then return false end
  redis.call('HSET', KEYS[1], 'body', body, 'rev', tonumber(rev) + 1, 'status', status)
  return true
end
-- ARGV[first..] are (deadline, due) pairs. Returns the earliest due of a running room (for the due
-- index, which the store writes after the script), as its string (Lua prints 14 digits only), or ''
local function write_schedule(sched, first)
  redis.call('SET', KEYS[6], sched)
  redis.call('DEL', KEYS[7])
  local earliest = nil
  for i = first, #ARGV, 2 do
    redis.call('ZADD', KEYS[7], ARGV[i + 1], ARGV[i])
    if earliest == nil or tonumber(ARGV[i + 1]) < tonumber(earliest) then earliest = ARGV[i + 1] end
  end
  if earliest ~= nil and redis.call('HGET', KEYS[1], 'status') == 'running' then return earliest end
  return ''
end
"""

#: ARGV: body (meta at rev 0), seed, status. Returns 1, or 0 when the id is taken.
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'body', ARGV[1], 'rev', 0, 'status', ARGV[3])
redis.call('SET', KEYS[2], ARGV[2])
return 1
"""

#: ARGV: expected rev, body (at rev + 1), status, ttl ms. Returns 1, or 0 on a conflict.
PUT_META = """
if not cas_meta(ARGV[1], ARGV[2], ARGV[3]) then return 0 end
if ARGV[3] == 'abandoned' then close_room(ARGV[4]) end
keep_ttl()
return 1
"""

#: ARGV: expected rev, body, status, ttl ms, state, version, epoch, finished (0/1), schedule,
#: channel, then (deadline, due) pairs. Returns {1, earliest due or ''}, or {0} on a conflict or when
#: the room has a state.
START = """
if redis.call('EXISTS', KEYS[3]) == 1 or redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
if not cas_meta(ARGV[1], ARGV[2], ARGV[3]) then return {0} end
redis.call('HSET', KEYS[3], 'state', ARGV[5], 'version', ARGV[6], 'epoch', ARGV[7], 'finished', ARGV[8])
local earliest = write_schedule(ARGV[9], 11)
redis.call('PUBLISH', ARGV[10], ARGV[6])
if ARGV[8] == '1' or ARGV[3] == 'abandoned' then
  close_room(ARGV[4])
  earliest = ''
end
keep_ttl()
return {1, earliest}
"""

#: The step write (DESIGN "The server"). ARGV: expected version, state, finished (0/1), action field
#: (``seat:id``, empty for none), digest, step, schedule, channel, ttl ms, expected meta rev
#: (empty: any), the committing worker's own subscriptions to the channel (the wake-up is published
#: only when the channel has more; empty: always), then (deadline, due) pairs. Returns
#: {status, version[, epoch, earliest due or '']}:
#: committed (with the epoch and the due index's entry) / conflict / duplicate / id_reused.
COMMIT = """
if ARGV[4] ~= '' then
  local known = redis.call('HGET', KEYS[5], ARGV[4])
  if known then
    local version, digest = string.match(known, '^(%d+):(.*)$')
    if digest == ARGV[5] then return {'duplicate', tonumber(version)} end
    return {'id_reused', tonumber(version)}
  end
end
local current = redis.call('HGET', KEYS[3], 'version')
if not current or tonumber(current) ~= tonumber(ARGV[1]) then return {'conflict', -1} end
if ARGV[10] ~= '' and tonumber(redis.call('HGET', KEYS[1], 'rev')) ~= tonumber(ARGV[10]) then
  return {'conflict', -1}
end
local version = tonumber(ARGV[1]) + 1
redis.call('HSET', KEYS[3], 'state', ARGV[2], 'version', version, 'finished', ARGV[3])
redis.call('XADD', KEYS[4], version .. '-0', 's', ARGV[6])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[5], ARGV[4], version .. ':' .. ARGV[5]) end
local earliest = write_schedule(ARGV[7], 12)
local own = tonumber(ARGV[11])
if not own or redis.call('PUBSUB', 'NUMSUB', ARGV[8])[2] > own then
  redis.call('PUBLISH', ARGV[8], version)
end
if ARGV[3] == '1' then
  close_room(ARGV[9])
  earliest = ''
end
keep_ttl()
return {'committed', version, redis.call('HGET', KEYS[3], 'epoch'), earliest}
"""

#: ARGV: version, schedule, then (deadline, due) pairs. Returns {1, earliest due or ''}, or {0}
#: when the state moved on.
PUT_SCHEDULE = """
local current = redis.call('HGET', KEYS[3], 'version')
if not current or tonumber(current) ~= tonumber(ARGV[1]) then return {0} end
local earliest = write_schedule(ARGV[2], 3)
keep_ttl()
return {1, earliest}
"""

#: ARGV: deadline, worker, now, expiry (seconds). Returns 1, or 0 while another worker holds it or the
#: room is gone (a lease must not outlive its room's keys). Leases of deadlines no longer scheduled are
#: dropped on the way.
LEASE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local held = redis.call('HGET', KEYS[8], ARGV[1])
if held then
  local expiry, worker = string.match(held, '^([^|]*)|(.*)$')
  if worker ~= ARGV[2] and tonumber(expiry) > tonumber(ARGV[3]) then return 0 end
end
for _, item in ipairs(redis.call('HKEYS', KEYS[8])) do
  if not redis.call('ZSCORE', KEYS[7], item) then redis.call('HDEL', KEYS[8], item) end
end
redis.call('HSET', KEYS[8], ARGV[1], ARGV[4] .. '|' .. ARGV[2])
keep_ttl()
return 1
"""

#: ARGV: now (seconds). Records it only for a room that exists.
TOUCH = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[9], ARGV[1])
keep_ttl()
return 1
"""

#: Read-only: the room's current version as one consistent reply (a script runs alone, so the state,
#: its schedule and the last log step are of one moment): state, version, epoch, finished, schedule, the
#: last log step (or false). Returns false before the start. One command, so it joins the auto-pipeline.
CHANGE_OF = """
local f = redis.call('HMGET', KEYS[3], 'state', 'version', 'epoch', 'finished')
if not f[1] or not f[2] then return false end
local last = redis.call('XREVRANGE', KEYS[4], '+', '-', 'COUNT', 1)
local step = false
if last[1] then step = last[1][2][2] end
return {f[1], f[2], f[3], f[4], redis.call('GET', KEYS[6]), step}
"""

#: Read-only. ARGV: since. The state, its schedule and the log after ``since`` up to the state's own
#: version, of one moment (a script runs alone): state, version, epoch, finished, schedule, then the log
#: steps. Returns false before the start. Separate reads let a commit of another worker fall in between:
#: a snapshot's prompt carried the next version's deadline and its events overran its version.
CURRENT = """
local f = redis.call('HMGET', KEYS[3], 'state', 'version', 'epoch', 'finished')
if not f[1] or not f[2] then return false end
local out = {f[1], f[2], f[3], f[4], redis.call('GET', KEYS[6])}
local since = tonumber(ARGV[1])
if since < tonumber(f[2]) then
  for _, entry in ipairs(redis.call('XRANGE', KEYS[4], (since + 1) .. '-0', f[2] .. '-0')) do
    out[#out + 1] = entry[2][2]
  end
end
return out
"""

#: ARGV: channel. Deletes every key of the room and publishes ``closed`` on its channel. Returns 1, or
#: 0 for a room that does not exist.
DELETE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('DEL', unpack(KEYS))
redis.call('PUBLISH', ARGV[1], 'closed')
return 1
"""

SCRIPTS = {
    "create": CREATE,
    "put_meta": PUT_META,
    "start": START,
    "commit": COMMIT,
    "put_schedule": PUT_SCHEDULE,
    "lease": LEASE,
    "touch": TOUCH,
    "change_of": CHANGE_OF,
    "current": CURRENT,
    "delete": DELETE,
}


def source(name: str) -> str:
    """The full Lua source of script ``name``: the shared helpers, then its body."""
    return _PRELUDE + SCRIPTS[name]
