"""The lock files agree with pyproject.toml: every dependency it names is pinned within its
range, nothing is pinned for the project that it no longer names, every pin is one version
with its hashes, and the test lock installs the production lock's versions. `make lock`
writes both files (scripts/lock.sh); these checks read them, with no network."""

from __future__ import annotations

import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.locks import read_lock
from tests.production.venv import ROOT

PROJECT = "monopoly-night (pyproject.toml)"  # how pip-compile names a top-level dependency
LOCKS = {"requirements.lock": (), "requirements-test.lock": ("test",)}


def declared(pyproject: dict, extras: tuple[str, ...]) -> dict[str, Requirement]:
    project = pyproject["project"]
    lines = list(project["dependencies"])
    for extra in extras:
        lines += project["optional-dependencies"][extra]
    return {canonicalize_name(r.name): r for r in map(Requirement, lines)}


def lock_problems(pyproject: dict, lock: str, extras: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with a lock for pyproject.toml and these extras; nothing when it fits."""
    pins = read_lock(lock)
    wanted = declared(pyproject, extras)
    problems = []
    for name, requirement in sorted(wanted.items()):
        if name not in pins:
            problems.append(f"{requirement} is not pinned")
        elif not requirement.specifier.contains(pins[name].version, prereleases=True):
            problems.append(f"{name}=={pins[name].version} is outside {requirement}")
    for name, pin in sorted(pins.items()):
        if PROJECT in pin.via and name not in wanted:
            problems.append(f"{name}=={pin.version} is pinned for the project, not named by it")
        if not pin.hashes:
            problems.append(f"{name}=={pin.version} has no hash")
    return problems


@pytest.fixture(scope="module")
def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


@pytest.mark.parametrize(("lock", "extras"), LOCKS.items())
def test_each_lock_pins_what_pyproject_names_within_its_range(pyproject, lock, extras):
    assert lock_problems(pyproject, (ROOT / lock).read_text(), extras) == []


def test_the_test_lock_installs_the_versions_production_runs():
    production = read_lock((ROOT / "requirements.lock").read_text())
    test = read_lock((ROOT / "requirements-test.lock").read_text())
    assert {name: test[name].version for name in production if name in test} == {
        name: pin.version for name, pin in production.items()
    }


def test_production_pins_nothing_only_the_tests_use(pyproject):
    production = read_lock((ROOT / "requirements.lock").read_text())
    assert not production.keys() & {"pytest", "pytest-django", "hypothesis", "playwright"}


# The check itself, on a lock that has drifted from pyproject.toml.
LOCK = """\
django==5.2.19 \\
    --hash=sha256:aaaa
    # via monopoly-night (pyproject.toml)
sqlparse==0.6.1 \\
    --hash=sha256:bbbb
    # via django
"""
PYPROJECT = {"project": {"dependencies": ["django>=5.2,<5.3"]}}


def test_the_check_passes_a_lock_that_fits():
    assert lock_problems(PYPROJECT, LOCK) == []


def test_the_check_finds_a_pin_outside_its_range():
    narrowed = {"project": {"dependencies": ["django>=6.0"]}}
    assert lock_problems(narrowed, LOCK) == ["django==5.2.19 is outside django>=6.0"]


def test_the_check_finds_a_dependency_never_locked():
    added = {"project": {"dependencies": ["django>=5.2,<5.3", "segno>=1.6"]}}
    assert lock_problems(added, LOCK) == ["segno>=1.6 is not pinned"]


def test_the_check_finds_a_pin_pyproject_no_longer_names():
    assert lock_problems({"project": {"dependencies": []}}, LOCK) == [
        "django==5.2.19 is pinned for the project, not named by it"
    ]


def test_the_check_finds_a_pin_without_hashes():
    unhashed = LOCK.replace(" \\\n    --hash=sha256:bbbb", "")
    assert lock_problems(PYPROJECT, unhashed) == ["sqlparse==0.6.1 has no hash"]
