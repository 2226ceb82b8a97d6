"""The watched pages' hand-written SQL: the versions of what they show, read at every
request of every referee's phone and every big screen. Each statement is written once per
process, named, and its rows are read by the names of its columns."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from banking.models import TableLedger
from tournament.http.rows import Columns, Statement, table_name
from tournament.models import Event, Round, Table


def _select(sources: dict[str, str]) -> str:
    """A select list giving each named value from its source, in order."""
    return ", ".join(f"{sql} AS {name}" for name, sql in sources.items())


@dataclass(frozen=True)
class Queries:
    #: PostgreSQL: the head beside each watched table with its versions (`head`, then
    #: `table_id`, `round_id`, `watched`, `bracket`: None without a table), in one small
    #: query whatever the event's history (it saves reading and hashing what they show).
    versions: Statement
    #: The watched tables alone (`table_id`, `round_id`), in the pages' order (SQLite,
    #: which has no row versions).
    tables: Statement
    #: The event's row, read beside the versions (it saves a round trip).
    event: Statement


@lru_cache(maxsize=1)
def watched_sql() -> Queries:
    """The versions' statement, the watched tables' alone, and the event's, read beside."""
    table = table_name
    status = Round.Status
    ended, planned = status.ENDED.value, status.PLANNED.value
    live = ", ".join(f"'{s.value}'" for s in (status.RUNNING, status.TIME_CALLED))
    shown = (  # what the bracket shows of a table (and of its seats: the event's version)
        "e.watched_version, t.id, t.xmin, t.status, t.review, t.banker_id, t.referee_id, "
        "r.xmin, r.status, r.ends_at <= statement_timestamp()"
    )
    latest_ended = (
        f"SELECT id FROM {table(Round)} WHERE event_id = %(event)s AND status = '{ended}' "  # noqa: S608
        "ORDER BY number DESC LIMIT 1"
    )
    head = (
        "SELECT md5(concat_ws('|', e.xmin::text, e.watched_version, "  # noqa: S608 - the models' names
        # A running round reads as time called once its clock runs out: no row changes then.
        "(SELECT string_agg(concat_ws(':', id, xmin, number, kind, status, released_at, "
        "started_at, ends_at, ends_at <= statement_timestamp()), ',' ORDER BY id) "
        f"FROM {table(Round)} WHERE event_id = e.id), "
        # The latest ended round's tables as the bracket shows them: a late confirmation or
        # override there moves the bracket while the next round is played.
        f"(SELECT string_agg(md5(concat_ws(':', {shown})), ',' ORDER BY t.id) "
        f"FROM {table(Table)} t JOIN {table(Round)} r ON r.id = t.round_id "
        f"WHERE t.round_id = ({latest_ended})))) AS head "
        f"FROM {table(Event)} e WHERE e.id = %(event)s"
    )
    # The tables of each round not ended, and of the latest ended one while it is the round
    # the pages show (none is live, none seated after it: tournament.selectors.
    # current_rounds). The event's id is the parameter here too, not the outer row's: a
    # subquery that reads the outer row runs again for every table of the event's history.
    # Written for both databases: SQLite takes no parenthesised SELECT in a UNION.
    watched = (
        f"SELECT id FROM {table(Round)} WHERE event_id = %(event)s AND status <> '{ended}' "  # noqa: S608
        f"UNION SELECT id FROM (SELECT id FROM {table(Round)} r WHERE event_id = %(event)s "
        f"AND status = '{ended}' AND NOT EXISTS (SELECT 1 FROM {table(Round)} o "
        f"WHERE o.event_id = %(event)s AND (o.status IN ({live}) "
        f"OR (o.status <> '{planned}' AND o.number > r.number))) "
        "ORDER BY number DESC LIMIT 1) latest"
    )
    tables = (
        "SELECT t.id, t.round_id, r.number AS round_number, t.number, "  # noqa: S608 - the models' names
        f"md5(concat_ws(':', {shown}, t.review_note, t.reviewed_at, t.reviewed_by_id, "
        "l.xmin, l.last_seq)) AS watched, "
        f"md5(concat_ws(':', {shown})) AS bracket "
        f"FROM {table(Table)} t "
        f"JOIN {table(Round)} r ON r.id = t.round_id "
        f"JOIN {table(Event)} e ON e.id = r.event_id "
        f"LEFT JOIN {table(TableLedger)} l ON l.table_id = t.id "
        f"WHERE r.event_id = %(event)s AND t.round_id IN ({watched})"
    )
    # One statement, one round trip: the head beside each watched table, or alone. The head
    # is worked out once (MATERIALIZED), not once for each table beside it.
    versions = {
        "head": "h.head",
        "table_id": "w.id",
        "round_id": "w.round_id",
        "watched": "w.watched",
        "bracket": "w.bracket",
    }
    watched_tables = {"table_id": "t.id", "round_id": "t.round_id"}
    event = Columns.of(Event, "e")
    return Queries(
        versions=Statement(
            f"WITH h AS MATERIALIZED ({head}) SELECT {_select(versions)} FROM h "  # noqa: S608 - the models' names
            f"LEFT JOIN ({tables}) w ON true ORDER BY w.round_number, w.number",
            (),
            tuple(versions),
        ),
        tables=Statement(
            f"SELECT {_select(watched_tables)} "  # noqa: S608 - the models' names
            f"FROM {table(Table)} t JOIN {table(Round)} r ON r.id = t.round_id "
            f"WHERE r.event_id = %(event)s AND t.round_id IN ({watched}) "
            "ORDER BY r.number, t.number",
            (),
            tuple(watched_tables),
        ),
        event=Statement(f"SELECT {event.sql} FROM {table(Event)} e WHERE e.id = %s", (event,)),  # noqa: S608
    )
