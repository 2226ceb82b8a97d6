"""The OpenAPI schema describes the API of docs/api.md, validates, and is served."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml
from django.core.management import call_command

pytestmark = pytest.mark.django_db

CONTRACT = {
    "/api/editions/": ["get"],
    "/api/editions/{code}/": ["get"],
    "/api/auth/token/": ["post"],
    "/api/auth/logout/": ["post"],
    "/api/auth/tokens/": ["get"],
    "/api/auth/tokens/{token_id}/": ["delete"],
    "/api/events/": ["get", "post"],
    "/api/events/{event_id}/": ["get", "patch"],
    "/api/events/{event_id}/players/": ["get", "post"],
    "/api/events/{event_id}/players/import/": ["post"],
    "/api/events/{event_id}/rounds/": ["get", "post"],
    "/api/rounds/{round_id}/seat/": ["post"],
    "/api/rounds/{round_id}/start/": ["post"],
    "/api/rounds/{round_id}/waves/": ["post"],
    "/api/rounds/{round_id}/start-wave/": ["post"],
    "/api/tables/{table_id}/wave/": ["post"],
    "/api/rounds/{round_id}/end/": ["post"],
    "/api/rounds/{round_id}/results/": ["get"],
    "/api/tables/{table_id}/state/": ["get"],
    "/api/tables/{table_id}/entries/": ["get", "post"],
    "/api/tables/{table_id}/entries/{entry_id}/void/": ["post"],
    "/api/tables/{table_id}/close/": ["post"],
    "/api/tables/{table_id}/confirm/": ["post"],
    "/api/tables/{table_id}/dispute/": ["post"],
    "/api/tables/{table_id}/reopen/": ["post"],
}


@pytest.fixture(scope="module")
def schema(django_db_blocker, tmp_path_factory):
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    with django_db_blocker.unblock():
        call_command("spectacular", "--file", str(path), "--validate", "--fail-on-warn")
    return yaml.safe_load(path.read_text())


def test_every_endpoint_of_the_contract_is_in_the_schema(schema):
    missing = [
        f"{method.upper()} {path}"
        for path, methods in CONTRACT.items()
        for method in methods
        if method not in schema["paths"].get(path, {})
    ]
    assert missing == []


def test_the_entry_request_documents_every_entry_kind(schema):
    request = schema["paths"]["/api/tables/{table_id}/entries/"]["post"]["requestBody"]
    ref = request["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    mapping = schema["components"]["schemas"][ref]["discriminator"]["mapping"]
    assert set(mapping) >= {
        "pass_go",
        "buy",
        "auction",
        "deal",
        "rent",
        "tax",
        "jail_fine",
        "card",
        "bank_payment",
        "pay_player",
        "build",
        "sell_building",
        "mortgage",
        "unmortgage",
        "trade",
        "bankrupt",
        "adjust",
    }


def _component(schema, ref):
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_the_event_documents_every_advancement_format(schema):
    advancement = schema["components"]["schemas"]["AdvancementRequest"]["properties"]["format"]
    ref = advancement.get("$ref") or advancement["allOf"][0]["$ref"]
    enum = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["enum"]
    assert enum == ["knockout", "points", "aggregate"]


def test_the_checks_of_a_result_are_described(schema):
    paths = schema["paths"]
    for action in ("dispute", "reopen"):
        body = paths[f"/api/tables/{{table_id}}/{action}/"]["post"]["requestBody"]
        ref = body["content"]["application/json"]["schema"]["$ref"]
        assert "reason" in _component(schema, ref)["properties"]
    for action in ("confirm", "dispute", "reopen"):
        answers = paths[f"/api/tables/{{table_id}}/{action}/"]["post"]["responses"]
        assert {"200", "401", "403", "404", "409"} <= set(answers)
        ok = answers["200"]["content"]["application/json"]["schema"]["$ref"]
        assert {"review", "review_note", "results"} <= set(_component(schema, ok)["properties"])
    state = paths["/api/tables/{table_id}/state/"]["get"]["responses"]["200"]
    ref = state["content"]["application/json"]["schema"]["$ref"]
    assert {"review", "review_note"} <= set(_component(schema, ref)["properties"])
    end = paths["/api/rounds/{round_id}/end/"]["post"]
    ref = end["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert {"force", "reason"} <= set(_component(schema, ref)["properties"])
    refused = end["responses"]["409"]["content"]["application/json"]["schema"]["$ref"]
    assert "tables" in _component(schema, refused)["properties"]


def test_the_schema_and_its_browser_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200


PUBLIC_OPERATIONS = {("/api/editions/", "get"), ("/api/editions/{code}/", "get"),
                     ("/api/auth/token/", "post")}  # fmt: skip


def test_only_the_public_operations_offer_anonymous_access(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            security = operation.get("security", [])
            if (path, method) in PUBLIC_OPERATIONS:
                assert {} in security, (path, method)
            else:
                assert security, (path, method)
                assert {} not in security, (path, method)
                assert "401" in operation["responses"], (path, method)


def test_the_bankrupt_entry_documents_lift_and_the_build_entry_its_building(schema):
    components = schema["components"]["schemas"]

    def entry(name):
        return next(v for k, v in components.items() if k.startswith(name))

    lift = entry("BankruptEntry")["properties"]["lift"]
    assert (lift["type"], lift["items"]["type"]) == ("array", "integer")
    assert "lift" not in entry("BankruptEntry").get("required", [])
    assert "building" in entry("BuildEntry")["properties"]


def test_a_seats_options_document_what_is_left_out_and_buildings_by_the_handful(schema):
    seat = schema["components"]["schemas"]["SeatOptionsOutput"]["properties"]
    assert {"left_out", "several"} <= set(seat)


def test_each_endpoint_is_described_in_words_of_its_own(schema):
    """No description is shared by different endpoints: a base view's docstring (about
    the code) must not stand for what each endpoint does."""
    described = Counter(
        operation["description"]
        for methods in schema["paths"].values()
        for operation in methods.values()
        if isinstance(operation, dict) and operation.get("description")
    )
    assert [text for text, count in described.items() if count > 1] == []
