// The Intention tab of a gridworld or MDP: behavioural intention (Ward et al. 2024, Def. 20) with the
// agent as its own oracle, as the paper reads the CoinRun agents (Section 7). The engine's
// "intention" gives the agent's most likely route in the world as it is and under each intervention
// (another variant of the world); the tab draws both routes on the grids and says in words whether
// the agent adapts: when its route leads somewhere else, what the intervention moved was intended.
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { toCsv } from '../../views/export.js';
import { variantNames } from './agent-controls.js';
import { routeFigure } from './route.js';

const last = (route) => route?.cells?.[route.cells.length - 1];

// Where a route ends: its last cell in a gridworld, its last state's name in an MDP.
function where(route, describe) {
  const cell = last(route);
  if (cell) return `row ${cell[0]}, column ${cell[1]}`;
  const state = route?.states?.[route.states.length - 1];
  return `'${describe?.states?.[state]?.name ?? state}'`;
}

// How a route ends, in words.
function endWords(route, describe) {
  if (!route?.states?.length) return 'has no route';
  const steps = route.states.length - 1;
  return route.ends_terminal
    ? `ends at ${where(route, describe)} after ${steps} ${steps === 1 ? 'step' : 'steps'}`
    : `reaches ${where(route, describe)} after ${steps} ${steps === 1 ? 'step' : 'steps'} and then goes round in a loop`;
}

// The verdict on one intervention, in words.
function verdictWords(result, intervention, describe) {
  const base = result.route;
  const moved = intervention.route;
  const changed = (intervention.changed_states || []).length;
  if (intervention.adapts) {
    return (
      `The agent adapts: under '${intervention.variant}' its route ${endWords(moved, describe)}, where without the ` +
      `intervention it ${endWords(base, describe)}. What the intervention moved was intended.`
    );
  }
  return (
    `The agent does not adapt: under '${intervention.variant}' its route still ${endWords(moved, describe)}, as ` +
    `without the intervention` +
    (changed ? ` (it acts differently in ${changed} ${changed === 1 ? 'state' : 'states'} on the way)` : '') +
    '. What the intervention moved was not intended.'
  );
}

export function intentionCsv(response) {
  const r = response.result;
  return toCsv(
    [
      'variant',
      'adapts',
      'changed_states',
      'route_end_row',
      'route_end_column',
      'ends_terminal',
      'base_end_row',
      'base_end_column',
    ],
    (r.interventions || []).map((i) => [
      i.variant,
      i.adapts,
      (i.changed_states || []).length,
      last(i.route)?.[0],
      last(i.route)?.[1],
      i.route?.ends_terminal,
      last(r.route)?.[0],
      last(r.route)?.[1],
    ]),
  );
}

// agentQuery(): the agent and variant the world panel's controls chose ({agent, label, variant}).
export function gridIntentionTab(page, agentQuery) {
  let chosen = null; // the variants to intervene with (null: every other one)

  function ask() {
    return page.session(async (ask, run) => {
      const query = agentQuery();
      const others = variantNames(run.describe).filter((v) => v !== query.variant);
      const interventions = (chosen ?? others).filter((v) => others.includes(v));
      run.queries.intention = {
        agent: query.agent,
        label: query.label,
        variant: query.variant,
        interventions,
      };
      run.responses.intention = undefined;
      run.responses.intention_worlds = undefined;
      const params = { agent: query.agent, interventions };
      if (query.variant !== 'base') params.variant = query.variant;
      const reply = await ask('Routes under the interventions', 'intention', params, {
        key: 'intention',
        busy: 'intention',
      });
      if (!reply.ok || !run.describe.grid) return;
      // The maps of the worlds the routes are drawn on.
      const worlds = {};
      for (const variant of [reply.result.variant, ...reply.result.interventions.map((i) => i.variant)]) {
        const world = await ask(`Reading '${variant}'`, 'describe', variant === 'base' ? {} : { variant }, {
          cache: true,
        });
        if (world.ok) worlds[variant] = world.result;
      }
      run.responses.intention_worlds = worlds;
    });
  }

  function controls(run) {
    const query = agentQuery();
    const others = variantNames(run.describe).filter((v) => v !== query.variant);
    const picked = new Set(chosen ?? others);
    const boxes = el(
      'fieldset',
      { class: 'gw-interventions', id: 'gw-interventions' },
      el('legend', null, 'Intervene with'),
      others.map((v) =>
        el(
          'label',
          null,
          el('input', {
            type: 'checkbox',
            value: v,
            checked: picked.has(v),
            onChange: () => {
              chosen = [...boxes.querySelectorAll('input:checked')].map((i) => i.value);
            },
          }),
          ` ${v}`,
        ),
      ),
    );
    return el(
      'div',
      { class: 'settings-controls' },
      boxes,
      el(
        'button',
        {
          type: 'button',
          class: 'primary',
          id: 'gw-intention-run',
          disabled: run.busy.intention,
          onClick: ask,
        },
        run.busy.intention ? 'Asking…' : 'Compare routes',
      ),
    );
  }

  function interventionSection(run, r, intervention, index) {
    const worlds = run.responses.intention_worlds || {};
    const base = worlds[r.variant];
    const moved = worlds[intervention.variant];
    return el(
      'section',
      {
        class: `gw-intervention ${intervention.adapts ? 'adapts' : 'keeps'}`,
        dataset: { variant: intervention.variant, adapts: String(intervention.adapts) },
      },
      el('h3', null, `Intervention: '${intervention.variant}'`),
      intervention.description && el('p', { class: 'explain' }, intervention.description),
      el('p', { class: 'gw-verdict' }, verdictWords(r, intervention, run.describe)),
      base &&
        moved &&
        el(
          'div',
          { class: 'route-figures' },
          routeFigure({
            describe: base,
            id: `route-${index}-without`,
            caption: `Without: '${r.variant}'`,
            routes: [
              {
                cells: r.route.cells,
                which: 'base',
                label: `the agent's route, which ${endWords(r.route, base)}`,
              },
            ],
          }),
          routeFigure({
            describe: moved,
            id: `route-${index}-with`,
            caption: `With: '${intervention.variant}'`,
            routes: [
              { cells: r.route.cells, which: 'base', label: 'the route without the intervention' },
              {
                cells: intervention.route.cells,
                which: 'intervention',
                label: `the route under the intervention, which ${endWords(intervention.route, moved)}`,
              },
            ],
          }),
        ),
    );
  }

  return {
    id: 'intention',
    label: 'Intention',
    lead: 'Does the agent mean to reach where it goes? Change the world (another variant) and see whether its route follows: an agent that adapts intended what the change moved (Ward et al. 2024, the CoinRun reading).',
    render(run) {
      if (variantNames(run.describe).length < 2) {
        return el(
          'p',
          { class: 'notice' },
          'Behavioural intention compares the agent’s route in the world with its route under an ' +
            'intervention: this model has no variants to intervene with (add some under "variants").',
        );
      }
      const response = run.responses.intention;
      const lead = el(
        'p',
        { class: 'explain' },
        'Does the agent pursue what an intervention moves? Its most likely route in the world as it is, ',
        'and under each intervention (another variant of the world): when the route leads somewhere else, ',
        'the agent adapts, and what the intervention moved was intended (Ward et al. 2024, Def. 20, with ',
        'the agent as its own oracle, as Section 7 reads the CoinRun agents).',
      );
      if (!response) {
        return el(
          'div',
          { class: 'gw-intention' },
          lead,
          controls(run),
          el(
            'p',
            { class: 'notice', id: 'gw-intention-pending' },
            run.busy.intention ? 'Following the agent…' : 'Press “Compare routes” to ask the engine.',
          ),
        );
      }
      if (!response.ok)
        return el('div', { class: 'gw-intention' }, lead, controls(run), failureBlock(response, 'routes'));
      const r = response.result;
      const adapted = (r.interventions || []).filter((i) => i.adapts).length;
      return el(
        'div',
        { class: 'gw-intention' },
        lead,
        controls(run),
        el(
          'p',
          { class: 'gw-summary', id: 'gw-intention-summary' },
          `The ${run.queries.intention?.label || ''} agent's route in '${r.variant}' ${endWords(r.route, run.describe)}. `,
          `It adapts to ${adapted} of ${(r.interventions || []).length} interventions.`,
        ),
        (r.interventions || []).map((i, k) => interventionSection(run, r, i, k)),
      );
    },
    // Asked for when the tab opens (and again after a run made while it is open).
    open(run) {
      if (!run.responses.intention && variantNames(run.describe).length > 1) ask();
    },
    csv: (run) =>
      run.responses.intention?.ok && { suffix: 'intention', text: intentionCsv(run.responses.intention) },
  };
}
