"""A short code that fingerprints a table's ledger, printed on the signed scoresheet.

Anyone can type the code into the site to check that the paper matches the
ledger as recorded: any change to any entry gives another code.
"""

from __future__ import annotations

import base64
import hashlib
import json

from banking.models import Entry


def ledger_code(table_id: int) -> str:
    digest = hashlib.sha256()
    rows = Entry.objects.filter(table_id=table_id).order_by("seq")
    for seq, entry_id, kind, fields, transfers in rows.values_list(
        "seq", "id", "kind", "fields", "transfers"
    ):
        line = json.dumps([seq, str(entry_id), kind, fields, transfers], sort_keys=True)
        digest.update(line.encode())
    digest.update(f"table:{table_id}".encode())
    code = base64.b32encode(digest.digest()).decode()[:10]
    return f"{code[:5]}-{code[5:]}"
