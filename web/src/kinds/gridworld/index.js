// The gridworld kind, which serves MDPs too ("mdp": the same analyses, no map): the world panel in
// the graph's place (the agent's controls, and for gridworlds the grid), and the tabs
// Goal-directedness and Policy & values. Run asks what the panel and the tabs show for the chosen
// agent: the values and policies, known and unknown MEG, a sampled run, L(β), the sweeps.
import { createAgentControls, variantNames, EPSILON_SWEEP } from './agent-controls.js';
import { createGridView } from './grid/index.js';
import { renderGoal } from './goal.js';
import { renderPolicyValues } from './values.js';
import { goalStatesCsv } from './csv.js';
import { setTopLevelNumber, setMapCell, topLevelValue } from '../../editor/model-edit.js';
import { downloadCanvasPng } from '../../views/export.js';
import { analysesTab } from '../generic/analyses.js';
import { createUtilityClass } from './utility-class.js';
import { gridIntentionTab } from './intention.js';
import { sweepsTab } from './sweeps.js';
import { mdpPicture } from './mdp-graph.js';
import { learningCurve } from './learning.js';

// A number written in the model text's top level, or undefined.
function numberIn(text, key) {
  const raw = topLevelValue(text, key);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

// Whether two describe results have the same states, so one's per-state answers fit the other.
function sameStates(a, b) {
  return (
    (a?.variant ?? 'base') === (b?.variant ?? 'base') &&
    a?.states?.length === b?.states?.length &&
    a?.grid?.rows === b?.grid?.rows &&
    a?.grid?.cols === b?.grid?.cols
  );
}

export function createGridworldKind(page) {
  const { $ } = page;
  let mdpDrawn = null; // what the MDP's state graph was last drawn with
  let mdpDescribe = null;
  // The describe the world panel shows, the text its map-row spans belong to, the seed of the run.
  let worldDescribe = null;
  let worldSpansText = null;
  let worldKind = null;
  let seed = 1;
  const utilityClass = createUtilityClass(page);

  // Writes a control's change into the model text as one undoable edit, then runs again.
  function applyModelChange(change, keepsSpans) {
    page.editModel(change);
    // A map cell edit replaces one character: the map rows keep their positions.
    if (keepsSpans) worldSpansText = page.editorText();
    page.rerun();
  }

  const agentControls = createAgentControls($('agent-controls'), {
    onAgent: ({ variantChanged } = {}) => {
      // Another variant is another map: read it, then run.
      if (variantChanged) page.recheck();
      page.rerun();
    },
    onNumber: (key, value) => {
      const change = setTopLevelNumber(page.editorText(), key, value);
      if (!change) {
        page.toast(`Could not write "${key}" into the model text: it does not read as an object.`);
        return;
      }
      applyModelChange(change, false);
    },
  });
  // Painted cells are written into the map's rows as one undoable edit (a drag paints many).
  const grid = createGridView($('grid'), {
    onEditCells: (cells, char) => {
      const text = page.editorText();
      const changes = [];
      for (const { row, col } of cells) {
        const span = worldDescribe?.grid?.map_rows?.[row];
        const change = worldSpansText === text && span ? setMapCell(text, span, col, char) : null;
        if (!change) {
          page.toast('The map changed since it was last read: try again in a moment.');
          return;
        }
        changes.push(change);
      }
      applyModelChange(changes, true);
    },
    onSeed: (next) => {
      seed = next;
      page.rerun(0);
    },
  });

  // Draws the grid of the model in the editor with the last run's answers, when they fit it (on the
  // Value iteration tab, the sweep it shows); an MDP without a map, its state graph.
  function updateWorld() {
    const describe = worldDescribe;
    const run = page.run();
    const fits = run && !run.failure && run.kind === worldKind && sameStates(run.describe, describe);
    const r = fits ? run.responses : {};
    if (!describe?.grid) {
      if (describe) {
        const policy = r.solve?.ok ? r.solve.result.agent?.policy : null;
        const key = JSON.stringify([describe.states?.length, describe.transitions?.length, policy]);
        if (key !== mdpDrawn || describe !== mdpDescribe) {
          mdpDrawn = key;
          mdpDescribe = describe;
          mdpPicture($('mdp-note'), describe, policy);
        }
      }
      return;
    }
    grid.update({
      sweep: fits && page.activeTabId() === 'sweeps' ? sweeps.shown(run) : null,
      describe,
      solve: r.solve,
      megKnown: r.meg_known,
      megUnknown: r.meg_unknown,
      trajectory: r.trajectories?.ok ? r.trajectories.result.trajectories?.[0] || null : null,
      discount: describe.discount,
      agentLabel: fits ? run.queries.goal?.label : '',
    });
  }

  const statesCsv = (run) =>
    run.responses.solve?.ok && { suffix: 'states', text: goalStatesCsv(run.describe, run.responses) };
  let valuesView = { shown: 0 };
  const sweeps = sweepsTab(page, { onStep: () => updateWorld() });
  const tabs = [
    {
      id: 'goal',
      label: 'Goal-directedness',
      lead: 'How goal-directed the agent is (MEG): how much better its moves are predicted by a policy that pursues the utility (known) or the most fitting utility (unknown) than by chance, from 0 up to the bound a perfectly predictable agent reaches.',
      render: (run) => [
        learningCurve(run, page.basename()),
        renderGoal({ run, basename: page.basename(), classPicker: utilityClass.render(run) }),
      ],
      csv: statesCsv,
    },
    {
      id: 'values',
      label: 'Policy & values',
      lead: 'State by state: how much utility is still to come under the best policy (V*) and under the agent’s, how often the agent is there, and what each policy does. A Q-learning agent’s learning curve comes first.',
      render: (run) => [
        learningCurve(run, page.basename()),
        renderPolicyValues({
          run,
          view: valuesView,
          onMore: (count) => {
            valuesView = { shown: count };
            page.redraw();
          },
        }),
      ],
      csv: statesCsv,
    },
    sweeps,
    gridIntentionTab(page, () => agentControls.query()),
    analysesTab(page),
  ];

  return {
    name: 'gridworld',
    kinds: ['gridworld', 'mdp'],
    tabs,
    // The view a share link carries: the agent and the world's variant, and how the grid is drawn.
    viewState: () => ({ ...agentControls.viewState(), ...grid.viewState() }),
    setView(view) {
      agentControls.setView(view);
      grid.setView(view);
    },
    // The describe the page asks for: the chosen variant's world.
    describeParams() {
      const { variant } = agentControls.query();
      return variant && variant !== 'base' ? { variant } : {};
    },
    // The chosen variant is gone from the text: back to the base world.
    resetDescribeParams() {
      agentControls.resetVariant();
    },
    // The world panel of a model of this kind: the agent's controls, and the grid (or a note for an MDP without a map).
    show(describe, text, kind) {
      page.showWorld({ grid: Boolean(describe.grid) });
      if (describe !== worldDescribe) mdpDrawn = null;
      worldDescribe = describe;
      worldKind = kind;
      worldSpansText = text;
      agentControls.update(describe, { discount: numberIn(text, 'discount'), slip: numberIn(text, 'slip') });
      $('grid').hidden = !describe.grid;
      $('mdp-note').hidden = Boolean(describe.grid);
      updateWorld();
    },
    hide() {
      grid.hide();
    },
    // The store changed (a reply came): the grid shows it.
    changed: updateWorld,
    exportPng: (basename) => grid.exportPng(basename, downloadCanvasPng),
    async run(ask, run) {
      const query = agentControls.query(run.describe);
      const unknownClass = utilityClass.params();
      run.queries.goal = { ...query, utility_class: unknownClass };
      const d = run.describe;
      const params = { agent: query.agent };
      if (query.variant !== 'base') params.variant = query.variant;
      const length =
        typeof d.horizon === 'number'
          ? d.horizon
          : Math.min(400, Math.max(20, 4 * ((d.grid?.rows || 5) + (d.grid?.cols || 5))));
      // Q-learning trains in growing parts first (a shorter training is the start of a longer one,
      // from the same seed), so the learning curve is drawn as the agent learns.
      if (query.agent.kind === 'q_learning') {
        const total = query.agent.episodes;
        for (const part of [0.25, 0.5, 0.75]) {
          const episodes = Math.max(1, Math.floor(total * part));
          if (episodes >= total) continue;
          const partial = { ...params, agent: { ...query.agent, episodes } };
          run.queries.training = { episodes, of: total };
          await ask(`Training (${episodes} of ${total} episodes)`, 'solve', partial, {
            key: 'training',
            cache: true,
          });
        }
        run.queries.training = { episodes: total, of: total };
      }
      const steps = [
        ['solve', 'Solving', 'solve', params],
        ['meg_known', 'Known-utility MEG', 'meg', { ...params, utility: 'known' }],
        ['trajectories', 'Sampling a run', 'trajectories', { ...params, count: 1, length, seed }],
        ['meg_likelihood', 'The likelihood L(β)', 'meg_likelihood', params],
        ['meg_unknown', 'Unknown-utility MEG', 'meg', { ...params, utility: 'unknown', ...unknownClass }],
        [
          'meg_sweep_epsilon',
          'MEG against ε',
          'meg_sweep',
          {
            agent: { kind: 'epsilon_greedy', epsilon: 0 },
            parameter: 'epsilon',
            values: EPSILON_SWEEP,
            utility: ['known', 'unknown'],
            ...unknownClass,
            ...(params.variant ? { variant: params.variant } : {}),
          },
        ],
      ];
      const variants = variantNames(d);
      if (variants.length > 1) {
        steps.push([
          'meg_sweep_variant',
          'MEG in each variant',
          'meg_sweep',
          {
            agent: query.agent,
            parameter: 'variant',
            values: variants,
            utility: ['known', 'unknown'],
            ...unknownClass,
          },
        ]);
      }
      for (const [key, label, analysis, p] of steps) await ask(label, analysis, p, { key, cache: true });
    },
  };
}

export const gridworldKind = { kinds: ['gridworld', 'mdp'], create: createGridworldKind };
