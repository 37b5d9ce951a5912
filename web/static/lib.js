// lib.js: what every view of searchlab's page shares: DOM helpers,
// number formats, the JSON API client, and the life cycle of a view.
//
// Every view follows the same pattern: its <section> carries data-state
// (idle | solving | done | error) and a status element (#<view>-status)
// with one human sentence; run() below drives that life cycle so that an
// error, from the network or from the server, always ends in the "error"
// state with the server's message and never leaves buttons disabled.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const SVG = 'http://www.w3.org/2000/svg';

// el builds an element: el('div', {class: 'cell', 'data-i': 3}, 'text').
export function el(tag, attrs = {}, text, ns) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export const fmtInt = (n) => (n ?? 0).toLocaleString('en-US');

// fmtNs formats a duration in nanoseconds: "270 µs", "3.56 ms", "1.25 s".
export function fmtNs(ns) {
  if (ns == null) return '–';
  if (ns < 1e6) return `${Math.round(ns / 1e3)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

// showResult fills a <dl> with [term, value] pairs; a value is text or a Node.
export function showResult(dl, pairs) {
  dl.replaceChildren(...pairs.flatMap(([k, v]) => {
    const dd = el('dd');
    dd.append(v instanceof Node ? v : String(v));
    return [el('dt', {}, k), dd];
  }));
}

export const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

// ---------------------------------------------------------------------------
// The server

// APIError carries the server's message, the HTTP status and the JSON body.
export class APIError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

// api POSTs body as JSON to path and returns the decoded answer, or throws
// an APIError with the server's {"error": ...} message. A busy server (503)
// is asked again after its Retry-After, up to three times. Aborting signal
// drops the request, which cancels the server's search; the APIError then
// has cancelled set.
export async function api(path, body, signal) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(path, body, signal);
    } catch (e) {
      if (e.status === 503 && attempt === 3) e.message += ' (asked 3 times)';
      if (e.status !== 503 || attempt === 3 || signal?.aborted) throw e;
      await new Promise((r) => setTimeout(r, 1000 * (Number(e.retryAfter) || 1)));
    }
  }
}

async function post(path, body, signal) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 120_000);
  const cancel = () => ctl.abort();
  signal?.addEventListener('abort', cancel);
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
      if (signal?.aborted) {
        const err = new APIError('Cancelled: the server stopped the search.', 0, {});
        err.cancelled = true;
        throw err;
      }
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
    signal?.removeEventListener('abort', cancel);
  }
}

// ---------------------------------------------------------------------------
// View state

export const after = {}; // per view: called after every state change (re-enables controls)

// setState sets a view's data-state and status sentence; while solving it
// disables the view's buttons and fields, except its Cancel button
// (.cancel), which shows only then.
export function setState(name, state, message) {
  const view = $(`#view-${name}`);
  view.dataset.state = state;
  view.setAttribute('aria-busy', String(state === 'solving'));
  $(`#${name}-status`).textContent = message;
  for (const c of $$('button, input, select, textarea', view)) {
    if (c.classList.contains('cancel')) {
      c.hidden = state !== 'solving';
      c.disabled = false;
    } else {
      c.disabled = state === 'solving';
    }
  }
  after[name]?.();
}

// readInput returns what read() returns; when read throws (a board or
// puzzle the user typed that does not parse), it puts the view in the
// "error" state with prefix and the message, and returns null.
export function readInput(name, read, prefix = '') {
  try {
    return read();
  } catch (err) {
    setState(name, 'error', prefix + err.message);
    return null;
  }
}

const view = (name) => $(`#view-${name}`);

export const busy = (name) => $(`#view-${name}`).dataset.state === 'solving';

// run shows "solving" with a running clock while work(signal) runs, then
// "done" with the sentence work() returns, or "error" with the thrown
// message. The view's Cancel button (#<view>-cancel) aborts signal, which
// work passes to api(): the view goes back to "idle", "Cancelled".
export async function run(name, message, work) {
  const focused = document.activeElement;
  const t0 = performance.now();
  const ctl = new AbortController();
  const cancelButton = $(`#${name}-cancel`);
  const onCancel = () => ctl.abort();
  cancelButton?.addEventListener('click', onCancel);
  setState(name, 'solving', `${message}…`);
  if (focused && cancelButton && view(name).contains(focused)) cancelButton.focus();
  const tick = setInterval(() => {
    $(`#${name}-status`).textContent = `${message}… ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  }, 500);
  let state = 'done', sentence;
  try {
    sentence = await work(ctl.signal);
    if (ctl.signal.aborted) throw Object.assign(new APIError('Cancelled: the server stopped the search.', 0, {}), { cancelled: true });
  } catch (e) {
    state = e.cancelled ? 'idle' : 'error';
    sentence = e.message || String(e);
    if (!(e instanceof APIError)) console.error(e);
  } finally {
    clearInterval(tick);
    cancelButton?.removeEventListener('click', onCancel);
  }
  setState(name, state, sentence);
  // Disabling the focused button drops keyboard focus: give it back.
  if (focused && (document.activeElement === document.body || !document.activeElement)) focused.focus();
}
