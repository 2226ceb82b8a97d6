"""`Authorization: Table <key>`: the console key, good for one table while its round runs.

It sits with the bank (docs/architecture.md, "Layers"): a read of the table's bank (and a
preview) takes the table's ledger in the key's one query."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from tournament.http.queries import table_and_ledger_by_key_sql, table_by_key_sql
from tournament.http.rows import prepared_cursor
from tournament.models import Round, Table

KEY_VALID = (Round.Status.SEATED, Round.Status.RUNNING, Round.Status.TIME_CALLED)


class TableKeyAuthentication(authentication.BaseAuthentication):
    keyword = "Table"

    def authenticate(self, request: Request) -> tuple[AnonymousUser, Table | TableKey] | None:
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Give the table key after the word Table."))
        key = parts[1].decode(errors="replace")
        if not key.isascii() or not key.isprintable():
            key = ""  # keys are URL-safe base64; PostgreSQL would refuse a NUL with a 500
        view = (request.parser_context or {}).get("view")
        if request.method not in SAFE_METHODS and getattr(view, "checks_table_key", False):
            return AnonymousUser(), TableKey(key)
        # A read (and a preview, which reads: `reads_ledger`) answers from this one query; a
        # write reads the ledger under its lock.
        reads = request.method in SAFE_METHODS or getattr(view, "reads_ledger", False)
        table = table_by_key(key, with_ledger=reads)
        if (refusal := key_refusal(table)) is not None:
            raise refusal
        return AnonymousUser(), table

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


class TableKey(str):
    """A write's table key, not checked yet: a view that sets `checks_table_key` has its
    service check it in the query that locks the table (one round trip less)."""


def key_refusal(table: Table | None) -> exceptions.AuthenticationFailed | None:
    """Why the table a key found does not open it now (no such key, or its round is over)."""
    if table is None:
        return exceptions.AuthenticationFailed(
            _("This table key is not valid: it may have been replaced. Scan the table's QR code.")
        )
    if table.round.status not in KEY_VALID:
        return exceptions.AuthenticationFailed(
            _("This table key no longer works: its round is over.")
        )
    return None


def refused_key(key: str, table_id: int | None = None) -> exceptions.APIException | None:
    """Why a key a write brought does not open table `table_id` (or any table): the same
    refusals, in the same words, as TableKeyAuthentication and a key for another table;
    None if it does."""
    table = Table.objects.select_related("round").filter(key=key).order_by().first()
    if (refusal := key_refusal(table)) is not None:
        return refusal
    if table_id is None or table.pk == table_id:
        return None
    if not Table.objects.filter(pk=table_id).exists():
        return exceptions.NotFound(_("There is no such table."))
    return exceptions.PermissionDenied(_("This table key opens another table."))


class TableKeyScheme(OpenApiAuthenticationExtension):
    target_class = TableKeyAuthentication
    name = "tableKey"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Table <key>`, from the table's console link or QR code.",
        }


def table_by_key(key: str, *, with_ledger: bool) -> Table | None:
    """The table this key opens, with its round and event (and its ledger, or None), the
    wave it plays in as `read_wave` (None before it starts: `tournament.services.waves.
    table_wave`), and its banker's username and account as `banker_username` and
    `banker_user_id`; None for no such key."""
    statement = table_and_ledger_by_key_sql() if with_ledger else table_by_key_sql()
    with prepared_cursor() as cursor:
        cursor.execute(statement.sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    table_columns, round_columns, event_columns, wave_columns, *ledger_columns = statement.parts
    table_values, round_values, event_values, wave_values, *ledger_values, extra = statement.split(
        row
    )
    table = table_columns.instance(table_values)
    table.read_wave = wave_columns.instance(wave_values)  # type: ignore[attr-defined]
    round_ = round_columns.instance(round_values)
    Round._meta.get_field("event").set_cached_value(round_, event_columns.instance(event_values))
    Table._meta.get_field("round").set_cached_value(table, round_)
    if with_ledger:
        ledger = ledger_columns[0].instance(ledger_values[0])
        ledger_field = Table._meta.get_field("ledger")
        ledger_field.set_cached_value(table, ledger)  # None: no ledger yet, as select_related
        if ledger is not None:
            ledger_field.remote_field.set_cached_value(ledger, table)
    table.banker_username = extra["banker_username"]  # type: ignore[attr-defined]
    table.banker_user_id = extra["banker_user_id"]  # type: ignore[attr-defined]
    return table


def table_of(request: Request) -> Table | None:
    """The table whose key authenticated this request, if any."""
    return request.auth if isinstance(request.auth, Table) else None


def unchecked_key_of(request: Request) -> TableKey | None:
    """The table key a write brought, left for its service to check (a view with
    `checks_table_key`), if any."""
    return request.auth if isinstance(request.auth, TableKey) else None
