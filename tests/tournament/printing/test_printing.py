"""Printing: the print jobs' life, every document's content, the API, the print page and
the download, rendered in this process (the real worker is in test_printing_worker.py).

Page 1 of each document goes to tests/artifacts/print-<kind>.png for a person to look at.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.engine.money import money
from tests.conftest import client_for, organiser_elsewhere
from tests.factories import EventFactory
from tests.pdfs import pdf_text
from tests.played import NAMES, Night, end, night, play
from tests.print_jobs import job_for, make
from tournament.errors import Conflict, NotFound, Refusal
from tournament.models import Event, Player, PrintJob, Result, Round, Seat, Table
from tournament.player_links import player_page_url
from tournament.printing import jobs as services
from tournament.printing import registry
from tournament.printing import render as render_module
from tournament.printing.documents import badges
from tournament.printing.jobs import (
    print_job_request,
    print_job_retry,
    print_jobs_send_waiting,
)
from tournament.results.night import night_in_numbers

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "tests" / "artifacts"


def snapshot(path: str, name: str) -> Path:
    """Page 1 as a PNG in tests/artifacts/, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / name
    if tool := shutil.which("pdftoppm"):
        page_one = ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile"]
        subprocess.run([tool, *page_one, path, str(target)], check=True)  # noqa: S603
    return target.with_suffix(".png")


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


# -- Asking for a document ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_request_makes_the_row_first_and_sends_the_task_only_after_commit(
    monkeypatch, django_capture_on_commit_callbacks
):
    n = night(ended=False)
    sent: list[tuple[int, ...]] = []
    monkeypatch.setattr(
        "tournament.printing.tasks.render_print_job.apply_async",
        lambda args, **_: sent.append(args),
    )
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = print_job_request(
            event_id=n.event.pk, kind="table_cards", round_id=n.round.pk, requested_by=n.organiser
        )
        assert sent == []  # not before the row is committed
    assert len(callbacks) == 1
    assert sent == [(job.pk,)]
    job.refresh_from_db()
    assert (job.status, job.progress, job.attempts) == (PrintJob.Status.QUEUED, 0, 0)
    assert job.requested_by == n.organiser


@pytest.mark.django_db
def test_a_document_per_round_needs_one_of_the_events_rounds():
    n = night(ended=False)
    with pytest.raises(Refusal) as refused:
        print_job_request(event_id=n.event.pk, kind="scoresheets", requested_by=n.organiser)
    assert refused.value.code == "round_required"
    assert "Choose a round" in refused.value.detail
    elsewhere = night(ended=False)
    with pytest.raises(NotFound):
        print_job_request(
            event_id=n.event.pk, kind="scoresheets", round_id=elsewhere.round.pk, requested_by=None
        )
    with pytest.raises(Refusal) as unknown:
        print_job_request(event_id=n.event.pk, kind="posters", requested_by=n.organiser)
    assert "There is no document 'posters'" in unknown.value.detail


@pytest.mark.django_db
def test_an_event_wide_document_ignores_a_round():
    n = night(ended=False)
    job = print_job_request(
        event_id=n.event.pk, kind="badges", round_id=n.round.pk, requested_by=n.organiser
    )
    assert job.round_id is None


@pytest.mark.django_db
def test_a_broker_that_does_not_answer_leaves_the_job_waiting_to_be_sent_again(
    monkeypatch, django_capture_on_commit_callbacks
):
    n = night(ended=False)

    def down(*args: object, **options: object) -> None:
        raise OSError("Connection refused")

    monkeypatch.setattr("tournament.printing.tasks.render_print_job.apply_async", down)
    with django_capture_on_commit_callbacks(execute=True):
        job = print_job_request(event_id=n.event.pk, kind="badges", requested_by=n.organiser)
    job.refresh_from_db()
    assert (job.status, job.error, job.attempts) == (PrintJob.Status.WAITING, "", 0)
    assert print_jobs_send_waiting() == 0  # still down: it keeps waiting
    assert PrintJob.objects.get(pk=job.pk).status == PrintJob.Status.WAITING

    monkeypatch.undo()  # the broker is back (eager here: the task runs at once)
    assert print_jobs_send_waiting() == 1
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE, job.error


# -- The documents -------------------------------------------------------------------------


def _results(n: Night, round_: Round | None = None) -> list[Result]:
    return list(Result.objects.filter(round=round_ or n.round).select_related("player"))


@pytest.mark.django_db
def test_table_cards_show_the_seats_in_turn_order_and_the_consoles_link():
    n = night(ended=False)
    job = make(job_for(n, "table_cards"))
    assert job.status == PrintJob.Status.DONE, job.error
    tables = n.tables()
    assert job.pages == len(tables)
    text = pdf_text(job.file.path)
    first = tables[0]
    names = [seat.player.name for seat in first.seats.order_by("number")]
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)  # turn order
    assert f"http://127.0.0.1:8000/console/{first.key}/" in re.sub(r"\s+", "", text)
    assert "Rita Referee" in text
    snapshot(job.file.path, "print-table_cards")


@pytest.mark.django_db
def test_fallback_sheets_have_the_ledger_grid_and_the_starting_balances():
    n = night(ended=False)
    job = make(job_for(n, "fallback_sheets"))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.pages == len(n.tables())
    text = pdf_text(job.file.path)
    for heading in ("SEAT", "KIND", "SPACE / CARD", "AMOUNT", "TO / FROM", "BANKER'S"):
        assert heading in text
    assert text.count("$1,500") == Seat.objects.filter(table__round=n.round).count()
    snapshot(job.file.path, "print-fallback_sheets")


@pytest.mark.django_db
def test_scoresheets_show_each_seats_worth_its_deeds_and_the_tables_code():
    n = night()
    job = make(job_for(n, "scoresheets"))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.pages == len(n.tables())
    text = pdf_text(job.file.path)
    for result in _results(n):
        assert result.player.name in text
        assert money(result.net_worth, "$") in text
        assert money(result.cash, "$") in text
    for table in n.tables():
        assert table.verification_code
        assert table.verification_code in text
    assert "Mediterranean Avenue, 1 house" in text
    assert "Reading Railroad (mortgaged)" in text
    assert "GOES ON" in text
    assert "Signed," in text
    assert "NET WORTH AFTER EACH ENTRY" in text
    snapshot(job.file.path, "print-scoresheets")


@pytest.mark.django_db
def test_scoresheets_of_a_round_without_results_fail_with_the_reason():
    n = night(ended=False)
    job = make(job_for(n, "scoresheets"))
    assert job.status == PrintJob.Status.FAILED
    assert job.error == "Round 1 has no results yet: end the round before printing its scoresheets."
    assert not job.file
    assert job.finished_at is not None


@pytest.mark.django_db
def test_the_bracket_carries_who_went_on_to_the_final():
    n = night(final=True)
    job = make(job_for(n, "bracket"))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.pages == 1
    page = PdfReader(job.file.path).pages[0]
    assert page.mediabox.width > page.mediabox.height  # landscape
    text = pdf_text(job.file.path)
    assert "ROUND 1" in text
    assert "FINAL" in text
    going_on = Result.objects.filter(round=n.round, advances=True).select_related("player")
    assert going_on
    for result in going_on:
        assert result.player.name in text
    assert text.count("→ final") == going_on.count()
    snapshot(job.file.path, "print-bracket")


@pytest.mark.django_db
def test_the_results_show_the_winner_the_money_raised_and_every_table():
    n = night(final=True)
    job = make(job_for(n, "results"))
    assert job.status == PrintJob.Status.DONE, job.error
    text = pdf_text(job.file.path)
    winner = Result.objects.get(round=n.rounds[-1], rank=1)
    assert "WINNER OF THE FINAL" in text
    assert winner.player.name in text
    fees = sum(Player.objects.filter(event=n.event).values_list("paid", flat=True))
    assert str(fees) in text
    assert str(fees + 150) in text  # and the donation
    assert "Round winners" in text
    for table in n.tables():
        assert f"Table {table.number}" in text
        assert table.verification_code in text
    snapshot(job.file.path, "print-results")


@pytest.mark.django_db
def test_standings_after_a_round_rank_everyone_overall_with_their_table_rank_beside():
    n = night(players=12)  # three tables: three players ranked first at their table
    job = make(job_for(n, "results"))
    text = pdf_text(job.file.path)
    standings = text[text.index("Standings after") : text.index("Round winners")]
    places = re.findall(r"^\s*(\d+)=? ", standings, re.M)
    assert [int(p) for p in places] == sorted(int(p) for p in places)
    # The three table winners are not all "1": the third of them is third overall (the
    # first two are level on net worth, so they share first place, marked "=").
    assert places[:3] == ["1", "1", "3"]
    assert "1=" in standings
    assert "PLACE" in standings
    assert "#1 at table" in standings


@pytest.mark.django_db
def test_the_night_in_numbers_is_one_page_of_the_nights_figures():
    n = night(final=True)
    job = make(job_for(n, "night"))
    assert job.status == PrintJob.Status.DONE, job.error
    assert len(PdfReader(job.file.path).pages) == 1
    text = pdf_text(job.file.path)
    figures = night_in_numbers(event_id=n.event.pk)
    for figure in figures:
        if figure.unit == "name":
            assert figure.value in text
            continue
        assert figure.label in text
        if figure.unit == "money":
            assert money(figure.value) in text
    winner = Result.objects.get(round=n.rounds[-1], rank=1)
    assert "WINNER OF THE FINAL" in text
    assert winner.player.name in text
    assert money(8 * 20 + 150) in text  # eight fees of 20 and a donation of 150
    snapshot(job.file.path, "print-night")


@pytest.mark.django_db
def test_badges_hold_each_players_name_and_link():
    n = night(players=12, ended=False)
    job = make(job_for(n, "badges"))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.pages == 2  # ten badges an A4 sheet
    text = pdf_text(job.file.path)
    for player in Player.objects.filter(event=n.event):
        assert player.name in text
    parts = badges(job)
    links = [badge["link"] for part in parts.items for badge in part["badges"]]
    players = Player.objects.filter(event=n.event).order_by("name", "id")
    assert links == [player_page_url(p.token) for p in players]  # their own page: check-in
    assert links[0].endswith(f"/p/{players[0].token}/")
    snapshot(job.file.path, "print-badges")


def _bracket_of_64_tables() -> Event:
    """Rounds of 64, 16 and 4 tables and a final of 4, ended, written straight to the tables
    (the services would take minutes to play 85 tables)."""
    event = EventFactory(name="Grand Monopoly Night")
    players = Player.objects.bulk_create(
        Player(event=event, name=f"Player {n:03d} {NAMES[n % len(NAMES)]}") for n in range(256)
    )
    entrants = players
    for number, tables in ((1, 64), (2, 16), (3, 4), (4, 1)):
        kind = Round.Kind.FINAL if tables == 1 else Round.Kind.PRELIMINARY
        round_ = Round.objects.create(
            event=event, number=number, kind=kind, status=Round.Status.ENDED
        )
        winners = []
        for t in range(tables):
            table = Table.objects.create(round=round_, number=t + 1, status=Table.Status.CLOSED)
            at_table = entrants[t * 4 : t * 4 + 4]
            seats = Seat.objects.bulk_create(
                Seat(table=table, number=s + 1, player=p) for s, p in enumerate(at_table)
            )
            Result.objects.bulk_create(
                Result(seat=seat, round=round_, player=seat.player, cash=1000 + 40 * (4 - s),
                       property_value=200, building_value=0, net_worth=1200 + 40 * (4 - s),
                       rank=s + 1, advances=s == 0)
                for s, seat in enumerate(seats)
            )  # fmt: skip
            winners.append(at_table[0])
        entrants = winners
    return event


@pytest.mark.django_db
def test_a_bracket_of_64_tables_fits_one_landscape_page():
    event = _bracket_of_64_tables()
    job = make(PrintJob.objects.create(event=event, kind="bracket"))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.pages == 1
    page = PdfReader(job.file.path).pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    assert width > height
    assert (round(width), round(height)) in ((842, 595), (1191, 842))  # A4 or A3 landscape
    text = pdf_text(job.file.path)
    assert "Table 64" in text
    assert "Player 000" in text  # the final's winner, carried across every round
    assert "Player 255" in text
    snapshot(job.file.path, "print-bracket-64-tables")


def test_a_document_loads_nothing_from_files_or_the_network(caplog, tmp_path):
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"not for print")
    html = f'<p>Hello</p><img src="file://{secret}"><img src="http://127.0.0.1:9/x.png">'
    pdf = render_module.pdf_of_html(html)
    assert pdf.startswith(b"%PDF")
    refused = [r.getMessage() for r in caplog.records if "disallowed protocol" in r.getMessage()]
    assert len(refused) == 2, [r.getMessage() for r in caplog.records]


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["table_cards", "fallback_sheets", "scoresheets"])
def test_a_table_of_eight_still_gets_one_page(kind):
    n = night(players=16, table_size=8)
    assert {t.seats.count() for t in n.tables()} == {8}
    job = make(job_for(n, kind))
    assert job.status == PrintJob.Status.DONE, job.error
    assert job.pages == len(n.tables())
    snapshot(job.file.path, f"print-{kind}-eight-seats")


# -- Running again, retrying, progress --------------------------------------------------------


def _job_files(media: Path, job: PrintJob) -> list[str]:
    folder = media / "prints"
    return sorted(p.name for p in folder.iterdir() if f"-job{job.pk}" in p.name)


@pytest.mark.django_db
def test_making_a_job_twice_leaves_one_file(media):
    n = night(ended=False)
    job = make(job_for(n, "table_cards"))
    first = job.file.name
    job = make(job)
    assert job.status == PrintJob.Status.DONE
    assert job.attempts == 2
    assert job.file.name != first
    assert _job_files(media, job) == [Path(job.file.name).name]


@pytest.mark.django_db
def test_a_failed_job_can_be_retried_once_its_cause_is_fixed(
    django_capture_on_commit_callbacks,
):
    n = night(ended=False)
    job = make(job_for(n, "scoresheets"))
    assert job.status == PrintJob.Status.FAILED
    play(n.round)
    end(n.round, n.referee)
    with django_capture_on_commit_callbacks(execute=True):  # eager: the task runs here
        print_job_retry(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE, job.error
    assert (job.error, job.progress, job.attempts) == ("", 100, 2)


@pytest.mark.django_db
def test_a_job_still_queued_is_not_queued_twice():
    n = night(ended=False)
    job = job_for(n, "badges")
    with pytest.raises(Conflict) as refused:
        print_job_retry(job_id=job.pk)
    assert refused.value.code == "job_busy"


@pytest.mark.django_db
def test_a_renderer_that_breaks_fails_the_job_with_its_message(monkeypatch):
    n = night(ended=False)
    document = registry.DOCUMENTS["badges"]

    def broken(job: PrintJob) -> registry.Parts:
        raise RuntimeError("The badge printer caught fire")

    monkeypatch.setitem(registry.DOCUMENTS, "badges", dataclasses.replace(document, parts=broken))
    job = make(job_for(n, "badges"))
    assert job.status == PrintJob.Status.FAILED
    assert job.error == "The badge printer caught fire"


@pytest.mark.django_db
def test_progress_is_written_in_steps_and_never_goes_back(monkeypatch):
    n = night(ended=False)
    job = job_for(n, "badges")
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.RUNNING)
    clock = iter([0.0, 0.1, 0.2, 0.3, 2.0, 2.1, 2.2])
    monkeypatch.setattr(services.time, "monotonic", lambda: next(clock))
    report = services.row_progress(job.pk)
    writes = []
    for percent in (0, 2, 6, 7, 8, 5, 100):
        report(percent)
        writes.append(PrintJob.objects.get(pk=job.pk).progress)
    # 2 is the first move; 6 comes too soon after it; 7 is a step of five; 8 comes after a
    # second; 5 would go back; 100 always counts.
    assert writes == [0, 2, 2, 7, 8, 8, 100]


# -- The API -----------------------------------------------------------------------------


def _callers(n: Night) -> dict[str, Any]:
    return {
        "anonymous": client_for(),
        "banker": client_for(table_key=n.tables()[0].key),
        "referee": client_for(n.referee),
        "other_organiser": client_for(organiser_elsewhere()),
        "organiser": client_for(n.organiser),
    }


ENDPOINTS = [
    ("GET", "api-print-jobs", "event", 200),
    ("POST", "api-print-jobs", "event", 201),
    ("GET", "api-print-job", "job", 200),
    ("POST", "api-print-job-retry", "job", 200),
]
STATUSES = {"anonymous": 401, "banker": 403, "referee": 403, "other_organiser": 403}


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "name", "on", "ok"), ENDPOINTS)
@pytest.mark.parametrize("caller", [*STATUSES, "organiser"])
def test_who_may_use_the_print_api(method, name, on, ok, caller):
    n = night(ended=False)
    job = job_for(n, "badges")
    PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.FAILED, error="Jammed")
    url = reverse(name, args=[n.event.pk if on == "event" else job.pk])
    client = _callers(n)[caller]
    if method == "GET":
        response = client.get(url)
    else:
        response = client.post(url, {"kind": "badges"}, format="json")
    expected = ok if caller == "organiser" else STATUSES[caller]
    assert response.status_code == expected, response.content[:300]
    if expected >= 400:
        assert set(response.json()) == {"error", "detail"}


@pytest.mark.django_db
def test_the_api_follows_a_job_to_its_file(django_capture_on_commit_callbacks):
    n = night()
    client = client_for(n.organiser)
    with django_capture_on_commit_callbacks(execute=True):  # eager: the task runs at commit
        created = client.post(
            f"/api/events/{n.event.pk}/print-jobs/",
            {"kind": "scoresheets", "round": n.round.pk},
            format="json",
        )
    assert created.status_code == 201, created.json()
    assert created.json()["status"] == "queued"
    assert created.json()["round_label"] == "Round 1"
    job = client.get(f"/api/print-jobs/{created.json()['id']}/").json()
    assert job["status"] == "done", job["error"]
    assert job["progress"] == 100
    assert job["pages"] == len(n.tables())
    assert job["file_url"] == f"http://testserver/print/jobs/{job['id']}/download/"
    listed = client.get(f"/api/events/{n.event.pk}/print-jobs/").json()
    assert [j["id"] for j in listed] == [job["id"]]


@pytest.mark.django_db
def test_the_api_refuses_clearly(django_capture_on_commit_callbacks):
    n = night(ended=False)
    client = client_for(n.organiser)
    no_round = client.post(
        f"/api/events/{n.event.pk}/print-jobs/", {"kind": "scoresheets"}, format="json"
    )
    assert no_round.status_code == 400
    assert no_round.json()["error"] == "round_required"
    bad_kind = client.post(
        f"/api/events/{n.event.pk}/print-jobs/", {"kind": "posters"}, format="json"
    )
    assert bad_kind.status_code == 400
    job = job_for(n, "badges")
    busy = client.post(f"/api/print-jobs/{job.pk}/retry/")
    assert busy.status_code == 409
    assert busy.json()["detail"] == "This document is already being made: wait for it to finish."
    assert client.get("/api/print-jobs/999999/").status_code == 404


# -- The download and the print page ------------------------------------------------------


@pytest.mark.django_db
def test_only_the_events_organisers_download_its_pdf(client):
    n = night(ended=False)
    job = make(job_for(n, "badges"))
    url = reverse("print-job-download", args=[job.pk])
    assert client.get(url).status_code == 302  # to log in
    client.force_login(n.referee)
    assert client.get(url).status_code == 403
    client.force_login(n.organiser)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "private, no-store"
    body = b"".join(response.streaming_content)
    assert body.startswith(b"%PDF")
    assert len(PdfReader(io.BytesIO(body)).pages) == job.pages
    saved = client.get(url + "?download=1")
    assert saved["Content-Disposition"].startswith("attachment;")
    assert "spring-monopoly-night-badges.pdf" in saved["Content-Disposition"]


@pytest.mark.django_db
def test_a_pdf_not_made_yet_is_not_found(client):
    n = night(ended=False)
    job = job_for(n, "badges")
    client.force_login(n.organiser)
    assert client.get(reverse("print-job-download", args=[job.pk])).status_code == 404


@pytest.mark.django_db
def test_the_print_page_offers_every_document_to_organisers_only(client):
    n = night()
    url = reverse("print-page", args=[n.event.pk])
    assert client.get(url).status_code == 302
    client.force_login(n.referee)
    assert client.get(url).status_code == 403
    client.force_login(n.organiser)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    for kind, label in PrintJob.Kind.choices:
        assert f'value="{kind}"' in html
        assert str(label) in html
    assert html.count('name="round"') == 3  # table cards, fallback sheets, scoresheets
    assert "js/print.js" in html


@pytest.mark.django_db
def test_the_print_page_works_without_javascript(client, django_capture_on_commit_callbacks):
    n = night(ended=False)
    client.force_login(n.organiser)
    url = reverse("print-page", args=[n.event.pk])
    with django_capture_on_commit_callbacks(execute=True):
        posted = client.post(url, {"kind": "scoresheets", "round": n.round.pk})
    assert posted.status_code == 302
    html = client.get(url).content.decode()
    assert "Failed" in html
    assert "Round 1 has no results yet" in html
    assert "Retry" in html
    job = PrintJob.objects.get(event=n.event)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("print-job-retry", args=[job.pk]))
    job.refresh_from_db()
    assert job.status == PrintJob.Status.FAILED  # the round still has no results
    assert job.attempts == 2


# -- The benchmark feeds the real renderer the real shape -----------------------------------


@pytest.mark.django_db
def test_the_benchmarks_scoresheets_have_the_shape_the_task_gives_the_renderer():
    spec = importlib.util.spec_from_file_location("bench_print", ROOT / "bench" / "print.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    n = night()
    real = next(iter(registry.DOCUMENTS["scoresheets"].parts(job_for(n, "scoresheets")).items))
    made = next(bench.scoresheet_items(1))
    assert set(made) == set(real)
    assert set(made["seats"][0]) == set(real["seats"][0])
    deed = next(d for seat in real["seats"] for d in seat["deeds"])
    assert set(made["seats"][0]["deeds"][0]) == set(deed)
