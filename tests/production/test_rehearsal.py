"""A production rehearsal: the site deployed as the Docker image deploys it, from the
no-extras install (scripts/install-production.sh), and used as a deployer uses it.

The image's files are copied as docker/Dockerfile copies them (its runtime stage's COPY
lines); static files are collected under the production settings; a fresh database of its
own, with the roles the compose file's postgres service makes, is migrated by the entrypoint
as the tables' owner as gunicorn starts, and served as the site's role, which owns nothing;
the Celery worker, started first as docker/compose.yaml starts it, waits for that and then
answers its healthcheck. Then, over HTTP: an organiser made with createsuperuser takes an
API token, creates an event, seats and plays a round, prints every document and downloads
each with the token; the table card's QR code reads SITE_URL plus the console's path; pages
come with their static files under the site's Content-Security-Policy.
Last, the compose file's backup command and scripts/restore.sh bring the event back in a new
database whose ledgers verify_ledgers replays clean, and which gunicorn, restarted on it as
the site's role, reads and writes at once.
"""

from __future__ import annotations

import io
import re
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from pypdf import PdfReader

from tests.faults.servers import free_port
from tests.production.conftest import SITE_URL
from tests.production.deployment import COMPOSE, Deployment, deployed, image_command

pytestmark = pytest.mark.rehearsal

DOCUMENTS = ("table_cards", "fallback_sheets", "badges", "scoresheets", "bracket", "results")
PASSWORD = "rehearsal-Password-4711"


@pytest.fixture
def deployment(prod_venv: Path, tmp_path: Path) -> Iterator[Deployment]:
    with deployed(prod_venv, tmp_path) as d:
        yield d


# -- what the deployer checks -------------------------------------------------------------------


def read_qr_codes(pdf: bytes, tmp_path: Path) -> list[str]:
    """The QR codes on the PDF's first page, read from an image of the page (pdftoppm) by
    zxing-cpp (the test extra's)."""
    import zxingcpp
    from PIL import Image

    (tmp_path / "card.pdf").write_bytes(pdf)
    subprocess.run(  # noqa: S603 - fixed command, no shell
        [
            shutil.which("pdftoppm") or "pdftoppm",
            *("-r", "150", "-f", "1", "-l", "1", "-png", "-singlefile"),
            str(tmp_path / "card.pdf"),
            str(tmp_path / "card"),
        ],
        check=True,
        timeout=60,
    )
    with Image.open(tmp_path / "card.png") as page:
        return [code.text for code in zxingcpp.read_barcodes(page.convert("L"))]


def embedded_fonts(pdf: bytes, tmp_path: Path) -> set[str]:
    path = tmp_path / "fonts.pdf"
    path.write_bytes(pdf)
    listed = subprocess.run(  # noqa: S603 - fixed command, no shell
        [shutil.which("pdffonts") or "pdffonts", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()[2:]
    return {line.split()[0].split("+")[-1] for line in listed if line.strip()}


def assert_served_under_the_policy(deployment: Deployment, path: str) -> None:
    """The page answers with the site's CSP, runs no inline script or style, and every
    script and stylesheet it names is served from this site."""
    status, headers, body = deployment.http("GET", path, auth="None")
    assert status == 200, (path, status, body[:300])
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    html = body.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", html), path
    assert not re.search(r"\sstyle=", html), path
    assets = re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)
    assets += re.findall(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', html)
    assert assets, path
    for asset in assets:
        # This site's own (its files, or the scripts' words in a language), nothing from
        # elsewhere.
        assert asset.startswith(("/static/", "/i18n/js/")), asset
        status, headers, content = deployment.http("GET", asset, auth="None")
        assert status == 200, asset
        assert content
        kind = "javascript" if asset.endswith(".js") else "css"
        assert kind in headers["Content-Type"], (asset, headers["Content-Type"])


def assert_the_site_cannot_touch_the_ledger(database_url: str) -> None:
    """The site's role is no superuser and owns no table: it adds ledger entries, but cannot
    change them nor switch the ledger's triggers off."""
    with psycopg.connect(database_url, autocommit=True) as site:
        assert site.execute(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
        ).fetchone() == (False,)
        owned = site.execute(
            "SELECT count(*) FROM pg_tables"
            " WHERE schemaname = 'public' AND tableowner = current_user"
        ).fetchone()
        assert owned == (0,)
        assert site.execute("SELECT count(*) > 0 FROM banking_entry").fetchone() == (True,)
        for change in (
            "UPDATE banking_entry SET kind = kind",
            "ALTER TABLE banking_entry DISABLE TRIGGER USER",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                site.execute(change)


def worker_healthcheck(d: Deployment) -> subprocess.CompletedProcess[str]:
    """The compose file's healthcheck of the worker, in the worker's environment; the host
    name is the container's in Docker, this machine's here."""
    kind, command = COMPOSE["services"]["worker"]["healthcheck"]["test"]
    assert kind == "CMD-SHELL"
    return d.run(
        "sh",
        "-c",
        command.replace("$$", "$"),
        HOSTNAME=socket.gethostname(),
        OWNER_DATABASE_URL=None,
    )


# -- the rehearsal ------------------------------------------------------------------------------


def test_a_deployment_as_the_image_runs_it(deployment: Deployment, tmp_path: Path) -> None:
    d = deployment
    started = time.monotonic()

    def phase(name: str) -> None:
        print(f"{time.monotonic() - started:6.1f}s {name}")

    # A deployer who forgets the site's address is stopped before anything prints a wrong one.
    forgot = d.run("python", "manage.py", "check", SITE_URL=None)
    assert forgot.returncode != 0
    assert "SITE_URL" in forgot.stderr

    d.start_site()
    assert (d.app / "staticfiles" / "staticfiles.json").is_file()
    phase("migrated, web and worker up")

    made = d.run(
        "python",
        "manage.py",
        "createsuperuser",
        "--noinput",
        "--username=organiser",
        "--email=organiser@example.org",
        DJANGO_SUPERUSER_PASSWORD=PASSWORD,
    )
    assert made.returncode == 0, made.stderr
    d.token = d.api("POST", "/api/auth/token/", {"username": "organiser", "password": PASSWORD})[
        "token"
    ]

    event = d.api(
        "POST",
        "/api/events/",
        {"name": "Rehearsal Night", "date": "2026-12-05", "edition": "us", "entry_fee": 10},
    )
    assert event["time_zone"] == "Europe/London"  # the site's TIME_ZONE
    for name in ("Ada", "Brook", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"):
        d.api("POST", f"/api/events/{event['id']}/players/", {"name": name, "paid": 10})
    round_ = d.api("POST", f"/api/events/{event['id']}/rounds/", {})
    seating = d.api("POST", f"/api/rounds/{round_['id']}/seat/", {"seed": 7, "include_all": True})
    d.api("POST", f"/api/rounds/{round_['id']}/start/")
    tables = sorted(seating["tables"], key=lambda t: t["number"])
    for table in tables:
        bank = f"Table {table['key']}"
        for fields in ({"kind": "buy", "seat": 1, "space": 39}, {"kind": "pass_go", "seat": 2}):
            entry = {"id": str(uuid.uuid4()), **fields}
            d.api("POST", f"/api/tables/{table['id']}/entries/", entry, auth=bank)

    def print_(kind: str) -> bytes:
        body = {"kind": kind}
        if kind in ("table_cards", "fallback_sheets", "scoresheets"):
            body["round"] = round_["id"]
        job = d.api("POST", f"/api/events/{event['id']}/print-jobs/", body)
        deadline = time.monotonic() + 90
        while job["status"] not in ("done", "failed") and time.monotonic() < deadline:
            time.sleep(0.2)
            job = d.api("GET", f"/api/print-jobs/{job['id']}/")
        assert job["status"] == "done", f"{kind}: {job}\n{d.worker_log.read_text()[-3000:]}"
        assert job["file_url"].startswith(d.base + "/print/jobs/")
        status, headers, pdf = d.http("GET", job["file_url"])  # with the token
        assert status == 200, (kind, status)
        assert headers["Content-Type"] == "application/pdf"
        assert len(PdfReader(io.BytesIO(pdf)).pages) == job["pages"]
        return pdf

    phase("event played")
    pdfs = {kind: print_(kind) for kind in DOCUMENTS[:3]}
    phase("printed three")
    healthy = worker_healthcheck(d)
    assert healthy.returncode == 0, healthy.stdout + healthy.stderr
    assert_the_site_cannot_touch_the_ledger(d.env["DATABASE_URL"])
    # gunicorn runs without the owner's URL: start_site starts the worker, then the web server.
    web = d.processes[1]
    assert b"OWNER_DATABASE_URL=" not in Path(f"/proc/{web.pid}/environ").read_bytes()
    phase("roles and healthcheck checked")
    for page in ("/", "/accounts/login/", f"/console/{tables[1]['key']}/"):
        assert_served_under_the_policy(d, page)
    d.api("POST", f"/api/rounds/{round_['id']}/end/", {"force": True, "reason": "Rehearsal"})
    pdfs.update({kind: print_(kind) for kind in DOCUMENTS[3:]})
    phase("printed all")

    # The table card's QR code opens the console at the address people type.
    codes = read_qr_codes(pdfs["table_cards"], tmp_path)
    assert codes == [f"{SITE_URL}/console/{tables[0]['key']}/"]
    # Drawn with the fonts the stylesheet names (and the image installs).
    for kind, pdf in pdfs.items():
        fonts = embedded_fonts(pdf, tmp_path)
        assert fonts, kind
        families = {font.replace("-", "").replace(" ", "") for font in fonts}
        assert all(f.startswith(("LiberationSans", "DejaVuSans")) for f in families), fonts

    # The compose file's backup command, then a restore into a new database.
    backup_command = [
        str(tmp_path / "backups") if word == "/backups" else word
        for word in COMPOSE["services"]["backup"]["command"]
    ]
    phase("checked")
    backed_up = d.run(*backup_command)
    assert backed_up.returncode == 0, backed_up.stdout + backed_up.stderr
    dump = Path(backed_up.stdout.splitlines()[-1])
    media = dump.with_name(dump.name.removesuffix(".dump") + ".media.tar.gz")
    assert media.is_file(), backed_up.stdout
    name = d.env["DATABASE_URL"].rsplit("/", 1)[1]
    restored = d.run("scripts/restore.sh", str(dump), f"{name}_restored")
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert f"{len(tables)} ledger(s) checked: all match a replay." in restored.stdout
    phase("backed up and restored")

    # restore.sh says the restored database is ready: gunicorn restarted on it as the site's
    # role (not through the entrypoint, which would give the role its rights itself) reads
    # and writes at once, and still cannot touch the ledger.
    site_url = d.env["DATABASE_URL"] + "_restored"
    after = Deployment(
        d.app, {**d.env, "DATABASE_URL": site_url}, tmp_path, free_port(), entrypoint=()
    )
    after.token = d.token
    after.processes = d.processes  # stopped with the deployment's own
    after.web_log = after.start(
        "web-restored", image_command(after.port, 1), OWNER_DATABASE_URL=None
    )
    after.wait_answering(within=60)
    assert [e["name"] for e in after.api("GET", "/api/events/")] == ["Rehearsal Night"]
    after.api("POST", f"/api/events/{event['id']}/players/", {"name": "Ivy", "paid": 10})
    assert_the_site_cannot_touch_the_ledger(site_url)
    phase("served from the restored database")
