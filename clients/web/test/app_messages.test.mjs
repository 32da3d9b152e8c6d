// The web client's sentences (app/messages.js, a module without DOM) for a code that means one thing
// on the websocket and another in the lobby API.
//
//   node --test test/app_messages.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { LobbyError } from '../sdk/lobby.js';
import { sentence } from '../app/messages.js';

test('rate/limited is a dropped move at the table, a refused request of this address in the lobby', () => {
  const move = { code: 'rate/limited', message: 'too many actions', details: {} };
  const dropped = 'Too many moves at once: that one was dropped; wait a moment and make it again.';
  assert.equal(sentence(move), dropped);
  const limited = new LobbyError({
    status: 429, code: 'rate/limited', message: 'too many rooms', details: { retry_after: 7 }, retryAfter: 7,
  });
  assert.equal(sentence(limited, 'lobby'), 'Too many requests from this address; try again in 7 s.');
  const unsaid = new LobbyError({ status: 429, code: 'rate/limited', message: 'slow down' });
  assert.equal(sentence(unsaid, 'lobby'), 'Too many requests from this address; try again in a moment.');
  // every other code reads the same in both places
  const taken = new LobbyError({ status: 409, code: 'seat/taken', message: 'taken' });
  assert.equal(sentence(taken, 'lobby'), sentence(taken));
  assert.equal(sentence(taken, 'lobby'), 'Someone took that seat already.');
});
