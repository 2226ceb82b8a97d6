"""The event's statements written by hand (tournament/http/rows.py): each made once per
process, its rows read by column name.

The desk's poll (every 5 s) and the referees' pages read a person's roles with the event or
round they open, in the same round trip as the rest of the page (read_all): a query the
ORM builds goes alone, and builds itself each time.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import connection

from tournament.http.rows import Columns, Statement
from tournament.models import Event, Round, Volunteer, Wave


def _with_roles(columns: tuple[Columns, ...], tables: str, where: str) -> Statement:
    """A row per role the person (the first parameter) has in the event `e` of `tables`,
    with `columns` and then the `role` (a row with none when the person has no role), where
    `where` is the second parameter."""
    qn = connection.ops.quote_name
    role = qn(Volunteer._meta.get_field("role").column)
    return Statement(
        f"SELECT {', '.join(c.sql for c in columns)}, v.{role} FROM {tables} "  # noqa: S608 - the models' names
        f"LEFT JOIN {qn(Volunteer._meta.db_table)} v ON v.event_id = e.id AND v.user_id = %s "
        f"WHERE {where} = %s",
        columns,
        ("role",),
    )


@lru_cache(maxsize=1)
def event_roles_sql() -> Statement:
    """The event, a row per role of the person's in it. Saves a round trip on the desk's
    and the referees' pages, and the ORM's building of it."""
    tables = f"{connection.ops.quote_name(Event._meta.db_table)} e"
    return _with_roles((Columns.of(Event, "e"),), tables, "e.id")


@lru_cache(maxsize=1)
def round_roles_sql() -> Statement:
    """The round and its event, a row per role of the person's in it. Saves a round trip
    on the desk's round page and its poll (every 5 s), and the ORM's building of it."""
    qn = connection.ops.quote_name
    tables = f"{qn(Round._meta.db_table)} r JOIN {qn(Event._meta.db_table)} e ON e.id = r.event_id"
    return _with_roles((Columns.of(Round, "r"), Columns.of(Event, "e")), tables, "r.id")


@lru_cache(maxsize=1)
def round_waves_sql() -> Statement:
    """The round's waves that have started, in order. Saves a round trip on the desk's round
    page and its poll (every 5 s): it goes with the round and its tables (read_all)."""
    waves = Columns.of(Wave, "w")
    return Statement(
        f"SELECT {waves.sql} FROM {connection.ops.quote_name(Wave._meta.db_table)} w "  # noqa: S608 - the models' names
        "WHERE w.round_id = %s ORDER BY w.number",
        (waves,),
    )


# The joins of a table's round, event and banker, for the statements written by hand that
# read a table as `Table.objects.with_event_and_banker()` does (the table key's, posting's).


def event_and_banker_joins() -> str:
    """`with_event_and_banker` for a query written by hand: from a table `t`, the JOINs of
    its round `r`, its event `e` and its banker (`banker_joins`)."""
    qn = connection.ops.quote_name
    return (
        f"JOIN {qn(Round._meta.db_table)} r ON r.id = t.round_id "
        f"JOIN {qn(Event._meta.db_table)} e ON e.id = r.event_id {banker_joins()}"
    )


def wave_join() -> str:
    """From a table `t`, the LEFT JOIN of the wave `w` it plays in (no row: not started)."""
    qn = connection.ops.quote_name
    on = "w.round_id = t.round_id AND w.number = t.wave"
    return f"LEFT JOIN {qn(Wave._meta.db_table)} w ON {on} "


def banker_joins() -> str:
    """From a table `t`, the JOINs of its banker's volunteer `v` and their user `u` (LEFT: a
    table may have no banker)."""
    qn = connection.ops.quote_name
    user = Volunteer._meta.get_field("user").related_model
    return (
        f"LEFT JOIN {qn(Volunteer._meta.db_table)} v ON v.id = t.banker_id "
        f"LEFT JOIN {qn(user._meta.db_table)} u ON u.id = v.user_id "
    )


def banker_username_column() -> str:
    """The banker's username in `banker_joins` (null when the table has none)."""
    user = Volunteer._meta.get_field("user").related_model
    return f"u.{connection.ops.quote_name(user._meta.get_field(user.USERNAME_FIELD).column)}"
