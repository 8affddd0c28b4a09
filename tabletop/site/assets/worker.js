// The site's Python: Pyodide from the site's own files, the games' wheels
// unpacked into its site-packages, and one LocalRoom answering the page's frames.
// Nothing here is fetched from another host.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const UNPACK = `
import importlib, pathlib, site, zipfile
target = pathlib.Path(site.getsitepackages()[0])
for name in WHEELS:
    with zipfile.ZipFile("/tmp/wheels/" + name) as wheel:
        wheel.extractall(target)
importlib.invalidate_caches()
import tabletop.site.local
`;

let py = null, room = null;
const ready = (async () => {
  const t0 = performance.now();
  const site = await (await fetch("site.json")).json();
  py = await loadPyodide({indexURL: new URL("./pyodide/", import.meta.url).href});
  const t1 = performance.now();
  py.FS.mkdirTree("/tmp/wheels");
  for (const name of site.wheels) {
    const bytes = await (await fetch("wheels/" + name)).arrayBuffer();
    py.FS.writeFile("/tmp/wheels/" + name, new Uint8Array(bytes));
  }
  py.globals.set("WHEELS", py.toPy(site.wheels));
  py.runPython(UNPACK);
  const t2 = performance.now();
  return {total: t2 - t0, pyodide: t1 - t0, wheels_and_import: t2 - t1};
})();

function post(frames) {
  for (const f of JSON.parse(frames)) self.postMessage(f);
}

// Frames as things happen: after an answer, each bot's move is its own answer,
// one per turn of this worker's loop, so the page shows the human's move at
// once and then every bot's as it is made, and a frame from the page (a tap, a
// reveal) is answered between two of them (refused as stale if it came late).
let advancing = false;
function advance() {
  if (advancing || !room || !room.busy()) return;
  advancing = true;
  setTimeout(() => {
    advancing = false;
    try {
      post(room.advance_all());
    } catch (e) {
      failed(e);
      return;
    }
    advance();
  }, 0);
}

function failed(e) {
  // A Python error's last line says what is wrong ("ValueError: ..."), not its trace.
  const said = String(e.message || e).trim().split("\n").pop();
  self.postMessage({t: "error", code: "python", message: said});
}

self.onmessage = async (m) => {
  const msg = m.data;
  try {
    const loaded = await ready;
    if (msg.t === "start") {
      const make = py.globals.get("tabletop").site.local.start;
      // No save is no argument: a JavaScript null would reach Python as Pyodide's
      // jsnull, not None.
      const seats = JSON.stringify(msg.seats);
      room = typeof msg.saved === "string" ? make(msg.game, seats, msg.saved)
                                           : make(msg.game, seats);
      self.postMessage({t: "started", loaded_ms: loaded.total, ms: loaded});
      post(room.answer_all(JSON.stringify({t: "hello"})));
      advance();
    } else if (msg.t === "frame" && room) {
      post(room.answer_all(msg.text));
      advance();
    } else if (msg.t === "bench") {
      const bench = py.globals.get("tabletop").site.local.bot_timings;
      self.postMessage({t: "bench", times: JSON.parse(bench(msg.game, msg.bot, msg.count))});
    }
  } catch (e) {
    failed(e);
  }
};
