// searchlab's page: one view per puzzle family (sliding tiles, compare,
// Sudoku, one-stroke), talking to the JSON API under /api/. A plain ES
// module with no dependencies and no build step; the server embeds it.
//
// Every view follows the same pattern: its <section> carries data-state
// (idle | solving | done | error) and a status element (#<view>-status)
// with one human sentence; run() below drives that life cycle so that an
// error, from the network or from the server, always ends in the "error"
// state with the server's message and never leaves buttons disabled.

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const SVG = 'http://www.w3.org/2000/svg';

// el builds an element: el('div', {class: 'cell', 'data-i': 3}, 'text').
function el(tag, attrs = {}, text, ns) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const fmtInt = (n) => (n ?? 0).toLocaleString('en-US');

// fmtNs formats a duration in nanoseconds: "270 µs", "3.56 ms", "1.25 s".
function fmtNs(ns) {
  if (ns == null) return '–';
  if (ns < 1e6) return `${Math.round(ns / 1e3)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

// showResult fills a <dl> with [term, value] pairs; a value is text or a Node.
function showResult(dl, pairs) {
  dl.replaceChildren(...pairs.flatMap(([k, v]) => {
    const dd = el('dd');
    dd.append(v instanceof Node ? v : String(v));
    return [el('dt', {}, k), dd];
  }));
}

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

// ---------------------------------------------------------------------------
// The server

// APIError carries the server's message, the HTTP status and the JSON body.
class APIError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

// api POSTs body as JSON to path and returns the decoded answer, or throws
// an APIError with the server's {"error": ...} message. A busy server (503)
// is asked again after its Retry-After, up to three times.
async function api(path, body) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(path, body);
    } catch (e) {
      if (e.status === 503 && attempt === 3) e.message += ' (asked 3 times)';
      if (e.status !== 503 || attempt === 3) throw e;
      await new Promise((r) => setTimeout(r, 1000 * (Number(e.retryAfter) || 1)));
    }
  }
}

async function post(path, body) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 120_000);
  try {
    let res;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: ctl.signal,
      });
    } catch (e) {
      const msg = e.name === 'AbortError' ? 'no answer from the server within 2 minutes'
        : `cannot reach the server (${e.message})`;
      throw new APIError(msg, 0, {});
    }
    const raw = await res.text();
    let data = {};
    try { data = JSON.parse(raw); } catch { /* not JSON: use the status line */ }
    if (!res.ok) {
      let msg = data.error || `${res.status} ${res.statusText}`.trim();
      const err = new APIError(msg, res.status, data);
      err.retryAfter = res.headers.get('Retry-After');
      throw err;
    }
    // Integers beyond 2^53 (a generator's seed) lose digits in JSON.parse.
    Object.defineProperty(data, 'raw', { value: raw });
    return data;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------
// View state

const after = {}; // per view: called after every state change (re-enables controls)

// setState sets a view's data-state and status sentence; while solving it
// disables the view's buttons and fields.
function setState(name, state, message) {
  const view = $(`#view-${name}`);
  view.dataset.state = state;
  view.setAttribute('aria-busy', String(state === 'solving'));
  $(`#${name}-status`).textContent = message;
  for (const c of $$('button, input, select, textarea', view)) c.disabled = state === 'solving';
  after[name]?.();
}

const busy = (name) => $(`#view-${name}`).dataset.state === 'solving';

// run shows "solving" with a running clock while work() runs, then "done"
// with the sentence work() returns, or "error" with the thrown message.
async function run(name, message, work) {
  const focused = document.activeElement;
  const t0 = performance.now();
  setState(name, 'solving', `${message}…`);
  const tick = setInterval(() => {
    $(`#${name}-status`).textContent = `${message}… ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  }, 500);
  let state = 'done', sentence;
  try {
    sentence = await work();
  } catch (e) {
    state = 'error';
    sentence = e.message || String(e);
    if (!(e instanceof APIError)) console.error(e);
  } finally {
    clearInterval(tick);
  }
  setState(name, state, sentence);
  // Disabling the focused button drops keyboard focus: give it back.
  if (focused && (document.activeElement === document.body || !document.activeElement)) focused.focus();
}

// ---------------------------------------------------------------------------
// Tabs

const TABS = ['sliding', 'compare', 'sudoku', 'stroke'];

function showTab(name, focus = false) {
  for (const t of TABS) {
    const tab = $(`#tab-${t}`);
    tab.setAttribute('aria-selected', String(t === name));
    tab.tabIndex = t === name ? 0 : -1;
    $(`#view-${t}`).hidden = t !== name;
  }
  if (focus) $(`#tab-${name}`).focus();
  if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
  if (name === 'compare') showCompareBoard();
}

for (const t of TABS) $(`#tab-${t}`).addEventListener('click', () => showTab(t));
// Arrow keys, Home and End move between tabs (the WAI-ARIA tabs pattern).
$('[role=tablist]').addEventListener('keydown', (e) => {
  const i = TABS.findIndex((t) => $(`#tab-${t}`) === document.activeElement);
  const j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
  if (i < 0 || j === undefined) return;
  e.preventDefault();
  showTab(TABS[(j + TABS.length) % TABS.length], true);
});

// ---------------------------------------------------------------------------
// Sliding tiles

const sl = {
  w: 3, h: 3,
  states: [], // boards from the start position to the goal, one per move
  moves: '',
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

const currentGoal = () => goalTiles($('#sliding-goal').value, sl.w, sl.h);

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
const readBoard = () => parseBoard($('#sliding-board').value, sl.w, sl.h);

// clearSolution forgets the replay (the board or the goal changed).
function clearSolution() {
  pause();
  sl.states = [];
  sl.moves = '';
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
after.sliding = updateReplay;

$('#sliding-reset').addEventListener('click', () => { pause(); showStep(0); });
$('#sliding-back').addEventListener('click', () => { pause(); if (sl.k > 0) showStep(sl.k - 1); });
$('#sliding-step').addEventListener('click', () => { pause(); if (sl.k < sl.states.length - 1) showStep(sl.k + 1); });
$('#sliding-play').addEventListener('click', play);
$('#sliding-pause').addEventListener('click', pause);

$('#sliding-form').addEventListener('submit', (e) => {
  e.preventDefault();
  clearSolution();
  let tiles;
  try {
    tiles = readBoard();
  } catch (err) {
    setState('sliding', 'error', err.message);
    return;
  }
  const goal = currentGoal();
  const algo = $('#sliding-algo').value;
  const req = { board: tiles.join(' '), format: 'line', size: `${sl.w}x${sl.h}`, goal: goal.join(' '), algo };
  if (algo === 'astar' || algo === 'idastar') req.heuristic = $('#sliding-heuristic').value;
  drawTiles(tiles);
  run('sliding', 'Solving', async () => {
    const r = await api('/api/sliding/solve', req).catch((err) => {
      if (err.body?.limit) err.message += '. Try auto, or A* or IDA* with linear conflict.';
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
    Object.assign(sl, { states, moves, k: 0 });
    $('#sliding-moves').replaceChildren(...[...moves].map((m) => el('span', {}, m)));
    const s = r.stats || {};
    showResult($('#sliding-result'), [
      ['length', r.length], ['optimal', r.optimal ? 'yes' : 'not proven'], ['method', r.method || algo],
      ['nodes expanded', fmtInt(s.expanded)], ['generated', fmtInt(s.generated)], ['time', fmtNs(s.elapsed_ns)],
    ]);
    if (r.length === 0) return 'The board is already at the goal.';
    return `Solved: ${r.length} moves${r.optimal ? ' (optimal)' : ' (not proven optimal)'}. Play or Step replays them.`;
  });
});

// ---------------------------------------------------------------------------
// Compare: every algorithm on the sliding view's board

function showCompareBoard() {
  const text = $('#sliding-board').value.trim().split(/[\s,;/]+/).join(' ');
  $('#compare-board').textContent = `Board ${sl.w}x${sl.h}: ${text}; goal: ${currentGoal().join(' ')}`;
}

const expandedOf = (row) => row.stats?.expanded ?? 0;

function drawCompareTable(rows) {
  $('#compare-table tbody').replaceChildren(...rows.map((r) => {
    const s = r.stats || {};
    const ok = r.status === 'ok';
    const tr = el('tr', { 'data-algorithm': `${r.algorithm} ${r.heuristic}`, 'data-status': r.status });
    if (!ok) tr.classList.add(r.status === 'n/a' ? 'na' : 'limit');
    const cells = [r.algorithm, r.heuristic, ok ? r.length : r.status, ok ? (r.optimal ? 'yes' : 'no') : '–',
      fmtInt(s.expanded), fmtInt(s.generated), fmtInt(s.peak_stored), r.status === 'n/a' ? '–' : fmtNs(s.elapsed_ns)];
    cells.forEach((c, i) => tr.append(el(i === 0 ? 'th' : 'td', i === 0 ? { scope: 'row' } : {}, String(c))));
    return tr;
  }));
}

// drawCompareChart draws one bar per row, its width proportional to
// log10(expanded + 1), with decade grid lines; limited rows are hatched.
// The drawing is as wide as the window allows, so its text stays readable;
// on a narrow window each label goes above its bar.
let chartRows = null;
function drawCompareChart(rows) {
  chartRows = rows;
  const svg = $('#compare-chart');
  const width = Math.round(Math.min(800, Math.max(300, svg.getBoundingClientRect().width || 800)));
  const stacked = width < 600;
  const labelW = stacked ? 2 : 200, valueW = stacked ? 112 : 110, top = 22;
  const rowH = stacked ? 34 : 24, barY = stacked ? 16 : 3, barH = stacked ? 14 : 18;
  const barW = width - labelW - valueW;
  const maxLog = Math.max(1, Math.ceil(Math.max(...rows.map((r) => Math.log10(expandedOf(r) + 1)))));
  const height = top + rows.length * rowH + 6;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.replaceChildren();
  const defs = el('defs', {}, undefined, SVG);
  const hatch = el('pattern', { id: 'hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, undefined, SVG);
  hatch.append(el('rect', { width: 8, height: 8, class: 'hatch-bg' }, undefined, SVG),
    el('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: 'hatch-line' }, undefined, SVG));
  defs.append(hatch);
  svg.append(defs);
  const every = barW / maxLog < 36 ? 2 : 1; // label every other decade when they would crowd
  for (let d = 0; d <= maxLog; d++) {
    const x = labelW + (barW * d) / maxLog;
    svg.append(el('line', { x1: x, x2: x, y1: top - 4, y2: height - 4, class: 'grid' }, undefined, SVG));
    if (d % every === 0) {
      svg.append(el('text', { x, y: top - 8, class: 'tick', 'text-anchor': d ? 'middle' : 'start' }, d < 4 ? String(10 ** d) : `1e${d}`, SVG));
    }
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    const e = expandedOf(r);
    const w = (barW * Math.log10(e + 1)) / maxLog;
    const name = `${r.algorithm} ${r.heuristic === '-' ? '' : r.heuristic}`.trim();
    const ok = r.status === 'ok';
    svg.append(stacked
      ? el('text', { x: labelW, y: y + 12, class: 'label' }, name, SVG)
      : el('text', { x: labelW - 8, y: y + rowH / 2 + 4, 'text-anchor': 'end', class: 'label' }, name, SVG));
    const bar = el('rect', { x: labelW, y: y + barY, width: w.toFixed(2), height: barH, class: ok ? 'bar' : r.status === 'n/a' ? 'bar na' : 'bar limit', 'data-algorithm': `${r.algorithm} ${r.heuristic}` }, undefined, SVG);
    bar.append(el('title', {}, `${name}: ${fmtInt(e)} expanded (${r.status})`, SVG));
    svg.append(bar, el('text', { x: labelW + w + 6, y: y + barY + barH / 2 + 4, class: 'value' }, ok ? fmtInt(e) : `${fmtInt(e)} ${r.status}`, SVG));
  });
}

let resizeTimer = 0;
addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => { if (chartRows && !$('#view-compare').hidden) drawCompareChart(chartRows); }, 150);
});

$('#compare-run').addEventListener('click', () => {
  showCompareBoard();
  let tiles;
  try {
    tiles = readBoard();
  } catch (err) {
    setState('compare', 'error', `The Sliding tab's board: ${err.message}`);
    return;
  }
  const req = { board: tiles.join(' '), format: 'line', size: `${sl.w}x${sl.h}`, goal: currentGoal().join(' ') };
  run('compare', 'Running every algorithm', async () => {
    const r = await api('/api/sliding/compare', req);
    const rows = r.rows || [];
    drawCompareTable(rows);
    drawCompareChart(rows);
    const count = (f) => rows.filter(f).length;
    const solved = count((x) => x.status === 'ok'), na = count((x) => x.status === 'n/a');
    const limited = rows.length - solved - na;
    return `${rows.length} runs: ${solved} solved` + (limited ? `, ${limited} stopped at a limit (hatched)` : '') +
      (na ? `, ${na} not available for this board` : '') + '.';
  });
});

// ---------------------------------------------------------------------------
// Sudoku

const SUDOKU_SIZES = { 16: 4, 81: 9, 256: 16, 625: 25 };
const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
let sudokuPuzzle = '';

// parseSudoku accepts one line of 16/81/256/625 characters, rows of
// characters, or rows of space-separated numbers (0 blank, 10.. for 16x16);
// it returns the puzzle as a line with '.' blanks, or throws a readable Error.
function parseSudoku(text) {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  let cells;
  if (tokens.length in SUDOKU_SIZES && tokens.every((t) => t.length === 1)) {
    cells = tokens; // one character per token already
  } else if (tokens.length in SUDOKU_SIZES && tokens.every((t) => /^\d{1,2}$/.test(t))) {
    cells = tokens.map((t) => (Number(t) === 0 ? '.' : SYMBOLS[Number(t) - 1] ?? '?' + t));
  } else {
    cells = [...text.replace(/[\s|+]/g, '')];
  }
  const n = SUDOKU_SIZES[cells.length];
  if (!n) throw new Error(`A Sudoku has 16, 81, 256 or 625 cells (4x4, 9x9, 16x16, 25x25); this one has ${cells.length}.`);
  return cells.map((c, i) => {
    const u = c.toUpperCase();
    if (u === '.' || u === '0') return '.';
    const v = SYMBOLS.indexOf(u);
    if (v < 0 || v >= n) {
      throw new Error(`Row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}: "${c}" is not a symbol of a ${n}x${n} Sudoku.`);
    }
    return u;
  }).join('');
}

// drawSudoku shows a puzzle (givens) and, if given, a solution (filled cells).
function drawSudoku(puzzle, solution) {
  const grid = $('#sudoku-grid');
  const n = Math.round(Math.sqrt(puzzle.length)), box = Math.round(Math.sqrt(n));
  grid.style.setProperty('--n', n);
  grid.replaceChildren(...[...puzzle].map((ch, i) => {
    const r = Math.floor(i / n), c = i % n;
    const cell = el('div', { class: 'cell' });
    if (c % box === box - 1 && c < n - 1) cell.classList.add('box-r');
    if (r % box === box - 1 && r < n - 1) cell.classList.add('box-b');
    if (ch !== '.') {
      cell.classList.add('given');
      cell.textContent = ch;
    } else if (solution) {
      cell.classList.add('filled');
      cell.textContent = solution[i];
    }
    return cell;
  }));
  grid.setAttribute('aria-label', `${n}x${n} Sudoku: ${solution || puzzle}`);
}

function sudokuChanged() {
  $('#sudoku-result').replaceChildren();
  try {
    sudokuPuzzle = parseSudoku($('#sudoku-input').value);
    drawSudoku(sudokuPuzzle);
    $('#sudoku-input').removeAttribute('aria-invalid');
    if (!busy('sudoku')) setState('sudoku', 'idle', 'Ready.');
  } catch (e) {
    $('#sudoku-input').setAttribute('aria-invalid', 'true');
    if (!busy('sudoku')) setState('sudoku', 'idle', e.message);
  }
}
$('#sudoku-input').addEventListener('input', sudokuChanged);

$('#sudoku-form').addEventListener('submit', (e) => {
  e.preventDefault();
  let puzzle;
  try {
    puzzle = parseSudoku($('#sudoku-input').value);
  } catch (err) {
    setState('sudoku', 'error', err.message);
    return;
  }
  drawSudoku(puzzle);
  $('#sudoku-result').replaceChildren();
  const first = $('#sudoku-first').checked;
  run('sudoku', 'Solving', async () => {
    let r;
    try {
      r = await api('/api/sudoku/solve', { puzzle, format: 'line', first, limit: 2 });
    } catch (err) {
      if (err.status === 422 && /^no solution/i.test(err.message)) return 'no solution';
      throw err; // conflicting givens and other faults: the server's message
    }
    if (!r.solutions) return 'no solution';
    drawSudoku(puzzle, r.solution);
    showResult($('#sudoku-result'), [
      ['solutions', r.unique ? '1 (unique)' : `${r.solutions} (counting stops at 2; one is shown)`],
      ['shown', first ? 'the smallest solution' : 'the first solution found'],
      ['guesses', fmtInt(r.guesses)], ['time', fmtNs(r.elapsed_ns)],
    ]);
    return r.unique ? 'unique solution' : `${r.solutions} solutions (not unique)`;
  });
});

$('#sudoku-generate').addEventListener('click', () => {
  const box = Number($('#sudoku-box').value);
  run('sudoku', 'Generating a puzzle', async () => {
    const r = await api('/api/sudoku/generate', { box, seed: 0, clues: 0 });
    const n = box * box;
    const rows = [];
    for (let i = 0; i < r.puzzle.length; i += n) rows.push(r.puzzle.slice(i, i + n));
    $('#sudoku-input').value = rows.join('\n');
    sudokuPuzzle = r.puzzle;
    drawSudoku(r.puzzle);
    $('#sudoku-result').replaceChildren();
    const seed = /"seed":\s*(\d+)/.exec(r.raw)?.[1] ?? r.seed;
    return `New ${n}x${n} puzzle with ${r.clues} givens (seed ${seed}); Solve shows its solution.`;
  });
});

// ---------------------------------------------------------------------------
// One-stroke chains

// Colours of the palette (A-F), the letters of the example boards (R G B
// Y) and a hue derived from the letter for any other.
const COLOURS = {
  A: '#e6194b', B: '#4363d8', C: '#3cb44b', D: '#ffd60a', E: '#911eb4', F: '#f58231',
  R: '#e6194b', G: '#3cb44b', Y: '#ffd60a',
};
const colourOf = (ch) => COLOURS[ch] || `hsl(${((ch.charCodeAt(0) - 65) * 137) % 360} 65% 55%)`;

const st = { rows: 6, cols: 6, cells: [], brush: 'A', painting: false, focus: 0 };

// boardText writes the board in the classic text format.
function boardText() {
  const lines = [st.rows === st.cols ? `${st.rows}` : `${st.rows} ${st.cols}`];
  for (let r = 0; r < st.rows; r++) lines.push(st.cells.slice(r * st.cols, (r + 1) * st.cols).join(''));
  return `${lines.join('\n')}\n`;
}

// parseStroke reads one board in the classic text format (3..16 rows and
// columns, as the page draws) or throws an Error naming the line.
function parseStroke(text) {
  const lines = text.split(/\r?\n/).map((l, i) => [l.trim(), i + 1]).filter(([l]) => l !== '');
  if (!lines.length) throw new Error('The text is empty: the size (N or "R C") comes first, then the rows.');
  const [head, headLine] = lines[0];
  const m = /^(\d+)(?:\s+(\d+))?$/.exec(head);
  if (!m) throw new Error(`Line ${headLine}: "${head}" is not a size (N, or R C).`);
  const rows = Number(m[1]), cols = Number(m[2] ?? m[1]);
  if (rows < 3 || rows > 16 || cols < 3 || cols > 16) {
    throw new Error(`Line ${headLine}: the page edits boards of 3 to 16 rows and columns, not ${rows} x ${cols}.`);
  }
  const body = lines.slice(1);
  if (body.length !== rows) throw new Error(`The size says ${rows} rows; the text has ${body.length}.`);
  const cells = [];
  const players = [];
  for (const [row, line] of body) {
    if (row.length !== cols) throw new Error(`Line ${line}: ${row.length} characters; the size says ${cols}.`);
    [...row].forEach((ch, c) => {
      if (!/^[A-Z.]$/.test(ch)) throw new Error(`Line ${line}, column ${c + 1}: "${ch}" is not a colour A-Z, the player O or a hole ".".`);
      if (ch === 'O') players.push(`${line}:${c + 1}`);
      cells.push(ch);
    });
  }
  if (players.length !== 1) {
    throw new Error(players.length ? `${players.length} players O (at line:column ${players.join(', ')}); a board has one.` : 'The board has no player O.');
  }
  return { rows, cols, cells };
}

// drawStroke rebuilds #stroke-board from st.
function drawStroke() {
  const board = $('#stroke-board');
  board.style.setProperty('--rows', st.rows);
  board.style.setProperty('--cols', st.cols);
  st.focus = Math.min(st.focus, st.cells.length - 1);
  board.replaceChildren(...st.cells.map((ch, i) => {
    const cell = el('div', { class: 'cell', 'data-i': i, tabindex: i === st.focus ? 0 : -1 });
    paintCell(cell, ch);
    return cell;
  }));
  $('#stroke-overlay').setAttribute('viewBox', `0 0 ${st.cols} ${st.rows}`);
  $('#stroke-rows').value = st.rows;
  $('#stroke-cols').value = st.cols;
  clearChain();
}

function paintCell(cell, ch) {
  const i = Number(cell.dataset.i);
  cell.dataset.colour = ch;
  cell.style.setProperty('--c', ch === 'O' || ch === '.' ? '' : colourOf(ch));
  const what = ch === 'O' ? 'the player' : ch === '.' ? 'a hole' : `colour ${ch}`;
  cell.setAttribute('aria-label', `row ${Math.floor(i / st.cols) + 1}, column ${(i % st.cols) + 1}: ${what}`);
}

// clearChain removes a drawn chain and the result (the board changed).
function clearChain() {
  for (const c of $$('#stroke-board .cell[data-order]')) {
    delete c.dataset.order;
    c.textContent = '';
  }
  $('#stroke-chain').setAttribute('points', '');
  $('#stroke-start').setAttribute('cx', -1);
  $('#stroke-result').replaceChildren();
}

function syncText() {
  $('#stroke-text').value = boardText();
  $('#stroke-text').removeAttribute('aria-invalid');
}

// paint sets cell i to ch (the brush unless given); one player: painting O
// elsewhere turns the old O into a hole.
function paint(i, ch = st.brush) {
  if (busy('stroke') || st.cells[i] === ch) return;
  const board = $('#stroke-board');
  if (ch === 'O') {
    const old = st.cells.indexOf('O');
    if (old >= 0) {
      st.cells[old] = '.';
      paintCell(board.children[old], '.');
    }
  }
  st.cells[i] = ch;
  paintCell(board.children[i], ch);
  clearChain();
  syncText();
  setState('stroke', 'idle', 'Ready.');
}

function setBrush(ch) {
  st.brush = ch;
  for (const b of $$('#stroke-palette [data-colour]')) b.setAttribute('aria-pressed', String(b.dataset.colour === ch));
}

for (const b of $$('#stroke-palette [data-colour]')) {
  const ch = b.dataset.colour;
  if (ch !== 'O' && ch !== '.') b.style.setProperty('--c', colourOf(ch));
  b.addEventListener('click', () => setBrush(ch));
}

// Painting with the mouse, pen or finger: press, then drag across cells.
const board = $('#stroke-board');
const cellAt = (e) => document.elementFromPoint(e.clientX, e.clientY)?.closest('#stroke-board .cell');
board.addEventListener('pointerdown', (e) => {
  const cell = cellAt(e);
  if (!cell || busy('stroke') || e.button !== 0) return;
  e.preventDefault();
  st.painting = true;
  st.focus = Number(cell.dataset.i);
  paint(st.focus);
});
board.addEventListener('pointermove', (e) => {
  const cell = st.painting && cellAt(e);
  if (cell) paint(Number(cell.dataset.i));
});
for (const t of ['pointerup', 'pointercancel']) window.addEventListener(t, () => { st.painting = false; });

// Keyboard: arrows move between cells, Space or Enter paints with the
// brush, a letter paints that colour, "." a hole.
board.addEventListener('keydown', (e) => {
  const i = Number(e.target.dataset?.i);
  if (Number.isNaN(i)) return;
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -st.cols, ArrowDown: st.cols }[e.key];
  if (step !== undefined) {
    const j = i + step;
    const sameRow = Math.abs(step) !== 1 || Math.floor(j / st.cols) === Math.floor(i / st.cols);
    if (j >= 0 && j < st.cells.length && sameRow) {
      board.children[i].tabIndex = -1;
      board.children[j].tabIndex = 0;
      board.children[j].focus();
      st.focus = j;
    }
  } else if (e.key === ' ' || e.key === 'Enter') {
    paint(i);
  } else if (/^[a-zA-Z.]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
    paint(i, e.key.toUpperCase());
  } else {
    return;
  }
  e.preventDefault();
});

// resize keeps the top-left part of the board, fills new cells with A and
// puts the player in the middle if it was cut off.
function resize(rows, cols) {
  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) cells.push(r < st.rows && c < st.cols ? st.cells[r * st.cols + c] : 'A');
  }
  if (!cells.includes('O')) cells[Math.floor(rows / 2) * cols + Math.floor(cols / 2)] = 'O';
  Object.assign(st, { rows, cols, cells });
  drawStroke();
  syncText();
  setState('stroke', 'idle', 'Ready.');
}

for (const id of ['#stroke-rows', '#stroke-cols']) {
  const input = $(id);
  input.addEventListener('input', () => {
    const v = Number(input.value);
    if (Number.isInteger(v) && v >= 3 && v <= 16) {
      resize(Number($('#stroke-rows').value), Number($('#stroke-cols').value));
    }
  });
  input.addEventListener('change', () => {
    const v = Math.min(16, Math.max(3, Math.round(Number(input.value)) || 6));
    input.value = v;
    resize(Number($('#stroke-rows').value), Number($('#stroke-cols').value));
  });
}

// A random board: colours A-D, about one hole in twelve, the player anywhere.
$('#stroke-random').addEventListener('click', () => {
  const n = st.rows * st.cols;
  st.cells = Array.from({ length: n }, () => (Math.random() < 1 / 12 ? '.' : 'ABCD'[Math.floor(Math.random() * 4)]));
  st.cells[Math.floor(Math.random() * n)] = 'O';
  drawStroke();
  syncText();
  setState('stroke', 'idle', 'Random board: Solve finds its longest chain.');
});

$('#stroke-load').addEventListener('click', () => {
  try {
    Object.assign(st, parseStroke($('#stroke-text').value));
  } catch (e) {
    $('#stroke-text').setAttribute('aria-invalid', 'true');
    setState('stroke', 'error', e.message);
    return;
  }
  drawStroke();
  syncText();
  setState('stroke', 'idle', 'Board loaded from the text.');
});

// drawChain numbers the chain's cells 1..n and draws the polyline through
// their centres (the overlay's viewBox is one unit per cell).
function drawChain(path) {
  clearChain();
  const cells = $('#stroke-board').children;
  const points = path.map(([r, c], k) => {
    const cell = cells[(r - 1) * st.cols + (c - 1)];
    cell.dataset.order = k + 1;
    cell.replaceChildren(el('span', { class: 'order' }, String(k + 1)));
    return `${c - 0.5},${r - 0.5}`;
  });
  $('#stroke-chain').setAttribute('points', points.join(' '));
  if (path.length) {
    $('#stroke-start').setAttribute('cx', path[0][1] - 0.5);
    $('#stroke-start').setAttribute('cy', path[0][0] - 0.5);
  }
}

$('#stroke-form').addEventListener('submit', (e) => {
  e.preventDefault();
  clearChain();
  if (!st.cells.includes('O')) {
    setState('stroke', 'error', 'The board has no player O: pick O in the palette and click a cell.');
    return;
  }
  const text = boardText();
  run('stroke', 'Solving', async () => {
    const r = await api('/api/stroke/solve', { board: text, path: true, all: true });
    // Each colour's best chain, as a swatch and its length (or length..bound).
    const colours = el('span', { class: 'chips' });
    for (const [c, v] of Object.entries(r.colours || {})) {
      const chip = el('span', { class: 'chip' }, c);
      chip.style.setProperty('--c', colourOf(c));
      colours.append(chip, ` ${v.length}${v.optimal ? '' : `..${v.bound}`} `);
    }
    if (!r.colour) {
      showResult($('#stroke-result'), [['best per colour', colours]]);
      return 'No chain: no tile next to the player O.';
    }
    drawChain(r.path || []);
    showResult($('#stroke-result'), [
      ['colour', r.colour], ['length', r.length], ['optimal', r.optimal ? 'yes' : `not proven (bound ${r.bound})`],
      ['search nodes', fmtInt(r.nodes)], ['best per colour', colours],
    ]);
    return `${r.colour} ${r.length} ${r.optimal ? '(optimal)' : `(not proven optimal; bound ${r.bound})`}`;
  });
});

// ---------------------------------------------------------------------------
// Start-up

async function health() {
  try {
    const h = await (await fetch('/api/health')).json();
    $('#health').textContent = h.ok ? `(ok: ${h.solving} of ${h.max_concurrent} solving)` : '(not ok)';
  } catch {
    $('#health').textContent = '(unreachable)';
  }
}

setSize('3x3');
$('#sliding-board').value = '8 6 7 2 5 4 3 0 1';
boardChanged();
$('#sudoku-input').value = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
sudokuChanged();
Object.assign(st, parseStroke('6\nAABBCC\nABOBCD\nAACBDD\nCCABDA\nDCAABB\nDDACCB\n'));
drawStroke();
syncText();
setBrush('A');
showTab(TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'sliding');
health();
