// The page's fixed parts (index.html): the toast, the progress bar, the diagnostics list, the model's
// heading and picker, the picture panel (the causal graph, or a kind's world panel) and its legend.
import { el, clear } from '../views/dom.js';
import { diagnosticItem } from '../views/diagnostics.js';

export const $ = (id) => document.getElementById(id);

export function createChrome() {
  let toastTimer = 0;

  return {
    // A message for a few seconds, with an optional action {label, run}.
    toast(message, action) {
      const box = $('toast');
      clear(box);
      box.append(el('span', null, message));
      if (action) {
        box.append(
          el(
            'button',
            {
              type: 'button',
              onClick: () => {
                box.hidden = true;
                action.run();
              },
            },
            action.label,
          ),
        );
      }
      box.hidden = false;
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => (box.hidden = true), action ? 12000 : 5000);
    },

    showProgress(label, fraction) {
      $('run-status').hidden = false;
      $('progress-label').textContent =
        fraction === null ? `${label}…` : `${label}… ${Math.round(fraction * 100)}%`;
      const bar = $('progress');
      if (fraction === null) bar.removeAttribute('value');
      else bar.value = fraction;
    },

    hideProgress() {
      $('run-status').hidden = true;
    },

    setRunEnabled(enabled) {
      $('run').disabled = !enabled;
    },

    showDiagnostics(diagnostics, onReveal) {
      const list = $('diagnostics');
      clear(list);
      for (const d of diagnostics) list.append(diagnosticItem(d, onReveal));
      $('diagnostics-panel').hidden = diagnostics.length === 0;
    },

    showModelHeading(describe) {
      $('model-title').textContent = describe?.title || 'Causal graph';
      const description = $('model-description');
      clear(description);
      if (describe?.description) description.append(describe.description);
      if (describe?.source) description.append(' ', el('cite', null, describe.source));
      description.title = description.textContent;
    },

    showModelPicker(models, chosen) {
      const picker = $('model-picker');
      clear(picker);
      for (const name of models) {
        picker.append(el('option', { value: name, selected: name === (chosen ?? models[0]) }, name));
      }
      $('model-picker-label').hidden = models.length < 2;
    },

    // The picture panel: the causal graph (with its legend and SVG/PNG exports), a kind's world panel
    // (PNG only when it draws a grid), or the generic kind's picture (a tree of the describe reply).
    showPicture(which, { png = false } = {}) {
      const graph = which === 'graph';
      const world = which === 'world';
      document.body.classList.toggle('mdp-model', world && png);
      $('graph').hidden = !graph;
      $('graph-legend').hidden = !graph;
      $('world').hidden = !world;
      $('picture').hidden = which !== 'picture';
      $('export-svg').hidden = !graph;
      $('export-png').hidden = !graph && !png;
    },

    // The legend entries of the marks a results tab puts on the graph.
    showMarkLegend(marks) {
      $('legend-intended').hidden = !marks?.ring?.length;
      $('legend-excluded').hidden = !marks?.dim?.length;
      $('legend-witness').hidden = !marks?.focus?.length;
      $('legend-path').hidden = !marks?.path?.length;
      $('legend-given').hidden = !marks?.given?.length;
    },
  };
}
