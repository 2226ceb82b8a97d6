"""API views for a table's bank: parse, call one service or selector, shape the answer."""

from __future__ import annotations

import hashlib
from uuid import UUID

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from banking import previews, selectors
from banking.api import serializers as s
from banking.api.callers import CallsTheTable, caller_of
from banking.api.heartbeat import heartbeat_record
from banking.api.schema import EntryRequest
from banking.ledgers import read_ledger, rules_of, seat_names
from banking.models import Entry, TableLedger
from banking.refusals import in_words
from banking.services import entries as entry_services
from games.engine import RuleViolation
from tournament.http.authentication import refused_key, unchecked_key_of
from tournament.http.inputs import validated
from tournament.models import Table

NOT_MODIFIED = "Unchanged since the answer whose ETag came as If-None-Match: no body."
ERRORS = {
    400: OpenApiResponse(description="A move the rules forbid, or bad input: {error, detail}."),
    401: OpenApiResponse(description="No credentials."),
    403: OpenApiResponse(description="Not allowed for this caller."),
    404: OpenApiResponse(description="No such table or entry."),
    409: OpenApiResponse(description="Id reused with another body, or the round is not running."),
}


class TableApi(APIView):
    # A table's API: a refusal of the rules is said in the caller's language. (A comment,
    # not a docstring: the schema would describe every endpoint with it.)

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, RuleViolation):
            exc = in_words(exc)
        return super().handle_exception(exc)


class TableStateApi(TableApi):
    permission_classes = [CallsTheTable]

    @extend_schema(
        responses={
            200: s.TableStateOutput,
            304: OpenApiResponse(description=NOT_MODIFIED),
            **ERRORS,
        },
        tags=["tables"],
        description="The table now. Its `ETag` sent back as `If-None-Match` gets a 304 with "
        "no body while the table is unchanged.",
    )
    def get(self, request: Request, table_id: int) -> HttpResponse:
        table, actor = caller_of(request)
        heartbeat_record(request, table, actor)  # the console's report, in the poll's headers
        # Rendered once: the tag is the digest of the very bytes the answer carries.
        state = selectors.table_state(table)
        body = request.accepted_renderer.render(state, request.accepted_media_type)
        tag = f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"'
        # gzip makes the tag weak (W/"..."): the same table either way.
        if request.headers.get("If-None-Match", "").removeprefix("W/") == tag:
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": tag})
        return HttpResponse(body, content_type="application/json", headers={"ETag": tag})


def _lines(table: Table, entries: list[Entry], ledger: TableLedger | None = None) -> dict:
    """The bank's words for these entries of the table (entry_lines), by entry id."""
    if not entries:
        return {}
    rules = rules_of(table.round.event)
    ledger = ledger or read_ledger(table, rules)
    names = seat_names(ledger.seats)
    return {line["id"]: line for line in selectors.entry_lines(entries, names=names, rules=rules)}


def _posted(posted: entry_services.Posted, request: Request) -> Response:
    """The entry as recorded and the table after it (201, or 200 for an id already recorded);
    asked with `X-Answer-With: options`, the moves legal after it too (the console's next
    buttons, with no request of their own)."""
    table = posted.ledger.table  # as the post locked and read it
    lines = _lines(table, [posted.entry], posted.ledger)
    answer = {
        "entry": s.EntryOutput(posted.entry, context={"lines": lines}).data,
        "state": selectors.table_state(table, posted.ledger),
    }
    if request.headers.get("X-Answer-With") == "options":
        answer["options"] = previews.table_options(table=table, ledger=posted.ledger)
    return Response(answer, status=status.HTTP_201_CREATED if posted.new else status.HTTP_200_OK)


class EntryListApi(TableApi):
    permission_classes = [CallsTheTable]
    # A banker's post has its key checked by the statement that writes it, or the query
    # that locks the table (banking/services/entries.py): TableKeyAuthentication and
    # CallsTheTable leave it to the service.
    checks_table_key = True

    @extend_schema(responses={200: s.EntryOutput(many=True), **ERRORS}, tags=["tables"])
    def get(self, request: Request, table_id: int) -> Response:
        table, _ = caller_of(request)
        entries = list(selectors.table_entries(table.pk))
        lines = _lines(table, entries)
        return Response(s.EntryOutput(entries, many=True, context={"lines": lines}).data)

    @extend_schema(
        request=EntryRequest,
        responses={201: s.PostedOutput, 200: s.PostedOutput, **ERRORS},
        tags=["tables"],
        description=(
            "Record an entry. The client makes the id (a UUID) before the first send and keeps "
            "it for every retry: the same id with the same body answers 200 with the entry as "
            "first recorded; the same id with another body is a 409. With the header "
            "`X-Answer-With: options` the answer carries the moves legal after the entry too."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        key = unchecked_key_of(request)
        try:
            payload = s.entry_payload(request.data)
            ident = s.entry_id(request.data)
        except exceptions.APIException:
            if key is not None and (refusal := refused_key(key, table_id)) is not None:
                raise refusal from None  # a bad key is answered before a bad body
            raise
        if key is None:
            table, actor = caller_of(request)
            posted = entry_services.entry_post(
                table_id=table.pk, entry_id=ident, payload=payload, actor=actor
            )
            return _posted(posted, request)
        try:
            posted = entry_services.entry_post(
                table_id=table_id, entry_id=ident, payload=payload, key=key
            )
        except entry_services.KeyRefused:
            raise refused_key(key, table_id) or exceptions.PermissionDenied(
                _("This table key opens another table.")
            ) from None
        return _posted(posted, request)


class EntryVoidApi(TableApi):
    permission_classes = [CallsTheTable]

    @extend_schema(
        request=s.VoidInput,
        responses={201: s.PostedOutput, 200: s.PostedOutput, **ERRORS},
        tags=["tables"],
    )
    def post(self, request: Request, table_id: int, entry_id: str) -> Response:
        table, actor = caller_of(request)
        data = validated(s.VoidInput, request)
        posted = entry_services.entry_void(
            table_id=table.pk,
            entry_id=entry_id,
            reason=data["reason"],
            actor=actor,
            void_id=data.get("id"),
        )
        return _posted(posted, request)


# The console's dry run and its buttons: the engine asked, nothing written (banking/previews.py).


class BalanceOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField(help_text="After minus before: what the seat gains.")


class PreviewTotalOutput(serializers.Serializer):
    net = serializers.IntegerField(
        help_text="What the entry's own seat receives in all (negative: pays)."
    )
    moved = serializers.IntegerField(help_text="The sum of every transfer.")
    each = serializers.IntegerField(
        allow_null=True,
        help_text="With several transfers all of one amount (paid to or by each): that amount.",
    )
    words = serializers.CharField(
        help_text='The total in words: "Total: Ada receives $200", "Total moved: $150"; at a '
        "bankruptcy, what the creditor (a player or the bank) receives or pays in all."
    )


class RepeatOutput(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The table's latest entry, the same as this one.")
    seconds = serializers.IntegerField(help_text="How long ago it was recorded.")
    question = serializers.CharField(help_text="What the console asks before sending again.")


class RentOutput(serializers.Serializer):
    space = serializers.IntegerField()
    owner = serializers.IntegerField()
    amount = serializers.IntegerField(allow_null=True, help_text="Null for a utility.")
    per_dice = serializers.IntegerField(allow_null=True, help_text="A utility: times the dice.")
    amount_via_card = serializers.IntegerField(
        allow_null=True,
        help_text="A railroad reached by a Chance card (nearest railroad): the rent then.",
    )
    per_dice_via_card = serializers.IntegerField(
        allow_null=True,
        help_text="A utility reached by a Chance card (nearest utility): times the dice then.",
    )


class DeedValueOutput(serializers.Serializer):
    space = serializers.IntegerField()
    price = serializers.IntegerField(help_text="The printed price.")
    house_cost = serializers.IntegerField(allow_null=True, help_text="Null: no building here.")
    sell_back = serializers.IntegerField(
        allow_null=True, help_text="What the bank pays for one house sold back."
    )
    mortgage = serializers.IntegerField(help_text="The cash a mortgage raises.")
    unmortgage = serializers.IntegerField(help_text="What lifting the mortgage costs.")


class MoveAmountsOutput(serializers.Serializer):
    """For each legal move, the cash it would move on each space (keyed by the space, as
    text): the amount the bank computes, as recording the move would."""

    buy = serializers.DictField(child=serializers.IntegerField())
    build = serializers.DictField(child=serializers.IntegerField())
    sell_building = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="A hotel sold when the bank lacks the houses fetches its houses too.",
    )
    mortgage = serializers.DictField(child=serializers.IntegerField())
    unmortgage = serializers.DictField(child=serializers.IntegerField())


@extend_schema_field(
    {"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["bank"]}], "nullable": True}
)
class CreditorField(s.PartyField):
    """A seat number, "bank", or null."""


class LeftOutOutput(serializers.Serializer):
    """For each move on deeds, why each deed the seat owns is not offered (keyed by the
    space, as text), in the bank's words."""

    build = serializers.DictField(child=serializers.CharField())
    sell_building = serializers.DictField(child=serializers.CharField())
    mortgage = serializers.DictField(child=serializers.CharField())
    unmortgage = serializers.DictField(child=serializers.CharField())


class SeveralOutput(serializers.Serializer):
    """Buildings by the handful: for each group where one can go up (or come down) now,
    keyed by its first site, each count the bank accepts from 2 up and the cash it moves."""

    build = serializers.DictField(child=serializers.DictField(child=serializers.IntegerField()))
    sell_building = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField())
    )


class SeatOptionsOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    buy = serializers.ListField(child=serializers.IntegerField())
    auction = serializers.ListField(child=serializers.IntegerField())
    build = serializers.ListField(child=serializers.IntegerField())
    sell_building = serializers.ListField(child=serializers.IntegerField())
    mortgage = serializers.ListField(child=serializers.IntegerField())
    unmortgage = serializers.ListField(child=serializers.IntegerField())
    amounts = MoveAmountsOutput(help_text="The cash each legal move would move, by space.")
    left_out = LeftOutOutput()
    several = SeveralOutput()
    rent = serializers.ListField(child=serializers.IntegerField())
    trade = serializers.ListField(child=serializers.IntegerField())
    jail_cards = serializers.ListField(child=serializers.CharField(), help_text="Decks held.")
    bankrupt = serializers.BooleanField(
        help_text="Whether a bankruptcy to the creditor in `owed_to` would be accepted."
    )
    owed_to = CreditorField(
        allow_null=True,
        help_text="Whom the seat's debt is owed to: a seat, or bank; null when the seat is "
        "not in debt or its creditor was not recorded (any creditor is then accepted).",
    )


class OptionsOutput(serializers.Serializer):
    last_seq = serializers.IntegerField()
    rents = RentOutput(many=True)
    deeds = DeedValueOutput(many=True, help_text="Each deed's values to the bank.")
    seats = SeatOptionsOutput(many=True)


class PreviewOutput(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField(help_text="The kind of entry in words: Buy, Rent...")
    description = serializers.CharField(
        help_text='What the entry would do, in one sentence: "Ada buys Boardwalk".'
    )
    fields = serializers.DictField(help_text="The entry's fields as they would be recorded.")
    transfers = s.TransferOutput(many=True)
    total = PreviewTotalOutput(help_text="The transfers summed up.")
    balances = BalanceOutput(many=True, help_text="Each affected seat's cash before and after.")
    state = s.TableStateOutput(help_text="The table as it would stand; last_seq is unchanged.")
    repeat = RepeatOutput(
        allow_null=True,
        help_text="The same entry was the table's latest, less than a minute ago: ask first.",
    )
    options = OptionsOutput(
        required=False,
        help_text="Asked with `X-Answer-With: options`: the moves legal after the entry "
        "(last_seq unchanged).",
    )


# A preview's answers, an entry's or a void's: what it would do, or the refusal it would get.
PREVIEW_RESPONSES = {
    200: PreviewOutput,
    **ERRORS,
    409: OpenApiResponse(description="The round is not running, or the table is closed."),
}


class TablePreviewApi(TableApi):
    permission_classes = [CallsTheTable]
    reads_ledger = True  # a POST that only reads: the key's query reads the ledger too

    @extend_schema(
        request=EntryRequest,
        responses=PREVIEW_RESPONSES,
        tags=["tables"],
        description=(
            "What an entry would do, without recording it: the same body as POST entries "
            "(the id may be left out), answered with the transfers the bank computes, each "
            "affected balance before and after, and the table as it would stand; or the "
            "refusal posting would get. Nothing is written. `after` (optional) lists the "
            "entries sent before it that may still be on their way (each with its id, oldest "
            "first, at most 50): the preview starts from the table after those not yet "
            "recorded, and an entry of them the bank will refuse refuses the preview, its "
            "detail starting 'An entry on its way will be refused'. With the header "
            "`X-Answer-With: options` the answer carries the moves legal after the entry too."
        ),
    )
    def post(self, request: Request, table_id: int) -> Response:
        table, actor = caller_of(request)
        payload = s.entry_payload(request.data)
        answer = previews.entry_preview(
            table=table,
            payload={k: v for k, v in payload.items() if k != "after"},
            actor=actor,
            ahead=s.entries_ahead(payload.get("after")),
            with_options=request.headers.get("X-Answer-With") == "options",
        )
        return Response(answer)


class EntryVoidPreviewApi(TableApi):
    permission_classes = [CallsTheTable]

    @extend_schema(
        responses=PREVIEW_RESPONSES,
        tags=["tables"],
        description=(
            "What voiding the entry would do, without voiding it: the money going back, each "
            "affected balance before and after, and the table as it would stand; or the "
            "refusal the void would get (a later entry depends on it, already voided...). "
            "Nothing is written."
        ),
    )
    def get(self, request: Request, table_id: int, entry_id: UUID) -> Response:
        table, actor = caller_of(request)
        return Response(previews.void_preview(table=table, entry_id=entry_id, actor=actor))


class TableOptionsApi(TableApi):
    permission_classes = [CallsTheTable]

    @extend_schema(
        responses={200: OptionsOutput, **{code: ERRORS[code] for code in (401, 403, 404)}},
        tags=["tables"],
        description=(
            "For each seat still in play, the deeds on which each move is legal now (every "
            "candidate tried through the rules engine), and the rent due on each owned deed."
        ),
    )
    def get(self, request: Request, table_id: int) -> Response:
        table, _ = caller_of(request)
        return Response(previews.table_options(table=table))
