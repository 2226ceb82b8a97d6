"""Loads the FAQ's translations from games/faq/faq.<language>.json (created or updated by
slug and language), each file the same entries as faq.json with the question, the answer
and the keywords translated.

An entry takes the position of its English version, so every language reads in the same
order. Going backwards deletes exactly the translations in the files.
"""

import json
from pathlib import Path

from django.db import migrations

FAQ_DIR = Path(__file__).resolve().parent.parent / "faq"
LANGUAGES = ("fr", "es", "de")
FIELDS = ("question", "answer", "topic", "keywords", "applies_to", "setting", "briefing")


def read_entries(name: str) -> list[dict]:
    return json.loads((FAQ_DIR / name).read_text(encoding="utf-8"))


def load(apps, schema_editor):
    FaqEntry = apps.get_model("games", "FaqEntry")
    db = schema_editor.connection.alias
    english = {item["slug"]: n for n, item in enumerate(read_entries("faq.json"), start=1)}
    for language in LANGUAGES:
        for number, item in enumerate(read_entries(f"faq.{language}.json"), start=1):
            defaults = {field: item.get(field, "") for field in FIELDS}
            defaults["briefing"] = bool(item.get("briefing", False))
            defaults["position"] = english.get(item["slug"], number) * 10
            FaqEntry.objects.using(db).update_or_create(
                slug=item["slug"], language=language, defaults=defaults
            )


def unload(apps, schema_editor):
    FaqEntry = apps.get_model("games", "FaqEntry")
    db = schema_editor.connection.alias
    for language in LANGUAGES:
        slugs = [item["slug"] for item in read_entries(f"faq.{language}.json")]
        FaqEntry.objects.using(db).filter(language=language, slug__in=slugs).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_faq_languages"),
    ]

    operations = [
        migrations.RunPython(load, unload, elidable=False),
    ]
