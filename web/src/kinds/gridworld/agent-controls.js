// The agent of a gridworld or MDP (optimal, ε-greedy, soft-optimal β, uniform, a named policy,
// Q-learning) and the sliders for γ and slip, which edit the model text.
import { el, clear, formatNumber } from '../../views/dom.js';

// The ε values of the ε sweep: 0, 0.05, …, 1.
export const EPSILON_SWEEP = Array.from({ length: 21 }, (_, i) => Number((i / 20).toFixed(2)));

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
    // The agent and variant chosen: {agent (the engine's parameter), label, variant, choice}, for the
    // model `of` describes (default: the one the controls were last filled from; a run passes its
    // own, which may have been read before the controls were).
    query(of = describe) {
      const names = variantNames(of);
      const variant = names.includes(choice.variant) ? choice.variant : 'base';
      const trainVariants =
        choice.trainOn === 'all' ? names : choice.trainOn === 'base' ? ['base'] : [variant];
      const agent = agentParam({ ...choice, trainVariants });
      const label = agentLabel({ ...choice, trainVariants: names.length > 1 ? trainVariants : [] });
      return { agent, label, variant, choice: { ...choice } };
    },
    // The choice as a share link carries it (strings), and back. Values are checked: a kind the page
    // does not offer, or a number out of range, keeps what was chosen.
    viewState() {
      const c = choice;
      return {
        agent: c.kind === 'policy' ? `policy:${c.name}` : c.kind,
        epsilon: c.kind === 'epsilon_greedy' || c.kind === 'q_learning' ? String(c.epsilon) : '',
        beta: c.kind === 'soft' ? String(c.beta) : '',
        episodes: c.kind === 'q_learning' ? String(c.episodes) : '',
        qseed: c.kind === 'q_learning' ? String(c.qSeed) : '',
        train: c.kind === 'q_learning' && c.trainOn !== 'shown' ? c.trainOn : '',
        observe: c.kind === 'q_learning' && c.observation !== 'state' ? c.observation : '',
        variant: c.variant !== 'base' ? c.variant : '',
      };
    },
    setView(view) {
      const agent = view.agent || '';
      if (agent.startsWith('policy:')) {
        choice.kind = 'policy';
        choice.name = agent.slice(7);
      } else if (AGENT_KINDS.some((k) => k.id === agent)) choice.kind = agent;
      const number = (text, lo, hi) => {
        const v = Number(text);
        return text !== undefined && text !== '' && Number.isFinite(v) && v >= lo && v <= hi ? v : null;
      };
      choice.epsilon = number(view.epsilon, 0, 1) ?? choice.epsilon;
      choice.beta = number(view.beta, -1e6, 1e6) ?? choice.beta;
      choice.episodes = Math.floor(number(view.episodes, 1, 1e6) ?? choice.episodes);
      choice.qSeed = Math.floor(number(view.qseed, 0, 2 ** 53) ?? choice.qSeed);
      if (['shown', 'base', 'all'].includes(view.train)) choice.trainOn = view.train;
      if (['state', 'goal_direction'].includes(view.observe)) choice.observation = view.observe;
      if (view.variant) choice.variant = view.variant;
      agentSelect.value = choice.kind === 'policy' ? `policy:${choice.name}` : choice.kind;
      trainSelect.value = choice.trainOn;
      observeSelect.value = choice.observation;
      episodes.input.value = String(choice.episodes);
      qSeed.input.value = String(choice.qSeed);
      showFields();
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
