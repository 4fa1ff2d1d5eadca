// Results as files: the engine's responses as JSON, and the shown table as CSV.
import { download } from './dom.js';

// A CSV field. Text that a spreadsheet would read as a formula is prefixed with a quote, since
// model labels are untrusted; numbers are written as they are.
function csvField(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header, rows) {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function downloadText(filename, text, type) {
  download(filename, new Blob([text], { type }));
}

// An SVG figure (its text) as a file.
export function downloadSvgText(filename, svgText) {
  download(filename, new Blob([svgText], { type: 'image/svg+xml' }));
}

// An SVG figure (its text, with its own width and height) rendered to PNG at `scale` times its size.
export async function downloadSvgAsPng(filename, svgText, width, height, scale = 2) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    await downloadCanvasPng(filename, canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// A canvas as a PNG file.
export async function downloadCanvasPng(filename, canvas) {
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob) download(filename, blob);
}
