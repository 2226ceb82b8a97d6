"""Who plays in a round and where: the entrants, and the seating plan for a seed. Read only:
the desk previews a seating with it, and `round_seat` saves the same plan."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament import seating
from tournament.errors import Conflict, Refusal
from tournament.models import Event, Player, Result, Round, Seat, Table
from tournament.text import isolated

FINAL_TABLE_MAX = 6


def round_entrants(round_: Round, *, include_all: bool = False) -> list[Player]:
    """Who plays in a round: in the first round, the players checked in at the door (every
    registered player when `include_all`), but the alternates; later, those who advanced
    from the round before (in a points or aggregate event, every player of the previous
    preliminary round plays the next preliminary round), whatever `include_all` says, and in
    a preliminary round the late arrivals (`late_arrivals`). An alternate plays once they
    step into a vacant seat (`vacancies`), and from then on as any player: seated again
    when their round is (in a final, as one who `stepped_in`); the player whose seat they
    took is no longer an entrant of that round (`Round.replaced`)."""
    replaced = set(round_.replaced.values_list("pk", flat=True))
    return [p for p in _entrants(round_, include_all=include_all) if p.pk not in replaced]


def _entrants(round_: Round, *, include_all: bool) -> list[Player]:
    """`round_entrants`, with the players an alternate replaced in it."""
    event = round_.event
    earlier = Round.objects.filter(event_id=round_.event_id, number__lt=round_.number)
    previous = earlier.order_by("-number").first()
    if previous is None:
        players = event.players.filter(withdrawn=False, alternate=None).order_by("id")
        if not include_all:
            players = players.filter(checked_in=True)
        found = list(players)
        if not found and not include_all and event.players.exists():
            raise Conflict(
                "nobody_checked_in",
                _(
                    "Nobody is checked in yet: check the players in at the desk's check-in "
                    "page first, or include the players not checked in."
                ),
            )
        return found
    if previous.status != Round.Status.ENDED:
        said = {"number": previous.number}
        raise Conflict("previous_round_not_ended", _("Round %(number)s has not ended yet.") % said)
    preliminary = round_.kind == Round.Kind.PRELIMINARY
    if preliminary and event.plays_every_preliminary:
        going = Player.objects.filter(seats__table__round=previous, withdrawn=False)
    else:
        undecided = Result.objects.filter(round=previous, undecided=True).select_related("player")
        if undecided:
            names = ", ".join(isolated(r.player.name) for r in undecided)
            raise Conflict(
                "ties_undecided",
                _("Decide who advances from round %(number)s first: %(names)s are tied.")
                % {"number": previous.number, "names": names},
            )
        going = Player.objects.filter(
            results__round=previous, results__advances=True, withdrawn=False
        )
    players = list(going.order_by("id"))
    known = {player.pk for player in players}
    joining = late_arrivals(round_) if preliminary else stepped_in(round_)
    return players + [p for p in joining if p.pk not in known]


def late_arrivals(round_: Round) -> list[Player]:
    """Players checked in who have not sat at any table of the event's earlier rounds, but
    the alternates: they join the next preliminary round (never a final, which is for those
    who played)."""
    return list(
        round_.event.players.filter(checked_in=True, alternate=None)
        .exclude(seats__table__round__number__lt=round_.number)
        .order_by("id")
    )


def stepped_in(round_: Round) -> list[Player]:
    """The alternates who stepped into a vacant seat of this round, not withdrawn: those
    seated in it who sat at no table of an earlier round (nobody else is; a late arrival
    joins a preliminary round, never a final)."""
    return list(
        round_.event.players.filter(seats__table__round=round_, withdrawn=False)
        .exclude(seats__table__round__number__lt=round_.number)
        .order_by("id")
    )


def vacancies(round_: Round) -> list[Seat]:
    """The vacant seats of a round seated (released or not) but not started: each seat whose
    player is withdrawn or not checked in (a no-show), with its table and player, in table
    and seat order. None once the round has started: an alternate never steps in mid-game."""
    if round_.status != Round.Status.SEATED:
        return []
    return list(
        Seat.objects.filter(table__round=round_)
        .filter(Q(player__withdrawn=True) | Q(player__checked_in=False))
        .select_related("table", "player")
        .order_by("table__number", "number")
    )


def next_alternate(round_: Round) -> Player | None:
    """The alternate the desk offers for a vacant seat of this round: the first in the
    event's order who is checked in, not withdrawn and not seated in it."""
    return (
        Player.objects.filter(
            event_id=round_.event_id, alternate__isnull=False, checked_in=True, withdrawn=False
        )
        .exclude(seats__table__round=round_)
        .order_by("alternate")
        .first()
    )


@dataclass(frozen=True)
class Lineup:
    """A round's entrants and their tables (player ids in seat order), with the clashes the
    seating could not avoid or the organiser's moves made (team-mates, repeat meetings)."""

    players: list[Player]
    plan: list[list[int]]
    clashes: list[seating.Clash]


def _entrants_at(
    round_: Round, *, tables: int | None, include_all: bool
) -> tuple[list[Player], int | None]:
    """The round's entrants, and the number of tables asked (a final: one unless asked),
    refused when the final's tables cannot hold them."""
    players = round_entrants(round_, include_all=include_all)
    if round_.kind == Round.Kind.FINAL:
        tables = tables or 1
        if len(players) > FINAL_TABLE_MAX * tables:
            raise Refusal(
                "final_too_big",
                ngettext(
                    "%(players)s finalists do not fit %(tables)s final table of up to %(most)s: "
                    "ask for more tables.",
                    "%(players)s finalists do not fit %(tables)s final tables of up to %(most)s: "
                    "ask for more tables.",
                    tables,
                )
                % {"players": len(players), "tables": tables, "most": FINAL_TABLE_MAX},
            )
    return players, tables


def said(sentence: seating.Sentence) -> str:
    """A sentence of plain Python (games/sentences.py: tournament/seating.py's, the FAQ's
    deed answers), in English, in the reader's language: its form for its count, its
    values (sentences too) said alike; money (an `Amount`) as the rules it came from write
    it."""
    values = {
        name: said(value) if isinstance(value, seating.Sentence) else value
        for name, value in sentence.values.items()
    }
    if sentence.plural is None:
        form = _(sentence.singular)
    else:
        form = ngettext(sentence.singular, sentence.plural, sentence.count)
    return form % values if values else form


def round_size(round_: Round) -> tuple[int, int]:
    """How many players and tables `plan_for_round` would seat with the defaults, without
    drawing a seating: the same refusals, for the round page's next step."""
    players, tables = _entrants_at(round_, tables=None, include_all=False)
    try:
        sizes = seating.table_sizes(len(players), table_size=round_.table_size, tables=tables)
    except seating.SeatingError as exc:
        raise Refusal("cannot_seat", said(exc.sentence)) from exc
    return len(players), len(sizes)


def plan_for_round(
    round_: Round,
    *,
    seed: int,
    tables: int | None = None,
    include_all: bool = False,
    moves: Mapping[int, int] | None = None,
    keep: bool = False,
) -> Lineup:
    """The round's entrants and their tables for this seed, keeping team-mates apart and
    avoiding opponents met in the other rounds; or, when `keep`, the round's saved seating
    and its players (a pre-seated round). Then the organiser's `moves` (player id -> table
    number), re-checked: a table too small is refused, a clash is reported. Refused once
    the round has started: its seating is final."""
    if round_.status not in (Round.Status.PLANNED, Round.Status.SEATED):
        raise Conflict("round_started", _("This round has started: its seating is final."))
    # Those the players meet in the other rounds: the earlier ones, and the later ones
    # already seated (pre-seated preliminary rounds).
    others = Table.objects.filter(round__event_id=round_.event_id).exclude(round_id=round_.pk)
    past = seating.opponents_by_player(_seated_ids(others))
    if keep:
        if round_.status != Round.Status.SEATED:
            raise Conflict("round_not_seated", _("Seat the players first: there is no seating."))
        players = list(Player.objects.filter(seats__table__round=round_).order_by("id"))
    else:
        players, tables = _entrants_at(round_, tables=tables, include_all=include_all)
    entrants = [seating.Entrant(player_id=p.id, team=p.team or None) for p in players]
    try:
        if keep:
            plan = _seated_ids(round_.tables.all())
        else:
            plan = seating.seating_plan(
                entrants,
                table_size=round_.table_size,
                seed=seed,
                past_opponents=past,
                tables=tables,
            )
        if moves:
            plan = seating.moved(plan, moves)
    except seating.SeatingError as exc:
        raise Refusal("cannot_seat", said(exc.sentence)) from exc
    refusals, clashes = seating.plan_problems(plan, entrants, past_opponents=past)
    if refusals:
        raise Refusal("cannot_seat", " ".join(said(refusal) for refusal in refusals))
    return Lineup(players, plan, clashes)


def _seated_ids(tables: QuerySet[Table]) -> list[list[int]]:
    """Each table's player ids in seat order."""
    found = tables.prefetch_related("seats").order_by("round__number", "number")
    return [[seat.player_id for seat in table.seats.all()] for table in found]


@dataclass(frozen=True)
class PreSeating:
    """Every preliminary round still to be played, seated at once: the rounds, their
    players, one plan a round (player ids in seat order), in the rounds' order."""

    rounds: list[Round]
    players: list[Player]
    plans: list[list[list[int]]]


def rounds_to_preseat(event: Event) -> list[Round]:
    """The preliminary rounds pre-seating seats: those planned or seated after the last
    round that has started."""
    rounds = list(event.rounds.order_by("number"))
    waiting = (Round.Status.PLANNED, Round.Status.SEATED)
    started = [r.number for r in rounds if r.status not in waiting]
    after = max(started, default=0)
    return [r for r in rounds if r.number > after and r.kind == Round.Kind.PRELIMINARY]


def plan_for_preseating(event: Event, *, seed: int, include_all: bool = False) -> PreSeating:
    """Seat every preliminary round still to be played at once, for this seed: the players
    of the first of them (`round_entrants`) in every one, team-mates apart, with as few
    repeat meetings across them and the rounds already played as the search finds."""
    if not event.plays_every_preliminary:
        raise Refusal(
            "cannot_preseat",
            _(
                "Only an event where every player plays every preliminary round (points) can "
                "seat its rounds all at once: seat each round when it is due."
            ),
        )
    rounds = rounds_to_preseat(event)
    if not rounds:
        raise Conflict(
            "nothing_to_preseat",
            _("No preliminary round is waiting to be seated: plan the rounds first."),
        )
    if len({r.table_size for r in rounds}) > 1:
        raise Refusal(
            "cannot_preseat",
            _(
                "The rounds to seat have different table sizes: plan them with the same size "
                "to seat them at once."
            ),
        )
    players = round_entrants(rounds[0], include_all=include_all)
    played = Table.objects.filter(round__event_id=event.pk, round__number__lt=rounds[0].number)
    entrants = [seating.Entrant(player_id=p.id, team=p.team or None) for p in players]
    try:
        plans = seating.rounds_plan(
            entrants,
            rounds=len(rounds),
            table_size=rounds[0].table_size,
            seed=seed,
            past_opponents=seating.opponents_by_player(_seated_ids(played)),
        )
    except seating.SeatingError as exc:
        raise Refusal("cannot_seat", said(exc.sentence)) from exc
    return PreSeating(rounds, players, plans)
