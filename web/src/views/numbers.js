// Numbers rounded for reading (a projector, a glance): three significant digits, a true minus sign,
// and powers of ten written out for the tiny and the huge. The exact number stays in the cell's
// tooltip, in the CSV and in the JSON export.
import { el, formatNumber } from './dom.js';

const SUPERSCRIPT = {
  '-': '⁻',
  0: '⁰',
  1: '¹',
  2: '²',
  3: '³',
  4: '⁴',
  5: '⁵',
  6: '⁶',
  7: '⁷',
  8: '⁸',
  9: '⁹',
};

// "0.187", "−2.5", "8.5 × 10⁻⁵", "1,250" (whole numbers keep every digit).
export function readable(value, digits = 3) {
  if (typeof value !== 'number') return String(value ?? '');
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '−∞' : '—';
  const sign = value < 0 ? '−' : '';
  const abs = Math.abs(value);
  if (Number.isInteger(value) && abs < 1e15) return sign + abs.toLocaleString('en');
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e9)) {
    const [mantissa, exponent] = abs.toExponential(digits - 2 >= 0 ? Math.max(1, digits - 2) : 1).split('e');
    const power = String(Number(exponent))
      .split('')
      .map((c) => SUPERSCRIPT[c])
      .join('');
    return `${sign}${Number(mantissa)} × 10${power}`;
  }
  const rounded = Number(abs.toPrecision(digits));
  return sign + (rounded >= 1000 ? rounded.toLocaleString('en') : String(rounded));
}

// A table cell with a readable number and the exact one in its tooltip.
export function readableCell(value, { digits = 3, className = 'num' } = {}) {
  return el(
    'td',
    {
      class: className,
      title: typeof value === 'number' ? formatNumber(value) : null,
      dataset: { value: String(value) },
    },
    readable(value, digits),
  );
}

// The same inline.
export function readableSpan(value, digits = 3) {
  return el(
    'span',
    { class: 'readable', title: typeof value === 'number' ? formatNumber(value) : null },
    readable(value, digits),
  );
}
