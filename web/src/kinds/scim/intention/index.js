// The Intention tab of a SCIM: which outcomes the agent intends by following a deterministic policy
// π (Ward et al. 2024, Def. 13; Def. 20 with a rational or the observed behaviour as oracle), as the
// engine's "intention" reports them, every verdict explained in words from its witness; below it,
// the Causes section (actual causes, Def. 22, and H&KW's intention, Defs. 24-25) for a chosen
// outcome. The tab asks for intentions when its button is pressed, or when a run finds it open.
import { el } from '../../../views/dom.js';
import { failureBlock } from '../../../views/diagnostics.js';
import { intentionControls, oracleIntro } from './controls.js';
import { verdictContext, intentionWarnings, intentionSummary, variableSection } from './verdicts.js';
import { REFERENCE_ROWS_SHOWN, cannotBeIntended, alternativesSection } from './alternatives.js';
import { intentionMarks, pickIntentionPolicy, entryKey } from './words.js';
import { renderCauses, pickOutcome, CAUSE_ROWS_SHOWN } from './causes.js';
import { renderObserved, behaviourChange } from './behaviour.js';
import { intentionCsv, actualCauseCsv, hkwIntentionCsv } from '../csv.js';

// The tab's content. `view`: {selected, shown: Map(variable → rows shown), referenceShown,
// witnesses: Map(entry key → whole witness)}.
export function renderIntention({ run, view, onRun, onSelect, onMore, onWitness, onEditBehaviour }) {
  const { notice, controls, query, oracle } = intentionControls(run, onRun);
  if (notice) return notice;
  if (oracle === 'observed') return renderObserved({ run, controls, failureBlock, onEdit: onEditBehaviour });
  const intro = oracleIntro(oracle, query.minimality);
  const response = run.responses.intention;
  if (!response) {
    return el(
      'div',
      { class: 'intention' },
      controls,
      intro,
      el(
        'p',
        { class: 'notice', id: 'intention-pending' },
        run.busy.intention
          ? `Finding what '${query.policy}' intends…`
          : 'Press “Find intentions” to ask the engine.',
      ),
    );
  }
  if (!response.ok) return el('div', { class: 'intention' }, controls, failureBlock(response, 'intentions'));
  const r = response.result;
  const context = verdictContext(run.describe, r);
  // The verdict first, then the question's controls and what it means, then the evidence.
  return el(
    'div',
    { class: 'intention' },
    intentionSummary(r, context),
    intentionWarnings(r),
    controls,
    intro,
    (r.variables || []).map((v) => variableSection(v, r, context, { view, onSelect, onMore, onWitness })),
    cannotBeIntended(run.describe, r),
    alternativesSection(r, view, onMore),
  );
}

// The policy the tab asks about first in a new run: the one asked before, if the model still has it.
export function intentionQueryFor(describe, optimal, previous) {
  const needsPolicy = (describe.decisions || []).length > 0;
  return {
    policy: needsPolicy ? pickIntentionPolicy(describe, optimal, previous?.policy) : null,
    oracle: previous?.oracle,
    minimality: previous?.minimality,
  };
}

// The parameters of the run's intention query (the engine's defaults left out).
function intentionParams(query) {
  const params = { policy: query.policy };
  if (query.oracle && query.oracle !== 'subjective') params.oracle = query.oracle;
  if ((!query.oracle || query.oracle === 'subjective') && query.minimality === 'any_alternative')
    params.minimality = query.minimality;
  return params;
}

const freshView = () => ({
  selected: null,
  shown: new Map(),
  referenceShown: REFERENCE_ROWS_SHOWN,
  witnesses: new Map(),
});

export function intentionTab(page) {
  let view = freshView();
  let viewOf = null;
  let pendingSelected = null; // a share link's selected verdict, for the intentions it will get
  let causesView = { shown: CAUSE_ROWS_SHOWN };
  let causesOf = null;

  // Asks whether the decision is an actual cause of the chosen outcome, and what H&KW's definitions
  // say, under the tab's policy.
  async function askCauses(ask, run) {
    const policy = run.queries.intention?.policy;
    const outcome = pickOutcome(run.describe, run.responses.intention, run.queries.causes?.outcome);
    run.queries.causes = { policy, outcome };
    run.responses.actual_cause = undefined;
    run.responses.hkw_intention = undefined;
    if (!policy || !outcome) return;
    await ask(
      'Actual causes',
      'actual_cause',
      { policy, outcomes: [outcome] },
      { key: 'actual_cause', busy: 'causes' },
    );
    await ask(
      'H&KW intention',
      'hkw_intention',
      { policy, variables: [outcome] },
      { key: 'hkw_intention', busy: 'causes' },
    );
  }

  // What the run's query asks (intentions, then the causes of the chosen outcome), inside a session.
  async function askIntentions(ask, run) {
    const query = run.queries.intention;
    run.responses.intention = undefined;
    await ask('Intentions', 'intention', intentionParams(query), { key: 'intention', busy: 'intention' });
    await askCauses(ask, run);
  }

  // The tab's button and pickers.
  function findIntentions(query) {
    if (!query?.policy) return;
    return page.session(async (ask, run) => {
      run.queries.intention = query;
      await askIntentions(ask, run);
    });
  }

  // Asks for the whole witness of one verdict (the summary lists the first settings of each w^Y): the
  // same question asked alone, about that variable in that setting, which the engine answers with
  // the same witness and every setting.
  function fetchWitness(variable, setting) {
    return page.session(async (ask, run) => {
      const query = run.queries.intention;
      const shown = run.responses.intention;
      if (!query?.policy || !shown?.ok) return;
      const params = { ...intentionParams(query), outcomes: [variable], setting };
      const reply = await ask('Witness', 'intention', params, { cache: true });
      const witness = reply.ok ? reply.result.query?.results?.[0]?.witness : null;
      if (witness && run.responses.intention === shown)
        view.witnesses.set(entryKey(variable, setting), witness);
      else if (!reply.ok) page.toast('The engine could not give the whole witness.');
    });
  }

  // Compares causes for another outcome variable (the Causes section's picker and button).
  function compareCauses(outcome) {
    return page.session(async (ask, run) => {
      if (!run.queries.intention?.policy) return;
      run.queries.causes = { ...run.queries.causes, outcome };
      await askCauses(ask, run);
    });
  }

  // Writes the observed behaviour the form gives into the model's "behaviour" section (one undoable
  // edit), then runs again, so what the user enters lives in the text.
  function editBehaviour(run, observations, result) {
    if (page.running()) return;
    const text = page.editorText();
    const change = text === run.text ? behaviourChange(text, run.describe, result, observations) : null;
    if (!change) {
      page.toast('The model text changed since the last run: run it again, then add the observation.');
      return;
    }
    page.editModel(change);
    page.runModel();
  }

  function renderCausesSection(run) {
    if (run.responses.actual_cause !== causesOf) {
      causesOf = run.responses.actual_cause;
      causesView = { shown: CAUSE_ROWS_SHOWN };
    }
    return renderCauses({
      run,
      view: causesView,
      failureBlock,
      onRun: compareCauses,
      onMore: (count) => {
        causesView.shown = count;
        page.redraw();
      },
      onExport: (which) => exportCausesCsv(run, which),
    });
  }

  // The Causes section's tables have their own CSV buttons (the panel's exports the intentions).
  function exportCausesCsv(run, which) {
    const outcome = page.slug(run.queries.causes?.outcome || '') || 'outcome';
    if (which === 'actual_cause' && run.responses.actual_cause?.ok) {
      page.downloadCsv(
        `actual-cause-${outcome}`,
        actualCauseCsv(run.responses.actual_cause, run.queries.causes?.policy, run.describe),
      );
    } else if (which === 'hkw_intention' && run.responses.hkw_intention?.ok) {
      page.downloadCsv(`hkw-intention-${outcome}`, hkwIntentionCsv(run.responses.hkw_intention));
    }
  }

  function select(key) {
    // Drawing again replaces the rows: keep the keyboard focus on the verdict that had it.
    const focused = document.activeElement?.closest?.('tbody.entry');
    const where = focused && { variable: focused.dataset.variable, setting: focused.dataset.setting };
    view.selected = key;
    page.redraw();
    if (!where) return;
    for (const entry of page.tabBody().querySelectorAll('tbody.entry')) {
      if (entry.dataset.variable === where.variable && entry.dataset.setting === where.setting) entry.focus();
    }
  }

  return {
    id: 'intention',
    label: 'Intention',
    lead: 'Which outcomes the agent intends: those that are part of its reason to choose its policy over another (Ward et al. 2024, Def. 13). Click a verdict to see its witness on the graph.',
    render(run) {
      if (run.responses.intention !== viewOf) {
        viewOf = run.responses.intention;
        const selected = run.responses.intention?.ok ? pendingSelected : null;
        if (run.responses.intention) pendingSelected = null;
        view = { ...freshView(), selected };
      }
      const intention = renderIntention({
        run,
        view,
        onRun: findIntentions,
        onSelect: select,
        onMore: (variable, count) => {
          if (variable === null) view.referenceShown = count;
          else view.shown.set(variable, count);
          page.redraw();
        },
        onWitness: fetchWitness,
        onEditBehaviour: (observations, result) => editBehaviour(run, observations, result),
      });
      const asked =
        run.responses.intention ||
        run.responses.actual_cause ||
        run.responses.hkw_intention ||
        run.busy.causes;
      if (!asked) return intention;
      const causes = renderCausesSection(run);
      const jump = el(
        'button',
        {
          type: 'button',
          class: 'link jump',
          id: 'jump-causes',
          onClick: () => causes.scrollIntoView({ block: 'start', behavior: 'smooth' }),
        },
        'Causes and the H&KW comparison ↓',
      );
      return el('div', { class: 'intention-tab' }, jump, intention, causes);
    },
    marks: (run) => intentionMarks(run, view.selected),
    // The verdict selected, for a share link; select(key) restores one when the intentions come.
    selectedVerdict: () => view.selected,
    selectVerdict(key) {
      pendingSelected = key;
    },
    // A run made while the tab is open asks for intentions again (inside the run's session).
    async askInRun(ask, run) {
      if (run.queries.intention?.policy) await askIntentions(ask, run);
    },
    csv: (run) =>
      run.responses.intention?.ok && {
        suffix: 'intention',
        text: intentionCsv(run.responses.intention, run.describe),
      },
  };
}
