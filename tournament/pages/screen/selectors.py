"""What the big screen reads: the event a screen token opens, and what it shows (the round
clock, a leaderboard per table, the bracket, the team standings)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from banking import selectors as bank
from banking.ledgers import rules_of
from tournament import selectors as event_selectors
from tournament.models import Event, Round, Table
from tournament.results import selectors as result_selectors
from tournament.results.standings import leaderboard
from tournament.timezones import event_zone


def screen_event(*, event_id: int, token: str) -> Event | None:
    """The event whose big screen this token opens; None for a wrong or revoked token."""
    event = Event.objects.filter(pk=event_id).first()
    return event if token_opens(event, token) else None


def token_opens(event: Event | None, token: str) -> bool:
    """Whether this token opens this event's big screen (not a wrong or revoked one)."""
    if event is None or not event.screen_token or not token:
        return False
    return secrets.compare_digest(event.screen_token.encode(), token.encode())


def shown_table(*, event: Event, table_id: int) -> Table | None:
    """A table of the event that the screen shows (its seating released), with its round
    and event; None for any other."""
    shown = [r.pk for r in event_selectors.current_rounds(event=event)]
    table = Table.objects.select_related("round__event").filter(pk=table_id, round_id__in=shown)
    found = table.first()
    return found if found is not None and event_selectors.seating_shown(found.round) else None


def _clock(round_: Round | None, event: Event) -> dict[str, Any] | None:
    """The round clock; `ends_at_text` is when time is called, in the event's local time
    (the projector's own clock and zone may be anything)."""
    if round_ is None:
        return None
    ends_at, zone = round_.ends_at, event_zone(event)
    return {
        "round": round_.number,
        "kind": round_.kind,
        "kind_label": round_.get_kind_display(),
        "status": round_.status_now,
        "time_limit_minutes": round_.time_limit_minutes,
        "ends_at": ends_at,
        "ends_at_text": f"{timezone.localtime(ends_at, zone):%H:%M}" if ends_at else "",
        "last_turn": round_.status_now == Round.Status.TIME_CALLED,
        "ended": round_.status == Round.Status.ENDED,
        "waves": _waves(round_, zone),
    }


def _waves(round_: Round, zone: Any) -> list[dict[str, Any]]:
    """Each wave's clock and tables, for a round played in more than one until it ends
    (none for a round of one wave: its clock is the round's)."""
    if round_.wave_count == 1 or round_.status == Round.Status.ENDED:
        return []
    numbers = list(round_.tables.order_by("number").values_list("number", "wave"))
    return [
        {
            "number": clock.number,
            "status": clock.status,
            "ends_at": clock.ends_at,
            "ends_at_text": f"{timezone.localtime(clock.ends_at, zone):%H:%M}"
            if clock.ends_at
            else "",
            "tables": [number for number, wave in numbers if wave == clock.number],
        }
        for clock in event_selectors.round_waves(round_)
    ]


def screen_head(*, event: Event) -> dict[str, Any]:
    """What the screen shows but its tables: the clock, whether seating is coming, the
    bracket, the running totals of a points or aggregate event (None for a knock-out or
    before a preliminary round has ended), the team standings (none for an event without
    teams), and the ids of the rounds whose tables are shown."""
    rounds = event_selectors.current_rounds(event=event)
    # A seating the organiser has not released yet stays on the desk: no table, no names.
    shown = [r.pk for r in rounds if event_selectors.seating_shown(r)]
    bracket = result_selectors.bracket(event_id=event.pk)
    for column in bracket["rounds"]:
        column["seating_soon"] = column["status"] != "planned" and not column["seating_shown"]
        if column["seating_soon"]:
            column.update(tables=[], advancing=[])
    return {
        "seating_soon": bool(rounds) and not event_selectors.seating_shown(rounds[-1]),
        "clock": _clock(rounds[-1] if rounds else None, event),
        "bracket": bracket,
        "teams": result_selectors.team_standings(event_id=event.pk),
        "standings": result_selectors.preliminary_standings(event=event),
        "shown_rounds": shown,
    }


@dataclass(frozen=True)
class ScreenSeats:
    """Who sits at the tables a screen shows (banking.selectors.Seated), and the name each
    is shown by when the whole does not fit (`shorts`, by table, then seat): they change
    with the seats and the players, not with an entry."""

    seated: bank.Seated
    shorts: dict[int, dict[int, str]]


def screen_seats(table_ids: list[int]) -> ScreenSeats:
    """Who sits at these tables, as the screen names them (ScreenSeats), in one query."""
    seated = bank.table_seats(table_ids)
    return ScreenSeats(seated, {table: _shorts(seats) for table, seats in seated.items()})


def screen_tables(
    *, event: Event, table_ids: list[int], seats: ScreenSeats
) -> list[dict[str, Any]]:
    """These tables' leaderboards as the screen shows them (templates/screen/_board.html),
    in its order: each row's place, names, net worth and cash, and whether it leads (once
    somebody leads, not at a table still all level). `seats`: who sits at them
    (screen_seats), kept with the screen's head."""
    rules = rules_of(event)
    boards = []
    for table in bank.table_standings(table_ids, rules=rules, seated=seats.seated):
        ranked, shorts = leaderboard(table["seats"]), seats.shorts[table["id"]]
        leads = any(row["place"] > 1 for row in ranked)
        for row in ranked:
            row["short"] = shorts[row["seat"]]
            row["leader"] = leads and row["place"] == 1 and not row["bankrupt"]
        boards.append(
            {
                "id": table["id"],
                "number": table["number"],
                "round": table["round_number"],
                "closed": table["closed"],
                "currency": event.currency,
                "last_seq": table["last_seq"],
                "rows": ranked,
            }
        )
    return boards


def _shorts(seated: list[tuple[int, int, str]]) -> dict[int, str]:
    """Each seat's name as a crowded screen shows it when the whole does not fit, by its
    number: the first name and the initials of the others ("Cy van der Berg" as "Cy v. d.
    B."; numbers stay whole). A short form that would read like another player's at the
    table keeps the whole name."""
    shorts = [_short(name) for _, _, name in seated]
    return {
        number: short if shorts.count(short) == 1 else name
        for (number, _, name), short in zip(seated, shorts, strict=True)
    }


def _short(name: str) -> str:
    first, *rest = name.split() or [name]
    return " ".join([first, *(word if word.isdigit() else f"{word[0]}." for word in rest)])
