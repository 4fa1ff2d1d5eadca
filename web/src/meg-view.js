// Goal-directedness: maximum entropy goal-directedness (MEG, MacDermott et al. 2024; docs/analyses.md)
// as the engine's "meg", "meg_likelihood" and "meg_sweep" analyses report it.
//   - createAgentControls: the agent of a gridworld or MDP (optimal, ε-greedy, soft-optimal β,
//     uniform, a named policy, Q-learning) and the sliders for γ and slip, which edit the model text.
//   - renderGoal: the Goal-directedness tab: known and unknown MEG against their bound, β*, the
//     reasons in words, and the plots (MEG against ε and against the variant, the likelihood L(β)).
//   - renderPolicyValues: per state, the values, occupancy, both policies and MEG contributions.
// For SCIMs and CIDs the tab picks a named policy and, for unknown utility, the target variables.
// The views word and plot the engine's JSON; they compute no analysis.
import { el, clear, formatNumber } from './dom.js';
import { linePlot, themePlotPalette, plotSvgText, toNumber } from './plots.js';
import { downloadSvgText, downloadSvgAsPng, downloadText, megSweepCsv, megLikelihoodCsv } from './export.js';

export const MDP_KINDS = ['gridworld', 'mdp'];
export const isMdpKind = (describe) => MDP_KINDS.includes(describe?.kind);

// The ε values of the ε sweep: 0, 0.05, …, 1.
export const EPSILON_SWEEP = Array.from({ length: 21 }, (_, i) => Number((i / 20).toFixed(2)));
const STATE_ROWS_SHOWN = 200;

// ---- The agent ----

const AGENT_KINDS = [
  { id: 'optimal', label: 'Optimal' },
  { id: 'epsilon_greedy', label: 'ε-greedy' },
  { id: 'soft', label: 'Soft-optimal (β)' },
  { id: 'uniform', label: 'Uniform random' },
  { id: 'q_learning', label: 'Q-learning' },
];

// β on its slider: position s ∈ [−100, 100] ↦ sinh(s / 20), from about −74 to 74, fine near 0.
const betaOfSlider = (s) => Number(Math.sinh(s / 20).toPrecision(3));
const sliderOfBeta = (b) => Math.max(-100, Math.min(100, Math.round(20 * Math.asinh(b))));

// The engine's agent parameter for a choice of the controls.
export function agentParam(choice) {
  switch (choice.kind) {
    case 'epsilon_greedy':
      return { kind: 'epsilon_greedy', epsilon: choice.epsilon };
    case 'soft':
      return { kind: 'soft', beta: choice.beta };
    case 'uniform':
      return { kind: 'uniform' };
    case 'policy':
      return { kind: 'policy', name: choice.name };
    case 'q_learning':
      return {
        kind: 'q_learning',
        episodes: choice.episodes,
        seed: choice.qSeed,
        epsilon: choice.epsilon,
        ...(choice.observation && choice.observation !== 'state' ? { observation: choice.observation } : {}),
        ...(choice.trainVariants?.length ? { train_variants: choice.trainVariants } : {}),
      };
    default:
      return { kind: 'optimal' };
  }
}

// The agent in words: "ε-greedy (ε = 0.1)".
export function agentLabel(choice) {
  switch (choice.kind) {
    case 'epsilon_greedy':
      return `ε-greedy (ε = ${formatNumber(choice.epsilon)})`;
    case 'soft':
      return `soft-optimal (β = ${formatNumber(choice.beta)})`;
    case 'uniform':
      return 'uniform random';
    case 'policy':
      return `policy '${choice.name}'`;
    case 'q_learning':
      return (
        `Q-learning (${choice.episodes} episodes, seed ${choice.qSeed}` +
        `${choice.trainVariants?.length > 1 ? `, trained on ${choice.trainVariants.length} variants` : ''}` +
        `${choice.trainVariants?.length === 1 ? `, trained on ${choice.trainVariants[0]}` : ''}` +
        `${choice.observation === 'goal_direction' ? ', sees the goal direction' : ''})`
      );
    default:
      return 'optimal';
  }
}

// The controls of the agent and of the world's numbers. onAgent() is called (debounced by the
// caller) when the agent or variant changes; onNumber(key, value) when γ or slip is moved (the page
// writes it into the model text). update(describe, {discount, slip}) fills them from the model.
export function createAgentControls(container, { onAgent, onNumber }) {
  const choice = {
    kind: 'optimal',
    epsilon: 0.1,
    beta: 1,
    name: null,
    episodes: 2000,
    qSeed: 1,
    variant: 'base',
    trainOn: 'shown',
    observation: 'state',
  };
  let describe = null;
  const pendingNumbers = new Map(); // key → timer of a slider being moved

  const agentSelect = el('select', {
    id: 'agent-kind',
    'aria-label': 'Agent',
    onChange: (event) => {
      const value = event.target.value;
      if (value.startsWith('policy:')) {
        choice.kind = 'policy';
        choice.name = value.slice('policy:'.length);
      } else choice.kind = value;
      showFields();
      onAgent();
    },
  });

  const slider = (id, label, props) => {
    const input = el('input', { type: 'range', id, 'aria-label': label, ...props });
    const output = el('output', { for: id, id: `${id}-value`, class: 'slider-value' });
    return {
      input,
      output,
      box: el('label', { class: 'slider', dataset: { for: id } }, label, ' ', input, output),
    };
  };

  const epsilon = slider('agent-epsilon', 'ε', { min: 0, max: 1, step: 0.01, value: choice.epsilon });
  epsilon.input.addEventListener('input', () => {
    choice.epsilon = Number(epsilon.input.value);
    if (choice.kind !== 'epsilon_greedy' && choice.kind !== 'q_learning') {
      choice.kind = 'epsilon_greedy';
      agentSelect.value = 'epsilon_greedy';
    }
    showFields();
    onAgent();
  });

  const beta = slider('agent-beta', 'β', { min: -100, max: 100, step: 1, value: sliderOfBeta(choice.beta) });
  beta.input.addEventListener('input', () => {
    choice.beta = betaOfSlider(Number(beta.input.value));
    if (choice.kind !== 'soft') {
      choice.kind = 'soft';
      agentSelect.value = 'soft';
    }
    showFields();
    onAgent();
  });

  const numberField = (id, label, key, props) => {
    const input = el('input', { type: 'number', id, 'aria-label': label, ...props });
    input.addEventListener('change', () => {
      const v = Math.max(0, Math.floor(Number(input.value) || 0));
      choice[key] = v;
      onAgent();
    });
    return { input, box: el('label', { class: 'field' }, label, ' ', input) };
  };
  const episodes = numberField('agent-episodes', 'episodes', 'episodes', {
    min: 1,
    step: 100,
    value: choice.episodes,
  });
  const qSeed = numberField('agent-qseed', 'seed', 'qSeed', { min: 0, step: 1, value: choice.qSeed });

  const variantSelect = el('select', {
    id: 'agent-variant',
    'aria-label': 'Variant of the world',
    onChange: (event) => {
      choice.variant = event.target.value;
      onAgent({ variantChanged: true });
    },
  });
  // Q-learning trains on the variant shown (the engine's default) or on every variant.
  const trainSelect = el(
    'select',
    {
      id: 'agent-train',
      'aria-label': 'Q-learning trains on',
      onChange: (event) => {
        choice.trainOn = event.target.value;
        onAgent();
      },
    },
    el('option', { value: 'shown' }, 'the variant shown'),
    el('option', { value: 'base' }, 'the base world'),
    el('option', { value: 'all' }, 'every variant'),
  );
  const trainBox = el('label', { class: 'field' }, 'trained on ', trainSelect);
  // What a Q-learning agent observes: its cell, or (gridworlds) the direction of the nearest goal.
  const observeSelect = el(
    'select',
    {
      id: 'agent-observation',
      'aria-label': 'Q-learning observes',
      onChange: (event) => {
        choice.observation = event.target.value;
        onAgent();
      },
    },
    el('option', { value: 'state' }, 'its cell'),
    el('option', { value: 'goal_direction' }, 'the direction of the goal'),
  );
  const observeBox = el('label', { class: 'field' }, 'observes ', observeSelect);
  const variantBox = el('label', { class: 'field' }, 'Variant ', variantSelect);

  // γ and slip live in the model text: moving them edits it (debounced), and the text sets them.
  const textSlider = (id, label, key, props) => {
    const s = slider(id, label, props);
    s.input.addEventListener('input', () => {
      s.output.textContent = formatNumber(Number(s.input.value));
      clearTimeout(pendingNumbers.get(key));
      pendingNumbers.set(
        key,
        setTimeout(() => {
          pendingNumbers.delete(key);
          onNumber(key, Number(s.input.value));
        }, 250),
      );
    });
    return s;
  };
  const gamma = textSlider('world-discount', 'γ', 'discount', { min: 0, max: 0.99, step: 0.01, value: 0.9 });
  const slip = textSlider('world-slip', 'slip', 'slip', { min: 0, max: 1, step: 0.01, value: 0 });
  const horizonNote = el('span', { class: 'field horizon-note' });

  const root = el(
    'div',
    { class: 'agent-bar', role: 'group', 'aria-label': 'Agent and world' },
    el('label', { class: 'field' }, 'Agent ', agentSelect),
    epsilon.box,
    beta.box,
    episodes.box,
    qSeed.box,
    trainBox,
    observeBox,
    variantBox,
    el('span', { class: 'agent-bar-sep', 'aria-hidden': 'true' }),
    gamma.box,
    horizonNote,
    slip.box,
  );
  container.append(root);

  function fillAgents() {
    clear(agentSelect);
    for (const k of AGENT_KINDS) {
      agentSelect.append(el('option', { value: k.id, selected: choice.kind === k.id }, k.label));
    }
    const names = describe?.policies || [];
    if (names.length) {
      agentSelect.append(
        el(
          'optgroup',
          { label: 'Named policies' },
          names.map((n) => {
            const name = typeof n === 'string' ? n : n.name;
            return el(
              'option',
              { value: `policy:${name}`, selected: choice.kind === 'policy' && choice.name === name },
              name,
            );
          }),
        ),
      );
    }
    if (
      choice.kind === 'policy' &&
      !names.map((n) => (typeof n === 'string' ? n : n.name)).includes(choice.name)
    ) {
      choice.kind = 'optimal';
      agentSelect.value = 'optimal';
    }
  }

  function fillVariants() {
    clear(variantSelect);
    const names = variantNames(describe);
    for (const v of names)
      variantSelect.append(el('option', { value: v, selected: v === choice.variant }, v));
    if (!names.includes(choice.variant)) choice.variant = 'base';
    variantBox.hidden = names.length < 2;
  }

  function showFields() {
    const k = choice.kind;
    epsilon.box.hidden = !(k === 'epsilon_greedy' || k === 'q_learning' || k === 'optimal');
    epsilon.box.classList.toggle('inactive', k === 'optimal');
    beta.box.hidden = !(k === 'soft' || k === 'optimal');
    beta.box.classList.toggle('inactive', k === 'optimal');
    episodes.box.hidden = k !== 'q_learning';
    qSeed.box.hidden = k !== 'q_learning';
    trainBox.hidden = k !== 'q_learning' || variantNames(describe).length < 2;
    observeBox.hidden = k !== 'q_learning' || describe?.kind !== 'gridworld';
    epsilon.input.value = String(choice.epsilon);
    epsilon.output.textContent = formatNumber(choice.epsilon);
    beta.input.value = String(sliderOfBeta(choice.beta));
    beta.output.textContent = formatNumber(choice.beta);
  }

  fillAgents();
  showFields();

  return {
    element: root,
    // The agent and variant chosen: {agent (the engine's parameter), label, variant, choice}.
    query() {
      const names = variantNames(describe);
      const variant = names.includes(choice.variant) ? choice.variant : 'base';
      const trainVariants =
        choice.trainOn === 'all' ? names : choice.trainOn === 'base' ? ['base'] : [variant];
      const agent = agentParam({ ...choice, trainVariants });
      const label = agentLabel({ ...choice, trainVariants: names.length > 1 ? trainVariants : [] });
      return { agent, label, variant, choice: { ...choice } };
    },
    // Back to the base world (the chosen variant no longer exists).
    resetVariant() {
      choice.variant = 'base';
      variantSelect.value = 'base';
    },
    // Fills the controls from a describe result and the numbers written in the model text.
    update(newDescribe, numbers = {}) {
      describe = newDescribe;
      fillAgents();
      fillVariants();
      const hasHorizon = newDescribe?.horizon !== undefined && newDescribe?.horizon !== null;
      gamma.box.hidden = hasHorizon;
      horizonNote.hidden = !hasHorizon;
      horizonNote.textContent = hasHorizon ? `horizon ${newDescribe.horizon}` : '';
      if (!pendingNumbers.has('discount')) {
        const g = typeof newDescribe?.discount === 'number' ? newDescribe.discount : numbers.discount;
        if (typeof g === 'number') {
          gamma.input.value = String(g);
          gamma.output.textContent = formatNumber(g);
        }
      }
      slip.box.hidden = newDescribe?.kind !== 'gridworld';
      if (!pendingNumbers.has('slip')) {
        const s = typeof numbers.slip === 'number' ? numbers.slip : 0;
        slip.input.value = String(s);
        slip.output.textContent = formatNumber(s);
      }
      showFields();
    },
  };
}

// The variants a model offers, "base" (its top-level world) first.
export function variantNames(describe) {
  const names = (describe?.variants || []).map((v) => (typeof v === 'string' ? v : v.name));
  return names.includes('base') ? names : ['base', ...names];
}

// ---- Words ----

// A MEG value (nats): four decimals, as the reference tables give them.
export function formatMeg(value) {
  const v = toNumber(value);
  if (!Number.isFinite(v)) return formatValue(value);
  const text = (Math.abs(v) < 5e-5 ? 0 : v).toFixed(4);
  return text.replace(/^-/, '−');
}

// A number for prose: 4 significant digits, "+∞" / "−∞" for the engine's "inf" / "-inf", a proper
// minus sign.
export function formatValue(value, digits = 4) {
  if (value === 'inf' || value === Infinity) return '+∞';
  if (value === '-inf' || value === -Infinity) return '−∞';
  if (typeof value !== 'number') return String(value ?? '–');
  const text = formatNumber(Number(value.toPrecision(digits)));
  return text.replace(/^-/, '−');
}

// How the run is summed, in words: the discount or the horizon.
function runWords(describe) {
  if (!describe) return 'over the decisions';
  if (describe.horizon !== undefined && describe.horizon !== null)
    return `over the ${describe.horizon} steps`;
  if (typeof describe.discount === 'number')
    return `over the discounted run (γ = ${formatValue(describe.discount)})`;
  return 'over its decisions';
}

// Why known-utility MEG has its value, in words, from the engine's witnesses.
export function knownReason(r, describe, subject = "The agent's") {
  const eu = formatValue(r.expected_utility);
  const meg = formatMeg(r.meg);
  const over = runWords(describe);
  if (r.beta === 'inf') {
    return (
      `${subject} expected utility ${eu} is the best attainable: the maximum-entropy policy that matches ` +
      `it is uniform over the optimal actions (β = +∞), and it predicts the agent's actions ${meg} nats ` +
      `better than uniform ${over}.`
    );
  }
  if (r.beta === '-inf') {
    return (
      `${subject} expected utility ${eu} is the worst attainable: the maximum-entropy policy that matches ` +
      `it is uniform over the worst actions (β = −∞), and it predicts the agent's actions ${meg} nats ` +
      `better than uniform ${over}.`
    );
  }
  if (r.beta === 0 || Math.abs(Number(r.meg)) < 1e-9) {
    return (
      `${subject} expected utility ${eu} is what acting uniformly at random attains (β = ${formatValue(r.beta)}): ` +
      'no maximum-entropy policy for this utility predicts its actions better than uniform, so MEG is 0.'
    );
  }
  return (
    `${subject} expected utility ${eu} is matched by the soft-optimal policy with β = ${formatValue(r.beta)}; ` +
    `that policy predicts the agent's actions ${meg} nats better than uniform ${over}.`
  );
}

function unknownReason(r, describe, targets) {
  const over = targets?.length
    ? `every utility function of ${targets.join(', ')}`
    : describe?.kind
      ? r.class === 'mlp' || r.utility_class === 'mlp'
        ? 'every utility the small neural network over state features can express'
        : 'every utility of the states (one number per state)'
      : 'the utility class';
  const inferred = describe?.grid ? ' The best one is the heatmap "Inferred utility" on the grid.' : '';
  const gradient = (g) =>
    typeof g === 'number' && g !== 0 && Math.abs(g) < 1e-3 ? g.toExponential(1) : formatValue(g, 2);
  const status = r.converged
    ? `The optimiser converged${r.iterations !== undefined ? ` in ${r.iterations} iterations` : ''}` +
      (r.gradient_norm !== undefined ? ` (gradient norm ${gradient(r.gradient_norm)})` : '') +
      '.'
    : `The optimiser did not converge${r.iterations !== undefined ? ` after ${r.iterations} iterations` : ''}` +
      (r.gradient_norm !== undefined ? ` (gradient norm ${gradient(r.gradient_norm)})` : '') +
      ': the value is a lower bound.';
  return (
    `Over ${over}, the one that makes the agent look most goal-directed gives MEG ${formatMeg(r.meg)}` +
    ` (β = ${formatValue(r.beta)}).${inferred} ${status}`
  );
}

// One MEG figure: the value, a bar of MEG / bound, β*, convergence.
function megCard(id, title, response, failureBlock, reason) {
  if (!response)
    return el(
      'div',
      { class: 'meg-card pending', id },
      el('h3', null, title),
      el('p', { class: 'notice' }, 'computing…'),
    );
  if (!response.ok) {
    return el(
      'div',
      { class: 'meg-card', id },
      el('h3', null, title),
      failureBlock(response, `${title.toLowerCase()} MEG`),
    );
  }
  const r = response.result;
  const meg = toNumber(r.meg);
  const bound = toNumber(r.bound);
  const fraction = bound > 0 && Number.isFinite(meg) ? Math.max(0, Math.min(1, meg / bound)) : 0;
  const bar = el('div', {
    class: 'meg-bar',
    role: 'meter',
    'aria-valuemin': 0,
    'aria-valuemax': Number.isFinite(bound) ? bound : 1,
    'aria-valuenow': Number.isFinite(meg) ? meg : 0,
    'aria-label': `${title}: ${formatMeg(r.meg)} of at most ${formatMeg(r.bound)}`,
  });
  const fill = el('div', { class: 'meg-bar-fill' });
  fill.style.width = `${(fraction * 100).toFixed(2)}%`;
  bar.append(fill);
  return el(
    'div',
    { class: 'meg-card', id },
    el('h3', null, title),
    el(
      'div',
      { class: 'meg-figure' },
      el('span', { class: 'meg-value', dataset: { value: String(r.meg) } }, formatMeg(r.meg)),
      el('span', { class: 'meg-unit' }, ' nats'),
      el(
        'span',
        { class: 'meg-of' },
        ` of at most ${formatMeg(r.bound)}`,
        Number.isFinite(meg) && bound > 0 ? ` (${Math.round(fraction * 100)}%)` : '',
      ),
    ),
    bar,
    el(
      'dl',
      { class: 'meg-facts' },
      el('dt', null, 'β*'),
      el('dd', { class: 'meg-beta' }, formatValue(r.beta)),
      r.expected_utility !== undefined &&
        el(
          'dt',
          null,
          r.utility === 'unknown' ? "agent's expected inferred utility" : "agent's expected utility",
        ),
      r.expected_utility !== undefined && el('dd', null, formatValue(r.expected_utility)),
      r.maxent_expected_utility !== undefined &&
        el(
          'dt',
          null,
          r.utility === 'unknown' ? 'max-ent expected inferred utility' : 'max-ent expected utility',
        ),
      r.maxent_expected_utility !== undefined && el('dd', null, formatValue(r.maxent_expected_utility)),
      r.converged !== undefined && el('dt', null, 'converged'),
      r.converged !== undefined &&
        el('dd', { class: r.converged ? 'converged' : 'not-converged' }, r.converged ? 'yes' : 'no'),
    ),
    el('p', { class: 'meg-reason' }, reason(r)),
  );
}

// A plot in a figure, with its export buttons (SVG, PNG, CSV).
function plotFigure(spec, basename, csv) {
  const svg = linePlot(spec, themePlotPalette());
  const exportName = `${basename}-${spec.id.replace(/^plot-/, '')}`;
  return el(
    'figure',
    { class: 'plot-figure', dataset: { plot: spec.id } },
    svg,
    el(
      'figcaption',
      null,
      el('span', { class: 'plot-caption' }, spec.caption || ''),
      el(
        'span',
        { class: 'plot-actions' },
        el(
          'button',
          {
            type: 'button',
            class: 'small',
            onClick: () => downloadSvgText(`${exportName}.svg`, plotSvgText(spec)),
          },
          'SVG',
        ),
        el(
          'button',
          {
            type: 'button',
            class: 'small',
            onClick: () =>
              downloadSvgAsPng(`${exportName}.png`, plotSvgText(spec), spec.width || 400, spec.height || 230),
          },
          'PNG',
        ),
        csv &&
          el(
            'button',
            {
              type: 'button',
              class: 'small',
              onClick: () => downloadText(`${exportName}.csv`, csv(), 'text/csv'),
            },
            'CSV',
          ),
      ),
    ),
  );
}

// The likelihood curve L(β) with β* marked.
function likelihoodPlot(response, basename) {
  if (!response?.ok) return null;
  const r = response.result;
  const points = (r.points || []).map((p) => ({ x: toNumber(p.beta), y: toNumber(p.likelihood) }));
  const finiteX = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const betaStar = toNumber(r.beta_star);
  const spread = Math.max(...finiteX.map((p) => Math.abs(p.x)), 1);
  const spec = {
    id: 'plot-likelihood',
    title: 'Likelihood L(β)',
    xLabel: 'rationality β',
    yLabel: 'L(β)  [nats]',
    xScale: spread > 20 ? 'asinh' : 'linear',
    series: [{ name: 'L(β)', points: finiteX }],
    marks: [
      {
        x: betaStar,
        y: toNumber(r.likelihood_star),
        label: `β* = ${formatValue(r.beta_star, 3)}, MEG = ${formatMeg(r.likelihood_star)}`,
        labelAt: 'bottom',
      },
    ],
    caption: 'L(β) = E_π[Σ log π_β + log|A|] is concave in β; its maximum, at β*, is known-utility MEG.',
  };
  return plotFigure(spec, basename, () => megLikelihoodCsv(response));
}

function epsilonPlot(response, query, basename) {
  if (!response?.ok) return null;
  const points = response.result.points || [];
  const series = [
    { name: 'known utility', points: points.map((p) => ({ x: toNumber(p.value), y: toNumber(p.known) })) },
  ];
  if (points.some((p) => p.unknown !== undefined)) {
    series.push({
      name: 'unknown utility',
      dashed: true,
      points: points.map((p) => ({ x: toNumber(p.value), y: toNumber(p.unknown) })),
    });
  }
  const marks = [];
  const eps = query?.agent?.kind === 'epsilon_greedy' ? query.agent.epsilon : null;
  if (typeof eps === 'number') {
    const at = points.find((p) => Math.abs(toNumber(p.value) - eps) < 1e-9);
    marks.push({ x: eps, y: at ? toNumber(at.known) : NaN, label: `agent: ε = ${formatValue(eps)}` });
  }
  return plotFigure(
    {
      id: 'plot-meg-epsilon',
      title: 'MEG of the ε-greedy agent',
      xLabel: 'ε (probability of a random action)',
      yLabel: 'MEG  [nats]',
      yMin: 0,
      series,
      marks,
      caption: 'MEG falls as the agent acts more at random; unknown-utility MEG is never below known.',
    },
    basename,
    () => megSweepCsv(response),
  );
}

function variantPlot(response, query, basename) {
  if (!response?.ok) return null;
  const points = response.result.points || [];
  if (points.length < 2) return null;
  const names = points.map((p) => String(p.value));
  const series = [{ name: 'known utility', points: points.map((p, i) => ({ x: i, y: toNumber(p.known) })) }];
  if (points.some((p) => p.unknown !== undefined)) {
    series.push({
      name: 'unknown utility',
      dashed: true,
      points: points.map((p, i) => ({ x: i, y: toNumber(p.unknown) })),
    });
  }
  return plotFigure(
    {
      id: 'plot-meg-variant',
      title: `MEG of the agent (${query?.label || 'chosen agent'}) in each variant`,
      xLabel: 'variant',
      yLabel: 'MEG  [nats]',
      yMin: 0,
      categories: names,
      series,
      caption: 'The same agent in each variant of the world (say, a longer goal region: an easier task).',
    },
    basename,
    () => megSweepCsv(response),
  );
}

// ---- The Goal-directedness tab ----

// renderGoal({run, view, failureBlock, basename, onScim(query)}) → the tab's content.
export function renderGoal(args) {
  return isMdpKind(args.run.describe) ? renderMdpGoal(args) : renderScimGoal(args);
}

function renderMdpGoal({ run, failureBlock, basename }) {
  const d = run.describe;
  const q = run.goalQuery;
  const responses = run.responses;
  const head = el(
    'p',
    { class: 'explain goal-lead' },
    'How well does a maximum-entropy policy for the utility predict ',
    el('strong', { id: 'goal-agent' }, q?.label ? `the ${q.label} agent` : 'the agent'),
    q?.variant && q.variant !== 'base' ? ` in variant '${q.variant}'` : '',
    ' better than uniform? 0 means not goal-directed; the bound is reached by a deterministic agent that',
    ' is uniquely optimal wherever it goes.',
  );
  const cards = el(
    'div',
    { class: 'meg-cards' },
    megCard('meg-known', 'Known utility', responses.meg_known, failureBlock, (r) => knownReason(r, d)),
    megCard('meg-unknown', 'Unknown utility', responses.meg_unknown, failureBlock, (r) =>
      unknownReason(r, d),
    ),
  );
  const plots = el(
    'div',
    { class: 'plots' },
    epsilonPlot(responses.meg_sweep_epsilon, q, basename),
    variantPlot(responses.meg_sweep_variant, q, basename),
    likelihoodPlot(responses.meg_likelihood, basename),
  );
  const failures = ['meg_sweep_epsilon', 'meg_sweep_variant', 'meg_likelihood']
    .filter((k) => responses[k] && !responses[k].ok)
    .map((k) => failureBlock(responses[k], k.replace(/_/g, ' ')));
  const estimate = responses.trajectories?.ok ? responses.trajectories.result.meg_estimate : null;
  return el(
    'div',
    { class: 'goal-tab' },
    head,
    cards,
    estimate &&
      estimate.count > 1 &&
      el(
        'p',
        { class: 'explain' },
        `From ${estimate.count} sampled runs alone, known-utility MEG is estimated as ${formatValue(estimate.known)}`,
        ` ± ${formatValue(estimate.standard_error, 2)}.`,
      ),
    failures,
    plots,
  );
}

// The SCIM form: a named policy, known utility or the utility functions of chosen target variables.
function renderScimGoal({ run, failureBlock, basename, onScim }) {
  const d = run.describe;
  const policies = (d.policies || []).map((p) => p.name);
  const query = run.goalQuery || {};
  if (!(d.decisions || []).length) {
    return el('p', { class: 'notice' }, 'The model has no decisions: there is no behaviour to measure.');
  }
  if (!policies.length) {
    return el(
      'p',
      { class: 'notice' },
      'Name a policy in the model ("policies") to measure how goal-directed it is.',
    );
  }
  const policy = el(
    'select',
    { id: 'meg-policy', 'aria-label': 'Policy' },
    policies.map((n) => el('option', { value: n, selected: n === query.policy }, n)),
  );
  const utility = el(
    'select',
    { id: 'meg-utility', 'aria-label': 'Utility' },
    el('option', { value: 'known', selected: query.utility !== 'unknown' }, 'the model’s utility (known)'),
    el(
      'option',
      { value: 'unknown', selected: query.utility === 'unknown' },
      'any utility of target variables (unknown)',
    ),
  );
  const candidates = (d.variables || []).filter((v) => v.type !== 'utility').map((v) => v.name);
  const chosen = new Set(query.targets || []);
  const targets = el(
    'fieldset',
    { class: 'meg-targets', id: 'meg-targets', hidden: query.utility !== 'unknown' },
    el('legend', null, 'Target variables'),
    candidates.map((name) =>
      el(
        'label',
        null,
        el('input', { type: 'checkbox', value: name, checked: chosen.has(name) }),
        ` ${name}`,
      ),
    ),
  );
  utility.addEventListener('change', () => (targets.hidden = utility.value !== 'unknown'));
  const measure = el(
    'button',
    {
      type: 'button',
      class: 'primary small',
      id: 'meg-run',
      disabled: run.goalRunning,
      onClick: () => {
        const picked = [...targets.querySelectorAll('input:checked')].map((i) => i.value);
        onScim?.({ policy: policy.value, utility: utility.value, targets: picked });
      },
    },
    run.goalRunning ? 'Measuring…' : 'Measure',
  );
  policy.addEventListener('change', () => measure.click());
  const controls = el(
    'div',
    { class: 'settings-controls meg-controls' },
    el('label', null, 'Policy ', policy),
    el('label', null, 'Utility ', utility),
    measure,
    targets,
  );
  const response = run.responses.meg;
  const unknown = query.utility === 'unknown';
  const title = unknown
    ? `Unknown utility (targets ${(query.targets || []).join(', ') || 'none'})`
    : 'Known utility';
  const card =
    response || run.goalRunning
      ? megCard(unknown ? 'meg-unknown' : 'meg-known', title, response, failureBlock, (r) =>
          unknown ? unknownReason(r, d, query.targets) : knownReason(r, d, `Policy '${query.policy}': its`),
        )
      : el('p', { class: 'notice' }, 'Press Measure.');
  return el(
    'div',
    { class: 'goal-tab' },
    el(
      'p',
      { class: 'explain goal-lead' },
      'MEG: how much better than uniform the best maximum-entropy policy for a utility predicts the',
      ' policy’s decisions (MacDermott et al. 2024).',
    ),
    controls,
    el('div', { class: 'meg-cards' }, card),
    response?.ok && maxentTable(response.result),
    response?.ok && unknown && inferredTable(response.result),
    el('div', { class: 'plots' }, !unknown && likelihoodPlot(run.responses.meg_likelihood, basename)),
  );
}

// The maximum-entropy policy of a SCIM beside the policy's own: per decision and observation the
// probability of each action (the engine gives both as {decision: [{observation, probabilities}]}),
// with each decision's contribution to MEG.
function maxentTable(r) {
  const decisions = r.decisions || Object.keys(r.maxent_policy || {});
  if (!decisions.length || !r.maxent_policy) return null;
  const observationText = (o) =>
    Object.entries(o || {})
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ') || 'nothing observed';
  const body = [];
  decisions.forEach((decision, k) => {
    const maxentRows = r.maxent_policy[decision] || [];
    const agentRows = r.agent_policy?.[decision] || [];
    maxentRows.forEach((row, i) => {
      const actions = Object.keys(row.probabilities || {});
      const mine = agentRows[i]?.probabilities || {};
      actions.forEach((action, a) => {
        body.push(
          el(
            'tr',
            { dataset: { vars: decision }, class: a === 0 ? 'group-start' : null },
            el('td', null, a === 0 ? decision : ''),
            el('td', null, a === 0 ? observationText(row.observation) : ''),
            el('td', null, action),
            el('td', { class: 'num' }, formatValue(mine[action])),
            el('td', { class: 'num' }, formatValue(row.probabilities[action])),
            el(
              'td',
              { class: 'num' },
              i === 0 && a === 0 && r.contributions?.[k] !== undefined ? formatMeg(r.contributions[k]) : '',
            ),
          ),
        );
      });
    });
  });
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'h3',
      { class: 'meg-subhead' },
      `Maximum-entropy policy at β* = ${formatValue(r.beta)}, beside the policy`,
    ),
    el(
      'table',
      { class: 'data', id: 'maxent-table' },
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          el('th', { scope: 'col' }, 'decision'),
          el('th', { scope: 'col' }, 'observation'),
          el('th', { scope: 'col' }, 'action'),
          el('th', { scope: 'col', class: 'num' }, `'${r.policy ?? 'policy'}'`),
          el('th', { scope: 'col', class: 'num' }, 'max-ent'),
          el('th', { scope: 'col', class: 'num' }, 'MEG contribution'),
        ),
      ),
      el('tbody', null, body),
    ),
  );
}

// Unknown-utility MEG of a SCIM: the utility of each outcome of the targets that fits best.
function inferredTable(r) {
  const rows = r.inferred_utility || [];
  const targets = r.targets || [];
  if (!rows.length || !targets.length) return null;
  return el(
    'div',
    { class: 'table-wrap' },
    el('h3', { class: 'meg-subhead' }, 'Inferred utility of the targets'),
    el(
      'table',
      { class: 'data', id: 'inferred-table' },
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          targets.map((t) => el('th', { scope: 'col', dataset: { vars: t } }, t)),
          el('th', { scope: 'col', class: 'num' }, 'utility'),
        ),
      ),
      el(
        'tbody',
        null,
        rows.map((row) =>
          el(
            'tr',
            null,
            targets.map((t) => el('td', null, String(row.values?.[t] ?? ''))),
            el('td', { class: 'num' }, formatValue(row.utility)),
          ),
        ),
      ),
    ),
  );
}

// ---- The Policy & values tab (gridworlds and MDPs) ----

export function renderPolicyValues({ run, view, failureBlock, onMore }) {
  const d = run.describe;
  const solve = run.responses.solve;
  if (!solve) return el('p', { class: 'notice' }, 'computing…');
  if (!solve.ok) return failureBlock(solve, 'values');
  const s = solve.result;
  const known = run.responses.meg_known?.ok ? run.responses.meg_known.result : null;
  const unknown = run.responses.meg_unknown?.ok ? run.responses.meg_unknown.result : null;
  const actions = d.actions || [];
  const states = d.states || [];
  const shown = Math.min(states.length, view?.shown || STATE_ROWS_SHOWN);
  const start = d.start || [];
  const optimalEu = start.reduce((acc, p, i) => acc + p * (toNumber(s.values?.[i]) || 0), 0);
  const probs = (p) =>
    el(
      'td',
      { class: 'probs' },
      actions
        .map((a, i) => [a, p?.[i]])
        .filter(([, x]) => x > 0.0005)
        .map(([a, x]) => `${a} ${formatValue(x, 3)}`)
        .join(', '),
    );
  return el(
    'div',
    { class: 'values-tab' },
    el(
      'div',
      { class: 'summary' },
      stat("Agent's expected utility", 'agent-eu', formatValue(s.agent?.expected_utility)),
      stat('Optimal expected utility', 'optimal-eu', formatValue(optimalEu)),
      stat('States', null, String(states.length)),
      stat('Actions', null, actions.join(', ')),
    ),
    el(
      'div',
      { class: 'table-wrap' },
      el(
        'table',
        { class: 'data', id: 'values-table' },
        el(
          'thead',
          null,
          el(
            'tr',
            null,
            el('th', { scope: 'col' }, 'state'),
            el('th', { scope: 'col', class: 'num' }, 'V*'),
            el('th', { scope: 'col', class: 'num' }, "agent's V"),
            el('th', { scope: 'col', class: 'num' }, 'occupancy'),
            el('th', { scope: 'col' }, "agent's policy"),
            known && el('th', { scope: 'col' }, 'max-ent policy'),
            known && el('th', { scope: 'col', class: 'num' }, 'MEG contribution'),
            unknown?.inferred_utility && el('th', { scope: 'col', class: 'num' }, 'inferred utility'),
          ),
        ),
        el(
          'tbody',
          null,
          states
            .slice(0, shown)
            .map((st, i) =>
              el(
                'tr',
                { class: st.terminal ? 'terminal' : null },
                el('th', { scope: 'row' }, st.name, st.terminal ? ' (terminal)' : ''),
                el('td', { class: 'num' }, formatValue(s.values?.[i])),
                el('td', { class: 'num' }, formatValue(s.agent?.values?.[i])),
                el('td', { class: 'num' }, formatValue(s.agent?.occupancy?.[i])),
                probs(s.agent?.policy?.[i]),
                known && probs(known.maxent_policy?.[i]),
                known && el('td', { class: 'num' }, formatValue(known.contributions?.[i])),
                unknown?.inferred_utility &&
                  el('td', { class: 'num' }, formatValue(unknown.inferred_utility[i])),
              ),
            ),
        ),
      ),
    ),
    states.length > shown &&
      el(
        'button',
        { type: 'button', class: 'more', onClick: () => onMore?.(shown + STATE_ROWS_SHOWN) },
        `Show more (${shown} of ${states.length} states shown)`,
      ),
  );
}

function stat(label, id, value) {
  return el(
    'div',
    { class: 'stat' },
    el('span', { class: 'stat-label' }, label),
    el('span', { class: 'stat-value', id }, value),
  );
}
