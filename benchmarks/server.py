"""Seat server load: N rooms of bot clients over real websockets on 127.0.0.1.

The server runs as ``tabletop serve`` in its own process (a fresh database in a
temporary folder); this process opens one websocket per seat, and each seat, when
its view says it is to move, thinks for about ``--think`` seconds (uniform in
0.5x..1.5x), then sends a random legal action. The round-trip time is from sending
the action to receiving the new view on the same connection. A finished game is
replaced by a fresh room. Round trips in the first ``--warmup`` seconds (rooms
being created) are not counted. Everything is bounded: at most 500 rooms, 180
seconds in all.

Run: ``python benchmarks/server.py --rooms 200 --seats 4 --think 1 --seconds 60``
and ``python benchmarks/server.py --rooms 50 --think 0 --seconds 30`` (saturation).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.online import PROTOCOL_VERSION, create_room, parse_link  # noqa: E402

TOKEN = "benchmark-admin-token"
MAX_ROOMS, MAX_SECONDS = 500, 180


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.refused = 0
        self.errors = 0
        self.games = 0
        self.counting = 0.0  # round trips count from this time (after warm-up)

    def percentile(self, q: float) -> float:
        data = sorted(self.rtts)
        return data[min(len(data) - 1, int(q * len(data)))] * 1000 if data else 0.0


async def seat(link: str, think: float, stats: Stats, stop: float, rng) -> bool:
    """Play one seat until the game ends (True) or time is up (False)."""
    url, room, token = parse_link(link)
    conn = await websocket_connect(url, max_message_size=16 * 1024 * 1024)
    conn.protocol.set_nodelay(True)
    hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "room": room, "token": token}
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
                stats.errors += 1
                return False
            frame = json.loads(text)
            kind = frame["t"]
            if kind == "refused":
                stats.refused += 1
            elif kind == "error":
                stats.errors += 1
            if kind != "view":
                continue
            step = frame["step"]
            if step in sent_at:
                rtt = time.perf_counter() - sent_at.pop(step)
                if time.monotonic() >= stats.counting:
                    stats.rtts.append(rtt)
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


async def room_loop(url: str, args, stats: Stats, stop: float, index: int) -> None:
    rng = random.Random(index)
    while time.monotonic() < stop:
        links = await asyncio.to_thread(
            create_room,
            url,
            game=args.game,
            players=args.seats,
            seed=rng.randrange(1 << 30),
            admin_token=TOKEN,
        )
        seats = [
            seat(link, args.think, stats, stop, random.Random(rng.random()))
            for link in links["seats"]
        ]
        done = await asyncio.gather(*seats)
        if any(done):
            stats.games += 1


def start_server(db: Path, rate: float) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "tabletop", "serve", "--port", "0"]
    command += ["--db", str(db), "--admin-token", TOKEN, "--rate", str(rate)]
    command += ["--burst", str(rate * 2)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    port = re.search(r"server on http://127\.0\.0\.1:(\d+)", line)
    if port is None:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, f"http://127.0.0.1:{port.group(1)}"


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(args) -> None:
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder) / "rooms.sqlite", args.rate)
        try:
            stats = Stats()
            begin = time.monotonic()
            stop = begin + args.warmup + args.seconds
            stats.counting = begin + args.warmup
            loops = asyncio.gather(
                *(room_loop(url, args, stats, stop, i) for i in range(args.rooms))
            )
            await asyncio.sleep(args.warmup)
            cpu0, started = cpu_seconds(proc.pid), time.monotonic()
            mine0 = cpu_seconds(os.getpid())
            await loops
            wall = time.monotonic() - started
            cpu = cpu_seconds(proc.pid) - cpu0
            request = urllib.request.Request(
                url + "/api/stats", headers={"Authorization": f"Bearer {TOKEN}"}
            )
            with urllib.request.urlopen(request, timeout=30) as answer:
                handled = json.load(answer)["handle_ms"]
            mine = cpu_seconds(os.getpid()) - mine0
        finally:
            proc.kill()
            proc.wait()
    print(
        f"{args.rooms} rooms x {args.seats} seats of {args.game}, think "
        f"{args.think} s, {wall:.1f} s measured after {args.warmup} s of warm-up"
    )
    print(
        f"  actions: {len(stats.rtts)} ({len(stats.rtts) / wall:.1f}/s), "
        f"games finished: {stats.games}, refused: {stats.refused}, "
        f"errors: {stats.errors}"
    )
    print(
        f"  round trip: p50 {stats.percentile(0.5):.1f} ms, "
        f"p99 {stats.percentile(0.99):.1f} ms, max {stats.percentile(1):.1f} ms"
    )
    print(
        f"  server handling (frame in to every view handed to its socket), "
        f"whole run: p50 "
        f"{handled.get('p50')} ms, p99 {handled.get('p99')} ms, "
        f"max {handled.get('max')} ms"
    )
    print(
        f"  server CPU: {cpu:.1f} s ({100 * cpu / wall:.0f}% of one core), "
        f"{1000 * cpu / max(1, len(stats.rtts)):.2f} ms per action; "
        f"clients' CPU: {mine:.1f} s ({100 * mine / wall:.0f}%)"
    )
    print(f"  machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="raiders")
    parser.add_argument("--think", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=5, help="seconds not counted")
    parser.add_argument(
        "--rate", type=float, default=1000, help="server frames/s per connection"
    )
    args = parser.parse_args()
    total = args.seconds + args.warmup
    if not 1 <= args.rooms <= MAX_ROOMS or not 0 < total <= MAX_SECONDS:
        raise SystemExit(f"rooms 1..{MAX_ROOMS}, seconds up to {MAX_SECONDS}")
    asyncio.run(measure(args))


if __name__ == "__main__":
    main()
