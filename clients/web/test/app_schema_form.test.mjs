// The options form's reading of a server refusal (app/schema-form.js): which field it names, and the
// page's words for it (English here: no chrome loaded).
//
//   node --test test/app_schema_form.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { pathOf, refusalWords, said } from '../app/schema-form.js';

test('a refusal names its option by its path, a nested one by its own field, else by its opening', () => {
  const at = (path) => `Expected \`int\` >= 1 - at \`$.options.${path}\``;
  assert.equal(pathOf(at('turn_limit'), ['start', 'turn_limit']), 'turn_limit');
  assert.equal(pathOf(at('groups.min_size'), ['hand_size', 'groups.min_size']), 'groups.min_size');
  assert.equal(pathOf(at('expansions[1]'), ['variant', 'expansions']), 'expansions');
  assert.equal(pathOf("options: start must be 'seat0', 'random' or a seat number below 3", ['start']), 'start');
  assert.equal(pathOf('seats must be 3 to 6', ['start', 'turn_limit']), null);
});

test('the words of a refusal: the bounds of a number outside them, else that it does not fit', () => {
  const limit = { type: 'integer', minimum: 1, maximum: 10000 };
  assert.equal(refusalWords(limit, 0), 'Choose a whole number from 1 to 10000.');
  assert.equal(refusalWords(limit, 2.5), 'Choose a whole number from 1 to 10000.');
  const rounds = { anyOf: [{ type: 'integer', minimum: 1, maximum: 1000 }, { type: 'null' }] };
  assert.equal(refusalWords(rounds, 2000), 'Choose a whole number from 1 to 1000.');
  assert.match(refusalWords(rounds, 5), /^This choice does not fit/);
  const removed = { type: 'array', maxItems: 60 };
  assert.equal(refusalWords(removed, new Array(61).fill('x')), 'Choose at most 60.');
  assert.equal(said('{min} to {max} with {options}', { min: 2, max: 5, options: 'X' }), '2 to 5 with X');
});
