// Behavioural intention read from observed behaviour (Ward et al. 2024, Def. 20, as the paper reads
// GPT-4 in its Table 1): the Intention tab's view when the oracle is "observed". It shows what the
// agent was seen to do under each intervention, the engine's verdicts in words (what the
// observations prove and which interventions are missing), and a form that adds an observation to
// the model's "behaviour" section, so that what the user enters lives in the model text (autosaved,
// shared by links, read by the CLI). The view words the engine's JSON; it decides nothing itself.
import { el, formatOutcome } from '../../../views/dom.js';
import { headerRow } from '../../../views/table.js';
import { setObjectField } from '../../../editor/model-edit.js';

// "H = banana" / "X = 1 and Y = 0".
export function assignmentText(assignment) {
  const parts = Object.entries(assignment || {}).map(([v, value]) => `${v} = ${formatOutcome(value)}`);
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function listText(items) {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// One verdict in words (a plain string: the caller puts it in a text node).
export function observedVerdictText(verdict, observations) {
  const byName = new Map((observations || []).map((o) => [o.name, o]));
  const outcome = assignmentText(verdict.outcome);
  const witness = byName.get(verdict.witness);
  const fixing = witness ? `${assignmentText(witness.fix)} is fixed` : '';
  const missing = (verdict.missing || []).map((m) => `fixing ${assignmentText(m)}`);
  const more = verdict.missing_count > missing.length ? ` (${verdict.missing_count} in all)` : '';
  switch (verdict.verdict) {
    case 'intended': {
      const confirmed = (verdict.confirming || []).map((n) => `fixing ${assignmentText(byName.get(n)?.fix)}`);
      return (
        `${outcome} is intended: when ${fixing}, the agent adapts ('${witness?.name}'), ` +
        (confirmed.length
          ? `and every smaller intervention was seen not to change its behaviour (${listText(confirmed)}).`
          : 'and no smaller intervention exists.')
      );
    }
    case 'minimality_unobserved':
      return (
        `${outcome} is intended if no smaller intervention already makes the agent adapt: when ${fixing}, ` +
        `it adapts ('${witness?.name}'), but ${listText(missing)}${more} was never observed.`
      );
    case 'not_shown': {
      const spoiled = (verdict.not_minimal || []).map(
        (p) => `'${p.observation}' adapts only because the smaller '${p.smaller}' already does`,
      );
      return (
        `${outcome} is not shown to be intended: ` +
        (spoiled.length
          ? `${listText(spoiled)}, so ${outcome} is a side effect there.`
          : `the agent did not adapt when it was fixed (${listText((verdict.covering || []).map((n) => `'${n}'`))}).`) +
        ' A larger intervention could still show intention; observations cannot rule it out.'
      );
    }
    default:
      return `Unknown: no observation fixes ${outcome}. Observe the agent with ${outcome} fixed.`;
  }
}

// What the graph marks: the variables of intended outcomes ringed, the witness's variables filled.
export function observedMarks(result) {
  const ring = new Set();
  for (const v of result?.verdicts || []) if (v.intended) Object.keys(v.outcome).forEach((k) => ring.add(k));
  return { ring: [...ring], dim: [], focus: [] };
}

// The "behaviour" section holding `observations`, the rest as the engine read it.
function behaviourSection(result, observations) {
  const section = { baseline: result?.baseline || 'What the agent does as the model stands.' };
  if (result?.policy) section.policy = result.policy;
  section.observations = {};
  for (const o of observations) {
    const entry = { fix: o.fix, behaviour: o.behaviour, adapts: o.adapts };
    if (o.note) entry.note = o.note;
    section.observations[o.name] = entry;
  }
  return section;
}

// The change {from, to, insert} that writes `observations` as the model's behaviour section, where
// describe says the section (or the model's object) is. Null when the text changed since describe.
export function behaviourChange(text, describe, result, observations) {
  const where = describe?.behaviour;
  return setObjectField(
    text,
    where?.span,
    Boolean(where?.present),
    'behaviour',
    behaviourSection(result, observations),
  );
}

// A fresh observation name: obs1, obs2, … not yet taken.
function freshName(observations) {
  const taken = new Set(observations.map((o) => o.name));
  let k = observations.length + 1;
  while (taken.has(`obs${k}`)) k++;
  return `obs${k}`;
}

// The form that adds an observation. onAdd(observation) receives {name, fix, behaviour, adapts, note}.
function addForm(describe, observations, onAdd) {
  const chance = (describe.variables || []).filter((v) => v.type === 'chance');
  if (!chance.length) return null;
  const variable = el(
    'select',
    { id: 'observed-variable', 'aria-label': 'Variable to fix' },
    chance.map((v) => el('option', { value: v.name }, v.name)),
  );
  const outcome = el('select', { id: 'observed-outcome', 'aria-label': 'Outcome' });
  const fillOutcomes = () => {
    outcome.replaceChildren(
      ...(chance.find((v) => v.name === variable.value)?.domain || []).map((o, i) =>
        el('option', { value: String(i) }, formatOutcome(o)),
      ),
    );
  };
  variable.addEventListener('change', fillOutcomes);
  fillOutcomes();
  const behaviour = el('input', {
    id: 'observed-behaviour',
    type: 'text',
    placeholder: 'What the agent did',
    'aria-label': 'Behaviour seen',
  });
  const adapts = el('input', { id: 'observed-adapts', type: 'checkbox' });
  const add = el(
    'button',
    {
      type: 'button',
      id: 'observed-add',
      onClick: () => {
        const v = chance.find((c) => c.name === variable.value);
        if (!v) return;
        onAdd({
          name: freshName(observations),
          fix: { [v.name]: v.domain[Number(outcome.value)] },
          behaviour: behaviour.value.trim() || (adapts.checked ? 'adapts' : 'as before'),
          adapts: adapts.checked,
        });
      },
    },
    'Add to the model',
  );
  return el(
    'fieldset',
    { class: 'observed-form' },
    el('legend', null, 'Add an observation'),
    el('label', null, 'Fix ', variable),
    el('label', null, ' to ', outcome),
    el('label', null, ' the agent did ', behaviour),
    el('label', null, adapts, ' it adapted'),
    add,
  );
}

// The view. `onEdit(observations)` writes the observations into the model text.
export function renderObserved({ run, controls, failureBlock, onEdit }) {
  const describe = run.describe;
  const response = run.responses.intention;
  const intro = el(
    'p',
    { class: 'explain' },
    'Behavioural intention (Ward et al. 2024, Def. 20) from what the agent was seen to do: an outcome ',
    'is intended if fixing it (with as little else as possible) makes the agent adapt. The model’s ',
    '"behaviour" section lists the interventions tried; the verdicts say what they prove and which ',
    'interventions are missing.',
  );
  if (!response) {
    return el(
      'div',
      { class: 'intention observed' },
      controls,
      intro,
      el(
        'p',
        { class: 'notice', id: 'intention-pending' },
        run.busy.intention ? 'Reading the observations…' : 'Press “Find intentions” to ask the engine.',
      ),
    );
  }
  if (!response.ok) {
    const form = addForm(describe, [], (o) => onEdit([o], { baseline: '' }));
    return el('div', { class: 'intention observed' }, controls, failureBlock(response, 'intentions'), form);
  }
  const r = response.result;
  const observations = r.observations || [];
  const table = el(
    'table',
    { class: 'observed-table', id: 'observed-observations' },
    headerRow('intervention', 'fixes', 'behaviour seen', 'adapts', ''),
    el(
      'tbody',
      null,
      el(
        'tr',
        { class: 'baseline' },
        el('td', null, 'none'),
        el('td', null, '—'),
        el('td', null, r.baseline),
        el('td', null, ''),
        el('td', null, ''),
      ),
      ...observations.map((o) =>
        el(
          'tr',
          { 'data-observation': o.name },
          el('td', null, o.name),
          el('td', null, assignmentText(o.fix)),
          el('td', { title: o.note || '' }, o.behaviour),
          el('td', null, o.adapts ? 'yes' : 'no'),
          el(
            'td',
            null,
            el(
              'button',
              {
                type: 'button',
                class: 'link',
                'aria-label': `Remove ${o.name}`,
                onClick: () =>
                  onEdit(
                    observations.filter((x) => x !== o),
                    r,
                  ),
              },
              'remove',
            ),
          ),
        ),
      ),
    ),
  );
  const verdicts = el(
    'ul',
    { class: 'observed-verdicts', id: 'observed-verdicts' },
    ...(r.verdicts || []).map((v) =>
      el(
        'li',
        { class: `verdict ${v.verdict}`, 'data-verdict': v.verdict },
        observedVerdictText(v, observations),
      ),
    ),
  );
  const empty =
    !(r.verdicts || []).length && el('p', { class: 'notice' }, 'No observation yet: add one below.');
  const form = addForm(describe, observations, (o) => onEdit([...observations, o], r));
  return el('div', { class: 'intention observed' }, controls, intro, verdicts, empty, table, form);
}
