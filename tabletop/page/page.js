"use strict";
(() => {
  const PROTOCOL = {{PROTOCOL}}, SETTLE_MS = {{SETTLE_MS}};
  // The table's figures (tabletop.draw.figures): zoom, follow and a tap's reach.
  const FIG = {{FIGURES}};
  const LOST = {{LOST}};
  const ROOM = {{ROOM}};
  const WORDS = {{WORDS}};
  const $ = (id) => document.getElementById(id);
  const SVGNS = "http://www.w3.org/2000/svg";
  const base = location.pathname.replace(/\/play\/[^/]*\/?$/, "");
  // One page, two transports: the seat server's websocket, or a socket-like
  // object a script before this one offers (the static site's Python worker,
  // tabletop.site: its local.js); the frames are the same either way.
  const Socket = window.tabletopTransport || WebSocket;
  const wsUrl = (location.protocol === "https:" ? "wss://" : "ws://") +
    location.host + base + "/ws/" + ROOM;
  // What the page holds: reset whole when the link changes (another seat's).
  const blank = () => ({
    ws: null, welcome: null, board: null, view: null, page: null, seats: [], svg: null,
    undo: {}, busy: false, key: "", settled: 0, retry: 0, mine: false, final: false,
    up: false, timer: null, parked: null,
    // What the live region has said to these eyes: up to which step, who was
    // thinking, whether their turn or the end (``announce``).
    heard: null, heardThinking: null, heardMine: false, heardOver: false,
    // The board's view: ``z`` times the legible scale, centred on (cx, cy) in
    // board units; ``whole`` shows the whole map; ``panned``: the player moved
    // it (it stops following the pawn until the player plays).
    zoom: {z: 1, whole: false, cx: 0, cy: 0, panned: false, label: 0, at: -1},
  });
  const S = Object.assign(blank(), {ids: 0, buzz: false});
  window.tabletopPage = S;  // for tests and curious players: what the page holds

  // The page's own words, written where the HTML leaves them blank.
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = WORDS[e.dataset.w];
  for (const e of document.querySelectorAll("[data-wl]")) {
    e.setAttribute("aria-label", WORDS[e.dataset.wl]);
  }
  for (const e of document.querySelectorAll("[data-tip]")) e.title = WORDS[e.dataset.tip];

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function say(text) { $("said").textContent = text || ""; }
  function name(seat) {
    return S.board ? S.board.names[seat] : WORDS.player + seat;
  }
  function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : ""; }

  // -- the connection ------------------------------------------------------------
  // The token is the link's #fragment, read at each connection (the link may
  // change in this tab): no request ever carries it.
  function connect() {
    S.timer = null;
    const token = decodeURIComponent(location.hash.slice(1));
    if (!token) {
      $("headline").textContent = WORDS.no_token;
      $("more").textContent = WORDS.no_token_more;
      return;
    }
    const ws = new Socket(wsUrl);
    S.ws = ws;
    ws.onopen = () => {
      if (S.ws !== ws) return;
      ws.send(JSON.stringify({t: "hello", protocol: PROTOCOL, room: ROOM,
                              token: token, render: "svg"}));
    };
    ws.onmessage = (m) => {
      if (S.ws !== ws) return;
      let f; try { f = JSON.parse(m.data); } catch (e) { return; }
      receive(f);
    };
    ws.onclose = () => {
      if (S.ws !== ws) return;
      S.ws = null; S.up = false; S.busy = false;
      if (S.final) return;
      notice(LOST);
      document.body.dataset.connected = "no";
      renderActions(); renderSeats();
      const wait = Math.min(5000, 500 * 2 ** Math.min(S.retry, 4));
      S.retry += 1;
      S.timer = setTimeout(connect, wait);
    };
  }
  function send(frame) {
    if (!S.ws || S.ws.readyState !== Socket.OPEN) return false;
    S.ws.send(JSON.stringify(frame));
    return true;
  }
  function notice(text) { $("notice").textContent = text; $("notice").hidden = !text; }

  // Another link opened in this tab (seat 1's where seat 0's was): nothing of the
  // old seat stays on the screen, its connection closes without coming back, and
  // the page joins with the new token.
  function rejoin() {
    const old = S.ws;
    if (S.timer) clearTimeout(S.timer);
    Object.assign(S, blank());
    if (old) old.close();
    for (const id of ["board", "hand", "actions", "recaplist", "seatlist", "where",
                      "last", "more", "role", "undotext"]) $(id).textContent = "";
    for (const id of ["choices", "mine", "undo", "alerts", "viewbar", "turndot"]) {
      $(id).hidden = true;
    }
    $("board").classList.remove("near");
    $("board").setAttribute("aria-label", WORDS.the_board);
    $("top").classList.remove("mine");
    $("headline").textContent = WORDS.joining;
    document.title = WORDS.page_title;
    for (const k of ["connected", "settled", "role"]) delete document.body.dataset[k];
    say(""); notice("");
    connect();
  }
  window.addEventListener("hashchange", rejoin);

  function receive(f) {
    if (f.t === "welcome") {
      const before = S.welcome;
      if (before && (before.role !== f.role || before.seat !== f.seat)) {
        // other eyes on this device (the laptop passed): they hear from the start
        Object.assign(S, {heard: null, heardThinking: null, heardMine: false,
                          heardOver: false});
      }
      S.welcome = f; S.seats = f.seats; S.retry = 0; S.up = true;
      notice(""); document.body.dataset.connected = "yes";
      // The board's picture comes once per connection: a welcome without it
      // (other eyes on this device) keeps the board drawn, and the next view
      // follows the new eyes' pawn.
      if (f.page) { S.board = f.page; drawBoard(); }
      else { S.zoom.at = -1; S.zoom.panned = false; }
      renderRole(); renderSeats();
      $("house").textContent = S.board && S.board.house_rules || "";
      $("house").hidden = !$("house").textContent;
    } else if (f.t === "view") {
      // An undo's answer shows until the game moves on from where it left it.
      if (S.undo.status && S.undo.status !== "requested") {
        if (S.undo.seen === undefined) S.undo.seen = f.step;
        else if (S.undo.seen !== f.step) S.undo = {};
      }
      S.view = f; S.page = f.page; S.busy = false; S.key = "";
      render(true);
    } else if (f.t === "handover") {
      passOn(f);
    } else if (f.t === "presence") {
      S.seats = f.seats; renderSeats();
    } else if (f.t === "undo") {
      S.undo = f.status === "requested" ? f : {status: f.status};
      renderUndo();
    } else if (f.t === "ok") {
      S.busy = false; keepFocus(renderActions);
    } else if (f.t === "refused") {
      S.busy = false; say(cap(f.words || f.reason)); keepFocus(renderActions);
    } else if (f.t === "error") {
      S.busy = false;
      if (f.code === "bad_token" || f.code === "protocol") {
        S.final = true;
        $("headline").textContent = WORDS.bad_link;
        $("more").textContent = f.message;
        notice("");
      } else {
        say(cap(f.message));
      }
    }
  }

  // The device passed to another seat (the static site's hand-over, whose cover
  // its local.js shows): nothing of the last seat stays in the page, not even
  // under the cover (its hand, its choices, what was said to it: emptied, not
  // hidden), and the header and the tab's title name the seat it goes to.
  function passOn(f) {
    Object.assign(S, {view: null, page: null, key: "", busy: false, parked: null,
                      mine: false, heard: null, heardThinking: null,
                      heardMine: false, heardOver: false});
    for (const id of ["hand", "actions", "recaplist", "last", "where", "more",
                      "pawnlist", "spacelist", "undotext", "heard", "said",
                      "answer"]) $(id).textContent = "";
    $("cmd").value = "";
    $("choices").hidden = $("mine").hidden = true;
    if (S.svg) S.svg.querySelector("#moving").textContent = "";
    $("board").setAttribute("aria-label", WORDS.the_board);
    $("top").classList.remove("mine");
    renderSeats(); renderUndo();
    $("headline").textContent = f.title;
    $("more").textContent = f.ask;
    document.title = WORDS.title + f.title;
    $("turndot").hidden = !S.board;
    if (S.board) seatDot($("turndot"), f.seat);
  }

  // -- the frame's menus ---------------------------------------------------------
  // The menu on show: the one the last tap opened, or "" (nothing selected).
  function menu() {
    const menus = S.page ? S.page.menus : {};
    return menus[S.key] || menus[""] ||
      {heading: WORDS.choices, buttons: [], outlined: [], chosen: null, ringed: null};
  }
  // What a tap on a space or a card does: the menu on show's entry, else "" 's.
  function tapFor(table, id) {
    const menus = S.page.menus;
    let here = menus[S.key];
    if (here && here.taps_from !== undefined) here = menus[here.taps_from];
    const own = here && here[table] && here[table][id];
    return own || (menus[""] && menus[""][table] && menus[""][table][id]) || null;
  }
  function take(tap) {
    if (S.page.refusal) { say(cap(S.page.refusal)); return; }
    if (!tap) return;
    if (tap.play !== undefined) act(tap.play);
    else if (tap.open !== undefined) open(tap.open);
    else if (tap.say !== undefined) say(cap(tap.say));
  }

  // -- drawing -------------------------------------------------------------------
  function drawBoard() {
    const b = S.board, box = $("board");
    box.textContent = "";
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("viewBox", "0 0 " + b.width + " " + b.height);
    svg.setAttribute("width", b.width);
    svg.setAttribute("height", b.height);
    svg.setAttribute("font-family", "sans-serif");
    svg.setAttribute("aria-hidden", "true");
    const still = document.createElementNS(SVGNS, "g");
    still.innerHTML = b.board;
    const moving = document.createElementNS(SVGNS, "g");
    moving.id = "moving";
    svg.append(still, moving);
    svg.addEventListener("click", tapBoard);
    box.append(svg);
    S.svg = svg;
    S.zoom.label = labelSize(still);
    S.zoom.cx = b.width / 2; S.zoom.cy = b.height / 2;
    $("viewbar").hidden = false;
    if (S.page) drawMoving();
    follow(true);
  }

  // -- the board's view: legible labels, the pawn in sight -----------------------
  // The median size of the board's labels in board units (their font size times
  // the scale of the layer holding them).
  function labelSize(still) {
    const svgM = S.svg.getScreenCTM();
    const sizes = [];
    for (const t of still.querySelectorAll("text")) {
      const m = t.getScreenCTM(), fs = parseFloat(t.getAttribute("font-size"));
      if (m && svgM && fs) sizes.push(fs * m.a / svgM.a);
    }
    sizes.sort((a, b) => a - b);
    return sizes.length ? sizes[sizes.length >> 1] : 0;
  }
  // CSS px the labels read at; one press of + or -; the most, × legible
  const LEGIBLE = FIG.legible_px, ZOOM_STEP = FIG.zoom_step, ZOOM_MOST = FIG.zoom_most;
  // CSS px per board unit: the view's (the labels at LEGIBLE px, times z) and the
  // whole map's (as wide as the box, no taller than the screen allows).
  function scales() {
    const b = S.board, w = $("board").clientWidth;
    const legible = S.zoom.label ? LEGIBLE / S.zoom.label : 0;
    const tall = window.innerWidth >= 900 ? window.innerHeight - 110 : Infinity;
    return {w: w, fit: Math.min(w / b.width, tall / b.height), near: legible * S.zoom.z};
  }
  function isWhole() {
    const k = scales();
    return S.zoom.whole || !(k.near > k.fit * FIG.whole_slack);
  }
  // Show the view: a viewBox (the SVG's own coordinates, so a tap's point maps
  // through getScreenCTM as before) over a box as wide as the page allows.
  function showView() {
    const svg = S.svg, b = S.board, box = $("board");
    if (!svg) return;
    const whole = isWhole(), k = scales();
    box.classList.toggle("near", !whole);
    $("whole").setAttribute("aria-pressed", String(whole));
    $("zoomout").disabled = whole;
    $("zoomin").disabled = S.zoom.z >= ZOOM_MOST;
    for (const id of ["panleft", "panup", "pandown", "panright"]) $(id).disabled = whole;
    if (whole) {
      svg.style.height = "";
      svg.setAttribute("viewBox", "0 0 " + b.width + " " + b.height);
      return;
    }
    // Taller than the map's own shape on a narrow screen, never past the screen.
    const high = Math.min(Math.max(k.w * b.height / b.width,
                                   Math.min(0.55 * window.innerHeight, k.w)),
                          Math.max(160, window.innerHeight - 120));
    svg.style.height = Math.round(high) + "px";
    const vw = k.w / k.near, vh = high / k.near;
    const keep = (c, v, all) => (v >= all ? all / 2 : Math.min(Math.max(c, v / 2), all - v / 2));
    S.zoom.cx = keep(S.zoom.cx, vw, b.width);
    S.zoom.cy = keep(S.zoom.cy, vh, b.height);
    svg.setAttribute("viewBox", [S.zoom.cx - vw / 2, S.zoom.cy - vh / 2, vw, vh]
      .map((n) => n.toFixed(1)).join(" "));
  }
  // A point of an element of the board in board units.
  function boardPoint(e, x, y) {
    const m = e.getScreenCTM(), svgM = S.svg.getScreenCTM();
    if (!m || !svgM) return null;
    const p = S.svg.createSVGPoint();
    p.x = x; p.y = y;
    return p.matrixTransform(m).matrixTransform(svgM.inverse());
  }
  // Where the pawn the view follows stands: the seat's own, else the mover's
  // (a pawn is the pieces layer's circle in its seat's colour).
  function pawnPoint() {
    const seat = S.welcome && S.welcome.role === "seat" ? S.welcome.seat : S.view && S.view.to_move;
    if (seat === null || seat === undefined || !S.board) return null;
    const colour = String(S.board.colors[seat]).toLowerCase();
    for (const c of S.svg.querySelectorAll("#moving .layer-pieces circle")) {
      if (String(c.getAttribute("fill")).toLowerCase() === colour) {
        return boardPoint(c, +c.getAttribute("cx"), +c.getAttribute("cy"));
      }
    }
    return null;
  }
  // Centre the view on the pawn with the spaces on offer, or on the pawn alone
  // when they do not all fit; not after the player moved the view (``panned``).
  function follow(force) {
    if (!S.svg) return;
    const step = S.view ? S.view.step : -1;
    if (!force && (S.zoom.panned || S.zoom.at === step)) { showView(); return; }
    S.zoom.at = step;
    const pawn = pawnPoint(), pts = pawn ? [pawn] : [];
    for (const c of S.svg.querySelectorAll("#moving .target")) {
      pts.push({x: +c.getAttribute("cx"), y: +c.getAttribute("cy")});
    }
    if (pts.length) {
      const k = scales(), xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
      const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
      const room = FIG.follow_room;  // board units kept around them
      const vw = k.w / k.near, vh = (S.svg.getBoundingClientRect().height || k.w) / k.near;
      const fits = x1 - x0 + room <= vw && y1 - y0 + room <= vh;
      const at = fits || !pawn ? {x: (x0 + x1) / 2, y: (y0 + y1) / 2} : pawn;
      S.zoom.cx = at.x; S.zoom.cy = at.y;
    }
    showView();
  }
  // A space brought into the view (the player looked for it).
  function showSpace(space) {
    const c = S.svg && S.svg.querySelector('#moving .target[data-space="' + space + '"]');
    if (!c) return false;
    S.zoom.cx = +c.getAttribute("cx"); S.zoom.cy = +c.getAttribute("cy");
    S.zoom.panned = true;
    showView();
    return true;
  }
  S.showSpace = showSpace;
  function zoomBy(f) {
    const k = scales();
    if (isWhole()) { S.zoom.whole = false; S.zoom.z = Math.max(S.zoom.z, k.fit * ZOOM_STEP / (k.near / S.zoom.z)); }
    S.zoom.z = Math.min(ZOOM_MOST, S.zoom.z * f);
    showView();
  }
  function panBy(dx, dy) {  // in board units
    S.zoom.cx += dx; S.zoom.cy += dy; S.zoom.panned = true;
    showView();
  }
  function panStep(sx, sy) {
    const vb = S.svg.viewBox.baseVal;
    panBy(sx * vb.width / 3, sy * vb.height / 3);
  }
  window.addEventListener("resize", () => showView());
  function drawMoving() {
    if (!S.svg) return;
    const g = S.svg.querySelector("#moving");
    g.innerHTML = S.page.svg;
    ringSpace();
  }
  function ringSpace() {
    if (!S.svg) return;
    const ringed = menu().ringed;
    for (const c of S.svg.querySelectorAll("#moving .target")) {
      c.classList.toggle("selected", c.dataset.space === ringed);
    }
  }

  function render(fresh) {
    const p = S.page;
    if (!p) return;
    const h = p.headline;
    $("headline").textContent = h.text;
    // While a bot is about to move, the view says who is thinking (shown only:
    // the page's controls stay as the view leaves them).
    $("more").textContent = h.more + (S.view.thinking ? " \u00b7 " + S.view.thinking : "");
    $("top").classList.toggle("mine", h.mine);
    const mover = S.view.to_move;
    const dot = $("turndot");
    dot.hidden = h.over || mover === null || mover === undefined || !S.board;
    if (!dot.hidden) seatDot(dot, mover);
    if (S.board) { drawMoving(); follow(false); }
    const where = p.where.filter(Boolean);
    $("board").setAttribute("aria-label", WORDS.board + " " + (where.join("; ") || ""));
    $("where").textContent = where.join(" \u00b7 ");
    keepFocus(() => {
      renderHand(); renderActions(); renderRecap(); renderSeats(); renderUndo();
      renderBoardWords();
    }, fresh);
    announce();
    turnAlert(h.mine);
    document.title = (h.mine ? WORDS.your_turn_title : "") + WORDS.title +
      (h.over ? h.text : h.text + " \u2014 " + h.more);
    if (fresh) say("");
    settle();
  }
  // Fresh controls take no tap for SETTLE_MS (the notebook table's rule): the
  // second tap of a double tap, or one that crossed a redraw, lands on nothing.
  function settle() {
    const at = S.view ? S.view.step : -1, until = performance.now() + SETTLE_MS;
    S.settled = until;
    document.body.dataset.settled = "";
    // Marked settled by the latest settle only (a menu opened since starts anew).
    setTimeout(() => {
      if (S.view && S.view.step === at && S.settled === until) {
        document.body.dataset.settled = String(at);
      }
    }, SETTLE_MS + 20);
  }
  function mayTap() {
    return S.up && !S.busy && S.view && performance.now() >= S.settled;
  }

  function renderHand() {
    const me = S.page && S.page.hands.find((h) => h.you);
    $("mine").hidden = !me;
    if (!me) return;
    const list = $("hand");
    list.textContent = "";
    const m = menu(), outlined = new Set(m.outlined);
    const pickedAt = new Set(m.picked_at || []);  // the places of the cards picked
    if (!me.count) list.append(el("li", WORDS.no_cards, "quiet"));
    me.cards.forEach((c, i) => {
      const li = el("li");
      const b = el("button", c ? c.name : WORDS.a_card, "card");
      b.type = "button";
      if (c) {
        b.style.background = c.color;
        b.style.color = c.ink;  // dark or white, whichever reads on the colour
        b.title = c.text;
        if (c.text) b.append(el("span", c.text, "does"));  // what it does, as printed
        // The name read out is the words shown, then what a sighted player sees
        // by the outline or the tick (said in a hidden part).
        b.dataset.card = c.kind;
        const picked = pickedAt.has(i);
        if (outlined.has(c.kind) && !picked) b.classList.add("playable");
        if (m.chosen === c.kind) b.classList.add("chosen");
        if (m.picking) b.setAttribute("aria-pressed", picked ? "true" : "false");
        if (picked) b.classList.add("picked");
        if (picked || outlined.has(c.kind)) {
          b.append(el("span", picked ? WORDS.picked : WORDS.playable, "sr"));
        }
        const table = picked ? "unpick" : "cards";
        b.addEventListener("click", () => { if (mayTap()) take(tapFor(table, c.kind)); });
      } else {
        b.classList.add("back");
      }
      li.append(b); list.append(li);
    });
  }

  function renderActions() {
    const box = $("actions");
    box.textContent = "";
    const seat = S.welcome && S.welcome.role === "seat";
    $("choices").hidden = !seat || !S.page || !S.page.actions.length;
    if (!S.page) return;
    const m = menu();
    $("choices-h").textContent = m.heading;
    $("showall").hidden = $("showall").parentElement.hidden = !S.key;
    for (const item of m.buttons) {
      if (item.group !== undefined) {
        const g = el("button", item.title, "group");
        g.type = "button";
        g.dataset.group = item.group;
        g.dataset.open = item.open;
        g.disabled = !S.up || S.busy;
        g.addEventListener("click", () => { if (mayTap()) open(item.open); });
        box.append(g);
        continue;
      }
      const a = S.page.actions[item.index];
      const b = el("button", a.words);
      b.type = "button";
      b.title = a.why + WORDS.notation + a.action;
      b.setAttribute("aria-label", a.words + ": " + a.why);
      b.dataset.action = a.action;
      if (a.card) b.classList.add("card-action");
      b.disabled = !S.up || S.busy;
      b.addEventListener("click", () => act(a.action));
      box.append(b);
    }
  }

  // A control redrawn under the focus leaves it on the page's body: it goes to
  // the first choice on offer, else the heading of the choices, else the turn
  // line, where it waits (``S.parked``) while no choice is on offer (the move
  // on its way, the bots' turns); a view (``fresh``) that brings choices moves
  // a focus still waiting there to the first of them, as the notebook table does.
  function keepFocus(redraw, fresh) {
    const had = document.activeElement, inside = had && had !== document.body &&
      $("side").contains(had);
    redraw();
    const now = document.activeElement;  // a control hidden now loses the focus soon
    const first = $("actions").querySelector("button:not([disabled])");
    if (fresh && first && S.parked && now === S.parked) {
      S.parked = null;
      first.focus({preventScroll: false});
      return;
    }
    const lost = !now || now === document.body || !now.isConnected || !!now.closest("[hidden]");
    if (!inside || !lost) return;
    const next = first || (!$("choices").hidden && $("choices-h")) || $("headline");
    next.focus({preventScroll: false});
    S.parked = first ? null : next;
  }
  // Say what is new, once per eyes: at their first view the recap (what
  // happened before they looked); then each step after the last one said, as
  // the view tells it (``told``: step by step, their own as "You: rolled 4."),
  // who is thinking once per bot turn, and the seat's turn or the end as it comes.
  function announce() {
    const p = S.page, h = p.headline, step = S.view.step;
    let said = [];
    if (S.heard === null) said = p.recap.map(([who, what]) => who + ": " + what + ".");
    else said = p.told.filter((t) => t.step > S.heard).map((t) => t.said);
    S.heard = step;  // an undo goes back: what comes after it is new again
    const thinking = S.view.thinking || null;
    if (thinking && thinking !== S.heardThinking) said.push(thinking);
    S.heardThinking = thinking;
    if ((h.mine && !S.heardMine) || (h.over && !S.heardOver)) said.push(h.said);
    S.heardMine = h.mine; S.heardOver = h.over;
    if (said.length) $("heard").textContent = said.join(" ");
  }
  function renderBoardWords() {
    const w = S.page.words, pawns = $("pawnlist"), spaces = $("spacelist");
    pawns.textContent = ""; spaces.textContent = "";
    for (const said of w.board_pawns) pawns.append(el("li", said));
    $("spaces-h").hidden = !w.board_spaces.length;
    for (const [space, said] of w.board_spaces) {
      const li = el("li"), b = el("button", said);
      b.type = "button"; b.dataset.space = space;
      b.addEventListener("click", () => { if (mayTap()) take(tapFor("spaces", space)); });
      li.append(b); spaces.append(li);
    }
  }

  function renderRecap() {
    const list = $("recaplist");
    list.textContent = "";
    for (const [who, what] of S.page.recap) {
      const li = el("li");
      li.append(el("b", who), document.createTextNode(" " + what));
      list.append(li);
    }
    $("last").textContent = WORDS.last + (S.page.last || WORDS.starts);
  }

  // A seat's dot: its colour with its number on it (never colour alone); the
  // name beside it says the seat, so the dot is left out of what is read out.
  function seatDot(dot, seat) {
    dot.style.background = S.board.colors[seat];
    dot.style.color = S.board.inks[seat];
    dot.textContent = String(seat);
    dot.setAttribute("aria-hidden", "true");
  }

  function renderSeats() {
    const list = $("seatlist");
    list.textContent = "";
    const hands = S.page ? S.page.hands : [];
    for (const s of S.seats) {
      const li = el("li");
      const dot = el("span", null, "dot");
      if (S.board) seatDot(dot, s.seat);
      dot.style.borderColor = "#222";
      const here = s.connected && S.up;
      const who = s.seat === (S.welcome && S.welcome.seat) ? WORDS.you :
        (s.kind === "human" ? (here ? WORDS.connected : WORDS.not_connected)
                            : WORDS.bot + s.kind);
      const hand = hands[s.seat];
      const cards = hand ? " \u00b7 " + hand.count +
        (hand.count === 1 ? WORDS.card : WORDS.cards) : "";
      const note = hand && hand.note ? " \u00b7 " + hand.note : "";
      li.append(dot, document.createTextNode(" "), el("b", name(s.seat)),
                document.createTextNode(" (" + who + ")" + cards + note));
      if (!here && s.kind === "human") li.classList.add("gone");
      // Faces of a hand not your own: only the referee's view holds them.
      if (hand && !hand.you && hand.cards.some(Boolean)) {
        const row = el("div", null, "row faces");
        row.setAttribute("aria-label", name(s.seat) + WORDS.holds);
        for (const c of hand.cards) {
          const chip = el("span", c ? c.name : WORDS.card_back, "chip");
          if (c) { chip.style.background = c.color; chip.style.color = c.ink; }
          row.append(chip);
        }
        li.append(row);
      }
      list.append(li);
    }
  }

  function renderRole() {
    const role = S.welcome.role;
    const text = {spectator: WORDS.spectator, referee: WORDS.referee}[role] || "";
    $("role").textContent = text; $("role").hidden = !text;
    $("undo").hidden = role !== "seat";
    $("alerts").hidden = role !== "seat";
    $("notify").hidden = !(window.isSecureContext && window.Notification &&
                           Notification.permission !== "granted");
    document.body.dataset.role = role;
  }

  function renderUndo() {
    const u = S.undo, seat = S.welcome ? S.welcome.seat : null;
    const asked = u.status === "requested";
    const mine = asked && (u.waiting || []).includes(seat);
    $("accept").hidden = $("decline").hidden = !mine;
    // Offered only when the room would take it (the view's may_undo: not back
    // past a roll or a draw, not once the game is over).
    $("askundo").hidden = asked || !(S.view && S.view.may_undo);
    let text = "";
    if (asked) {
      const waiting = (u.waiting || []).map(name).join(", ");
      text = WORDS.undo_asked + name(u.by) + (waiting ? WORDS.waiting_for + waiting : "");
    } else if (u.status && WORDS["undo_" + u.status]) {
      text = WORDS["undo_" + u.status];
    }
    $("undotext").textContent = text;
  }

  // -- gestures: each tap does what the frame says it does ----------------------------
  function act(action) {
    if (!mayTap()) return;
    S.busy = true;
    S.zoom.panned = false;  // the player moved on: the view follows the pawn again
    keepFocus(renderActions);  // the pressed button is redrawn: the focus stays near
    if (!send({t: "play", action: action, at: S.view.step, id: ++S.ids})) S.busy = false;
  }
  // Show menu ``key`` of the frame: its heading and buttons, the hand's outline
  // and chosen card, the ringed space.
  function open(key) {
    S.key = S.page && S.page.menus[key] ? key : "";
    keepFocus(() => { ringSpace(); renderHand(); renderActions(); });
    settle();
    // The choices just narrowed (or widened) start where the eye is: their top.
    const top = $("choices").getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 80) $("choices").scrollIntoView({block: "start"});
  }

  function tapBoard(ev) {
    if (S.dragged) { S.dragged = false; return; }  // the view was moved, not tapped
    if (!mayTap()) return;
    if (S.page.refusal) { say(cap(S.page.refusal)); return; }
    const svg = S.svg, m = svg.getScreenCTM();
    if (!m) return;
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform(m.inverse());
    // A finger is wider than a mouse: a target within FIG.tap_reach_px screen
    // pixels (or just beyond its own ring) counts, the nearest first.
    const perPixel = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
    let best = null, bestD = Infinity;
    for (const c of svg.querySelectorAll("#moving .target")) {
      const dx = +c.getAttribute("cx") - p.x, dy = +c.getAttribute("cy") - p.y;
      const d = Math.hypot(dx, dy);
      const reach = Math.max(+c.getAttribute("r") + FIG.tap_ring_extra, FIG.tap_reach_px * perPixel);
      if (d <= reach && d < bestD) { best = c; bestD = d; }
    }
    if (best) take(tapFor("spaces", best.dataset.space));
  }

  $("showall").addEventListener("click", () => open(""));
  // The command field: a command is answered in words (and said), a choice's
  // words or its notation plays it, a space's name (the frame's ``named``) is a
  // tap on that space.
  $("cmdform").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("cmd").value.trim();
    if (!text || !S.page) return;
    const key = text.toLowerCase().split(/\s+/).join(" ");
    const answer = S.page.words.commands[key];
    if (answer !== undefined) {
      $("answer").textContent = cap(answer);
      $("heard").textContent = cap(answer);
      $("cmd").value = "";
      return;
    }
    $("answer").textContent = "";
    if (S.page.refusal) { say(cap(S.page.refusal)); return; }
    const named = S.page.actions.find((a) => a.words.toLowerCase() === key);
    if (!mayTap()) return;
    const space = named ? undefined : (S.page.named || {})[key];
    if (space !== undefined) take(tapFor("spaces", space));
    else act(named ? named.action : text);
    $("cmd").value = "";
  });
  $("zoomin").addEventListener("click", () => zoomBy(ZOOM_STEP));
  $("zoomout").addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
  $("panleft").addEventListener("click", () => panStep(-1, 0));
  $("panright").addEventListener("click", () => panStep(1, 0));
  $("panup").addEventListener("click", () => panStep(0, -1));
  $("pandown").addEventListener("click", () => panStep(0, 1));
  $("whole").addEventListener("click", () => {
    if (!isWhole()) { S.zoom.whole = true; showView(); return; }
    S.zoom.whole = false;
    const k = scales();
    if (!(k.near > k.fit * FIG.whole_slack)) S.zoom.z = k.fit * ZOOM_STEP / (k.near / S.zoom.z);
    follow(true);
  });
  // On the board of a view: one finger (or the mouse) drags it, two pinch it; a
  // press that moved is no tap.
  const fingers = new Map();
  let pinch = 0;
  $("board").addEventListener("pointerdown", (ev) => {
    S.dragged = false;
    if (!S.svg || isWhole()) return;
    fingers.set(ev.pointerId, {x: ev.clientX, y: ev.clientY, moved: 0});
    pinch = 0;
  });
  $("board").addEventListener("pointermove", (ev) => {
    const f = fingers.get(ev.pointerId);
    if (!f) return;
    const dx = ev.clientX - f.x, dy = ev.clientY - f.y;
    f.x = ev.clientX; f.y = ev.clientY; f.moved += Math.abs(dx) + Math.abs(dy);
    if (fingers.size === 2) {
      const [a, b] = [...fingers.values()], d = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch) S.zoom.z = Math.min(ZOOM_MOST, Math.max(FIG.zoom_least, S.zoom.z * d / pinch));
      pinch = d; S.dragged = true;
      showView();
    } else if (f.moved > 8) {
      S.dragged = true;
      const per = S.svg.viewBox.baseVal.width / S.svg.getBoundingClientRect().width;
      panBy(-dx * per, -dy * per);
    }
  });
  for (const kind of ["pointerup", "pointercancel", "pointerleave"]) {
    $("board").addEventListener(kind, (ev) => { fingers.delete(ev.pointerId); pinch = 0; });
  }
  $("askundo").addEventListener("click", () => {
    if (mayTap()) send({t: "undo_request", id: ++S.ids});
  });
  $("accept").addEventListener("click", () => send({t: "undo_answer", accept: true, id: ++S.ids}));
  $("decline").addEventListener("click", () => send({t: "undo_answer", accept: false, id: ++S.ids}));

  // -- telling the player it is their turn ------------------------------------------
  let audio = null;
  $("buzz").addEventListener("click", () => {
    S.buzz = !S.buzz;
    $("buzz").setAttribute("aria-pressed", String(S.buzz));
    $("buzz").textContent = S.buzz ? WORDS.buzz_on : WORDS.buzz_off;
    if (S.buzz && !audio && window.AudioContext) audio = new AudioContext();
  });
  $("notify").addEventListener("click", () => {
    Notification.requestPermission().then(() => renderRole());
  });
  function turnAlert(mine) {
    const came = mine && !S.mine;
    S.mine = mine;
    if (!came) return;
    if (S.buzz) {
      if (navigator.vibrate) navigator.vibrate(200);
      if (audio) {
        const o = audio.createOscillator(), g = audio.createGain();
        o.frequency.value = 660; g.gain.value = 0.15;
        o.connect(g); g.connect(audio.destination);
        o.start(); o.stop(audio.currentTime + 0.15);
      }
    }
    if (document.hidden && window.Notification && Notification.permission === "granted") {
      try { new Notification(WORDS.notify_title, {body: WORDS.your_turn}); } catch (e) { /* none */ }
    }
  }

  connect();
})();
