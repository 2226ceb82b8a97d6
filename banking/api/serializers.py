"""Shapes of the bank side of the API."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from banking.checks import void_refusal
from banking.models import Entry
from tournament.http.inputs import Input
from tournament.text import check_texts


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
    check_texts(data)  # a memo or a reason: no control or bidi characters
    return {k: v for k, v in data.items() if k != "id"}


def entry_id(data: dict[str, Any]) -> UUID:
    """The id the client made for its entry (a UUID as text), checked with the kind."""
    ident = EntryId(data=data)
    ident.is_valid(raise_exception=True)
    return ident.validated_data["id"]


# A preview carries at most this many entries sent before it (a tablet's outbox is short).
AHEAD_MAX = 50


def entries_ahead(data: Any) -> list[tuple[UUID, dict[str, Any]]]:
    """A preview's `after`: the entries the console sent before it that may still be on
    their way, oldest first, each with its id; a 400 unless each is an entry with an id."""
    if data is None:
        return []
    sentence = f"the entries on their way, oldest first (at most {AHEAD_MAX}), each with an id."
    wrong = serializers.ValidationError({"after": [sentence]})
    if not isinstance(data, list) or len(data) > AHEAD_MAX:
        raise wrong
    try:
        return [(entry_id(entry), entry_payload(entry)) for entry in data]
    except serializers.ValidationError:
        raise wrong from None


class VoidInput(Input):
    id = UUIDText(required=False, help_text="Id for the void entry, for retries.")
    reason = serializers.CharField(max_length=200)


@extend_schema_field(
    {"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["bank"]}]}, component_name="Party"
)
class PartyField(serializers.Field):
    """Who pays or is paid: a seat number, or "bank"."""

    def to_representation(self, value: Any) -> Any:
        return value


class TransferOutput(serializers.Serializer):
    amount = serializers.IntegerField()
    space = serializers.IntegerField(
        required=False, help_text="The deed the transfer is for (interest, lift), if any."
    )
    words = serializers.CharField(
        help_text="Who pays whom, payer first, the amount beside it, and what for where the "
        'transfer says it: "Ada pays Brook", "The bank pays Ada", "Brook pays the bank the '
        'interest on mortgaged Boardwalk".'
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = PartyField(help_text="A seat number, or bank.")
        fields["to"] = PartyField(help_text="A seat number, or bank.")
        fields["for"] = serializers.ChoiceField(
            choices=["buildings", "cash", "unpaid", "interest", "lift"],
            required=False,
            help_text="What the transfer is for, where the entry says it (a bankruptcy's): "
            "the debtor's buildings bought back, the debtor's cash, the part of the debt the "
            "debtor cannot pay given back, the interest on a mortgaged deed, a mortgage "
            "lifted. Absent for a plain payment.",
        )
        return fields


class EntryOutput(serializers.Serializer):
    """An entry as recorded: id, seq, kind, the entry's own fields (seat, space, amount...)
    at the top level, its transfers, who recorded it and when, and the bank's words for it."""

    id = serializers.UUIDField()
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    label = serializers.CharField(help_text="The kind of entry in words: Buy, Rent, Undo...")
    description = serializers.CharField(
        help_text='What the entry did, in one sentence: "Ada buys Boardwalk".'
    )
    transfers = TransferOutput(many=True)
    voids = serializers.UUIDField(allow_null=True, help_text="The entry a void reverses.")
    voided_by = serializers.IntegerField(allow_null=True, help_text="Seq of the void, if any.")
    banker_may_undo = serializers.BooleanField(
        help_text="Whether the table's banker may void it: not a void, not voided, and not "
        "recorded by a referee or organiser (they alone void those)."
    )
    author = serializers.CharField()
    author_role = serializers.CharField()
    created_at = serializers.DateTimeField()

    def to_representation(self, entry: Entry) -> dict[str, Any]:
        line = self.context["lines"][entry.pk]  # the bank's words: selectors.entry_lines
        voided = line["voided_by"] is not None
        return {
            # The entry's own fields first: a void's fields name the voided entry's seq,
            # which must not hide the void's own seq.
            **entry.fields,
            "seq": entry.seq,
            "kind": entry.kind,
            "label": line["label"],
            "description": line["sentence"],
            "transfers": line["transfers"],
            "voids": str(entry.voids_id) if entry.voids_id else None,
            "voided_by": line["voided_by"],
            "banker_may_undo": void_refusal(entry, voided=voided, corrects=False) is None,
            "author": entry.author_name,
            "author_role": entry.author_role,
            "id": str(entry.id),
            "created_at": entry.created_at.isoformat(),
        }


class SeatState(serializers.Serializer):
    """A seat's player and what they are worth: cash, deeds at their value, buildings."""

    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    cash = serializers.IntegerField()
    property_value = serializers.IntegerField()
    building_value = serializers.IntegerField()
    net_worth = serializers.IntegerField()
    bankrupt = serializers.BooleanField()
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
    wave = serializers.IntegerField(help_text="The wave of its round the table plays in.")
    status = serializers.CharField(
        help_text="The table's clock as of now: its round's status (planned, seated, ended), "
        "and while the round is live its wave's: waiting until the desk starts it, running, "
        "or time_called once its clock ran out."
    )
    table_status = serializers.CharField()
    last_turn = serializers.BooleanField()
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="When time is called at this table: its wave's."
    )
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
    options = serializers.DictField(
        required=False,
        help_text="Only when the post asked for them (`X-Answer-With: options`): the moves "
        "legal after the entry, in the shape of GET options.",
    )
