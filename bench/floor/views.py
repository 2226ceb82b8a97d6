"""The benchmarks' bare endpoints: each takes an entry's JSON and inserts one row.

- the floor (`/api/bench/floor/<table>/`): the same app, server, middleware and JSON parsing
  as posting an entry, and one INSERT; no authentication query, no rules, no table lock, no
  projection. Nothing an entry does can cost less: `bench/api.py` and `bench/load.py`
  measure against it.
- the baseline (`/api/bench/baseline/`): the floor plus the table key's check, made as a
  banker's post makes it (banking/services/entries.py): in the statement that writes, which
  inserts nothing unless the key opens a table whose round takes it; no query of its own.
  Only a refused key costs a second query, to say why.

The routes exist only in the benchmark settings' URLs (bench/floor/urls.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any
from uuid import UUID

from django.db import IntegrityError, connection
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from banking.api.serializers import EntryId, entry_payload
from bench.floor.models import FloorRow
from tournament.errors import Conflict
from tournament.http.authentication import KEY_VALID, refused_key, unchecked_key_of
from tournament.http.rows import prepared_cursor
from tournament.models import Round, Table


class FloorApi(APIView):
    """POST an entry's JSON to a table: one INSERT, 201. No authentication at all."""

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    schema = None  # not part of the contract (docs/api.md)

    def post(self, request: Request, table_id: int) -> Response:
        def insert(row_id: UUID) -> int:
            FloorRow.objects.create(id=row_id, table_id=table_id, body=request.data)
            return table_id

        return _recorded(request, insert)


class BaselineApi(APIView):
    """POST an entry's JSON with a table key: one INSERT that checks the key, 201."""

    permission_classes = [AllowAny]
    schema = None  # not part of the contract (docs/api.md)
    checks_table_key = True  # TableKeyAuthentication leaves the key to the INSERT

    def post(self, request: Request) -> Response:
        key = unchecked_key_of(request)
        if key is None:
            raise exceptions.NotAuthenticated("Open the table with its key.")

        def insert(row_id: UUID) -> int:
            table_id = _insert_if_key_opens(row_id, key, request.data)
            if table_id is None:
                raise refused_key(key) or exceptions.AuthenticationFailed()
            return table_id

        return _recorded(request, insert)


def _recorded(request: Request, insert: Callable[[UUID], int]) -> Response:
    """Both endpoints' work around their INSERT: the body read as an entry's (a 400 as
    for an entry), a reused id refused (409), and the 201 naming the row and its table."""
    entry_payload(request.data)  # an object, or a 400 as for an entry
    ident = EntryId(data=request.data)
    ident.is_valid(raise_exception=True)
    row_id, kind = ident.validated_data["id"], ident.validated_data["kind"]
    try:
        table_id = insert(row_id)
    except IntegrityError as exc:
        raise Conflict("id_reused", "A row with this id was already recorded.") from exc
    return Response(
        {"id": str(row_id), "table": table_id, "kind": kind}, status=status.HTTP_201_CREATED
    )


@lru_cache(maxsize=1)
def _checked_insert() -> str:
    qn = connection.ops.quote_name
    rows, tables, rounds = (qn(model._meta.db_table) for model in (FloorRow, Table, Round))
    return (
        f"INSERT INTO {rows} (id, table_id, body, created_at) "  # noqa: S608 - the models' names
        f"SELECT %s, t.id, %s, statement_timestamp() FROM {tables} t "
        f"JOIN {rounds} r ON r.id = t.round_id "
        "WHERE t.key = %s AND r.status = ANY(%s) RETURNING table_id"
    )


def _insert_if_key_opens(row_id: UUID, key: str, body: Any) -> int | None:
    """Insert the row for the table this key opens now; that table's id, or None (nothing
    inserted) when the key opens none."""
    body_field = FloorRow._meta.get_field("body")
    params = [row_id, body_field.get_db_prep_save(body, connection), key, list(KEY_VALID)]
    with prepared_cursor() as cursor:
        cursor.execute(_checked_insert(), params)
        row = cursor.fetchone()
    return row[0] if row else None
