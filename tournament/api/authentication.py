"""`Authorization: Table <key>`: the console key, good for one table while its round runs."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db.models import F
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from ..models import Round, Table

KEY_VALID = (Round.Status.SEATED, Round.Status.RUNNING, Round.Status.TIME_CALLED)


class TableKeyAuthentication(authentication.BaseAuthentication):
    keyword = "Table"

    def authenticate(self, request: Request) -> tuple[AnonymousUser, Table] | None:
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed("Give the table key after the word Table.")
        key = parts[1].decode(errors="replace")
        tables = Table.objects.select_related("round__event").annotate(
            banker_username=F("banker__user__username")
        )
        if request.method in SAFE_METHODS:
            # A read answers from this one query; a write reads the ledger under its lock.
            tables = tables.select_related("ledger")
        try:  # get() drops Table's default ordering, which would join the round to sort one row
            table = tables.get(key=key)
        except Table.DoesNotExist:
            table = None
        if table is None:
            raise exceptions.AuthenticationFailed(
                "This table key is not valid: it may have been replaced. Scan the table's QR code."
            )
        if table.round.status not in KEY_VALID:
            raise exceptions.AuthenticationFailed(
                "This table key no longer works: its round is over."
            )
        return AnonymousUser(), table

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


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


def table_of(request: Request) -> Table | None:
    """The table whose key authenticated this request, if any."""
    return request.auth if isinstance(request.auth, Table) else None
