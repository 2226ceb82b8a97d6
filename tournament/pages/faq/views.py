"""The FAQ's pages: an event's public rules FAQ with search as you type, and the briefing
that referees read aloud, with the organiser's form to pick and order its questions.

These pages show an event's own settings beside the answers and check event roles, so
this web layer (and only it) reads tournament's Event and access rules; the FAQ's models,
selectors and the rules engine still import nothing of tournament's.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from banking.ledgers import rules_of
from games import selectors as faq
from games.deed_questions import DeedAnswer, Suggestion, deed_answer
from games.engine import RuleViolation, rules_for
from games.models import FaqEntry
from tournament import access, selectors
from tournament.models import Event
from tournament.services import briefings

SEARCH_LIMIT = 10
MAX_QUERY = 200
SETTING_LABELS = dict(FaqEntry.Setting.choices)
APPLIES_LABELS = dict(FaqEntry.AppliesTo.choices)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _variants(event: Event) -> dict[str, bool]:
    """The event's settings, every variant named (left-out ones take the edition's default)."""
    try:
        return rules_for(event.edition, event.variants).variants
    except RuleViolation:
        return {name: bool(value) for name, value in event.variants.items()}


def _settings(event: Event, variants: dict[str, bool]) -> list[dict[str, Any]]:
    return [
        {"label": label, "on": variants.get(name, False)}
        for name, label in FaqEntry.Setting.choices
        if name and (name != "modern_us" or event.edition == "us")
    ]


def _answer(entry: FaqEntry, event: Event, variants: dict[str, bool]) -> dict[str, Any]:
    """An entry with what it depends on, said for this event."""
    other_edition = ""
    if entry.applies_to == FaqEntry.AppliesTo.ALL:
        depends = "Every game"
    elif entry.applies_to in Event.Edition.values:
        depends = f"{APPLIES_LABELS[entry.applies_to]} only"
        if entry.applies_to != event.edition:
            other_edition = f"This event plays the {event.edition.upper()} edition."
    else:
        depends = f"Depends on the setting: {_lower_first(APPLIES_LABELS[entry.applies_to])}"
    setting = None
    if entry.setting:
        on = variants.get(entry.setting, False)
        label = _lower_first(SETTING_LABELS.get(entry.setting, entry.setting))
        setting = {"text": f"At this event: {label} — {'on' if on else 'off'}", "on": on}
    return {"entry": entry, "depends": depends, "other_edition": other_edition, "setting": setting}


def _deed_answer(q: str, event: Event) -> dict[str, Any]:
    """The bank's own number for a question about one deed, in this event's rules
    (`deed`), or the question as the bank could read it (`suggestion`), or neither."""
    try:
        found = deed_answer(q, rules_of(event)) if q else None
    except RuleViolation:
        found = None
    return {
        "deed": found if isinstance(found, DeedAnswer) else None,
        "suggestion": found if isinstance(found, Suggestion) else None,
    }


def _search(request: HttpRequest, event: Event, variants: dict[str, bool]) -> dict[str, Any]:
    """The event, its search (?q=) and the answers best matching it, best first."""
    q = request.GET.get("q", "").strip()[:MAX_QUERY]
    results = faq.faq_search(query=q, limit=SEARCH_LIMIT) if q else []
    return {
        "event": event,
        "q": q,
        **_deed_answer(q, event),
        "results": [_answer(e, event, variants) for e in results],
    }


@require_GET
def faq_event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The public FAQ of an event (players read it; no login): search, then every answer by
    topic. Without JavaScript the search box submits here and the results lead the page."""
    event = get_object_or_404(Event, pk=event_id)
    variants = _variants(event)
    topics = [
        (label, [_answer(e, event, variants) for e in entries])
        for label, entries in faq.faq_by_topic()
    ]
    context = {
        **_search(request, event, variants),
        "settings": _settings(event, variants),
        "topics": topics,
    }
    return render(request, "faq/faq_event.html", context)


@require_GET
def faq_event_search(request: HttpRequest, event_id: int) -> HttpResponse:
    """The answers best matching ?q=, best first, as an HTML fragment for the search box."""
    event = get_object_or_404(Event, pk=event_id)
    response = render(request, "faq/_search_answer.html", _search(request, event, _variants(event)))
    response["Cache-Control"] = "no-store"
    return response


def _forbidden(request: HttpRequest, event: Event, who: str) -> HttpResponse:
    return render(request, "faq/forbidden.html", {"event": event, "who": who}, status=403)


@require_GET
@login_required
def briefing(request: HttpRequest, event_id: int) -> HttpResponse:
    """The briefing questions one after another in large type, for reading aloud."""
    event = get_object_or_404(Event, pk=event_id)
    if not access.can_referee(request.user, event.pk):
        return _forbidden(request, event, "this event's referees and organisers")
    variants = _variants(event)
    items = [_answer(e, event, variants) for e in selectors.briefing_for_event(event_id=event.pk)]
    context = {
        "event": event,
        "items": items,
        "organiser": access.is_organiser(request.user, event.pk),
    }
    return render(request, "faq/briefing.html", context)


def _picked_in_order(post: Any) -> list[int]:
    """The ticked entries, by the order number typed beside each (blank: after the others)."""

    def rank(value: str) -> int:
        order = post.get(f"order-{value}", "").strip()
        return int(order) if order.isdecimal() else 10**6

    picked = sorted((value for value in post.getlist("pick") if value.isdecimal()), key=rank)
    return [int(value) for value in picked]  # sorted() keeps equal ranks as ticked


@require_http_methods(["GET", "POST"])
@login_required
def briefing_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organiser's form: tick the questions to read aloud and number their order."""
    event = get_object_or_404(Event, pk=event_id)
    if not access.is_organiser(request.user, event.pk):
        return _forbidden(request, event, "this event's organisers")
    if request.method == "POST":
        faq_ids = [] if "reset" in request.POST else _picked_in_order(request.POST)
        items = briefings.briefing_set(event_id=event.pk, faq_ids=faq_ids, actor=request.user)
        sentence = f"The briefing has {len(items)} questions, in your order."
        messages.success(
            request, sentence if items else "The briefing reads the suggested questions.", "ok"
        )
        return redirect("faq-briefing", event_id=event.pk)
    picks = selectors.briefing_picks(event_id=event.pk)
    shown = picks or [entry.pk for entry in faq.faq_briefing()]
    order = {faq_id: n for n, faq_id in enumerate(shown, start=1)}
    topics = [
        (label, [{"entry": e, "order": order.get(e.pk)} for e in entries])
        for label, entries in faq.faq_by_topic()
    ]
    context = {"event": event, "topics": topics, "custom": bool(picks), "count": len(shown)}
    return render(request, "faq/briefing_edit.html", context)
