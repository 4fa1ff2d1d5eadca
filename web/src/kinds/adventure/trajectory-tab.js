// The Trajectory tab: pick an agent (random with its seed, the reward planner, soft-optimal with β,
// harm-regularised with α, the conscience with γ, a policy table, recorded choices), ask the engine
// for its play (`play`), and step through it: the path on the scene graph, the harms flagged and the
// achievements unlocked at each step.
import { el } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { agentPicker, agentFields, agentParams, fieldsOf } from './agents.js';
import { trajectoryView, trajectoryCsv } from './trajectory.js';

export function playParams(settings, catalogue) {
  const read = agentParams(settings, catalogue, [settings.agent]);
  return read.error ? read : { params: { agent: settings.agent, ...read.params } };
}

export function trajectoryTab(page, settings) {
  const view = { current: 0, of: null, error: null };

  function playAgent() {
    const read = playParams(settings, page.catalogue());
    view.error = read.error || null;
    if (read.error) return page.redraw();
    return page.session(async (ask, run) => {
      run.queries.play = read.params;
      await ask('Playing', 'play', read.params, { key: 'play', busy: 'play' });
    });
  }

  // The step shown, reset to the start when a new play arrives.
  function currentOf(result) {
    if (view.of !== result) {
      view.of = result;
      view.current = 0;
    }
    return view.current;
  }

  function step(i) {
    const focused = document.activeElement?.id;
    view.current = i;
    page.redraw();
    // The pager and the rows are drawn again: keep the keyboard where it was.
    const again = focused && page.tabBody().querySelector(`#${CSS.escape(focused)}`);
    if (again && !again.disabled) again.focus();
    else page.tabBody().querySelector(`.adv-steps tr[data-step="${i}"]`)?.focus();
  }

  return {
    id: 'trajectory',
    label: 'Trajectory',
    lead: 'One agent’s play, step by step: the choices it makes, the scenes it passes (drawn on the scene graph), the harms each step does and the achievements it unlocks.',
    playAgent,
    currentOf,
    render(run) {
      const busy = run.busy.play;
      const controls = el(
        'div',
        { class: 'settings-controls adv-controls' },
        el('label', null, 'Agent ', agentPicker(settings, { onChange: () => page.redraw() })),
        agentFields(settings, page.catalogue(), fieldsOf([settings.agent]), {
          idPrefix: 'adv-play',
          onEnter: playAgent,
        }),
        el(
          'button',
          { type: 'button', class: 'primary', id: 'adv-play-run', disabled: busy, onClick: playAgent },
          busy ? 'Playing…' : 'Play',
        ),
      );
      const out = el(
        'div',
        { class: 'adv-trajectory' },
        controls,
        view.error && el('p', { class: 'warning', role: 'alert' }, view.error),
      );
      const response = run.responses.play;
      if (!response) out.append(el('p', { class: 'notice' }, 'Press Play to see the agent play.'));
      else if (!response.ok) out.append(failureBlock(response, 'play'));
      else {
        const result = response.result;
        out.append(trajectoryView(result, run.describe, { current: currentOf(result), onStep: step }));
      }
      return out;
    },
    csv: (run) =>
      run.responses.play?.ok && { suffix: 'trajectory', text: trajectoryCsv(run.responses.play.result) },
  };
}
