// The results panel's exports. JSON: the whole run as the store holds it (the model's describe,
// every reply by name, and what was asked for each: `<name>_query`), so nothing is listed by hand
// and a new tab's replies are exported with the rest. CSV: the shown tab's own table. The picture:
// SVG and PNG of the graph, or the kind's own PNG (a gridworld's grids).
import { downloadText } from '../views/export.js';

export function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function createExports({ store, chrome, results, graph, picture }) {
  const { state } = store;

  function basename() {
    return slug(state.run?.describe?.title || state.describe?.title || 'motive') || 'motive';
  }

  function downloadCsv(suffix, text) {
    downloadText(`${basename()}-${suffix}.csv`, text, 'text/csv');
  }

  return {
    basename,
    downloadCsv,

    json() {
      const run = state.run;
      if (!run || run.failure) return;
      const queries = Object.fromEntries(Object.entries(run.queries).map(([k, v]) => [`${k}_query`, v]));
      const out = {
        kind: run.kind,
        model_name: run.describe?.models?.length ? run.modelName || run.describe.models[0] : undefined,
        describe: run.describe,
        ...run.responses,
        ...queries,
      };
      downloadText(`${basename()}-results.json`, `${JSON.stringify(out, null, 2)}\n`, 'application/json');
    },

    async csv() {
      const run = state.run;
      if (!run || run.failure) return;
      const table = await results.activeTab()?.csv?.(run);
      if (table) downloadCsv(table.suffix, table.text);
      else chrome.toast('This tab has no table to export.');
    },

    svg() {
      graph.exportSvg(basename());
    },

    png() {
      const module = picture();
      if (module?.exportPng) module.exportPng(basename());
      else graph.exportPng(basename());
    },
  };
}
