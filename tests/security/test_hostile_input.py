"""Hostile input changes nothing: control characters, bidi overrides, deep nesting and bodies
over the upload limit are refused with a 4xx in the API's error shape, never a 5xx."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from banking.models import Entry
from tests.conftest import World
from tournament.models import AuditEvent, Donation, Event, Player
from tournament.text import text_problem

pytestmark = pytest.mark.django_db

BAD_TEXT = {
    "nul": "a\u0000b",
    "tab": "a\tb",
    "newline": "a\nb",
    "escape": "a\u001bb",
    "delete": "a\u007fb",
    "bidi_override": "abc\u202egnp.exe",
    "bidi_isolate": "abc\u2066x\u2069",
    "lone_surrogate": "a\ud800b",
}


def nested(depth: int) -> str:
    """JSON text of a list in a list... `depth` deep (too deep for json.dumps to write)."""
    return "[" * depth + '"x"' + "]" * depth


def _raw(client: APIClient, url: str, body: str | bytes) -> Any:
    return client.generic("POST", url, body, content_type="application/json")


def _written() -> tuple[int, ...]:
    return (
        Entry.objects.count(),
        Player.objects.count(),
        Donation.objects.count(),
        Event.objects.count(),
        AuditEvent.objects.count(),
    )


def _refused(response: Any, status: int = 400) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert {"error", "detail"} <= set(body), body
    assert body["detail"]
    return body


@pytest.mark.parametrize("name", sorted(BAD_TEXT))
def test_the_shared_check_names_every_unsafe_character(name):
    assert text_problem(BAD_TEXT[name])
    assert text_problem("Ada Lovelace-Byron, O'Hara & Søn 🎲") is None


@pytest.mark.parametrize("name", sorted(BAD_TEXT))
@pytest.mark.parametrize("field", ["memo", "reason"])
def test_a_bad_character_in_an_entry_text_is_a_400_and_records_nothing(
    world: World, name: str, field: str
):
    before = _written()
    body = {"id": str(uuid.uuid4()), "seat": 1, "amount": 5, field: BAD_TEXT[name]}
    if field == "memo":
        client, body["kind"] = world.banker(), "bank_payment"
    else:
        client, body["kind"] = world.referee_client(), "adjust"
    url = f"/api/tables/{world.table.pk}/entries/"
    answer = _refused(_raw(client, url, json.dumps(body)))
    assert answer["error"] == "invalid_text"
    preview = _raw(client, f"/api/tables/{world.table.pk}/preview/", json.dumps(body))
    assert _refused(preview)["error"] == "invalid_text"
    assert _written() == before


@pytest.mark.parametrize("name", sorted(BAD_TEXT))
def test_a_bad_character_in_a_void_reason_is_a_400(world: World, post_entry, name: str):
    entry = post_entry(world.banker(), world.table, kind="pass_go", seat=1).json()["entry"]
    before = _written()
    url = f"/api/tables/{world.table.pk}/entries/{entry['id']}/void/"
    _refused(_raw(world.banker(), url, json.dumps({"reason": BAD_TEXT[name]})))
    assert _written() == before


@pytest.mark.parametrize("name", sorted(BAD_TEXT))
@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("players/", {"name": "{}"}),
        ("players/", {"name": "Ada", "team": "{}"}),
        ("donations/", {"donor": "{}", "amount": 5}),
        ("donations/", {"donor": "Shop", "amount": 5, "note": "{}"}),
    ],
)
def test_a_bad_character_in_any_event_text_is_a_400(world: World, name, path, body):
    before = _written()
    filled = {k: v.format(BAD_TEXT[name]) if isinstance(v, str) else v for k, v in body.items()}
    url = f"/api/events/{world.event.pk}/{path}"
    _refused(_raw(world.organiser_client(), url, json.dumps(filled)))
    assert _written() == before


@pytest.mark.parametrize("name", ["bidi_override", "bidi_isolate"])
def test_a_csv_import_refuses_bidi_overrides(world: World, name: str):
    csv = f"name,email,team,paid\nZed{BAD_TEXT[name]},,,0\n"
    response = world.organiser_client().post(
        f"/api/events/{world.event.pk}/players/import/", csv, content_type="text/csv"
    )
    assert _refused(response)["error"] == "invalid_csv"


@pytest.mark.parametrize("name", sorted(BAD_TEXT))
def test_a_bad_character_in_a_login_is_a_400_not_a_500(db, name: str):
    body = json.dumps({"username": BAD_TEXT[name], "password": BAD_TEXT[name]})
    response = _raw(APIClient(), "/api/auth/token/", body)
    assert response.status_code == 400, response.content[:300]
    assert {"error", "detail"} <= set(response.json())


DEEP = 3000


@pytest.mark.parametrize(
    "url",
    [
        "/api/auth/token/",
        "/api/events/",
        "/api/events/{event}/players/",
        "/api/tables/{table}/entries/",
        "/api/tables/{table}/preview/",
    ],
)
def test_deeply_nested_json_is_a_400_even_before_logging_in(world: World, url: str):
    before = _written()
    url = url.format(event=world.event.pk, table=world.table.pk)
    deep = nested(DEEP)
    for client in (APIClient(), world.organiser_client(), world.banker()):
        for body in (f'{{"username": {deep}}}', f'{{"kind": "buy", "seat": {deep}}}'):
            response = _raw(client, url, body)
            assert response.status_code in (400, 401, 403), response.content[:200]
            assert {"error", "detail"} <= set(response.json())
    answer = _refused(_raw(APIClient(), "/api/auth/token/", nested(DEEP)))
    assert answer["error"] == "too_deep"
    assert _written() == before


def test_moderately_nested_json_is_still_read(world: World):
    body = f'{{"username": {nested(10)}, "password": "x"}}'
    answer = _refused(_raw(APIClient(), "/api/auth/token/", body))
    assert answer["error"] == "invalid"


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
@pytest.mark.parametrize("authorised", [False, True])
def test_a_body_over_the_upload_limit_is_a_413_in_the_error_shape(world: World, authorised):
    client = world.organiser_client() if authorised else APIClient()
    before = _written()
    body = json.dumps({"name": "Zed", "team": "x" * 5000})
    if authorised:
        response = _raw(client, f"/api/events/{world.event.pk}/players/", body)
        assert _refused(response, 413)["error"] == "too_large"
    response = _raw(client, "/api/auth/token/", json.dumps({"username": "x" * 5000}))
    assert _refused(response, 413)["error"] == "too_large"
    assert _written() == before


# The pages' forms run the same check.


@pytest.mark.parametrize("name", ["tab", "bidi_override", "nul", "escape"])
def test_the_desks_forms_refuse_the_same_characters(world: World, name: str):
    from django.test import Client

    client = Client()
    client.force_login(world.organiser)
    before = _written()
    url = f"/desk/events/{world.event.pk}/players/"
    page = client.post(url, {"new-name": f"Zed{BAD_TEXT[name]}", "new-paid": "0"})
    assert page.status_code == 200
    assert "retype it" in page.content.decode()
    page = client.post(
        f"/desk/events/{world.event.pk}/donations/", {"donor": BAD_TEXT[name], "amount": "5"}
    )
    assert "retype it" in page.content.decode()
    assert _written() == before


# Credentials are input too.


@pytest.mark.parametrize("scheme", ["Table", "Token"])
@pytest.mark.parametrize("key", ["a\u0000b", "a\tb", "x" * 5000])
def test_a_malformed_key_or_token_is_a_401_not_a_500(world: World, scheme: str, key: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {key}")
    response = client.get(f"/api/tables/{world.table.pk}/state/")
    assert _refused(response, 401)["error"] == "authentication_failed"


# Addresses and their query strings are input too.

BIG = 10**20  # past PostgreSQL's bigint


@pytest.mark.parametrize(
    "url",
    [
        "/verify/?code=a%00b",
        "/faq/?q=a%00b%E2%80%AE",
        "/faq/events/{event}/?q=a%00b",
        "/api/events/{event}/export/?format=a%00b",
        "/desk/rounds/{round}/?table=a%00b",
        "/desk/rounds/{round}/seat/?seed=a%00b",
        f"/api/events/{BIG}/",
        f"/api/rounds/{BIG}/",
        f"/api/tables/{BIG}/state/",
        f"/api/print-jobs/{BIG}/",
        f"/desk/events/{BIG}/",
        f"/desk/rounds/{BIG}/",
        f"/referee/events/{BIG}/tables/{BIG}/",
    ],
)
def test_a_hostile_address_is_never_a_server_error(world: World, url: str):
    from django.test import Client

    client = Client()
    client.force_login(world.organiser)
    response = client.get(url.format(event=world.event.pk, round=world.round.pk))
    assert response.status_code < 500


# A lone surrogate (half of a UTF-16 pair) is valid JSON text but no character: echoing it
# back in a refusal cannot be encoded.

SURROGATE = "\\ud800"  # as JSON text writes it


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/events/", '{"name": "N", "date": "2026-12-01", "edition": "%s"}'),
        ("/api/events/", '{"name": "N", "date": "2026-12-01", "variants": {"%s": true}}'),
        (
            "/api/events/",
            '{"name": "N", "date": "2026-12-01", "advancement": {"format": "%s"}}',
        ),
        ("/api/events/{event}/rounds/", '{"kind": "%s"}'),
        ("/api/events/{event}/volunteers/", '{"username": "x", "role": "%s"}'),
        ("/api/events/{event}/print-jobs/", '{"kind": "%s"}'),
        ("/api/events/{event}/players/import/", '{"csv": "na%sme\\nAda"}'),
    ],
)
def test_a_lone_surrogate_anywhere_in_json_is_a_400_and_changes_nothing(world: World, path, body):
    from tests.conftest import client_for

    world.organiser.is_staff = True  # may create events too
    world.organiser.save()
    before = _written()
    response = _raw(
        client_for(world.organiser), path.format(event=world.event.pk), body % SURROGATE
    )
    _refused(response)
    assert _written() == before


@pytest.mark.parametrize("path", ["/p/%00/", "/p/%00/chart.svg", "/console/%00/"])
def test_a_nul_in_a_link_s_token_is_a_404(db, path: str):
    from django.test import Client

    assert Client().get(path).status_code == 404


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_csv_upload_over_the_limit_is_a_413_as_a_csv_body_is(world: World):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = world.organiser_client()
    big = "name\n" + "".join(f"Player {n}\n" for n in range(200))  # about 2,000 bytes
    url = f"/api/events/{world.event.pk}/players/import/"
    before = _written()

    as_body = client.post(url, big, content_type="text/csv")
    upload = SimpleUploadedFile("players.csv", big.encode(), "text/csv")
    as_file = client.post(url, {"file": upload}, format="multipart")

    for response in (as_body, as_file):
        assert _refused(response, 413)["error"] == "too_large"
    assert _written() == before


# Digits Python's str.isdigit() takes but int() cannot read: superscript two, a circled one.
ODD_DIGITS = ["²", "①"]


@pytest.mark.parametrize("digit", ODD_DIGITS)
def test_digits_that_are_no_number_are_refused_not_a_500(client, world: World, digit: str):
    client.force_login(world.organiser)
    event = world.event.pk
    searched = client.get(f"/faq/events/{event}/search/", {"q": f"rent with {digit} houses"})
    assert searched.status_code == 200
    assert client.get(f"/faq/events/{event}/", {"q": f"dice {digit} utility"}).status_code == 200
    printed = client.post(f"/print/events/{event}/", {"kind": "results", "round": digit})
    assert printed.status_code == 302
    picked = client.post(
        f"/faq/events/{event}/briefing/edit/", {"pick": [digit], f"order-{digit}": digit}
    )
    assert picked.status_code < 500
    imported = world.organiser_client().post(
        f"/api/events/{event}/players/import/",
        f"name,email,team,paid\nZed,,,{digit}\n",
        content_type="text/csv",
    )
    assert imported.status_code == 400, imported.content
    assert digit in json.dumps(imported.json(), ensure_ascii=False)  # the line says why
    assert not Player.objects.filter(event_id=event, name="Zed").exists()
