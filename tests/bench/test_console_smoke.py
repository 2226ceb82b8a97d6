"""`make bench-console` keeps working: bench/console_wait.py, a few entries at no added
latency, in Chromium against the live server, as the full run does."""

from __future__ import annotations

import pytest

from tests.bench.runs import bench_run

pytestmark = pytest.mark.browser


def test_the_console_benchmark_plays_its_entries_and_counts_two_requests_each() -> None:
    output = bench_run("console_wait", "--latency", "0", "--entries", "3")

    rows = [line.split() for line in output.splitlines() if line.startswith(("paced", "quick"))]
    assert [row[0] for row in rows] == ["paced", "quick"]
    for row in rows:
        assert row[-1] in ("PASS", "FAIL")
        assert row[5] == "2.0"  # a preview and a post an entry, nothing else beside the poll
