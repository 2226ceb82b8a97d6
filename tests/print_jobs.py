"""Print jobs for the tests: one of a kind for a played night, and made at once."""

from __future__ import annotations

from tests.played import Night
from tournament.models import PrintJob, Round
from tournament.printing import registry
from tournament.printing.jobs import print_job_render


def job_for(n: Night, kind: str, round_: Round | None = None) -> PrintJob:
    needs_round = registry.DOCUMENTS[kind].needs_round
    return PrintJob.objects.create(
        event=n.event, kind=kind, round=(round_ or n.round) if needs_round else None
    )


def make(job: PrintJob) -> PrintJob:
    seen: list[int] = []
    done = print_job_render(job_id=job.pk, progress=seen.append)
    assert done is not None
    assert seen[0] == 0
    assert seen == sorted(seen)
    return done
