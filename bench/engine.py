"""The rules engine against a no-rules baseline, measured in the same run.

    .venv/bin/python bench/engine.py [--entries 10000] [--repetitions 7] [--seed 2024]

Random play (tests/games/random_play.py, driven by random.Random(seed)) makes
10,000 legal entries across several tables of both editions and every variant;
making them is not measured. Then, alternating, each repetition times:

- engine: every table replayed from `new_table` through the engine's `replay`
  (every rule checked, the state changed in place);
- apply: the same, entry by entry through `apply`, which copies the state each
  time as the API does (context);
- baseline: the same recorded transfers applied to plain dicts of cash per
  account (the bank included), with no rules at all (several passes per
  repetition, divided: one pass is too quick to time);
- parse_entry: the entries' JSON dicts parsed (context: the API pays it too).

Times are CPU time of this process (time.process_time), so other work on a
shared machine does not count. Printed: entries/s as min / median / max over
the repetitions, and the ratio engine time / baseline time (median of the
paired repetitions). Target: the engine within 10x of the baseline. The last
line says PASS or FAIL; the exit code is 0 either way (a benchmark reports, it
does not gate).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.engine import (  # noqa: E402
    BANK,
    Entry,
    Rules,
    TableState,
    Transfer,
    apply,
    new_table,
    parse_entry,
    replay,
    rules_for,
)
from tests.games.random_play import play  # noqa: E402

TARGET_RATIO = 10.0
ENTRIES_PER_TABLE = 200

CONFIGS: list[tuple[str, dict[str, bool]]] = [
    ("us", {}),
    ("us", {"short_game": True}),
    ("us", {"modern_us": True}),
    ("us", {"double_rent_despite_mortgage": False}),
    ("uk", {}),
    ("uk", {"short_game": True}),
    ("uk", {"double_rent_despite_mortgage": True}),
]


@dataclass
class Table:
    """One table's recorded play: its rules, seats, and each legal entry with its money."""

    rules: Rules
    seats: dict[int, str]
    start: TableState
    end: TableState
    data: list[dict[str, Any]]
    entries: list[Entry]
    transfers: list[tuple[Transfer, ...]]


def generate(total: int, seed: int) -> list[Table]:
    """Random legal play until `total` entries were accepted, table after table."""
    rng = random.Random(seed)
    tables: list[Table] = []
    made = 0
    while made < total:
        edition, variants = rng.choice(CONFIGS)
        rules = rules_for(edition, variants)
        want = min(ENTRIES_PER_TABLE, total - made)
        profile = rng.choice(("mixed", "mixed", "builders"))
        game = play(
            rules,
            seats=rng.randint(3, 5),
            pick=rng,
            profile=profile,
            legal_entries=want,
            max_steps=want * 20,  # a table where everyone went bankrupt stops early
        )
        if not game.legal:
            continue
        tables.append(
            Table(
                rules=rules,
                seats=dict(game.start.names),
                start=game.start,
                end=game.state,
                data=[data for data, _, _ in game.legal],
                entries=[entry for _, entry, _ in game.legal],
                transfers=[transfers for _, _, transfers in game.legal],
            )
        )
        made += len(game.legal)
    return tables


def engine_replay(tables: list[Table]) -> None:
    """The engine's own replay: one working copy of the state, every entry applied in place."""
    for table in tables:
        replay(new_table(table.rules, table.seats), table.rules, table.entries)


def engine_apply(tables: list[Table]) -> None:
    """Entry by entry through `apply`, which copies the state each time (as the API does)."""
    for table in tables:
        rules = table.rules
        state = new_table(rules, table.seats)
        for entry in table.entries:
            state = apply(state, entry, rules).state


def baseline(tables: list[Table]) -> None:
    for table in tables:
        cash: dict[int | str, int] = dict.fromkeys(table.seats, table.rules.edition.starting_cash)
        cash[BANK] = 0
        for transfers in table.transfers:
            for source, target, amount in transfers:
                cash[source] -= amount
                cash[target] += amount


def parse_all(tables: list[Table]) -> None:
    for table in tables:
        for data in table.data:
            parse_entry(data)


def expect(holds: bool, what: str) -> None:
    if not holds:
        raise SystemExit(f"benchmark data is inconsistent: {what}")


def check(tables: list[Table]) -> None:
    """Before timing: the engine's replay and the baseline's cash agree with the recording."""
    for table in tables:
        rules = table.rules
        state = new_table(rules, table.seats)
        for data, entry, transfers in zip(table.data, table.entries, table.transfers, strict=True):
            expect(parse_entry(data) == entry, f"{data} parses differently")
            state, moved = apply(state, entry, rules)
            expect(moved == transfers, f"{data} moves other money on replay")
        expect(state == table.end, "a replay ends elsewhere")
        cash: dict[int | str, int] = dict.fromkeys(table.seats, rules.edition.starting_cash)
        cash[BANK] = 0
        for transfers in table.transfers:
            for source, target, amount in transfers:
                cash[source] -= amount
                cash[target] += amount
        expect(
            all(cash[seat] == table.end.cash[seat] for seat in table.seats),
            "the baseline's cash differs from the engine's",
        )


def timed(run: Callable[[list[Table]], None], tables: list[Table], passes: int = 1) -> float:
    """Seconds for one pass over every table: CPU time of this process, so that other load
    on a shared machine does not count; a short subject is run several passes and divided."""
    gc.collect()
    start = time.process_time()
    for _ in range(passes):
        run(tables)
    return (time.process_time() - start) / passes


def spread(values: list[float]) -> str:
    return f"{min(values):,.0f} / {statistics.median(values):,.0f} / {max(values):,.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--repetitions", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    repetitions = max(5, args.repetitions)

    began = time.perf_counter()
    tables = generate(args.entries, args.seed)
    count = sum(len(table.entries) for table in tables)
    transfers = sum(len(t) for table in tables for t in table.transfers)
    kinds = {data["kind"] for table in tables for data in table.data}
    check(tables)
    print(
        f"generated {count:,} legal entries ({transfers:,} transfers, {len(kinds)} kinds) "
        f"on {len(tables)} tables in {time.perf_counter() - began:.1f} s (not measured)"
    )

    # The baseline is so quick that one pass would be timed at the clock's noise level.
    passes = max(1, round(timed(engine_replay, tables) / timed(baseline, tables, 5)))
    runs: dict[str, list[float]] = {"engine": [], "baseline": [], "apply": [], "parse_entry": []}
    for _ in range(repetitions):  # alternating, so drift hits all alike
        runs["engine"].append(timed(engine_replay, tables))
        runs["baseline"].append(timed(baseline, tables, passes))
        runs["apply"].append(timed(engine_apply, tables))
        runs["parse_entry"].append(timed(parse_all, tables))

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine load average {load} on {os.cpu_count()} CPUs; timing CPU time (process_time)")
    print(f"\nentries/s over {repetitions} alternating repetitions (min / median / max):")
    for name, label in (
        ("engine", "engine: replay with every rule"),
        ("baseline", "baseline: transfers onto plain dicts"),
        ("apply", "apply, a copy per entry (context)"),
        ("parse_entry", "parse_entry (context, not in the ratio)"),
    ):
        rates = [count / seconds for seconds in runs[name]]
        per_entry = statistics.median(runs[name]) / count * 1e6
        print(f"  {label:<42} {spread(rates):>38} entries/s  ({per_entry:.2f} µs/entry)")

    ratios = [e / b for e, b in zip(runs["engine"], runs["baseline"], strict=True)]
    ratio = statistics.median(ratios)
    print(
        f"\nratio engine time / baseline time: {ratio:.1f}x median "
        f"(paired repetitions from {min(ratios):.1f}x to {max(ratios):.1f}x)"
    )
    with_parse = [
        (e + p) / b
        for e, p, b in zip(runs["engine"], runs["parse_entry"], runs["baseline"], strict=True)
    ]
    print(f"  with parse_entry included: {statistics.median(with_parse):.1f}x median")
    print(f"target: the engine within {TARGET_RATIO:.0f}x of the baseline")
    verdict = "PASS" if ratio <= TARGET_RATIO else "FAIL"
    print(f"{verdict}: engine {ratio:.1f}x the baseline's time (target ≤ {TARGET_RATIO:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
