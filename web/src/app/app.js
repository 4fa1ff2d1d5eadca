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
import { setVariablePositions } from '../editor/model-edit.js';
import { el } from '../views/dom.js';

export function createApp({ embed }) {
  const store = createStore();
  const { state } = store;
  const engine = createEngine();
  const chrome = createChrome();
  const lifecycle = createLifecycle({ engine, store, ui: chrome });

  const graph = createGraphView($('graph'), {
    onHover: (name) => highlight(name ? [name] : []),
    onSelect: (names) => askConnection(names),
    onMove: (positions) => {
      const change = setVariablePositions(editor.getText(), positions, state.modelName);
      if (!change) {
        chrome.toast('Could not write the positions into the model: its variables were not found.');
        return;
      }
      if (change.length) editor.apply(change);
    },
  });

  // Two variables selected on the graph: the engine's answer about them (paths, d-separation), asked
  // of the checking worker (a quick question about the graph, not a run).
  async function askConnection(names) {
    if (names.length < 2) return;
    const [from, to, ...given] = names;
    const request = analysisRequest(
      baseRequest({ text: editor.getText(), modelName: state.modelName }),
      'graph',
      {
        query: 'connection',
        from,
        to,
        given,
      },
    );
    const reply = await engine.check(request);
    graph.connection(
      reply.ok ? reply.result : { error: reply.diagnostics?.[0]?.message || 'The engine could not answer.' },
      names,
    );
  }
  const results = createTabsView($('results'), {
    compact: embed,
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
    activeTabId: () => results.activeId(),
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
    // Covers the model text (while the user plays an adventure it would spoil), with a way to look.
    shield(on, message = '') {
      const panel = $('editor-panel');
      let cover = $('editor-shield');
      const wanted = Boolean(on) && !shieldLifted;
      if (!wanted) {
        cover?.remove();
        $('editor').inert = false;
        if (!on) shieldLifted = false;
        return;
      }
      if (cover) return;
      cover = el(
        'div',
        { class: 'editor-shield', id: 'editor-shield' },
        el('p', null, message),
        el(
          'button',
          {
            type: 'button',
            id: 'editor-shield-lift',
            onClick: () => {
              shieldLifted = true;
              page.shield(true);
            },
          },
          'Show it anyway',
        ),
      );
      panel.append(cover);
      $('editor').inert = true;
    },
  };
  let shieldLifted = false;
  const kinds = createKinds(page);

  // The kind module of the model in the editor (by the kind of its last describe reply): it draws
  // the picture and says what "describe" asks. The results show the tabs of the run's kind.
  let shown = null;
  // The view a share link carries ({kind, tab, ...the module's}), applied once its kind is known.
  let pendingView = null;
  let pendingNodes = null; // the graph's selection a share link carries, once the graph is drawn
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
    // A failed run of another text: its errors are no longer the text's (the list below is).
    if (state.run?.failure && state.run.text !== text) {
      state.run = null;
      store.changed();
    }
    if (response.ok) {
      const describe = response.result;
      state.describe = describe;
      state.kind = replyKind(response);
      const models = describe.models || [];
      if (state.modelName && !models.includes(state.modelName)) state.modelName = null;
      chrome.showModelPicker(models, state.modelName);
      chrome.showModelHeading(describe);
      showKind(state.kind, describe, text);
      if (pendingNodes && state.kind === 'scim') {
        graph.select(pendingNodes);
        pendingNodes = null;
      }
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
  // A cancelled run gives its place back to the last complete one (marked stale when the text
  // changed since), rather than leaving half its answers.
  async function runModel() {
    // A model loaded while a run is under way (an example picked as the first one runs): that run stops
    // at its next request and this one follows, instead of being refused and never run.
    if (state.running) {
      lifecycle.rerun(0);
      return;
    }
    const text = editor.getText();
    const previous = state.run;
    const run = newRun({ text, modelName: state.modelName });
    const outcome = await lifecycle.session(
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
        const module = kinds.forKind(run.kind);
        if (pendingView) applyView(module);
        await module.run(ask, run, previous);
      },
      {
        run,
        cancelMessage:
          previous && !previous.failure ? 'Cancelled: the last complete results are shown.' : null,
      },
    );
    if (outcome === 'cancelled' && previous && !previous.failure && state.run === run) {
      state.run = previous;
      store.changed();
    }
    return outcome;
  }

  // The view of a share link, for the module of its kind: the module's own part, then the tab.
  function applyView(module) {
    const view = pendingView;
    pendingView = null;
    module.setView?.(view);
    if (view.tab) results.select(view.tab, { quiet: true });
  }
  lifecycle.setRunModel(runModel);

  // A tab was chosen, or a session ended: the tab shown may ask for its results.
  function openTab(tab = results.activeTab()) {
    shown?.changed?.(); // the picture may show what the tab is about (a sweep, a play)
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
    onChange: (text, { replaced } = {}) => {
      documents.edited({ replaced });
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
    // The view to share: the kind, the tab and what the kind's module says its view is.
    viewState() {
      const kind = state.run?.kind || state.kind;
      const module = kind ? kinds.forKind(kind) : null;
      const nodes = kind === 'scim' ? graph.selection().join(',') : '';
      return { kind, tab: results.activeTab()?.id, nodes, ...(module?.viewState?.() || {}) };
    },
    // A share link's view: its kind's module takes it at once (the first describe asks for its
    // variant), its tab when the tabs are drawn.
    setPendingView(view) {
      if (!view || !Object.keys(view).length) return;
      pendingView = view;
      if (view.nodes) pendingNodes = view.nodes.split(',').filter(Boolean).slice(0, 50);
      const module = view.kind && kinds.known(view.kind) ? kinds.forKind(view.kind) : null;
      if (module) {
        if (shown !== module) shown?.hide();
        shown = module;
        applyView(module);
      } else if (view.tab) {
        results.select(view.tab, { quiet: true });
      }
    },
    // The panes changed shape: pictures that fit their panel fit again.
    relayout() {
      shown?.relayout?.();
      graph.refit();
      results.relayout();
    },
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
