"""`make bench-load` keeps working: bench/load.py on a tiny event (3 tables, 2 referees, a
few seconds) against gunicorn, PostgreSQL and Redis, as the full run does."""

from __future__ import annotations

import pytest

from tests.bench.runs import bench_run, private_names

ENDPOINTS = (
    "POST /api/tables/[id]/preview/",
    "POST /api/tables/[id]/entries/",
    "GET /api/tables/[id]/state/",
    "GET /api/tables/[id]/options/",
    "POST /api/bench/floor/[id]/",
    "GET /referee/events/[id]/",
    "GET /referee/events/[id]/tables/[id]/",
    "GET /events/[id]/screen/[token]/",
    "GET /desk/rounds/[id]/",
)


def load_run(*options: str) -> str:
    """What bench/load.py prints for a tiny event (3 tables, 2 referees, 2 workers) with
    these options; it must exit 0."""
    _, broker = private_names("load")
    return bench_run(
        "load", "--tables", "3", "--referees", "2", "--workers", "2", "--broker", broker, *options
    )


def test_the_load_benchmark_runs_clean_and_reports_every_endpoint() -> None:
    database, _ = private_names("load")
    output = load_run("--duration", "4", "--baseline", "20")

    for endpoint in ENDPOINTS:
        assert endpoint in output
    entries = next(line for line in output.splitlines() if line.startswith("POST /api/tables"))
    server_p50, server_p99 = (float(cell) for cell in entries.split()[-2:])
    assert 0 < server_p50 <= server_p99  # gunicorn's own time, from its access log
    # The entries are compared with the floor under the same load: in the baseline phase
    # the tablets alternate, cycle by cycle, between the two.
    rows = [line.split() for line in output.splitlines()]
    for endpoint in ("POST /api/tables/[id]/entries/", "POST /api/bench/floor/[id]/"):
        row = next(r for r in rows if " ".join(r[:2]) == endpoint and r[2] == "baseline")
        assert int(row[3]) > 0, row  # answers counted in that phase
    assert "PASS errors: 0 (target 0)" in output
    assert "PASS verify_ledgers" in output
    # Each tablet on its own moment of the cycle, as at an event, not all three at once.
    assert "PASS the tablets spread over their cycle" in output
    # The load generator does not pause itself to collect garbage while it measures: a
    # pause would read as the server's time for every request in flight.
    assert "PASS the load generator's own pauses to collect garbage" in output
    assert "the desk's control room:" in output  # judged against its 30 ms
    assert "the screen's poll:" in output  # judged against its 20 ms
    # The entries' p99 against the floor's is a figure, not a verdict: from one run of the
    # same code to the next it moves more than the difference it would judge.
    ratio = next(line for line in output.splitlines() if "x the floor's" in line)
    assert not ratio.startswith(("PASS", "FAIL")), ratio
    assert "3 ledger(s) checked: all match a replay" in output
    # The state polls carry the console's report on itself, as the console sends it.
    assert "carried the console's report, kept by the bank: 3 of 3" in output
    assert f"Dropped {database}." in output


def test_an_event_well_into_its_night_is_measured_against_a_fresh_one_in_the_same_run() -> None:
    database, _ = private_names("load")
    output = load_run("--duration", "12", "--history", "2")

    # The two events take the same load in turn, so that the machine's drift over the run
    # falls on both alike: fresh, history, history, fresh.
    phases = [line.split(":")[0] for line in output.splitlines() if " phase " in line]
    assert phases == ["fresh phase 1", "history phase 1", "history phase 2", "fresh phase 2"]
    # Each served from its own database: 3 ledgers, and 3 more for each ended round.
    assert "3 ledger(s) checked: all match a replay" in output
    assert "9 ledger(s) checked: all match a replay" in output
    # What each side's server spent on the screen, side by side, and their ratio.
    row = next(line for line in output.splitlines() if line.startswith("GET /events/"))
    fresh, history, ratio = (float(cell) for cell in row.split()[-5:-2])
    assert fresh > 0
    assert history > 0
    assert ratio == pytest.approx(history / fresh, abs=0.05)  # of the unrounded times
    for compared in (
        "POST /api/tables/[id]/entries/",
        "GET /referee/events/[id]/",
        "GET /events/[id]/screen/[token]/",
        "GET /desk/rounds/[id]/",
        "the server's CPU",
    ):
        assert f"flat with size: {compared}, " in output
    assert "PASS errors: 0 (target 0)" in output
    assert f"Dropped {database}." in output
    assert f"Dropped {database}_history." in output
