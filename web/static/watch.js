// watch.js: the Watch view: trace a search through /api/trace/... and
// step through it. Three puzzles: a sliding board (the frontier or the
// current path drawn as small boards with g, h and f; the node being
// expanded; the counters; IDA* and IDDFS thresholds), a one-stroke board
// (the chain growing and backing up, the best chain, the cuts) and a
// Sudoku (each step with its rule; givens, placed and guessed digits
// styled apart).

import { $, $$, el, fmtInt, setState, busy, run, api, after, readInput } from './lib.js';
import { Stepper } from './stepper.js';
import { algorithm, algorithmsFor, fill, heuristicMenu, label } from './methods.js';

const stepper = new Stepper('watch', 'watch');
after.watch = () => {
  stepper.update();
  if (!busy('watch')) heuristicMenu($('#watch-heuristic'), algorithm($('#watch-algo').value));
};

// fillWatchMethods offers the algorithms that can be traced, choosing the
// optimal informed one that keeps one frontier (A*): the textbook
// best-first search, whose open list is the most telling to watch.
function fillWatchMethods() {
  const algs = algorithmsFor((a) => a.traceable);
  const first = algs.find((a) => a.informed && a.optimal && !a.bounded_memory && !a.bidirectional) ?? algs[0];
  fill($('#watch-algo'), algs.map((a) => [a.name, a.label]), $('#watch-algo').value, first?.name);
  heuristicMenu($('#watch-heuristic'), algorithm($('#watch-algo').value));
}

const MODES = ['sliding', 'stroke', 'sudoku'];
let mode = 'sliding';

function setMode(m, focus = false) {
  mode = m;
  for (const b of $$('#watch-modes [role=radio]')) {
    const on = b.dataset.mode === m;
    b.setAttribute('aria-checked', String(on));
    b.tabIndex = on ? 0 : -1;
    if (on && focus) b.focus();
  }
  for (const part of $$('#view-watch [data-mode]:not([role=radio])')) part.hidden = part.dataset.mode !== m;
  $('#view-watch').dataset.mode = m;
  stepper.clear();
  clearPanels();
  if (!busy('watch')) setState('watch', 'idle', 'Ready: press Trace.');
}

for (const b of $$('#watch-modes [role=radio]')) b.addEventListener('click', () => setMode(b.dataset.mode));
$('#watch-modes').addEventListener('keydown', (e) => {
  const i = MODES.indexOf(mode);
  const j = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1 }[e.key];
  if (j === undefined) return;
  e.preventDefault();
  setMode(MODES[(j + MODES.length) % MODES.length], true);
});

function clearPanels() {
  $('#watch-counters').replaceChildren();
  $('#watch-thresholds').replaceChildren();
  $('#watch-log').replaceChildren();
}

// counters fills #watch-counters; each value gets the id watch-<key>.
function counters(pairs) {
  $('#watch-counters').replaceChildren(...pairs.flatMap(([key, label, v]) => [el('dt', {}, label), el('dd', { id: `watch-${key}` }, String(v))]));
}

function log(lines) {
  $('#watch-log').replaceChildren(...lines.map(([k, text, cls]) => el('li', { value: k, class: cls || '' }, text)));
}

// ---------------------------------------------------------------------------
// Sliding boards

// miniBoard draws a small board with a caption (g, h, f).
export function miniBoard(tiles, w, caption, cls = '') {
  const box = el('figure', { class: `mini ${cls}`.trim(), 'data-state': tiles.join(' ') });
  const grid = el('div', { class: 'mini-grid', role: 'img', 'aria-label': tiles.map((v) => v || '_').join(' ') });
  grid.style.setProperty('--w', w);
  grid.append(...tiles.map((v) => el('span', v ? {} : { class: 'blank' }, v ? String(v) : '')));
  box.append(grid);
  if (caption) box.append(el('figcaption', {}, caption));
  return box;
}

// remember records event e, number i, as a model's last, and keeps the
// numbers of the last eight events for the log.
function remember(m, e, i) {
  m.last = e;
  m.recent.push(i);
  if (m.recent.length > 8) m.recent.shift();
}

const ghf = (n) => `g ${n.g} · h ${n.h} · f ${n.f}`;

function slidingModel(tr) {
  const { start, events } = tr;
  const w = start.width;
  // What is drawn follows the algorithm's properties: a search in little
  // memory keeps only its path (drawn with the children of the node being
  // expanded), the others a frontier, ordered by f when informed.
  const a = algorithm(start.algorithm) ?? {};
  const depthFirst = !!a.bounded_memory;
  const informed = !!a.informed;
  // A bidirectional search keeps two frontiers: steps from the goal's end
  // carry backward and go to m.back.
  const bidirectional = !!a.bidirectional;
  const key = (t) => t.join(',');
  const node = (e, i) => ({ tiles: e.state, g: e.g, h: e.h, f: e.f, seq: i, depth: e.depth || 0 });
  let m;
  return {
    reset() {
      const h0 = events[0]?.kind === 'expand' ? events[0].h : 0;
      m = { open: new Map(), back: new Map(), current: null, path: [], children: [], thresholds: [], last: null, recent: [], goal: false, meet: null };
      if (!depthFirst) m.open.set(key(start.board), { tiles: start.board, g: 0, h: h0, f: h0, seq: -1 });
      if (bidirectional) m.back.set(key(start.goal), { tiles: start.goal, g: 0, h: 0, f: 0, seq: -1 });
    },
    major: (i) => events[i].kind === 'expand' || events[i].kind === 'goal',
    apply(i) {
      const e = events[i];
      const open = e.backward ? m.back : m.open;
      remember(m, e, i);
      const n = e.state && node(e, i);
      switch (e.kind) {
        case 'expand':
          m.current = n;
          if (depthFirst) {
            m.path = m.path.slice(0, e.depth);
            m.path.push(n);
            m.children = [];
          } else {
            open.delete(key(e.state));
          }
          break;
        case 'generate':
        case 'reopen':
          if (depthFirst) m.children.push(n);
          else {
            open.delete(key(e.state));
            open.set(key(e.state), { ...n, backward: !!e.backward });
          }
          break;
        case 'meet':
          m.meet = n;
          m.current = n;
          break;
        case 'duplicate':
          if (depthFirst) m.children.push({ ...n, dup: true });
          break;
        case 'prune': {
          const c = m.children.find((x) => key(x.tiles) === key(e.state) && !x.pruned);
          if (c) Object.assign(c, { pruned: true, bound: e.bound, h: e.h, f: e.f });
          else m.children.push({ ...n, pruned: true, bound: e.bound });
          break;
        }
        case 'threshold':
          m.thresholds.push(e.bound);
          m.path = [];
          m.children = [];
          m.current = null;
          break;
        case 'goal':
          m.current = n;
          m.goal = true;
          m.open.delete(key(e.state));
          break;
      }
    },
    render() {
      const e = m.last || { expanded: 0, generated: 0, frontier: depthFirst ? 0 : 1, stored: 1 };
      const pairs = [['expanded', 'expanded', fmtInt(e.expanded)], ['generated', 'generated', fmtInt(e.generated)],
        ['frontier', depthFirst ? 'path length' : 'frontier (open)', fmtInt(e.frontier)],
        ['stored', depthFirst ? 'stored (the path)' : 'visited (stored)', fmtInt(e.stored)]];
      if (m.thresholds.length) {
        pairs.push(['threshold', informed ? 'f bound' : 'depth limit', m.thresholds[m.thresholds.length - 1]]);
      }
      counters(pairs);
      $('#watch-thresholds').replaceChildren(...m.thresholds.map((b, i) => el('li', i === m.thresholds.length - 1 ? { 'aria-current': 'step' } : {}, String(b))));
      $('#watch-thresholds').hidden = m.thresholds.length === 0;

      const cur = $('#watch-current');
      const tiles = m.current ? m.current.tiles : start.board;
      cur.style.setProperty('--w', w);
      cur.dataset.state = m.current ? tiles.join(' ') : '';
      cur.classList.toggle('goal', m.goal);
      cur.replaceChildren(...tiles.map((v) => el('div', { class: v ? 'tile' : 'tile blank', 'data-value': v }, v ? String(v) : '')));
      cur.setAttribute('aria-label', `${m.goal ? 'Goal reached' : m.current ? 'Expanding' : 'Start'}: ${tiles.map((v) => v || '_').join(' ')}`);
      $('#watch-current-label').textContent = m.goal && m.meet ? `Goal reached: ${m.meet.g} moves; the two searches met at the board shown first below`
        : m.goal ? `Goal reached: ${m.current.g} moves (${ghf(m.current)})`
        : m.current ? `Expanding (${ghf(m.current)}${depthFirst ? ` · depth ${m.current.depth}` : ''})` : 'Start: press Step or Next.';

      const nodes = $('#watch-nodes');
      const LIMIT = 24;
      if (depthFirst) {
        $('#watch-nodes-title').textContent = 'Current path, then the children of the node being expanded';
        const path = m.path.map((n, i) => miniBoard(n.tiles, w, `${i === m.path.length - 1 ? '▶ ' : ''}${ghf(n)}`, i === m.path.length - 1 ? 'path current' : 'path'));
        const kids = m.children.map((n) => miniBoard(n.tiles, w, n.pruned ? `cut: ${informed ? `f ${n.f}` : `depth ${n.depth}`} > ${n.bound}` : n.dup ? 'on the path: skipped' : ghf(n),
          n.pruned ? 'pruned' : n.dup ? 'dup' : 'child'));
        nodes.replaceChildren(...path.slice(-LIMIT), ...(kids.length ? [el('span', { class: 'sep', 'aria-hidden': 'true' }, '→')] : []), ...kids);
      } else if (bidirectional) {
        $('#watch-nodes-title').textContent = 'Two queues: from the start (g = moves from the start), then from the goal (g = moves to the goal)';
        const side = (map, cls) => {
          const list = [...map.values()];
          const minis = list.slice(0, LIMIT / 2).map((n) => miniBoard(n.tiles, w, `g ${n.g}`, cls));
          if (list.length > LIMIT / 2) minis.push(el('p', { class: 'more' }, `and ${fmtInt(list.length - LIMIT / 2)} more`));
          return minis;
        };
        const met = m.meet ? [miniBoard(m.meet.tiles, w, `met: ${m.meet.g} moves`, 'meet'), el('span', { class: 'sep', 'aria-hidden': 'true' }, '·')] : [];
        nodes.replaceChildren(...met, ...side(m.open, 'forward'), el('span', { class: 'sep', 'aria-hidden': 'true' }, '⇄'), ...side(m.back, 'backward'));
        nodes.dataset.forward = String(m.open.size);
        nodes.dataset.backward = String(m.back.size);
      } else {
        $('#watch-nodes-title').textContent = informed ? 'Open list, least f first (ties: larger g first)' : 'Queue, first in first out';
        let list = [...m.open.values()];
        if (informed) list.sort((x, y) => x.f - y.f || y.g - x.g || x.seq - y.seq);
        const lastSeq = m.last?.kind === 'generate' || m.last?.kind === 'reopen' ? m.recent[m.recent.length - 1] : -2;
        const minis = list.slice(0, LIMIT).map((n, i) => miniBoard(n.tiles, w, informed ? ghf(n) : `g ${n.g}`,
          [i === 0 ? 'next' : '', n.seq === lastSeq ? 'new' : ''].join(' ')));
        if (list.length > LIMIT) minis.push(el('p', { class: 'more' }, `and ${fmtInt(list.length - LIMIT)} more`));
        nodes.replaceChildren(...minis);
      }
      log([...m.recent].reverse().map((i) => {
        const x = events[i];
        const costs = x.kind === 'duplicate' ? `g ${x.g}` : `g ${x.g}${informed ? ` h ${x.h} f ${x.f}` : ''}`;
        const cut = x.kind === 'prune' ? (informed ? ` > bound ${x.bound}` : ` at depth limit ${x.bound}`) : '';
        const text = x.kind === 'threshold' ? `threshold → ${x.bound}`
          : `${x.backward ? '← ' : ''}${x.kind}: ${costs}${cut} · ${x.state.map((v) => v || '_').join(x.state.length > 9 ? ' ' : '')}`;
        return [i + 1, text, x.kind];
      }));
    },
  };
}

// ---------------------------------------------------------------------------
// One-stroke boards

const COLOURS = { A: '#e6194b', B: '#4363d8', C: '#3cb44b', D: '#ffd60a', E: '#911eb4', F: '#f58231', R: '#e6194b', G: '#3cb44b', Y: '#ffd60a' };
const colourOf = (ch) => COLOURS[ch] || `hsl(${((ch.charCodeAt(0) - 65) * 137) % 360} 65% 55%)`;

function strokeModel(tr) {
  const { start, events } = tr;
  const board = $('#watch-stroke-board');
  board.style.setProperty('--rows', start.rows);
  board.style.setProperty('--cols', start.cols);
  board.replaceChildren(...[...start.cells].map((ch, i) => {
    const c = el('div', { class: 'cell', 'data-colour': ch, 'data-i': i });
    if (ch !== 'O' && ch !== '.') c.style.setProperty('--c', colourOf(ch));
    return c;
  }));
  $('#watch-stroke-overlay').setAttribute('viewBox', `0 0 ${start.cols} ${start.rows}`);
  const pts = (chain) => (chain || []).map(([r, c]) => `${c + 0.5},${r + 0.5}`).join(' ');
  let m;
  return {
    reset() { m = { chain: [], best: [], bestLen: 0, cut: null, bound: 0, nodes: 0, cuts: 0, backups: 0, last: null, recent: [] }; },
    major: (i) => events[i].kind === 'extend',
    apply(i) {
      const e = events[i];
      remember(m, e, i);
      m.nodes = e.nodes;
      if (e.kind === 'best') {
        m.best = e.chain;
        m.bestLen = e.best;
        return;
      }
      // extend shows its chain; cut shows the chain it would have
      // extended (its parent) and marks the tile it was cut at. A chain
      // that is not the last one grown by a tile is a back-up.
      const chain = e.kind === 'extend' ? e.chain : e.chain.slice(0, -1);
      const same = (a, b) => a.length === b.length && a.every(([r, c], k) => r === b[k][0] && c === b[k][1]);
      const grown = chain.length === m.chain.length + 1 && same(chain.slice(0, -1), m.chain);
      if (m.chain.length && !grown && !same(chain, m.chain)) m.backups++;
      m.chain = chain;
      if (e.kind === 'extend') {
        m.bound = e.bound;
        m.cut = null;
      } else {
        m.cut = e;
        m.cuts++;
      }
    },
    render() {
      counters([['nodes', 'nodes', fmtInt(m.nodes)], ['chain', 'chain length', m.chain.length], ['bound', 'its bound', m.bound],
        ['best', 'best so far', m.bestLen], ['cuts', 'cuts', fmtInt(m.cuts)], ['backups', 'back-ups', fmtInt(m.backups)]]);
      const cells = board.children;
      for (const c of cells) {
        delete c.dataset.order;
        c.classList.remove('cut', 'in-best');
        c.textContent = '';
      }
      for (const [r, c] of m.best) cells[r * start.cols + c].classList.add('in-best');
      m.chain.forEach(([r, c], k) => {
        const cell = cells[r * start.cols + c];
        cell.dataset.order = k + 1;
        cell.append(el('span', { class: 'order' }, String(k + 1)));
      });
      if (m.cut) {
        const [r, c] = m.cut.chain[m.cut.chain.length - 1];
        cells[r * start.cols + c].classList.add('cut');
      }
      $('#watch-stroke-chain').setAttribute('points', pts(m.chain));
      $('#watch-stroke-best').setAttribute('points', pts(m.best));
      board.setAttribute('aria-label', `One-stroke board; chain of ${m.chain.length}, best ${m.bestLen}`);
      log([...m.recent].reverse().map((i) => {
        const x = events[i];
        const at = x.chain.length ? x.chain[x.chain.length - 1] : null;
        const where = at ? `r${at[0] + 1}c${at[1] + 1}` : '';
        const text = x.kind === 'extend' ? `extend ${x.colour} to ${x.chain.length} at ${where} (bound ${x.bound})`
          : x.kind === 'cut' ? `cut ${where}: bound ${x.bound} ≤ best ${x.best}` : `best: ${x.colour} ${x.best}`;
        return [i + 1, text, x.kind];
      }));
    },
  };
}

// ---------------------------------------------------------------------------
// Sudoku

const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
const KIND_NAMES = {
  'naked-single': 'Naked single', 'hidden-single': 'Hidden single', 'locked-candidate': 'Locked candidate',
  guess: 'Guess', contradiction: 'Contradiction', backtrack: 'Backtrack', solved: 'Solved',
};

// unitCells lists the cells of "row 3", "column 5" or "box 2" (1-based).
function unitCells(unit, n) {
  const [kind, num] = (unit || '').split(' ');
  const u = Number(num) - 1, box = Math.round(Math.sqrt(n));
  const out = [];
  for (let k = 0; k < n; k++) {
    if (kind === 'row') out.push(u * n + k);
    else if (kind === 'column') out.push(k * n + u);
    else if (kind === 'box') out.push((Math.floor(u / box) * box + Math.floor(k / box)) * n + (u % box) * box + (k % box));
  }
  return out;
}

function sudokuModel(tr) {
  const { start, events } = tr;
  const n = start.size, box = start.box;
  const grid = $('#watch-sudoku-grid');
  grid.style.setProperty('--n', n);
  grid.replaceChildren(...[...start.grid].map((ch, i) => {
    const r = Math.floor(i / n), c = i % n;
    const cell = el('div', { class: 'cell', 'data-i': i });
    if (c % box === box - 1 && c < n - 1) cell.classList.add('box-r');
    if (r % box === box - 1 && r < n - 1) cell.classList.add('box-b');
    return cell;
  }));
  let m;
  const count = {};
  return {
    reset() {
      m = { cells: [...start.grid], kinds: [...start.grid].map((ch) => (ch === '.' ? '' : 'given')), stack: [], last: null, recent: [] };
      for (const k of Object.keys(KIND_NAMES)) count[k] = 0;
    },
    major: (i) => ['naked-single', 'hidden-single', 'guess', 'backtrack', 'solved'].includes(events[i].kind),
    apply(i) {
      const e = events[i];
      remember(m, e, i);
      count[e.kind]++;
      const sym = SYMBOLS[e.value - 1];
      switch (e.kind) {
        case 'naked-single':
        case 'hidden-single':
          m.cells[e.cell] = sym;
          m.kinds[e.cell] = 'placed';
          break;
        case 'guess':
          m.stack.push([m.cells.slice(), m.kinds.slice()]);
          m.cells[e.cell] = sym;
          m.kinds[e.cell] = 'guessed';
          break;
        case 'backtrack':
          [m.cells, m.kinds] = m.stack.pop() || [m.cells, m.kinds];
          break;
      }
    },
    render() {
      const e = m.last;
      const unit = new Set(e && (e.kind === 'hidden-single' || e.kind === 'locked-candidate' || e.kind === 'contradiction') ? unitCells(e.unit, n) : []);
      const removed = new Set(e?.kind === 'locked-candidate' ? e.removed : []);
      [...grid.children].forEach((cell, i) => {
        const ch = m.cells[i];
        cell.textContent = ch === '.' ? '' : ch;
        cell.classList.remove('given', 'placed', 'guessed', 'current', 'in-unit', 'removed');
        if (m.kinds[i]) cell.classList.add(m.kinds[i]);
        if (e && e.cell === i) cell.classList.add('current');
        if (unit.has(i)) cell.classList.add('in-unit');
        if (removed.has(i)) cell.classList.add('removed');
        cell.dataset.kind = m.kinds[i] || 'empty';
      });
      grid.setAttribute('aria-label', `Sudoku: ${m.cells.join('')}`);
      const reason = $('#watch-reason');
      reason.replaceChildren();
      if (e) {
        reason.append(el('strong', { class: `kind ${e.kind}` }, `${KIND_NAMES[e.kind] || e.kind}: `), e.reason);
        reason.dataset.kind = e.kind;
      } else {
        reason.textContent = 'Step to see why each digit goes where it goes.';
        delete reason.dataset.kind;
      }
      counters([['naked', 'naked singles', count['naked-single']], ['hidden', 'hidden singles', count['hidden-single']],
        ['locked', 'locked candidates', count['locked-candidate']], ['guesses', 'guesses', count.guess],
        ['contradictions', 'contradictions', count.contradiction], ['depth', 'open guesses', e ? e.depth : 0]]);
      log([...m.recent].reverse().map((i) => [i + 1, `${KIND_NAMES[events[i].kind]}: ${events[i].reason}`, events[i].kind]));
    },
  };
}

// ---------------------------------------------------------------------------
// Inputs and the Trace button

const SIZES = { '3x3': [3, 3], '4x4': [4, 4] };
const DEFAULT_BOARDS = { '3x3': '8 1 3 4 0 2 7 6 5', '4x4': '5 8 3 1 6 4 7 2 9 10 11 12 13 0 14 15' };

function watchBoard() {
  const [w, h] = SIZES[$('#watch-size').value];
  const parts = $('#watch-board').value.trim().split(/[\s,;/]+/).filter(Boolean);
  if (parts.length !== w * h) throw new Error(`A ${w}x${h} board has ${w * h} tiles (0 is the blank); this one has ${parts.length}.`);
  return { w, h, tiles: parts.map(Number) };
}

$('#watch-size').addEventListener('change', () => {
  $('#watch-board').value = DEFAULT_BOARDS[$('#watch-size').value];
  stepper.clear();
});

// Shuffle walks from the goal: 3x3 boards 14 to 20 moves, 4x4 boards 10
// to 14, so that a trace stays small enough to watch.
$('#watch-shuffle').addEventListener('click', () => {
  const [w, h] = SIZES[$('#watch-size').value];
  const t = [...Array(w * h - 1).keys()].map((i) => i + 1).concat(0);
  const walk = w === 3 ? 14 + Math.floor(Math.random() * 7) : 10 + Math.floor(Math.random() * 5);
  let b = t.length - 1, last = -1;
  for (let k = 0; k < walk; k++) {
    const opts = [-w, w, -1, 1].filter((d) => {
      const j = b + d;
      return j >= 0 && j < t.length && !(Math.abs(d) === 1 && Math.floor(j / w) !== Math.floor(b / w)) && j !== last;
    });
    const j = b + opts[Math.floor(Math.random() * opts.length)];
    [t[b], t[j]] = [t[j], t[b]];
    last = b;
    b = j;
  }
  $('#watch-board').value = t.join(' ');
  stepper.clear();
});

$('#watch-algo').addEventListener('change', () => heuristicMenu($('#watch-heuristic'), algorithm($('#watch-algo').value)));

$('#watch-stroke-copy').addEventListener('click', () => { $('#watch-stroke-text').value = $('#stroke-text').value; });
$('#watch-sudoku-copy').addEventListener('click', () => { $('#watch-sudoku-text').value = $('#sudoku-input').value; });

// traceSentence says how a trace ended.
function traceSentence(tr, what) {
  const e = tr.end;
  const n = `${fmtInt(tr.events.length)} events`;
  if (e.truncated) return `${what}: ${n} kept, then the trace was cut off (${fmtInt(e.dropped)} more). ${e.error || ''}`.trim();
  if (e.error) return `${what}: ${n}; ${e.error}`;
  return `${what}: ${n}. Step through them.`;
}

$('#watch-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  stepper.clear();
  clearPanels();
  if (mode === 'sliding') {
    const b = readInput('watch', watchBoard);
    if (b === null) return;
    const algo = $('#watch-algo').value;
    const req = { board: b.tiles.join(' '), format: 'line', size: `${b.w}x${b.h}`, algo, max_events: 20000 };
    if (!$('#watch-heuristic').disabled) req.heuristic = $('#watch-heuristic').value;
    // A search that goes only as deep as told is told a depth a little
    // past the shuffled boards' lengths, so that its trace stays short.
    if (algorithm(algo)?.depth_limited) req.max_depth = b.w * b.h > 9 ? 20 : 25;
    run('watch', 'Tracing', async (signal) => {
      const tr = await api('/api/trace/sliding', req, signal);
      stepper.load(slidingModel(tr), tr.events.length);
      const e = tr.end;
      return traceSentence(tr, e.solved ? `${label(tr.start.algorithm, tr.start.heuristic)} found ${e.length} moves after ${fmtInt(e.stats.expanded)} expansions` : 'No solution traced');
    });
  } else if (mode === 'stroke') {
    const board = $('#watch-stroke-text').value;
    run('watch', 'Tracing', async (signal) => {
      const tr = await api('/api/trace/stroke', { board, max_events: 20000 }, signal);
      stepper.load(strokeModel(tr), tr.events.length);
      const e = tr.end;
      return traceSentence(tr, e.colour ? `Longest chain ${e.colour} ${e.length}${e.optimal ? ' (optimal)' : ''} after ${fmtInt(e.nodes)} nodes` : 'No chain');
    });
  } else {
    const puzzle = $('#watch-sudoku-text').value;
    run('watch', 'Explaining', async (signal) => {
      const tr = await api('/api/trace/sudoku', { puzzle, max_events: 20000 }, signal);
      stepper.load(sudokuModel(tr), tr.events.length);
      return traceSentence(tr, tr.end.solved ? `Solved with ${fmtInt(tr.end.guesses)} guesses` : 'No solution');
    });
  }
});

$('#watch-board').value = '8 1 3 4 0 2 7 6 5';
fillWatchMethods();
$('#watch-stroke-text').value = '6\nBGGBRB\nBRBBRG\nRRRRRG\nGRRRGR\nRRORRG\nBRRBGB\n';
$('#watch-sudoku-text').value = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
setMode('sliding');
