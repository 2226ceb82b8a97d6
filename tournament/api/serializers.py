"""Shapes of the event side of the API: input is checked here, rules are checked by services."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer

from games.engine import VARIANTS
from tournament.http.inputs import Input
from tournament.http.schema import ApiError
from tournament.models import (
    ApiToken,
    Donation,
    Event,
    Player,
    Result,
    Round,
    Table,
    Volunteer,
    Wave,
)
from tournament.money import Currency
from tournament.selectors import money_raised, round_waves
from tournament.text import text_problem


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
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        required=False,
        help_text="What the big screen and the printed documents speak. Default: the "
        "language the request speaks (Accept-Language), else `en`.",
    )
    currency = serializers.ChoiceField(
        choices=Currency.choices,
        required=False,
        help_text="What the event's money is written in (ISO 4217, whole units). Default: "
        "the edition's (`USD` for `us`, `GBP` for `uk`).",
    )
    variants = VariantsSerializer(required=False)
    advancement = AdvancementSerializer(required=False)
    entry_fee = serializers.IntegerField(min_value=0, max_value=100_000, required=False, default=0)
    sanctioned = serializers.BooleanField(
        required=False,
        help_text="The event follows the maker's tournament rules: the desk warns where its "
        "plan breaks them (default false).",
        error_messages={
            "invalid": "Must be true or false.",
            "null": "Must be true or false, not null.",
        },
    )
    time_zone = serializers.CharField(
        max_length=64,
        required=False,
        help_text="Where the event happens, as an IANA name (e.g. `Europe/London`); its pages, "
        "documents and exports show times there. Default: the site's TIME_ZONE.",
    )
    attention_offline_minutes = serializers.IntegerField(
        min_value=0,
        max_value=120,
        required=False,
        help_text="The control room: a tablet offline this long needs attention (default 2).",
    )
    attention_quiet_minutes = serializers.IntegerField(
        min_value=1,
        max_value=120,
        required=False,
        help_text="An open table with no entry this long needs attention (default 10).",
    )
    attention_last_turn_minutes = serializers.IntegerField(
        min_value=0,
        max_value=120,
        required=False,
        help_text="A table still open this long after time is called (default 5).",
    )
    team_best = serializers.IntegerField(
        min_value=0,
        max_value=64,
        required=False,
        help_text="Teams: a team's score each round counts its best this many members; "
        "0 (the default): all of them.",
    )


class EventPatch(EventInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, partial=True, **kwargs)


class EventOutput(serializers.ModelSerializer):
    advancement = serializers.SerializerMethodField()
    money_raised = serializers.SerializerMethodField()

    class Meta:
        model = Event
        # What an event is given, in the same order, between its id and what it became.
        fields = ["id", *EventInput._declared_fields, "status", "money_raised"]

    def get_advancement(self, event: Event) -> dict[str, Any]:
        return {
            "format": event.advancement,
            "wildcards": event.wildcards,
            "finalists": event.finalists,
        }

    def get_money_raised(self, event: Event) -> dict[str, int]:
        if not hasattr(event, "fees_paid"):  # not read by selectors.events_for
            return money_raised(event.id)
        fees, donations = event.fees_paid, event.donations_total
        return {"fees": fees, "donations": donations, "total": fees + donations}


class PlayerInput(Input):
    name = serializers.CharField(max_length=100)
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    team = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    paid = serializers.IntegerField(min_value=0, max_value=1_000_000, required=False, default=0)


class PlayerOutput(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "email", "team", "paid", "checked_in", "alternate"]
        extra_kwargs = {
            "alternate": {
                "read_only": True,
                "help_text": "The player's place in the event's list of alternates (1 is "
                "called first); null for a player in the draw, and for an alternate who "
                "has stepped into a vacant seat.",
            }
        }


PLACE = "the place to move to (1 is called first; past the end of the list, last)."


class AlternateInput(Input):
    """A change to the event's list of alternates: `mark` puts the player at its end,
    `unmark` takes them off it (into the draw), `move` puts an alternate at `place`."""

    refuses_unknown_fields = True  # the schema says so: additionalProperties false

    action = serializers.ChoiceField(choices=["mark", "unmark", "move"])
    place = serializers.IntegerField(
        min_value=1,
        max_value=1_000,
        required=False,
        help_text=f"With move, and only with it: {PLACE}",
    )

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping) and (unknown := sorted(set(data) - set(self.fields))):
            raise serializers.ValidationError(
                {name: ["Not a field of this request."] for name in unknown}
            )
        return super().to_internal_value(data)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if (data["action"] == "move") != ("place" in data):
            raise serializers.ValidationError(
                {"place": ["Give a place with move, and only with move."]}
            )
        return data


class AlternateListChange(AlternateInput):
    """Put the player at the end of the alternates' list, or take them off it."""

    action = serializers.ChoiceField(choices=["mark", "unmark"])
    place = None


class AlternateMove(AlternateInput):
    """Move an alternate to a place in the list."""

    action = serializers.ChoiceField(choices=["move"])
    place = serializers.IntegerField(
        min_value=1,
        max_value=1_000,
        help_text=PLACE.capitalize(),
    )


#: AlternateInput as the schema states it: `place` with move, and only with it.
AlternateRequest = PolymorphicProxySerializer(
    component_name="AlternateChange",
    serializers=[AlternateListChange, AlternateMove],
    resource_type_field_name=None,
)


class ImportLineOutput(serializers.Serializer):
    line = serializers.IntegerField(help_text="The line of the file (the header is line 1).")
    name = serializers.CharField()
    outcome = serializers.ChoiceField(choices=["added", "updated", "unchanged"])
    detail = serializers.CharField(help_text="What was done, in words: what an update changed.")


class ImportOutput(serializers.Serializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    unchanged = serializers.IntegerField()
    lines = ImportLineOutput(many=True)
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


class WaveOutput(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=Wave.Status.choices,
        help_text="As of now: waiting until the desk starts it; a running wave whose clock "
        "ran out is time_called.",
    )
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="When its time is called (or was, when called early)."
    )


class WavesInput(Input):
    waves = serializers.IntegerField(
        min_value=1, max_value=8, help_text="How many waves the round's tables play in."
    )


class WaveInput(Input):
    wave = serializers.IntegerField(min_value=1, max_value=8)


class CallTimeInput(Input):
    wave = serializers.IntegerField(
        min_value=1,
        max_value=8,
        required=False,
        default=None,
        help_text="Call time in this wave alone; without it, in every running wave.",
    )


class RoundOutput(serializers.ModelSerializer):
    event = serializers.IntegerField(source="event_id")
    waves = serializers.SerializerMethodField(
        help_text="Each wave in order, with its own clock: the round's tables play in "
        "`wave_count` waves, one after another (one unless the organiser sets more)."
    )
    status = serializers.ChoiceField(
        source="status_now",
        choices=Round.Status.choices,
        read_only=True,
        help_text="As of now: a running round whose clock ran out is time_called.",
    )

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
            "wave_count",
            "waves",
        ]

    @extend_schema_field(WaveOutput(many=True))
    def get_waves(self, round_: Round) -> list[dict[str, Any]]:
        return WaveOutput(round_waves(round_), many=True).data


class PreseatInput(serializers.Serializer):
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62)
    include_all = serializers.BooleanField(
        required=False,
        default=False,
        help_text="First round only: seat every registered player, not only those checked "
        "in at the door (the default). Later rounds seat those who went through either way.",
    )


class SeatInput(PreseatInput):
    tables = serializers.IntegerField(required=False, min_value=1, max_value=200)


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
        fields = ["id", "number", "key", "status", "banker", "referee", "wave", "seats"]


class SeatingOutput(serializers.Serializer):
    round = serializers.IntegerField()
    seed = serializers.IntegerField()
    tables = TableOutput(many=True)


class SeatTakenOutput(serializers.Serializer):
    """A seat of a round and who sits in it."""

    seat_id = serializers.IntegerField(source="pk", help_text="What a step-in names.")
    table = serializers.IntegerField(source="table.number", help_text="The table's number.")
    table_id = serializers.IntegerField()
    seat = serializers.IntegerField(source="number", help_text="Its number at the table.")
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="player.name")


class VacantSeatOutput(SeatTakenOutput):
    """A vacant seat: its player withdrew, or is not checked in."""

    withdrawn = serializers.BooleanField(source="player.withdrawn")
    checked_in = serializers.BooleanField(source="player.checked_in")


class VacanciesOutput(serializers.Serializer):
    round = serializers.IntegerField()
    seats = VacantSeatOutput(
        many=True,
        help_text="The vacant seats, in table and seat order; none unless the round is seated "
        "and not started.",
    )
    next_alternate = PlayerOutput(
        allow_null=True,
        help_text="The alternate offered for each of them: the first in the list who is "
        "checked in, not withdrawn and not seated in the round; null with no seat vacant or "
        "no such alternate.",
    )


class StepInInput(Input):
    seat_id = serializers.IntegerField(help_text="A vacant seat of the round.")
    player_id = serializers.IntegerField(help_text="The next alternate, as offered.")


class MeetingAgainOutput(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.IntegerField(), help_text="The two players' ids, smaller first."
    )
    rounds = serializers.ListField(
        child=serializers.IntegerField(), help_text="The numbers of the rounds they meet in."
    )


class PreseatingOutput(serializers.Serializer):
    seed = serializers.IntegerField()
    rounds = SeatingOutput(many=True, help_text="Each round seated, in order.")
    repeats = MeetingAgainOutput(
        many=True,
        help_text="Every pair who sit together in more than one preliminary round seated so "
        "far (played or seated ahead): the repeats the seating could not avoid.",
    )


class TableAssignInput(serializers.Serializer):
    banker = serializers.IntegerField(source="banker_id", required=False, allow_null=True)
    referee = serializers.IntegerField(source="referee_id", required=False, allow_null=True)


class DeedOutput(serializers.Serializer):
    """One deed behind a seat's net worth, as it stood when the table closed."""

    space = serializers.IntegerField(help_text="The deed's square on the board (0 is Go).")
    name = serializers.CharField()
    group = serializers.CharField(help_text="Its colour group, railroad or utility.")
    price = serializers.IntegerField(help_text="The printed price.")
    mortgaged = serializers.BooleanField()
    value = serializers.IntegerField(help_text="What it counts: the price, half when mortgaged.")
    houses = serializers.IntegerField()
    hotel = serializers.BooleanField()
    buildings = serializers.CharField(help_text='In words: "2 houses", "hotel" or "".')
    building_value = serializers.IntegerField(help_text="Its buildings at cost.")


class TeamRoundOutput(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's number.")
    score = serializers.IntegerField(
        help_text="The sum of the members' net worths counted in this round (all, or the "
        "event's `team_best`)."
    )


class TeamMemberRoundOutput(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's number.")
    net_worth = serializers.IntegerField(
        allow_null=True, help_text="The member's net worth; null: did not play the round."
    )
    counted = serializers.BooleanField(help_text="Whether it counts in the team's score.")


class TeamMemberOutput(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    rounds = TeamMemberRoundOutput(many=True)


class TeamStandingOutput(serializers.Serializer):
    place = serializers.IntegerField(help_text="From 1; teams level on their total share one.")
    shared = serializers.BooleanField(help_text="Another team has the same place.")
    name = serializers.CharField(help_text="The players' `team`.")
    sponsor = serializers.CharField(help_text="Named on the desk; empty for none.")
    rounds = TeamRoundOutput(many=True)
    total = serializers.IntegerField(help_text="The sum of the rounds' scores.")
    members = TeamMemberOutput(many=True)


class ResultOutput(serializers.Serializer):
    """A seat's result as stored when its table closed: the rows of
    tournament.results.shape.result_row, which every page, print and export shows too."""

    table = serializers.IntegerField(help_text="The table's number.")
    table_id = serializers.IntegerField()
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    team = serializers.CharField()
    cash = serializers.IntegerField()
    property_value = serializers.IntegerField(help_text="Deeds at their value.")
    building_value = serializers.IntegerField(help_text="Houses and hotels at cost.")
    net_worth = serializers.IntegerField()
    bankrupt = serializers.BooleanField()
    rank = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Placement points for the rank.")
    tied = serializers.BooleanField(help_text="A tie the rules could not break.")
    advances = serializers.BooleanField()
    undecided = serializers.BooleanField(
        help_text="Tied for a place in the next round: the organiser decides."
    )
    override_reason = serializers.CharField()
    review = serializers.CharField(
        help_text="The table's check: confirmed, or (after a forced end) awaiting or disputed.",
    )
    forced = serializers.BooleanField(
        help_text="Taken in by a forced end of the round, without a referee's confirmation."
    )
    deeds = DeedOutput(
        many=True,
        allow_null=True,
        help_text="Each deed behind property_value and building_value, in board order; null "
        "for a result recorded before deeds were kept.",
    )
    tie_break = serializers.ChoiceField(
        choices=Result.TieBreak.choices,
        help_text="The rule that placed this seat against seats level with it: bankrupt "
        "(ranks below every player still in), cash (level on net worth: more cash ranks "
        "higher), organiser (level on net worth and cash: the organiser decides), or empty.",
    )
    tie_break_text = serializers.CharField(
        help_text="That rule in words, naming the seats level with this one."
    )
    how = serializers.CharField(
        help_text="How the net worth was made, in words: 'cash 1,120 + deeds 600 (Boardwalk "
        "400, Park Place mortgaged 175) + buildings 400 (Boardwalk 2 houses 400) = 2,120'."
    )


class OverrideInput(Input):
    player_id = serializers.IntegerField()
    advances = serializers.BooleanField()
    reason = serializers.CharField(max_length=200)


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
    results = ResultOutput(
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


class LoginInput(AuthTokenSerializer):
    """A username and password, and the name the new token is listed by."""

    name = serializers.CharField(
        required=False,
        max_length=ApiToken._meta.get_field("name").max_length,
        help_text='What the token is for ("results script"). Default: the User-Agent, '
        'else "API token".',
    )

    def validate_name(self, value: str) -> str:
        if (problem := text_problem(value)) is not None:
            raise serializers.ValidationError(problem)
        return value


class ApiTokenOutput(serializers.ModelSerializer):
    expires = serializers.DateTimeField(
        read_only=True, help_text="When it stops working (API_TOKEN_HOURS after `created`)."
    )
    current = serializers.SerializerMethodField(
        help_text="Whether this request was sent with this token."
    )

    class Meta:
        model = ApiToken
        fields = ["id", "name", "created", "expires", "last_used", "current"]

    def get_current(self, token: ApiToken) -> bool:
        sent = self.context.get("sent")
        return isinstance(sent, ApiToken) and sent.pk == token.pk


class NewTokenOutput(ApiTokenOutput):
    token = serializers.SerializerMethodField(
        help_text="Send it as `Authorization: Token <token>`. It is shown this once: "
        "the site keeps only its digest."
    )

    class Meta(ApiTokenOutput.Meta):
        fields = ["token", *ApiTokenOutput.Meta.fields]

    def get_token(self, token: ApiToken) -> str:
        return self.context["key"]
