"""API views for a table's bank: parse, call one service or selector, shape the answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament import access
from tournament.api import serializers as event_shapes
from tournament.api.authentication import table_of
from tournament.api.views import RoundScopedApi
from tournament.models import Table
from tournament.services.rounds import call_time_if_due

from .. import previews, selectors
from ..actors import Actor
from ..services import entries as entry_services
from ..services import reviews as review_services
from ..services import rounds as round_services
from . import serializers as s
from .schema import EntryRequest

ERRORS = {
    400: OpenApiResponse(description="A move the rules forbid, or bad input: {error, detail}."),
    401: OpenApiResponse(description="No credentials."),
    403: OpenApiResponse(description="Not allowed for this caller."),
    404: OpenApiResponse(description="No such table or entry."),
    409: OpenApiResponse(description="Id reused with another body, or the round is not running."),
}


def _actor(request: Request, table: Table, *, correcting: bool = False) -> Actor:
    """Who is acting at this table: its banker (by key), or a referee or organiser by login."""
    keyed = table_of(request)
    if keyed is not None:
        if keyed.pk != table.pk:
            raise exceptions.PermissionDenied("This table key opens another table.")
        banker = keyed.banker_username  # type: ignore[attr-defined]  # by the key's query
        return Actor(role=Actor.BANKER, name=banker or f"Banker of table {table.number}")
    user = request.user
    if user is None or not user.is_authenticated:
        raise exceptions.NotAuthenticated("Open the table with its key, or log in.")
    roles = access.roles_in_event(user, table.round.event_id)
    if access.Role.ORGANISER in roles:
        return Actor(role=Actor.ORGANISER, name=user.get_username(), user=user)
    if access.Role.REFEREE in roles:
        return Actor(role=Actor.REFEREE, name=user.get_username(), user=user)
    raise exceptions.PermissionDenied("Only this table's banker and the event's referees can.")


def _table(request: Request, table_id: int) -> Table:
    keyed = table_of(request)
    if keyed is not None and keyed.pk == table_id:
        return keyed  # loaded by the key's authentication, with what the views read
    table = selectors.table_for_reading(table_id)
    if table is None:
        raise exceptions.NotFound("There is no such table.")
    return table


class TableStateApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.TableStateOutput, **ERRORS}, tags=["tables"])
    def get(self, request: Request, table_id: int) -> Response:
        table = _table(request, table_id)
        _actor(request, table)
        table.round = call_time_if_due(table.round)  # the clock ran out with no worker about
        return Response(selectors.table_state(table))


def _posted(posted: entry_services.Posted, table: Table) -> dict[str, Any]:
    return {
        "entry": s.EntryOutput(posted.entry).data,
        "state": selectors.table_state(table, posted.ledger),
    }


class EntryListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.EntryOutput(many=True), **ERRORS}, tags=["tables"])
    def get(self, request: Request, table_id: int) -> Response:
        table = _table(request, table_id)
        _actor(request, table)
        return Response(s.EntryOutput(selectors.table_entries(table.pk), many=True).data)

    @extend_schema(
        request=EntryRequest,
        responses={201: s.PostedOutput, 200: s.PostedOutput, **ERRORS},
        tags=["tables"],
        description=(
            "Record an entry. The client makes the id (a UUID) before the first send and keeps "
            "it for every retry: the same id with the same body answers 200 with the entry as "
            "first recorded; the same id with another body is a 409."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(request, table_id)
        actor = _actor(request, table)
        payload = s.entry_payload(request.data)
        ident = s.entry_id(request.data)
        if actor.role == Actor.REFEREE and payload.get("kind") != "adjust":
            raise exceptions.PermissionDenied("Referees correct tables with adjust and void only.")
        posted = entry_services.entry_post(
            table_id=table.pk, entry_id=ident, payload=payload, actor=actor
        )
        code = status.HTTP_201_CREATED if posted.new else status.HTTP_200_OK
        return Response(_posted(posted, table), status=code)


class EntryVoidApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=s.VoidInput,
        responses={201: s.PostedOutput, 200: s.PostedOutput, **ERRORS},
        tags=["tables"],
    )
    def post(self, request: Request, table_id: int, entry_id: str) -> Response:
        table = _table(request, table_id)
        actor = _actor(request, table)
        data = s.VoidInput(data=request.data)
        data.is_valid(raise_exception=True)
        posted = entry_services.entry_void(
            table_id=table.pk,
            entry_id=entry_id,
            reason=data.validated_data["reason"],
            actor=actor,
            void_id=data.validated_data.get("id"),
        )
        code = status.HTTP_201_CREATED if posted.new else status.HTTP_200_OK
        return Response(_posted(posted, table), status=code)


class TableCloseApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=None,
        responses={
            200: s.TableStateOutput,
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
        table = _table(request, table_id)
        actor = _actor(request, table)
        if actor.role == Actor.REFEREE:
            # The banker closes the table; a referee confirms the standing (DESIGN.md).
            raise exceptions.PermissionDenied("Only this table's banker or an organiser can.")
        round_services.table_close(table_id=table.pk, actor=actor)
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


def _checker(request: Request) -> Any:
    """The person checking a result: logged in, never a table key (services/reviews.py
    decides whether this person may check this table)."""
    if table_of(request) is not None:
        raise exceptions.PermissionDenied(
            "A table key cannot check a result: a referee confirms or disputes it, logged in."
        )
    if request.user is None or not request.user.is_authenticated:
        raise exceptions.NotAuthenticated("Log in as a referee to check a table's result.")
    return request.user


def _reason(request: Request) -> str:
    data = s.ReasonInput(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data["reason"]


class TableConfirmApi(APIView):
    permission_classes = [AllowAny]

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
        user = _checker(request)
        table = review_services.table_confirm(table_id=table_id, user=user)
        return Response(selectors.table_review(table.pk))


class TableDisputeApi(APIView):
    permission_classes = [AllowAny]

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
        user = _checker(request)
        reason = _reason(request)
        table = review_services.table_dispute(table_id=table_id, user=user, reason=reason)
        return Response(selectors.table_review(table.pk))


class TableReopenApi(APIView):
    permission_classes = [AllowAny]

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
        user = _checker(request)
        reason = _reason(request)
        table = review_services.table_reopen(table_id=table_id, user=user, reason=reason)
        return Response(selectors.table_review(table.pk))


# The console's dry run and its buttons: the engine asked, nothing written (banking/previews.py).


class BalanceOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()


class PreviewOutput(serializers.Serializer):
    kind = serializers.CharField()
    fields = serializers.DictField(help_text="The entry's fields as they would be recorded.")
    transfers = s.TransferOutput(many=True)
    balances = BalanceOutput(many=True, help_text="Each affected seat's cash before and after.")
    state = s.TableStateOutput(help_text="The table as it would stand; last_seq is unchanged.")


class RentOutput(serializers.Serializer):
    space = serializers.IntegerField()
    owner = serializers.IntegerField()
    amount = serializers.IntegerField(allow_null=True, help_text="Null for a utility.")
    per_dice = serializers.IntegerField(allow_null=True, help_text="A utility: times the dice.")


class SeatOptionsOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    buy = serializers.ListField(child=serializers.IntegerField())
    auction = serializers.ListField(child=serializers.IntegerField())
    build = serializers.ListField(child=serializers.IntegerField())
    sell_building = serializers.ListField(child=serializers.IntegerField())
    mortgage = serializers.ListField(child=serializers.IntegerField())
    unmortgage = serializers.ListField(child=serializers.IntegerField())
    rent = serializers.ListField(child=serializers.IntegerField())
    trade = serializers.ListField(child=serializers.IntegerField())
    jail_cards = serializers.ListField(child=serializers.CharField(), help_text="Decks held.")
    bankrupt = serializers.BooleanField(help_text="Whether a bankruptcy would be accepted.")


class OptionsOutput(serializers.Serializer):
    last_seq = serializers.IntegerField()
    rents = RentOutput(many=True)
    seats = SeatOptionsOutput(many=True)


class TablePreviewApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        request=EntryRequest,
        responses={
            200: PreviewOutput,
            **ERRORS,
            409: OpenApiResponse(description="The round is not running, or the table is closed."),
        },
        tags=["tables"],
        description=(
            "What an entry would do, without recording it: the same body as POST entries "
            "(the id may be left out), answered with the transfers the bank computes, each "
            "affected balance before and after, and the table as it would stand; or the "
            "refusal posting would get. Nothing is written."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = _table(request, table_id)
        actor = _actor(request, table)
        payload = s.entry_payload(request.data)
        return Response(previews.entry_preview(table=table, payload=payload, actor=actor))


class TableOptionsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OptionsOutput, **{code: ERRORS[code] for code in (401, 403, 404)}},
        tags=["tables"],
        description=(
            "For each seat still in play, the deeds on which each move is legal now (every "
            "candidate tried through the rules engine), and the rent due on each owned deed."
        ),
    )
    def get(self, request: Request, table_id: int) -> Response:
        table = _table(request, table_id)
        _actor(request, table)
        return Response(previews.table_options(table=table))


class RoundEndApi(RoundScopedApi):
    @extend_schema(
        request=s.RoundEndInput,
        responses={
            200: event_shapes.RoundOutput,
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
        round_ = self.round(request, round_id)
        data = s.RoundEndInput(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = round_services.round_end(
            round_id=round_.pk, actor=request.user, **data.validated_data
        )
        return Response(event_shapes.RoundOutput(round_).data)
