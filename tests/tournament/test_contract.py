"""The HTTP contract (docs/api.md) end to end: one charity evening driven through the API only.

An organiser with a script sets the event up, seats and starts the rounds; bankers with
tablets record every kind of entry; a referee corrects; the results decide the final.
Every amount is worked out by hand from docs/rules.md and the US deeds, never by the engine.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


PLAYERS_CSV = (
    "name,email,team,paid\n"
    "Ada,ada@example.org,Rotary,20\n"
    "Brook,brook@example.org,Rotary,20\n"
    "Cy,,,20\n"
    "Dee,dee@example.org,,20\n"
    "Eli,,,20\n"
    "Fay,,,20\n"
    "Gus,,,20\n"
    "Hal,,,20\n"
    "Ivy,,,20\n"
)

# --------------------------------------------------------------------------- helpers


def moved(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The money an entry moved, as the contract fixes it: from, to, amount (each transfer
    also says itself in `words`, and a bankruptcy's what it is for)."""
    return [{key: t[key] for key in ("from", "to", "amount")} for t in entry["transfers"]]


def logged_in(username: str) -> APIClient:
    """A script's client: a token from POST /api/auth/token/, sent as `Token <t>`."""
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.json()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return client


def tablet(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    return client


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response.json()


def refused(response: Any, status: int, error: str | None = None) -> dict[str, Any]:
    """A refusal in the API's shape: {"error", "detail"}."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    body = response.json()
    assert set(body) >= {"error", "detail"}, body
    assert body["detail"]
    if error is not None:
        assert body["error"] == error, body
    return body


class Console:
    """One table as a caller sees it: posts entries, keeps the last state it was shown."""

    def __init__(self, client: APIClient, table_id: int) -> None:
        self.client = client
        self.table_id = table_id
        self.url = f"/api/tables/{table_id}"
        self.state = self.read()

    def read(self) -> dict[str, Any]:
        self.state = ok(self.client.get(f"{self.url}/state/"))
        return self.state

    def send(self, kind: str, entry_id: str | None = None, **fields: Any) -> Any:
        body = {"id": entry_id or str(uuid.uuid4()), "kind": kind, **fields}
        return self.client.post(f"{self.url}/entries/", body, format="json")

    def post(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Record an entry; returns the recorded entry and keeps the new state."""
        body = ok(self.send(kind, **fields), 201)
        assert body["entry"]["kind"] == kind
        assert body["entry"]["seq"] == body["state"]["last_seq"]
        self.state = body["state"]
        return body["entry"]

    def refuse(self, status: int, error: str, kind: str, **fields: Any) -> None:
        """The move is refused with `error` and the table is exactly as it was."""
        before = self.read()
        refused(self.send(kind, **fields), status, error)
        assert self.read() == before

    def void(self, entry: dict[str, Any], reason: str) -> Any:
        return self.client.post(
            f"{self.url}/entries/{entry['id']}/void/", {"reason": reason}, format="json"
        )

    def ledger(self) -> list[dict[str, Any]]:
        return ok(self.client.get(f"{self.url}/entries/"))

    def seat(self, seat: int) -> dict[str, Any]:
        return next(s for s in self.state["seats"] if s["seat"] == seat)

    def cash(self, seat: int) -> int:
        return self.seat(seat)["cash"]

    def cashes(self) -> list[int]:
        return [s["cash"] for s in self.state["seats"]]

    def space(self, position: int) -> dict[str, Any]:
        return next(s for s in self.state["spaces"] if s["space"] == position)

    def owner(self, position: int) -> int | None:
        return self.space(position)["owner"]

    def bank(self) -> tuple[int, int]:
        return self.state["bank"]["houses"], self.state["bank"]["hotels"]


def shape(seating: dict[str, Any]) -> list[tuple[int, list[tuple[int, int, str]]]]:
    """A seating without its table ids and keys: who sits where."""
    return [
        (t["number"], [(s["seat"], s["player_id"], s["name"]) for s in t["seats"]])
        for t in seating["tables"]
    ]


def check_seating_shape(seating: dict[str, Any]) -> None:
    for table in seating["tables"]:
        assert {"id", "number", "key", "seats"} <= set(table)
        assert isinstance(table["id"], int)
        assert table["key"]
        assert [s["seat"] for s in table["seats"]] == list(range(1, len(table["seats"]) + 1))
        for seat in table["seats"]:
            assert {"seat", "player_id", "name"} <= set(seat)


def results_by_place(results: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    keys = (
        "table",
        "seat",
        "cash",
        "property_value",
        "building_value",
        "net_worth",
        "bankrupt",
        "rank",
        "advances",
    )
    return sorted(tuple(row[k] for k in keys) for row in results)


# --------------------------------------------------------------------------- the evening


def test_a_whole_monopoly_night_through_the_api_only():
    # ---- 1. the organiser's script logs in with a token ----------------------------------
    UserFactory(username="olive", is_staff=True)  # an organiser: may set events up
    anonymous = APIClient()
    refused(
        anonymous.post("/api/events/", {"name": "x", "date": "2026-12-05", "edition": "us"}),
        401,
    )
    org = logged_in("olive")

    # ---- 2. the event, its players, a donation and a referee -----------------------------
    event = ok(
        org.post(
            "/api/events/",
            {
                "name": "Monopoly Night for the Food Bank",
                "date": "2026-12-05",
                "venue": "Town Hall",
                "charity": "Food Bank",
                "edition": "us",
                "advancement": {"format": "knockout", "wildcards": 1},
                "entry_fee": 20,
            },
            format="json",
        ),
        201,
    )
    event_id = event["id"]
    assert event["edition"] == "us"
    # Variants left out take the US defaults.
    assert event["variants"] == {
        "modern_us": False,
        "short_game": False,
        "double_rent_despite_mortgage": True,
    }
    assert event["advancement"]["format"] == "knockout"
    assert event["advancement"]["wildcards"] == 1
    refused(
        org.post(
            "/api/events/",
            {"name": "x", "date": "2026-12-05", "edition": "us", "variants": {"free_parking": 1}},
            format="json",
        ),
        400,
    )

    players_url = f"/api/events/{event_id}/players/"
    bad_csv = "name,email,team,paid\nZed,zed@example.org,,20\n,nobody@example.org,,20\n"
    bad = org.generic("POST", players_url + "import/", bad_csv, content_type="text/csv")
    assert bad.status_code == 400
    assert bad.json()["created"] == 0
    assert [e["line"] for e in bad.json()["errors"]] == [3]
    assert ok(org.get(players_url)) == []  # a file with any bad row creates nothing

    imported = org.generic("POST", players_url + "import/", PLAYERS_CSV, content_type="text/csv")
    assert imported.status_code in (200, 201), imported.json()
    assert imported.json()["created"] == 9
    assert imported.json()["errors"] == []
    players = {p["name"]: p for p in ok(org.get(players_url))}
    assert len(players) == 9
    assert players["Ada"]["team"] == players["Brook"]["team"] == "Rotary"
    name_of = {p["id"]: name for name, p in players.items()}

    ok(
        org.post(
            f"/api/events/{event_id}/donations/",
            {"donor": "Corner Bakery", "amount": 250},
            format="json",
        ),
        201,
    )
    raised = ok(org.get(f"/api/events/{event_id}/"))["money_raised"]
    assert raised == {"fees": 180, "donations": 250, "total": 430}  # 9 x 20 paid + 250

    UserFactory(username="rita")
    ok(
        org.post(
            f"/api/events/{event_id}/volunteers/",
            {"username": "rita", "role": "referee"},
            format="json",
        ),
        201,
    )
    referee = logged_in("rita")
    UserFactory(username="sam")  # a second referee: nobody checks their own corrections
    ok(
        org.post(
            f"/api/events/{event_id}/volunteers/",
            {"username": "sam", "role": "referee"},
            format="json",
        ),
        201,
    )
    second_referee = logged_in("sam")
    # A referee is no organiser.
    refused(referee.post(f"/api/events/{event_id}/rounds/", {}, format="json"), 403)

    # ---- 3. the preliminary round: seated twice with one seed, then started --------------
    prelim = ok(
        org.post(
            f"/api/events/{event_id}/rounds/",
            {"kind": "preliminary", "time_limit_minutes": 90, "table_size": 4},
            format="json",
        ),
        201,
    )
    assert prelim["number"] == 1
    prelim_url = f"/api/rounds/{prelim['id']}"
    # Nobody was checked in at the door: the first round seats only those who were, unless
    # the organiser includes every registered player.
    refused(
        org.post(f"{prelim_url}/seat/", {"seed": 2026}, format="json"), 409, "nobody_checked_in"
    )
    everyone = {"seed": 2026, "include_all": True}
    seating = ok(org.post(f"{prelim_url}/seat/", everyone, format="json"))
    check_seating_shape(seating)
    assert [t["number"] for t in seating["tables"]] == [1, 2]
    assert [len(t["seats"]) for t in seating["tables"]] == [5, 4]  # 9 = 5 + 4
    seated = [s["player_id"] for t in seating["tables"] for s in t["seats"]]
    assert sorted(seated) == sorted(p["id"] for p in players.values())
    table_of_player = {s["player_id"]: t["number"] for t in seating["tables"] for s in t["seats"]}
    assert table_of_player[players["Ada"]["id"]] != table_of_player[players["Brook"]["id"]]
    for table in seating["tables"]:
        for seat in table["seats"]:
            assert seat["name"] == name_of[seat["player_id"]]

    again = ok(org.post(f"{prelim_url}/seat/", everyone, format="json"))
    check_seating_shape(again)
    assert shape(again) == shape(seating)  # same seed, same seating
    seating = again  # the second seating replaced the first: its keys are the live ones

    assert ok(org.post(f"{prelim_url}/start/"))["status"] == "running"
    first, second = seating["tables"]
    player_at = {
        (t["number"], s["seat"]): s["player_id"] for t in seating["tables"] for s in t["seats"]
    }

    t1 = Console(tablet(first["key"]), first["id"])
    t2 = Console(tablet(second["key"]), second["id"])
    assert t1.cashes() == [1500] * 5
    assert t2.cashes() == [1500] * 4
    assert t1.state["edition"] == "us"
    assert t1.state["currency"] == "USD"  # the event's, by default its edition's
    assert len(t1.state["spaces"]) == 28
    assert t1.bank() == (32, 12)
    # A key opens its own table only, and none of the organiser's endpoints.
    refused(t1.client.get(f"/api/tables/{second['id']}/state/"), 403)
    refused(t1.client.get(f"/api/events/{event_id}/"), 403)
    refused(org.get("/api/tables/999999/state/"), 404, "not_found")

    # The card ids used below are the edition's own.
    edition = ok(APIClient().get("/api/editions/us/"))
    cards = {(c["deck"], c["id"]) for c in edition["cards"]}
    assert {
        ("community_chest", "chest-street-repairs"),
        ("community_chest", "chest-opera-night"),
        ("chance", "chance-chairman"),
        ("chance", "chance-jail-free"),
        ("chance", "chance-dividend"),
        ("community_chest", "chest-jail-free"),
        ("community_chest", "chest-doctor"),
    } <= cards

    # ---- 4a. table 1: the brown group up to a hotel, taxes, cards, payments --------------
    go = t1.post("pass_go", seat=1)
    assert moved(go) == [{"from": "bank", "to": 1, "amount": 200}]
    assert t1.cash(1) == 1500 + 200  # salary
    # A tablet resends after a dropped connection: the same id and body change nothing.
    resent = t1.send("pass_go", entry_id=go["id"], seat=1)
    assert resent.status_code == 200
    assert resent.json()["entry"] == go
    assert t1.cash(1) == t1.read()["seats"][0]["cash"] == 1700
    refused(t1.send("pass_go", entry_id=go["id"], seat=2), 409, "id_reused")

    t1.post("buy", seat=1, space=1)
    t1.post("buy", seat=1, space=3)
    assert t1.cash(1) == 1700 - 60 - 60  # Mediterranean and Baltic
    assert t1.owner(1) == t1.owner(3) == 1
    t1.refuse(400, "not_short_game", "deal", seat=2, space=6)

    rent = t1.post("rent", seat=2, space=1)
    assert moved(rent) == [{"from": 2, "to": 1, "amount": 4}]  # 2, doubled: the whole group
    assert (t1.cash(1), t1.cash(2)) == (1580 + 4, 1500 - 4)

    t1.post("build", seat=1, space=1)
    t1.refuse(400, "uneven_building", "build", seat=1, space=1)  # Baltic has none yet
    t1.post("build", seat=1, space=3)
    t1.post("build", seat=1, space=1)
    t1.post("build", seat=1, space=3)
    assert t1.cash(1) == 1584 - 4 * 50  # two houses on each
    assert t1.bank() == (32 - 4, 12)

    rent = t1.post("rent", seat=3, space=3)
    assert moved(rent) == [{"from": 3, "to": 1, "amount": 60}]  # Baltic, 2 houses
    assert (t1.cash(1), t1.cash(3)) == (1384 + 60, 1500 - 60)

    for space in (1, 3, 1, 3):
        t1.post("build", seat=1, space=space)
    assert t1.cash(1) == 1444 - 4 * 50  # four houses on each
    assert t1.bank() == (32 - 8, 12)
    t1.post("build", seat=1, space=1)
    t1.post("build", seat=1, space=3)
    assert t1.cash(1) == 1244 - 50 - 50  # two hotels, 50 each
    assert t1.bank() == (24 + 4 + 4, 12 - 2)  # the hotels' houses went back
    assert (t1.space(1)["hotel"], t1.space(3)["hotel"]) == (True, True)
    assert (t1.space(1)["houses"], t1.space(3)["houses"]) == (0, 0)
    t1.refuse(400, "max_buildings", "build", seat=1, space=3)

    rent = t1.post("rent", seat=4, space=3)
    assert moved(rent) == [{"from": 4, "to": 1, "amount": 450}]  # Baltic with a hotel
    assert (t1.cash(1), t1.cash(4)) == (1144 + 450, 1500 - 450)

    sold = t1.post("sell_building", seat=1, space=3)
    assert moved(sold) == [{"from": "bank", "to": 1, "amount": 25}]  # half of 50
    assert t1.cash(1) == 1594 + 25
    assert (t1.space(3)["hotel"], t1.space(3)["houses"]) == (False, 4)  # back to four houses
    assert t1.bank() == (32 - 4, 10 + 1)

    repairs = t1.post("card", seat=1, deck="community_chest", card="chest-street-repairs")
    assert moved(repairs) == [{"from": 1, "to": "bank", "amount": 275}]
    assert t1.cash(1) == 1619 - 4 * 40 - 115  # four houses and a hotel

    t1.post("buy", seat=2, space=6)
    assert t1.cash(2) == 1496 - 100  # Oriental Avenue
    t1.post("mortgage", seat=2, space=6)
    assert t1.cash(2) == 1396 + 50  # Oriental's mortgage value
    assert t1.space(6)["mortgaged"] is True
    t1.refuse(400, "mortgaged", "rent", seat=3, space=6)
    tax = t1.post("tax", seat=2, space=4, choice="percent")
    # 10% of total worth: cash 1446 + Oriental at its printed 100, mortgaged or not,
    # = 1546 -> 154.6, rounded up.
    assert moved(tax) == [{"from": 2, "to": "bank", "amount": 155}]
    assert t1.cash(2) == 1446 - 155
    lifted = t1.post("unmortgage", seat=2, space=6)
    assert moved(lifted) == [{"from": 2, "to": "bank", "amount": 55}]  # 50 + 10%
    assert t1.cash(2) == 1291 - 55
    assert t1.space(6)["mortgaged"] is False

    t1.post("tax", seat=3, space=38)
    assert t1.cash(3) == 1440 - 75  # classic Luxury Tax
    t1.post("tax", seat=5, space=4, choice="flat")
    assert t1.cash(5) == 1500 - 200  # Income Tax, flat
    t1.post("jail_fine", seat=5)
    assert t1.cash(5) == 1300 - 50
    t1.post("card", seat=5, deck="chance", card="chance-jail-free")
    assert t1.cash(5) == 1250  # a jail card moves no money
    assert t1.seat(5)["jail_cards"] == 1
    t1.refuse(400, "card_held", "card", seat=2, deck="chance", card="chance-jail-free")

    opera = t1.post("card", seat=3, deck="community_chest", card="chest-opera-night")
    assert sorted(t["from"] for t in opera["transfers"]) == [1, 2, 4, 5]
    assert {t["amount"] for t in opera["transfers"]} == {50}
    # Seat 3 collects 50 from each of the four others.
    assert t1.cashes() == [1344 - 50, 1236 - 50, 1365 + 4 * 50, 1050 - 50, 1250 - 50]
    t1.post("card", seat=4, deck="chance", card="chance-chairman")
    # Seat 4 pays 50 to each of the four others.
    assert t1.cashes() == [1294 + 50, 1186 + 50, 1565 + 50, 1000 - 4 * 50, 1200 + 50]
    t1.post("card", seat=2, deck="chance", card="chance-dividend")
    assert t1.cash(2) == 1236 + 50

    prize = t1.post("bank_payment", seat=4, amount=100, memo="Raffle prize from the bank")
    assert moved(prize) == [{"from": "bank", "to": 4, "amount": 100}]
    assert t1.cash(4) == 800 + 100
    t1.post("bank_payment", seat=5, amount=-20, memo="Fine: dice thrown off the table")
    assert t1.cash(5) == 1250 - 20
    t1.post("pay_player", seat=5, to_seat=4, amount=30, memo="Settling a side deal")
    assert (t1.cash(4), t1.cash(5)) == (900 + 30, 1230 - 30)

    # Only a referee (or organiser) adjusts, and with a reason.
    t1.refuse(403, "referee_only", "adjust", seat=3, amount=10, reason="Short change")
    ref1 = Console(referee, first["id"])
    refused(ref1.send("pass_go", seat=3), 403)  # referees correct, they do not play
    refused(ref1.send("adjust", seat=3, amount=10), 400)  # no reason
    fixed = ref1.post("adjust", seat=3, amount=10, reason="Banker gave 10 short on a rent")
    assert moved(fixed) == [{"from": "bank", "to": 3, "amount": 10}]
    assert fixed["author_role"] == "referee"
    assert ref1.cash(3) == 1615 + 10
    t1.read()

    # ---- 5. voids at table 1: a reversal, and one that later entries rely on ---------------
    refused(t1.void(prize, reason=""), 400)
    undone = ok(t1.void(prize, reason="Prize went to the wrong seat"), 201)
    assert undone["entry"]["kind"] == "void"
    assert undone["entry"]["voids"] == prize["id"]
    assert undone["entry"]["seq"] == undone["state"]["last_seq"]
    assert moved(undone["entry"]) == [{"from": 4, "to": "bank", "amount": 100}]
    t1.state = undone["state"]
    assert t1.cash(4) == 930 - 100
    voided = next(e for e in t1.ledger() if e["id"] == prize["id"])
    assert voided["voided_by"] == undone["entry"]["seq"]
    refused(t1.void(prize, reason="Again"), 400, "already_voided")

    mediterranean = next(e for e in t1.ledger() if e["kind"] == "buy" and e["space"] == 1)
    before = t1.read()
    refused(t1.void(mediterranean, reason="Wrong deed"), 400, "dependent_entries")
    assert t1.read() == before

    # Table 1 as time is called:
    assert t1.cashes() == [1344, 1286, 1625, 830, 1200]
    assert (t1.seat(1)["property_value"], t1.seat(1)["building_value"]) == (
        60 + 60,  # Mediterranean and Baltic at their price
        5 * 50 + 4 * 50,  # a hotel (with its four houses) and four houses, at cost
    )
    assert t1.seat(1)["net_worth"] == 1344 + 120 + 450

    # ---- 4b. table 2: railroads, utilities, a traded mortgage, a bankruptcy --------------
    t2.post("buy", seat=1, space=5)
    t2.post("buy", seat=1, space=15)
    assert t2.cash(1) == 1500 - 200 - 200  # Reading and Pennsylvania railroads
    rail = t2.post("rent", seat=2, space=5, via_card="nearest_railroad")
    assert moved(rail) == [{"from": 2, "to": 1, "amount": 100}]  # two railroads: 50 x 2
    assert (t2.cash(1), t2.cash(2)) == (1100 + 100, 1500 - 100)

    t2.post("buy", seat=2, space=12)
    assert t2.cash(2) == 1400 - 150  # Electric Company
    t2.refuse(400, "dice_required", "rent", seat=3, space=12)
    t2.post("rent", seat=3, space=12, dice=8)
    assert (t2.cash(2), t2.cash(3)) == (1250 + 32, 1500 - 32)  # one utility: 8 x 4
    t2.post("buy", seat=2, space=28)
    assert t2.cash(2) == 1282 - 150  # Water Works
    t2.post("rent", seat=4, space=28, dice=7, via_card="nearest_utility")
    assert (t2.cash(2), t2.cash(4)) == (1132 + 70, 1500 - 70)  # the card: 7 x 10
    t2.post("rent", seat=3, space=12, dice=5)
    assert (t2.cash(2), t2.cash(3)) == (1202 + 50, 1468 - 50)  # both utilities: 5 x 10

    t2.post("mortgage", seat=1, space=15)
    assert t2.cash(1) == 1200 + 100  # Pennsylvania Railroad's mortgage value
    t2.refuse(400, "mortgaged", "rent", seat=4, space=15)
    rail = t2.post("rent", seat=4, space=5)
    assert moved(rail) == [{"from": 4, "to": 1, "amount": 50}]  # the mortgaged one counts
    assert (t2.cash(1), t2.cash(4)) == (1300 + 50, 1430 - 50)
    traded = t2.post("trade", seat=1, to_seat=3, give={"spaces": [15]}, take={"cash": 150})
    assert sorted(moved(traded), key=str) == sorted(
        [
            {"from": 3, "to": 1, "amount": 150},
            {"from": 3, "to": "bank", "amount": 10},  # 10% of the 100 mortgage
        ],
        key=str,
    )
    assert (t2.cash(1), t2.cash(3)) == (1350 + 150, 1418 - 150 - 10)
    assert (t2.owner(15), t2.space(15)["mortgaged"]) == (3, True)
    lifted = t2.post("unmortgage", seat=3, space=15)
    assert moved(lifted) == [{"from": 3, "to": "bank", "amount": 110}]  # 100 + 10% again
    assert t2.cash(3) == 1258 - 110

    for space in (6, 8, 9):
        t2.post("buy", seat=3, space=space)
    assert t2.cash(3) == 1148 - 100 - 100 - 120  # the light blues
    for space in (6, 8, 9) * 3:
        t2.post("build", seat=3, space=space)
    assert t2.cash(3) == 828 - 9 * 50  # three houses on each
    assert t2.bank() == (32 - 9, 12)

    for space in (21, 23, 24):
        t2.post("buy", seat=4, space=space)
    assert t2.cash(4) == 1380 - 220 - 220 - 240  # the reds
    for space in (21, 23, 24):
        t2.post("build", seat=4, space=space)
    assert t2.cash(4) == 700 - 3 * 150  # a house on each red
    t2.post("buy", seat=4, space=18)
    t2.post("mortgage", seat=4, space=18)
    assert t2.cash(4) == 250 - 180 + 90  # Tennessee bought, then mortgaged
    t2.post("auction", seat=4, space=11, amount=160)
    assert t2.cash(4) == 160 - 160  # St. Charles Place: the winning bid
    assert t2.owner(11) == 4
    t2.post("card", seat=4, deck="community_chest", card="chest-jail-free")
    assert t2.seat(4)["jail_cards"] == 1
    t2.refuse(400, "group_has_buildings", "mortgage", seat=4, space=21)
    t2.refuse(400, "insufficient_cash", "build", seat=4, space=21)  # 150 > 0
    t2.refuse(400, "not_in_debt", "bankrupt", seat=4, creditor=3)

    rent = t2.post("rent", seat=4, space=9)
    assert moved(rent) == [{"from": 4, "to": 3, "amount": 300}]  # Connecticut, 3 houses
    assert (t2.cash(3), t2.cash(4)) == (378 + 300, 0 - 300)  # a debt may go below zero
    bust = t2.post("bankrupt", seat=4, creditor=3)
    assert sorted(moved(bust), key=str) == sorted(
        [
            {"from": "bank", "to": 4, "amount": 225},  # three red houses at half of 150
            {"from": 3, "to": 4, "amount": 75},  # -300 + 225: the shortfall, back from seat 3
            {"from": 3, "to": "bank", "amount": 9},  # 10% on mortgaged Tennessee (90)
        ],
        key=str,
    )
    # Each says what it is for, the interest by its deed.
    said = [(t.get("for"), t.get("space")) for t in bust["transfers"]]
    assert said == [("buildings", None), ("unpaid", None), ("interest", 18)]
    # Seat 4 had no cash and 225 in buildings; seat 3 ends up 300 - 75 = 225 better off
    # (what seat 4 had), less the 9 of interest.
    assert (t2.cash(3), t2.cash(4)) == (678 - 75 - 9, 0)
    assert t2.seat(4)["bankrupt"] is True
    assert [t2.owner(p) for p in (11, 18, 21, 23, 24)] == [3, 3, 3, 3, 3]
    assert t2.space(18)["mortgaged"] is True
    assert [t2.space(p)["houses"] for p in (21, 23, 24)] == [0, 0, 0]
    assert t2.seat(3)["jail_cards"] == 1  # the jail card went with the rest
    assert t2.bank() == (32 - 9 - 3 + 3, 12)  # the red houses went back
    t2.refuse(400, "seat_bankrupt", "pass_go", seat=4)

    # The referee reads every table of the event.
    assert ok(referee.get(f"/api/tables/{second['id']}/state/"))["seats"] == t2.state["seats"]

    # ---- 6. time: each banker closes, a referee confirms, the round ends -------------------
    # Not before every table's result is confirmed by a second person.
    waiting = refused(org.post(f"{prelim_url}/end/"), 409, "unconfirmed_tables")
    assert [t["number"] for t in waiting["tables"]] == [1, 2]
    for console, table in ((t1, first), (t2, second)):
        closed = ok(console.client.post(f"/api/tables/{table['id']}/close/"))
        assert (closed["table_status"], closed["review"]) == ("closed", "awaiting")
        refused(console.client.post(f"/api/tables/{table['id']}/confirm/"), 403)  # a key cannot
        checker = referee
        if table is first:  # rita adjusted a balance there: another referee checks it
            refused(referee.post(f"/api/tables/{table['id']}/confirm/"), 403, "own_entries")
            checker = second_referee
        checked = ok(checker.post(f"/api/tables/{table['id']}/confirm/"))
        assert checked["review"] == "confirmed"
        assert len(checked["results"]) == len(table["seats"])
    ended = ok(org.post(f"{prelim_url}/end/"))
    assert ended["status"] == "ended"
    results = ok(org.get(f"{prelim_url}/results/"))
    assert len(results) == 9
    for row in results:
        assert row["player_id"] == player_at[(row["table"], row["seat"])]
        assert row["name"] == name_of[row["player_id"]]
    # (table, seat, cash, property, buildings, net worth, bankrupt, rank, advances)
    assert results_by_place(results) == sorted(
        [
            # Table 1: seat 1 wins on its brown hotel.
            (1, 1, 1344, 120, 450, 1344 + 120 + 450, False, 1, True),
            (1, 2, 1286, 100, 0, 1286 + 100, False, 3, False),  # Oriental, unmortgaged
            (1, 3, 1625, 0, 0, 1625, False, 2, False),
            (1, 4, 830, 0, 0, 830, False, 5, False),
            (1, 5, 1200, 0, 0, 1200, False, 4, False),  # the jail card counts nothing
            # Table 2: seat 3 wins on everything seat 4 had.
            # Seat 1: Reading 200; 1700 beats table 1's 1625 to the one wildcard.
            (2, 1, 1500, 200, 0, 1500 + 200, False, 2, True),
            (2, 2, 1252, 300, 0, 1252 + 300, False, 3, False),  # two utilities
            # Seat 3: Pennsylvania RR 200, light blues 100 + 100 + 120, reds 220 + 220 + 240,
            # St. Charles 140, Tennessee mortgaged at half of 180; nine houses at 50.
            (2, 3, 594, 1430, 450, 594 + 1430 + 450, False, 1, True),
            (2, 4, 0, 0, 0, 0, True, 4, False),
        ]
    )
    assert 200 + 320 + 680 + 140 + 90 == 1430
    advancing = {row["player_id"] for row in results if row["advances"]}
    assert advancing == {player_at[(1, 1)], player_at[(2, 3)], player_at[(2, 1)]}

    # The bankers' keys are dead and the round takes no more entries.
    refused(t1.client.get(f"/api/tables/{first['id']}/state/"), 401)
    refused(t1.send("pass_go", seat=1), 401)
    refused(t2.send("pass_go", seat=1), 401)
    late = Console(org, first["id"])
    late.refuse(409, "round_not_running", "pass_go", seat=1)
    refused(org.post(f"{prelim_url}/end/"), 409)

    # ---- 7. the final: the three who went on, at one table ---------------------------------
    final = ok(
        org.post(
            f"/api/events/{event_id}/rounds/",
            {"kind": "final", "time_limit_minutes": 60, "table_size": 4},
            format="json",
        ),
        201,
    )
    assert (final["number"], final["kind"]) == (2, "final")
    final_url = f"/api/rounds/{final['id']}"
    final_seating = ok(org.post(f"{final_url}/seat/", {"seed": 7}, format="json"))
    check_seating_shape(final_seating)
    assert len(final_seating["tables"]) == 1
    (final_table,) = final_seating["tables"]
    assert {s["player_id"] for s in final_table["seats"]} == advancing
    assert ok(org.post(f"{final_url}/start/"))["status"] == "running"

    ft = Console(tablet(final_table["key"]), final_table["id"])
    refused(tablet(first["key"]).get(f"/api/tables/{final_table['id']}/state/"), 401)
    assert ft.cashes() == [1500, 1500, 1500]  # a new game: everyone starts again
    ft.post("pass_go", seat=1)
    ft.post("buy", seat=1, space=37)
    ft.post("buy", seat=1, space=39)
    assert ft.cash(1) == 1500 + 200 - 350 - 400  # Park Place and Boardwalk
    ft.post("rent", seat=2, space=39)
    assert (ft.cash(1), ft.cash(2)) == (950 + 100, 1500 - 100)  # 50 doubled: the dark blues
    ft.post("card", seat=3, deck="community_chest", card="chest-doctor")
    assert ft.cash(3) == 1500 - 50
    ok(ft.client.post(f"/api/tables/{final_table['id']}/close/"))
    ok(referee.post(f"/api/tables/{final_table['id']}/confirm/"))
    assert ok(org.post(f"{final_url}/end/"))["status"] == "ended"

    final_results = ok(org.get(f"{final_url}/results/"))
    by_rank = sorted(final_results, key=lambda r: r["rank"])
    assert [(r["seat"], r["net_worth"], r["rank"]) for r in by_rank] == [
        (1, 1050 + 350 + 400, 1),
        (3, 1450, 2),
        (2, 1400, 3),
    ]
    winner = by_rank[0]
    seat_one = final_table["seats"][0]
    assert (winner["player_id"], winner["name"]) == (seat_one["player_id"], seat_one["name"])
    assert ok(org.get(f"/api/events/{event_id}/"))["status"] == "finished"
    refused(
        org.post(f"/api/events/{event_id}/rounds/", {"kind": "preliminary"}, format="json"), 409
    )


def test_a_short_game_deals_deeds_at_their_printed_price():
    UserFactory(username="sam", is_staff=True)
    org = logged_in("sam")
    event = ok(
        org.post(
            "/api/events/",
            {
                "name": "Short Monopoly Night",
                "date": "2026-11-14",
                "edition": "us",
                "variants": {"short_game": True},
            },
            format="json",
        ),
        201,
    )
    assert event["variants"] == {
        "modern_us": False,
        "short_game": True,
        "double_rent_despite_mortgage": True,
    }
    for name in ("Kit", "Lou", "Max"):
        ok(org.post(f"/api/events/{event['id']}/players/", {"name": name}, format="json"), 201)
    round_ = ok(
        org.post(
            f"/api/events/{event['id']}/rounds/",
            {"kind": "preliminary", "time_limit_minutes": 60, "table_size": 4},
            format="json",
        ),
        201,
    )
    seating = ok(
        org.post(
            f"/api/rounds/{round_['id']}/seat/", {"seed": 1, "include_all": True}, format="json"
        )
    )
    check_seating_shape(seating)
    (table,) = seating["tables"]
    assert len(table["seats"]) == 3
    banker = Console(tablet(table["key"]), table["id"])
    banker.refuse(409, "round_not_running", "deal", seat=1, space=1)  # not started yet
    ok(org.post(f"/api/rounds/{round_['id']}/start/"))

    dealt = banker.post("deal", seat=1, space=1)
    assert moved(dealt) == [{"from": 1, "to": "bank", "amount": 60}]
    banker.post("deal", seat=1, space=3)
    banker.post("deal", seat=2, space=39)
    banker.post("deal", seat=2, space=37)
    banker.post("deal", seat=3, space=5)
    banker.post("deal", seat=3, space=12)
    assert banker.cashes() == [
        1500 - 60 - 60,  # Mediterranean and Baltic
        1500 - 400 - 350,  # Boardwalk and Park Place
        1500 - 200 - 150,  # Reading Railroad and Electric Company
    ]
    banker.refuse(400, "already_owned", "deal", seat=3, space=39)

    # Short game: a hotel after three houses on each site.
    for space in (1, 3, 1, 3, 1, 3):
        banker.post("build", seat=1, space=space)
    banker.post("build", seat=1, space=1)
    assert banker.space(1)["hotel"] is True
    assert banker.cash(1) == 1380 - 7 * 50  # six houses, then a hotel
    assert banker.bank() == (32 - 6 + 3, 12 - 1)  # the hotel's three houses went back
    assert banker.seat(1)["building_value"] == 4 * 50 + 3 * 50  # hotel = 3 houses + 1
    rent = banker.post("rent", seat=2, space=1)
    assert moved(rent) == [{"from": 2, "to": 1, "amount": 250}]  # Mediterranean's hotel
