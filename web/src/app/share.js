// Share links: the model text, deflated (raw DEFLATE, RFC 1951) and base64url-encoded, travels in the
// URL's hash as `#model=...`, so it never reaches a server. The view travels beside it, readably:
// `&kind=game&tab=sbue&state=named%3Aannouncements&player=politician` (the kind, the tab, and what the
// kind's module says its view is: app/app.js, viewState). A link without a view (an old one) opens
// the model as before. A link is untrusted input: decoding checks its size and reports failures
// instead of throwing them at the page; the view's values are only ever compared and shown as text.

const HASH_KEY = 'model';
// A decoded model larger than this is refused: a small link must not inflate into a huge text.
const MAX_MODEL_BYTES = 4 * 1024 * 1024;

async function pipeBytes(bytes, stream, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`the model in the link is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is not valid base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The hash fragment (without '#') that carries the model text.
export async function encodeModelHash(modelText) {
  const bytes = new TextEncoder().encode(modelText);
  const deflated = await pipeBytes(bytes, new CompressionStream('deflate-raw'), Infinity);
  return `${HASH_KEY}=${toBase64Url(deflated)}`;
}

// Reads a location hash. Returns null when it carries no model, {text} for a model, or {error}
// when the link is damaged.
export async function decodeModelHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const encoded = params.get(HASH_KEY);
  if (encoded === null) return null;
  try {
    const bytes = await pipeBytes(
      fromBase64Url(encoded),
      new DecompressionStream('deflate-raw'),
      MAX_MODEL_BYTES,
    );
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch (error) {
    return { error: `This share link could not be read: ${error.message || error}.` };
  }
}

// The most view entries a link may carry, and the longest value: a view is a few short names.
const MAX_VIEW_KEYS = 40;
const MAX_VIEW_VALUE = 400;

// The view a location hash carries besides the model: {key: string}, {} when none.
export function decodeViewHash(hash) {
  const view = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) {
    if (key === HASH_KEY || count >= MAX_VIEW_KEYS || value.length > MAX_VIEW_VALUE) continue;
    if (!/^[a-z_]{1,30}$/.test(key)) continue;
    view[key] = value;
    count += 1;
  }
  return view;
}

// The hash part of a view (`&key=value...`), its entries in a stable order, empty values left out.
export function encodeViewHash(view = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined || value === null || value === '' || key === HASH_KEY) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `&${text}` : '';
}

// A link to this page carrying the model and the view; `embed` makes it the iframe form.
export async function shareUrl(modelText, { embed = false, view = {} } = {}) {
  const url = new URL(window.location.href);
  url.search = embed ? '?embed' : '';
  url.hash = (await encodeModelHash(modelText)) + encodeViewHash(view);
  return url.toString();
}
