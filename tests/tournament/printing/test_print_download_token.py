"""A script downloads its PDFs with its API token (`Authorization: Token ...`), as it asked
for them: the job's `file_url` answers the event's organisers, whichever way they sign in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.played import night
from tests.print_jobs import job_for, make
from tournament.http.tokens import token_issue
from tournament.models import ApiToken

pytestmark = pytest.mark.django_db


def token_header(user) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Token {token_issue(user, 'print script')[1]}"}


def test_an_organiser_downloads_the_pdf_with_a_token(client):
    n = night(ended=False)
    job = make(job_for(n, "badges"))
    response = client.get(reverse("print-job-download", args=[job.pk]), **token_header(n.organiser))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_a_token_of_someone_else_or_none_at_all_is_refused(client):
    n = night(ended=False)
    job = make(job_for(n, "badges"))
    url = reverse("print-job-download", args=[job.pk])
    assert client.get(url, **token_header(n.referee)).status_code == 403
    unknown = client.get(url, HTTP_AUTHORIZATION="Token not-a-token")
    assert unknown.status_code == 401
    assert unknown["WWW-Authenticate"] == "Token"
    assert client.get(url).status_code == 302  # a browser without a session: to log in


def test_an_expired_token_downloads_nothing(client):
    import datetime

    n = night(ended=False)
    job = make(job_for(n, "table_cards"))  # their QR codes open the consoles
    header = token_header(n.organiser)
    ApiToken.objects.filter(user=n.organiser).update(
        created=datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=12, minutes=1)
    )

    response = client.get(reverse("print-job-download", args=[job.pk]), **header)

    assert response.status_code == 401
    assert b"%PDF" not in response.content


def test_what_the_database_holds_of_a_token_downloads_nothing(client):
    n = night(ended=False)
    job = make(job_for(n, "badges"))
    token_header(n.organiser)
    url = reverse("print-job-download", args=[job.pk])
    (digest,) = ApiToken.objects.filter(user=n.organiser).values_list("digest", flat=True)

    response = client.get(url, HTTP_AUTHORIZATION=f"Token {digest}")

    assert response.status_code == 401
    assert b"%PDF" not in response.content
