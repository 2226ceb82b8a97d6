"""A result counts only when a second person confirms it (docs/design.md, "Results are
checked by a second person"): the banker closes the table and its result is written; a
referee who did not bank it confirms it, or disputes it with a reason; a confirmed result is
locked until an organiser reopens it; a round ends on confirmed results only, unless the
organiser forces it with a reason. Everything through the API, as a tablet or a script would."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from banking.models import Entry
from tests.conftest import World, client_for, close_and_confirm, make_world
from tests.entries import post_entry, posted
from tests.factories import VolunteerFactory
from tournament.models import AuditEvent, Result, Round, Table, Volunteer

pytestmark = pytest.mark.django_db

STEPS = ("table_closed", "table_disputed", "table_reopened", "table_confirmed", "round_ended")


# --------------------------------------------------------------------------- helpers


def url(table: Table, action: str) -> str:
    return f"/api/tables/{table.pk}/{action}/"


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.json()
    return response.json()


def refusal(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.json()
    body = response.json()
    assert body["error"] == code, body
    assert body["detail"]
    return body


def another_referee(world: World) -> Any:
    return VolunteerFactory(event=world.event, role=Volunteer.Role.REFEREE).user


def referee_who_banked(world: World, table: Table) -> Any:
    """The world's referee, who also banks this table: a banker Volunteer row for the same
    user, set as the table's banker."""
    banker = VolunteerFactory(event=world.event, user=world.referee, role=Volunteer.Role.BANKER)
    Table.objects.filter(pk=table.pk).update(banker=banker)
    return world.referee


def results_of(table: Table) -> dict[int, Result]:
    return {
        r.seat.number: r for r in Result.objects.filter(seat__table=table).select_related("seat")
    }


def trail(world: World) -> list[tuple[str, str]]:
    """The audit trail of the review steps, oldest first: (action, subject)."""
    events = AuditEvent.objects.filter(event=world.event, action__in=STEPS).order_by("id")
    return [(e.action, e.subject) for e in events]


def review_of(table: Table) -> tuple[str, str]:
    table.refresh_from_db()
    return table.status, table.review


# --------------------------------------------------------------------------- closing


def test_closing_a_table_writes_its_result_at_once_awaiting_confirmation(world):
    table = world.table
    posted(world.banker(), table, kind="buy", seat=2, space=39)
    posted(world.banker(), table, kind="pass_go", seat=3)
    state = ok(world.banker().post(url(table, "close")))
    assert (state["table_status"], state["review"], state["review_note"]) == (
        "closed",
        "awaiting",
        "",
    )
    results = results_of(table)
    assert (results[3].net_worth, results[3].rank) == (1700, 1)
    assert (results[2].cash, results[2].property_value, results[2].net_worth) == (1100, 400, 1500)
    closing = AuditEvent.objects.get(event=world.event, action="table_closed")
    assert closing.subject == f"Round 1, table {table.number}"
    assert closing.data["net_worths"] == {"1": 1500, "2": 1500, "3": 1700, "4": 1500}
    boardwalk = closing.data["seats"][1]["deeds"]
    assert [(d["name"], d["value"], d["mortgaged"]) for d in boardwalk] == [
        ("Boardwalk", 400, False)
    ]
    # Only the table's own results: the other table stays open, with none.
    assert not Result.objects.filter(seat__table=world.tables[1]).exists()
    # Closing again (a tablet resending) changes nothing.
    assert ok(world.banker().post(url(table, "close")))["review"] == "awaiting"
    assert AuditEvent.objects.filter(action="table_closed").count() == 1


def test_a_result_cannot_be_confirmed_before_its_table_is_closed(world):
    refusal(world.referee_client().post(url(world.table, "confirm")), 409, "table_not_closed")
    refusal(
        world.referee_client().post(url(world.table, "dispute"), {"reason": "x"}, format="json"),
        409,
        "table_not_closed",
    )


# --------------------------------------------------------------------------- who may check


def test_a_referee_cannot_confirm_a_table_they_banked(world):
    table = world.table
    referee = referee_who_banked(world, table)
    ok(world.banker().post(url(table, "close")))

    body = refusal(client_for(referee).post(url(table, "confirm")), 403, "own_table")
    assert set(body) == {"error", "detail"}
    assert "You banked this table" in body["detail"]
    refusal(
        client_for(referee).post(url(table, "dispute"), {"reason": "Looks off"}, format="json"),
        403,
        "own_table",
    )
    assert review_of(table) == ("closed", "awaiting")
    assert not AuditEvent.objects.filter(action__in=["table_confirmed", "table_disputed"]).exists()
    # The same referee may check a table they did not bank.
    other = world.tables[1]
    ok(world.banker(other).post(url(other, "close")))
    assert ok(client_for(referee).post(url(other, "confirm")))["review"] == "confirmed"


def test_an_organiser_who_banked_the_table_cannot_confirm_it_either(world):
    table = world.table
    banker = VolunteerFactory(event=world.event, user=world.organiser, role=Volunteer.Role.BANKER)
    Table.objects.filter(pk=table.pk).update(banker=banker)
    ok(world.banker().post(url(table, "close")))
    refusal(world.organiser_client().post(url(table, "confirm")), 403, "own_table")


def test_a_player_at_the_table_cannot_confirm_it(world):
    table = world.table
    playing = table.seats.get(number=1).player
    Volunteer.objects.filter(event=world.event, user=world.referee).update(player=playing)
    ok(world.banker().post(url(table, "close")))
    refusal(world.referee_client().post(url(table, "confirm")), 403, "own_game")


def test_a_table_key_cannot_confirm_or_dispute(world):
    table = world.table
    ok(world.banker().post(url(table, "close")))
    for key_of in (table, world.tables[1]):
        body = refusal(world.banker(key_of).post(url(table, "confirm")), 403, "permission_denied")
        assert "table key" in body["detail"]
        refusal(
            world.banker(key_of).post(url(table, "dispute"), {"reason": "x"}, format="json"),
            403,
            "permission_denied",
        )
    refusal(APIClient().post(url(table, "confirm")), 401, "not_authenticated")
    assert review_of(table) == ("closed", "awaiting")


def test_a_different_referee_confirms_and_the_trail_says_who(world):
    table = world.table
    posted(world.banker(), table, kind="pass_go", seat=1)
    referee_who_banked(world, table)
    ok(world.banker().post(url(table, "close")))
    checker = another_referee(world)

    body = ok(client_for(checker).post(url(table, "confirm")))
    assert (body["review"], body["reviewed_by"], body["table_status"]) == (
        "confirmed",
        checker.username,
        "closed",
    )
    assert [r["net_worth"] for r in body["results"]] == [1700, 1500, 1500, 1500]
    table.refresh_from_db()
    assert (table.reviewed_by, table.reviewed_at is not None) == (checker, True)
    confirmed = AuditEvent.objects.get(action="table_confirmed")
    assert (confirmed.actor, confirmed.subject) == (checker, f"Round 1, table {table.number}")
    assert confirmed.data["net_worths"]["1"] == 1700
    # A second tap changes nothing, and records nothing more.
    assert ok(client_for(checker).post(url(table, "confirm")))["review"] == "confirmed"
    assert AuditEvent.objects.filter(action="table_confirmed").count() == 1


def test_a_dispute_needs_a_reason(world):
    ok(world.banker().post(url(world.table, "close")))
    for body in ({}, {"reason": "   "}):
        refusal(
            world.referee_client().post(url(world.table, "dispute"), body, format="json"),
            400,
            "reason_required",
        )
    assert review_of(world.table) == ("closed", "awaiting")


# --------------------------------------------------------------------------- locked


def test_a_confirmed_result_is_locked(world):
    table = world.table
    buy = posted(world.banker(), table, kind="buy", seat=1, space=39)["entry"]
    ok(world.banker().post(url(table, "close")))
    ok(world.referee_client().post(url(table, "confirm")))
    before = Entry.objects.filter(table=table).count(), results_of(table)[1].net_worth

    refusal(post_entry(world.banker(), table, kind="pass_go", seat=1), 409, "table_confirmed")
    adjust = {"kind": "adjust", "seat": 1, "amount": 10, "reason": "late"}
    refusal(post_entry(world.referee_client(), table, **adjust), 409, "table_confirmed")
    refusal(
        world.referee_client().post(
            f"{url(table, 'entries')}{buy['id']}/void/", {"reason": "late"}, format="json"
        ),
        409,
        "table_confirmed",
    )
    refusal(
        world.referee_client().post(url(table, "dispute"), {"reason": "x"}, format="json"),
        409,
        "table_confirmed",
    )
    refusal(world.banker().post(url(table, "close")), 409, "table_confirmed")
    refusal(world.organiser_client().post(url(table, "close")), 409, "table_confirmed")

    assert (Entry.objects.filter(table=table).count(), results_of(table)[1].net_worth) == before
    assert review_of(table) == ("closed", "confirmed")


def test_an_organiser_reopens_a_confirmed_result_with_a_reason_and_a_referee_cannot(world):
    table = world.table
    ok(world.banker().post(url(table, "close")))
    ok(world.referee_client().post(url(table, "confirm")))

    refusal(
        world.referee_client().post(url(table, "reopen"), {"reason": "x"}, format="json"),
        403,
        "organiser_only",
    )
    refusal(
        world.banker().post(url(table, "reopen"), {"reason": "x"}, format="json"),
        403,
        "permission_denied",
    )
    refusal(
        world.organiser_client().post(url(table, "reopen"), {}, format="json"),
        400,
        "reason_required",
    )
    assert review_of(table) == ("closed", "confirmed")

    reason = "Seat 2 says a rent was missed"
    body = ok(
        world.organiser_client().post(url(table, "reopen"), {"reason": reason}, format="json")
    )
    assert (body["table_status"], body["review"], body["review_note"]) == (
        "open",
        "disputed",
        reason,
    )
    assert body["results"] == []  # withdrawn until the table is closed again
    reopened = AuditEvent.objects.get(action="table_reopened")
    assert (reopened.actor, reopened.reason) == (world.organiser, reason)
    assert reopened.data["net_worths"] == {"1": 1500, "2": 1500, "3": 1500, "4": 1500}
    # Open again: the banker records the correction and closes again.
    posted(world.banker(), table, kind="pass_go", seat=2)
    assert ok(world.banker().post(url(table, "close")))["review"] == "awaiting"
    assert results_of(table)[2].net_worth == 1700
    # Reopening is for confirmed results only.
    refusal(
        world.organiser_client().post(url(table, "reopen"), {"reason": reason}, format="json"),
        409,
        "not_confirmed",
    )


def test_the_console_state_shows_the_review_and_its_note(world):
    table = world.table
    assert ok(world.banker().get(url(table, "state")))["review"] == ""
    ok(world.banker().post(url(table, "close")))
    reason = "Boardwalk belongs to seat 2"
    ok(world.referee_client().post(url(table, "dispute"), {"reason": reason}, format="json"))
    state = ok(world.banker().get(url(table, "state")))
    assert (state["table_status"], state["review"], state["review_note"]) == (
        "open",
        "disputed",
        reason,
    )


# --------------------------------------------------------------------------- dispute, fix


def test_a_dispute_a_fix_a_reclose_and_a_confirmation_end_with_the_corrected_result(world):
    table, banker = world.table, world.banker()
    wrong = posted(banker, table, kind="buy", seat=1, space=39)["entry"]  # it was seat 2's purchase
    posted(banker, table, kind="pass_go", seat=3)
    first = ok(banker.post(url(table, "close")))
    assert first["review"] == "awaiting"
    assert results_of(table)[1].net_worth == 1100 + 400
    first_code = Table.objects.get(pk=table.pk).verification_code

    # A referee checks the table and disputes: the result is withdrawn, the table opens.
    disputer = world.referee_client()
    reason = "Boardwalk went to seat 1; seat 2 bought it"
    disputed = ok(disputer.post(url(table, "dispute"), {"reason": reason}, format="json"))
    assert (disputed["table_status"], disputed["review"], disputed["review_note"]) == (
        "open",
        "disputed",
        reason,
    )
    assert results_of(table) == {}

    # The fix: the wrong purchase voided, then the right one by the banker; a referee's
    # adjustment for the change Boardwalk's owner never got back.
    void = disputer.post(
        f"{url(table, 'entries')}{wrong['id']}/void/", {"reason": "wrong buyer"}, format="json"
    )
    assert void.status_code == 201, void.json()
    posted(banker, table, kind="buy", seat=2, space=39)
    adjust = {"kind": "adjust", "seat": 2, "amount": 25, "reason": "change owed"}
    posted(disputer, table, **adjust)

    # Closed again: a new result awaits confirmation, then another referee confirms it.
    assert ok(banker.post(url(table, "close")))["review"] == "awaiting"
    checker = another_referee(world)
    confirmed = ok(client_for(checker).post(url(table, "confirm")))
    assert confirmed["review"] == "confirmed"

    results = results_of(table)
    assert (results[1].cash, results[1].net_worth) == (1500, 1500)
    assert (results[2].cash, results[2].property_value, results[2].net_worth) == (
        1500 - 400 + 25,
        400,
        1525,
    )
    assert (results[3].net_worth, results[3].rank) == (1700, 1)
    assert results[2].rank == 2
    assert Table.objects.get(pk=table.pk).verification_code != first_code

    # The audit trail holds every step, in order; the corrections are in the ledger between
    # the dispute and the second closing.
    subject = f"Round 1, table {table.number}"
    assert trail(world) == [
        ("table_closed", subject),
        ("table_disputed", subject),
        ("table_closed", subject),
        ("table_confirmed", subject),
    ]
    steps = list(AuditEvent.objects.filter(action__in=STEPS).order_by("id"))
    assert steps[1].reason == reason
    assert steps[1].actor == world.referee
    assert steps[0].data["net_worths"]["1"] == 1500
    assert steps[2].data["net_worths"]["2"] == 1525
    assert steps[3].actor == checker
    corrections = Entry.objects.filter(table=table, kind__in=["void", "adjust"]).order_by("seq")
    assert [e.kind for e in corrections] == ["void", "adjust"]
    assert all(steps[1].created_at <= e.created_at <= steps[2].created_at for e in corrections)
    assert [e.author_role for e in corrections] == ["referee", "referee"]


# --------------------------------------------------------------------------- ending the round


def three_tables() -> World:
    world = make_world(players=12)
    assert len(world.tables) == 3
    return world


def test_a_round_with_an_unconfirmed_table_refuses_to_end_and_lists_it(db):
    world = three_tables()
    first, second, third = world.tables
    ok(world.banker(first).post(url(first, "close")))
    ok(world.referee_client().post(url(first, "confirm")))
    ok(world.banker(second).post(url(second, "close")))  # awaiting confirmation; third: open

    org = world.organiser_client()
    body = refusal(org.post(f"/api/rounds/{world.round.pk}/end/"), 409, "unconfirmed_tables")
    assert body["tables"] == [
        {"id": second.pk, "number": 2, "status": "closed", "review": "awaiting"},
        {"id": third.pk, "number": 3, "status": "open", "review": ""},
    ]
    assert "table 2 (awaiting confirmation)" in body["detail"]
    assert "table 3 (still open)" in body["detail"]
    world.round.refresh_from_db()
    assert world.round.status == Round.Status.RUNNING
    assert not Result.objects.filter(round=world.round, advances=True).exists()
    # Forcing needs a reason.
    forced = org.post(f"/api/rounds/{world.round.pk}/end/", {"force": True}, format="json")
    refusal(forced, 400, "reason_required")
    assert review_of(third) == ("open", "")


def test_a_forced_end_records_its_reason_and_marks_the_forced_tables(db):
    world = three_tables()
    first, second, third = world.tables
    posted(world.banker(third), third, kind="pass_go", seat=2)
    ok(world.banker(first).post(url(first, "close")))
    ok(world.referee_client().post(url(first, "confirm")))
    ok(world.banker(second).post(url(second, "close")))
    ok(world.banker(third).post(url(third, "close")))
    ok(
        world.referee_client().post(
            url(third, "dispute"), {"reason": "Seat 4 says a rent is missing"}, format="json"
        )
    )

    reason = "The hall closes at eleven"
    ended = ok(
        world.organiser_client().post(
            f"/api/rounds/{world.round.pk}/end/", {"force": True, "reason": reason}, format="json"
        )
    )
    assert ended["status"] == "ended"

    forced = AuditEvent.objects.get(event=world.event, action="round_forced_end")
    assert (forced.actor, forced.reason, forced.subject) == (world.organiser, reason, "Round 1")
    assert [(t["number"], t["review"]) for t in forced.data["forced_tables"]] == [
        (2, "awaiting"),
        (3, "disputed"),
    ]
    # The disputed table was open: closed and valued as it stood, and still marked disputed.
    assert review_of(third) == ("closed", "disputed")
    closings = AuditEvent.objects.filter(action="table_closed", data__table_id=third.pk)
    closing = closings.order_by("id").last()
    assert (closing.reason, closing.data["forced"]) == (reason, True)

    rows = ok(world.organiser_client().get(f"/api/rounds/{world.round.pk}/results/"))
    assert len(rows) == 12
    marks = {(r["table"], r["forced"], r["review"]) for r in rows}
    assert marks == {(1, False, "confirmed"), (2, True, "awaiting"), (3, True, "disputed")}
    by_table = {r["table"]: r for r in rows if r["rank"] == 1}
    assert by_table[3]["net_worth"] == 1700
    assert by_table[3]["advances"]
    # The round is over: its results are final, nobody checks them any more.
    refusal(world.referee_client().post(url(second, "confirm")), 409, "round_not_running")


def test_an_empty_end_still_works_once_every_table_is_confirmed(world):
    close_and_confirm(world.round, by=world.referee)
    ended = ok(world.organiser_client().post(f"/api/rounds/{world.round.pk}/end/"))
    assert ended["status"] == "ended"
    assert AuditEvent.objects.filter(action="round_ended", reason="").count() == 1
    assert not AuditEvent.objects.filter(action="round_forced_end").exists()


# --------------------------------------------------------------------------- advancement


def test_advancement_follows_the_confirmed_result_not_an_earlier_one(world):
    table, banker = world.table, world.banker()
    wrong = posted(banker, table, kind="pass_go", seat=3)["entry"]
    ok(banker.post(url(table, "close")))
    assert results_of(table)[3].rank == 1  # as first closed: seat 3 ahead
    winner_first = table.seats.get(number=3).player_id

    # Not confirmed: the standings do not show it.
    org = world.organiser_client()
    assert ok(org.get(f"/api/rounds/{world.round.pk}/results/")) == []

    ok(
        world.referee_client().post(
            url(table, "dispute"), {"reason": "seat 2 passed GO"}, format="json"
        )
    )
    void = world.referee_client().post(
        f"{url(table, 'entries')}{wrong['id']}/void/", {"reason": "wrong seat"}, format="json"
    )
    assert void.status_code == 201
    posted(banker, table, kind="pass_go", seat=2)
    ok(banker.post(url(table, "close")))
    ok(client_for(another_referee(world)).post(url(table, "confirm")))

    standings = ok(org.get(f"/api/rounds/{world.round.pk}/results/"))
    assert {r["table"] for r in standings} == {table.number}  # the confirmed table only
    other = world.tables[1]
    ok(world.banker(other).post(url(other, "close")))
    ok(world.referee_client().post(url(other, "confirm")))
    ok(org.post(f"/api/rounds/{world.round.pk}/end/"))

    winner = table.seats.get(number=2).player_id
    advancing = set(
        Result.objects.filter(round=world.round, seat__table=table, advances=True).values_list(
            "player_id", flat=True
        )
    )
    assert advancing == {winner}
    assert winner_first not in advancing


# --------------------------------------------------------------------------- the pages


def test_the_desk_round_page_shows_reviews_the_disputed_queue_and_the_force_form(client, db):
    world = three_tables()
    first, second, third = world.tables
    ok(world.banker(first).post(url(first, "close")))
    ok(world.referee_client().post(url(first, "confirm")))
    ok(world.banker(second).post(url(second, "close")))
    reason = "Rent on Boardwalk missing"
    ok(world.banker(third).post(url(third, "close")))
    ok(world.referee_client().post(url(third, "dispute"), {"reason": reason}, format="json"))

    client.force_login(world.organiser)
    page = client.get(reverse("desk:round", args=[world.round.pk])).content.decode()
    assert "Confirmed" in page
    assert "Awaiting confirmation" in page
    assert "Disputed" in page
    assert reason in page
    referee_page = reverse("referee-table", args=[world.event.pk, third.pk])
    assert referee_page in page  # the queue shows the ledger
    assert "Force end of round 1" in page
    assert "Table 2</a>: awaiting confirmation" in page
    assert "Table 3</a>: disputed, being corrected" in page

    end = reverse("desk:round-end", args=[world.round.pk])
    refused = client.post(end, follow=True).content.decode()
    assert "Not every table is confirmed" in refused
    no_reason = client.post(end, {"force": "1", "reason": " "}, follow=True).content.decode()
    assert "Say why the round ends" in no_reason
    response = client.post(end, {"force": "1", "reason": "Hall closing"})
    assert response["Location"] == reverse("desk:results", args=[world.round.pk])
    results = client.get(response["Location"]).content.decode()
    assert "Not confirmed: forced in (awaiting confirmation)" in results
    assert "Not confirmed: forced in (disputed)" in results
    assert AuditEvent.objects.get(action="round_forced_end").reason == "Hall closing"


def test_the_results_page_shows_how_each_net_worth_was_computed(client, world):
    table, banker = world.table, world.banker()
    for move in (
        {"kind": "buy", "seat": 1, "space": 39},
        {"kind": "buy", "seat": 1, "space": 37},
        {"kind": "build", "seat": 1, "space": 39},
        {"kind": "build", "seat": 1, "space": 37},
        {"kind": "buy", "seat": 1, "space": 1},
        {"kind": "mortgage", "seat": 1, "space": 1},
        {"kind": "buy", "seat": 2, "space": 3},  # Baltic: seat 2 level with 3 and 4, less cash
    ):
        posted(banker, table, **move)
    close_and_confirm(world.round, by=world.referee)
    client.force_login(world.organiser)
    page = client.get(reverse("desk:results", args=[world.round.pk])).content.decode()
    assert (
        "cash $320 + deeds $780 (Mediterranean Avenue mortgaged $30, Park Place $350, Boardwalk"
        " $400) + buildings $400 (Park Place 1 house $200, Boardwalk 1 house $200) = $1,500"
    ) in page
    assert "level with" in page
    assert "more cash ranks higher" in page
    assert "tied with" in page
    assert "organiser&#x27;s decision" in page


def test_the_referee_page_hides_confirm_from_the_tables_banker_and_the_server_refuses(
    client, world
):
    table = world.table
    referee = referee_who_banked(world, table)
    ok(world.banker().post(url(table, "close")))
    page_url = reverse("referee-table", args=[world.event.pk, table.pk])
    client.force_login(referee)
    page = client.get(page_url).content.decode()
    assert "Confirm the result" not in page
    assert "You banked this table" in page
    response = client.post(reverse("referee-confirm", args=[world.event.pk, table.pk]))
    assert response.status_code == 403
    assert "You banked this table" in response.content.decode()
    assert review_of(table) == ("closed", "awaiting")

    client.force_login(another_referee(world))
    assert "Confirm the result of table 1" in client.get(page_url).content.decode()
    response = client.post(reverse("referee-confirm", args=[world.event.pk, table.pk]))
    assert response.status_code == 302
    assert review_of(table) == ("closed", "confirmed")


def test_the_referee_event_page_puts_disputed_tables_at_the_top(client, world):
    table = world.table
    ok(world.banker().post(url(table, "close")))
    ok(world.referee_client().post(url(table, "dispute"), {"reason": "Count again"}, format="json"))
    other = world.tables[1]
    ok(world.banker(other).post(url(other, "close")))
    client.force_login(world.referee)
    page = client.get(reverse("referee-event", args=[world.event.pk])).content.decode()
    assert page.index("Disputed") < page.index("Awaiting confirmation") < page.index("Latest entry")
    assert "Count again" in page
