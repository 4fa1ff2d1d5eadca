// The page's kind modules: one per model kind it has views for, chosen by the kind a reply names.
// A kind without a module of its own gets the generic one (generic/), which offers every analysis
// the engine's catalogue lists for it, so a new kind works on the page from its first day.
//
// A kind module is {name, kinds, tabs, show(describe, text, kind), hide(), run(ask, run, previous),
// describeParams?(), resetDescribeParams?(), changed?(), exportPng?(basename)}: `show` draws the
// picture of the model in the editor, `run` asks what the Run button asks (through the lifecycle's
// `ask`), `tabs` are the results panel's tabs (views/tabs.js). Modules are made when first needed.
// Adding a kind module: a folder kinds/<kind>/ exporting its entry, and one line below.
import { scimKind } from './scim/index.js';
import { gridworldKind } from './gridworld/index.js';
import { adventureKind } from './adventure/index.js';
import { gameKind } from './game/index.js';
import { createGenericKind } from './generic/index.js';

const ENTRIES = [scimKind, gridworldKind, adventureKind, gameKind];

export function createKinds(page, entries = ENTRIES) {
  const made = new Map(); // entry or kind name → module
  return {
    // Whether a kind has a module of its own.
    known: (kind) => entries.some((e) => e.kinds.includes(kind)),
    forKind(kind) {
      const entry = entries.find((e) => e.kinds.includes(kind));
      const key = entry || kind;
      if (!made.has(key)) made.set(key, entry ? entry.create(page) : createGenericKind(page, kind));
      return made.get(key);
    },
  };
}
