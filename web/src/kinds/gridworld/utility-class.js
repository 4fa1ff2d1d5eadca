// The unknown-utility class of a gridworld's or MDP's MEG: any utility per state ("tabular"), or what
// a small neural network over state features can express ("mlp"), with its hidden units and the seed
// of its initial weights. The controls are made from the catalogue's ParamSpecs of "meg" (their
// choices, defaults and ranges), so they follow the engine; the choice is sent with every
// unknown-utility request of a run (meg and the sweeps).
import { el } from '../../views/dom.js';
import { paramForm, analysisSpec } from '../../views/form.js';

const CLASS_PARAMS = ['class', 'hidden', 'seed'];

export function createUtilityClass(page) {
  let params = {}; // the class's params as the form reads them (defaults left out)

  return {
    // The params to add to an unknown-utility request.
    params: () => ({ ...params }),
    // The controls for a run of a kind whose "meg" lists the class (null when it does not).
    render(run) {
      const specs = (analysisSpec(page.catalogue(), run.kind, 'meg')?.params || []).filter((p) =>
        CLASS_PARAMS.includes(p.name),
      );
      const classSpec = specs.find((p) => p.name === 'class');
      if (!classSpec) return null;
      // The hidden units and seed belong to the MLP.
      const mlp = (params.class ?? classSpec.default) === 'mlp';
      const form = paramForm(
        specs.filter((p) => p.name === 'class' || mlp),
        { values: params, describe: run.describe, idPrefix: 'meg' },
      );
      const element = el(
        'fieldset',
        { class: 'meg-class', id: 'meg-class-picker' },
        el('legend', null, 'Unknown utility ranges over'),
        form.element,
      );
      // Asked again when a field is committed (not on every keystroke).
      element.addEventListener('change', () => {
        const read = form.read();
        if (read.error) {
          page.toast(read.error);
          return;
        }
        const classChanged = read.params.class !== params.class;
        params = read.params;
        if (classChanged) page.redraw();
        page.rerun(0);
      });
      return element;
    },
  };
}
