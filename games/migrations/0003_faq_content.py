"""Loads the referees' FAQ from games/faq/faq.json (created or updated by slug).

Going backwards deletes exactly the slugs in the file, leaving entries an
organiser added in the admin. Positions follow the file's order, in steps of 10
so an organiser can slot entries in between.
"""

import json
from pathlib import Path

from django.db import migrations

FAQ_FILE = Path(__file__).resolve().parent.parent / "faq" / "faq.json"
FIELDS = ("question", "answer", "topic", "keywords", "applies_to", "setting", "briefing")


def read_entries() -> list[dict]:
    return json.loads(FAQ_FILE.read_text(encoding="utf-8"))


def load(apps, schema_editor):
    FaqEntry = apps.get_model("games", "FaqEntry")
    db = schema_editor.connection.alias
    for number, item in enumerate(read_entries(), start=1):
        defaults = {field: item.get(field, "") for field in FIELDS}
        defaults["briefing"] = bool(item.get("briefing", False))
        defaults["position"] = number * 10
        FaqEntry.objects.using(db).update_or_create(slug=item["slug"], defaults=defaults)


def unload(apps, schema_editor):
    FaqEntry = apps.get_model("games", "FaqEntry")
    db = schema_editor.connection.alias
    slugs = [item["slug"] for item in read_entries()]
    FaqEntry.objects.using(db).filter(slug__in=slugs).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_faq_search_indexes"),
    ]

    operations = [
        migrations.RunPython(load, unload, elidable=False),
    ]
