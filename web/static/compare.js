// compare.js: the compare view: every algorithm and heuristic on the
// sliding view's board (/api/sliding/compare), as a table and a bar chart.

import { $, el, SVG, fmtInt, fmtNs, run, api, readInput } from './lib.js';
import { sl, currentGoal, readBoard } from './sliding.js';
import { heuristic } from './methods.js';

export function showCompareBoard() {
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
    // The server's labels name the rows.
    const cells = [r.label || r.algorithm, heuristic(r.heuristic)?.label ?? r.heuristic, ok ? r.length : r.status, ok ? (r.optimal ? 'yes' : 'no') : '–',
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
  const stacked = width < 600, top = 22;
  const names = rows.map((r) => {
    const h = heuristic(r.heuristic)?.label;
    return h ? `${r.label || r.algorithm} (${h})` : r.label || r.algorithm;
  });
  const rowH = stacked ? 34 : 24, barY = stacked ? 16 : 3, barH = stacked ? 14 : 18;
  const maxLog = Math.max(1, Math.ceil(Math.max(...rows.map((r) => Math.log10(expandedOf(r) + 1)))));
  const height = top + rows.length * rowH + 6;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.replaceChildren();
  // Beside the bars, the label column fits the longest label (the
  // server's labels, whatever their length), up to half the drawing.
  let labelW = 2;
  if (!stacked) {
    const probe = el('text', { class: 'label' }, '', SVG);
    svg.append(probe);
    const longest = Math.max(0, ...names.map((n) => { probe.textContent = n; return probe.getComputedTextLength(); }));
    probe.remove();
    labelW = Math.round(Math.min(width / 2, Math.max(200, longest + 16)));
  }
  const valueW = stacked ? 112 : 110;
  const barW = width - labelW - valueW;
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
    const name = names[i];
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
  const tiles = readInput('compare', readBoard, "The Sliding tab's board: ");
  if (tiles === null) return;
  const req = { board: tiles.join(' '), format: 'line', size: `${sl.w}x${sl.h}`, goal: currentGoal().join(' ') };
  // The caption names the board of the rows shown, whatever the Sliding tab holds later.
  const caption = `Algorithms on the ${req.size} board ${req.board} to the goal ${req.goal}`;
  run('compare', 'Running every algorithm', async (signal) => {
    const r = await api('/api/sliding/compare', req, signal);
    const rows = r.rows || [];
    // The table and the chart show once there are rows to show.
    for (const id of ['#compare-results', '#compare-chart-title', '#compare-chart']) $(id).hidden = false;
    drawCompareTable(rows);
    $('#compare-table caption').textContent = caption;
    drawCompareChart(rows);
    const count = (f) => rows.filter(f).length;
    const solved = count((x) => x.status === 'ok'), na = count((x) => x.status === 'n/a');
    const limited = rows.length - solved - na;
    return `${rows.length} runs: ${solved} solved` + (limited ? `, ${limited} stopped at a limit (hatched)` : '') +
      (na ? `, ${na} not available for this board` : '') + '.';
  });
});
