// Reads JSON with comments and trailing commas (the model format, docs/format.md) just far enough to
// show a file's title and description in the gallery. The engine is the only real reader of models;
// this never interprets a model.

// Returns the text with comments blanked out and trailing commas removed, leaving strings intact.
export function stripJsonc(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out += ' ';
    } else if (c === ',') {
      let j = i + 1;
      // A comma followed only by blanks and comments before a closing bracket is a trailing one.
      for (;;) {
        while (j < n && /\s/.test(text[j])) j++;
        if (text[j] === '/' && text[j + 1] === '/') {
          while (j < n && text[j] !== '\n') j++;
        } else if (text[j] === '/' && text[j + 1] === '*') {
          const end = text.indexOf('*/', j + 2);
          j = end < 0 ? n : end + 2;
        } else break;
      }
      if (text[j] !== '}' && text[j] !== ']') out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// Parses JSON with comments; returns null when the text is not valid.
export function parseJsonc(text) {
  try {
    return JSON.parse(stripJsonc(text));
  } catch {
    return null;
  }
}
