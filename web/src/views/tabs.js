// The results panel: the tabs of the shown model's kind (kinds/<kind>/) and the active tab's content.
// A tab is {id, label, lead, render(run) → Node, csv?(run), marks?(run), open?(run)}: `lead` is the
// tab's "what this shows" line in plain words (a string, or lead(run) → string or Node), drawn above
// its content on every tab, so no concept is explained only in a tooltip. The panel draws the one
// shown, keeps its scroll position when it is drawn again, and tells the page when another tab is
// chosen (it may ask the engine for that tab's results). The tab bar wraps onto more lines rather
// than clipping a tab, so every tab stays reachable and choosing one never moves the panel.
import { el, clear } from './dom.js';
import { diagnosticItem } from './diagnostics.js';
import { fitCharts } from './fit.js';

// `compact` (an iframe): the tabs on one line, those that do not fit offered by a menu at its end.
export function createTabsView(container, { onHover, onTab, onMarks, compact = false }) {
  let tabs = [];
  let activeTab = null;
  let run = null;
  let onReveal = null;
  let renderedTab = null;

  const tabBar = el('div', {
    class: `tabs${compact ? ' compact' : ''}`,
    role: 'tablist',
    'aria-label': 'Results',
  });
  const more = el('select', {
    class: 'tab-more',
    id: 'tab-more',
    'aria-label': 'More tabs',
    onChange: (event) => {
      const tab = tabs.find((t) => t.id === event.target.value);
      if (tab) choose(tab);
    },
  });
  const body = el('div', { class: 'results-body', role: 'tabpanel' });
  container.append(tabBar, body);

  // Hovering anything that names variables highlights them on the graph.
  body.addEventListener('pointerover', (event) => {
    const target = event.target.closest?.('[data-vars]');
    onHover(target ? target.dataset.vars.split(' ') : []);
  });
  body.addEventListener('pointerleave', () => onHover([]));

  function active() {
    return tabs.find((t) => t.id === activeTab) || null;
  }

  function choose(tab) {
    activeTab = tab.id;
    render();
    onTab?.(tab);
  }

  function fillTabBar() {
    clear(tabBar);
    for (const tab of tabs) {
      tabBar.append(
        el(
          'button',
          {
            type: 'button',
            role: 'tab',
            class: 'tab',
            id: `tab-${tab.id}`,
            dataset: { tab: tab.id },
            onClick: () => choose(tab),
            onKeydown: (event) => {
              // Arrow keys move between tabs, as in any tab list.
              const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
              if (!step) return;
              event.preventDefault();
              const i = tabs.indexOf(tab);
              const next = tabs[(i + step + tabs.length) % tabs.length];
              choose(next);
              tabBar.querySelector(`#tab-${CSS.escape(next.id)}`)?.focus();
            },
          },
          tab.label,
        ),
      );
    }
  }

  function leadOf(tab) {
    const lead = typeof tab.lead === 'function' ? tab.lead(run) : tab.lead;
    if (!lead) return null;
    // Clicking the line shows it whole where it is kept short (an iframe).
    return el(
      'p',
      {
        class: 'tab-lead',
        id: `lead-${tab.id}`,
        title: typeof lead === 'string' ? lead : null,
        onClick: (event) => event.currentTarget.classList.toggle('expanded'),
      },
      lead,
    );
  }

  // One line: the tabs that fit, the active one always among them, the others in the menu.
  function fitTabBar() {
    if (!compact) return;
    const buttons = [...tabBar.querySelectorAll('.tab')];
    for (const b of buttons) b.hidden = false;
    more.remove();
    const room = tabBar.clientWidth;
    if (!room || tabBar.scrollWidth <= room) return;
    tabBar.append(more);
    const limit = room - more.offsetWidth - 12;
    const active = buttons.find((b) => b.dataset.tab === activeTab);
    let used = active ? active.offsetWidth + 4 : 0;
    const hidden = [];
    for (const b of buttons) {
      if (b === active) continue;
      if (used + b.offsetWidth + 4 <= limit) used += b.offsetWidth + 4;
      else hidden.push(b);
    }
    for (const b of hidden) b.hidden = true;
    clear(more).append(
      el('option', { value: '', selected: true, disabled: true }, 'More…'),
      hidden.map((b) => el('option', { value: b.dataset.tab }, b.textContent)),
    );
  }
  if (compact) new ResizeObserver(() => fitTabBar()).observe(tabBar);

  function renderBody() {
    for (const button of tabBar.querySelectorAll('.tab')) {
      const selected = button.dataset.tab === activeTab;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      button.classList.toggle('active', selected);
    }
    clear(body);
    const tab = active();
    if (!run) {
      if (tab) body.append(leadOf(tab) || '');
      body.append(el('p', { class: 'notice' }, 'Press Run (Ctrl+Enter) to analyse the model.'));
      return;
    }
    if (run.failure) {
      body.append(
        el(
          'div',
          { class: 'failure' },
          el('p', null, 'The model has errors; fix them to run it:'),
          el(
            'ul',
            { class: 'diagnostics' },
            (run.failure.diagnostics || []).map((d) => diagnosticItem(d, onReveal)),
          ),
        ),
      );
      return;
    }
    if (tab) body.append(...[leadOf(tab), tab.render(run)].flat(Infinity).filter(Boolean));
  }

  // Drawing the same tab again keeps its scroll position (a click on a row, "Show more").
  function render() {
    const scroll = renderedTab === activeTab ? body.scrollTop : 0;
    renderBody();
    fitTabBar();
    fitCharts(body);
    renderedTab = activeTab;
    body.scrollTop = scroll;
    const tab = active();
    onMarks?.(run && !run.failure && tab?.marks ? tab.marks(run) : null);
  }

  return {
    // The tabs of the kind shown (the same list again changes nothing); the active tab stays when
    // the kind has it, else the kind's first.
    setTabs(newTabs) {
      if (newTabs === tabs) return;
      tabs = newTabs;
      fillTabBar();
      if (!active()) activeTab = tabs[0]?.id ?? null;
      renderedTab = null;
      render();
    },
    // Shows a run (null: none yet) and where its diagnostics point in the editor.
    show(newRun, reveal) {
      if (run?.describe !== newRun?.describe) renderedTab = null;
      run = newRun;
      onReveal = reveal;
      render();
    },
    render,
    // Chooses a tab by id (a share link's); `quiet` does not ask for its results (the run will).
    // An id the kind does not have yet is kept until its tabs are set.
    select(id, { quiet = false } = {}) {
      activeTab = String(id);
      const tab = active();
      if (!tab) return;
      render();
      if (!quiet) onTab?.(tab);
    },
    // The panel changed size: charts fit it again.
    relayout() {
      fitCharts(body);
    },
    activeTab: () => active(),
    // The id of the tab chosen, even before the kind's tabs are set (a link's tab, the first run).
    activeId: () => activeTab,
    // The element a tab's content is drawn in (to keep the keyboard focus across a redraw).
    body,
    // Marks the table cells and headers of the named variables.
    highlight(names) {
      const set = new Set(names);
      for (const cell of body.querySelectorAll('[data-vars]')) {
        const vars = cell.dataset.vars.split(' ');
        cell.classList.toggle(
          'hover',
          cell.tagName !== 'TR' && cell.tagName !== 'H3' && vars.length === 1 && set.has(vars[0]),
        );
      }
    },
  };
}
