// The generic kind module: for a model kind the page has no module of its own for. Its picture is
// the engine's describe reply as a collapsible tree.
import { el, clear } from '../../views/dom.js';
import { jsonTree } from '../../views/json-tree.js';

export function createGenericKind(page, kind) {
  const tabs = [
    {
      id: 'model',
      label: 'Model',
      render: (run) =>
        el(
          'div',
          { class: 'generic-model' },
          el('p', { class: 'explain' }, `A model of kind '${kind}', as the engine describes it.`),
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
      picture.append(
        el('p', { class: 'explain' }, `The page draws no picture of a '${kind}' model.`),
        jsonTree(describe),
      );
    },
    hide() {
      clear(page.$('picture'));
    },
    async run() {},
  };
}
