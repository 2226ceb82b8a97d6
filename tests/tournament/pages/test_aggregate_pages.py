"""The standings of an aggregate event wherever they show: the desk's rounds page and a
round's results, the big screen, the player's own page and the printed results. Each shows
every player's net worth round by round and the aggregate it adds up to."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.engine.money import money
from tests.conftest import session_for
from tests.pdfs import pdf_text
from tests.played import Night, next_preliminary, night
from tests.print_jobs import job_for, make
from tournament.models import PrintJob, Result
from tournament.services.screens import screen_link_issue

pytestmark = pytest.mark.django_db


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def standings_rows(html: str) -> list[tuple[int, str]]:
    """Each row of the standings table: its player's id and its words."""
    table = re.search(r'<table class="standings[^"]*">(.*?)</table>', html, re.S)
    assert table, "no standings on the page"
    found = re.findall(r'<tr[^>]*data-player="(\d+)"[^>]*>(.*?)</tr>', table.group(1), re.S)
    return [(int(player), words(row)) for player, row in found]


def by_the_ledger(n: Night, rounds: int) -> dict[int, tuple[str, list[int], int, int]]:
    """Each player's name, net worth in each of the first `rounds` rounds, aggregate and
    cash over them, from the results their tables' ledgers wrote."""
    figures: dict[int, tuple[str, list[int], int, int]] = {}
    for round_ in n.rounds[:rounds]:
        for r in Result.objects.filter(round=round_).select_related("player"):
            name, worths, total, cash = figures.get(r.player_id, (r.player.name, [], 0, 0))
            figures[r.player_id] = (
                name,
                [*worths, r.net_worth],
                total + r.net_worth,
                cash + r.cash,
            )
    return figures


def check_standings(html: str, n: Night, rounds: int) -> None:
    """The page's standings: every player in order of aggregate (then cash), players level
    on both sharing a place ("1="), each round's net worth then the total; the four best
    in the final, or tied for its last places."""
    figures = by_the_ledger(n, rounds)
    shown = standings_rows(html)
    key = {player: (total, cash) for player, (_, _, total, cash) in figures.items()}
    assert [player for player, _ in shown] == sorted(key, key=lambda p: (-key[p][0], -key[p][1], p))
    for player, row in shown:
        name, worths, total, _ = figures[player]
        better = sum(1 for other in key.values() if other > key[player])
        level = sum(1 for other in key.values() if other == key[player])
        place = f"{better + 1}{'=' if level > 1 else ''}"
        dollars = " ".join(money(worth, "$") for worth in [*worths, total])
        assert row.startswith(f"{place} {name} {dollars}"), row
        if better + level <= 4:
            assert row.endswith("In the final"), row
        elif better < 4:
            assert row.endswith("Tied: the organiser decides"), row
        else:
            assert row.endswith(money(key[player][1], "$")), row


def test_the_aggregate_and_how_it_was_summed_show_on_every_page(client) -> None:
    n = night(advancement="aggregate", finalists=4)
    first = n.round
    second = next_preliminary(n)
    desk = session_for(n.organiser)

    page = desk.get(reverse("desk:rounds", args=[n.event.pk])).content.decode()
    assert "Aggregate after round 2" in page
    check_standings(page, n, rounds=2)
    page = desk.get(reverse("desk:results", args=[second.pk])).content.decode()
    check_standings(page, n, rounds=2)
    page = desk.get(reverse("desk:results", args=[first.pk])).content.decode()
    assert "Aggregate after round 1" in page
    check_standings(page, n, rounds=1)

    event = screen_link_issue(event_id=n.event.pk)
    url = reverse("event-screen", kwargs={"event_id": event.pk, "token": event.screen_token})
    page = client.get(url).content.decode()
    assert 'data-view="Standings"' in page
    check_standings(page, n, rounds=2)
    poll = client.get(url, headers={"HX-Request": "true"}).content.decode()
    check_standings(poll, n, rounds=2)

    for player, (_, worths, total, _) in by_the_ledger(n, rounds=2).items():
        token = Result.objects.filter(player_id=player).first().player.token
        page = words(client.get(f"/p/{token}/").content.decode())
        assert "Your aggregate" in page
        lines = " ".join(f"Round {r} {money(w, '$')}" for r, w in enumerate(worths, start=1))
        assert f"{lines} Total {money(total, '$')}" in page
        summed = f"{money(worths[0], '$')} + {money(worths[1], '$')} = {money(total, '$')}"
        assert summed in page

    job = make(job_for(n, "results"))
    assert job.status == PrintJob.Status.DONE, job.error
    text = " ".join(pdf_text(job.file.path).split())
    assert "Aggregate after round 2" in text
    figures = by_the_ledger(n, rounds=2)
    for name, worths, total, _ in figures.values():
        dollars = " ".join(money(worth, "$") for worth in [*worths, total])
        assert f"{name} {dollars}" in text


def test_a_knock_out_event_shows_no_standings(client) -> None:
    n = night()
    desk = session_for(n.organiser)
    assert "standings" not in desk.get(reverse("desk:rounds", args=[n.event.pk])).content.decode()
    event = screen_link_issue(event_id=n.event.pk)
    url = reverse("event-screen", kwargs={"event_id": event.pk, "token": event.screen_token})
    assert 'data-view="Standings"' not in client.get(url).content.decode()
