"""gunicorn's settings (gunicorn.conf.py) as gunicorn itself reads them from the file."""

from __future__ import annotations

import gc
from pathlib import Path

from gunicorn.app.base import Application
from gunicorn.config import Config

ROOT = Path(__file__).resolve().parents[1]


class _FileOnly(Application):
    """gunicorn's own reading of a settings file, without its command line or an app."""

    def load_config(self) -> None:
        self.load_config_from_file(str(ROOT / "gunicorn.conf.py"))


def settings() -> Config:
    """What gunicorn makes of the file, as when it reads it from its working directory."""
    return _FileOnly().cfg


def test_the_master_loads_the_project_before_it_forks() -> None:
    assert settings().preload_app is True


def test_what_the_master_loaded_is_out_of_the_collectors_reach_before_each_fork() -> None:
    # Without it, a worker's full collection walks the whole project: under bench-load a
    # run's slowest answer to a tablet took 88 to 113 ms, against 62 to 69 ms with it.
    pre_fork = settings().pre_fork
    frozen = gc.get_freeze_count()
    try:
        pre_fork(None, None)
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()
