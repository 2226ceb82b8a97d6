"""Every ledger with an entry keeps its standings, as the big screen's leaderboards rank its
seats (engine.standing): each seat's number, cash, net worth, whether it is bankrupt and the
positions of its deeds. Ledgers written before they were kept get them from their stored
state, so the screen reads every table's standings as stored and `verify_ledgers` checks
every one."""

from django.db import migrations


def fill(apps, schema_editor):
    from games import engine

    TableLedger = apps.get_model("banking", "TableLedger")
    rules_of_event = {}
    changed = []
    ledgers = TableLedger.objects.filter(last_seq__gt=0).select_related("table__round__event")
    for ledger in ledgers.order_by("pk").iterator(chunk_size=500):
        event = ledger.table.round.event
        if event.pk not in rules_of_event:
            try:
                rules_of_event[event.pk] = engine.rules_for(event.edition, event.variants)
            except engine.RuleViolation:
                rules_of_event[event.pk] = None
        rules = rules_of_event[event.pk]
        if rules is None:
            continue
        state = engine.TableState.from_dict(ledger.state)
        rows = []
        for number in ledger.seats:
            seat = int(number)
            worth = engine.net_worth(state, rules, seat)
            rows.append(
                {
                    "seat": seat,
                    "cash": worth.cash,
                    "net_worth": worth.total,
                    "bankrupt": seat in state.bankrupt,
                    "deeds": [
                        space.position
                        for space in rules.edition.deeds
                        if state.deeds[space.position].owner == seat
                    ],
                }
            )
        rows.sort(
            key=lambda row: engine.standing(
                bankrupt=row["bankrupt"],
                net_worth=row["net_worth"],
                cash=row["cash"],
                seat=row["seat"],
            )
        )
        ledger.standings = rows
        changed.append(ledger)
    TableLedger.objects.bulk_update(changed, ["standings"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("banking", "0010_tableledger_standings")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
