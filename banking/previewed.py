"""What a banker's preview keeps for the post that follows it.

The console previews every entry a moment before it posts it, and the preview already
computes all that posting would: the table's state after, its standings, the entry's
transfers and words, and the answer. The preview keeps that outcome in the cache (Redis,
shared by every web server) for a minute, under the table and the entry's body hash,
with the facts it was computed from: the ledger's seq, the seats, the table's, round's and
event's columns that the rules, the checks and the answer read, and the banker's name.

Posting the same body then writes it with one statement that holds only while every one of
those facts still holds (banking/services/entries.py, `entry_post_previewed`). Anything
else (no preview kept, another entry in between, the round or the table changed, Redis
down) is posted as any entry is, under the table's lock. So what is kept can be missing or
out of date, never wrong: it is written only where the ledger is exactly as it was.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

KEPT_FOR = 60  # seconds: the console posts a moment after its preview


@dataclass(frozen=True)
class Previewed:
    """An entry's outcome as a banker's preview computed it, and the facts it rests on."""

    facts: tuple[Any, ...]  # banking/services/entries.py, PREVIEWED_FACTS, in that order
    seq: int  # the entry's own: one after the ledger's last
    kind: str
    fields: dict[str, Any]
    transfers: list[dict[str, Any]]
    state: dict[str, Any]  # the ledger's projection after the entry
    standings: list[dict[str, Any]]
    leader: dict[str, Any]
    author: str  # the banker's name, as the entry records it
    sentence: str  # the entry in words (selectors.entry_lines)
    table_state: dict[str, Any]  # the answer's state (selectors.table_state), before the seq


# In every key: a server of another release, whose Previewed differs, neither reads nor
# overwrites what this one keeps.
SHAPE = zlib.crc32(",".join(Previewed.__dataclass_fields__).encode())


def _key(table_id: int, digest: str) -> str:
    return f"previewed:{SHAPE}:{table_id}:{digest}"


def keep(table_id: int, digest: str, previewed: Previewed) -> None:
    cache.set(_key(table_id, digest), previewed, KEPT_FOR)


def kept(table_id: int, digest: str) -> Previewed | None:
    """The outcome a banker's preview of this body kept, if it is still kept."""
    found = cache.get(_key(table_id, digest))
    return found if isinstance(found, Previewed) else None
