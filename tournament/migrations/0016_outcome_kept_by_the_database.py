"""The database keeps the night's outcome as the services write it (on PostgreSQL, for every
role; the site's role gets no more, scripts/app-grants.sql): a result's figures are written
once and add up; a confirmed table's results are neither added nor removed; a table is
confirmed only by someone the two-person rule allows (tournament/results/reviews.py says
the same in words); the audit trail only grows."""

from django.db import migrations, models

CREATE = """
CREATE OR REPLACE FUNCTION tournament_result_written_once() RETURNS trigger AS $$
BEGIN
    IF (NEW.seat_id, NEW.round_id, NEW.player_id, NEW.cash, NEW.property_value,
        NEW.building_value, NEW.net_worth, NEW.bankrupt, NEW.rank, NEW.points, NEW.tied,
        NEW.deeds::text, NEW.tie_break)
       IS DISTINCT FROM
       (OLD.seat_id, OLD.round_id, OLD.player_id, OLD.cash, OLD.property_value,
        OLD.building_value, OLD.net_worth, OLD.bankrupt, OLD.rank, OLD.points, OLD.tied,
        OLD.deeds::text, OLD.tie_break) THEN
        RAISE EXCEPTION 'A result is written once, when its table closes: result % cannot be '
                        'changed; reopen the table to correct it.', OLD.id
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER tournament_result_written_once
    BEFORE UPDATE ON tournament_result
    FOR EACH ROW EXECUTE FUNCTION tournament_result_written_once();

CREATE OR REPLACE FUNCTION tournament_result_of_confirmed_table() RETURNS trigger AS $$
DECLARE
    seat_id bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.seat_id ELSE NEW.seat_id END;
BEGIN
    IF EXISTS (SELECT 1 FROM tournament_seat s JOIN tournament_table t ON t.id = s.table_id
                WHERE s.id = seat_id AND t.review = 'confirmed') THEN
        RAISE EXCEPTION 'The table of seat % is confirmed: its results stay as they are '
                        'unless it is reopened.', seat_id
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER tournament_result_of_confirmed_table
    BEFORE INSERT OR DELETE ON tournament_result
    FOR EACH ROW EXECUTE FUNCTION tournament_result_of_confirmed_table();

CREATE OR REPLACE FUNCTION tournament_table_confirmed_by_another() RETURNS trigger AS $$
DECLARE
    why text;
BEGIN
    IF NEW.review <> 'confirmed' OR (TG_OP = 'UPDATE' AND OLD.review = 'confirmed'
                                     AND OLD.reviewed_by_id IS NOT DISTINCT FROM NEW.reviewed_by_id) THEN
        RETURN NEW;
    END IF;
    why := CASE
        WHEN NEW.status <> 'closed' THEN 'it is not closed'
        WHEN NEW.reviewed_by_id IS NULL THEN 'it does not say who confirmed it'
        WHEN NEW.reviewed_by_id = NEW.closed_by_id THEN 'its checker closed it'
        WHEN EXISTS (SELECT 1 FROM tournament_volunteer v
                      WHERE v.id = NEW.banker_id AND v.user_id = NEW.reviewed_by_id)
            THEN 'its checker banked it'
        WHEN EXISTS (SELECT 1 FROM tournament_volunteer v
                       JOIN tournament_seat s ON s.player_id = v.player_id
                      WHERE s.table_id = NEW.id AND v.user_id = NEW.reviewed_by_id)
            THEN 'its checker plays at it'
        WHEN EXISTS (SELECT 1 FROM banking_entry e
                      WHERE e.table_id = NEW.id AND e.author_id = NEW.reviewed_by_id)
            THEN 'its checker recorded entries at it'
    END;
    IF why IS NOT NULL THEN
        RAISE EXCEPTION 'Table % cannot be confirmed: %.', NEW.id, why
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER tournament_table_confirmed_by_another
    BEFORE INSERT OR UPDATE ON tournament_table
    FOR EACH ROW EXECUTE FUNCTION tournament_table_confirmed_by_another();

CREATE OR REPLACE FUNCTION tournament_auditevent_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'The audit trail only grows: record % cannot be changed or deleted.', OLD.id
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER tournament_auditevent_append_only
    BEFORE UPDATE OR DELETE ON tournament_auditevent
    FOR EACH ROW EXECUTE FUNCTION tournament_auditevent_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS tournament_result_written_once ON tournament_result;
DROP FUNCTION IF EXISTS tournament_result_written_once();
DROP TRIGGER IF EXISTS tournament_result_of_confirmed_table ON tournament_result;
DROP FUNCTION IF EXISTS tournament_result_of_confirmed_table();
DROP TRIGGER IF EXISTS tournament_table_confirmed_by_another ON tournament_table;
DROP FUNCTION IF EXISTS tournament_table_confirmed_by_another();
DROP TRIGGER IF EXISTS tournament_auditevent_append_only ON tournament_auditevent;
DROP FUNCTION IF EXISTS tournament_auditevent_append_only();
"""


def create_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0015_player_withdrawn"),
        ("banking", "0016_remove_baselinerow"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="result",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    net_worth=models.F("cash")
                    + models.F("property_value")
                    + models.F("building_value")
                ),
                name="net_worth_is_its_parts",
            ),
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
