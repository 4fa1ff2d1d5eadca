// The Incentives tab: what the graph alone says the agent wants (Everitt et al. 2021, after pycid),
// as the engine's "incentives" analysis reports it (docs/incentives.md). Per decision, a table of
// the other variables with a mark per criterion; a click on a ✓ shows its witness path on the graph.
// The view only displays the engine's JSON; it decides nothing itself.
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { incentivesCsv } from './csv.js';

// The four criteria, in the order of the table's columns. `explain` is one sentence from
// docs/incentives.md; `absent` says why a criterion the engine leaves out does not apply.
export const CRITERIA = [
  {
    key: 'ici',
    label: 'ICI',
    name: 'Instrumental control incentive',
    explain:
      'Would the agent want to control X as a means to its end? Yes for some numbers exactly when a ' +
      'directed path D → … → X → … → U leads from the decision through X to a utility.',
  },
  {
    key: 'voi',
    label: 'VoI',
    name: 'Value of information',
    explain:
      'Would the agent pay to observe X before deciding? Yes for some numbers exactly when the link ' +
      'X → D survives the minimal reduction, that is when X is d-connected to a utility downstream of D ' +
      "given D and its other observations; it is asked only of variables that are not D's descendants.",
    absent: (variable, decision) =>
      `n/a: ${variable} is downstream of ${decision}, which cannot observe its own consequences.`,
  },
  {
    key: 'ri',
    label: 'RI',
    name: 'Response incentive',
    explain:
      'Would every optimal policy make D depend on X? Yes for some numbers exactly when a directed ' +
      'path X → … → D remains in the minimal reduction, where observations no optimal policy needs ' +
      'are dropped.',
  },
  {
    key: 'voc',
    label: 'VoC',
    name: 'Value of control',
    explain:
      "Would the agent pay to set X's mechanism at will? Yes for some numbers exactly when X is not a " +
      'decision and a directed path X → … → U to a utility remains in the minimal reduction.',
    absent: (variable) => `n/a: ${variable} is a decision, which the agent already controls.`,
  },
];

const byKey = new Map(CRITERIA.map((c) => [c.key, c]));

// Which mark is selected: {decision, variable, criterion} or null.
function same(a, b) {
  return (
    Boolean(a && b) && a.decision === b.decision && a.variable === b.variable && a.criterion === b.criterion
  );
}

// A path or trail as text, each step's arrow pointing the way its edge does in the graph. A step
// with no edge either way (the link X → D that value of information adds) is drawn →.
export function pathText(path, edges) {
  const has = new Set((edges || []).map((e) => JSON.stringify([e.from, e.to])));
  let text = path.length ? String(path[0]) : '';
  for (let i = 1; i < path.length; i++) {
    const backward =
      !has.has(JSON.stringify([path[i - 1], path[i]])) && has.has(JSON.stringify([path[i], path[i - 1]]));
    text += `${backward ? ' ← ' : ' → '}${path[i]}`;
  }
  return text;
}

// The witness of an admitted criterion in words (a plain string: the caller puts it in a text node).
export function incentiveWitnessText(decision, variable, key, verdict, describe) {
  const path = verdict.path || [];
  const edges = describe?.edges || [];
  const utilities = new Set(describe?.utilities || []);
  const shown = pathText(path, edges);
  const last = path[path.length - 1];
  if (key === 'ici') {
    const via = utilities.has(variable)
      ? `to ${variable}, a utility itself`
      : `through ${variable} to the utility ${last}`;
    return `${decision} has an instrumental control incentive on ${variable}: the directed path ${shown} leads from ${decision} ${via}.`;
  }
  if (key === 'voi') {
    const given = verdict.given || [];
    const usesLink = path.some((name, i) => i > 0 && path[i - 1] === variable && name === decision);
    const added = usesLink && !edges.some((e) => e.from === variable && e.to === decision);
    return (
      `${variable} has value of information for ${decision}: the trail ${shown} is active given {${given.join(', ')}}, ` +
      `so where ${variable} is matters to the utility ${last} downstream of ${decision}` +
      (added ? ` (with the link ${variable} → ${decision} added, as the criterion asks).` : '.')
    );
  }
  if (key === 'ri') {
    return `${decision} has a response incentive on ${variable}: the path ${shown} remains in the minimal reduction, so an optimal policy must respond to ${variable}.`;
  }
  if (path.length === 1 && utilities.has(variable)) {
    return `${variable} has value of control: it is a utility itself.`;
  }
  return `${variable} has value of control: the path ${shown} to the utility ${last} remains in the minimal reduction.`;
}

// What the graph should mark while the tab shows a result: the selected witness's path (its edges
// coloured) and, for value of information, the set it is conditioned on.
export function incentivesMarks(run, selected) {
  const response = run?.responses?.incentives;
  if (!response?.ok || !selected) return null;
  for (const d of response.result.decisions || []) {
    if (d.decision !== selected.decision) continue;
    for (const v of d.variables || []) {
      if (v.variable !== selected.variable) continue;
      const verdict = v[selected.criterion];
      if (!verdict?.admits) return null;
      return { path: verdict.path || [], given: verdict.given || [] };
    }
  }
  return null;
}

// The tab. `view` holds {selected}; onSelect(selection or null) re-renders through the panel.
export function renderIncentives({ run, view, failureBlock, onSelect }) {
  const describe = run.describe;
  const decisions = describe?.decisions || [];
  if (!decisions.length) {
    return el(
      'p',
      { class: 'notice' },
      'The model has no decisions: incentives are those of an agent that decides something.',
    );
  }
  const intro = el(
    'p',
    { class: 'explain' },
    'What the graph alone says the agent wants, whatever the numbers: ✓ means some choice of numbers ',
    'for this graph gives the agent the incentive, — means none does, n/a that the criterion does not ',
    'apply (Everitt et al. 2021, computed as pycid does). Click a ✓ to see its witness on the graph.',
  );
  const response = run.responses.incentives;
  if (!response) {
    return el(
      'div',
      { class: 'incentives' },
      intro,
      el(
        'p',
        { class: 'notice', id: 'incentives-pending' },
        run.busy.incentives
          ? 'Reading the incentives off the graph…'
          : 'Run the model to see its incentives.',
      ),
    );
  }
  if (!response.ok) return el('div', { class: 'incentives' }, intro, failureBlock(response, 'incentives'));
  const r = response.result;
  const parentsOf = new Map((describe.variables || []).map((v) => [v.name, v.parents || []]));

  const recall =
    r.sufficient_recall === false &&
    el(
      'p',
      { class: 'warning', id: 'incentives-recall', role: 'note' },
      'The agent lacks sufficient recall (Milch and Koller 2008): the criteria for value of information, ',
      'response and value of control are proved only with it, so read these marks as facts about the ',
      'graph rather than theorems.',
    );

  const sections = (r.decisions || []).map((d) => {
    const requisite = r.requisite?.[d.decision] || [];
    const observes = parentsOf.get(d.decision) || [];
    const cell = (v, criterion) => {
      const verdict = v[criterion.key];
      const selection = { decision: d.decision, variable: v.variable, criterion: criterion.key };
      if (!verdict) {
        const why = criterion.absent ? criterion.absent(v.variable, d.decision) : 'n/a';
        return el(
          'td',
          { class: `mark-cell na ${criterion.key}`, dataset: { criterion: criterion.key }, title: why },
          'n/a',
        );
      }
      if (!verdict.admits) {
        return el(
          'td',
          {
            class: `mark-cell no ${criterion.key}`,
            dataset: { criterion: criterion.key },
            title: `No ${criterion.name.toLowerCase()}: no numbers for this graph give one.`,
          },
          '—',
        );
      }
      const selected = same(view.selected, selection);
      return el(
        'td',
        { class: `mark-cell yes ${criterion.key}`, dataset: { criterion: criterion.key } },
        el(
          'button',
          {
            type: 'button',
            class: selected ? 'incentive-mark selected' : 'incentive-mark',
            'aria-pressed': String(selected),
            'aria-label': `${criterion.name} of ${d.decision} on ${v.variable}: show the witness`,
            title: pathText(verdict.path || [], describe.edges),
            dataset: { vars: (verdict.path || []).join(' ') },
            onClick: () => onSelect(selected ? null : selection),
          },
          '✓',
        ),
      );
    };
    const chosen = view.selected?.decision === d.decision ? view.selected : null;
    const chosenVariable = chosen && (d.variables || []).find((v) => v.variable === chosen.variable);
    const chosenVerdict = chosenVariable?.[chosen.criterion];
    return el(
      'section',
      { class: 'incentives-decision', dataset: { decision: d.decision } },
      el(
        'h3',
        { dataset: { vars: [d.decision, ...observes].join(' ') } },
        'Decision ',
        el('span', { class: 'var-name' }, d.decision),
      ),
      el(
        'p',
        { class: 'explain requisite' },
        !observes.length
          ? `${d.decision} observes nothing.`
          : requisite.length
            ? `${d.decision} observes ${observes.join(', ')}; requisite (what an optimal policy may need): ${requisite.join(', ')}.`
            : `${d.decision} observes ${observes.join(', ')}, none of it requisite: an optimal policy may ignore it all.`,
      ),
      el(
        'table',
        { class: 'data incentives-table', dataset: { decision: d.decision } },
        el(
          'thead',
          null,
          el(
            'tr',
            null,
            el('th', { scope: 'col' }, 'Variable X'),
            CRITERIA.map((c) =>
              el('th', { scope: 'col', class: `mark-cell ${c.key}`, title: c.name }, c.label),
            ),
          ),
        ),
        el(
          'tbody',
          null,
          (d.variables || []).map((v) =>
            el(
              'tr',
              { dataset: { variable: v.variable } },
              el('th', { scope: 'row', dataset: { vars: v.variable } }, v.variable),
              CRITERIA.map((c) => cell(v, c)),
            ),
          ),
        ),
      ),
      chosenVerdict?.admits &&
        el(
          'p',
          { class: 'incentive-witness', role: 'status' },
          el('strong', null, `${byKey.get(chosen.criterion).label}: `),
          incentiveWitnessText(d.decision, chosen.variable, chosen.criterion, chosenVerdict, describe),
        ),
    );
  });

  const legend = el(
    'dl',
    { class: 'criteria', id: 'incentives-criteria' },
    CRITERIA.map((c) => [
      el('dt', { dataset: { criterion: c.key } }, `${c.label}: ${c.name}`),
      el('dd', { dataset: { criterion: c.key } }, c.explain),
    ]),
  );
  const intention = el(
    'p',
    { class: 'explain', id: 'incentives-intention-note' },
    'ICI is also the graphical criterion for intention (Ward et al. 2024, Theorems 17 and 18): an agent ',
    'can only intend outcomes of variables with an instrumental control incentive, and for each such ',
    'variable some choice of numbers makes it intend one. The Intention tab asks the numbers.',
  );
  const reduction = el(
    'p',
    { class: 'explain' },
    'The minimal reduction is the graph without the observations no optimal policy needs ',
    '(the non-requisite information links).',
  );

  return el(
    'div',
    { class: 'incentives' },
    intro,
    recall,
    sections,
    el('h3', { class: 'criteria-heading' }, 'The criteria'),
    legend,
    intention,
    reduction,
  );
}

// The tab: asks for the incentives when it opens (they are quick: the graph alone); a click on a ✓
// colours its witness path on the graph.
export function incentivesTab(page) {
  let view = { selected: null };
  let viewOf = null;
  return {
    id: 'incentives',
    label: 'Incentives',
    lead: 'What the decision has a reason to look at (value of information), to influence (instrumental control) or to respond to, read from the graph alone; click a ✓ to see its path on the graph.',
    render(run) {
      if (run.responses.incentives !== viewOf) {
        viewOf = run.responses.incentives;
        view = { selected: null };
      }
      return renderIncentives({
        run,
        view,
        failureBlock,
        onSelect: (selection) => {
          view.selected = selection;
          page.redraw();
          // Drawing again replaces the buttons: keep the keyboard focus on the one pressed.
          if (selection) {
            const cell = page
              .tabBody()
              .querySelector(
                `table.incentives-table[data-decision="${CSS.escape(selection.decision)}"] ` +
                  `tr[data-variable="${CSS.escape(selection.variable)}"] td.${selection.criterion} button`,
              );
            cell?.focus();
          }
        },
      });
    },
    marks: (run) => incentivesMarks(run, view.selected),
    open(run) {
      if (!(run.describe?.decisions || []).length || run.responses.incentives) return;
      page.session((ask) => ask('Incentives', 'incentives', {}, { key: 'incentives', busy: 'incentives' }));
    },
    csv: (run) =>
      run.responses.incentives?.ok && { suffix: 'incentives', text: incentivesCsv(run.responses.incentives) },
  };
}
