"""An event's local time: every page, document and export of an event shows times in the
event's own time zone (`Event.time_zone`, by default the site's TIME_ZONE)."""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.utils import timezone


def event_zone(event: Any) -> zoneinfo.ZoneInfo | None:
    """The event's zone, or None (the site's) for no event or a zone this machine lacks."""
    name = getattr(event, "time_zone", "") or ""
    try:
        return zoneinfo.ZoneInfo(name) if name else None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


@contextmanager
def in_event_zone(event: Any) -> Iterator[None]:
    """Times formatted inside (templates, `localtime()`, exports) are the event's local time."""
    with timezone.override(event_zone(event)):
        yield
