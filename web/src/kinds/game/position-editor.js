// The position editor of a game on a map: with it on, a click (or Enter) on a province or territory
// applies the tool chosen above the map, and the position that results is written into the model's
// text as its top-level "position" (the editor applies it as one undoable change; the rest of the text,
// comments included, stays as it is). The position edited is the model's start as the engine last
// described it; the engine reads the new text and reports any mistake at its line and column.
// Diplomacy: place an army or a fleet of a power (a fleet on a province with split coasts goes on its
// first coast, and on the next one at each further click), remove a unit, or give a supply centre to a
// power (a second click leaves it unowned). Risk: give a territory to a player with a number of armies.
import { el } from '../../views/dom.js';
import { setTopLevelValue } from '../../editor/model-edit.js';

// The model file's position of a Diplomacy state's describe `d`, on `board`.
export function diplomacyPosition(board, d) {
  const powers = (board.powers || []).map((p) => p.name);
  const position = {
    phase: d.phase?.code || 'S1901M',
    units: Object.fromEntries(
      powers.map((p) => [p, (d.units || []).filter((u) => u.power === p).map((u) => u.unit)]),
    ),
    centres: Object.fromEntries(powers.map((p) => [p, [...(d.centres?.[p] || [])]])),
  };
  if ((d.dislodged || []).length) {
    position.dislodged = {};
    for (const x of d.dislodged) {
      (position.dislodged[x.power] ||= []).push({ unit: x.unit, from: x.from });
    }
  }
  return position;
}

// The model file's position of a Risk state's describe `d`.
export function riskPosition(d) {
  return Object.fromEntries((d.territories || []).map((t) => [t.id, { owner: t.owner, armies: t.armies }]));
}

// Diplomacy's edit of `position` at province `id` with `tool` ({action: 'A' | 'F' | 'remove' |
// 'centre', power}); returns {position} or {error} (said to the user).
export function editDiplomacy(board, position, id, tool) {
  const province = (board.provinces || []).find((p) => String(p.id).toUpperCase() === id);
  if (!province) return { error: `There is no province ${id}.` };
  const next = structuredClone(position);
  if (tool.action === 'centre') {
    if (!province.supply) return { error: `${province.name} is not a supply centre.` };
    const owned = (next.centres[tool.power] || []).includes(id);
    for (const power of Object.keys(next.centres))
      next.centres[power] = next.centres[power].filter((c) => c !== id);
    if (!owned) next.centres[tool.power] = [...(next.centres[tool.power] || []), id];
    return { position: next };
  }
  // The unit standing in the province (any coast) is taken off first.
  const here = (unit) => String(unit).split(/\s+/)[1]?.split('/')[0].toUpperCase() === id;
  let previous = null;
  for (const power of Object.keys(next.units)) {
    const kept = [];
    for (const unit of next.units[power]) {
      if (here(unit)) previous = { power, unit };
      else kept.push(unit);
    }
    next.units[power] = kept;
  }
  if (tool.action === 'remove')
    return previous ? { position: next } : { error: `No unit stands in ${province.name}.` };
  if (tool.action === 'A' && province.type === 'sea')
    return { error: `An army cannot stand at sea (${province.name}).` };
  if (tool.action === 'F' && province.type === 'land') {
    return { error: `A fleet cannot stand inland (${province.name}).` };
  }
  let where = id;
  const coasts = (province.coasts || []).map((c) => (c.name.includes('/') ? c.name : `${id}/${c.name}`));
  if (tool.action === 'F' && coasts.length) {
    // The first coast; the next one when the power's fleet is already on a coast here.
    const at = previous?.power === tool.power ? coasts.indexOf(String(previous.unit).split(/\s+/)[1]) : -1;
    where = coasts[(at + 1) % coasts.length];
  }
  next.units[tool.power] = [...(next.units[tool.power] || []), `${tool.action} ${where}`];
  return { position: next };
}

// The position editor's state and controls; `page` is the page's API (editorText, editModel, toast),
// `redraw` draws the picture again (a tool changed).
export function createPositionEditor(page, redraw) {
  const editor = { on: false, action: 'A', power: null, armies: '3' };

  function toolbar(describe) {
    const diplomacy = describe?.builtin === 'diplomacy';
    const board = describe?.board || {};
    const names = diplomacy
      ? (board.powers || []).map((p) => p.name)
      : (board.players || []).map((p) => p.name);
    if (!names.includes(editor.power)) editor.power = names[0] || null;
    const toggle = el(
      'button',
      {
        type: 'button',
        class: `small${editor.on ? ' primary' : ''}`,
        id: 'board-edit',
        'aria-pressed': editor.on ? 'true' : 'false',
        onClick: () => {
          editor.on = !editor.on;
          redraw({ editing: editor.on });
        },
      },
      editor.on ? 'Done editing' : 'Edit the position',
    );
    const controls = [toggle];
    if (editor.on) {
      controls.push(
        el(
          'label',
          null,
          diplomacy ? 'power ' : 'player ',
          el(
            'select',
            {
              id: 'board-edit-power',
              onChange: (event) => {
                editor.power = event.target.value;
              },
            },
            names.map((n) => el('option', { value: n, selected: n === editor.power }, n)),
          ),
        ),
      );
      if (diplomacy) {
        const actions = [
          ['A', 'place an army'],
          ['F', 'place a fleet'],
          ['remove', 'remove a unit'],
          ['centre', 'own a supply centre'],
        ];
        controls.push(
          el(
            'label',
            null,
            'click to ',
            el(
              'select',
              {
                id: 'board-edit-action',
                onChange: (event) => {
                  editor.action = event.target.value;
                },
              },
              actions.map(([v, words]) => el('option', { value: v, selected: v === editor.action }, words)),
            ),
          ),
        );
      } else {
        controls.push(
          el(
            'label',
            null,
            'armies ',
            el('input', {
              id: 'board-edit-armies',
              type: 'number',
              min: 1,
              max: 999,
              value: editor.armies,
              onInput: (event) => {
                editor.armies = event.target.value;
              },
            }),
          ),
        );
      }
      controls.push(
        el(
          'span',
          { class: 'explain' },
          diplomacy
            ? 'Click a province (or focus it and press Enter); each click writes the "position" of the model. Named states written as moves are played from it: the engine marks any that no longer fit.'
            : 'Click a territory to give it to the player with these armies; each click writes the "position" of the model.',
        ),
      );
    }
    return el(
      'div',
      { class: 'board-edit-tools', role: 'group', 'aria-label': 'the position editor' },
      controls,
    );
  }

  // A click on province or territory `id` of the start `node` of the model `describe`.
  function place(id, node, describe) {
    const d = node?.describe || {};
    let position;
    if (describe?.builtin === 'diplomacy') {
      const r = editDiplomacy(describe.board || {}, diplomacyPosition(describe.board || {}, d), id, {
        action: editor.action,
        power: editor.power,
      });
      if (r.error) return page.toast(r.error);
      position = r.position;
    } else {
      const armies = Number(editor.armies);
      if (!Number.isInteger(armies) || armies < 1 || armies > 999) {
        return page.toast('Armies are a whole number from 1 to 999.');
      }
      position = riskPosition(d);
      position[id] = { owner: editor.power, armies };
    }
    const change = setTopLevelValue(page.editorText(), 'position', position);
    if (!change) return page.toast('The model text is not an object: the position cannot be written.');
    page.editModel(change);
  }

  return { state: editor, toolbar, place };
}
