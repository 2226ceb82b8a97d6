"""A production rehearsal: the site deployed as the Docker image deploys it, from the
no-extras install (scripts/install-production.sh), and used as a deployer uses it.

The image's files are copied as docker/Dockerfile copies them (its runtime stage's COPY
lines); static files are collected under the production settings; a fresh database of its
own is migrated by the entrypoint as gunicorn starts, while the Celery worker, started first
as docker/compose.yaml starts it, waits for that. Then, over HTTP: an organiser made with
createsuperuser takes an API token, creates an event, seats and plays a round, prints every
document and downloads each with the token; the table card's QR code reads SITE_URL plus the
console's path; pages come with their static files under the site's Content-Security-Policy.
Last, the compose file's backup command and scripts/restore.sh bring the event back in a new
database whose ledgers verify_ledgers replays clean.
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml
from pypdf import PdfReader

from tests.faults.servers import RedisServer, free_port, stop_process, wait_until
from tests.production.conftest import SITE_URL, production_env
from tests.production.venv import ARTIFACTS, ROOT

pytestmark = pytest.mark.rehearsal

DOCKERFILE = (ROOT / "docker" / "Dockerfile").read_text()
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
SERVER = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/monopoly_night")
PASSWORD = "rehearsal-Password-4711"
DOCUMENTS = ("table_cards", "fallback_sheets", "badges", "scoresheets", "bracket", "results")


# -- the image's files, servers and processes ------------------------------------------------


def copy_as_the_image_does(app: Path) -> None:
    """The runtime stage's `COPY <sources> <destination>` lines from the build context (the
    repository); static/vendor/ is the front-end stage's, made by vendor-static.sh here."""
    runtime = DOCKERFILE[DOCKERFILE.index("AS runtime") :]
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for line in re.findall(r"^COPY (.+)$", runtime, flags=re.MULTILINE):
        words = shlex.split(line)
        if words[0].startswith("--from"):
            continue
        modes = [int(w.split("=")[1], 8) for w in words if w.startswith("--chmod=")]
        *sources, destination = [w for w in words if not w.startswith("--chmod")]
        for source in sources:
            origin = ROOT / source
            target = app / destination
            if origin.is_dir():
                shutil.copytree(origin, target, ignore=ignore, dirs_exist_ok=True)
                continue
            if destination.endswith("/"):
                target.mkdir(parents=True, exist_ok=True)
                target = target / origin.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, target)
            if modes:
                target.chmod(modes[0])
    assert (app / "static" / "vendor" / "jsqr" / "jsQR.js").is_file(), "run vendor-static.sh"


def collect_static(d: Deployment) -> None:
    """The image's build step `manage.py collectstatic` under the production settings. Its
    output is kept under tests/artifacts/ by a fingerprint of what it is made from (the
    static files, the settings, the install), as Docker keeps the layer: compressing the
    files (gzip and brotli) costs about a minute of CPU, paid again only when they change."""
    digest = hashlib.sha256(d.env["PATH"].split(":")[0].encode())  # the install's fingerprint
    for path in sorted(
        [*(ROOT / "static").rglob("*"), *(ROOT / "tournament/settings").glob("*.py")]
    ):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    cache = ARTIFACTS / f"staticfiles-{digest.hexdigest()[:12]}"
    target = d.app / "staticfiles"
    with (ARTIFACTS / "staticfiles.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (cache / "staticfiles.json").is_file():
            collected = d.run("python", "manage.py", "collectstatic", "--noinput")
            assert collected.returncode == 0, collected.stderr
            for old in ARTIFACTS.glob("staticfiles-*"):
                shutil.rmtree(old, ignore_errors=True)
            shutil.copytree(target, cache)
        elif not target.exists():
            shutil.copytree(cache, target)


def database_url(name: str) -> str:
    return SERVER.rsplit("/", 1)[0] + "/" + name


def admin(statement: str) -> None:
    with psycopg.connect(database_url("postgres"), autocommit=True) as connection:
        connection.execute(statement)


def image_command() -> list[str]:
    """The image's CMD (gunicorn), bound to this machine's loopback and 2 workers."""
    command = json.loads(re.search(r"^CMD (\[.*\])$", DOCKERFILE, re.MULTILINE).group(1))
    command[command.index("--bind") + 1] = f"127.0.0.1:{PORT}"
    command[command.index("--workers") + 1] = "2"
    return command


PORT = free_port()
BASE = f"http://127.0.0.1:{PORT}"


class Deployment:
    def __init__(self, app: Path, env: dict[str, str], logs: Path) -> None:
        self.app, self.env, self.logs = app, env, logs
        self.processes: list[subprocess.Popen[bytes]] = []
        self.token = ""

    def run(self, *command: str, **extra: str | None) -> subprocess.CompletedProcess[str]:
        """A command in the app's folder; a variable given as None is left out."""
        env = {k: v for k, v in {**self.env, **extra}.items() if v is not None}
        return subprocess.run(  # noqa: S603 - our own commands, no shell
            [*command],
            cwd=self.app,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    def start(self, name: str, command: list[str]) -> Path:
        """A command through the image's entrypoint, as a container runs it."""
        log = self.logs / f"{name}.log"
        with log.open("wb") as out:
            self.processes.append(
                subprocess.Popen(  # noqa: S603 - our own command line, no shell
                    [str(self.app / "docker" / "entrypoint.sh"), *command],
                    cwd=self.app,
                    env=self.env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        return log

    def http(
        self, method: str, path: str, body: Any = None, *, auth: str | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        headers = {"Host": f"127.0.0.1:{PORT}"}
        if auth or self.token:
            headers["Authorization"] = auth or f"Token {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        url = path if path.startswith("http") else BASE + path
        request = urllib.request.Request(url, data=data, method=method, headers=headers)  # noqa: S310
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as refused:
            return refused.code, dict(refused.headers), refused.read()

    def api(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        status, _, content = self.http(method, path, body, **kw)
        assert status < 300, f"{method} {path}: {status} {content[:500]!r}"
        return json.loads(content) if content else None


@pytest.fixture
def deployment(prod_venv: Path, tmp_path: Path) -> Iterator[Deployment]:
    app = tmp_path / "app"
    copy_as_the_image_does(app)
    (app / "media").mkdir()
    name = f"mn_rehearsal_{uuid.uuid4().hex[:8]}"
    admin(f'CREATE DATABASE "{name}"')
    redis = RedisServer(free_port())
    redis.start()
    env = production_env(
        prod_venv,
        PYTHONPATH=str(app),
        DATABASE_URL=database_url(name),
        CELERY_BROKER_URL=redis.url,
        MEDIA_ROOT=str(app / "media"),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="false",  # the compose file's default
        TIME_ZONE="Europe/London",
    )
    deployment = Deployment(app, env, tmp_path)
    try:
        yield deployment
    finally:
        for process in reversed(deployment.processes):
            stop_process(process, timeout=30)
        redis.stop()
        for database in (name, f"{name}_restored"):
            admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


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
        assert asset.startswith("/static/"), asset  # this site's own, nothing from elsewhere
        status, headers, content = deployment.http("GET", asset, auth="None")
        assert status == 200, asset
        assert content
        kind = "javascript" if asset.endswith(".js") else "css"
        assert kind in headers["Content-Type"], (asset, headers["Content-Type"])


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

    collect_static(d)
    assert (d.app / "staticfiles" / "staticfiles.json").is_file()

    phase("static files collected")
    # The worker first, as compose may start it: it waits for the web container's migrations.
    worker_command = COMPOSE["services"]["worker"]["command"]
    worker_log = d.start("worker", worker_command)
    wait_until(
        lambda: "Waiting for the database to be migrated" in worker_log.read_text(),
        within=60,
        what="the worker waiting for the migrations",
    )
    web_log = d.start("web", image_command())

    def answers() -> bool:
        try:
            return d.http("GET", "/", auth="None")[0] == 200
        except OSError:
            return False

    wait_until(answers, within=120, what=f"gunicorn answering:\n{web_log.read_text()}")
    wait_until(lambda: " ready." in worker_log.read_text(), within=90, what="the worker ready")
    assert "ProgrammingError" not in worker_log.read_text()
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
        assert job["status"] == "done", f"{kind}: {job}\n{worker_log.read_text()[-3000:]}"
        assert job["file_url"].startswith(BASE + "/print/jobs/")
        status, headers, pdf = d.http("GET", job["file_url"])  # with the token
        assert status == 200, (kind, status)
        assert headers["Content-Type"] == "application/pdf"
        assert len(PdfReader(io.BytesIO(pdf)).pages) == job["pages"]
        return pdf

    phase("event played")
    pdfs = {kind: print_(kind) for kind in DOCUMENTS[:3]}
    phase("printed three")
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
