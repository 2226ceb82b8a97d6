"""Replay every table's ledger through the engine and compare it with the stored state."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from banking.models import TableLedger
from banking.reconciliation import ledger_differences


class Command(BaseCommand):
    help = "Replay every table's ledger and report any table whose stored state differs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--event", type=int, help="Only the tables of this event id.")

    def handle(self, *args: Any, event: int | None = None, **options: Any) -> None:
        ledgers = TableLedger.objects.all()
        if event is not None:
            ledgers = ledgers.filter(table__round__event_id=event)
        checked = ledgers.count()
        differences = list(ledger_differences(event))
        for difference in differences:
            table = difference.table
            self.stderr.write(
                f"Table {table.number} of round {table.round.number} ({table.round.event.name}, "
                f"id {table.pk}): {difference.detail}"
            )
        if differences:
            self.stderr.write(self.style.ERROR(f"{len(differences)} difference(s) found."))
            raise SystemExit(1)
        self.stdout.write(self.style.SUCCESS(f"{checked} ledger(s) checked: all match a replay."))
