"""A round played to its end, for tests that read a finished event: entries at both tables
(a void among them), every table closed and confirmed, the round ended with results."""

from __future__ import annotations

import uuid
from typing import Any

from banking.actors import Actor
from banking.services.entries import entry_post, entry_void
from banking.services.rounds import round_end
from tests.conftest import World, close_and_confirm
from tournament.models import Table

BANKER = Actor(role=Actor.BANKER, name="banker")


def post(table: Table, **payload: Any) -> uuid.UUID:
    entry_id = uuid.uuid4()
    entry_post(table_id=table.pk, entry_id=entry_id, payload=payload, actor=BANKER)
    return entry_id


def play_round(world: World) -> None:
    """Table 1: Boardwalk bought, rent paid on it, a payment recorded by mistake and voided.
    Table 2: a pass of GO. Then both tables are confirmed and the round ends."""
    first, second = world.tables
    post(first, kind="buy", seat=1, space=39)
    post(first, kind="rent", seat=2, space=39)
    mistake = post(first, kind="bank_payment", seat=3, amount=-100, memo="Wrong table")
    referee = Actor(role=Actor.REFEREE, name=world.referee.username, user=world.referee)
    entry_void(
        table_id=first.pk, entry_id=mistake, reason="Recorded at the wrong table", actor=referee
    )
    post(second, kind="pass_go", seat=3)
    close_and_confirm(world.round, by=world.referee)
    round_end(round_id=world.round.pk, actor=world.organiser)
    world.round.refresh_from_db()
