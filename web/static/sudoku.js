// sudoku.js: the Sudoku view: type, paste or generate a puzzle (4x4 to
// 25x25), solve it through /api/sudoku/solve and say whether it is unique.

import { $, el, fmtInt, fmtNs, showResult, setState, busy, run, api, readInput } from './lib.js';

const SUDOKU_SIZES = { 16: 4, 81: 9, 256: 16, 625: 25 };
const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';

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

// The grid is also where a puzzle is typed: its cells form one tab stop
// (a roving tabindex); arrow keys move, a symbol fills the cell, Backspace,
// Delete, 0 or '.' empties it, and the text box follows.
const entry = { focus: 0, puzzle: '' };

// drawSudoku shows a puzzle (givens) and, if given, a solution (filled cells).
function drawSudoku(puzzle, solution) {
  const grid = $('#sudoku-grid');
  const n = Math.round(Math.sqrt(puzzle.length)), box = Math.round(Math.sqrt(n));
  entry.puzzle = puzzle;
  entry.focus = Math.min(entry.focus, puzzle.length - 1);
  grid.style.setProperty('--n', n);
  grid.replaceChildren(...[...puzzle].map((ch, i) => {
    const r = Math.floor(i / n), c = i % n;
    const cell = el('div', { class: 'cell', 'data-i': i, tabindex: i === entry.focus ? 0 : -1,
      'aria-label': `row ${r + 1}, column ${c + 1}: ${ch === '.' ? (solution ? `${solution[i]}, filled` : 'empty') : `${ch}, given`}` });
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
  grid.setAttribute('aria-label', `${n}x${n} Sudoku: ${solution || puzzle}. Type a digit into a cell; arrow keys move.`);
}

// setCell puts ch ('.' to empty) in cell i of the puzzle, rewrites the
// text box as rows, redraws, and keeps the focus on the cell.
function setCell(i, ch) {
  const cells = [...entry.puzzle];
  if (cells[i] === ch) return;
  cells[i] = ch;
  const n = Math.round(Math.sqrt(cells.length));
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(cells.slice(r * n, (r + 1) * n).join(''));
  $('#sudoku-input').value = rows.join('\n');
  sudokuChanged();
  $('#sudoku-grid').children[i]?.focus();
}

function moveFocus(j) {
  const cells = $('#sudoku-grid').children;
  cells[entry.focus]?.setAttribute('tabindex', -1);
  entry.focus = j;
  cells[j].setAttribute('tabindex', 0);
  cells[j].focus();
}

$('#sudoku-grid').addEventListener('focusin', (e) => {
  const i = Number(e.target.dataset?.i);
  if (!Number.isNaN(i) && i !== entry.focus) {
    $('#sudoku-grid').children[entry.focus]?.setAttribute('tabindex', -1);
    entry.focus = i;
    e.target.setAttribute('tabindex', 0);
  }
});
$('#sudoku-grid').addEventListener('click', (e) => e.target.closest('.cell')?.focus());
$('#sudoku-grid').addEventListener('keydown', (e) => {
  const i = Number(e.target.dataset?.i);
  if (Number.isNaN(i) || busy('sudoku') || e.ctrlKey || e.metaKey || e.altKey) return;
  const n = Math.round(Math.sqrt(entry.puzzle.length));
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n }[e.key];
  const k = e.key.toUpperCase();
  if (step !== undefined) {
    const j = i + step;
    if (j >= 0 && j < n * n && (Math.abs(step) !== 1 || Math.floor(j / n) === Math.floor(i / n))) moveFocus(j);
  } else if (['BACKSPACE', 'DELETE', '0', '.', ' '].includes(k)) {
    setCell(i, '.');
  } else if (k.length === 1 && SYMBOLS.indexOf(k) >= 0 && SYMBOLS.indexOf(k) < n) {
    setCell(i, k);
    if (i + 1 < n * n && (i + 1) % n !== 0) moveFocus(i + 1);
  } else {
    return;
  }
  e.preventDefault();
});

function sudokuChanged() {
  $('#sudoku-result').replaceChildren();
  try {
    drawSudoku(parseSudoku($('#sudoku-input').value));
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
  const puzzle = readInput('sudoku', () => parseSudoku($('#sudoku-input').value));
  if (puzzle === null) return;
  drawSudoku(puzzle);
  $('#sudoku-result').replaceChildren();
  const first = $('#sudoku-first').checked;
  run('sudoku', 'Solving', async (signal) => {
    let r;
    try {
      r = await api('/api/sudoku/solve', { puzzle, format: 'line', first, limit: 2 }, signal);
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
  run('sudoku', 'Generating a puzzle', async (signal) => {
    const r = await api('/api/sudoku/generate', { box, seed: 0, clues: 0 }, signal);
    const n = box * box;
    const rows = [];
    for (let i = 0; i < r.puzzle.length; i += n) rows.push(r.puzzle.slice(i, i + n));
    $('#sudoku-input').value = rows.join('\n');
    drawSudoku(r.puzzle);
    $('#sudoku-result').replaceChildren();
    const seed = /"seed":\s*(\d+)/.exec(r.raw)?.[1] ?? r.seed;
    return `New ${n}x${n} puzzle with ${r.clues} givens (seed ${seed}); Solve shows its solution.`;
  });
});

// The start-up puzzle: a classic with a unique solution.
$('#sudoku-input').value = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
sudokuChanged();
