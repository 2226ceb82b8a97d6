"""Write an event's ledgers and results to a file: one JSON document, or a zip of CSV files."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.exports import FORMATS, event_export, export_filename, export_json, export_zip
from tournament.models import Event


class Command(BaseCommand):
    help = (
        "Export an event's players, ledgers and results: --format json (one document) or csv "
        "(a zip of players.csv, entries.csv, results.csv and donations.csv)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int, help="The event's id (see the desk's address).")
        parser.add_argument("--format", choices=FORMATS, default="json", dest="fmt")
        parser.add_argument(
            "--output",
            type=Path,
            help="The file to write; by default monopoly-night-<event>-<date>.json or .zip "
            "in the current folder. An existing file is never overwritten.",
        )

    def handle(
        self, *args: Any, event_id: int, fmt: str, output: Path | None, **options: Any
    ) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event with id {event_id}.")
        output = output or Path(export_filename(event, fmt))
        if output.exists():
            raise CommandError(f"{output} already exists: choose another --output or move it.")
        if not output.parent.is_dir():
            raise CommandError(f"There is no folder {output.parent} to write {output.name} in.")
        document = event_export(event.pk)
        content = export_json(document) if fmt == "json" else export_zip(document)
        with output.open("xb") as file:  # "x": never overwrite a file that appeared meanwhile
            file.write(content)
        entries = sum(len(t["entries"]) for r in document["rounds"] for t in r["tables"])
        self.stdout.write(
            self.style.SUCCESS(
                f"Wrote {output} ({fmt}): {len(document['players'])} players, "
                f"{len(document['rounds'])} round(s), {entries} entries."
            )
        )
