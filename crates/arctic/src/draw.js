"use strict";
// The drawing of Arctic: the Landscape's tokens, the River, the draw pile and Reserve, the
// six power cards, the turn in progress, and one row per seat (its pile with the top card
// large, its hand, its penalty zone). Cards read as the log writes them: "walrus 4/2 bear"
// is a walrus that places 4 and draws 2, with the bear as companion.
(function () {
  const { el, text } = FloeSvg;

  const W = 900;
  const ANIMALS = ["fox", "moose", "walrus", "orca", "puffin", "bear"];
  /** Each animal's card colour (fill) and edge colour: soft, told apart at a glance. */
  const FILL = { fox: "#f7c08a", moose: "#d2b48c", walrus: "#c9bde6", orca: "#a9cbe8", puffin: "#f5b3c4", bear: "#dde3e8" };
  const EDGE = { fox: "#c0651a", moose: "#7a5230", walrus: "#5f4b9b", orca: "#2f5f8f", puffin: "#b03a5b", bear: "#6b7780" };
  const BACK = { fill: "#8fa3bb", edge: "#5d7089" };
  const CHAR_W = 6.2; // the widest a character of an 11 px label runs, on average
  const CHIP_LETTER_W = 12.5; // the narrowest chip that has room for its animal's initial
  const WORTH = [0, 1, 3, 6, 10, 15]; // points a totem scores at each Landscape position
  /** Each power, by side, in two short lines a newcomer can read. */
  const POWER_WORDS = {
    fox: { A: ["last card placed", "goes face down"], B: ["last card placed", "goes to the bottom"] },
    moose: { A: ["draw one card", "fewer or more"], B: ["place one card", "fewer or more"] },
    walrus: { A: ["main token moves", "one card more"], B: ["companion token", "moves one more"] },
    orca: { A: ["River refills", "at once"], B: ["may draw from", "the draw pile"] },
    puffin: { A: ["swap a hand card", "with the River"], B: ["take your top", "card back"] },
    bear: { A: ["may draw from", "your penalties"], B: ["give a penalty", "card away"] },
  };
  /** The pending question, in words, by phase. */
  const QUESTION = {
    puffin: "use the puffin power?", puffin_give: "puffin A: which hand card to give",
    puffin_take: "puffin A: which River card to take", target: "moose B: how many cards to place",
    place: "which card to place on the pile", fox: "use the fox on the last card?",
    direction: "which way the main token moves", walrus: "walrus: move a token once more?",
    moose_stop: "moose A: draw another card?", source: "where to draw the next card from",
    penalty_card: "bear A: which penalty card to take", discard: "over 7 cards: which to discard",
    bear: "bear B: give a penalty card away?", bear_seat: "bear B: to which seat",
    bear_animal: "bear B: which animal to give", bear_card: "bear B: which card to give",
  };

  // Layout: the top band (Landscape, River, stock, key), the powers and turn band, then one
  // row per seat.
  const LAND = { x: 10, y: 26, col: 66, token: 17, tokenW: 60 };
  const RIVER = { x: 420, y: 30, w: 54, h: 70, step: 59 };
  const POW = { x: 10, y: 202, w: 100, h: 64, step: 104 };
  const TURN = { x: 646, y: 202, w: 244, h: 64 };
  const KEY_Y = 120; // the key's first line, under the River
  const SEATS_Y = 284;
  const ROW_H = 88;
  const PILE = { x: 140, strip: 196, cardW: 46, cardH: 58 };
  const HAND = { x: 404, w: 358 };
  const PEN = { x: 772, w: 114, cardW: 22, cardH: 34 };

  /** A card's parts from its name, "walrus 4/2 bear": animal, place/draw values, companion. */
  function parse(name) {
    const [animal, values, companion] = name.split(" ");
    return { animal, values, companion };
  }

  /** Marks `g` as a piece of `seat`, so that a test can count the seat's pieces. */
  function piece(g, kind, seat) {
    g.setAttribute("data-piece", kind);
    g.setAttribute("data-seat", String(seat));
    return g;
  }

  /** A face-up card w x h at (x, y): the main animal's colour and name, its values, and its
   * companion; `style` edges it bold ("top": a pile's top, a card held aside), dashed
   * ("down": face down) or dotted ("known": known to all to be in that hand). */
  function cardFace(x, y, w, h, name, style) {
    const c = parse(name);
    const short = w < 42; // a narrow card names its animals by three letters
    const label = (a) => (short ? a.slice(0, 3) : a);
    const dash = style === "down" ? "4 2" : style === "known" ? "1.5 2" : null;
    const bold = style === "top" || style === "known";
    return el("g", {},
      el("title", {}, name + (style === "down" ? " (face down)" : "")),
      el("rect", { x, y, width: w, height: h, rx: 4, fill: FILL[c.animal], stroke: bold ? "#222" : EDGE[c.animal],
        "stroke-width": bold ? 2 : 1.2, "stroke-dasharray": dash }),
      text(x + w / 2, y + 14, label(c.animal), { "text-anchor": "middle", "font-size": 11, "font-weight": "bold" }),
      text(x + w / 2, y + h / 2 + 5, c.values, { "text-anchor": "middle", "font-size": h > 50 ? 14 : 11 }),
      text(x + w / 2, y + h - 6, "+" + label(c.companion), { "text-anchor": "middle", "font-size": 11, fill: EDGE[c.companion] }));
  }

  /** A card's back w x h at (x, y): a card nobody here may see. */
  function cardBack(x, y, w, h, title) {
    return el("g", {}, el("title", {}, title || "a hidden card"),
      el("rect", { x, y, width: w, height: h, rx: 4, fill: BACK.fill, stroke: BACK.edge }),
      el("rect", { x: x + 3, y: y + 3, width: Math.max(w - 6, 1), height: h - 6, rx: 2, fill: "none",
        stroke: "#fff", "stroke-opacity": 0.6 }));
  }

  /** An area's title at (x, y). */
  function title(x, y, s) {
    return text(x, y, s, { "font-size": 13, "font-weight": "bold", fill: "#234" });
  }

  /** A label at (x, y) of `parts` joined by dots, as many as fit in `width` (the rest, and
   * `more`, in its tooltip). */
  function fitted(x, y, parts, width, more) {
    let shown = parts[0];
    for (const p of parts.slice(1)) {
      if ((shown.length + p.length + 3) * CHAR_W > width) break;
      shown += " · " + p;
    }
    return note(x, y, shown, {}, el("title", {}, [parts.join(" · "), more].filter(Boolean).join("\n")));
  }

  /** A small grey label at (x, y). */
  function note(x, y, s, attrs, tip) {
    const t = text(x, y, s, Object.assign({ "font-size": 11, fill: "#555" }, attrs));
    if (tip) t.appendChild(tip);
    return t;
  }

  /** The Landscape: a column per position with its worth, each animal's token stacked in
   * the column it stands in, and a seat-coloured dot on each totem animal known here. */
  function landscape(board, ctx) {
    const g = el("g", {}, title(LAND.x, 18, "Landscape: where each animal's token stands"));
    const base = LAND.y + 6 * (LAND.token + 2) + 4;
    for (let p = 0; p < WORTH.length; p++) {
      const x = LAND.x + p * LAND.col;
      g.appendChild(el("rect", { x, y: LAND.y, width: LAND.col - 4, height: base - LAND.y, rx: 3,
        fill: p % 2 ? "#eef4fa" : "#e4eef7" }));
      g.appendChild(note(x + (LAND.col - 4) / 2, base + 14, `${WORTH[p]} ${WORTH[p] === 1 ? "pt" : "pts"}`, { "text-anchor": "middle", fill: "#234" }));
    }
    const totems = {};
    board.seats.forEach((s, i) => { if (s.totem) totems[s.totem] = i; });
    const height = new Array(WORTH.length).fill(0);
    for (const a of ANIMALS) {
      const p = board.landscape[a];
      const x = LAND.x + p * LAND.col + 1;
      const y = base - 2 - (++height[p]) * (LAND.token + 2);
      g.appendChild(el("rect", { x, y, width: LAND.tokenW, height: LAND.token, rx: 8, fill: FILL[a], stroke: EDGE[a] }));
      g.appendChild(text(x + 7, y + 13, a, { "font-size": 11 }));
      if (totems[a] !== undefined) {
        g.appendChild(el("circle", { cx: x + LAND.tokenW - 9, cy: y + LAND.token / 2, r: 5.5,
          fill: FloeSvg.seatColour(ctx, totems[a]), stroke: "#222" },
          el("title", {}, `S${totems[a]}'s totem`)));
      }
    }
    return g;
  }

  /** The River (its face-up cards, an empty slot dashed), then the draw pile and the
   * Reserve as backs with their counts. */
  function river(board) {
    const g = el("g", {}, title(RIVER.x, 18, "River: cards to draw from"));
    board.river.forEach((c, i) => {
      const x = RIVER.x + i * RIVER.step;
      g.appendChild(c ? cardFace(x, RIVER.y, RIVER.w, RIVER.h, c)
        : el("rect", { x, y: RIVER.y, width: RIVER.w, height: RIVER.h, rx: 4, fill: "none", stroke: "#aaa", "stroke-dasharray": "4 3" }));
    });
    const stock = [["draw pile", board.draw_pile, false],
      ["Reserve", board.reserve_open ? "open" : board.reserve, board.reserve_open]];
    stock.forEach(([name, count, open], i) => {
      const x = RIVER.x + 6 * RIVER.step + 6 + i * 56;
      g.appendChild(note(x + 22, 18, name, { "text-anchor": "middle", fill: "#234", "font-weight": "bold" }));
      g.appendChild(open ? el("rect", { x, y: RIVER.y, width: 44, height: RIVER.h, rx: 4, fill: "none", stroke: "#aaa", "stroke-dasharray": "4 3" })
        : cardBack(x, RIVER.y, 44, RIVER.h, `${name}: ${count} cards`));
      g.appendChild(text(x + 22, RIVER.y + RIVER.h / 2 + 5, count, { "text-anchor": "middle", "font-size": 14,
        "font-weight": "bold", fill: open ? "#555" : "#fff" }));
    });
    return g;
  }

  /** The key, under the River: the animals' colours, how a card reads, what a back and the
   * dashed and dotted edges mean, and the totem dots. */
  function legend() {
    const x = RIVER.x;
    const y = KEY_Y;
    const g = el("g", {}, title(x, y, "Key"));
    ANIMALS.forEach((a, i) => {
      const ax = x + 34 + i * 72;
      g.appendChild(el("rect", { x: ax, y: y - 10, width: 12, height: 12, rx: 2, fill: FILL[a], stroke: EDGE[a] }));
      g.appendChild(note(ax + 16, y, a, { fill: "#222" }));
    });
    g.appendChild(note(x, y + 17, "a card: main animal, places/draws, +companion: walrus 4/2 +bear places 4, draws 2"));
    const edged = (mx, dash, width) => el("rect", { x: mx, y: y + 24, width: 12, height: 14, rx: 2, fill: "#fff",
      stroke: "#222", "stroke-width": width, "stroke-dasharray": dash });
    const marks = [[x, cardBack(x, y + 24, 12, 14), "hidden card"], [x + 96, edged(x + 96, "4 2", 1), "face down in a pile"],
      [x + 232, edged(x + 232, "1.5 2", 2), "all know it is in that hand"]];
    for (const [mx, mark, words] of marks) g.append(mark, note(mx + 16, y + 35, words));
    g.appendChild(note(x, y + 52, "● on a token: that seat's secret totem (scores the token's column)"));
    return g;
  }

  /** The six power cards: animal and side up, what it does, and who holds it (a held card
   * is edged in its holder's colour and counts as that seat's piece). */
  function powers(board, ctx) {
    const g = el("g", {}, title(POW.x, POW.y - 8, "Powers: each turn you take the one of your top card's animal"));
    ANIMALS.forEach((a, i) => {
      const { side, holder } = board.powers[a];
      const x = POW.x + i * POW.step;
      const held = holder !== null && holder !== undefined;
      const card = el("g", {},
        el("rect", { x, y: POW.y, width: POW.w, height: POW.h, rx: 5, fill: FILL[a],
          stroke: held ? FloeSvg.seatColour(ctx, holder) : EDGE[a], "stroke-width": held ? 3 : 1 }),
        text(x + 6, POW.y + 14, `${a} · side ${side}`, { "font-weight": "bold", "font-size": 12 }),
        note(x + 6, POW.y + 28, POWER_WORDS[a][side][0], { fill: "#333" }),
        note(x + 6, POW.y + 41, POWER_WORDS[a][side][1], { fill: "#333" }),
        text(x + 6, POW.y + 57, held ? `held by S${holder}` : "in the centre", { "font-size": 11, "font-weight": held ? "bold" : null }));
      g.appendChild(held ? piece(card, "power", holder) : card);
    });
    return g;
  }

  /** The turn in progress: whose, the question (in the colour of "to answer"), and the
   * facts settled so far (the values to place and draw, the card held aside for the fox,
   * the puffin's and bear's choices, the viewer's bear B gifts); once over, each seat's
   * score by part. Each line is a list of parts, shown as far as they fit. */
  function turn(board) {
    const t = board.turn;
    const lines = [];
    let head;
    if (board.phase === "over") {
      head = `Game over (${board.end_cause})`;
      lines.push(["runs + diversity + totem − penalty = score"]);
      board.seats.forEach((s, i) => {
        const p = s.score;
        if (p) lines.push([`S${i}: ${p.runs} + ${p.diversity} + ${p.totem} − ${-p.penalty} = ${p.total}`]);
      });
    } else {
      head = `This turn: S${board.to_act}`;
      lines.push([QUESTION[board.phase] || board.phase]);
      lines.push([board.final_round ? "final round: no draws" : `round ${board.round}`, board.end_triggered ? "end triggered" : null]);
      lines.push([`placed ${t.placed} of ${t.to_place}`, `target ${t.target}`, `placement value ${t.placement_value}`]);
      if (t.draw_value) lines.push([`drawn ${t.drawn}`, `draw value ${t.draw_value}`]);
      if (t.held_aside) lines.push([`held aside: ${t.held_aside}`]);
      if (t.puffin_gives) lines.push([`puffin gives: ${t.puffin_gives}`]);
      if (t.bear_to !== null) lines.push([`bear B gives to S${t.bear_to}`, t.bear_animal ? `a ${t.bear_animal}` : null]);
      if ((board.gifts || []).length) lines.push(["you gave: " + board.gifts[0]].concat(board.gifts.slice(1)));
    }
    const g = el("g", {}, el("rect", { x: TURN.x, y: TURN.y - 22, width: TURN.w, height: TURN.h + 22, rx: 5, fill: "#f3f6f9", stroke: "#ccd" }),
      title(TURN.x + 6, TURN.y - 8, head));
    const step = Math.min(14, TURN.h / lines.length);
    lines.forEach((parts, i) => {
      const line = fitted(TURN.x + 6, TURN.y + 6 + i * step, parts.filter(Boolean), TURN.w - 12);
      line.setAttribute("fill", i === 0 && board.phase !== "over" ? "#a04000" : "#222");
      g.appendChild(line);
    });
    return g;
  }

  /** A seat's header: colour, name, "you" and "to answer", its totem when known here, and
   * its score once over. */
  function seatHeader(board, ctx, s, y) {
    const seat = board.seats[s];
    const tags = [ctx.seat === s ? "you" : null, ctx.step.asked === s ? "to answer" : null].filter(Boolean);
    const g = el("g", {},
      el("rect", { x: 14, y: y + 8, width: 14, height: 14, rx: 3, fill: FloeSvg.seatColour(ctx, s), stroke: "#333" }),
      text(34, y + 20, `S${s} ${(ctx.colours || [])[s] || ""}`, { "font-size": 13, "font-weight": "bold" }),
      text(14, y + 38, tags.join(" · "), { "font-size": 12, "font-weight": "bold", fill: "#a04000" }));
    g.appendChild(seat.totem ? piece(note(14, y + 56, `totem: ${seat.totem}`, { fill: "#222" }), "totem", s)
      : note(14, y + 56, "totem: secret"));
    if (seat.score) g.appendChild(text(14, y + 74, `score ${seat.score.total}`, { "font-weight": "bold" }));
    return g;
  }

  /** A seat's pile, bottom to top: the cards below the top as a strip of slim chips (runs
   * of one colour score) leading up to the top card, drawn large since it sets the next
   * turn. */
  function pileView(pile, s, y) {
    const down = pile.filter((c) => c.face_down).length;
    const g = el("g", {}, note(PILE.x, y + 14, !pile.length ? "pile: empty"
      : `pile, bottom → top: ${pile.length}` + (down ? ` (${down} face down)` : "")));
    if (!pile.length) return g;
    const below = pile.length - 1;
    const w = Math.min(14, PILE.strip / Math.max(below, 1));
    pile.forEach((c, i) => {
      const top = i === below;
      const x = top ? PILE.x + PILE.strip + 6 : PILE.x + PILE.strip - (below - i) * w;
      const [cy, cw, ch] = top ? [y + 20, PILE.cardW, PILE.cardH] : [y + 28, w, 42];
      let drawn;
      if (!c.card) drawn = cardBack(x, cy, cw, ch, "a face-down card");
      else if (top) drawn = cardFace(x, cy, cw, ch, c.card, c.face_down ? "down" : "top");
      else drawn = chip(x, cy, cw, ch, c.card, c.face_down, cw);
      g.appendChild(piece(drawn, "pile-card", s));
    });
    return g;
  }

  /** A slim chip for a card low in a pile or in a penalty zone: its animal's colour, its
   * initial when the `room` left uncovered by the next chip allows, dashed when face down. */
  function chip(x, y, w, h, name, faceDown, room) {
    const a = parse(name).animal;
    return el("g", {}, el("title", {}, name + (faceDown ? " (face down)" : "")),
      el("rect", { x, y, width: w, height: h, rx: 2, fill: FILL[a], stroke: faceDown ? "#222" : EDGE[a],
        "stroke-dasharray": faceDown ? "3 2" : null }),
      room >= CHIP_LETTER_W ? text(x + room / 2, y + 14, a[0].toUpperCase(), { "text-anchor": "middle", "font-size": 11 }) : null);
  }

  /** A seat's hand: its cards face up where this view sees them, else backs with the cards
   * everyone knows it holds shown face up first; a publicly known card is dot-edged. While
   * a card is held aside for the fox, the known cards may count it: this view cannot tell
   * which, so it shows backs only. */
  function handView(seat, s, y, x0) {
    const known = seat.known_in_hand;
    const unsure = known.length > seat.hand_size;
    const backs = (k) => new Array(k).fill(null);
    const cards = seat.hand ? seat.hand : unsure ? backs(seat.hand_size) : known.concat(backs(seat.hand_size - known.length));
    const others = seat.known_private;
    const parts = [`hand: ${seat.hand_size}`, seat.hand ? null : "hidden",
      known.length ? `${known.length} known to all` + (unsure ? " (one is held aside)" : "") : null,
      others.length ? `${others.length} more known in hand, penalty or face down` : null];
    const g = el("g", {}, fitted(x0, y + 14, parts.filter(Boolean), HAND.x + HAND.w - x0,
      others.length ? `known in hand, penalty or face down: ${others.join(", ")}` : null));
    if (!cards.length) g.appendChild(note(x0, y + 50, "no cards"));
    const step = Math.min(PILE.cardW + 4, (HAND.x + HAND.w - x0) / cards.length);
    cards.forEach((c, i) => {
      const x = x0 + i * step;
      const drawn = c ? cardFace(x, y + 20, step - 4, PILE.cardH, c, known.includes(c) ? "known" : null)
        : cardBack(x, y + 20, step - 4, PILE.cardH);
      g.appendChild(piece(drawn, "hand-card", s));
    });
    return g;
  }

  /** A seat's penalty zone (−1 point a card): chips where this view sees them, else backs,
   * fanned to fit. */
  function penaltyView(seat, s, y) {
    const n = seat.penalty_size;
    const g = el("g", {}, note(PEN.x, y + 14, n ? `penalty: ${n} (−${n} pts)` : "penalty: none"));
    const step = n > 1 ? Math.min(PEN.cardW + 3, (PEN.w - PEN.cardW) / (n - 1)) : 0;
    for (let i = 0; i < n; i++) {
      const x = PEN.x + i * step;
      const c = seat.penalty && seat.penalty[i];
      g.appendChild(piece(c ? chip(x, y + 30, PEN.cardW, PEN.cardH, c, false, i === n - 1 ? PEN.cardW : step)
        : cardBack(x, y + 30, PEN.cardW, PEN.cardH, "a penalty card"), "penalty-card", s));
    }
    return g;
  }

  /** The card the seat to act holds aside while it answers the fox question, before its
   * hand: face up to those who see it, else a back. */
  function heldAside(board, s, y) {
    const c = board.turn.held_aside;
    const g = el("g", {}, c ? cardFace(HAND.x, y + 20, PILE.cardW, PILE.cardH, c, "top")
      : cardBack(HAND.x, y + 20, PILE.cardW, PILE.cardH, "the card held aside"));
    g.appendChild(note(HAND.x, y + 14, "aside", { fill: "#a04000", "font-weight": "bold" }));
    return piece(g, "held-card", s);
  }

  /** One seat's row: the seat asked highlighted, the viewer's own seat marked. */
  function seatRow(board, ctx, s) {
    const y = SEATS_Y + s * ROW_H;
    const asked = ctx.step.asked === s;
    const aside = board.phase === "fox" && board.to_act === s;
    const g = el("g", {},
      el("rect", { x: 6, y: y + 2, width: W - 12, height: ROW_H - 6, rx: 6, fill: asked ? "#fff3c4" : ctx.seat === s ? "#f2f7ee" : "#f7f9fb",
        stroke: FloeSvg.seatColour(ctx, s), "stroke-width": asked ? 3 : 1.5 }),
      seatHeader(board, ctx, s, y), pileView(board.seats[s].pile, s, y),
      handView(board.seats[s], s, y, aside ? HAND.x + PILE.cardW + 8 : HAND.x),
      penaltyView(board.seats[s], s, y), aside ? heldAside(board, s, y) : null);
    return g;
  }

  FloeDraw["arctic"] = function (board, ctx) {
    const n = board.seats.length;
    const svg = FloeSvg.root(W, SEATS_Y + n * ROW_H + 4);
    svg.appendChild(landscape(board, ctx));
    svg.appendChild(river(board));
    svg.appendChild(legend());
    svg.appendChild(powers(board, ctx));
    svg.appendChild(turn(board));
    for (let s = 0; s < n; s++) svg.appendChild(seatRow(board, ctx, s));
    return svg;
  };
})();
