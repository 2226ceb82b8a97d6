"""Which results count (tournament/results/standings.py): a confirmed table's at once, every
table's once the round has ended. The round's results (the API, the desk) and the bracket
(the desk, the big screen, the print) show the same ones."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import World, make_world
from tournament.results.selectors import bracket

pytestmark = pytest.mark.django_db


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.json()
    return response.json()


def counted_tables(world: World) -> set[int]:
    """The tables whose results the round's results list."""
    rows = ok(world.organiser_client().get(f"/api/rounds/{world.round.pk}/results/"))
    return {row["table"] for row in rows}


def ranked_tables(world: World) -> set[int]:
    """The tables whose players the bracket shows ranked."""
    (column,) = bracket(event_id=world.event.pk)["rounds"]
    return {
        box["number"]
        for box in column["tables"]
        if any(player["rank"] is not None for player in box["players"])
    }


def test_the_results_and_the_bracket_count_the_same_tables():
    world = make_world(players=8)
    first, second = world.tables
    for table in world.tables:
        ok(world.banker(table).post(f"/api/tables/{table.pk}/close/"))
    ok(world.referee_client().post(f"/api/tables/{first.pk}/confirm/"))

    # While the round runs, only the confirmed table's results count.
    assert counted_tables(world) == ranked_tables(world) == {first.number}

    reason = "The hall closes at eleven"
    ended = world.organiser_client().post(
        f"/api/rounds/{world.round.pk}/end/", {"force": True, "reason": reason}, format="json"
    )
    assert ok(ended)["status"] == "ended"

    # Once the round has ended, every table's count, the unconfirmed one marked forced.
    assert counted_tables(world) == ranked_tables(world) == {first.number, second.number}
    rows = ok(world.organiser_client().get(f"/api/rounds/{world.round.pk}/results/"))
    assert {(row["table"], row["forced"]) for row in rows} == {
        (first.number, False),
        (second.number, True),
    }
