"""Selectors for the players' own pages (/p/<token>/): what one player may see.

A player sees their table and seat in the current round once the organiser has released
the seating, the round clock, their balance and deeds as the banker records them (the
table's stored state), the cash and net worth of the players at their own table (what
the big screen shows of every table anyway), their results so far and whether and where
they play next. Nothing about other tables, and nothing private of anyone (email, team,
tokens, keys).

Polling must be cheap (400 players every ten seconds: bench/players.py), so the page is
read by statements written once (queries.py), in one round trip. `player_shown` reads
the rows the page shows and makes their version (the ETag): a poll with nothing new stops
there with a 304. Otherwise `player_page` reads the table's stored state, with the same
rows unless they were just read, and `player_status` shapes them.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from banking.ledgers import rules_of
from banking.selectors import bankruptcies, seat_row, space_row
from games import engine
from tournament.http.rows import read_all
from tournament.models import Event, Player, Result, Round, Seat, Table, Wave
from tournament.pages.players.queries import PlayerPage, Shown, page_read, shown_read
from tournament.results.shape import result_row
from tournament.results.standings import leaderboard, summed, wins_table
from tournament.selectors import seating_shown, wave_clock
from tournament.templatetags.decisions import decided
from tournament.timezones import event_zone


def _may_be_a_token(token: str) -> bool:
    return bool(token) and len(token) <= 64


def player_shown(token: str) -> Shown | None:
    """The rows of what the page this token opens shows, but the table's state, and their
    version (the ETag); None for a wrong token. One round trip: all a poll with nothing new
    costs."""
    return read_all(shown_read(token))[0] if _may_be_a_token(token) else None


def player_page(token: str, *, shown: Shown | None = None) -> PlayerPage | None:
    """The player whose link holds this token, what their page shows (with the stored
    state of their latest table) and its version; None for a wrong token. One round trip.
    A caller that has just read what the page shows (`shown`, for its version) passes it:
    only the table's state is read then."""
    return read_all(page_read(token, shown))[0] if _may_be_a_token(token) else None


def _round(round_: Round, player: Player, seat: Seat | None) -> dict[str, Any]:
    """The round as the player's page shows it: while it is live, on the clock of the
    player's table's wave (waiting until the desk starts it)."""
    ends_at = round_.ends_at
    zone = event_zone(player.event)
    status = round_.status_now
    label = Round.Status(status).label
    if seat is not None and round_.is_live:
        clock = wave_clock(seat.table.wave, seat.table.read_wave)
        status, ends_at, label = clock.status, clock.ends_at, clock.label
    return {
        "id": round_.pk,
        "number": round_.number,
        "kind": round_.kind,
        "kind_label": Round.Kind(round_.kind).label,
        "status": status,
        "status_label": label,
        "wave_text": _wave_text(round_, seat, zone) if status in WAITING else "",
        "time_limit_minutes": round_.time_limit_minutes,
        "started_at": round_.started_at,
        "ends_at": ends_at,
        # When time is called, as the hall's clocks read it (the event's time zone).
        "ends_at_text": f"{timezone.localtime(ends_at, zone):%H:%M}" if ends_at else "",
        "last_turn": status == Round.Status.TIME_CALLED,
        "ended": status == Round.Status.ENDED,
        "released": seating_shown(round_),
    }


#: The statuses of a clock not started yet: the round's, or the player's table's wave's.
WAITING = (Round.Status.SEATED, Wave.Status.WAITING)


def _wave_text(round_: Round, seat: Seat | None, zone: Any) -> str:
    """In a round played in waves, the wave the player's table plays in and about when it
    starts: when time is called in the wave before it, or, before that wave starts, a time
    limit a wave after the round's start."""
    if seat is None or round_.wave_count == 1:
        return ""
    wave, before = seat.table.wave, seat.table.wave_before
    start = None
    if wave > 1 and before is not None:
        start = before.ends_at
    elif wave > 1 and round_.started_at is not None:
        start = round_.started_at + timedelta(minutes=round_.time_limit_minutes * (wave - 1))
    if start is None:
        return _("Your table plays in wave %(wave)s.") % {"wave": wave}
    return _("Your table plays in wave %(wave)s, from about %(time)s.") % {
        "wave": wave,
        "time": f"{timezone.localtime(start, zone):%H:%M}",
    }


def _result(seat: Seat, round_: Round, player: Player) -> dict[str, Any]:
    """The player's own result in an ended round, shaped as everywhere (shape.result_row),
    with the round; not their team (nothing private on this page, nor read)."""
    result = seat.result
    result.seat = seat
    result.player = Player(pk=player.pk, name=player.name)
    result.round = round_
    round_.event = player.event
    row = result_row(result)
    del row["team"]
    return {**row, "round": round_.number, "kind_label": Round.Kind(round_.kind).label}


#: What the player's page shows of their own seat, and of each of their deeds.
MY_FIGURES = ("cash", "property_value", "building_value", "net_worth", "bankrupt", "jail_cards")
MY_DEEDS = ("name", "group", "houses", "hotel", "mortgaged")


def _table(page: PlayerPage, seat: Seat, rules: engine.Rules) -> dict[str, Any]:
    """The player's table from its stored state: every seat's cash and net worth (a small
    leaderboard), and the player's own balance, breakdown and deeds."""
    mates = [mate for mate in page.mates if mate.table_id == seat.table_id]
    names = {mate.number: mate.player.name for mate in mates}
    player_ids = {mate.number: mate.player_id for mate in mates}
    if page.latest_state is not None and page.latest_state[0] == seat.table_id:
        state = engine.TableState.from_dict(page.latest_state[1])
    else:  # no entry yet: everybody at the start (computed here: reading never writes)
        state = engine.new_table(rules, names)
    everyone = [seat_row(state, rules, n, player_ids[n], names[n]) for n in sorted(names)]
    mine = next(s for s in everyone if s["seat"] == seat.number)
    spaces = (space_row(state, rules, space) for space in rules.edition.deeds)
    deeds = [
        {key: deed[key] for key in MY_DEEDS} for deed in spaces if deed["owner"] == seat.number
    ]
    board = leaderboard(everyone)
    for row in board:
        row["you"] = row["seat"] == seat.number
        row.pop("deeds", None)
    ledger = getattr(seat.table, "ledger", None)  # none before the table's first write
    return {
        "id": seat.table_id,
        "number": seat.table.number,
        "seat": seat.number,
        "closed": seat.table.status == Table.Status.CLOSED,
        "currency": page.player.event.currency,
        "last_seq": ledger.last_seq if ledger is not None else 0,
        "last_entry_at": ledger.last_entry_at if ledger is not None else None,
        "me": {
            **{key: mine[key] for key in MY_FIGURES},
            "bankruptcy": _bankruptcy(seat, everyone, rules) if mine["bankrupt"] else None,
            "place": next(row["place"] for row in board if row["you"]),
            "deeds": deeds,
        },
        "players": board,
    }


def _bankruptcy(
    seat: Seat, everyone: list[dict[str, Any]], rules: engine.Rules
) -> dict[str, Any] | None:
    """The seat's bankruptcy in the ledger's words (banking.selectors.bankruptcies): who it
    went bankrupt to, what the creditor took, the money it moved. For a bankrupt player;
    `everyone`, the table's seats (seat_row)."""
    seated = {seat.table_id: [(s["seat"], s["player_id"], s["name"]) for s in everyone]}
    found = bankruptcies([seat.table_id], seated=seated, rules=rules)
    return found.get(seat.table_id, {}).get(seat.number)


# Each "what's next" sentence is said in the reader's language (gettext, at each request);
# its state is a stable code, never translated (the page's CSS names it).


def _check_in() -> dict[str, str]:
    return {"state": "check_in", "text": _check_in_first()}


def _check_in_first() -> str:
    return _("Check in at the desk first: show them the QR code on this page.")


def _after_decision(result: Result | None, text: str) -> str:
    """`text`, after the organiser's decision on `result` where there was one."""
    said = decided(result.tied, result.override_reason) if result else ""
    return f"{said.rstrip('.')}. {text}" if said else text


def _out(result: Result | None) -> dict[str, str]:
    """Not going through, said after the organiser's decision where there was one."""
    text = _after_decision(result, _("You do not go through this time. Thank you for playing!"))
    return {"state": "out", "text": text}


def _bankrupt() -> dict[str, str]:
    text = _(
        "You went bankrupt: your game at this table is over. Stay close: your result "
        "shows here once the table is closed and checked."
    )
    return {"state": "bankrupt", "text": text}


def _not_in_the_final() -> dict[str, str]:
    text = _(
        "You are not seated in the final: it is for the players who went through. "
        "Thank you for coming!"
    )
    return {"state": "not_seated", "text": text}


def _waiting(*, first: bool) -> dict[str, str]:
    """Checked in, for the seating of the first round or the next."""
    if first:
        text = _(
            "You are checked in. Your table appears here once the organiser releases the "
            "first round's seating."
        )
    else:
        text = _(
            "You are checked in. Your table appears here once the organiser releases the "
            "next round's seating."
        )
    return {"state": "waiting", "text": text}


def _alternate(player: Player) -> dict[str, str]:
    """An alternate's place in the list, before they step into a seat."""
    text = _(
        "You are alternate %(place)s: the desk calls you if a seat falls vacant before a round."
    ) % {"place": player.alternate}
    if not player.checked_in:
        text += " " + _check_in_first()
    return {"state": "alternate", "text": text}


def _eliminated(player: Player, current: Round, last: Result | None) -> bool:
    """Whether the player's last result keeps them out of `current`: they did not go
    through (on points or aggregate, everyone plays on until the final)."""
    if last is None or last.advances or last.undecided:
        return False
    return not player.event.plays_every_preliminary or current.kind == Round.Kind.FINAL


def _next(
    player: Player,
    current: Round | None,
    later: list[Round],
    seated: bool,
    result: Result | None,
    last: Result | None,
    *,
    waits: bool = False,
) -> dict[str, str]:
    """Whether and where the player plays next, in one sentence, and their state: check_in,
    waiting or coming_soon (for a seating), seated, playing, not_seated (this round), out,
    through, points or undecided (after a round), won or over (the final), or alternate
    (their place in the list, until they step in or the final ends). `result` is theirs in
    `current` once it ended; `last`, their result in the rounds before it; `waits`, seated at
    a table whose wave has not started yet."""
    final = current is not None and current.kind == Round.Kind.FINAL
    final_ended = final and current.status == Round.Status.ENDED
    if player.alternate is not None and not final_ended:
        return _alternate(player)
    if current is None:
        return _waiting(first=True) if player.checked_in else _check_in()
    # Someone who played a round was there: only a newcomer is asked to check in.
    absent = not player.checked_in and last is None
    number = {"number": current.number}
    if current.status_now != Round.Status.ENDED:
        if _eliminated(player, current, last):
            return _out(last)
        if current.kind == Round.Kind.FINAL and not seated and last is None:
            return _not_in_the_final()  # a late arrival joins a preliminary round, never a final
        if not seating_shown(current):
            if absent:
                return _check_in()
            text = _(
                "Stay close: round %(number)s is being seated. The tables appear on the big "
                "screen and on this page at the same moment."
            )
            return {"state": "coming_soon", "text": text % number}
        if seated and current.status_now == Round.Status.SEATED:
            return {
                "state": "seated",
                "text": _(
                    "Find your table and take your seat: the clock starts when the "
                    "organiser starts the round."
                ),
            }
        if seated and waits:
            return {
                "state": "seated",
                "text": _(
                    "Your table plays in a later wave: find it when your wave is called. The "
                    "clock starts when the organiser starts your wave."
                ),
            }
        if seated:
            return {
                "state": "playing",
                "text": _(
                    "Good luck! When time is called, finish the turn; your banker then "
                    "closes the table and the result is checked."
                ),
            }
        if absent:
            text = _(
                "You are not seated in round %(number)s: you were not checked in. Ask at the desk."
            )
        elif last is None:
            text = _(
                "You are not seated in round %(number)s: you checked in after it was seated. "
                "The desk can seat you in the next round."
            )
        else:
            text = _("You are not seated in round %(number)s: ask at the desk.")
        return {"state": "not_seated", "text": text % number}
    # The current round has ended.
    if current.kind == Round.Kind.FINAL:
        if result is not None and result.undecided:
            return {
                "state": "undecided",
                "text": _("You are tied for first place in the final: the organiser decides."),
            }
        if result is not None and wins_table(result):
            return {"state": "won", "text": _("You won the final. Congratulations!")}
        over = _("The final is over. Thank you for playing!")
        return {"state": "over", "text": _after_decision(result, over)}
    if result is None:
        if _eliminated(player, current, last):
            return _out(last)
        if last is None and any(r.kind == Round.Kind.FINAL for r in later):
            return _not_in_the_final()
        return _check_in() if absent else _waiting(first=False)
    if result.undecided:
        return {
            "state": "undecided",
            "text": _("You are tied for a place in the next round: the organiser decides."),
        }
    every = player.event.plays_every_preliminary
    if every and not any(r.kind == Round.Kind.FINAL for r in later):
        return {"state": "points", "text": _so_far(player.event, reaches=result.advances)}
    if result.advances:
        through = _(
            "You go through to the next round. Your table appears here once the organiser "
            "releases the seating."
        )
        return {"state": "through", "text": _after_decision(result, through)}
    return _out(result)


def _so_far(event: Event, *, reaches: bool) -> str:
    """On points or aggregate, before the final is seated: where the player stands so far."""
    points = event.advancement == Event.Format.POINTS
    if points and reaches:
        said = _(
            "Everyone plays on until the final; on the points so far you would reach the final."
        )
    elif points:
        said = _(
            "Everyone plays on until the final; on the points so far you would not reach the final."
        )
    elif reaches:
        said = _(
            "Everyone plays on until the final; on the aggregate so far you would reach the final."
        )
    else:
        said = _(
            "Everyone plays on until the final; on the aggregate so far you would not reach the "
            "final."
        )
    return f"{said} {_('Your next table appears here once the organiser releases the seating.')}"


def _aggregate(event: Event, results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """On points or aggregate, the player's running total over the preliminary rounds they
    played (`results`, theirs): each round's net worth, the total and how it was summed.
    None in a knock-out, or before their first preliminary round has ended."""
    if not event.plays_every_preliminary or not results:
        return None
    worths = [result["net_worth"] for result in results]
    return {
        "format": event.advancement,
        "rounds": [{"round": r["round"], "net_worth": r["net_worth"]} for r in results],
        "total": sum(worths),
        "how": summed(worths, sum(worths), event.currency),
    }


def _result_of(seat: Seat | None) -> Result | None:
    """The seat's result; None before its round ends (or for no seat)."""
    return getattr(seat, "result", None)


def player_status(page: PlayerPage) -> dict[str, Any]:
    """Everything the player's own page shows, JSON-ready, with its `version`. No query:
    `player_page` read it all."""
    player = page.player
    event = player.event
    rules = rules_of(event)
    rounds = page.rounds
    by_round = {seat.table.round_id: seat for seat in page.seats}
    # The round not ended yet (of rounds seated at once, the first), else the latest.
    on_stage = [r for r in rounds if r.status != Round.Status.PLANNED]
    current = next((r for r in on_stage if r.status != Round.Status.ENDED), None)
    current = current or (on_stage[-1] if on_stage else None)
    later = [r for r in rounds if current is not None and r.number > current.number]

    seat = by_round.get(current.pk) if current is not None else None
    table = None
    if current is None:
        seating = "none"
    elif not seating_shown(current) and player.alternate is None:  # an alternate has none
        seating = "coming_soon"
    elif seat is None:
        seating = "not_seated"
    else:
        seating = "seated"
        table = _table(page, seat, rules)

    # Every round to come the player is seated in (rounds seated at once), as released.
    ahead = [
        {"round": r.number, "table": mine.table.number, "seat": mine.number}
        for r in rounds
        if r.status != Round.Status.ENDED
        and seating_shown(r)
        and (mine := by_round.get(r.pk)) is not None
    ]
    results, preliminary = [], []
    for round_ in rounds:
        mine = by_round.get(round_.pk)
        if round_.status == Round.Status.ENDED and _result_of(mine) is not None:
            results.append(_result(mine, round_, player))
            if round_.kind == Round.Kind.PRELIMINARY:
                preliminary.append(results[-1])
    ended = current is not None and current.status == Round.Status.ENDED
    # Seated at a table whose wave has not started, while an earlier wave plays.
    waits = seat is not None and current.is_live and seat.table.read_wave is None
    current_result = _result_of(seat) if ended else None
    earlier = [r for r in rounds if current is not None and r.number < current.number]
    last = next(
        (found for r in reversed(earlier) if (found := _result_of(by_round.get(r.pk)))), None
    )
    return {
        "version": page.version,
        "player": {"name": player.name, "checked_in": player.checked_in},
        "event": {"id": event.pk, "name": event.name, "charity": event.charity},
        "currency": event.currency,
        "round": _round(current, player, seat) if current is not None else None,
        "seating": seating,
        "table": table,
        "tables_ahead": ahead if len(ahead) > 1 else [],
        "results": results,
        "aggregate": _aggregate(event, preliminary),
        "next": (
            _bankrupt()
            if table is not None and table["me"]["bankrupt"] and not table["closed"]
            else _next(player, current, later, table is not None, current_result, last, waits=waits)
        ),
    }
