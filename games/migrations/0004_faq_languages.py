"""The FAQ in several languages: each entry is one question in one language (`language`,
unique with the slug), and its search document is indexed in that language's text search
configuration (a CASE on the language, each branch a literal configuration, so the
generated column's expression stays immutable).

PostgreSQL cannot change a generated column's expression: the column is dropped (its GIN
index, made by 0002, with it) and added again, and the index made again (PostgreSQL only,
as in 0002). Existing entries are English, the default.
"""

import django.contrib.postgres.search
from django.contrib.postgres.indexes import GinIndex
from django.db import migrations, models

import games.models

SEARCH_INDEX = "games_faq_search_gin"


def add_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    model = apps.get_model("games", "FaqEntry")
    schema_editor.add_index(model, GinIndex(fields=["search_document"], name=SEARCH_INDEX))


def remove_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    model = apps.get_model("games", "FaqEntry")
    schema_editor.remove_index(model, GinIndex(fields=["search_document"], name=SEARCH_INDEX))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_faq_content"),
    ]

    operations = [
        migrations.AddField(
            model_name="faqentry",
            name="language",
            field=models.CharField(
                choices=[
                    ("en", "English"),
                    ("fr", "Français"),
                    ("es", "Español"),
                    ("de", "Deutsch"),
                ],
                default="en",
                max_length=8,
            ),
        ),
        # Going backwards, the old column, added again, gets its index again.
        migrations.RunPython(migrations.RunPython.noop, add_index, elidable=False),
        migrations.RemoveField(model_name="faqentry", name="search_document"),
        migrations.AddField(
            model_name="faqentry",
            name="search_document",
            field=models.GeneratedField(
                db_persist=True,
                expression=games.models.OnPostgreSQL(
                    models.Case(
                        models.When(
                            language="fr",
                            then=django.contrib.postgres.search.CombinedSearchVector(
                                django.contrib.postgres.search.CombinedSearchVector(
                                    django.contrib.postgres.search.SearchVector(
                                        "question", config="french", weight="A"
                                    ),
                                    "||",
                                    django.contrib.postgres.search.SearchVector(
                                        "keywords", config="french", weight="B"
                                    ),
                                    django.contrib.postgres.search.SearchConfig("french"),
                                ),
                                "||",
                                django.contrib.postgres.search.SearchVector(
                                    "answer", config="french", weight="C"
                                ),
                                django.contrib.postgres.search.SearchConfig("french"),
                            ),
                        ),
                        models.When(
                            language="es",
                            then=django.contrib.postgres.search.CombinedSearchVector(
                                django.contrib.postgres.search.CombinedSearchVector(
                                    django.contrib.postgres.search.SearchVector(
                                        "question", config="spanish", weight="A"
                                    ),
                                    "||",
                                    django.contrib.postgres.search.SearchVector(
                                        "keywords", config="spanish", weight="B"
                                    ),
                                    django.contrib.postgres.search.SearchConfig("spanish"),
                                ),
                                "||",
                                django.contrib.postgres.search.SearchVector(
                                    "answer", config="spanish", weight="C"
                                ),
                                django.contrib.postgres.search.SearchConfig("spanish"),
                            ),
                        ),
                        models.When(
                            language="de",
                            then=django.contrib.postgres.search.CombinedSearchVector(
                                django.contrib.postgres.search.CombinedSearchVector(
                                    django.contrib.postgres.search.SearchVector(
                                        "question", config="german", weight="A"
                                    ),
                                    "||",
                                    django.contrib.postgres.search.SearchVector(
                                        "keywords", config="german", weight="B"
                                    ),
                                    django.contrib.postgres.search.SearchConfig("german"),
                                ),
                                "||",
                                django.contrib.postgres.search.SearchVector(
                                    "answer", config="german", weight="C"
                                ),
                                django.contrib.postgres.search.SearchConfig("german"),
                            ),
                        ),
                        default=django.contrib.postgres.search.CombinedSearchVector(
                            django.contrib.postgres.search.CombinedSearchVector(
                                django.contrib.postgres.search.SearchVector(
                                    "question", config="english", weight="A"
                                ),
                                "||",
                                django.contrib.postgres.search.SearchVector(
                                    "keywords", config="english", weight="B"
                                ),
                                django.contrib.postgres.search.SearchConfig("english"),
                            ),
                            "||",
                            django.contrib.postgres.search.SearchVector(
                                "answer", config="english", weight="C"
                            ),
                            django.contrib.postgres.search.SearchConfig("english"),
                        ),
                        output_field=django.contrib.postgres.search.SearchVectorField(),
                    ),
                    output_field=django.contrib.postgres.search.SearchVectorField(),
                ),
                output_field=django.contrib.postgres.search.SearchVectorField(),
            ),
        ),
        migrations.AlterField(
            model_name="faqentry",
            name="slug",
            field=models.SlugField(db_index=False, max_length=80),
        ),
        migrations.AddConstraint(
            model_name="faqentry",
            constraint=models.UniqueConstraint(
                fields=("slug", "language"), name="faq_slug_once_a_language"
            ),
        ),
        migrations.RunPython(add_index, remove_index, elidable=False),
    ]
