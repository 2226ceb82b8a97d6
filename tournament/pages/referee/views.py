"""The referee's pages, phone first: every table of the event, each table's ledger, the
two corrections a referee makes (void an entry, adjust a balance), each with a reason, and
the second person's check of a closed table's result (confirm, or dispute with a reason;
an organiser reopens a confirmed one with a reason).

Views parse, call one service or selector and render. A refusal from the bank (a rule, a
round that is over, an entry others depend on) is shown as its sentence; nothing changes.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import partial
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from banking.actors import Actor
from banking.refusals import said as said_in_words
from banking.services.entries import entry_post, entry_void
from banking.worth import worth_chart, worth_series
from games.engine import RuleViolation
from tournament import access
from tournament.errors import Refusal
from tournament.http.rows import Read, read_all
from tournament.models import Event, Round, Table
from tournament.money import money
from tournament.pages.referee import display, selectors
from tournament.results import reviews
from tournament.results import selectors as result_selectors
from tournament.selectors import start_page
from tournament.text import TextCheckedForm
from tournament.watched import kept
from tournament.watched.selectors import watched_versions_read

MAX_REASON = 200
MAX_AMOUNT = 100_000


class VoidForm(TextCheckedForm):
    reason = forms.CharField(
        max_length=MAX_REASON,
        error_messages={"required": gettext_lazy("Say why the entry is being voided.")},
    )
    # The void's own id, random in each form the page gives (display.ledger): a form sent
    # twice records one void, and nobody can take its id first.
    void_id = forms.UUIDField(required=False)


class AdjustForm(TextCheckedForm):
    DIRECTIONS = (
        ("add", gettext_lazy("Give the player money")),
        ("take", gettext_lazy("Take money from the player")),
    )

    seat = forms.TypedChoiceField(
        coerce=int, error_messages={"required": gettext_lazy("Choose whose balance to adjust.")}
    )
    direction = forms.ChoiceField(
        choices=DIRECTIONS, error_messages={"required": gettext_lazy("Choose give or take.")}
    )
    amount = forms.IntegerField(
        min_value=1,
        max_value=MAX_AMOUNT,
        error_messages={
            "required": gettext_lazy("Type the amount."),
            "invalid": gettext_lazy("Type a whole amount."),
        },
    )
    reason = forms.CharField(
        max_length=MAX_REASON,
        error_messages={"required": gettext_lazy("Say why the balance is being adjusted.")},
    )
    entry_id = forms.UUIDField(required=False)

    def __init__(self, *args: Any, seats: list[dict[str, Any]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s["seat"], s["name"]) for s in seats]

    def payload(self) -> dict[str, Any]:
        data = self.cleaned_data
        sign = 1 if data["direction"] == "add" else -1
        return {
            "kind": "adjust",
            "seat": data["seat"],
            "amount": sign * data["amount"],
            "reason": data["reason"],
        }


class ReasonForm(TextCheckedForm):
    reason = forms.CharField(
        max_length=reviews.MAX_REASON,
        error_messages={"required": gettext_lazy("Say what is wrong with the result.")},
    )


def _forbidden(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "referee/forbidden.html", {"event": event}, status=403)


def _refereeing(
    request: HttpRequest, event_id: int, *reads: Read[Any], table_id: int | None = None
) -> tuple[Event, Actor | None, list[Any]]:
    """The event, the person as its corrections record them (with the role they correct
    under; None: not allowed), and the results of `reads`, read in the same round trip.
    With a table: 404 unless the table is one of the event's."""
    (event, roles), *found = read_all(access.event_with_roles_read(request.user, event_id), *reads)
    if event is None:
        raise Http404(gettext("There is no such event."))
    if table_id is not None:
        get_object_or_404(Table.objects.only("pk"), pk=table_id, round__event_id=event.pk)
    if (role := selectors.referee_actor_role(roles)) is None:
        return event, None, found
    return event, Actor(role=role, name=request.user.get_username(), user=request.user), found


@require_GET
@login_required
def referee_home(request: HttpRequest) -> HttpResponse:
    events = selectors.refereed_events(request.user)
    start = start_page(request.user)
    if not events and start != "referee-home":
        return redirect(start)  # they referee nothing: their own start page
    ended = selectors.ended_tables(event_ids=[event.pk for event in events])
    rows = [{"event": event, "ended": ended.get(event.pk, [])} for event in events]
    return render(request, "referee/home.html", {"events": rows})


@require_GET
@login_required
def referee_event(request: HttpRequest, event_id: int) -> HttpResponse:
    event, actor, (versions,) = _refereeing(request, event_id, watched_versions_read(event_id))
    if actor is None:
        return _forbidden(request, event)

    def cards(table_ids: list[int], rounds: list[Round], many: bool) -> dict[int, Any]:
        tables = selectors.overview_tables(table_ids=table_ids, rounds=rounds)
        card = partial(display.table_card, event_id=event.pk, many_rounds=many)
        return {table["id"]: {"html": card(table), "queue": _queued(table)} for table in tables}

    # Each table's card is made once for every referee and kept until it changes
    # (tournament/watched/kept.py; `versions`, read with the event).
    overview = kept.overview(event, versions, cards=cards)
    live = [card["queue"] for card in overview.cards if card["queue"]["live"]]
    context = {
        "event": event,
        "rounds": overview.rounds,
        # The queues at the top of the page: results to correct, and results to check.
        "disputed": [t for t in live if t["review"] == Table.Review.DISPUTED],
        "awaiting": [t for t in live if t["review"] == Table.Review.AWAITING],
        "attention": overview.attention,
        "cards": [card["html"] for card in overview.cards],  # each rendered by its template
    }
    return render(request, "referee/event.html", context)


def _queued(table: dict[str, Any]) -> dict[str, Any]:
    """What the queues at the top of the page show of a table."""
    keys = ("id", "number", "review", "review_note", "banker_user_id")
    running = (Round.Status.RUNNING, Round.Status.TIME_CALLED)
    return {**{k: table[k] for k in keys}, "live": table["round_status"] in running}


#: The entries a table's page shows, newest first, with a link to the whole ledger: a round's
#: ledger runs to hundreds, read on a phone.
LEDGER_LATEST = 50


def _table_page(
    request: HttpRequest,
    event: Event,
    table_id: int,
    *,
    void: tuple[str, VoidForm] | None = None,
    refusal: str = "",
    status: int = 200,
    **sent: forms.Form,
) -> HttpResponse:
    """The table's page; `sent`: a form sent back (adjust, dispute, reopen), shown as sent."""
    # The whole ledger when asked for, or to show a void form sent back refused: its
    # entry may be older than the latest.
    whole = request.GET.get("ledger") == "all" or void is not None
    latest = None if whole else LEDGER_LATEST
    table = selectors.referee_table(event_id=event.pk, table_id=table_id, latest=latest)
    if table is None:
        raise Http404(gettext("There is no such table at this event."))
    watched = Table.objects.with_event_and_banker().get(pk=table_id)
    refused_for, void_form = void or ("", VoidForm())  # the void form sent back refused
    voids = display.VoidForms(
        action=reverse("referee-void", args=[event.pk, table_id, display.NO_ENTRY]),
        max_length=MAX_REASON,
        refused_for=refused_for,
        reason=void_form.data.get("reason", ""),
        error=next(iter(void_form.errors.get("reason", [])), ""),
    )
    context = {
        "event": event,
        "table": table,
        "ledger_cut": latest is not None and table["last_seq"] > latest,
        "ledger": display.ledger(table["entries"], voids),
        "voids": voids,
        "adjust": AdjustForm(seats=table["seats"]),
        "adjust_id": uuid.uuid4(),
        "refusal": refusal,
        # The check of a result, for a closed table only: an open one has none yet.
        **(_check_context(request, watched) if table["closed"] else {}),
        "dispute": ReasonForm(),
        "reopen": ReasonForm(),
        "chart": worth_chart(worth_series(watched)),
        **sent,
    }
    return render(request, "referee/table.html", context, status=status)


def _check_context(request: HttpRequest, table: Table) -> dict[str, Any]:
    """The table's result as closed, with how each net worth was made, and whether this
    person may check it (not the table's banker, not one of its players: the server
    refuses them anyway, services/reviews.py). `table` with its round and banker."""
    roles = access.roles_in_event(request.user, table.round.event_id)
    problem = reviews.checker_problem(table, request.user, roles=roles)
    return {
        "results": result_selectors.table_results(table.pk),
        "cannot_check": problem.detail if problem else "",
        "organiser": access.Role.ORGANISER in roles,
    }


@require_GET
@login_required
def referee_table(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    event, actor, _ = _refereeing(request, event_id)
    if actor is None:
        return _forbidden(request, event)
    return _table_page(request, event, table_id)


def _done(request: HttpRequest, event: Event, table_id: int, anchor: str, said: str) -> Any:
    """The table's page again, at `anchor`, saying what was done."""
    messages.success(request, said, extra_tags="ok")
    return redirect(f"{reverse('referee-table', args=[event.pk, table_id])}#{anchor}")


@require_POST
@login_required
def referee_void(request: HttpRequest, event_id: int, table_id: int, entry_id: uuid.UUID) -> Any:
    event, actor, _ = _refereeing(request, event_id, table_id=table_id)
    if actor is None:
        return _forbidden(request, event)
    form = VoidForm(request.POST)
    if not form.is_valid():
        return _table_page(request, event, table_id, void=(str(entry_id), form), status=400)
    try:
        posted = entry_void(
            table_id=table_id,
            entry_id=entry_id,
            reason=form.cleaned_data["reason"],
            actor=actor,
            void_id=form.cleaned_data["void_id"] or uuid.uuid4(),
        )
    except (Refusal, RuleViolation) as refusal:
        detail = said_in_words(refusal) if isinstance(refusal, RuleViolation) else refusal.detail
        if refusal.code == "id_reused":  # this form was sent before with another reason
            detail = gettext("This form already voided the entry: see the ledger below.")
        return _table_page(
            request, event, table_id, void=(str(entry_id), form), refusal=detail, status=400
        )
    voided = posted.entry.fields.get("seq")
    said = gettext("Entry %(number)s voided (%(reason)s).") % {
        "number": voided,
        "reason": form.cleaned_data["reason"],
    }
    return _done(request, event, table_id, "ledger", said)


@require_POST
@login_required
def referee_adjust(request: HttpRequest, event_id: int, table_id: int) -> Any:
    event, actor, _ = _refereeing(request, event_id, table_id=table_id)
    if actor is None:
        return _forbidden(request, event)
    table = selectors.referee_table(event_id=event.pk, table_id=table_id)
    if table is None:
        raise Http404(gettext("There is no such table at this event."))
    form = AdjustForm(request.POST, seats=table["seats"])
    if not form.is_valid():
        return _table_page(request, event, table_id, adjust=form, status=400)
    try:
        posted = entry_post(
            table_id=table_id,
            entry_id=form.cleaned_data["entry_id"] or uuid.uuid4(),
            payload=form.payload(),
            actor=actor,
        )
    except (Refusal, RuleViolation) as refusal:
        detail = said_in_words(refusal) if isinstance(refusal, RuleViolation) else refusal.detail
        if refusal.code == "id_reused":  # this form was sent before with other figures
            detail = gettext(
                "That form was already used for an adjustment: "
                "check the ledger below, then send this one again."
            )
            fresh = request.POST.copy()
            fresh["entry_id"] = str(uuid.uuid4())
            form = AdjustForm(fresh, seats=table["seats"])
            form.is_valid()
        return _table_page(request, event, table_id, adjust=form, refusal=detail, status=400)
    seat = dict(form.fields["seat"].choices)[form.cleaned_data["seat"]]
    amount = posted.entry.fields.get("amount", 0)
    moved = f"{'+' if amount > 0 else ''}{money(amount, table['currency'])}"
    said = gettext("Entry %(number)s: %(seat)s %(money)s (%(reason)s).") % {
        "number": posted.entry.seq,
        "seat": seat,
        "money": moved,
        "reason": form.cleaned_data["reason"],
    }
    return _done(request, event, table_id, "ledger", said)


#: Each check of a closed table's result: its service, whether it takes a reason (kept, when
#: refused, in the form of the check's name on the table's page), and what the page says.
CHECKS: dict[str, tuple[Callable[..., Table], bool, Any]] = {
    "confirm": (
        reviews.table_confirm,
        False,
        gettext_lazy("Table %(number)s: result confirmed. It counts now, and it is locked."),
    ),
    "dispute": (
        reviews.table_dispute,
        True,
        gettext_lazy(
            "Table %(number)s: result disputed (%(reason)s). The table is open again: correct "
            "the ledger, then its banker closes it again."
        ),
    ),
    "reopen": (
        reviews.table_reopen,
        True,
        gettext_lazy(
            "Table %(number)s: reopened (%(reason)s). Correct the ledger; then its banker "
            "closes it again and a referee confirms it."
        ),
    ),
}


@require_POST
@login_required
def referee_check(request: HttpRequest, event_id: int, table_id: int, check: str) -> HttpResponse:
    """Run one check of a table's result (CHECKS); a refusal is shown as its sentence on the
    table's page, with the reason's form kept."""
    event, actor, _ = _refereeing(request, event_id, table_id=table_id)
    if actor is None:
        return _forbidden(request, event)
    write, with_reason, sentence = CHECKS[check]
    sent = ReasonForm(request.POST)
    kept = {check: sent} if with_reason else {}
    if with_reason and not sent.is_valid():
        return _table_page(request, event, table_id, status=400, **kept)
    reason = {"reason": sent.cleaned_data["reason"]} if with_reason else {}
    try:
        table = write(table_id=table_id, user=request.user, **reason)
    except Refusal as refusal:
        return _table_page(
            request, event, table_id, refusal=refusal.detail, status=refusal.status, **kept
        )
    said = str(sentence) % {"number": table.number, **reason}
    return _done(request, event, table_id, "result", said)
