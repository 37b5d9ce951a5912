// searchlab's page: one view per puzzle family (sliding tiles, compare,
// Sudoku, one-stroke), talking to the JSON API under /api/. Plain ES
// modules with no dependencies and no build step; the server embeds them.
// This file switches the tabs; each view lives in its own module, the
// shared helpers in lib.js.

import { $ } from './lib.js';
import './sliding.js';
import { showCompareBoard } from './compare.js';
import './sudoku.js';
import './stroke.js';
import './watch.js';
import './race.js';

const TABS = ['sliding', 'compare', 'watch', 'race', 'sudoku', 'stroke'];

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

// The footer says whether the server is up.
async function health() {
  try {
    const h = await (await fetch('/api/health')).json();
    $('#health').textContent = h.ok ? `(ok: ${h.solving} of ${h.max_concurrent} solving)` : '(not ok)';
  } catch {
    $('#health').textContent = '(unreachable)';
  }
}

const tabOfHash = () => (TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : null);
showTab(tabOfHash() ?? 'sliding');
// A link or a typed #name switches the tab after load too.
addEventListener('hashchange', () => { if (tabOfHash()) showTab(tabOfHash()); });
health();
