from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('banking', '0009_every_ledger_keeps_its_leader'),
    ]

    operations = [
        migrations.AddField(
            model_name='tableledger',
            name='standings',
            field=models.JSONField(blank=True, help_text='Each seat as the leaderboards rank it after the latest entry, first first: [{seat, cash, net_worth, bankrupt, deeds}]; none before the first entry.', null=True),
        ),
    ]
