// The generic kind module, for a model kind the page has no module of its own for (a kind the engine
// gained after the page): the Analyses tab offers every analysis the catalogue lists for the kind,
// with a form per analysis; the Model tab and the picture show the engine's describe reply as a
// collapsible tree. Run reads the model; the analyses run from their forms.
import { el, clear } from '../../views/dom.js';
import { jsonTree } from '../../views/json-tree.js';
import { analysesTab } from './analyses.js';

export function createGenericKind(page, kind) {
  const tabs = [
    analysesTab(page),
    {
      id: 'model',
      label: 'Model',
      lead: 'The model as the engine reads it: everything its analyses work from.',
      render: (run) =>
        el(
          'div',
          { class: 'generic-model' },
          el('p', { class: 'explain' }, `A model of kind '${run.kind}', as the engine describes it.`),
          jsonTree(run.describe),
        ),
    },
  ];
  return {
    name: 'generic',
    kinds: [kind],
    tabs,
    show(describe) {
      page.showPicture('picture');
      const picture = clear(page.$('picture'));
      const summary = page.catalogue()?.kinds?.find((k) => k.name === kind)?.summary;
      picture.append(
        el(
          'p',
          { class: 'explain' },
          summary || `A '${kind}' model.`,
          ' The page draws no picture of it yet.',
        ),
        jsonTree(describe),
      );
    },
    hide() {
      clear(page.$('picture'));
    },
    async run() {},
  };
}
