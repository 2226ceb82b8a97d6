"""Benchmark the scoresheets print job against plain pages of the same text (docs/benchmarks.md).

    .venv/bin/python bench/print.py [--tables 60] [--reps 5]      (or: make bench-print)

1. Makes the scoresheets of a round of `--tables` tables as the print task does: each
   table's data through tournament.printing.scoresheets.scoresheet_table (from a table state
   built with the rules engine: deeds, mortgages, houses and hotels, results ranked by net
   worth), the pages through the real renderer (tournament.printing.render, the same
   template, chunks and stylesheet). No database: the data is plain dicts, as the renderer
   receives them.
2. The baseline is the same text as plain pages: each scoresheet page's text (read back
   from the PDF) in one <pre> per page, no tables, no stylesheet (an inline
   `break-before: page` is the only style), rendered by WeasyPrint as one document.
3. Alternates the two over `--reps` runs and prints pages/s (min-median-max) of both and the
   ratio of the medians. Target: the scoresheets at >= 0.25 of the plain pages' speed.
4. Peak memory of a worker making the scoresheets of 60 and of 240 tables: ru_maxrss of a
   fresh subprocess per size. Target: it does not grow with the number of tables (the ratio
   240/60 at most 1.10, room for allocator noise and the finished pages that pypdf holds).

Exits 0 whatever the verdicts; non-zero only when something broke.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MIN_SPEED_RATIO = 0.25
MAX_MEMORY_RATIO = 1.10
MEMORY_SIZES = (60, 240)
FIRST = ("Ada", "Brook", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou")
LAST = ("Lovelace", "Taylor", "Young", "Ramone", "Whitney", "Wray", "Grissom", "Baker", "March")


def setup_django() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings.base"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()


# -- The data: what the print task's selector gives the renderer ------------------------------


def table_state(rules: Any, seats: int, rng: random.Random) -> Any:
    """A table late in a game: most deeds owned, some mortgaged, houses on complete groups."""
    from games import engine

    state = engine.new_table(rules, {n: f"Seat {n}" for n in range(1, seats + 1)})
    deeds = dict(state.deeds)
    positions = [d.position for d in rules.edition.deeds]
    rng.shuffle(positions)
    for index, position in enumerate(positions[: rng.randint(14, 24)]):
        deeds[position] = engine.Deed(owner=index % seats + 1, mortgaged=rng.random() < 0.2)
    for group, members in rules.edition.groups.items():
        owners = {deeds[p].owner for p in members}
        if group in ("railroad", "utility") or len(owners) != 1 or None in owners:
            continue
        if any(deeds[p].mortgaged for p in members):
            continue
        level = rng.randint(1, 5)
        for p in members:
            deeds[p] = deeds[p]._replace(houses=0 if level == 5 else level, hotel=level == 5)
    state.deeds = deeds
    state.cash = {n: rng.randint(40, 1900) for n in state.cash}
    return state


def seat_rows(
    state: Any, rules: Any, number: int, player: Callable[[int], Any]
) -> list[dict[str, Any]]:
    """The seats' results of table `number` as the table's closing writes them (valued and
    ranked by the engine, its deeds recorded), shaped as the scoresheet reads them; each
    seat's player made by `player(seat)`, in rank order."""
    from games import engine
    from tournament.models import Event, Result, Round, Seat, Table
    from tournament.results.advancement import SeatResult, rank_table, tie_breaks
    from tournament.results.closing import recorded_deeds
    from tournament.results.shape import result_rows

    worths = {n: engine.net_worth(state, rules, n) for n in state.cash}
    ranked = rank_table(
        [
            SeatResult(player_id=n, table=number, net_worth=w.total, cash=w.cash)
            for n, w in worths.items()
        ]
    )
    rules_applied = tie_breaks(ranked)
    table = Table(pk=number, number=number, review=Table.Review.CONFIRMED)
    ended = Round(number=1, status=Round.Status.ENDED, event=Event(currency="USD"))
    results = []
    for row in ranked:
        n, worth = row.result.player_id, worths[row.result.player_id]
        results.append(
            Result(
                seat=Seat(number=n, table=table),
                round=ended,
                player=player(n),
                cash=worth.cash,
                property_value=worth.property_value,
                building_value=worth.building_value,
                net_worth=worth.total,
                rank=row.rank,
                points=row.points,
                tied=row.tied,
                advances=row.rank == 1,
                deeds=recorded_deeds(state, rules, n),
                tie_break=rules_applied[n],
            )
        )
    return result_rows(results)


def scoresheet_items(tables: int, seed: int = 2026) -> Iterator[dict[str, Any]]:
    """The scoresheets of a round, as the print task's selector yields them."""
    from games import engine
    from tournament.models import Player
    from tournament.printing.scoresheets import scoresheet_table

    rng = random.Random(seed)
    rules = engine.rules_for("us")
    common = {
        "event": {
            "name": "Monopoly Night 2026",
            "date": datetime.date(2026, 12, 5),
            "venue": "Community Hall",
            "charity": "The Food Bank",
        },
        "round": {"number": 1, "kind": "Preliminary", "final": False, "label": "Round 1"},
        "printed_at": "5 Dec 2026, 21:30",
    }

    def player(n: int) -> Player:
        return Player(
            pk=n,
            name=f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            team=rng.choice(("", "", "Analysts", "The Writers")),
        )

    for number in range(1, tables + 1):
        state = table_state(rules, 4, rng)
        seats = seat_rows(state, rules, number, player)
        code = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(10))
        yield {
            **common,
            **scoresheet_table(
                number=number,
                seats=seats,
                currency=rules.edition.currency,
                code=f"{code[:5]}-{code[5:]}",
                banker="Ben Banker",
            ),
        }


def render_scoresheets(tables: int, out: Any, items: list[dict[str, Any]] | None = None) -> int:
    """The print task's renderer on the scoresheets of `tables` tables: made one by one as
    they are rendered, or taken from `items` (made beforehand, to time the rendering)."""
    from tournament.printing.registry import DOCUMENTS, Parts
    from tournament.printing.render import render

    document = DOCUMENTS.get("scoresheets")
    if document is None:
        raise RuntimeError("The scoresheets document is not registered.")
    parts = Parts(tables, iter(items) if items is not None else scoresheet_items(tables))
    return render(document, parts, out, title="Scoresheets")


# -- The baseline: the same text as plain pages ------------------------------------------------


def plain_pages_html(pdf: bytes) -> str:
    """Each page's text (blank lines dropped) in a <pre> of its own: the baseline document.
    A block longer than a page runs on to the next, and those pages count as pages too."""
    from html import escape

    from pypdf import PdfReader

    pages = [
        "\n".join(
            line.rstrip()
            for line in page.extract_text(extraction_mode="layout").splitlines()
            if line.strip()
        )
        for page in PdfReader(io.BytesIO(pdf)).pages
    ]
    breaking = '<pre style="break-before: page">'
    blocks = [
        (breaking if i else "<pre>") + escape(text) + "</pre>" for i, text in enumerate(pages)
    ]
    return "<!doctype html><html><body>" + "".join(blocks) + "</body></html>"


def render_plain(html: str) -> int:
    from weasyprint import HTML

    document = HTML(string=html).render()
    document.write_pdf()
    return len(document.pages)


# -- Measuring ---------------------------------------------------------------------------------


def timed(fn: Any, *args: Any) -> tuple[float, int]:
    start = time.perf_counter()
    pages = fn(*args)
    return time.perf_counter() - start, pages


def spread(values: list[float]) -> str:
    return f"{min(values):7.1f} - {statistics.median(values):7.1f} - {max(values):7.1f}"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def child_memory(tables: int) -> None:
    """Run in a fresh process: make the scoresheets of `tables` tables, report peak memory."""
    setup_django()
    import tempfile

    with tempfile.TemporaryFile() as out:
        pages = render_scoresheets(tables, out)
        size = out.tell()
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"tables": tables, "pages": pages, "peak_kb": peak_kb, "bytes": size}))


def memory_of(tables: int) -> dict[str, Any]:
    env = {**os.environ, "LOG_LEVEL": "WARNING"}
    done = subprocess.run(
        [sys.executable, __file__, "--child-memory", str(tables)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=ROOT,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--child-memory", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_memory:
        child_memory(args.child_memory)
        return 0
    if args.reps < 5:
        parser.error("at least 5 repetitions")

    setup_django()
    print(f"Scoresheets of a round of {args.tables} tables (one A4 page a table), {args.reps} reps")
    items = list(scoresheet_items(args.tables))  # the data, made once: the renderer is timed
    sample = io.BytesIO()
    pages = render_scoresheets(args.tables, sample, items)  # also warms fonts and templates
    if pages != args.tables:
        print(f"Broken: {args.tables} tables gave {pages} pages (a scoresheet is one page).")
        return 1
    plain = plain_pages_html(sample.getvalue())
    plain_pages = render_plain(plain)
    print(f"  {pages} scoresheet pages; their text as plain pages fills {plain_pages} pages")

    ours: list[float] = []
    base: list[float] = []
    for rep in range(args.reps):
        runs = [
            ("ours", lambda: render_scoresheets(args.tables, io.BytesIO(), items)),
            ("base", lambda: render_plain(plain)),
        ]
        if rep % 2:
            runs.reverse()
        for name, run in runs:
            seconds, count = timed(run)
            (ours if name == "ours" else base).append(count / seconds)
        print(
            f"  rep {rep + 1}: scoresheets {ours[-1]:6.1f} pages/s, plain {base[-1]:6.1f} pages/s"
        )

    ratio = statistics.median(ours) / statistics.median(base)
    paired = [o / b for o, b in zip(ours, base, strict=True)]
    print()
    print("pages/s (min - median - max)")
    print(f"  scoresheets (the print task's renderer)  {spread(ours)}")
    print(f"  plain pages of the same text (baseline)  {spread(base)}")
    print(f"  ratio of medians                          {ratio:7.2f}")
    print(
        f"  ratio rep by rep (min - median - max)     {min(paired):7.2f} - "
        f"{statistics.median(paired):7.2f} - {max(paired):7.2f}"
    )

    print()
    print("Peak memory of the worker (ru_maxrss of a fresh process per size)")
    peaks = {}
    for tables in MEMORY_SIZES:
        found = memory_of(tables)
        peaks[tables] = found["peak_kb"]
        print(
            f"  {tables:4d} tables: {found['peak_kb'] / 1024:7.1f} MiB peak, "
            f"{found['pages']} pages, PDF {found['bytes'] / 1024:.0f} KiB"
        )
    growth = peaks[MEMORY_SIZES[1]] / peaks[MEMORY_SIZES[0]]
    print(f"  ratio {MEMORY_SIZES[1]}/{MEMORY_SIZES[0]}                         {growth:7.2f}")

    print()
    print(
        f"{verdict(ratio >= MIN_SPEED_RATIO)}  scoresheets at >= {MIN_SPEED_RATIO} of plain "
        f"pages' speed: {ratio:.2f}"
    )
    print(
        f"{verdict(growth <= MAX_MEMORY_RATIO)}  peak memory flat with the number of tables "
        f"(240/60 <= {MAX_MEMORY_RATIO}): {growth:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
