// race.js: the Race view: two or three searches on one board of up to 4x4, traced
// through /api/trace/sliding (expansions, thresholds, meetings, better
// paths and the goal only) and played in lockstep: every tick, each search
// still running expands the same number of boards, until each has reached
// the goal. Each lane draws its frontier and its expansions tick by tick.

import { $, $$, el, fmtInt, setState, run, api, after, busy } from './lib.js';
import { miniBoard } from './watch.js';
import { algorithm, algorithmsFor, heuristicsOf, defaultHeuristic, fill, label as methodLabel } from './methods.js';

const SVG = 'http://www.w3.org/2000/svg';

// A lane's key is "algorithm" or "algorithm:heuristic", the request the
// lane traces.
const split = (key) => key.split(':');
const label = (key) => (key ? methodLabel(...split(key)) : 'none');

// choices lists the searches a lane may run: each
// algorithm that can be traced and goes as deep as it must (a
// depth-limited search may never reach the goal), once per heuristic when
// it takes one.
function choices() {
  return algorithmsFor((a) => a.traceable && !a.depth_limited).flatMap((a) => {
    const hs = heuristicsOf(a);
    return hs.length ? hs.map((h) => `${a.name}:${h.name}`) : [a.name];
  });
}

// fillLanes offers the choices in each lane; the first race is the first
// uninformed search against the first informed one with the default
// heuristic, and the third lane is empty.
function fillLanes() {
  const keys = choices();
  const informed = (k) => algorithm(split(k)[0])?.informed;
  const first = [keys.find((k) => !informed(k)), keys.find((k) => informed(k) && split(k)[1] === defaultHeuristic()?.name)];
  for (const [id, def] of [['#race-a', first[0]], ['#race-b', first[1]], ['#race-c', '']]) {
    const opts = keys.map((k) => [k, label(k)]);
    if (id === '#race-c') opts.push(['', 'none']);
    fill($(id), opts, def);
  }
}

const race = { lanes: [], timer: 0 };

function laneView(l) {
  const root = el('section', { class: 'lane', 'data-algo': l.key, 'aria-label': label(l.key) });
  root.append(el('h3', {}, label(l.key)));
  l.dom = {
    root,
    board: el('div', { class: 'lane-board' }),
    stats: el('dl', { class: 'result counters' }),
    bar: el('div', { class: 'bar' }),
    status: el('p', { class: 'lane-status', 'aria-live': 'off' }),
  };
  const track = el('div', { class: 'track', 'aria-hidden': 'true' });
  track.append(l.dom.bar);
  l.dom.chart = el('svg', { class: 'lane-chart', viewBox: '0 0 200 80', preserveAspectRatio: 'none', role: 'img',
    'aria-label': `${label(l.key)}: frontier and expansions per tick` }, undefined, SVG);
  const key = el('p', { class: 'chart-key' });
  key.append(el('span', { class: 'key-expanded' }, 'expanded'), ' and ', el('span', { class: 'key-frontier' }, 'frontier'), ' per tick');
  root.append(l.dom.board, l.dom.stats, track, l.dom.chart, key, l.dom.status);
  return root;
}

// chart draws a lane's samples (one a tick: expansions and frontier so
// far), from the start, as two lines on the scales shared by every lane, so
// that lanes can be compared by eye: BFS's lines climb steeply for many
// ticks, a bidirectional or informed search's stay low and stop early. The
// chart's data attributes hold the number of samples and the last one.
function chart(l, most) {
  const svg = l.dom.chart;
  const ticks = Math.max(1, ...race.lanes.map((x) => x.hist.length));
  const line = (key, cls) => {
    const pts = [{ expanded: 0, frontier: 1 }, ...l.hist].map((h, i) => `${((200 * i) / ticks).toFixed(1)},${(78 - (76 * h[key]) / most).toFixed(1)}`);
    return el('polyline', { class: cls, points: pts.join(' ') }, undefined, SVG);
  };
  svg.replaceChildren(line('expanded', 'chart-expanded'), line('frontier', 'chart-frontier'));
  const last = l.hist[l.hist.length - 1] || { expanded: 0, frontier: 0 };
  svg.dataset.samples = String(l.hist.length);
  svg.dataset.expanded = String(last.expanded);
  svg.dataset.frontier = String(last.frontier);
  svg.dataset.peakFrontier = String(Math.max(0, ...l.hist.map((h) => h.frontier)));
}

// step advances a lane by up to n expansions; it reports whether the lane
// has finished.
function step(l, n) {
  if (l.done) return true;
  let done = 0;
  while (l.i < l.events.length && !l.done) {
    const e = l.events[l.i];
    if (e.kind === 'expand') {
      if (done === n) break;
      done++;
    }
    l.i++;
    l.last = e;
    if (e.kind === 'threshold') l.threshold = e.bound;
    if (e.kind === 'meet') l.meet = e;
    if (e.kind === 'improve') Object.assign(l, { best: e.g, bound: e.bound ?? 0 });
    if (e.kind === 'goal') l.done = true;
  }
  if (l.i >= l.events.length) l.done = true;
  if (l.last) l.hist.push({ expanded: l.last.expanded, frontier: l.last.frontier });
  return l.done;
}

function draw() {
  const most = Math.max(1, ...race.lanes.map((l) => l.end.stats?.expanded ?? 0));
  const tallest = Math.max(1, ...race.lanes.flatMap((l) => l.hist.map((h) => Math.max(h.expanded, h.frontier))));
  for (const l of race.lanes) {
    const e = l.last || { expanded: 0, frontier: 1, stored: 1, state: l.start.board, g: 0 };
    const tiles = e.state || l.start.board;
    l.dom.board.replaceChildren(miniBoard(tiles, l.start.width, `g ${e.g ?? 0}`, l.done && l.end.solved ? 'goal' : ''));
    const pairs = [['expanded', fmtInt(e.expanded)], ['frontier', fmtInt(e.frontier)], ['stored', fmtInt(e.stored)]];
    if (l.threshold !== undefined) pairs.push([algorithm(split(l.key)[0])?.informed ? 'f bound' : 'depth limit', l.threshold]);
    if (l.meet) pairs.push(['met at g', l.meet.g]);
    if (l.best !== undefined) pairs.push(['best path', `${l.best} (optimum ≥ ${l.bound})`]);
    l.dom.stats.replaceChildren(...pairs.flatMap(([k, v]) => [el('dt', {}, k), el('dd', { class: `lane-${k.replaceAll(' ', '-')}` }, String(v))]));
    l.dom.bar.style.width = `${(100 * e.expanded) / most}%`;
    l.dom.root.dataset.done = String(l.done);
    l.dom.root.dataset.expanded = String(e.expanded);
    chart(l, tallest);
    const end = l.end;
    l.dom.status.textContent = !l.done ? 'searching…'
      : end.solved ? `goal: ${end.length} moves after ${fmtInt(end.stats.expanded)} expansions`
        : end.truncated ? `trace cut off after ${fmtInt(l.events.length)} events` : `stopped: ${end.error}`;
  }
}

function tick() {
  const n = Number($('#race-speed').value) || 1;
  let all = true;
  for (const l of race.lanes) all = step(l, n) && all;
  draw();
  if (all) finish();
  return all;
}

function finish() {
  pause();
  const lines = race.lanes.map((l) => `${label(l.key)} ${l.end.solved ? `${fmtInt(l.end.stats.expanded)} expansions` : 'did not finish'}`);
  $('#view-race').dataset.race = 'over';
  setState('race', 'done', `Race over: ${lines.join(', ')}.`);
}

function pause() {
  clearInterval(race.timer);
  race.timer = 0;
  updateButtons();
}

function play() {
  if (!race.lanes.length || race.timer) return;
  if (race.lanes.every((l) => l.done)) reset();
  race.timer = setInterval(tick, 120);
  updateButtons();
}

function reset() {
  pause();
  for (const l of race.lanes) Object.assign(l, { i: 0, done: false, last: null, threshold: undefined, meet: null, best: undefined, bound: undefined, hist: [] });
  $('#view-race').dataset.race = 'ready';
  draw();
  updateButtons();
}

function updateButtons() {
  const none = !race.lanes.length || busy('race');
  const over = race.lanes.every((l) => l.done);
  $('#race-play').disabled = none || race.timer !== 0;
  $('#race-pause').disabled = none || race.timer === 0;
  $('#race-tick').disabled = none || over;
  $('#race-reset').disabled = none;
}
after.race = updateButtons;

$('#race-play').addEventListener('click', play);
$('#race-pause').addEventListener('click', pause);
$('#race-tick').addEventListener('click', () => { pause(); tick(); });
$('#race-reset').addEventListener('click', reset);

// shuffle walks the blank from the goal of a w x h board (1..n, blank
// last) without stepping straight back: 3x3 boards of up to about 20 moves,
// larger boards a little more.
function shuffle(w, h) {
  const n = w * h;
  const t = [...Array(n).keys()].map((i) => (i + 1) % n);
  let b = n - 1, last = -1;
  const walk = (n <= 9 ? 16 : 24) + Math.floor(Math.random() * 6);
  for (let k = 0; k < walk; k++) {
    const opts = [-w, w, -1, 1].filter((d) => {
      const j = b + d;
      return j >= 0 && j < n && !(Math.abs(d) === 1 && Math.floor(j / w) !== Math.floor(b / w)) && j !== last;
    });
    const j = b + opts[Math.floor(Math.random() * opts.length)];
    [t[b], t[j]] = [t[j], t[b]];
    last = b;
    b = j;
  }
  return t.join(' ');
}

const raceSize = () => $('#race-size').value.split('x').map(Number);

$('#race-shuffle').addEventListener('click', () => {
  $('#race-board').value = shuffle(...raceSize());
});

$('#race-size').addEventListener('change', () => {
  $('#race-board').value = shuffle(...raceSize());
});

$('#race-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  pause();
  const keys = [...new Set($$('.race-algo').map((s) => s.value).filter(Boolean))];
  if (keys.length < 2) {
    setState('race', 'error', 'Pick two or three different searches.');
    return;
  }
  const board = $('#race-board').value.trim().split(/[\s,;/]+/).join(' ');
  race.lanes = [];
  $('#race-lanes').replaceChildren();
  $('#view-race').dataset.race = 'loading';
  run('race', 'Tracing the searches', async (signal) => {
    const lanes = [];
    for (const key of keys) {
      const [algo, heuristic] = split(key);
      const req = { board, format: 'line', size: $('#race-size').value, algo, kinds: ['expand', 'threshold', 'meet', 'improve', 'goal'], max_events: 100000 };
      if (heuristic) req.heuristic = heuristic;
      const tr = await api('/api/trace/sliding', req, signal);
      lanes.push({ key, start: tr.start, events: tr.events, end: tr.end, i: 0, done: false, hist: [] });
    }
    race.lanes = lanes;
    $('#race-lanes').replaceChildren(...lanes.map(laneView));
    reset();
    play();
    return `Racing ${lanes.map((l) => label(l.key)).join(' vs ')}: ${$('#race-speed').value} expansions per tick each.`;
  });
});

$('#race-board').value = '4 1 2 0 8 7 6 3 5';
fillLanes();
$('#race-speed').value = '100';
updateButtons();
