// The gallery's reading of JSON with comments (web/src/editor/jsonc.js): comments and trailing commas go,
// strings stay as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stripJsonc, parseJsonc } from '../../web/src/editor/jsonc.js';

test('comments and trailing commas are removed', () => {
  const text = `// head
{
  "title": "A", /* inline */
  "list": [1, 2, ], // trailing
  "o": { "k": 1, /* c */ },
}`;
  assert.deepEqual(parseJsonc(text), { title: 'A', list: [1, 2], o: { k: 1 } });
});

test('comment markers and commas inside strings are kept', () => {
  const text = '{ "url": "http://x.org/*y*/", "s": "a, ]", "q": "say \\"//\\"" }';
  assert.deepEqual(parseJsonc(text), {
    url: 'http://x.org/*y*/',
    s: 'a, ]',
    q: 'say "//"',
  });
});

test('invalid text gives null', () => {
  assert.equal(parseJsonc('{ "title": '), null);
  assert.equal(stripJsonc('/* unterminated'), ' ');
});
