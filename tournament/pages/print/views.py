"""The organiser desk's print page, and the download of a finished PDF.

/print/events/<id>/ shows one button per document (with a round picker where the document
is per round), each job's progress while a worker makes it (print.js polls the JSON API
every second), the PDF once done, the reason and a Retry button when it failed, and the
jobs made before. Without JavaScript the forms post here and the page reloads.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from rest_framework.exceptions import AuthenticationFailed

from tournament import access
from tournament.errors import Refusal
from tournament.http.tokens import ExpiringTokenAuthentication
from tournament.models import Event, PrintJob, Round
from tournament.printing import jobs
from tournament.printing.registry import DOCUMENTS

RECENT = 50
# Which round a per-round document preselects: the latest one in these states.
ROUND_FOR = {
    PrintJob.Kind.SCORESHEETS: (Round.Status.ENDED,),
    PrintJob.Kind.TABLE_CARDS: (Round.Status.SEATED, Round.Status.RUNNING),
    PrintJob.Kind.FALLBACK_SHEETS: (Round.Status.SEATED, Round.Status.RUNNING),
}


def _organiser_only(request: HttpRequest, event_id: int) -> HttpResponse | None:
    """A redirect to log in for a visitor; PermissionDenied for anyone but an organiser."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not access.is_organiser(request.user, event_id):
        raise PermissionDenied(_("Only this event's organisers can print its documents."))
    return None


def _menu(rounds: list[Round]) -> list[dict[str, Any]]:
    """Each document's button, with the round it preselects where it is per round."""
    latest = rounds[-1].pk if rounds else None
    return [
        {
            "kind": kind,
            "title": label,
            "description": DOCUMENTS[kind].description,
            "needs_round": DOCUMENTS[kind].needs_round,
            "default_round": next(
                (r.pk for r in reversed(rounds) if r.status in ROUND_FOR.get(kind, ())), latest
            ),
        }
        for kind, label in PrintJob.Kind.choices
        if kind in DOCUMENTS
    ]


@require_http_methods(["GET", "POST"])
def print_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id)
    if (refusal := _organiser_only(request, event.pk)) is not None:
        return refusal
    if request.method == "POST":
        round_id = request.POST.get("round") or None
        try:
            job = jobs.print_job_request(
                event_id=event.pk,
                kind=request.POST.get("kind", ""),
                round_id=int(round_id) if round_id and round_id.isdecimal() else None,
                requested_by=request.user,
            )
        except Refusal as refused:
            messages.error(request, refused.detail)
        else:
            job.refresh_from_db(fields=["status"])  # waiting, when the print queue is down
            said = {"document": job.get_kind_display(), "status": job.get_status_display()}
            messages.success(request, _("%(document)s: %(status)s.") % said)
        return redirect("print-page", event_id=event.pk)
    jobs.print_jobs_resend_due()
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    listed = list(
        PrintJob.objects.filter(event=event).select_related("round", "requested_by")[:RECENT]
    )
    watch = jobs.WorkerWatch()
    for job in listed:
        job.notice = watch.notice(job)
        job.retryable = watch.retryable(job)
    context = {"event": event, "rounds": rounds, "menu": _menu(rounds), "jobs": listed}
    return render(request, "print/page.html", context)


@require_POST
def print_job_retry_page(request: HttpRequest, job_id: int) -> HttpResponse:
    job = get_object_or_404(PrintJob, pk=job_id)
    if (refusal := _organiser_only(request, job.event_id)) is not None:
        return refusal
    try:
        jobs.print_job_retry(job_id=job.pk)
    except Refusal as refused:
        messages.error(request, refused.detail)
    else:
        messages.success(
            request, _("%(document)s: queued again.") % {"document": job.get_kind_display()}
        )
    return redirect("print-page", event_id=job.event_id)


def download_name(job: PrintJob) -> str:
    round_part = f"-round-{job.round.number}" if job.round_id else ""
    return f"{slugify(job.event.name)}-{job.kind.replace('_', '-')}{round_part}.pdf"


@require_GET
def print_job_download(request: HttpRequest, job_id: int) -> HttpResponse:
    """The job's PDF, for the event's organisers only (inline; ?download=1 to save it): signed
    in by the session, or by an API token for scripts (the job's `file_url` in the API)."""
    job = get_object_or_404(PrintJob.objects.select_related("event", "round"), pk=job_id)
    try:  # as the API takes it: None without a token, refused for an unknown or expired one
        token = ExpiringTokenAuthentication().authenticate(request)
    except AuthenticationFailed:
        asked = {"WWW-Authenticate": "Token"}
        return HttpResponse("Invalid token.", status=401, content_type="text/plain", headers=asked)
    if token is not None:
        request.user = token[0]  # the token's person, as the API takes them
    if (refusal := _organiser_only(request, job.event_id)) is not None:
        return refusal
    if job.status != PrintJob.Status.DONE or not job.file:
        raise Http404(_("This document is not ready yet."))
    try:
        handle = job.file.open("rb")
    except FileNotFoundError as missing:
        raise Http404(_("This document's file is missing: print it again.")) from missing
    response = FileResponse(
        handle,
        content_type="application/pdf",
        as_attachment=request.GET.get("download") == "1",
        filename=download_name(job),
    )
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response
