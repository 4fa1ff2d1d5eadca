// The animated agent under the grid: steps through the sampled run (the engine's "trajectories"),
// with play, pause, speed, restart and the seed of the run. onSeed(seed) asks for another run;
// onStep() redraws the trail on the grid.
import { el, formatNumber } from '../../../views/dom.js';

const SPEEDS = [1, 2, 4, 8, 16];

export function createPlayer({ onSeed, onStep }) {
  let trajectory = null;
  let discount = 1;
  let step = 0; // how many steps of the trajectory have been taken
  let playing = false;
  let speed = 4;
  let timer = 0;

  const stepButton = el(
    'button',
    { type: 'button', class: 'small', id: 'agent-step', onClick: () => advance() },
    'Step',
  );
  const playButton = el(
    'button',
    { type: 'button', class: 'small', id: 'agent-play', onClick: () => (playing ? pause() : play()) },
    'Play',
  );
  const resetButton = el(
    'button',
    { type: 'button', class: 'small', id: 'agent-reset', title: 'Back to the start', onClick: () => reset() },
    'Restart',
  );
  const speedSelect = el(
    'select',
    {
      id: 'agent-speed',
      'aria-label': 'Steps per second',
      onChange: (event) => {
        speed = Number(event.target.value);
        if (playing) {
          pause();
          play();
        }
      },
    },
    SPEEDS.map((s) => el('option', { value: s, selected: s === speed }, `${s}/s`)),
  );
  const seedInput = el('input', {
    type: 'number',
    id: 'agent-seed',
    min: 0,
    step: 1,
    value: 1,
    'aria-label': 'Seed of the sampled run',
    onChange: (event) => onSeed?.(Math.max(0, Math.floor(Number(event.target.value) || 0))),
  });
  const newRunButton = el(
    'button',
    {
      type: 'button',
      class: 'small',
      title: 'Sample another run (the next seed)',
      onClick: () => {
        seedInput.value = String((Math.floor(Number(seedInput.value)) || 0) + 1);
        onSeed?.(Number(seedInput.value));
      },
    },
    'New run',
  );
  const stepReadout = el('span', { class: 'agent-readout', id: 'agent-readout' });

  const element = el(
    'div',
    { class: 'agent-controls', role: 'group', 'aria-label': 'Animated agent' },
    el('span', { class: 'agent-title' }, 'Sampled run'),
    resetButton,
    stepButton,
    playButton,
    speedSelect,
    el('label', null, 'seed ', seedInput),
    newRunButton,
    stepReadout,
  );

  // The readout: the steps taken so far and the utilities received on them (discounted from the
  // start), summed from the run's own steps as the animation reaches them.
  function showStep() {
    if (!trajectory?.length) {
      stepReadout.textContent = 'no sampled run yet';
      return;
    }
    let total = 0;
    let discounted = 0;
    for (let t = 0; t < step && t < trajectory.length; t++) {
      const u = Number(trajectory[t].utility) || 0;
      total += u;
      discounted += u * discount ** t;
    }
    const done = step >= trajectory.length;
    stepReadout.textContent =
      `t = ${Math.min(step, trajectory.length)} of ${trajectory.length} · return ${formatNumber(Number(total.toPrecision(6)))}` +
      (discount !== 1 ? ` (discounted ${formatNumber(Number(discounted.toPrecision(6)))})` : '') +
      (done ? ' · finished' : '');
    stepButton.disabled = done;
  }

  function advance() {
    if (!trajectory?.length) return;
    if (step < trajectory.length) step++;
    if (step >= trajectory.length) pause();
    showStep();
    onStep();
  }

  function play() {
    if (!trajectory?.length) return;
    if (step >= trajectory.length) step = 0;
    playing = true;
    playButton.textContent = 'Pause';
    clearInterval(timer);
    timer = setInterval(advance, 1000 / speed);
  }

  function pause() {
    playing = false;
    playButton.textContent = 'Play';
    clearInterval(timer);
  }

  function reset() {
    pause();
    step = 0;
    showStep();
    onStep();
  }

  return {
    element,
    // A run to step through (the same array as before keeps its step) and the discount of returns.
    set(nextTrajectory, nextDiscount) {
      discount = typeof nextDiscount === 'number' ? nextDiscount : 1;
      if (nextTrajectory !== trajectory) {
        pause();
        trajectory = nextTrajectory;
        step = 0;
      }
      showStep();
    },
    pause,
    // The cells the agent has passed so far, ending where it stands (row-major indices).
    trail(describe) {
      if (!trajectory?.length || !describe?.grid) return null;
      const { cols } = describe.grid;
      const cells = [];
      for (let t = 0; t <= Math.min(step, trajectory.length - 1); t++) {
        const s = describe.states?.[trajectory[t].state];
        if (s?.cell) cells.push(s.cell[0] * cols + s.cell[1]);
      }
      // After the last step, the agent stands where it led (the goal or the cliff it entered).
      const last = trajectory[trajectory.length - 1];
      if (step >= trajectory.length && last.next_state !== null && last.next_state !== undefined) {
        const s = describe.states?.[last.next_state];
        if (s?.cell) cells.push(s.cell[0] * cols + s.cell[1]);
      }
      return cells;
    },
  };
}
