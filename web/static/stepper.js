// stepper.js: step, play and rewind through a list of trace events. A
// model turns events into a picture: reset() forgets everything, apply(i)
// takes event i into account, render() draws, and major(i) says which
// events "Next" stops after (an expansion, a placement).

import { $, busy } from './lib.js';

export class Stepper {
  // prefix names the controls: #<prefix>-reset, -back, -step, -next,
  // -play, -pause, -end, -speed, -counter, and the group #<prefix>-stepper
  // whose arrow keys step; view is the view it lives in.
  constructor(prefix, view) {
    this.p = prefix;
    this.view = view; // the view whose solves disable the stepper
    this.k = 0; // events applied
    this.n = 0;
    this.model = null;
    this.timer = 0;
    const on = (id, f) => $(`#${prefix}-${id}`).addEventListener('click', f);
    on('reset', () => { this.pause(); this.go(0); });
    on('back', () => { this.pause(); this.go(this.k - 1); });
    on('step', () => { this.pause(); this.go(this.k + 1); });
    on('next', () => { this.pause(); this.next(); });
    on('end', () => { this.pause(); this.go(this.n); });
    on('play', () => this.play());
    on('pause', () => this.pause());
    $(`#${prefix}-stepper`).addEventListener('keydown', (e) => {
      const act = {
        ArrowRight: () => this.go(this.k + 1), ArrowLeft: () => this.go(this.k - 1), ArrowDown: () => this.next(),
        Home: () => this.go(0), End: () => this.go(this.n), ' ': () => (this.timer ? this.pause() : this.play()),
      }[e.key];
      if (!act || e.target.tagName === 'SELECT') return;
      e.preventDefault();
      if (e.key !== ' ') this.pause();
      act();
    });
    this.update();
  }

  // load shows a new trace of n events, at its start.
  load(model, n) {
    this.pause();
    this.model = model;
    this.n = n;
    this.k = 0;
    model.reset();
    model.render();
    this.update();
  }

  clear() {
    this.pause();
    this.model = null;
    this.n = this.k = 0;
    this.update();
  }

  // go shows the picture after k events (replaying from the start to go
  // back).
  go(k) {
    if (!this.model) return;
    k = Math.max(0, Math.min(this.n, k));
    if (k < this.k) {
      this.model.reset();
      this.k = 0;
    }
    while (this.k < k) this.model.apply(this.k++);
    this.model.render();
    this.update();
  }

  // next goes on to just after the next major event.
  next() {
    if (!this.model) return;
    let k = this.k;
    while (k < this.n && !this.model.major(k)) k++;
    this.go(k + 1);
  }

  play() {
    if (!this.model || this.timer) return;
    if (this.k >= this.n) this.go(0);
    this.timer = setInterval(() => {
      const speed = Number($(`#${this.p}-speed`).value) || 1;
      this.go(this.k + speed);
      if (this.k >= this.n) this.pause();
    }, 150);
    this.update();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = 0;
    this.update();
  }

  update() {
    const none = !this.model || busy(this.view);
    $(`#${this.p}-counter`).textContent = `${this.k} / ${this.n}`;
    for (const id of ['reset', 'back']) $(`#${this.p}-${id}`).disabled = none || this.k === 0;
    for (const id of ['step', 'next', 'end']) $(`#${this.p}-${id}`).disabled = none || this.k >= this.n;
    $(`#${this.p}-play`).disabled = none || this.n === 0 || this.timer !== 0;
    $(`#${this.p}-pause`).disabled = none || this.timer === 0;
  }
}
