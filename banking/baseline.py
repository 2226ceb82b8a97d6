"""The benchmark's baseline: a bare endpoint that takes an entry's JSON and inserts one row.

Same app, server, database, authentication and JSON parsing as posting an entry, but no
rules, no table lock and no projection: what `bench/api.py` compares the ledger against
(see BENCHMARKS.md). The route exists only with the setting BENCHMARK_ENDPOINTS on.
"""

from __future__ import annotations

from django.db import IntegrityError
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.authentication import table_of
from tournament.errors import Conflict

from .api.serializers import EntryId, entry_payload
from .models import BaselineRow


class BaselineApi(APIView):
    """POST an entry's JSON with a table key: one INSERT, 201."""

    permission_classes = [AllowAny]
    schema = None  # not part of the contract (API.md)

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
