"""Shapes of the bank side of the API."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.api.inputs import Input
from tournament.api.schema import ApiError

from ..models import Entry


class UUIDText(serializers.UUIDField):
    """A UUID sent as text: DRF would also take a number (12 as 00000000-...-00000000000c)."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid", value=data)
        return super().to_internal_value(data)


class EntryId(serializers.Serializer):
    id = UUIDText()
    kind = serializers.CharField(max_length=20)


def entry_payload(data: Any) -> dict[str, Any]:
    """The entry as the client sent it, without its id; a 400 unless it is a JSON object."""
    if not isinstance(data, dict):
        raise serializers.ValidationError({"non_field_errors": ["Send the entry as an object."]})
    return {k: v for k, v in data.items() if k != "id"}


def entry_id(data: dict[str, Any]) -> UUID:
    """The id the client made for its entry (a UUID as text), checked with the kind."""
    ident = EntryId(data=data)
    ident.is_valid(raise_exception=True)
    return ident.validated_data["id"]


class VoidInput(Input):
    id = UUIDText(required=False, help_text="Id for the void entry, for retries.")
    reason = serializers.CharField(max_length=200)


@extend_schema_field(
    {"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["bank"]}]},
    component_name="Party",
)
class PartyField(serializers.Field):
    """Who pays or is paid: a seat number, or "bank"."""

    def to_representation(self, value: Any) -> Any:
        return value


class TransferOutput(serializers.Serializer):
    amount = serializers.IntegerField()

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = PartyField(help_text="A seat number, or bank.")
        fields["to"] = PartyField(help_text="A seat number, or bank.")
        return fields


class EntryOutput(serializers.Serializer):
    """An entry as recorded: id, seq, kind, the entry's own fields (seat, space, amount...)
    at the top level, its transfers, who recorded it and when."""

    id = serializers.UUIDField()
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    transfers = TransferOutput(many=True)
    voids = serializers.UUIDField(allow_null=True, help_text="The entry a void reverses.")
    voided_by = serializers.IntegerField(allow_null=True, help_text="Seq of the void, if any.")
    author = serializers.CharField()
    author_role = serializers.CharField()
    created_at = serializers.DateTimeField()

    def to_representation(self, entry: Entry) -> dict[str, Any]:
        try:
            voided_by = entry.voided_by
        except Entry.DoesNotExist:
            voided_by = None
        return {
            # The entry's own fields first: a void's fields name the voided entry's seq,
            # which must not hide the void's own seq.
            **entry.fields,
            "id": str(entry.id),
            "seq": entry.seq,
            "kind": entry.kind,
            "transfers": entry.transfers,
            "voids": str(entry.voids_id) if entry.voids_id else None,
            "voided_by": voided_by.seq if voided_by else None,
            "author": entry.author_name,
            "author_role": entry.author_role,
            "created_at": entry.created_at.isoformat(),
        }


class SeatWorth(serializers.Serializer):
    """A seat's player and what they are worth: cash, deeds at their value, buildings."""

    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    cash = serializers.IntegerField()
    property_value = serializers.IntegerField()
    building_value = serializers.IntegerField()
    net_worth = serializers.IntegerField()
    bankrupt = serializers.BooleanField()


class SeatState(SeatWorth):
    jail_cards = serializers.IntegerField()


class SpaceState(serializers.Serializer):
    space = serializers.IntegerField()
    name = serializers.CharField()
    group = serializers.CharField()
    owner = serializers.IntegerField(allow_null=True)
    houses = serializers.IntegerField()
    hotel = serializers.BooleanField()
    mortgaged = serializers.BooleanField()


class BankState(serializers.Serializer):
    houses = serializers.IntegerField()
    hotels = serializers.IntegerField()


class TableStateOutput(serializers.Serializer):
    table = serializers.IntegerField()
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    round_number = serializers.IntegerField()
    status = serializers.CharField()
    table_status = serializers.CharField()
    last_turn = serializers.BooleanField()
    ends_at = serializers.DateTimeField(allow_null=True)
    edition = serializers.CharField()
    currency = serializers.CharField()
    seats = SeatState(many=True)
    spaces = SpaceState(many=True)
    bank = BankState()
    last_seq = serializers.IntegerField()
    last_entry_at = serializers.DateTimeField(allow_null=True)
    review = serializers.ChoiceField(
        choices=["", "awaiting", "confirmed", "disputed"],
        help_text="The second person's check of the closed table's result: empty until the "
        "table is closed, then awaiting, confirmed (locked) or disputed (open for corrections).",
    )
    review_note = serializers.CharField(help_text="Why the result was disputed or reopened.")


class PostedOutput(serializers.Serializer):
    entry = EntryOutput()
    state = TableStateOutput()


# A table's result and its second-person check (banking/services/reviews.py).


class ReasonInput(Input):
    reason = serializers.CharField(
        max_length=300,
        required=False,
        default="",
        allow_blank=True,
        help_text="Required (a missing or blank one is refused with reason_required): what "
        "is wrong, or why.",
    )


class ReasonGiven(serializers.Serializer):
    """ReasonInput as the contract states it: the reason must be given."""

    reason = serializers.CharField(max_length=300, help_text="What is wrong, or why.")


class ReviewResultOutput(SeatWorth):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()


class TableReviewOutput(serializers.Serializer):
    table = serializers.IntegerField()
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    round_number = serializers.IntegerField()
    table_status = serializers.CharField(help_text="open or closed")
    review = serializers.ChoiceField(choices=["", "awaiting", "confirmed", "disputed"])
    review_note = serializers.CharField()
    reviewed_by = serializers.CharField(allow_null=True)
    reviewed_at = serializers.DateTimeField(allow_null=True)
    verification_code = serializers.CharField()
    results = ReviewResultOutput(
        many=True, help_text="The result as closed; empty while the table is open."
    )


class RoundEndInput(Input):
    force = serializers.BooleanField(
        default=False,
        help_text="End the round although some tables are not confirmed (organisers only); "
        "they go in as they stand, marked, and the reason goes in the audit trail.",
    )
    reason = serializers.CharField(
        max_length=300,
        required=False,
        default="",
        allow_blank=True,
        help_text="Required when forcing.",
    )


class UnconfirmedTable(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    review = serializers.CharField()


class UnconfirmedTablesError(ApiError):
    tables = UnconfirmedTable(
        many=True, required=False, help_text="With unconfirmed_tables: the tables waited on."
    )
