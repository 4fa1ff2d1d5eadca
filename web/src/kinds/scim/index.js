// The SCIM kind (structural causal influence models, Ward et al. 2024): the causal graph in the
// picture panel, and the tabs Expected utility, Optimal policies, Settings, Intention (with Causes),
// Incentives and Goal-directedness. Run asks the expected utilities, the optimal policies and the
// first page of settings; the other tabs ask for their results when they open or their button is
// pressed.
import { expectedUtilityTab } from './expected-utility.js';
import { optimalPoliciesTab } from './optimal-policies.js';
import { settingsTab, settingsParams, SETTINGS_PAGE } from './settings.js';
import { intentionTab, intentionQueryFor } from './intention/index.js';
import { incentivesTab } from './incentives.js';
import { goalTab } from './goal.js';
import { pickSettingsPolicy } from './words.js';
import { analysesTab } from '../generic/analyses.js';

export function createScimKind(page) {
  const intention = intentionTab(page);
  const tabs = [
    expectedUtilityTab(page),
    optimalPoliciesTab(page),
    settingsTab(page),
    intention,
    incentivesTab(page),
    goalTab(page),
    analysesTab(page),
  ];

  // A share link's view, used by the next run: the intention tab's policy and its selected verdict.
  let pending = null;

  return {
    name: 'scim',
    kinds: ['scim'],
    tabs,
    viewState() {
      const run = page.run();
      return {
        policy: run?.kind === 'scim' ? run.queries.intention?.policy || '' : '',
        verdict: intention.selectedVerdict() || '',
      };
    },
    setView(view) {
      pending = { policy: view.policy || null };
      if (view.verdict) intention.selectVerdict(view.verdict);
    },
    // The picture: the causal graph.
    show(describe) {
      page.showGraph(describe);
    },
    hide() {},
    async run(ask, run, previous) {
      const d = run.describe;
      const decisions = (d.decisions || []).length > 0;
      if (previous?.queries?.causes?.outcome)
        run.queries.causes = { outcome: previous.queries.causes.outcome };
      // Without decisions the model has one expected utility, with no policy.
      if ((d.policies || []).length > 0 || !decisions) {
        await ask('Expected utilities', 'expected_utility', {}, { key: 'expected_utility' });
      }
      if (decisions) await ask('Optimal policies', 'optimal_policies', {}, { key: 'optimal_policies' });
      const before = previous?.queries?.settings;
      const policy = decisions ? pickSettingsPolicy(d, run.responses.optimal_policies, before?.policy) : null;
      run.queries.settings = { policy, offset: 0, limit: before?.limit || SETTINGS_PAGE };
      if (!decisions || policy) {
        await ask('Settings', 'settings', settingsParams(run.queries.settings), { key: 'settings' });
      }
      const asked = pending?.policy ? { policy: pending.policy } : previous?.queries?.intention;
      pending = null;
      run.queries.intention = intentionQueryFor(d, run.responses.optimal_policies, asked);
      // Intention is asked for on its tab; a run made while the tab is open asks again.
      if (page.activeTabId() === 'intention') await intention.askInRun(ask, run);
    },
  };
}

export const scimKind = { kinds: ['scim'], create: createScimKind };
