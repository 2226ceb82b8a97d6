"""API views for results: the banker closes a table, a second person confirms or disputes its
result, an organiser reopens one, and an organiser ends the round."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from banking import selectors
from banking.actors import Actor
from banking.api import serializers as bank_shapes
from banking.api.callers import CallsTheTable, caller_of
from banking.api.views import ERRORS
from tournament.api import serializers as s
from tournament.api.views import ScopedApi
from tournament.http.authentication import table_of
from tournament.http.inputs import validated
from tournament.results import closing, reviews
from tournament.results import selectors as result_selectors


class TableCloseApi(APIView):
    permission_classes = [CallsTheTable]

    @extend_schema(
        request=None,
        responses={
            200: bank_shapes.TableStateOutput,
            **ERRORS,
            409: OpenApiResponse(
                description="The round is not running, or the result is confirmed and locked."
            ),
        },
        tags=["tables"],
        description=(
            "Close the table once the last turn is played: no more entries. Its result (each "
            "seat's net worth with its breakdown, and the rank) is written at once and awaits "
            "a referee's confirmation (`review`: awaiting). Closing a closed table again "
            "changes nothing; a confirmed one is refused (409 `table_confirmed`)."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        table, actor = caller_of(request)
        if actor.role == Actor.REFEREE:
            # The banker closes the table; a referee confirms the standing (docs/design.md).
            raise exceptions.PermissionDenied("Only this table's banker or an organiser can.")
        closing.table_close(table_id=table.pk, actor=actor)
        return Response(selectors.table_state(selectors.table_for_reading(table.pk)))


REVIEW_ERRORS = {
    400: OpenApiResponse(description="No reason given: {error: reason_required, detail}."),
    401: ERRORS[401],
    403: OpenApiResponse(
        description="A table key, someone who is not a referee or organiser of the event, or "
        "the table's own banker (`own_table`) or one of its players (`own_game`)."
    ),
    404: OpenApiResponse(description="No such table."),
    409: OpenApiResponse(
        description="The table is not closed (`table_not_closed`), its result is confirmed "
        "and locked (`table_confirmed`), or the round is over (`round_not_running`)."
    ),
}


class ChecksResults(BasePermission):
    """A person's login, never a table key; the service decides whether this person may
    check this table (tournament/results/reviews.py)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if table_of(request) is not None:
            raise exceptions.PermissionDenied(
                "A table key cannot check a result: a referee confirms or disputes it, logged in."
            )
        if request.user is None or not request.user.is_authenticated:
            raise exceptions.NotAuthenticated("Log in as a referee to check a table's result.")
        return True


class TableConfirmApi(APIView):
    permission_classes = [ChecksResults]

    @extend_schema(
        request=None,
        responses={
            200: s.TableReviewOutput,
            **{c: e for c, e in REVIEW_ERRORS.items() if c != 400},
        },
        tags=["tables"],
        description=(
            "A referee or organiser who did not bank this table (and does not play at it) "
            "confirms its closed result: from now on it counts for standings and advancement, "
            "and it is locked (no entries, no closing again, no dispute) until an organiser "
            "reopens it. Confirming a confirmed result again changes nothing."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = reviews.table_confirm(table_id=table_id, user=request.user)
        return Response(result_selectors.table_review(table.pk))


class TableDisputeApi(APIView):
    permission_classes = [ChecksResults]

    @extend_schema(
        request=s.ReasonGiven,
        responses={200: s.TableReviewOutput, **REVIEW_ERRORS},
        tags=["tables"],
        description=(
            "A referee or organiser who did not bank this table disputes its closed result, "
            "with a reason: the result is withdrawn and the table opens again (`review`: "
            "disputed) so its ledger can be corrected with voids and adjustments, then closed "
            "again by its banker and confirmed."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        reason = validated(s.ReasonInput, request)["reason"]
        table = reviews.table_dispute(table_id=table_id, user=request.user, reason=reason)
        return Response(result_selectors.table_review(table.pk))


class TableReopenApi(APIView):
    permission_classes = [ChecksResults]

    @extend_schema(
        request=s.ReasonGiven,
        responses={
            200: s.TableReviewOutput,
            **REVIEW_ERRORS,
            403: OpenApiResponse(description="Not an organiser of the event."),
            409: OpenApiResponse(
                description="The result is not confirmed (`not_confirmed`), or the round is over."
            ),
        },
        tags=["tables"],
        description=(
            "An organiser reopens a confirmed result, with a reason that goes in the audit "
            "trail: the table opens again for corrections, as after a dispute, and must be "
            "closed and confirmed again."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        reason = validated(s.ReasonInput, request)["reason"]
        table = reviews.table_reopen(table_id=table_id, user=request.user, reason=reason)
        return Response(result_selectors.table_review(table.pk))


class RoundEndApi(ScopedApi):
    @extend_schema(
        request=s.RoundEndInput,
        responses={
            200: s.RoundOutput,
            400: OpenApiResponse(description="Forced with no reason: reason_required."),
            409: OpenApiResponse(
                s.UnconfirmedTablesError,
                description="Some tables are not confirmed (`unconfirmed_tables`, listed in "
                "the sentence and in `tables`), or the round is not running.",
            ),
        },
        tags=["rounds"],
    )
    def post(self, request: Request, round_id: int) -> Response:
        """End the round from its tables' confirmed results: rank and decide who advances.

        Refused while any table is unconfirmed, unless the organiser forces it with a
        reason: open tables are then closed and valued as they stand, and the unconfirmed
        tables go in marked (`forced` in the results), the reason in the audit trail."""
        data = validated(s.RoundEndInput, request)
        round_ = closing.round_end(round_id=round_id, actor=request.user, **data)
        return Response(s.RoundOutput(round_).data)
