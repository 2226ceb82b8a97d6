"""Every ledger with an entry keeps its leader, ranked as every leaderboard ranks: a player
still in before a bankrupt one, then net worth, then cash (engine.standing). Ledgers last
written before the leader was kept have none; those written since kept the lowest seat among
equal net worths. Both get it from their stored state, so the desk's control room reads
every leader as stored and `verify_ledgers` checks every one."""

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
        ranked = []
        for number, (_, name) in ledger.seats.items():
            seat = int(number)
            worth = engine.net_worth(state, rules, seat)
            key = engine.standing(
                bankrupt=seat in state.bankrupt, net_worth=worth.total, cash=worth.cash, seat=seat
            )
            ranked.append((key, {"seat": seat, "name": name, "net_worth": worth.total}))
        leader = min(ranked, key=lambda pair: pair[0])[1] if ranked else None
        if leader != ledger.leader:
            ledger.leader = leader
            changed.append(ledger)
    TableLedger.objects.bulk_update(changed, ["leader"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("banking", "0008_tableledger_leader"),
        ("tournament", "0012_event_watched_version"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
