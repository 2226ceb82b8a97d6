"""API tokens as digests, one for each login (tournament/http/tokens.py).

The tokens given before (the REST framework's `authtoken_token`, which kept each token as it
is) are carried over as their digests, so a script logged in before the upgrade keeps
working until its token expires; then that table goes, and with it the last usable tokens
in the database."""

import hashlib

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


OLD_TABLE = "authtoken_token"


def carry_over(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if OLD_TABLE not in connection.introspection.table_names(cursor):
            return
        cursor.execute(f"SELECT key, user_id, created FROM {OLD_TABLE}")
        old = cursor.fetchall()
    ApiToken = apps.get_model("tournament", "ApiToken")
    ApiToken.objects.bulk_create(
        ApiToken(
            user_id=user_id,
            name="API token",
            digest=hashlib.sha256(key.encode()).hexdigest(),
            created=created,
        )
        for key, user_id, created in old
    )
    schema_editor.execute(f"DROP TABLE {OLD_TABLE}")


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0016_outcome_kept_by_the_database'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ApiToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=100)),
                ('digest', models.CharField(max_length=64, unique=True)),
                ('created', models.DateTimeField(default=django.utils.timezone.now)),
                ('last_used', models.DateTimeField(blank=True, null=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_tokens', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'API token',
                'ordering': ['-created', '-id'],
            },
        ),
        migrations.RunPython(carry_over, migrations.RunPython.noop),
    ]
