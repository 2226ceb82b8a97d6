"""A bankruptcy in words, said the same on the console's preview, the console's ledger (the
API's entries), the referee's ledger and the bankrupt player's page: who goes bankrupt to
whom, what the creditor takes, and each transfer with what it is for, the interest on each
mortgaged deed by its deed."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import World
from tests.entries import posted
from tests.pdfs import pdf_text
from tests.played import end
from tests.print_jobs import make
from tournament.models import Player, PrintJob

pytestmark = pytest.mark.django_db


def names(world: World) -> dict[int, str]:
    return {s.number: s.player.name for s in world.table.seats.select_related("player")}


def player(world: World, seat: int) -> Player:
    return world.table.seats.get(number=seat).player


def said(client: Any, world: World, seat: int) -> tuple[str, list[str], str]:
    """The bankruptcy's preview, as the console shows it: its sentence, each transfer's
    words with its amount, and the total in words."""
    response = client.post(
        f"/api/tables/{world.table.pk}/preview/",
        {"kind": "bankrupt", "seat": 1, **({"creditor": seat} if seat else {})},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    money = [f"{t['words']} ${t['amount']:,}" for t in body["transfers"]]
    return body["description"], money, body["total"]["words"]


def recorded(world: World, creditor: int | None) -> tuple[str, list[str]]:
    """The bankruptcy recorded, as the console's ledger reads it back from the API."""
    fields = {"creditor": creditor} if creditor else {}
    posted(world.banker(), world.table, kind="bankrupt", seat=1, **fields)
    entries = world.banker().get(f"/api/tables/{world.table.pk}/entries/").json()
    entry = entries[-1]
    return entry["description"], [f"{t['words']} ${t['amount']:,}" for t in entry["transfers"]]


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def referee_ledger(world: World) -> str:
    url = reverse("referee-table", kwargs={"event_id": world.event.pk, "table_id": world.table.pk})
    referee = Client()
    referee.force_login(world.referee)
    response = referee.get(url)
    assert response.status_code == 200
    return text(response.content.decode())


def player_page(client: Any, world: World) -> str:
    response = client.get(f"/p/{player(world, 1).token}/")
    assert response.status_code == 200
    return text(response.content.decode())


def scoresheet(world: World, settings: Any, tmp_path: Any) -> str:
    """The table's printed scoresheet, once the round is over, its text in one line."""
    settings.MEDIA_ROOT = tmp_path
    end(world.round, world.referee)
    job = PrintJob.objects.create(event=world.event, kind="scoresheets", round=world.round)
    done = make(job)
    assert done.status == PrintJob.Status.DONE, done.error
    printed = " ".join(pdf_text(done.file.path).split())
    # The players' holdings stand in two columns: the other column's signature line may
    # come between two lines of this one in the PDF's text.
    return re.sub(r" Signed, \w+(?= \w)", "", printed)


def test_a_bankruptcy_to_a_player_names_creditor_cash_deeds_and_each_deeds_interest(
    world, client, settings, tmp_path
):
    n, banker = names(world), world.banker()
    for space in (37, 39):
        posted(banker, world.table, kind="buy", seat=2, space=space)
    for space in (6, 8, 3):
        posted(banker, world.table, kind="buy", seat=1, space=space)
    for space in (6, 8):
        posted(banker, world.table, kind="mortgage", seat=1, space=space)
    cash = 1500 - 100 - 100 - 60 + 50 + 50
    posted(banker, world.table, kind="bank_payment", seat=1, amount=-(cash - 30), memo="Fine")
    posted(banker, world.table, kind="rent", seat=1, space=39)  # $100 on $30: owes Brook $70

    sentence, money, total = said(banker, world, 2)

    assert sentence == f"{n[1]} goes bankrupt to {n[2]}, who takes {n[1]}'s cash and deeds"
    assert money == [
        f"{n[2]} gives back the part of the debt {n[1]} cannot pay $70",
        f"{n[2]} pays the bank the interest on mortgaged Oriental Avenue $5",
        f"{n[2]} pays the bank the interest on mortgaged Vermont Avenue $5",
    ]
    assert total == f"Total: {n[2]} pays $80"
    assert recorded(world, 2) == (sentence, money)
    referee = referee_ledger(world)
    assert sentence in referee
    assert ", ".join(money) in referee
    page = player_page(client, world)
    assert f"{sentence}." in page
    for line in money:
        assert line in page
    printed = scoresheet(world, settings, tmp_path)
    assert " ".join([f"{sentence}.", *(f"{line}." for line in money)]) in printed


def test_a_bankruptcy_to_the_bank_says_the_bank_takes_the_cash_and_the_deeds_go_to_auction(
    world, client
):
    n, banker = names(world), world.banker()
    posted(banker, world.table, kind="buy", seat=1, space=1)  # $60
    posted(banker, world.table, kind="bank_payment", seat=1, amount=-1410, memo="Fine")
    posted(banker, world.table, kind="jail_fine", seat=1)  # $50 on $30: owes the bank $20

    sentence, money, total = said(banker, world, 0)

    assert sentence == (
        f"{n[1]} goes bankrupt to the bank, which takes {n[1]}'s cash; "
        f"{n[1]}'s deeds go back to the bank unmortgaged, for auction"
    )
    assert money == [f"The bank writes off the part of the debt {n[1]} cannot pay $20"]
    assert total == "Total: the bank pays $20"
    assert recorded(world, None) == (sentence, money)
    referee = referee_ledger(world)
    assert sentence in referee
    assert money[0] in referee
    page = player_page(client, world)
    assert f"{sentence}." in page
    assert money[0] in page
