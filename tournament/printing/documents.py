"""The documents printed from the event's own models: table cards, paper fallback sheets,
the bracket, the results and player badges. (Scoresheets need the ledger: scoresheets.py.)

Each is one function that returns the job's `Parts` and one template under print/.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import groupby
from operator import itemgetter
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.engine import rules_for
from tournament.errors import Refusal
from tournament.models import Player, PrintJob, Result, Round, Seat, Table, Volunteer
from tournament.player_links import player_page_url, qr_svg
from tournament.printing.bracket import bracket_layout
from tournament.printing.registry import Parts, document
from tournament.printing.render import chunks, site_url
from tournament.results.selectors import preliminary_standings, team_standings
from tournament.results.shape import result_rows, shaped
from tournament.results.standings import shared_places, wins_table
from tournament.selectors import console_path, money_raised

BATCH = 50
LEDGER_ROWS = 28
BADGES_A_PAGE = 10
TABLES_A_RESULTS_PAGE = 12
STANDINGS_A_PAGE = 36  # rows of a points or aggregate event's standings on a page
STANDINGS_SHOWN = 24
CROWDED = 5  # more seats than this, and a table card or scoresheet is set tighter, to one page

#: The kinds of entry a paper fallback sheet names, as it lists them for the banker.
KIND_HINTS = gettext_lazy(
    "pass GO · buy · auction · rent · tax · card · jail fine · build · sell building · mortgage · "
    "unmortgage · pay player · trade · bankrupt"
)


# -- Shared pieces ----------------------------------------------------------------------------


def round_head(round_: Round) -> dict[str, Any]:
    final = round_.kind == Round.Kind.FINAL
    return {
        "number": round_.number,
        "kind": round_.get_kind_display(),
        "final": final,
        "label": _("Final") if final else _("Round %(number)s") % {"number": round_.number},
        "minutes": round_.time_limit_minutes,
    }


def person(volunteer: Volunteer | None) -> str:
    if volunteer is None:
        return ""
    user = volunteer.user
    return user.get_full_name() or user.get_username()


def printed_at() -> str:
    """Now, as the documents say when they were printed: "5 Dec 2026, 21:30", as the
    language they are printed in writes a date ("28. November 2026, 11:55")."""
    return date_format(
        timezone.localtime(), pgettext("a date and time on a printed document", "j M Y, H:i")
    )


def seated_tables(round_: Round, refused: str) -> QuerySet[Table]:
    """The round's tables, for a document printed a page a table; refused, in the words
    `refused` (with the round's label), when it has none yet."""
    tables = (
        Table.objects.filter(round=round_)
        .select_related("banker__user", "referee__user")
        .prefetch_related("seats__player")
        .order_by("number")
    )
    if not tables.exists():
        raise Refusal("no_tables", refused % {"round": round_head(round_)["label"]})
    return tables


def table_pages(
    round_: Round, tables: QuerySet[Table], page: Callable[[Table], dict[str, Any]]
) -> Parts:
    """A page per table, the tables read BATCH at a time (each batch with its prefetches):
    `page(table)` with the event, the round and the time of printing that every page of the
    job shows."""
    common = {"event": round_.event, "round": round_head(round_), "printed_at": printed_at()}
    pages = ({**common, **page(table)} for table in tables.iterator(chunk_size=BATCH))
    return Parts(tables.count(), pages)


def seats_of(table: Table) -> list[dict[str, Any]]:
    return [
        {"number": seat.number, "name": seat.player.name, "team": seat.player.team}
        for seat in sorted(table.seats.all(), key=lambda s: s.number)
    ]


# -- 1. Table cards ---------------------------------------------------------------------------


@document(
    PrintJob.Kind.TABLE_CARDS,
    title=gettext_lazy("Table cards"),
    template="print/table_card.html",
    needs_round=True,
    description=gettext_lazy(
        "One page per table: its number, the seats in turn order, the referee and "
        "the QR code that opens the banker's console."
    ),
)
def table_cards(job: PrintJob) -> Parts:
    round_ = job.round  # every job of a document per round has one (print_job_request)

    def page(table: Table) -> dict[str, Any]:
        url = site_url(console_path(table.key))
        seats = seats_of(table)
        return {
            "table": table.number,
            "seats": seats,
            "crowded": len(seats) > CROWDED,
            "referee": person(table.referee),
            "banker": person(table.banker),
            "console_url": url,
            "qr": qr_svg(url),
        }

    refused = _("%(round)s has no tables yet: seat it before printing table cards.")
    return table_pages(round_, seated_tables(round_, refused), page)


# -- 2. Paper fallback sheets -----------------------------------------------------------------


@document(
    PrintJob.Kind.FALLBACK_SHEETS,
    title=gettext_lazy("Paper fallback sheets"),
    template="print/fallback_sheet.html",
    needs_round=True,
    description=gettext_lazy(
        "A blank ledger per table and each seat's starting balance, for when a tablet fails."
    ),
)
def fallback_sheets(job: PrintJob) -> Parts:
    round_ = job.round
    rules = rules_for(round_.event.edition, round_.event.variants)
    start = rules.edition.starting_cash

    def page(table: Table) -> dict[str, Any]:
        return {
            "table": table.number,
            "seats": [{**seat, "start": start} for seat in seats_of(table)],
            "short_game": rules.short_game,
            "banker": person(table.banker),
            "referee": person(table.referee),
            "rows": range(1, LEDGER_ROWS + 1),
            "kinds": KIND_HINTS,
        }

    refused = _("%(round)s has no tables yet: seat it before printing fallback sheets.")
    return table_pages(round_, seated_tables(round_, refused), page)


# -- 4. The bracket ---------------------------------------------------------------------------


@document(
    PrintJob.Kind.BRACKET,
    title=gettext_lazy("Bracket"),
    template="print/bracket.html",
    description=gettext_lazy(
        "Every round on one landscape page: tables as boxes, who went on marked "
        "and carried across to their next table."
    ),
    chunk=1,
)
def bracket(job: PrintJob) -> Parts:
    event = job.event
    layout = bracket_layout(event_id=event.pk)
    if not layout["rounds"]:
        raise Refusal("no_rounds", _("This event has no seated round yet: nothing to draw."))
    return Parts(1, [{"event": event, "printed_at": printed_at(), **layout}])


# -- 5. Results -------------------------------------------------------------------------------


def _placed(ranking: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Everyone's place over the whole round, in the order given (table rank, then net
    worth): players level on both share a place. Their rank at their table stays beside."""
    keys = [(row["rank"], row["net_worth"]) for row in ranking]
    level = Counter(keys)
    for row, key, place in zip(ranking, keys, shared_places(keys), strict=True):
        row["place"] = place
        row["shared"] = level[key] > 1
    return ranking


def _round_tables(round_: Round, results: Sequence[Result]) -> list[dict[str, Any]]:
    """The round's tables with their results, which come by table, then rank and seat."""
    codes = dict(round_.tables.values_list("number", "verification_code"))
    return [
        {"number": number, "code": codes.get(number, ""), "rows": list(rows)}
        for number, rows in groupby(result_rows(results), key=itemgetter("table"))
    ]


@document(
    PrintJob.Kind.RESULTS,
    title=gettext_lazy("Results"),
    template="print/results.html",
    description=gettext_lazy(
        "Final standings and the winner, each round's table winners, the team "
        "standings (at an event with teams), the money raised, the running totals of a points "
        "or aggregate event, and a summary of every table."
    ),
    chunk=4,
)
def results(job: PrintJob) -> Parts:
    event = job.event
    ended = list(Round.objects.filter(event=event, status=Round.Status.ENDED).order_by("number"))
    if not ended:
        raise Refusal("no_results", _("No round has ended yet: the results come after the first."))
    last = ended[-1]
    ranking = _placed(
        sorted(
            result_rows(shaped(round=last)), key=lambda r: (r["rank"], -r["net_worth"], r["name"])
        )
    )
    final = last.kind == Round.Kind.FINAL
    winner = None
    if final:
        won = [r.player_id for r in shaped(round=last).filter(rank=1) if wins_table(r)]
        winner = next((r for r in ranking if r["player_id"] in won), None)
    stamp = printed_at()
    rounds = []
    for round_ in ended:
        firsts = shaped(round=round_, rank=1).order_by("seat__table__number", "seat__number")
        winners = [result for result in firsts if wins_table(result)]
        rounds.append(
            {
                **round_head(round_),
                "tables": round_.tables.count(),
                "players": round_.results.count(),
                "winners": [{"name": w.player.name, "table": w.seat.table.number} for w in winners],
            }
        )
    summary = {
        "part": "summary",
        "event": event,
        "printed_at": stamp,
        "final": final,
        "winner": winner,
        "last_round": round_head(last),
        "ranking": ranking[:STANDINGS_SHOWN],
        "ranking_more": max(0, len(ranking) - STANDINGS_SHOWN),
        "money": money_raised(event.pk),
        "players": Player.objects.filter(event=event).count(),
        "volunteers": Volunteer.objects.filter(event=event).values("user").distinct().count(),
        "donors": event.donations.count(),
        "rounds": rounds,
        "teams": team_standings(event_id=event.pk),
        "status": event.get_status_display(),
    }
    sections = [
        (round_, start)
        for round_ in ended
        for start in range(0, round_.tables.count(), TABLES_A_RESULTS_PAGE)
    ]
    standings = preliminary_standings(event=event)
    totals = [
        {
            "part": "standings",
            "event": event,
            "printed_at": stamp,
            "standings": {**standings, "rows": rows},
            "first": start == 0,
        }
        for start, rows in (
            (start, standings["rows"][start : start + STANDINGS_A_PAGE])
            for start in range(0, len(standings["rows"]) if standings else 0, STANDINGS_A_PAGE)
        )
    ]

    def items() -> Iterator[dict[str, Any]]:
        yield summary
        yield from totals
        for round_, start in sections:
            numbers = range(start + 1, start + TABLES_A_RESULTS_PAGE + 1)
            results = list(
                shaped(round=round_)
                .filter(seat__table__number__in=numbers)
                .order_by("seat__table__number", "rank", "seat__number")
            )
            tables = _round_tables(round_, results)
            yield {
                "part": "tables",
                "span": (
                    _("tables %(first)s to %(last)s")
                    % {"first": tables[0]["number"], "last": tables[-1]["number"]}
                    if tables
                    else ""
                ),
                "event": event,
                "printed_at": stamp,
                "round": round_head(round_),
                "tables": tables,
            }

    return Parts(1 + len(totals) + len(sections), items())


# -- 6. Badges --------------------------------------------------------------------------------


def name_size(name: str) -> str:
    """How small a badge prints a name (its class, print.css): its longest word fits the
    badge's 44 mm on one line at that size, so that a name wraps between its words, never
    inside one ("Παπαδόπουλο" and "ς" on two lines). Wider than 11 letters: smaller;
    than 14: smallest."""
    longest = max((len(word) for word in re.split(r"[\s-]+", name)), default=0)
    return "" if longest <= 11 else "smaller" if longest <= 14 else "smallest"


@document(
    PrintJob.Kind.BADGES,
    title=gettext_lazy("Player badges"),
    template="print/badges.html",
    description=gettext_lazy(
        "A name badge for every player, with a QR code for check-in and their "
        "table and seat in each round seated (ten to an A4 sheet, cut along the lines)."
    ),
    chunk=2,
)
def badges(job: PrintJob) -> Parts:
    event = job.event
    players = Player.objects.filter(event=event).order_by("name", "id")
    total = players.count()
    if total == 0:
        raise Refusal("no_players", _("This event has no players yet: add them before badges."))

    # Each player's tables in the rounds seated and not ended (all of them, when the rounds
    # are seated at once): "Round 1: table 3, seat 2".
    tables: dict[int, list[str]] = {}
    seats = (
        Seat.objects.filter(table__round__event=event)
        .exclude(table__round__status=Round.Status.ENDED)
        .order_by("table__round__number")
        .values_list("player_id", "table__round__number", "table__number", "number")
    )
    for player_id, round_number, table, seat in seats:
        where = _("Round %(round)s: table %(table)s, seat %(seat)s") % {
            "round": round_number,
            "table": table,
            "seat": seat,
        }
        tables.setdefault(player_id, []).append(where)

    def badge(player: Player) -> dict[str, Any]:
        # The player's own page, which opens on their phone and checks them in when scanned.
        link = player_page_url(player.token)
        return {
            "name": player.name,
            "size": name_size(player.name),
            "team": player.team,
            "tables": tables.get(player.pk, []),
            "link": link,
            "qr": qr_svg(link),
        }

    def items() -> Iterator[dict[str, Any]]:
        for page in chunks(players.iterator(chunk_size=200), BADGES_A_PAGE):
            yield {"event": event, "badges": [badge(player) for player in page]}

    return Parts(-(-total // BADGES_A_PAGE), items())
