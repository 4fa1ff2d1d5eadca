// The Analyses tab: every analysis the engine's catalogue lists for the model's kind, each with a
// form made from its ParamSpecs (views/form.js), run through the one lifecycle and shown readably
// (views/result.js), with its reply as JSON and its first table as CSV. Every kind has it, so every
// analysis the engine has is reachable from the page, whether or not a kind module has a view for it.
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { paramForm } from '../../views/form.js';
import { renderResult, resultCsv } from '../../views/result.js';
import { downloadText } from '../../views/export.js';

export function analysesTab(page) {
  let chosen = null; // the analysis picked
  const values = new Map(); // analysis → {param: value} the user entered
  let formError = null;

  function entryFor(run) {
    return page.catalogue()?.kinds?.find((k) => k.name === run.kind) || null;
  }

  function runAnalysis(run, analysis, form) {
    const read = form.read();
    formError = read.error || null;
    if (read.error) {
      page.redraw();
      return;
    }
    return page.session(async (ask) => {
      run.queries.analyses = { ...run.queries.analyses, [analysis.name]: read.params };
      const response = await ask(analysis.summary || analysis.name, analysis.name, read.params, {
        busy: 'analyses',
      });
      run.responses.analyses = { ...run.responses.analyses, [analysis.name]: response };
    });
  }

  return {
    id: 'analyses',
    label: 'All analyses',
    lead: 'Every analysis the engine offers for this kind of model, each with a form for its parameters (their meaning beside each); its answer is shown as tables you can export.',
    render(run) {
      const entry = entryFor(run);
      if (!entry) {
        return el(
          'p',
          { class: 'notice' },
          page.catalogue()
            ? `The engine's catalogue lists no analyses for models of kind '${run.kind}'.`
            : 'The engine has not listed its analyses (its catalogue).',
        );
      }
      const analyses = entry.analyses || [];
      if (!analyses.some((a) => a.name === chosen)) chosen = analyses[0]?.name ?? null;
      const analysis = analyses.find((a) => a.name === chosen);
      const picker = el(
        'select',
        {
          id: 'analysis-picker',
          'aria-label': 'Analysis',
          onChange: (event) => {
            chosen = event.target.value;
            formError = null;
            page.redraw();
          },
        },
        analyses.map((a) => el('option', { value: a.name, selected: a.name === chosen }, a.name)),
      );
      if (!analysis) return el('div', { class: 'analyses' }, picker);
      if (!values.has(analysis.name)) values.set(analysis.name, {});
      const form = paramForm(analysis.params, {
        values: values.get(analysis.name),
        describe: run.describe,
        idPrefix: `param-${analysis.name}`,
        onInput: (name, value) => {
          values.get(analysis.name)[name] = value;
        },
      });
      const response = run.responses.analyses?.[analysis.name];
      const busy = run.busy.analyses;
      return el(
        'div',
        { class: 'analyses', dataset: { analysis: analysis.name } },
        el(
          'div',
          { class: 'settings-controls' },
          el('label', null, 'Analysis ', picker),
          el(
            'button',
            {
              type: 'button',
              class: 'primary',
              id: 'analysis-run',
              disabled: busy,
              onClick: () => runAnalysis(run, analysis, form),
            },
            busy ? 'Running…' : 'Run analysis',
          ),
        ),
        el('p', { class: 'analysis-summary' }, analysis.summary || ''),
        (analysis.paper || analysis.definition) &&
          el(
            'p',
            { class: 'explain analysis-source' },
            [analysis.paper, analysis.definition].filter(Boolean).join(', '),
          ),
        form.element,
        formError && el('p', { class: 'warning', id: 'analysis-form-error', role: 'alert' }, formError),
        response &&
          el(
            'section',
            { class: 'analysis-result', id: 'analysis-result' },
            el(
              'div',
              { class: 'panel-actions' },
              el('h3', null, `Result of ${analysis.name}`),
              el(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  id: 'analysis-json',
                  onClick: () =>
                    downloadText(
                      `${page.basename()}-${analysis.name}.json`,
                      `${JSON.stringify(response, null, 2)}\n`,
                      'application/json',
                    ),
                },
                'JSON',
              ),
            ),
            response.ok
              ? renderResult(response.result, { idPrefix: `result-${analysis.name}` })
              : failureBlock(response, analysis.name.replace(/_/g, ' ')),
          ),
      );
    },
    csv(run) {
      const response = run.responses.analyses?.[chosen];
      const text = response?.ok ? resultCsv(response.result) : null;
      return text && { suffix: chosen.replace(/_/g, '-'), text };
    },
  };
}
