"""The site deployed as the Docker image deploys it, for the tests that use it whole: the
image's files copied as docker/Dockerfile copies them, the no-extras install (venv.py), static
files collected under the production settings, a database and a Redis of its own, the
database's two roles made by the postgres service's init script (docker/postgres-roles.sh: the
tables' owner, and the site's role that owns nothing), then the Celery worker and gunicorn
started through the image's entrypoint with compose's two URLs, as docker/compose.yaml starts
them. Or the same files served as `make run` serves them on a laptop.

`deployed(prod_venv, tmp_path)` yields a `Deployment` not yet started; `Deployment.start_site()`
starts the worker (which waits for the migrations) and then gunicorn (which applies them).
`served_as_make_run_serves(tmp_path)` yields one already serving: the development settings
with nothing set (SQLite, tasks run in the web process, DEBUG on), migrated, the demo event
loaded, and Django's runserver.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import yaml

from tests.faults.servers import RedisServer, free_port, stop_process, wait_until
from tests.production.conftest import process_env, production_env
from tests.production.venv import ARTIFACTS, ROOT

DOCKERFILE = (ROOT / "docker" / "Dockerfile").read_text()
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
SERVER = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/monopoly_night")


# -- the image's files, servers and processes ------------------------------------------------


def copy_as_the_image_does(app: Path) -> None:
    """The runtime stage's `COPY <sources> <destination>` lines from the build context (the
    repository); static/vendor/ is the front-end stage's, made by vendor-static.sh here, and
    locale/ the build stage's: the catalogues compiled as it compiles them."""
    runtime = DOCKERFILE[DOCKERFILE.index("AS runtime") :]
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for line in re.findall(r"^COPY (.+)$", runtime, flags=re.MULTILINE):
        words = shlex.split(line)
        if words[0] == "--from=build" and words[1] == "/src/locale/":
            compile_catalogues(app / words[2])
            continue
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
    for vendored in ("jsqr/jsQR.js", "htmx.org/htmx.min.js"):
        assert (app / "static" / "vendor" / vendored).is_file(), "run vendor-static.sh"


def compile_catalogues(target: Path) -> None:
    """The build stage's `compilemessages`: the repository's catalogues, each compiled by
    gettext's msgfmt into `target`, as Django's command compiles it."""
    for catalogue in (ROOT / "locale").glob("*/LC_MESSAGES/*.po"):
        compiled = target / catalogue.relative_to(ROOT / "locale").with_suffix(".mo")
        compiled.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(  # noqa: S603 - gettext's compiler, fixed arguments
            [
                shutil.which("msgfmt") or "msgfmt",
                "--check",
                "-o",
                str(compiled),
                str(catalogue),
            ],
            check=True,
        )


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


def compose_default(value: str) -> str:
    """A value of the compose file as compose reads it with nothing set: ${NAME:-default}."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value)


def make_roles_as_compose_does(database: str) -> dict[str, str]:
    """The postgres service's init script, run as the postgres image runs it on a new volume
    (as its superuser, after creating POSTGRES_DB), for `database`. Roles belong to the whole
    server, so each gets a name of its own. Returns the web container's OWNER_DATABASE_URL and
    DATABASE_URL for them, on this server."""
    service = COMPOSE["services"]["postgres"]
    postgres = {name: compose_default(str(value)) for name, value in service["environment"].items()}
    script = next(
        volume.split(":")[0]
        for volume in service["volumes"]
        if "/docker-entrypoint-initdb.d/" in volume
    )
    server = urlsplit(SERVER)
    renamed = {postgres["OWNER_ROLE"]: f"{database}_owner", postgres["APP_ROLE"]: f"{database}_app"}
    made = subprocess.run(  # noqa: S603 - the compose file's own script, no shell
        [str(ROOT / "docker" / script)],
        env={
            "PATH": os.environ["PATH"],
            **postgres,
            "POSTGRES_USER": server.username or "postgres",
            "POSTGRES_DB": database,
            "OWNER_ROLE": renamed[postgres["OWNER_ROLE"]],
            "APP_ROLE": renamed[postgres["APP_ROLE"]],
            "PGHOST": server.hostname or "127.0.0.1",
            "PGPORT": str(server.port or 5432),
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    web = COMPOSE["services"]["web"]["environment"]
    urls = {}
    for variable in ("OWNER_DATABASE_URL", "DATABASE_URL"):
        url = urlsplit(compose_default(web[variable]))
        netloc = f"{renamed[url.username]}:{url.password}@{server.hostname}:{server.port or 5432}"
        urls[variable] = url._replace(netloc=netloc, path=f"/{database}").geturl()
    return urls


def drop_roles(database: str) -> None:
    for role in (f"{database}_app", f"{database}_owner"):
        admin(f'DROP ROLE IF EXISTS "{role}"')


def image_command(port: int, workers: int) -> list[str]:
    """The image's CMD (gunicorn), bound to this machine's loopback with `workers` workers."""
    command = json.loads(re.search(r"^CMD (\[.*\])$", DOCKERFILE, re.MULTILINE).group(1))
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    command[command.index("--workers") + 1] = str(workers)
    return command


class Deployment:
    def __init__(
        self,
        app: Path,
        env: dict[str, str],
        logs: Path,
        port: int,
        *,
        entrypoint: tuple[str, ...] = ("docker/entrypoint.sh",),
    ) -> None:
        self.app, self.env, self.logs = app, env, logs
        self.port = port
        self.entrypoint = [str(app / command) for command in entrypoint]
        self.base = f"http://127.0.0.1:{port}"
        self.processes: list[subprocess.Popen[bytes]] = []
        self.token = ""
        self.worker_log = self.web_log = logs / "unstarted.log"

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

    def start(self, name: str, command: list[str], **extra: str | None) -> Path:
        """A command through the entrypoint (the image's, as a container runs it), if any; a
        variable given as None is left out of its environment."""
        log = self.logs / f"{name}.log"
        env = {k: v for k, v in {**self.env, **extra}.items() if v is not None}
        with log.open("wb") as out:
            self.processes.append(
                subprocess.Popen(  # noqa: S603 - our own command line, no shell
                    [*self.entrypoint, *command],
                    cwd=self.app,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        return log

    def start_site(self, *, workers: int = 2) -> None:
        """Static files collected, then the worker first, as compose may start it (with the
        site's URL only): it waits for the web container's migrations; then gunicorn, which
        applies them as the owner."""
        collect_static(self)
        self.worker_log = self.start(
            "worker", COMPOSE["services"]["worker"]["command"], OWNER_DATABASE_URL=None
        )
        wait_until(
            lambda: "Waiting for the database to be migrated" in self.worker_log.read_text(),
            within=60,
            what="the worker waiting for the migrations",
        )
        self.web_log = self.start("web", image_command(self.port, workers))
        self.wait_answering(within=120)
        wait_until(
            lambda: " ready." in self.worker_log.read_text(), within=90, what="the worker ready"
        )
        assert "ProgrammingError" not in self.worker_log.read_text()

    def wait_answering(self, *, within: float) -> None:
        def answers() -> bool:
            try:
                return self.http("GET", "/", auth="None")[0] == 200
            except OSError:
                return False

        wait_until(answers, within=within, what=f"the site answering:\n{self.web_log.read_text()}")

    def http(
        self, method: str, path: str, body: Any = None, *, auth: str | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if auth or self.token:
            headers["Authorization"] = auth or f"Token {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        url = path if path.startswith("http") else self.base + path
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


@contextmanager
def deployed(prod_venv: Path, tmp_path: Path, **settings: str) -> Iterator[Deployment]:
    """A deployment in `tmp_path` with a database, its roles and a Redis of its own, its
    processes stopped and its databases and roles dropped afterwards; `settings` override its
    environment."""
    app = tmp_path / "app"
    copy_as_the_image_does(app)
    (app / "media").mkdir()
    name = f"mn_rehearsal_{uuid.uuid4().hex[:8]}"
    admin(f'CREATE DATABASE "{name}"')
    redis = RedisServer(free_port())
    deployment = None
    try:
        urls = make_roles_as_compose_does(name)
        redis.start()
        env = production_env(
            prod_venv,
            **{
                "PYTHONPATH": str(app),
                **urls,
                "CELERY_BROKER_URL": redis.url,
                "MEDIA_ROOT": str(app / "media"),
                "ALLOWED_HOSTS": "night.example.org,127.0.0.1",  # SITE_URL's host, this one
                # the compose file's defaults: no proxy in front, no HTTPS redirect
                "BEHIND_PROXY": "false",
                "SECURE_SSL_REDIRECT": "false",
                "TIME_ZONE": "Europe/London",
                **settings,
            },
        )
        deployment = Deployment(app, env, tmp_path, free_port())
        yield deployment
    finally:
        for process in reversed(deployment.processes if deployment else []):
            stop_process(process, timeout=30)
        redis.stop()
        for database in (name, f"{name}_restored"):
            admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        drop_roles(name)


@contextmanager
def served_as_make_run_serves(tmp_path: Path) -> Iterator[Deployment]:
    """The site as `make run` serves it on a venue's laptop, from the same files in
    `tmp_path`: the development settings (tournament.settings.base) with nothing set, so
    SQLite in the app's folder, Celery tasks run in the web process and DEBUG on; migrated,
    the demo event loaded, and Django's runserver, with this (the test suite's) install.
    SITE_URL is the server's address, as make run's default is runserver's."""
    app = tmp_path / "app"
    copy_as_the_image_does(app)
    port = free_port()
    env = process_env(
        Path(sys.prefix),
        PYTHONPATH=str(app),
        DJANGO_SETTINGS_MODULE="tournament.settings.base",
        SITE_URL=f"http://127.0.0.1:{port}",
    )
    deployment = Deployment(app, env, tmp_path, port, entrypoint=())
    try:
        for command in (("migrate", "--noinput"), ("load_demo",)):
            done = deployment.run("python", "manage.py", *command)
            assert done.returncode == 0, done.stdout + done.stderr
        deployment.web_log = deployment.start(
            "web", ["python", "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
        )
        deployment.wait_answering(within=60)
        yield deployment
    finally:
        for process in deployment.processes:
            stop_process(process, timeout=30)
