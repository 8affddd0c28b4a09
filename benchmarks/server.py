"""Seat server load: N rooms of bot clients over real websockets on 127.0.0.1.

Three kinds of process: the server (``tabletop serve`` with a fresh database in a
temporary folder), ``--clients`` client processes that share the rooms between
them and open one websocket per seat, and this one, which starts both, reads the
server's own figures from ``GET /api/stats`` and prints the report. Each seat, when
its view says it is to move, thinks for about ``--think`` seconds (uniform in
0.5x..1.5x), then sends a random legal action. A finished game is replaced by a
fresh room. Nothing from the first ``--warmup`` seconds (rooms being created) is
counted. Everything is bounded: at most 500 rooms, 8 client processes, 180 seconds.

Two times are reported apart, each saying what it times:

- the server's handling of one ``play`` frame, measured inside the server process
  (from the frame reaching ``on_message`` to the last view it causes being handed
  to its socket): the server's own work, without the network or any wait for a CPU
  before the frame is read;
- the client's round trip, measured in a client process (from writing the ``play``
  frame to reading the view of the step it leads to on the same connection): all
  of the above plus both kernels' loopback, the waits for a CPU and the client's
  own event loop.

The load average (``os.getloadavg()``) is printed at the start and the end: on a
busy machine the round trip measures the machine, not the server.

``--pages N`` makes ``N`` seats of each room say hello as the browser page does
(``"render": "svg"``): the server then draws their pictures and words with every
view, and the report gives the view frames' sizes for plain and page-like seats.

Run: ``python benchmarks/server.py --rooms 200 --seats 4 --think 1 --seconds 60``
and ``python benchmarks/server.py --rooms 50 --think 0 --seconds 30`` (saturation);
add ``--pages 4`` for rooms whose every seat is a browser page.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOKEN = "benchmark-admin-token"
MAX_ROOMS, MAX_CLIENTS, MAX_SECONDS = 500, 8, 180


# -- a client process ----------------------------------------------------------------
class Tally:
    """What one client process counts (after the warm-up)."""

    def __init__(self, counting: float) -> None:
        self.counting = counting  # time.monotonic() from which things count
        self.rtts: list[float] = []
        self.refused = self.errors = self.games = 0
        #: view frames received and their bytes, by page-like or plain seats
        self.views = {True: 0, False: 0}
        self.view_bytes = {True: 0, False: 0}

    def counts(self) -> bool:
        return time.monotonic() >= self.counting


async def seat(
    link: str, think: float, tally: Tally, stop: float, rng, page: bool = False
) -> bool:
    """Play one seat until the game ends (True) or time is up (False); a
    ``page`` seat says hello as the browser page does (``"render": "svg"``), so
    the server draws its pictures and words with every view."""
    from tornado.websocket import websocket_connect

    from tabletop.online import PROTOCOL_VERSION, parse_link

    url, room, token = parse_link(link)
    conn = await websocket_connect(url, max_message_size=16 * 1024 * 1024)
    conn.protocol.set_nodelay(True)
    hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "room": room, "token": token}
    if page:
        hello["render"] = "svg"
    conn.write_message(json.dumps(hello))
    sent_at: dict[int, float] = {}
    try:
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(
                    conn.read_message(), stop - time.monotonic()
                )
            except TimeoutError:
                return False
            if text is None:
                tally.errors += tally.counts()
                return False
            frame = json.loads(text)
            kind = frame["t"]
            if kind == "refused":
                tally.refused += tally.counts()
            elif kind == "error":
                tally.errors += tally.counts()
            if kind != "view":
                continue
            if tally.counts():
                tally.views[page] += 1
                tally.view_bytes[page] += len(text)
            step = frame["step"]
            if step in sent_at:
                rtt = time.perf_counter() - sent_at.pop(step)
                if tally.counts():
                    tally.rtts.append(rtt)
            if frame["outcome"] is not None:
                return True
            if frame["legal"]:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                action = rng.choice(frame["legal"])["action"]
                sent_at[step + 1] = time.perf_counter()
                conn.write_message(
                    json.dumps({"t": "play", "action": action, "at": step})
                )
        return False
    finally:
        conn.close()


async def room_loop(url: str, spec: dict, tally: Tally, stop: float, index: int):
    from tabletop.online import create_room

    rng = random.Random(index)
    while time.monotonic() < stop:
        links = await asyncio.to_thread(
            create_room,
            url,
            game=spec["game"],
            players=spec["seats"],
            seed=rng.randrange(1 << 30),
            admin_token=TOKEN,
        )
        seats = [
            seat(link, spec["think"], tally, stop, random.Random(rng.random()),
                 page=k < spec["pages"])
            for k, link in enumerate(links["seats"])
        ]  # fmt: skip
        done = await asyncio.gather(*seats)
        if any(done) and tally.counts():
            tally.games += 1


def client_process(url: str, spec: dict, rooms: list[int], times, results) -> None:
    """One client process: play ``rooms`` until ``stop``; put its tally."""
    counting, stop = times
    tally = Tally(counting)

    async def main() -> float:
        loop = asyncio.get_running_loop()
        cpu_at_counting: list[float] = []
        loop.call_later(
            max(0.0, counting - time.monotonic()),
            lambda: cpu_at_counting.append(time.process_time()),
        )
        await asyncio.gather(*(room_loop(url, spec, tally, stop, i) for i in rooms))
        return time.process_time() - (cpu_at_counting or [0.0])[0]

    cpu = asyncio.run(main())
    results.put(
        {
            "rtts": tally.rtts,
            "refused": tally.refused,
            "errors": tally.errors,
            "games": tally.games,
            "cpu": cpu,
            "views": tally.views,
            "view_bytes": tally.view_bytes,
        }
    )


# -- the server process and the report ------------------------------------------------
def start_server(db: Path, args) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    sockets = args.rooms * args.seats * 2 + 64  # every seat from 127.0.0.1
    command = [sys.executable, "-m", "tabletop", "serve", "--port", "0"]
    command += ["--db", str(db), "--admin-token", TOKEN, "--rate", str(args.rate)]
    command += ["--burst", str(args.rate * 2)]
    command += ["--max-per-address", str(sockets), "--max-connections", str(sockets)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    port = re.search(r"server on http://127\.0\.0\.1:(\d+)", line)
    if port is None:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, f"http://127.0.0.1:{port.group(1)}"


def server_stats(url: str, after: int = 0) -> dict:
    request = urllib.request.Request(
        f"{url}/api/stats?after={after}", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(data: list[float], q: float) -> float:
    data = sorted(data)
    return data[min(len(data) - 1, int(q * len(data)))] * 1000 if data else 0.0


def measure(args) -> None:
    load_start = os.getloadavg()
    spec = {
        "game": args.game,
        "seats": args.seats,
        "think": args.think,
        "pages": args.pages,
    }
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder) / "rooms.sqlite", args)
        workers = []
        try:
            results = context.Queue()
            begin = time.monotonic() + 1.0  # the client processes start meanwhile
            counting = begin + args.warmup
            stop = counting + args.seconds
            share = [
                list(range(args.rooms))[i :: args.clients] for i in range(args.clients)
            ]
            for rooms in share:
                worker = context.Process(
                    target=client_process,
                    args=(url, spec, rooms, (counting, stop), results),
                )
                worker.start()
                workers.append(worker)
            time.sleep(max(0.0, counting - time.monotonic()))
            cpu0, started = cpu_seconds(proc.pid), time.monotonic()
            before = server_stats(url)["actions_total"]
            tallies = [results.get(timeout=stop - time.monotonic() + 60) for _ in share]
            wall = time.monotonic() - started
            cpu = cpu_seconds(proc.pid) - cpu0
            stats = server_stats(url, after=before)
        finally:
            for worker in workers:
                worker.join(10)
                if worker.is_alive():
                    worker.kill()
            proc.kill()
            proc.wait()
    load_end = os.getloadavg()
    rtts = [rtt for tally in tallies for rtt in tally["rtts"]]
    handled = stats["handle_ms"]
    clients_cpu = sum(tally["cpu"] for tally in tallies)
    print(
        f"{args.rooms} rooms x {args.seats} seats of {args.game} ({args.pages} "
        f"page-like per room), think {args.think} s, {args.clients} client "
        f"process(es); {wall:.1f} s measured after {args.warmup} s of warm-up"
    )
    print(
        f"  load average (1 min) at the start {load_start[0]:.2f}, at the end "
        f"{load_end[0]:.2f}, on {os.cpu_count()} CPUs"
    )
    print(
        f"  actions answered in the clients: {len(rtts)} ({len(rtts) / wall:.1f}/s); "
        f"handled by the server: {stats['actions']}; games finished: "
        f"{sum(t['games'] for t in tallies)}, refused: "
        f"{sum(t['refused'] for t in tallies)}, errors: "
        f"{sum(t['errors'] for t in tallies)}"
    )
    print(
        "  server handling per play frame (inside the server process: from the "
        "frame reaching on_message to the last view it causes handed to its "
        f"socket): p50 {handled.get('p50')} ms, p99 {handled.get('p99')} ms, "
        f"max {handled.get('max')} ms"
    )
    print(
        "  client round trip per action (in the client processes: from writing the "
        "play frame to reading the view of the step it leads to): p50 "
        f"{percentile(rtts, 0.5):.1f} ms, p99 {percentile(rtts, 0.99):.1f} ms, "
        f"max {percentile(rtts, 1):.1f} ms"
    )
    for page, who in ((False, "plain seats"), (True, "page-like seats")):
        views = sum(t["views"][page] for t in tallies)
        size = sum(t["view_bytes"][page] for t in tallies)
        if views:
            print(
                f"  view frames received by {who}: {views}, "
                f"{size / views / 1000:.1f} kB each on average"
            )
    print(
        f"  server process CPU: {cpu:.1f} s ({100 * cpu / wall:.0f}% of one core), "
        f"{1000 * cpu / max(1, stats['actions']):.2f} ms per action handled; "
        f"client processes' CPU: {clients_cpu:.1f} s "
        f"({100 * clients_cpu / wall:.0f}% of one core)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="raiders")
    parser.add_argument("--think", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--seconds", type=float, default=60, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5, help="seconds not counted")
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument(
        "--pages",
        type=int,
        default=0,
        help="seats per room that ask for the browser page's pictures and words",
    )
    parser.add_argument(
        "--rate", type=float, default=1000, help="server frames/s per connection"
    )
    args = parser.parse_args()
    total = args.seconds + args.warmup
    if not 1 <= args.rooms <= MAX_ROOMS or not 0 < total <= MAX_SECONDS:
        raise SystemExit(f"rooms 1..{MAX_ROOMS}, seconds up to {MAX_SECONDS} in all")
    if not 0 <= args.pages <= args.seats:
        raise SystemExit("pages: 0 up to the seats per room")
    if not 1 <= args.clients <= min(MAX_CLIENTS, args.rooms):
        raise SystemExit(f"client processes 1..{MAX_CLIENTS}, at most one per room")
    measure(args)


if __name__ == "__main__":
    main()
