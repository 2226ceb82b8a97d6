"""The tests of tests/tournament/formats/ marked `both_databases` (each format played
through, from registration to the final's results) run with the suite on PostgreSQL, and
here again on SQLite, the database of make run's laptop: the same tests, under the test
settings with `TEST_DATABASE_URL` naming a SQLite file, in a pytest of their own."""

from __future__ import annotations

import re

from tests.production.environment import python


def test_the_tests_marked_for_both_databases_pass_on_sqlite(tmp_path):
    run = python(
        *("-m", "pytest", "-q", "-p", "no:cacheprovider"),
        *("-m", "both_databases", "tests/tournament/formats/"),
        timeout=900,
        TEST_DATABASE_URL=f"sqlite:///{tmp_path / 'night.sqlite3'}",
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    passed = re.search(r"(\d+) passed", output)
    assert passed, output[-2000:]
    assert int(passed.group(1)) >= 2, output[-2000:]
    assert not re.search(r"\d+ (skipped|xfailed|failed|error)", output), output[-2000:]
