// Small DOM helpers. Model text, names and share links are untrusted, so the page builds every node
// with createElement and textContent; nothing it shows passes through innerHTML.

const SVG_NS = 'http://www.w3.org/2000/svg';

// Appends children (nodes, strings, numbers; null and false are skipped) to a node.
function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function applyProps(node, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.setAttribute('class', value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
}

// el('button', {class: 'run', onClick: f}, 'Run') → <button class="run">Run</button>
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  applyProps(node, props);
  return append(node, children);
}

// The same for SVG elements.
export function svgEl(tag, props, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  applyProps(node, props);
  return append(node, children);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

// Formats a number for tables: up to 6 significant digits, no exponent for ordinary magnitudes.
export function formatNumber(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e9)) return value.toExponential(4);
  return String(Number(value.toPrecision(6)));
}

// Formats an outcome (a label, number or boolean) as it is written in a model.
export function formatOutcome(value) {
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

// Offers a Blob to the user as a download.
export function download(filename, blob) {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The header cells that open every table of settings: e, P(e), and one E_V per noisy variable.
export function settingHeaderCells(noiseNames) {
  return [
    el('th', { scope: 'col', class: 'num' }, 'e'),
    el('th', { scope: 'col', class: 'num' }, 'P(e)'),
    ...noiseNames.map((n) =>
      el(
        'th',
        { scope: 'col', class: 'noise', dataset: { vars: n }, title: `exogenous noise of ${n}` },
        'E',
        el('sub', null, n),
      ),
    ),
  ];
}
