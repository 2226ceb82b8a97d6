"""Players who check in after their round was seated: who they are, and seating one at an
open seat without touching anyone else's seat or console key (seating the round again
would redraw every table and give each a new key, every table card printed again).

Here, above the bank, because a table that has begun is one whose ledger has entries: a
late arrival joins a table that has recorded nothing yet."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Exists, OuterRef
from django.utils.translation import gettext as _

from banking.models import Entry
from tournament.errors import Conflict
from tournament.lineups import late_arrivals
from tournament.models import Player, Round, Seat, Table, Volunteer
from tournament.services.events import audit
from tournament.text import isolated

#: The rounds a late arrival may join: seated (released or not) and running.
OPEN = (Round.Status.SEATED, Round.Status.RUNNING)


def waiting(round_: Round) -> list[Player]:
    """The players checked in who could join this round but sit at none of its tables:
    empty unless the round is seated or running, and a preliminary round (a final is for
    those who played). In an event where every player plays every preliminary round, every
    player checked in who sits at none of them."""
    if round_.status not in OPEN or round_.kind != Round.Kind.PRELIMINARY:
        return []
    seated = set(Seat.objects.filter(table__round=round_).values_list("player_id", flat=True))
    candidates = late_arrivals(round_)
    if round_.event.plays_every_preliminary:
        # Everyone checked in plays every preliminary round: a late arrival seated in a
        # round joins each round seated ahead of it too.
        players = round_.event.players.filter(checked_in=True, alternate=None)
        candidates = list(players.order_by("id"))
    return [p for p in candidates if p.pk not in seated and not p.withdrawn]


@dataclass(frozen=True)
class LateSeat:
    """Where a late arrival sits, and whether their table is a new one."""

    table: Table
    seat: int
    new_table: bool


@transaction.atomic
def seat_late_arrival(
    *, round_id: int, player_id: int, actor: AbstractBaseUser | None = None
) -> LateSeat:
    """Seat a late arrival at the table with the fewest players that has recorded nothing
    yet and has room (the seating's largest table: the round's table size and one more;
    the lowest number first), or, with no such seat, at a new table of their own with its
    own key. Nobody else moves."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_id)
    player = Player.objects.filter(pk=player_id, event_id=round_.event_id).first()
    if player is None or player not in waiting(round_):
        raise Conflict("not_waiting", _why_not(round_, player))
    tables = (
        Table.objects.filter(round=round_)
        .annotate(players=Count("seats"), begun=Exists(Entry.objects.filter(table=OuterRef("pk"))))
        .order_by("number")
    )
    largest = round_.table_size + 1  # as tournament/seating.py's table_sizes seats them
    open_tables = [t for t in tables if t.players < largest and not t.begun]
    if open_tables:
        table = min(open_tables, key=lambda t: (t.players, t.number))
        seat, new_table = table.players + 1, False
    else:
        number = max((t.number for t in tables), default=0) + 1
        referees = list(round_.event.volunteers.filter(role=Volunteer.Role.REFEREE).order_by("id"))
        table = Table.objects.create(
            round=round_,
            number=number,
            wave=round_.wave_count,  # the last wave: the latest to start
            referee=referees[(number - 1) % len(referees)] if referees else None,
        )
        seat, new_table = 1, True
    Seat.objects.create(table=table, number=seat, player=player)
    audit(
        event_id=round_.event_id,
        actor=actor,
        action="late_arrival_seated",
        subject=player.name,
        data={
            "round_id": round_.pk,
            "player_id": player.pk,
            "table": table.number,
            "seat": seat,
            "new_table": new_table,
        },
    )
    return LateSeat(table=table, seat=seat, new_table=new_table)


def _why_not(round_: Round, player: Player | None) -> str:
    if player is None:
        return _("That player is not registered for this event.")
    if round_.status not in OPEN:
        said = {"number": round_.number, "status": round_.status_now_label.lower()}
        return _("Round %(number)s is not open to late arrivals: it is %(status)s.") % said
    if round_.kind != Round.Kind.PRELIMINARY:
        return _("A final is for those who played: late arrivals join a preliminary round.")
    said = {"name": isolated(player.name), "number": round_.number}
    if Seat.objects.filter(table__round=round_, player=player).exists():
        return _("%(name)s is already seated in round %(number)s.") % said
    if player.withdrawn:
        return _("%(name)s has withdrawn: bring them back from their page first.") % said
    return _("%(name)s is not checked in, or has played an earlier round.") % said
