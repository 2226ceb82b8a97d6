"""Rounds played to their end, for tests that read a finished event.

`play_round(world)`: entries at both tables of a `World` (a void among them), every table
closed and confirmed, the round ended with results.

`night()`: a charity evening of its own (entry fees, a donation, checked-in players, dealt
in turn to the `teams` given) with round 1 played and ended, and optionally its final
(`next_preliminary` plays another preliminary round first, for a points or aggregate
event): what the printed documents and the verify page read. `play` and `end` are its two
halves, for tests that stop in between; `tie_decided` ends round 1 with a tie that the
organiser decides.

`final_tied(n)`: after `night()`, a final whose finalists all tie; `final_tie_decided(n)`,
the same settled by the organiser sending one of them on.

`final_started(n)`: after `night()`, its final seated, released and started, one entry
banked at its table: the consoles and the control room live. Its table.

`registered(players, **event)`: an event with a referee, a banker and `players` players
registered and checked in through the desk's services; `played_round(event, referee)`: the
event's next round created, seated, released, started,
played and ended, as the desk and the tables do it; `ledger_worths(round_)`: each player's
net worth as the round's ledgers say it, replayed by the rules engine, for checking every
figure a format shows against the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banking.actors import Actor
from banking.ledgers import replayed_state, rules_of
from banking.services.entries import entry_void
from games.engine.valuation import net_worth
from tests.conftest import World, close_and_confirm
from tests.entries import BANKER, bank
from tests.factories import EventFactory, PlayerFactory, UserFactory, VolunteerFactory
from tournament.models import AuditEvent, Event, Result, Round, Table, Volunteer
from tournament.results.closing import round_end, table_close
from tournament.results.overrides import result_override
from tournament.results.reviews import table_confirm
from tournament.services.events import donation_add
from tournament.services.players import player_add, player_check_in
from tournament.services.rounds import round_create, round_release, round_seat, round_start


def play_round(world: World) -> None:
    """Table 1: Boardwalk bought, rent paid on it, a payment recorded by mistake and voided.
    Table 2: a pass of GO. Then both tables are confirmed and the round ends."""
    first, second = world.tables
    bank(first, kind="buy", seat=1, space=39)
    bank(first, kind="rent", seat=2, space=39)
    mistake = bank(first, kind="bank_payment", seat=3, amount=-100, memo="Wrong table")
    referee = Actor(role=Actor.REFEREE, name=world.referee.username, user=world.referee)
    entry_void(
        table_id=first.pk, entry_id=mistake.pk, reason="Recorded at the wrong table", actor=referee
    )
    bank(second, kind="pass_go", seat=3)
    # The referee voided at table 1, so another person checks the results.
    close_and_confirm(world.round, by=world.organiser)
    round_end(round_id=world.round.pk, actor=world.organiser)
    world.round.refresh_from_db()


NAMES = [
    *("Ada Lovelace", "Brook Taylor", "Cy Young", "Dee Ramone", "Eli Whitney", "Fay Wray"),
    *("Gus Grissom", "Hal Jordan", "Ivy Baker", "Jo March", "Kit Carson", "Lou Reed"),
]


@dataclass
class Night:
    event: Event
    organiser: Any
    referee: Any
    rounds: list[Round]

    @property
    def round(self) -> Round:
        return self.rounds[0]

    def tables(self, round_: Round | None = None) -> list[Table]:
        return list((round_ or self.round).tables.order_by("number"))


def play(round_: Round, *, wave: int | None = None) -> None:
    """A few moves at every table (of `wave`, if given): deeds, houses on a complete group,
    a mortgage, and bank payments that differ by table and seat, so that nobody ties."""
    tables = round_.tables.order_by("number")
    for table in tables.filter(wave=wave) if wave is not None else tables:
        seats = table.seats.count()
        bank(table, kind="buy", seat=1, space=1)
        bank(table, kind="buy", seat=1, space=3)
        bank(table, kind="build", seat=1, space=1)
        bank(table, kind="buy", seat=2, space=5)
        bank(table, kind="buy", seat=2, space=39)
        bank(table, kind="mortgage", seat=2, space=5)
        for seat in range(1, seats + 1):
            amount = (7 * seat * table.number + 13 * seat) % 97 + seat
            bank(table, kind="bank_payment", seat=seat, amount=amount, memo="Beauty contest")


def end(round_: Round, referee: Any) -> Round:
    """The real way: each banker closes, a referee confirms, the organiser ends the round."""
    for table in round_.tables.order_by("number"):
        table_close(table_id=table.pk, actor=BANKER)
        table_confirm(table_id=table.pk, user=referee)
    return round_end(round_id=round_.pk)


def night(
    *,
    players: int = 8,
    final: bool = False,
    ended: bool = True,
    table_size: int = 4,
    teams: tuple[str, ...] = (),
    **settings: Any,
) -> Night:
    """`settings`: the event's own (advancement="aggregate", finalists=4, ...)."""
    event = EventFactory(
        **{
            "name": "Spring Monopoly Night",
            "charity": "The Food Bank",
            "entry_fee": 20,
            "wildcards": 1,
            **settings,
        }
    )
    organiser = VolunteerFactory(event=event, role=Volunteer.Role.ORGANISER).user
    referee_user = UserFactory(first_name="Rita", last_name="Referee")
    VolunteerFactory(event=event, role=Volunteer.Role.REFEREE, user=referee_user)
    VolunteerFactory(event=event, role=Volunteer.Role.BANKER)
    for n in range(players):
        team = teams[n % len(teams)] if teams else ""
        PlayerFactory(event=event, name=NAMES[n % len(NAMES)], team=team, checked_in=True, paid=20)
    donation_add(event_id=event.pk, donor="The Corner Shop", amount=150, note="Raffle")
    first = round_create(event_id=event.pk, table_size=table_size)
    round_seat(round_id=first.pk, seed=7)
    round_start(round_id=first.pk)
    rounds = [first]
    if ended:
        play(first)
        end(first, referee_user)
    if final:
        last = round_create(event_id=event.pk, kind=Round.Kind.FINAL)
        round_seat(round_id=last.pk, seed=7)
        round_start(round_id=last.pk)
        play(last)
        end(last, referee_user)
        rounds.append(last)
    for round_ in rounds:
        round_.refresh_from_db()
    return Night(event=event, organiser=organiser, referee=referee_user, rounds=rounds)


def next_preliminary(n: Night) -> Round:
    """Another preliminary round of `n` (points or aggregate: everyone plays it), seated,
    released, played and ended."""
    round_ = round_create(event_id=n.event.pk)
    round_seat(round_id=round_.pk, seed=11)
    round_release(round_id=round_.pk, actor=n.organiser)
    round_start(round_id=round_.pk)
    play(round_)
    end(round_, n.referee)
    round_.refresh_from_db()
    n.rounds.append(round_)
    return round_


def final_started(n: Night) -> Table:
    """The final of `n` (after `night()`) seated, released and started, a player passed GO
    at its table. The table."""
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    round_release(round_id=final.pk, actor=n.organiser)
    round_start(round_id=final.pk)
    table = final.tables.get()
    bank(table, kind="pass_go", seat=1)
    return table


def final_tied(n: Night) -> list[Result]:
    """A final for `n` (after `night()`), released, played and ended with nobody having
    moved: every finalist ties for first. Their results, by seat."""
    final = round_create(event_id=n.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=7)
    round_release(round_id=final.pk, actor=n.organiser)
    round_start(round_id=final.pk)
    n.rounds.append(final)
    end(final, n.referee)
    tied = list(
        Result.objects.filter(round=final).order_by("seat__number").select_related("player")
    )
    assert len(tied) > 1
    assert all(r.rank == 1 and r.tied for r in tied)
    return tied


def final_tie_decided(n: Night) -> tuple[Result, list[Result]]:
    """final_tied, settled by the organiser sending the second seat on: the winner's result
    and the others'."""
    tied = final_tied(n)
    decided(n, tied[1])
    return tied[1], [r for r in tied if r is not tied[1]]


def tie_decided(n: Night) -> AuditEvent:
    """Round 1 of `n` (no wildcards) ends with table 1 won outright and table 2 tied four
    ways; the organiser sends one of the tie on: the decision's audit record."""
    Event.objects.filter(pk=n.event.pk).update(wildcards=0)
    first, second = n.tables()
    bank(first, kind="pass_go", seat=3)
    end(n.round, n.referee)
    tied = Result.objects.filter(seat__table=second).order_by("seat__number")
    assert all(r.rank == 1 and r.tied and r.undecided for r in tied)
    return decided(n, tied[1])


def decided(n: Night, result: Result) -> AuditEvent:
    """The organiser sends a tied player on, "Won the coin toss": the decision's record."""
    result_override(
        round_id=result.round_id,
        player_id=result.player_id,
        advances=True,
        reason="Won the coin toss",
        actor=n.organiser,
    )
    return AuditEvent.objects.get(event=n.event, action="advancement_override")


def registered(players: int, **event: Any) -> tuple[Event, Any]:
    """An event (`event`: its fields) with a referee, a banker and `players` players added
    and checked in as the desk does it: the event, and its referee's user."""
    made = EventFactory(**event)
    referee = UserFactory()
    VolunteerFactory(event=made, role=Volunteer.Role.REFEREE, user=referee)
    VolunteerFactory(event=made, role=Volunteer.Role.BANKER)
    for n in range(players):
        player = player_add(event_id=made.pk, name=f"Player {n + 1:02}")
        player_check_in(player_id=player.pk, checked_in=True)
    return made, referee


def played_round(
    event: Event, referee: Any, *, kind: str = Round.Kind.PRELIMINARY, seed: int = 7
) -> Round:
    """The event's next round (of `kind`) created, seated, released, started, played at
    every table (`play`), each table closed and confirmed, and ended."""
    round_ = round_create(event_id=event.pk, kind=kind)
    round_seat(round_id=round_.pk, seed=seed)
    round_release(round_id=round_.pk, actor=None)
    round_start(round_id=round_.pk)
    play(round_)
    return end(round_, referee)


def ledger_worths(round_: Round) -> dict[int, int]:
    """Each player of the round: their net worth at the end, from their table's ledger
    replayed by the rules engine (the results are not read)."""
    rules = rules_of(round_.event)
    worths = {}
    for table in round_.tables.prefetch_related("seats"):
        state = replayed_state(table, rules)
        for seat in table.seats.all():
            worths[seat.player_id] = net_worth(state, rules, seat.number).total
    return worths
