"""One row and its to-one relations, read by SQL written once per process.

The ORM compiles a query every time it runs: for the queries every request of the table API
makes (the table key's look-up, the table's lock when posting) that costs more than the
database's own work. These helpers make the column list of a model once and build model
instances from a row as `select_related` would, so a hot query's text can be made once and
only its parameters change (which also lets PostgreSQL reuse its plan).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import psycopg
from django.db import connection
from django.db.backends.utils import CursorWrapper
from django.db.models import Model

T = TypeVar("T")


@dataclass(frozen=True)
class Columns:
    """A model's concrete columns (or some of them) as `alias`.column, in one order."""

    model: type[Model]
    alias: str
    attnames: tuple[str, ...]
    sql: str
    converters: tuple[tuple[int, Any, tuple[Any, ...]], ...]  # (position, column, functions)

    @classmethod
    def of(cls, model: type[Model], alias: str, only: Sequence[str] | None = None) -> Columns:
        ops = connection.ops
        fields = [
            f
            for f in model._meta.concrete_fields
            if only is None or f.attname in only or f.primary_key
        ]
        sql = ", ".join(f"{alias}.{ops.quote_name(f.column)}" for f in fields)
        converters = []  # the columns whose values need converting, with their functions
        for i, col in enumerate(f.get_col(alias) for f in fields):
            if functions := ops.get_db_converters(col) + col.get_db_converters(connection):
                converters.append((i, col, tuple(functions)))
        return cls(model, alias, tuple(f.attname for f in fields), sql, tuple(converters))

    @property
    def width(self) -> int:
        return len(self.attnames)

    def instance(self, values: Sequence[Any]) -> Model | None:
        """The model instance of these columns' values (None when its primary key is NULL,
        a LEFT JOIN that found nothing); what `only()` left out is deferred, as there."""
        if values[self.attnames.index(self.model._meta.pk.attname)] is None:
            return None
        return self.model.from_db(connection.alias, list(self.attnames), self.values(values))

    def values(self, values: Sequence[Any]) -> list[Any]:
        """These columns' values as the model's fields read them (a JSON field's text
        decoded, SQLite's dates made dates), without making an instance."""
        converted = list(values)
        for i, col, functions in self.converters:
            for function in functions:
                converted[i] = function(converted[i], col, connection)
        return converted

    def as_dict(self, values: Sequence[Any]) -> dict[str, Any]:
        return dict(zip(self.attnames, self.values(values), strict=True))


@dataclass(frozen=True)
class Statement:
    """A statement written by hand, in its package's `queries.py`, made once per process
    (`lru_cache`): its SQL, the models' columns its rows begin with, in order, and the
    names of the values that follow them (`extra`: a subquery's, say), so that a row is
    read by name (`split`, then each part's `instance` or `as_dict`), never by position."""

    sql: str
    parts: tuple[Columns, ...] = ()
    extra: tuple[str, ...] = ()

    def split(self, row: Sequence[Any]) -> list[Any]:
        """Each part's values, then the extra values by name."""
        values: list[Any] = []
        at = 0
        for part in self.parts:
            values.append(row[at : at + part.width])
            at += part.width
        return [*values, dict(zip(self.extra, row[at:], strict=True))]


def table_name(model: Any) -> str:
    """A model's table, quoted for the SQL of a statement written by hand."""
    return connection.ops.quote_name(model._meta.db_table)


def one_of(column: str) -> str:
    """SQL for `column` being one of a list given as one parameter (`id_list`), so that the
    query's text stays the same whatever the list's length (and PostgreSQL can keep its
    plan)."""
    if connection.vendor == "postgresql":
        return f"{column} = ANY(%s)"
    return f"{column} IN (SELECT value FROM json_each(%s))"  # noqa: S608 - a column name


def id_list(ids: Iterable[int]) -> Any:
    """The parameter for `one_of`: a list (an array for PostgreSQL), or JSON text."""
    ids = list(ids)
    return ids if connection.vendor == "postgresql" else json.dumps(ids)


def prepared_cursor() -> CursorWrapper:
    """A cursor (Django's, as `connection.cursor()`: its errors are Django's, its queries
    logged as any) whose statements PostgreSQL prepares: bound by the server and planned
    once per connection, for the hot path's queries, whose text never changes. Elsewhere
    (SQLite in development) an ordinary cursor. Not for a pooler in transaction mode."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    with connection.wrap_database_errors:
        connection.ensure_connection()
        cursor = (_Logged if connection.queries_logged else _Prepared)(connection.connection)
        return connection._prepare_cursor(cursor)


def read_together(*statements: tuple[str, Any]) -> list[list[tuple[Any, ...]]]:
    """The rows of each statement (its SQL and parameters), for reads that do not depend on
    each other. PostgreSQL is sent them all at once, prepared (pipeline mode): one round
    trip for all, where each costs one on its own, and under load a round trip costs more
    than a small query's own work. Elsewhere (SQLite in development) one after another."""
    if not statements:
        return []
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            found = []
            for sql, params in statements:
                cursor.execute(sql, params)
                found.append(cursor.fetchall())
            return found
    cursors = [prepared_cursor() for _ in statements]
    try:
        with connection.wrap_database_errors, connection.connection.pipeline():
            for cursor, (sql, params) in zip(cursors, statements, strict=True):
                cursor.execute(sql, params)
        return [cursor.fetchall() for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()


@dataclass(frozen=True)
class Read(Generic[T]):
    """A read made of statements that do not depend on other reads' rows, and what it
    makes of their rows (`result`, given each statement's rows in order), so that reads
    from different modules can go to PostgreSQL in one round trip (`read_all`). A read
    with no statement (SQLite in development, say) makes its result by itself."""

    statements: tuple[tuple[str, Any], ...]
    result: Callable[[list[list[tuple[Any, ...]]]], T]


def read_all(*reads: Read[Any]) -> list[Any]:
    """Each read's result, all of their statements read together (one round trip)."""
    rows = read_together(*(statement for read in reads for statement in read.statements))
    results, at = [], 0
    for read in reads:
        results.append(read.result(rows[at : at + len(read.statements)]))
        at += len(read.statements)
    return results


class _Prepared(psycopg.Cursor):
    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        return super().execute(query, params, prepare=True, **kwargs)


class _Logged(_Prepared):
    """For a connection whose queries are logged (DEBUG, a test capturing them): a
    statement executed by its name leaves no text, which the log reads."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        super().execute(query, params, **kwargs)
        if self._query is None:
            self._query = self._convert_query(query, params)
        return self
