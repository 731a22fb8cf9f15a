"use strict";
// The player of a drawn game (see the Rust module floe_pages::drawn): it unpacks the steps
// in the page's data, draws the step shown with the game's drawing, keeps the log beside
// it, and, in a page served to play in, asks the server for new steps and sends answers.

/** Each game's drawing, by the game's name: a function (board, ctx) returning an SVG
 * element; ctx holds `players`, `colours` (by seat), `seat` (the viewer, null told in
 * full) and `step`. Every piece that belongs to a seat carries `data-piece` (its kind)
 * and `data-seat`, so that a test can count them. */
const FloeDraw = {};

/** Small helpers the drawings share. */
const FloeSvg = {
  NS: "http://www.w3.org/2000/svg",
  /** An SVG element `tag` with `attrs`, holding `children` (elements or text). */
  el(tag, attrs, ...children) {
    const e = document.createElementNS(FloeSvg.NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== null && v !== undefined) e.setAttribute(k, String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined) continue;
      e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  },
  /** Text at (x, y). */
  text(x, y, s, attrs) {
    return FloeSvg.el("text", Object.assign({ x, y, "font-size": 12, "font-family": "sans-serif" }, attrs), String(s));
  },
  /** A number for people: to 2 decimals at most (the text replay has them exact). */
  short(v) {
    return String(Math.round(v * 100) / 100);
  },
  /** An SVG root of width w and height h. */
  root(w, h) {
    return FloeSvg.el("svg", { xmlns: FloeSvg.NS, width: w, height: h, viewBox: `0 0 ${w} ${h}` });
  },
  /** A CSS colour for a seat: its colour's name where it names one, else a fixed one. */
  seatColour(ctx, seat) {
    const named = {
      red: "#d62728", blue: "#1f77b4", green: "#2ca02c", yellow: "#e6c229", purple: "#9467bd",
      orange: "#ff7f0e", white: "#f4f4f4", black: "#333", pink: "#e377c2", brown: "#8c564b",
    };
    const fallback = ["#d62728", "#1f77b4", "#2ca02c", "#e6c229", "#9467bd", "#ff7f0e"];
    const name = (ctx.colours || [])[seat];
    return named[name] || fallback[seat % fallback.length];
  },
};

/** The chart of every seat's standing at each mark of the game (`marks`, each read at a
 * `step`; see floe_sim::arc): one line per seat in its colour (`ctx.colours`), over the
 * marks from the start (0) to the end. Returns the SVG and `show(k)`, which marks the
 * mark numbered `k` on it. */
function standingsChart(marks, ctx) {
  const [w, h, left, right, top, bottom] = [640, 170, 44, 12, 10, 24];
  const values = marks.flatMap((m) => m.standings);
  const lo = Math.min(0, ...values);
  const hi = Math.max(lo + 1, ...values);
  const last = Math.max(1, marks.length - 1);
  const x = (k) => left + (k * (w - left - right)) / last;
  const y = (v) => top + ((hi - v) * (h - top - bottom)) / (hi - lo);
  const svg = FloeSvg.root(w, h);
  const grey = { stroke: "#bbb", "stroke-width": 1 };
  svg.appendChild(FloeSvg.el("line", Object.assign({ x1: left, y1: top, x2: left, y2: y(lo) }, grey)));
  svg.appendChild(FloeSvg.el("line", Object.assign({ x1: left, y1: y(lo), x2: w - right, y2: y(lo) }, grey)));
  for (const v of new Set([lo, 0, hi])) {
    svg.appendChild(FloeSvg.text(left - 4, y(v) + 4, FloeSvg.short(v), { "text-anchor": "end", "font-size": 11 }));
  }
  svg.appendChild(FloeSvg.text(left, h - 6, "start", { "font-size": 11 }));
  svg.appendChild(FloeSvg.text(w - right, h - 6, `end (mark ${marks.length - 1})`, { "text-anchor": "end", "font-size": 11 }));
  const cursor = FloeSvg.el("line", { class: "cursor", y1: top, y2: y(lo), stroke: "#555", "stroke-dasharray": "3 3" });
  svg.appendChild(cursor);
  const dots = [];
  for (let seat = 0; seat < ctx.players; seat++) {
    const points = marks.map((m, k) => `${x(k)},${y(m.standings[seat])}`).join(" ");
    const colour = FloeSvg.seatColour(ctx, seat);
    // A grey casing under each line keeps light colours (white, yellow) visible.
    svg.appendChild(FloeSvg.el("polyline", { points, fill: "none", stroke: "#888", "stroke-width": 4 }));
    svg.appendChild(FloeSvg.el("polyline", { points, fill: "none", stroke: colour, "stroke-width": 2.2, class: "standing", "data-seat": seat }));
    dots.push(FloeSvg.el("circle", { r: 4, fill: colour, stroke: "#333", "data-seat": seat }));
  }
  dots.forEach((d) => svg.appendChild(d));
  function show(k) {
    cursor.setAttribute("x1", x(k));
    cursor.setAttribute("x2", x(k));
    dots.forEach((d, seat) => {
      d.setAttribute("cx", x(k));
      d.setAttribute("cy", y(marks[k].standings[seat]));
    });
  }
  /** The mark nearest the horizontal position `px` of a click on the chart. */
  function nearest(px) {
    const box = svg.getBoundingClientRect();
    const at = ((px - box.left) * w) / box.width;
    return Math.max(0, Math.min(marks.length - 1, Math.round(((at - left) * last) / (w - left - right))));
  }
  return { svg, show, nearest };
}

// The drawings' files follow this one in the page's script: start once they are read.
document.addEventListener("DOMContentLoaded", function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const $ = (id) => document.getElementById(id);
  const views = data.views.map((v) => ({ seat: v.seat, steps: [] }));
  data.views.forEach((v, i) => v.steps.forEach((s) => addStep(views[i], s)));
  let view = views[0];
  let at = 0;
  let shownLog = 0; // steps whose lines are in the log
  let timer = null;
  let finalScores = data.final_scores;

  /** Adds a packed step (fields changed since the last: `set`, `gone`), or a step with its
   * whole `board`, to `v`. */
  function addStep(v, s) {
    let board = s.board;
    if (board === undefined) {
      const before = v.steps.length ? v.steps[v.steps.length - 1].board : {};
      board = Object.assign({}, before, s.set || {});
      for (const k of s.gone || []) delete board[k];
    }
    v.steps.push({ round: s.round, asked: s.asked, log: s.log, board });
  }

  function viewName(v) {
    return v.seat === null ? "told in full" : `as S${v.seat} sees it`;
  }

  for (const [i, v] of views.entries()) {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = viewName(v);
    $("view").appendChild(o);
  }
  $("view").disabled = views.length < 2;

  function draw(step) {
    const box = $("board");
    box.replaceChildren();
    const drawing = FloeDraw[data.game];
    const ctx = { players: data.players, colours: data.colours, seat: view.seat, step };
    if (drawing) {
      box.appendChild(drawing(step.board, ctx));
    } else {
      const pre = document.createElement("pre");
      pre.textContent = JSON.stringify(step.board, null, 1);
      box.appendChild(pre);
    }
  }

  // The standings chart, in a game told in full (its steps are those of every view).
  const chart = data.marks.length ? standingsChart(data.marks, data) : null;
  if (chart) {
    $("standings").hidden = false;
    $("standings").querySelector(".chart").appendChild(chart.svg);
    chart.svg.onclick = (e) => { stop(); go(data.marks[chart.nearest(e.clientX)].step); };
  }

  /** Marks on the chart the last mark read at or before the step shown, and says the
   * standings there. */
  function renderStandings() {
    let k = 0;
    while (k + 1 < data.marks.length && data.marks[k + 1].step <= at) k++;
    chart.show(k);
    const n = data.marks.length - 1;
    const round = view.steps[data.marks[k].step].round;
    const opened = round === null || round === undefined ? "a round" : `round ${round}`;
    const when = k === 0 ? "the start" : k === n ? "the end" : `the start of ${opened}`;
    const caption = $("standings").querySelector("figcaption");
    caption.replaceChildren(`standings (points + progress) at mark ${k} of ${n}, ${when}:`);
    data.marks[k].standings.forEach((v, seat) => {
      const swatch = document.createElement("i");
      swatch.style.background = FloeSvg.seatColour(data, seat);
      caption.append(" ", swatch, `S${seat} ${FloeSvg.short(v)}`);
    });
  }

  function renderLog() {
    const log = $("log");
    while (log.lastChild && Number(log.lastChild.dataset.step) > at) log.removeChild(log.lastChild);
    for (let k = Math.min(shownLog, at + 1); k <= at; k++) {
      for (const line of view.steps[k].log) {
        const li = document.createElement("li");
        li.dataset.step = String(k);
        li.textContent = line;
        log.appendChild(li);
      }
    }
    shownLog = at + 1;
    for (const li of log.querySelectorAll("li.now")) li.classList.remove("now");
    const now = log.querySelectorAll(`li[data-step="${at}"]`);
    now.forEach((li) => li.classList.add("now"));
    const last = now.length ? now[now.length - 1] : log.lastElementChild;
    if (last) log.scrollTop = last.offsetTop - log.offsetTop - log.clientHeight + last.offsetHeight + 8;
  }

  function render() {
    const steps = view.steps;
    const step = steps[at];
    $("slider").max = String(steps.length - 1);
    $("slider").value = String(at);
    const round = step.round === null || step.round === undefined ? "" : ` · round ${step.round}`;
    const asked = step.asked === null || step.asked === undefined ? " · the game is over" : ` · S${step.asked} to answer`;
    $("where").textContent = `step ${at + 1} of ${steps.length}${round}${asked}`;
    draw(step);
    renderLog();
    if (chart) renderStandings();
    const over = at === steps.length - 1 && finalScores;
    $("final").hidden = !over;
    $("final").textContent = over ? finalScores : "";
    $("prev").disabled = $("first").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === steps.length - 1;
    const rounds = steps.some((s) => s.round !== null && s.round !== undefined);
    $("prev-round").disabled = !rounds || at === 0;
    $("next-round").disabled = !rounds || at === steps.length - 1;
  }

  function go(k) {
    at = Math.max(0, Math.min(view.steps.length - 1, k));
    render();
  }

  /** The first step of the round after this one, or of this round (back: the round
   * before, when already at this round's first step). */
  function roundStep(forward) {
    const steps = view.steps;
    const r = steps[at].round;
    if (forward) {
      let k = at;
      while (k < steps.length - 1 && steps[k].round === r) k++;
      return k;
    }
    let k = at;
    while (k > 0 && steps[k - 1].round === r) k--;
    if (k === at && k > 0) {
      const before = steps[k - 1].round;
      k--;
      while (k > 0 && steps[k - 1].round === before) k--;
    }
    return k;
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("play").textContent = "▶ play";
  }

  $("first").onclick = () => { stop(); go(0); };
  $("last").onclick = () => { stop(); go(view.steps.length - 1); };
  $("prev").onclick = () => { stop(); go(at - 1); };
  $("next").onclick = () => { stop(); go(at + 1); };
  $("prev-round").onclick = () => { stop(); go(roundStep(false)); };
  $("next-round").onclick = () => { stop(); go(roundStep(true)); };
  $("slider").oninput = () => { stop(); go(Number($("slider").value)); };
  $("play").onclick = () => {
    if (timer !== null) return stop();
    if (at === view.steps.length - 1) go(0);
    $("play").textContent = "❚❚ pause";
    timer = setInterval(() => (at >= view.steps.length - 1 ? stop() : go(at + 1)), 350);
  };
  $("view").onchange = () => {
    view = views[Number($("view").value)];
    $("log").replaceChildren();
    shownLog = 0;
    go(Math.min(at, view.steps.length - 1));
  };
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const keys = {
      ArrowLeft: "prev", ArrowRight: "next", PageUp: "prev-round", PageDown: "next-round",
      Home: "first", End: "last", " ": "play",
    };
    if (keys[e.key]) {
      e.preventDefault();
      $(keys[e.key]).click();
    }
  });

  // A page served to play in: the server holds the game; the page shows the steps it has,
  // from the newest, and asks for more after each answer (a page that watches, every
  // second).
  const live = data.live;
  if (live) {
    const panel = $("question");
    panel.hidden = false;
    at = view.steps.length - 1;
    const say = (text, cls) => {
      const p = document.createElement("p");
      p.textContent = text;
      if (cls) p.className = cls;
      return p;
    };

    /** Fetches the steps since the page's last and the question; `newest` moves to the
     * newest step (after the person's own answer), else the page follows only if it was
     * at the newest already. */
    async function refresh(newest) {
      const follow = newest || at === view.steps.length - 1;
      let state;
      try {
        const got = await fetch(`state?since=${view.steps.length}`, { cache: "no-store" });
        state = await got.json();
      } catch (e) {
        panel.replaceChildren(say("The game's server has stopped (floe play ended).", "error"));
        return;
      }
      for (const s of state.steps) addStep(view, s);
      finalScores = state.final_scores || "";
      if (follow) at = view.steps.length - 1;
      render();
      ask(state);
      if (!live.plays && !state.final_scores) setTimeout(() => refresh(false), 1000);
    }

    function ask(state) {
      panel.replaceChildren();
      if (state.note) panel.appendChild(say(state.note));
      if (!state.question) return;
      if (!live.plays) {
        panel.appendChild(say(`S${state.question.seat} is asked: ${state.question.text}`));
        panel.appendChild(say("This browser watches: the game is played in the browser that opened the address floe play printed."));
        return;
      }
      panel.appendChild(say(`S${state.question.seat}, your question: ${state.question.text}`));
      const list = document.createElement("div");
      list.className = "answers";
      for (const a of state.question.answers) {
        const b = document.createElement("button");
        b.className = "answer";
        b.dataset.index = String(a.index);
        b.textContent = a.described;
        b.onclick = () => answer(a.index);
        list.appendChild(b);
      }
      panel.appendChild(list);
    }

    /** Sends the answer numbered `index` to the question of the page's newest step. */
    async function answer(index) {
      const buttons = () => $("question").querySelectorAll("button");
      for (const b of buttons()) b.disabled = true;
      let reply;
      try {
        const got = await fetch("answer", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ index, step: view.steps.length }),
        });
        reply = await got.json();
      } catch (e) {
        panel.replaceChildren(say("The game's server has stopped (floe play ended).", "error"));
        return;
      }
      if (reply.error) {
        $("question").appendChild(say(reply.error, "error"));
        for (const b of buttons()) b.disabled = false;
        // A page left behind (another tab played on) catches up.
        if (/moved on/.test(reply.error)) await refresh(true);
        return;
      }
      await refresh(true);
    }

    refresh(true);
  }

  window.floePlayer = { views, go, get at() { return at; }, get view() { return view; } };
  render();
});
