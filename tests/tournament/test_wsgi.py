"""The WSGI entry point starts its process warm: every route loaded before any request."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_loading_the_application_loads_every_view_and_route() -> None:
    # A process's first request would otherwise import every view and compile every URL
    # pattern (about 0.7 s); under gunicorn's preload the master does it once for all.
    views = ("tournament.pages.referee.views", "banking.api.views", "drf_spectacular.views")
    code = f"import sys, tournament.wsgi\nfor view in {views!r}: print(view in sys.modules)"
    result = subprocess.run(  # noqa: S603 - our own module
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "tournament.settings.base"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.stdout.split() == ["True", "True", "True"], result.stderr[-2000:]
