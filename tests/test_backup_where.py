"""Backups as a deployer takes them: scripts/backup.sh finds a Python with the project's
dependencies (or says what to set) from a plain checkout or the image, and keeps the printed
documents (MEDIA_ROOT) beside the database."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import database_url

ROOT = Path(__file__).resolve().parent.parent

SCRIPTS = ("backup.sh", "restore.sh", "find-python.sh", "database_env.py")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The scripts of a checkout with no .venv/ (a plain clone, or the image's /app)."""
    folder = tmp_path / "checkout"
    (folder / "scripts").mkdir(parents=True)
    for name in SCRIPTS:
        shutil.copy2(ROOT / "scripts" / name, folder / "scripts" / name)
    return folder


def backup(checkout: Path, folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": os.environ.get("HOME", "/root"),
        "DATABASE_URL": database_url(connection.settings_dict["NAME"]),
        **env,
    }
    return subprocess.run(  # noqa: S603 - our own script, fixed arguments
        [str(checkout / "scripts" / "backup.sh"), str(folder)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.django_db
def test_without_a_python_that_has_the_dependencies_it_says_what_to_set(checkout, tmp_path):
    done = backup(checkout, tmp_path / "backups")
    assert done.returncode == 2
    assert "No module named" not in done.stderr
    assert "Set PYTHON to the python of the site's virtual environment" in done.stderr
    assert not (tmp_path / "backups").exists() or not any((tmp_path / "backups").iterdir())


@pytest.mark.django_db
def test_a_python_set_that_lacks_them_is_named(checkout, tmp_path):
    done = backup(checkout, tmp_path / "backups", PYTHON="/usr/bin/python3")
    assert done.returncode == 2
    assert "PYTHON=/usr/bin/python3 cannot import the project's dependencies" in done.stderr


@pytest.mark.django_db(transaction=True)
def test_the_python_on_path_is_used_and_the_printed_documents_are_kept(checkout, tmp_path):
    """As in the image: python3 on PATH is the site's environment's; MEDIA_ROOT holds PDFs."""
    media = tmp_path / "media"
    (media / "prints").mkdir(parents=True)
    (media / "prints" / "table_cards-event1-job1.pdf").write_bytes(b"%PDF-1.7 a table card")
    bin_folder = Path(os.path.realpath(ROOT / ".venv" / "bin" / "python")).parent
    venv_bin = ROOT / ".venv" / "bin"
    done = backup(
        checkout,
        tmp_path / "backups",
        PATH=f"{venv_bin}:{bin_folder}:/usr/bin:/bin",
        MEDIA_ROOT=str(media),
    )
    assert done.returncode == 0, done.stderr
    dump = Path(done.stdout.splitlines()[-1])
    assert dump.is_file()
    archive = dump.with_name(dump.name.removesuffix(".dump") + ".media.tar.gz")
    assert f"Backed up the printed documents of {media} to {archive}" in done.stdout
    with tarfile.open(archive) as tar:
        member = tar.extractfile("./prints/table_cards-event1-job1.pdf")
        assert member is not None
        assert member.read() == b"%PDF-1.7 a table card"
    # The backups hold the table keys and API tokens: readable by their owner alone.
    for written in (dump, archive):
        assert written.stat().st_mode & 0o077 == 0, oct(written.stat().st_mode)
