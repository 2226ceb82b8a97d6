"""The rehearsals' site and devices: `site`, the site deployed as the image runs it, with
its superuser; `device(viewport)` opens a page as new_page does and keeps it, so that a
failing step leaves a screenshot of every device as it was, in
tests/artifacts/rehearsal/failed-<n>.png, for whoever reads the failure."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import TABLET, snap
from tests.production.deployment import Deployment, deployed
from tests.rehearsal.night import PASSWORD


@pytest.fixture
def device(new_page: Callable[..., Any]) -> Iterator[Callable[..., Any]]:
    """Each device waits up to 20 s for what its person waits for (a slow CI machine runs
    the site, a worker and four browsers at once), and the suite's usual 5 s after.
    `options` are the browser's own (`locale="fr-FR"`: a French browser)."""
    opened: list[Any] = []

    def open_(viewport: dict[str, int] = TABLET, **options: Any) -> Any:
        page = new_page(viewport, **options)
        page.set_default_timeout(20_000)
        opened.append(page)
        return page

    open_.pages = opened  # type: ignore[attr-defined]
    expect.set_options(timeout=20_000)
    yield open_
    expect.set_options(timeout=5_000)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    device_ = getattr(item, "funcargs", {}).get("device")
    if report.when != "call" or not report.failed or device_ is None:
        return
    for n, page in enumerate(device_.pages, start=1):
        try:
            snap(page, f"rehearsal/failed-{n}")
        except Exception as error:
            report.sections.append(("rehearsal", f"no screenshot of device {n}: {error}"))


@pytest.fixture
def site(prod_venv: Path, tmp_path: Path) -> Iterator[Deployment]:
    """The site as the image runs it, at the address people type (SITE_URL): the screen's
    link, the table cards and the players' links all point here."""
    with deployed(prod_venv, tmp_path) as d:
        d.env["SITE_URL"] = d.base
        d.start_site(workers=4)
        made = d.run(
            *("python", "manage.py", "createsuperuser", "--noinput", "--username=olive"),
            "--email=olive@example.org",
            DJANGO_SUPERUSER_PASSWORD=PASSWORD,
        )
        assert made.returncode == 0, made.stderr
        yield d
