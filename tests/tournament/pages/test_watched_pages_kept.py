"""The referees' overview and the big screen are computed once per version of what they
show, and computed again as soon as any of it changes."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from banking.actors import Actor
from banking.services.entries import entry_post, entry_void
from tests.conftest import World, make_world, play_round_one
from tests.factories import UserFactory
from tests.round_trips import round_trips
from tournament.http.rows import read_all
from tournament.models import Player, Round, Table, Volunteer
from tournament.pages.screen import selectors
from tournament.results.closing import round_end, table_close
from tournament.results.overrides import result_override
from tournament.results.reviews import table_confirm, table_dispute
from tournament.services.players import player_check_in, player_set_paid
from tournament.services.rounds import round_call_time, round_create, round_release, round_seat
from tournament.services.screens import screen_link_issue
from tournament.services.tables import table_assign
from tournament.watched.kept import ScreenHead, kept_here
from tournament.watched.selectors import WatchedVersions, watched_versions_read

pytestmark = pytest.mark.django_db


def watched_versions(*, event_id: int) -> WatchedVersions:
    return read_all(watched_versions_read(event_id))[0]


BANKER = Actor(role=Actor.BANKER, name="banker")


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    kept_here.clear()
    yield
    cache.clear()
    kept_here.clear()


def post(table: Table, **payload) -> None:
    entry_post(table_id=table.pk, entry_id=uuid.uuid4(), payload=payload, actor=BANKER)


def screen_poll(client, event, etag: str = "") -> str:
    """The big screen's poll as htmx asks it; what it shows (every part, when no ETag)."""
    url = reverse("event-screen", args=[event.pk, event.screen_token])
    headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def names_shown(html: str) -> set[str]:
    return set(re.findall(r'<span class="name" data-short="[^"]*">([^<]*)<', html))


def figures(html: str, table: Table) -> list[str]:
    """The figures of a table's board, row by row ("$1,700 cash $1,700")."""
    board = html.split(f'data-table="{table.number}"', 1)[1].split("</article>", 1)[0]
    found = re.findall(r'<span class="worth">([^<]*)</span><span class="cash">([^<]*)<', board)
    return [f"{worth} {cash}" for worth, cash in found]


def versions(world) -> dict[int, tuple[str, str]]:
    found = watched_versions(event_id=world.event.pk)
    return {tid: (watched, bracket) for tid, (_, watched, bracket) in found.tables.items()}


def test_a_tables_version_changes_with_what_the_pages_show_of_it(world):
    table, other = world.tables
    before = versions(world)
    assert set(before) == {table.pk, other.pk}
    assert versions(world) == before
    post(table, kind="pass_go", seat=1)
    after_entry = versions(world)
    assert after_entry[table.pk][0] != before[table.pk][0]
    assert after_entry[table.pk][1] == before[table.pk][1]  # the bracket shows no cash
    assert after_entry[other.pk] == before[other.pk]  # only the table that changed
    Table.objects.filter(pk=table.pk).update(review_note="Seat 2's rent")
    after_note = versions(world)
    assert after_note[table.pk][0] != after_entry[table.pk][0]
    seat = table.seats.select_related("player").first()
    rename_in_the_admin(seat.player, "Renamed")
    renamed = versions(world)
    assert renamed[table.pk][0] != after_note[table.pk][0]
    assert renamed[table.pk][1] != after_note[table.pk][1]


def admin_client():
    admin = Client()
    admin.force_login(UserFactory(is_staff=True, is_superuser=True))
    return admin


def rename_in_the_admin(player: Player, name: str) -> None:
    """As an organiser renames a player: the admin's change form (no service renames)."""
    data = {"event": player.event_id, "name": name, "email": player.email, "team": player.team}
    response = admin_client().post(f"/admin/tournament/player/{player.pk}/change/", data)
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == name


class Moves:
    """The versions before a change and after it: which tables' moved, and the bracket's."""

    def __init__(self, world: World) -> None:
        self.event_id = world.event.pk
        self.before = watched_versions(event_id=self.event_id)

    def after(self) -> tuple[set[int], set[int], bool]:
        """The tables whose watched version moved, those whose bracket version moved, and
        whether the bracket's as a whole moved; the next call compares with now."""
        now = watched_versions(event_id=self.event_id)
        was = self.before.tables
        watched = {t for t, v in now.tables.items() if was.get(t, (0, "", ""))[1] != v[1]}
        bracket = {t for t, v in now.tables.items() if was.get(t, (0, "", ""))[2] != v[2]}
        moved = now.bracket != self.before.bracket
        self.before = now
        return watched, bracket, moved


def test_every_kind_of_change_the_pages_show_moves_its_versions(world):
    """Within one transaction (as here: the test's) every row keeps its xmin: each change
    must move the versions by the columns and counters they read."""
    table, other = world.tables
    referee = Volunteer.objects.get(event=world.event, user=world.referee)
    moves = Moves(world)
    assert moves.after() == (set(), set(), False)  # nothing changed, nothing moves

    entry = entry_post(
        table_id=table.pk, entry_id=uuid.uuid4(), payload={"kind": "pass_go", "seat": 1},
        actor=BANKER,
    ).entry  # fmt: skip
    assert moves.after() == ({table.pk}, set(), False)  # an entry: cash, not the bracket
    entry_void(table_id=table.pk, entry_id=entry.pk, reason="Twice", actor=BANKER)
    assert moves.after() == ({table.pk}, set(), False)  # a void
    for each in world.tables:  # a winner at each table
        post(each, kind="pass_go", seat=1)
    moves.after()

    Table.objects.filter(pk=table.pk).update(referee=None)
    assert moves.after() == ({table.pk}, {table.pk}, True)
    table_assign(table_id=table.pk, referee_id=referee.pk)  # a volunteer assigned
    assert moves.after() == ({table.pk}, {table.pk}, True)

    rename_in_the_admin(table.seats.get(number=2).player, "Renamed")  # a player renamed
    watched, bracket, moved = moves.after()
    assert table.pk in watched
    assert table.pk in bracket
    assert moved
    banker = Volunteer.objects.get(event=world.event, role=Volunteer.Role.BANKER)
    data = {"event": world.event.pk, "user": UserFactory().pk, "role": banker.role}
    changed = admin_client().post(f"/admin/tournament/volunteer/{banker.pk}/change/", data)
    assert changed.status_code == 302
    assert table.pk in moves.after()[0]  # a volunteer changed (the queue names the banker)

    round_call_time(round_id=world.round.pk, now_=True)  # the round's clock
    assert moves.after() == ({table.pk, other.pk}, {table.pk, other.pk}, True)
    table_close(table_id=table.pk)  # a result written
    assert moves.after() == ({table.pk}, {table.pk}, True)
    table_dispute(table_id=table.pk, user=world.referee, reason="Rent")  # a result taken back
    assert moves.after() == ({table.pk, other.pk}, {table.pk, other.pk}, True)  # the event's
    table_close(table_id=table.pk)
    moves.after()
    table_confirm(table_id=table.pk, user=world.referee)  # a result checked
    assert moves.after() == ({table.pk}, {table.pk}, True)

    table_close(table_id=other.pk)
    table_confirm(table_id=other.pk, user=world.referee)
    moves.after()
    round_end(round_id=world.round.pk)  # who advances
    assert moves.after() == ({table.pk, other.pk}, {table.pk, other.pk}, True)
    runner_up = table.seats.get(number=2).player_id
    result_override(
        round_id=world.round.pk, player_id=runner_up, advances=True, reason="A wildcard",
        actor=world.organiser,
    )  # fmt: skip
    assert moves.after()[2]  # an organiser's decision on who advances

    following = round_create(event_id=world.event.pk)
    assert moves.after()[2]
    round_seat(round_id=following.pk, seed=3)  # seats
    watched, _, moved = moves.after()
    seated = set(Table.objects.filter(round=following).values_list("pk", flat=True))
    assert seated
    assert seated <= watched
    assert moved
    round_seat(round_id=following.pk, seed=4)  # seated again: other seats
    assert moves.after()[2]
    round_release(round_id=following.pk, actor=world.organiser)  # the screen shows them
    assert moves.after()[2]
    assert Round.objects.get(pk=following.pk).released_at is not None

    # The ended round is no longer shown once the next is seated: its tables have no
    # versions of their own, but what the bracket shows of them still moves it.
    assert not {table.pk, other.pk} & set(versions(world))
    Table.objects.filter(pk=table.pk).update(referee=None)
    assert moves.after() == (set(), set(), True)


def rename_by_a_write(player: Player, name: str) -> None:
    """As any write of the event renames a player: a save in its own transaction."""
    with transaction.atomic():
        player.name = name
        player.save()


@pytest.mark.parametrize("rename", [rename_in_the_admin, rename_by_a_write])
def test_a_player_renamed_shows_on_the_kept_pages(client, world, rename):
    """A rename writes neither a table's row nor its ledger's: the event's version moves,
    whoever writes it."""
    event = screen_link_issue(event_id=world.event.pk)
    client.force_login(world.referee)
    url = reverse("referee-event", args=[world.event.pk])
    assert client.get(url).status_code == 200
    screen_poll(client, event)
    rename(world.table.seats.get(number=1).player, "Zebedee Renamed")
    assert "Zebedee Renamed" in client.get(url).content.decode()
    assert "Zebedee Renamed" in names_shown(screen_poll(client, event))


def test_a_player_ticked_in_at_the_door_keeps_the_pages(client, world):
    """The door's tick and the money paid show on neither page: they keep what they
    computed."""
    player = world.table.seats.get(number=1).player
    before = watched_versions(event_id=world.event.pk)
    player_check_in(player_id=player.pk, checked_in=True)
    player_set_paid(player_id=player.pk, paid=10, actor=world.organiser)
    assert watched_versions(event_id=world.event.pk) == before


def test_seating_a_round_again_moves_the_event_once():
    """Seating again takes the round's tables with their seats: the tables' leaving moves
    the pages, not one write of the event for each of their seats."""
    seated = make_world(players=16, start=False)
    with CaptureQueriesContext(connection) as captured:
        round_seat(round_id=seated.round.pk, seed=4, include_all=True)
    events_written = [q for q in captured if q["sql"].startswith('UPDATE "tournament_event"')]
    assert len(events_written) <= 1


def test_an_organisers_override_shows_on_the_screens_bracket(client, world):
    """The screen holds its bracket while the bracket's version stays; a decision on who
    advances moves it, and the next poll brings the bracket with the decision."""
    play_round_one(world)
    event = screen_link_issue(event_id=world.event.pk)
    url = reverse("event-screen", args=[event.pk, event.screen_token])
    held = client.get(url)["ETag"]
    runner_up = world.table.seats.get(number=2).player
    result_override(
        round_id=world.round.pk, player_id=runner_up.pk, advances=True, reason="A wildcard",
        actor=world.organiser,
    )  # fmt: skip
    moved = screen_poll(client, event, held)
    advances = r'class="bracket-player advances"><span><span class="rank">\d+\.</span>([^<]+)<'
    through = re.findall(advances, moved)
    assert runner_up.name in through


def test_the_screen_is_kept_until_an_entry_changes_it(client, world):
    event = screen_link_issue(event_id=world.event.pk)
    url = reverse("event-screen", args=[event.pk, event.screen_token])
    first = screen_poll(client, event)
    etag = client.get(url, headers={"HX-Request": "true"})["ETag"]
    again = {"HX-Request": "true", "If-None-Match": etag}
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, headers=again).status_code == 304
    assert len(captured) == 2  # the versions, and the event whose token they check
    assert round_trips(lambda: client.get(url, headers=again)) == 1  # read together
    assert figures(screen_poll(client, event), world.table) == figures(first, world.table)
    post(world.table, kind="pass_go", seat=1)
    assert "$1,700 cash $1,700" in figures(screen_poll(client, event, etag), world.table)


def test_the_seats_names_are_read_with_the_screens_head_not_at_each_entry(
    client, world, monkeypatch
):
    """A screen's poll works out again the boards of the tables that changed, about
    eighty at a hundred tables: who sits where changes with the head (the event's version),
    not with an entry, so their names, and the short forms a crowded screen shows, are kept
    with it."""
    event = screen_link_issue(event_id=world.event.pk)
    screen_poll(client, event)
    post(world.table, kind="pass_go", seat=1)
    shortened = []
    short = selectors._short
    monkeypatch.setattr(selectors, "_short", lambda name: shortened.append(name) or short(name))
    with CaptureQueriesContext(connection) as captured:
        changed = screen_poll(client, event)
    assert "$1,700 cash $1,700" in figures(changed, world.table)
    assert not [q for q in captured if '"tournament_seat"' in q["sql"]]
    assert shortened == []
    names = {seat.player.name for t in world.tables for seat in t.seats.all()}
    assert names_shown(changed) == names
    assert set(re.findall(r'data-short="([^"]*)"', changed)) == names


def test_a_server_reads_the_screens_head_once_per_version(client, world, monkeypatch):
    """The head (clock, bracket) grows with the night; a web server keeps its own copy
    under its version, and reads it again from the shared cache only when it changed."""

    event = screen_link_issue(event_id=world.event.pk)
    screen_poll(client, event)
    asked = asked_of_the_cache(monkeypatch)
    screen_poll(client, event)
    assert not [key for key in asked if "screen-head" in key]
    kept_here.clear()  # another web server: it reads the shared copy
    assert "Round 1 · Preliminary" in screen_poll(client, event)
    assert [key for key in asked if "screen-head" in key]


def test_what_the_release_before_kept_of_the_screen_is_not_read(client, world):
    """While web servers of two releases share the cache, each reads only what has its own
    shape: the release before kept the screen's head with its bracket unrendered and each
    table's leaderboard unrendered, under the names of that time."""
    event = screen_link_issue(event_id=world.event.pk)
    screen_poll(client, event)
    versions = watched_versions(event_id=event.pk)
    (key,) = [k for k in kept_here._sets[("screen", event.pk)] if k.startswith("screen-head")]
    head = cache.get(key)
    cache.clear()
    kept_here.clear()
    shown = {**head.shown, "bracket": {"rounds": [], "winners": []}}  # the shape kept before
    cache.set(
        f"screen-head-v4:{event.pk}:{versions.bracket}", ScreenHead(shown, head.rounds, head.seats)
    )
    for tid, (_, watched, _) in versions.tables.items():
        cache.set(f"screen-board:{tid}:{watched}:False", {"id": tid, "leaderboard": []})
    assert "$1,500 cash $1,500" in figures(screen_poll(client, event), world.table)


def asked_of_the_cache(monkeypatch) -> list[str]:
    """The keys this process asks the shared cache for from now on."""
    asked: list[str] = []
    get, get_many = cache.get, cache.get_many
    monkeypatch.setattr(cache, "get", lambda key, *a, **k: asked.append(key) or get(key, *a, **k))
    monkeypatch.setattr(
        cache, "get_many", lambda keys, *a, **k: asked.extend(keys) or get_many(keys, *a, **k)
    )
    return asked


def test_each_version_of_a_screens_board_is_rendered_once_for_every_server(
    client, world, monkeypatch
):
    """A screen's next poll comes to another worker, which last answered it several polls
    ago: the boards rendered for the poll before, by whichever worker, are shared; a
    worker renders only the tables that changed since, and reads again from the shared
    cache only what it does not hold itself."""
    event = screen_link_issue(event_id=world.event.pk)
    worked_out: list[list[int]] = []
    screen_tables = selectors.screen_tables
    monkeypatch.setattr(
        selectors,
        "screen_tables",
        lambda **k: worked_out.append(sorted(k["table_ids"])) or screen_tables(**k),
    )
    screen_poll(client, event)
    asked = asked_of_the_cache(monkeypatch)
    screen_poll(client, event)
    assert not [key for key in asked if "screen-board" in key]  # held here
    post(world.table, kind="pass_go", seat=1)
    kept_here.clear()  # another web server: it reads the shared copies
    assert "$1,700 cash $1,700" in figures(screen_poll(client, event), world.table)
    assert [key for key in asked if f"screen-board-v3:{world.tables[1].pk}:" in key]
    assert worked_out == [sorted(t.pk for t in world.tables), [world.table.pk]]


def test_a_server_reads_the_referees_cards_once_per_version(client, world, monkeypatch):
    client.force_login(world.referee)
    url = reverse("referee-event", args=[world.event.pk])
    assert client.get(url).status_code == 200
    asked = asked_of_the_cache(monkeypatch)
    assert client.get(url).status_code == 200
    assert not [key for key in asked if "referee-table" in key]
    post(world.table, kind="bank_payment", seat=1, amount=-37, memo="Fine")
    page = client.get(url).content.decode()
    assert "Fine" in page
    assert not [key for key in asked if f"referee-table:{world.tables[1].pk}:" in key]
    kept_here.clear()  # another web server: it reads the shared copies
    assert client.get(url).status_code == 200
    assert [key for key in asked if f"referee-table:{world.tables[1].pk}:" in key]


def test_a_kept_overview_takes_two_round_trips_to_postgresql(client, world):
    """The login's user; then the event, the referee's roles in it and the versions of its
    tables, read together."""
    client.force_login(world.referee)
    url = reverse("referee-event", args=[world.event.pk])
    assert client.get(url).status_code == 200
    assert round_trips(lambda: client.get(url)) == 2


def test_the_kept_overview_reads_no_round_again(client, world):
    """The current rounds are kept with the event's head: a reload while no round changed
    reads none of them again."""
    client.force_login(world.referee)
    url = reverse("referee-event", args=[world.event.pk])
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        kept = client.get(url).content.decode()
    assert not [q for q in captured if q["sql"].startswith('SELECT "tournament_round"')]
    assert "Running" in kept
    assert "Last turn" not in kept
    round_call_time(round_id=world.round.pk, now_=True)
    assert "Last turn" in client.get(url).content.decode()


def test_the_referees_overview_is_kept_until_an_entry_changes_it(client, world):
    client.force_login(world.referee)
    url = reverse("referee-event", args=[world.event.pk])
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        kept = client.get(url)
    assert kept.status_code == 200
    # No table's state is read again (the attention list reads each ledger's latest entry
    # and leader, not its state).
    assert not any('"banking_tableledger"."state"' in q["sql"] for q in captured)
    assert not any('"banking_tableledger"."seats"' in q["sql"] for q in captured)
    post(world.table, kind="bank_payment", seat=1, amount=-37, memo="Fine")
    page = client.get(url).content.decode()
    assert "1,463" in page or "1463" in page  # seat 1's cash after the fine


def with_history(world) -> int:
    """The world's event with four ended rounds of five tables before its running round."""
    Round.objects.filter(pk=world.round.pk).update(number=5)
    for number in range(1, 5):
        past = Round.objects.create(
            event=world.event, number=number, table_size=4, status=Round.Status.ENDED
        )
        Table.objects.bulk_create(Table(round=past, number=n) for n in range(1, 6))
    return world.event.pk


def versions_plan(event_id: int) -> list[dict]:
    """Each step of the versions' query as PostgreSQL ran it."""
    import json

    from tournament.watched.queries import watched_sql

    with connection.cursor() as cursor:
        versions = watched_sql().versions.sql
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {versions}", {"event": event_id})
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan

    def nodes(node):
        yield node
        for child in node.get("Plans", ()):
            yield from nodes(child)

    return list(nodes(plan[0]["Plan"]))


def test_the_versions_read_the_watched_tables_once_however_long_the_history(world):
    """An event well into its night: the versions' query reads the current and the latest
    ended round's tables, and works out which rounds those are once, not once for every
    table the event ever had (that cost 34 ms a call at 30 past rounds of 100 tables)."""
    event_id = with_history(world)
    plan = versions_plan(event_id)
    watched = watched_versions(event_id=event_id).tables
    assert {round_id for round_id, _, _ in watched.values()} == {world.round.pk}
    # No step of the plan runs once per table of the event's whole history (22 tables): at
    # most once per table of the latest ended round (5), whose bracket the head reads.
    assert max(n["Actual Loops"] for n in plan) <= 5


def test_between_rounds_the_latest_ended_rounds_tables_are_watched(world):
    """With no round live and none seated after it, the pages show the round that has just
    ended (tournament.selectors.current_rounds): its tables are watched then."""
    event_id = with_history(world)
    latest_ended = Round.objects.get(event=world.event, number=4)

    def watched_rounds() -> set[int]:
        return {round_id for round_id, _, _ in watched_versions(event_id=event_id).tables.values()}

    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.PLANNED)
    assert latest_ended.pk in watched_rounds()
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.SEATED)
    assert watched_rounds() == {world.round.pk}


def test_the_versions_work_out_the_events_head_once(world):
    """The head (the event and all its rounds) is worked out once per call, not once for
    each watched table beside it (that cost 9 ms a call at 30 past rounds of 100 tables)."""
    plan = versions_plan(with_history(world))
    aggregates = [n for n in plan if n["Node Type"] == "Aggregate"]
    assert aggregates
    assert [n["Actual Loops"] for n in aggregates] == [1] * len(aggregates)
