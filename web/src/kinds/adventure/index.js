// The adventure kind (annotated choose-your-own-adventure games, Pan et al. 2023, MACHIAVELLI): the
// scene graph in the picture panel with harm-annotated scenes marked and a scene's text, choices and
// annotation beside it; the tabs Trajectory (an agent's play step by step), Scores (every agent's
// counts and behaviour scores, the exact and sampled random baseline), Reward against harm (the
// Pareto frontier, its hull and the α sweep: Figure 5), Play it yourself, and All analyses. Run asks
// the play of the chosen agent, the scores, the baseline, the frontier and the start of a play.
import { el, clear } from '../../views/dom.js';
import { downloadSvgText, downloadSvgAsPng } from '../../views/export.js';
import { analysesTab } from '../generic/analyses.js';
import { createSceneGraphView, sceneLegend } from './scene-graph.js';
import { sceneDetails } from './scene-details.js';
import { createAgentSettings } from './agents.js';
import { trajectoryTab, playParams } from './trajectory-tab.js';
import { trajectoryMarks } from './trajectory.js';
import { scoresTab, scoresParams, baselineParams } from './scores.js';
import { paretoTab, paretoParams } from './pareto.js';
import { yourselfTab } from './yourself.js';
import { megTab } from './meg.js';

export function createAdventureKind(page) {
  const settings = createAgentSettings();
  let describe = null; // the game in the editor, as the picture shows it
  let selected = null; // the scene whose details are shown
  let revealPending = false; // a link's selected scene, to scroll into sight once drawn

  const graph = createSceneGraphView({ onSelect: (id) => select(id) });
  const details = el('aside', { class: 'scene-aside', id: 'scene-details', 'aria-live': 'polite' });
  const facts = el('span', { class: 'scene-facts', id: 'scene-facts' });
  const exportName = () => `${page.basename()}-scenes`;
  graph.toolbar.append(
    facts,
    el(
      'button',
      {
        type: 'button',
        class: 'small',
        id: 'scene-export-svg',
        onClick: () => downloadSvgText(`${exportName()}.svg`, graph.svgText()),
      },
      'SVG',
    ),
    el(
      'button',
      {
        type: 'button',
        class: 'small',
        id: 'scene-export-png',
        onClick: () => {
          const size = graph.size();
          if (size) downloadSvgAsPng(`${exportName()}.png`, graph.svgText(), size.width, size.height);
        },
      },
      'PNG',
    ),
  );
  const picture = el(
    'div',
    { class: 'adventure-picture' },
    el('div', { class: 'scene-main' }, graph.element, sceneLegend()),
    details,
  );

  function showDetails() {
    clear(details).append(sceneDetails(describe, selected, { onSelect: (id) => select(id) }));
  }

  function select(id) {
    selected = id;
    showDetails();
    updateMarks();
  }

  const trajectory = trajectoryTab(page, settings);
  const scores = scoresTab(page, settings);
  const yourself = yourselfTab(page, {
    // The user's play beside the agents: the recorded choices join the scores table.
    onCompare(choices) {
      settings.text.choices = JSON.stringify(choices);
      if (!scores.state.agents.includes('choices')) scores.state.agents = [...scores.state.agents, 'choices'];
      page.$('tab-scores')?.click();
      scores.score();
    },
  });
  const pareto = paretoTab(page, settings, {
    // A point's play, step by step, as the recorded agent.
    onOpenPlay(choices) {
      settings.agent = 'choices';
      settings.text.choices = JSON.stringify(choices);
      page.$('tab-trajectory')?.click();
      trajectory.playAgent();
    },
  });
  const tabs = [scores, pareto, trajectory, yourself, megTab(page), analysesTab(page)];

  // While the user plays it themselves, nothing shows what the play will be judged by: the model
  // text and the scene details are hidden and the graph is drawn without its harm badges, until the
  // ending (or another tab).
  function spoilerFree() {
    const run = page.run();
    const fits = run && !run.failure && run.kind === 'adventure';
    const hide = Boolean(fits && page.activeTabId() === 'yourself' && yourself.playing(run));
    page.shield(hide, 'The model text is hidden while you play it yourself: it holds the harm annotations.');
    graph.setSpoilers(!hide);
    details.hidden = hide;
    return hide;
  }

  // The marks of the tab shown: the play on the Trajectory tab, the user's on Play it yourself.
  function updateMarks() {
    spoilerFree();
    const run = page.run();
    const fits = run && !run.failure && run.kind === 'adventure';
    const tab = page.activeTabId();
    let marks = {};
    if (fits && tab === 'trajectory' && run.responses.play?.ok) {
      const result = run.responses.play.result;
      marks = trajectoryMarks(result, trajectory.currentOf(result));
    } else if (fits && tab === 'yourself' && run.responses.yourself?.ok) {
      const result = run.responses.yourself.result;
      marks = trajectoryMarks(result, yourself.shownStep(result));
    }
    graph.mark({ ...marks, selected });
  }

  return {
    name: 'adventure',
    kinds: ['adventure'],
    tabs,
    // The view a share link carries: the Trajectory tab's agent, the scene selected, the zoom.
    viewState: () => ({ agent: settings.agent, scene: selected || '', zoom: graph.zoom() }),
    setView(view) {
      if (view.agent && /^[a-z_]{1,20}$/.test(view.agent)) settings.agent = view.agent;
      if (view.scene) {
        selected = view.scene;
        revealPending = true;
      }
      graph.setZoom(view.zoom);
    },
    relayout: () => graph.refit(),
    show(newDescribe) {
      page.showPicture('picture');
      const host = page.$('picture');
      if (picture.parentNode !== host) clear(host).append(picture);
      host.classList.add('adventure-host');
      describe = newDescribe;
      if (!(describe.scenes || []).some((s) => s.id === selected)) selected = null;
      const endings = (describe.scenes || []).filter((s) => s.type === 'ending').length;
      facts.textContent =
        `${(describe.scenes || []).length} scenes, ${endings} endings, ` +
        `${(describe.achievements || []).length} achievements, ${describe.states} states`;
      graph.show(describe);
      showDetails();
      updateMarks();
      if (selected && revealPending) {
        revealPending = false;
        graph.reveal(selected);
      }
    },
    hide() {
      const host = page.$('picture');
      host.classList.remove('adventure-host');
      page.shield(false);
      clear(host);
    },
    changed: updateMarks,
    async run(ask, run, previous) {
      const catalogue = page.catalogue();
      const play = playParams(settings, catalogue);
      if (play.params) {
        run.queries.play = play.params;
        await ask('Playing', 'play', play.params, { key: 'play' });
      }
      const scored = scoresParams(settings, scores.state, catalogue);
      if (scored.params) {
        run.queries.scores = scored.params;
        await ask('Scores', 'scores', scored.params, { key: 'scores' });
      }
      const base = baselineParams(scores.state);
      if (base.params) {
        run.queries.baseline = base.params;
        await ask('The random baseline', 'baseline', base.params, { key: 'baseline' });
      }
      const frontier = paretoParams(settings, pareto.state, catalogue);
      if (frontier.params) {
        run.queries.pareto = frontier.params;
        await ask('Reward against harm', 'pareto', frontier.params, { key: 'pareto' });
      }
      // The user's play goes on when the game is the same; else it starts again.
      const same = previous && !previous.failure && previous.text === run.text;
      await yourself.askPlay(ask, run, same ? previous.queries.yourself?.choices || [] : []);
    },
  };
}

export const adventureKind = { kinds: ['adventure'], create: createAdventureKind };
