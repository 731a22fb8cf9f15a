"use strict";
// The drawing of north-pole (Race to the North Pole): the 8x8 ice field as seen from the
// table (south at the bottom), each side of the table with its player, cards, ship, Pole
// progress and discs, and the piles. Nothing is private in this game, so every view
// draws the same facts; hidden orders (the draw pile, the disc stack) are drawn as backs
// with counts.
(function () {
  const { el, text } = FloeSvg;

  const W = 900;
  const H = 650;
  const Q = 48; // a square's size
  const BOARD_X = 44;
  const BOARD_Y = 64;
  const PANEL_X = 470; // the right column: sides and piles
  const PANEL_W = 422;
  const FILES = "abcdefgh";
  const SIDES = ["S", "W", "N", "E"]; // clockwise from the south, as the rules order them
  const PAWNS = 4; // pawns per colour
  const EQUIPMENT = ["Husky", "Snowshoes", "Backpack", "Igloo", "Pickaxe", "Compass"];
  const CARD_W = 46;
  const CARD_H = 44;
  const SEAT_ROW_H = 98;
  const EMPTY_ROW_H = 72;
  const ROW_GAP = 6;
  const STATUS_DX = 318; // a seat row's ship, Pole and team board, right of six cards

  const C = {
    ice: "#eef5fa", camp: "#f3e4c4", weak: "#cfe6f3", grid: "#b8cad6", open: "#2e8b57",
    crack: "#1d3557", hole: "#27313d", faceDown: "#4f9a5a", back: "#33507a", stack: "#2f6f73",
    asked: "#fff3c4", row: "#f7f9fb", rowLine: "#d5dde3", muted: "#667", ink: "#222",
  };
  const STORM = { blue: "#3b78c2", red: "#d0463f", purple: "#8a56b8" };
  const STORM_TURN = { blue: "turns ¼ clockwise", red: "turns ¼ counter-clockwise", purple: "makes a half turn" };
  const ROTATION = [
    "in its start position", "turned ¼ clockwise", "turned ½", "turned ¾ clockwise",
  ];
  const END_CAUSES = {
    "pole-reached": "one player's (or team's) pawns all reached the Pole", "round-limit": "the round limit was reached",
  };
  const PHASES = {
    travel: "bringing a pawn ashore", free_then_play: "may use a Compass or Igloo",
    free_then_husky: "may use a Compass or Igloo", free_then_store: "may use a Compass or Igloo",
    card: "choosing a card", pinch: "choosing a card to pinch", actor: "choosing a piece to move",
    target: "choosing where it goes", keep: "may discard a disc to play after a redraw",
    limit: "holds too many discs", husky: "may spend a Husky for one more play",
    store: "may store a card in a Backpack",
  };

  /** Text at 11 px, muted: labels and captions. */
  const small = (x, y, s, attrs) => text(x, y, s, Object.assign({ "font-size": 11, fill: C.muted }, attrs));
  /** Text in bold: names and titles. */
  const bold = (x, y, s, attrs) => text(x, y, s, Object.assign({ "font-weight": "bold", fill: C.ink }, attrs));
  /** A rough width of `s` in px at font size `size` (sans-serif), to place things after text. */
  const widthOf = (s, size) => String(s).length * size * 0.53;
  /** A group that is one of a seat's pieces, tagged for the browser test to count. */
  const tagged = (kind, seat, ...children) => el("g", { "data-piece": kind, "data-seat": seat }, ...children);
  /** A tooltip, shown when the pointer rests on its parent. */
  const tip = (s) => el("title", {}, s);
  /** A seat as the log names it, with its colour. */
  const seatName = (ctx, s) => `seat ${s} (${(ctx.colours || [])[s] || "?"})`;
  /** A seat colour to outline with: white ones in grey, so that the line shows. */
  const outline = (colour) => (colour === "#f4f4f4" ? "#999" : colour);

  /** The top-left corner of square `name` ("d4"): files west to east, rank 1 at the bottom. */
  function squareXY(name) {
    const x = FILES.indexOf(name[0]);
    const y = Number(name.slice(1)) - 1;
    return { x: BOARD_X + x * Q, y: BOARD_Y + (7 - y) * Q };
  }

  /** The line at the top: the round, who is asked and what about, or how the game ended. */
  function drawHeadline(svg, board, ctx) {
    const asked = ctx.step.asked;
    const what = asked === null || asked === undefined
      ? `Game over in round ${board.round}: ${END_CAUSES[board.end_cause] || board.end_cause || "ended"}`
      : `Round ${board.round} · ${seatName(ctx, asked)} to play: ${PHASES[board.phase] || board.phase}`;
    svg.appendChild(bold(8, 20, what, { "font-size": 14 }));
    const view = ctx.seat === null ? "told in full" : `as seat ${ctx.seat} sees it`;
    svg.appendChild(small(W - 8, 20, `${view} (nothing in this game is secret)`, { "text-anchor": "end" }));
  }

  /** The 64 squares, shaded by kind (ice, base camp, weak ice), with the open entries onto
   * the Pole outlined, and the file and rank names around them. */
  function drawSquares(g, board) {
    const camps = new Set(board.base_camps);
    const weak = new Set(board.weak_ice);
    for (let y = 1; y <= 8; y++) {
      for (const f of FILES) {
        const name = f + y;
        const { x, y: top } = squareXY(name);
        const fill = weak.has(name) ? C.weak : camps.has(name) ? C.camp : C.ice;
        g.appendChild(el("rect", { x, y: top, width: Q, height: Q, fill, stroke: C.grid }, tip(name)));
      }
    }
    for (const name of board.open_entries) {
      const { x, y } = squareXY(name);
      g.appendChild(el("rect", { x: x + 3, y: y + 3, width: Q - 6, height: Q - 6, fill: "none", stroke: C.open, "stroke-width": 3 }));
    }
    for (let i = 0; i < 8; i++) {
      g.appendChild(small(BOARD_X + i * Q + Q / 2, BOARD_Y + 8 * Q + 14, FILES[i], { "text-anchor": "middle" }));
      g.appendChild(small(BOARD_X - 8, BOARD_Y + (7 - i) * Q + Q / 2 + 4, i + 1, { "text-anchor": "end" }));
    }
  }

  /** The cracks in effect: a thick line on each cracked edge (steps cannot cross them). */
  function drawCracks(g, board) {
    const line = (x1, y1, x2, y2) => el("line", { x1, y1, x2, y2, stroke: C.crack, "stroke-width": 5, "stroke-linecap": "round" });
    for (const name of board.cracked.east_of) {
      const { x, y } = squareXY(name);
      g.appendChild(line(x + Q, y + 2, x + Q, y + Q - 2));
    }
    for (const name of board.cracked.north_of) {
      const { x, y } = squareXY(name);
      g.appendChild(line(x + 2, y, x + Q - 2, y));
    }
  }

  /** A five-pointed star of outer radius r at (cx, cy): the North Pole. */
  function star(cx, cy, r) {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const d = i % 2 ? r * 0.45 : r;
      points.push(`${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`);
    }
    return el("polygon", { points: points.join(" "), fill: "#c0392b", stroke: "#fff", "stroke-width": 1 });
  }

  /** The North Pole, where the four weak-ice squares meet. */
  function drawPole(g) {
    const cx = BOARD_X + 4 * Q;
    const cy = BOARD_Y + 4 * Q;
    g.appendChild(el("circle", { cx, cy, r: 10, fill: "#fff", stroke: C.crack }, tip("the North Pole")));
    g.appendChild(star(cx, cy, 8));
  }

  /** Holes (no piece may enter) and the face-down discs lying on corners. */
  function drawMarks(g, board) {
    for (const name of board.holes) {
      const { x, y } = squareXY(name);
      g.appendChild(el("ellipse", { cx: x + Q / 2, cy: y + Q / 2, rx: Q / 2 - 5, ry: Q / 2 - 9, fill: C.hole }, tip(`hole in the ice on ${name}`)));
      g.appendChild(small(x + Q / 2, y + Q / 2 + 4, "hole", { fill: "#fff", "text-anchor": "middle" }));
    }
    for (const name of board.face_down_discs) {
      const { x, y } = squareXY(name);
      g.appendChild(faceDownDisc(x + Q / 2, y + Q / 2, 12, `face-down disc on ${name}`));
    }
  }

  /** A face-down Ice Mask disc: green with a question mark. */
  function faceDownDisc(cx, cy, r, title) {
    return el("g", {},
      el("circle", { cx, cy, r, fill: C.faceDown, stroke: "#2d5e34" }, tip(title)),
      bold(cx, cy + 4, "?", { fill: "#fff", "text-anchor": "middle", "font-size": 12 }));
  }

  /** An igloo over a square: a dome in its owner's colour, drawn under the pawns. */
  function igloo(x, y, seat, colour, k) {
    const inset = 4 + 4 * k; // a second igloo on one (shared) square sits inside the first
    const d = `M ${x + inset} ${y + Q - 3} A ${Q / 2 - inset} ${Q - 8 - inset} 0 0 1 ${x + Q - inset} ${y + Q - 3} Z`;
    return tagged("igloo", seat, el("path", { d, fill: "#fff", "fill-opacity": 0.8, stroke: outline(colour), "stroke-width": 2.5 }, tip(`seat ${seat}'s igloo`)));
  }

  /** A pawn of `colour` at (cx, cy). */
  function pawn(cx, cy, r, colour) {
    return el("circle", { cx, cy, r, fill: colour, stroke: "#333", "stroke-width": 1.2 });
  }

  /** The polar bear: a white head with ears. */
  function bear(cx, cy, r) {
    const fur = { fill: "#fffdf5", stroke: "#555", "stroke-width": 1.2 };
    return el("g", {},
      el("circle", Object.assign({ cx: cx - r * 0.7, cy: cy - r * 0.7, r: r * 0.4 }, fur)),
      el("circle", Object.assign({ cx: cx + r * 0.7, cy: cy - r * 0.7, r: r * 0.4 }, fur)),
      el("circle", Object.assign({ cx, cy, r }, fur)),
      el("circle", { cx, cy: cy + r * 0.3, r: r * 0.22, fill: "#333" }),
      tip("the polar bear"));
  }

  /** Every piece on the board, square by square: igloos first, then the bear and the pawns
   * laid out in a small grid (a shared square can hold many). */
  function drawPieces(g, board, ctx) {
    const on = new Map(); // square -> [{seat} | {bear}]
    const add = (sq, item) => (on.get(sq) || on.set(sq, []).get(sq)).push(item);
    if (board.bear) add(board.bear, { bear: true });
    board.seats.forEach((s, seat) => {
      for (const [sq, n] of Object.entries(s.pawns)) for (let i = 0; i < n; i++) add(sq, { seat });
    });
    const domes = new Map();
    board.seats.forEach((s, seat) => {
      for (const sq of s.igloos) {
        const { x, y } = squareXY(sq);
        const k = domes.get(sq) || 0;
        domes.set(sq, k + 1);
        g.appendChild(igloo(x, y, seat, FloeSvg.seatColour(ctx, seat), k));
      }
    });
    for (const [sq, items] of on) {
      const { x, y } = squareXY(sq);
      const cols = items.length <= 1 ? 1 : items.length <= 4 ? 2 : items.length <= 9 ? 3 : 4;
      const rows = Math.ceil(items.length / cols);
      const cell = (Q - 8) / Math.max(cols, rows);
      const r = Math.min(10, cell * 0.42);
      items.forEach((item, i) => {
        const cx = x + Q / 2 + ((i % cols) - (cols - 1) / 2) * cell;
        const cy = y + Q / 2 + (Math.floor(i / cols) - (rows - 1) / 2) * cell + (item.bear ? 2 : 0);
        if (item.bear) return g.appendChild(bear(cx, cy, r * 0.85));
        // The asked seat's pawns glow, so that the pieces it may move stand out.
        const glow = item.seat === ctx.step.asked ? el("circle", { cx, cy, r: r + 3, fill: "#f6c744", "fill-opacity": 0.7 }) : null;
        g.appendChild(tagged("pawn", item.seat, glow, pawn(cx, cy, r, FloeSvg.seatColour(ctx, item.seat)), tip(`${seatName(ctx, item.seat)} on ${sq}`)));
      });
    }
  }

  /** Who sits at each side of the board (and whose base camp it is), in the seat's colour. */
  function drawSideNames(g, board, ctx) {
    const mid = BOARD_Y + 4 * Q;
    const place = {
      N: [BOARD_X + 4 * Q, BOARD_Y - 10, 0], S: [BOARD_X + 4 * Q, BOARD_Y + 8 * Q + 32, 0],
      W: [BOARD_X - 28, mid, -90], E: [BOARD_X + 8 * Q + 14, mid, 90],
    };
    for (const side of SIDES) {
      const seat = board.seats.findIndex((s) => s.side === side);
      const who = seat < 0 ? "no player" : seatName(ctx, seat) + (seat === ctx.seat ? " · you" : "");
      const label = `${side} side · ${who}`;
      const [cx, cy, turn] = place[side];
      const start = -(widthOf(label, 12) + 14) / 2; // the chip and the label, centred together
      const here = seat >= 0 && seat === ctx.step.asked;
      g.appendChild(el("g", { transform: `translate(${cx} ${cy}) rotate(${turn})` },
        seat < 0 ? null : el("circle", { cx: start + 5, cy: -4, r: 5, fill: FloeSvg.seatColour(ctx, seat), stroke: "#333" }),
        text(start + 14, 0, label, { fill: seat < 0 ? C.muted : C.ink, "font-weight": here ? "bold" : "normal" })));
    }
  }

  /** The ice field: squares, cracks, the Pole, marks, pieces, and who sits where. */
  function drawBoard(svg, board, ctx) {
    const g = el("g", {});
    g.appendChild(bold(8, 40, "Ice field", { "font-size": 13 }));
    g.appendChild(small(70, 40, `top board ${ROTATION[board.rotation] || board.rotation}; squares named as seen from the table`));
    drawSquares(g, board);
    drawCracks(g, board);
    drawPole(g);
    drawMarks(g, board);
    drawPieces(g, board, ctx);
    drawSideNames(g, board, ctx);
    svg.appendChild(g);
  }

  /** The key to the board's symbols, under it, and where the Pole can be entered now. */
  function drawKey(svg, board) {
    const y0 = 516;
    svg.appendChild(bold(8, y0, "Key", { "font-size": 13 }));
    const box = (fill, stroke, sw) => (x, y) => el("rect", { x, y: y - 7, width: 14, height: 14, fill, stroke: stroke || C.grid, "stroke-width": sw || 1 });
    const items = [
      [box(C.ice), "ice"], [box(C.camp), "base camp (safe)"], [box(C.weak), "weak ice"],
      [box(C.weak, C.open, 2.5), "open entry to the Pole"], [(x, y) => star(x + 7, y, 7), "North Pole"],
      [(x, y) => el("line", { x1: x, y1: y, x2: x + 14, y2: y, stroke: C.crack, "stroke-width": 5 }), "crack (blocks steps)"],
      [(x, y) => el("ellipse", { cx: x + 7, cy: y, rx: 7, ry: 5, fill: C.hole }), "hole in the ice"],
      [(x, y) => faceDownDisc(x + 7, y, 7, "face-down disc"), "face-down disc"],
      [(x, y) => bear(x + 7, y + 1, 6), "polar bear"],
      [(x, y) => pawn(x + 7, y, 6, "#bbb"), "pawn (seat colour)"],
      [(x, y) => el("path", { d: `M ${x} ${y + 6} A 7 11 0 0 1 ${x + 14} ${y + 6} Z`, fill: "#fff", stroke: "#888", "stroke-width": 2 }), "igloo (no ambush)"],
    ];
    items.forEach(([icon, label], i) => {
      const x = 8 + (i % 3) * 148;
      const y = y0 + 18 + Math.floor(i / 3) * 20;
      svg.appendChild(icon(x, y));
      svg.appendChild(small(x + 20, y + 4, label, { fill: C.ink }));
    });
    const entries = board.open_entries.join(" and ") || "none";
    svg.appendChild(small(8, y0 + 110, `North Pole disc at orientation ${board.orientation}: a step from ${entries} reaches the Pole.`, { fill: C.ink }));
    svg.appendChild(small(8, y0 + 126, "A storm turns the top board with its pieces and card groups; the disc stays."));
  }

  /** One action card: storm colour on top, then movement, mode and storm points. */
  function card(x, y, w, c) {
    const mode = c.mode === "-" ? "–" : c.mode;
    return el("g", {},
      el("rect", { x, y, width: w, height: CARD_H, rx: 4, fill: "#fff", stroke: "#9aa7b1" }),
      el("rect", { x: x + 1, y: y + 1, width: w - 2, height: 7, fill: STORM[c.colour] || "#999" }),
      bold(x + w / 2, y + 23, c.movement, { "font-size": 11, "text-anchor": "middle" }),
      small(x + w / 2, y + 38, `${mode} · ${c.points}`, { "text-anchor": "middle", fill: C.ink }),
      tip(`card ${c.id}: ${c.movement}, mode ${c.mode}, ${c.points} storm points, ${c.colour} storm`));
  }

  /** A side's card group in a row from (x, y), each card tagged as `seat`'s when a seat sits there. */
  function drawGroup(g, cards, x, y, seat) {
    cards.forEach((c, i) => {
      const face = card(x + i * (CARD_W + 4), y, CARD_W, c);
      g.appendChild(seat === null ? face : tagged("card", seat, face));
    });
  }

  /** Pawns in a row from (x, cy): the pawns on a ship, or at the Pole with empty places after. */
  function pawnRow(g, kind, seat, colour, n, slots, x, cy) {
    for (let i = 0; i < slots; i++) {
      const cx = x + 6 + i * 13;
      g.appendChild(i < n
        ? tagged(kind, seat, pawn(cx, cy, 5.5, colour))
        : el("circle", { cx, cy, r: 5.5, fill: "none", stroke: "#aab", "stroke-dasharray": "2 2" }));
    }
  }

  /** A seat's discs: one pill per disc held, and after each full Backpack the card it
   * stores (named by its movement alone where the full names would not fit). */
  function drawDiscs(g, s, seat, x, y) {
    g.appendChild(small(x, y + 4, "discs:"));
    const names = EQUIPMENT.flatMap((d) => Array(s.held[d] || 0).fill(d));
    if (!names.length) g.appendChild(small(x + 36, y + 4, "none"));
    const full = (c) => (c.mode === "-" ? c.movement : `${c.movement} ${c.mode}·${c.points}`);
    const pill = (label) => widthOf(label, 11) + 14;
    const total = names.reduce((w, d) => w + pill(d) + 4, 0) + s.packs.reduce((w, c) => w + pill(full(c)) + 4, 0);
    const label = total > PANEL_W - 52 ? (c) => c.movement : full;
    let at = x + 36;
    let packed = 0;
    for (const d of names) {
      const w = pill(d);
      g.appendChild(tagged("disc", seat,
        el("rect", { x: at, y: y - 8, width: w, height: 16, rx: 8, fill: "#f0e6d6", stroke: "#a08560" }),
        small(at + w / 2, y + 4, d, { "text-anchor": "middle", fill: C.ink })));
      at += w + 4;
      if (d === "Backpack" && packed < s.packs.length) {
        const c = s.packs[packed++];
        const pw = pill(label(c));
        g.appendChild(tagged("pack-card", seat,
          el("rect", { x: at - 2, y: y - 8, width: pw, height: 16, rx: 3, fill: "#fff", stroke: STORM[c.colour] || "#999", "stroke-width": 2 }),
          small(at + pw / 2 - 2, y + 4, label(c), { "text-anchor": "middle", fill: C.ink }),
          tip(`card ${c.id} stored in a Backpack: ${c.movement}, mode ${c.mode}, ${c.points} points, ${c.colour} storm`)));
        at += pw + 4;
      }
    }
  }

  /** A row for a side with a player: its name ("you", "to play"), the cards on its side,
   * its ship, Pole progress, team board (and team), and its discs. */
  function drawSeatRow(g, board, ctx, seat, y) {
    const s = board.seats[seat];
    const colour = FloeSvg.seatColour(ctx, seat);
    const asked = seat === ctx.step.asked;
    g.appendChild(el("rect", { x: PANEL_X, y, width: PANEL_W, height: SEAT_ROW_H, rx: 6,
      fill: asked ? C.asked : C.row, stroke: asked ? outline(colour) : C.rowLine, "stroke-width": asked ? 2.5 : 1 }));
    g.appendChild(el("circle", { cx: PANEL_X + 12, cy: y + 12, r: 6, fill: colour, stroke: "#333" }));
    const name = `${s.side} side · seat ${seat}`; // the chip shows its colour
    g.appendChild(bold(PANEL_X + 24, y + 16, name));
    let at = PANEL_X + 30 + widthOf(name, 12);
    for (const [badge, fill] of [[seat === ctx.seat ? "you" : null, "#444"], [asked ? "▶ to play" : null, "#b7791f"]]) {
      if (!badge) continue;
      const w = widthOf(badge, 11) + 10;
      g.appendChild(el("rect", { x: at, y: y + 5, width: w, height: 15, rx: 7, fill }));
      g.appendChild(small(at + w / 2, y + 16, badge, { fill: "#fff", "text-anchor": "middle" }));
      at += w + 4;
    }
    const cards = board.cards_by_side[s.side] || [];
    drawGroup(g, cards, PANEL_X + 8, y + 26, seat);
    if (!cards.length) g.appendChild(small(PANEL_X + 10, y + 52, "no cards on this side"));
    const x = PANEL_X + STATUS_DX;
    g.appendChild(small(x, y + 16, "ship"));
    if (s.ship === 0) g.appendChild(small(x + 34, y + 16, "empty"));
    pawnRow(g, "ship-pawn", seat, colour, s.ship, s.ship, x + 34, y + 12);
    g.appendChild(small(x, y + 34, "Pole"));
    pawnRow(g, "pole-pawn", seat, colour, s.pole, PAWNS, x + 34, y + 30);
    g.appendChild(small(x, y + 52, `board ${s.board}`));
    if (board.team_play) g.appendChild(small(x, y + 68, `team ${(seat % 2) + 1}`, { fill: C.ink }));
    drawDiscs(g, s, seat, PANEL_X + 8, y + 84);
  }

  /** A row for a side with no player: its cards still lie there, and can be pinched. */
  function drawEmptySideRow(g, board, side, y) {
    g.appendChild(el("rect", { x: PANEL_X, y, width: PANEL_W, height: EMPTY_ROW_H, rx: 6, fill: "#fff", stroke: C.rowLine, "stroke-dasharray": "4 3" }));
    g.appendChild(bold(PANEL_X + 10, y + 16, `${side} side · no player`, { fill: C.muted }));
    g.appendChild(small(PANEL_X + 140, y + 16, "(its cards can still be pinched)"));
    const cards = board.cards_by_side[side] || [];
    drawGroup(g, cards, PANEL_X + 8, y + 24, null);
    if (!cards.length) g.appendChild(small(PANEL_X + 10, y + 50, "no cards"));
  }

  /** The right column's sides, clockwise from the south, as the board's edges are. */
  function drawSides(svg, board, ctx) {
    const g = el("g", {});
    g.appendChild(bold(PANEL_X, 40, "Sides of the table", { "font-size": 13 }));
    g.appendChild(small(PANEL_X + 124, 40, "each player plays the cards lying on their side"));
    let y = 48;
    for (const side of SIDES) {
      const seat = board.seats.findIndex((s) => s.side === side);
      if (seat < 0) {
        drawEmptySideRow(g, board, side, y);
        y += EMPTY_ROW_H + ROW_GAP;
      } else {
        drawSeatRow(g, board, ctx, seat, y);
        y += SEAT_ROW_H + ROW_GAP;
      }
    }
    svg.appendChild(g);
    return y;
  }

  /** A pile drawn as two offset backs with its count on top. */
  function backs(g, x, y, w, h, fill, count, round) {
    for (const d of [4, 0]) {
      g.appendChild(round
        ? el("circle", { cx: x + w / 2 + d, cy: y + h / 2 - d, r: w / 2, fill, stroke: "#fff" })
        : el("rect", { x: x + d, y: y - d, width: w, height: h, rx: 3, fill, stroke: "#fff" }));
    }
    g.appendChild(bold(x + w / 2, y + h / 2 + 5, count, { fill: "#fff", "text-anchor": "middle", "font-size": 13 }));
  }

  /** The draw, discard and storm piles, the stack of discs earned by ambushes, and the
   * scoreboard's disc (for the first pawn to reach the Pole). */
  function drawPiles(svg, board, y0) {
    const g = el("g", {});
    g.appendChild(bold(PANEL_X, y0 + 12, "Piles", { "font-size": 13 }));
    const top = y0 + 26;
    const caption = (x, lines) => lines.forEach((s, i) => g.appendChild(small(x, top + 58 + i * 13, s, { "text-anchor": "middle" })));
    backs(g, PANEL_X + 4, top, 34, CARD_H, C.back, board.draw_pile.length);
    if (board.top_colour) {
      g.appendChild(el("rect", { x: PANEL_X + 5, y: top + 1, width: 32, height: 6, fill: STORM[board.top_colour] }));
    }
    const topLine = board.draw_pile.length ? `top: ${board.top_colour || "hidden"}` : "empty";
    caption(PANEL_X + 22, ["draw pile", topLine]);
    g.appendChild(el("rect", { x: PANEL_X + 51, y: top, width: 34, height: CARD_H, rx: 3, fill: "#fff", stroke: "#9aa7b1", "stroke-dasharray": "3 2" }));
    g.appendChild(bold(PANEL_X + 68, top + CARD_H / 2 + 5, board.discard_pile.length, { "text-anchor": "middle", "font-size": 13 }));
    caption(PANEL_X + 68, ["discard"]);
    drawStormBar(g, board, PANEL_X + 100, top);
    backs(g, PANEL_X + 275, top + 4, 34, 34, C.stack, board.stack, true);
    caption(PANEL_X + 292, ["disc stack", board.stack ? "ambush prizes" : "no ambushes"]);
    if (board.scoreboard_disc) g.appendChild(faceDownDisc(PANEL_X + 380, top + 21, 16, "the scoreboard's face-down disc"));
    else g.appendChild(el("circle", { cx: PANEL_X + 380, cy: top + 21, r: 16, fill: "none", stroke: "#aab", "stroke-dasharray": "3 2" }));
    caption(PANEL_X + 380, ["scoreboard", board.scoreboard_disc ? "disc: face down" : "disc: taken"]);
    svg.appendChild(g);
  }

  /** The storm pile: its points against the threshold at which the board turns. */
  function drawStormBar(g, board, x, top) {
    const w = 140;
    const share = Math.min(1, board.storm_total / Math.max(1, board.threshold));
    g.appendChild(small(x, top + 8, `storm pile: ${board.storm_total} of ${board.threshold} points`, { fill: C.ink }));
    g.appendChild(el("rect", { x, y: top + 15, width: w, height: 14, rx: 7, fill: "#e8edf1", stroke: "#9aa7b1" }));
    g.appendChild(el("rect", { x, y: top + 15, width: w * share, height: 14, rx: 7, fill: "#7a8fa6" }));
    g.appendChild(small(x, top + 44, `${board.storm_pile.length} cards; at ${board.threshold} a storm`));
    const next = board.top_colour ? STORM_TURN[board.top_colour] : "turns the board";
    g.appendChild(small(x, top + 57, next));
  }

  /** How to read a card, under the piles. */
  function drawCardKey(svg, y) {
    const lines = [
      "A card: its movement, its mode (A move, B move or ambush,",
      "C sling only), then its storm points. The stripe is its storm",
      "colour: a storm read from it turns the board blue ¼ clockwise,",
      "red ¼ counter-clockwise, purple a half turn.",
    ];
    lines.forEach((s, i) => svg.appendChild(small(PANEL_X, y + i * 14, s)));
  }

  FloeDraw["north-pole"] = function (board, ctx) {
    const svg = FloeSvg.root(W, H);
    svg.appendChild(el("rect", { x: 0, y: 0, width: W, height: H, fill: "#fff" }));
    drawHeadline(svg, board, ctx);
    drawBoard(svg, board, ctx);
    drawKey(svg, board);
    const y = drawSides(svg, board, ctx);
    drawPiles(svg, board, y);
    drawCardKey(svg, y + 118);
    return svg;
  };
})();
