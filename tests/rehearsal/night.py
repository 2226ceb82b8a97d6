"""What the rehearsals share (tests/rehearsal/): the people's screens, the round page's
tables and its next step, the print page's jobs, a tablet posting through the API, and
every player's own page read as their phone reads it."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser import ARTIFACTS, snap
from tests.pdfs import pdf_text
from tests.production.deployment import Deployment

SHOTS = ARTIFACTS / "rehearsal"
PASSWORD = "rehearsal-Password-4711"
FULL_HD = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}  # the organiser's, at the desk


def shot(page: Any, name: str, folder: str = "rehearsal") -> None:
    """A screenshot in tests/artifacts/<folder>/."""
    snap(page, f"{folder}/{name}")


def next_step(desk: Any, action: str) -> None:
    """Follow the round page's "What to do next": its one action."""
    desk.get_by_role("region", name="What to do next").get_by_role("link", name=action).click()


def round_tables(desk: Any) -> list[tuple[int, str]]:
    """The round page's tables: each one's id and console key, in table order."""
    found = []
    for card in desk.locator("[data-tables] > [data-table]").all():
        console = card.locator("[data-field=console]").get_attribute("href")
        found.append((int(card.get_attribute("data-table")), console.split("/")[-2]))
    return found


def pdf_read(desk: Any, job: Any, base: str, folder: Path, link: str = "Open PDF") -> str:
    """The text of a print job's PDF as its reader reads it, on one line. `link`: the
    job's link to it, in the page's language."""
    href = job.get_by_role("link", name=link).get_attribute("href")
    path = folder / f"{uuid.uuid4().hex}.pdf"
    path.write_bytes(desk.request.get(href if "://" in href else base + href).body())
    return re.sub(r"\s+", " ", pdf_text(str(path)))


def printed(desk: Any, link: str = "Open PDF") -> Any:
    """The print page's newest job, once its PDF is made (by the Celery worker): once it
    shows its `link` to the PDF, in the page's language."""
    job = desk.locator("tr[data-job]").first
    job.get_by_role("link", name=link).wait_for(timeout=90_000)
    return job


class Tablet:
    """One of the nine tables played without a browser: its tablet posts entries with the
    table's key, as the console does, but never reports on itself as an open console
    does (its heartbeat): to the control room, the table has no tablet yet."""

    def __init__(self, d: Deployment, table_id: int, key: str) -> None:
        self.d, self.table_id, self.auth = d, table_id, f"Table {key}"
        self.posted = 0

    def post(self, kind: str, seat: int, **fields: Any) -> None:
        body = {"id": str(uuid.uuid4()), "kind": kind, "seat": seat, **fields}
        self.d.api("POST", f"/api/tables/{self.table_id}/entries/", body, auth=self.auth)
        self.posted += 1

    def seat_name(self, seat: int) -> str:
        state = self.d.api("GET", f"/api/tables/{self.table_id}/state/", auth=self.auth)
        return next(s["name"] for s in state["seats"] if s["seat"] == seat)

    def close(self) -> None:
        self.d.api("POST", f"/api/tables/{self.table_id}/close/", {}, auth=self.auth)


class Pages:
    """Every player's own page, read as the player's phone reads it: the state of its
    "What's next" card (`p-next is-<state>`) and its sentence."""

    def __init__(self, d: Deployment, links: dict[str, str]) -> None:
        self.d, self.links = d, links

    def read(self, name: str) -> tuple[str, str]:
        status, _, body = self.d.http("GET", self.links[name], auth="None")
        assert status == 200, (name, status)
        html = body.decode()
        state = re.search(r'class="card p-next is-([a-z_]+)"', html)
        text = re.search(r'id="p-next-h">[^<]*</h2>\s*<p>(.*?)</p>', html, re.S)
        assert state, name
        assert text, name
        return state.group(1), text.group(1)

    def states(self) -> dict[str, str]:
        return {name: self.read(name)[0] for name in self.links}

    def expect(self, expected: Callable[[str], str]) -> None:
        """Each player's page is in the state `expected(name)` says."""
        states = self.states()
        wrong = {n: (s, expected(n)) for n, s in states.items() if s != expected(n)}
        assert wrong == {}, wrong
