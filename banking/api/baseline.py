"""The benchmarks' bare endpoints: each takes an entry's JSON and inserts one row.

- the floor (`/api/bench/floor/<table>/`): the same app, server, middleware and JSON parsing
  as posting an entry, and one INSERT; no authentication query, no rules, no table lock, no
  projection. Nothing an entry does can cost less: `bench/api.py` and `bench/load.py`
  measure against it.
- the baseline (`/api/bench/baseline/`): the floor plus the table key's authentication, as
  every other table endpoint checks it (one query).

The routes exist only with the setting BENCHMARK_ENDPOINTS on (see docs/benchmarks.md).
"""

from __future__ import annotations

from django.db import IntegrityError
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from banking.api.serializers import EntryId, entry_payload
from banking.models import BaselineRow
from tournament.errors import Conflict
from tournament.http.authentication import table_of


class FloorApi(APIView):
    """POST an entry's JSON to a table: one INSERT, 201. No authentication at all."""

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    schema = None  # not part of the contract (docs/api.md)

    def post(self, request: Request, table_id: int) -> Response:
        entry_payload(request.data)  # an object, or a 400 as for an entry
        ident = EntryId(data=request.data)
        ident.is_valid(raise_exception=True)
        try:
            row = BaselineRow.objects.create(
                id=ident.validated_data["id"], table_id=table_id, body=request.data
            )
        except IntegrityError as exc:
            raise Conflict("id_reused", "A row with this id was already recorded.") from exc
        return Response(
            {"id": str(row.id), "table": table_id, "kind": ident.validated_data["kind"]},
            status=status.HTTP_201_CREATED,
        )


class BaselineApi(APIView):
    """POST an entry's JSON with a table key: one INSERT, 201."""

    permission_classes = [AllowAny]
    schema = None  # not part of the contract (docs/api.md)

    def post(self, request: Request) -> Response:
        table = table_of(request)
        if table is None:
            raise exceptions.NotAuthenticated("Open the table with its key.")
        entry_payload(request.data)  # an object, or a 400 as for an entry
        ident = EntryId(data=request.data)
        ident.is_valid(raise_exception=True)
        try:
            row = BaselineRow.objects.create(
                id=ident.validated_data["id"], table_id=table.pk, body=request.data
            )
        except IntegrityError as exc:
            raise Conflict("id_reused", "A row with this id was already recorded.") from exc
        return Response(
            {"id": str(row.id), "table": table.pk, "kind": ident.validated_data["kind"]},
            status=status.HTTP_201_CREATED,
        )
