"""The night in numbers: what the charity's trustees read after the event, counted from
the ledgers, the audit trail, the tablets' heartbeats, the fees and the donations.

One read, `night_in_numbers`, for the one-page PDF (the print document "night") and the
CSV (`tournament.exports.night_csv`), so both always say the same. At an event with teams
it ends on the team standings (tournament.results.selectors.team_standings): how many
teams, the winning team, then each team's total, best first (`team_1`, `team_2`, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from banking.actors import Actor
from banking.models import Entry, TabletHeartbeat
from banking.services.tablets import offline_since
from tournament.models import AuditEvent, Player, Result, Round, Seat, Table
from tournament.results.selectors import team_standings
from tournament.results.standings import wins_table
from tournament.selectors import money_raised

Unit = Literal["count", "money", "minutes", "name"]


@dataclass(frozen=True, slots=True)
class Figure:
    """One line of the night in numbers: `key` for the CSV (the same in every language),
    `label` for people (in the reader's language)."""

    key: str
    label: str
    value: int | str
    unit: Unit = "count"


def night_in_numbers(*, event_id: int, now: datetime | None = None) -> list[Figure]:
    """The event's night in numbers, in the order the page and the CSV give them, as they
    stand at `now`."""
    players = Player.objects.filter(event_id=event_id).aggregate(
        registered=Count("pk"), checked_in=Count("pk", filter=Q(checked_in=True))
    )
    played = Seat.objects.filter(table__round__event_id=event_id).values("player").distinct()
    rounds = Round.objects.filter(event_id=event_id).aggregate(
        all=Count("pk"), ended=Count("pk", filter=Q(status=Round.Status.ENDED))
    )
    # Counted by who recorded each entry: a referee's void or adjustment is a correction,
    # not one of the bankers' entries (a banker's own undo is).
    corrections = Q(author_role__in=Actor.CORRECTORS)
    entries = Entry.objects.filter(table__round__event_id=event_id).aggregate(
        bankers=Count("pk", filter=Q(author_role=Actor.BANKER)),
        voids=Count("pk", filter=corrections & Q(kind=Entry.VOID)),
        adjustments=Count("pk", filter=corrections & Q(kind="adjust")),
    )
    beats = list(
        TabletHeartbeat.objects.filter(table__round__event_id=event_id).select_related(
            "table__round", "table__ledger"
        )
    )
    disputes = AuditEvent.objects.filter(event_id=event_id, action="table_disputed").count()
    away = round(_seconds_away(beats, now or timezone.now()) / 60)
    caught_up = sum(beat.caught_up for beat in beats)
    money = money_raised(event_id)
    return [
        Figure("players", _("Players registered"), players["registered"]),
        Figure("players_checked_in", _("Players checked in"), players["checked_in"]),
        Figure("players_played", _("Players who played"), played.count()),
        Figure("rounds", _("Rounds played"), rounds["ended"]),
        Figure("tables", _("Tables"), Table.objects.filter(round__event_id=event_id).count()),
        Figure("entries", _("Entries recorded by the bankers"), entries["bankers"]),
        Figure("voids", _("Entries voided by a referee"), entries["voids"]),
        Figure("adjustments", _("Adjustments by a referee"), entries["adjustments"]),
        Figure("disputes", _("Results disputed"), disputes),
        Figure("tablet_minutes_offline", _("Minutes tablets spent offline"), away, "minutes"),
        Figure("entries_caught_up", _("Entries tablets sent once back online"), caught_up),
        Figure("raised_fees", _("Raised from entry fees"), money["fees"], "money"),
        Figure("raised_donations", _("Raised from donations"), money["donations"], "money"),
        Figure("raised_total", _("Raised in all"), money["total"], "money"),
        Figure("winner", _("Winner"), _winner(event_id), "name"),
        *_teams(event_id),
    ]


def _teams(event_id: int) -> list[Figure]:
    """The team standings as figures: none at an event without teams."""
    teams = team_standings(event_id=event_id)
    if not teams:
        return []
    first = get_text_list([t["name"] for t in teams if t["place"] == 1], _("and"))
    return [
        Figure("teams", _("Teams"), len(teams)),
        Figure("team_winner", _("Winning team"), first, "name"),
        *(
            Figure(
                f"team_{n}",
                f"{t['place']}{'=' if t['shared'] else ''}. {t['name']}",
                t["total"],
                "money",
            )
            for n, t in enumerate(teams, start=1)
        ),
    ]


def _seconds_away(beats: list[TabletHeartbeat], now: datetime) -> int:
    """The tablets' time away as their heartbeats recorded it: each spell a tablet came back
    from, and the one it is away on (as the control room shows it), up to its table's
    close or its round's end."""
    total = 0
    for beat in beats:
        total += beat.away_seconds
        end = min(beat.table.closed_at or beat.table.round.ended_at or now, now)
        ledger = getattr(beat.table, "ledger", None)  # none before the table's first entry
        heard = ledger.last_entry_at if ledger is not None else None
        since = offline_since(beat, end, last_entry_at=heard)
        if since is not None:
            total += max(0, int((end - since).total_seconds()))
    return total


def _winner(event_id: int) -> str:
    """The final's winner; empty until a final has ended."""
    firsts = (
        Result.objects.filter(
            round__event_id=event_id,
            round__kind=Round.Kind.FINAL,
            round__status=Round.Status.ENDED,
            rank=1,
        )
        .select_related("player")
        .order_by("-round__number", "-net_worth", "player__name")
    )
    best = next((result for result in firsts if wins_table(result)), None)
    return best.player.name if best else ""
