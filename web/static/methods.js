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

// fits reports whether an entry works on a w x h board: entries that
// list their sizes work on those only.
const fits = (m, size) => !size || !m.sizes?.length || m.sizes.includes(size);

// algorithmsFor lists the algorithms that work on boards of size (WxH; ""
// for any) and pass keep.
export const algorithmsFor = (size, keep = () => true) => methods.algorithms.filter((a) => fits(a, size) && keep(a));

// heuristicsOf lists the heuristics algorithm a takes on boards of size
// (none when a is not informed), without those the server cannot use (a
// heuristic of pattern databases on a server without them).
export function heuristicsOf(a, size = '') {
  if (!a?.informed) return [];
  const names = a.heuristics?.length ? a.heuristics : methods.heuristics.map((h) => h.name);
  return names.map(heuristic).filter((h) => h && h.available !== false && fits(h, size));
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

// describe says in a few words what algorithm a promises: whether its
// answers are proven the fewest moves, the memory it takes, whether it
// searches from both ends.
export function describe(a) {
  if (!a) return '';
  const parts = [a.optimal ? 'proven fewest moves' : 'not proven the fewest moves',
    a.bounded_memory ? 'little memory' : 'keeps every board it reaches'];
  if (a.bidirectional) parts.push('searches from both ends');
  if (a.weight) parts.push(`heuristic weighted ×${a.weight}`);
  const text = parts.join(', ');
  return `${a.label}: ${text}.`;
}

// defaultAlgorithm is the algorithm the server answers with when none is
// named; defaultHeuristic the heuristic when none is named.
export const defaultAlgorithm = () => methods.algorithms.find((a) => a.default) ?? methods.algorithms[0];
export const defaultHeuristic = () => methods.heuristics.find((h) => h.default) ?? methods.heuristics[0];

// heuristicMenu fills a heuristic <select> with what algorithm a takes on
// boards of size, keeping the choice where it can (else want, else the
// default heuristic), and disables it when a takes none. It reports
// whether a takes a heuristic.
export function heuristicMenu(select, a, size = '', want = undefined) {
  const hs = heuristicsOf(a, size);
  const shown = hs.length ? hs : methods.heuristics.filter((h) => h.available !== false && fits(h, size));
  fill(select, shown.map((h) => [h.name, h.label]), want, select.value, defaultHeuristic()?.name);
  select.disabled = hs.length === 0;
  return hs.length > 0;
}
