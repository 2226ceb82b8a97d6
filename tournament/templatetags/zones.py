"""`{% page_time_zone as zone %}`: the zone of the event a page is about (base.html renders
every page's body in it, with `{% timezone zone %}`)."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django import template

from tournament.timezones import zone_of_context

register = template.Library()


@register.simple_tag(takes_context=True)
def page_time_zone(context: Any) -> zoneinfo.ZoneInfo | None:
    return zone_of_context(context)
