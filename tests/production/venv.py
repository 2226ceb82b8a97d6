"""The production install, as the Docker image makes it: a virtual environment built by
scripts/install-production.sh from requirements.lock (pyproject.toml's dependencies with no
extras, pinned), so nothing the test suite installs can hide a dependency production code
needs.

It is built once per content of the lock and of the install script, under tests/artifacts/
(ignored by git), and reused afterwards: a few seconds after the first run.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "scripts" / "install-production.sh"
LOCK = ROOT / "requirements.lock"
ARTIFACTS = ROOT / "tests" / "artifacts"


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for path in (LOCK, INSTALL):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def production_venv() -> Path:
    """The folder of the no-extras virtual environment (built now if this lock has none yet);
    its interpreter is `<folder>/bin/python`."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    venv = ARTIFACTS / f"venv-production-{_fingerprint()}"
    done = venv / ".installed"
    with (ARTIFACTS / "venv-production.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time, whoever asks
        if not done.exists():
            for old in ARTIFACTS.glob("venv-production-*"):
                shutil.rmtree(old, ignore_errors=True)
            result = subprocess.run(  # noqa: S603 - our own script, fixed arguments
                [str(INSTALL), str(venv)],
                env={**_plain_env(), "PYTHON": sys.executable},
                capture_output=True,
                text=True,
                timeout=900,
                check=False,
            )
            if result.returncode != 0:
                shutil.rmtree(venv, ignore_errors=True)
                raise AssertionError(
                    f"scripts/install-production.sh failed:\n{result.stdout}{result.stderr}"
                )
            done.touch()
    return venv


def _plain_env() -> dict[str, str]:
    """This process's environment without the test virtual environment's traces."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = ":".join(
        part for part in env.get("PATH", "").split(":") if not part.startswith(str(ROOT / ".venv"))
    )
    return env
