"""Pre-seating: every preliminary round of a points event seated at once, the repeats it
could not avoid on the desk, moving players by hand before a round is released, and each
player's tables on their badge and their own page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tests.conftest import client_for, close_and_confirm, session_for
from tests.entries import bank
from tests.factories import EventFactory, PlayerFactory, VolunteerFactory
from tests.pdfs import pdf_text
from tests.print_jobs import make
from tournament import selectors
from tournament.errors import Refusal
from tournament.models import AuditEvent, Event, Player, PrintJob, Round, Volunteer
from tournament.printing.documents import badges
from tournament.results.closing import round_end
from tournament.services.rounds import (
    round_create,
    round_release,
    round_seat,
    round_start,
    rounds_preseat,
)

pytestmark = pytest.mark.django_db


@dataclass
class Planned:
    event: Event
    organiser: Any
    referee: Any
    rounds: list[Round]


def planned(
    players: int = 16, *, rounds: int = 3, advancement: str = Event.Format.POINTS
) -> Planned:
    """An event of `players` checked-in players and `rounds` preliminary rounds planned."""
    event = EventFactory(advancement=advancement, finalists=4)
    organiser = VolunteerFactory(event=event, role=Volunteer.Role.ORGANISER).user
    referee = VolunteerFactory(event=event, role=Volunteer.Role.REFEREE).user
    VolunteerFactory(event=event, role=Volunteer.Role.BANKER)
    for n in range(players):
        PlayerFactory(event=event, name=f"Player {n + 1:02d}", checked_in=True)
    made = [round_create(event_id=event.pk) for _ in range(rounds)]
    return Planned(event, organiser, referee, made)


def tables_of(round_: Round) -> list[list[int]]:
    return [
        [seat.player_id for seat in table.seats.order_by("number")]
        for table in round_.tables.order_by("number")
    ]


def pairs(round_: Round) -> set[tuple[int, int]]:
    return {tuple(sorted(pair)) for table in tables_of(round_) for pair in combinations(table, 2)}


def where(player: Player, round_: Round) -> tuple[int, int]:
    seat = player.seats.get(table__round=round_)
    return seat.table.number, seat.number


def end(round_: Round, referee: Any) -> None:
    for table in round_.tables.all():
        bank(table, kind="pass_go", seat=1)
    close_and_confirm(round_, by=referee)
    round_end(round_id=round_.pk)


# --------------------------------------------------------------------------- the service


def test_every_preliminary_round_is_seated_at_once_and_nobody_meets_twice():
    p = planned()
    seated = rounds_preseat(event_id=p.event.pk, seed=11, actor=p.organiser)
    assert [r.number for r in seated] == [1, 2, 3]
    everyone = sorted(p.event.players.values_list("pk", flat=True))
    met: list[set[tuple[int, int]]] = []
    for round_ in p.rounds:
        round_.refresh_from_db()
        assert (round_.status, round_.released_at, round_.seed) == (Round.Status.SEATED, None, 11)
        assert sorted(pid for table in tables_of(round_) for pid in table) == everyone
        met.append(pairs(round_))
    assert met[0].isdisjoint(met[1] | met[2])
    assert met[1].isdisjoint(met[2])
    record = AuditEvent.objects.get(event=p.event, action="rounds_preseated")
    assert record.actor == p.organiser
    assert (record.data["rounds"], record.data["seed"]) == ([1, 2, 3], 11)


def test_pre_seating_is_refused_where_players_do_not_play_every_round():
    p = planned(advancement=Event.Format.KNOCKOUT)
    with pytest.raises(Refusal) as refused:
        rounds_preseat(event_id=p.event.pk, seed=1, actor=p.organiser)
    assert refused.value.code == "cannot_preseat"
    assert not Round.objects.filter(event=p.event).exclude(status=Round.Status.PLANNED).exists()
    assert not AuditEvent.objects.filter(event=p.event, action="rounds_preseated").exists()


def test_a_round_seated_ahead_starts_only_after_the_round_before_it_ended():
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=2, actor=p.organiser)
    first, second, _ = p.rounds
    with pytest.raises(Refusal) as refused:
        round_start(round_id=second.pk)
    assert refused.value.code == "previous_round_not_ended"
    round_start(round_id=first.pk)
    end(first, p.referee)
    assert round_start(round_id=second.pk).status == Round.Status.RUNNING


def test_a_player_is_moved_by_hand_in_a_round_seated_ahead():
    """Round 2 keeps its seating but the one move, before round 1 is even played."""
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=4, actor=p.organiser)
    second = p.rounds[1]
    before = tables_of(second)
    mover = Player.objects.get(pk=before[0][0])
    round_seat(round_id=second.pk, keep=True, moves={mover.pk: 2}, actor=p.organiser)
    after = tables_of(second)
    assert after[0] == before[0][1:]
    assert after[1] == [*before[1], mover.pk]
    assert after[2:] == before[2:]
    second.refresh_from_db()
    assert second.seed == 4


def test_a_later_round_seated_ahead_is_seated_again_once_the_one_before_ended():
    """Seating round 2 again avoids those who met in round 1 and those who meet in round 3."""
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=6, actor=p.organiser)
    first, second, third = p.rounds
    round_start(round_id=first.pk)
    end(first, p.referee)
    third_before = tables_of(third)
    round_seat(round_id=second.pk, seed=99, actor=p.organiser)
    assert tables_of(third) == third_before
    assert not pairs(second) & (pairs(first) | pairs(third))


def test_a_late_arrival_joins_every_round_seated_ahead_from_its_page():
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=7, actor=p.organiser)
    late = PlayerFactory(event=p.event, name="Late Lou", checked_in=True)
    desk = session_for(p.organiser)
    for round_ in p.rounds:
        page = desk.get(reverse("desk:round", args=[round_.pk])).content.decode()
        assert "Seat Late Lou" in page
        desk.post(reverse("desk:seat-late", args=[round_.pk]), {"player": late.pk})
        assert late.seats.filter(table__round=round_).exists()
        page = desk.get(reverse("desk:round", args=[round_.pk])).content.decode()
        assert "Seat Late Lou" not in page


def test_the_screen_and_the_pages_show_the_first_round_seated_ahead():
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=8, actor=p.organiser)
    assert [r.number for r in selectors.current_rounds(event=p.event)] == [1]
    round_start(round_id=p.rounds[0].pk)
    assert [r.number for r in selectors.current_rounds(event=p.event)] == [1]
    end(p.rounds[0], p.referee)
    assert [r.number for r in selectors.current_rounds(event=p.event)] == [2]


# --------------------------------------------------------------------------- the desk


def test_the_desk_seats_every_round_at_once_and_says_nobody_meets_twice():
    p = planned()
    desk = session_for(p.organiser)
    rounds_url = reverse("desk:rounds", args=[p.event.pk])
    page = desk.get(rounds_url).content.decode()
    assert "Seat every preliminary round at once" in page
    assert "Seat rounds 1, 2, 3" in page

    answer = desk.post(reverse("desk:rounds-preseat", args=[p.event.pk]), follow=True)
    page = answer.content.decode()
    assert "Rounds 1, 2, 3 are seated: only the desk sees them." in page
    assert "Nobody meets the same player twice." in page
    assert all(r.status == Round.Status.SEATED for r in Round.objects.filter(event=p.event))
    assert "Seat them again" in page

    round_start(round_id=p.rounds[0].pk)  # while a round is played, nothing is seated again
    page = desk.get(rounds_url).content.decode()
    assert "Seat them again" not in page
    assert "Nobody meets the same player twice." in page


def test_the_desk_names_who_meets_whom_again_when_the_numbers_force_it():
    p = planned(players=8)
    desk = session_for(p.organiser)
    desk.post(reverse("desk:rounds-preseat", args=[p.event.pk]))
    page = desk.get(reverse("desk:rounds", args=[p.event.pk])).content.decode()
    assert "Players who meet more than once" in page
    lines = re.findall(r"<li>(Player \d\d) and (Player \d\d): rounds ([\d, and]+)</li>", page)
    repeated = sum(len(re.findall(r"\d+", rounds)) - 1 for _, _, rounds in lines)
    assert repeated == 8  # 36 meetings among 28 pairs: the fewest there can be
    first, second, _ = lines[0]
    a, b = (Player.objects.get(event=p.event, name=n) for n in (first, second))
    together = [r.number for r in p.rounds if any(a.pk in t and b.pk in t for t in tables_of(r))]
    assert len(together) > 1


def test_the_desk_offers_no_pre_seating_to_a_knock_out_event():
    p = planned(advancement=Event.Format.KNOCKOUT)
    desk = session_for(p.organiser)
    page = desk.get(reverse("desk:rounds", args=[p.event.pk])).content.decode()
    assert "Seat every preliminary round at once" not in page
    answer = desk.post(reverse("desk:rounds-preseat", args=[p.event.pk]), follow=True)
    assert "Only an event where every player plays every preliminary round" in (
        answer.content.decode()
    )
    assert not p.event.rounds.exclude(status=Round.Status.PLANNED).exists()


def test_the_organiser_moves_a_player_in_a_round_seated_ahead_from_its_page():
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=3, actor=p.organiser)
    second = p.rounds[1]
    desk = session_for(p.organiser)
    page = desk.get(reverse("desk:round", args=[second.pk])).content.decode()
    assert "Round 2 is seated ahead: start it once round 1 has ended." in page
    move = f"{reverse('desk:seat', args=[second.pk])}?seed=3&amp;keep=on"
    assert move in page

    before = tables_of(second)
    preview = desk.get(reverse("desk:seat", args=[second.pk]), {"seed": 3, "keep": "on"})
    shown = [[s["player_id"] for s in t["seats"]] for t in preview.context["preview"]["tables"]]
    assert shown == before
    assert "Move players in round 2" in preview.content.decode()

    mover = before[0][0]
    desk.post(
        reverse("desk:seat-confirm", args=[second.pk]),
        {"seed": 3, "keep": "on", f"t_{mover}": 3},
    )
    assert tables_of(second)[2] == [*before[2], mover]


# --------------------------------------------------------------------------- badges and pages


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def test_each_badge_lists_the_players_table_and_seat_in_every_round(media):
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=5, actor=p.organiser)
    job = make(PrintJob.objects.create(event=p.event, kind=PrintJob.Kind.BADGES))
    assert job.status == PrintJob.Status.DONE, job.error
    text = " ".join(pdf_text(job.file.path).split())
    on_badges = {b["name"]: b["tables"] for part in badges(job).items for b in part["badges"]}
    for player in Player.objects.filter(event=p.event):
        lines = [
            "Round {}: table {}, seat {}".format(r.number, *where(player, r)) for r in p.rounds
        ]
        assert on_badges[player.name] == lines
        for line in lines:  # each seat of each round is one player's
            assert line in text


def test_the_players_page_lists_their_tables_once_the_rounds_are_released():
    p = planned()
    rounds_preseat(event_id=p.event.pk, seed=9, actor=p.organiser)
    player = Player.objects.get(event=p.event, name="Player 05")
    url = f"/p/{player.token}/"
    page = session_for().get(url).content.decode()
    assert "Your tables" not in page
    assert "Round 1 · Preliminary" in page

    for round_ in p.rounds:
        round_release(round_id=round_.pk, actor=p.organiser)
    page = session_for().get(url).content.decode()
    assert "Your tables" in page
    for round_ in p.rounds:
        table, seat = where(player, round_)
        assert f"Round {round_.number}: table {table}, seat {seat}" in page
    assert "Round 1 · Preliminary" in page


# --------------------------------------------------------------------------- the API


def test_the_api_seats_every_round_at_once_and_lists_the_repeats():
    p = planned(players=8)
    api = client_for(p.organiser)
    answer = api.post(f"/api/events/{p.event.pk}/preseat/", {"seed": 12}, format="json")
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["seed"] == 12
    assert [r["round"] for r in body["rounds"]] == [r.pk for r in p.rounds]
    for shown, round_ in zip(body["rounds"], p.rounds, strict=True):
        seats = [[s["player_id"] for s in t["seats"]] for t in shown["tables"]]
        assert seats == tables_of(round_)
    assert sum(len(r["rounds"]) - 1 for r in body["repeats"]) == 8
    a, b = body["repeats"][0]["players"]
    together = [r.number for r in p.rounds if any(a in t and b in t for t in tables_of(r))]
    assert body["repeats"][0]["rounds"] == together


def test_the_api_refuses_to_pre_seat_a_knock_out_event():
    p = planned(advancement=Event.Format.KNOCKOUT)
    answer = client_for(p.organiser).post(f"/api/events/{p.event.pk}/preseat/", {}, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"] == "cannot_preseat"
    assert not p.event.rounds.exclude(status=Round.Status.PLANNED).exists()
