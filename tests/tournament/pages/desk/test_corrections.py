"""The desk corrects what it recorded: a player's details, a donation, a volunteer; each
change audited. A player who has played is withdrawn, never deleted."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import World, session_for
from tournament import selectors
from tournament.models import AuditEvent, Donation, Player, Round, Volunteer
from tournament.services.events import donation_add
from tournament.services.rounds import round_create, round_seat


def desk(world: World):
    return session_for(world.organiser)


def test_the_desk_corrects_a_players_details(world):
    player = world.event.players.order_by("pk").first()
    url = reverse("desk:player-edit", args=[player.pk])
    page = desk(world).get(reverse("desk:players", args=[world.event.pk])).content.decode()
    assert url in page
    # Their link and QR code are a tap away on this tab too, not only at check-in.
    assert reverse("desk:player-message", args=[player.pk]) in page

    form = {"name": "Ada King", "email": "ada@example.org", "team": "Reds", "paid": "30"}
    response = desk(world).post(url, form, follow=True)

    assert "Ada King: saved" in response.content.decode()
    player.refresh_from_db()
    assert (player.name, player.email, player.team, player.paid) == (
        "Ada King",
        "ada@example.org",
        "Reds",
        30,
    )
    row = AuditEvent.objects.get(action="player_updated")
    assert row.actor_id == world.organiser.pk
    assert row.data["changed"]["paid"] == [0, 30]


def test_a_correction_with_a_missing_name_says_so_and_changes_nothing(world):
    player = world.event.players.order_by("pk").first()
    response = desk(world).post(
        reverse("desk:player-edit", args=[player.pk]), {"name": " ", "paid": "0"}
    )
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    assert Player.objects.get(pk=player.pk).name == player.name


def test_a_player_who_never_played_is_removed(world):
    newcomer = world.event.players.create(name="Late Lou", paid=20)
    response = desk(world).post(reverse("desk:player-remove", args=[newcomer.pk]), follow=True)
    assert "Late Lou: removed" in response.content.decode()
    assert not Player.objects.filter(pk=newcomer.pk).exists()
    assert AuditEvent.objects.get(action="player_removed").data["paid"] == 20


def test_a_player_who_played_is_withdrawn_and_never_seated_again(world):
    played = world.table.seats.first().player
    page = desk(world).post(reverse("desk:player-remove", args=[played.pk]), follow=True)

    assert f"{played.name}: withdrawn" in page.content.decode()
    played.refresh_from_db()
    assert played.withdrawn
    assert not played.checked_in
    assert played.seats.exists()  # what they played stays
    players_page = desk(world).get(reverse("desk:players", args=[world.event.pk]))
    assert "Withdrawn" in players_page.content.decode()
    # Checking them in again is refused with a sentence; the desk brings them back first.
    refused = desk(world).post(
        reverse("desk:player-check-in", args=[played.pk]), {"checked_in": "1"}, follow=True
    )
    assert "withdrawn" in refused.content.decode()
    assert not Player.objects.get(pk=played.pk).checked_in
    # A new event's seating of everyone leaves them out.
    event = world.event
    fresh = type(event).objects.create(name="Again", date=event.date, edition=event.edition)
    for player in event.players.all():
        fresh.players.create(name=player.name, withdrawn=player.withdrawn)
    round_ = round_create(event_id=fresh.pk)
    round_seat(round_id=round_.pk, seed=1, include_all=True)
    seated = set(Player.objects.filter(seats__table__round=round_).values_list("name", flat=True))
    assert played.name not in seated
    assert len(seated) == event.players.count() - 1
    assert Round.objects.filter(pk=round_.pk).exists()


def test_the_desk_corrects_and_removes_a_donation(world):
    donation = donation_add(event_id=world.event.pk, donor="Shop", amount=50)
    url = reverse("desk:donation-edit", args=[donation.pk])
    assert url in desk(world).get(reverse("desk:donations", args=[world.event.pk])).content.decode()

    desk(world).post(url, {"donor": "Corner Shop", "amount": "500", "note": ""})
    assert selectors.money_raised(world.event.pk)["donations"] == 500
    desk(world).post(reverse("desk:donation-remove", args=[donation.pk]))

    assert not Donation.objects.filter(pk=donation.pk).exists()
    assert selectors.money_raised(world.event.pk)["donations"] == 0
    actions = set(AuditEvent.objects.values_list("action", flat=True))
    assert {"donation_updated", "donation_removed"} <= actions


def test_the_desk_removes_a_volunteer_and_their_tables_lose_them(world):
    banker = world.table.banker
    assert banker is not None
    url = reverse("desk:volunteer-remove", args=[banker.pk])
    page = desk(world).get(reverse("desk:volunteers", args=[world.event.pk])).content.decode()
    assert url in page

    desk(world).post(url)

    assert not Volunteer.objects.filter(pk=banker.pk).exists()
    world.table.refresh_from_db()
    assert world.table.banker_id is None
    assert AuditEvent.objects.get(action="volunteer_removed").subject == banker.user.username


@pytest.mark.parametrize("name", ["desk:player-remove", "desk:player-edit"])
def test_another_events_organiser_cannot_correct_a_player(world, other_organiser, name):
    player = world.event.players.first()
    response = session_for(other_organiser).post(reverse(name, args=[player.pk]), {"name": "X"})
    assert response.status_code == 403
    assert Player.objects.get(pk=player.pk).name == player.name
