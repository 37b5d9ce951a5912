// sliding.js: the sliding-tile view: enter, shuffle or click a board, solve
// it through /api/sliding/solve, and replay the moves on the board.

import { $, $$, el, fmtInt, fmtNs, showResult, reducedMotion, after, setState, busy, run, api, readInput, APIError } from './lib.js';
import { methods, algorithm, algorithmsFor, defaultAlgorithm, fill, heuristicMenu, describe } from './methods.js';

export const sl = {
  w: 3, h: 3,
  states: [], // boards from the start position to the goal, one per move
  k: 0, // the state shown
  timer: 0, // the Play interval, 0 when paused
};
const DIRS = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] }; // the blank's move
const OPPOSITE = { U: 'D', D: 'U', L: 'R', R: 'L' };

// goalTiles gives the goal in reading order for a goal kind of #sliding-goal.
function goalTiles(kind, w, h) {
  if (kind === 'spiral' && w === 3 && h === 3) return [1, 2, 3, 8, 0, 4, 7, 6, 5];
  const seq = Array.from({ length: w * h - 1 }, (_, i) => i + 1);
  return kind === 'blank-first' ? [0, ...seq] : [...seq, 0];
}

// fillGoals offers the goals of the current size, keeping the choice if it exists.
function fillGoals() {
  const sel = $('#sliding-goal');
  const old = sel.value || 'standard';
  const opts = [['standard', '1..n, blank last'], ['blank-first', 'blank first, then 1..n']];
  if (sl.w === 3 && sl.h === 3) opts.push(['spiral', 'spiral: 1 2 3 / 8 0 4 / 7 6 5']);
  sel.replaceChildren(...opts.map(([v, t]) => el('option', { value: v }, t)));
  sel.value = opts.some(([v]) => v === old) ? old : 'standard';
}

export const currentGoal = () => goalTiles($('#sliding-goal').value, sl.w, sl.h);

// parseBoard reads tiles in reading order (0, # or _ for the blank) and
// checks them: the right count, each tile once. Throws a readable Error.
function parseBoard(text, w, h) {
  const parts = text.trim().split(/[\s,;/]+/).filter(Boolean);
  const n = w * h;
  if (parts.length !== n) {
    throw new Error(`A ${w}x${h} board has ${n} tiles (0 is the blank); this one has ${parts.length}.`);
  }
  const seen = new Set();
  return parts.map((p) => {
    if (p === '#' || p === '_') p = '0';
    if (!/^\d+$/.test(p)) throw new Error(`"${p}" is not a tile number.`);
    const v = Number(p);
    if (v >= n) throw new Error(`Tile ${v} is out of range: a ${w}x${h} board has tiles 0 to ${n - 1}.`);
    if (seen.has(v)) throw new Error(`Tile ${v} appears twice.`);
    seen.add(v);
    return v;
  });
}

// applyMove moves the blank one step (U D L R); null if it would leave the board.
function applyMove(tiles, w, h, m) {
  const b = tiles.indexOf(0);
  const d = DIRS[m];
  if (!d) return null;
  const x = (b % w) + d[0], y = Math.floor(b / w) + d[1];
  if (x < 0 || y < 0 || x >= w || y >= h) return null;
  const t = tiles.slice();
  t[b] = t[y * w + x];
  t[y * w + x] = 0;
  return t;
}

// solvable: each move is one transposition and moves the blank one cell, so
// the permutation's parity must equal the parity of the blank's distance.
function solvable(tiles, goal, w) {
  const where = [];
  goal.forEach((v, i) => { where[v] = i; });
  const p = tiles.map((v) => where[v]);
  let parity = 0;
  const seen = new Array(p.length).fill(false);
  for (let i = 0; i < p.length; i++) {
    for (let j = i, len = 0; !seen[j]; j = p[j], len++) {
      seen[j] = true;
      if (len > 0) parity ^= 1;
    }
  }
  const b = tiles.indexOf(0), g = goal.indexOf(0);
  const dist = Math.abs((b % w) - (g % w)) + Math.abs(Math.floor(b / w) - Math.floor(g / w));
  return parity === dist % 2;
}

// drawTiles shows a board in #sliding-grid. Tiles are kept per value and
// reordered so the DOM stays in reading order; with animate, each moved
// tile slides from its old place (FLIP: start inverted, transition to 0).
function drawTiles(tiles, animate = false) {
  const grid = $('#sliding-grid');
  grid.style.setProperty('--w', sl.w);
  const byValue = new Map([...grid.children].map((t) => [Number(t.dataset.value), t]));
  const rows = [];
  for (let y = 0; y < sl.h; y++) rows.push(tiles.slice(y * sl.w, (y + 1) * sl.w).map((v) => v || '_').join(' '));
  grid.setAttribute('aria-label', `Board: ${rows.join(' / ')}`);
  if (byValue.size !== tiles.length || tiles.some((v) => !byValue.has(v))) {
    grid.replaceChildren(...tiles.map((v) => el('div', { class: v ? 'tile' : 'tile blank', 'data-value': v }, v ? String(v) : '')));
    return;
  }
  const before = animate && !reducedMotion.matches
    ? new Map([...byValue].map(([v, t]) => [v, t.getBoundingClientRect()])) : null;
  grid.append(...tiles.map((v) => byValue.get(v)));
  if (!before) return;
  for (const [v, t] of byValue) {
    const a = before.get(v), b = t.getBoundingClientRect();
    if (a.left === b.left && a.top === b.top) continue;
    t.style.transition = 'none';
    t.style.transform = `translate(${a.left - b.left}px, ${a.top - b.top}px)`;
    void t.offsetWidth; // apply the inverted position before transitioning
    t.style.transition = '';
    t.style.transform = '';
  }
}

// readBoard parses #sliding-board under the chosen size.
export const readBoard = () => parseBoard($('#sliding-board').value, sl.w, sl.h);

// clearSolution forgets the replay (the board or the goal changed).
function clearSolution() {
  pause();
  sl.states = [];
  sl.k = 0;
  $('#sliding-moves').replaceChildren();
  $('#sliding-result').replaceChildren();
  updateReplay();
}

// boardChanged redraws after an edit of the board, the size or the goal.
function boardChanged() {
  clearSolution();
  const input = $('#sliding-board');
  try {
    drawTiles(readBoard());
    input.removeAttribute('aria-invalid');
    if (!busy('sliding')) setState('sliding', 'idle', 'Ready.');
  } catch (e) {
    input.setAttribute('aria-invalid', 'true');
    if (!busy('sliding')) setState('sliding', 'idle', e.message);
  }
}

function setSize(value) {
  $('#sliding-size').value = value;
  [sl.w, sl.h] = value.split('x').map(Number);
  fillGoals();
}

// methodChanged fits the heuristic menu and the hint to the algorithm.
function methodChanged() {
  const a = algorithm($('#sliding-algo').value);
  heuristicMenu($('#sliding-heuristic'), a);
  $('#sliding-algo-hint').textContent = methods.error || describe(a);
}
$('#sliding-algo').addEventListener('change', methodChanged);

$('#sliding-size').addEventListener('change', (e) => {
  setSize(e.target.value);
  try { readBoard(); } catch { $('#sliding-board').value = currentGoal().join(' '); }
  boardChanged();
});
$('#sliding-goal').addEventListener('change', boardChanged);
$('#sliding-board').addEventListener('input', () => {
  // A pasted 15- or 24-puzzle switches the size by itself.
  const count = $('#sliding-board').value.trim().split(/[\s,;/]+/).filter(Boolean).length;
  const side = Math.round(Math.sqrt(count));
  if (side * side === count && side >= 3 && side <= 5 && side !== sl.w) {
    try {
      parseBoard($('#sliding-board').value, side, side);
      setSize(`${side}x${side}`);
    } catch { /* not a board of that size either: the message comes below */ }
  }
  boardChanged();
});

// Shuffle: a uniformly random solvable 3x3 board; larger boards take a
// random walk of #sliding-walk moves from the goal (never undoing a move).
$('#sliding-shuffle').addEventListener('click', () => {
  const goal = currentGoal();
  let tiles = goal.slice();
  if (sl.w === 3 && sl.h === 3) {
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    if (!solvable(tiles, goal, sl.w)) {
      // Swapping two tiles flips the parity: a bijection onto solvable boards.
      const [i, j] = tiles.flatMap((v, k) => (v ? [k] : [])).slice(0, 2);
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
  } else {
    const walk = Math.min(1000, Math.max(1, Number($('#sliding-walk').value) || 40));
    let last = '';
    for (let i = 0; i < walk; i++) {
      const options = 'UDLR'.split('').filter((m) => m !== OPPOSITE[last] && applyMove(tiles, sl.w, sl.h, m));
      last = options[Math.floor(Math.random() * options.length)];
      tiles = applyMove(tiles, sl.w, sl.h, last);
    }
  }
  $('#sliding-board').value = tiles.join(' ');
  boardChanged();
});

// Clicking a tile next to the blank slides it there: a way to set up a
// board by hand (it becomes the new start position).
$('#sliding-grid').addEventListener('click', (e) => {
  const tile = e.target.closest('.tile');
  if (!tile || busy('sliding') || sl.k !== 0) return;
  let tiles;
  try { tiles = readBoard(); } catch { return; }
  const i = tiles.indexOf(Number(tile.dataset.value)), b = tiles.indexOf(0);
  const m = Object.keys(DIRS).find((d) => applyMove(tiles, sl.w, sl.h, d) && b + DIRS[d][0] + DIRS[d][1] * sl.w === i);
  if (!m) return;
  tiles = applyMove(tiles, sl.w, sl.h, m);
  clearSolution();
  $('#sliding-board').value = tiles.join(' ');
  drawTiles(tiles, true);
  setState('sliding', 'idle', 'Ready.');
});

// Replay controls.
function showStep(k) {
  sl.k = k;
  drawTiles(sl.states[k], true);
  updateReplay();
}

function pause() {
  clearInterval(sl.timer);
  sl.timer = 0;
  updateReplay();
}

function play() {
  const n = sl.states.length - 1;
  if (n <= 0 || sl.timer) return;
  if (sl.k >= n) showStep(0);
  sl.timer = setInterval(() => {
    if (sl.k < sl.states.length - 1) showStep(sl.k + 1);
    if (sl.k >= sl.states.length - 1) pause();
  }, 400);
  updateReplay();
}

// updateReplay sets the counter, the highlighted move and the buttons.
function updateReplay() {
  const n = Math.max(0, sl.states.length - 1);
  const off = busy('sliding');
  $('#sliding-counter').textContent = `${sl.k} / ${n}`;
  $('#sliding-reset').disabled = off || sl.k === 0;
  $('#sliding-back').disabled = off || sl.k === 0;
  $('#sliding-step').disabled = off || sl.k >= n;
  $('#sliding-play').disabled = off || n === 0 || sl.timer !== 0;
  $('#sliding-pause').disabled = off || sl.timer === 0;
  $$('#sliding-moves span').forEach((s, i) => {
    s.classList.toggle('done', i < sl.k);
    s.classList.toggle('current', i === sl.k - 1);
  });
}
after.sliding = () => {
  updateReplay();
  if (!busy('sliding')) methodChanged();
};

$('#sliding-reset').addEventListener('click', () => { pause(); showStep(0); });
$('#sliding-back').addEventListener('click', () => { pause(); if (sl.k > 0) showStep(sl.k - 1); });
$('#sliding-step').addEventListener('click', () => { pause(); if (sl.k < sl.states.length - 1) showStep(sl.k + 1); });
$('#sliding-play').addEventListener('click', play);
$('#sliding-pause').addEventListener('click', pause);

$('#sliding-form').addEventListener('submit', (e) => {
  e.preventDefault();
  clearSolution();
  const tiles = readInput('sliding', readBoard);
  if (tiles === null) return;
  const goal = currentGoal();
  const algo = $('#sliding-algo').value;
  const req = { board: tiles.join(' '), format: 'line', size: `${sl.w}x${sl.h}`, goal: goal.join(' '), algo };
  if (!$('#sliding-heuristic').disabled) req.heuristic = $('#sliding-heuristic').value;
  drawTiles(tiles);
  run('sliding', 'Solving', async (signal) => {
    // A board that cannot reach the goal is told here, as the server
    // would tell it, without a request that answers 422.
    if (!solvable(tiles, goal, sl.w)) {
      throw new APIError('unsolvable: the board cannot reach the goal (permutation parity and blank row)', 422, { solvable: false });
    }
    const r = await api('/api/sliding/solve', req, signal).catch((err) => {
      if (err.body?.limit) err.message += `. Try ${defaultAlgorithm()?.label ?? 'the default algorithm'}, or a stronger heuristic.`;
      throw err;
    });
    const moves = r.moves || '';
    // Re-derive every state from the start position by applying the moves.
    const states = [tiles];
    for (const m of moves) {
      const next = applyMove(states[states.length - 1], sl.w, sl.h, m);
      if (!next) throw new Error(`The server's move ${states.length} (${m}) leaves the board.`);
      states.push(next);
    }
    if (states[states.length - 1].join() !== goal.join()) throw new Error("The server's moves do not reach the goal.");
    Object.assign(sl, { states, k: 0 });
    $('#sliding-moves').replaceChildren(...[...moves].map((m) => el('span', {}, m)));
    const s = r.stats || {};
    // A length not proven the fewest says what is proven: a lower bound.
    const bound = !r.optimal && r.bound > 0 ? [['fewest moves at least', r.bound]] : [];
    showResult($('#sliding-result'), [
      ['length', r.length], ['optimal', r.optimal ? 'yes' : 'not proven'], ...bound, ['method', r.method || algo],
      ['nodes expanded', fmtInt(s.expanded)], ['generated', fmtInt(s.generated)], ['time', fmtNs(s.elapsed_ns)],
    ]);
    if (r.length === 0) return 'The board is already at the goal.';
    return `Solved: ${r.length} moves${r.optimal ? ' (optimal)' : ' (not proven optimal)'}. Play or Step replays them.`;
  });
});

// The server's algorithms, its default chosen.
fill($('#sliding-algo'), algorithmsFor().map((a) => [a.name, a.label]), defaultAlgorithm()?.name);
methodChanged();

// The start-up board: the hardest 3x3 board for the standard goal (31 moves).
setSize('3x3');
$('#sliding-board').value = '8 6 7 2 5 4 3 0 1';
boardChanged();
