// stroke.js: the one-stroke view: paint a board (colours, holes, the
// player), solve it through /api/stroke/solve and draw the longest chain.

import { $, $$, el, fmtInt, showResult, setState, busy, run, api } from './lib.js';

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
    const cell = el('div', { class: 'cell', role: 'button', 'data-i': i, tabindex: i === st.focus ? 0 : -1 });
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

const board = $('#stroke-board');

// moveFocus makes cell j the board's one tab stop (a roving tabindex).
function moveFocus(j, focus) {
  board.children[st.focus]?.setAttribute('tabindex', -1);
  board.children[j].setAttribute('tabindex', 0);
  st.focus = j;
  if (focus) board.children[j].focus();
}

board.addEventListener('focusin', (e) => {
  if (e.target.dataset.i !== undefined) moveFocus(Number(e.target.dataset.i), false);
});

// Painting with the mouse, pen or finger: press, then drag across cells.
const cellAt = (e) => document.elementFromPoint(e.clientX, e.clientY)?.closest('#stroke-board .cell');
board.addEventListener('pointerdown', (e) => {
  const cell = cellAt(e);
  if (!cell || busy('stroke') || e.button !== 0) return;
  e.preventDefault();
  st.painting = true;
  moveFocus(Number(cell.dataset.i), true);
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
    if (j >= 0 && j < st.cells.length && sameRow) moveFocus(j, true);
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
  run('stroke', 'Solving', async (signal) => {
    const r = await api('/api/stroke/solve', { board: text, path: true, all: true }, signal);
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

// The start-up board: six by six in four colours.
Object.assign(st, parseStroke('6\nAABBCC\nABOBCD\nAACBDD\nCCABDA\nDCAABB\nDDACCB\n'));
drawStroke();
syncText();
setBrush('A');
