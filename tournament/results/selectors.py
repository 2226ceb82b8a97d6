"""Reads of results: the results of a round that count, the bracket, the overrides, a
table's result with its second-person check, and the team standings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import QuerySet

from tournament import selectors as event_selectors
from tournament.models import AuditEvent, Event, Player, Result, Round, Seat, Table, Team
from tournament.results import advancement
from tournament.results.shape import result_rows, shaped
from tournament.results.standings import (
    counted,
    counts,
    shared_places,
    stored_ranking,
    summed,
    takes_first,
)
from tournament.results.teams import Member, Score, has_teams
from tournament.results.teams import team_standings as teams_ranked


def table_review(table_id: int) -> dict[str, Any]:
    """A table's result and its second-person check: the review state, who checked it and
    when, and each seat's result as written when the table was closed (shape.result_row)."""
    table = Table.objects.select_related("round", "reviewed_by").get(pk=table_id)
    return {
        "table": table.pk,
        "number": table.number,
        "round": table.round_id,
        "round_number": table.round.number,
        "table_status": table.status,
        "review": table.review,
        "review_note": table.review_note,
        "reviewed_by": table.reviewed_by.get_username() if table.reviewed_by else None,
        "reviewed_at": table.reviewed_at,
        "verification_code": table.verification_code,
        "results": table_results(table_id),
    }


def round_results(round_id: int) -> list[Result]:
    """The results that count (standings.counted): confirmed tables', or all once the round
    has ended (a forced end's unconfirmed tables are marked: standings.is_forced)."""
    return counted(
        shaped(round_id=round_id).order_by("seat__table__number", "rank", "seat__number")
    )


def table_results(table_id: int) -> list[dict[str, Any]]:
    """A table's results, best first, shaped (shape.result_rows)."""
    return result_rows(shaped(seat__table_id=table_id).order_by("rank", "seat__number"))


def result_of(*, round_id: int, player_id: int) -> dict[str, Any] | None:
    """A player's result in a round, shaped (shape.result_row) with its table's others;
    None before their table has closed."""
    result = Result.objects.filter(round_id=round_id, player_id=player_id).first()
    if result is None:
        return None
    return next(r for r in table_results(result.seat.table_id) if r["player_id"] == player_id)


def round_rows(round_id: int) -> list[dict[str, Any]]:
    """The round's results that count (round_results), shaped (shape.result_rows)."""
    return result_rows(round_results(round_id))


def preliminary_standings(*, event: Event, through: int | None = None) -> dict[str, Any] | None:
    """The running totals of an event whose players play every preliminary round (points,
    aggregate), over its ended preliminary rounds (those numbered up to `through` when
    given): each player's net worth round by round, their total and how it was summed,
    their total points and cash, their place as the final's choice orders them
    (advancement.totals_table), and whether they go on (or are undecided) after the
    last of those rounds, the organiser's decisions included. None for a knock-out event
    or before a preliminary round has ended. Two queries (none for a knock-out)."""
    if not event.plays_every_preliminary:
        return None
    rounds = Round.objects.filter(
        event_id=event.pk, kind=Round.Kind.PRELIMINARY, status=Round.Status.ENDED
    )
    if through is not None:
        rounds = rounds.filter(number__lte=through)
    numbers = list(rounds.order_by("number").values_list("number", flat=True))
    if not numbers:
        return None
    by_round: dict[int, list[Result]] = {number: [] for number in numbers}
    for result in (
        Result.objects.filter(round__event_id=event.pk, round__number__in=numbers)
        .select_related("seat__table", "player", "round")
        .order_by("round__number", "seat__table__number", "rank", "seat__number")
    ):
        by_round[result.round.number].append(result)
    by = event.advancement
    standings = advancement.totals_table(
        [stored_ranking(by_round[number]) for number in numbers], by=by
    )
    last = {r.player_id: r for r in by_round[numbers[-1]]}
    players = {r.player_id: r.player for results in by_round.values() for r in results}
    worths = {
        number: {r.player_id: r.net_worth for r in results} for number, results in by_round.items()
    }
    keys = [standing.key(by) for standing in standings]
    level = Counter(keys)
    rows = []
    for standing, place, key in zip(standings, shared_places(keys), keys, strict=True):
        player, result = players[standing.player_id], last.get(standing.player_id)
        net_worths = [worths[number].get(standing.player_id) for number in numbers]
        rows.append(
            {
                "place": place,
                "shared": level[key] > 1,
                "player_id": standing.player_id,
                "name": player.name,
                "team": player.team,
                "net_worths": net_worths,
                "total": standing.total_net_worth,
                "how": summed(net_worths, standing.total_net_worth, event.currency),
                "cash": standing.total_cash,
                "points": standing.points,
                "rounds": standing.rounds,
                "advances": bool(result and result.advances),
                "undecided": bool(result and result.undecided),
            }
        )
    return {
        "format": by,
        "finalists": event.finalists,
        "rounds": numbers,
        "rows": rows,
    }


def bracket(*, event_id: int) -> dict[str, Any]:
    """The event's bracket as plain data: rounds in order, each with its tables and their
    players (ranked once the round has ended), who advances, who is waiting to be seated,
    and the winner once the final has ended. Four queries, whatever the event's size.

    For the desk, the big screen and the printed bracket alike. It holds every table and
    seat of the night (at 30 rounds of 100 tables, 12,000 seats), so they are read as rows,
    not as model instances (which took a second there).
    """
    rounds = list(Round.objects.filter(event_id=event_id).order_by("number"))
    event = Event.objects.filter(pk=event_id).only("advancement").first()
    every_preliminary = event is not None and event.plays_every_preliminary
    seats: dict[int, list[dict[str, Any]]] = {}
    for seat in (
        Seat.objects.filter(table__round__event_id=event_id)
        .order_by("table_id", "number")
        .values("table_id", "number", "player_id", "player__name", *_RESULT_FIELDS)
    ):
        seats.setdefault(seat["table_id"], []).append(seat)
    by_round: dict[int, list[dict[str, Any]]] = {}
    for table in (
        Table.objects.filter(round__event_id=event_id)
        .order_by("number")
        .values("id", "round_id", "number", "status", "review")
    ):
        by_round.setdefault(table["round_id"], []).append(table)

    columns: list[dict[str, Any]] = []
    for round_ in rounds:
        previous = columns[-1] if columns else None
        came_from = {  # player id -> table number in the round before
            p["player_id"]: box["number"]
            for box in (previous["tables"] if previous else [])
            for p in box["players"]
        }
        boxes = [
            _bracket_table(table, seats.get(table["id"], []), round_.status, came_from)
            for table in by_round.get(round_.pk, [])
        ]
        carries = round_.kind == Round.Kind.FINAL or not every_preliminary
        waiting = previous["advancing"] if previous and previous["ended"] and carries else []
        columns.append(
            {
                "id": round_.pk,
                "number": round_.number,
                "kind": round_.kind,
                "kind_label": round_.get_kind_display(),
                "status": round_.status,
                "status_label": round_.get_status_display(),
                "ended": round_.status == Round.Status.ENDED,
                "seating_shown": event_selectors.seating_shown(round_),
                "tables": boxes,
                "waiting": [] if boxes else waiting,
                "advancing": [
                    {"player_id": p["player_id"], "name": p["name"], "from_table": box["number"]}
                    for box in boxes
                    for p in box["players"]
                    if p["advances"]
                ],
            }
        )

    last = columns[-1] if columns and columns[-1]["ended"] else None
    final = last is not None and last["kind"] == Round.Kind.FINAL
    winners = [
        {
            "player_id": p["player_id"],
            "name": p["name"],
            "table": box["number"],
            "net_worth": p["net_worth"],
        }
        for box in (last["tables"] if last and final else [])
        for p in box["players"]
        if takes_first(
            rank=p["rank"], tied=p["tied"], decided=p["overridden"], advances=p["advances"]
        )
    ]
    next_up = last["advancing"] if last and not final else []
    return {"event_id": event_id, "rounds": columns, "next": next_up, "winners": winners}


# What the bracket shows of a seat's result, and what it shows without one.
_NO_RESULT = {
    "rank": None,
    "net_worth": None,
    "bankrupt": False,
    "advances": False,
    "tied": False,
    "undecided": False,
}
# Their columns, read with the seat (a result's rank is never null: no rank, no result).
_RESULT_FIELDS = (*(f"result__{name}" for name in _NO_RESULT), "result__override_reason")


def _bracket_table(
    table: dict[str, Any],
    seats: list[dict[str, Any]],
    round_status: str,
    previous_tables: dict[int, int],
) -> dict[str, Any]:
    counting = counts(round_status=round_status, review=table["review"])
    players = []
    for seat in seats:
        shown = counting and seat["result__rank"] is not None
        players.append(
            {
                "player_id": seat["player_id"],
                "name": seat["player__name"],
                "seat": seat["number"],
                "from_table": previous_tables.get(seat["player_id"]),
                **({name: seat[f"result__{name}"] for name in _NO_RESULT} if shown else _NO_RESULT),
                "overridden": shown and bool(seat["result__override_reason"]),
            }
        )
    if any(p["rank"] is not None for p in players):
        players.sort(key=lambda p: (p["rank"] is None, p["rank"] or 0, p["seat"]))
    return {
        "id": table["id"],
        "number": table["number"],
        "closed": table["status"] == Table.Status.CLOSED,
        "players": players,
    }


def round_overrides(*, round_id: int) -> QuerySet[Any]:
    """The organiser's advancement overrides in a round, latest first: who, when, why. Found
    by the seat each decides, whatever the audit record's words."""
    return (
        AuditEvent.objects.filter(decided_seat__table__round_id=round_id)
        .select_related("actor")
        .order_by("-created_at")
    )


def team_standings(*, event_id: int) -> list[dict[str, Any]]:
    """The event's team standings (tournament.results.teams.team_standings) from the
    results that count (standings.counted), each team with its sponsor; empty unless at
    least two teams have members."""
    members = [
        Member(*row)
        for row in Player.objects.filter(event_id=event_id)
        .exclude(team="")
        .values_list("pk", "name", "team")
    ]
    if not has_teams(members):
        return []  # no team standings: nothing more to read
    best = Event.objects.filter(pk=event_id).values_list("team_best", flat=True).first() or 0
    scores = [
        Score(result.player_id, result.round.number, result.net_worth)
        for result in counted(Result.objects.filter(round__event_id=event_id))
    ]
    sponsors = dict(Team.objects.filter(event_id=event_id).values_list("name", "sponsor"))
    rows = teams_ranked(members, scores, best=best)
    for row in rows:
        row["sponsor"] = sponsors.get(row["name"], "")
    return rows


def team_of(*, event_id: int, name: str) -> dict[str, Any] | None:
    """A team of the event by its name, as the team standings show it; a team that is
    not in them (the only team yet) with its members and sponsor alone. None: nobody
    plays for a team of that name."""
    standing = next((t for t in team_standings(event_id=event_id) if t["name"] == name), None)
    if standing is not None:
        return standing
    players = Player.objects.filter(event_id=event_id, team=name).order_by("name", "pk")
    if not players:
        return None
    sponsor = Team.objects.filter(event_id=event_id, name=name).values_list("sponsor", flat=True)
    return {
        "name": name,
        "sponsor": sponsor.first() or "",
        "members": [{"player_id": p.pk, "name": p.name, "rounds": []} for p in players],
        "rounds": [],
        "total": None,
        "place": None,
        "shared": False,
    }
