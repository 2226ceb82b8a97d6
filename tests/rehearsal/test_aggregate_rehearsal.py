"""An aggregate night with teams and an alternate, rehearsed on the site deployed as the
image deploys it (tests/production/deployment.py) and driven in Chromium where a person
works: the organiser sets up an aggregate event on the desk (the final takes the best four
net worths summed over the preliminary rounds), imports nine players in three teams, makes
one of them the alternate and checks everyone in. Round 1 seats the eight others; the
tables' tablets post through the API and close; the organiser confirms and ends it. Round 2
is seated and released, a player withdraws before it starts, and the round page offers the
alternate their seat: the alternate's own page says where they stand before and after. The
final is played on its tablet and ends on its winner.

Every figure is checked against the tables' ledgers, as each table's state reads them
before it closes: each player's net worth round by round and their aggregate on the desk's
standings, each team's score round by round and in all on the desk's team standings, the
big screen's standings and team slides, and the printed results.

Screenshots go to tests/artifacts/rehearsal-aggregate/. Marked `night`, as the whole
night is.
"""

from __future__ import annotations

import re
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine.money import money
from tests.browser import ARTIFACTS, PHONE, log_in
from tests.production.deployment import Deployment
from tests.rehearsal.night import (
    FULL_HD,
    LAPTOP,
    PASSWORD,
    Pages,
    Tablet,
    next_step,
    pdf_read,
    printed,
    round_tables,
    shot,
)

pytestmark = [pytest.mark.night, pytest.mark.browser]

FOLDER = "rehearsal-aggregate"
EVENT = "Harbour Lights Aggregate Cup"
TEAMS = {
    "Reds": ("Ana Ruiz", "Bo Reyes", "Cal Rowe"),
    "Blues": ("Dov Blum", "Eve Bale", "Finn Boyd"),
    "Greens": ("Gia Gray", "Hal Green", "Ike Gold"),
}
ALTERNATE = "Ike Gold"
TEAM_OF = {name: team for team, names in TEAMS.items() for name in names}
CSV = "name,email,team,paid\n" + "\n".join(
    f"{name},{name.lower().replace(' ', '.')}@example.org,{team},10"
    for name, team in TEAM_OF.items()
)


def play_and_close(d: Deployment, desk: Any, number: int) -> dict[str, int]:
    """Round `number`'s tables, from the desk's round page: each tablet records a purchase
    and a prize for each seat that differs by player and round (nobody level), reads each
    seat's net worth from its table's state (the ledger's), and closes. Net worth by
    player."""
    worths = {}
    for table_id, key in round_tables(desk):
        tablet = Tablet(d, table_id, key)
        tablet.post("buy", 1, space=39)
        for seat in d.api("GET", f"/api/tables/{table_id}/state/", auth=tablet.auth)["seats"]:
            prize = 10 + 23 * list(TEAM_OF).index(seat["name"]) + 7 * number
            tablet.post("bank_payment", seat["seat"], amount=prize, memo="Raffle prize")
        state = d.api("GET", f"/api/tables/{table_id}/state/", auth=tablet.auth)
        worths.update({seat["name"]: seat["net_worth"] for seat in state["seats"]})
        tablet.close()
    return worths


def confirm_and_end(d: Deployment, desk: Any, token: str, number: int) -> None:
    """The organiser, who banked none of them, confirms each table; then ends the round."""
    for table_id, _ in round_tables(desk):
        d.api("POST", f"/api/tables/{table_id}/confirm/", {}, auth=f"Token {token}")
    desk.reload()
    desk.get_by_role("button", name="End round").click()
    desk.get_by_text(f"Round {number} has ended: here are its results.").wait_for()


def standings(page: Any) -> dict[str, tuple[list[str], str]]:
    """The standings table's rows: each player's figures round by round and their total."""
    rows = {}
    for row in page.locator("table.standings tbody tr").all():
        name = row.locator(".name").inner_text().strip()
        cells = row.locator("td").all_inner_texts()
        rows[name] = (cells, row.locator(".total").inner_text().strip())
    return rows


def test_an_aggregate_night_with_teams_and_an_alternate(
    site: Deployment, device: Any, tmp_path: Path
) -> None:
    shutil.rmtree(ARTIFACTS / FOLDER, ignore_errors=True)  # this run's pages only
    d, base = site, site.base
    token = d.api("POST", "/api/auth/token/", {"username": "olive", "password": PASSWORD})
    token = token["token"]

    # -- the organiser sets the night up ---------------------------------------------------
    desk = device(LAPTOP)
    desk.on("dialog", lambda dialog: dialog.accept())
    log_in(desk, base, "olive", "/desk/", PASSWORD)
    desk.get_by_role("link", name="New event").click()
    desk.get_by_label("Name", exact=True).fill(EVENT)
    desk.get_by_label("Date").fill("2026-12-12")
    desk.get_by_label("Charity").fill("The Lifeboats")
    desk.get_by_label("Entry fee").fill("10")
    desk.get_by_label(re.compile("^Aggregate: ")).check()
    desk.get_by_label("Finalists").fill("4")
    desk.get_by_role("button", name="Create event").click()
    desk.get_by_text(f"{EVENT} is set up.").wait_for()
    event_id = int(re.search(r"/desk/events/(\d+)/", desk.url).group(1))
    overview = f"{base}/desk/events/{event_id}/"

    desk.get_by_role("link", name="Import CSV").click()
    desk.get_by_label("…or paste the CSV here").fill(CSV)
    desk.get_by_role("button", name="Import players").click()
    desk.get_by_text("Added 9 players.").wait_for()
    # Ike is the alternate: not in the draw, first for a seat that falls vacant.
    desk.get_by_role("link", name=re.compile(f"^{ALTERNATE}")).click()
    desk.get_by_role("button", name=f"Make {ALTERNATE} an alternate").click()
    expect(desk.locator("[aria-labelledby=alternates-heading]")).to_contain_text(f"1. {ALTERNATE}")
    shot(desk, "desk-players-alternate", FOLDER)

    desk.goto(f"{overview}check-in/")
    messages = [a.get_attribute("href") for a in desk.locator("a[href$='/message/']").all()]
    links: dict[str, str] = {}
    for href in messages:
        html = desk.request.get(base + href).text()
        name = re.search(r"<h1>([^<]+)</h1>", html).group(1)
        links[name] = re.search(r'href="([^"]+)"[^>]*data-player-link', html).group(1)
    pages = Pages(d, {name: link.removeprefix(base) for name, link in links.items()})
    for name in TEAM_OF:
        desk.get_by_role("button", name=f"Check in — {name}").click()
        expect(desk.get_by_role("button", name=f"Check in — {name}")).to_have_count(0)
    assert pages.read(ALTERNATE) == (
        "alternate",
        "You are alternate 1: the desk calls you if a seat falls vacant before a round.",
    )

    # -- round 1: the eight in the draw, at two tables --------------------------------------
    worths: dict[int, dict[str, int]] = {}

    def seat_round(number: int, kind: str = "preliminary") -> None:
        desk.goto(overview)
        desk.get_by_role("link", name="Plan a round").click()
        desk.get_by_label("Kind").select_option(kind)
        desk.get_by_role("button", name="Plan round").click()
        next_step(desk, "Seat players")
        desk.get_by_role("button", name="Confirm seating").click()
        desk.get_by_role("button", name="Release seating").click()
        expect(desk.locator("[data-release-state]")).to_contain_text("Seating released")

    def start_and_play(number: int) -> None:
        desk.get_by_role("button", name=f"Start round {number}").click()
        desk.locator(".countdown").wait_for()
        worths[number] = play_and_close(d, desk, number)
        confirm_and_end(d, desk, token, number)

    seat_round(1)
    seated = desk.locator("[data-tables] .players-line").all_inner_texts()
    assert ALTERNATE not in " ".join(seated)
    start_and_play(1)
    assert sorted(worths[1]) == sorted(n for n in TEAM_OF if n != ALTERNATE)
    shot(desk, "desk-round-1-standings", FOLDER)

    # -- round 2: a player withdraws before it starts; the alternate takes the seat ---------
    seat_round(2)
    round_url = desk.url
    leaving = "Dov Blum"
    desk.goto(f"{overview}players/")
    desk.get_by_role("link", name=re.compile(f"^{leaving}")).click()
    desk.get_by_role("button", name=f"Remove {leaving}").click()
    desk.goto(round_url)
    vacant = desk.locator("[aria-labelledby=vacant-heading]")
    expect(vacant).to_contain_text(f"{leaving} withdrew")
    shot(desk, "desk-vacant-seat", FOLDER)
    vacant.get_by_role("button", name=re.compile(f"^Seat {ALTERNATE}, alternate 1")).click()
    expect(desk.locator("[data-tables]")).to_contain_text(ALTERNATE)
    expect(desk.locator("[aria-labelledby=vacant-heading]")).to_have_count(0)
    assert pages.read(ALTERNATE)[0] == "seated"
    phone = device(PHONE)
    phone.goto(links[ALTERNATE])
    expect(phone.locator(".p-next")).not_to_contain_text("alternate")
    shot(phone, "player-page-alternate-seated", FOLDER)
    start_and_play(2)
    assert ALTERNATE in worths[2]
    assert leaving not in worths[2]

    # The desk's standings: each round's net worth and the aggregate, as the ledgers say.
    totals = defaultdict(int)
    for number in (1, 2):
        for name, worth in worths[number].items():
            totals[name] += worth
    shown = standings(desk)
    assert set(shown) == set(totals), shown
    for name, total in totals.items():
        cells, total_text = shown[name]
        assert total_text == money(total, "$"), (name, total_text, total)
        for number in (1, 2):
            if name in worths[number]:
                assert money(worths[number][name], "$") in cells, (name, number, cells)
            else:
                assert "not played" in cells, (name, number, cells)
    best = sorted(totals, key=lambda n: -totals[n])
    assert totals[best[3]] > totals[best[4]]  # the final's last place, decided by the rules
    going = desk.locator("table.standings tr.advances .name").all_inner_texts()
    assert sorted(going) == sorted(best[:4])
    shot(desk, "desk-round-2-standings", FOLDER)

    # The team standings: each team's members' net worths summed, round by round.
    desk.goto(overview)
    desk.get_by_role("link", name="Team standings").click()
    team_rows = {
        row.locator("th").inner_text().strip(): row.locator("td").all_inner_texts()
        for row in desk.locator("table.team-standings tbody tr").all()
    }
    for team, members in TEAMS.items():
        by_round = [sum(worths[n].get(m, 0) for m in members) for n in (1, 2)]
        cells = team_rows[team]
        assert cells[1:] == [money(s, "$") for s in [*by_round, sum(by_round)]], (team, cells)
    shot(desk, "desk-team-standings", FOLDER)

    # The big screen: the standings and the teams, each a view of its own.
    desk.goto(overview)
    desk.get_by_role("button", name="Make a big screen link").click()
    screen_path = desk.get_by_role("link", name="Open the big screen").get_attribute("href")
    screen = device(FULL_HD)
    screen.goto(base + screen_path)
    screen.keyboard.press("p")
    views = {"Standings": "#view-standings", "Teams": "#view-teams"}
    for view, selector in views.items():
        while not screen.locator(selector).is_visible():
            screen.keyboard.press("ArrowRight")
        shot(screen, f"big-screen-{view.lower()}", FOLDER)
    expect(screen.locator("#view-teams")).to_contain_text(
        money(sum(totals[m] for m in TEAMS["Reds"]), "$")
    )
    for name in best[:4]:
        expect(screen.locator("#standings")).to_contain_text(name)

    # -- the final ---------------------------------------------------------------------------
    seat_round(3, "final")
    start_and_play(3)
    winner = max(worths[3], key=worths[3].__getitem__)
    assert sorted(worths[3]) == sorted(best[:4])
    expect(desk.locator(".winner-line")).to_contain_text(f"Winner: {winner}")
    shot(desk, "desk-final-results", FOLDER)

    # -- printed: the results, with the aggregate and the team standings ---------------------
    desk.goto(f"{base}/print/events/{event_id}/")
    desk.locator("form[data-print-form]").filter(
        has=desk.get_by_role("heading", name="Results")
    ).get_by_role("button", name="Make PDF").click()
    results = pdf_read(desk, printed(desk), base, tmp_path)
    assert "Team standings" in results
    for name, total in totals.items():
        assert re.search(rf"{name}.*?{re.escape(money(total, '$'))}", results), name
    for team, members in TEAMS.items():
        score = sum(worths[n].get(m, 0) for n in (1, 2, 3) for m in members)
        assert money(score, "$") in results, (team, score)
