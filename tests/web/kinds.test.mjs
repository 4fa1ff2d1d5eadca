// The page's kind modules without a browser: a kind the page has no module for gets the generic one
// (its Analyses tab lists the catalogue's analyses); gridworlds and MDPs share one module; a
// generic result's first table exports as CSV; a catalogue entry is found by kind and analysis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from './helpers.mjs';
import { createKinds } from '../../web/src/kinds/index.js';
import { analysisSpec } from '../../web/src/views/form.js';
import { resultCsv, isRecords } from '../../web/src/views/result.js';

const page = {};

test('a kind without a module gets the generic one; gridworld and mdp share a module', () => {
  const kinds = createKinds(page, [
    {
      kinds: ['scim'],
      create: () => ({ name: 'scim', kinds: ['scim'], tabs: [] }),
    },
    {
      kinds: ['gridworld', 'mdp'],
      create: () => ({ name: 'grid', kinds: ['gridworld', 'mdp'], tabs: [] }),
    },
  ]);
  assert.equal(kinds.forKind('mdp'), kinds.forKind('gridworld'));
  assert.equal(kinds.forKind('mdp').name, 'grid');
  const game = kinds.forKind('game');
  assert.equal(game.name, 'generic');
  assert.deepEqual(game.kinds, ['game']);
  assert.deepEqual(
    game.tabs.map((t) => t.id),
    ['analyses', 'model'],
  );
  assert.equal(kinds.forKind('game'), game);
  assert.notEqual(kinds.forKind('adventure'), game);
});

test("the page's own modules: games have theirs (kinds/game/), with the All analyses tab kept", () => {
  const kinds = createKinds(page);
  const game = kinds.forKind('game');
  assert.equal(game.name, 'game');
  assert.deepEqual(
    game.tabs.map((t) => t.id),
    ['sica', 'sbue', 'probable', 'convergence', 'counterfactual', 'map', 'meg', 'tree', 'analyses'],
  );
  assert.equal(kinds.forKind('game'), game);
  assert.equal(kinds.forKind('no-such-kind').name, 'generic');
});

test("the catalogue gives an analysis's ParamSpecs by kind", () => {
  const catalogue = JSON.parse(fixture('catalogue.json')).result;
  const meg = analysisSpec(catalogue, 'gridworld', 'meg');
  assert.deepEqual(meg.params.find((p) => p.name === 'class').choices, ['tabular', 'mlp']);
  assert.equal(analysisSpec(catalogue, 'game', 'meg'), null);
  assert.equal(analysisSpec(null, 'game', 'equilibria'), null);
});

test('a generic result exports its first array of records as CSV', () => {
  const result = {
    count: 2,
    equilibria: [
      { profile: { a: 'x' }, payoff: 1.5 },
      { profile: { a: 'y' }, payoff: -2, note: 'mixed, p = 0.5' },
    ],
  };
  assert.equal(isRecords(result.equilibria), true);
  assert.equal(isRecords([1, 2]), false);
  assert.equal(
    resultCsv(result),
    'profile,payoff,note\r\n"{""a"":""x""}",1.5,\r\n"{""a"":""y""}",-2,"mixed, p = 0.5"\r\n',
  );
  assert.equal(resultCsv({ value: 3 }), null);
});
