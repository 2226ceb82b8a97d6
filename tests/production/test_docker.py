"""The Docker image is made the way the tests make the production install (docker/ cannot be
built here: there is no Docker engine on the test machine, so its files are read)."""

from __future__ import annotations

import re
import secrets
from urllib.parse import urlsplit

import yaml

from tests.production.environment import PRODUCTION, start
from tests.production.venv import ROOT

DOCKERFILE = (ROOT / "docker" / "Dockerfile").read_text()
COMPOSE = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())

# How many numbers name one release of each image the project pulls (PostgreSQL's releases are
# major.minor): fewer name a series, which a rebuild moves along.
RELEASE_PARTS = {"python": 3, "node": 3, "postgres": 2, "redis": 3}


def test_the_image_installs_python_packages_only_as_the_tested_install_does():
    assert "scripts/install-production.sh /opt/venv" in DOCKERFILE
    # At the versions and hashes the tests install (tests/production/venv.py).
    assert re.search(r"^COPY requirements\.lock ", DOCKERFILE, re.MULTILINE)
    # No other pip install anywhere in the image: nothing it runs is left untested.
    assert not re.search(r"\bpip3? install\b", DOCKERFILE)
    assert "COPY --from=build /opt/venv /opt/venv" in DOCKERFILE


def test_every_image_pulled_is_one_release_not_a_moving_tag():
    pulled = re.findall(r"^FROM (\S+)", DOCKERFILE, re.MULTILINE) + [
        service["image"] for service in COMPOSE["services"].values() if "build" not in service
    ]
    assert len(pulled) == 5
    for image in pulled:
        name, _, tag = image.split("@")[0].partition(":")
        version = re.match(r"\d+(\.\d+)*", tag)
        assert name in RELEASE_PARTS, f"{image}: how many numbers name one release of {name}?"
        assert version, f"{image}: no version in its tag"
        assert len(version.group().split(".")) == RELEASE_PARTS[name], f"{image}: a series"


def test_compose_requires_the_sites_address_and_every_document_says_so():
    environment = COMPOSE["x-app-env"]
    assert environment["SITE_URL"].startswith("${SITE_URL:?")
    for document in ("README.md", "docs/operations.md", "docker/README.md"):
        assert "`SITE_URL`" in (ROOT / document).read_text(), document


def test_every_documented_quick_start_starts_the_settings_compose_gives():
    """What an operator exports before `docker compose up`, with compose's defaults (no
    proxy, no HTTPS redirect): the production settings start."""
    environment = COMPOSE["x-app-env"]
    assert environment["ALLOWED_HOSTS"].startswith("${ALLOWED_HOSTS:?")
    assert environment["BEHIND_PROXY"] == "${BEHIND_PROXY:-false}"
    assert environment["SECURE_SSL_REDIRECT"] == "${SECURE_SSL_REDIRECT:-false}"
    exported = set()
    for document in ("README.md", "docs/operations.md", "docker/README.md"):
        text = (ROOT / document).read_text()
        site = re.search(r"^export SITE_URL=(\S+)", text, re.MULTILINE)
        hosts = re.search(r"^export ALLOWED_HOSTS=(\S+)", text, re.MULTILINE)
        assert site, document
        assert hosts, document
        exported.add((site[1], hosts[1]))
    for site, hosts in exported:
        result = start(
            **{
                **PRODUCTION,
                "SECRET_KEY": secrets.token_urlsafe(50),
                "SITE_URL": site,
                "ALLOWED_HOSTS": hosts,
                "BEHIND_PROXY": "false",
                "SECURE_SSL_REDIRECT": "false",
            }
        )
        assert result.returncode == 0, result.stderr[-1000:]


def test_compose_backs_up_the_database_and_the_printed_documents():
    backup = COMPOSE["services"]["backup"]
    assert backup["command"][0] == "scripts/backup.sh"
    assert "media:/app/media:ro" in backup["volumes"]
    assert "scripts/backup.sh" in DOCKERFILE
    assert "postgresql-client" in DOCKERFILE


def test_the_image_serves_with_the_gunicorn_settings_the_tests_run_with():
    # gunicorn reads ./gunicorn.conf.py from its working directory: /app in the image, the
    # checkout for the tests and the benchmarks.
    copies = re.findall(r"^COPY (.+)$", DOCKERFILE[DOCKERFILE.index("AS runtime") :], re.MULTILINE)
    assert any("gunicorn.conf.py" in line.split()[:-1] for line in copies)
    assert "WORKDIR /app" in DOCKERFILE  # the file's settings: tests/test_gunicorn_settings.py


def test_compose_serves_as_a_role_of_its_own_and_gives_the_owners_url_to_few():
    services = COMPOSE["services"]
    superuser = services["postgres"]["environment"]["POSTGRES_USER"]
    web = services["web"]["environment"]
    site = urlsplit(web["DATABASE_URL"]).username
    owner = urlsplit(web["OWNER_DATABASE_URL"]).username
    assert len({superuser, owner, site}) == 3
    # Migrating and backing up need the owner; the worker only ever runs the site.
    assert "OWNER_DATABASE_URL" in services["backup"]["environment"]
    assert "OWNER_DATABASE_URL" not in services["worker"]["environment"]
    assert services["worker"]["environment"]["DATABASE_URL"] == web["DATABASE_URL"]


def test_the_image_compiles_the_translations_in_its_build_stage_only():
    """gettext compiles the catalogues where the Python packages are installed; the runtime
    stage gets the compiled files, and no gettext."""
    build = DOCKERFILE[: DOCKERFILE.index("AS runtime")]
    runtime = DOCKERFILE[DOCKERFILE.index("AS runtime") :]
    assert re.search(r"apt-get install [^\n]*\bgettext\b", build)
    assert build.index("COPY locale/ locale/") < build.index("django-admin compilemessages")
    assert "COPY --from=build /src/locale/ locale/" in runtime
    assert not re.search(r"\bgettext\b", runtime)
    assert "[gettext]=" in (ROOT / "scripts" / "test-prerequisites.sh").read_text()
