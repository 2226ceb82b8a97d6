"""`make bench-api` keeps working: bench/api.py on two tablets and short runs against
gunicorn and PostgreSQL, as the full run does."""

from __future__ import annotations

from tests.bench.runs import bench_run, private_names


def test_the_api_benchmark_runs_clean_and_prints_a_verdict_for_each_target() -> None:
    database, _ = private_names("api")
    output = bench_run(
        "api",
        *("--tablets", "2", "--reps", "1", "--workers", "1", "--ahead", "40"),
        *("--saturation", "0.5", "--event", "1", "--state-samples", "3"),
        *("--small", "2", "--big", "12"),
    )

    verdicts = [line[5:] for line in output.splitlines() if line[:5] in ("PASS ", "FAIL ")]
    assert [what.split(":")[0].split(" = ")[0] for what in verdicts] == [
        "throughput",
        "authenticated baseline / floor",
        "GET state / floor",
        "event load",
        "flat with ledger size",
        "errors",
        "verify_ledgers",
    ]
    # A run this short on a busy machine may FAIL a speed target, but never a correctness
    # one: no request refused or failed, every ledger replays.
    assert "PASS errors: 0 (target 0)" in output
    assert "PASS verify_ledgers: every ledger matches a replay" in output
    assert "request(s) failed" not in output
    # The load generator does not walk what it built before the load at each collection,
    # and says how long its own pauses were: a pause holds every request in flight.
    assert "The load generator's own pauses to collect garbage: " in output
    assert "ledger(s) checked: all match a replay" in output
    assert f"Dropped {database}." in output
