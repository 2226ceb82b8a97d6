"""Paper speaks the event's language: whoever asks for a document, in whatever language
their browser speaks (an eager task makes it in their request), and whichever worker makes
it, its money is in the event's currency as the event's language writes it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from tests.pdfs import pdf_text
from tests.played import Night, night
from tests.print_jobs import job_for, make
from tournament.models import PrintJob
from tournament.printing.registry import DOCUMENTS
from tournament.printing.render import html_of
from tournament.services.events import donation_add

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def printed(n: Night, kind: str, asked_in: str) -> str:
    """The document's text on one line (every space, the no-break ones too, one space),
    made while `asked_in` is the language spoken."""
    with translation.override(asked_in):
        job = make(job_for(n, kind))
    assert job.status == PrintJob.Status.DONE, job.error
    return re.sub(r"\s+", " ", pdf_text(job.file.path))


def euro_night(language: str) -> Night:
    """A played night in euros whose donations come to 1091 (150 given by the night)."""
    n = night(language=language, currency="EUR")
    donation_add(event_id=n.event.pk, donor="Bäckerei Müller", amount=941, note="")
    return n


@pytest.mark.parametrize("asked_in", ["en", "fr"])
def test_a_german_euro_event_prints_its_money_in_german(asked_in):
    text = printed(euro_night("de"), "results", asked_in)
    assert "1.091 €" in text  # the donations
    assert "€1,091" not in text
    assert "1 091 €" not in text
    assert "$" not in text


def test_a_french_euro_event_prints_its_money_in_french_whoever_asks():
    text = printed(euro_night("fr"), "results", "de")
    assert "1 091 €" in text
    assert "1.091 €" not in text


def test_the_scoresheets_figures_are_in_the_events_currency():
    n = euro_night("de")
    text = printed(n, "scoresheets", "en")
    assert "€" in text
    assert "$" not in text


def test_the_printed_page_names_the_events_language():
    n = euro_night("es")
    document = DOCUMENTS["fallback_sheets"]
    with translation.override("es"):
        html = html_of(document, [])
    assert '<html lang="es">' in html
    with translation.override("en"):
        job = make(job_for(n, "fallback_sheets"))
    text = re.sub(r"\s+", " ", pdf_text(job.file.path))
    assert "1.500 €" in text  # each seat's starting cash, as Spanish writes it
