// sudoku.js: the Sudoku view: type, paste or generate a puzzle (4x4 to
// 25x25), solve it through /api/sudoku/solve and say whether it is unique;
// rate a 9x9 puzzle on Sudoku Explainer's scale, show the next step a
// person would take with the candidates, and step through every step
// (/api/sudoku/rate, /api/sudoku/hint); generate a puzzle of a level.

import { $, el, fmtInt, fmtNs, showResult, setState, busy, run, api, readInput, after } from './lib.js';
import { Stepper } from './stepper.js';

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
  $('#sudoku-step').textContent = '';
  stepper.clear();
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
  $('#sudoku-step').textContent = '';
  stepper.clear();
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
  const level = $('#sudoku-level').value;
  if (level && box !== 3) {
    setState('sudoku', 'error', 'Levels are for 9x9 puzzles: pick the size 9x9 or the level "any".');
    return;
  }
  run('sudoku', level ? `Generating a ${level} puzzle` : 'Generating a puzzle', async (signal) => {
    const r = await api('/api/sudoku/generate', level ? { level } : { box, seed: 0, clues: 0 }, signal);
    const n = box * box;
    const rows = [];
    for (let i = 0; i < r.puzzle.length; i += n) rows.push(r.puzzle.slice(i, i + n));
    $('#sudoku-input').value = rows.join('\n');
    drawSudoku(r.puzzle);
    $('#sudoku-result').replaceChildren();
    const seed = /"seed":\s*(\d+)/.exec(r.raw)?.[1] ?? r.seed;
    if (level) {
      showResult($('#sudoku-result'), [['level', level], ['rating (ER EP ED)', ratingText(r)]]);
      return `New ${level} puzzle with ${r.clues} givens, ER ${r.er.toFixed(1)} (seed ${seed}); Steps explains it.`;
    }
    return `New ${n}x${n} puzzle with ${r.clues} givens (seed ${seed}); Solve shows its solution.`;
  });
});

// ---------------------------------------------------------------------------
// Human-style steps: Rate, Hint and Steps (9x9 only).

const ratingText = (r) => `${r.er.toFixed(1)} ${r.ep.toFixed(1)} ${r.ed.toFixed(1)}`;

// PEERS[i] are the 20 cells that share a row, column or block with cell i.
const PEERS = Array.from({ length: 81 }, (_, i) => {
  const r = Math.floor(i / 9), c = i % 9, out = [];
  for (let j = 0; j < 81; j++) {
    const rj = Math.floor(j / 9), cj = j % 9;
    const same = rj === r || cj === c || (Math.floor(rj / 3) === Math.floor(r / 3) && Math.floor(cj / 3) === Math.floor(c / 3));
    if (j !== i && same) out.push(j);
  }
  return out;
});

// position is a 9x9 grid in the middle of a solving path: the digits (0
// for empty), whether each is a given, and the candidates of the empty
// cells as bit masks (bit d for digit d), first those no peer's digit rules
// out.
function position(puzzle) {
  const val = [...puzzle].map((ch) => (ch === '.' ? 0 : Number(ch)));
  const given = val.map((v) => v !== 0);
  const cand = val.map((v, i) => (v ? 0 : PEERS[i].reduce((m, j) => m & ~(1 << val[j]), 0x3fe)));
  return { val, given, cand };
}

// applyStep places the step's digits (removing them from the peers'
// candidates) and removes its eliminations.
function applyStep(pos, step) {
  for (const e of step.eliminations ?? []) pos.cand[e.cell] &= ~(1 << e.digit);
  for (const p of step.placements ?? []) {
    pos.val[p.cell] = p.digit;
    pos.cand[p.cell] = 0;
    for (const j of PEERS[p.cell]) pos.cand[j] &= ~(1 << p.digit);
  }
}

// drawPosition draws pos with its candidates, and step (the step about to
// be taken, or just taken when done) highlighted: its cells, the
// candidates it removes (struck through) and the digits it places.
function drawPosition(pos, step, done) {
  const grid = $('#sudoku-grid');
  grid.style.setProperty('--n', 9);
  const cells = new Set(step?.cells ?? []);
  const elim = new Map(), place = new Map();
  for (const e of step?.eliminations ?? []) elim.set(e.cell, (elim.get(e.cell) ?? 0) | (1 << e.digit));
  for (const p of step?.placements ?? []) place.set(p.cell, p.digit);
  grid.replaceChildren(...pos.val.map((v, i) => {
    const r = Math.floor(i / 9), c = i % 9;
    const cell = el('div', { class: 'cell', 'data-i': i, tabindex: -1 });
    if (c % 3 === 2 && c < 8) cell.classList.add('box-r');
    if (r % 3 === 2 && r < 8) cell.classList.add('box-b');
    if (cells.has(i)) cell.classList.add('step-cell');
    if (elim.has(i)) cell.classList.add('step-elim');
    if (place.has(i)) cell.classList.add('step-place');
    let label;
    if (v && !(place.has(i) && !done)) {
      cell.classList.add(pos.given[i] ? 'given' : 'placed');
      cell.textContent = String(v);
      label = `${v}, ${pos.given[i] ? 'given' : 'placed'}`;
    } else {
      // Candidates: those left, and those the step removes (shown struck).
      const shown = pos.cand[i] | (elim.get(i) ?? 0) | (place.has(i) ? 1 << place.get(i) : 0);
      const box = el('div', { class: 'cands' });
      for (let d = 1; d <= 9; d++) {
        const span = el('span', { 'data-d': d }, shown & (1 << d) ? String(d) : '');
        if (elim.get(i) & (1 << d)) span.classList.add('elim');
        if (place.get(i) === d) span.classList.add('place');
        box.append(span);
      }
      cell.append(box);
      label = `candidates ${[...Array(9).keys()].map((k) => k + 1).filter((d) => shown & (1 << d)).join(' ')}`;
    }
    cell.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}: ${label}`);
    return cell;
  }));
  grid.setAttribute('aria-label', '9x9 Sudoku with candidates');
}

// readNine reads the puzzle box as a 9x9 puzzle, or puts the view in the
// error state and returns null.
function readNine() {
  const puzzle = readInput('sudoku', () => parseSudoku($('#sudoku-input').value));
  if (puzzle === null) return null;
  if (puzzle.length !== 81) {
    setState('sudoku', 'error', 'Rate, Hint and Steps are for 9x9 puzzles.');
    return null;
  }
  return puzzle;
}

// notUnique is the sentence for a puzzle without exactly one solution.
const notUnique = (r) => (r.solutions === 0 ? 'No solution: nothing to rate.' : 'More than one solution: not rated (the techniques assume one).');

const stepper = new Stepper('sudoku-steps', 'sudoku');
after.sudoku = () => stepper.update();

// stepsModel steps through a rating's steps: after k steps the grid shows
// the position with step k (the last one taken) highlighted.
function stepsModel(puzzle, steps) {
  let pos, k;
  return {
    reset() { pos = position(puzzle); k = 0; },
    apply(i) { applyStep(pos, steps[i]); k = i + 1; },
    render() {
      const step = k > 0 ? steps[k - 1] : null;
      drawPosition(pos, step, true);
      $('#sudoku-step').textContent = step ? `Step ${k} of ${steps.length} (${step.difficulty.toFixed(1)}): ${step.text}` : `Start: ${steps.length} steps to the solution.`;
    },
    major(i) { return (steps[i].placements ?? []).length > 0; },
  };
}

$('#sudoku-rate').addEventListener('click', () => {
  const puzzle = readNine();
  if (puzzle === null) return;
  stepper.clear();
  $('#sudoku-step').textContent = '';
  drawSudoku(puzzle);
  run('sudoku', 'Rating', async (signal) => {
    const r = await api('/api/sudoku/rate', { puzzle, steps: true }, signal);
    if (!r.unique) return notUnique(r);
    const hardest = r.steps.find((s) => s.difficulty === r.er);
    showResult($('#sudoku-result'), [
      ['rating (ER EP ED)', ratingText(r)],
      ['hardest step', hardest ? hardest.technique : r.er >= 20 ? 'beyond the techniques' : '-'],
      ['steps', fmtInt(r.steps.length)], ['time', fmtNs(r.elapsed_ns)],
    ]);
    return `Rated ER ${r.er.toFixed(1)}, EP ${r.ep.toFixed(1)}, ED ${r.ed.toFixed(1)} on Sudoku Explainer's scale.`;
  });
});

$('#sudoku-next-step').addEventListener('click', () => {
  const puzzle = readNine();
  if (puzzle === null) return;
  stepper.clear();
  $('#sudoku-result').replaceChildren();
  run('sudoku', 'Finding the next step', async (signal) => {
    const h = await api('/api/sudoku/hint', { puzzle }, signal);
    if (!h.unique) return notUnique(h);
    if (h.solved) return 'Solved: no step left.';
    const pos = position(puzzle);
    drawPosition(pos, h.step, false);
    if (!h.step) return 'No technique finds a step here.';
    $('#sudoku-step').textContent = `${h.step.difficulty.toFixed(1)} ${h.step.text}`;
    return `Hint: ${h.step.technique} (${h.step.difficulty.toFixed(1)}).`;
  });
});

$('#sudoku-explain').addEventListener('click', () => {
  const puzzle = readNine();
  if (puzzle === null) return;
  stepper.clear();
  $('#sudoku-result').replaceChildren();
  run('sudoku', 'Explaining', async (signal) => {
    const r = await api('/api/sudoku/rate', { puzzle, steps: true }, signal);
    if (!r.unique) return notUnique(r);
    stepper.load(stepsModel(puzzle, r.steps), r.steps.length);
    showResult($('#sudoku-result'), [['rating (ER EP ED)', ratingText(r)], ['steps', fmtInt(r.steps.length)]]);
    return `${r.steps.length} steps, ER ${r.er.toFixed(1)}: Step, Next or Play walks through them.`;
  });
});

// The start-up puzzle: a classic with a unique solution.
$('#sudoku-input').value = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
sudokuChanged();
