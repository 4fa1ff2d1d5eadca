// Dropping files on the editor: a Motive model (.json, .jsonc) loads as it is; a file in another
// format (BIF, XMLBIF, a ChoiceScript game's scenes and its .json annotations: docs/formats.md) goes
// through the engine's import ({"analysis": "import"}), and the model it makes loads in its place.
// CodeMirror would insert a dropped file's text at the cursor: the handler runs first (capture phase)
// and stops that.

// The most a drop reads (the engine's own limit is 8 MiB a file).
const MAX_BYTES = 8 * 1024 * 1024;

// A Motive model file, loaded without import: a .json/.jsonc file that is not an annotations side file
// dropped beside scenes.
function isModelFile(name, count) {
  return count === 1 && /\.jsonc?$/i.test(name);
}

function hasFiles(event) {
  return [...(event.dataTransfer?.types || [])].includes('Files');
}

// Listens for files dropped on `element`.
//   importFiles(files) → Promise<engine response>: asks the engine to import [{name, text}];
//   onModel(text, label, notes): loads a model text (notes: what the import changed);
//   onError(message): says why nothing was loaded.
export function installDropImport(element, { importFiles, onModel, onError }) {
  element.addEventListener(
    'dragover',
    (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'copy';
    },
    true,
  );
  element.addEventListener(
    'drop',
    async (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      const dropped = [...event.dataTransfer.files];
      if (!dropped.length) return;
      const total = dropped.reduce((sum, file) => sum + file.size, 0);
      if (total > MAX_BYTES) {
        onError(`The dropped files are larger than ${MAX_BYTES / 1024 / 1024} MiB.`);
        return;
      }
      const files = await Promise.all(
        dropped.map(async (file) => ({ name: file.name, text: await file.text() })),
      );
      if (isModelFile(files[0].name, files.length)) {
        onModel(files[0].text, files[0].name, []);
        return;
      }
      const response = await importFiles(files);
      if (response.ok) {
        const { model, format, notes } = response.result;
        const label = `${files.length === 1 ? files[0].name : `${files.length} files`} (imported from ${format})`;
        onModel(model, label, notes || []);
        return;
      }
      const d = response.diagnostics?.[0] || {};
      const where = [d.file, d.line >= 1 ? `${d.line}:${d.column}` : ''].filter(Boolean).join(':');
      onError(
        `${where ? `${where}: ` : ''}${d.message || 'the files could not be imported'}${d.hint ? ` (${d.hint})` : ''}`,
      );
    },
    true,
  );
}
