"""Selectors read: events a person can see, money raised, seatings and results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import ENGLISH, FaqEntry
from games.selectors import faq_briefing, faq_in_language
from tournament import access, seating
from tournament.http.rows import Read
from tournament.lineups import (
    late_arrivals,
    plan_for_round,
    round_entrants,
    rounds_to_preseat,
)
from tournament.models import (
    BriefingItem,
    Donation,
    Event,
    Player,
    Round,
    Seat,
    Table,
    Volunteer,
    Wave,
)
from tournament.queries import round_waves_sql
from tournament.text import isolated


def _sum(model: type, field: str) -> Coalesce:
    total = (
        model.objects.filter(event=OuterRef("pk"))
        .order_by()
        .values("event")
        .annotate(total=Sum(field))
        .values("total")
    )
    return Coalesce(Subquery(total, output_field=IntegerField()), 0)


def events_for(user: AbstractBaseUser) -> QuerySet[Event]:
    """The events a person volunteers at (every event for a superuser), with money raised."""
    events = Event.objects.annotate(
        fees_paid=_sum(Player, "paid"), donations_total=_sum(Donation, "amount")
    )
    if getattr(user, "is_superuser", False):
        return events
    mine = Event.objects.filter(volunteers__user=user).values_list("id", flat=True).distinct()
    return events.filter(pk__in=list(mine))


def money_raised(event_id: int) -> dict[str, int]:
    """Fees paid plus donations."""
    fees = Player.objects.filter(event_id=event_id).aggregate(t=Sum("paid"))["t"] or 0
    donations = Donation.objects.filter(event_id=event_id).aggregate(t=Sum("amount"))["t"] or 0
    return {"fees": fees, "donations": donations, "total": fees + donations}


def seating_shown(round_: Round) -> bool:
    """Whether a round's seating may be shown beyond the desk (big screen, players' pages):
    once the organiser released it, and in any case once the round has started."""
    not_started = (Round.Status.PLANNED, Round.Status.SEATED)
    return round_.released_at is not None or round_.status not in not_started


def round_tables(round_id: int) -> QuerySet[Table]:
    return (
        Table.objects.filter(round_id=round_id).prefetch_related("seats__player").order_by("number")
    )


def event_rounds(event_id: int) -> QuerySet[Round]:
    return Round.objects.filter(event_id=event_id).prefetch_related("waves").order_by("number")


def round_waves(round_: Round, started: Sequence[Wave] | None = None) -> list[WaveClock]:
    """Each of the round's waves in order, started (`started`: its Wave rows, read if not
    given) or waiting, with its clock as of now: what the desk, the big screen, a player's
    page, a banker's console and the API show of a wave."""
    rows = {w.number: w for w in (round_.waves.all() if started is None else started)}
    return [wave_clock(n, rows.get(n)) for n in range(1, round_.wave_count + 1)]


@dataclass(frozen=True)
class WaveClock:
    """A wave's clock as of now: `status` is a `Wave.Status` ("waiting" before it starts;
    "time_called" once its clock ran out, recorded or not)."""

    number: int
    status: str
    started_at: datetime | None
    ends_at: datetime | None

    @property
    def running(self) -> bool:
        return self.status == Wave.Status.RUNNING

    @property
    def label(self) -> str:
        return str(Wave.Status(self.status).label)


def started_waves_read(round_id: int) -> Read[list[Wave]]:
    """The round's waves that have started, in order: a read, to go with the round and its
    tables in one round trip (read_all)."""
    statement = round_waves_sql()
    (waves,) = statement.parts

    def result(found: list[list[tuple[Any, ...]]]) -> list[Wave]:
        return [waves.instance(values) for values in found[0]]

    return Read(((statement.sql, [round_id]),), result)


def desk_waves(
    round_: Round, tables: Sequence[Table], started: Sequence[Wave]
) -> list[dict[str, Any]]:
    """The round page's waves: each wave's clock, its tables' numbers, and whether the
    desk may start it now (`startable`: wave 1 of a seated round; a later wave once time is
    called in the one before). `tables` with their numbers and waves; `started`: the
    round's Wave rows (`started_waves_read`)."""
    clocks = round_waves(round_, started)
    waves = []
    for clock in clocks:
        before = clocks[clock.number - 2] if clock.number > 1 else None
        if before is None:
            ready = round_.status == Round.Status.SEATED
        else:
            ready = round_.status == Round.Status.RUNNING
            ready = ready and before.status == Wave.Status.TIME_CALLED
        waves.append(
            {
                "clock": clock,
                "tables": [t.number for t in tables if t.wave == clock.number],
                "startable": ready and clock.status == Wave.Status.WAITING,
            }
        )
    return waves


def table_wave(table: Table) -> Wave | None:
    """The wave the table plays in, as it stands; None while it has not started. A table
    the bank's statements read has it already (`read_wave`: tournament/queries.py's
    `wave_join`), on the tablets' path, where a query more would cost each post."""
    if "read_wave" in table.__dict__:
        return table.read_wave  # type: ignore[attr-defined]
    return Wave.objects.filter(round_id=table.round_id, number=table.wave).first()


def wave_clock(number: int, wave: Wave | None) -> WaveClock:
    """The clock of wave `number` from its row (`wave`; None while it waits)."""
    if wave is None:
        return WaveClock(number, Wave.Status.WAITING, None, None)
    return WaveClock(number, wave.status_now, wave.started_at, wave.ends_at)


# --------------------------------------------------------------------------- the desk


def organiser_events(user: AbstractBaseUser) -> QuerySet[Event]:
    """The events a person organises (every event for a superuser), with money raised."""
    events = events_for(user)
    if getattr(user, "is_superuser", False):
        return events
    mine = Volunteer.objects.filter(user=user, role=Volunteer.Role.ORGANISER).values("event_id")
    return events.filter(pk__in=mine)


def home_events(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """A person's events for the home page, newest first: each with their roles in it,
    whether they organise it and referee it (organisers do both), and the tables they bank
    at in its rounds not ended (`consoles`: the tables themselves, whose keys open them)."""
    events = list(events_for(user))
    roles: dict[int, set[str]] = {}
    for event_id, role in Volunteer.objects.filter(user=user).values_list("event_id", "role"):
        roles.setdefault(event_id, set()).add(role)
    consoles: dict[int, list[Table]] = {}
    banked = (
        Table.objects.filter(banker__user=user)
        .exclude(round__status=Round.Status.ENDED)
        .select_related("round")
        .order_by("round__number", "number")
    )
    for table in banked:
        consoles.setdefault(table.round.event_id, []).append(table)
    superuser = getattr(user, "is_superuser", False)
    rows = []
    for event in events:
        mine = roles.get(event.pk, set())
        organiser = superuser or Volunteer.Role.ORGANISER in mine
        rows.append(
            {
                "event": event,
                "roles": [Volunteer.Role(r).label for r in Volunteer.Role.values if r in mine],
                "organiser": organiser,
                "referee": organiser or Volunteer.Role.REFEREE in mine,
                "consoles": consoles.get(event.pk, []),
            }
        )
    return rows


def start_page(user: AbstractBaseUser) -> str:
    """The name of the page a person lands on after logging in: the referees' list of
    events for someone who only referees; everyone else's events on the home page."""
    if getattr(user, "is_superuser", False) or access.can_create_events(user):
        return "home"
    roles = set(Volunteer.objects.filter(user=user).values_list("role", flat=True))
    return "referee-home" if roles == {Volunteer.Role.REFEREE} else "home"


def player_counts(event_id: int) -> dict[str, int]:
    """How many players are registered, checked in, and have paid something."""
    return Player.objects.filter(event_id=event_id).aggregate(
        registered=Count("id"),
        checked_in=Count("id", filter=Q(checked_in=True)),
        paid=Count("id", filter=Q(paid__gt=0)),
    )


def check_in_status(event_id: int) -> dict[str, Any]:
    """The door's live count: checked in, expected (registered) and missing, with the ids
    of those checked in (for the desk's list to follow). Two queries."""
    counts = player_counts(event_id)
    ids = list(
        Player.objects.filter(event_id=event_id, checked_in=True)
        .order_by("id")
        .values_list("id", flat=True)
    )
    return {
        "checked_in": counts["checked_in"],
        "expected": counts["registered"],
        "missing": counts["registered"] - counts["checked_in"],
        "checked_in_ids": ids,
    }


def seating_preview(
    *,
    round_id: int,
    seed: int,
    tables: int | None = None,
    include_all: bool = False,
    moves: Mapping[int, int] | None = None,
    keep: bool = False,
) -> dict[str, Any]:
    """The seating that `round_seat` would save with the same arguments, computed the same
    way (same entrants, past opponents and seed, or the saved seating when `keep`) without
    writing anything.

    Raises the same refusals as seating would: a started round, an earlier round not
    ended, undecided ties, nobody checked in, too few players, a final too big for its
    tables. `left_out` counts the players in the draw a first round leaves out because
    they are not checked in; `alternates`, those on the alternates' list, whom no seating
    seats (they step into a vacant seat); `late` names the late arrivals a later
    preliminary round seats (checked in, never seated before). `moves` are the organiser's
    changes (player id -> table number); `clashes` says in words what the seating breaks
    (team-mates at one table, players who met before), and a table left too small is
    refused.
    """
    round_ = Round.objects.select_related("event").get(pk=round_id)
    lineup = plan_for_round(
        round_, seed=seed, tables=tables, include_all=include_all, moves=moves, keep=keep
    )
    players, plan = lineup.players, lineup.plan
    by_id = {p.id: p for p in players}
    first = not Round.objects.filter(event_id=round_.event_id, number__lt=round_.number).exists()
    left_out = 0
    if first and not include_all:  # whom seating every registered player would add
        left_out = len({p.pk for p in round_entrants(round_, include_all=True)} - set(by_id))
    late = []
    if not first and round_.kind == Round.Kind.PRELIMINARY and not keep:
        late = [player.name for player in late_arrivals(round_)]
    return {
        "keep": keep,
        "late": late,
        "moves": dict(moves or {}),
        "clashes": [_clash_words(clash, by_id) for clash in lineup.clashes],
        "round_id": round_.pk,
        "seed": seed,
        "tables_asked": tables,
        "include_all": include_all,
        "first_round": first,
        "left_out": left_out,
        "alternates": round_.event.players.filter(alternate__isnull=False).count(),
        "players": len(players),
        "tables": [
            {"number": index, "seats": [_seat(n, by_id[pid]) for n, pid in enumerate(ids, 1)]}
            for index, ids in enumerate(plan, 1)
        ],
    }


def _seat(number: int, player: Player) -> dict[str, Any]:
    return {"seat": number, "player_id": player.pk, "name": player.name, "team": player.team}


def _clash_words(clash: Any, by_id: Mapping[int, Player]) -> str:
    a, b = (by_id[p] for p in clash.players)
    said = {
        "table": clash.table,
        "a": isolated(a.name),
        "b": isolated(b.name),
        "team": isolated(a.team),
    }
    if clash.kind == "team":
        return _("Table %(table)s: %(a)s and %(b)s are team-mates (%(team)s).") % said
    return _("Table %(table)s: %(a)s and %(b)s sit together in another round too.") % said


def repeat_meetings(*, event_id: int) -> tuple[list[seating.Repeat], dict[int, str]]:
    """Every pair who sit together in more than one of the event's preliminary rounds seated
    so far (played, or seated ahead), with the rounds they meet in; and the names of the
    players seated, by id. One query."""
    seats = Seat.objects.filter(
        table__round__event_id=event_id, table__round__kind=Round.Kind.PRELIMINARY
    ).values_list("table__round__number", "table_id", "player_id", "player__name")
    rounds: dict[int, dict[int, list[int]]] = {}
    names: dict[int, str] = {}
    for number, table_id, player_id, name in seats:
        rounds.setdefault(number, {}).setdefault(table_id, []).append(player_id)
        names[player_id] = name
    found = seating.repeats({n: list(tables.values()) for n, tables in rounds.items()})
    return found, names


def preseating(event: Event) -> dict[str, Any]:
    """The rounds page's pre-seating, `shown` where every player plays every preliminary
    round: whether the event's preliminary rounds still to be played can be seated at once
    (`can`: every player plays every preliminary round, and
    two or more wait, none being played), and the repeat meetings among the preliminary
    rounds seated so far, in words ("Ann and Bob: rounds 1 and 3"). Three queries."""
    waiting = rounds_to_preseat(event)
    found, names = repeat_meetings(event_id=event.pk)
    playing = event.rounds.filter(status__in=[Round.Status.RUNNING, Round.Status.TIME_CALLED])
    every = event.plays_every_preliminary
    seated = [r.number for r in waiting if r.status == Round.Status.SEATED]
    can = every and len(waiting) > 1 and not playing.exists()
    return {
        "shown": can or (every and (len(seated) > 1 or bool(found))),
        "can": can,
        "rounds": [r.number for r in waiting],
        "seated": seated,
        "repeats": [
            _("%(a)s and %(b)s: rounds %(rounds)s")
            % {"a": names[a], "b": names[b], "rounds": _and(repeat.rounds)}
            for repeat in found
            for a, b in [repeat.players]
        ],
    }


def _and(numbers: Sequence[int]) -> str:
    """'1 and 3', '1, 2 and 3'."""
    words = [str(n) for n in numbers]
    if len(words) < 2:
        return "".join(words)
    return _("%(numbers)s and %(last)s") % {"numbers": ", ".join(words[:-1]), "last": words[-1]}


def console_path(key: str) -> str:
    """The address of a table's banker console (its key is the table's secret)."""
    return f"/console/{key}/"


# ---------------------------------------------------------------- the players' briefing


def briefing_for_event(*, event_id: int, language: str = ENGLISH) -> list[FaqEntry]:
    """The questions read aloud at an event's players' briefing, in order, as a reader of
    `language` reads them: those its organiser picked (in whichever language), or the FAQ's
    suggested ones (`faq_briefing`) when none are picked."""
    return faq_in_language(briefing_picks(event_id=event_id), language) or faq_briefing(language)


def briefing_picks(*, event_id: int) -> list[FaqEntry]:
    """The FAQ entries an organiser picked for the briefing, in order (may be []), each in
    the language it was picked in."""
    items = (
        BriefingItem.objects.filter(event_id=event_id)
        .select_related("faq")
        .defer("faq__search_document")
        .order_by("position", "id")
    )
    return [item.faq for item in items]


def current_rounds(*, event: Event) -> list[Round]:
    """The rounds being played (running, or time called); when none is, the next seated
    round (of rounds seated at once, the first), else the one that has just ended. Each with
    `event` as its event (reading it costs no query)."""
    rounds = list(
        Round.objects.filter(event_id=event.pk)
        .exclude(status=Round.Status.PLANNED)
        .order_by("number")
    )
    for round_ in rounds:
        round_.event = event
    seated = [r for r in rounds if r.status == Round.Status.SEATED]
    return [r for r in rounds if r.is_live] or seated[:1] or rounds[-1:]


#: The maker's tournament rules (the Monopoly tournament kit) that the sanctioned check reads:
#: players registered, preliminary rounds before the final, a round's minutes, the final's size.
SANCTIONED = {"players": 24, "preliminaries": 2, "minutes": 90, "final": 6}


def sanctioned_breaks(event: Event) -> list[str]:
    """Where the plan of `event` breaks the maker's tournament rules, one sentence each for
    the desk; none unless the event says it follows them. Warnings only: the organiser may
    still run the night as they choose. Two queries."""
    if not event.sanctioned:
        return []
    breaks = []
    registered = Player.objects.filter(event_id=event.pk).count()
    if registered < SANCTIONED["players"]:
        breaks.append(
            ngettext(
                "The maker's rules ask for at least %(least)s players: %(count)s is registered.",
                "The maker's rules ask for at least %(least)s players: %(count)s are registered.",
                registered,
            )
            % {"least": SANCTIONED["players"], "count": registered}
        )
    rounds = list(
        Round.objects.filter(event_id=event.pk)
        .annotate(seated=Count("tables__seats"))
        .order_by("number")
    )
    final = next((r for r in rounds if r.kind == Round.Kind.FINAL), None)
    if final is not None:
        before = sum(
            1 for r in rounds if r.kind == Round.Kind.PRELIMINARY and r.number < final.number
        )
        if before < SANCTIONED["preliminaries"]:
            breaks.append(
                ngettext(
                    "The final follows %(count)s preliminary round: the maker's rules ask for "
                    "at least two.",
                    "The final follows %(count)s preliminary rounds: the maker's rules ask for "
                    "at least two.",
                    before,
                )
                % {"count": before}
            )
    breaks += [
        _(
            "Round %(number)s has a time limit of %(minutes)s minutes: the maker's rules ask "
            "for at least %(least)s."
        )
        % {"number": r.number, "minutes": r.time_limit_minutes, "least": SANCTIONED["minutes"]}
        for r in rounds
        if r.time_limit_minutes < SANCTIONED["minutes"]
    ]
    # A points or aggregate event names its final's size; a knock-out's is known once the
    # final is seated.
    size = event.finalists if event.plays_every_preliminary else None
    if final is not None and final.seated:
        size = final.seated
    if size is not None and size != SANCTIONED["final"]:
        breaks.append(
            ngettext(
                "The final is for %(count)s player: the maker's rules play a final of %(final)s.",
                "The final is for %(count)s players: the maker's rules play a final of %(final)s.",
                size,
            )
            % {"count": size, "final": SANCTIONED["final"]}
        )
    if event.variants.get("short_game"):
        breaks.append(_("The short game is chosen: the maker's rules play the long game."))
    return breaks
