from django.db import migrations, models


def replaced_from_the_trail(apps, schema_editor):
    """The players an alternate already replaced, as the audit trail recorded them."""
    AuditEvent = apps.get_model("tournament", "AuditEvent")
    Round = apps.get_model("tournament", "Round")
    Player = apps.get_model("tournament", "Player")
    for data in AuditEvent.objects.filter(action="alternate_stepped_in").values_list(
        "data", flat=True
    ):
        round_ = Round.objects.filter(pk=data.get("round_id")).first()
        player = Player.objects.filter(pk=data.get("replaced_id")).first()
        if round_ is not None and player is not None:
            round_.replaced.add(player)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0023_waves"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="replaced",
            field=models.ManyToManyField(
                blank=True,
                help_text="The players whose seat an alternate took before the round started "
                "(tournament/services/rounds.py alternate_step_in): no longer its entrants.",
                related_name="replaced_in",
                to="tournament.player",
            ),
        ),
        migrations.RunPython(replaced_from_the_trail, migrations.RunPython.noop),
    ]
