"""API views for events, players, rounds and tables: parse, call one service, shape the answer."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament import lineups, selectors
from tournament.api import serializers as s
from tournament.errors import NotFound, Refusal
from tournament.http import tokens
from tournament.http.inputs import validated
from tournament.http.parsers import CSVParser, JSONParser, read_limited
from tournament.http.permissions import CreatesEvents, IsEventOrganiser, IsPerson
from tournament.lockout import refuse_if_locked_out
from tournament.models import Event, Player, PrintJob, Round, Table
from tournament.results import overrides
from tournament.results import selectors as result_selectors
from tournament.services import events as event_services
from tournament.services import players as player_services
from tournament.services import rounds as round_services
from tournament.services import tables as table_services
from tournament.services import waves as waves_services

#: What a ScopedApi refuses before its view, for the schema.
SCOPED_REFUSALS = {
    401: OpenApiResponse(description="Not logged in: `{error, detail}`."),
    403: OpenApiResponse(description="Not an organiser of this event: `{error, detail}`."),
    404: OpenApiResponse(description="No such event: `{error, detail}`."),
}


#: The rows a ScopedApi's path names, by their id's name there (as access.organises_path).
SCOPED_ROWS: dict[str, QuerySet[Any]] = {
    "event_id": Event.objects.all(),
    "round_id": Round.objects.all(),
    "table_id": Table.objects.all(),
    "job_id": PrintJob.objects.select_related("round", "requested_by"),
    "player_id": Player.objects.all(),
}


class ScopedApi(APIView):
    # For the organisers of the event of the row the path names (no docstring: the schema
    # describes an endpoint by the first docstring among its view's classes).
    permission_classes = [IsEventOrganiser]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """After the permission check, the row the path names (`row`), or a 404; not for
        OPTIONS nor a method the view does not answer (405)."""
        super().initial(request, *args, **kwargs)
        if request.method != "OPTIONS" and hasattr(self, request.method.lower()):
            ((name, pk),) = kwargs.items()
            self.row = get_object_or_404(SCOPED_ROWS[name], pk=pk)


class TokenApi(APIView):
    """Exchange a username and password for a new API token (one for each login)."""

    authentication_classes: list[type] = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=s.LoginInput,
        responses={
            200: s.NewTokenOutput,
            429: OpenApiResponse(
                description="Too many failed logins for this username or from this address: "
                "logging in is paused for a while (`locked_out`), whatever the password."
            ),
        },
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        serializer = s.LoginInput(data=request.data, context={"request": request})
        valid = serializer.is_valid()
        refuse_if_locked_out(request)  # after too many failures: 429, whatever the password
        if not valid:
            raise serializers.ValidationError(serializer.errors)
        data = serializer.validated_data
        name = tokens.token_name(data.get("name"), request.headers.get("User-Agent", ""))
        token, key = tokens.token_issue(data["user"], name)
        return Response(s.NewTokenOutput(token, context={"key": key, "sent": token}).data)


class LogoutApi(APIView):
    """Revoke the API token this request was sent with."""

    authentication_classes = [tokens.ExpiringTokenAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: OpenApiResponse(description="The token no longer works.")},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        if request.auth is not None:  # a person logged in by other means has none to revoke
            tokens.token_revoke(request.user, request.auth.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenListApi(APIView):
    """The caller's API tokens that still work, newest first; never the tokens themselves."""

    permission_classes = [IsPerson]

    @extend_schema(responses={200: s.ApiTokenOutput(many=True)}, tags=["auth"])
    def get(self, request: Request) -> Response:
        listed = tokens.tokens_of(request.user)
        return Response(s.ApiTokenOutput(listed, many=True, context={"sent": request.auth}).data)


class TokenDetailApi(APIView):
    """One of the caller's API tokens."""

    permission_classes = [IsPerson]

    @extend_schema(
        request=None,
        responses={
            204: OpenApiResponse(description="The token no longer works."),
            404: OpenApiResponse(description="The caller holds no token with this id."),
        },
        tags=["auth"],
        summary="Revoke one of the caller's API tokens",
    )
    def delete(self, request: Request, token_id: int) -> Response:
        if not tokens.token_revoke(request.user, token_id):
            raise NotFound("not_found", "You hold no API token with this id.")
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventListApi(APIView):
    permission_classes = [CreatesEvents]

    @extend_schema(responses=s.EventOutput(many=True), tags=["events"])
    def get(self, request: Request) -> Response:
        return Response(s.EventOutput(selectors.events_for(request.user), many=True).data)

    @extend_schema(request=s.EventInput, responses={201: s.EventOutput}, tags=["events"])
    def post(self, request: Request) -> Response:
        event = event_services.event_create(
            creator=request.user, **validated(s.EventInput, request)
        )
        return Response(s.EventOutput(event).data, status=status.HTTP_201_CREATED)


class EventDetailApi(ScopedApi):
    @extend_schema(responses=s.EventOutput, tags=["events"])
    def get(self, request: Request, event_id: int) -> Response:
        return Response(s.EventOutput(self.row).data)

    @extend_schema(request=s.EventPatch, responses=s.EventOutput, tags=["events"])
    def patch(self, request: Request, event_id: int) -> Response:
        changes = validated(s.EventPatch, request)
        event = event_services.event_update(event_id=event_id, changes=changes, actor=request.user)
        return Response(s.EventOutput(event).data)


class PlayerListApi(ScopedApi):
    @extend_schema(responses=s.PlayerOutput(many=True), tags=["players"])
    def get(self, request: Request, event_id: int) -> Response:
        return Response(s.PlayerOutput(self.row.players.all(), many=True).data)

    @extend_schema(request=s.PlayerInput, responses={201: s.PlayerOutput}, tags=["players"])
    def post(self, request: Request, event_id: int) -> Response:
        player = player_services.player_add(
            event_id=event_id, actor=request.user, **validated(s.PlayerInput, request)
        )
        return Response(s.PlayerOutput(player).data, status=status.HTTP_201_CREATED)


class PlayerAlternateApi(ScopedApi):
    @extend_schema(
        request=s.AlternateRequest,
        responses=s.PlayerOutput,
        tags=["players"],
        description="Keep the event's list of alternates: `mark` puts the player at its end "
        "(an alternate already listed keeps their place), `unmark` takes them off it (into the "
        "draw), `move` puts an alternate at `place`. The others move up or down to keep the "
        "list 1, 2, 3... A player who has a seat is a 409 `already_seated`, a withdrawn one a "
        "409 `withdrawn`; moving a player who is not an alternate, a 409 `not_alternate`.",
    )
    def post(self, request: Request, player_id: int) -> Response:
        data = validated(s.AlternateInput, request)
        arguments = {"player_id": player_id, "actor": request.user}
        if data["action"] == "move":
            player = player_services.alternate_move(place=data["place"], **arguments)
        else:
            player = getattr(player_services, f"alternate_{data['action']}")(**arguments)
        return Response(s.PlayerOutput(player).data)


class PlayerImportApi(ScopedApi):
    parser_classes = [CSVParser, MultiPartParser, FormParser, JSONParser]

    @extend_schema(
        request={
            "text/csv": OpenApiTypes.STR,
            "multipart/form-data": inline_serializer(
                "PlayerCsvUpload", {"file": serializers.FileField()}
            ),
        },
        description="A CSV with the header row name,email,team,paid (only name is required).",
        responses={201: s.ImportOutput, 400: s.ImportRefusal},
        tags=["players"],
    )
    def post(self, request: Request, event_id: int) -> Response:
        text = _csv_text(request)
        report = player_services.players_import(event_id=event_id, text=text, actor=request.user)
        if report.errors:
            lines = len(report.errors)
            detail = f"{lines} line(s) have problems, so no player was added or changed."
            raise Refusal("invalid_csv", detail, created=0, errors=report.errors)
        return Response(s.ImportOutput(report).data, status=status.HTTP_201_CREATED)


def _csv_text(request: Request) -> str:
    data = request.data
    if isinstance(data, str):
        return data
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    # An upload within the same limit as a CSV body (413 past it), before anything reads it.
    raw = read_limited(upload) if upload else (data.get("csv") if hasattr(data, "get") else None)
    if raw is None:
        raise Refusal("invalid", "Send the CSV as the request body or as a file named 'file'.")
    if isinstance(raw, bytes):
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise Refusal("invalid_csv", "The file must be UTF-8 text.") from exc
    return str(raw)


class DonationListApi(ScopedApi):
    @extend_schema(responses=s.DonationOutput(many=True), tags=["events"])
    def get(self, request: Request, event_id: int) -> Response:
        return Response(s.DonationOutput(self.row.donations.all(), many=True).data)

    @extend_schema(request=s.DonationInput, responses={201: s.DonationOutput}, tags=["events"])
    def post(self, request: Request, event_id: int) -> Response:
        donation = event_services.donation_add(
            event_id=event_id, actor=request.user, **validated(s.DonationInput, request)
        )
        return Response(s.DonationOutput(donation).data, status=status.HTTP_201_CREATED)


class VolunteerListApi(ScopedApi):
    @extend_schema(responses=s.VolunteerOutput(many=True), tags=["events"])
    def get(self, request: Request, event_id: int) -> Response:
        volunteers = self.row.volunteers.select_related("user")
        return Response(s.VolunteerOutput(volunteers, many=True).data)

    @extend_schema(request=s.VolunteerInput, responses={201: s.VolunteerOutput}, tags=["events"])
    def post(self, request: Request, event_id: int) -> Response:
        volunteer = event_services.volunteer_add(
            event_id=event_id, actor=request.user, **validated(s.VolunteerInput, request)
        )
        return Response(s.VolunteerOutput(volunteer).data, status=status.HTTP_201_CREATED)


class RoundListApi(ScopedApi):
    @extend_schema(responses=s.RoundOutput(many=True), tags=["rounds"])
    def get(self, request: Request, event_id: int) -> Response:
        return Response(s.RoundOutput(selectors.event_rounds(event_id), many=True).data)

    @extend_schema(request=s.RoundInput, responses={201: s.RoundOutput}, tags=["rounds"])
    def post(self, request: Request, event_id: int) -> Response:
        round_ = round_services.round_create(
            event_id=event_id, actor=request.user, **validated(s.RoundInput, request)
        )
        return Response(s.RoundOutput(round_).data, status=status.HTTP_201_CREATED)


def _seating(round_: Round) -> dict[str, Any]:
    tables = selectors.round_tables(round_.pk)
    return s.SeatingOutput({"round": round_.pk, "seed": round_.seed, "tables": tables}).data


class RoundDetailApi(ScopedApi):
    @extend_schema(responses=s.RoundOutput, tags=["rounds"])
    def get(self, request: Request, round_id: int) -> Response:
        return Response(s.RoundOutput(self.row).data)


class RoundSeatApi(ScopedApi):
    @extend_schema(
        request=s.SeatInput,
        responses=s.SeatingOutput,
        tags=["rounds"],
        description="Seat the round's players at tables; seating again replaces the seating "
        "and takes back its release. The first round seats the players checked in at the door "
        "(`include_all: true` seats every registered player; with nobody checked in and no "
        "`include_all` it is a 409 `nobody_checked_in`); a later round seats those who went "
        "through. The seating stays on the desk until `POST /api/rounds/{id}/release/`.",
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = round_services.round_seat(
            round_id=round_id, actor=request.user, **validated(s.SeatInput, request)
        )
        return Response(_seating(round_))


class EventPreseatApi(ScopedApi):
    @extend_schema(
        request=s.PreseatInput,
        responses=s.PreseatingOutput,
        tags=["rounds"],
        description="Seat every preliminary round still to be played at once (an event where "
        "every player plays every preliminary round, else 400 `cannot_preseat`; none waiting "
        "is a 409 `nothing_to_preseat`): the same players in each, team-mates apart, and as "
        "few repeat meetings as the seating finds, which `repeats` lists. Each round is then "
        "released and started as usual; one seated ahead starts once the round before it "
        "has ended.",
    )
    def post(self, request: Request, event_id: int) -> Response:
        arguments = validated(s.PreseatInput, request)
        rounds = round_services.rounds_preseat(event_id=event_id, actor=request.user, **arguments)
        repeats, _ = selectors.repeat_meetings(event_id=event_id)
        shaped = {
            "seed": rounds[0].seed,
            "rounds": [
                {"round": r.pk, "seed": r.seed, "tables": selectors.round_tables(r.pk)}
                for r in rounds
            ],
            "repeats": [{"players": r.players, "rounds": r.rounds} for r in repeats],
        }
        return Response(s.PreseatingOutput(shaped).data)


class RoundReleaseApi(ScopedApi):
    @extend_schema(
        request=None,
        responses=s.RoundOutput,
        tags=["rounds"],
        description="Release the round's seating: the big screen and the players' own pages "
        "show the tables from now on (`released_at`). Releasing again changes nothing; "
        "seating the round again takes the release back; starting the round releases it. "
        "A round not seated yet is a 409.",
    )
    def post(self, request: Request, round_id: int) -> Response:
        round_ = round_services.round_release(round_id=round_id, actor=request.user)
        return Response(s.RoundOutput(round_).data)


class RoundTablesApi(ScopedApi):
    @extend_schema(responses=s.SeatingOutput, tags=["rounds"])
    def get(self, request: Request, round_id: int) -> Response:
        return Response(_seating(self.row))


class RoundVacanciesApi(ScopedApi):
    @extend_schema(
        responses=s.VacanciesOutput,
        tags=["rounds"],
        description="The round's vacant seats (a player who withdrew or is not checked in), "
        "while it is seated and not started, and the alternate offered for them.",
    )
    def get(self, request: Request, round_id: int) -> Response:
        seats = lineups.vacancies(self.row)
        offered = lineups.next_alternate(self.row) if seats else None
        answer = {"round": self.row.pk, "seats": seats, "next_alternate": offered}
        return Response(s.VacanciesOutput(answer).data)

    @extend_schema(
        request=s.StepInInput,
        responses=s.SeatTakenOutput,
        tags=["rounds"],
        description="Seat the next alternate in a vacant seat before the round starts: the "
        "same table and seat number, nobody else moves and the table keeps its key; the "
        "alternate leaves the list. A seat not in the round is a 404 `unknown_seat`; a round "
        "not seated, or started, a 409 `round_not_seated` or `round_started`; a seat whose "
        "player is checked in, a 409 `not_vacant`; another player than the alternate offered, "
        "a 409 `not_next_alternate`; the final's banker, a 409 `banker_plays`.",
    )
    def post(self, request: Request, round_id: int) -> Response:
        seat = round_services.alternate_step_in(
            round_id=round_id, actor=request.user, **validated(s.StepInInput, request)
        )
        return Response(s.SeatTakenOutput(seat).data)


class RoundStartApi(ScopedApi):
    @extend_schema(request=None, responses=s.RoundOutput, tags=["rounds"])
    def post(self, request: Request, round_id: int) -> Response:
        round_ = round_services.round_start(round_id=round_id, actor=request.user)
        return Response(s.RoundOutput(round_).data)


class RoundCallTimeApi(ScopedApi):
    @extend_schema(
        request=s.CallTimeInput,
        responses=s.RoundOutput,
        tags=["rounds"],
        description="Call time now, in every running wave, or in `wave` alone.",
    )
    def post(self, request: Request, round_id: int) -> Response:
        wave = validated(s.CallTimeInput, request)["wave"]
        round_services.round_call_time(round_id=round_id, now_=True, wave=wave, actor=request.user)
        return Response(s.RoundOutput(_round(round_id)).data)


def _round(round_id: int) -> Round:
    return Round.objects.prefetch_related("waves").get(pk=round_id)


class RoundWavesApi(ScopedApi):
    @extend_schema(
        request=s.WavesInput,
        responses=s.RoundOutput,
        tags=["rounds"],
        description="Set how many waves a preliminary round plays in, before it starts "
        "(else 409 `round_started`): its tables are spread over them evenly (each table's "
        "`wave`). At most one wave a table (else 400 `invalid`); a final plays in one (400 "
        "`final_one_wave`). Seating the round again spreads its new tables the same way.",
    )
    def post(self, request: Request, round_id: int) -> Response:
        waves = validated(s.WavesInput, request)["waves"]
        waves_services.round_waves_set(round_id=round_id, waves=waves, actor=request.user)
        return Response(s.RoundOutput(_round(round_id)).data)


class WaveStartApi(ScopedApi):
    @extend_schema(
        request=s.WaveInput,
        responses=s.RoundOutput,
        tags=["rounds"],
        description="Start a wave's clock: its tables take entries for the round's time "
        "limit from now. Wave 1 is the round's start (as `POST /api/rounds/{id}/start/`); a "
        "later wave starts once time is called in the wave before it (else 409 "
        "`previous_wave_running`). Started already: 409 `wave_started`; no such wave: 404 "
        "`unknown_wave`.",
    )
    def post(self, request: Request, round_id: int) -> Response:
        number = validated(s.WaveInput, request)["wave"]
        waves_services.wave_start(round_id=round_id, number=number, actor=request.user)
        return Response(s.RoundOutput(_round(round_id)).data)


class RoundResultsApi(ScopedApi):
    @extend_schema(
        responses=s.ResultOutput(many=True),
        tags=["rounds"],
        description=(
            "The results that count: while the round runs, those of tables a referee has "
            "confirmed; once it has ended, every table's (those a forced end took in "
            "unconfirmed have `forced`)."
        ),
    )
    def get(self, request: Request, round_id: int) -> Response:
        return Response(s.ResultOutput(result_selectors.round_rows(round_id), many=True).data)


class EventTeamsApi(ScopedApi):
    @extend_schema(
        responses=s.TeamStandingOutput(many=True),
        tags=["events"],
        description=(
            "The team standings, best first: each team's score each round (its members' net "
            "worths from the results that count, all of them or the event's best "
            "`team_best`), its total, its place and its sponsor, with each member's figures. "
            "Empty unless at least two teams have players."
        ),
    )
    def get(self, request: Request, event_id: int) -> Response:
        teams = result_selectors.team_standings(event_id=event_id)
        return Response(s.TeamStandingOutput(teams, many=True).data)


class RoundOverrideApi(ScopedApi):
    @extend_schema(request=s.OverrideInput, responses=s.ResultOutput, tags=["rounds"])
    def post(self, request: Request, round_id: int) -> Response:
        result = overrides.result_override(
            round_id=round_id, actor=request.user, **validated(s.OverrideInput, request)
        )
        row = result_selectors.result_of(round_id=round_id, player_id=result.player_id)
        return Response(s.ResultOutput(row).data)


class TableDetailApi(ScopedApi):
    @extend_schema(request=s.TableAssignInput, responses=s.TableOutput, tags=["tables"])
    def patch(self, request: Request, table_id: int) -> Response:
        data = validated(s.TableAssignInput, request)
        table = table_services.table_assign(table_id=table_id, actor=request.user, **data)
        return Response(s.TableOutput(table).data)


class TableWaveApi(ScopedApi):
    @extend_schema(
        request=s.WaveInput,
        responses=s.TableOutput,
        tags=["tables"],
        description="Move the table to another wave of its round, while neither wave has "
        "started (else 409 `wave_started`; no such wave: 404 `unknown_wave`).",
    )
    def post(self, request: Request, table_id: int) -> Response:
        wave = validated(s.WaveInput, request)["wave"]
        table = waves_services.table_wave_move(table_id=table_id, wave=wave, actor=request.user)
        return Response(s.TableOutput(table).data)


class TableRotateKeyApi(ScopedApi):
    @extend_schema(request=None, responses=s.TableOutput, tags=["tables"])
    def post(self, request: Request, table_id: int) -> Response:
        table = table_services.table_key_rotate(table_id=table_id, actor=request.user)
        return Response(s.TableOutput(table).data)
