// Share links (web/src/app/share.js): the model text survives the round trip through the URL hash, links
// made elsewhere with raw DEFLATE read back, and damaged or oversized links are refused politely.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { encodeModelHash, decodeModelHash } from '../../web/src/app/share.js';

const model = '{\n  "kind": "scim", // ünïcödé and emoji 🎲\n  "variables": {}\n}\n';

test('a model round-trips through the hash', async () => {
  const hash = await encodeModelHash(model);
  assert.match(hash, /^model=[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeModelHash(`#${hash}`), { text: model });
});

test('the hash is raw DEFLATE in base64url', async () => {
  const hash = `#model=${deflateRawSync(Buffer.from(model)).toString('base64url')}`;
  assert.deepEqual(await decodeModelHash(hash), { text: model });
});

test('a hash without a model is not a share link', async () => {
  assert.equal(await decodeModelHash(''), null);
  assert.equal(await decodeModelHash('#other=1'), null);
});

test('damaged links give an error message', async () => {
  assert.match((await decodeModelHash('#model=***')).error, /could not be read/);
  assert.match((await decodeModelHash('#model=AAAA')).error, /could not be read/);
});

test('a link that inflates past the size limit is refused', async () => {
  const bomb = deflateRawSync(Buffer.alloc(5 * 1024 * 1024, 32)).toString('base64url');
  assert.match((await decodeModelHash(`#model=${bomb}`)).error, /larger than/);
});
