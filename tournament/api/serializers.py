"""Shapes of the event side of the API: input is checked here, rules are checked by services."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.engine import VARIANTS

from ..models import Donation, Event, Player, Result, Round, Table, Volunteer
from ..standings import is_forced
from .inputs import Input
from .schema import ApiError


class AdvancementSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=Event.Format.choices, required=False)
    wildcards = serializers.IntegerField(min_value=0, max_value=64, required=False)
    finalists = serializers.IntegerField(min_value=2, max_value=64, required=False)


class VariantsSerializer(serializers.Serializer):
    refuses_unknown_fields = True  # the schema says so: additionalProperties false

    modern_us = serializers.BooleanField(required=False, help_text=VARIANTS["modern_us"])
    short_game = serializers.BooleanField(required=False, help_text=VARIANTS["short_game"])
    double_rent_despite_mortgage = serializers.BooleanField(
        required=False, help_text=VARIANTS["double_rent_despite_mortgage"]
    )

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, dict) and (unknown := set(data) - set(VARIANTS)):
            raise serializers.ValidationError(
                f"There is no variant {', '.join(sorted(unknown))}. Known: {', '.join(VARIANTS)}."
            )
        return super().to_internal_value(data)


class EventInput(Input):
    name = serializers.CharField(max_length=120)
    date = serializers.DateField()
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    charity = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    edition = serializers.ChoiceField(choices=Event.Edition.choices)
    variants = VariantsSerializer(required=False)
    advancement = AdvancementSerializer(required=False)
    entry_fee = serializers.IntegerField(min_value=0, max_value=100_000, required=False, default=0)


class EventPatch(EventInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, partial=True, **kwargs)


class EventOutput(serializers.ModelSerializer):
    advancement = serializers.SerializerMethodField()
    money_raised = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "date",
            "venue",
            "charity",
            "edition",
            "variants",
            "advancement",
            "entry_fee",
            "status",
            "money_raised",
        ]

    def get_advancement(self, event: Event) -> dict[str, Any]:
        return {
            "format": event.advancement,
            "wildcards": event.wildcards,
            "finalists": event.finalists,
        }

    def get_money_raised(self, event: Event) -> dict[str, int]:
        fees = getattr(event, "fees_paid", None)
        donations = getattr(event, "donations_total", None)
        if fees is None or donations is None:
            from ..selectors import money_raised

            return money_raised(event.id)
        return {
            "fees": fees or 0,
            "donations": donations or 0,
            "total": (fees or 0) + (donations or 0),
        }


class PlayerInput(Input):
    name = serializers.CharField(max_length=100)
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    team = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    paid = serializers.IntegerField(min_value=0, max_value=1_000_000, required=False, default=0)


class PlayerOutput(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "email", "team", "paid", "checked_in"]


class ImportOutput(serializers.Serializer):
    created = serializers.IntegerField()
    errors = serializers.ListField(child=serializers.DictField())


class ImportRefusal(ApiError):
    """A file refused whole: no player was added."""

    created = serializers.IntegerField(required=False, help_text="0: nobody was added.")
    errors = serializers.ListField(
        child=serializers.DictField(), required=False, help_text="The bad lines: {line, detail}."
    )


class DonationInput(Input):
    donor = serializers.CharField(max_length=120)
    amount = serializers.IntegerField(min_value=1, max_value=10_000_000)
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class DonationOutput(serializers.ModelSerializer):
    class Meta:
        model = Donation
        fields = ["id", "donor", "amount", "note", "created_at"]


class VolunteerInput(Input):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=Volunteer.Role.choices)
    player_id = serializers.IntegerField(required=False, allow_null=True, default=None)


class VolunteerOutput(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")

    class Meta:
        model = Volunteer
        fields = ["id", "username", "role", "player_id"]


class RoundInput(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Round.Kind.choices, default=Round.Kind.PRELIMINARY)
    time_limit_minutes = serializers.IntegerField(min_value=1, max_value=600, default=90)
    table_size = serializers.IntegerField(min_value=3, max_value=8, default=4)


class RoundOutput(serializers.ModelSerializer):
    event = serializers.IntegerField(source="event_id")

    class Meta:
        model = Round
        fields = [
            "id",
            "event",
            "number",
            "kind",
            "time_limit_minutes",
            "table_size",
            "status",
            "seed",
            "released_at",
            "started_at",
            "ends_at",
            "ended_at",
        ]


class SeatInput(serializers.Serializer):
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62)
    tables = serializers.IntegerField(required=False, min_value=1, max_value=200)
    include_all = serializers.BooleanField(
        required=False,
        default=False,
        help_text="First round only: seat every registered player, not only those checked "
        "in at the door (the default). Later rounds seat those who went through either way.",
    )


class SeatOutput(serializers.Serializer):
    seat = serializers.IntegerField(source="number")
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="player.name")


class TableOutput(serializers.ModelSerializer):
    seats = SeatOutput(many=True)
    banker = serializers.PrimaryKeyRelatedField(read_only=True)
    referee = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = Table
        fields = ["id", "number", "key", "status", "banker", "referee", "seats"]


class SeatingOutput(serializers.Serializer):
    round = serializers.IntegerField()
    seed = serializers.IntegerField()
    tables = TableOutput(many=True)


class TableAssignInput(serializers.Serializer):
    banker = serializers.IntegerField(required=False, allow_null=True)
    referee = serializers.IntegerField(required=False, allow_null=True)


class ResultOutput(serializers.ModelSerializer):
    table = serializers.IntegerField(source="seat.table.number")
    table_id = serializers.IntegerField(source="seat.table_id")
    seat = serializers.IntegerField(source="seat.number")
    name = serializers.CharField(source="player.name")
    review = serializers.CharField(
        source="seat.table.review",
        help_text="The table's check: confirmed, or (after a forced end) awaiting or disputed.",
    )
    forced = serializers.SerializerMethodField(
        help_text="Taken in by a forced end of the round, without a referee's confirmation."
    )

    def get_forced(self, result: Result) -> bool:
        return is_forced(result)

    class Meta:
        model = Result
        fields = [
            "table",
            "table_id",
            "seat",
            "player_id",
            "name",
            "cash",
            "property_value",
            "building_value",
            "net_worth",
            "bankrupt",
            "rank",
            "points",
            "tied",
            "advances",
            "undecided",
            "override_reason",
            "review",
            "forced",
        ]


class OverrideInput(Input):
    player_id = serializers.IntegerField()
    advances = serializers.BooleanField()
    reason = serializers.CharField(max_length=200)
