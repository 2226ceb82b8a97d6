"""Writes for the FAQ's pages: the questions an organiser picks for an event's briefing."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import FaqEntry
from tournament.models import BriefingItem, Event
from tournament.services.events import audit


@transaction.atomic
def briefing_set(
    *, event_id: int, faq_ids: Sequence[int], actor: AbstractBaseUser | None = None
) -> list[BriefingItem]:
    """Replace an event's briefing with these FAQ entries, in this order.

    Repeated ids count once; ids of entries that no longer exist are left out. An empty
    list clears the picks, and the briefing falls back to the FAQ's suggested questions.
    """
    # Two organisers saving at once take turns on the event's row.
    list(Event.objects.select_for_update().filter(pk=event_id).values_list("pk"))
    wanted = list(dict.fromkeys(int(i) for i in faq_ids))
    known = set(FaqEntry.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    BriefingItem.objects.filter(event_id=event_id).delete()
    items = BriefingItem.objects.bulk_create(
        BriefingItem(event_id=event_id, faq_id=faq_id, position=position)
        for position, faq_id in enumerate((i for i in wanted if i in known), start=1)
    )
    audit(
        event_id=event_id,
        actor=actor,
        action="briefing_set",
        subject=f"{len(items)} questions" if items else "the suggested questions",
        data={"faq_ids": [item.faq_id for item in items]},
    )
    return items
