"""The desk's team competition: the team standings (linked from the overview), a team's
page (linked from them and from its players' pages) with its members, each round's score,
its total and its sponsor, which the organiser sets; the event's setting of how many
members a team counts, on the settings page and in the API."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.engine.money import money
from tests.conftest import client_for, session_for
from tests.played import Night, night
from tournament.models import AuditEvent, Event, Player, Result

pytestmark = pytest.mark.django_db

TEAMS = ("Reds", "Blue Team / North")


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def team_url(n: Night, team: str) -> str:
    return reverse("desk:team", args=[n.event.pk, team])


def worth(n: Night, player: Player) -> int:
    return Result.objects.get(round=n.round, player=player).net_worth


def test_the_overview_links_the_team_standings_which_link_each_team():
    n = night(teams=TEAMS)
    desk = session_for(n.organiser)
    overview = desk.get(reverse("desk:event", args=[n.event.pk])).content.decode()
    standings_url = reverse("desk:teams", args=[n.event.pk])
    assert standings_url in overview
    totals = {
        team: sum(worth(n, p) for p in Player.objects.filter(event=n.event, team=team))
        for team in TEAMS
    }
    page = desk.get(standings_url).content.decode()
    rows = re.findall(r"<tr>.*?</tr>", page.split("<tbody>", 1)[1], re.S)
    ordered = sorted(TEAMS, key=lambda team: -totals[team])
    assert [words(row) for row in rows] == [
        f"{place} {team} {money(totals[team], '$')} {money(totals[team], '$')}"
        for place, team in enumerate(ordered, start=1)
    ]
    for team in TEAMS:
        assert f'href="{team_url(n, team)}"' in page.replace("&amp;", "&")


def test_a_teams_page_shows_its_members_each_rounds_score_and_its_total():
    n = night(teams=TEAMS)
    team = TEAMS[1]
    members = list(Player.objects.filter(event=n.event, team=team).order_by("name"))
    page = session_for(n.organiser).get(team_url(n, team))
    assert page.status_code == 200
    html = page.content.decode()
    total = sum(worth(n, p) for p in members)
    for player in members:
        assert reverse("desk:player-edit", args=[player.pk]) in html
        assert f"{player.name} {money(worth(n, player), '$')}" in words(html)
    assert f"Team score {money(total, '$')} Total {money(total, '$')}" in words(html)


def test_a_team_counting_its_best_member_marks_the_others_not_counted():
    n = night(teams=TEAMS)
    Event.objects.filter(pk=n.event.pk).update(team_best=1)
    members = list(Player.objects.filter(event=n.event, team=TEAMS[0]))
    best = max(members, key=lambda p: worth(n, p))
    text = words(session_for(n.organiser).get(team_url(n, TEAMS[0])).content.decode())
    assert f"Team score {money(worth(n, best), '$')}" in text
    for player in members:
        if player != best:
            assert f"{player.name} {money(worth(n, player), '$')} (not counted)" in text


def test_a_players_page_links_their_team_and_the_organiser_names_its_sponsor():
    n = night(teams=TEAMS)
    player = Player.objects.filter(event=n.event, team=TEAMS[1]).first()
    desk = session_for(n.organiser)
    own = desk.get(reverse("desk:player-edit", args=[player.pk])).content.decode()
    assert f'href="{team_url(n, TEAMS[1])}"' in own.replace("&amp;", "&")

    saved = desk.post(team_url(n, TEAMS[1]), {"sponsor": "Acme Bank"}, follow=True)
    assert "sponsor saved" in saved.content.decode()
    assert "Sponsored by Acme Bank" in words(saved.content.decode())
    standings = desk.get(reverse("desk:teams", args=[n.event.pk])).content.decode()
    assert f"{TEAMS[1]} sponsored by Acme Bank" in words(standings)
    record = AuditEvent.objects.get(action="team_sponsor_set")
    assert (record.subject, record.actor_id) == (TEAMS[1], n.organiser.pk)
    assert record.data["changed"]["sponsor"] == ["", "Acme Bank"]


def test_only_a_team_of_the_event_has_a_page_and_only_its_organisers_open_it():
    n = night(teams=TEAMS)
    assert session_for(n.organiser).get(team_url(n, "Nobody's team")).status_code == 404
    assert session_for(n.referee).get(team_url(n, TEAMS[0])).status_code == 403
    refused = session_for(n.referee).post(team_url(n, TEAMS[0]), {"sponsor": "Sneaky"})
    assert refused.status_code == 403
    too_long = session_for(n.organiser).post(team_url(n, TEAMS[0]), {"sponsor": "x" * 201})
    assert too_long.status_code == 400
    assert not AuditEvent.objects.filter(action="team_sponsor_set").exists()


def test_an_event_without_teams_shows_no_team_standings():
    n = night()
    desk = session_for(n.organiser)
    overview = desk.get(reverse("desk:event", args=[n.event.pk])).content.decode()
    assert reverse("desk:teams", args=[n.event.pk]) not in overview
    page = desk.get(reverse("desk:teams", args=[n.event.pk])).content.decode()
    assert "No team standings" in page


def test_the_organiser_sets_how_many_members_a_team_counts_on_the_desk_and_in_the_api():
    n = night(teams=TEAMS)
    url = reverse("desk:event-edit", args=[n.event.pk])
    desk = session_for(n.organiser)
    assert 'name="team_best"' in desk.get(url).content.decode()
    form = {
        "name": n.event.name,
        "date": str(n.event.date),
        "entry_fee": "20",
        "edition": "us",
        "advancement": "knockout",
        "wildcards": "1",
        "finalists": "6",
        "team_best": "2",
    }
    assert desk.post(url, form).status_code == 302
    assert Event.objects.get(pk=n.event.pk).team_best == 2
    assert desk.post(url, {**form, "team_best": "65"}).status_code == 200  # shown again
    assert Event.objects.get(pk=n.event.pk).team_best == 2

    api = client_for(n.organiser)
    answer = api.patch(f"/api/events/{n.event.pk}/", {"team_best": 3}, format="json")
    assert (answer.status_code, answer.json()["team_best"]) == (200, 3)
    for wrong in (-1, 65, "all", None):
        refused = api.patch(f"/api/events/{n.event.pk}/", {"team_best": wrong}, format="json")
        assert refused.status_code == 400
        assert "team_best" in str(refused.json())
    assert api.get(f"/api/events/{n.event.pk}/").json()["team_best"] == 3


def test_the_api_gives_the_team_standings_the_desk_shows():
    n = night(teams=TEAMS)
    answer = client_for(n.organiser).get(f"/api/events/{n.event.pk}/teams/")
    assert answer.status_code == 200
    teams = answer.json()
    assert sorted(t["name"] for t in teams) == sorted(TEAMS)
    for team in teams:
        members = Player.objects.filter(event=n.event, team=team["name"])
        assert team["total"] == sum(worth(n, p) for p in members)
        assert team["rounds"] == [{"round": 1, "score": team["total"]}]
        assert {m["player_id"] for m in team["members"]} == {p.pk for p in members}
    assert [t["place"] for t in teams] == [1, 2]
    assert client_for(n.referee).get(f"/api/events/{n.event.pk}/teams/").status_code == 403
    alone = night()
    assert client_for(alone.organiser).get(f"/api/events/{alone.event.pk}/teams/").json() == []
