from django.db import migrations, models


# A kept preview is a copy for the next post's shortcut: those kept before the answer's
# entry was kept with them are dropped (their posts take the table's lock instead).
def forget_kept_previews(apps, schema_editor):
    apps.get_model("banking", "PreviewedEntry").objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("banking", "0013_foreign_keys_indexed_by_their_constraints"),
    ]

    operations = [
        migrations.RunPython(forget_kept_previews, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="previewedentry",
            name="sentence",
        ),
        migrations.AddField(
            model_name="previewedentry",
            name="entry_content",
            field=models.JSONField(
                default=dict,
                help_text="The answer's entry, as rendered, but for the post's own id and time.",
            ),
            preserve_default=False,
        ),
    ]
