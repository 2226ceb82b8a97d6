"""A night in French at a euro event, rehearsed on the site deployed as the image deploys
it (tests/production/deployment.py) and driven in Chromium by people whose browsers speak
French: the organiser sets the event up on the desk in French, its language French and its
money the euro, imports eight players (a Chinese and an Arabic name among them) and checks
them in; round 1 is seated, released and started; one table is banked on a tablet's
console, the other through the API; a player follows on a phone; the big screen shows the
room; the tables close, the round ends, and the scoresheets are printed.

Every page is checked to be in French (its words are the French catalogue's, looked up
here by the English ones, so that the test follows the catalogue rather than a copy of
it), every amount written as a French reader writes euros ("1 500 €"), and each name whole
in its own script. Screenshots of the desk, the console, a player's page, the big screen
and a scoresheet go to tests/artifacts/rehearsal-french/. Marked `night`, as the whole
night is.
"""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import expect

from tests.browser import ARTIFACTS, PHONE, TABLET
from tests.console import Banker
from tests.production.deployment import Deployment
from tests.rehearsal.night import (
    FULL_HD,
    LAPTOP,
    PASSWORD,
    Tablet,
    pdf_read,
    printed,
    round_tables,
    shot,
)
from tournament.money import money
from tournament.text import isolated

pytestmark = [pytest.mark.night, pytest.mark.browser]

FOLDER = "rehearsal-french"
EVENT = "Soirée Monopoly des Lumières"
CHINESE, ARABIC = "李明", "محمد العلي"
NAMES = (CHINESE, ARABIC, "Élodie Marchand", "Jürgen Groß", "Zoé Lefèvre", "Hugo Bernard")
NAMES += ("Léa Dubois", "Noé Garnier")
CSV = "name,email,paid\n" + "\n".join(
    f"{name},player{n}@example.org,15" for n, name in enumerate(NAMES, start=1)
)
FRENCH = {"locale": "fr-FR"}


def fr(message: str, **values: Any) -> str:
    """`message` as the French catalogue says it, its values put in."""
    with translation.override("fr"):
        said = translation.gettext(message)
    return said % values if values else said


def euros(amount: int) -> str:
    """An amount as the French pages write it at a euro event."""
    return money(amount, "EUR", "fr")


def test_a_night_in_french_at_a_euro_event(site: Deployment, device: Any, tmp_path: Path) -> None:
    shutil.rmtree(ARTIFACTS / FOLDER, ignore_errors=True)  # this run's pages only
    d, base = site, site.base
    token = d.api("POST", "/api/auth/token/", {"username": "olive", "password": PASSWORD})
    token = token["token"]

    # -- the organiser sets the night up, in French -----------------------------------------
    desk = device(LAPTOP, **FRENCH)
    desk.on("dialog", lambda dialog: dialog.accept())
    desk.goto(f"{base}/accounts/login/?next=/desk/")
    expect(desk.locator("html")).to_have_attribute("lang", "fr")
    desk.get_by_label(fr("Username")).fill("olive")
    desk.get_by_label(fr("Password")).fill(PASSWORD)
    desk.get_by_role("button", name=fr("Log in")).click()
    desk.wait_for_url("**/desk/")
    desk.get_by_role("link", name=fr("New event")).click()
    desk.get_by_label(fr("Name"), exact=True).fill(EVENT)
    desk.get_by_label(fr("Date")).fill("2026-12-12")
    desk.get_by_label(fr("Charity")).fill("Les Restos du Cœur")
    desk.get_by_label(fr("Entry fee")).fill("15")
    desk.get_by_role("combobox", name=re.compile(f"^{fr('Language')}")).select_option("fr")
    desk.get_by_role("combobox", name=re.compile(f"^{fr('Currency')}")).select_option("EUR")
    desk.get_by_role("button", name=fr("Create event")).click()
    desk.get_by_text(fr("%(name)s is set up. Add its players next.", name=EVENT)).wait_for()
    event_id = int(re.search(r"/desk/events/(\d+)/", desk.url).group(1))
    overview = f"{base}/desk/events/{event_id}/"

    desk.get_by_role("link", name=fr("Import CSV")).click()
    desk.get_by_label(fr("…or paste the CSV here")).fill(CSV)
    desk.get_by_role("button", name=fr("Import players")).click()
    with translation.override("fr"):
        added = translation.ngettext("Added %(count)s player.", "Added %(count)s players.", 8)
    desk.get_by_text(added % {"count": 8}).wait_for()
    desk.goto(f"{overview}check-in/")
    messages = [a.get_attribute("href") for a in desk.locator("a[href$='/message/']").all()]
    links: dict[str, str] = {}
    for href in messages:
        html = desk.request.get(base + href).text()
        name = re.search(r"<h1>([^<]+)</h1>", html).group(1)
        links[name] = re.search(r'href="([^"]+)"[^>]*data-player-link', html).group(1)
    assert set(links) == set(NAMES)
    for name in NAMES:
        desk.get_by_role("button", name=f"{fr('Check in')} — {isolated(name)}").click()
        expect(
            desk.get_by_role("button", name=f"{fr('Check in')} — {isolated(name)}")
        ).to_have_count(0)
    shot(desk, "desk-check-in", FOLDER)
    # The entry fees, in euros as a French reader writes them.
    desk.goto(overview)
    expect(desk.locator("main")).to_contain_text(euros(15 * 8))
    shot(desk, "desk-overview", FOLDER)

    # -- round 1, at two tables ---------------------------------------------------------------
    desk.get_by_role("link", name=fr("Plan a round")).click()
    desk.get_by_role("button", name=fr("Plan round")).click()
    desk.get_by_role("region", name=fr("What to do next")).get_by_role(
        "link", name=fr("Seat players")
    ).click()
    desk.get_by_role("button", name=fr("Confirm seating")).click()
    desk.get_by_role("button", name=fr("Release seating")).click()
    desk.get_by_role("button", name=fr("Start round %(number)s", number=1)).click()
    desk.locator(".countdown").wait_for()
    round_url = desk.url
    shot(desk, "desk-round", FOLDER)
    (first_id, first_key), (second_id, second_key) = round_tables(desk)

    # The big screen speaks the event's language, whatever the browser that shows it.
    desk.goto(overview)
    desk.get_by_role("button", name=fr("Make a big screen link")).click()
    screen_path = desk.get_by_role("link", name=fr("Open the big screen")).get_attribute("href")
    screen = device(FULL_HD)  # an English browser
    screen.goto(base + screen_path)
    expect(screen.locator("html")).to_have_attribute("lang", "fr")

    # One table on a tablet's console, in French.
    banker = Banker(device(TABLET, **FRENCH), first_key).open(base)
    names = banker.names
    banker.player(1).move("pass_go").record(euros(200), euros(1700))
    banker.move("buy").tap(".choice[data-space='39']").record(euros(400))
    banker.player(2).move("rent").tap(".choice[data-space='39']").record(euros(50))
    expect(banker.page.locator("html")).to_have_attribute("lang", "fr")
    shot(banker.page, "console", FOLDER)
    other = Tablet(d, second_id, second_key)
    other.post("pass_go", 1)
    other.post("buy", 2, space=1)

    # A player's own page, on a phone, in French.
    phone = device(PHONE, **FRENCH)
    phone.goto(links[names[1]])
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("#player")).to_contain_text(names[1])
    expect(phone.locator("#player")).to_contain_text(euros(1350))  # 1,500 + 200 - 400 + 50
    shot(phone, "player-page", FOLDER)
    phone.goto(links[CHINESE])
    expect(phone.locator("h1")).to_have_text(CHINESE)

    screen.reload()
    expect(screen.locator("body")).to_contain_text(names[1])
    for name in NAMES:
        expect(screen.locator("body")).to_contain_text(name)
    scripts = gettext.translation("djangojs", settings.LOCALE_PATHS[0], languages=["fr"])
    assert screen.evaluate("gettext('Rotate')") == scripts.gettext("Rotate")  # its script's
    shot(screen, "big-screen", FOLDER)

    # -- the tables close; the organiser confirms and ends the round ------------------------
    Tablet(d, first_id, first_key).close()
    other.close()
    for table_id in (first_id, second_id):
        d.api("POST", f"/api/tables/{table_id}/confirm/", {}, auth=f"Token {token}")
    desk.goto(round_url)
    desk.get_by_role("button", name=fr("End round")).click()
    desk.get_by_text(fr("Round %(number)s has ended: here are its results.", number=1)).wait_for()
    shot(desk, "desk-results", FOLDER)

    # -- the scoresheets, printed in French -----------------------------------------------------
    desk.goto(round_url)
    desk.get_by_role("button", name=fr("Print scoresheets")).click()
    job = printed(desk, fr("Open PDF"))
    text = pdf_read(desk, job, base, tmp_path, fr("Open PDF"))
    assert fr("Scoresheet") in text, text
    for name in NAMES:
        assert name in text, name
    assert re.sub(r"\s+", " ", euros(1750)) in text, text  # pdf_read reads spaces as one
    href = job.get_by_role("link", name=fr("Open PDF")).get_attribute("href")
    pdf = tmp_path / "scoresheets.pdf"
    pdf.write_bytes(desk.request.get(href if "://" in href else base + href).body())
    (ARTIFACTS / FOLDER).mkdir(parents=True, exist_ok=True)
    subprocess.run(  # noqa: S603 - poppler's pdftoppm (scripts/test-prerequisites.sh)
        [
            "/usr/bin/pdftoppm",
            "-png",
            "-r",
            "80",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(ARTIFACTS / FOLDER / "scoresheet"),
        ],
        check=True,
    )
