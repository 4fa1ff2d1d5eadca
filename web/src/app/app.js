// The page's application: the store, the engine, the run lifecycle, the editor, the picture and the
// results, and the kind modules (kinds/) they are chosen by. Data flows one way: model text → engine
// request → JSON reply → the kind's views.
//
// What it does for every kind: checks the text while the user types ("describe": diagnostics, the
// heading, the picture), runs the model (describe, then the kind's own run), shows the kind's tabs
// and lets them ask the engine through the one lifecycle. What differs by kind lives in kinds/.
import { createStore, newRun } from './store.js';
import { createEngine } from './engine.js';
import { createLifecycle } from './lifecycle.js';
import { baseRequest, analysisRequest, replyKind } from './request.js';
import { createChrome, $ } from './chrome.js';
import { createDocuments } from './documents.js';
import { createExports, slug } from './exports.js';
import { createEditor } from '../editor/editor.js';
import { installDropImport } from '../editor/drop.js';
import { createGraphView } from '../views/graph.js';
import { createTabsView } from '../views/tabs.js';
import { createKinds } from '../kinds/index.js';

export function createApp({ embed }) {
  const store = createStore();
  const { state } = store;
  const engine = createEngine();
  const chrome = createChrome();
  const lifecycle = createLifecycle({ engine, store, ui: chrome });

  const graph = createGraphView($('graph'), {
    onHover: (name) => highlight(name ? [name] : []),
  });
  const results = createTabsView($('results'), {
    onHover: (names) => highlight(names),
    onTab: (tab) => openTab(tab),
    onMarks: (marks) => {
      graph.mark(marks);
      chrome.showMarkLegend(marks);
    },
  });

  function highlight(names) {
    graph.highlight(names);
    results.highlight(names);
  }

  // What the kind modules may use of the page.
  const page = {
    $,
    toast: (message, action) => chrome.toast(message, action),
    session: (work) => lifecycle.session(work),
    rerun: (delay) => lifecycle.rerun(delay),
    runModel: () => runModel(),
    running: () => state.running,
    run: () => state.run,
    catalogue: () => state.catalogue,
    redraw: () => store.changed(),
    activeTabId: () => results.activeTab()?.id ?? null,
    tabBody: () => results.body,
    editorText: () => editor.getText(),
    editModel: (change) => editor.apply(change),
    recheck: () => editor.recheck(),
    basename: () => exports.basename(),
    slug,
    downloadCsv: (suffix, text) => exports.downloadCsv(suffix, text),
    showGraph(describe) {
      chrome.showPicture('graph');
      graph.show(describe);
    },
    showWorld({ grid }) {
      chrome.showPicture('world', { png: grid });
    },
    showPicture: (which) => chrome.showPicture(which),
  };
  const kinds = createKinds(page);

  // The kind module of the model in the editor (by the kind of its last describe reply): it draws
  // the picture and says what "describe" asks. The results show the tabs of the run's kind.
  let shown = null;
  function showKind(kind, describe, text) {
    const module = kinds.forKind(kind);
    if (module !== shown) {
      shown?.hide();
      shown = module;
    }
    module.show(describe, text, kind);
  }

  // ---- Checking while typing ----

  // Runs "describe" on the editor's text; updates the heading, the picture and the diagnostic list,
  // and returns the diagnostics for the editor's inline markers.
  async function check(text) {
    const describeParams = () => shown?.describeParams?.() ?? {};
    const ask = () =>
      engine.check(
        analysisRequest(baseRequest({ text, modelName: state.modelName }), 'describe', describeParams()),
      );
    let response = await ask();
    if (!response.ok && response.diagnostics?.some((d) => d.id === 'request.unknown_variant')) {
      // The chosen variant is gone from the text: show the base world.
      shown?.resetDescribeParams?.();
      response = await ask();
    }
    if (!response.ok && state.modelName && response.diagnostics?.every((d) => !(d.line >= 1))) {
      // The chosen model may no longer exist in the text: fall back to the first one.
      state.modelName = null;
      response = await ask();
    }
    if (text !== editor.getText()) return []; // outdated; a newer check follows
    if (response.ok) {
      const describe = response.result;
      state.describe = describe;
      state.kind = replyKind(response);
      const models = describe.models || [];
      if (state.modelName && !models.includes(state.modelName)) state.modelName = null;
      chrome.showModelPicker(models, state.modelName);
      chrome.showModelHeading(describe);
      showKind(state.kind, describe, text);
      showResults();
      $('graph-note').textContent = '';
      chrome.showDiagnostics([]);
      return [];
    }
    const diagnostics = response.diagnostics || [];
    chrome.showDiagnostics(diagnostics, reveal);
    if (graph.hasGraph()) $('graph-note').textContent = 'showing the last model that read without errors';
    return diagnostics;
  }

  const reveal = (d) => editor.reveal(d.line, d.column);

  // ---- Running ----

  // The Run button: reads the model, then asks what its kind asks.
  function runModel() {
    const text = editor.getText();
    const previous = state.run;
    const run = newRun({ text, modelName: state.modelName });
    return lifecycle.session(
      async (ask) => {
        const described = await ask('Reading the model', 'describe', shown?.describeParams?.() ?? {});
        if (!described.ok) {
          state.run = { text, failure: described };
          chrome.showDiagnostics(described.diagnostics || [], reveal);
          return;
        }
        run.kind = replyKind(described);
        run.describe = described.result;
        state.run = run;
        await kinds.forKind(run.kind).run(ask, run, previous);
      },
      { run },
    );
  }
  lifecycle.setRunModel(runModel);

  // A tab was chosen, or a session ended: the tab shown may ask for its results.
  function openTab(tab = results.activeTab()) {
    const run = state.run;
    if (!tab?.open || !run || run.failure || state.running) return;
    tab.open(run);
  }
  lifecycle.afterSession(() => openTab());

  // ---- Drawing ----

  function showResults() {
    const run = state.run;
    const module = run?.kind ? kinds.forKind(run.kind) : shown;
    if (module) results.setTabs(module.tabs);
    results.show(run, reveal);
    $('export-json').disabled = !run || Boolean(run.failure);
    $('export-csv').disabled = !run || Boolean(run.failure);
    $('results-stale').hidden = !run || run.text === editor.getText();
    shown?.changed?.();
  }
  store.subscribe(showResults);

  // ---- The editor, loading and saving ----

  const documents = createDocuments({ store, chrome, embed, getEditor: () => editor, runModel });
  const editor = createEditor($('editor'), {
    text: '',
    check,
    onChange: () => {
      documents.edited();
      $('results-stale').hidden = !state.run || state.run.text === editor.getText();
    },
    onRun: () => runModel(),
  });
  const exports = createExports({ store, chrome, results, graph, picture: () => shown });
  // Files dropped on the editor: a model loads; another format is imported by the engine first.
  installDropImport($('editor'), {
    importFiles: (files) => engine.check({ analysis: 'import', files }),
    onModel(text, label, notes) {
      documents.loadText(text, label);
      if (notes.length) chrome.toast(`Imported: ${notes.join('; ')}`);
    },
    onError: (message) => chrome.toast(`Nothing was imported: ${message}`),
  });

  // The engine's catalogue (kinds, analyses, parameters), asked once at start.
  async function loadCatalogue() {
    const response = await engine.check({ analysis: 'catalogue' });
    if (response.ok) {
      state.catalogue = response.result;
      store.changed();
    }
  }

  return {
    store,
    chrome,
    lifecycle,
    editor,
    graph,
    documents,
    exports,
    runModel,
    loadCatalogue,
    cancel: () => lifecycle.cancel(),
    // Another model of a file with several.
    chooseModel(name) {
      state.modelName = name;
      documents.saveNow();
      editor.recheck();
      if (state.run) runModel();
    },
  };
}
