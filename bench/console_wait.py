"""Benchmark the banker's waits on slow venue Wi-Fi: the console in Chromium, a live server,
the network slowed as Chrome's emulation does it.

    .venv/bin/python bench/console_wait.py [--latency 0 100 300] [--old PATH]
    (or: make bench-console)

1. Builds an event on a fresh PostgreSQL database (bench/harness.py) and serves it as
   `make run` does, with `manage.py runserver` (HTTP/1.1 with the connection kept, which
   the console's requests need on slow Wi-Fi: gunicorn's sync workers close it after each
   request). With `--old PATH`, the server runs from that checkout instead (a
   `git worktree` of an older revision), to measure the console as it was, in the same run.
2. For each latency L and each pattern, a table of its own and a fresh browser context:
   the console opened, then Chrome's emulation (`Network.emulateNetworkConditions`: L ms
   added to each request, 1.5 Mbit/s down, 0.75 up) and 15 entries of a realistic mix
   (Pass GO, Buy, Pay rent, Tax, Build), tapped as a banker would: the player, the move,
   the choice, Record. The banker's reading time is not counted: each wait runs from a
   tap to what the banker needs next (the choices, the preview's Record button, and after
   Record the sheet gone and the entry shown: recorded, or on its way with the bank's
   outcome). Two patterns: paced (1.5 s between entries) and quick (the next move tapped
   as soon as the last is settled).
3. Counts the API's requests (the 5-second state poll apart) and the bytes that come down
   (the poll's included: what crosses the Wi-Fi), from Chrome's own network events.

Prints, for each setting, the median and max wait per entry, the requests and KB per
entry, and PASS or FAIL against its targets (median wait at most 200 ms at 100 ms,
400 ms at 300 ms; at most two requests per entry beside the poll; at most half of the
17 KB an entry cost before). The figures measured before the change are printed beside
them. Exits 0 whatever the verdicts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness

CHROMIUM = "/usr/bin/chromium"
PACE_S = 1.5
# The console that waited for each answer (5c6d75f): median wait per entry (ms) at L = 0, 100
# and 300 ms; about 17 KB and 3 (paced) or 3.6 (quick) requests an entry beside the poll.
BEFORE = {("paced", 0): 151, ("paced", 100): 332, ("paced", 300): 732,
          ("quick", 0): 138, ("quick", 100): 479, ("quick", 300): 1070}  # fmt: skip
TARGET_MS = {100: 200, 300: 400}
TARGET_REQUESTS = 2.0
TARGET_KB = 17 / 2

# 15 entries of the mix: (seat, move, the choice's selector or None). Legal in this order
# on a fresh four-seat US table.
MIX = [
    (1, "pass_go", None),
    (1, "buy", ".choice[data-space='37']"),
    (1, "buy", ".choice[data-space='39']"),
    (2, "pass_go", None),
    (2, "rent", ".choice[data-space='39']"),
    (2, "buy", ".choice[data-space='1']"),
    (3, "tax", ".choice[data-space='4']"),
    (1, "build", ".choice[data-space='37']"),
    (3, "pass_go", None),
    (3, "buy", ".choice[data-space='5']"),
    (4, "rent", ".choice[data-space='37']"),
    (1, "build", ".choice[data-space='39']"),
    (4, "tax", ".choice[data-space='38']"),
    (4, "buy", ".choice[data-space='3']"),
    (2, "rent", ".choice[data-space='5']"),
]
# After Record, the banker may go on: the sheet is gone and the entry is shown, recorded
# (its row in the ledger) or on its way with the outcome the bank computed for it.
SHOWN = "#ledger .entry.pending .entry-money"


class Wire:
    """Chrome's network events for one page: the API's requests and the bytes down."""

    def __init__(self, page: Any) -> None:
        self.urls: dict[str, str] = {}
        self.requests = {"poll": 0, "other": 0}
        self.bytes = 0
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.loadingFinished", self._done)
        self.cdp.send("Network.enable")

    def slow(self, latency_ms: int) -> None:
        conditions = {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": 1_500_000 / 8,
            "uploadThroughput": 750_000 / 8,
        }
        self.cdp.send("Network.emulateNetworkConditions", conditions)

    def reset(self) -> None:
        self.requests = {"poll": 0, "other": 0}
        self.bytes = 0

    def _sent(self, event: dict[str, Any]) -> None:
        url = event["request"]["url"]
        if "/api/" in url:
            self.urls[event["requestId"]] = url
            self.requests["poll" if url.endswith("/state/") else "other"] += 1

    def _done(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.urls:
            self.bytes += event["encodedDataLength"]


# One tap, in the page (no driver's delay between taps): how long until every selector in
# `ready` matches, in ms of the page's own clock, seen as the page changes.
TAP = """async ([tap, ready]) => {
  const met = () => ready.every((selector) => document.querySelector(selector));
  const began = performance.now();
  document.querySelector(tap).click();
  if (met()) return performance.now() - began;
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!met()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - began);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`not ready: ${ready}`));
    }, 30000);
    const all = { subtree: true, childList: true, attributes: true };
    observer.observe(document.documentElement, all);
  });
}"""
RECORD = "#sheet[open] [data-action=record]"


def play(page: Any, pattern: str, entries: int) -> list[float]:
    """The mix's first `entries` entries; the wait of each, in ms."""
    waits = []
    for seat, move, choice in MIX[:entries]:
        page.evaluate(TAP, [f"#seats [data-seat='{seat}']", []])
        shown = f"#sheet[open] {choice}" if choice else RECORD
        wait = page.evaluate(TAP, [f"#moves [data-move='{move}']", [shown]])
        if choice:
            wait += page.evaluate(TAP, [f"#sheet[open] {choice}", [RECORD]])
        settled = f"#ledger [data-seq='{len(waits) + 1}'], {SHOWN}"
        wait += page.evaluate(TAP, [RECORD, ["#sheet:not([open])", settled]])
        waits.append(wait)
        if pattern == "paced":
            page.wait_for_timeout(PACE_S * 1000)
    # Every entry recorded before the next setting.
    page.locator("#conn[data-pending='0']").wait_for(state="attached", timeout=30_000)
    return waits


@contextmanager
def runserver(env: dict[str, str], root: Path) -> Iterator[int]:
    """`manage.py runserver` from `root` on a free port, as `make run` serves the console
    (HTTP/1.1, the connection kept between requests, the scripts served by Django)."""
    port = harness.free_port()
    command = [str(harness.PYTHON), "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    env = env | {"PYTHONPATH": str(root)}
    quiet = harness.subprocess.DEVNULL  # runserver says every request
    with harness.served(command, env=env, port=port, headers={}, cwd=root, log=quiet):
        yield port


def measure(
    browser: Any, port: int, key: str, entries: int, pattern: str, latency: int
) -> dict[str, Any]:
    """One setting at one table, in a fresh context (its own storage)."""
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(f"http://{harness.HOST}:{port}/console/{key}/")
    page.locator("html[data-console='ready']").wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    wire = Wire(page)
    wire.slow(latency)
    wire.reset()
    waits = play(page, pattern, entries)
    context.close()
    return {"pattern": pattern, "latency": latency, "waits": waits, **wire.requests,
            "bytes": wire.bytes}  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from playwright.sync_api import sync_playwright

    servers = [("before", Path(args.old).resolve())] if args.old else []
    servers.append(("now", harness.ROOT))
    settings = [(p, latency) for latency in args.latency for p in ("paced", "quick")]
    with harness.fresh_database(args.database) as database_url:
        env = harness.django_env(database_url) | {"DEBUG": "1"}
        harness.django_setup(env)
        players = 4 * len(settings) * len(servers)
        tables = iter(harness.event_with_round(name="Console on Wi-Fi", players=players).tables)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox", "--disable-gpu"])  # fmt: skip
            for name, root in servers:
                with runserver(env, root) as port:
                    rows = [
                        measure(browser, port, next(tables).key, args.entries, *setting)
                        for setting in settings
                    ]
                report(name, root, rows)
            browser.close()
    print(f"Targets: median <= {TARGET_MS[100]} ms at L = 100 ms and <= {TARGET_MS[300]} ms at "
          f"300 ms; <= {TARGET_REQUESTS:.0f} requests an entry beside the poll; <= "
          f"{TARGET_KB:.1f} KB an entry. 'before': the medians of the console that waited "
          "for each answer (5c6d75f).")  # fmt: skip
    return 0


def report(name: str, root: Path, rows: list[dict[str, Any]]) -> None:
    print(f"\n{name} ({root}):")
    print(f"{'pattern':<7} {'L':>5}  {'median':>7} {'max':>7}  {'before':>7}  "
          f"{'req/entry':>9} {'polls':>5}  {'KB/entry':>8}  verdict")  # fmt: skip
    for row in rows:
        latency, waits = row["latency"], row["waits"]
        median, most = statistics.median(waits), max(waits)
        per_entry = row["other"] / len(waits)
        kb = row["bytes"] / len(waits) / 1000
        verdicts = [per_entry <= TARGET_REQUESTS, kb <= TARGET_KB]
        if latency in TARGET_MS:
            verdicts.append(median <= TARGET_MS[latency])
        print(f"{row['pattern']:<7} {latency:>3}ms  {median:>5.0f}ms {most:>5.0f}ms  "
              f"{BEFORE.get((row['pattern'], latency), 0):>5}ms  {per_entry:>9.1f} "
              f"{row['poll']:>5}  {kb:>8.1f}  {'PASS' if all(verdicts) else 'FAIL'}")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=int, nargs="+", default=[0, 100, 300])
    parser.add_argument("--old", help="measure this checkout (an older revision) first")
    parser.add_argument("--entries", type=int, default=len(MIX), help="the mix's first N")
    parser.add_argument("--database", default="monopoly_bench_console")
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
