"""gunicorn's settings (gunicorn.conf.py) as gunicorn itself reads them from the file."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
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


class _Cycle:
    """An object in a reference cycle: only the garbage collector frees it."""

    def __init__(self) -> None:
        self.itself = self


@pytest.fixture
def worker() -> Iterator[Config]:
    """The settings, with this process made a worker as `post_fork` makes one (automatic
    collection turned back on afterwards)."""
    config = settings()
    try:
        config.post_fork(None, None)
        yield config
    finally:
        gc.enable()


def test_a_worker_collects_its_garbage_after_answering_not_while_it_serves(
    worker: Config,
) -> None:
    # Collections fall on whichever request allocates past the threshold; under bench-load
    # the desk's control room took 20.4 and 21.1 ms (p50) with them moved after the answer,
    # against 25.3 and 28.5 ms with them inside the requests.
    assert not gc.isenabled()
    left = weakref.ref(_Cycle())
    for _ in range(gc.get_threshold()[0] + 1):  # enough to make a collection due
        _Cycle()
    assert left() is not None  # nothing collected it while "serving"
    worker.post_request(None, None, None, None)
    assert left() is None


def test_after_answering_a_worker_collects_an_older_generation_when_it_is_due(
    worker: Config,
) -> None:
    held = _Cycle()
    gc.collect(0)  # it survives the youngest generation's collection, held
    left = weakref.ref(held)
    del held  # now garbage in the next generation, which a young collection leaves
    for _ in range(gc.get_threshold()[1]):
        gc.collect(0)
    for _ in range(gc.get_threshold()[0] + 1):
        _Cycle()
    worker.post_request(None, None, None, None)
    assert left() is None


def test_no_control_socket_is_shared_between_the_deployments_of_one_user() -> None:
    # gunicorn 25 and later open a control socket in the user's home by default, one path
    # for every gunicorn that user runs (two deployments, the benchmarks' servers): one
    # server's `gunicornc` could then reach another's. Nothing here uses it.
    assert settings().control_socket_disable is True
