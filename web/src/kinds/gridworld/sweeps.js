// The Value iteration tab of a gridworld or MDP (REINFORCEjs's stepper): the engine's
// `value_iteration` reply, every sweep's values and greedy policy from V = 0, stepped through one
// sweep at a time. The grid shows the sweep chosen (its values as colours, in the cells when asked,
// and its policy's arrows); here, the sweep's number, how much it changed the values, and for an MDP
// without a map its values per state. Plain value iteration, or soft value iteration with a β.
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { linePlotFigure } from '../../views/figure.js';
import { readable } from '../../views/numbers.js';
import { toCsv } from '../../views/export.js';

const SWEEPS = 200;
const PLAY_INTERVAL = 350; // ms per sweep when playing

export function sweepsTab(page, { onStep }) {
  const state = { at: 0, of: null, soft: false, beta: '1', error: null, playing: 0 };

  const result = (run) => (run.responses.value_iteration?.ok ? run.responses.value_iteration.result : null);

  function params(run) {
    const p = { sweeps: SWEEPS };
    const variant = run.queries.goal?.variant;
    if (variant && variant !== 'base') p.variant = variant;
    if (state.soft) {
      const beta = Number(state.beta);
      if (!(beta > 0)) return { error: 'β must be a number above 0' };
      p.beta = beta;
    }
    return { params: p };
  }

  async function compute() {
    const run = page.run();
    if (!run) return;
    const read = params(run);
    state.error = read.error || null;
    if (read.error) return page.redraw();
    await page.session(async (ask, session) => {
      session.queries.value_iteration = read.params;
      await ask('Value iteration', 'value_iteration', read.params, {
        key: 'value_iteration',
        busy: 'sweeps',
      });
    });
  }

  function go(i) {
    const r = result(page.run());
    if (!r) return;
    state.at = Math.max(0, Math.min(r.sweeps.length - 1, i));
    page.redraw();
    onStep();
  }

  function play() {
    if (state.playing) {
      clearInterval(state.playing);
      state.playing = 0;
      page.redraw();
      return;
    }
    const r = result(page.run());
    if (!r) return;
    if (state.at >= r.sweeps.length - 1) state.at = 0;
    state.playing = setInterval(() => {
      const now = result(page.run());
      if (!now || state.at >= now.sweeps.length - 1 || page.activeTabId() !== 'sweeps') {
        clearInterval(state.playing);
        state.playing = 0;
        page.redraw();
        return;
      }
      go(state.at + 1);
    }, PLAY_INTERVAL);
    page.redraw();
  }

  const button = (id, label, onClick, disabled, title) =>
    el('button', { type: 'button', class: 'small', id, disabled, onClick, title }, label);

  return {
    id: 'sweeps',
    label: 'Value iteration',
    lead: 'Value iteration as the textbook runs it: every value starts at 0, and each sweep sets every state’s value to the best action’s utility plus the discounted value of where it leads. Step through the sweeps and watch the values and the best moves settle on the grid.',
    // The sweep the grid shows while this tab is open: {values, policy, sweep, sweeps, method}.
    shown(run) {
      const r = result(run);
      if (!r) return null;
      if (state.of !== r) {
        state.of = r;
        state.at = Math.min(state.at, r.sweeps.length - 1);
      }
      const s = r.sweeps[state.at];
      return {
        values: s.values,
        policy: s.policy,
        sweep: s.sweep,
        sweeps: r.sweeps.length - 1,
        method: r.method,
      };
    },
    render(run) {
      const r = result(run);
      const busy = run.busy.sweeps;
      const controls = el(
        'div',
        { class: 'settings-controls' },
        el(
          'label',
          null,
          el('input', {
            type: 'checkbox',
            id: 'vi-soft',
            checked: state.soft,
            onChange: (event) => {
              state.soft = event.target.checked;
              compute();
            },
          }),
          ' soft (β) ',
        ),
        el('input', {
          type: 'text',
          id: 'vi-beta',
          size: 5,
          value: state.beta,
          disabled: !state.soft,
          'aria-label': 'β',
          onInput: (event) => (state.beta = event.target.value),
          onKeydown: (event) => {
            if (event.key === 'Enter') compute();
          },
        }),
        el(
          'button',
          { type: 'button', class: 'small', id: 'vi-run', disabled: busy, onClick: compute },
          busy ? 'Computing…' : 'Compute',
        ),
      );
      const out = el('div', { class: 'vi-tab' });
      if (state.error) out.append(el('p', { class: 'warning', role: 'alert' }, state.error));
      const response = run.responses.value_iteration;
      if (!response) {
        out.append(el('p', { class: 'notice' }, busy ? 'Computing the sweeps…' : 'Press Compute.'), controls);
        return out;
      }
      if (!response.ok) {
        out.append(failureBlock(response, 'value iteration'), controls);
        return out;
      }
      const last = r.sweeps.length - 1;
      const at = Math.min(state.at, last);
      const sweep = r.sweeps[at];
      const slider = el('input', {
        type: 'range',
        id: 'vi-slider',
        min: 0,
        max: last,
        step: 1,
        value: at,
        'aria-label': 'sweep',
        onInput: (event) => go(Number(event.target.value)),
      });
      out.append(
        el(
          'div',
          { class: 'vi-stepper', role: 'group', 'aria-label': 'Sweeps' },
          button('vi-first', '⏮', () => go(0), at === 0, 'the start: every value 0'),
          button('vi-back', '◀ Sweep', () => go(at - 1), at === 0),
          el(
            'span',
            { class: 'vi-at', id: 'vi-at', dataset: { sweep: String(sweep.sweep) } },
            `sweep ${sweep.sweep} of ${last}`,
          ),
          button('vi-next', 'Sweep ▶', () => go(at + 1), at === last),
          button('vi-last', '⏭', () => go(last), at === last, 'the last sweep'),
          button('vi-play', state.playing ? 'Pause' : 'Play', play, false),
          slider,
        ),
        el(
          'p',
          { class: 'explain', id: 'vi-change' },
          at === 0
            ? 'Sweep 0: every value is 0; the arrows are the actions with the best immediate utility.'
            : `This sweep changed the values by at most ${readable(sweep.change)}. `,
          at === last
            ? r.converged
              ? `Converged: the last sweep changed no value by more than ${readable(r.tolerance)} of the largest.`
              : `Stopped after ${last} sweeps, before converging.`
            : '',
          ` ${r.method === 'soft_value_iteration' ? `Soft value iteration (β = ${readable(r.beta)}): each value is a soft maximum over the actions, and the arrows the soft-optimal policy.` : 'The arrows: the actions whose value is the best (all of them when they tie).'}`,
        ),
      );
      // How fast it settles: the largest change per sweep.
      out.append(
        linePlotFigure(
          {
            id: 'vi-changes',
            title: 'Largest change per sweep',
            xLabel: 'sweep',
            yLabel: 'largest change',
            width: 420,
            height: 200,
            yMin: 0,
            series: [{ name: 'change', points: r.sweeps.slice(1).map((s) => ({ x: s.sweep, y: s.change })) }],
            marks: [{ x: sweep.sweep, label: `sweep ${sweep.sweep}` }],
            caption:
              'Value iteration converges geometrically: each sweep shrinks the error by the discount γ at least.',
          },
          `${page.basename()}-value-iteration`,
        ),
      );
      // Without a map, the values of the sweep per state.
      if (!run.describe.grid) {
        const actions = run.describe.actions || [];
        out.append(
          el(
            'table',
            { class: 'data', id: 'vi-values' },
            el(
              'thead',
              null,
              el(
                'tr',
                null,
                el('th', null, 'state'),
                el('th', { class: 'num' }, `value at sweep ${sweep.sweep}`),
                el('th', null, 'best action'),
              ),
            ),
            el(
              'tbody',
              null,
              (run.describe.states || []).map((s, i) =>
                el(
                  'tr',
                  null,
                  el('th', { scope: 'row' }, s.name),
                  el('td', { class: 'num', title: String(sweep.values[i]) }, readable(sweep.values[i])),
                  el(
                    'td',
                    null,
                    actions
                      .filter((_, a) => sweep.policy[i][a] >= Math.max(...sweep.policy[i]) - 1e-12)
                      .join(', '),
                  ),
                ),
              ),
            ),
          ),
        );
      }
      out.append(controls);
      return out;
    },
    open(run) {
      const read = params(run);
      if (read.params && JSON.stringify(run.queries.value_iteration) !== JSON.stringify(read.params))
        compute();
      else onStep();
    },
    csv(run) {
      const r = result(run);
      if (!r) return null;
      const states = (run.describe.states || []).map((s) => s.name);
      const rows = [];
      for (const s of r.sweeps) s.values.forEach((v, i) => rows.push([s.sweep, states[i], v, s.change]));
      return { suffix: 'value-iteration', text: toCsv(['sweep', 'state', 'value', 'change'], rows) };
    },
  };
}
