"""The console's dry run and buttons: POST preview and GET options, and the console page."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import timezone

from banking.models import Entry, TableLedger
from games.engine import entries as engine_entries
from tests.conftest import World, client_for, close_and_confirm
from tests.entries import post_entry, posted
from tests.factories import EventFactory, VolunteerFactory
from tournament.models import Table, Volunteer
from tournament.results.closing import round_end

pytestmark = pytest.mark.django_db


def preview(client: Any, table: Table, **body: Any) -> Any:
    return client.post(f"/api/tables/{table.pk}/preview/", body, format="json")


def options(client: Any, table: Table) -> Any:
    return client.get(f"/api/tables/{table.pk}/options/")


def seat_options(world: World, seat: int) -> dict[str, Any]:
    body = options(world.banker(), world.table).json()
    return next(s for s in body["seats"] if s["seat"] == seat)


def hotel_on_boardwalk(world: World) -> None:
    """Seat 1 owns the dark blues, with four houses on Park Place and a hotel on Boardwalk."""
    posted(world.banker(), world.table, kind="bank_payment", seat=1, amount=2000, memo="Test money")
    posted(world.banker(), world.table, kind="buy", seat=1, space=37)
    posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    for _ in range(4):
        posted(world.banker(), world.table, kind="build", seat=1, space=37)
        posted(world.banker(), world.table, kind="build", seat=1, space=39)
    posted(world.banker(), world.table, kind="build", seat=1, space=39)


# --------------------------------------------------------------------------- preview


def test_a_preview_shows_the_rent_the_bank_computes_and_writes_nothing(world):
    hotel_on_boardwalk(world)
    entries = Entry.objects.count()
    ledger = TableLedger.objects.get(table=world.table)

    response = preview(world.banker(), world.table, kind="rent", seat=2, space=39)

    assert response.status_code == 200, response.json()
    body = response.json()
    names = {s.number: s.player.name for s in world.table.seats.select_related("player")}
    assert body["transfers"] == [
        {"from": 2, "to": 1, "amount": 2000, "words": f"{names[2]} pays {names[1]}"}
    ]
    assert body["kind"] == "rent"
    payer = next(b for b in body["balances"] if b["seat"] == 2)
    owner = next(b for b in body["balances"] if b["seat"] == 1)
    assert (payer["before"], payer["after"]) == (1500, -500)
    assert owner["after"] - owner["before"] == 2000
    assert next(s for s in body["state"]["seats"] if s["seat"] == 2)["cash"] == -500
    assert body["state"]["last_seq"] == ledger.last_seq
    # Nothing was recorded: no entry, and the stored state is as it was.
    assert Entry.objects.count() == entries
    fresh = TableLedger.objects.get(table=world.table)
    assert (fresh.state, fresh.last_seq) == (ledger.state, ledger.last_seq)
    state = world.banker().get(f"/api/tables/{world.table.pk}/state/").json()
    assert next(s for s in state["seats"] if s["seat"] == 2)["cash"] == 1500


def test_a_preview_says_what_the_entry_does_and_sums_it_up(world):
    names = {n: seat["name"] for n, seat in enumerate(_seats(world), start=1)}
    posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    body = preview(world.banker(), world.table, kind="rent", seat=2, space=39).json()
    assert body["label"] == "Rent"
    assert body["description"] == f"{names[2]} pays rent on Boardwalk"
    words = f"Total: {names[2]} pays $50"
    assert body["total"] == {"net": -50, "moved": 50, "each": None, "words": words}
    assert {b["seat"]: b["change"] for b in body["balances"]} == {1: 50, 2: -50}

    body = preview(
        world.banker(), world.table, kind="card", seat=3, deck="chance", card="chance-chairman"
    ).json()
    words = f"Total: {names[3]} pays $150"
    assert body["total"] == {"net": -150, "moved": 150, "each": 50, "words": words}


def _seats(world: World) -> list[dict[str, Any]]:
    return world.banker().get(f"/api/tables/{world.table.pk}/state/").json()["seats"]


def test_entries_come_with_the_banks_words_for_them(world):
    names = {n: seat["name"] for n, seat in enumerate(_seats(world), start=1)}
    answer = posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    assert answer["entry"]["label"] == "Buy"
    assert answer["entry"]["description"] == f"{names[1]} buys Boardwalk"
    posted(world.banker(), world.table, kind="tax", seat=2, space=38)
    void = world.banker().post(
        f"/api/tables/{world.table.pk}/entries/{answer['entry']['id']}/void/",
        {"reason": "Wrong player"},
        format="json",
    )
    assert void.status_code == 201, void.json()
    listed = world.banker().get(f"/api/tables/{world.table.pk}/entries/").json()
    assert [(e["label"], e["description"]) for e in listed] == [
        ("Buy", f"{names[1]} buys Boardwalk"),
        ("Tax", f"{names[2]} pays Luxury Tax"),
        ("Undo", "Undo #1: Wrong player"),
    ]


def test_a_preview_of_the_same_entry_within_a_minute_asks_again(world):
    client = world.banker()
    posted(client, world.table, kind="pass_go", seat=1)
    repeat = preview(client, world.table, kind="pass_go", seat=1).json()["repeat"]
    assert 0 <= repeat["seconds"] < 60
    assert repeat == {
        "seq": 1,
        "seconds": repeat["seconds"],
        "question": f"The same entry was recorded {repeat['seconds']} s ago (#1): record it again?",
    }
    # Another player, another move, or a minute later: no question.
    assert preview(client, world.table, kind="pass_go", seat=2).json()["repeat"] is None
    TableLedger.objects.filter(table=world.table).update(
        last_entry_at=timezone.now() - timedelta(seconds=61)
    )
    assert preview(client, world.table, kind="pass_go", seat=1).json()["repeat"] is None


def test_a_preview_takes_an_id_and_still_records_nothing(world):
    entry_id = str(uuid.uuid4())
    response = preview(world.banker(), world.table, id=entry_id, kind="pass_go", seat=3)
    assert response.status_code == 200
    name = world.table.seats.get(number=3).player.name
    assert response.json()["transfers"] == [
        {"from": "bank", "to": 3, "amount": 200, "words": f"The bank pays {name}"}
    ]
    assert not Entry.objects.filter(pk=entry_id).exists()
    # The same id can then be posted for real.
    recorded = post_entry(world.banker(), world.table, id=entry_id, kind="pass_go", seat=3)
    assert recorded.status_code == 201


def test_a_preview_of_a_card_tells_each_players_share_apart(world):
    body = preview(
        world.banker(),
        world.table,
        kind="card",
        seat=1,
        deck="community_chest",
        card="chest-opera-night",
    ).json()
    assert [(t["from"], t["to"], t["amount"]) for t in body["transfers"]] == [
        (2, 1, 50),
        (3, 1, 50),
        (4, 1, 50),
    ]
    assert next(b for b in body["balances"] if b["seat"] == 1)["after"] == 1650


# A quick banker's next preview is asked while earlier entries are still on their way: it
# carries them (`after`), and the bank works the preview out on the table after them.


def on_its_way(**entry: Any) -> dict[str, Any]:
    return {"id": str(uuid.uuid4()), **entry}


def test_a_preview_starts_from_the_table_after_the_entries_on_their_way(world):
    buying = on_its_way(kind="buy", seat=1, space=39)
    body = preview(world.banker(), world.table, kind="pass_go", seat=1, after=[buying]).json()
    assert [(b["seat"], b["before"], b["after"]) for b in body["balances"]] == [(1, 1100, 1300)]
    seat_1 = next(s for s in body["state"]["seats"] if s["seat"] == 1)
    assert seat_1["cash"] == 1300
    assert Entry.objects.count() == 0  # neither the entry on its way nor this one


def test_an_entry_on_its_way_that_has_landed_counts_once(world):
    buying = on_its_way(kind="buy", seat=1, space=39)
    post_entry(world.banker(), world.table, **buying)  # it landed before the preview
    response = preview(world.banker(), world.table, kind="pass_go", seat=1, after=[buying])
    assert response.status_code == 200, response.json()
    assert response.json()["balances"][0]["before"] == 1100


def test_a_preview_after_an_entry_that_will_be_refused_says_so(world):
    posted(world.banker(), world.table, kind="buy", seat=2, space=39)  # bought elsewhere
    buying = on_its_way(kind="buy", seat=1, space=39)
    response = preview(world.banker(), world.table, kind="pass_go", seat=1, after=[buying])
    assert response.status_code == 400
    assert response.json()["error"] == "already_owned"
    assert response.json()["detail"].startswith("An entry on its way will be refused: ")


def test_a_preview_asks_again_for_the_same_entry_on_its_way(world):
    again = preview(
        world.banker(), world.table, kind="pass_go", seat=1,
        after=[on_its_way(kind="pass_go", seat=1)],
    ).json()["repeat"]  # fmt: skip
    assert again["seq"] == 1
    assert "record it again?" in again["question"]


def test_a_preview_that_asks_for_them_brings_the_options_after_it(world):
    buying = on_its_way(kind="buy", seat=1, space=39)
    response = world.banker().post(
        f"/api/tables/{world.table.pk}/preview/",
        {"kind": "buy", "seat": 1, "space": 37, "after": [buying]},
        format="json",
        HTTP_X_ANSWER_WITH="options",
    )
    assert response.status_code == 200, response.json()
    seat_1 = next(s for s in response.json()["options"]["seats"] if s["seat"] == 1)
    assert {37, 39}.isdisjoint(seat_1["buy"])
    assert {37, 39} <= set(seat_1["mortgage"])
    assert "options" not in preview(world.banker(), world.table, kind="pass_go", seat=1).json()


@pytest.mark.parametrize(
    "after",
    [
        {"kind": "pass_go", "seat": 1},
        [{"kind": "pass_go", "seat": 1}],
        [{"id": "not-a-uuid", "kind": "pass_go", "seat": 1}],
        ["pass_go"],
        [{"id": str(uuid.UUID(int=n)), "kind": "pass_go", "seat": 1} for n in range(51)],
    ],
)
def test_entries_on_their_way_that_make_no_sense_are_a_clear_400(world, after):
    response = preview(world.banker(), world.table, kind="pass_go", seat=1, after=after)
    assert response.status_code == 400
    assert set(response.json()) >= {"error", "detail"}
    assert "after" in response.json()["detail"]
    assert Entry.objects.count() == 0


def test_a_forbidden_move_previews_as_the_refusal_posting_would_get(world):
    posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    response = preview(world.banker(), world.table, kind="build", seat=1, space=39)
    assert response.status_code == 400
    assert set(response.json()) == {"error", "detail"}
    assert response.json()["error"] == "incomplete_group"


def test_a_preview_of_a_round_that_is_over_is_a_conflict(world):
    world.round.status = world.round.Status.TIME_CALLED
    world.round.save()
    Table.objects.filter(pk=world.table.pk).update(status=Table.Status.CLOSED)
    response = preview(world.referee_client(), world.table, kind="pass_go", seat=1)
    assert response.status_code == 409
    assert response.json()["error"] == "table_closed"


def test_previews_at_a_confirmed_table_get_the_refusal_recording_would(world):
    bought = posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    close_and_confirm(world.round, by=world.referee)
    client = world.organiser_client()
    recorded = post_entry(client, world.table, kind="pass_go", seat=1)
    assert recorded.status_code == 409
    entry_id = bought["entry"]["id"]
    for answer in (
        preview(client, world.table, kind="pass_go", seat=1),
        client.get(f"/api/tables/{world.table.pk}/entries/{entry_id}/void/preview/"),
    ):
        assert answer.status_code == 409
        assert answer.json() == recorded.json()  # table_confirmed, in the same words


def test_a_banker_cannot_preview_an_adjustment(world):
    response = preview(world.banker(), world.table, kind="adjust", seat=1, amount=5, reason="x")
    assert response.status_code == 403
    ok = preview(world.referee_client(), world.table, kind="adjust", seat=1, amount=5, reason="x")
    assert ok.status_code == 200


def test_a_preview_on_a_fresh_table_does_not_open_its_ledger(world):
    assert not TableLedger.objects.filter(table=world.tables[1]).exists()
    response = preview(world.banker(world.tables[1]), world.tables[1], kind="pass_go", seat=1)
    assert response.status_code == 200
    assert not TableLedger.objects.filter(table=world.tables[1]).exists()


# --------------------------------------------------------------------------- options


def test_options_offer_only_the_even_build(world):
    posted(world.banker(), world.table, kind="buy", seat=1, space=37)
    assert seat_options(world, 1)["build"] == []  # not the whole group yet
    posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    assert seat_options(world, 1)["build"] == [37, 39]
    posted(world.banker(), world.table, kind="build", seat=1, space=37)
    assert seat_options(world, 1)["build"] == [39]  # Park Place waits for Boardwalk
    posted(world.banker(), world.table, kind="build", seat=1, space=39)
    assert seat_options(world, 1)["build"] == [37, 39]
    assert seat_options(world, 1)["sell_building"] == [37, 39]
    assert seat_options(world, 1)["mortgage"] == []  # the group has buildings
    assert seat_options(world, 2)["build"] == []


def test_options_say_why_each_deed_a_player_owns_is_left_out_of_a_list(world):
    posted(world.banker(), world.table, kind="buy", seat=1, space=37)
    left_out = seat_options(world, 1)["left_out"]
    assert "needs every dark blue" in left_out["build"]["37"]  # one deed of two: no house
    posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    posted(world.banker(), world.table, kind="build", seat=1, space=37)
    left_out = seat_options(world, 1)["left_out"]
    assert "evenly" in left_out["build"]["37"].lower()  # Park Place waits for Boardwalk
    assert "39" not in left_out["build"]  # offered: not left out
    assert "building" in left_out["mortgage"]["39"].lower()  # the group has a house
    assert set(left_out) == {"build", "sell_building", "mortgage", "unmortgage"}
    assert left_out["unmortgage"] == {
        "37": left_out["unmortgage"]["37"],
        "39": left_out["unmortgage"]["39"],
    }
    assert all(left_out["unmortgage"].values())


def test_options_offer_several_houses_at_once_as_far_as_the_cash_and_the_group_go(world):
    client = world.banker()
    for space in (37, 39):
        posted(client, world.table, kind="buy", seat=1, space=space)
    several = seat_options(world, 1)["several"]
    # 1,500 - 750 = 750 in hand at $200 a house: three at once, on the dark blues.
    assert several["build"] == {"37": {"2": 400, "3": 600}}
    assert several["sell_building"] == {}
    posted(client, world.table, kind="build", seat=1, space=37, count=3)
    several = seat_options(world, 1)["several"]
    assert several["sell_building"] == {"37": {"2": 200, "3": 300}}
    assert several["build"] == {}  # $150 left: not even one more


def test_options_follow_the_rules_for_each_move(world):
    posted(world.banker(), world.table, kind="buy", seat=1, space=5)
    posted(world.banker(), world.table, kind="buy", seat=1, space=12)
    posted(world.banker(), world.table, kind="buy", seat=2, space=1)
    posted(world.banker(), world.table, kind="mortgage", seat=2, space=1)
    one, two, three = (seat_options(world, n) for n in (1, 2, 3))

    assert 5 not in three["buy"]
    assert 6 in three["buy"]
    assert 1 not in one["rent"]  # mortgaged: no rent
    assert one["rent"] == []  # nothing else is owned by others
    assert sorted(three["rent"]) == [5, 12]
    assert two["unmortgage"] == [1]
    assert two["mortgage"] == []
    assert sorted(one["mortgage"]) == [5, 12]
    assert sorted(one["trade"]) == [5, 12]
    assert one["bankrupt"] is False

    body = options(world.banker(), world.table).json()
    rents = {r["space"]: r for r in body["rents"]}
    assert rents[5] == {
        "space": 5,
        "owner": 1,
        "amount": 25,
        "per_dice": None,
        "amount_via_card": 50,
        "per_dice_via_card": None,
    }
    assert rents[12] == {
        "space": 12,
        "owner": 1,
        "amount": None,
        "per_dice": 4,
        "amount_via_card": None,
        "per_dice_via_card": 10,
    }
    assert 1 not in rents
    assert body["last_seq"] == 4


def test_options_name_whom_a_seat_in_debt_owes(world):
    client = world.banker()
    posted(client, world.table, kind="buy", seat=1, space=39)
    posted(client, world.table, kind="bank_payment", seat=2, amount=-1490)
    posted(client, world.table, kind="bank_payment", seat=3, amount=-1490)
    posted(client, world.table, kind="rent", seat=2, space=39)  # owed to seat 1
    posted(client, world.table, kind="jail_fine", seat=3)  # owed to the bank
    one, two, three = (seat_options(world, n) for n in (1, 2, 3))
    assert (one["owed_to"], one["bankrupt"]) == (None, False)
    assert (two["owed_to"], two["bankrupt"]) == (1, True)
    assert (three["owed_to"], three["bankrupt"]) == ("bank", True)
    refused = post_entry(client, world.table, kind="bankrupt", seat=2)
    assert refused.status_code == 400
    assert refused.json()["error"] == "wrong_creditor"


def test_options_give_the_cash_each_legal_move_would_move(world):
    """The console shows these amounts as they are: it does no rule arithmetic itself."""
    posted(world.banker(), world.table, kind="buy", seat=2, space=1)
    posted(world.banker(), world.table, kind="mortgage", seat=2, space=1)
    hotel_on_boardwalk(world)
    one, two = seat_options(world, 1), seat_options(world, 2)
    assert two["amounts"]["unmortgage"] == {"1": 33}  # 30 and ten percent
    assert one["amounts"]["sell_building"] == {"39": 100}  # half a house, Boardwalk first
    assert two["amounts"]["buy"]["3"] == 60
    assert set(one["amounts"]) == {"buy", "build", "sell_building", "mortgage", "unmortgage"}

    deeds = {d["space"]: d for d in options(world.banker(), world.table).json()["deeds"]}
    assert deeds[39] == {
        "space": 39,
        "price": 400,
        "house_cost": 200,
        "sell_back": 100,
        "mortgage": 200,
        "unmortgage": 220,
    }
    assert deeds[5]["house_cost"] is None
    assert deeds[5]["sell_back"] is None
    assert deeds[1]["unmortgage"] == 33


def test_options_leave_out_what_the_cash_does_not_cover(world):
    posted(world.banker(), world.table, kind="bank_payment", seat=1, amount=-1400, memo="Test")
    opts = seat_options(world, 1)
    assert 1 in opts["buy"]  # 60
    assert 39 not in opts["buy"]  # 400
    assert 39 in opts["auction"]


def test_a_post_that_asks_for_them_brings_the_options_after_its_entry(world):
    client = world.banker()
    asked = client.post(
        f"/api/tables/{world.table.pk}/entries/",
        {"id": str(uuid.uuid4()), "kind": "buy", "seat": 1, "space": 39},
        format="json",
        HTTP_X_ANSWER_WITH="options",
    )
    assert asked.status_code == 201, asked.json()
    after = asked.json()["options"]
    assert after == options(client, world.table).json()
    assert after["last_seq"] == asked.json()["entry"]["seq"] == 1
    seat_1 = next(s for s in after["seats"] if s["seat"] == 1)
    assert 39 not in seat_1["buy"]
    assert 39 in seat_1["mortgage"]
    # A void's answer brings them too; a post that does not ask is answered as before.
    void = client.post(
        f"/api/tables/{world.table.pk}/entries/{asked.json()['entry']['id']}/void/",
        {"reason": "Wrong player"},
        format="json",
        HTTP_X_ANSWER_WITH="options",
    )
    assert void.status_code == 201, void.json()
    assert 39 in next(s for s in void.json()["options"]["seats"] if s["seat"] == 1)["buy"]
    assert "options" not in posted(client, world.table, kind="pass_go", seat=1)


def test_options_cost_the_same_queries_whatever_the_history(world, django_assert_max_num_queries):
    for _ in range(30):
        posted(world.banker(), world.table, kind="pass_go", seat=1)
    client = world.banker()
    with django_assert_max_num_queries(6):
        assert options(client, world.table).status_code == 200


def test_options_fetched_again_check_no_candidate_move_again(world, monkeypatch):
    """The options try a few hundred moves through the engine at each fetch. Each move is
    one object for every table, whose fields the engine checks once, not at every fetch
    (checking each new object's fields was a third of the options' time)."""
    posted(world.banker(), world.table, kind="buy", seat=1, space=39)
    client = world.banker()
    first = options(client, world.table).json()
    checked = []

    class Kinds(dict):
        def get(self, *args: Any) -> Any:
            checked.append(args[0])
            return super().get(*args)

    monkeypatch.setattr(engine_entries, "ENTRY_KINDS", Kinds(engine_entries.ENTRY_KINDS))
    assert options(client, world.table).json() == first
    assert checked == []


def test_a_bankers_preview_reads_the_key_and_the_ledger_in_one_query(
    world, django_assert_num_queries
):
    """The console previews every entry: the key's query reads the ledger with the table,
    as for a read; one other query asks whether the same entry was just recorded."""
    posted(world.banker(), world.table, kind="pass_go", seat=1)
    client = world.banker()
    with django_assert_num_queries(2):
        assert preview(client, world.table, kind="pass_go", seat=1).status_code == 200


@pytest.mark.parametrize(
    ("who", "move"),
    [
        ("banker", {"kind": "buy", "seat": 1, "space": 39}),
        ("referee_client", {"kind": "adjust", "seat": 1, "amount": -20, "reason": "Twice"}),
    ],
)
def test_a_preview_writes_nothing(world, who, move):
    """A preview runs whole in a transaction PostgreSQL keeps read-only: any write it
    tried, in whatever shape, would be refused."""
    posted(world.banker(), world.table, kind="pass_go", seat=1)
    client = getattr(world, who)()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION READ ONLY")
        response = preview(client, world.table, **move)
        assert response.status_code == 200, response.json()


# --------------------------------------------------------------------------- who may call


@pytest.mark.parametrize(
    ("caller", "status"),
    [
        ("anonymous", 401),
        ("banker", 200),
        ("other_banker", 403),
        ("referee", 200),
        ("other_organiser", 403),
        ("organiser", 200),
    ],
)
@pytest.mark.parametrize("endpoint", ["preview", "options"])
def test_who_may_preview_and_read_options(world, caller, status, endpoint):
    clients = {
        "anonymous": lambda: client_for(),
        "banker": lambda: world.banker(),
        "other_banker": lambda: world.banker(world.tables[1]),
        "referee": world.referee_client,
        "organiser": world.organiser_client,
        "other_organiser": lambda: client_for(
            VolunteerFactory(event=EventFactory(), role=Volunteer.Role.ORGANISER).user
        ),
    }
    client = clients[caller]()
    if endpoint == "preview" and caller == "referee":  # a referee records only adjustments
        response = preview(client, world.table, kind="adjust", seat=1, amount=5, reason="Short")
    elif endpoint == "preview":
        response = preview(client, world.table, kind="pass_go", seat=1)
    else:
        response = options(client, world.table)
    assert response.status_code == status, response.json()
    if status >= 400:
        assert set(response.json()) == {"error", "detail"}


# --------------------------------------------------------------------------- the page


def test_the_console_opens_with_the_table_and_its_key(client, world):
    response = client.get(f"/console/{world.table.key}/")
    assert response.status_code == 200
    config = response.context["config"]
    assert config["table"] == world.table.pk
    assert config["key"] == world.table.key
    assert config["api"]["preview"] == f"/api/tables/{world.table.pk}/preview/"
    assert config["api"]["void"] == f"/api/tables/{world.table.pk}/entries/{{id}}/void/"
    assert len(config["edition"]["spaces"]) == 40
    assert [s["seat"] for s in config["options"]["seats"]] == [1, 2, 3, 4]
    assert config["kinds"]["unmortgage"] == "Lift a mortgage"  # one list of labels, served
    content = response.content.decode()
    assert 'id="console-config"' in content
    assert "no-store" in response["Cache-Control"]


def test_an_unknown_key_is_a_friendly_404(client, world):
    response = client.get("/console/not-a-key-at-all/")
    assert response.status_code == 404
    assert "does not open a console" in response.content.decode()
    assert "QR code" in response.content.decode()


def test_a_rotated_key_no_longer_opens_the_console(client, world):
    old = world.table.key
    world.organiser_client().post(f"/api/tables/{world.table.pk}/rotate-key/")
    assert client.get(f"/console/{old}/").status_code == 404


def test_a_round_that_ended_shows_that_it_is_over(client, world):
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk)
    response = client.get(f"/console/{world.table.key}/")
    assert response.status_code == 410
    assert "This round is over" in response.content.decode()


def test_the_service_worker_is_served_under_console(client, db):
    response = client.get("/console/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert b'addEventListener("fetch"' in response.content
