"""PostgreSQL only: the pg_trgm extension and the FAQ's GIN search indexes.

On any other database (SQLite without DATABASE_URL) both operations do nothing,
so the project still migrates there; the FAQ search then uses its plain fallback.
The indexes are not in FaqEntry.Meta.indexes: SQLite cannot create GIN indexes and
would try to whenever it rebuilds the table.

- games_faq_search_gin: the stored tsvector column `search_document` (`@@`).
- games_faq_question_trgm: gin_trgm_ops on the question, for trigram strict word
  similarity (`%>>`, typos and half-typed words).
"""

from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations


def is_postgresql(schema_editor) -> bool:
    return schema_editor.connection.vendor == "postgresql"


class TrigramExtensionOnPostgreSQL(TrigramExtension):
    """CREATE EXTENSION IF NOT EXISTS pg_trgm on PostgreSQL; nothing elsewhere.

    Going backwards leaves the extension in place: it belongs to the database,
    and other apps' indexes may depend on it.
    """

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if is_postgresql(schema_editor):
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        return


def search_indexes() -> list[GinIndex]:
    return [
        GinIndex(fields=["search_document"], name="games_faq_search_gin"),
        GinIndex(OpClass("question", name="gin_trgm_ops"), name="games_faq_question_trgm"),
    ]


def add_indexes(apps, schema_editor):
    if not is_postgresql(schema_editor):
        return
    model = apps.get_model("games", "FaqEntry")
    for index in search_indexes():
        schema_editor.add_index(model, index)


def remove_indexes(apps, schema_editor):
    if not is_postgresql(schema_editor):
        return
    model = apps.get_model("games", "FaqEntry")
    for index in search_indexes():
        schema_editor.remove_index(model, index)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        TrigramExtensionOnPostgreSQL(),
        migrations.RunPython(add_indexes, remove_indexes, elidable=False),
    ]
