"""An event's export through the API, for its organisers: GET /api/events/{id}/export/
?format=json (one document) or ?format=csv (a zip of CSV files), and the night in numbers,
GET /api/events/{id}/night/ (one CSV file), each as a download."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request

from tournament import exports
from tournament.api.views import SCOPED_REFUSALS, ScopedApi
from tournament.errors import Refusal

CONTENT_TYPES = {"json": "application/json", "csv": "application/zip"}


class FormatIsTheFile(DefaultContentNegotiation):
    """`?format=` names the file to download here, not a renderer: refusals stay JSON."""

    def select_renderer(
        self, request: Request, renderers: list[Any], format_suffix: str | None = None
    ) -> tuple[Any, str]:
        return renderers[0], renderers[0].media_type


class EventExportApi(ScopedApi):
    content_negotiation_class = FormatIsTheFile

    @extend_schema(
        tags=["events"],
        summary="Download the event's ledgers and results",
        description=(
            "Organisers only. `format=json` (the default) answers one JSON document: the event "
            "with the money raised, its players and donations, and each round's tables with "
            "their seats, every ledger entry (id, seq, kind, fields, transfers with integer "
            "amounts, author, time, the entry it voids or the void that undid it) and each "
            "seat's result (cash, deeds, buildings, net worth, rank, points, advances). "
            "`format=csv` answers a zip of players.csv, entries.csv, results.csv and "
            "donations.csv (UTF-8, header row). Both come as an attachment named "
            "`monopoly-night-<event>-<date>.json` or `.zip`."
        ),
        parameters=[
            OpenApiParameter(
                "format",
                str,
                OpenApiParameter.QUERY,
                enum=list(exports.FORMATS),
                default="json",
                description="json: one document; csv: a zip of CSV files.",
            )
        ],
        responses={
            (200, CONTENT_TYPES["json"]): OpenApiResponse(
                OpenApiTypes.OBJECT, description="The event as one JSON document."
            ),
            (200, CONTENT_TYPES["csv"]): OpenApiResponse(
                OpenApiTypes.BINARY, description="A zip of CSV files."
            ),
            400: OpenApiResponse(description="An unknown format: `{error, detail}`."),
            **SCOPED_REFUSALS,
        },
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event = self.row
        fmt = request.query_params.get("format", "json")
        if fmt not in exports.FORMATS:
            raise Refusal("unknown_format", "Ask for format=json or format=csv.")
        document = exports.event_export(event.pk)
        content = exports.export_json(document) if fmt == "json" else exports.export_zip(document)
        return download(content, CONTENT_TYPES[fmt], exports.export_filename(event, fmt))


class NightInNumbersApi(ScopedApi):
    @extend_schema(
        tags=["events"],
        summary="Download the night in numbers",
        description=(
            "Organisers only. One CSV file (UTF-8, header row `figure,label,value,unit`), "
            "`monopoly-night-<event>-<date>-night.csv`: players registered, checked in and "
            "who played, rounds, tables, entries recorded, voids, adjustments, disputes, "
            "minutes tablets spent offline and the entries they sent once back, the money "
            "raised from fees and donations and in all, and the winner. The same figures as "
            "the printed document `night`."
        ),
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="The CSV file."),
            **SCOPED_REFUSALS,
        },
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        content = exports.night_csv(event_id).encode()
        filename = exports.export_filename(self.row, "csv", "night")
        return download(content, "text/csv; charset=utf-8", filename)


def download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    """A file to save, never kept by a shared cache."""
    disposition = content_disposition_header(as_attachment=True, filename=filename)
    headers = {"Content-Disposition": disposition, "Cache-Control": "private, no-store"}
    return HttpResponse(content, content_type=content_type, headers=headers)
