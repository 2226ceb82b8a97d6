"""The layout of docs/architecture.md holds: imports go down the layers, never up; the rules
engine is plain Python; no domain module imports a page; selectors only read; the event's
code reads no table of the bank."""

from __future__ import annotations

import ast
import builtins
import dataclasses
import importlib
import inspect
import re
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date, time, timedelta
from decimal import Decimal
from enum import Enum
from functools import cached_property, partial
from pathlib import Path
from types import FrameType, FunctionType, SimpleNamespace
from typing import Any
from uuid import UUID

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.models import Model, QuerySet
from django.db.models.query import RawQuerySet
from django.utils import timezone
from django.utils.functional import Promise

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "tournament", "banking")

# Each of our modules sits in the layer of its longest listed prefix (docs/architecture.md,
# "Layers"). A module may import its own layer and the layers below, never one above.
LAYERS = {
    "games": 0,
    "tournament": 1,
    "tournament.celery": 1,  # the Celery app, which the package loads at start
    "banking": 2,
    # The table key's query reads the table's ledger too, for the bank's reads.
    "tournament.http.authentication": 2,
    "tournament.http.queries": 2,
    "tournament.results": 3,
    "tournament.printing": 3,
    "tournament.exports": 3,
    "tournament.room": 3,
    "tournament.watched": 3,
    "tournament.api": 4,
    "tournament.pages": 4,
    "tournament.admin": 4,
    "tournament.urls": 4,
    "tournament.wsgi": 4,
    "tournament.asgi": 4,
    "tournament.settings": 4,
    "tournament.management": 4,
    "banking.api": 4,
    "banking.console": 4,
    "banking.admin": 4,
    "banking.management": 4,
}
LAYER_NAMES = ["games", "the event", "the bank", "results and printing", "entry points"]

# Pages are what a person opens; the entry points that route to them may import them.
PAGES = ("tournament.pages", "banking.console")
ROUTERS = {"tournament.urls"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    }


def imported_modules(path: Path, name: str) -> set[str]:
    """Every module `path` imports, anywhere in it (inside functions too), made absolute."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def ours(module: str) -> bool:
    return module.split(".")[0] in PACKAGES


def layer_of(module: str) -> int:
    prefixes = [p for p in LAYERS if module == p or module.startswith(p + ".")]
    return LAYERS[max(prefixes, key=len)]


def imports() -> list[tuple[str, str]]:
    modules = python_modules()
    return [
        (name, imported)
        for name, path in modules.items()
        for imported in sorted(imported_modules(path, name))
        if ours(imported)
    ]


def test_every_module_has_a_layer():
    assert {name.split(".")[0] for name in python_modules()} == set(PACKAGES)
    assert all(layer_of(name) in range(len(LAYER_NAMES)) for name in python_modules())


def test_imports_go_down_the_layers():
    upward = [
        f"{module} ({LAYER_NAMES[layer_of(module)]}) imports {imported} "
        f"({LAYER_NAMES[layer_of(imported)]})"
        for module, imported in imports()
        if layer_of(imported) > layer_of(module)
    ]
    assert upward == []


def test_no_domain_module_imports_a_page():
    def is_page(module: str) -> bool:
        return any(module == p or module.startswith(p + ".") for p in PAGES)

    offending = [
        f"{module} imports {imported}"
        for module, imported in imports()
        if is_page(imported) and not is_page(module) and module not in ROUTERS
    ]
    assert offending == []


def test_each_audience_keeps_to_its_own_pages():
    """One audience's pages never reach into another's: what two audiences share is a
    domain module below them."""

    def audience(module: str) -> str | None:
        parts = module.split(".")
        if parts[:2] == ["tournament", "pages"] and len(parts) > 2:
            return parts[2] if parts[2] != "site" else None
        return "console" if parts[:2] == ["banking", "console"] else None

    offending = [
        f"{module} imports {imported}"
        for module, imported in imports()
        if audience(module) and audience(imported) and audience(module) != audience(imported)
    ]
    assert offending == []


def test_the_rules_engine_is_plain_python():
    forbidden = ("django", "rest_framework", "celery", *PACKAGES[1:])
    offending = [
        f"{name} imports {imported}"
        for name, path in python_modules().items()
        if name.startswith("games.engine")
        for imported in imported_modules(path, name)
        if imported.split(".")[0] in forbidden
    ]
    assert offending == []


# Selectors only read: every public function of every selectors module, run against a
# running event (no entry yet, its clock run out with no worker about), a seated one and
# one played to its end, inside a transaction PostgreSQL keeps read-only, so that it refuses
# any write whatever its SQL looks like; what a selector returns is forced there (a
# QuerySet evaluated, a generator run, a `Read` read). Each argument is made from the
# parameter's name (or, where a name means two things, its function or annotation): a
# selector with a parameter this table does not know fails the test until it is added.


def selector_modules() -> list[str]:
    return [name for name in python_modules() if name.rpartition(".")[2] == "selectors"]


def selector_functions() -> list[tuple[str, Callable[..., Any]]]:
    return [
        (f"{name}.{function.__name__}", function)
        for name in selector_modules()
        for function in vars(importlib.import_module(name)).values()
        if inspect.isfunction(function)
        and function.__module__ == name
        and not function.__name__.startswith("_")
    ]


def selector_arguments(world: Any) -> dict[str, Callable[[], Any]]:
    """How to make each argument a selector takes, for `world`; made afresh for each call,
    so that nothing a previous call read is cached on it."""
    from banking import selectors as bank
    from banking.ledgers import rules_of
    from banking.models import Entry
    from games import engine
    from games.models import FaqEntry
    from tournament.http.rows import read_all
    from tournament.models import Event, Round, Table
    from tournament.pages.players.selectors import player_page
    from tournament.pages.screen.selectors import screen_seats
    from tournament.room.selectors import desk_rows_read

    table = world.table
    seats = list(table.seats.select_related("player").order_by("number"))
    player = seats[0].player
    rules = rules_of(world.event)
    names = {seat.number: seat.player.name for seat in seats}
    return {
        "event_id": lambda: world.event.pk,
        "event": lambda: Event.objects.get(pk=world.event.pk),
        "round_id": lambda: world.round.pk,
        "round_": lambda: Round.objects.select_related("event").get(pk=world.round.pk),
        "desk_room.rows": lambda: read_all(desk_rows_read(world.round.pk))[0],
        "desk_waves.tables": lambda: list(world.round.tables.all()),
        "started": lambda: list(world.round.waves.all()),
        "wave_clock.wave": lambda: world.round.waves.first(),
        "now": timezone.now,
        "table_id": lambda: table.pk,
        "table: Table": lambda: Table.objects.get(pk=table.pk),
        "table: dict[str, Any]": lambda: bank.watched_tables([table.pk])[0],
        "table_ids": lambda: [t.pk for t in world.tables],
        "event_ids": lambda: [world.event.pk],
        "seated": lambda: bank.table_seats([t.pk for t in world.tables]),
        "seats": lambda: screen_seats([t.pk for t in world.tables]),
        "per_table": lambda: 3,
        "key": lambda: table.key,
        "token": lambda: player.token,
        "screen_event.token": lambda: world.event.screen_token,
        "page": lambda: player_page(player.token),
        "user": lambda: world.organiser,
        "refereed_events.user": lambda: world.referee,
        "roles": lambda: {"referee"},
        "seed": lambda: 7,
        "rules": lambda: rules,
        "state": lambda: engine.new_table(rules, names),
        "number": lambda: seats[0].number,
        "player_id": lambda: player.pk,
        "name": lambda: player.name,
        "space": lambda: rules.edition.deeds[0],
        "entry_lines.entries": lambda: list(bank.table_entries(table.pk)),
        "entry_id": uuid.uuid4,
        "created_at": timezone.now,
        "entry": lambda: Entry(
            table_id=table.pk,
            seq=1,
            kind="pass_go",
            fields={"seat": seats[0].number},
            author_name="banker",
            created_at=timezone.now(),
        ),
        "description": lambda: f"{player.name} passes Go",
        "names": lambda: names,
        "faq_rank_plain.entries": lambda: list(FaqEntry.objects.all()),
        "faq_in_language.entries": lambda: list(FaqEntry.objects.filter(language="de")),
        "code": lambda: "fr",
        "words": lambda: ["jail"],
        "query": lambda: "jail",
    }


def call_arguments(
    qualified: str, function: Callable[..., Any], made: dict[str, Callable[[], Any]]
) -> dict[str, Any]:
    short = qualified.rpartition(".")[2]
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(function).parameters.values():
        annotation = parameter.annotation
        keys = [f"{short}.{parameter.name}", parameter.name]
        if isinstance(annotation, str):
            keys.insert(1, f"{parameter.name}: {annotation}")
        key = next((k for k in keys if k in made), None)
        if key is None:
            if parameter.default is not inspect.Parameter.empty:
                continue
            pytest.fail(
                f"{qualified} takes `{parameter.name}`, which tests/test_architecture.py "
                "does not know how to make: add it to selector_arguments"
            )
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            kwargs.update(made[key]())
        else:
            kwargs[parameter.name] = made[key]()
    return kwargs


def worlds() -> dict[str, Any]:
    from tests.conftest import make_world, run_out
    from tests.played import play_round
    from tournament.services.screens import screen_link_issue

    running = make_world()
    run_out(running.round, ago=timedelta(minutes=1))
    running.round.refresh_from_db()
    seated = make_world(start=False)
    played = make_world()
    play_round(played)
    for world in (running, seated, played):
        world.event = screen_link_issue(event_id=world.event.pk)
    return {"running, no entry yet, out of time": running, "seated": seated, "played": played}


def test_every_selectors_module_is_found():
    modules = set(selector_modules())
    assert {"banking.selectors", "tournament.selectors", "games.selectors"} <= modules
    assert {"tournament.results.selectors", "tournament.pages.players.selectors"} <= modules
    assert all(name in {f.rpartition(".")[0] for f, _ in selector_functions()} for name in modules)


class NotARead(Exception):
    """A selector's run was not a read this test can check: its answer holds something the
    test does not know how to force, or it left its read-only transaction."""


# What holds no read to run. A model instance counts, with what it holds (its prefetched
# querysets come with their rows); a deferred field or an unfetched relation is a later
# read of the model, not of the selector.
INERT = (type(None), bool, int, float, Decimal, str, bytes, date, time, timedelta, UUID, Enum)


def force(answer: Any, seen: set[int] | None = None) -> None:
    """Run every read `answer` still holds: evaluate a QuerySet, run a generator or
    another iterator, read a `Read` (tournament/http/rows.py), look into containers, model
    instances, dataclasses and namespaces (their properties too), and raise `NotARead` for
    anything else."""
    from tournament.http.rows import Read, read_all

    seen = set() if seen is None else seen
    if isinstance(answer, INERT) or id(answer) in seen:
        return
    seen.add(id(answer))
    if isinstance(answer, Read):
        parts: Iterable[Any] = read_all(answer)
    elif isinstance(answer, QuerySet | RawQuerySet | Iterator):
        parts = list(answer)
    elif isinstance(answer, Mapping):
        parts = [*answer.keys(), *answer.values()]
    elif isinstance(answer, list | tuple | set | frozenset):
        parts = answer
    elif isinstance(answer, Model):
        parts = [v for k, v in vars(answer).items() if k != "_state"]
        parts += answer._state.fields_cache.values()
    elif dataclasses.is_dataclass(answer) or isinstance(answer, SimpleNamespace):
        fields = (
            [f.name for f in dataclasses.fields(answer)]
            if dataclasses.is_dataclass(answer)
            else list(vars(answer))
        )
        kind = type(answer)
        computed = [
            name
            for name in dir(kind)
            if isinstance(getattr(kind, name, None), property | cached_property)
        ]
        parts = [getattr(answer, name) for name in [*fields, *computed]]
    elif isinstance(answer, Promise):
        parts = [str(answer)]
    else:
        raise NotARead(f"returns {type(answer).__qualname__}, which the test cannot force")
    for part in parts:
        force(part, seen)


@contextmanager
def read_only() -> Iterator[None]:
    """A transaction (a savepoint of the test's) in which PostgreSQL refuses every write,
    rolled back at its end. Fails if what ran inside left it (a ROLLBACK TO SAVEPOINT, a
    COMMIT): what followed was not read-only."""
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL transaction_read_only = on")
        yield
        with connection.cursor() as cursor:
            cursor.execute("SHOW transaction_read_only")
            still = cursor.fetchone()[0] == "on"
        transaction.set_rollback(True)
    if not still:
        raise NotARead("left the read-only transaction it was run in")


READ_ONLY_REFUSED = "25006"  # PostgreSQL's read_only_sql_transaction


def read_problems(call: Callable[[], Any]) -> list[str]:
    """Why `call` is not a read (nothing if it is): a write PostgreSQL refused, an answer
    the test cannot force, or leaving the read-only transaction."""
    from tournament.errors import Refusal

    try:
        with read_only():
            force(call())
    except Refusal:
        pass  # a read may refuse (a seating preview of a started round)
    except NotARead as why:
        return [str(why)]
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) != READ_ONLY_REFUSED:
            raise
        return [f"writes: {str(error).splitlines()[0]}"]
    return []


# Layer 1 (and 0) read no table of the bank, not even through the relations the bank
# declares on the event's models (`Table.ledger`, `Table.entries`, `related_model`):
# the import check cannot see those. Each query is put down to the innermost module of
# ours that sent it, or, for one sent with no module of ours about (a lazy answer forced
# here), to the selector whose answer it was. Django's delete of the event's rows sends
# its own queries for the bank's rows that go with them (by the `on_delete` the bank
# declared): those are the bank's rule, not the event's reads.

BANK_LAYER = LAYERS["banking"]
# Runs the SQL its callers hand it: a query it sends is theirs.
CARRIERS = {"tournament.http.rows"}


def bank_tables() -> re.Pattern[str]:
    from django.apps import apps

    tables = {m._meta.db_table for m in apps.get_app_config("banking").get_models(True)}
    names = "|".join(sorted(map(re.escape, tables), key=len, reverse=True))
    return re.compile(rf"\b({names})\b", re.IGNORECASE)


class BankReads:
    """A connection's execute wrapper that keeps each query a module of layer 0 or 1 sends
    naming a table of the bank."""

    def __init__(self) -> None:
        self.tables = bank_tables()
        self.found: list[str] = []
        self.answering: str | None = None  # the selector whose answer is being read

    def __call__(self, execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        named = sorted({name.lower() for name in self.tables.findall(sql)})
        sender = sending_module() or self.answering
        if named and sender and ours(sender) and layer_of(sender) < BANK_LAYER:
            self.found.append(f"{sender} reads {', '.join(named)}: {sql[:120]}")
        return execute(sql, *args)

    def selector_problems(self, qualified: str, call: Callable[[], Any]) -> list[str]:
        """read_problems of the selector `qualified`, whose queries are its module's."""
        self.answering = qualified.rpartition(".")[0]
        try:
            return [f"{qualified}: {problem}" for problem in read_problems(call)]
        finally:
            self.answering = None


def sending_module() -> str | None:
    """The innermost module of ours sending the query; Django's, for a query of its delete
    of the event's rows; None if neither is in the stack."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if ours(name) and name not in CARRIERS:
            return name
        if deletes_event_rows(frame):
            return name
        frame = frame.f_back
    return None


def deletes_event_rows(frame: FrameType) -> bool:
    """Whether `frame` is Django's delete (a QuerySet's or an instance's) of rows of a
    model that is not the bank's."""
    if frame.f_code.co_name != "delete" or frame.f_globals.get("__name__") not in (
        "django.db.models.query",
        "django.db.models.base",
    ):
        return False
    target = frame.f_locals["self"]
    model = target.model if isinstance(target, QuerySet) else type(target)
    return model._meta.app_label != "banking"


@pytest.mark.django_db
def test_selectors_only_read_and_layer_one_reads_no_bank_table():
    """Every selector reads and only reads; the event's code (building the worlds: seating,
    starting, playing and ending rounds; a tablet's request with its key; the selectors of
    layer 1; calling time on a round out of time; seating a seated round again) reads no
    table of the bank."""
    from tests.conftest import client_for
    from tournament.services.rounds import round_seat
    from tournament.tasks import call_time

    problems: list[str] = []
    bank_reads = BankReads()
    with connection.execute_wrapper(bank_reads):
        made_worlds = worlds()
        for label, world in made_worlds.items():
            made = selector_arguments(world)
            for qualified, function in selector_functions():
                kwargs = call_arguments(qualified, function, made)
                call = partial(function, **kwargs)
                problems += [
                    f"{p} ({label})" for p in bank_reads.selector_problems(qualified, call)
                ]
            if world.round.status == world.round.Status.RUNNING:
                tablet = client_for(table_key=world.table.key)
                assert tablet.get(f"/api/tables/{world.table.pk}/state/").status_code == 200
        call_time(made_worlds["running, no entry yet, out of time"].round.pk)
        round_seat(round_id=made_worlds["seated"].round.pk, seed=8, include_all=True)
    assert problems == []
    assert sorted(set(bank_reads.found)) == []


# Each check above fails on what it is there to catch: fake selectors, run through the
# same machinery.


def rows_of(sql: str) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall()


def prepared_rows_of(sql: str) -> list[tuple[Any, ...]]:
    from tournament.http.rows import prepared_cursor

    with prepared_cursor() as cursor:
        cursor.execute(sql, [])
        return cursor.fetchall()


def writes_when_iterated() -> Iterator[int]:
    yield len(rows_of("WITH gone AS (DELETE FROM auth_group RETURNING id) SELECT id FROM gone"))


def escapes_and_writes() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            f"ROLLBACK TO SAVEPOINT {connection.ops.quote_name(connection.savepoint_ids[-1])}"
        )
    rows_of("WITH gone AS (DELETE FROM auth_group RETURNING id) SELECT count(*) FROM gone")


def fake_writers() -> dict[str, Callable[[], Any]]:
    from django.contrib.auth.models import Group
    from django.db.models.expressions import RawSQL

    from tournament.http.rows import Read

    made = "WITH made AS (INSERT INTO auth_group (name) VALUES ('made') RETURNING id) "
    made += "SELECT id FROM made"
    gone = "WITH gone AS (DELETE FROM auth_group RETURNING id, name) SELECT id, name FROM gone"
    return {
        "WITH ... INSERT": lambda: rows_of(made),
        "SELECT; DELETE": lambda: rows_of("SELECT 1; DELETE FROM auth_group"),
        "a write to the ledger, prepared": lambda: prepared_rows_of(
            "UPDATE banking_entry SET kind = kind RETURNING seq"
        ),
        "a QuerySet that writes when evaluated": lambda: Group.objects.annotate(
            n=RawSQL("nextval(pg_get_serial_sequence('auth_group', 'id'))", ())
        ),
        "a raw query set": lambda: Group.objects.raw(gone),
        "a generator": writes_when_iterated,
        "a Read": lambda: Read(((gone, ()),), lambda found: found[0]),
    }


@pytest.mark.django_db
@pytest.mark.parametrize("shape", list(fake_writers()))
def test_a_selector_that_writes_is_caught(shape):
    from django.contrib.auth.models import Group

    Group.objects.create(name="kept")  # a row for the deletes to find
    problems = read_problems(fake_writers()[shape])
    assert len(problems) == 1
    assert re.fullmatch(r"writes: cannot execute \S+ in a read-only transaction", problems[0])


@pytest.mark.django_db
def test_a_selector_that_leaves_the_read_only_transaction_is_caught():
    from django.contrib.auth.models import Group

    Group.objects.create(name="kept")
    assert read_problems(escapes_and_writes) == ["left the read-only transaction it was run in"]
    assert Group.objects.filter(name="kept").exists()  # its delete was rolled back


@pytest.mark.django_db
def test_an_answer_the_test_cannot_force_is_caught():
    from tournament.models import Table

    assert read_problems(lambda: lambda: list(Table.objects.all())) == [
        "returns function, which the test cannot force"
    ]


def ledger_seqs() -> list[Any]:
    """A read of the ledger through the relation the bank declares on the event's Table."""
    from tournament.models import Table

    return list(Table.objects.values_list("ledger__last_seq", flat=True))


def ledgers_deleted() -> None:
    """A delete of the bank's rows, through the relation the bank declares."""
    from tournament.models import Table

    Table._meta.get_field("ledger").related_model.objects.all().delete()


def as_of_layer_one(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function` as a function of a module of layer 1 would be: its frames are that
    module's."""
    return FunctionType(
        function.__code__, {"__name__": "tournament.fake", "__builtins__": builtins}
    )


@pytest.mark.django_db
def test_a_bank_table_read_by_layer_one_is_caught():
    from tests.conftest import make_world
    from tournament.models import Table
    from tournament.services.rounds import round_seat

    seated = make_world(start=False)
    bank_reads = BankReads()
    with connection.execute_wrapper(bank_reads):
        lazy = partial(Table.objects.values, "ledger__last_seq")
        assert bank_reads.selector_problems("tournament.selectors.fake", lazy) == []
        room = "tournament.room.selectors.fake"
        assert bank_reads.selector_problems(room, lazy) == []
        assert bank_reads.selector_problems(room, ledger_seqs) == []
        assert bank_reads.selector_problems(room, as_of_layer_one(ledger_seqs)) == []
        as_of_layer_one(ledgers_deleted)()
        # Seating again deletes the round's tables, and Django the bank's rows with them.
        round_seat(round_id=seated.round.pk, seed=8, include_all=True)
    assert [found.partition(":")[0] for found in bank_reads.found] == [
        "tournament.selectors reads banking_tableledger",
        "tournament.fake reads banking_tableledger",
        "tournament.fake reads banking_tableledger",
    ]
