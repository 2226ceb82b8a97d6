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
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from banking.ledgers import rules_of
from games import selectors as faq
from games.deed_questions import DeedAnswer, Suggestion, deed_answer
from games.engine import RuleViolation, rules_for
from games.models import FaqEntry
from tournament import access, selectors
from tournament.lineups import said
from tournament.models import Event
from tournament.services import briefings

SEARCH_LIMIT = 10
MAX_QUERY = 200
#: What an answer depends on (FaqEntry.applies_to), said beside it.
DEPENDS = {
    FaqEntry.AppliesTo.ALL: gettext_lazy("Every game"),
    FaqEntry.AppliesTo.US: gettext_lazy("US edition only"),
    FaqEntry.AppliesTo.UK: gettext_lazy("UK edition only"),
    FaqEntry.AppliesTo.MODERN_US: gettext_lazy("Depends on the setting: modern US rules"),
    FaqEntry.AppliesTo.SHORT_GAME: gettext_lazy("Depends on the setting: short game"),
    FaqEntry.AppliesTo.DOUBLE_RENT_DESPITE_MORTGAGE: gettext_lazy(
        "Depends on the setting: double rent despite a mortgaged site"
    ),
}
#: The event's own value of the setting an answer depends on (FaqEntry.setting), on or off.
AT_THIS_EVENT = {
    (FaqEntry.Setting.MODERN_US, True): gettext_lazy("At this event: modern US rules — on"),
    (FaqEntry.Setting.MODERN_US, False): gettext_lazy("At this event: modern US rules — off"),
    (FaqEntry.Setting.SHORT_GAME, True): gettext_lazy("At this event: short game — on"),
    (FaqEntry.Setting.SHORT_GAME, False): gettext_lazy("At this event: short game — off"),
    (FaqEntry.Setting.DOUBLE_RENT_DESPITE_MORTGAGE, True): gettext_lazy(
        "At this event: double rent despite a mortgaged site — on"
    ),
    (FaqEntry.Setting.DOUBLE_RENT_DESPITE_MORTGAGE, False): gettext_lazy(
        "At this event: double rent despite a mortgaged site — off"
    ),
}


def _language() -> str:
    """The FAQ's language for this request's reader (theirs, else English)."""
    return faq.faq_language(get_language())


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
    if entry.applies_to in Event.Edition.values and entry.applies_to != event.edition:
        other_edition = _("This event plays the %(edition)s edition.") % {
            "edition": event.edition.upper()
        }
    setting = None
    if entry.setting:
        on = variants.get(entry.setting, False)
        text = AT_THIS_EVENT.get((entry.setting, on), entry.setting)
        setting = {"text": text, "on": on}
    depends = DEPENDS.get(entry.applies_to, entry.applies_to)
    return {"entry": entry, "depends": depends, "other_edition": other_edition, "setting": setting}


def _deed_answer(q: str, event: Event) -> dict[str, Any]:
    """The bank's own number for a question about one deed, in this event's rules
    (`deed`, its sentence in the reader's language, money as the event's rules write it:
    tournament/money.py in the language spoken), or the question as the bank could
    read it (`suggestion`, in the reader's words), or neither. The question is read in the
    reader's language (the FAQ's: theirs, else English)."""
    try:
        found = deed_answer(q, rules_of(event), _language()) if q else None
    except RuleViolation:
        found = None
    return {
        "deed": {"text": said(found.sentence)} if isinstance(found, DeedAnswer) else None,
        "suggestion": found if isinstance(found, Suggestion) else None,
    }


def _search(request: HttpRequest, event: Event, variants: dict[str, bool]) -> dict[str, Any]:
    """The event, its search (?q=) and the answers best matching it, best first."""
    q = request.GET.get("q", "").strip()[:MAX_QUERY]
    found = faq.faq_search(query=q, language=_language(), limit=SEARCH_LIMIT) if q else []
    return {
        "event": event,
        "q": q,
        **_deed_answer(q, event),
        "results": [_answer(e, event, variants) for e in found],
    }


@require_GET
def faq_event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The public FAQ of an event (players read it; no login): search, then every answer by
    topic. Without JavaScript the search box submits here and the results lead the page."""
    event = get_object_or_404(Event, pk=event_id)
    variants = _variants(event)
    topics = [
        (label, [_answer(e, event, variants) for e in entries])
        for label, entries in faq.faq_by_topic(_language())
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


def _forbidden(request: HttpRequest, event: Event, *, organisers_only: bool) -> HttpResponse:
    context = {"event": event, "organisers_only": organisers_only}
    return render(request, "faq/forbidden.html", context, status=403)


@require_GET
@login_required
def briefing(request: HttpRequest, event_id: int) -> HttpResponse:
    """The briefing questions one after another in large type, for reading aloud."""
    event = get_object_or_404(Event, pk=event_id)
    if not access.can_referee(request.user, event.pk):
        return _forbidden(request, event, organisers_only=False)
    variants = _variants(event)
    read = selectors.briefing_for_event(event_id=event.pk, language=_language())
    items = [_answer(e, event, variants) for e in read]
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
        return _forbidden(request, event, organisers_only=True)
    if request.method == "POST":
        faq_ids = [] if "reset" in request.POST else _picked_in_order(request.POST)
        items = briefings.briefing_set(event_id=event.pk, faq_ids=faq_ids, actor=request.user)
        count = len(items)
        sentence = ngettext(
            "The briefing has %(count)s question, in your order.",
            "The briefing has %(count)s questions, in your order.",
            count,
        ) % {"count": count}
        messages.success(
            request, sentence if items else _("The briefing reads the suggested questions."), "ok"
        )
        return redirect("faq-briefing", event_id=event.pk)
    picks = selectors.briefing_picks(event_id=event.pk)
    shown = picks or faq.faq_briefing()
    # Numbered by question (slug): the picks may have been made in another language.
    order = {entry.slug: n for n, entry in enumerate(shown, start=1)}
    topics = [
        (label, [{"entry": e, "order": order.get(e.slug)} for e in entries])
        for label, entries in faq.faq_by_topic(_language())
    ]
    context = {"event": event, "topics": topics, "custom": bool(picks), "count": len(shown)}
    return render(request, "faq/briefing_edit.html", context)
