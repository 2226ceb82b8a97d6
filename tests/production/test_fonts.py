"""The printed documents are drawn with the fonts their stylesheet names, in the image and in
the tests alike: every family static/css/print.css names comes from a Debian package that
docker/Dockerfile installs, and scripts/test-prerequisites.sh installs the same packages."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.production.venv import ROOT

STYLESHEET = (ROOT / "static" / "css" / "print.css").read_text()
DOCKERFILE = (ROOT / "docker" / "Dockerfile").read_text()
PREREQUISITES = (ROOT / "scripts" / "test-prerequisites.sh").read_text()


def named_families() -> set[str]:
    """The font families the print stylesheet names (generic families left out)."""
    families = set()
    for declaration in re.findall(r"font(?:-family)?\s*:([^;}]*)", STYLESHEET):
        families.update(re.findall(r'"([^"]+)"', declaration))
    return families


def image_font_packages() -> set[str]:
    runtime = DOCKERFILE[DOCKERFILE.index("AS runtime") :]
    return set(re.findall(r"\b(fonts-[a-z0-9-]+)\b", runtime))


def test_the_stylesheet_names_fonts_at_all():
    assert {"Liberation Sans", "DejaVu Sans", "DejaVu Sans Mono"} <= named_families()


@pytest.mark.skipif(not shutil.which("dpkg"), reason="needs Debian's dpkg to name packages")
def test_every_font_the_stylesheet_names_comes_from_a_package_the_image_installs():
    for family in sorted(named_families()):
        files = subprocess.run(  # noqa: S603 - fixed command, no shell
            [shutil.which("fc-list") or "fc-list", family, "file"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        files = [name.rstrip(":") for name in files]
        assert files, f"{family} is not installed here: run scripts/test-prerequisites.sh"
        owners = subprocess.run(  # noqa: S603 - fixed command, no shell
            [shutil.which("dpkg") or "dpkg", "-S", *files],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        packages = {line.split(":")[0] for line in owners}
        assert packages & image_font_packages(), f"the image has none of {packages} for {family}"


def test_the_tests_install_the_fonts_the_image_installs():
    for package in image_font_packages():
        assert f"[{package}]=" in PREREQUISITES, f"{package} is not a test prerequisite"
