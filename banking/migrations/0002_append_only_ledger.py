"""On PostgreSQL, a trigger refuses UPDATE and DELETE on ledger entries: the ledger is append-only."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION banking_entry_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'The ledger is append-only: entry % cannot be changed or deleted; '
                    'record a reversing entry instead.', OLD.id
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER banking_entry_append_only
    BEFORE UPDATE OR DELETE ON banking_entry
    FOR EACH ROW EXECUTE FUNCTION banking_entry_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS banking_entry_append_only ON banking_entry;
DROP FUNCTION IF EXISTS banking_entry_append_only();
"""


def create_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("banking", "0001_initial")]
    operations = [migrations.RunPython(create_trigger, drop_trigger)]
