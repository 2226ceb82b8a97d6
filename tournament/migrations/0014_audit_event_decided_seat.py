import django.db.models.deletion
from django.db import migrations, models


def link(apps, schema_editor):
    """Point each override recorded before the link at the seat it decided: its player (in
    its data) at the round its subject names ("Ada, round 2"). The one reading of an audit
    record's words, once, for the records that have no link; from here on the override
    writes the link itself."""
    AuditEvent = apps.get_model("tournament", "AuditEvent")
    Seat = apps.get_model("tournament", "Seat")
    records = AuditEvent.objects.filter(action="advancement_override", decided_seat=None)
    for record in records:
        number = record.subject.rpartition(", round ")[2]
        player_id = (record.data or {}).get("player_id")
        if not number.isdigit() or player_id is None:
            continue
        seat = Seat.objects.filter(
            table__round__event_id=record.event_id,
            table__round__number=int(number),
            player_id=player_id,
        ).first()
        if seat is not None:
            record.decided_seat = seat
            record.save(update_fields=["decided_seat"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0013_foreign_keys_indexed_by_their_constraints"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditevent",
            name="decided_seat",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="tournament.seat",
            ),
        ),
        migrations.RunPython(link, migrations.RunPython.noop),
    ]
