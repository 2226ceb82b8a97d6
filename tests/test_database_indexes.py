"""The project's tables keep no index that another already serves: each one is written at
every insert (an entry's among them, on the bank's busiest path) for nothing."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection

pytestmark = pytest.mark.django_db

PROJECT_APPS = ("banking", "tournament", "games")

#: Each plain index of these tables whose columns, with their operator classes, lead
#: another index of the same table: that one finds the same rows.
DOUBLED = """
WITH i AS (
    SELECT x.indrelid::regclass::text AS tbl, x.indexrelid::regclass::text AS name,
           x.indisunique AS uniq, x.indpred IS NOT NULL AS partial,
           string_to_array(x.indkey::text, ' ') AS cols,
           string_to_array(x.indclass::text, ' ') AS ops
    FROM pg_index x WHERE x.indrelid::regclass::text = ANY(%s)
)
SELECT a.name, b.name FROM i a JOIN i b ON a.tbl = b.tbl AND a.name <> b.name
WHERE NOT a.uniq AND NOT a.partial AND NOT b.partial
  AND cardinality(a.cols) < cardinality(b.cols)
  AND b.cols[1:cardinality(a.cols)] = a.cols AND b.ops[1:cardinality(a.ops)] = a.ops
ORDER BY 1
"""


def test_no_index_of_the_project_is_served_by_another():
    tables = [
        model._meta.db_table
        for app in PROJECT_APPS
        for model in apps.get_app_config(app).get_models()
    ]
    with connection.cursor() as cursor:
        cursor.execute(DOUBLED, [tables])
        doubled = cursor.fetchall()
    assert doubled == []
