"""The layout of docs/architecture.md holds: imports go down the layers, never up; the rules
engine is plain Python; no domain module imports a page; selectors only read."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import uuid
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.db.models import QuerySet
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "tournament", "banking")

# Each of our modules sits in the layer of its longest listed prefix (docs/architecture.md,
# "Layers"). A module may import its own layer and the layers below, never one above.
LAYERS = {
    "games": 0,
    "tournament": 1,
    "tournament.celery": 1,  # the Celery app, which the package loads at start
    "banking": 2,
    "tournament.results": 3,
    "tournament.printing": 3,
    "tournament.exports": 3,
    "tournament.room": 3,
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
# one played to its end, issues no INSERT, UPDATE or DELETE. Each argument is made from
# the parameter's name (or, where a name means two things, its function or annotation):
# a selector with a parameter this table does not know fails the test until it is added.

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


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
        "now": timezone.now,
        "table_id": lambda: table.pk,
        "table: Table": lambda: Table.objects.get(pk=table.pk),
        "table: dict[str, Any]": lambda: bank.watched_tables([table.pk])[0],
        "table_ids": lambda: [t.pk for t in world.tables],
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
    from tests.conftest import make_world
    from tests.played import play_round
    from tournament.models import Round
    from tournament.services.screens import screen_link_issue

    running = make_world()
    Round.objects.filter(pk=running.round.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
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


@pytest.mark.django_db
def test_selectors_never_write():
    from tournament.errors import Refusal

    writes = []
    for label, world in worlds().items():
        made = selector_arguments(world)
        for qualified, function in selector_functions():
            kwargs = call_arguments(qualified, function, made)
            with CaptureQueriesContext(connection) as queries:
                try:
                    answer = function(**kwargs)
                    if isinstance(answer, QuerySet):
                        list(answer)
                except Refusal:
                    pass  # a read may refuse (a seating preview of a started round)
            writes += [
                f"{qualified} ({label}): {query['sql'][:120]}"
                for query in queries.captured_queries
                if WRITE.match(query["sql"])
            ]
    assert writes == []
