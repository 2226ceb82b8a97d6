"""Bad input is refused with a 4xx in docs/api.md's error shape, and the refusal changes nothing."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from banking.models import Entry
from tests.conftest import World, client_for, close_and_confirm, make_world
from tests.entries import posted
from tournament.models import Event, Player

pytestmark = pytest.mark.django_db


def assert_refusal(
    response: Any, status: int, error: str | set[str], *, extra: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The status, and `{"error": code, "detail": sentence}` (validation errors may add
    `fields`; a CSV import adds its report)."""
    assert response.status_code == status, response.content
    body = response.json()
    assert {"error", "detail"} <= set(body), body
    assert set(body) - {"error", "detail"} <= {"fields"} | extra, body
    assert body["error"] in ({error} if isinstance(error, str) else error), body
    assert isinstance(body["detail"], str), body
    assert body["detail"].strip(), body
    return body


def _ledger(world: World) -> tuple[int, Any, Any]:
    organiser = world.organiser_client()
    state = organiser.get(f"/api/tables/{world.table.pk}/state/")
    entries = organiser.get(f"/api/tables/{world.table.pk}/entries/")
    assert (state.status_code, entries.status_code) == (200, 200)
    return Entry.objects.filter(table=world.table).count(), state.json(), entries.json()


@contextmanager
def ledger_unchanged(world: World) -> Iterator[None]:
    before = _ledger(world)
    yield
    assert _ledger(world) == before


@pytest.fixture
def bought(world: World) -> dict[str, Any]:
    """The table has one entry already: seat 1 bought Boardwalk."""
    return posted(world.banker(), world.table, kind="buy", seat=1, space=39)["entry"]


# Entry bodies without their id; the test adds a fresh one.
BAD_ENTRIES = [
    pytest.param({"kind": "pass_go", "seat": 9}, "unknown_seat", id="seat-9-at-a-4-seat-table"),
    pytest.param({"kind": "pass_go", "seat": 0}, "invalid_field", id="seat-0"),
    pytest.param({"kind": "buy", "seat": 1, "space": 40}, "invalid_field", id="space-40"),
    pytest.param({"kind": "buy", "seat": 1, "space": -1}, "invalid_field", id="space-minus-1"),
    pytest.param({"kind": "buy", "seat": 1, "space": 7}, "not_a_deed", id="buy-chance"),
    pytest.param(
        {"kind": "auction", "seat": 2, "space": 37, "amount": -5},
        "invalid_field",
        id="auction-negative",
    ),
    pytest.param(
        {"kind": "bank_payment", "seat": 1, "amount": 10**9, "memo": "Lottery"},
        "invalid_field",
        id="bank-payment-absurd",
    ),
    pytest.param(
        {"kind": "pay_player", "seat": 1, "to_seat": 2, "amount": 0},
        "invalid_field",
        id="pay-player-zero",
    ),
    pytest.param(
        {"kind": "pay_player", "seat": 1, "to_seat": 1, "amount": 10},
        "same_seat",
        id="pay-player-self",
    ),
    pytest.param({"kind": "pass_go", "seat": "one"}, "invalid_field", id="seat-a-word"),
    pytest.param({"kind": "pass_go", "seat": "1"}, "invalid_field", id="seat-a-string"),
    pytest.param({"kind": "buy", "seat": 1, "space": 39.5}, "invalid_field", id="space-a-float"),
    pytest.param({"kind": "pass_go", "seat": True}, "invalid_field", id="seat-a-boolean"),
    pytest.param({"kind": "pass_go", "seat": None}, "invalid_field", id="seat-null"),
    pytest.param({"kind": "pass_go", "seat": [1]}, "invalid_field", id="seat-a-list"),
    pytest.param({"kind": "pass_go"}, "invalid_field", id="missing-seat"),
    pytest.param({"kind": "buy", "seat": 1}, "invalid_field", id="missing-space"),
    pytest.param({"kind": "auction", "seat": 1, "space": 37}, "invalid_field", id="missing-amount"),
    pytest.param({"seat": 1}, "invalid", id="missing-kind"),
    pytest.param({"kind": "teleport", "seat": 1}, "unknown_kind", id="unknown-kind"),
    pytest.param({"kind": 7, "seat": 1}, {"invalid", "unknown_kind"}, id="kind-a-number"),
    pytest.param(
        {"kind": "pass_go", "seat": 1, "colour": "red"}, "invalid_field", id="extra-field"
    ),
    pytest.param(
        {"kind": "buy", "seat": 1, "space": 39, "amount": 1},
        "invalid_field",
        id="extra-field-amount-on-a-buy",
    ),
    pytest.param(
        {"kind": "tax", "seat": 1, "space": 4, "choice": "half"},
        "invalid_field",
        id="unknown-choice",
    ),
    pytest.param(
        {"kind": "card", "seat": 1, "deck": "chance", "card": "no-such-card"},
        "unknown_card",
        id="unknown-card",
    ),
    pytest.param(
        {"kind": "bank_payment", "seat": 1, "amount": 50, "memo": "x" * 201},
        "invalid_field",
        id="memo-too-long",
    ),
]


@pytest.mark.parametrize(("body", "error"), BAD_ENTRIES)
def test_a_bad_entry_is_refused_and_changes_nothing(world, bought, post_entry, body, error):
    with ledger_unchanged(world):
        response = post_entry(world.banker(), world.table, **body)
        assert_refusal(response, 400, error)


BAD_IDS = [
    pytest.param({"id": "not-a-uuid"}, id="id-not-a-uuid"),
    pytest.param({"id": 12}, id="id-a-number"),
    pytest.param({"id": ""}, id="id-empty"),
    pytest.param({"id": None}, id="id-null"),
    pytest.param({}, id="id-missing"),
]


@pytest.mark.parametrize("ident", BAD_IDS)
def test_an_entry_without_a_proper_id_is_refused(world, bought, ident):
    with ledger_unchanged(world):
        response = world.banker().post(
            f"/api/tables/{world.table.pk}/entries/",
            {**ident, "kind": "pass_go", "seat": 1},
            format="json",
        )
        assert_refusal(response, 400, "invalid")


RAW_BODIES = [
    pytest.param(
        b'{"id": "0e6f2b3a-1c8e-4c39-9c57-1f2d8e0f0a11", "kind": "pass_go", "seat": ',
        "malformed_json",
        id="truncated-json",
    ),
    pytest.param(b"{'kind': 'pass_go', 'seat': 1}", "malformed_json", id="single-quotes"),
    pytest.param(b"\xff\xfe{}", "malformed_json", id="not-utf8"),
    pytest.param(b"", "invalid", id="empty-body"),
    pytest.param(b'[{"kind": "pass_go", "seat": 1}]', "invalid", id="a-json-array"),
    pytest.param(b'"pass_go"', "invalid", id="a-json-string"),
    pytest.param(b"null", "invalid", id="json-null"),
]


@pytest.mark.parametrize(("raw", "error"), RAW_BODIES)
def test_a_body_that_is_not_an_entry_object_is_refused(world, bought, raw, error):
    with ledger_unchanged(world):
        response = world.banker().post(
            f"/api/tables/{world.table.pk}/entries/", raw, content_type="application/json"
        )
        assert_refusal(response, 400, error)


def test_a_form_encoded_body_is_refused(world, bought):
    with ledger_unchanged(world):
        response = world.banker().post(
            f"/api/tables/{world.table.pk}/entries/",
            f"id={uuid.uuid4()}&kind=pass_go&seat=1",
            content_type="application/x-www-form-urlencoded",
        )
        assert 400 <= response.status_code < 500
        assert set(response.json()) >= {"error", "detail"}


def test_an_entry_before_the_round_starts_is_a_conflict(db, post_entry):
    world = make_world(start=False)
    with ledger_unchanged(world):
        response = post_entry(world.banker(), world.table, kind="pass_go", seat=1)
        body = assert_refusal(response, 409, "round_not_running")
        assert "not started" in body["detail"]


def test_an_entry_after_the_round_ended_is_refused_as_the_key_no_longer_works(world, post_entry):
    banker = world.banker()
    close_and_confirm(world.round, by=world.referee)
    assert world.organiser_client().post(f"/api/rounds/{world.round.pk}/end/").status_code == 200
    with ledger_unchanged(world):
        assert_refusal(
            post_entry(banker, world.table, kind="pass_go", seat=1), 401, "authentication_failed"
        )
        # An organiser, whose login still works, is told the round is over.
        response = post_entry(world.organiser_client(), world.table, kind="pass_go", seat=1)
        body = assert_refusal(response, 409, "round_not_running")
        assert "over" in body["detail"]


def test_an_entry_on_a_closed_table_is_a_conflict(world, post_entry):
    assert world.banker().post(f"/api/tables/{world.table.pk}/close/").status_code == 200
    with ledger_unchanged(world):
        response = post_entry(world.banker(), world.table, kind="pass_go", seat=1)
        assert_refusal(response, 409, "table_closed")


def test_a_banker_cannot_adjust(world, bought, post_entry):
    with ledger_unchanged(world):
        response = post_entry(
            world.banker(), world.table, kind="adjust", seat=1, amount=100, reason="Miscounted"
        )
        assert_refusal(response, 403, {"referee_only", "permission_denied"})


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"kind": "adjust", "seat": 1, "amount": 100}, id="no-reason"),
        pytest.param({"kind": "adjust", "seat": 1, "amount": 100, "reason": "  "}, id="blank"),
        pytest.param({"kind": "adjust", "seat": 1, "amount": 0, "reason": "x"}, id="zero"),
        pytest.param({"kind": "adjust", "seat": 9, "amount": 5, "reason": "x"}, id="seat-9"),
    ],
)
def test_a_bad_adjust_by_a_referee_is_refused(world, bought, post_entry, body):
    with ledger_unchanged(world):
        response = post_entry(world.referee_client(), world.table, **body)
        assert_refusal(response, 400, {"invalid_field", "unknown_seat"})


# Voids


def _void(client: Any, world: World, entry_id: str, body: Any) -> Any:
    return client.post(
        f"/api/tables/{world.table.pk}/entries/{entry_id}/void/", body, format="json"
    )


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({}, id="no-reason"),
        pytest.param({"reason": ""}, id="empty-reason"),
        pytest.param({"reason": "   "}, id="blank-reason"),
        pytest.param({"reason": None}, id="null-reason"),
        pytest.param({"reason": "x" * 201}, id="reason-too-long"),
        pytest.param({"reason": "Wrong seat", "id": "nope"}, id="void-id-not-a-uuid"),
        pytest.param({"reason": "Wrong seat", "id": 12}, id="void-id-a-number"),
    ],
)
def test_a_void_without_a_proper_reason_is_refused(world, bought, body):
    with ledger_unchanged(world):
        response = _void(world.referee_client(), world, bought["id"], body)
        assert_refusal(response, 400, {"invalid", "reason_required"})


def test_voiding_an_unknown_entry_is_a_404(world, bought):
    with ledger_unchanged(world):
        response = _void(world.referee_client(), world, str(uuid.uuid4()), {"reason": "Oops"})
        assert_refusal(response, 404, "not_found")


def test_voiding_an_entry_of_another_table_is_a_404(world, bought):
    other = world.tables[1]
    with ledger_unchanged(world):
        response = world.organiser_client().post(
            f"/api/tables/{other.pk}/entries/{bought['id']}/void/",
            {"reason": "Oops"},
            format="json",
        )
        assert_refusal(response, 404, "not_found")


def test_voiding_with_a_malformed_entry_id_is_a_404_in_the_error_shape(world, bought):
    with ledger_unchanged(world):
        response = _void(world.referee_client(), world, "not-a-uuid", {"reason": "Oops"})
        assert_refusal(response, 404, "not_found")


def test_a_void_cannot_be_voided(world, bought):
    void = _void(world.referee_client(), world, bought["id"], {"reason": "Wrong seat"})
    assert void.status_code == 201, void.json()
    with ledger_unchanged(world):
        response = _void(
            world.referee_client(), world, void.json()["entry"]["id"], {"reason": "Undo"}
        )
        assert_refusal(response, 400, "cannot_void_void")


def test_an_entry_cannot_be_voided_twice(world, bought):
    first = _void(world.referee_client(), world, bought["id"], {"reason": "Wrong seat"})
    assert first.status_code == 201, first.json()
    with ledger_unchanged(world):
        response = _void(world.referee_client(), world, bought["id"], {"reason": "Again"})
        assert_refusal(response, 400, "already_voided")


# Events


def _setting_up(world: World) -> Any:
    """The organiser's client, staff: organisers set events up."""
    world.organiser.is_staff = True
    world.organiser.save(update_fields=["is_staff"])
    return client_for(world.organiser)


def _create_event(client: Any, **changes: Any) -> Any:
    body = {"name": "Spring Night", "date": "2027-04-10", "edition": "us", **changes}
    return client.post("/api/events/", body, format="json")


BAD_EVENTS = [
    pytest.param({"variants": {"free_parking_jackpot": True}}, id="unknown-variant"),
    pytest.param({"variants": {"short_game": "sometimes"}}, id="variant-not-a-boolean"),
    pytest.param({"variants": ["short_game"]}, id="variants-a-list"),
    pytest.param({"date": "2027-02-30"}, id="no-such-date"),
    pytest.param({"date": "next friday"}, id="date-in-words"),
    pytest.param({"date": "10/04/2027"}, id="date-day-first"),
    pytest.param({"date": None}, id="date-null"),
    pytest.param({"name": ""}, id="no-name"),
    pytest.param({"edition": "fr"}, id="unknown-edition"),
    pytest.param({"edition": "uk", "variants": {"modern_us": True}}, id="modern-us-on-a-uk-event"),
    pytest.param({"advancement": {"format": "lottery"}}, id="unknown-format"),
    pytest.param({"advancement": {"finalists": 1}}, id="one-finalist"),
    pytest.param({"entry_fee": -10}, id="negative-fee"),
]


@pytest.mark.parametrize("changes", BAD_EVENTS)
def test_a_bad_event_is_refused_and_nothing_is_created(world, changes):
    events = Event.objects.count()
    response = _create_event(_setting_up(world), **changes)
    body = assert_refusal(response, 400, {"invalid", "unknown_variant"})
    if "variants" in changes and "date" not in changes:
        assert "variant" in body["detail"].lower() or "modern" in body["detail"].lower()
    assert Event.objects.count() == events


def test_modern_us_on_a_uk_event_says_why(world):
    response = _create_event(_setting_up(world), edition="uk", variants={"modern_us": True})
    body = assert_refusal(response, 400, {"invalid", "unknown_variant"})
    assert "US edition" in body["detail"]


def test_a_variant_cannot_change_once_a_round_has_started(world):
    response = world.organiser_client().patch(
        f"/api/events/{world.event.pk}/", {"variants": {"short_game": True}}, format="json"
    )
    assert_refusal(response, 409, "event_started")
    world.event.refresh_from_db()
    assert world.event.variants["short_game"] is False


# CSV import

REPORT = frozenset({"created", "errors"})


def _import(world: World, text: str) -> Any:
    return world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/import/", text, content_type="text/csv"
    )


def test_a_csv_with_bad_rows_creates_nothing_and_names_each_bad_line(world):
    players = Player.objects.count()
    text = (
        "name,email,team,paid\n"
        "Zed,zed@example.org,Blue,10\n"
        ",nobody@example.org,,0\n"
        "Yan,not-an-email,,0\n"
        "Xi,,,ten\n"
        "Wu,,,5\n"
    )
    response = _import(world, text)
    body = assert_refusal(response, 400, "invalid_csv", extra=REPORT)
    assert body["created"] == 0
    assert [e["line"] for e in body["errors"]] == [3, 4, 5]
    assert all(e["detail"] for e in body["errors"])
    assert Player.objects.count() == players


def test_a_line_with_several_problems_reports_each_of_them(world):
    text = "name,email,team,paid\nYan,not-an-email,,abc\n,,,-3\n"
    body = assert_refusal(_import(world, text), 400, "invalid_csv", extra=REPORT)
    assert [(e["line"], e["detail"]) for e in body["errors"]] == [
        (2, "'not-an-email' is not an email address."),
        (2, "Paid must be a whole amount of money, not 'abc'."),
        (3, "The name is missing."),
        (3, "Paid must be a whole amount of money, not '-3'."),
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("nom,courriel\nZed,zed@example.org\n", 1, id="no-name-column"),
        pytest.param("name,phone\nZed,0123\n", 1, id="unknown-column"),
        pytest.param("name,email,team,paid\n", 2, id="no-players"),
        pytest.param("name,email\nZed,zed@example.org,extra\n", 2, id="too-many-cells"),
        pytest.param("name\nZe\x00d\n", 2, id="control-character"),
        pytest.param("name\nZed\x0f\n", 2, id="invisible-character"),
        pytest.param("name\n" + "Z" * 200_000 + "\n", 2, id="a-cell-too-big-to-read"),
    ],
)
def test_a_csv_with_a_bad_shape_creates_nothing(world, text, line):
    players = Player.objects.count()
    body = assert_refusal(_import(world, text), 400, "invalid_csv", extra=REPORT)
    assert body["created"] == 0
    assert body["errors"][0]["line"] == line
    assert Player.objects.count() == players


def test_a_csv_with_any_line_endings_imports_every_player(world):
    text = "name,team\r\nZed,Blue\rYan,Red\nXi,\r\n"  # Windows, old Mac and Unix at once
    response = _import(world, text)
    assert response.status_code == 201, response.content
    assert response.json()["created"] == 3
    teams = dict(Player.objects.filter(name__in=["Zed", "Yan", "Xi"]).values_list("name", "team"))
    assert teams == {"Zed": "Blue", "Yan": "Red", "Xi": ""}


def test_a_csv_that_is_not_utf8_is_refused(world):
    players = Player.objects.count()
    response = world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/import/",
        "name\nZoë\n".encode("latin-1"),
        content_type="text/csv",
    )
    assert_refusal(response, 400, {"invalid_csv", "malformed_body"})
    assert Player.objects.count() == players


def test_a_bad_key_header_is_refused_in_the_error_shape(world):
    client = client_for()
    client.credentials(HTTP_AUTHORIZATION="Table")
    assert_refusal(client.get(f"/api/tables/{world.table.pk}/state/"), 401, "authentication_failed")
