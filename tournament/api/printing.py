"""Print jobs through the API: ask for a document, follow its progress, fetch it, retry it.

Organisers only. The PDF itself is served by /print/jobs/<id>/download/, which checks the
organiser again (by session, or by the same API token): print files are never public media.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournament.api.views import ScopedApi
from tournament.http.inputs import validated
from tournament.models import PrintJob
from tournament.printing import jobs
from tournament.printing.documents import round_head

RECENT = 50  # jobs listed for an event, newest first


@extend_schema_field(
    {
        "type": "string",
        "enum": PrintJob.Kind.values,
        "description": "; ".join(f"`{value}`: {label}" for value, label in PrintJob.Kind.choices),
    },
    component_name="PrintJobKindEnum",
)
class KindField(serializers.ChoiceField):
    """A document kind, as a component of its own (the name `kind` alone would clash with
    the rounds' `kind`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=PrintJob.Kind.choices, **kwargs)


class PrintJobInput(serializers.Serializer):
    kind = KindField(help_text="Which document to make.")
    round = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="The round, for table cards, fallback sheets and scoresheets.",
    )


class PrintJobOutput(serializers.ModelSerializer):
    kind = KindField(read_only=True)
    kind_label = serializers.CharField(source="get_kind_display", read_only=True)
    status_label = serializers.CharField(source="get_status_display", read_only=True)
    round_number = serializers.IntegerField(
        source="round.number", read_only=True, allow_null=True, default=None
    )
    round_label = serializers.SerializerMethodField()
    requested_by = serializers.CharField(
        source="requested_by.get_username", read_only=True, allow_null=True, default=None
    )
    notice = serializers.SerializerMethodField(
        help_text="A sentence for the organiser when no print worker has taken the job within "
        "a few seconds (the worker seems to be stopped); else empty."
    )
    retryable = serializers.SerializerMethodField(
        help_text="Whether `retry` would queue the job again now (a finished or failed job, "
        "one waiting, or one no worker holds)."
    )
    file_url = serializers.SerializerMethodField(
        help_text="Where to download the PDF once the job is done (organisers only, with "
        "their session or `Authorization: Token <token>`)."
    )

    class Meta:
        model = PrintJob
        fields = [
            "id",
            "event",
            "kind",
            "kind_label",
            "round",
            "round_number",
            "round_label",
            "status",
            "status_label",
            "progress",
            "pages",
            "error",
            "attempts",
            "requested_by",
            "created_at",
            "started_at",
            "finished_at",
            "notice",
            "retryable",
            "file_url",
        ]

    def get_round_label(self, job: PrintJob) -> str | None:
        return round_head(job.round)["label"] if job.round else None

    @cached_property
    def _watch(self) -> jobs.WorkerWatch:
        """One look at the print workers for all the jobs listed (a list has one child)."""
        return jobs.WorkerWatch()

    def get_notice(self, job: PrintJob) -> str:
        return self._watch.notice(job)

    def get_retryable(self, job: PrintJob) -> bool:
        return self._watch.retryable(job)

    def get_file_url(self, job: PrintJob) -> str | None:
        if job.status != PrintJob.Status.DONE or not job.file:
            return None
        path = reverse("print-job-download", args=[job.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


def _out(request: Request, job: PrintJob) -> dict[str, Any]:
    return PrintJobOutput(job, context={"request": request}).data


class EventPrintJobsApi(ScopedApi):
    @extend_schema(
        responses=PrintJobOutput(many=True),
        description=f"The event's latest {RECENT} print jobs, newest first.",
        tags=["printing"],
    )
    def get(self, request: Request, event_id: int) -> Response:
        jobs.print_jobs_resend_due()
        listed = PrintJob.objects.filter(event=event_id).select_related("round", "requested_by")
        shown = PrintJobOutput(listed[:RECENT], many=True, context={"request": request})
        return Response(shown.data)

    @extend_schema(
        request=PrintJobInput,
        responses={201: PrintJobOutput},
        description="Queue a document. The job starts queued (or waiting, when the print "
        "queue is not answering: it is sent once the queue is back); a worker makes the PDF.",
        tags=["printing"],
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(PrintJobInput, request)
        job = jobs.print_job_request(
            event_id=event_id,
            kind=data["kind"],
            round_id=data.get("round"),
            requested_by=request.user,
        )
        job.refresh_from_db()  # waiting, when the print queue did not answer; made, when eager
        return Response(_out(request, job), status=status.HTTP_201_CREATED)


class PrintJobDetailApi(ScopedApi):
    @extend_schema(
        responses=PrintJobOutput,
        description="A job's status and progress (0-100); its file's address once done, "
        "or the reason it failed.",
        tags=["printing"],
    )
    def get(self, request: Request, job_id: int) -> Response:
        job = self.row
        if job.status == PrintJob.Status.WAITING:
            jobs.print_jobs_resend_due()
            job.refresh_from_db()
        return Response(_out(request, job))


class PrintJobRetryApi(ScopedApi):
    @extend_schema(
        request=None,
        responses=PrintJobOutput,
        description="Queue a failed (or finished) job again; refused while it is queued "
        "or running.",
        tags=["printing"],
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = jobs.print_job_retry(job_id=job_id)
        job.refresh_from_db()
        return Response(_out(request, job))
