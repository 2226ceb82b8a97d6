"""A result keeps its breakdown: each deed behind its net worth, and the tie-break rule that
placed it. Results already written get both from what is stored today: the deeds from the
table's stored state (a table with results is closed, so its state is the one it closed
with), kept only where they add up to the stored deed and building totals; the tie-break
from the other results at the table. A result whose deeds do not add up keeps none (null):
its breakdown then shows the totals alone, as it did before."""

from django.db import migrations, models


def _tie_break(result, table):
    if result.bankrupt:
        return "bankrupt"
    level = [
        r for r in table if r.pk != result.pk and not r.bankrupt and r.net_worth == result.net_worth
    ]
    if not level:
        return ""
    return "organiser" if result.tied else "cash"


def _deeds(state, rules, seat, result):
    from games import engine

    lines = engine.net_worth_lines(state, rules, seat)
    if (
        sum(line.value for line in lines) != result.property_value
        or sum(line.building_value for line in lines) != result.building_value
    ):
        return None
    return [
        {**line._asdict(), "group": rules.edition.spaces[line.space].group or ""}
        for line in lines
    ]


def fill(apps, schema_editor):
    from games import engine

    Result = apps.get_model("tournament", "Result")
    TableLedger = apps.get_model("banking", "TableLedger")
    tables = {}
    for result in Result.objects.select_related("seat__table__round__event").order_by("pk"):
        tables.setdefault(result.seat.table_id, []).append(result)
    for table_id, results in tables.items():
        event = results[0].seat.table.round.event
        try:
            rules = engine.rules_for(event.edition, event.variants)
        except engine.RuleViolation:
            rules = None
        ledger = TableLedger.objects.filter(table_id=table_id).first()
        state = None
        if rules is not None and ledger is not None:
            state = engine.TableState.from_dict(ledger.state)
        for result in results:
            result.tie_break = _tie_break(result, results)
            if state is not None:
                result.deeds = _deeds(state, rules, result.seat.number, result)
            elif rules is not None and not result.property_value and not result.building_value:
                result.deeds = []  # no entry was ever recorded: nobody owned a deed
        Result.objects.bulk_update(results, ["tie_break", "deeds"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0006_print_job_waiting"),
        ("banking", "0004_ledger_seats"),
    ]

    operations = [
        migrations.AddField(
            model_name="result",
            name="deeds",
            field=models.JSONField(
                blank=True,
                help_text="Each deed behind property_value and building_value, in board order: "
                "space, name, group, price, mortgaged, value (the price, half when mortgaged), "
                "houses, hotel, building_value (at cost). Null when not known.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="result",
            name="tie_break",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "None needed"),
                    ("bankrupt", "Bankrupt: ranks below every player still in"),
                    ("cash", "Level on net worth: more cash ranks higher"),
                    ("organiser", "Level on net worth and cash: the organiser's decision"),
                ],
                default="",
                help_text="The rule that placed this seat against seats level with it.",
                max_length=10,
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
