"""The hot path's queries are prepared by PostgreSQL: planned once per connection, then
only executed (tournament/http/rows.py). Django turns prepared statements off unless the
settings turn them on again, and then `prepare=True` silently prepares nothing."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection

from tournament.http.authentication import table_by_key
from tournament.http.rows import prepared_cursor

pytestmark = pytest.mark.django_db


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_prepared_cursor_prepares_its_statement_once_per_connection():
    query = "SELECT %s::int + 1"
    for n in range(3):
        with prepared_cursor() as cursor:
            cursor.execute(query, [n])
            assert cursor.fetchone() == (n + 1,)
    assert len([s for s in _prepared() if "::int + 1" in s]) == 1


def test_a_prepared_statement_is_planned_once_for_any_parameters():
    """By default PostgreSQL plans a prepared statement again for its parameters at each of
    its first five executions (some milliseconds for the watched pages' joins), and a web
    process's connection lasts a minute: ours are planned once (a generic plan)."""
    query = "SELECT count(*) FROM tournament_table WHERE id = ANY(%s)"
    for n in range(3):
        with prepared_cursor() as cursor:
            cursor.execute(query, [[n, n + 1]])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements "
            "WHERE statement LIKE %s",
            ["%FROM tournament_table WHERE id = ANY%"],
        )
        assert cursor.fetchall() == [(3, 0)]


def test_no_statement_is_compiled_to_machine_code_for_its_estimated_cost(world):
    """A plan for any parameters guesses at how many rows it meets, and a guess over
    PostgreSQL's `jit_above_cost` (the desk's rows, guessed at thousands of tables) had each
    execution compile itself first: 30 ms for a query that runs in 2. The connection turns
    JIT off: no query of a web request runs long enough to gain by it."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone() == ("off",)


def test_the_table_keys_query_is_planned_once(world):
    for _ in range(2):
        assert table_by_key(world.table.key, with_ledger=True).pk == world.table.pk
    assert any("WHERE t.key = $1" in statement for statement in _prepared())


@pytest.mark.parametrize("module", ["tournament.settings.production", "tournament.settings.base"])
def test_every_settings_module_lets_postgresql_prepare(module, monkeypatch):
    """The production settings, as the image runs them, turn preparing on too, each
    statement planned once."""
    import importlib
    import sys

    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/any")
    monkeypatch.setenv("SECRET_KEY", "a-long-random-key-of-this-test-only-" * 2)
    monkeypatch.setenv("ALLOWED_HOSTS", "example.org")
    monkeypatch.setenv("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    monkeypatch.setenv("SITE_URL", "https://example.org")
    monkeypatch.delitem(sys.modules, module, raising=False)
    loaded = importlib.import_module(module)
    monkeypatch.delitem(sys.modules, module)
    options = loaded.DATABASES["default"]["OPTIONS"]
    assert options["prepare_threshold"] is not None
    assert options["options"] == "-c plan_cache_mode=force_generic_plan -c jit=off"
    assert settings.DATABASES["default"]["OPTIONS"]["prepare_threshold"] is not None


def test_the_event_and_a_persons_roles_in_it_are_one_query_planned_once(world):
    from django.contrib.auth import get_user_model

    from tournament.access import event_with_roles_read, roles_in_event
    from tournament.http.rows import read_all
    from tournament.services.events import volunteer_add

    def event_with_roles(person, event_id):
        return read_all(event_with_roles_read(person, event_id))[0]

    volunteer_add(event_id=world.event.pk, username=world.referee.username, role="banker")
    stranger = get_user_model().objects.create_user("stranger")
    for person in (world.referee, world.organiser, stranger):
        event, roles = event_with_roles(person, world.event.pk)
        assert event.pk == world.event.pk
        assert event.name == world.event.name
        assert roles == roles_in_event(person, world.event.pk)
    assert event_with_roles(world.referee, world.event.pk)[1] == {"referee", "banker"}
    assert event_with_roles(stranger, world.event.pk)[1] == set()
    assert event_with_roles(world.referee, world.event.pk + 1000) == (None, set())
    assert any("v.user_id = $1 WHERE e.id = $2" in statement for statement in _prepared())


def test_a_round_its_event_and_a_persons_roles_are_one_query_planned_once(world):
    from django.contrib.auth import get_user_model

    from tournament.access import roles_in_event, round_with_roles_read
    from tournament.http.rows import read_all

    def round_with_roles(person, round_id):
        return read_all(round_with_roles_read(person, round_id))[0]

    stranger = get_user_model().objects.create_user("stranger")
    for person in (world.referee, world.organiser, stranger):
        round_, roles = round_with_roles(person, world.round.pk)
        assert (round_.pk, round_.number, round_.status) == (
            world.round.pk,
            world.round.number,
            world.round.status,
        )
        assert round_.event.name == world.event.name
        assert roles == roles_in_event(person, world.event.pk)
    assert round_with_roles(world.organiser, world.round.pk)[1] == {"organiser"}
    assert round_with_roles(world.organiser, world.round.pk + 1000) == (None, set())
    assert any("v.user_id = $1 WHERE r.id = $2" in statement for statement in _prepared())


def test_a_superuser_has_every_role_and_someone_logged_out_none(world):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import AnonymousUser

    from tournament.access import event_with_roles_read, round_with_roles_read
    from tournament.http.rows import read_all

    admin = get_user_model().objects.create_superuser("admin-of-this-test")
    event, every = read_all(event_with_roles_read(admin, world.event.pk))[0]
    round_, also = read_all(round_with_roles_read(admin, world.round.pk))[0]
    assert (event.pk, round_.pk) == (world.event.pk, world.round.pk)
    assert every == also == {"organiser", "referee"}
    nobody = AnonymousUser()
    assert read_all(event_with_roles_read(nobody, world.event.pk))[0][1] == set()
    assert read_all(round_with_roles_read(nobody, world.round.pk))[0][1] == set()
