// The page's kind modules: one per model kind it has views for, chosen by the kind a reply names.
// A kind without a module of its own gets the generic one (generic/), which offers every analysis
// the engine's catalogue lists for it, so a new kind works on the page from its first day.
//
// A kind module is {name, kinds, tabs, show(describe, text, kind), hide(), run(ask, run, previous),
// describeParams?(), resetDescribeParams?(), changed?(), exportPng?(basename)}: `show` draws the
// picture of the model in the editor, `run` asks what the Run button asks (through the lifecycle's
// `ask`), `tabs` are the results panel's tabs (views/tabs.js).
import { createScimKind } from './scim/index.js';
import { createGridworldKind } from './gridworld/index.js';
import { createGenericKind } from './generic/index.js';

const MODULES = [createScimKind, createGridworldKind];

export function createKinds(page) {
  const modules = MODULES.map((create) => create(page));
  const generic = new Map();
  return {
    forKind(kind) {
      const module = modules.find((m) => m.kinds.includes(kind));
      if (module) return module;
      if (!generic.has(kind)) generic.set(kind, createGenericKind(page, kind));
      return generic.get(kind);
    },
  };
}
