// methods.js: the sliding-tile methods the server knows, read once from
// GET /api/methods: the algorithms and heuristics with their labels and
// properties. The page names no algorithm itself: every menu (Sliding,
// Watch, Race) and every label (Compare) comes from this list, and the
// views decide what to draw from the properties (informed, bounded
// memory, bidirectional ...), never from a name.
//
// The module waits for the list before the views that import it run; when
// the server cannot be asked, the list is empty, the menus stay empty and
// methods.error says why. <body data-methods> is "loaded" or "error".

import { el } from './lib.js';

async function load() {
  try {
    const res = await fetch('/api/methods');
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`.trim());
    const m = await res.json();
    return { algorithms: m.algorithms || [], heuristics: m.heuristics || [], error: '' };
  } catch (e) {
    return { algorithms: [], heuristics: [], error: `cannot read the server's methods (${e.message})` };
  }
}

export const methods = await load();
document.body.dataset.methods = methods.error ? 'error' : 'loaded';

// algorithm and heuristic return the entry named name, or undefined.
export const algorithm = (name) => methods.algorithms.find((a) => a.name === name);
export const heuristic = (name) => methods.heuristics.find((h) => h.name === name);

// algorithmsFor lists the algorithms that pass keep, in the server's order.
export const algorithmsFor = (keep = () => true) => methods.algorithms.filter(keep);

// heuristicsOf lists the heuristics the page offers with algorithm a: none
// when a is not informed, else those that need no pattern databases (the
// fastest method, the default algorithm, uses the databases by itself).
export function heuristicsOf(a) {
  return a?.informed ? methods.heuristics.filter((h) => !h.databases) : [];
}

// label names a method for people: an algorithm's label, with its
// heuristic's in brackets when it has one ("-" is none). Names the list
// does not hold (a compare row such as "table") stay as they are.
export function label(algo, heur = '') {
  const name = algorithm(algo)?.label ?? algo;
  if (!heur || heur === '-') return name;
  return `${name} (${heuristic(heur)?.label ?? heur})`;
}

// fill replaces a <select>'s options with [value, text] pairs and selects
// the first of prefer that is one of them, else the first option.
export function fill(select, options, ...prefer) {
  select.replaceChildren(...options.map(([v, t]) => el('option', { value: v }, t)));
  select.value = prefer.find((v) => v !== undefined && options.some(([k]) => k === v)) ?? options[0]?.[0] ?? '';
}

// describe says in a few words what algorithm a does, and whether its
// lengths are proven the fewest.
export function describe(a) {
  if (!a) return '';
  return `${a.label}: ${a.doc}${a.optimal ? '' : ' (not proven the fewest moves)'}.`;
}

// defaultAlgorithm is the algorithm the server answers with when none is
// named; defaultHeuristic the heuristic when none is named.
export const defaultAlgorithm = () => methods.algorithms.find((a) => a.default) ?? methods.algorithms[0];
export const defaultHeuristic = () => methods.heuristics.find((h) => h.default) ?? methods.heuristics[0];

// heuristicMenu fills a heuristic <select> with what algorithm a takes,
// choosing want if given, else the choice it had, else the default
// heuristic; it disables the menu, showing every heuristic, when a takes
// none. It reports whether a takes a heuristic.
export function heuristicMenu(select, a, want = undefined) {
  const hs = heuristicsOf(a);
  const shown = hs.length ? hs : methods.heuristics.filter((h) => !h.databases);
  fill(select, shown.map((h) => [h.name, h.label]), want, select.value, defaultHeuristic()?.name);
  select.disabled = hs.length === 0;
  return hs.length > 0;
}
