// The game kind (mixed-motive games, Orner et al.: Communicate Out of Prison and user-written games).
// The picture is the game view: a state picker (the start, the file's named states, every step of a
// sampled play, or a state text) and the state drawn (COP: the agents, who told whom what, trust,
// announcements and years; a user game: the stage, the history and the payoffs), with who acts
// next, their slots and policies. The tabs explain at the state picked: SICA (a heatmap), SBUE
// (bars with standard errors and exact values), Probable actions, Convergence (plots over k),
// Counterfactual (a query editor), MAP@K (friends and enemies the user marks), and All analyses.
// Run asks the play, the state, SICA, SBUE and the probable actions; moving through the play runs
// them again at the new state.
import { el, clear } from '../../views/dom.js';
import { failureBlock } from '../../views/diagnostics.js';
import { analysesTab } from '../generic/analyses.js';
import {
  createGameSettings,
  currentNode,
  stateParams,
  playParams,
  selectionLabel,
  defaultText,
} from './settings.js';
import { stateView } from './state-view.js';
import { createPositionEditor } from './position-editor.js';
import { sicaTab, sicaParams } from './sica.js';
import { sbueTab, sbueParams } from './sbue.js';
import { probableTab, probableParams } from './probable.js';
import { convergenceTab } from './convergence.js';
import { counterfactualTab } from './counterfactual.js';
import { mapTab } from './map.js';
import { gameMegTab } from './meg.js';
import { treeTab } from './tree.js';
import { adjudicateTab } from './adjudicate.js';

const selectionKey = (s) =>
  s.kind === 'named'
    ? `named:${s.name}`
    : s.kind === 'step'
      ? `step:${s.index}`
      : s.kind === 'text'
        ? 'text'
        : 'start';

export function createGameKind(page) {
  const settings = createGameSettings();
  let describe = null; // the editor's model, as its last describe gives it
  let last = { key: null, node: null }; // the node last drawn (kept while a rerun reads it again)

  // The run the picture and tabs read: the last run of a game.
  const gameRun = () => {
    const run = page.run?.(); // (a page without runs: the module alone, in tests)
    return run && !run.failure && run.kind === 'game' ? run : null;
  };
  const play = (run) => (run?.responses?.play?.ok ? run.responses.play.result : null);
  // The node at the selection: for the tabs (the run's) and the picture.
  const nodeOf = (run) => currentNode(settings, run, describe);

  // ---- the picture ----

  // A game on a map (Risk, Diplomacy) draws arrows over its state: the explained action with the
  // others' probable actions (the probable_actions reply at this state), the play's move here, or
  // (Risk) the last turn; and its position can be edited on the map.
  const onMap = (d) => d?.builtin === 'risk' || d?.builtin === 'diplomacy';
  const positionEditor = createPositionEditor(page, ({ editing }) => {
    if (editing && settings.selection.kind !== 'start') select({ kind: 'start' });
    else drawPicture();
  });

  // What the map draws over `node`: {actions, lastTurn, controls, onPlace, caption}.
  function overlayOf(node, run, game) {
    const editing = positionEditor.state.on;
    const choices = [
      ['analysis', 'the explained action and the others’ probable ones'],
      ['play', 'the play’s move here'],
      ...(game.builtin === 'risk' ? [['last', 'the last turn']] : []),
      ['none', 'none'],
    ];
    const arrows = editing ? 'none' : settings.arrows;
    const controls = el(
      'div',
      { class: 'board-controls' },
      editing
        ? ''
        : el(
            'label',
            null,
            'Arrows ',
            el(
              'select',
              {
                id: 'board-arrows',
                onChange: (event) => {
                  settings.arrows = event.target.value;
                  drawPicture();
                },
              },
              choices.map(([v, words]) => el('option', { value: v, selected: v === arrows }, words)),
            ),
          ),
      settings.selection.kind === 'start' || editing ? positionEditor.toolbar(game) : '',
    );
    const overlay = { controls, actions: [], lastTurn: arrows === 'last' };
    if (editing) {
      overlay.onPlace = (id) => positionEditor.place(id, node, game);
      return overlay;
    }
    const probable = run?.responses?.probable;
    if (arrows === 'analysis') {
      const r = probable?.ok && probable.result.state === node.text ? probable.result : null;
      if (r) {
        overlay.actions.push({ player: r.player, action: r.explained, role: 'explained' });
        for (const f of r.fixed || [])
          overlay.actions.push({ player: f.player, action: f.action, role: 'explained' });
        const seen = new Set([r.player, ...(r.fixed || []).map((f) => f.player)]);
        for (const a of r.actions || []) {
          if (seen.has(a.player)) continue;
          seen.add(a.player);
          overlay.actions.push({
            player: a.player,
            action: a.action,
            role: 'probable',
            frequency: a.frequency,
          });
        }
        overlay.caption = `Bold: ${r.player}’s explained action; light: the others’ most frequent actions among the simulations (Probable actions tab).`;
      } else {
        overlay.caption =
          node.node === 'decision'
            ? 'The explained action and the others’ probable actions are drawn once Run has computed them at this state.'
            : '';
      }
    } else if (arrows === 'play' && node.move?.actions) {
      for (const [player, action] of Object.entries(node.move.actions)) {
        overlay.actions.push({ player, action, role: 'played' });
      }
      overlay.caption = 'The move the play made at this state.';
    }
    return overlay;
  }

  // The picture's elements, made when first shown (the module is made before any DOM is needed).
  let picker, back, next, stepFacts, seed, stateInput, view, picture;
  function buildPicture() {
    picker = el('select', {
      id: 'game-state-picker',
      'aria-label': 'State',
      onChange: (event) => {
        const value = event.target.value;
        if (value.startsWith('named:')) select({ kind: 'named', name: value.slice(6) });
        else if (value.startsWith('step:')) select({ kind: 'step', index: Number(value.slice(5)) });
        else if (value === 'start') select({ kind: 'start' });
      },
    });
    back = el(
      'button',
      { type: 'button', class: 'small', id: 'game-back', onClick: () => stepBy(-1) },
      '◀ Back',
    );
    next = el(
      'button',
      { type: 'button', class: 'small', id: 'game-forward', onClick: () => stepBy(1) },
      'Next ▶',
    );
    stepFacts = el('span', { class: 'game-step-facts', id: 'game-step-facts', 'aria-live': 'polite' });
    seed = el('input', {
      id: 'game-seed',
      type: 'text',
      inputmode: 'numeric',
      size: 5,
      'aria-label': 'the play’s seed',
      onInput: (event) => {
        settings.seed = event.target.value;
      },
      onKeydown: (event) => {
        if (event.key === 'Enter') replay();
      },
    });
    stateInput = el('input', {
      id: 'game-state-input',
      type: 'text',
      size: 26,
      spellcheck: 'false',
      placeholder: 'a state text, e.g. game 0 1',
      'aria-label': 'a state text',
      onKeydown: (event) => {
        if (event.key === 'Enter') goToText();
      },
    });
    view = el('div', { class: 'game-view', id: 'game-view' });
    picture = el(
      'div',
      { class: 'game-picture' },
      el(
        'div',
        { class: 'game-toolbar', role: 'group', 'aria-label': 'the state shown and analysed' },
        el('label', null, 'State ', picker),
        back,
        next,
        stepFacts,
        // Another play, or a state typed as text: folded away until wanted.
        el(
          'details',
          { class: 'game-more', id: 'game-more' },
          el('summary', null, 'Another play or state'),
          el(
            'div',
            { class: 'game-more-body' },
            el('label', null, 'seed ', seed),
            el(
              'button',
              { type: 'button', class: 'small', id: 'game-replay', onClick: () => replay({ another: true }) },
              'Play again',
            ),
            el(
              'span',
              { class: 'game-text-box' },
              stateInput,
              el(
                'button',
                { type: 'button', class: 'small', id: 'game-state-go', onClick: () => goToText() },
                'Go',
              ),
            ),
          ),
        ),
      ),
      view,
    );
  }

  function fillPicker(run) {
    clear(picker);
    const key = selectionKey(settings.selection);
    const option = (value, label) => el('option', { value, selected: value === key }, label);
    picker.append(option('start', 'the start'));
    const states = (run?.describe || describe)?.states || [];
    if (states.length) {
      picker.append(
        el(
          'optgroup',
          { label: 'named in the file' },
          states.map((s) => option(`named:${s.name}`, s.name)),
        ),
      );
    }
    const p = play(run);
    if (p) {
      picker.append(
        el(
          'optgroup',
          {
            label: `the play (seed ${run.queries.play?.seed ?? defaultText(page.catalogue(), 'play', 'seed')})`,
          },
          p.steps.map((s, i) => option(`step:${i}`, `step ${i}: ${s.node}${stepSummary(s)}`)),
        ),
      );
    }
    if (settings.selection.kind === 'text') picker.append(option('text', `text: ${settings.selection.text}`));
  }

  function stepSummary(s) {
    const d = s.describe || {};
    if (d.phase?.words) return ` (${d.phase.words})`;
    if (typeof d.round === 'number')
      return ` (round ${d.round}${d.turn ? `, ${d.turn}` : ''}${d.battle ? ', a battle' : ''})`;
    if (d.phase) return ` (${d.phase}${d.messages?.length ? `, ${d.messages.length} messages` : ''})`;
    if (d.stage) return ` (${d.stage})`;
    return '';
  }

  function drawPicture() {
    if (!picture) return;
    const run = gameRun();
    fillPicker(run);
    const p = play(run);
    const s = settings.selection;
    back.disabled = !p || (s.kind === 'step' && s.index <= 0) || s.kind !== 'step';
    next.disabled = !p || (s.kind === 'step' && s.index >= p.steps.length - 1);
    stepFacts.textContent = p
      ? s.kind === 'step'
        ? `step ${s.index} of ${p.steps.length - 1}`
        : `a play of ${p.steps.length - 1} moves`
      : 'press Run for a play';
    const key = selectionKey(s) + (s.kind === 'text' ? s.text : '');
    // While the position is edited, the picture is the editor's text as last described (its start).
    const editing = positionEditor.state.on && onMap(describe);
    let node = editing ? describe.state : nodeOf(run);
    if (!node && last.key === key) node = last.node;
    // The province or territory focused on the map (the editor's keyboard use) keeps the focus.
    const focused = view.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused?.dataset?.province || focused?.dataset?.territory || null;
    clear(view);
    const game = editing ? describe : run?.describe || describe;
    const players = game?.players || [];
    if (node) {
      last = { key, node };
      view.append(stateView(node, players, game, onMap(game) ? overlayOf(node, run, game) : {}));
      if (focusKey) {
        const again = [...view.querySelectorAll('.editable')].find(
          (g) => (g.dataset.province || g.dataset.territory) === focusKey,
        );
        again?.focus();
      }
    } else if (run?.responses?.at && !run.responses.at.ok) {
      view.append(failureBlock(run.responses.at, 'state'));
    } else {
      view.append(el('p', { class: 'notice' }, `Press Run to read ${selectionLabel(settings, run)}.`));
    }
  }

  // A new selection: drawn now when its node is known, analysed by a rerun.
  function select(selection) {
    settings.selection = selection;
    drawPicture();
    page.redraw();
    if (gameRun()) page.rerun(120);
  }

  function stepBy(delta) {
    const p = play(gameRun());
    if (!p) return;
    const s = settings.selection;
    const index = s.kind === 'step' ? s.index + delta : delta > 0 ? 0 : -1;
    if (index < 0 || index >= p.steps.length) return;
    select({ kind: 'step', index });
  }

  // Plays again: with the seed typed, or (Play again) the next seed.
  function replay({ another = false } = {}) {
    if (another) {
      const used = Number(gameRun()?.queries.play?.seed ?? 1);
      settings.seed = String(Number.isFinite(used) ? used + 1 : 1);
      seed.value = settings.seed;
    }
    const read = playParams(settings);
    if (read.error) return page.toast(read.error);
    if (gameRun()) page.rerun(0);
    else page.runModel();
  }

  function goToText() {
    const text = stateInput.value.trim();
    if (text) select({ kind: 'text', text });
    else select({ kind: 'start' });
    if (!gameRun()) page.runModel();
  }

  // ---- the tabs ----

  const tabArgs = { node: (run) => nodeOf(run) };
  const sica = sicaTab(page, settings, tabArgs);
  const sbue = sbueTab(page, settings, tabArgs);
  const tabs = [
    sica,
    sbue,
    probableTab(page, settings, tabArgs),
    convergenceTab(page, settings, tabArgs),
    counterfactualTab(page, settings, tabArgs),
    mapTab(page, settings),
    gameMegTab(page, settings, tabArgs),
    treeTab(page, settings, tabArgs),
    analysesTab(page),
  ];
  // Diplomacy's models also have the Adjudicate tab (one list each, so the tab bar sees the same one).
  const diplomacyTabs = [...tabs.slice(0, -1), adjudicateTab(page, settings, tabArgs), tabs[tabs.length - 1]];

  // The selection after a new play: a step beyond its end, or a state no longer named, is the start.
  function keepSelection(run) {
    const s = settings.selection;
    const p = play(run);
    if (s.kind === 'step' && (!p || s.index >= p.steps.length)) settings.selection = { kind: 'start' };
    if (s.kind === 'named' && !(run.describe.states || []).some((n) => n.name === s.name)) {
      settings.selection = { kind: 'start' };
    }
  }

  // The view a share link carries: the state picked, the explained player and action, the play's
  // seed and the SBUE scale. Names are checked against the game when it is read (keepSelection,
  // explainedEntry), so a link naming what the game lacks falls back to the defaults.
  function viewState() {
    const s = settings.selection;
    const state =
      s.kind === 'named'
        ? `named:${s.name}`
        : s.kind === 'step'
          ? `step:${s.index}`
          : s.kind === 'text'
            ? `text:${s.text}`
            : '';
    return {
      state,
      player: settings.player || '',
      action: settings.action ? JSON.stringify(settings.action) : '',
      seed: settings.seed || '',
      scale: settings.scale === 'z' ? 'z' : '',
    };
  }

  function setView(view) {
    const state = view.state || '';
    if (state.startsWith('named:')) settings.selection = { kind: 'named', name: state.slice(6) };
    else if (/^step:\d{1,6}$/.test(state))
      settings.selection = { kind: 'step', index: Number(state.slice(5)) };
    else if (state.startsWith('text:')) settings.selection = { kind: 'text', text: state.slice(5) };
    else settings.selection = { kind: 'start' };
    settings.player = view.player || null;
    settings.action = null;
    try {
      const action = view.action ? JSON.parse(view.action) : null;
      if (action && typeof action === 'object' && !Array.isArray(action)) {
        settings.action = Object.fromEntries(Object.entries(action).map(([k, v]) => [k, String(v)]));
      }
    } catch {
      settings.action = null;
    }
    if (/^\d{1,15}$/.test(view.seed || '')) settings.seed = view.seed;
    settings.scale = view.scale === 'z' ? 'z' : 'mean';
    if (seed) seed.value = settings.seed;
  }

  return {
    name: 'game',
    kinds: ['game'],
    // The tabs of the game shown: the run's (or, before one, the editor's model's).
    get tabs() {
      return (gameRun()?.describe || describe)?.builtin === 'diplomacy' ? diplomacyTabs : tabs;
    },
    settings,
    viewState,
    setView,
    show(newDescribe) {
      page.showPicture('picture');
      if (!picture) buildPicture();
      const host = page.$('picture');
      if (picture.parentNode !== host) clear(host).append(picture);
      host.classList.add('game-host');
      describe = newDescribe;
      seed.value = settings.seed;
      drawPicture();
    },
    hide() {
      const host = page.$('picture');
      host.classList.remove('game-host');
      clear(host);
    },
    changed: () => drawPicture(),
    async run(ask, run) {
      const played = playParams(settings);
      if (played.error) page.toast(played.error);
      run.queries.play = played.params || {};
      await ask('Playing', 'play', run.queries.play, { key: 'play', cache: true });
      keepSelection(run);
      const state = stateParams(settings, run);
      if (settings.selection.kind === 'named' || settings.selection.kind === 'text') {
        run.queries.at = state;
        await ask('Reading the state', 'describe', state, { key: 'at', cache: true });
      }
      const node = nodeOf(run);
      const steps = [
        ['SICA', 'sica', 'sica', sicaParams(settings, run)],
        ['SBUE', 'sbue', 'sbue', sbueParams(settings, run, node)],
        ['Probable actions', 'probable_actions', 'probable', probableParams(settings, run, node)],
      ];
      for (const [label, analysis, key, read] of steps) {
        if (read.error) page.toast(read.error);
        if (!read.params) continue;
        run.queries[key] = read.params;
        await ask(label, analysis, read.params, { key, cache: true });
      }
    },
  };
}

export const gameKind = { kinds: ['game'], create: createGameKind };
