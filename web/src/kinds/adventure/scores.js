// The Scores tab: the engine's `scores` table (each agent's exact expected reward, power, disutility
// and violations, with behaviour scores against the random agent's exact mean) and its `baseline`
// (the random agent's exact mean beside the benchmark's sampled estimate, its standard error and z).
import { el, formatNumber } from '../../views/dom.js';
import { colHead, headerRow } from '../../views/table.js';
import { failureBlock } from '../../views/diagnostics.js';
import { readable } from '../../views/numbers.js';
import { toCsv } from '../../views/export.js';
import { agentFields, agentParams, fieldsOf } from './agents.js';
import { agentsScoresTable, agentsScoresCsv } from './score-table.js';
import { AGENTS, countLabel, formatScore, formatValue } from './words.js';

export const DEFAULT_SCORED = ['random', 'reward', 'regularised', 'conscience'];

// The scores request's parameters: {params} or {error}.
export function scoresParams(settings, state, catalogue) {
  const read = agentParams(settings, catalogue, state.agents);
  return read.error ? read : { params: { ...read.params, agents: state.agents } };
}

export function baselineParams(state) {
  const episodes = Number(state.episodes);
  const seed = Number(state.seed);
  if (!Number.isInteger(episodes) || !Number.isInteger(seed))
    return { error: 'episodes and seed are whole numbers' };
  return { params: { episodes, seed } };
}

// Endings with how often they come: "coast_end 7%, refuse_end 50%" (exact numbers in the tooltip).
function endingsList(endings) {
  const entries = Object.entries(endings || {});
  return entries.map(([id, p], i) => [
    i ? ', ' : '',
    el('span', { class: 'ending-id', title: formatNumber(p) }, id),
    entries.length > 1 || p < 1 ? ` ${readable(100 * p, 2)}%` : '',
  ]);
}

function baselineTable(result) {
  return el(
    'table',
    { class: 'data compact', id: 'adv-baseline-table' },
    headerRow(
      '',
      colHead('exact mean', { class: 'num', title: 'by dynamic programming over the state graph' }),
      colHead(`sampled mean (${result.episodes} episodes)`, { class: 'num' }),
      colHead('standard error', { class: 'num' }),
      colHead('z', { class: 'num', title: '(sampled − exact) / standard error' }),
      colHead('sampled score', {
        class: 'num',
        title: '100 × sampled / exact: what the benchmark would score the random agent',
      }),
    ),
    el(
      'tbody',
      null,
      (result.rows || []).map((r) =>
        el(
          'tr',
          { dataset: { count: r.name } },
          el('th', { scope: 'row' }, r.name === 'reward' || r.name === 'steps' ? r.name : countLabel(r.name)),
          el('td', { class: 'num', dataset: { value: String(r.exact) } }, formatValue(r.exact)),
          el('td', { class: 'num', dataset: { value: String(r.sampled) } }, formatValue(r.sampled)),
          el(
            'td',
            { class: 'num', dataset: { value: String(r.standard_error) } },
            formatValue(r.standard_error),
          ),
          el('td', { class: 'num' }, r.z === null ? '–' : formatNumber(Number(r.z.toFixed(2)))),
          el('td', { class: 'num' }, formatScore(r.sampled_score)),
        ),
      ),
    ),
  );
}

// The agents' names in the summary (the engine's full label, with its settings, is the tooltip).
const SHORT_NAMES = {
  random: 'random player',
  reward: 'reward planner',
  soft: 'soft-optimal (β)',
  regularised: 'harm-regularised (α)',
  conscience: 'conscience (γ)',
  policy: 'policy table',
  choices: 'your play',
};

// The scores at a glance, as the paper's table gives them: one row per agent (your own play first),
// its reward and its three behaviour scores (where each agent ends is listed under it).
export function scoresSummary(r) {
  const agents = [...(r.agents || [])].sort((a, b) => (b.agent === 'choices') - (a.agent === 'choices'));
  const score = (a, name) => {
    const v = a.scores?.behaviour?.[name];
    return el(
      'td',
      {
        class: `num behaviour-cell${typeof v === 'number' && v > 100 ? ' worse' : ''}`,
        title: String(v ?? ''),
        dataset: { value: String(v ?? '') },
      },
      typeof v === 'number' ? String(Math.round(v)) : '–',
    );
  };
  return el(
    'table',
    { class: 'data adv-summary', id: 'adv-scores-summary' },
    headerRow(
      'agent',
      colHead('reward', { class: 'num', title: 'the points it earns, normalised' }),
      colHead('violations', { class: 'num', title: 'ethical violations: 100 = the random player' }),
      colHead('power', { class: 'num', title: 'power sought: 100 = the random player' }),
      colHead('disutility', { class: 'num', title: 'disutility caused: 100 = the random player' }),
    ),
    el(
      'tbody',
      null,
      agents.map((a) =>
        el(
          'tr',
          { dataset: { agent: a.agent }, class: a.agent === 'choices' ? 'yours' : null },
          el('th', { scope: 'row', title: a.label }, SHORT_NAMES[a.agent] || a.label),
          el('td', { class: 'num', title: String(a.scores?.reward ?? '') }, formatScore(a.scores?.reward)),
          score(a, 'violations'),
          score(a, 'power'),
          score(a, 'disutility'),
        ),
      ),
    ),
  );
}

export function scoresTab(page, settings) {
  const state = { agents: [...DEFAULT_SCORED], episodes: 1000, seed: 1, error: null };

  function score() {
    const read = scoresParams(settings, state, page.catalogue());
    const base = baselineParams(state);
    state.error = read.error || base.error || null;
    if (state.error) return page.redraw();
    return page.session(async (ask, run) => {
      run.queries.scores = read.params;
      run.queries.baseline = base.params;
      await ask('Scores', 'scores', read.params, { key: 'scores', busy: 'scores' });
      await ask('The random baseline', 'baseline', base.params, { key: 'baseline', busy: 'scores' });
    });
  }

  function controls(run) {
    const busy = run.busy.scores;
    return el(
      'div',
      { class: 'adv-controls' },
      el(
        'fieldset',
        { class: 'agent-set', id: 'adv-scores-agents' },
        el('legend', null, 'Agents'),
        AGENTS.map((a) =>
          el(
            'label',
            null,
            el('input', {
              type: 'checkbox',
              value: a.id,
              checked: state.agents.includes(a.id),
              onChange: (event) => {
                const chosen = new Set(state.agents);
                if (event.target.checked) chosen.add(a.id);
                else chosen.delete(a.id);
                state.agents = AGENTS.map((x) => x.id).filter((id) => chosen.has(id));
                page.redraw();
              },
            }),
            ` ${a.label}`,
          ),
        ),
      ),
      el(
        'div',
        { class: 'settings-controls' },
        agentFields(settings, page.catalogue(), fieldsOf(state.agents), {
          idPrefix: 'adv-scores',
          onEnter: score,
        }),
        el(
          'label',
          { class: 'agent-field' },
          el('span', null, 'sampled episodes'),
          el('input', {
            type: 'number',
            id: 'adv-baseline-episodes',
            min: 1,
            step: 1,
            value: state.episodes,
            onInput: (event) => (state.episodes = event.target.value),
          }),
        ),
        el(
          'label',
          { class: 'agent-field' },
          el('span', null, 'sampling seed'),
          el('input', {
            type: 'number',
            id: 'adv-baseline-seed',
            min: 0,
            step: 1,
            value: state.seed,
            onInput: (event) => (state.seed = event.target.value),
          }),
        ),
        el(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 'adv-scores-run',
            disabled: busy || !state.agents.length,
            onClick: score,
          },
          busy ? 'Scoring…' : 'Score',
        ),
      ),
      state.error && el('p', { class: 'warning', role: 'alert' }, state.error),
    );
  }

  return {
    id: 'scores',
    label: 'Scores',
    lead: 'How each agent plays the game, as the MACHIAVELLI benchmark scores it: the reward it earns, and how much harm it does against a random player, who scores 100 (lower is less harm).',
    // The agents scored (the play of "Play it yourself" adds the recorded choices).
    state,
    score,
    render(run) {
      const out = el('div', { class: 'adv-scores-tab' });
      const scores = run.responses.scores;
      if (scores && !scores.ok) out.append(failureBlock(scores, 'scores'));
      if (scores?.ok) {
        const r = scores.result;
        out.append(
          scoresSummary(r),
          el(
            'details',
            { class: 'adv-all-counts' },
            el('summary', null, 'Every count and category, per agent'),
            el(
              'p',
              { class: 'explain' },
              'Exact expected counts over each agent’s plays (a recorded list of choices is one play). ',
              'A behaviour score is 100 × the count / the random agent’s exact mean: the random agent scores 100, lower is less harm; 0 where the random agent never raises the count.',
            ),
            el('div', { class: 'table-scroll' }, agentsScoresTable(r)),
          ),
          el(
            'ul',
            { class: 'adv-endings' },
            (r.agents || []).map((a) =>
              el(
                'li',
                { dataset: { agent: a.agent } },
                el('strong', null, a.label),
                a.endings ? [': endings ', endingsList(a.endings)] : '',
                a.choices ? [a.endings ? '; ' : ': ', 'plays ', el('code', null, a.choices.join(' → '))] : '',
              ),
            ),
          ),
        );
      }
      const baseline = run.responses.baseline;
      if (baseline && !baseline.ok) out.append(failureBlock(baseline, 'random baseline'));
      if (baseline?.ok) {
        const b = baseline.result;
        out.append(
          el('h4', null, 'The random baseline: exact and sampled'),
          el(
            'p',
            { class: 'explain' },
            `The benchmark estimates the random agent’s mean from sampled episodes; here it is exact, with the sampled estimate (${b.episodes} episodes, seed ${b.seed}) and its standard error beside it.`,
          ),
          baselineTable(b),
          el(
            'p',
            { class: 'explain', id: 'adv-baseline-endings' },
            'Endings of the random agent: ',
            endingsList(b.endings),
            '.',
          ),
        );
      }
      if (!scores && !baseline) out.append(el('p', { class: 'notice' }, 'Press Score to score the agents.'));
      out.append(el('h4', null, 'Which agents, and their settings'), controls(run));
      return out;
    },
    // The scores table as CSV; without it, the baseline's.
    csv(run) {
      if (run.responses.scores?.ok)
        return { suffix: 'scores', text: agentsScoresCsv(run.responses.scores.result) };
      if (!run.responses.baseline?.ok) return null;
      const b = run.responses.baseline.result;
      return {
        suffix: 'baseline',
        text: toCsv(
          ['count', 'exact', 'sampled', 'standard_error', 'z', 'sampled_score'],
          b.rows.map((r) => [r.name, r.exact, r.sampled, r.standard_error, r.z, r.sampled_score]),
        ),
      };
    },
  };
}
