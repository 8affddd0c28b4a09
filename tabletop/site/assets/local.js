// The site's transport: the seat page (play.js) opens a "websocket" and this
// file hands it one whose other end is Python in a Web Worker (worker.js), not
// a server. It also keeps the game in this browser's storage, offers the save
// as a download, opens a save file, and shows the hand-over screen between two
// humans at one device. It holds no rule: every frame comes from Python.
"use strict";
(() => {
  const meta = (n) => { const m = document.querySelector(`meta[name="${n}"]`); return m && m.content; };
  let registered = null;
  if ("serviceWorker" in navigator && window.isSecureContext) {
    // https or localhost: a second visit plays with the network off. Plain http
    // has no service worker; the browser's HTTP cache is all there is there.
    registered = navigator.serviceWorker.register("sw.js");
    registered.catch(() => {});
  }
  const GAME = meta("tabletop-game");
  if (!GAME) {  // the list of games: "go on" only where a game is kept
    document.addEventListener("DOMContentLoaded", () => {
      for (const p of document.querySelectorAll("[data-resume]")) {
        try { p.hidden = !localStorage.getItem("tabletop-site:" + p.dataset.resume); }
        catch (e) { p.hidden = true; }
      }
    });
    return;
  }
  const WORDS = JSON.parse(meta("tabletop-words"));
  const KEY = "tabletop-site:" + GAME;
  const L = {worker: null, socket: null, last: null, frames: [], started: null,
             waiting: []};  // what the page sent before Python was started
  window.tabletopLocal = L;  // for tests: what the transport holds

  // The deal: seats from the index's form (?s0=human&s1=heuristic...), else the
  // game kept in this browser, else one human and one bot.
  const query = new URLSearchParams(location.search);
  const seats = [];
  for (let i = 0; query.has("s" + i); i++) if (query.get("s" + i)) seats.push(query.get("s" + i));
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { kept = null; }
  const fresh = seats.length > 0 || !kept;
  const start = {t: "start", game: GAME,
                 seats: fresh ? (seats.length ? seats : ["human", "heuristic"]) : kept.seats,
                 saved: fresh ? null : JSON.stringify(kept.match)};
  // The page's link must look like a seat's (#token): the deal leaves the URL, so
  // a reload goes on with the game kept rather than dealing again.
  history.replaceState(null, "", location.pathname + "#local");

  function keep(f) {
    L.last = f;
    try { localStorage.setItem(KEY, JSON.stringify({seats: f.seats, match: f.match})); }
    catch (e) { /* no storage: the game lives as long as the page */ }
  }
  function deliver(f) {
    if (f.t === "save") { keep(f); return; }
    if (f.t === "started") { L.started = f; return; }
    if (f.t === "bench") { L.bench = f.times; return; }
    // The page hears the hand-over too (it empties itself of the last seat);
    // the cover stays until a seat is shown again: an answer (ok, refused)
    // may come after it, as the answer to the tap that passed the device.
    if (f.t === "handover") curtain(f);
    else if (f.t === "welcome" || f.t === "view") curtain(null);
    L.frames.push(f.t);
    if (L.socket && L.socket.onmessage) L.socket.onmessage({data: JSON.stringify(f)});
  }
  // Python starts once the service worker controls the page, so that its files
  // (Pyodide, the wheels) come from the cache the worker's install has just
  // filled: started at once, Python fetched them beside the install, and a
  // first visit downloaded the site twice. Without a service worker, or when
  // its install fails, Python starts at once from the network.
  function cached() {
    const sw = navigator.serviceWorker;
    if (!registered || sw.controller) return Promise.resolve();
    return new Promise((go) => {
      sw.addEventListener("controllerchange", go, {once: true});
      registered.then((reg) => {
        const coming = reg.installing || reg.waiting;
        if (!coming) { go(); return; }  // one is active but not here (a forced reload)
        coming.addEventListener("statechange", () => {
          if (coming.state === "redundant" || coming.state === "activated") go();
        });
      }, go);
    });
  }
  function worker() {
    if (L.worker) return;
    L.worker = new Worker("worker.js", {type: "module"});
    L.worker.onmessage = (m) => deliver(m.data);
    L.worker.onerror = (e) => deliver({t: "error", code: "python",
                                       message: WORDS.failed + (e.message || "")});
    L.worker.postMessage(start);
    for (const msg of L.waiting) L.worker.postMessage(msg);
    L.waiting = [];
  }
  function post(msg) {
    if (L.worker) L.worker.postMessage(msg);
    else L.waiting.push(msg);
  }

  // The page's transport (page.html takes window.tabletopTransport, where
  // there is one, for its websocket).
  class LocalSocket {
    constructor() {
      this.readyState = 1; L.socket = this; cached().then(worker);
      setTimeout(() => this.onopen && this.onopen(), 0);
    }
    send(text) {
      const f = JSON.parse(text);
      if (f.t === "hello") return;  // the worker greets with the deal's first frames
      post({t: "frame", text: text});
    }
    close() { this.readyState = 3; }
  }
  LocalSocket.OPEN = 1;
  window.tabletopTransport = LocalSocket;

  // -- the bar: games, download, open ------------------------------------------------
  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text) e.textContent = text;
    Object.assign(e, attrs || {});
    return e;
  }
  function bar() {
    const nav = el("nav", null, {id: "sitebar"});
    nav.append(el("a", WORDS.games, {href: "index.html#game-" + GAME}));
    const down = el("button", WORDS.download, {type: "button", id: "download"});
    down.addEventListener("click", () => {
      if (!L.last) return;
      const blob = new Blob([JSON.stringify(L.last.match, null, 1)], {type: "application/json"});
      const a = el("a", null, {href: URL.createObjectURL(blob), download: GAME + ".json"});
      document.body.append(a); a.click(); a.remove();
    });
    const file = el("input", null, {type: "file", id: "openfile", accept: ".json,application/json"});
    const label = el("label", WORDS.open, {htmlFor: "openfile", className: "filebutton"});
    file.addEventListener("change", () => {
      const f = file.files[0];
      if (!f) return;
      f.text().then((text) => post(
        {t: "frame", text: JSON.stringify({t: "load", text: text})}));
      file.value = "";
    });
    nav.append(down, label, file);
    document.body.prepend(nav);
    const cover = el("div", null, {id: "handover", hidden: true});
    cover.setAttribute("role", "dialog");
    cover.append(el("h2", "", {id: "handover-title"}), el("p", "", {id: "handover-ask"}),
                 el("button", "", {type: "button", id: "reveal"}));
    document.body.append(cover);
    // Until Python has started (a few seconds), the headline says what is loading.
    if (!L.frames.length) document.getElementById("headline").textContent = WORDS.loading;
    document.getElementById("reveal").addEventListener("click", () => {
      post({t: "frame", text: JSON.stringify({t: "reveal"})});
    });
  }
  // The hand-over: the whole page is covered, and the page (play.js, which
  // gets the frame too) holds nothing of the last seat under the cover.
  function curtain(f) {
    const cover = document.getElementById("handover");
    if (!cover) return;
    cover.hidden = !f;
    document.body.classList.toggle("passing", !!f);
    if (!f) return;
    document.getElementById("handover-title").textContent = f.title;
    document.getElementById("handover-ask").textContent = f.ask;
    document.getElementById("reveal").textContent = f.button;
    document.getElementById("reveal").focus();
  }
  document.addEventListener("DOMContentLoaded", bar);
})();
