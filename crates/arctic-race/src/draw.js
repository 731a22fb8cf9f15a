"use strict";
// The drawing of Arctic Race: the track (bank A, the river's slots with their ice floe
// tiles, bank B) with every racer on its space, the supply and the tiles gone, a key,
// then one row per seat: its markers, racers at home and finished, and its cards.
(function () {
  const { el, text } = FloeSvg;

  const WIDTH = 900;
  const MARGIN = 20;
  const FONT = "sans-serif";
  const CHAR_EM = 0.6; // a character's width, roughly, in ems of its font size
  /** Where the track's parts sit, top to bottom. */
  const AREA_Y = 50; // area titles (bank A, river, bank B)
  const SPACES_Y = 84; // top of the spaces
  const SPACE_H = 52;
  const MAX_SPACE_W = 40;
  const PART_GAP = 5; // between bank A, each slot and bank B
  const STATUS_Y = 172; // the supply, the tiles gone and the key
  const SEATS_Y = 286; // the players' title; their rows follow
  const ROW_H = 62;
  const ROW_GAP = 6;
  /** The columns of a seat's row. */
  const COL = { name: MARGIN + 10, home: 192, finished: 314, cards: 440 };
  const CARD_W = 70;
  const CARD_H = 26;
  const BACK_W = 18;
  const GROUP_GAP = 8; // between the face-down card, the played pile and the hand

  /** How each icon reads on a space, and its fill. */
  const ICONS = {
    blank: { label: "", fill: null },
    "+1": { label: "+1", fill: "#d6ecd2" },
    "+2": { label: "+2", fill: "#d6ecd2" },
    "+3": { label: "+3", fill: "#d6ecd2" },
    die: { label: "D", fill: "#f6e2bd" },
    start: { label: "★", fill: "#fbefa6" },
    hand: { label: "H", fill: "#e8d9f3" },
    arrow: { label: "A", fill: "#f7d0d0" },
  };
  const BANK_FILL = "#eef1f4";
  const ICE_FILL = "#e3f1fb";
  const WATER_FILL = "#6f9fd3";
  const TOKEN_FILL = "#f2c94c";
  const ASKED_FILL = "#fff3c4";
  const ROW_FILL = "#f6f7f8";
  const MUTED = "#666";

  /** Text in the page's font; `size` in px. */
  function label(x, y, s, size, attrs) {
    return text(x, y, s, Object.assign({ "font-size": size || 12, "font-family": FONT }, attrs));
  }

  /** Attributes that mark an element as one piece of `kind` belonging to `seat`. */
  function piece(kind, seat, attrs) {
    return Object.assign({ "data-piece": kind, "data-seat": seat }, attrs);
  }

  /** Black or white, whichever reads better on the CSS hex colour `hex`. */
  function inkOn(hex) {
    let h = hex.replace("#", "");
    if (h.length === 3) h = h.split("").map((c) => c + c).join("");
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
    return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#222" : "#fff";
  }

  /** "1st", "2nd", ... for a finishing place. */
  function ordinal(n) {
    const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
    return `${n}${tail}`;
  }

  /** A racer: a disc in its seat's colour with its number (which is also its race). */
  function racerDisc(ctx, seat, number, x, y, r, attrs) {
    const fill = FloeSvg.seatColour(ctx, seat);
    return el("g", attrs,
      el("circle", { cx: x, cy: y, r, fill, stroke: "#333", "stroke-width": 1.2 }),
      label(x, y + 4, number, 12, { "text-anchor": "middle", "font-weight": "bold", fill: inkOn(fill) }));
  }

  /** The first of `words` (longest first) that fits `width` px at font `size`, or "":
   * short tracks of many spaces get short titles rather than overlapping ones. */
  function fitting(words, width, size) {
    return words.find((w) => w.length * size * CHAR_EM <= width) || "";
  }

  /** Which part of the track space `i` lies in: bank A, a river slot, or bank B. */
  function partOf(board, i) {
    const { first_space: first, slot_len: len, tiles } = board.river;
    if (i < first) return { kind: "bankA" };
    const slot = Math.floor((i - first) / len);
    if (slot < tiles.length) return { kind: "slot", slot, tile: tiles[slot] };
    return { kind: "bankB" };
  }

  /** The x of each track space, and its width: spaces share the width, with a gap
   * between bank A, each river slot and bank B so that the tiles read as tiles. */
  function spaceGeometry(board) {
    const n = board.track.length;
    const parts = board.track.map((_, i) => partOf(board, i));
    const newPart = (i) => i > 0 && (parts[i].kind !== parts[i - 1].kind || parts[i].slot !== parts[i - 1].slot);
    const gaps = parts.filter((_, i) => newPart(i)).length;
    const w = Math.min(MAX_SPACE_W, Math.floor((WIDTH - 2 * MARGIN - gaps * PART_GAP) / n));
    let x = (WIDTH - (n * w + gaps * PART_GAP)) / 2;
    const xs = parts.map((_, i) => {
      if (newPart(i)) x += PART_GAP;
      const at = x;
      x += w;
      return at;
    });
    return { xs, w, parts };
  }

  /** The title line: the round and what is being asked, and whose view this is. */
  function drawTitle(board, ctx) {
    const who = `S${board.to_act}`;
    const card = board.card_carried_out;
    const doing = {
      commit: `${who} lays a card face down`,
      reveal: `${who} reveals its ${card} card: ${card === "1-2-3" ? "which racer moves 1 space?" : "action A or B?"}`,
      give_token: `${who} gives the start token away (during its ${card} card)`,
      black_die: `${who} rolled black: which racer moves 1 space?`,
      over: `Game over after ${board.round} rounds (${board.end_cause})`,
    }[board.phase] || board.phase;
    const round = board.phase === "over" ? "" : `Round ${board.round} · `;
    const view = ctx.seat === null ? "told in full" : `as S${ctx.seat} sees it`;
    return el("g", {},
      label(MARGIN, 26, `${round}${doing}`, 16, { "font-weight": "bold" }),
      label(WIDTH - MARGIN, 26, view, 12, { "text-anchor": "end", fill: MUTED }));
  }

  /** The titles over the track's parts: the banks, and over each slot its number and
   * tile (the tile's kind as the JSON numbers it) or open water. */
  function drawPartTitles(board, geo) {
    const g = el("g", {});
    const { xs, w, parts } = geo;
    const spans = {};
    parts.forEach((p, i) => {
      const key = p.kind === "slot" ? `slot${p.slot}` : p.kind;
      spans[key] = spans[key] || { p, from: xs[i], to: xs[i] + w };
      spans[key].to = xs[i] + w;
    });
    const mid = (s) => (s.from + s.to) / 2;
    const put = (s, y, words, size, attrs) =>
      g.append(label(mid(s), y, fitting(words, s.to - s.from, size), size, Object.assign({ "text-anchor": "middle" }, attrs)));
    const bold = { "font-weight": "bold" };
    if (spans.bankA) put(spans.bankA, AREA_Y, ["Bank A (from home →)", "Bank A", "A"], 12, bold);
    if (spans.bankB) put(spans.bankB, AREA_Y, ["Bank B (→ then finish)", "Bank B", "B"], 12, bold);
    const slots = Object.values(spans).filter((s) => s.p.kind === "slot");
    if (slots.length) {
      const river = { from: slots[0].from, to: slots[slots.length - 1].to };
      put(river, AREA_Y, ["River: ice floe tiles (shift → moves them a slot on)", "River"], 12, bold);
    }
    for (const s of slots) {
      const tile = s.p.tile === null ? ["open water", "water", "~"] : [`tile #${s.p.tile}`, `#${s.p.tile}`];
      put(s, AREA_Y + 15, [`slot ${s.p.slot}`, `${s.p.slot}`], 11, { fill: MUTED });
      put(s, AREA_Y + 28, tile, 11, { fill: MUTED });
    }
    return g;
  }

  /** One track space: its ground (bank, ice or open water), its icon, its number. */
  function drawSpace(icon, part, x, w, i) {
    const water = part.kind === "slot" && part.tile === null;
    const look = ICONS[icon] || { label: icon, fill: null };
    const ground = water ? WATER_FILL : look.fill || (part.kind === "slot" ? ICE_FILL : BANK_FILL);
    const stroke = part.kind === "slot" && !water ? "#8bb6d6" : "#c5cbd1";
    return el("g", {},
      el("rect", { x: x + 1, y: SPACES_Y, width: w - 2, height: SPACE_H, rx: 3, fill: ground, stroke }),
      label(x + w / 2, SPACES_Y + 15, water ? "~" : look.label, 12,
        { "text-anchor": "middle", "font-weight": "bold", fill: water ? "#fff" : "#333" }),
      label(x + w / 2, SPACES_Y + SPACE_H + 14, fitting([String(i)], w, 11) || (i % 5 ? "" : i), 11,
        { "text-anchor": "middle", fill: MUTED }));
  }

  /** The track: every space, then every racer on its space (a space holds one racer). */
  function drawTrack(board, ctx) {
    const geo = spaceGeometry(board);
    const g = el("g", {}, drawPartTitles(board, geo));
    board.track.forEach((icon, i) => g.append(drawSpace(icon, geo.parts[i], geo.xs[i], geo.w, i)));
    const r = Math.max(5, Math.min(12, geo.w / 2 - 1));
    board.seats.forEach((s, seat) => {
      for (const racer of s.racers) {
        if (racer.position !== "track") continue;
        const x = geo.xs[racer.space] + geo.w / 2;
        g.append(racerDisc(ctx, seat, racer.racer, x, SPACES_Y + 34, r,
          piece("racer-track", seat, { "aria-label": `S${seat} racer ${racer.racer} on space ${racer.space}` })));
      }
    });
    return g;
  }

  /** The river's reserve: tiles left in the face-down supply, and the tiles pushed out of
   * the river so far, counted by kind. */
  function drawSupply(board) {
    const g = el("g", {},
      label(MARGIN, STATUS_Y, "Tiles", 13, { "font-weight": "bold" }),
      label(MARGIN, STATUS_Y + 20, `supply: ${board.supply} tiles face down`, 12));
    if (board.supply_ran_out) {
      g.append(label(MARGIN + 190, STATUS_Y + 20, "ran out: last round", 12, { fill: "#b00", "font-weight": "bold" }));
    }
    const counts = new Map();
    for (const kind of board.tiles_gone) counts.set(kind, (counts.get(kind) || 0) + 1);
    g.append(label(MARGIN, STATUS_Y + 42, `gone from the river (tile #, how many):${counts.size ? "" : " none"}`, 12));
    let x = MARGIN;
    for (const [kind, n] of [...counts].sort((a, b) => a[0] - b[0])) {
      g.append(el("rect", { x, y: STATUS_Y + 50, width: 46, height: 18, rx: 3, fill: ICE_FILL, stroke: "#8bb6d6" }),
        label(x + 23, STATUS_Y + 63, `#${kind} ×${n}`, 11, { "text-anchor": "middle" }));
      x += 50;
    }
    g.append(label(MARGIN, STATUS_Y + 86, "tile #k: the k-th kind in the rules' tile list, from 0", 11, { fill: MUTED }));
    return g;
  }

  /** The key: what each icon does when a racer stops on it, and the markers. */
  function drawKey(ctx) {
    const x0 = 440;
    const colW = 150;
    const chip = (x, y, fill, s, ink) => [
      el("rect", { x, y: y - 12, width: 22, height: 16, rx: 3, fill, stroke: "#c5cbd1" }),
      label(x + 11, y, s, 11, { "text-anchor": "middle", "font-weight": "bold", fill: ink || "#333" })];
    const items = [
      (x, y) => chip(x, y, ICONS["+1"].fill, "+n").concat(label(x + 27, y, "move on n spaces", 11)),
      (x, y) => chip(x, y, ICONS.die.fill, "D").concat(label(x + 27, y, "roll the die", 11)),
      (x, y) => chip(x, y, ICONS.start.fill, "★").concat(label(x + 27, y, "give start token", 11)),
      (x, y) => chip(x, y, ICONS.hand.fill, "H").concat(label(x + 27, y, "take cards back", 11)),
      (x, y) => chip(x, y, ICONS.arrow.fill, "A").concat(label(x + 27, y, "shift the river", 11)),
      (x, y) => chip(x, y, WATER_FILL, "~", "#fff").concat(label(x + 27, y, "water: back home", 11)),
      (x, y) => [racerDisc(ctx, 0, 3, x + 11, y - 4, 9, {}), label(x + 27, y, "racer 3, its colour", 11)],
      (x, y) => [tokenMark(x + 11, y - 4, {}), label(x + 27, y, "holds start token", 11)],
      (x, y) => [leaderMark(x, y - 4, {}), label(x + 40, y, "leads this round", 11)],
      (x, y) => [cardChip(x, y, { "stroke-dasharray": "4 2" }), label(x + 27, y, "card face down", 11)],
      (x, y) => [cardChip(x, y, { "stroke-width": 2.5 }), label(x + 27, y, "card being played", 11)],
      (x, y) => [cardBack(x + 4, y - 13, { height: 18, width: 14 }), label(x + 27, y, "hidden card", 11)],
    ];
    const g = el("g", {}, label(x0, STATUS_Y, "Key", 13, { "font-weight": "bold" }));
    items.forEach((item, k) => g.append(...item(x0 + (k % 3) * colW, STATUS_Y + 20 + Math.floor(k / 3) * 22)));
    return g;
  }

  /** A small white card for the key, outlined as `border` says. */
  function cardChip(x, y, border) {
    return el("rect", Object.assign({ x, y: y - 12, width: 22, height: 16, rx: 3, fill: "#fff", stroke: "#555" }, border));
  }

  /** The start token: a gold disc with a star. */
  function tokenMark(x, y, attrs) {
    return el("g", attrs,
      el("circle", { cx: x, cy: y, r: 9, fill: TOKEN_FILL, stroke: "#9a7b16" }),
      label(x, y + 4, "★", 11, { "text-anchor": "middle", fill: "#5a4500" }));
  }

  /** The mark of the seat that led (committed and revealed first) this round. */
  function leaderMark(x, y, attrs) {
    return el("g", attrs,
      el("rect", { x, y: y - 8, width: 36, height: 16, rx: 8, fill: "#fff", stroke: "#555" }),
      label(x + 18, y + 4, "leads", 11, { "text-anchor": "middle" }));
  }

  /** A card face up: its name on a white card; `outline` marks a card face down (dashed)
   * or the card being carried out (thick). */
  function cardFace(x, y, name, attrs, outline) {
    const border = { down: { "stroke-dasharray": "4 2", "stroke-width": 1.5 }, now: { "stroke-width": 2.5 } }[outline] || {};
    return el("g", attrs,
      el("rect", Object.assign({ x, y, width: CARD_W, height: CARD_H, rx: 4, fill: "#fff", stroke: "#555" }, border)),
      label(x + CARD_W / 2, y + 17, name, 11, { "text-anchor": "middle" }));
  }

  /** A card back: all a viewer sees of a card it may not see. */
  function cardBack(x, y, attrs) {
    return el("rect", Object.assign({ x, y, width: BACK_W, height: CARD_H, rx: 3, fill: "#7b8794", stroke: "#444" }, attrs));
  }

  /** A pile's title: its name, and its count when it holds any (an empty pile shows
   * "none" beneath a short title). */
  function counted(name, n) {
    return n ? `${name} (${n})` : name;
  }

  /** A group of `n` cards of a seat under `title` (`face down`, `played`, `hand`), from
   * `x`; returns the group and the x after it. `draw(x, k)` draws the k-th card at x. */
  function cardGroup(title, n, cardW, x, y, draw) {
    const g = el("g", {}, label(x, y + 13, title, 11, { fill: MUTED }));
    if (n === 0) g.append(label(x, y + 36, "none", 11, { fill: MUTED }));
    for (let k = 0; k < n; k++) g.append(draw(x + k * (cardW + 3), k));
    const width = Math.max(title.length * 11 * CHAR_EM, n * (cardW + 3));
    return [g, x + width + GROUP_GAP];
  }

  /** A seat's cards: its face-down card (face up to its owner and told in full), its
   * played pile (the card being carried out outlined), and its hand (backs, counted,
   * where the viewer may not see it). */
  function drawCards(s, seat, board, y) {
    const g = el("g", {});
    const cy = y + 22;
    let x = COL.cards;
    let part;
    if (s.face_down) {
      const shown = s.face_down_card;
      [part, x] = cardGroup("face down", 1, shown ? CARD_W : BACK_W, x, y, (cx) =>
        shown ? cardFace(cx, cy, shown, piece("face-down", seat), "down") : cardBack(cx, cy, piece("face-down", seat)));
      g.append(part);
    }
    const carried = board.phase !== "commit" && board.to_act === seat ? board.card_carried_out : null;
    [part, x] = cardGroup(counted("played", s.played.length), s.played.length, CARD_W, x, y, (cx, k) =>
      cardFace(cx, cy, s.played[k], piece("played", seat), s.played[k] === carried ? "now" : null));
    g.append(part);
    if (s.hand) {
      [part, x] = cardGroup(counted("hand", s.hand.length), s.hand.length, CARD_W, x, y, (cx, k) =>
        cardFace(cx, cy, s.hand[k], piece("hand", seat)));
    } else {
      const hidden = s.hand_size;
      [part, x] = cardGroup(counted("hand, hidden", hidden), hidden, BACK_W, x, y, (cx) => cardBack(cx, cy, piece("hand-back", seat)));
    }
    g.append(part);
    return g;
  }

  /** A seat's racers at home (waiting to enter bank A) and finished (with their place in
   * their race), side by side, so many racers never overlap. */
  function drawOffTrack(s, seat, ctx, y) {
    const g = el("g", {},
      label(COL.home, y + 14, "home", 11, { fill: MUTED }),
      label(COL.finished, y + 14, "finished (place)", 11, { fill: MUTED }));
    const home = s.racers.filter((r) => r.position === "home");
    const done = s.racers.filter((r) => r.position === "finished");
    if (!home.length) g.append(label(COL.home, y + 38, "none", 11, { fill: MUTED }));
    if (!done.length) g.append(label(COL.finished, y + 38, "none", 11, { fill: MUTED }));
    home.forEach((r, k) => g.append(racerDisc(ctx, seat, r.racer, COL.home + 10 + k * 23, y + 34, 10,
      piece("racer-home", seat, { "aria-label": `S${seat} racer ${r.racer} at home` }))));
    done.forEach((r, k) => {
      const x = COL.finished + 10 + k * 24;
      g.append(el("g", piece("racer-finished", seat, { "aria-label": `S${seat} racer ${r.racer} finished ${ordinal(r.place)}` }),
        racerDisc(ctx, seat, r.racer, x, y + 32, 10, {}),
        label(x, y + 56, ordinal(r.place), 11, { "text-anchor": "middle" })));
    });
    return g;
  }

  /** One seat's row: its colour, name and marks (you, to answer, start token, leader),
   * then its racers off the track and its cards. */
  function drawSeat(s, seat, board, ctx, y) {
    const asked = ctx.step.asked === seat;
    const colour = FloeSvg.seatColour(ctx, seat);
    const g = el("g", {},
      el("rect", { x: MARGIN, y, width: WIDTH - 2 * MARGIN, height: ROW_H, rx: 5,
        fill: asked ? ASKED_FILL : ROW_FILL, stroke: asked ? "#d4a800" : "#ddd", "stroke-width": asked ? 2 : 1 }),
      el("rect", { x: MARGIN, y, width: 7, height: ROW_H, rx: 3, fill: colour }),
      label(COL.name, y + 18, ctx.colours[seat] ? `S${seat} · ${ctx.colours[seat]}` : `S${seat}`, 13, { "font-weight": "bold" }));
    const notes = [ctx.seat === seat ? "you" : null, asked ? "▶ to answer" : null].filter(Boolean);
    if (notes.length) g.append(label(COL.name, y + 54, notes.join(" · "), 12, { "font-weight": "bold", fill: "#7a5a00" }));
    if (board.start_token === seat) g.append(tokenMark(COL.name + 9, y + 33, piece("start-token", seat)));
    if (board.leader === seat) g.append(leaderMark(COL.name + 24, y + 33, piece("leader", seat)));
    g.append(drawOffTrack(s, seat, ctx, y), drawCards(s, seat, board, y));
    return g;
  }

  FloeDraw["arctic-race"] = function (board, ctx) {
    const rows = board.seats.length;
    const svg = FloeSvg.root(WIDTH, SEATS_Y + 12 + rows * (ROW_H + ROW_GAP));
    svg.append(drawTitle(board, ctx), drawTrack(board, ctx), drawSupply(board), drawKey(ctx),
      label(MARGIN, SEATS_Y, "Players: racers off the track, and cards", 13, { "font-weight": "bold" }));
    board.seats.forEach((s, seat) => svg.append(drawSeat(s, seat, board, ctx, SEATS_Y + 10 + seat * (ROW_H + ROW_GAP))));
    return svg;
  };
})();
