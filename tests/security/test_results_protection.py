"""The database keeps the night's outcome as the services wrote it, whatever SQL reaches it:
a result's figures are written once and add up, a confirmed table's results stay, a table
is confirmed only by someone the two-person rule allows, and the audit trail only grows."""

from __future__ import annotations

import uuid

import pytest
from django.db import DatabaseError, IntegrityError, transaction

from banking.actors import Actor
from banking.services.entries import entry_post
from tests.conftest import World
from tests.entries import bank
from tests.factories import VolunteerFactory
from tournament.models import AuditEvent, Result, Table, Volunteer
from tournament.results.closing import table_close
from tournament.results.reviews import checker_problem, table_confirm, table_reopen

pytestmark = pytest.mark.django_db


def refused(match: str):
    """The statement in the block is refused by the database, and changes nothing."""
    return pytest.raises(DatabaseError, match=match)


@pytest.fixture
def closed(world: World) -> Table:
    """The first table, with one entry, closed: its results written, awaiting a check."""
    bank(world.table, kind="pass_go", seat=1)
    table_close(table_id=world.table.pk)
    world.table.refresh_from_db()
    return world.table


def test_a_results_figures_are_written_once(closed: Table):
    results = Result.objects.filter(seat__table=closed)
    before = sorted(results.values_list("net_worth", "cash", "rank", "points"))
    for change in ({"net_worth": 99_999, "cash": 99_999}, {"rank": 1}, {"points": 9}):
        with refused("written once"), transaction.atomic():
            results.update(**change)
    assert sorted(results.values_list("net_worth", "cash", "rank", "points")) == before
    # Who goes through is decided after the tables close: that may change.
    assert results.update(advances=True, override_reason="The organiser's decision") == 4


def test_a_net_worth_is_the_sum_of_its_parts(closed: Table):
    row = Result.objects.filter(seat__table=closed).first()
    row.pk = None
    row.seat = closed.round.tables.exclude(pk=closed.pk).first().seats.first()
    row.player = row.seat.player
    row.net_worth += 1
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save()


def test_a_confirmed_tables_results_stay_until_it_is_reopened(world: World, closed: Table):
    table_confirm(table_id=closed.pk, user=world.referee)
    results = Result.objects.filter(seat__table=closed)
    with refused("confirmed"), transaction.atomic():
        results.delete()
    assert results.count() == 4
    # Reopened through its service, with a reason: the results are withdrawn.
    table_reopen(table_id=closed.pk, user=world.organiser, reason="Seat 2's rent was wrong")
    assert results.count() == 0


def test_the_database_and_the_service_agree_on_who_may_confirm(world: World):
    """The two-person rule stands in two places on purpose: reviews.checker_problem, which
    the services and pages ask, and the trigger of migration 0016, which guards the table
    against any other SQL. Each person is put to both: the service refuses them exactly
    when the database does, for the same reason."""
    closed = world.table

    def referee(**fields) -> object:
        """A referee of the event (who may check a table), whatever else they are."""
        return VolunteerFactory(event=world.event, role=Volunteer.Role.REFEREE, **fields).user

    banker = referee(user=closed.banker.user)
    player = referee(player=closed.seats.first().player)
    recorder = referee()
    entry_post(
        table_id=closed.pk,
        entry_id=uuid.uuid4(),
        payload={"kind": "adjust", "seat": 1, "amount": 5, "reason": "Short change"},
        actor=Actor(role=Actor.REFEREE, name=recorder.username, user=recorder),
    )
    closer = referee()
    table_close(table_id=closed.pk)
    Table.objects.filter(pk=closed.pk).update(closed_by=closer)
    table = Table.objects.filter(pk=closed.pk)
    cases = [  # who checks; the service's refusal; the database's
        (None, "not_authenticated", "who confirmed"),
        (banker, "own_table", "banked"),
        (player, "own_game", "plays"),
        (closer, "own_closing", "closed"),
        (recorder, "own_entries", "recorded entries"),
        (world.referee, None, None),  # who did none of those
    ]
    for checker, code, why in cases:
        problem = checker_problem(table.with_event_and_banker().get(), checker)
        assert (problem and problem.code) == code
        if why is None:
            table.update(review=Table.Review.CONFIRMED, reviewed_by=checker)
        else:
            with refused(why), transaction.atomic():
                table.update(review=Table.Review.CONFIRMED, reviewed_by=checker)
    assert table.get().review == Table.Review.CONFIRMED
    other = world.tables[1]
    with refused("closed"), transaction.atomic():  # still open: nothing to confirm
        Table.objects.filter(pk=other.pk).update(
            review=Table.Review.CONFIRMED, reviewed_by=world.referee
        )


def test_the_audit_trail_only_grows(world: World, closed: Table):
    trail = AuditEvent.objects.filter(event=world.event)
    count = trail.count()
    assert count > 0
    with refused("audit trail"), transaction.atomic():
        trail.update(reason="Nothing happened")
    with refused("audit trail"), transaction.atomic():
        trail.delete()
    assert trail.count() == count
    assert not trail.filter(reason="Nothing happened").exists()
