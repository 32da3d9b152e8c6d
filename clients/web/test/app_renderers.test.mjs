// The renderers' log sentences (app/renderers/*.js) for the ends a game can have: each outcome is
// worded, never dumped as fields ("ranks [1,1,1], winners []").
//
//   node --test test/app_renderers.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';

import igranie from '../app/renderers/igranie.js';
import infarkt from '../app/renderers/infarkt.js';

const NAMES = { 'end.finished': 'Finished', 'end.no_survivor': 'No survivor' };
const ctx = { viewer: 0, name: (seat) => `Seat ${seat}`, nameOf: (id) => NAMES[id] ?? id };

test('IGR-23…25: an iGranie game without a survivor ends with nobody winning, by the reason\'s name', () => {
  const nobody = { kind: 'game_end', ranks: [1, 1, 1], winners: [], reason: 'no_survivor', guard: null };
  assert.equal(igranie.describe(nobody, ctx), 'The game is over (No survivor): nobody won.');
  const won = { kind: 'game_end', ranks: [2, 1, 3], winners: [1], reason: 'finished', guard: null };
  assert.equal(igranie.describe(won, ctx), 'The game is over (Finished): Seat 1 won.');
  const mine = { ...won, winners: [0, 1] };
  assert.equal(igranie.describe(mine, ctx), 'The game is over (Finished): you, Seat 1 won.');
});

test('INF-17: an Infarkt game whose last deaths leave nobody alive says nobody is left', () => {
  const nobody = { kind: 'game_end', ranks: [1, 1], winners: [], reason: 'last_alive', guard: null };
  assert.equal(infarkt.describe(nobody, ctx), 'The game is over: nobody is left.');
});
